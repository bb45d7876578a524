// Cooperative launches: grid-wide sync reductions (repeated, so the grid
// barrier is reused) and the co-residency limit.
#include <cooperative_groups.h>

#include <vector>

#include "shoal/launch.h"
#include "tests/sim/test_util.h"

namespace cg = cooperative_groups;

namespace {

// Each round: every block sums its slice into partial[block], grid sync,
// block 0 totals the partials into out[round], grid sync, the data is scaled.
__global__ void grid_rounds(long long* data, long long* partial, long long* out, int n, int rounds) {
  cg::grid_group grid = cg::this_grid();
  __shared__ long long s[256];
  for (int r = 0; r < rounds; ++r) {
    long long v = 0;
    for (long long i = static_cast<long long>(grid.thread_rank()); i < n; i += static_cast<long long>(grid.size()))
      v += data[i];
    s[threadIdx.x] = v;
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
      if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
      __syncthreads();
    }
    if (threadIdx.x == 0) partial[grid.block_rank()] = s[0];
    grid.sync();
    if (blockIdx.x == 0 && threadIdx.x == 0) {
      long long t = 0;
      for (unsigned long long b = 0; b < grid.num_blocks(); ++b) t += partial[b];
      out[r] = t;
    }
    grid.sync();
    for (long long i = static_cast<long long>(grid.thread_rank()); i < n; i += static_cast<long long>(grid.size()))
      data[i] = data[i] * 3 - 1;
    cg::sync(grid);
  }
}

TEST(SimGrid, CooperativeReduction) {
  std::mt19937_64 rng(test_seed());
  const unsigned block = 256;
  int per_sm = 0, sms = 0;
  CUDA_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_rounds, static_cast<int>(block), 0));
  CUDA_OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  ASSERT_GT(per_sm, 0);
  const unsigned grid = std::min(8u, static_cast<unsigned>(per_sm * sms));
  const int n = 30011, rounds = 3;
  std::vector<long long> h(n);
  for (auto& x : h) x = static_cast<long long>(rng() % 1000);
  DeviceBuffer<long long> d_data(n), d_partial(grid), d_out(rounds);
  CUDA_OK(cudaMemcpy(d_data.p, h.data(), d_data.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(shoal::launch_cooperative(grid_rounds, dim3(grid), dim3(block), 0, nullptr, d_data.p, d_partial.p, d_out.p,
                                    n, rounds));
  std::vector<long long> out(rounds);
  CUDA_OK(cudaMemcpy(out.data(), d_out.p, d_out.bytes(), cudaMemcpyDeviceToHost));
  for (int r = 0; r < rounds; ++r) {
    long long t = 0;
    for (auto& x : h) t += x;
    EXPECT_EQ(t, out[r]) << "round " << r;
    for (auto& x : h) x = x * 3 - 1;
  }
}

TEST(SimGrid, TooLargeForCooperativeLaunch) {
  const unsigned block = 1024;
  int per_sm = 0, sms = 0;
  CUDA_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_rounds, static_cast<int>(block), 0));
  CUDA_OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const unsigned too_many = static_cast<unsigned>(per_sm * sms) + 1;
  DeviceBuffer<long long> d(1);
  EXPECT_EQ(cudaErrorCooperativeLaunchTooLarge,
            shoal::launch_cooperative(grid_rounds, dim3(too_many), dim3(block), 0, nullptr, d.p, d.p, d.p, 0, 0));
  EXPECT_EQ(cudaErrorCooperativeLaunchTooLarge, cudaGetLastError());
}

}  // namespace
