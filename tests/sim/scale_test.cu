// Launch shapes at the limits: 8 blocks of 1024 threads with barriers and
// shuffles, a grid far larger than the co-resident limit, 3D blocks and
// grids, and the seeded schedule (SHOAL_SIM_SEED) changing thread order.
#include <cstdlib>
#include <vector>

#include "shoal/launch.h"
#include "tests/sim/test_util.h"

namespace {

// out[global linear thread] = f(block, thread) after a barrier and a warp
// shuffle, so every fiber must be created, switched and finished.
__global__ void index_map(unsigned long long* out, int rounds) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned long long b = blockIdx.x + 1ull * gridDim.x * (blockIdx.y + 1ull * gridDim.y * blockIdx.z);
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  unsigned long long v = b * 1000003ull + t;
  for (int r = 0; r < rounds; ++r) {
    __syncthreads();
    v = __shfl_xor_sync(0xffffffffu, v, 1);  // twice per round pair: identity after even rounds
  }
  out[b * nt + t] = v;
}

// Order in which threads pass a point, through an atomic ticket.
__global__ void arrival_order(unsigned* ticket, unsigned* order) {
  order[atomicAdd(ticket, 1u)] = threadIdx.x;
}

void check_index_map(dim3 grid, dim3 block, int rounds) {
  const size_t nb = 1ull * grid.x * grid.y * grid.z, nt = 1ull * block.x * block.y * block.z;
  DeviceBuffer<unsigned long long> out(nb * nt);
  CUDA_OK(cudaMemset(out.p, 0xff, out.bytes()));
  CUDA_OK(shoal::launch(index_map, grid, block, 0, nullptr, out.p, rounds));
  std::vector<unsigned long long> h(nb * nt);
  CUDA_OK(cudaMemcpy(h.data(), out.p, out.bytes(), cudaMemcpyDeviceToHost));
  for (size_t b = 0; b < nb; ++b)
    for (size_t t = 0; t < nt; ++t) {
      const size_t src = rounds % 2 ? (t ^ 1) : t;
      ASSERT_EQ(b * 1000003ull + src, h[b * nt + t]) << "block " << b << " thread " << t;
    }
}

TEST(SimScale, EightBlocksOf1024Threads) { check_index_map(dim3(8), dim3(1024), 4); }

TEST(SimScale, GridBeyondCoResidency) {
  // 3000 blocks of 64: far more than the device holds at once; blocks wait
  // for a free worker.
  check_index_map(dim3(3000), dim3(64), 1);
}

TEST(SimScale, ThreeDimensionalShapes) { check_index_map(dim3(3, 2, 2), dim3(8, 4, 3), 2); }

TEST(SimScale, SeededScheduleShufflesOrder) {
  const unsigned n = 256;
  DeviceBuffer<unsigned> ticket(1), order(n);
  CUDA_OK(cudaMemset(ticket.p, 0, sizeof(unsigned)));
  CUDA_OK(shoal::launch(arrival_order, dim3(1), dim3(n), 0, nullptr, ticket.p, order.p));
  std::vector<unsigned> h(n);
  CUDA_OK(cudaMemcpy(h.data(), order.p, order.bytes(), cudaMemcpyDeviceToHost));
  std::vector<unsigned> sorted = h;
  std::sort(sorted.begin(), sorted.end());
  for (unsigned i = 0; i < n; ++i) ASSERT_EQ(i, sorted[i]) << "every thread arrives once";
#if defined(SHOAL_PLATFORM_SIM)
  bool identity = true;
  for (unsigned i = 0; i < n; ++i) identity &= h[i] == i;
  if (std::getenv("SHOAL_SIM_SEED") != nullptr)
    EXPECT_FALSE(identity) << "SHOAL_SIM_SEED set but threads ran in index order";
  else
    EXPECT_TRUE(identity) << "without SHOAL_SIM_SEED threads start in index order";
#endif
}

}  // namespace
