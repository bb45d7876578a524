// Device RMA for every type at thread, warp and block scope: every PE's
// kernel writes its slot on every PE at once (one block per target PE);
// destinations are poisoned, every byte is checked against the sender's
// pattern. Also iput/iget strides, p/g, the _nbi forms and put_signal with a
// check inside the receiving kernel that the data is complete when the
// signal is seen.
#include <shoal/collective_launch.h>
#include <shoal/shoal.h>

#include <string>
#include <vector>

#include "tests/device/device_util.h"

namespace shoal_test {
namespace {

constexpr int kThreads = 64;
enum Scope { kThread = 0, kWarp = 1, kBlock = 2 };
const char* scope_name(int s) { return s == kThread ? "thread" : s == kWarp ? "warp" : "block"; }

// The types under test. sim: all 25 (the tables are what is checked). cuda
// (compiled by CI, run on a GPU): one type of each size and kind — the
// typed entry points differ only in sizeof(TYPE), and each type here
// instantiates six kernels with every scope inlined: ~11 s of nvcc per type
// for sm_90 (all 25 took 307 s of CI, these 7 take 80 s).
#if defined(SHOAL_PLATFORM_SIM)
#define RMA_TEST_TYPES(X) SHOAL_FOR_RMA_TYPES(X)
#else
#define RMA_TEST_TYPES(X) \
  X(char, char) X(short, short) X(half, __half) X(int, int) X(float, float) X(int64, int64_t) X(double, double)
#endif

// Block b serves target PE (me + b) % n. Which threads call depends on scope.
__device__ inline bool caller(int scope) {
  return scope == kBlock || (scope == kWarp && threadIdx.x < 32) || threadIdx.x == 0;
}

#define RMA_KERNELS_(NAME, TYPE)                                                                 \
  __global__ void put_##NAME(TYPE* sym, const TYPE* src, size_t count, int scope, int nbi) {     \
    const int me = shoal_my_pe(), n = shoal_n_pes(), pe = (me + blockIdx.x) % n;                 \
    TYPE* slot = sym + me * count;                                                               \
    if (!caller(scope)) return;                                                                  \
    if (scope == kThread) {                                                                      \
      if (nbi) shoal_##NAME##_put_nbi(slot, src, count, pe);                                     \
      else shoal_##NAME##_put(slot, src, count, pe);                                             \
    } else if (scope == kWarp) {                                                                 \
      if (nbi) shoal_##NAME##_put_nbi_warp(slot, src, count, pe);                                \
      else shoal_##NAME##_put_warp(slot, src, count, pe);                                        \
    } else {                                                                                     \
      if (nbi) shoal_##NAME##_put_nbi_block(slot, src, count, pe);                               \
      else shoal_##NAME##_put_block(slot, src, count, pe);                                       \
    }                                                                                            \
    if (nbi) shoal_quiet();                                                                      \
  }                                                                                              \
  /* Block b reads this PE's slot back from PE (me+b)%n into out[b]. */                          \
  __global__ void get_##NAME(TYPE* out, const TYPE* sym, size_t count, int scope, int nbi) {     \
    const int me = shoal_my_pe(), n = shoal_n_pes(), pe = (me + blockIdx.x) % n;                 \
    TYPE* dst = out + blockIdx.x * count;                                                        \
    const TYPE* slot = sym + me * count;                                                         \
    if (!caller(scope)) return;                                                                  \
    if (scope == kThread) {                                                                      \
      if (nbi) shoal_##NAME##_get_nbi(dst, slot, count, pe);                                     \
      else shoal_##NAME##_get(dst, slot, count, pe);                                             \
    } else if (scope == kWarp) {                                                                 \
      if (nbi) shoal_##NAME##_get_nbi_warp(dst, slot, count, pe);                                \
      else shoal_##NAME##_get_warp(dst, slot, count, pe);                                        \
    } else {                                                                                     \
      if (nbi) shoal_##NAME##_get_nbi_block(dst, slot, count, pe);                               \
      else shoal_##NAME##_get_block(dst, slot, count, pe);                                       \
    }                                                                                            \
    if (nbi) shoal_quiet();                                                                      \
  }                                                                                              \
  __global__ void pg_##NAME(TYPE* sym, const TYPE* src, TYPE* out, size_t count) {               \
    const int me = shoal_my_pe(), n = shoal_n_pes(), pe = (me + blockIdx.x) % n;                 \
    for (size_t i = threadIdx.x; i < count; i += blockDim.x)                                     \
      shoal_##NAME##_p(sym + me * count + i, src[i], pe);                                        \
    shoal_quiet();                                                                               \
    __syncthreads();                                                                             \
    for (size_t i = threadIdx.x; i < count; i += blockDim.x)                                     \
      out[blockIdx.x * count + i] = shoal_##NAME##_g(sym + me * count + i, pe);                  \
  }                                                                                              \
  /* dest stride 2, source stride 1: every other element of the slot. */                        \
  __global__ void iput_##NAME(TYPE* sym, const TYPE* src, size_t count, int scope) {             \
    const int me = shoal_my_pe(), n = shoal_n_pes(), pe = (me + blockIdx.x) % n;                 \
    TYPE* slot = sym + me * count;                                                               \
    if (!caller(scope)) return;                                                                  \
    if (scope == kThread) shoal_##NAME##_iput(slot, src, 2, 1, count / 2, pe);                   \
    else if (scope == kWarp) shoal_##NAME##_iput_warp(slot, src, 2, 1, count / 2, pe);           \
    else shoal_##NAME##_iput_block(slot, src, 2, 1, count / 2, pe);                             \
  }                                                                                              \
  /* Gathers every other element of this PE's slot on PE (me+b)%n. */                            \
  __global__ void iget_##NAME(TYPE* out, const TYPE* sym, size_t count, int scope) {             \
    const int me = shoal_my_pe(), n = shoal_n_pes(), pe = (me + blockIdx.x) % n;                 \
    TYPE* dst = out + blockIdx.x * count;                                                        \
    const TYPE* slot = sym + me * count;                                                         \
    if (!caller(scope)) return;                                                                  \
    if (scope == kThread) shoal_##NAME##_iget(dst, slot, 1, 2, count / 2, pe);                   \
    else if (scope == kWarp) shoal_##NAME##_iget_warp(dst, slot, 1, 2, count / 2, pe);           \
    else shoal_##NAME##_iget_block(dst, slot, 1, 2, count / 2, pe);                              \
  }                                                                                              \
  /* put_signal to every PE, then block 0 waits for every source's signal and */                 \
  /* checks every byte of every slot: complete data when the signal is seen.  */                 \
  __global__ void put_signal_##NAME(TYPE* sym, const TYPE* src, size_t count, uint64_t* sigs,    \
                                    uint64_t round, int scope, int nbi, uint64_t seed,           \
                                    uint64_t tag, unsigned long long* errors) {                  \
    const int me = shoal_my_pe(), n = shoal_n_pes(), pe = (me + blockIdx.x) % n;                 \
    TYPE* slot = sym + me * count;                                                               \
    if (caller(scope)) {                                                                         \
      if (scope == kThread) {                                                                    \
        if (nbi) shoal_##NAME##_put_signal_nbi(slot, src, count, &sigs[me], round,               \
                                               SHOAL_SIGNAL_SET, pe);                            \
        else shoal_##NAME##_put_signal(slot, src, count, &sigs[me], round, SHOAL_SIGNAL_SET, pe);\
      } else if (scope == kWarp) {                                                               \
        if (nbi) shoal_##NAME##_put_signal_nbi_warp(slot, src, count, &sigs[me], round,          \
                                                    SHOAL_SIGNAL_SET, pe);                       \
        else shoal_##NAME##_put_signal_warp(slot, src, count, &sigs[me], round,                  \
                                            SHOAL_SIGNAL_SET, pe);                               \
      } else {                                                                                   \
        if (nbi) shoal_##NAME##_put_signal_nbi_block(slot, src, count, &sigs[me], round,         \
                                                     SHOAL_SIGNAL_SET, pe);                      \
        else shoal_##NAME##_put_signal_block(slot, src, count, &sigs[me], round,                 \
                                             SHOAL_SIGNAL_SET, pe);                              \
      }                                                                                          \
    }                                                                                            \
    if (blockIdx.x != 0) return;                                                                 \
    if (threadIdx.x == 0) shoal_uint64_wait_until_all(sigs, n, nullptr, SHOAL_CMP_EQ, round);    \
    __syncthreads();                                                                             \
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(sym);                    \
    const size_t slot_bytes = count * sizeof(TYPE);                                              \
    for (int from = 0; from < n; ++from)                                                         \
      for (size_t j = threadIdx.x; j < slot_bytes; j += blockDim.x)                              \
        if (bytes[from * slot_bytes + j] != pattern(seed, tag, from, j)) atomicAdd(errors, 1ull);\
  }
RMA_TEST_TYPES(RMA_KERNELS_)
#undef RMA_KERNELS_

template <class T>
struct Kernels {
  void (*put)(T*, const T*, size_t, int, int);
  void (*get)(T*, const T*, size_t, int, int);
  void (*pg)(T*, const T*, T*, size_t);
  void (*iput)(T*, const T*, size_t, int);
  void (*iget)(T*, const T*, size_t, int);
  void (*put_signal)(T*, const T*, size_t, uint64_t*, uint64_t, int, int, uint64_t, uint64_t,
                     unsigned long long*);
};

template <class T>
void check_type(const char* name, const Kernels<T>& k) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const uint64_t tag = name_id(name);
  const size_t count = 2 + rng(tag, 3)() % 700;
  const size_t slot = count * sizeof(T);
  T* sym = static_cast<T*>(shoal_malloc(n * slot));
  auto* sigs = static_cast<uint64_t*>(shoal_calloc(n, sizeof(uint64_t)));
  ASSERT_NE(sym, nullptr);
  T* src = static_cast<T*>(device_pattern(tag, me, slot));
  T* out = nullptr;
  CUDA_OK(cudaMalloc(&out, n * slot));
  unsigned long long* errors = nullptr;
  CUDA_OK(cudaMalloc(&errors, sizeof *errors));
  uint64_t round = 0;

  for (int scope = kThread; scope <= kBlock; ++scope) {
    for (int nbi = 0; nbi < 2; ++nbi) {
      SCOPED_TRACE(std::string(name) + " scope " + scope_name(scope) + (nbi ? " nbi" : ""));
      // put: slot `me` on every PE.
      CUDA_OK(cudaMemset(sym, kPoison, n * slot));
      shoal_barrier_all();
      CUDA_OK(shoal::launch(k.put, n, kThreads, 0, nullptr, sym, src, count, scope, nbi));
      CUDA_OK(cudaDeviceSynchronize());
      shoal_barrier_all();
      auto h = to_host(sym, n * slot);
      for (int from = 0; from < n; ++from)
        ASSERT_EQ(first_pattern_diff(h.data() + from * slot, tag, from, slot), -1)
            << "put: slot of PE " << from << " on PE " << me;
      // get: this PE's slot back from every PE.
      CUDA_OK(cudaMemset(out, kPoison, n * slot));
      CUDA_OK(shoal::launch(k.get, n, kThreads, 0, nullptr, out, sym, count, scope, nbi));
      CUDA_OK(cudaDeviceSynchronize());
      auto g = to_host(out, n * slot);
      for (int b = 0; b < n; ++b)
        ASSERT_EQ(first_pattern_diff(g.data() + b * slot, tag, me, slot), -1)
            << "get from PE " << (me + b) % n;
      shoal_barrier_all();

      // put_signal: checked inside the receiving kernel.
      ++round;
      CUDA_OK(cudaMemset(sym, kPoison, n * slot));
      CUDA_OK(cudaMemset(errors, 0, sizeof *errors));
      shoal_barrier_all();
      CUDA_OK(shoal::collective_launch(k.put_signal, n, kThreads, 0, nullptr, sym, src, count,
                                       sigs, round, scope, nbi, seed(), tag, errors));
      CUDA_OK(cudaDeviceSynchronize());
      unsigned long long e = 0;
      CUDA_OK(cudaMemcpy(&e, errors, sizeof e, cudaMemcpyDeviceToHost));
      ASSERT_EQ(e, 0u) << "put_signal: bytes seen wrong after the signal";
      shoal_barrier_all();
    }
    // iput (dest stride 2) / iget (source stride 2).
    SCOPED_TRACE(std::string(name) + " strided, scope " + scope_name(scope));
    CUDA_OK(cudaMemset(sym, kPoison, n * slot));
    shoal_barrier_all();
    CUDA_OK(shoal::launch(k.iput, n, kThreads, 0, nullptr, sym, src, count, scope));
    CUDA_OK(cudaDeviceSynchronize());
    shoal_barrier_all();
    auto h = to_host(sym, n * slot);
    for (int from = 0; from < n; ++from) {
      for (size_t i = 0; i < count; ++i) {
        for (size_t b = 0; b < sizeof(T); ++b) {
          unsigned char want = (i % 2 == 0 && i / 2 < count / 2)
                                   ? pattern(seed(), tag, from, (i / 2) * sizeof(T) + b)
                                   : kPoison;
          ASSERT_EQ(h[from * slot + i * sizeof(T) + b], want)
              << "iput from PE " << from << " element " << i;
        }
      }
    }
    CUDA_OK(cudaMemset(out, kPoison, n * slot));
    CUDA_OK(shoal::launch(k.iget, n, kThreads, 0, nullptr, out, sym, count, scope));
    CUDA_OK(cudaDeviceSynchronize());
    auto g = to_host(out, n * slot);
    for (int b = 0; b < n; ++b)
      for (size_t i = 0; i < count / 2; ++i)
        for (size_t by = 0; by < sizeof(T); ++by)
          ASSERT_EQ(g[b * slot + i * sizeof(T) + by], pattern(seed(), tag, me, i * sizeof(T) + by))
              << "iget element " << i;
    shoal_barrier_all();
  }
  // p/g, element by element.
  CUDA_OK(cudaMemset(sym, kPoison, n * slot));
  CUDA_OK(cudaMemset(out, kPoison, n * slot));
  shoal_barrier_all();
  CUDA_OK(shoal::launch(k.pg, n, kThreads, 0, nullptr, sym, src, out, count));
  CUDA_OK(cudaDeviceSynchronize());
  shoal_barrier_all();
  auto h = to_host(sym, n * slot);
  for (int from = 0; from < n; ++from)
    ASSERT_EQ(first_pattern_diff(h.data() + from * slot, tag, from, slot), -1) << name << " p";
  auto g = to_host(out, n * slot);
  for (int b = 0; b < n; ++b)
    ASSERT_EQ(first_pattern_diff(g.data() + b * slot, tag, me, slot), -1) << name << " g";
  shoal_barrier_all();
  cudaFree(errors);
  cudaFree(out);
  cudaFree(src);
  shoal_free(sigs);
  shoal_free(sym);
}

#define RMA_TEST_(NAME, TYPE)                                                                   \
  TEST(DeviceRma, NAME) {                                                                       \
    check_type<TYPE>(#NAME, Kernels<TYPE>{put_##NAME, get_##NAME, pg_##NAME, iput_##NAME,       \
                                          iget_##NAME, put_signal_##NAME});                     \
  }
RMA_TEST_TYPES(RMA_TEST_)
#undef RMA_TEST_

// _warp/_block forms start with a group barrier (NVSHMEM's rule, which its
// own examples rely on): each thread writes part of the source right before
// the call, with no barrier of its own, and the target must still get every
// element. Thread t writes the elements the group's last-but-t thread would
// copy first, so without the barrier early threads copy (or, remotely,
// thread 0 posts) elements not yet written. Checked for put, put_nbi (then
// quiet), put_signal and iput, at warp and block scope.
enum GroupOp { kPut = 0, kPutNbi = 1, kPutSignal = 2, kIput = 3 };
constexpr int kGroupOps = 4;

__global__ void group_source_kernel(int* dest, int* src, int count, uint64_t* sig, uint64_t round, int op,
                                    int block_scope) {
  const int me = shoal_my_pe(), peer = (me + 1) % shoal_n_pes();
  const int size = block_scope ? static_cast<int>(blockDim.x) : 32;
  const int rank = block_scope ? static_cast<int>(threadIdx.x) : static_cast<int>(threadIdx.x % 32);
  if (!block_scope && threadIdx.x >= 32) return;  // one warp calls the _warp form
  for (int i = size - 1 - rank; i < count; i += size)
    src[i] = static_cast<int>((round * 1000003u + static_cast<uint64_t>(me) * 7919u + i) & 0x7fffffff);
  const size_t bytes = static_cast<size_t>(count) * sizeof(int);
  if (block_scope) {
    if (op == kPut) shoal_putmem_block(dest, src, bytes, peer);
    if (op == kPutNbi) shoal_putmem_nbi_block(dest, src, bytes, peer);
    if (op == kPutSignal) shoal_putmem_signal_block(dest, src, bytes, sig, round, SHOAL_SIGNAL_SET, peer);
    if (op == kIput) shoal_int_iput_block(dest, src, 1, 1, static_cast<size_t>(count), peer);
  } else {
    if (op == kPut) shoal_putmem_warp(dest, src, bytes, peer);
    if (op == kPutNbi) shoal_putmem_nbi_warp(dest, src, bytes, peer);
    if (op == kPutSignal) shoal_putmem_signal_warp(dest, src, bytes, sig, round, SHOAL_SIGNAL_SET, peer);
    if (op == kIput) shoal_int_iput_warp(dest, src, 1, 1, static_cast<size_t>(count), peer);
  }
  if (rank == 0) shoal_quiet();
}

TEST(DeviceRma, GroupFormsSendWhatTheGroupWroteJustBefore) {
  const int me = shoal_my_pe(), n = shoal_n_pes(), from = (me + n - 1) % n;
  const int count = 3 * kThreads + 11;  // not a multiple of the group or of a 16-byte word
  int* dest = static_cast<int*>(shoal_malloc(count * sizeof(int)));
  int* src = static_cast<int*>(shoal_malloc(count * sizeof(int)));  // symmetric: the remote paths read it
  auto* sig = static_cast<uint64_t*>(shoal_calloc(1, sizeof(uint64_t)));
  ASSERT_NE(dest, nullptr);
  ASSERT_NE(src, nullptr);
  uint64_t round = seed() % 1000 * 16;
  for (int block_scope = 0; block_scope < 2; ++block_scope) {
    for (int op = 0; op < kGroupOps; ++op) {
      ++round;
      SCOPED_TRACE(std::string(block_scope ? "block" : "warp") + " op " + std::to_string(op));
      CUDA_OK(cudaMemset(dest, kPoison, count * sizeof(int)));
      CUDA_OK(cudaMemset(src, kPoison, count * sizeof(int)));
      shoal_barrier_all();
      CUDA_OK(shoal::launch(group_source_kernel, 1, kThreads, 0, nullptr, dest, src, count, sig, round, op,
                            block_scope));
      CUDA_OK(cudaDeviceSynchronize());
      shoal_barrier_all();
      std::vector<int> h(static_cast<size_t>(count));
      CUDA_OK(cudaMemcpy(h.data(), dest, count * sizeof(int), cudaMemcpyDeviceToHost));
      int bad = 0;
      for (int i = 0; i < count; ++i) {
        const int want = static_cast<int>((round * 1000003u + static_cast<uint64_t>(from) * 7919u + i) & 0x7fffffff);
        if (h[static_cast<size_t>(i)] != want && bad++ < 4)
          ADD_FAILURE() << "PE " << me << ": element " << i << " from PE " << from << " is "
                        << h[static_cast<size_t>(i)] << ", expected " << want;
      }
      ASSERT_EQ(bad, 0);
      if (op == kPutSignal) {
        uint64_t got = 0;
        CUDA_OK(cudaMemcpy(&got, sig, sizeof got, cudaMemcpyDeviceToHost));
        ASSERT_EQ(got, round);
      }
    }
  }
  shoal_free(sig);
  shoal_free(src);
  shoal_free(dest);
}

}  // namespace
}  // namespace shoal_test
