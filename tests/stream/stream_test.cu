// The stream-ordered host API (shoal_*_on_stream): every call, random data
// (the run's seed is printed by pe_main), poisoned destinations, ordering
// with the caller's kernels on the same stream, signal waits gating later
// kernels, barriers separating phases, and a captured CUDA graph replayed
// many times with every replay's data checked. Written once; runs on sim
// under shoalrun and on a GPU (tools/gpu-check.sh). Results are read back
// through cudaMemcpy, never by dereferencing the heap on the host.
#include <shoal/launch.h>
#include <shoal/shoal.h>

#include "host/testing.h"
#include "tests/device/device_util.h"

namespace shoal_test {
namespace {

// A stream for one test; destroyed (after draining) at the end.
struct Stream {
  cudaStream_t s = nullptr;
  Stream() { cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking); }
  ~Stream() {
    cudaStreamSynchronize(s);
    cudaStreamDestroy(s);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
};

void* device_alloc(size_t bytes) {
  void* d = nullptr;
  return cudaMalloc(&d, bytes ? bytes : 1) == cudaSuccess ? d : nullptr;
}

// --- putmem/getmem: sizes across the copy kernels' shapes -------------------

TEST(StreamMem, PutGetSizes) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const int next = (me + 1) % n, prev = (me + n - 1) % n;
  const size_t max = (n <= 2 ? 5u : 3u) << 20;
  const size_t stride = max + 64;
  char* sym = static_cast<char*>(shoal_malloc(stride));
  ASSERT_NE(sym, nullptr);
  const uint64_t tag = 601;
  char* src = static_cast<char*>(device_pattern(tag, me, stride));
  char* out = static_cast<char*>(device_alloc(stride));
  ASSERT_NE(src, nullptr);
  ASSERT_NE(out, nullptr);
  std::vector<unsigned char> expect_prev(stride);
  for (size_t j = 0; j < stride; ++j) expect_prev[j] = pattern(seed(), tag, prev, j);
  Stream st;
  auto g = rng(tag);
  std::vector<size_t> sizes = {1, 3, 8, 17, 255, 4097, 65536 + 7, (1u << 20) + 3, max - 5, max};
  for (size_t bytes : sizes) {
    for (int nbi = 0; nbi < 2; ++nbi) {
      const size_t off = g() % 17;  // same sequence on every PE
      SCOPED_TRACE("bytes " + std::to_string(bytes) + " offset " + std::to_string(off) +
                   (nbi ? " nbi" : ""));
      CUDA_OK(cudaMemset(sym, kPoison, stride));
      CUDA_OK(cudaDeviceSynchronize());
      shoal_barrier_all();
      if (nbi) shoal_putmem_nbi_on_stream(sym + off, src + off, bytes, next, st.s);
      else shoal_putmem_on_stream(sym + off, src + off, bytes, next, st.s);
      shoal_quiet_on_stream(st.s);
      shoal_barrier_all_on_stream(st.s);
      CUDA_OK(cudaStreamSynchronize(st.s));
      auto h = to_host(sym, stride);
      for (size_t j = 0; j < off; ++j) ASSERT_EQ(h[j], kPoison) << "head byte " << j;
      ASSERT_EQ(first_diff(h.data() + off, expect_prev.data() + off, bytes), -1)
          << "put from PE " << prev;
      ASSERT_EQ(h[off + bytes], kPoison) << "tail";
      // PE next's copy holds my data: get it back.
      CUDA_OK(cudaMemset(out, kPoison, stride));
      if (nbi) shoal_getmem_nbi_on_stream(out + off, sym + off, bytes, next, st.s);
      else shoal_getmem_on_stream(out + off, sym + off, bytes, next, st.s);
      CUDA_OK(cudaStreamSynchronize(st.s));
      auto o = to_host(out, stride);
      for (size_t j = 0; j < bytes; ++j)
        ASSERT_EQ(o[off + j], pattern(seed(), tag, me, off + j)) << "get byte " << j;
      ASSERT_EQ(o[off + bytes], kPoison) << "get tail";
      shoal_sync_all_on_stream(st.s);
      CUDA_OK(cudaStreamSynchronize(st.s));
    }
  }
  cudaFree(out);
  cudaFree(src);
  shoal_free(sym);
}

// --- typed p/put/get/put_signal, generated over the RMA type table ----------

template <class T>
struct TypedOps {
  void (*p)(T*, T, int, shoal_stream_t);
  void (*put)(T*, const T*, size_t, int, shoal_stream_t);
  void (*get)(T*, const T*, size_t, int, shoal_stream_t);
  void (*put_nbi)(T*, const T*, size_t, int, shoal_stream_t);
  void (*get_nbi)(T*, const T*, size_t, int, shoal_stream_t);
  void (*put_signal)(T*, const T*, size_t, uint64_t*, uint64_t, int, int, shoal_stream_t);
  void (*put_signal_nbi)(T*, const T*, size_t, uint64_t*, uint64_t, int, int, shoal_stream_t);
};

template <class T>
void typed_case(const char* name, const TypedOps<T>& ops) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const int next = (me + 1) % n, prev = (me + n - 1) % n;
  constexpr size_t kN = 37;
  const size_t bytes = kN * sizeof(T);
  // Layout: [0] p target, [1..kN] put, [kN+1..2kN] put_nbi, then two signal
  // puts' data.
  T* sym = static_cast<T*>(shoal_malloc(4 * (kN + 1) * sizeof(T)));
  auto* sig = static_cast<uint64_t*>(shoal_calloc(2, sizeof(uint64_t)));
  ASSERT_NE(sym, nullptr);
  const uint64_t tag = 700 + name_id(name) % 1000;
  auto data = [&](int pe, int part) {
    std::vector<unsigned char> v(bytes + sizeof(T));
    fill_random(v.data(), v.size(), tag, static_cast<uint64_t>(pe), static_cast<uint64_t>(part));
    return v;
  };
  T* src = static_cast<T*>(device_alloc(4 * (kN + 1) * sizeof(T)));
  for (int part = 0; part < 4; ++part) {
    auto v = data(me, part);
    CUDA_OK(cudaMemcpy(src + part * (kN + 1), v.data(), v.size(), cudaMemcpyHostToDevice));
  }
  CUDA_OK(cudaMemset(sym, kPoison, 4 * (kN + 1) * sizeof(T)));
  CUDA_OK(cudaDeviceSynchronize());
  shoal_barrier_all();
  Stream st;
  T value;
  {
    auto v = data(me, 9);
    std::memcpy(&value, v.data(), sizeof(T));
  }
  ops.p(sym, value, next, st.s);
  ops.put(sym + 1, src + 1, kN, next, st.s);
  ops.put_nbi(sym + (kN + 1) + 1, src + (kN + 1) + 1, kN, next, st.s);
  ops.put_signal(sym + 2 * (kN + 1) + 1, src + 2 * (kN + 1) + 1, kN, sig, 11, SHOAL_SIGNAL_SET,
                 next, st.s);
  ops.put_signal_nbi(sym + 3 * (kN + 1) + 1, src + 3 * (kN + 1) + 1, kN, sig + 1, 5,
                     SHOAL_SIGNAL_ADD, next, st.s);
  shoal_signal_wait_until_on_stream(sig, SHOAL_CMP_EQ, 11, st.s);
  shoal_signal_wait_until_on_stream(sig + 1, SHOAL_CMP_GE, 5, st.s);
  shoal_barrier_all_on_stream(st.s);
  CUDA_OK(cudaStreamSynchronize(st.s));
  auto h = to_host(sym, 4 * (kN + 1) * sizeof(T));
  {
    auto v = data(prev, 9);
    ASSERT_EQ(first_diff(h.data(), v.data(), sizeof(T)), -1) << name << "_p_on_stream";
  }
  const char* what[4] = {"put", "put_nbi", "put_signal", "put_signal_nbi"};
  for (int part = 0; part < 4; ++part) {
    auto v = data(prev, part);
    const unsigned char* at = h.data() + (part * (kN + 1) + 1) * sizeof(T);
    ASSERT_EQ(first_diff(at, v.data() + sizeof(T), bytes), -1) << name << "_" << what[part];
    if (part < 3) {
      ASSERT_EQ(at[bytes], kPoison) << name << "_" << what[part] << " tail";
    }
  }
  auto sg = to_host(sig, 16);
  uint64_t sv[2];
  std::memcpy(sv, sg.data(), 16);
  EXPECT_EQ(sv[0], 11u);
  EXPECT_EQ(sv[1], 5u);
  // get / get_nbi: PE next's put region holds my data.
  T* out = static_cast<T*>(device_alloc(2 * (kN + 1) * sizeof(T)));
  CUDA_OK(cudaMemset(out, kPoison, 2 * (kN + 1) * sizeof(T)));
  ops.get(out, sym + 1, kN, next, st.s);
  ops.get_nbi(out + kN + 1, sym + (kN + 1) + 1, kN, next, st.s);
  CUDA_OK(cudaStreamSynchronize(st.s));
  auto o = to_host(out, 2 * (kN + 1) * sizeof(T));
  for (int part = 0; part < 2; ++part) {
    auto v = data(me, part);
    ASSERT_EQ(first_diff(o.data() + part * (kN + 1) * sizeof(T), v.data() + sizeof(T), bytes), -1)
        << name << (part ? "_get_nbi" : "_get");
    ASSERT_EQ(o[part * (kN + 1) * sizeof(T) + bytes], kPoison) << name << " get tail";
  }
  shoal_barrier_all();
  cudaFree(out);
  cudaFree(src);
  shoal_free(sig);
  shoal_free(sym);
}

#define STREAM_TYPED_TEST_(NAME, TYPE)                                                          \
  TEST(StreamTyped, NAME) {                                                                     \
    typed_case<TYPE>(#NAME, TypedOps<TYPE>{shoal_##NAME##_p_on_stream,                          \
                                           shoal_##NAME##_put_on_stream,                        \
                                           shoal_##NAME##_get_on_stream,                        \
                                           shoal_##NAME##_put_nbi_on_stream,                    \
                                           shoal_##NAME##_get_nbi_on_stream,                    \
                                           shoal_##NAME##_put_signal_on_stream,                 \
                                           shoal_##NAME##_put_signal_nbi_on_stream});           \
  }
SHOAL_FOR_RMA_TYPES(STREAM_TYPED_TEST_)
#undef STREAM_TYPED_TEST_

// --- ordering with the caller's kernels, waits gating kernels, barriers ------

// Iteration `it`'s data of PE `pe`: 64-bit words.
__host__ __device__ inline uint64_t word_of(uint64_t seed_v, uint64_t it, int pe, size_t i) {
  uint64_t x = seed_v ^ (it * 0x9E3779B97F4A7C15ull) ^ (static_cast<uint64_t>(pe) << 48) ^ (i * 0xD6E8FEB86659FD93ull);
  x ^= x >> 32;
  x *= 0xD6E8FEB86659FD93ull;
  x ^= x >> 32;
  return x;
}

__global__ void fill_kernel(uint64_t* buf, size_t words, uint64_t seed_v, const uint64_t* iter,
                            uint64_t fixed_iter, int pe) {
  const uint64_t it = iter ? *iter : fixed_iter;
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < words; i += gridDim.x * blockDim.x)
    buf[i] = word_of(seed_v, it, pe, i);
}

// Counts words that differ from PE `pe`'s data for the iteration into
// errors[it]; marks the iteration seen. One block. With `sig`/`iter` (the
// graph case) it then resets the signal and advances the iteration counter.
__global__ void check_kernel(const uint64_t* buf, size_t words, uint64_t seed_v, uint64_t* iter,
                             uint64_t fixed_iter, int pe, unsigned* errors, unsigned* seen,
                             uint64_t* sig) {
  __shared__ unsigned bad;
  const uint64_t it = iter ? *iter : fixed_iter;
  if (threadIdx.x == 0) bad = 0;
  __syncthreads();
  unsigned mine = 0;
  for (size_t i = threadIdx.x; i < words; i += blockDim.x)
    if (buf[i] != word_of(seed_v, it, pe, i)) ++mine;
  if (mine) atomicAdd(&bad, mine);
  __syncthreads();
  if (threadIdx.x == 0) {
    errors[it] = bad;
    seen[it] += 1;
    if (sig) *sig = 0;
    if (iter) *iter = it + 1;
  }
}

TEST(StreamOrder, KernelsPutSignalWaitBarrier) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const int next = (me + 1) % n, prev = (me + n - 1) % n;
  constexpr int kIters = 20;
  const size_t words = 3000 + 1000 * (seed() % 7);  // varies with the seed
  auto* dst = static_cast<uint64_t*>(shoal_malloc(words * 8));
  auto* sig = static_cast<uint64_t*>(shoal_calloc(1, 8));
  auto* src = static_cast<uint64_t*>(device_alloc(words * 8));
  auto* errors = static_cast<unsigned*>(device_alloc(kIters * sizeof(unsigned)));
  auto* seen = static_cast<unsigned*>(device_alloc(kIters * sizeof(unsigned)));
  CUDA_OK(cudaMemset(errors, 0xff, kIters * sizeof(unsigned)));
  CUDA_OK(cudaMemset(seen, 0, kIters * sizeof(unsigned)));
  CUDA_OK(cudaMemset(dst, kPoison, words * 8));
  CUDA_OK(cudaDeviceSynchronize());
  shoal_barrier_all();
  Stream st;
  for (int it = 0; it < kIters; ++it) {
    // The kernel writes, the put sends what it wrote (stream order), the
    // signal follows the data, the peer's wait gates its check kernel, and
    // the barrier keeps the next iteration's put out of the check's way.
    CUDA_OK(shoal::launch(fill_kernel, 2, 64, 0, st.s, src, words, seed(), nullptr,
                          static_cast<uint64_t>(it), me));
    if (it % 2)
      shoal_putmem_signal_on_stream(dst, src, words * 8, sig, it + 1, SHOAL_SIGNAL_SET, next, st.s);
    else
      shoal_uint64_put_signal_nbi_on_stream(dst, src, words, sig, 1, SHOAL_SIGNAL_ADD, next, st.s);
    shoal_signal_wait_until_on_stream(sig, SHOAL_CMP_EQ, it + 1, st.s);
    CUDA_OK(shoal::launch(check_kernel, 1, 64, 0, st.s, dst, words, seed(), nullptr,
                          static_cast<uint64_t>(it), prev, errors, seen, nullptr));
    if (it % 3 == 0) shoal_barrier_all_on_stream(st.s);
    else if (it % 3 == 1) shoal_barrier_on_stream(SHOAL_TEAM_NODE, st.s);
    else shoal_sync_on_stream(SHOAL_TEAM_SHARED, st.s);  // no outstanding puts: sync suffices
  }
  CUDA_OK(cudaStreamSynchronize(st.s));
  std::vector<unsigned> e(kIters), s(kIters);
  CUDA_OK(cudaMemcpy(e.data(), errors, kIters * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(s.data(), seen, kIters * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int it = 0; it < kIters; ++it) {
    EXPECT_EQ(s[it], 1u) << "iteration " << it << " checked " << s[it] << " times";
    EXPECT_EQ(e[it], 0u) << "iteration " << it << ": " << e[it] << " of " << words
                         << " words differ from PE " << prev << "'s data";
  }
  shoal_barrier_all();
  cudaFree(seen);
  cudaFree(errors);
  cudaFree(src);
  shoal_free(sig);
  shoal_free(dst);
}

// signal_op_on_stream from every PE to every PE (ADD), then SET; quiet.
TEST(StreamSignal, OpFromEveryPe) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  auto* sig = static_cast<uint64_t*>(shoal_calloc(2, 8));
  Stream st;
  for (int pe = 0; pe < n; ++pe) {
    shoal_signal_op_on_stream(sig, static_cast<uint64_t>(me + 1), SHOAL_SIGNAL_ADD, pe, st.s);
    if (pe == (me + 1) % n) shoal_signal_op_on_stream(sig + 1, 1000 + me, SHOAL_SIGNAL_SET, pe, st.s);
  }
  shoal_quiet_on_stream(st.s);
  const uint64_t total = static_cast<uint64_t>(n) * (n + 1) / 2;
  shoal_signal_wait_until_on_stream(sig, SHOAL_CMP_GE, total, st.s);
  shoal_barrier_all_on_stream(st.s);
  CUDA_OK(cudaStreamSynchronize(st.s));
  auto h = to_host(sig, 16);
  uint64_t v[2];
  std::memcpy(v, h.data(), 16);
  EXPECT_EQ(v[0], total);
  EXPECT_EQ(v[1], 1000u + (me + n - 1) % n);
  shoal_barrier_all();
  shoal_free(sig);
}

// --- graph capture: one captured iteration replayed many times --------------

TEST(StreamGraph, CapturedSequenceReplayed) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const int next = (me + 1) % n, prev = (me + n - 1) % n;
  const int kReplays = n <= 2 ? 200 : n <= 4 ? 100 : 50;
  // Large enough on sim for the multi-kernel put_signal path on 1-2 PEs.
  const size_t words = n <= 2 ? (1u << 18) + 5 : 4096 + 3;
  auto* dst = static_cast<uint64_t*>(shoal_malloc(words * 8));
  auto* sig = static_cast<uint64_t*>(shoal_calloc(1, 8));
  auto* src = static_cast<uint64_t*>(device_alloc(words * 8));
  auto* iter = static_cast<uint64_t*>(device_alloc(8));
  auto* errors = static_cast<unsigned*>(device_alloc(kReplays * sizeof(unsigned)));
  auto* seen = static_cast<unsigned*>(device_alloc(kReplays * sizeof(unsigned)));
  CUDA_OK(cudaMemset(iter, 0, 8));
  CUDA_OK(cudaMemset(errors, 0xff, kReplays * sizeof(unsigned)));
  CUDA_OK(cudaMemset(seen, 0, kReplays * sizeof(unsigned)));
  CUDA_OK(cudaMemset(dst, kPoison, words * 8));
  CUDA_OK(cudaDeviceSynchronize());
  shoal_barrier_all();
  Stream st;
  // The iteration number lives in device memory (iter), so the captured
  // kernels' fixed arguments produce new data on every replay; the check
  // kernel resets the signal before the barrier lets the peer signal again.
  CUDA_OK(cudaStreamBeginCapture(st.s, cudaStreamCaptureModeThreadLocal));
  CUDA_OK(shoal::launch(fill_kernel, 2, 64, 0, st.s, src, words, seed(), iter, uint64_t{0}, me));
  shoal_putmem_signal_on_stream(dst, src, words * 8, sig, 1, SHOAL_SIGNAL_SET, next, st.s);
  shoal_signal_wait_until_on_stream(sig, SHOAL_CMP_EQ, 1, st.s);
  CUDA_OK(shoal::launch(check_kernel, 1, 64, 0, st.s, dst, words, seed(), iter, uint64_t{0}, prev,
                        errors, seen, sig));
  shoal_barrier_all_on_stream(st.s);
  cudaGraph_t graph = nullptr;
  CUDA_OK(cudaStreamEndCapture(st.s, &graph));
  cudaGraphExec_t exec = nullptr;
  CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
  for (int r = 0; r < kReplays; ++r) CUDA_OK(cudaGraphLaunch(exec, st.s));
  CUDA_OK(cudaStreamSynchronize(st.s));
  std::vector<unsigned> e(kReplays), s(kReplays);
  CUDA_OK(cudaMemcpy(e.data(), errors, kReplays * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(s.data(), seen, kReplays * sizeof(unsigned), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int r = 0; r < kReplays; ++r) {
    if (s[r] != 1 || e[r] != 0) ++bad;
    EXPECT_EQ(s[r], 1u) << "replay " << r << " checked " << s[r] << " times";
    EXPECT_EQ(e[r], 0u) << "replay " << r << ": " << e[r] << " of " << words << " words differ";
    if (bad > 5) break;
  }
  uint64_t it_now = 0;
  CUDA_OK(cudaMemcpy(&it_now, iter, 8, cudaMemcpyDeviceToHost));
  EXPECT_EQ(it_now, static_cast<uint64_t>(kReplays));
  // The last replay's data is in place.
  std::vector<uint64_t> h(words);
  CUDA_OK(cudaMemcpy(h.data(), dst, words * 8, cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < words; ++i)
    ASSERT_EQ(h[i], word_of(seed(), kReplays - 1, prev, i)) << "word " << i;
  CUDA_OK(cudaGraphExecDestroy(exec));
  CUDA_OK(cudaGraphDestroy(graph));
  shoal_barrier_all();
  cudaFree(seen);
  cudaFree(errors);
  cudaFree(iter);
  cudaFree(src);
  shoal_free(sig);
  shoal_free(dst);
}

// --- argument errors (checked on the host when the call is made) ------------

constexpr int kCode = 17;

class StreamErrors : public testing::Test {
 protected:
  void SetUp() override {
    me_ = shoal_my_pe();
    n_ = shoal_n_pes();
    sym_ = static_cast<uint64_t*>(shoal_calloc(4, 8));
  }
  void TearDown() override { shoal_free(sym_); }
  std::string prefix() const { return "shoal\\[PE " + std::to_string(me_) + "\\] FATAL "; }
  int me_ = 0, n_ = 0;
  uint64_t* sym_ = nullptr;
};

TEST_F(StreamErrors, BadPe) {
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_putmem_on_stream(sym_, sym_, 8, n_ + 2, nullptr);
      },
      testing::ExitedWithCode(kCode),
      prefix() + "shoal_putmem_on_stream: PE " + std::to_string(n_ + 2) + " is out of range");
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_long_p_on_stream(reinterpret_cast<long*>(sym_), 1, -1, nullptr);
      },
      testing::ExitedWithCode(kCode), "shoal_long_p_on_stream: PE -1 is out of range");
}

TEST_F(StreamErrors, OutsideHeap) {
  uint64_t local[4] = {};
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_uint64_put_on_stream(local, sym_, 4, 0, nullptr);
      },
      testing::ExitedWithCode(kCode),
      prefix() + "shoal_uint64_put_on_stream: dest .* is not inside the symmetric heap");
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_getmem_on_stream(local, sym_, 1ull << 40, 0, nullptr);
      },
      testing::ExitedWithCode(kCode), "shoal_getmem_on_stream: source .* is not inside the symmetric heap");
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_signal_wait_until_on_stream(local, SHOAL_CMP_EQ, 1, nullptr);
      },
      testing::ExitedWithCode(kCode),
      "shoal_signal_wait_until_on_stream: sig_addr .* is not inside the symmetric heap");
}

TEST_F(StreamErrors, BadSigOpCmpTeam) {
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_putmem_signal_on_stream(sym_ + 1, sym_, 8, sym_, 1, 7, 0, nullptr);
      },
      testing::ExitedWithCode(kCode),
      prefix() + "shoal_putmem_signal_on_stream: sig_op 7 is neither SHOAL_SIGNAL_SET");
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_signal_op_on_stream(sym_, 1, -1, 0, nullptr);
      },
      testing::ExitedWithCode(kCode), "shoal_signal_op_on_stream: sig_op -1 is neither");
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_signal_wait_until_on_stream(sym_, 9, 1, nullptr);
      },
      testing::ExitedWithCode(kCode), "shoal_signal_wait_until_on_stream: cmp 9 is not one of");
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_barrier_on_stream(42, nullptr);
      },
      testing::ExitedWithCode(kCode), prefix() + "shoal_barrier_on_stream: .*42");
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_signal_op_on_stream(reinterpret_cast<uint64_t*>(reinterpret_cast<char*>(sym_) + 4), 1,
                                  SHOAL_SIGNAL_SET, 0, nullptr);
      },
      testing::ExitedWithCode(kCode), "shoal_signal_op_on_stream: sig_addr .* is not aligned");
}

}  // namespace
}  // namespace shoal_test
