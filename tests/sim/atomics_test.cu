// Atomics: a histogram with shared-memory and global atomics, every atomic*
// function and scope form, float/double add, and libcu++ atomic_ref.
#include <cuda/atomic>

#include <algorithm>
#include <vector>

#include "shoal/launch.h"
#include "tests/sim/test_util.h"

namespace {

constexpr unsigned k_bins = 64;

__global__ void histogram(const unsigned* in, int n, unsigned* global_bins, unsigned* direct_bins) {
  __shared__ unsigned bins[k_bins];
  for (unsigned b = threadIdx.x; b < k_bins; b += blockDim.x) bins[b] = 0;
  __syncthreads();
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += static_cast<int>(gridDim.x * blockDim.x)) {
    atomicAdd_block(&bins[in[i] % k_bins], 1u);
    atomicAdd(&direct_bins[in[i] % k_bins], 1u);
  }
  __syncthreads();
  for (unsigned b = threadIdx.x; b < k_bins; b += blockDim.x) atomicAdd(&global_bins[b], bins[b]);
}

struct Counters {
  int add_i;
  unsigned sub_u;
  unsigned long long add_ull;
  int min_i;
  int max_i;
  long long min_ll;
  unsigned long long max_ull;
  unsigned and_u;
  unsigned or_u;
  unsigned xor_u;
  unsigned long long or_ull;
  unsigned inc_u;
  unsigned dec_u;
  unsigned cas_u;     // incremented by CAS loops
  int exch_seen;      // exchanges that observed a non-negative previous owner
  float add_f;
  double add_d;
  unsigned system_u;
  int libcu_i;
  unsigned long long libcu_max;
};

__global__ void all_atomics(const int* v, Counters* c, int* exch_slot) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const int x = v[i];
  atomicAdd(&c->add_i, x);
  atomicSub(&c->sub_u, static_cast<unsigned>(x & 0xff));
  atomicAdd(&c->add_ull, static_cast<unsigned long long>(x & 0xffff) << 20);
  atomicMin(&c->min_i, x);
  atomicMax(&c->max_i, x);
  atomicMin(&c->min_ll, static_cast<long long>(x) * 1000003);
  atomicMax(&c->max_ull, static_cast<unsigned long long>(static_cast<unsigned>(x)) * 7);
  atomicAnd(&c->and_u, ~(1u << (i % 32)) | (x & 1 ? 1u << (i % 32) : 0u));
  atomicOr(&c->or_u, 1u << (static_cast<unsigned>(x) % 32));
  atomicXor(&c->xor_u, static_cast<unsigned>(x));
  atomicOr(&c->or_ull, 1ull << (static_cast<unsigned>(x) % 64));
  atomicInc(&c->inc_u, 100u);
  atomicDec(&c->dec_u, 50u);
  unsigned old = c->cas_u, seen;
  while ((seen = atomicCAS(&c->cas_u, old, old + 3)) != old) old = seen;
  if (atomicExch(exch_slot, static_cast<int>(i)) >= 0) atomicAdd(&c->exch_seen, 1);
  atomicAdd(&c->add_f, 0.5f);
  atomicAdd(&c->add_d, 0.25);
  atomicAdd_system(&c->system_u, 2u);
  cuda::atomic_ref<int, cuda::thread_scope_device>(c->libcu_i).fetch_add(x, cuda::memory_order_relaxed);
  cuda::atomic_ref<unsigned long long, cuda::thread_scope_system> m(c->libcu_max);
  m.fetch_max(static_cast<unsigned long long>(static_cast<unsigned>(x)), cuda::memory_order_relaxed);
}

TEST(SimAtomics, Histogram) {
  std::mt19937_64 rng(test_seed());
  const int n = 200000;
  std::vector<unsigned> h(n);
  for (unsigned& x : h) x = static_cast<unsigned>(rng() % 10007);
  DeviceBuffer<unsigned> d_in(n), d_bins(k_bins), d_direct(k_bins);
  CUDA_OK(cudaMemcpy(d_in.p, h.data(), d_in.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemset(d_bins.p, 0, d_bins.bytes()));
  CUDA_OK(cudaMemset(d_direct.p, 0, d_direct.bytes()));
  CUDA_OK(shoal::launch(histogram, dim3(6), dim3(256), 0, nullptr, d_in.p, n, d_bins.p, d_direct.p));
  std::vector<unsigned> bins(k_bins), direct(k_bins), ref(k_bins, 0);
  CUDA_OK(cudaMemcpy(bins.data(), d_bins.p, d_bins.bytes(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(direct.data(), d_direct.p, d_direct.bytes(), cudaMemcpyDeviceToHost));
  for (unsigned x : h) ++ref[x % k_bins];
  for (unsigned b = 0; b < k_bins; ++b) {
    EXPECT_EQ(ref[b], bins[b]) << "bin " << b;
    EXPECT_EQ(ref[b], direct[b]) << "bin " << b;
  }
}

TEST(SimAtomics, AllFunctions) {
  std::mt19937_64 rng(test_seed());
  const unsigned grid = 4, block = 128, n = grid * block;
  std::vector<int> v(n);
  for (int& x : v) x = static_cast<int>(rng() % 2000001) - 1000000;
  Counters init{};
  init.sub_u = 1u << 30;
  init.min_i = 0x7fffffff;
  init.max_i = -0x7fffffff;
  init.min_ll = 0x7fffffffffffffffll;
  init.and_u = ~0u;
  init.dec_u = 7;
  DeviceBuffer<int> d_v(n), d_slot(1);
  DeviceBuffer<Counters> d_c(1);
  const int minus_one = -1;
  CUDA_OK(cudaMemcpy(d_v.p, v.data(), d_v.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(d_c.p, &init, sizeof(init), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(d_slot.p, &minus_one, sizeof(int), cudaMemcpyHostToDevice));
  CUDA_OK(shoal::launch(all_atomics, dim3(grid), dim3(block), 0, nullptr, d_v.p, d_c.p, d_slot.p));
  Counters c{};
  CUDA_OK(cudaMemcpy(&c, d_c.p, sizeof(c), cudaMemcpyDeviceToHost));

  Counters r = init;
  for (unsigned i = 0; i < n; ++i) {
    const int x = v[i];
    r.add_i += x;
    r.sub_u -= static_cast<unsigned>(x & 0xff);
    r.add_ull += static_cast<unsigned long long>(x & 0xffff) << 20;
    r.min_i = std::min(r.min_i, x);
    r.max_i = std::max(r.max_i, x);
    r.min_ll = std::min(r.min_ll, static_cast<long long>(x) * 1000003);
    r.max_ull = std::max(r.max_ull, static_cast<unsigned long long>(static_cast<unsigned>(x)) * 7);
    r.and_u &= ~(1u << (i % 32)) | (x & 1 ? 1u << (i % 32) : 0u);
    r.or_u |= 1u << (static_cast<unsigned>(x) % 32);
    r.xor_u ^= static_cast<unsigned>(x);
    r.or_ull |= 1ull << (static_cast<unsigned>(x) % 64);
    r.inc_u = r.inc_u >= 100u ? 0u : r.inc_u + 1;
    r.dec_u = (r.dec_u == 0 || r.dec_u > 50u) ? 50u : r.dec_u - 1;
    r.cas_u += 3;
    r.libcu_i += x;
    r.libcu_max = std::max(r.libcu_max, static_cast<unsigned long long>(static_cast<unsigned>(x)));
  }
  EXPECT_EQ(r.add_i, c.add_i);
  EXPECT_EQ(r.sub_u, c.sub_u);
  EXPECT_EQ(r.add_ull, c.add_ull);
  EXPECT_EQ(r.min_i, c.min_i);
  EXPECT_EQ(r.max_i, c.max_i);
  EXPECT_EQ(r.min_ll, c.min_ll);
  EXPECT_EQ(r.max_ull, c.max_ull);
  EXPECT_EQ(r.and_u, c.and_u);
  EXPECT_EQ(r.or_u, c.or_u);
  EXPECT_EQ(r.xor_u, c.xor_u);
  EXPECT_EQ(r.or_ull, c.or_ull);
  EXPECT_EQ(r.inc_u, c.inc_u);  // order-independent: n increments wrap modulo 101
  EXPECT_EQ(r.cas_u, c.cas_u);
  EXPECT_EQ(static_cast<int>(n) - 1, c.exch_seen);  // only the first exchange sees -1
  EXPECT_EQ(0.5f * static_cast<float>(n), c.add_f);
  EXPECT_EQ(0.25 * n, c.add_d);
  EXPECT_EQ(2u * n, c.system_u);
  EXPECT_EQ(r.libcu_i, c.libcu_i);
  EXPECT_EQ(r.libcu_max, c.libcu_max);
  // atomicDec's result depends on the order of calls; only its range is fixed.
  EXPECT_LE(c.dec_u, 50u);
}

}  // namespace
