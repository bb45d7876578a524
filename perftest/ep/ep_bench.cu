// ep_bench: shoal EP dispatch/combine, DeepEP's methodology.
//
//   shoalrun -n 8 ep_bench --mode ll --tokens 128 --hidden 7168 --topk 8 --experts 256
//            --dispatch-dtype fp8|bf16|ue8m0 [--iters N --warmup N --json FILE --plot FILE --check]
//   shoalrun -n 8 ep_bench --mode normal --tokens 4096 ... --dispatch-dtype fp8|bf16 [--counts FILE]
//
// Normal mode: see run_normal below. Low-latency mode:
// Per iteration (after a host barrier; on cuda the L2 is flushed first):
//   dispatch and combine as one call each (send + receive), then the same
//   split with hooks: the send half, a barrier (the data is then in flight or
//   arrived), the receive half. Each phase is timed with CUDA events on the
//   rank's stream. Tables give PE 0's median/min/max and the slowest rank's
//   median; bandwidth counts bytes as DeepEP does for low-latency mode (per
//   valid selection: payload + scales + 16 header bytes for dispatch, 2*hidden
//   for combine), and the roofline column relates the modelled HBM traffic of
//   every rank on this GPU to a device-to-device copy measured in the same run.
// --check validates one round against the independent host reference
// (tests/ep/ep_reference.h) before timing. On sim the times are CPU/sim:
// correctness and regressions, not GPU speed.
#include <cuda_bf16.h>
#include <shoal/ep.h>
#include <shoal/launch.h>
#include <shoal/shoal.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "perftest/common/report.h"
#include "perftest/common/timing.h"
#include "tests/ep/ep_normal_reference.h"
#include "tests/ep/ep_reference.h"
#include "tests/ep/identity_expert.cuh"

namespace {

namespace ref = shoal_ep_ref;
namespace pt = shoal::perftest;

#if defined(SHOAL_PLATFORM_SIM)
constexpr bool kSim = true;
#else
constexpr bool kSim = false;
#endif

struct Args {
  std::string mode = "ll";
  int tokens = 128, hidden = 7168, topk = 8, experts = 256;
  std::string dtype = "fp8";
  int iters = kSim ? 5 : 50, warmup = kSim ? 1 : 10;
  std::string json, plot, counts;
  bool check = false, tokens_given = false;
  uint64_t seed = 1;
};

[[noreturn]] void usage(const char* msg) {
  if (msg) std::fprintf(stderr, "ep_bench: %s\n", msg);
  std::fprintf(stderr,
               "usage: ep_bench [--mode ll|normal] [--tokens 128 (ll) / 4096 (normal)] [--hidden 7168] [--topk 8]\n"
               "                [--experts 256] [--dispatch-dtype fp8|bf16|ue8m0 (ll only)] [--iters N] [--warmup N]\n"
               "                [--seed N] [--json FILE] [--plot FILE.svg] [--counts FILE.json (normal)] [--check]\n");
  std::exit(2);
}

int to_int(const char* opt, const char* v) {
  char* end = nullptr;
  const long x = std::strtol(v, &end, 10);
  if (!*v || *end || x < 0 || x > (1L << 30)) {
    std::fprintf(stderr, "ep_bench: %s '%s' is not a non-negative integer\n", opt, v);
    std::exit(2);
  }
  return static_cast<int>(x);
}

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string o = argv[i];
    auto val = [&]() -> const char* {
      if (i + 1 >= argc) usage((o + " needs a value").c_str());
      return argv[++i];
    };
    if (o == "--mode") a.mode = val();
    else if (o == "--tokens") {
      a.tokens = to_int("--tokens", val());
      a.tokens_given = true;
    } else if (o == "--counts") a.counts = val();
    else if (o == "--hidden") a.hidden = to_int("--hidden", val());
    else if (o == "--topk") a.topk = to_int("--topk", val());
    else if (o == "--experts") a.experts = to_int("--experts", val());
    else if (o == "--dispatch-dtype") a.dtype = val();
    else if (o == "--iters") a.iters = to_int("--iters", val());
    else if (o == "--warmup") a.warmup = to_int("--warmup", val());
    else if (o == "--seed") a.seed = static_cast<uint64_t>(to_int("--seed", val()));
    else if (o == "--json") a.json = val();
    else if (o == "--plot") a.plot = val();
    else if (o == "--check") a.check = true;
    else if (o == "-h" || o == "--help") usage(nullptr);
    else usage(("unknown option " + o).c_str());
  }
  if (a.mode != "ll" && a.mode != "normal") usage("--mode must be ll (low-latency) or normal");
  if (a.dtype != "fp8" && a.dtype != "bf16" && a.dtype != "ue8m0") usage("--dispatch-dtype must be fp8, bf16 or ue8m0");
  if (a.mode == "normal" && a.dtype == "ue8m0") usage("--dispatch-dtype: normal mode takes bf16 or fp8 (e4m3, fp32 scales)");
  if (a.mode == "normal" && !a.tokens_given) a.tokens = kSim ? 64 : 4096;
  if (a.iters < 1) usage("--iters must be at least 1");
  return a;
}

#define CK(x)                                                                                          \
  do {                                                                                                 \
    cudaError_t e_ = (x);                                                                              \
    if (e_ != cudaSuccess) {                                                                           \
      std::fprintf(stderr, "ep_bench[PE %d]: %s failed: %s\n", shoal_my_pe(), #x, cudaGetErrorString(e_)); \
      std::exit(1);                                                                                    \
    }                                                                                                  \
  } while (0)

// Phases, in table order.
enum Phase { kDispatch, kCombine, kDispatchSend, kDispatchRecv, kCombineSend, kCombineRecv, kPhases };
const char* kPhaseName[kPhases] = {"dispatch", "combine", "dispatch send", "dispatch recv", "combine send",
                                   "combine recv"};

struct Event2 {
  cudaEvent_t a{}, b{};
  Event2() {
    cudaEventCreate(&a);
    cudaEventCreate(&b);
  }
  ~Event2() {
    cudaEventDestroy(a);
    cudaEventDestroy(b);
  }
  double us() const {
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    return ms * 1e3;
  }
};

// Gathers one double per rank at PE 0 (through the symmetric heap).
std::vector<double> gather(double v, double* sym) {
  const int n = shoal_n_pes();
  shoal_double_p(&sym[shoal_my_pe()], v, 0);
  shoal_barrier_all();
  std::vector<double> out(static_cast<size_t>(n));
  if (shoal_my_pe() == 0) CK(cudaMemcpy(out.data(), sym, out.size() * 8, cudaMemcpyDefault));
  shoal_barrier_all();
  return out;
}

// A JSON result's first line: benchmark, mode, platform, commit, date, host.
void json_header(FILE* f, const char* mode, int ranks) {
  const pt::Context ctx = pt::default_context(ranks, "shoal");
  std::fprintf(f, "{\n  \"benchmark\": \"ep_bench\", \"mode\": \"%s\", \"platform\": \"%s\", \"commit\": \"%s\", "
                  "\"date\": \"%s\", \"host\": \"%s\", \"cpu\": \"%s\",\n",
               mode, ctx.platform.c_str(), ctx.git_commit.c_str(), ctx.date.c_str(),
               pt::json_escape(ctx.hostname).c_str(), pt::json_escape(ctx.cpu).c_str());
}

// The plot's title: the mode and the shape.
std::string plot_title(const char* mode, int ranks, int tokens, int hidden, int topk, int experts,
                       const std::string& dtype) {
  return std::string("ep_bench ") + mode + ": " + std::to_string(ranks) + " ranks, " + std::to_string(tokens) +
         " tokens, hidden " + std::to_string(hidden) + ", top-" + std::to_string(topk) + ", " +
         std::to_string(experts) + " experts, " + dtype + (kSim ? " (CPU/sim)" : "");
}

// Collects every rank's exit code, frees the run's device memory, the
// buffer and the heap, and finalizes; PE 0 exits 1 if any rank failed.
int finish(int rc, double* sym, std::unique_ptr<shoal::ep::Buffer>& buf, cudaStream_t s,
           std::initializer_list<void*> device_ptrs) {
  const int me = shoal_my_pe();
  const auto rcs = gather(rc, sym);
  for (void* p : device_ptrs) cudaFree(p);
  CK(cudaStreamDestroy(s));
  buf.reset();
  shoal_free(sym);
  shoal_finalize();
  int worst = 0;
  for (double r : rcs) worst = r != 0 ? 1 : worst;
  return me == 0 ? worst : 0;
}

void write_svg(const std::string& path, const std::string& title, const std::vector<const char*>& names,
               const std::vector<pt::Stats>& st) {
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) {
    std::fprintf(stderr, "ep_bench: cannot write %s\n", path.c_str());
    return;
  }
  double top = 1e-9;
  for (const auto& s : st) top = std::max(top, s.max);
  const int n = static_cast<int>(names.size());
  const int W = 760, bar = 32, gap = 18, H = 50 + n * (bar + gap), x0 = 150;
  std::fprintf(f, "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' font-family='sans-serif' font-size='12'>\n", W, H);
  std::fprintf(f, "<text x='10' y='20' font-size='14'>%s</text>\n", pt::json_escape(title).c_str());
  for (int i = 0; i < n; ++i) {
    const int y = 40 + i * (bar + gap);
    const double sx = (W - x0 - 90) / top;
    std::fprintf(f, "<text x='10' y='%d'>%s</text>\n", y + bar / 2 + 4, names[static_cast<size_t>(i)]);
    std::fprintf(f, "<rect x='%d' y='%d' width='%.1f' height='%d' fill='#4a7ab5'/>\n", x0, y, st[i].median * sx, bar);
    std::fprintf(f, "<line x1='%.1f' x2='%.1f' y1='%d' y2='%d' stroke='black'/>\n", x0 + st[i].min * sx,
                 x0 + st[i].max * sx, y + bar / 2, y + bar / 2);
    std::fprintf(f, "<text x='%.1f' y='%d'>%.1f us</text>\n", x0 + st[i].max * sx + 6, y + bar / 2 + 4, st[i].median);
  }
  std::fprintf(f, "</svg>\n");
  std::fclose(f);
}

// Device-to-device copy roofline in the same run (PE 0 alone, others idle),
// GB/s counting read + write.
double copy_roofline(cudaStream_t s) {
  double copy_gbps = 0;
  const size_t n = kSim ? (64u << 20) : (1u << 30);
  void *p = nullptr, *q = nullptr;
  shoal_barrier_all();
  if (shoal_my_pe() == 0 && cudaMalloc(&p, n) == cudaSuccess && cudaMalloc(&q, n) == cudaSuccess) {
    Event2 ev;
    double best = 1e30;
    for (int i = 0; i < 4; ++i) {
      CK(cudaEventRecord(ev.a, s));
      CK(cudaMemcpyAsync(q, p, n, cudaMemcpyDeviceToDevice, s));
      CK(cudaEventRecord(ev.b, s));
      CK(cudaEventSynchronize(ev.b));
      if (i) best = std::min(best, ev.us());
    }
    copy_gbps = 2.0 * static_cast<double>(n) / (best * 1e3);
  }
  cudaFree(p);
  cudaFree(q);
  shoal_barrier_all();
  return copy_gbps;
}

// Before each timed phase: the L2 flushed (cuda), the stream drained, every
// rank at a host barrier.
struct L2Flush {
  void* buf = nullptr;
  size_t bytes = 0;
  L2Flush() {
    if (kSim) return;
    int dev = 0, l2 = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev);
    bytes = static_cast<size_t>(std::max(l2, 1 << 20)) * 2;
    CK(cudaMalloc(&buf, bytes));
  }
  ~L2Flush() { cudaFree(buf); }
  void align(cudaStream_t s, int it) const {
    if (buf) CK(cudaMemsetAsync(buf, it & 0xff, bytes, s));
    CK(cudaStreamSynchronize(s));
    shoal_barrier_all();
  }
};

int run_normal(const Args& a);

}  // namespace

int main(int argc, char** argv) {
  const Args a = parse(argc, argv);
  if (a.mode == "normal") return run_normal(a);
  const int dtype = a.dtype == "bf16" ? 0 : a.dtype == "fp8" ? 1 : 2;
  shoal::ep::Config cfg(a.tokens, a.hidden, a.experts, a.topk, static_cast<shoal::ep::DType>(dtype));
  const size_t sym_bytes = shoal::ep::Buffer::bytes_needed(cfg);
  if (sym_bytes == 0) {
    std::fprintf(stderr, "ep_bench: %s\n", shoal_ep_last_error());
    return 2;
  }
  // Size the heap for the buffer (plus room for the runtime's own needs)
  // unless the user chose.
  if (!std::getenv("SHOAL_SYMMETRIC_SIZE")) {
    const std::string v = std::to_string(sym_bytes + (64u << 20));
    setenv("SHOAL_SYMMETRIC_SIZE", v.c_str(), 1);
  }
  if (shoal_init() != 0) return 1;
  const int me = shoal_my_pe(), R = shoal_n_pes();
  if (a.experts % R != 0) {
    if (me == 0) std::fprintf(stderr, "ep_bench: --experts %d is not divisible by %d ranks\n", a.experts, R);
    shoal_finalize();
    return 2;
  }
  auto* sym = static_cast<double*>(shoal_calloc(static_cast<size_t>(R), 8));
  if (me == 0) {
    std::printf("# ep_bench: low-latency, %d ranks, %d tokens/rank, hidden %d, top-%d, %d experts, dispatch %s, %s\n", R,
                a.tokens, a.hidden, a.topk, a.experts, a.dtype.c_str(),
                kSim ? "platform sim (CPU/sim times: correctness and regressions, not GPU speed)" : "platform cuda");
    std::printf("# memory per rank: %.1f MiB symmetric heap (Buffer::bytes_needed), %.1f MiB device memory\n",
                sym_bytes / 1048576.0, shoal_ep_device_bytes_needed(&cfg, R) / 1048576.0);
  }
  std::unique_ptr<shoal::ep::Buffer> buf;
  try {
    buf = std::make_unique<shoal::ep::Buffer>(cfg);
  } catch (const shoal::ep::Error& e) {
    std::fprintf(stderr, "ep_bench: %s\n", e.what());
    return 1;
  }
  shoal::ep::Buffer& b = *buf;
  const int El = b.num_local_experts();
  const shoal_ep_launch_info_t li = b.launch_info();
  if (me == 0)
    std::printf("# launch: %d blocks x %d threads per kernel (%d ranks share this GPU's SMs); transfers: %s\n",
                li.num_blocks, li.threads, li.gpu_sharers,
                li.all_p2p ? "P2P stores to every rank" : "the runtime's put_signal (IBGDA or proxy to some ranks)");
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));

  // Inputs: random routing (no -1, as DeepEP's benchmark), varied scales.
  std::vector<ref::Input> all;
  for (int r = 0; r < R; ++r)
    all.push_back(ref::make_input(a.seed, 7, r, a.tokens, a.hidden, a.experts, a.topk, a.check ? 8 : 0));
  const ref::Input& in = all[static_cast<size_t>(me)];
  void *x, *idx, *y, *out;
  float* w;
  const size_t T = static_cast<size_t>(a.tokens), H = static_cast<size_t>(a.hidden), K = static_cast<size_t>(a.topk);
  const long long rows_per_expert = static_cast<long long>(R) * a.tokens;
  CK(cudaMalloc(&x, T * H * 2 + 16));
  CK(cudaMalloc(&idx, T * K * 8 + 16));
  CK(cudaMalloc(&w, T * K * 4 + 16));
  CK(cudaMalloc(&y, static_cast<size_t>(El) * rows_per_expert * H * 2));
  CK(cudaMalloc(&out, T * H * 2 + 16));
  CK(cudaMemcpy(x, in.x.data(), T * H * 2, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(idx, in.idx.data(), T * K * 8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(w, in.weights.data(), T * K * 4, cudaMemcpyHostToDevice));
  auto expert = [&](const shoal::ep::DispatchResult& r) {
    CK(shoal::launch(ref::identity_expert, dim3(El), dim3(256), 0, s, static_cast<const unsigned char*>(r.recv_x),
                     static_cast<const unsigned char*>(r.recv_scales), r.recv_count, dtype, a.hidden, rows_per_expert,
                     static_cast<__nv_bfloat16*>(y)));
  };
  shoal::ep::CombineOptions co;
  co.out = out;

  // --check: one round against the host reference, every element.
  int check_failed = 0;
  double check_diff = 0;
  if (a.check) {
    CK(cudaMemset(out, 0xA5, T * H * 2));
    auto r = b.dispatch_ll(x, idx, a.tokens, a.topk, s);
    expert(r);
    b.combine_ll(y, idx, w, r.handle, s, co);
    CK(cudaStreamSynchronize(s));
    std::vector<int> counts(static_cast<size_t>(El));
    CK(cudaMemcpy(counts.data(), r.recv_count, counts.size() * 4, cudaMemcpyDeviceToHost));
    const size_t pay = ref::payload_bytes(dtype, a.hidden), sb = ref::scale_bytes(dtype, a.hidden);
    std::vector<uint8_t> rx(pay), rs(sb + 4), qp(pay), qs(sb + 4);
    std::vector<int> st(static_cast<size_t>(El) * rows_per_expert);
    CK(cudaMemcpy(st.data(), r.recv_src_token, st.size() * 4, cudaMemcpyDeviceToHost));
    for (int le = 0; le < El && !check_failed; ++le) {
      const auto want = ref::expected_rows(all, a.topk, me * El + le, {});
      if (counts[static_cast<size_t>(le)] != static_cast<int>(want.size())) {
        std::fprintf(stderr, "ep_bench[PE %d] CHECK FAILED: expert %d received %d rows, expected %zu\n", me, me * El + le,
                     counts[static_cast<size_t>(le)], want.size());
        check_failed = 1;
        break;
      }
      for (size_t i = 0; i < want.size(); ++i) {
        const size_t row = static_cast<size_t>(le) * rows_per_expert + i;
        CK(cudaMemcpy(rx.data(), static_cast<const uint8_t*>(r.recv_x) + row * pay, pay, cudaMemcpyDeviceToHost));
        if (sb) CK(cudaMemcpy(rs.data(), static_cast<const uint8_t*>(r.recv_scales) + row * sb, sb, cudaMemcpyDeviceToHost));
        const auto& src = all[static_cast<size_t>(want[i].src_rank)];
        ref::quantise(&src.x[static_cast<size_t>(want[i].src_token) * H], a.hidden, dtype, qp.data(), qs.data());
        if (st[row] != want[i].src_token || std::memcmp(rx.data(), qp.data(), pay) != 0 ||
            (sb && std::memcmp(rs.data(), qs.data(), sb) != 0)) {
          std::fprintf(stderr, "ep_bench[PE %d] CHECK FAILED: expert %d row %zu (rank %d token %d) differs\n", me,
                       me * El + le, i, want[i].src_rank, want[i].src_token);
          check_failed = 1;
          break;
        }
      }
    }
    const auto want = ref::expected_combine(in, a.hidden, a.experts, a.topk, R, dtype, {});
    std::vector<uint16_t> got(want.size());
    CK(cudaMemcpy(got.data(), out, got.size() * 2, cudaMemcpyDeviceToHost));
    size_t bad = 0;
    for (size_t i = 0; i < want.size(); ++i) bad += got[i] != want[i];
    if (bad) {
      std::fprintf(stderr, "ep_bench[PE %d] CHECK FAILED: %zu of %zu combine outputs differ from the reference\n", me,
                   bad, want.size());
      check_failed = 1;
    }
    std::vector<double> g(got.size());
    for (size_t i = 0; i < got.size(); ++i) g[i] = ref::bf2f(got[i]);
    check_diff = want.empty() ? 0 : ref::calc_diff(g, ref::exact_combine(in, a.hidden, a.topk));
    if (check_diff >= (dtype == 0 ? 5e-6 : 9e-4)) {
      std::fprintf(stderr, "ep_bench[PE %d] CHECK FAILED: calc_diff %.3g\n", me, check_diff);
      check_failed = 1;
    }
  }

  // Bytes, as DeepEP counts them for low-latency mode.
  size_t sel = 0;
  for (int64_t e : in.idx) sel += e >= 0;
  const double msg_b = static_cast<double>(ref::payload_bytes(dtype, a.hidden) + ref::scale_bytes(dtype, a.hidden) + 16);
  const double disp_bytes = static_cast<double>(sel) * msg_b, comb_bytes = static_cast<double>(sel) * 2.0 * H;
  // Modelled HBM traffic per phase (reads + writes at the GPU holding both
  // ends, as when every rank shares one GPU); see docs/ep.md.
  const double recv_rows = static_cast<double>(sel);  // per rank on average with uniform routing
  const double hbm[kPhases] = {
      T * 2.0 * H + T * msg_b + 2 * sel * msg_b + recv_rows * (2 * msg_b),
      recv_rows * 4.0 * H + sel * 2.0 * H + T * 2.0 * H,
      T * 2.0 * H + T * msg_b + 2 * sel * msg_b,
      recv_rows * (2 * msg_b),
      recv_rows * 4.0 * H,
      sel * 2.0 * H + T * 2.0 * H};

  const double copy_gbps = copy_roofline(s);
  L2Flush l2f;

  std::vector<std::vector<double>> samples(kPhases);
  Event2 ev[kPhases];
  shoal::ep::DispatchOptions hook_opt;
  hook_opt.return_recv_hook = true;
  shoal::ep::CombineOptions hook_co = co;
  hook_co.return_recv_hook = true;
  for (int it = 0; it < a.warmup + a.iters; ++it) {
    auto align = [&] { l2f.align(s, it); };
    align();
    CK(cudaEventRecord(ev[kDispatch].a, s));
    auto r = b.dispatch_ll(x, idx, a.tokens, a.topk, s);
    CK(cudaEventRecord(ev[kDispatch].b, s));
    expert(r);
    align();
    CK(cudaEventRecord(ev[kCombine].a, s));
    b.combine_ll(y, idx, w, r.handle, s, co);
    CK(cudaEventRecord(ev[kCombine].b, s));
    align();
    CK(cudaEventRecord(ev[kDispatchSend].a, s));
    auto rh = b.dispatch_ll(x, idx, a.tokens, a.topk, s, hook_opt);
    CK(cudaEventRecord(ev[kDispatchSend].b, s));
    align();
    CK(cudaEventRecord(ev[kDispatchRecv].a, s));
    rh.hook(s);
    CK(cudaEventRecord(ev[kDispatchRecv].b, s));
    expert(rh);
    align();
    CK(cudaEventRecord(ev[kCombineSend].a, s));
    auto ch = b.combine_ll(y, idx, w, rh.handle, s, hook_co);
    CK(cudaEventRecord(ev[kCombineSend].b, s));
    align();
    CK(cudaEventRecord(ev[kCombineRecv].a, s));
    ch.hook(s);
    CK(cudaEventRecord(ev[kCombineRecv].b, s));
    CK(cudaStreamSynchronize(s));
    if (it >= a.warmup)
      for (int p = 0; p < kPhases; ++p) samples[static_cast<size_t>(p)].push_back(ev[p].us());
  }

  // Report: PE 0's stats, the slowest rank's median, bandwidth, roofline.
  std::vector<pt::Stats> st(kPhases);
  std::vector<double> slowest(kPhases), hbm_sum(kPhases);
  for (int p = 0; p < kPhases; ++p) {
    st[static_cast<size_t>(p)] = pt::summarize(samples[static_cast<size_t>(p)]);
    const auto med = gather(st[static_cast<size_t>(p)].median, sym);
    const auto h = gather(hbm[p], sym);
    if (me == 0) {
      slowest[static_cast<size_t>(p)] = *std::max_element(med.begin(), med.end());
      for (double v : h) hbm_sum[static_cast<size_t>(p)] += v;
    }
  }
  const auto fails = gather(check_failed, sym);
  const auto diffs = gather(check_diff, sym);
  int rc = 0;
  if (me == 0) {
    std::printf("%-14s %10s %10s %10s %12s %10s %12s\n", "phase", "median(us)", "min", "max", "slowest(us)", "GB/s",
                kSim ? "copy-roof(sim)" : "HBM-roofline");
    for (int p = 0; p < kPhases; ++p) {
      const double bytes = (p == kDispatch || p == kDispatchSend || p == kDispatchRecv) ? disp_bytes : comb_bytes;
      const double gbps = bytes / (st[static_cast<size_t>(p)].median * 1e3);
      const double roof = copy_gbps > 0 ? hbm_sum[static_cast<size_t>(p)] / (slowest[static_cast<size_t>(p)] * 1e3) / copy_gbps : 0;
      std::printf("%-14s %10.2f %10.2f %10.2f %12.2f %10.2f %11.1f%%\n", kPhaseName[p], st[static_cast<size_t>(p)].median,
                  st[static_cast<size_t>(p)].min, st[static_cast<size_t>(p)].max, slowest[static_cast<size_t>(p)], gbps,
                  100 * roof);
    }
    std::printf("# bytes per rank (DeepEP counting): dispatch %.0f, combine %.0f (%zu selections); copy roofline "
                "%.1f GB/s (device-to-device, read+write)\n",
                disp_bytes, comb_bytes, sel, copy_gbps);
    if (a.check) {
      int nf = 0;
      double dmax = 0;
      for (int r = 0; r < R; ++r) {
        nf += fails[static_cast<size_t>(r)] != 0;
        dmax = std::max(dmax, diffs[static_cast<size_t>(r)]);
      }
      std::printf("check: %s: every rank's received rows bit-exact against the host reference, combine output "
                  "bit-exact, max calc_diff %.3g (limit %g) on %d ranks\n",
                  nf ? "FAILED" : "PASSED", dmax, dtype == 0 ? 5e-6 : 9e-4, R);
      rc = nf ? 1 : 0;
    }
    if (!a.json.empty()) {
      FILE* f = std::fopen(a.json.c_str(), "w");
      if (!f) {
        std::fprintf(stderr, "ep_bench: cannot write %s\n", a.json.c_str());
        rc = 1;
      } else {
        json_header(f, "ll", R);
        std::fprintf(f, "  \"ranks\": %d, \"tokens\": %d, \"hidden\": %d, \"topk\": %d, \"experts\": %d, "
                        "\"dispatch_dtype\": \"%s\", \"iters\": %d, \"warmup\": %d,\n",
                     R, a.tokens, a.hidden, a.topk, a.experts, a.dtype.c_str(), a.iters, a.warmup);
        std::fprintf(f, "  \"symmetric_bytes\": %zu, \"device_bytes\": %zu, \"copy_roofline_gbps\": %.3f,\n", sym_bytes,
                     shoal_ep_device_bytes_needed(&cfg, R), copy_gbps);
        std::fprintf(f, "  \"blocks\": %d, \"threads\": %d, \"gpu_sharers\": %d, \"all_p2p\": %d,\n", li.num_blocks,
                     li.threads, li.gpu_sharers, li.all_p2p);
        if (a.check) std::fprintf(f, "  \"check\": \"%s\",\n", rc ? "failed" : "passed");
        std::fprintf(f, "  \"phases\": [\n");
        for (int p = 0; p < kPhases; ++p) {
          const double bytes = (p == kDispatch || p == kDispatchSend || p == kDispatchRecv) ? disp_bytes : comb_bytes;
          std::fprintf(f, "    {\"phase\": \"%s\", \"median_us\": %.3f, \"min_us\": %.3f, \"max_us\": %.3f, "
                          "\"slowest_rank_median_us\": %.3f, \"bytes\": %.0f, \"gbps\": %.3f, \"hbm_bytes_all_ranks\": %.0f}%s\n",
                       kPhaseName[p], st[static_cast<size_t>(p)].median, st[static_cast<size_t>(p)].min,
                       st[static_cast<size_t>(p)].max, slowest[static_cast<size_t>(p)], bytes,
                       bytes / (st[static_cast<size_t>(p)].median * 1e3), hbm_sum[static_cast<size_t>(p)],
                       p + 1 < kPhases ? "," : "");
        }
        std::fprintf(f, "  ]\n}\n");
        std::fclose(f);
      }
    }
    if (!a.plot.empty())
      write_svg(a.plot, plot_title("ll", R, a.tokens, a.hidden, a.topk, a.experts, a.dtype),
                std::vector<const char*>(kPhaseName, kPhaseName + kPhases), st);
  }
  return finish(rc, sym, buf, s, {x, idx, w, y, out});
}

namespace {

// ---------------------------------------------------------------- normal mode
//
// Per iteration, each phase after a host barrier (and an L2 flush on cuda),
// timed with CUDA events: layout, dispatch (count exchange included), the
// same dispatch cached (the layout's routing reused), combine (weighted).
// Bandwidth as DeepEP counts normal mode: the rows landing at this rank
// (its own included) times the payload (bf16 2·H, fp8 H + H/128·4) for
// dispatch, times 2·H for combine. Transport bytes per rank (P2P to other
// GPUs, network) are counted from the routing and shoal's protocol (an
// entry + an 8-byte flag per row, a count word per peer and channel):
// --counts writes them, summed over ranks, for tools/ep-model --shoal-counts.

const char* kNormalPhase[] = {"layout", "dispatch", "dispatch cached", "combine"};
constexpr int kNormalPhases = 4;

// The bf16 value the identity expert returns for each of `in`'s tokens.
std::vector<uint16_t> identity_rows(const ref::Input& in, int H, int dtype) {
  std::vector<uint16_t> y(static_cast<size_t>(in.tokens) * H);
  std::vector<uint8_t> pay(ref::payload_bytes(dtype, H)), sc(ref::scale_bytes(dtype, H) + 4);
  for (int t = 0; t < in.tokens; ++t) {
    ref::quantise(&in.x[static_cast<size_t>(t) * H], H, dtype, pay.data(), sc.data());
    for (int h = 0; h < H; ++h) y[static_cast<size_t>(t) * H + h] = ref::f2bf(ref::dequant(pay.data(), sc.data(), dtype, h));
  }
  return y;
}

int run_normal(const Args& a) {
  const int dtype = a.dtype == "fp8" ? ref::kE4M3 : ref::kBF16;
  shoal::ep::Config cfg(a.tokens, a.hidden, a.experts, a.topk, shoal::ep::DType::bf16);
  cfg.modes = SHOAL_EP_MODE_NORMAL;
  // The rings depend on the number of ranks, known before shoal_init only
  // from the launcher: the heap is sized for that (unless the user chose).
  int hint = 0;
  for (const char* v : {"SHOALRUN_SIZE", "SHOAL_UID_SIZE", "OMPI_COMM_WORLD_SIZE", "SLURM_NTASKS", "WORLD_SIZE"})
    if (const char* e = std::getenv(v); e && !hint) hint = std::atoi(e);
  if (!std::getenv("SHOAL_SYMMETRIC_SIZE")) {
    if (hint <= 0) {
      std::fprintf(stderr, "ep_bench: --mode normal sizes the heap from the launcher's rank count, and none was found "
                           "(SHOALRUN_SIZE, SHOAL_UID_SIZE, OMPI_COMM_WORLD_SIZE, SLURM_NTASKS, WORLD_SIZE): set "
                           "SHOAL_SYMMETRIC_SIZE\n");
      return 2;
    }
    const size_t need = shoal_ep_bytes_needed_ranks(&cfg, hint);
    if (need == 0) {
      std::fprintf(stderr, "ep_bench: %s\n", shoal_ep_last_error());
      return 2;
    }
    setenv("SHOAL_SYMMETRIC_SIZE", std::to_string(need + (64u << 20)).c_str(), 1);
  }
  if (shoal_init() != 0) return 1;
  const int me = shoal_my_pe(), R = shoal_n_pes();
  auto fail = [&](const char* what) {
    if (me == 0) std::fprintf(stderr, "ep_bench: %s\n", what);
    shoal_finalize();
    return 2;
  };
  if (a.experts % R != 0) return fail(("--experts " + std::to_string(a.experts) + " is not divisible by " +
                                       std::to_string(R) + " ranks").c_str());
  const size_t sym_bytes = shoal::ep::Buffer::bytes_needed(cfg);
  if (sym_bytes == 0) return fail(shoal_ep_last_error());
  std::unique_ptr<shoal::ep::Buffer> buf;
  try {
    buf = std::make_unique<shoal::ep::Buffer>(cfg);
  } catch (const shoal::ep::Error& e) {
    std::fprintf(stderr, "ep_bench: %s\n", e.what());
    shoal_finalize();
    return 1;
  }
  shoal::ep::Buffer& b = *buf;
  const int El = b.num_local_experts(), H = a.hidden, K = a.topk, T = a.tokens;
  int nodes = 0;
  const int* node_of = shoal_ep_node_of_rank(b.raw(), &nodes);
  const bool fwd = b.normal_forwarding();
  // calc_diff limit against the unquantised sum: DeepEP's for BF16 (one
  // rounding), twice it when forwarding (the in-node partial sums travel as
  // bf16, then the final sum rounds again), DeepEP's for FP8.
  const double diff_limit = dtype == ref::kBF16 ? (fwd ? 1e-5 : 5e-6) : 9e-4;
  auto* sym = static_cast<double*>(shoal_calloc(static_cast<size_t>(R), 8));
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));

  // Inputs: random routing (no -1 unless --check), every rank's regenerated
  // here so --check knows what each rank must receive.
  std::vector<ref::Input> all;
  for (int r = 0; r < R; ++r) all.push_back(ref::make_input(a.seed, 9, r, T, H, a.experts, K, a.check ? 8 : 0));
  const ref::Input& in = all[static_cast<size_t>(me)];
  const size_t pay = ref::payload_bytes(dtype, H), sb = ref::scale_bytes(dtype, H);
  std::vector<uint8_t> xq(static_cast<size_t>(T) * pay), xs(static_cast<size_t>(T) * sb + 4);
  for (int t = 0; t < T; ++t)
    ref::quantise(&in.x[static_cast<size_t>(t) * H], H, dtype, &xq[static_cast<size_t>(t) * pay], &xs[static_cast<size_t>(t) * sb]);
  const long long cap = static_cast<long long>(R) * T;
  void *x, *idx, *y, *out;
  float *w, *scales = nullptr;
  CK(cudaMalloc(&x, xq.size() + 16));
  CK(cudaMalloc(&idx, static_cast<size_t>(T) * K * 8 + 16));
  CK(cudaMalloc(&w, static_cast<size_t>(T) * K * 4 + 16));
  CK(cudaMalloc(&y, static_cast<size_t>(cap) * H * 2 + 16));
  CK(cudaMalloc(&out, static_cast<size_t>(T) * H * 2 + 16));
  CK(cudaMemset(y, 0, static_cast<size_t>(cap) * H * 2));
  if (sb) {
    CK(cudaMalloc(reinterpret_cast<void**>(&scales), xs.size()));
    CK(cudaMemcpy(scales, xs.data(), xs.size(), cudaMemcpyHostToDevice));
  }
  CK(cudaMemcpy(x, xq.data(), xq.size(), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(idx, in.idx.data(), static_cast<size_t>(T) * K * 8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(w, in.weights.data(), static_cast<size_t>(T) * K * 4, cudaMemcpyHostToDevice));
  shoal::ep::NormalDispatchOptions o;
  o.x_scales = scales;
  shoal::ep::NormalDispatchOptions oc = o;
  oc.cached = true;

  // One untimed round: the receive count, and with --check every row and
  // every combined element against the host reference.
  int check_failed = 0;
  double check_diff = 0;
  int num_recv = 0, channels = 0;
  // What this round sent over the network, measured (shoal_transport_counters;
  // each figure includes one host barrier's signals, 16 B per rank at most).
  auto sent = [] {
    shoal_quiet();
    shoal_transport_counters_t t{};
    shoal_transport_counters(&t);
    return t;
  };
  double meas_disp = 0, meas_comb = 0;
  int counted = 1;
  {
    shoal_barrier_all();
    const auto n0 = sent();
    shoal::ep::LayoutResult lr{};
    const auto l = b.layout(idx, T, K, s, shoal::ep::Index::int64, &lr);
    auto r = b.dispatch(x, idx, w, l, s, o);
    CK(cudaStreamSynchronize(s));
    shoal_barrier_all();  // every rank received: all this rank sent was issued
    const auto n1 = sent();
    CK(shoal::launch(ref::identity_expert, dim3(1), dim3(256), 0, s, static_cast<const unsigned char*>(r.recv_x),
                     reinterpret_cast<const unsigned char*>(r.recv_scales), static_cast<const int*>(r.num_recv), dtype,
                     H, cap, static_cast<__nv_bfloat16*>(y)));
    if (a.check) CK(cudaMemset(out, 0xA5, static_cast<size_t>(T) * H * 2));
    b.combine(y, idx, w, r.handle, s, out);
    CK(cudaStreamSynchronize(s));
    shoal_barrier_all();
    const auto n2 = sent();
    meas_disp = static_cast<double>(n1.bytes - n0.bytes);
    meas_comb = static_cast<double>(n2.bytes - n1.bytes);
    counted = n2.counted;
    CK(cudaMemcpy(&num_recv, r.num_recv, 4, cudaMemcpyDeviceToHost));
    channels = r.handle.channels;
    if (a.check) {
      auto bad = [&](const std::string& what) {
        if (!check_failed) std::fprintf(stderr, "ep_bench[PE %d] CHECK FAILED: %s\n", me, what.c_str());
        check_failed = 1;
      };
      const auto lay = ref::normal_layout(in, K, a.experts, R, std::vector<int>(node_of, node_of + R));
      std::vector<int> per_rank(static_cast<size_t>(R));
      CK(cudaMemcpy(per_rank.data(), lr.tokens_per_rank, per_rank.size() * 4, cudaMemcpyDeviceToHost));
      if (per_rank != lay.per_rank) bad("layout tokens_per_rank differs from the reference");
      const auto want = ref::normal_rows(all, K, El, me);
      if (num_recv != static_cast<int>(want.size()))
        bad("num_recv " + std::to_string(num_recv) + ", expected " + std::to_string(want.size()));
      const size_t n = std::min(want.size(), static_cast<size_t>(num_recv));
      std::vector<uint8_t> rx(n * pay), rs(n * sb + 4), qp(pay), qs(sb + 4);
      std::vector<int> src(n + 1);
      CK(cudaMemcpy(rx.data(), r.recv_x, rx.size(), cudaMemcpyDeviceToHost));
      if (sb) CK(cudaMemcpy(rs.data(), r.recv_scales, n * sb, cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(src.data(), r.recv_src_token, n * 4, cudaMemcpyDeviceToHost));
      for (size_t i = 0; i < n && !check_failed; ++i) {
        const auto& ws = all[static_cast<size_t>(want[i].src_rank)];
        ref::quantise(&ws.x[static_cast<size_t>(want[i].src_token) * H], H, dtype, qp.data(), qs.data());
        if (src[i] != want[i].src_token || std::memcmp(&rx[i * pay], qp.data(), pay) != 0 ||
            (sb && std::memcmp(&rs[i * sb], qs.data(), sb) != 0))
          bad("received row " + std::to_string(i) + " (rank " + std::to_string(want[i].src_rank) + " token " +
              std::to_string(want[i].src_token) + ") differs");
      }
      std::vector<int> nodes_v(node_of, node_of + R);
      const auto wc = ref::normal_combine(in, identity_rows(in, H, dtype), H, K, El, true, [](int, int) { return true; },
                                          fwd ? &nodes_v : nullptr, node_of[me]);
      std::vector<uint16_t> got(wc.size());
      CK(cudaMemcpy(got.data(), out, got.size() * 2, cudaMemcpyDeviceToHost));
      size_t nbad = 0;
      for (size_t i = 0; i < wc.size(); ++i) nbad += got[i] != wc[i];
      if (nbad) bad(std::to_string(nbad) + " of " + std::to_string(wc.size()) + " combine outputs differ from the reference");
      // Against the unquantised sum: x times the token's weight sum.
      std::vector<double> g(got.size()), e(got.size(), 0.0);
      for (int t = 0; t < T; ++t) {
        double f = 0;
        for (int k = 0; k < K; ++k)
          if (in.idx[static_cast<size_t>(t) * K + k] >= 0) f += in.weights[static_cast<size_t>(t) * K + k];
        for (int h = 0; h < H; ++h) {
          const size_t i = static_cast<size_t>(t) * H + h;
          g[i] = ref::bf2f(got[i]);
          e[i] = f * ref::bf2f(in.x[i]);
        }
      }
      check_diff = got.empty() ? 0 : ref::calc_diff(g, e);
      if (check_diff >= diff_limit) bad("calc_diff " + std::to_string(check_diff));
    }
  }

  // Bytes. DeepEP's counting: rows landing here times the payload.
  const double deepep_disp = static_cast<double>(num_recv) * static_cast<double>(pay + sb),
               deepep_comb = static_cast<double>(num_recv) * 2.0 * H;
  // shoal's transport bytes from this rank, from its routing: per row an
  // entry (or a bf16 row back, for combine) and an 8-byte flag, per peer and
  // channel an 8-byte count word; to a rank with a P2P mapping (not itself)
  // on P2P, else over the network.
  const double entry = static_cast<double>(
      ((16 + pay + sb + 8 * static_cast<size_t>(K)) + 15) / 16 * 16);
  double rows_p2p = 0, rows_net = 0, peers_p2p = 0, peers_net = 0;
  std::vector<int> via_p2p(static_cast<size_t>(R));
  for (int r = 0; r < R; ++r) {
    via_p2p[static_cast<size_t>(r)] = shoal_ptr(sym, r) != nullptr;
    if (r != me) (via_p2p[static_cast<size_t>(r)] ? peers_p2p : peers_net) += 1;
  }
  const double words = 8.0 * channels;
  double disp_p2p = 0, disp_net = 0, comb_p2p = 0, comb_net = 0, disp_msgs = 0, comb_msgs = 0;
  if (!fwd) {
    for (int t = 0; t < T; ++t)
      for (int r : ref::ranks_of(in, t, K, El))
        if (r != me) (via_p2p[static_cast<size_t>(r)] ? rows_p2p : rows_net) += 1;
    disp_p2p = rows_p2p * (entry + 8) + peers_p2p * words;
    disp_net = rows_net * (entry + 8) + peers_net * words;
    comb_p2p = rows_p2p * (2.0 * H + 8);
    comb_net = rows_net * (2.0 * H + 8);
    disp_msgs = 2 * rows_net + peers_net * channels;
    comb_msgs = 2 * rows_net;
  } else {
    // Forwarding: over the network one entry per token and other node (and
    // the forwarder's count word), back one partial row per token and node
    // from the forwarder; inside the node the direct rows, the relayed
    // entries and the rows to forwarders.
    std::vector<int> local(static_cast<size_t>(R));
    for (int q = 0; q < R; ++q)
      for (int r = 0; r < q; ++r) local[static_cast<size_t>(q)] += node_of[r] == node_of[q];
    double relayed = 0, to_fwd = 0, partials = 0, my_net = 0, my_near = 0;
    for (int q = 0; q < R; ++q)
      for (int t = 0; t < all[static_cast<size_t>(q)].tokens; ++t) {
        std::vector<int> ns;
        int near = 0, to_me = 0;
        for (int r : ref::ranks_of(all[static_cast<size_t>(q)], t, K, El)) {
          if (std::find(ns.begin(), ns.end(), node_of[r]) == ns.end()) ns.push_back(node_of[r]);
          near += node_of[r] == node_of[me] && r != me;
          to_me += r == me;
        }
        const bool mine_node = std::find(ns.begin(), ns.end(), node_of[me]) != ns.end();
        if (q == me) {
          my_near += near;
          my_net += static_cast<double>(ns.size()) - (mine_node ? 1 : 0);
        } else if (node_of[q] != node_of[me] && local[static_cast<size_t>(q)] == local[static_cast<size_t>(me)] && mine_node) {
          relayed += near;
          partials += 1;
        }
        if (to_me && node_of[q] != node_of[me] && local[static_cast<size_t>(q)] != local[static_cast<size_t>(me)]) to_fwd += 1;
        if (to_me && node_of[q] == node_of[me] && q != me) to_fwd += 1;
      }
    disp_p2p = (my_near + relayed) * (entry + 8) + peers_p2p * words;
    disp_net = my_net * (entry + 8) + (peers_net + nodes - 1) * words;
    comb_p2p = to_fwd * (2.0 * H + 8);
    comb_net = partials * (2.0 * H + 8) + (nodes - 1) * words;
    disp_msgs = 2 * my_net + (peers_net + nodes - 1) * channels;
    comb_msgs = 2 * partials + (nodes - 1) * channels;
  }

  const double copy_gbps = copy_roofline(s);
  L2Flush l2f;
  std::vector<std::vector<double>> samples(kNormalPhases);
  Event2 ev[kNormalPhases];
  for (int it = 0; it < a.warmup + a.iters; ++it) {
    l2f.align(s, it);
    CK(cudaEventRecord(ev[0].a, s));
    const auto l = b.layout(idx, T, K, s);
    CK(cudaEventRecord(ev[0].b, s));
    l2f.align(s, it);
    CK(cudaEventRecord(ev[1].a, s));
    auto r = b.dispatch(x, idx, w, l, s, o);
    CK(cudaEventRecord(ev[1].b, s));
    l2f.align(s, it);
    CK(cudaEventRecord(ev[2].a, s));
    r = b.dispatch(x, idx, w, r.handle, s, oc);
    CK(cudaEventRecord(ev[2].b, s));
    l2f.align(s, it);
    CK(cudaEventRecord(ev[3].a, s));
    b.combine(y, idx, w, r.handle, s, out);
    CK(cudaEventRecord(ev[3].b, s));
    CK(cudaStreamSynchronize(s));
    if (it >= a.warmup)
      for (int p = 0; p < kNormalPhases; ++p) samples[static_cast<size_t>(p)].push_back(ev[p].us());
  }
  const auto st_now = b.normal_status(s);
  if (st_now.overflow_needed || st_now.dropped_rows) {
    std::fprintf(stderr, "ep_bench[PE %d] CHECK FAILED: normal_status reports overflow %d, dropped rows %d\n", me,
                 st_now.overflow_needed, st_now.dropped_rows);
    check_failed = 1;
  }

  std::vector<pt::Stats> st(kNormalPhases);
  std::vector<double> slowest(kNormalPhases);
  for (int p = 0; p < kNormalPhases; ++p) {
    st[static_cast<size_t>(p)] = pt::summarize(samples[static_cast<size_t>(p)]);
    const auto med = gather(st[static_cast<size_t>(p)].median, sym);
    if (me == 0) slowest[static_cast<size_t>(p)] = *std::max_element(med.begin(), med.end());
  }
  // Totals over ranks (the counts hook's form) and the slowest rank's bytes.
  double tot[6] = {}, meas_tot[2] = {};
  const double mine[6] = {disp_p2p, disp_net, disp_msgs, comb_p2p, comb_net, comb_msgs};
  for (int i = 0; i < 6; ++i)
    for (double v : gather(mine[i], sym)) tot[i] += v;
  for (double v : gather(meas_disp, sym)) meas_tot[0] += v;
  for (double v : gather(meas_comb, sym)) meas_tot[1] += v;
  bool all_counted = true;
  for (double v : gather(counted, sym)) all_counted = all_counted && v != 0;
  const auto recvs = gather(num_recv, sym);
  const auto fails = gather(check_failed, sym);
  const auto diffs = gather(check_diff, sym);
  int rc = 0;
  if (me == 0) {
    std::printf("# ep_bench: normal mode, %d ranks on %d node(s), %d tokens/rank, hidden %d, top-%d, %d experts, "
                "dispatch %s, %d channels%s, %s\n",
                R, nodes, T, H, K, a.experts, a.dtype.c_str(), channels,
                fwd ? " (forwarding across nodes: 3 blocks a channel)" : "",
                kSim ? "platform sim (CPU/sim times: correctness and regressions, not GPU speed)" : "platform cuda");
    std::printf("# memory per rank: %.1f MiB symmetric heap (Buffer::bytes_needed), %.1f MiB device memory\n",
                sym_bytes / 1048576.0, shoal_ep_device_bytes_needed(&cfg, R) / 1048576.0);
    std::printf("%-16s %10s %10s %10s %12s %12s\n", "phase", "median(us)", "min", "max", "slowest(us)", "GB/s(DeepEP)");
    for (int p = 0; p < kNormalPhases; ++p) {
      const double bytes = p == 0 ? 0 : p == 3 ? deepep_comb : deepep_disp;
      std::printf("%-16s %10.2f %10.2f %10.2f %12.2f %12.2f\n", kNormalPhase[p], st[static_cast<size_t>(p)].median,
                  st[static_cast<size_t>(p)].min, st[static_cast<size_t>(p)].max, slowest[static_cast<size_t>(p)],
                  bytes / (st[static_cast<size_t>(p)].median * 1e3));
    }
    std::printf("# PE 0 receives %d rows (DeepEP counting: dispatch %.0f B, combine %.0f B); rows per rank: min %.0f "
                "max %.0f\n",
                num_recv, deepep_disp, deepep_comb, *std::min_element(recvs.begin(), recvs.end()),
                *std::max_element(recvs.begin(), recvs.end()));
    std::printf("# transport bytes from PE 0 (from the routing): dispatch p2p %.0f net %.0f (%.2f GB/s net), combine "
                "p2p %.0f net %.0f (%.2f GB/s net); copy roofline %.1f GB/s\n",
                disp_p2p, disp_net, disp_net / (st[1].median * 1e3), comb_p2p, comb_net,
                comb_net / (st[3].median * 1e3), copy_gbps);
    if (all_counted)
      std::printf("# network bytes from PE 0 (measured, shoal_transport_counters; a barrier's signals included): "
                  "dispatch %.0f, combine %.0f; all ranks: dispatch %.0f, combine %.0f\n",
                  meas_disp, meas_comb, meas_tot[0], meas_tot[1]);
    else
      std::printf("# network bytes: not measured (a transport in use does not count: IBGDA on a real NIC)\n");
    if (a.check) {
      int nf = 0;
      double dmax = 0;
      for (int r = 0; r < R; ++r) {
        nf += fails[static_cast<size_t>(r)] != 0;
        dmax = std::max(dmax, diffs[static_cast<size_t>(r)]);
      }
      std::printf("check: %s: layout, every rank's received rows bit-exact against the host reference, combine "
                  "output bit-exact, max calc_diff %.3g (limit %g), no overflow, on %d ranks\n",
                  nf ? "FAILED" : "PASSED", dmax, diff_limit, R);
      rc = nf ? 1 : 0;
    }
    const int gpn = R / std::max(nodes, 1);
    auto counts_obj = [&](FILE* f, const char* op, double p2p, double net, double msgs) {
      std::fprintf(f, "{\"mode\": \"normal\", \"op\": \"%s\", \"ranks\": %d, \"gpus_per_node\": %d, \"tokens\": %d, "
                      "\"hidden\": %d, \"topk\": %d, \"experts\": %d, \"dtype\": \"%s\", \"normal_path\": \"%s\", "
                      "\"channels\": %d, \"p2p_bytes\": %.0f, \"net_bytes\": %.0f, \"net_msgs\": %.0f}",
                   op, R, gpn, T, H, K, a.experts, a.dtype.c_str(), fwd ? "forward" : "direct", channels, p2p, net,
                   msgs);
    };
    if (!a.counts.empty()) {
      FILE* f = std::fopen(a.counts.c_str(), "w");
      if (!f) {
        std::fprintf(stderr, "ep_bench: cannot write %s\n", a.counts.c_str());
        rc = 1;
      } else {
        std::fprintf(f, "[\n  ");
        counts_obj(f, "dispatch", tot[0], tot[1], tot[2]);
        std::fprintf(f, ",\n  ");
        counts_obj(f, "combine", tot[3], tot[4], tot[5]);
        std::fprintf(f, "\n]\n");
        std::fclose(f);
      }
    }
    if (!a.json.empty()) {
      FILE* f = std::fopen(a.json.c_str(), "w");
      if (!f) {
        std::fprintf(stderr, "ep_bench: cannot write %s\n", a.json.c_str());
        rc = 1;
      } else {
        json_header(f, "normal", R);
        std::fprintf(f, "  \"ranks\": %d, \"nodes\": %d, \"tokens\": %d, \"hidden\": %d, \"topk\": %d, \"experts\": %d, "
                        "\"dispatch_dtype\": \"%s\", \"channels\": %d, \"iters\": %d, \"warmup\": %d,\n",
                     R, nodes, T, H, K, a.experts, a.dtype.c_str(), channels, a.iters, a.warmup);
        std::fprintf(f, "  \"symmetric_bytes\": %zu, \"device_bytes\": %zu, \"copy_roofline_gbps\": %.3f, "
                        "\"num_recv_pe0\": %d,\n",
                     sym_bytes, shoal_ep_device_bytes_needed(&cfg, R), copy_gbps, num_recv);
        if (a.check) std::fprintf(f, "  \"check\": \"%s\",\n", rc ? "failed" : "passed");
        std::fprintf(f, "  \"counts\": [");
        counts_obj(f, "dispatch", tot[0], tot[1], tot[2]);
        std::fprintf(f, ", ");
        counts_obj(f, "combine", tot[3], tot[4], tot[5]);
        std::fprintf(f, "],\n");
        if (all_counted)
          std::fprintf(f, "  \"net_bytes_measured\": {\"dispatch\": %.0f, \"combine\": %.0f},\n", meas_tot[0],
                       meas_tot[1]);
        std::fprintf(f, "  \"phases\": [\n");
        for (int p = 0; p < kNormalPhases; ++p) {
          const double bytes = p == 0 ? 0 : p == 3 ? deepep_comb : deepep_disp;
          std::fprintf(f, "    {\"phase\": \"%s\", \"median_us\": %.3f, \"min_us\": %.3f, \"max_us\": %.3f, "
                          "\"slowest_rank_median_us\": %.3f, \"deepep_bytes\": %.0f, \"gbps\": %.3f}%s\n",
                       kNormalPhase[p], st[static_cast<size_t>(p)].median, st[static_cast<size_t>(p)].min,
                       st[static_cast<size_t>(p)].max, slowest[static_cast<size_t>(p)], bytes,
                       bytes / (st[static_cast<size_t>(p)].median * 1e3), p + 1 < kNormalPhases ? "," : "");
        }
        std::fprintf(f, "  ]\n}\n");
        std::fclose(f);
      }
    }
    if (!a.plot.empty())
      write_svg(a.plot, plot_title("normal", R, T, H, K, a.experts, a.dtype),
                std::vector<const char*>(kNormalPhase, kNormalPhase + kNormalPhases), st);
  }
  return finish(rc, sym, buf, s, {x, idx, w, y, out, scales});
}

}  // namespace
