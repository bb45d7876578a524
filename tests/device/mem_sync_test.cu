// Device putmem/getmem over sizes 1 B .. 16 MiB with unaligned starts and
// tails; sized puts (including the 16-bit signal puts) move exactly their
// bytes; atomics under contention; wait/test families; fence ordering;
// device barriers under skew from a cooperative launch.
#include <cstdlib>
#include <cooperative_groups.h>
#include <shoal/collective_launch.h>
#include <shoal/shoal.h>

#include "tests/device/device_util.h"

namespace shoal_test {
namespace {

constexpr int kThreads = 64;

__global__ void putmem_kernel(char* sym, const char* src, size_t bytes, size_t stride, size_t off,
                              int scope) {
  const int me = shoal_my_pe(), n = shoal_n_pes(), pe = (me + blockIdx.x) % n;
  char* dst = sym + me * stride + off;
  if (scope == 2) shoal_putmem_block(dst, src + off, bytes, pe);
  else if (scope == 1 && threadIdx.x < 32) shoal_putmem_warp(dst, src + off, bytes, pe);
  else if (scope == 0 && threadIdx.x == 0) shoal_putmem(dst, src + off, bytes, pe);
}

__global__ void getmem_kernel(char* out, const char* sym, size_t bytes, size_t stride, size_t off,
                              int scope) {
  const int me = shoal_my_pe(), n = shoal_n_pes(), pe = (me + blockIdx.x) % n;
  char* dst = out + blockIdx.x * stride + off;
  const char* from = sym + me * stride + off;
  if (scope == 2) shoal_getmem_block(dst, from, bytes, pe);
  else if (scope == 1 && threadIdx.x < 32) shoal_getmem_warp(dst, from, bytes, pe);
  else if (scope == 0 && threadIdx.x == 0) shoal_getmem(dst, from, bytes, pe);
}

TEST(DeviceMem, SizesAlignmentsScopes) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const size_t max = n <= 2 ? (16u << 20) : n <= 4 ? (4u << 20) : (1u << 20);
  const size_t stride = max + 64;
  char* sym = static_cast<char*>(shoal_malloc(n * stride));
  ASSERT_NE(sym, nullptr);
  const uint64_t tag = 501;
  char* src = static_cast<char*>(device_pattern(tag, me, stride));
  char* out = nullptr;
  CUDA_OK(cudaMalloc(&out, n * stride));
  std::vector<size_t> sizes = {1, 2, 3, 15, 16, 17, 31, 33, 255, 4097, 65537};
  for (size_t s = 1u << 18; s <= max; s <<= 3) sizes.push_back(s + 5);
  sizes.push_back(max);
  // Every PE's pattern, computed once; checks are then memcmp.
  std::vector<std::vector<unsigned char>> expect(n, std::vector<unsigned char>(stride));
  for (int pe = 0; pe < n; ++pe)
    for (size_t j = 0; j < stride; ++j) expect[pe][j] = pattern(seed(), tag, pe, j);
  auto g = rng(tag);
  for (size_t bytes : sizes) {
    bytes = std::min(bytes, max);
    for (int scope = 0; scope < 3; ++scope) {
      // One thread or one warp copying 16 MiB says nothing the block does not.
      if (scope < 2 && bytes > (1u << 20)) continue;
      const size_t off = g() % 17;  // same sequence on every PE
      SCOPED_TRACE("bytes " + std::to_string(bytes) + " offset " + std::to_string(off) + " scope " +
                   std::to_string(scope));
      CUDA_OK(cudaMemset(sym, kPoison, n * stride));
      shoal_barrier_all();
      CUDA_OK(shoal::launch(putmem_kernel, n, kThreads, 0, nullptr, sym, src, bytes, stride, off, scope));
      CUDA_OK(cudaDeviceSynchronize());
      shoal_barrier_all();
      auto h = to_host(sym, n * stride);
      for (int from = 0; from < n; ++from) {
        const unsigned char* at = h.data() + from * stride;
        for (size_t j = 0; j < off; ++j) ASSERT_EQ(at[j], kPoison) << "head";
        ASSERT_EQ(first_diff(at + off, expect[from].data() + off, bytes), -1) << "from PE " << from;
        ASSERT_EQ(at[off + bytes], kPoison) << "tail";
      }
      CUDA_OK(cudaMemset(out, kPoison, n * stride));
      CUDA_OK(shoal::launch(getmem_kernel, n, kThreads, 0, nullptr, out, sym, bytes, stride, off, scope));
      CUDA_OK(cudaDeviceSynchronize());
      auto o = to_host(out, n * stride);
      for (int b = 0; b < n; ++b) {
        ASSERT_EQ(first_diff(o.data() + b * stride + off, expect[me].data() + off, bytes), -1)
            << "get from PE " << (me + b) % n;
        ASSERT_EQ(o[b * stride + off + bytes], kPoison) << "get tail";
      }
      shoal_barrier_all();
    }
  }
  cudaFree(out);
  cudaFree(src);
  shoal_free(sym);
}

// Sized signal puts move nelems * BITS/8 bytes and set the signal (the
// 16-bit ones included: NVSHMEM 3.4's move nothing).
__global__ void sized_signal_kernel(char* sym, const char* src, size_t nelems, size_t stride,
                                    uint64_t* sig, int bits, int scope) {
  const int me = shoal_my_pe(), n = shoal_n_pes(), pe = (me + 1) % n;
  char* dst = sym + me * stride;
  const uint64_t v = 1000 + bits;
#define SIZED_CASE_(BITS, BYTES)                                                             \
  if (bits == BITS) {                                                                        \
    if (scope == 0 && threadIdx.x == 0)                                                      \
      shoal_put##BITS##_signal(dst, src, nelems, sig, v, SHOAL_SIGNAL_SET, pe);              \
    if (scope == 1 && threadIdx.x < 32)                                                      \
      shoal_put##BITS##_signal_warp(dst, src, nelems, sig, v, SHOAL_SIGNAL_SET, pe);         \
    if (scope == 2) shoal_put##BITS##_signal_nbi_block(dst, src, nelems, sig, v, SHOAL_SIGNAL_SET, pe); \
  }
  SHOAL_FOR_SIZES(SIZED_CASE_)
#undef SIZED_CASE_
}

TEST(DeviceSized, SignalPutsMoveExactlyTheirBytes) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const size_t nelems = 77, stride = nelems * 16 + 16;
  char* sym = static_cast<char*>(shoal_malloc(n * stride));
  auto* sig = static_cast<uint64_t*>(shoal_calloc(1, 8));
  const uint64_t tag = 502;
  char* src = static_cast<char*>(device_pattern(tag, me, stride));
  for (int bits : {8, 16, 32, 64, 128}) {
    for (int scope = 0; scope < 3; ++scope) {
      SCOPED_TRACE("put" + std::to_string(bits) + "_signal scope " + std::to_string(scope));
      CUDA_OK(cudaMemset(sym, kPoison, n * stride));
      CUDA_OK(cudaMemset(sig, 0, 8));
      shoal_barrier_all();
      CUDA_OK(shoal::launch(sized_signal_kernel, 1, kThreads, 0, nullptr, sym, src, nelems, stride,
                            sig, bits, scope));
      CUDA_OK(cudaDeviceSynchronize());
      EXPECT_EQ(shoal_signal_wait_until(sig, SHOAL_CMP_EQ, 1000 + bits), 1000u + bits);
      const int from = (me + n - 1) % n;
      const size_t bytes = nelems * bits / 8;
      auto h = to_host(sym + from * stride, bytes + 1);
      ASSERT_EQ(first_pattern_diff(h.data(), tag, from, bytes), -1);
      ASSERT_EQ(h[bytes], kPoison) << "wrote past nelems * " << bits / 8 << " bytes";
      shoal_barrier_all();
    }
  }
  cudaFree(src);
  shoal_free(sig);
  shoal_free(sym);
}

// Every thread of every block adds to every PE's counters; fetch_add old
// values are recorded on the target and must be distinct.
__global__ void amo_kernel(unsigned long long* counter, int* seen, int iters) {
  const int n = shoal_n_pes(), me = shoal_my_pe();
  for (int i = 0; i < iters; ++i) {
    const int pe = (me + i + blockIdx.x) % n;
    unsigned long long old = shoal_ulonglong_atomic_fetch_add(counter, 1, pe);
    shoal_int_atomic_add(seen + old, 1, pe);
    shoal_int64_atomic_inc(reinterpret_cast<int64_t*>(counter + 1), pe);
    shoal_uint64_atomic_or(reinterpret_cast<uint64_t*>(counter + 2), 1ull << (me % 64), pe);
  }
}

TEST(DeviceAmo, ContentionTotalsAndDistinctValues) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const int blocks = 2, iters = 24;
  const int total = n * blocks * kThreads * iters;  // increments every PE receives on average
  auto* counter = static_cast<unsigned long long*>(shoal_calloc(3, 8));
  int* seen = static_cast<int*>(shoal_calloc(2 * total, sizeof(int)));
  shoal_barrier_all();
  CUDA_OK(shoal::launch(amo_kernel, blocks, kThreads, 0, nullptr, counter, seen, iters));
  CUDA_OK(cudaDeviceSynchronize());
  shoal_barrier_all();
  auto c = to_host(counter, 24);
  unsigned long long got[3];
  std::memcpy(got, c.data(), 24);
  // Each (PE, block, thread, i) targets (pe + i + block) % n: count exactly.
  unsigned long long want = 0;
  for (int pe = 0; pe < n; ++pe)
    for (int b = 0; b < blocks; ++b)
      for (int i = 0; i < iters; ++i)
        if ((pe + i + b) % n == me) want += kThreads;
  EXPECT_EQ(got[0], want);
  EXPECT_EQ(got[1], want);
  uint64_t bits = 0;
  for (int pe = 0; pe < n; ++pe) bits |= 1ull << (pe % 64);
  EXPECT_EQ(got[2], bits);
  auto s = to_host(seen, 2 * total * sizeof(int));
  const int* sv = reinterpret_cast<const int*>(s.data());
  for (unsigned long long v = 0; v < want; ++v) ASSERT_EQ(sv[v], 1) << "old value " << v;
  for (int v = static_cast<int>(want); v < 2 * total; ++v) ASSERT_EQ(sv[v], 0) << "value " << v;
  shoal_barrier_all();
  shoal_free(seen);
  shoal_free(counter);
}

// A compare_swap lock on PE 0 guarding a plain counter, from every thread 0.
__global__ void lock_kernel(int* lock, int* plain, int iters) {
  if (threadIdx.x != 0) return;
  const int me = shoal_my_pe();
  for (int i = 0; i < iters; ++i) {
    while (shoal_int_atomic_compare_swap(lock, 0, me * 64 + blockIdx.x + 1, 0) != 0) {
    }
    int v = shoal_int_g(plain, 0);
    shoal_int_p(plain, v + 1, 0);
    shoal_quiet();
    shoal_int_atomic_set(lock, 0, 0);
  }
}

TEST(DeviceAmo, CompareSwapLock) {
  const int n = shoal_n_pes();
  int* lock = static_cast<int*>(shoal_calloc(2, sizeof(int)));
  shoal_barrier_all();
  CUDA_OK(shoal::launch(lock_kernel, 2, 32, 0, nullptr, lock, lock + 1, 20));
  CUDA_OK(cudaDeviceSynchronize());
  shoal_barrier_all();
  if (shoal_my_pe() == 0) {
    int plain = 0;
    CUDA_OK(cudaMemcpy(&plain, lock + 1, sizeof plain, cudaMemcpyDeviceToHost));
    EXPECT_EQ(plain, n * 2 * 20) << "lost updates under the lock";
  }
  shoal_barrier_all();
  shoal_free(lock);
}

// Fence: the writer stores data then (fence) flag to the right neighbour; a
// reader that sees flag == i must see data >= i.
// Under the sim's weak-order option the two puts may land in either order
// unless fenced; SHOAL_TEST_DROP_FENCE=1 removes the fence and the test must
// then fail (CTest device.ordering.weak.no_fence).
__global__ void fence_kernel(int64_t* data, int64_t* flag, int64_t first, int64_t last, bool fence,
                             unsigned long long* errors) {
  if (threadIdx.x != 0) return;
  const int me = shoal_my_pe(), n = shoal_n_pes(), to = (me + 1) % n;
  for (int64_t i = first; i <= last; ++i) {
    shoal_int64_p(data, i, to);
    if (fence) shoal_fence();
    shoal_int64_p(flag, i, to);
    int64_t f = shoal_int64_atomic_fetch(flag, me);
    int64_t d = shoal_int64_atomic_fetch(data, me);
    if (d < f) atomicAdd(errors, 1ull);
  }
}

TEST(DeviceOrdering, FenceOrdersPutsToOnePe) {
  auto* w = static_cast<int64_t*>(shoal_calloc(2, 8));
  unsigned long long* errors = nullptr;
  CUDA_OK(cudaMalloc(&errors, 8));
  CUDA_OK(cudaMemset(errors, 0, 8));
  shoal_barrier_all();
  const bool fence = std::getenv("SHOAL_TEST_DROP_FENCE") == nullptr;
  // With the fence: one round of 500. Without: rounds until a reader has
  // seen the reorder (the check that this test can fail), at most 40.
  constexpr int64_t kIters = 500;
  const long long e = shoal_test::rounds_until_some_pe_sees(fence ? 1 : 40, [&](int r) -> long long {
    unsigned long long before = 0, after = 0;
    EXPECT_EQ(cudaMemcpy(&before, errors, 8, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT_EQ(shoal::launch(fence_kernel, 1, 32, 0, nullptr, w, w + 1, r * kIters + 1, (r + 1) * kIters, fence,
                            errors),
              cudaSuccess);
    EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(&after, errors, 8, cudaMemcpyDeviceToHost), cudaSuccess);
    return static_cast<long long>(after - before);
  });
  EXPECT_EQ(e, 0) << "times a reader saw the put after the fence before the one ahead of it";
  shoal_barrier_all();
  cudaFree(errors);
  shoal_free(w);
}

// wait_until_some_vector on device: PE 0's kernel collects one variable per
// (PE, slot) set by the other PEs' kernels in a scattered order.
__global__ void some_writer(int64_t* vars, int per) {
  const int me = shoal_my_pe();
  if (threadIdx.x != 0 || me == 0) return;
  for (int k = 0; k < per; ++k) {
    const int slot = me * per + (k * 7 + me) % per;
    shoal_int64_p(&vars[slot], 10 + slot, 0);
    shoal_quiet();
  }
}

__global__ void some_reader(int64_t* vars, const int64_t* want, int* status, size_t total,
                            size_t* idx, unsigned long long* errors) {
  if (threadIdx.x != 0 || shoal_my_pe() != 0) return;
  size_t remaining = 0;
  for (size_t i = 0; i < total; ++i) remaining += status[i] == 0;
  while (remaining) {
    size_t c = shoal_int64_wait_until_some_vector(vars, total, idx, status, SHOAL_CMP_EQ, want);
    if (c == 0) { atomicAdd(errors, 1000ull); return; }
    for (size_t j = 0; j < c; ++j) {
      if (status[idx[j]] != 0 || vars[idx[j]] != want[idx[j]]) atomicAdd(errors, 1ull);
      status[idx[j]] = 1;
      --remaining;
    }
  }
  if (shoal_int64_test_any(vars, total, status, SHOAL_CMP_EQ, 0) != SIZE_MAX) atomicAdd(errors, 1ull);
}

TEST(DeviceWait, SomeVectorFromAllPes) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  if (n < 2) GTEST_SKIP() << "needs 2 PEs";
  const int per = 5;
  const size_t total = static_cast<size_t>(per) * n;
  auto* vars = static_cast<int64_t*>(shoal_calloc(total, 8));
  int64_t* want = nullptr;
  int* status = nullptr;
  size_t* idx = nullptr;
  unsigned long long* errors = nullptr;
  CUDA_OK(cudaMalloc(&want, total * 8));
  CUDA_OK(cudaMalloc(&status, total * sizeof(int)));
  CUDA_OK(cudaMalloc(&idx, total * sizeof(size_t)));
  CUDA_OK(cudaMalloc(&errors, 8));
  std::vector<int64_t> w(total);
  std::vector<int> st(total, 0);
  for (size_t i = 0; i < total; ++i) w[i] = 10 + static_cast<int64_t>(i);
  for (int k = 0; k < per; ++k) st[k] = 1;  // PE 0's own slots: excluded
  CUDA_OK(cudaMemcpy(want, w.data(), total * 8, cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(status, st.data(), total * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemset(errors, 0, 8));
  shoal_barrier_all();
  if (me == 0)
    CUDA_OK(shoal::launch(some_reader, 1, 32, 0, nullptr, vars, want, status, total, idx, errors));
  else
    CUDA_OK(shoal::launch(some_writer, 1, 32, 0, nullptr, vars, per));
  CUDA_OK(cudaDeviceSynchronize());
  unsigned long long e = 1;
  CUDA_OK(cudaMemcpy(&e, errors, 8, cudaMemcpyDeviceToHost));
  EXPECT_EQ(e, 0u);
  shoal_barrier_all();
  cudaFree(errors);
  cudaFree(idx);
  cudaFree(status);
  cudaFree(want);
  shoal_free(vars);
}

// Device barriers under skew, from a cooperative launch: every block bumps
// this PE's counter, the grid syncs, one block runs the PE barrier
// (alternating thread/warp/block forms), the grid syncs, and every block
// must then see every PE's counter at the round's value.
__global__ void barrier_kernel(unsigned* counter, int rounds, unsigned long long* errors) {
  namespace cg = cooperative_groups;
  cg::grid_group grid = cg::this_grid();
  const int n = shoal_n_pes(), me = shoal_my_pe();
  for (int r = 1; r <= rounds; ++r) {
    // Skew: PEs and blocks spin different amounts before arriving.
    if (threadIdx.x == 0) {
      const int spins = static_cast<int>((me * 7 + r * 3 + blockIdx.x) % 5) * 50;
      for (int k = 0; k < spins; ++k)
        shoal_int_test(reinterpret_cast<int*>(counter + 1), SHOAL_CMP_EQ, -1);
      atomicAdd(counter, 1u);
    }
    grid.sync();
    if (blockIdx.x == 0) {
      if (r % 3 == 0) {
        if (threadIdx.x == 0) shoal_barrier_all();
        __syncthreads();
      } else if (r % 3 == 1) {
        if (threadIdx.x < 32) shoal_barrier_all_warp();
        __syncthreads();
      } else {
        shoal_barrier_all_block();
      }
    }
    grid.sync();
    if (threadIdx.x == 0)
      for (int pe = 0; pe < n; ++pe)
        if (shoal_uint_atomic_fetch(counter, pe) < static_cast<unsigned>(r) * gridDim.x)
          atomicAdd(errors, 1ull);
    grid.sync();
  }
}

TEST(DeviceBarrier, ManyBlocksUnderSkew) {
  unsigned* counter = static_cast<unsigned*>(shoal_calloc(2, sizeof(unsigned)));
  unsigned long long* errors = nullptr;
  CUDA_OK(cudaMalloc(&errors, 8));
  CUDA_OK(cudaMemset(errors, 0, 8));
  shoal_barrier_all();
  const int rounds = 30, blocks = 4;
  CUDA_OK(shoal::collective_launch(barrier_kernel, blocks, kThreads, 0, nullptr, counter, rounds, errors));
  CUDA_OK(cudaDeviceSynchronize());
  unsigned long long e = 1;
  CUDA_OK(cudaMemcpy(&e, errors, 8, cudaMemcpyDeviceToHost));
  EXPECT_EQ(e, 0u) << "a block left a barrier before every PE arrived";
  unsigned c = 0;
  CUDA_OK(cudaMemcpy(&c, counter, 4, cudaMemcpyDeviceToHost));
  EXPECT_EQ(c, static_cast<unsigned>(rounds * blocks));
  shoal_barrier_all();
  cudaFree(errors);
  shoal_free(counter);
}

__global__ void query_kernel(int* out) {
  if (threadIdx.x != 0) return;
  out[0] = shoal_my_pe();
  out[1] = shoal_n_pes();
  out[2] = shoal_team_n_pes(SHOAL_TEAM_NODE);
  out[3] = shoal_team_my_pe(SHOAL_TEAM_WORLD);
  out[4] = shoal_team_translate_pe(SHOAL_TEAM_WORLD, out[0], SHOAL_TEAM_SHARED);
  out[5] = shoal_ptr(out, 0) == nullptr;  // not symmetric
}

TEST(DeviceQuery, PeTeamPtr) {
  int* out = nullptr;
  CUDA_OK(cudaMalloc(&out, 6 * sizeof(int)));
  CUDA_OK(shoal::launch(query_kernel, 1, 32, 0, nullptr, out));
  CUDA_OK(cudaDeviceSynchronize());
  int h[6];
  CUDA_OK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  EXPECT_EQ(h[0], shoal_my_pe());
  EXPECT_EQ(h[1], shoal_n_pes());
  EXPECT_EQ(h[2], shoal_team_n_pes(SHOAL_TEAM_NODE));
  EXPECT_EQ(h[3], shoal_my_pe());
  EXPECT_EQ(h[4], shoal_team_translate_pe(SHOAL_TEAM_WORLD, shoal_my_pe(), SHOAL_TEAM_SHARED));
  EXPECT_EQ(h[5], 1);
  cudaFree(out);
}

}  // namespace
}  // namespace shoal_test
