// sim: the heap is host memory shared between the PE processes.
#include <cstring>

#include "base/log.h"
#include "host/heap/access.h"

namespace shoal {

void copy_to_heap(const char*, void* heap_dst, const void* src, std::size_t bytes) {
  std::memcpy(heap_dst, src, bytes);
}

void copy_from_heap(const char*, void* dst, const void* heap_src, std::size_t bytes) {
  std::memcpy(dst, heap_src, bytes);
}

void zero_heap(const char*, void* heap_dst, std::size_t bytes) { std::memset(heap_dst, 0, bytes); }

void require_host_atomics(const char*) {}

}  // namespace shoal
