// Warp collectives: shuffle scans, ballot/match compaction, __reduce_*_sync,
// and cooperative-groups tiles of 4, 8, 16 and 32 threads.
#include <cooperative_groups.h>

#include <algorithm>
#include <vector>

#include "shoal/launch.h"
#include "tests/sim/test_util.h"

namespace cg = cooperative_groups;

namespace {

constexpr unsigned k_full = 0xffffffffu;

// Inclusive prefix sum per warp with __shfl_up_sync; the warp total via
// __shfl_down_sync and __shfl_xor_sync reductions, broadcast with __shfl_sync.
__global__ void warp_scans(const int* in, int* scan, int* total_down, int* total_xor, int* bcast) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned lane = threadIdx.x % 32;
  int v = in[i];
  int s = v;
  for (unsigned d = 1; d < 32; d <<= 1) {
    const int up = __shfl_up_sync(k_full, s, d);
    if (lane >= d) s += up;
  }
  scan[i] = s;
  int r = v;
  for (unsigned d = 16; d > 0; d >>= 1) r += __shfl_down_sync(k_full, r, d);
  if (lane == 0) total_down[i / 32] = r;
  int x = v;
  for (int m = 16; m > 0; m >>= 1) x += __shfl_xor_sync(k_full, x, m);
  total_xor[i] = x;
  bcast[i] = __shfl_sync(k_full, v, 31 - static_cast<int>(lane));
}

// Stream compaction of positive values: each warp finds its writers with a
// ballot, reserves space with one atomicAdd, and writes in lane order.
// Also groups lanes by key with __match_any_sync (leader = lowest lane).
__global__ void compact(const int* in, int* out, unsigned* count, const int* keys, unsigned* match_masks,
                        unsigned* any_all) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned lane = threadIdx.x % 32;
  const int v = in[i];
  const unsigned ballot = __ballot_sync(k_full, v > 0);
  unsigned base = 0;
  if (lane == 0 && ballot != 0) base = atomicAdd(count, static_cast<unsigned>(__popc(ballot)));
  base = __shfl_sync(k_full, base, 0);
  if (v > 0) out[base + __popc(ballot & ((1u << lane) - 1))] = v;
  match_masks[i] = __match_any_sync(k_full, keys[i]);
  const int any = __any_sync(k_full, v > 100);
  const int all = __all_sync(k_full, v > -1000);
  if (lane == 0) any_all[i / 32] = (any ? 1u : 0u) | (all ? 2u : 0u) | ((__activemask() >> lane) & 1u ? 4u : 0u);
}

__global__ void reductions(const unsigned* in, unsigned* out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned v = in[i];
  const unsigned add = __reduce_add_sync(k_full, v);
  const unsigned mn = __reduce_min_sync(k_full, v);
  const unsigned mx = __reduce_max_sync(k_full, v);
  const int smin = __reduce_min_sync(k_full, static_cast<int>(v));
  const unsigned a = __reduce_and_sync(k_full, v);
  const unsigned o = __reduce_or_sync(k_full, v);
  const unsigned x = __reduce_xor_sync(k_full, v);
  __syncwarp();
  if (threadIdx.x % 32 == 0) {
    unsigned* w = out + 7 * (i / 32);
    w[0] = add; w[1] = mn; w[2] = mx; w[3] = static_cast<unsigned>(smin); w[4] = a; w[5] = o; w[6] = x;
  }
}

// Per tile of N threads: sum via shfl_down, rank-0 value broadcast via shfl,
// ballot of odd values (tile-relative bits), and a tile sync between phases.
template <unsigned N>
__global__ void tiles(const int* in, int* sums, int* firsts, unsigned* ballots, unsigned* ranks) {
  cg::thread_block block = cg::this_thread_block();
  const cg::thread_block_tile<N, cg::thread_block> typed = cg::tiled_partition<N>(block);
  cg::thread_block_tile<N> tile = typed;
  const unsigned i = blockIdx.x * blockDim.x + block.thread_rank();
  const int v = in[i];
  int s = v;
  for (unsigned d = N / 2; d > 0; d >>= 1) s += tile.shfl_down(s, d);
  tile.sync();
  const int first = tile.shfl(v, 0);
  const unsigned b = tile.ballot(v & 1);
  ranks[i] = tile.thread_rank() | (tile.size() << 8) | (tile.meta_group_rank() << 16);
  if (tile.thread_rank() == 0) {
    sums[i / N] = s;
    firsts[i / N] = first;
    ballots[i / N] = b;
  }
}

TEST(SimWarp, ShuffleScans) {
  std::mt19937_64 rng(test_seed());
  const unsigned grid = 3, block = 128, n = grid * block;
  std::vector<int> h(n);
  for (int& x : h) x = static_cast<int>(rng() % 201) - 100;
  DeviceBuffer<int> d_in(n), d_scan(n), d_down(n / 32), d_xor(n), d_b(n);
  CUDA_OK(cudaMemcpy(d_in.p, h.data(), d_in.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(shoal::launch(warp_scans, dim3(grid), dim3(block), 0, nullptr, d_in.p, d_scan.p, d_down.p, d_xor.p, d_b.p));
  std::vector<int> scan(n), down(n / 32), xr(n), b(n);
  CUDA_OK(cudaMemcpy(scan.data(), d_scan.p, d_scan.bytes(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(down.data(), d_down.p, d_down.bytes(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(xr.data(), d_xor.p, d_xor.bytes(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(b.data(), d_b.p, d_b.bytes(), cudaMemcpyDeviceToHost));
  for (unsigned w = 0; w < n / 32; ++w) {
    int acc = 0;
    for (unsigned l = 0; l < 32; ++l) {
      acc += h[w * 32 + l];
      EXPECT_EQ(acc, scan[w * 32 + l]) << "warp " << w << " lane " << l;
      EXPECT_EQ(h[w * 32 + 31 - l], b[w * 32 + l]) << "warp " << w << " lane " << l;
    }
    EXPECT_EQ(acc, down[w]) << "warp " << w;
    for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(acc, xr[w * 32 + l]) << "warp " << w << " lane " << l;
  }
}

TEST(SimWarp, BallotMatchCompaction) {
  std::mt19937_64 rng(test_seed());
  const unsigned grid = 4, block = 256, n = grid * block;
  std::vector<int> h(n), keys(n);
  for (int& x : h) x = static_cast<int>(rng() % 301) - 150;
  for (int& k : keys) k = static_cast<int>(rng() % 5);
  DeviceBuffer<int> d_in(n), d_out(n), d_keys(n);
  DeviceBuffer<unsigned> d_count(1), d_match(n), d_anyall(n / 32);
  CUDA_OK(cudaMemcpy(d_in.p, h.data(), d_in.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(d_keys.p, keys.data(), d_keys.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemset(d_count.p, 0, sizeof(unsigned)));
  CUDA_OK(shoal::launch(compact, dim3(grid), dim3(block), 0, nullptr, d_in.p, d_out.p, d_count.p, d_keys.p,
                        d_match.p, d_anyall.p));
  unsigned count = 0;
  std::vector<int> out(n);
  std::vector<unsigned> match(n), anyall(n / 32);
  CUDA_OK(cudaMemcpy(&count, d_count.p, sizeof(count), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(out.data(), d_out.p, d_out.bytes(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(match.data(), d_match.p, d_match.bytes(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(anyall.data(), d_anyall.p, d_anyall.bytes(), cudaMemcpyDeviceToHost));
  std::vector<int> ref;
  for (int x : h)
    if (x > 0) ref.push_back(x);
  ASSERT_EQ(ref.size(), count);
  // Warps append in any order; within a warp, lane order is kept.
  std::vector<int> got(out.begin(), out.begin() + count);
  std::sort(got.begin(), got.end());
  std::sort(ref.begin(), ref.end());
  EXPECT_EQ(ref, got);
  for (unsigned i = 0; i < n; ++i) {
    const unsigned w = i / 32;
    unsigned m = 0;
    for (unsigned l = 0; l < 32; ++l)
      if (keys[w * 32 + l] == keys[i]) m |= 1u << l;
    EXPECT_EQ(m, match[i]) << "thread " << i;
  }
  for (unsigned w = 0; w < n / 32; ++w) {
    bool any = false;
    for (unsigned l = 0; l < 32; ++l) any |= h[w * 32 + l] > 100;
    EXPECT_EQ((any ? 1u : 0u) | 2u | 4u, anyall[w]) << "warp " << w;
  }
}

TEST(SimWarp, Reductions) {
  std::mt19937_64 rng(test_seed());
  const unsigned grid = 2, block = 96, n = grid * block;
  std::vector<unsigned> h(n);
  for (unsigned& x : h) x = static_cast<unsigned>(rng());
  DeviceBuffer<unsigned> d_in(n), d_out(7 * n / 32);
  CUDA_OK(cudaMemcpy(d_in.p, h.data(), d_in.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(shoal::launch(reductions, dim3(grid), dim3(block), 0, nullptr, d_in.p, d_out.p));
  std::vector<unsigned> out(7 * n / 32);
  CUDA_OK(cudaMemcpy(out.data(), d_out.p, d_out.bytes(), cudaMemcpyDeviceToHost));
  for (unsigned w = 0; w < n / 32; ++w) {
    unsigned add = 0, mn = ~0u, mx = 0, a = ~0u, o = 0, x = 0;
    int smin = 0x7fffffff;
    for (unsigned l = 0; l < 32; ++l) {
      const unsigned v = h[w * 32 + l];
      add += v; mn = std::min(mn, v); mx = std::max(mx, v); a &= v; o |= v; x ^= v;
      smin = std::min(smin, static_cast<int>(v));
    }
    const unsigned* g = &out[7 * w];
    EXPECT_EQ(add, g[0]); EXPECT_EQ(mn, g[1]); EXPECT_EQ(mx, g[2]);
    EXPECT_EQ(static_cast<unsigned>(smin), g[3]); EXPECT_EQ(a, g[4]); EXPECT_EQ(o, g[5]); EXPECT_EQ(x, g[6]);
  }
}

template <unsigned N>
void run_tiles(uint64_t seed) {
  std::mt19937_64 rng(seed + N);
  const unsigned grid = 2, block = 128, n = grid * block;
  std::vector<int> h(n);
  for (int& x : h) x = static_cast<int>(rng() % 1001) - 500;
  DeviceBuffer<int> d_in(n), d_sums(n / N), d_firsts(n / N);
  DeviceBuffer<unsigned> d_ballots(n / N), d_ranks(n);
  CUDA_OK(cudaMemcpy(d_in.p, h.data(), d_in.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(shoal::launch(tiles<N>, dim3(grid), dim3(block), 0, nullptr, d_in.p, d_sums.p, d_firsts.p, d_ballots.p,
                        d_ranks.p));
  std::vector<int> sums(n / N), firsts(n / N);
  std::vector<unsigned> ballots(n / N), ranks(n);
  CUDA_OK(cudaMemcpy(sums.data(), d_sums.p, d_sums.bytes(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(firsts.data(), d_firsts.p, d_firsts.bytes(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(ballots.data(), d_ballots.p, d_ballots.bytes(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(ranks.data(), d_ranks.p, d_ranks.bytes(), cudaMemcpyDeviceToHost));
  for (unsigned t = 0; t < n / N; ++t) {
    int s = 0;
    unsigned b = 0;
    for (unsigned k = 0; k < N; ++k) {
      s += h[t * N + k];
      if (h[t * N + k] & 1) b |= 1u << k;
    }
    EXPECT_EQ(s, sums[t]) << "tile size " << N << " tile " << t;
    EXPECT_EQ(h[t * N], firsts[t]) << "tile size " << N << " tile " << t;
    EXPECT_EQ(b, ballots[t]) << "tile size " << N << " tile " << t;
  }
  for (unsigned i = 0; i < n; ++i)
    EXPECT_EQ((i % N) | (N << 8) | (((i % block) / N) << 16), ranks[i]) << "tile size " << N << " thread " << i;
}

TEST(SimWarp, CooperativeGroupTiles) {
  const uint64_t seed = test_seed();
  run_tiles<4>(seed);
  run_tiles<8>(seed);
  run_tiles<16>(seed);
  run_tiles<32>(seed);
}

}  // namespace
