// Stream-ordered collectives: direct calls on a stream, and the same calls
// captured in a CUDA graph and replayed with new inputs each time.
#include <shoal/coll_on_stream.h>
#include <shoal/shoal.h>

#include <algorithm>
#include <type_traits>
#include <vector>

#include "tests/coll/coll_util.h"

namespace shoal_test {
namespace {

int value(uint64_t tag, int pe, size_t i) {
  return static_cast<int>((seed() ^ (tag * 7919 + pe * 104729 + i * 31)) % 100000) - 50000;
}

struct Bufs {
  int n_pes = shoal_n_pes();
  size_t n;
  int *src, *sum, *gather, *bc, *a2a_src, *a2a;
  explicit Bufs(size_t count) : n(count) {
    src = static_cast<int*>(shoal_malloc(n * sizeof(int)));
    sum = static_cast<int*>(shoal_malloc(n * sizeof(int)));
    bc = static_cast<int*>(shoal_malloc(n * sizeof(int)));
    gather = static_cast<int*>(shoal_malloc(n * n_pes * sizeof(int)));
    a2a_src = static_cast<int*>(shoal_malloc(n * n_pes * sizeof(int)));
    a2a = static_cast<int*>(shoal_malloc(n * n_pes * sizeof(int)));
  }
  ~Bufs() {
    for (int* p : {src, sum, bc, gather, a2a_src, a2a}) shoal_free(p);
  }
  void fill(uint64_t tag) {
    const int me = shoal_my_pe();
    std::vector<int> h(n * n_pes);
    for (size_t i = 0; i < n; ++i) h[i] = value(tag, me, i);
    cudaMemcpy(src, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    for (size_t i = 0; i < n * n_pes; ++i) h[i] = value(tag + 1, me, i);
    cudaMemcpy(a2a_src, h.data(), n * n_pes * sizeof(int), cudaMemcpyHostToDevice);
    std::vector<unsigned char> poison(n * n_pes * sizeof(int), kPoison);
    for (int* p : {sum, bc, gather, a2a})
      cudaMemcpy(p, poison.data(), (p == sum || p == bc ? n : n * n_pes) * sizeof(int),
                 cudaMemcpyHostToDevice);
  }
  void enqueue(cudaStream_t s) {
    shoal_barrier_all_on_stream(s);
    shoal_int_sum_reduce_on_stream(SHOAL_TEAM_WORLD, sum, src, n, s);
    shoal_int_broadcast_on_stream(SHOAL_TEAM_WORLD, bc, src, n, n_pes - 1, s);
    shoal_int_fcollect_on_stream(SHOAL_TEAM_WORLD, gather, src, n, s);
    shoal_int_alltoall_on_stream(SHOAL_TEAM_WORLD, a2a, a2a_src, n, s);
    shoal_sync_all_on_stream(s);
  }
  void check(uint64_t tag, const char* what) {
    const int me = shoal_my_pe();
    auto get = [](const int* d, size_t count) {
      std::vector<int> h(count);
      cudaMemcpy(h.data(), d, count * sizeof(int), cudaMemcpyDeviceToHost);
      return h;
    };
    auto s = get(sum, n), b = get(bc, n), g = get(gather, n * n_pes), a = get(a2a, n * n_pes);
    for (size_t i = 0; i < n; ++i) {
      unsigned ref = 0;
      for (int pe = 0; pe < n_pes; ++pe) ref += static_cast<unsigned>(value(tag, pe, i));
      ASSERT_EQ(s[i], static_cast<int>(ref)) << what << " sum element " << i;
      ASSERT_EQ(b[i], value(tag, n_pes - 1, i)) << what << " broadcast element " << i;
      for (int pe = 0; pe < n_pes; ++pe) {
        ASSERT_EQ(g[pe * n + i], value(tag, pe, i)) << what << " fcollect from PE " << pe;
        ASSERT_EQ(a[pe * n + i], value(tag + 1, pe, me * n + i)) << what << " alltoall from PE " << pe;
      }
    }
  }
};

TEST(CollOnStream, Direct) {
  for (size_t n : {1ul, 1000ul, 20000ul}) {
    Bufs b(n);
    cudaStream_t s;
    CUDA_OK(cudaStreamCreate(&s));
    b.fill(10 + n);
    shoal_barrier_all();
    b.enqueue(s);
    CUDA_OK(cudaStreamSynchronize(s));
    b.check(10 + n, "direct");
    shoal_barrier_all();
    CUDA_OK(cudaStreamDestroy(s));
  }
}

TEST(CollOnStream, CapturedGraphReplayed) {
  Bufs b(777);
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  b.enqueue(s);
  CUDA_OK(cudaStreamEndCapture(s, &graph));
  CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
  for (int replay = 0; replay < 3; ++replay) {
    const uint64_t tag = 500 + 10 * replay;
    b.fill(tag);
    shoal_barrier_all();
    CUDA_OK(cudaGraphLaunch(exec, s));
    CUDA_OK(cudaStreamSynchronize(s));
    b.check(tag, "graph replay");
    shoal_barrier_all();
  }
  CUDA_OK(cudaGraphExecDestroy(exec));
  CUDA_OK(cudaGraphDestroy(graph));
  CUDA_OK(cudaStreamDestroy(s));
}

// Every op of one type and a split team, on a stream.
TEST(CollOnStream, OpsOnSplitTeam) {
  const int n = shoal_n_pes();
  shoal_team_t rev = SHOAL_TEAM_INVALID;
  ASSERT_EQ(shoal_team_split_strided(SHOAL_TEAM_WORLD, n - 1, -1, n, nullptr, 0, &rev), 0);
  const size_t count = 100;
  auto* src = static_cast<unsigned*>(shoal_malloc(count * n * sizeof(unsigned)));
  auto* dst = static_cast<unsigned*>(shoal_malloc(count * sizeof(unsigned)));
  std::vector<unsigned> h(count * n);
  for (size_t i = 0; i < h.size(); ++i) h[i] = static_cast<unsigned>(value(77, shoal_my_pe(), i));
  CUDA_OK(cudaMemcpy(src, h.data(), h.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
  using Fn = int (*)(shoal_team_t, unsigned*, const unsigned*, size_t, cudaStream_t);
  struct Case { const char* name; Fn fn; int op; bool scatter; };
  const Case cases[] = {
      {"and", shoal_uint_and_reduce_on_stream, 0, false}, {"or", shoal_uint_or_reduce_on_stream, 1, false},
      {"xor", shoal_uint_xor_reduce_on_stream, 2, false}, {"min", shoal_uint_min_reduce_on_stream, 3, false},
      {"max", shoal_uint_max_reduce_on_stream, 4, false}, {"sum", shoal_uint_sum_reduce_on_stream, 5, false},
      {"prod", shoal_uint_prod_reduce_on_stream, 6, false},
      {"sum scatter", shoal_uint_sum_reducescatter_on_stream, 5, true},
      {"max scatter", shoal_uint_max_reducescatter_on_stream, 4, true}};
  const int me = shoal_team_my_pe(rev);
  for (const Case& c : cases) {
    CUDA_OK(cudaMemset(dst, kPoison, count * sizeof(unsigned)));
    shoal_barrier_all();
    c.fn(rev, dst, src, count, nullptr);
    CUDA_OK(cudaDeviceSynchronize());
    std::vector<unsigned> got(count);
    CUDA_OK(cudaMemcpy(got.data(), dst, count * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; ++i) {
      const size_t at = c.scatter ? me * count + i : i;
      unsigned ref = 0;
      for (int m = 0; m < n; ++m) {
        const unsigned v = static_cast<unsigned>(value(77, n - 1 - m, at));  // member m = PE n-1-m
        if (m == 0) { ref = v; continue; }
        switch (c.op) {
          case 0: ref &= v; break;
          case 1: ref |= v; break;
          case 2: ref ^= v; break;
          case 3: ref = std::min(ref, v); break;
          case 4: ref = std::max(ref, v); break;
          case 5: ref += v; break;
          default: ref *= v; break;
        }
      }
      ASSERT_EQ(got[i], ref) << c.name << " element " << i;
    }
    shoal_barrier_all();
  }
  shoal_free(src);
  shoal_free(dst);
  shoal_team_destroy(rev);
}

// Every element type on a stream (the library picks the element loop from
// the type and operator at run time): sum and max, which tell apart width,
// signedness and float from integer, and reducescatter with min, on values
// whose sums are exact in every type (|v| <= 15, quarters for floats).
template <class T>
void check_type_on_stream(const char* name,
                          int (*sum)(shoal_team_t, T*, const T*, size_t, cudaStream_t),
                          int (*max)(shoal_team_t, T*, const T*, size_t, cudaStream_t),
                          int (*min_scatter)(shoal_team_t, T*, const T*, size_t, cudaStream_t)) {
  const int n = shoal_n_pes(), me = shoal_my_pe();
  const size_t count = 61;
  const bool is_float = !std::is_integral_v<T>;  // half and bfloat16 too
  const bool is_signed = is_float || std::is_signed_v<T>;
  auto val = [&](int pe, size_t i) {
    const int v = static_cast<int>((seed() ^ (pe * 7919u + i * 104729u)) % 31) - 15;
    const double d = is_signed ? v : v + 15;
    return is_float ? d / 4 : d;
  };
  auto* src = static_cast<T*>(shoal_malloc(count * n * sizeof(T)));
  auto* dst = static_cast<T*>(shoal_malloc(count * sizeof(T)));
  ASSERT_NE(src, nullptr);
  std::vector<T> h(count * n);
  for (size_t i = 0; i < h.size(); ++i) h[i] = static_cast<T>(val(me, i));
  CUDA_OK(cudaMemcpy(src, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  for (int op = 0; op < 3; ++op) {
    std::vector<unsigned char> poison(count * sizeof(T), kPoison);
    CUDA_OK(cudaMemcpy(dst, poison.data(), poison.size(), cudaMemcpyHostToDevice));
    shoal_barrier_all();
    (op == 0 ? sum : op == 1 ? max : min_scatter)(SHOAL_TEAM_WORLD, dst, src, count, nullptr);
    CUDA_OK(cudaDeviceSynchronize());
    std::vector<T> got(count);
    CUDA_OK(cudaMemcpy(got.data(), dst, count * sizeof(T), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; ++i) {
      const size_t at = op == 2 ? me * count + i : i;
      double ref = val(0, at);
      for (int m = 1; m < n; ++m) {
        const double v = val(m, at);
        ref = op == 0 ? ref + v : op == 1 ? std::max(ref, v) : std::min(ref, v);
      }
      ASSERT_EQ(static_cast<double>(got[i]), ref)
          << name << (op == 0 ? " sum" : op == 1 ? " max" : " min reducescatter") << " element "
          << i;
    }
    shoal_barrier_all();
  }
  shoal_free(src);
  shoal_free(dst);
}

#define TYPE_ON_STREAM_(NAME, TYPE)                                                     \
  check_type_on_stream<TYPE>(#NAME, shoal_##NAME##_sum_reduce_on_stream,               \
                             shoal_##NAME##_max_reduce_on_stream,                      \
                             shoal_##NAME##_min_reducescatter_on_stream);
TEST(CollOnStream, EveryArithmeticType) { SHOAL_FOR_REDUCE_ARITH_TYPES(TYPE_ON_STREAM_) }
#undef TYPE_ON_STREAM_

}  // namespace
}  // namespace shoal_test
