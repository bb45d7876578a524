// ep_bench: shoal EP low-latency dispatch/combine, DeepEP's methodology.
//
//   shoalrun -n 8 ep_bench --mode ll --tokens 128 --hidden 7168 --topk 8 --experts 256
//            --dispatch-dtype fp8|bf16|ue8m0 [--iters N --warmup N --json FILE --plot FILE --check]
//
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
#include <memory>
#include <string>
#include <vector>

#include "perftest/common/report.h"
#include "perftest/common/timing.h"
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
  std::string json, plot;
  bool check = false;
  uint64_t seed = 1;
};

[[noreturn]] void usage(const char* msg) {
  if (msg) std::fprintf(stderr, "ep_bench: %s\n", msg);
  std::fprintf(stderr,
               "usage: ep_bench [--mode ll] [--tokens 128] [--hidden 7168] [--topk 8] [--experts 256]\n"
               "                [--dispatch-dtype fp8|bf16|ue8m0] [--iters N] [--warmup N] [--seed N]\n"
               "                [--json FILE] [--plot FILE.svg] [--check]\n");
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
    else if (o == "--tokens") a.tokens = to_int("--tokens", val());
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
  if (a.mode != "ll") usage("--mode: only 'll' (low-latency) exists so far; normal mode is issue 24");
  if (a.dtype != "fp8" && a.dtype != "bf16" && a.dtype != "ue8m0") usage("--dispatch-dtype must be fp8, bf16 or ue8m0");
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

void write_svg(const std::string& path, const std::string& title, const std::vector<pt::Stats>& st) {
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) {
    std::fprintf(stderr, "ep_bench: cannot write %s\n", path.c_str());
    return;
  }
  double top = 1e-9;
  for (const auto& s : st) top = std::max(top, s.max);
  const int W = 760, H = 360, x0 = 150, bar = 32, gap = 18;
  std::fprintf(f, "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' font-family='sans-serif' font-size='12'>\n", W, H);
  std::fprintf(f, "<text x='10' y='20' font-size='14'>%s</text>\n", pt::json_escape(title).c_str());
  for (int i = 0; i < kPhases; ++i) {
    const int y = 40 + i * (bar + gap);
    const double sx = (W - x0 - 90) / top;
    std::fprintf(f, "<text x='10' y='%d'>%s</text>\n", y + bar / 2 + 4, kPhaseName[i]);
    std::fprintf(f, "<rect x='%d' y='%d' width='%.1f' height='%d' fill='#4a7ab5'/>\n", x0, y, st[i].median * sx, bar);
    std::fprintf(f, "<line x1='%.1f' x2='%.1f' y1='%d' y2='%d' stroke='black'/>\n", x0 + st[i].min * sx,
                 x0 + st[i].max * sx, y + bar / 2, y + bar / 2);
    std::fprintf(f, "<text x='%.1f' y='%d'>%.1f us</text>\n", x0 + st[i].max * sx + 6, y + bar / 2 + 4, st[i].median);
  }
  std::fprintf(f, "</svg>\n");
  std::fclose(f);
}

}  // namespace

int main(int argc, char** argv) {
  const Args a = parse(argc, argv);
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

  // Device-to-device copy roofline in the same run (PE 0 alone, others idle).
  double copy_gbps = 0;
  {
    const size_t n = kSim ? (64u << 20) : (1u << 30);
    void *p = nullptr, *q = nullptr;
    shoal_barrier_all();
    if (me == 0 && cudaMalloc(&p, n) == cudaSuccess && cudaMalloc(&q, n) == cudaSuccess) {
      Event2 ev;
      double best = 1e30;
      for (int i = 0; i < 4; ++i) {
        CK(cudaEventRecord(ev.a, s));
        CK(cudaMemcpyAsync(q, p, n, cudaMemcpyDeviceToDevice, s));
        CK(cudaEventRecord(ev.b, s));
        CK(cudaEventSynchronize(ev.b));
        if (i) best = std::min(best, ev.us());
      }
      copy_gbps = 2.0 * static_cast<double>(n) / (best * 1e3);  // read + write
    }
    cudaFree(p);
    cudaFree(q);
    shoal_barrier_all();
  }

  // L2 flush buffer (cuda).
  void* flush = nullptr;
  size_t flush_bytes = 0;
  if (!kSim) {
    int dev = 0, l2 = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev);
    flush_bytes = static_cast<size_t>(std::max(l2, 1 << 20)) * 2;
    CK(cudaMalloc(&flush, flush_bytes));
  }

  std::vector<std::vector<double>> samples(kPhases);
  Event2 ev[kPhases];
  shoal::ep::DispatchOptions hook_opt;
  hook_opt.return_recv_hook = true;
  shoal::ep::CombineOptions hook_co = co;
  hook_co.return_recv_hook = true;
  for (int it = 0; it < a.warmup + a.iters; ++it) {
    auto align = [&] {
      if (flush) CK(cudaMemsetAsync(flush, it & 0xff, flush_bytes, s));
      CK(cudaStreamSynchronize(s));
      shoal_barrier_all();
    };
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
        const pt::Context ctx = pt::default_context(R, "shoal");
        std::fprintf(f, "{\n  \"benchmark\": \"ep_bench\", \"mode\": \"ll\", \"platform\": \"%s\", \"commit\": \"%s\", "
                        "\"date\": \"%s\", \"host\": \"%s\", \"cpu\": \"%s\",\n",
                     ctx.platform.c_str(), ctx.git_commit.c_str(), ctx.date.c_str(), pt::json_escape(ctx.hostname).c_str(),
                     pt::json_escape(ctx.cpu).c_str());
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
      write_svg(a.plot,
                "ep_bench ll: " + std::to_string(R) + " ranks, " + std::to_string(a.tokens) + " tokens, hidden " +
                    std::to_string(a.hidden) + ", top-" + std::to_string(a.topk) + ", " + std::to_string(a.experts) +
                    " experts, " + a.dtype + (kSim ? " (CPU/sim)" : ""),
                st);
  }
  const auto rcs = gather(rc, sym);
  cudaFree(flush);
  cudaFree(x);
  cudaFree(idx);
  cudaFree(w);
  cudaFree(y);
  cudaFree(out);
  CK(cudaStreamDestroy(s));
  buf.reset();
  shoal_free(sym);
  shoal_finalize();
  return (me == 0 ? rcs[0] : 0) != 0 ? 1 : 0;
}
