// How host code moves bytes into and out of the symmetric heap (this PE's
// segment or a peer's mapping in this process). One function per direction,
// chosen by platform:
//   sim:  memcpy/memset (the heap is shared host memory);
//   cuda: cudaMemcpy/cudaMemset with cudaMemcpyDefault (the heap is GPU
//         memory mapped through VMM; its addresses are valid for the copy
//         engines in this process, whatever GPU holds them).
// Each call completes before it returns (the data is in place).
// Failures end the job with a message naming the call.
#pragma once

#include <cstddef>

namespace shoal {

// heap_dst (in the heap) <- src (host or device memory of this process).
void copy_to_heap(const char* call, void* heap_dst, const void* src, std::size_t bytes);
// dst (host or device memory) <- heap_src (in the heap).
void copy_from_heap(const char* call, void* dst, const void* heap_src, std::size_t bytes);
// Zeroes [heap_dst, +bytes) of the heap.
void zero_heap(const char* call, void* heap_dst, std::size_t bytes);

// Whether host code may use CPU atomics and plain loads on heap words
// (host AMOs, signals, waits, the host barrier's flags). sim: yes. cuda: no
// (GPU memory); see docs/cuda.md.
constexpr bool heap_host_atomics() {
#if defined(SHOAL_PLATFORM_CUDA)
  return false;
#else
  return true;
#endif
}

// Ends the job when host atomics on the heap are unavailable on this
// platform, naming the call.
void require_host_atomics(const char* call);

}  // namespace shoal
