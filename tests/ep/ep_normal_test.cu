// EP normal mode (layout, dispatch, combine) against the host reference
// (ep_normal_reference.h) from seeded random inputs (seed printed by
// pe_main; SHOAL_TEST_SEED reproduces). Every rank regenerates every rank's
// inputs, so it knows what it must receive. Outputs are poisoned before
// each checked call and every element is checked.
#include <cuda_bf16.h>
#include <shoal/ep.h>
#include <shoal/launch.h>
#include <shoal/shoal.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "tests/common/pe_test.h"
#include "tests/ep/ep_normal_reference.h"
#include "tests/ep/ep_reference.h"
#include "tests/ep/ep_test_util.h"
#include "tests/ep/identity_expert.cuh"

namespace shoal_test {
namespace {

namespace ref = shoal_ep_ref;
using shoal::ep::Buffer;
using shoal::ep::Config;

#define CUDA_OK(expr)                                                      \
  do {                                                                     \
    cudaError_t e_ = (expr);                                               \
    ASSERT_EQ(e_, cudaSuccess) << #expr << ": " << cudaGetErrorString(e_); \
  } while (0)

struct NCase {
  int max_tokens, hidden, experts, topk;
  bool fp8 = false, int32 = false, weighted = false;
  int cap = 0;          // max_recv_tokens (0: default)
  int empty_rank = -1;  // passes 0 tokens
  int route = 0;        // kRandom, kOneExpert or kOneRank
  bool cancel = false;  // expert outputs that cancel (rank_factor)
  int threads = 0;      // config.threads (0: default; routed kernels run at most 256)
};

// Routing: random (ref::make_input), every token to one expert (the last:
// k = 0, the other selections -1), or every selection to the last rank's
// experts (distinct per token; -1 past that rank's expert count).
enum { kRandom = 0, kOneExpert = 1, kOneRank = 2 };

void reroute(const NCase& c, int R, ref::Input* in) {
  const int K = c.topk, El = c.experts / R;
  for (int t = 0; t < in->tokens; ++t)
    for (int k = 0; k < K; ++k) {
      int64_t& e = in->idx[static_cast<size_t>(t) * K + k];
      if (c.route == kOneExpert) e = k == 0 ? c.experts - 1 : -1;
      if (c.route == kOneRank) e = k < El ? static_cast<int64_t>(R - 1) * El + (k + t) % El : -1;
    }
}

std::string name(const NCase& c) {
  return "T" + std::to_string(c.max_tokens) + " H" + std::to_string(c.hidden) + " E" + std::to_string(c.experts) +
         " K" + std::to_string(c.topk) + (c.fp8 ? " fp8" : " bf16") + (c.int32 ? " int32" : "") +
         (c.weighted ? " weighted" : "") + (c.cap ? " cap " + std::to_string(c.cap) : "") +
         (c.empty_rank >= 0 ? " empty rank " + std::to_string(c.empty_rank) : "") +
         (c.route == kOneExpert ? " one expert" : c.route == kOneRank ? " one rank" : "");
}

int tokens_of(const NCase& c, int rank) {
  if (rank == c.empty_rank) return 0;
  return std::max(0, c.max_tokens - 5 * rank);
}

Config config_of(const NCase& c) {
  Config cfg(c.max_tokens, c.hidden, c.experts, c.topk, shoal::ep::DType::bf16);
  cfg.modes = SHOAL_EP_MODE_NORMAL;
  cfg.normal_ring_tokens = 32;  // small: the rings wrap
  cfg.max_recv_tokens = c.cap;
  cfg.threads = c.threads;
  return cfg;
}

// The token as dispatch carries it: bf16 bytes, or e4m3 codes + scales.
void token_payload(const NCase& c, const ref::Input& in, int t, std::vector<uint8_t>* pay, std::vector<uint8_t>* sc) {
  const int H = c.hidden;
  pay->resize(c.fp8 ? H : 2u * H);
  sc->assign(c.fp8 ? H / 128 * 4 : 0, 0);
  ref::quantise(&in.x[static_cast<size_t>(t) * H], H, c.fp8 ? ref::kE4M3 : ref::kBF16, pay->data(), sc->data());
}

// What an identity expert returns for the token (bf16 bits [H]).
// The node of every rank when the buffer forwards across nodes (combine sums
// node by node then), else empty.
struct Nodes {
  std::vector<int> of;
  int mine = 0;
  const std::vector<int>* get() const { return of.empty() ? nullptr : &of; }
};
Nodes forwarding_nodes(const Buffer& b) {
  Nodes n;
  if (!b.normal_forwarding()) return n;
  int count = 0;
  const int* of = shoal_ep_node_of_rank(b.raw(), &count);
  n.of.assign(of, of + b.num_ranks());
  n.mine = n.of[static_cast<size_t>(b.rank())];
  return n;
}

// round_trip's experts: rank r returns its rows times rank_factor(r) (a
// power of two: exact in bf16), so rows differ between ranks. With
// c.cancel the factors are 2^20, 1 and -2^20 by r mod 3: a token's fp32 sum
// then loses its small terms or not depending on the order of the additions,
// so a combine that sums in another order than documented fails bit-exactness.
float rank_factor(const NCase& c, int r) {
  if (c.cancel) return r % 3 == 0 ? 1048576.f : r % 3 == 1 ? 1.f : -1048576.f;
  return std::ldexp(1.f, r % 4 - 1);
}

// Every rank's expert output for the tokens of `in` (element t·H + h).
std::vector<std::vector<uint16_t>> scaled_rows(const NCase& c, const ref::Input& in, int ranks) {
  const int H = c.hidden;
  std::vector<std::vector<uint16_t>> y(static_cast<size_t>(ranks), std::vector<uint16_t>(static_cast<size_t>(in.tokens) * H));
  std::vector<uint8_t> pay, sc;
  for (int t = 0; t < in.tokens; ++t) {
    token_payload(c, in, t, &pay, &sc);
    for (int h = 0; h < H; ++h) {
      const float v = ref::dequant(pay.data(), sc.data(), c.fp8 ? ref::kE4M3 : ref::kBF16, h);
      for (int r = 0; r < ranks; ++r)
        y[static_cast<size_t>(r)][static_cast<size_t>(t) * H + h] = ref::f2bf(v * rank_factor(c, r));
    }
  }
  return y;
}

std::vector<uint16_t> identity(const NCase& c, const ref::Input& in) {
  const int H = c.hidden;
  std::vector<uint16_t> y(static_cast<size_t>(in.tokens) * H);
  std::vector<uint8_t> pay, sc;
  for (int t = 0; t < in.tokens; ++t) {
    token_payload(c, in, t, &pay, &sc);
    for (int h = 0; h < H; ++h)
      y[static_cast<size_t>(t) * H + h] = ref::f2bf(ref::dequant(pay.data(), sc.data(), c.fp8 ? ref::kE4M3 : ref::kBF16, h));
  }
  return y;
}

struct Dev {
  void* x = nullptr;
  float* scales = nullptr;
  void* idx = nullptr;
  float* w = nullptr;
  void* y = nullptr;
  void* out = nullptr;
  ~Dev() {
    cudaFree(x);
    cudaFree(scales);
    cudaFree(idx);
    cudaFree(w);
    cudaFree(y);
    cudaFree(out);
  }
};

void upload(const NCase& c, const ref::Input& in, int cap, Dev* d) {
  const size_t T = static_cast<size_t>(in.tokens), H = static_cast<size_t>(c.hidden), K = static_cast<size_t>(c.topk);
  if (!d->x) {
    const size_t Tm = static_cast<size_t>(c.max_tokens);
    CUDA_OK(cudaMalloc(&d->x, Tm * H * 2 + 16));
    CUDA_OK(cudaMalloc(reinterpret_cast<void**>(&d->scales), Tm * H / 128 * 4 + 16));
    CUDA_OK(cudaMalloc(&d->idx, Tm * K * 8 + 16));
    CUDA_OK(cudaMalloc(reinterpret_cast<void**>(&d->w), Tm * K * 4 + 16));
    CUDA_OK(cudaMalloc(&d->y, static_cast<size_t>(cap) * H * 2 + 16));
    CUDA_OK(cudaMalloc(&d->out, Tm * H * 2 + 16));
  }
  std::vector<uint8_t> xs, ss, pay, sc;
  for (int t = 0; t < in.tokens; ++t) {
    token_payload(c, in, t, &pay, &sc);
    xs.insert(xs.end(), pay.begin(), pay.end());
    ss.insert(ss.end(), sc.begin(), sc.end());
  }
  if (!xs.empty()) CUDA_OK(cudaMemcpy(d->x, xs.data(), xs.size(), cudaMemcpyHostToDevice));
  if (!ss.empty()) CUDA_OK(cudaMemcpy(d->scales, ss.data(), ss.size(), cudaMemcpyHostToDevice));
  if (c.int32) {
    std::vector<int32_t> i32(in.idx.begin(), in.idx.end());
    CUDA_OK(cudaMemcpy(d->idx, i32.data(), T * K * 4, cudaMemcpyHostToDevice));
  } else {
    CUDA_OK(cudaMemcpy(d->idx, in.idx.data(), T * K * 8, cudaMemcpyHostToDevice));
  }
  CUDA_OK(cudaMemcpy(d->w, in.weights.data(), T * K * 4, cudaMemcpyHostToDevice));
}

template <class T>
T get(const std::vector<unsigned char>& v, size_t i) {
  T x;
  std::memcpy(&x, &v[i * sizeof(T)], sizeof(T));
  return x;
}

void check_layout(const NCase& c, const Buffer& b, const shoal::ep::LayoutResult& lr, const ref::Input& in) {
  const int R = b.num_ranks();
  int nodes = 0;
  const int* node_of = shoal_ep_node_of_rank(b.raw(), &nodes);
  ASSERT_NE(node_of, nullptr);
  ASSERT_EQ(lr.num_nodes, nodes);
  const auto want = ref::normal_layout(in, c.topk, c.experts, R, std::vector<int>(node_of, node_of + R));
  const auto pr = heap_read(lr.tokens_per_rank, R * 4), pn = heap_read(lr.tokens_per_node, nodes * 4),
             pe = heap_read(lr.tokens_per_expert, c.experts * 4),
             ir = heap_read(lr.is_token_in_rank, static_cast<size_t>(in.tokens) * R);
  for (int r = 0; r < R; ++r) ASSERT_EQ(get<int>(pr, r), want.per_rank[r]) << "tokens_per_rank[" << r << "]";
  for (int n = 0; n < nodes; ++n) ASSERT_EQ(get<int>(pn, n), want.per_node[n]) << "tokens_per_node[" << n << "]";
  for (int e = 0; e < c.experts; ++e) ASSERT_EQ(get<int>(pe, e), want.per_expert[e]) << "tokens_per_expert[" << e << "]";
  for (size_t i = 0; i < ir.size(); ++i) ASSERT_EQ(ir[i], want.in_rank[i]) << "is_token_in_rank[" << i / R << "][" << i % R << "]";
}

void poison(const NCase& c, const shoal::ep::NormalDispatchResult& r) {
  const size_t n = static_cast<size_t>(r.capacity), H = static_cast<size_t>(c.hidden), K = static_cast<size_t>(c.topk);
  heap_poison(r.recv_x, n * H * 2);
  if (r.recv_scales) heap_poison(r.recv_scales, n * H / 128 * 4);
  heap_poison(r.recv_topk_idx, n * K * 8);
  heap_poison(r.recv_topk_weights, n * K * 4);
  heap_poison(r.recv_src_token, n * 4);
}

// Checks what dispatch delivered to this rank; fills y with the identity
// expert's output for every received row (host expert).
void check_dispatch(const NCase& c, const Buffer& b, const shoal::ep::NormalDispatchResult& r,
                    const std::vector<ref::Input>& all, bool poisoned, std::vector<uint16_t>* y) {
  const int R = b.num_ranks(), me = b.rank(), El = b.num_local_experts(), H = c.hidden, K = c.topk;
  const auto want = ref::normal_rows(all, K, El, me);
  const int n = static_cast<int>(want.size()), kept = std::min(n, r.capacity);
  ASSERT_EQ(heap_value(r.num_recv), n) << "num_recv";
  const auto rr = heap_read(r.recv_rank_range, R * 8);
  int begin = 0;
  for (int s = 0; s < R; ++s) {
    int cnt = 0;
    for (const auto& w : want) cnt += w.src_rank == s;
    ASSERT_EQ(get<int64_t>(rr, s), (static_cast<int64_t>(begin) << 32) | cnt) << "recv_rank_range[" << s << "]";
    begin += cnt;
  }
  std::vector<int> counts(static_cast<size_t>(El), 0);
  const size_t pay = c.fp8 ? H : 2u * H;
  const auto x = heap_read(r.recv_x, static_cast<size_t>(r.capacity) * pay);
  const auto sc = c.fp8 ? heap_read(r.recv_scales, static_cast<size_t>(r.capacity) * H / 128 * 4) : std::vector<unsigned char>();
  const auto idx = heap_read(r.recv_topk_idx, static_cast<size_t>(r.capacity) * K * (c.int32 ? 4 : 8));
  const auto wts = heap_read(r.recv_topk_weights, static_cast<size_t>(r.capacity) * K * 4);
  const auto src = heap_read(r.recv_src_token, static_cast<size_t>(r.capacity) * 4);
  y->assign(static_cast<size_t>(r.capacity) * H, 0);
  std::vector<uint8_t> p, s;
  for (int i = 0; i < kept; ++i) {
    const auto& w = want[static_cast<size_t>(i)];
    const auto& in = all[static_cast<size_t>(w.src_rank)];
    ASSERT_EQ(get<int>(src, i), w.src_token) << "recv_src_token[" << i << "]";
    token_payload(c, in, w.src_token, &p, &s);
    const long long d = first_diff(&x[i * pay], p.data(), pay);
    ASSERT_EQ(d, -1) << "recv_x row " << i << " (rank " << w.src_rank << " token " << w.src_token << ") byte " << d;
    if (c.fp8) {
      ASSERT_EQ(first_diff(&sc[i * s.size()], s.data(), s.size()), -1) << "recv_scales row " << i;
    }
    for (int k = 0; k < K; ++k) {
      const int64_t e = in.idx[static_cast<size_t>(w.src_token) * K + k];
      const int64_t le = (e >= 0 && e / El == me) ? e % El : -1;
      const int64_t got = c.int32 ? get<int32_t>(idx, static_cast<size_t>(i) * K + k) : get<int64_t>(idx, static_cast<size_t>(i) * K + k);
      ASSERT_EQ(got, le) << "recv_topk_idx[" << i << "][" << k << "]";
      ASSERT_EQ(get<float>(wts, static_cast<size_t>(i) * K + k),
                le >= 0 ? in.weights[static_cast<size_t>(w.src_token) * K + k] : 0.f)
          << "recv_topk_weights[" << i << "][" << k << "]";
      if (le >= 0) ++counts[static_cast<size_t>(le)];
    }
    for (int h = 0; h < H; ++h)
      (*y)[static_cast<size_t>(i) * H + h] =
          ref::f2bf(ref::dequant(p.data(), s.data(), c.fp8 ? ref::kE4M3 : ref::kBF16, h) * rank_factor(c, me));
  }
  if (poisoned) {
    for (int i = kept; i < r.capacity; ++i)
      ASSERT_EQ(static_cast<uint32_t>(get<int>(src, i)), 0xA5A5A5A5u) << "row " << i << " past num_recv written";
  }
  if (n <= r.capacity) {
    const auto ec = heap_read(r.recv_expert_count, El * 4);
    for (int le = 0; le < El; ++le) ASSERT_EQ(get<int>(ec, le), counts[static_cast<size_t>(le)]) << "recv_expert_count[" << le << "]";
  }
}

// layout -> dispatch -> (host identity expert) -> combine, checked; then a
// cached dispatch of new data with the same routing, and its combine twice
// (bit-identical).
void round_trip(const NCase& c, Buffer& b, cudaStream_t s, uint64_t tag) {
  const Nodes nodes = forwarding_nodes(b);
  SCOPED_TRACE(name(c));
  const int R = b.num_ranks(), me = b.rank(), El = b.num_local_experts(), H = c.hidden, K = c.topk;
  std::vector<ref::Input> all;
  for (int r = 0; r < R; ++r) {
    all.push_back(ref::make_input(seed(), tag, r, tokens_of(c, r), H, c.experts, K));
    reroute(c, R, &all.back());
  }
  const ref::Input& in = all[static_cast<size_t>(me)];
  const int cap = c.cap ? c.cap : R * c.max_tokens;
  // Which of this rank's (token, destination) rows land past their
  // receiver's capacity (dropped: zero in combine), and how many rows this
  // rank must receive.
  std::vector<std::vector<uint8_t>> dropped(static_cast<size_t>(in.tokens), std::vector<uint8_t>(static_cast<size_t>(R), 0));
  int my_dropped = 0;
  for (int t = 0; t < in.tokens; ++t)
    for (int r : ref::ranks_of(in, t, K, El))
      if (ref::normal_row_at(all, K, El, r, me, t) >= cap) {
        dropped[static_cast<size_t>(t)][static_cast<size_t>(r)] = 1;
        ++my_dropped;
      }
  const int n_recv = static_cast<int>(ref::normal_rows(all, K, El, me).size());
  Dev d;
  ASSERT_NO_FATAL_FAILURE(upload(c, in, cap, &d));
  const auto index = c.int32 ? shoal::ep::Index::int32 : shoal::ep::Index::int64;
  shoal::ep::LayoutResult lr{};
  const auto l = b.layout(d.idx, in.tokens, K, s, index, &lr);
  CUDA_OK(cudaStreamSynchronize(s));
  ASSERT_NO_FATAL_FAILURE(check_layout(c, b, lr, in));
  shoal::ep::NormalDispatchOptions o;
  o.x_scales = c.fp8 ? d.scales : nullptr;
  for (int pass = 0; pass < 2; ++pass) {
    SCOPED_TRACE(pass == 0 ? "first dispatch" : "cached dispatch");
    if (pass == 1) {
      // New values, same routing.
      std::vector<ref::Input> next;
      for (int r = 0; r < R; ++r) {
        auto v = ref::make_input(seed(), tag + 1000, r, tokens_of(c, r), H, c.experts, K);
        v.idx = all[static_cast<size_t>(r)].idx;
        next.push_back(v);
      }
      all = next;
      ASSERT_NO_FATAL_FAILURE(upload(c, all[static_cast<size_t>(me)], cap, &d));
      o.cached = true;
    }
    int host_counts[1024] = {};
    o.host_expert_counts = host_counts;
    auto r = b.dispatch(d.x, d.idx, d.w, l, s, o);
    if (pass == 1) {
      CUDA_OK(cudaStreamSynchronize(s));
      shoal_barrier_all();
      poison(c, r);
      shoal_barrier_all();
      r = b.dispatch(d.x, d.idx, d.w, l, s, o);
    }
    ASSERT_NE(r.host_counts_ready, nullptr);
    CUDA_OK(cudaEventSynchronize(r.host_counts_ready));
    CUDA_OK(cudaStreamSynchronize(s));
    std::vector<uint16_t> y;
    ASSERT_NO_FATAL_FAILURE(check_dispatch(c, b, r, all, pass == 1, &y));
    const auto ec = heap_read(r.recv_expert_count, El * 4);
    for (int le = 0; le < El; ++le) ASSERT_EQ(host_counts[le], get<int>(ec, le)) << "host copy of recv_expert_count";
    CUDA_OK(cudaMemcpy(d.y, y.data(), y.size() * 2, cudaMemcpyHostToDevice));
    const auto rows = scaled_rows(c, all[static_cast<size_t>(me)], R);
    std::vector<unsigned char> first;
    for (int rep = 0; rep < (pass == 1 ? 2 : 1); ++rep) {
      heap_poison(d.out, static_cast<size_t>(c.max_tokens) * H * 2);
      void* out = b.combine(d.y, d.idx, c.weighted ? d.w : nullptr, r.handle, s, d.out);
      ASSERT_EQ(out, d.out);
      CUDA_OK(cudaStreamSynchronize(s));
      const auto want = ref::normal_combine_by_rank(
          all[static_cast<size_t>(me)], [&](int q, size_t i) { return rows[static_cast<size_t>(q)][i]; }, H, K, El,
          c.weighted, [&](int q, int t) { return !dropped[static_cast<size_t>(t)][static_cast<size_t>(q)]; },
          nodes.get(), nodes.mine);
      const auto got = heap_read(d.out, want.size() * 2);
      for (size_t i = 0; i < want.size(); ++i)
        ASSERT_EQ(get<uint16_t>(got, i), want[i]) << "out[" << i / H << "][" << i % H << "]";
      // The overflow report: the first dispatch's needed count where this
      // rank overflowed (a cached dispatch reuses that receive layout and
      // reports nothing new), and per combine the rows this rank lost.
      const auto st = b.normal_status(s);
      EXPECT_EQ(st.overflow_needed, pass == 0 && rep == 0 && n_recv > cap ? n_recv : 0) << "overflow_needed";
      EXPECT_EQ(st.dropped_rows, my_dropped) << "dropped_rows";
      if (rep == 0) first = got;
      if (rep > 0) {
        ASSERT_EQ(first_diff(first.data(), got.data(), got.size()), -1) << "a repeated combine differs";
      }
      // Against the unquantised sum: x times the ranks' factors (and weights).
      const auto& mi = all[static_cast<size_t>(me)];
      if (mi.tokens > 0 && my_dropped == 0 && !c.cancel) {  // cancelling sums are far from exact
        std::vector<double> g(want.size()), e(want.size(), 0.0);
        for (size_t i = 0; i < want.size(); ++i) g[i] = ref::bf2f(get<uint16_t>(got, i));
        for (int t = 0; t < mi.tokens; ++t) {
          double f = 0;
          if (c.weighted) {
            for (int k = 0; k < K; ++k) {
              const int64_t e_k = mi.idx[static_cast<size_t>(t) * K + k];
              if (e_k >= 0) f += mi.weights[static_cast<size_t>(t) * K + k] * rank_factor(c, static_cast<int>(e_k / El));
            }
          } else {
            for (int q : ref::ranks_of(mi, t, K, El)) f += rank_factor(c, q);
          }
          for (int h = 0; h < H; ++h) e[static_cast<size_t>(t) * H + h] = f * ref::bf2f(mi.x[static_cast<size_t>(t) * H + h]);
        }
        // BF16: DeepEP's 5e-6 for one rounding (the sum at the home rank).
        // Forwarding rounds twice: the in-node partial sums travel as bf16
        // (as DeepEP's internode combine sends them), then the final sum;
        // seen at 5.07e-6 with SHOAL_TEST_SEED=16253065965711 on 2 x 4.
        const double bound = c.fp8 ? 9e-4 : nodes.get() ? 1e-5 : 5e-6;
        EXPECT_LT(ref::calc_diff(g, e), bound) << "calc_diff";
      }
    }
    shoal_barrier_all();  // inputs and y are rewritten after every rank checked
  }
}

// Each case on a buffer of its own, one stream.
void round_trips(const std::vector<NCase>& cases, uint64_t tag) {
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  for (const auto& c : cases) {
    Buffer b(config_of(c));
    ASSERT_NO_FATAL_FAILURE(round_trip(c, b, s, tag++));
  }
  CUDA_OK(cudaStreamDestroy(s));
}

TEST(EpNormal, ShapesDtypesCachedDeterministic) {
  const int R = shoal_n_pes();
  const std::vector<NCase> cases = {
      {70, 256, 4 * R, 4},
      {45, 384, 2 * R, 8, true, true, true},
      {33, 128, R, 1, false, false, true},
      {50, 2048, 8 * R, 6, true, false, false, 0, 1},
      // Cancelling expert outputs: the summation order shows (rank_factor).
      {40, 256, 4 * R, 6, false, false, true, 0, -1, kRandom, true},
      {40, 128, 2 * R, 4, false, true, false, 0, -1, kRandom, true},
      // 512 threads per block: the P2P kernels run them, the routed and
      // forwarding ones (compiled for 256) run 256.
      {24, 128, 2 * R, 3, false, false, true, 0, -1, kRandom, false, 512},
  };
  ASSERT_NO_FATAL_FAILURE(round_trips(cases, 1));
}

// Very uneven routing: every token to one expert, or every selection to one
// rank (the others receive nothing), with a rank that sends nothing; and a
// capacity below what ranks receive: dispatch fills what fits, num_recv
// says what was needed, normal_status reports it, dropped rows contribute
// zero, nothing hangs (round_trip checks each).
TEST(EpNormal, UnevenRoutingAndOverflow) {
  const int R = shoal_n_pes();
  std::vector<NCase> cases = {
      {40, 256, 2 * R, 3, false, false, true, 0, 0, kOneExpert},
      {36, 384, 4 * R, 4, true, true, true, 0, R - 1, kOneRank},
      {40, 256, 2 * R, 3, false, false, true, 12, -1, kRandom},
      {30, 128, 3 * R, 5, true, false, false, 17, 0, kOneRank},
  };
  ASSERT_NO_FATAL_FAILURE(round_trips(cases, 40));
}

// layout -> dispatch -> identity expert (a device kernel) -> combine captured
// in one CUDA graph, replayed with new values and new routing before each
// replay (the layout is in the graph); every replay checked, outputs
// poisoned first.
TEST(EpNormal, GraphReplay) {
  const int R = shoal_n_pes(), me = shoal_my_pe();
  const NCase c{24, 256, 4 * R, 4, true, false, true};
  Buffer b(config_of(c));
  const int El = b.num_local_experts(), cap = R * c.max_tokens, H = c.hidden;
  const Nodes nodes = forwarding_nodes(b);
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  Dev d;
  const auto first = ref::make_input(seed(), 300, me, tokens_of(c, me), H, c.experts, c.topk);
  ASSERT_NO_FATAL_FAILURE(upload(c, first, cap, &d));
  const int T = tokens_of(c, me);
  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
  const auto l = b.layout(d.idx, T, c.topk, s);
  shoal::ep::NormalDispatchOptions o;
  o.x_scales = d.scales;
  const auto r = b.dispatch(d.x, d.idx, d.w, l, s, o);
  CUDA_OK(shoal::launch(ref::identity_expert, dim3(1), dim3(256), 0, s, static_cast<const unsigned char*>(r.recv_x),
                        reinterpret_cast<const unsigned char*>(r.recv_scales), static_cast<const int*>(r.num_recv), 1, H,
                        static_cast<long long>(cap), static_cast<__nv_bfloat16*>(d.y)));
  b.combine(d.y, d.idx, d.w, r.handle, s, d.out);
  cudaGraph_t g;
  CUDA_OK(cudaStreamEndCapture(s, &g));
  cudaGraphExec_t ge;
  CUDA_OK(cudaGraphInstantiate(&ge, g, 0));
  for (int i = 0; i < 8; ++i) {
    SCOPED_TRACE("replay " + std::to_string(i));
    std::vector<ref::Input> all;
    for (int q = 0; q < R; ++q) all.push_back(ref::make_input(seed(), 310 + i, q, tokens_of(c, q), H, c.experts, c.topk));
    ASSERT_NO_FATAL_FAILURE(upload(c, all[static_cast<size_t>(me)], cap, &d));
    poison(c, r);
    heap_poison(d.out, static_cast<size_t>(c.max_tokens) * H * 2);
    heap_poison(d.y, static_cast<size_t>(cap) * H * 2);
    shoal_barrier_all();  // every rank poisoned before any replay writes into it
    CUDA_OK(cudaGraphLaunch(ge, s));
    CUDA_OK(cudaStreamSynchronize(s));
    std::vector<uint16_t> y;
    ASSERT_NO_FATAL_FAILURE(check_dispatch(c, b, r, all, true, &y));
    const auto& in = all[static_cast<size_t>(me)];
    const auto want = ref::normal_combine(in, identity(c, in), H, c.topk, El, true, [](int, int) { return true; },
                                          nodes.get(), nodes.mine);
    const auto got = heap_read(d.out, want.size() * 2);
    for (size_t j = 0; j < want.size(); ++j)
      ASSERT_EQ(get<uint16_t>(got, j), want[j]) << "out[" << j / H << "][" << j % H << "]";
    shoal_barrier_all();  // the next inputs are copied after every rank checked
  }
  cudaGraphExecDestroy(ge);
  cudaGraphDestroy(g);
  CUDA_OK(cudaStreamDestroy(s));
}

// Each rank's node, named by the node's first world PE (gathered through the
// heap: every rank knows every rank's node).
std::vector<int> node_leaders(int R) {
  auto* sym = static_cast<int*>(shoal_calloc(static_cast<size_t>(R), 4));
  const int leader = shoal_team_translate_pe(SHOAL_TEAM_NODE, 0, SHOAL_TEAM_WORLD);
  for (int q = 0; q < R; ++q) shoal_int_p(&sym[shoal_my_pe()], leader, q);
  shoal_barrier_all();
  const auto raw = heap_read(sym, static_cast<size_t>(R) * 4);
  std::vector<int> out(static_cast<size_t>(R));
  for (int q = 0; q < R; ++q) out[static_cast<size_t>(q)] = get<int>(raw, static_cast<size_t>(q));
  shoal_barrier_all();
  shoal_free(sym);
  return out;
}

shoal_transport_counters_t counters() {
  shoal_transport_counters_t t{};
  EXPECT_EQ(shoal_transport_counters(&t), 0);
  return t;
}

// What crosses the network (shoal_transport_counters: the proxy, or the
// IBGDA emulator) in one layout + dispatch + combine, against the routing:
// every row to or from a rank on another node is one entry (combine: one
// bf16 row) plus its 8-byte flag; per such peer and channel one count word
// and one acknowledgement; ring credits at most one 8-byte add per row; and
// one host barrier's own traffic (bounded). Routed inside the node only,
// nothing but the count words and acknowledgements may leave it. On one
// node every count is 0. Forwarding across nodes: one entry per token and
// other node, one partial row back per token and node (sent by the node's
// forwarder), and per node and channel the forwarder's count word, its
// acknowledgement and combine's scales signal.
TEST(EpNormal, NetworkBytes) {
  const int R = shoal_n_pes(), me = shoal_my_pe();
  const NCase c{48, 256, 4 * R, 4};
  Config cfg = config_of(c);
  cfg.normal_channels = 2;
  const int C = cfg.normal_channels;
  Buffer b(cfg);
  const int El = b.num_local_experts(), H = c.hidden, K = c.topk;
  const auto node = node_leaders(R);
  const bool fwd = b.normal_forwarding();
  const Nodes nodes = forwarding_nodes(b);
  std::vector<int> local(static_cast<size_t>(R));  // index within the node
  int num_nodes = 0;
  for (int q = 0; q < R; ++q) {
    for (int r = 0; r < q; ++r) local[static_cast<size_t>(q)] += node[static_cast<size_t>(r)] == node[static_cast<size_t>(q)];
    num_nodes += local[static_cast<size_t>(q)] == 0;
  }
  auto* probe = static_cast<char*>(shoal_malloc(64));
  std::vector<int> net(static_cast<size_t>(R));
  int peers_net = 0;
  for (int q = 0; q < R; ++q) {
    net[static_cast<size_t>(q)] = shoal_ptr(probe, q) == nullptr;
    peers_net += net[static_cast<size_t>(q)];
    ASSERT_EQ(net[static_cast<size_t>(q)] != 0, node[static_cast<size_t>(q)] != node[static_cast<size_t>(me)])
        << "PE " << q << ": reachability and node disagree";
  }
  if (!counters().counted) {
    shoal_free(probe);
    GTEST_SKIP() << "a transport in use does not count (IBGDA on a real NIC)";
  }
  if (fwd) {
    // The size queries count forwarding's memory (docs/ep.md): the second
    // symmetric region, N·C·S·(e + 8 + 2H) + 2·N·T·L4·4 + 32·N·C bytes plus
    // alignment, and per layout slot N·(4T + 8·words + 8C) device bytes
    // plus tables; SHOAL_EP_NORMAL_FORWARD=0 takes them out.
    const size_t with = shoal_ep_bytes_needed(&cfg), dev_with = shoal_ep_device_bytes_needed(&cfg, R);
    ASSERT_EQ(setenv("SHOAL_EP_NORMAL_FORWARD", "0", 1), 0);
    const size_t without = shoal_ep_bytes_needed(&cfg), dev_without = shoal_ep_device_bytes_needed(&cfg, R);
    ASSERT_EQ(unsetenv("SHOAL_EP_NORMAL_FORWARD"), 0);
    const size_t N = static_cast<size_t>(num_nodes), L4 = (static_cast<size_t>(R) / N + 3) / 4 * 4,
                 S = static_cast<size_t>(cfg.normal_ring_tokens), T = static_cast<size_t>(c.max_tokens),
                 Cs = static_cast<size_t>(C), e = (16 + 2 * static_cast<size_t>(H) + 8 * static_cast<size_t>(K) + 15) / 16 * 16,
                 words = T / 32 + 1;
    const size_t sym = N * Cs * S * (e + 8 + 2 * static_cast<size_t>(H)) + 2 * N * T * L4 * 4 + 32 * N * Cs;
    const size_t dev = 2 * N * (4 * T + 8 * words + 8 * Cs);
    std::printf("PE %d forwarding memory: symmetric +%zu (formula %zu), device +%zu (slots %zu)\n", me,
                with - without, sym, dev_with - dev_without, dev);
    EXPECT_GE(with - without, sym);
    EXPECT_LE(with - without, sym + 16 * 128);
    EXPECT_GE(dev_with - dev_without, dev);
    EXPECT_LE(dev_with - dev_without, dev + 16 * N * Cs + 8 * static_cast<size_t>(R) + 4 * N + 24 * 128);
  }
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  // One host barrier's own traffic: its signals differ between PEs and
  // between barriers (measured 0..16 bytes per PE at 4 PEs), so the bound
  // allows 16 bytes per PE of the job, less than one entry: a single row
  // that went over the network where it should not is still seen.
  const uint64_t bar = 16 * static_cast<uint64_t>(R);
  const size_t entry = (16 + 2 * static_cast<size_t>(H) + 8 * static_cast<size_t>(K) + 15) / 16 * 16;
  for (int in_node = 1; in_node >= 0; --in_node) {
    SCOPED_TRACE(in_node ? "routed inside the node" : "random routing");
    std::vector<ref::Input> all;
    for (int q = 0; q < R; ++q) {
      all.push_back(ref::make_input(seed(), 900 + static_cast<uint64_t>(in_node), q, tokens_of(c, q), H, c.experts, K));
      if (in_node) {
        // Distinct experts of the ranks on q's node; some selections -1.
        std::vector<int64_t> mine;
        for (int r = 0; r < R; ++r)
          if (node[static_cast<size_t>(r)] == node[static_cast<size_t>(q)])
            for (int l = 0; l < El; ++l) mine.push_back(static_cast<int64_t>(r) * El + l);
        ASSERT_GE(mine.size(), static_cast<size_t>(K));
        auto& in = all.back();
        for (int t = 0; t < in.tokens; ++t)
          for (int k = 0; k < K; ++k)
            in.idx[static_cast<size_t>(t) * K + k] =
                k == K - 1 && t % 5 == 0 ? -1 : mine[(static_cast<size_t>(t) * 3 + static_cast<size_t>(k)) % mine.size()];
      }
    }
    const ref::Input& in = all[static_cast<size_t>(me)];
    uint64_t disp_net = 0, comb_net = 0;
    if (!fwd) {
      for (int t = 0; t < in.tokens; ++t)
        for (int r : ref::ranks_of(in, t, K, El)) disp_net += static_cast<uint64_t>(net[static_cast<size_t>(r)]);
      for (int q = 0; q < R; ++q)
        if (net[static_cast<size_t>(q)])
          for (int t = 0; t < all[static_cast<size_t>(q)].tokens; ++t)
            for (int r : ref::ranks_of(all[static_cast<size_t>(q)], t, K, El)) comb_net += r == me;
    } else {
      // Forwarding: one entry per token and other node it goes to; back,
      // as forwarder, one partial row per token of a source with my local
      // index on another node that came to my node.
      auto nodes_of = [&](const ref::Input& x, int t) {
        std::vector<int> ns;
        for (int r : ref::ranks_of(x, t, K, El))
          if (std::find(ns.begin(), ns.end(), nodes.of[static_cast<size_t>(r)]) == ns.end())
            ns.push_back(nodes.of[static_cast<size_t>(r)]);
        return ns;
      };
      for (int t = 0; t < in.tokens; ++t)
        for (int n : nodes_of(in, t)) disp_net += n != nodes.mine;
      for (int q = 0; q < R; ++q)
        if (nodes.of[static_cast<size_t>(q)] != nodes.mine && local[static_cast<size_t>(q)] == local[static_cast<size_t>(me)])
          for (int t = 0; t < all[static_cast<size_t>(q)].tokens; ++t)
            for (int n : nodes_of(all[static_cast<size_t>(q)], t)) comb_net += n == nodes.mine;
    }
    if (in_node) {
      ASSERT_EQ(disp_net, 0u);
      ASSERT_EQ(comb_net, 0u);
    }
    Dev d;
    ASSERT_NO_FATAL_FAILURE(upload(c, in, R * c.max_tokens, &d));
    CUDA_OK(cudaMemset(d.y, 0, static_cast<size_t>(R) * c.max_tokens * H * 2));
    shoal_barrier_all();
    shoal_quiet();  // counted when issued: the barrier's last signal before c0
    const auto c0 = counters();
    const auto l = b.layout(d.idx, in.tokens, K, s);
    const auto r = b.dispatch(d.x, d.idx, d.w, l, s);
    b.combine(d.y, d.idx, nullptr, r.handle, s, d.out);
    CUDA_OK(cudaStreamSynchronize(s));
    shoal_barrier_all();  // every rank's kernels ended: all it sent was delivered
    shoal_quiet();
    const auto c1 = counters();
    const auto nr = heap_read(r.num_recv, 4);
    ASSERT_EQ(get<int>(nr, 0), static_cast<int>(ref::normal_rows(all, K, El, me).size())) << "num_recv";
    const uint64_t got = c1.bytes - c0.bytes;
    // Forwarding adds per other node and channel a count word and its
    // acknowledgement (to and from its forwarder) and combine's scales
    // signal (unweighted here: the word alone).
    const uint64_t lo = disp_net * (entry + 8) + comb_net * (2 * static_cast<uint64_t>(H) + 8) +
                        16 * static_cast<uint64_t>(peers_net * C) +
                        (fwd ? 24 * static_cast<uint64_t>((num_nodes - 1) * C) : 0);
    const uint64_t hi = lo + 8 * (disp_net + comb_net) + bar;
    std::printf("PE %d %s%s: network bytes %llu (rows out %llu, rows back %llu, %d peers on other nodes; bounds "
                "%llu..%llu, barrier slack %llu), operations %llu\n",
                me, in_node ? "in-node routing" : "random routing", fwd ? " (forwarding)" : "", static_cast<unsigned long long>(got),
                static_cast<unsigned long long>(disp_net), static_cast<unsigned long long>(comb_net), peers_net,
                static_cast<unsigned long long>(lo), static_cast<unsigned long long>(hi),
                static_cast<unsigned long long>(bar), static_cast<unsigned long long>(c1.ops - c0.ops));
    EXPECT_GE(got, lo);
    EXPECT_LE(got, hi);
    if (peers_net == 0) {
      EXPECT_EQ(got, 0u) << "one node: nothing may use the network";
    }
    shoal_barrier_all();
  }
  shoal_free(probe);
  CUDA_OK(cudaStreamDestroy(s));
}

// Bad arguments are refused on the host with the PE, the call and the value.
TEST(EpNormal, BadArguments) {
  const int R = shoal_n_pes(), me = shoal_my_pe();
  NCase c{8, 128, 2 * R, 2};
  Buffer b(config_of(c));
  const std::string pe = "shoal[PE " + std::to_string(me) + "] ";
  const auto msg = [](auto&& f) { return shoal_ep_test::error_text(f); };
  EXPECT_EQ(msg([&] { b.dispatch_ll(nullptr, nullptr, 0, 1); }),
            pe + "shoal_ep_dispatch_ll: the buffer was created without SHOAL_EP_MODE_LOW_LATENCY in config.modes");
  EXPECT_EQ(msg([&] { b.layout(nullptr, 9, 2); }),
            pe + "shoal_ep_layout: num_tokens 9 is out of range (0..max_tokens_per_rank 8)");
  const auto l = b.layout(nullptr, 0, 2);
  shoal::ep::NormalDispatchOptions o;
  o.cached = true;
  EXPECT_EQ(msg([&] { b.dispatch(nullptr, nullptr, nullptr, l, nullptr, o); }).rfind(pe + "shoal_ep_dispatch: cached dispatch needs a layout that already had a dispatch", 0), 0u);
  o.cached = false;
  o.num_sms = 5;
  EXPECT_EQ(msg([&] { b.dispatch(nullptr, nullptr, nullptr, l, nullptr, o); }).rfind(pe + "shoal_ep_dispatch: num_sms 5 is not a multiple of", 0), 0u);
  EXPECT_EQ(msg([&] { b.combine(nullptr, nullptr, nullptr, l); }), pe + "shoal_ep_combine: layout #1 has had no dispatch to combine");
  b.layout(nullptr, 0, 2);
  b.layout(nullptr, 0, 2);
  EXPECT_EQ(msg([&] { b.dispatch(nullptr, nullptr, nullptr, l); }).rfind(pe + "shoal_ep_dispatch: the layout #1 is stale", 0), 0u);
  Config bad = config_of(c);
  bad.max_recv_tokens = R * 8 + 1;
  EXPECT_NE(msg([&] { Buffer x(bad); }).find("max_recv_tokens " + std::to_string(R * 8 + 1) + " is more than"), std::string::npos);
  bad = config_of(c);
  bad.normal_ring_tokens = 8;
  EXPECT_EQ(msg([&] { Buffer x(bad); }), pe + "shoal_ep_buffer_create: normal_ring_tokens 8 is out of range (0 for the default, or 32..65536)");
  // The buffer still works after the refusals.
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  ASSERT_NO_FATAL_FAILURE(round_trip(c, b, s, 77));
  CUDA_OK(cudaStreamDestroy(s));
}

// One rank's device runs out of memory in creation, after the config
// exchange (sim: SHOAL_SIM_DEVICE_MEMORY set in that process only): every
// rank's creation fails, the others naming that rank, nobody waits forever
// in a collective step (forwarding's allocation, when it forwards), and the
// heap stays consistent: the next buffer works.
TEST(EpNormal, DeviceSetupFailsOnOneRank) {
#if !defined(SHOAL_PLATFORM_SIM)
  GTEST_SKIP() << "needs the sim's SHOAL_SIM_DEVICE_MEMORY";
#endif
  const int R = shoal_n_pes(), me = shoal_my_pe(), victim = R - 1;
  if (R < 2) GTEST_SKIP() << "needs 2 PEs";
  const NCase c{24, 128, 2 * R, 3, false, false, true};
  const std::string pe = "shoal[PE " + std::to_string(me) + "] ";
  const auto msg = [](auto&& f) { return shoal_ep_test::error_text(f); };
  size_t free0 = 0, total0 = 0;
  CUDA_OK(cudaMemGetInfo(&free0, &total0));
  if (me == victim) {
    ASSERT_EQ(setenv("SHOAL_SIM_DEVICE_MEMORY", "1", 1), 0);
  }
  size_t free1 = 0, total1 = 0;
  CUDA_OK(cudaMemGetInfo(&free1, &total1));
  const std::string m = msg([&] { Buffer x(config_of(c)); });
  if (me == victim) {
    ASSERT_EQ(unsetenv("SHOAL_SIM_DEVICE_MEMORY"), 0);
    EXPECT_EQ(total1, 1u);
    EXPECT_EQ(m.rfind(pe + "shoal_ep_buffer_create: cudaMalloc of ", 0), 0u) << m;
    EXPECT_NE(m.find("bytes of device memory for outputs and control failed: out of memory"), std::string::npos) << m;
  } else {
    EXPECT_EQ(total1, total0);
    EXPECT_EQ(m, pe + "shoal_ep_buffer_create: rank " + std::to_string(victim) + " (PE " + std::to_string(victim) +
                     ") could not set up its device state (its shoal_ep_last_error says why)");
  }
  Buffer b(config_of(c));
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  ASSERT_NO_FATAL_FAILURE(round_trip(c, b, s, 91));
  CUDA_OK(cudaStreamDestroy(s));
}

}  // namespace
}  // namespace shoal_test
