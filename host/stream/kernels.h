// Stream-ordered operations: the internal kernels behind the host API's
// *_on_stream calls (host/stream/stream.cc checks arguments, then calls these).
// Each enqueues one or two kernels of libshoal on `stream`; they run the
// device API, so the ordering contract is the device API's (docs/api-device.md)
// and everything is capturable in a CUDA graph: kernel arguments are fixed at
// enqueue time and all mutable state (barrier epochs) lives in the heap.
// Returns the launch's error (cudaSuccess when enqueued).
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

namespace shoal::stream {

// dest (symmetric, on pe) <- src (local device-accessible), several blocks.
cudaError_t enqueue_put(void* dest, const void* src, std::size_t bytes, int pe, cudaStream_t s);
// dest (local) <- src (symmetric, on pe), several blocks.
cudaError_t enqueue_get(void* dest, const void* src, std::size_t bytes, int pe, cudaStream_t s);
// The first `bytes` (<= 8) bytes of `value` (host byte order) to dest on pe.
cudaError_t enqueue_p(void* dest, std::uint64_t value, std::size_t bytes, int pe, cudaStream_t s);
// Data, then (release) the signal: one kernel for small puts, a copy kernel
// followed by a one-thread signal kernel for large ones.
cudaError_t enqueue_put_signal(void* dest, const void* src, std::size_t bytes, std::uint64_t* sig,
                               std::uint64_t signal, int sig_op, int pe, cudaStream_t s);
cudaError_t enqueue_signal_op(std::uint64_t* sig, std::uint64_t signal, int sig_op, int pe,
                              cudaStream_t s);
// Blocks the stream until the local *sig compares true (acquire); the device
// wait's SHOAL_TIMEOUT diagnosis applies.
cudaError_t enqueue_signal_wait(std::uint64_t* sig, int cmp, std::uint64_t value, cudaStream_t s);
cudaError_t enqueue_quiet(cudaStream_t s);
// The device barrier (with_quiet) or sync over a team, run by one thread.
cudaError_t enqueue_team_sync(int team, bool with_quiet, cudaStream_t s);

// Launch shape of the copy kernels for `bytes` (exposed for tests/perftests).
struct CopyShape {
  unsigned blocks;
  unsigned threads;
  std::size_t chunk;  // bytes per block, a multiple of 16 except for the last
};
CopyShape copy_shape(std::size_t bytes);

}  // namespace shoal::stream
