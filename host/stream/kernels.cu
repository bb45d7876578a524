// The kernels behind the stream-ordered host API (see kernels.h). Written
// once: nvcc compiles them into libshoal on cuda, the sim prelude on sim.
// They call the public device API, so routing, checks (checked builds) and
// the ordering contract are exactly the device API's.
#include <shoal/launch.h>
#include <shoal/shoal.h>

#include "host/stream/kernels.h"

namespace shoal::stream {
namespace {

// Copy kernels: block b moves [b*chunk, min((b+1)*chunk, bytes)). The whole
// block returns together (the condition is uniform), so the block-scope
// calls see every thread of the block.
__global__ void put_kernel(char* dest, const char* src, size_t bytes, size_t chunk, int pe) {
  const size_t off = static_cast<size_t>(blockIdx.x) * chunk;
  if (off >= bytes) return;
  const size_t n = bytes - off < chunk ? bytes - off : chunk;
  shoal_putmem_nbi_block(dest + off, src + off, n, pe);
}

__global__ void get_kernel(char* dest, const char* src, size_t bytes, size_t chunk, int pe) {
  const size_t off = static_cast<size_t>(blockIdx.x) * chunk;
  if (off >= bytes) return;
  const size_t n = bytes - off < chunk ? bytes - off : chunk;
  shoal_getmem_nbi_block(dest + off, src + off, n, pe);
}

// One block: the data, the block synchronises, then one thread signals
// (release), as the device put_signal contract says.
__global__ void put_signal_kernel(char* dest, const char* src, size_t bytes, uint64_t* sig,
                                  uint64_t signal, int sig_op, int pe) {
  shoal_putmem_signal_block(dest, src, bytes, sig, signal, sig_op, pe);
}

__global__ void p_kernel(char* dest, uint64_t value, size_t bytes, int pe) {
  shoal_putmem(dest, &value, bytes, pe);
}

// Runs after the copy kernel in stream order: every store of that kernel is
// visible to this one; signal_op's release fence (system scope, cumulative)
// orders them before the signal for whoever acquires it.
__global__ void signal_op_kernel(uint64_t* sig, uint64_t signal, int sig_op, int pe) {
  shoal_signal_op(sig, signal, sig_op, pe);
}

__global__ void signal_wait_kernel(uint64_t* sig, int cmp, uint64_t value) {
  shoal_signal_wait_until(sig, cmp, value);
}

__global__ void quiet_kernel() { shoal_quiet(); }

__global__ void team_sync_kernel(int team, int with_quiet) {
  if (with_quiet) shoal_barrier(team);
  else shoal_sync(team);
}

// cuda: enough blocks of 512 threads (16-byte accesses) for copy-engine-class
// bandwidth on large puts. sim: every CUDA thread is a fiber and every block
// an OS thread on a small machine, so fewer and smaller blocks.
#if defined(SHOAL_PLATFORM_SIM)
constexpr unsigned kThreads = 32, kMaxBlocks = 4;
constexpr size_t kMinChunk = size_t{1} << 20;
#else
constexpr unsigned kThreads = 512, kMaxBlocks = 64;
constexpr size_t kMinChunk = size_t{256} << 10;
#endif

}  // namespace

CopyShape copy_shape(size_t bytes) {
  size_t blocks = (bytes + kMinChunk - 1) / kMinChunk;
  if (blocks < 1) blocks = 1;
  if (blocks > kMaxBlocks) blocks = kMaxBlocks;
  size_t chunk = (bytes + blocks - 1) / blocks;
  chunk = (chunk + 15) / 16 * 16;  // keeps every block's start 16-byte aligned relative to dest
  if (chunk == 0) chunk = 16;
  blocks = (bytes + chunk - 1) / chunk;
  if (blocks < 1) blocks = 1;
  return CopyShape{static_cast<unsigned>(blocks), kThreads, chunk};
}

cudaError_t enqueue_put(void* dest, const void* src, size_t bytes, int pe, cudaStream_t s) {
  const CopyShape c = copy_shape(bytes);
  return launch(put_kernel, dim3(c.blocks), dim3(c.threads), 0, s, static_cast<char*>(dest),
                static_cast<const char*>(src), bytes, c.chunk, pe);
}

cudaError_t enqueue_get(void* dest, const void* src, size_t bytes, int pe, cudaStream_t s) {
  const CopyShape c = copy_shape(bytes);
  return launch(get_kernel, dim3(c.blocks), dim3(c.threads), 0, s, static_cast<char*>(dest),
                static_cast<const char*>(src), bytes, c.chunk, pe);
}

cudaError_t enqueue_p(void* dest, uint64_t value, size_t bytes, int pe, cudaStream_t s) {
  return launch(p_kernel, dim3(1), dim3(1), 0, s, static_cast<char*>(dest), value, bytes, pe);
}

cudaError_t enqueue_put_signal(void* dest, const void* src, size_t bytes, uint64_t* sig,
                               uint64_t signal, int sig_op, int pe, cudaStream_t s) {
  const CopyShape c = copy_shape(bytes);
  if (c.blocks == 1)
    return launch(put_signal_kernel, dim3(1), dim3(c.threads), 0, s, static_cast<char*>(dest),
                  static_cast<const char*>(src), bytes, sig, signal, sig_op, pe);
  cudaError_t e = enqueue_put(dest, src, bytes, pe, s);
  if (e != cudaSuccess) return e;
  return enqueue_signal_op(sig, signal, sig_op, pe, s);
}

cudaError_t enqueue_signal_op(uint64_t* sig, uint64_t signal, int sig_op, int pe, cudaStream_t s) {
  return launch(signal_op_kernel, dim3(1), dim3(1), 0, s, sig, signal, sig_op, pe);
}

cudaError_t enqueue_signal_wait(uint64_t* sig, int cmp, uint64_t value, cudaStream_t s) {
  return launch(signal_wait_kernel, dim3(1), dim3(1), 0, s, sig, cmp, value);
}

cudaError_t enqueue_quiet(cudaStream_t s) { return launch(quiet_kernel, dim3(1), dim3(1), 0, s); }

cudaError_t enqueue_team_sync(int team, bool with_quiet, cudaStream_t s) {
  return launch(team_sync_kernel, dim3(1), dim3(1), 0, s, team, with_quiet ? 1 : 0);
}

}  // namespace shoal::stream
