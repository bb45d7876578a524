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
#include <cstdint>

#if defined(SHOAL_PLATFORM_SIM)
#include "shoal/sim/weak_order.h"
#endif

namespace shoal {

// heap_dst (in the heap) <- src (host or device memory of this process).
void copy_to_heap(const char* call, void* heap_dst, const void* src, std::size_t bytes);
// The data stores of the host put family (put, p, iput, put_signal's data):
// copy_to_heap, except on sim under the weak-order option, where they reach
// memory in random order at this thread's next ordering point
// (shoal/sim/weak_order.h; every other function here is one).
void put_to_heap(const char* call, void* heap_dst, const void* src, std::size_t bytes);
// An ordering point for the weak-order option (fence, quiet, barriers,
// waits); nothing otherwise. Inline: host waits call it on every step.
#if defined(SHOAL_PLATFORM_SIM)
inline void heap_order_point() { sim::weak_drain(); }
#else
inline void heap_order_point() {}
#endif
// dst (host or device memory) <- heap_src (in the heap).
void copy_from_heap(const char* call, void* dst, const void* heap_src, std::size_t bytes);
// Zeroes [heap_dst, +bytes) of the heap.
void zero_heap(const char* call, void* heap_dst, std::size_t bytes);

// Atomic operations of host code on heap words (any PE's word, through this
// process's mapping of it). Values are the word's bits, zero-extended.
//   sim:  lock-free std::atomic_ref on the shared mapping (valid across
//         processes);
//   cuda: a one-thread kernel with system-scope atomics on an internal
//         non-blocking stream; the call waits for it (host/gpu/amo.cu).
// Relaxed unless stated. Failures end the job naming the call.
enum class HeapAmo { fetch, set, swap, compare_swap, add, and_, or_, xor_ };
// `bytes` is 4 or 8. Returns the old value (the value for fetch).
std::uint64_t heap_atomic(const char* call, void* word, unsigned bytes, HeapAmo op,
                          std::uint64_t value, std::uint64_t cond = 0);
// A signal update (SHOAL_SIGNAL_SET or _ADD) with release ordering: what
// this thread wrote to the heap before is visible to whoever observes it.
void heap_signal(const char* call, std::uint64_t* sig, std::uint64_t value, int sig_op);
// Acquire load of a 2-, 4- or 8-byte heap word (waits, signal_fetch). cuda:
// a copy on the internal stream, so it never queues behind user kernels.
std::uint64_t heap_load_acquire(const char* call, const void* word, unsigned bytes);

// Whether host code may use CPU atomics and plain loads on heap words
// directly. sim: yes. cuda: no (GPU memory: use the functions above, which
// is what every host path does; team_sync uses this only to pick the
// bootstrap for the world team on cuda, see docs/cuda.md).
constexpr bool heap_host_atomics() {
#if defined(SHOAL_PLATFORM_CUDA)
  return false;
#else
  return true;
#endif
}

}  // namespace shoal
