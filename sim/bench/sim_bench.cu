// Cost of the sim platform's switch points: __syncthreads and warp shuffles
// per CUDA thread, and the launch overhead. Numbers in docs/perf/sim.md.
#include <benchmark/benchmark.h>

#include "shoal/launch.h"

namespace {

__global__ void barriers(int iters, int* sink) {
  int acc = 0;
  for (int i = 0; i < iters; ++i) {
    acc += static_cast<int>(threadIdx.x) ^ i;
    __syncthreads();
  }
  if (acc == -1) *sink = acc;
}

__global__ void shuffles(int iters, int* sink) {
  int v = static_cast<int>(threadIdx.x);
  for (int i = 0; i < iters; ++i) v += __shfl_xor_sync(0xffffffffu, v, 1 + (i & 15));
  if (v == -1) *sink = v;
}

__global__ void empty_kernel() {}

int* sink() {
  static int* p = [] {
    int* q = nullptr;
    cudaMalloc(reinterpret_cast<void**>(&q), sizeof(int));
    return q;
  }();
  return p;
}

// Per thread per barrier, one block of `threads` threads.
void BM_syncthreads(benchmark::State& state) {
  const unsigned threads = static_cast<unsigned>(state.range(0));
  const int iters = 2000;
  for (auto _ : state) {
    shoal::launch(barriers, dim3(1), dim3(threads), 0, nullptr, iters, sink());
    cudaDeviceSynchronize();
  }
  state.counters["ns_per_thread_barrier"] = benchmark::Counter(
      static_cast<double>(state.iterations()) * iters * threads,
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_syncthreads)->Arg(32)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_shfl_xor(benchmark::State& state) {
  const unsigned threads = static_cast<unsigned>(state.range(0));
  const int iters = 2000;
  for (auto _ : state) {
    shoal::launch(shuffles, dim3(1), dim3(threads), 0, nullptr, iters, sink());
    cudaDeviceSynchronize();
  }
  state.counters["ns_per_thread_shfl"] = benchmark::Counter(
      static_cast<double>(state.iterations()) * iters * threads,
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_shfl_xor)->Arg(256)->Unit(benchmark::kMillisecond)->UseRealTime();

// Launch + completion of an empty kernel, grid x block.
void BM_launch(benchmark::State& state) {
  const unsigned grid = static_cast<unsigned>(state.range(0));
  const unsigned block = static_cast<unsigned>(state.range(1));
  for (auto _ : state) {
    shoal::launch(empty_kernel, dim3(grid), dim3(block), 0, nullptr);
    cudaDeviceSynchronize();
  }
}
BENCHMARK(BM_launch)->Args({1, 32})->Args({1, 256})->Args({8, 256})->Args({8, 1024})->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
