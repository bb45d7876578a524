// Symmetric heap API: shoal_malloc, calloc, align, realloc, free, ptr.
// All but shoal_ptr are collective (see heap.h for the mismatch detection).
#include <cstring>

#include "host/api/access.h"
#include "host/api/sim_dispatch.h"
#include "shoal/shoal.h"

using namespace shoal;

namespace {

void* allocate(const char* call, std::size_t size, std::size_t align) {
  Runtime& r = rt(call);
  heap_order_point();  // sim weak-order option: buffered puts land first
  std::atomic_thread_fence(std::memory_order_seq_cst);
  return r.heap.allocate(*r.boot, call, size, align);
}

}  // namespace

extern "C" {

void* shoal_malloc(size_t size) { return allocate("shoal_malloc", size, 0); }

void* shoal_align(size_t alignment, size_t size) {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0) {
    // Still collective: every PE must reach the agreement step, so pass a
    // value that fails identically everywhere after it.
    Runtime& r = rt("shoal_align");
    SHOAL_ERROR("shoal_align: alignment %zu is not a power of two", alignment);
    r.heap.allocate(*r.boot, "shoal_align", 0, 0);
    return nullptr;
  }
  return allocate("shoal_align", size, alignment);
}

void* shoal_calloc(size_t count, size_t size) {
  size_t bytes;
  if (__builtin_mul_overflow(count, size, &bytes)) {
    Runtime& r = rt("shoal_calloc");
    SHOAL_ERROR("shoal_calloc: %zu elements of %zu bytes overflow", count, size);
    r.heap.allocate(*r.boot, "shoal_calloc", 0, 0);
    return nullptr;
  }
  void* p = allocate("shoal_calloc", bytes, 0);
  if (p) {
    zero_heap("shoal_calloc", p, bytes);
    // No peer may write into the new object before every PE has zeroed it.
    Runtime& r = rt("shoal_calloc");
    team_sync(r, r.teams[SHOAL_TEAM_WORLD], "shoal_calloc");
  }
  return p;
}

void* shoal_realloc(void* ptr, size_t size) {
  Runtime& r = rt("shoal_realloc");
  if (!ptr) return allocate("shoal_realloc", size, 0);
  std::uint64_t old = r.heap.allocation_size(ptr);
  void* p = allocate("shoal_realloc", size, 0);
  if (p || size == 0) {
    if (p && old) copy_to_heap("shoal_realloc", p, ptr, old < size ? old : size);
    // Peers must have copied out of their old objects before anyone frees
    // (release below is collective and agrees first, which orders it).
    r.heap.release(*r.boot, "shoal_realloc", ptr);
  }
  return p;
}

void shoal_free(void* ptr) {
  Runtime& r = rt("shoal_free");
  heap_order_point();  // sim weak-order option: buffered puts land first
  std::atomic_thread_fence(std::memory_order_seq_cst);
  // On a bad pointer or a mismatch, release() logs why and frees nothing.
  r.heap.release(*r.boot, "shoal_free", ptr);
}

int shoal_symmetric_globals(void) {
  Runtime& r = rt("shoal_symmetric_globals");
  heap_order_point();
  std::atomic_thread_fence(std::memory_order_seq_cst);
  return r.heap.bind_data_segment(*r.boot) == Status::ok ? 0 : 1;
}

void* shoal_ptr(const void* dest, int pe) {
  SHOAL_SIM_DISPATCH(ptr, dest, pe);
  Runtime* r = runtime_or_null();
  if (!r || pe < 0 || pe >= r->n_pes || !r->heap.contains(dest)) return nullptr;
  return r->heap.peer_ptr(dest, pe);
}

}  // extern "C"
