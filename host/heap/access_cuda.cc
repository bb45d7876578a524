// cuda: the heap is GPU memory. Host copies go through the copy engines on
// the legacy default stream's ordering (cudaMemcpy is synchronous with
// respect to the host), so a put has landed when the call returns.
#include <cuda_runtime_api.h>

#include "base/log.h"
#include "host/heap/access.h"

namespace shoal {
namespace {

void copy(const char* call, void* dst, const void* src, std::size_t bytes) {
  cudaError_t rc = cudaMemcpy(dst, src, bytes, cudaMemcpyDefault);
  if (rc != cudaSuccess)
    fatal("%s: cudaMemcpy(%p <- %p, %zu bytes) failed: %s (%d)", call, dst, src, bytes,
          cudaGetErrorString(rc), static_cast<int>(rc));
}

}  // namespace

void copy_to_heap(const char* call, void* heap_dst, const void* src, std::size_t bytes) {
  copy(call, heap_dst, src, bytes);
}

void copy_from_heap(const char* call, void* dst, const void* heap_src, std::size_t bytes) {
  copy(call, dst, heap_src, bytes);
}

void zero_heap(const char* call, void* heap_dst, std::size_t bytes) {
  cudaError_t rc = cudaMemset(heap_dst, 0, bytes);
  if (rc == cudaSuccess) rc = cudaDeviceSynchronize();
  if (rc != cudaSuccess)
    fatal("%s: cudaMemset(%p, 0, %zu bytes) failed: %s (%d)", call, heap_dst, bytes,
          cudaGetErrorString(rc), static_cast<int>(rc));
}

void require_host_atomics(const char* call) {
  fatal("%s: host atomics, signals and waits on the symmetric heap are not supported on cuda yet "
        "(the heap is GPU memory); use the device API from a kernel (docs/cuda.md)", call);
}

}  // namespace shoal
