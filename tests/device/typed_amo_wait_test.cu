// Device atomics and point-to-point waits for every type of their tables:
// contention totals, distinct fetch results, set/fetch/swap/compare_swap,
// bitwise masks, and wait_until/test on every P2P type — plus barriers on
// the predefined teams at each scope.
#include <shoal/collective_launch.h>
#include <shoal/shoal.h>

#include "tests/device/device_util.h"

namespace shoal_test {
namespace {

constexpr int kThreads = 64;
constexpr int kIters = 8;

// The types under test. sim: every type of each table. cuda (compiled by
// CI, run on a GPU): one type of each width and signedness — the typed
// entry points differ only in the type's size and kind (52 s of CI for
// every type).
#if defined(SHOAL_PLATFORM_SIM)
#define AMO_STD_TEST_TYPES(X) SHOAL_FOR_AMO_STANDARD_TYPES(X)
#define AMO_BIT_TEST_TYPES(X) SHOAL_FOR_AMO_BITWISE_TYPES(X)
#define P2P_TEST_TYPES(X) SHOAL_FOR_P2P_SYNC_TYPES(X)
#else
#define AMO_STD_TEST_TYPES(X) X(int, int) X(uint, unsigned int) X(int64, int64_t) X(uint64, uint64_t)
#define AMO_BIT_TEST_TYPES(X) X(uint32, uint32_t) X(int64, int64_t) X(uint64, uint64_t)
#define P2P_TEST_TYPES(X) X(short, short) X(ushort, unsigned short) X(int, int) X(uint, unsigned int) X(int64, int64_t) X(uint64, uint64_t)
#endif

// out[0..] gets per-thread results the host checks.
#define AMO_STD_KERNELS_(NAME, TYPE)                                                             \
  __global__ void amo_std_##NAME(TYPE* w, int* seen, unsigned long long* errors) {               \
    const int me = shoal_my_pe(), n = shoal_n_pes();                                             \
    for (int i = 0; i < kIters; ++i) {                                                           \
      const int pe = (me + i + static_cast<int>(threadIdx.x)) % n;                               \
      TYPE old = (i % 2) ? shoal_##NAME##_atomic_fetch_inc(&w[0], pe)                            \
                         : shoal_##NAME##_atomic_fetch_add(&w[0], static_cast<TYPE>(1), pe);     \
      shoal_int_atomic_add(&seen[static_cast<long long>(old)], 1, pe);                           \
      if (i % 2) shoal_##NAME##_atomic_inc(&w[1], pe);                                           \
      else shoal_##NAME##_atomic_add(&w[1], static_cast<TYPE>(3), pe);                           \
    }                                                                                            \
    __syncthreads();                                                                             \
    if (threadIdx.x != 0) return;                                                                \
    const int right = (me + 1) % n;                                                              \
    /* compare_swap on the right neighbour's w[2] (0 -> me+1), then swap and set. */             \
    shoal_##NAME##_atomic_set(&w[3], static_cast<TYPE>(7), me);                                  \
    if (shoal_##NAME##_atomic_fetch(&w[3], me) != static_cast<TYPE>(7)) atomicAdd(errors, 1ull); \
    TYPE prev = shoal_##NAME##_atomic_compare_swap(&w[2], static_cast<TYPE>(0),                  \
                                                   static_cast<TYPE>(me + 1), right);            \
    if (prev != static_cast<TYPE>(0)) atomicAdd(errors, 1ull);                                   \
    prev = shoal_##NAME##_atomic_compare_swap(&w[2], static_cast<TYPE>(0), static_cast<TYPE>(99),\
                                              right);                                            \
    if (prev != static_cast<TYPE>(me + 1)) atomicAdd(errors, 1ull);                              \
    prev = shoal_##NAME##_atomic_swap(&w[2], static_cast<TYPE>(me + 1), right);                  \
    if (prev != static_cast<TYPE>(me + 1)) atomicAdd(errors, 1ull);                              \
  }
AMO_STD_TEST_TYPES(AMO_STD_KERNELS_)
#undef AMO_STD_KERNELS_

template <class T>
void check_std(const char* name, void (*kernel)(T*, int*, unsigned long long*)) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const int total = n * kThreads * kIters;
  T* w = static_cast<T*>(shoal_calloc(4, sizeof(T)));
  int* seen = static_cast<int*>(shoal_calloc(total, sizeof(int)));
  unsigned long long* errors = nullptr;
  CUDA_OK(cudaMalloc(&errors, 8));
  CUDA_OK(cudaMemset(errors, 0, 8));
  shoal_barrier_all();
  CUDA_OK(shoal::launch(kernel, 1, kThreads, 0, nullptr, w, seen, errors));
  CUDA_OK(cudaDeviceSynchronize());
  shoal_barrier_all();
  unsigned long long want = 0;  // increments landing on this PE
  for (int pe = 0; pe < n; ++pe)
    for (int t = 0; t < kThreads; ++t)
      for (int i = 0; i < kIters; ++i)
        if ((pe + i + t) % n == me) ++want;
  unsigned long long incs = 0, adds = 0;
  for (int pe = 0; pe < n; ++pe)
    for (int t = 0; t < kThreads; ++t)
      for (int i = 0; i < kIters; ++i)
        if ((pe + i + t) % n == me) (i % 2 ? incs : adds) += 1;
  auto h = to_host(w, 4 * sizeof(T));
  T got[4];
  std::memcpy(got, h.data(), sizeof got);
  EXPECT_EQ(got[0], static_cast<T>(want)) << name << " fetch_add/fetch_inc total";
  EXPECT_EQ(got[1], static_cast<T>(incs + 3 * adds)) << name << " inc/add total";
  EXPECT_EQ(got[2], static_cast<T>((me + n - 1) % n + 1)) << name << " compare_swap/swap";
  EXPECT_EQ(got[3], static_cast<T>(7)) << name << " set";
  auto s = to_host(seen, total * sizeof(int));
  const int* sv = reinterpret_cast<const int*>(s.data());
  for (unsigned long long v = 0; v < want; ++v) ASSERT_EQ(sv[v], 1) << name << " old value " << v;
  unsigned long long e = 1;
  CUDA_OK(cudaMemcpy(&e, errors, 8, cudaMemcpyDeviceToHost));
  EXPECT_EQ(e, 0u) << name;
  shoal_barrier_all();
  cudaFree(errors);
  shoal_free(seen);
  shoal_free(w);
}

#define AMO_STD_TEST_(NAME, TYPE) \
  TEST(DeviceAmoStandard, NAME) { check_std<TYPE>(#NAME, amo_std_##NAME); }
AMO_STD_TEST_TYPES(AMO_STD_TEST_)
#undef AMO_STD_TEST_

// float/double: fetch/set/swap only.
#define AMO_EXT_KERNEL_(NAME, TYPE)                                                             \
  __global__ void amo_ext_##NAME(TYPE* w, TYPE* out) {                                          \
    const int me = shoal_my_pe(), n = shoal_n_pes(), right = (me + 1) % n;                      \
    shoal_##NAME##_atomic_set(&w[0], static_cast<TYPE>(0.25) + me, right);                      \
    shoal_quiet();                                                                              \
    out[0] = shoal_##NAME##_atomic_swap(&w[1], static_cast<TYPE>(-1.5) * (me + 1), right);      \
    out[1] = shoal_##NAME##_atomic_fetch(&w[1], right);                                         \
  }
SHOAL_FOR_AMO_EXTENDED_ONLY_TYPES(AMO_EXT_KERNEL_)
#undef AMO_EXT_KERNEL_

template <class T>
void check_ext(const char* name, void (*kernel)(T*, T*)) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  T* w = static_cast<T*>(shoal_calloc(2, sizeof(T)));
  T* out = nullptr;
  CUDA_OK(cudaMalloc(&out, 2 * sizeof(T)));
  shoal_barrier_all();
  CUDA_OK(shoal::launch(kernel, 1, 1, 0, nullptr, w, out));
  CUDA_OK(cudaDeviceSynchronize());
  shoal_barrier_all();
  T h[2], o[2];
  CUDA_OK(cudaMemcpy(h, w, sizeof h, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(o, out, sizeof o, cudaMemcpyDeviceToHost));
  const int left = (me + n - 1) % n;
  EXPECT_EQ(h[0], static_cast<T>(0.25) + left) << name << " set";
  EXPECT_EQ(h[1], static_cast<T>(-1.5) * (left + 1)) << name << " swap stored";
  EXPECT_EQ(o[0], static_cast<T>(0)) << name << " swap returned the old value";
  shoal_barrier_all();
  cudaFree(out);
  shoal_free(w);
}
TEST(DeviceAmoExtended, Float) { check_ext<float>("float", amo_ext_float); }
TEST(DeviceAmoExtended, Double) { check_ext<double>("double", amo_ext_double); }

#define AMO_BIT_KERNEL_(NAME, TYPE)                                                             \
  __global__ void amo_bit_##NAME(TYPE* w, TYPE* out) {                                          \
    const int me = shoal_my_pe(), n = shoal_n_pes();                                            \
    const int bits = static_cast<int>(sizeof(TYPE) * 8);                                        \
    const int pe = (me + static_cast<int>(threadIdx.x)) % n;                                    \
    const TYPE bit = static_cast<TYPE>(static_cast<TYPE>(1) << (me % bits));                    \
    if (threadIdx.x < static_cast<unsigned>(n)) {                                               \
      if (threadIdx.x % 2) shoal_##NAME##_atomic_or(&w[0], bit, pe);                            \
      else shoal_##NAME##_atomic_fetch_or(&w[0], bit, pe);                                      \
      if (threadIdx.x % 2) shoal_##NAME##_atomic_xor(&w[1], bit, pe);                           \
      else shoal_##NAME##_atomic_fetch_xor(&w[1], bit, pe);                                     \
      shoal_##NAME##_atomic_set(&w[2], static_cast<TYPE>(~static_cast<TYPE>(0)), me);           \
    }                                                                                           \
    __syncthreads();                                                                            \
    if (threadIdx.x == 0) {                                                                     \
      shoal_##NAME##_atomic_and(&w[2], static_cast<TYPE>(~bit), me);                            \
      out[0] = shoal_##NAME##_atomic_fetch_and(&w[2], static_cast<TYPE>(~static_cast<TYPE>(0)), me); \
    }                                                                                           \
  }
AMO_BIT_TEST_TYPES(AMO_BIT_KERNEL_)
#undef AMO_BIT_KERNEL_

template <class T>
void check_bit(const char* name, void (*kernel)(T*, T*)) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const int bits = static_cast<int>(sizeof(T) * 8);
  T* w = static_cast<T*>(shoal_calloc(3, sizeof(T)));
  T* out = nullptr;
  CUDA_OK(cudaMalloc(&out, sizeof(T)));
  shoal_barrier_all();
  CUDA_OK(shoal::launch(kernel, 1, 32, 0, nullptr, w, out));
  CUDA_OK(cudaDeviceSynchronize());
  shoal_barrier_all();
  T h[3], o;
  CUDA_OK(cudaMemcpy(h, w, sizeof h, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(&o, out, sizeof o, cudaMemcpyDeviceToHost));
  T want_or = 0, want_xor = 0;
  for (int pe = 0; pe < n; ++pe) {
    want_or = static_cast<T>(want_or | static_cast<T>(static_cast<T>(1) << (pe % bits)));
    want_xor = static_cast<T>(want_xor ^ static_cast<T>(static_cast<T>(1) << (pe % bits)));
  }
  EXPECT_EQ(h[0], want_or) << name << " or";
  EXPECT_EQ(h[1], want_xor) << name << " xor";
  EXPECT_EQ(o, static_cast<T>(~static_cast<T>(static_cast<T>(1) << (me % bits)))) << name << " and";
  shoal_barrier_all();
  cudaFree(out);
  shoal_free(w);
}
#define AMO_BIT_TEST_(NAME, TYPE) \
  TEST(DeviceAmoBitwise, NAME) { check_bit<TYPE>(#NAME, amo_bit_##NAME); }
AMO_BIT_TEST_TYPES(AMO_BIT_TEST_)
#undef AMO_BIT_TEST_

// Every P2P type: the left neighbour's kernel sets v[1] = 42 with p; this
// PE's kernel waits for it with wait_until (and checks test/test_all/any/some).
#define P2P_KERNEL_(NAME, TYPE)                                                                 \
  __global__ void p2p_##NAME(TYPE* v, unsigned long long* errors) {                             \
    const int me = shoal_my_pe(), n = shoal_n_pes();                                            \
    if (threadIdx.x != 0) return;                                                               \
    shoal_##NAME##_p(&v[1], static_cast<TYPE>(42), (me + 1) % n);                               \
    shoal_##NAME##_wait_until(&v[1], SHOAL_CMP_EQ, static_cast<TYPE>(42));                      \
    if (!shoal_##NAME##_test(&v[1], SHOAL_CMP_GE, static_cast<TYPE>(42))) atomicAdd(errors, 1ull); \
    if (shoal_##NAME##_test(&v[0], SHOAL_CMP_NE, static_cast<TYPE>(0))) atomicAdd(errors, 1ull); \
    if (shoal_##NAME##_wait_until_any(v, 2, nullptr, SHOAL_CMP_GT, static_cast<TYPE>(1)) != 1)  \
      atomicAdd(errors, 1ull);                                                                  \
    size_t idx[2];                                                                              \
    if (shoal_##NAME##_test_some(v, 2, idx, nullptr, SHOAL_CMP_EQ, static_cast<TYPE>(0)) != 1 ||\
        idx[0] != 0)                                                                            \
      atomicAdd(errors, 1ull);                                                                  \
    const TYPE want[2] = {static_cast<TYPE>(0), static_cast<TYPE>(42)};                         \
    shoal_##NAME##_wait_until_all_vector(v, 2, nullptr, SHOAL_CMP_EQ, want);                    \
    if (!shoal_##NAME##_test_all(v, 2, nullptr, SHOAL_CMP_LE, static_cast<TYPE>(42)))           \
      atomicAdd(errors, 1ull);                                                                  \
  }
P2P_TEST_TYPES(P2P_KERNEL_)
#undef P2P_KERNEL_

template <class T>
void check_p2p(const char* name, void (*kernel)(T*, unsigned long long*)) {
  T* v = static_cast<T*>(shoal_calloc(2, sizeof(T)));
  unsigned long long* errors = nullptr;
  CUDA_OK(cudaMalloc(&errors, 8));
  CUDA_OK(cudaMemset(errors, 0, 8));
  shoal_barrier_all();
  // Waits on another PE's kernel: collective launch.
  CUDA_OK(shoal::collective_launch(kernel, 1, 32, 0, nullptr, v, errors));
  CUDA_OK(cudaDeviceSynchronize());
  unsigned long long e = 1;
  CUDA_OK(cudaMemcpy(&e, errors, 8, cudaMemcpyDeviceToHost));
  EXPECT_EQ(e, 0u) << name;
  shoal_barrier_all();
  cudaFree(errors);
  shoal_free(v);
}
#define P2P_TEST_(NAME, TYPE) \
  TEST(DeviceWaitTyped, NAME) { check_p2p<TYPE>(#NAME, p2p_##NAME); }
P2P_TEST_TYPES(P2P_TEST_)
#undef P2P_TEST_

// Barriers and syncs on every predefined team at each scope: a PE bumps its
// counter, runs the team barrier, and must then see every member's bump.
__global__ void team_barrier_kernel(int team, int rounds, unsigned* counter, unsigned long long* errors) {
  const int n = shoal_team_n_pes(team);
  for (int r = 1; r <= rounds; ++r) {
    if (threadIdx.x == 0) shoal_uint_atomic_add(counter, 1u, shoal_my_pe());
    __syncthreads();
    const int form = r % 6;
    if (form == 0 && threadIdx.x == 0) shoal_barrier(team);
    if (form == 1 && threadIdx.x < 32) shoal_barrier_warp(team);
    if (form == 2) shoal_barrier_block(team);
    if (form == 3 && threadIdx.x == 0) shoal_sync(team);
    if (form == 4 && threadIdx.x < 32) shoal_sync_warp(team);
    if (form == 5) shoal_sync_block(team);
    __syncthreads();
    if (threadIdx.x == 0)
      for (int i = 0; i < n; ++i) {
        const int pe = shoal_team_translate_pe(team, i, SHOAL_TEAM_WORLD);
        if (shoal_uint_atomic_fetch(counter, pe) < static_cast<unsigned>(r)) atomicAdd(errors, 1ull);
      }
    __syncthreads();
    if (threadIdx.x == 0) shoal_sync(team);  // nobody bumps again before all read
    __syncthreads();
  }
}

TEST(DeviceBarrier, PredefinedTeamsAllScopes) {
  for (int team : {SHOAL_TEAM_WORLD, SHOAL_TEAM_SHARED, SHOAL_TEAM_NODE, SHOAL_TEAM_SAME_MYPE_NODE}) {
    unsigned* counter = static_cast<unsigned*>(shoal_calloc(1, sizeof(unsigned)));
    unsigned long long* errors = nullptr;
    CUDA_OK(cudaMalloc(&errors, 8));
    CUDA_OK(cudaMemset(errors, 0, 8));
    shoal_barrier_all();
    CUDA_OK(shoal::collective_launch(team_barrier_kernel, 1, kThreads, 0, nullptr, team, 12, counter,
                                     errors));
    CUDA_OK(cudaDeviceSynchronize());
    unsigned long long e = 1;
    CUDA_OK(cudaMemcpy(&e, errors, 8, cudaMemcpyDeviceToHost));
    EXPECT_EQ(e, 0u) << "team " << team;
    shoal_barrier_all();
    cudaFree(errors);
    shoal_free(counter);
  }
}

}  // namespace
}  // namespace shoal_test
