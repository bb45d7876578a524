// cuda: the heap is GPU memory. Host copies go through the copy engines on
// the legacy default stream's ordering (cudaMemcpy is synchronous with
// respect to the host), so a put has landed when the call returns.
#include <cuda_runtime_api.h>

#include <atomic>
#include <mutex>

#include "base/log.h"
#include "host/gpu/amo.h"
#include "host/heap/access.h"
#include "shoal/types.h"

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

void put_to_heap(const char* call, void* heap_dst, const void* src, std::size_t bytes) {
  copy_to_heap(call, heap_dst, src, bytes);
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

// Host atomics, signals and acquire loads on heap words: one internal
// non-blocking stream (never ordered behind the user's kernels, so a host
// wait cannot queue behind a kernel that waits for it) and a device result
// slot, serialised by a mutex (one operation in flight per process).
namespace {

struct Internal {
  std::mutex mutex;
  cudaStream_t stream = nullptr;
  std::uint64_t* slot = nullptr;  // device memory: the old value
};

// Created on first use (on the PE's device, which init has selected).
Internal& internal(const char* call) {
  static Internal in;
  static std::mutex init_mutex;
  std::lock_guard<std::mutex> lock(init_mutex);
  if (!in.stream) {
    cudaError_t rc = cudaStreamCreateWithFlags(&in.stream, cudaStreamNonBlocking);
    if (rc == cudaSuccess) rc = cudaMalloc(reinterpret_cast<void**>(&in.slot), sizeof(std::uint64_t));
    if (rc != cudaSuccess)
      fatal("%s: creating the host-atomics stream failed: %s (%d)", call, cudaGetErrorString(rc),
            static_cast<int>(rc));
  }
  return in;
}

void check(const char* call, const char* what, cudaError_t rc) {
  if (rc != cudaSuccess)
    fatal("%s: %s failed: %s (%d)", call, what, cudaGetErrorString(rc), static_cast<int>(rc));
}

std::uint64_t run_amo(const char* call, void* word, unsigned bytes, HeapAmo op, std::uint64_t value,
                      std::uint64_t cond, bool release) {
  if (bytes != 4 && bytes != 8) fatal("%s: no %u-byte host atomics", call, bytes);
  Internal* in = &internal(call);
  std::lock_guard<std::mutex> lock(in->mutex);
  std::uint64_t old = 0;
  check(call, "the host atomic kernel",
        gpu::enqueue_heap_amo(word, bytes, op, value, cond, release, in->slot, in->stream));
  check(call, "reading the host atomic's result",
        cudaMemcpyAsync(&old, in->slot, sizeof old, cudaMemcpyDeviceToHost, in->stream));
  check(call, "waiting for the host atomic", cudaStreamSynchronize(in->stream));
  return old;
}

}  // namespace

std::uint64_t heap_atomic(const char* call, void* word, unsigned bytes, HeapAmo op,
                          std::uint64_t value, std::uint64_t cond) {
  return run_amo(call, word, bytes, op, value, cond, false);
}

// Host puts (cudaMemcpy) have completed when they return, so the kernel's
// system-scope fence before the update orders them before the signal.
void heap_signal(const char* call, std::uint64_t* sig, std::uint64_t value, int sig_op) {
  run_amo(call, sig, 8, sig_op == SHOAL_SIGNAL_SET ? HeapAmo::set : HeapAmo::add, value, 0, true);
}

// A copy of the word on the internal stream; what the writer published
// before its release is in memory when the copy observes the new value, and
// the host's later copies of it start after this one completed.
std::uint64_t heap_load_acquire(const char* call, const void* word, unsigned bytes) {
  if (bytes != 2 && bytes != 4 && bytes != 8) fatal("%s: no %u-byte host loads", call, bytes);
  Internal* in = &internal(call);
  std::uint64_t v = 0;
  std::lock_guard<std::mutex> lock(in->mutex);
  check(call, "reading a heap word",
        cudaMemcpyAsync(&v, word, bytes, cudaMemcpyDeviceToHost, in->stream));
  check(call, "waiting for a heap word", cudaStreamSynchronize(in->stream));
  std::atomic_thread_fence(std::memory_order_acquire);
  return v;
}

}  // namespace shoal
