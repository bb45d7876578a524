// EP low-latency dispatch/combine against the host reference (ep_reference.h)
// from seeded random inputs (seed printed by pe_main; SHOAL_TEST_SEED
// reproduces). Every rank regenerates every rank's inputs, so it knows what
// each of its local experts must receive. Outputs are poisoned before each
// call and every element is checked.
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <shoal/ep.h>
#include <shoal/launch.h>
#include <shoal/shoal.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "tests/common/pe_test.h"
#include "tests/ep/ep_reference.h"
#include "tests/ep/ep_test_util.h"
#include "tests/ep/identity_expert.cuh"

namespace shoal_test {
namespace {

namespace ref = shoal_ep_ref;
using shoal::ep::Buffer;
using shoal::ep::Config;
using shoal::ep::DType;

#define CUDA_OK(expr)                                                          \
  do {                                                                         \
    cudaError_t e_ = (expr);                                                   \
    ASSERT_EQ(e_, cudaSuccess) << #expr << ": " << cudaGetErrorString(e_);     \
  } while (0)

struct Case {
  int max_tokens, hidden, experts, topk;
  DType dtype;
  bool int32 = false;
  bool rank1_empty = false;  // rank 1 passes 0 tokens
};

std::string name(const Case& c) {
  return "T" + std::to_string(c.max_tokens) + " H" + std::to_string(c.hidden) + " E" + std::to_string(c.experts) +
         " K" + std::to_string(c.topk) + " dtype " + std::to_string(static_cast<int>(c.dtype)) +
         (c.int32 ? " int32" : "") + (c.rank1_empty ? " rank1-empty" : "");
}

int tokens_of(const Case& c, int rank) {
  if (c.rank1_empty && rank == 1) return 0;
  return std::max(0, c.max_tokens - 3 * rank);  // different per rank
}

// Device copies of one rank's inputs.
struct DeviceInput {
  void* x = nullptr;
  void* idx = nullptr;
  float* w = nullptr;
  ~DeviceInput() {
    cudaFree(x);
    cudaFree(idx);
    cudaFree(w);
  }
};

void upload(const ref::Input& in, int H, int K, bool int32, DeviceInput* d) {
  const size_t T = static_cast<size_t>(in.tokens);
  if (!d->x) {
    CUDA_OK(cudaMalloc(&d->x, std::max<size_t>(T * H * 2, 16)));
    CUDA_OK(cudaMalloc(&d->idx, std::max<size_t>(T * K * 8, 16)));
    CUDA_OK(cudaMalloc(reinterpret_cast<void**>(&d->w), std::max<size_t>(T * K * 4, 16)));
  }
  CUDA_OK(cudaMemcpy(d->x, in.x.data(), T * H * 2, cudaMemcpyHostToDevice));
  if (int32) {
    std::vector<int32_t> i32(in.idx.begin(), in.idx.end());
    CUDA_OK(cudaMemcpy(d->idx, i32.data(), T * K * 4, cudaMemcpyHostToDevice));
  } else {
    CUDA_OK(cudaMemcpy(d->idx, in.idx.data(), T * K * 8, cudaMemcpyHostToDevice));
  }
  CUDA_OK(cudaMemcpy(d->w, in.weights.data(), T * K * 4, cudaMemcpyHostToDevice));
}

// Checks everything dispatch delivered to this rank's local experts.
void check_dispatch(const Case& c, const Buffer& b, const shoal::ep::DispatchResult& r,
                    const std::vector<ref::Input>& all, const std::vector<int>& masked) {
  const int R = b.num_ranks(), me = b.rank(), El = b.num_local_experts(), H = c.hidden;
  const int dtype = static_cast<int>(c.dtype);
  const size_t rows = static_cast<size_t>(R) * c.max_tokens, pay = ref::payload_bytes(dtype, H),
               sb = ref::scale_bytes(dtype, H);
  auto counts = heap_read(r.recv_count, El * 4);
  auto ranges = heap_read(r.layout_range, static_cast<size_t>(El) * R * 8);
  auto srcr = heap_read(r.recv_src_rank, El * rows * 4);
  auto srct = heap_read(r.recv_src_token, El * rows * 4);
  auto x = heap_read(r.recv_x, El * rows * pay);
  std::vector<unsigned char> sc = sb ? heap_read(r.recv_scales, El * rows * sb) : std::vector<unsigned char>();
  std::vector<uint8_t> qp(pay), qs(sb + 4);
  for (int le = 0; le < El; ++le) {
    const int e = me * El + le;
    const auto want = ref::expected_rows(all, c.topk, e, masked);
    int got_n;
    std::memcpy(&got_n, &counts[static_cast<size_t>(le) * 4], 4);
    ASSERT_EQ(got_n, static_cast<int>(want.size())) << "rows received by expert " << e;
    int begin = 0;
    for (int src = 0; src < R; ++src) {
      int n = 0;
      for (const auto& w : want) n += w.src_rank == src;
      int64_t rg;
      std::memcpy(&rg, &ranges[(static_cast<size_t>(le) * R + src) * 8], 8);
      ASSERT_EQ(rg, (static_cast<int64_t>(begin) << 32) | n) << "layout range of expert " << e << " from rank " << src;
      begin += n;
    }
    for (size_t i = 0; i < want.size(); ++i) {
      const size_t row = le * rows + i;
      int32_t gr, gt;
      std::memcpy(&gr, &srcr[row * 4], 4);
      std::memcpy(&gt, &srct[row * 4], 4);
      ASSERT_EQ(gr, want[i].src_rank) << "expert " << e << " row " << i;
      ASSERT_EQ(gt, want[i].src_token) << "expert " << e << " row " << i;
      const auto& in = all[static_cast<size_t>(gr)];
      ref::quantise(&in.x[static_cast<size_t>(gt) * H], H, dtype, qp.data(), qs.data());
      const long long d = first_diff(&x[row * pay], qp.data(), pay);
      ASSERT_EQ(d, -1) << "payload of expert " << e << " row " << i << " (rank " << gr << " token " << gt
                       << ") differs at byte " << d;
      if (sb) {
        const long long ds = first_diff(&sc[row * sb], qs.data(), sb);
        ASSERT_EQ(ds, -1) << "scales of expert " << e << " row " << i << " differ at byte " << ds;
      }
    }
    // Rows past the count are not written.
    for (size_t i = want.size(); i < rows; ++i) {
      int32_t gt;
      std::memcpy(&gt, &srct[(le * rows + i) * 4], 4);
      ASSERT_EQ(static_cast<uint32_t>(gt), 0xA5A5A5A5u) << "expert " << e << " row " << i << " past the count written";
    }
  }
}

void poison_dispatch(const Case& c, const Buffer& b, const shoal::ep::DispatchResult& r) {
  const int R = b.num_ranks(), El = b.num_local_experts();
  const size_t rows = static_cast<size_t>(R) * c.max_tokens;
  const int dtype = static_cast<int>(c.dtype);
  heap_poison(r.recv_x, El * rows * ref::payload_bytes(dtype, c.hidden));
  if (r.recv_scales) heap_poison(r.recv_scales, El * rows * ref::scale_bytes(dtype, c.hidden));
  heap_poison(r.recv_count, El * 4);
  heap_poison(r.layout_range, static_cast<size_t>(El) * R * 8);
  heap_poison(r.recv_src_rank, El * rows * 4);
  heap_poison(r.recv_src_token, El * rows * 4);
}

void check_combine(const Case& c, const void* out, const ref::Input& in, int R, const std::vector<int>& masked,
                   const std::string& what) {
  const int H = c.hidden, dtype = static_cast<int>(c.dtype);
  const auto want = ref::expected_combine(in, H, c.experts, c.topk, R, dtype, masked);
  const auto got = heap_read(out, want.size() * 2);
  for (size_t i = 0; i < want.size(); ++i) {
    uint16_t g;
    std::memcpy(&g, &got[i * 2], 2);
    ASSERT_EQ(g, want[i]) << what << ": out[" << i / H << "][" << i % H << "] = " << ref::bf2f(g) << ", expected "
                          << ref::bf2f(want[i]);
  }
  if (masked.empty() && in.tokens > 0) {
    std::vector<double> g(want.size());
    for (size_t i = 0; i < want.size(); ++i) {
      uint16_t v;
      std::memcpy(&v, &got[i * 2], 2);
      g[i] = ref::bf2f(v);
    }
    const double diff = ref::calc_diff(g, ref::exact_combine(in, H, c.topk));
    EXPECT_LT(diff, dtype == 0 ? 5e-6 : 9e-4) << what << ": calc_diff against sum w*x";
  }
}

// One dispatch -> identity experts -> combine round, checked.
struct Round {
  const Case& c;
  Buffer& b;
  cudaStream_t stream;
  __nv_bfloat16* y = nullptr;
  void* out = nullptr;
  std::map<int, shoal::ep::DispatchResult> seen;  // slot -> pointers (fixed per slot)

  Round(const Case& cc, Buffer& bb, cudaStream_t s) : c(cc), b(bb), stream(s) {
    const size_t rows = static_cast<size_t>(b.num_local_experts()) * b.num_ranks() * c.max_tokens;
    EXPECT_EQ(cudaMalloc(reinterpret_cast<void**>(&y), rows * c.hidden * 2), cudaSuccess);
    EXPECT_EQ(cudaMalloc(&out, static_cast<size_t>(c.max_tokens) * c.hidden * 2 + 16), cudaSuccess);
  }
  ~Round() {
    cudaFree(y);
    cudaFree(out);
  }

  void expert(const shoal::ep::DispatchResult& r, __nv_bfloat16* dst) {
    const long long rows = static_cast<long long>(b.num_ranks()) * c.max_tokens;
    CUDA_OK(shoal::launch(shoal_ep_ref::identity_expert, dim3(b.num_local_experts()), dim3(128), 0, stream,
                          static_cast<const unsigned char*>(r.recv_x), static_cast<const unsigned char*>(r.recv_scales),
                          r.recv_count, static_cast<int>(c.dtype), c.hidden, rows, dst));
  }

  // Runs and checks one round; hook: split send/receive; zero_copy: the
  // expert writes into the buffer.
  void run(uint64_t tag, bool hook, bool zero_copy, const std::vector<int>& masked = {}) {
    const int R = b.num_ranks(), me = b.rank();
    std::vector<ref::Input> all;
    for (int r = 0; r < R; ++r)
      all.push_back(ref::make_input(seed(), tag, r, tokens_of(c, r), c.hidden, c.experts, c.topk));
    const bool active = masked.empty() || !masked[static_cast<size_t>(me)];
    if (!active) return;
    DeviceInput d;
    ASSERT_NO_FATAL_FAILURE(upload(all[static_cast<size_t>(me)], c.hidden, c.topk, c.int32, &d));
    const int T = all[static_cast<size_t>(me)].tokens;
    shoal::ep::DispatchOptions dopt;
    dopt.index = c.int32 ? shoal::ep::Index::int32 : shoal::ep::Index::int64;
    const int slot_next = static_cast<int>(seen.size() % 2);  // slots alternate from 0
    const bool known = seen.count(slot_next) != 0;
    dopt.return_recv_hook = hook || !known;
    if (known) poison_dispatch(c, b, seen[slot_next]);
    auto r = b.dispatch_ll(d.x, d.idx, T, c.topk, stream, dopt);
    if (dopt.return_recv_hook) {
      if (!known) poison_dispatch(c, b, r);
      r.hook(stream);
    }
    seen[r.handle.slot] = r;
    CUDA_OK(cudaStreamSynchronize(stream));
    ASSERT_NO_FATAL_FAILURE(check_dispatch(c, b, r, all, masked));
    __nv_bfloat16* dst = zero_copy ? static_cast<__nv_bfloat16*>(b.combine_input(r.handle)) : y;
    ASSERT_NE(dst, nullptr);
    expert(r, dst);
    heap_poison(out, static_cast<size_t>(c.max_tokens) * c.hidden * 2);
    shoal::ep::CombineOptions copt;
    copt.index = dopt.index;
    copt.zero_copy = zero_copy;
    copt.return_recv_hook = hook;
    copt.out = out;
    auto cr = b.combine_ll(y, d.idx, d.w, r.handle, stream, copt);
    EXPECT_EQ(cr.out, out);
    if (hook) cr.hook(stream);
    CUDA_OK(cudaStreamSynchronize(stream));
    check_combine(c, out, all[static_cast<size_t>(me)], R, masked, name(c));
  }
};

Config config_of(const Case& c) { return Config(c.max_tokens, c.hidden, c.experts, c.topk, c.dtype); }

// The shape sweep: hidden {128, 2048, 7168, 16384}, top-k {1, 8, 32},
// experts {ranks, 64, 256}, all three dtypes, int32 and int64 indices.
std::vector<Case> sweep(int R) {
  std::vector<Case> v = {
      {16, 128, R, 1, DType::bf16},
      {24, 2048, 64, 8, DType::fp8_e4m3},
      {20, 7168, 256, 8, DType::fp8_ue8m0, true},
      {12, 2048, 64, 32, DType::bf16, false, true},
      {9, 1024, 256, 32, DType::fp8_e4m3, true},
      {33, 384, R, 4, DType::fp8_ue8m0},
  };
  if (R <= 4) v.push_back({6, 16384, 64, 8, DType::fp8_e4m3});
  return v;
}

TEST(EpLowLatency, ShapesDtypesAndLayout) {
  const int R = shoal_n_pes();
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  uint64_t tag = 1000;
  for (const Case& c : sweep(R)) {
    SCOPED_TRACE(name(c));
    Buffer b(config_of(c));
    ASSERT_EQ(b.num_ranks(), R);
    Round round(c, b, s);
    ASSERT_NO_FATAL_FAILURE(round.run(++tag, false, false));
  }
  CUDA_OK(cudaStreamDestroy(s));
}

// Ranks with different token counts including 0; hooks; zero copy; both
// slots in turn; repeated runs of the same inputs bit-identical (checked
// against the same exact reference every time).
TEST(EpLowLatency, HooksZeroCopyRepeatsEmptyRank) {
  const int R = shoal_n_pes();
  Case c{40, 1024, 64, 8, DType::fp8_e4m3, false, R > 1};
  Config cfg = config_of(c);
  cfg.zero_copy = 1;
  Buffer b(cfg);
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  Round round(c, b, s);
  for (int i = 0; i < 4; ++i) {
    SCOPED_TRACE("round " + std::to_string(i));
    ASSERT_NO_FATAL_FAILURE(round.run(77, i % 2 == 1, i >= 2));  // same tag: same inputs
  }
  CUDA_OK(cudaStreamDestroy(s));
}

// Two micro-batches in flight: dispatch A and B (hooks), receive both, then
// combine A and B; each result intact.
TEST(EpLowLatency, DoubleBuffering) {
  const int R = shoal_n_pes(), me = shoal_my_pe();
  Case c{24, 512, 2 * R, 4, DType::bf16};
  Buffer b(config_of(c));
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  std::vector<ref::Input> inA, inB;
  for (int r = 0; r < R; ++r) {
    inA.push_back(ref::make_input(seed(), 31, r, tokens_of(c, r), c.hidden, c.experts, c.topk));
    inB.push_back(ref::make_input(seed(), 32, r, c.max_tokens - r, c.hidden, c.experts, c.topk));
  }
  DeviceInput dA, dB;
  upload(inA[static_cast<size_t>(me)], c.hidden, c.topk, false, &dA);
  upload(inB[static_cast<size_t>(me)], c.hidden, c.topk, false, &dB);
  shoal::ep::DispatchOptions o;
  o.return_recv_hook = true;
  auto ra = b.dispatch_ll(dA.x, dA.idx, inA[static_cast<size_t>(me)].tokens, c.topk, s, o);
  auto rb = b.dispatch_ll(dB.x, dB.idx, inB[static_cast<size_t>(me)].tokens, c.topk, s, o);
  ASSERT_NE(ra.handle.slot, rb.handle.slot);
  poison_dispatch(c, b, ra);
  poison_dispatch(c, b, rb);
  ra.hook(s);
  rb.hook(s);
  CUDA_OK(cudaStreamSynchronize(s));
  ASSERT_NO_FATAL_FAILURE(check_dispatch(c, b, ra, inA, {}));
  ASSERT_NO_FATAL_FAILURE(check_dispatch(c, b, rb, inB, {}));
  // A third dispatch would reuse A's slot: refused while its hook is pending,
  // and A's handle goes stale after it.
  Round ya(c, b, s), yb(c, b, s);
  ya.expert(ra, ya.y);
  yb.expert(rb, yb.y);
  shoal::ep::CombineOptions co;
  co.return_recv_hook = true;
  co.out = ya.out;
  auto ca = b.combine_ll(ya.y, dA.idx, dA.w, ra.handle, s, co);
  co.out = yb.out;
  auto cb = b.combine_ll(yb.y, dB.idx, dB.w, rb.handle, s, co);
  EXPECT_THROW(b.dispatch_ll(dA.x, dA.idx, 1, c.topk, s), shoal::ep::Error);
  ca.hook(s);
  cb.hook(s);
  CUDA_OK(cudaStreamSynchronize(s));
  check_combine(c, ya.out, inA[static_cast<size_t>(me)], R, {}, "micro-batch A");
  check_combine(c, yb.out, inB[static_cast<size_t>(me)], R, {}, "micro-batch B");
  CUDA_OK(cudaStreamDestroy(s));
}

// dispatch -> expert -> combine captured once, replayed 20 times with new
// inputs copied in before each replay; every replay checked.
TEST(EpLowLatency, GraphReplay) {
  const int R = shoal_n_pes(), me = shoal_my_pe();
  Case c{16, 256, 4 * R, 4, DType::fp8_e4m3};
  Buffer b(config_of(c));
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  DeviceInput d;
  auto in0 = ref::make_input(seed(), 500, me, c.max_tokens, c.hidden, c.experts, c.topk);
  upload(in0, c.hidden, c.topk, false, &d);
  Round rd(c, b, s);
  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
  auto r = b.dispatch_ll(d.x, d.idx, c.max_tokens, c.topk, s);
  rd.expert(r, rd.y);
  shoal::ep::CombineOptions co;
  co.out = rd.out;
  b.combine_ll(rd.y, d.idx, d.w, r.handle, s, co);
  cudaGraph_t g;
  CUDA_OK(cudaStreamEndCapture(s, &g));
  cudaGraphExec_t ge;
  CUDA_OK(cudaGraphInstantiate(&ge, g, 0));
  for (int i = 0; i < 20; ++i) {
    SCOPED_TRACE("replay " + std::to_string(i));
    std::vector<ref::Input> all;
    for (int q = 0; q < R; ++q) all.push_back(ref::make_input(seed(), 600 + i, q, c.max_tokens, c.hidden, c.experts, c.topk));
    upload(all[static_cast<size_t>(me)], c.hidden, c.topk, false, &d);
    heap_poison(rd.out, static_cast<size_t>(c.max_tokens) * c.hidden * 2);
    poison_dispatch(c, b, r);
    CUDA_OK(cudaGraphLaunch(ge, s));
    CUDA_OK(cudaStreamSynchronize(s));
    ASSERT_NO_FATAL_FAILURE(check_dispatch(c, b, r, all, {}));
    ASSERT_NO_FATAL_FAILURE(check_combine(c, rd.out, all[static_cast<size_t>(me)], R, {}, "replay"));
    shoal_barrier_all();  // the next replay's inputs are copied after every rank checked
  }
  cudaGraphExecDestroy(ge);
  cudaGraphDestroy(g);
  CUDA_OK(cudaStreamDestroy(s));
}

// The last rank does not take part: masked by the caller on the others, and
// (second buffer) found by the timeout with masking on.
TEST(EpLowLatency, MaskedRank) {
  const int R = shoal_n_pes(), me = shoal_my_pe();
  if (R < 2) GTEST_SKIP() << "needs 2 ranks";
  Case c{12, 256, 2 * R, 4, DType::bf16};
  std::vector<int> masked(static_cast<size_t>(R), 0);
  masked[static_cast<size_t>(R - 1)] = 1;
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  {
    Buffer b(config_of(c));
    if (me != R - 1) b.set_masked_ranks(masked, s);
    Round round(c, b, s);
    ASSERT_NO_FATAL_FAILURE(round.run(901, false, false, masked));
    if (me != R - 1) {
      EXPECT_EQ(b.query_mask(s), masked);
    }
  }
  {
    Config cfg = config_of(c);
    cfg.enable_masking = 1;
    cfg.timeout_s = 1.0;
    Buffer b(cfg);
    Round round(c, b, s);
    ASSERT_NO_FATAL_FAILURE(round.run(902, false, false, masked));
    if (me != R - 1) {
      std::vector<int> want(static_cast<size_t>(R), 0);
      want[static_cast<size_t>(R - 1)] = 2;
      EXPECT_EQ(b.query_mask(s), want);
    }
  }
  CUDA_OK(cudaStreamDestroy(s));
}

// Bad arguments are refused on the host with the PE, the call and the value.
// The launch the buffer chose: on sim every PE of the machine shares one
// modelled GPU, so the SMs are divided among them; the route matches what
// the test was started for (SHOAL_EP_TEST_ROUTE: p2p, or remote when some
// peers go through the proxy or IBGDA), so remote tests really are remote.
TEST(EpLowLatency, LaunchInfo) {
  const int R = shoal_n_pes();
  Buffer b(config_of(Case{8, 128, 2 * R, 2, DType::bf16}));
  const shoal_ep_launch_info_t li = b.launch_info();
  int sms = 0;
  CUDA_OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  EXPECT_EQ(li.gpu_sharers, R);
  EXPECT_EQ(li.num_blocks, std::max(1, sms / R));
  EXPECT_EQ(li.threads, 128);
  void* probe = shoal_malloc(64);
  ASSERT_NE(probe, nullptr);
  int reachable = 0;
  for (int pe = 0; pe < R; ++pe) reachable += shoal_ptr(probe, pe) != nullptr;
  shoal_free(probe);
  EXPECT_EQ(li.all_p2p, reachable == R ? 1 : 0);
  const char* want = std::getenv("SHOAL_EP_TEST_ROUTE");
  if (want && std::string(want) == "remote") {
    EXPECT_EQ(li.all_p2p, 0) << "a remote test where every peer is P2P reachable";
    EXPECT_LT(reachable, R);
  } else if (want && std::string(want) == "p2p") {
    EXPECT_EQ(li.all_p2p, 1);
  }
  // Bad pointer to the query.
  EXPECT_NE(shoal_ep_launch_info(b.raw(), nullptr), 0);
  EXPECT_NE(std::string(shoal_ep_last_error()).find("shoal_ep_launch_info: info is NULL"), std::string::npos);
}

TEST(EpLowLatency, BadArguments) {
  const int me = shoal_my_pe();
  Case c{8, 128, 2 * shoal_n_pes(), 2, DType::bf16};
  Buffer b(config_of(c));
  const std::string pe = "shoal[PE " + std::to_string(me) + "] ";
  const auto msg = [](auto&& f) { return shoal_ep_test::error_text(f); };
  EXPECT_EQ(msg([&] { b.dispatch_ll(nullptr, nullptr, 9, 2); }),
            pe + "shoal_ep_dispatch_ll: num_tokens 9 is out of range (0..max_tokens_per_rank 8)");
  EXPECT_EQ(msg([&] { b.dispatch_ll(nullptr, nullptr, 0, 3); }),
            pe + "shoal_ep_dispatch_ll: topk 3 is out of range (1..max_topk 2)");
  shoal::ep::Handle h{};
  EXPECT_EQ(msg([&] { b.combine_ll(nullptr, nullptr, nullptr, h, nullptr); }).rfind(pe + "shoal_ep_combine_ll: the handle belongs to another buffer", 0), 0u);
  Config bad = config_of(c);
  bad.hidden = 200;
  EXPECT_EQ(msg([&] { Buffer x(bad); }), pe + "shoal_ep_buffer_create: hidden 200 is not a multiple of 128 in 128..16384");
  bad = config_of(c);
  bad.num_experts = 2 * shoal_n_pes() + 1;
  if (shoal_n_pes() > 1) {
    EXPECT_NE(msg([&] { Buffer x(bad); }).find("is not divisible by the team's"), std::string::npos);
  }
  // Configs that differ between ranks fail on every rank.
  bad = config_of(c);
  bad.enable_masking = me % 2;  // same sizes, different behaviour
  if (shoal_n_pes() > 1) {
    EXPECT_NE(msg([&] { Buffer x(bad); }).find("has a different config"), std::string::npos);
  }
  bad = config_of(c);
  bad.threads = 1024;
  EXPECT_EQ(msg([&] { Buffer x(bad); }), pe + "shoal_ep_buffer_create: threads 1024 is not 0 or a multiple of 32 up to 512");
  bad = config_of(c);
  bad.num_blocks = 100000;
  EXPECT_NE(msg([&] { Buffer x(bad); }).find("num_blocks 100000 is more than the"), std::string::npos);
  // Only rank 0 cannot launch: every rank fails (no rank left holding a
  // half-made buffer), rank 0 with its reason, the others naming rank 0.
  if (shoal_n_pes() > 1) {
    bad.num_blocks = me == 0 ? 100000 : 0;
    const std::string one = msg([&] { Buffer x(bad); });
    if (me == 0) {
      EXPECT_NE(one.find("num_blocks 100000 is more than the"), std::string::npos) << one;
    } else {
      EXPECT_EQ(one, pe + "shoal_ep_buffer_create: rank 0 (PE 0) cannot create this buffer (its shoal_ep_last_error "
                          "says why)");
    }
  }
  // A config larger than the heap says how large.
  bad = Config(8192, 16384, 1024, 32, DType::bf16);
  const std::string big = msg([&] { Buffer x(bad); });
  EXPECT_NE(big.find("symmetric heap"), std::string::npos) << big;
  EXPECT_NE(big.find(std::to_string(Buffer::bytes_needed(bad))), std::string::npos) << big;
  // The buffer still works after the refusals.
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));
  Round round(c, b, s);
  ASSERT_NO_FATAL_FAILURE(round.run(4242, false, false));
  CUDA_OK(cudaStreamDestroy(s));
}

}  // namespace
}  // namespace shoal_test
