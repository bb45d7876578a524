// Device perftests, NVSHMEM's programs and options (docs/perf/README.md):
// one source compiled once, one program per experiment; the program's name
// (argv[0]) selects the experiment.
//
//   shmem_put_bw / shmem_get_bw       putmem_nbi(_warp/_block) from -c CTAs x -t
//                                     threads, `size` bytes per iteration split
//                                     over the CTAs; quiet at the end; --bidir
//   shmem_st_bw                       plain 16-byte stores through shoal_ptr
//   shmem_put_latency / get_latency   one CTA: putmem_nbi + quiet (get: getmem)
//                                     per iteration at thread/warp/block scope
//   shmem_p_latency / shmem_g_latency one thread: int p + quiet / int g
//   shmem_atomic_latency              one thread: -a fetch_add|add|inc|fetch_inc|
//                                     swap|compare_swap|fetch|set on uint64
//   shmem_*_ping_pong_latency         PE 0 and PE 1 bounce a message, NVSHMEM's
//                                     shapes: put_signal; signal (signal_op); p
//                                     (int p per payload word + fence + signal
//                                     SET); atomic (fetch_add + wait_until);
//                                     put_atomic (putmem_nbi + fence + atomic
//                                     add); put (putmem_nbi + fence + signal
//                                     SET); reported as round trip / 2
//   shoal_p_poll_ping_pong_latency    one 8-byte p per hop and the peer polls
//                                     that word (no fence, signal or quiet):
//                                     the shape of ucx_perftest's ucp_put_lat
//
// Timing: CUDA events on the program's stream around one kernel that runs
// all -n iterations (warm-up: -w iterations in a separate launch), -r
// repetitions; median/min/max. --cudagraph captures that launch once and
// replays the graph for each repetition. GB = 1e9 B. Data is checked once per size
// outside the timed region; a wrong byte ends the job non-zero.
// PEs pair up (0,1), (2,3)...; the even PE issues (both with --bidir).
//
// The same source builds against NVSHMEM (perftest/device/backend.h maps the
// names; CMake option SHOAL_NVSHMEM_HOME): bin/nvshmem/<program>.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "perftest/common/check.h"
#include "perftest/common/options.h"
#include "perftest/common/report.h"
#include "perftest/common/timing.h"
#include "perftest/device/backend.h"  // shoal, or NVSHMEM for the comparison build
#include "perftest/device/device_timer.h"

using namespace shoal::perftest;

namespace {

enum Op : int {
  kPutBw, kGetBw, kStBw, kPBw, kGBw, kAtomicBw, kPutLat, kGetLat, kPLat, kGLat, kAtomicLat,
  kPingPutSignal, kPingSignal, kPingP, kPingAtomic, kPingPutAtomic, kPingPut, kPingPoll
};

struct Experiment {
  const char* name;
  Op op;
  Metric metric;
  const char* summary;
};

const Experiment kExperiments[] = {
    {"shmem_put_bw", kPutBw, Metric::bw, "device putmem_nbi bandwidth (CTAs x threads, scopes)"},
    {"shmem_get_bw", kGetBw, Metric::bw, "device getmem_nbi bandwidth (CTAs x threads, scopes)"},
    {"shmem_st_bw", kStBw, Metric::bw, "bandwidth of plain stores through shoal_ptr"},
    {"shmem_p_bw", kPBw, Metric::bw, "int p from every thread of -c CTAs x -t threads"},
    {"shmem_g_bw", kGBw, Metric::bw, "int g from every thread of -c CTAs x -t threads"},
    {"shmem_atomic_bw", kAtomicBw, Metric::msgrate, "uint64 atomics from every thread (-a op)"},
    {"shmem_put_latency", kPutLat, Metric::latency, "putmem_nbi + quiet latency, one CTA"},
    {"shmem_get_latency", kGetLat, Metric::latency, "getmem latency, one CTA"},
    {"shmem_p_latency", kPLat, Metric::latency, "int p + quiet latency, one thread"},
    {"shmem_g_latency", kGLat, Metric::latency, "int g latency, one thread"},
    {"shmem_atomic_latency", kAtomicLat, Metric::latency, "uint64 atomic latency, one thread"},
    {"shmem_put_signal_ping_pong_latency", kPingPutSignal, Metric::latency, "put_signal ping-pong"},
    {"shmem_signal_ping_pong_latency", kPingSignal, Metric::latency, "signal_op ping-pong"},
    {"shmem_p_ping_pong_latency", kPingP, Metric::latency, "int p per payload word + fence + signal ping-pong"},
    {"shmem_atomic_ping_pong_latency", kPingAtomic, Metric::latency, "fetch_add + wait_until ping-pong"},
    {"shmem_put_atomic_ping_pong_latency", kPingPutAtomic, Metric::latency,
     "putmem + fence + atomic add ping-pong"},
    {"shmem_put_ping_pong_latency", kPingPut, Metric::latency, "putmem_nbi + fence + signal ping-pong"},
    {"shoal_p_poll_ping_pong_latency", kPingPoll, Metric::latency,
     "8-byte p ping-pong, the peer polls the word (ucp_put_lat's shape)"},
};

constexpr int kScopeThread = 0, kScopeWarp = 1, kScopeBlock = 2;

// Bandwidth: CTA c handles bytes [c*chunk, ...) of each iteration's `size`;
// inside it, threads (thread scope) or warps (warp scope) take sub-chunks.
__global__ void bw_kernel(char* sym, char* local, size_t size, int iters, int scope, int read, int peer) {
  const size_t ctas = gridDim.x;
  const size_t cta_chunk = (size + ctas - 1) / ctas;
  const size_t cta_begin = blockIdx.x * cta_chunk;
  if (cta_begin >= size) return;
  const size_t cta_len = cta_begin + cta_chunk <= size ? cta_chunk : size - cta_begin;
  size_t begin = cta_begin, len = cta_len;
  if (scope != kScopeBlock) {
    const size_t parts = scope == kScopeWarp ? (blockDim.x + 31) / 32 : blockDim.x;
    const size_t part = scope == kScopeWarp ? threadIdx.x / 32 : threadIdx.x;
    const size_t sub = (cta_len + parts - 1) / parts;
    begin = cta_begin + part * sub;
    len = begin >= cta_begin + cta_len ? 0 : (begin + sub <= cta_begin + cta_len ? sub : cta_begin + cta_len - begin);
  }
  for (int i = 0; i < iters; ++i) {
    if (scope == kScopeBlock) {
      if (read) shoal_getmem_nbi_block(local + begin, sym + begin, len, peer);
      else shoal_putmem_nbi_block(sym + begin, local + begin, len, peer);
    } else if (scope == kScopeWarp) {
      if (read) shoal_getmem_nbi_warp(local + begin, sym + begin, len, peer);
      else shoal_putmem_nbi_warp(sym + begin, local + begin, len, peer);
    } else if (len) {
      if (read) shoal_getmem_nbi(local + begin, sym + begin, len, peer);
      else shoal_putmem_nbi(sym + begin, local + begin, len, peer);
    }
  }
  shoal_quiet();
}

__global__ void st_kernel(char* sym, const char* local, size_t size, int iters, int peer) {
  uint4* dst = static_cast<uint4*>(shoal_ptr(sym, peer));
  const uint4* src = reinterpret_cast<const uint4*>(local);
  const size_t words = size / 16;
  const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  for (int i = 0; i < iters; ++i)
    for (size_t w = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; w < words; w += stride)
      dst[w] = src[w];
  shoal_quiet();
}

// p/g/atomic throughput: every thread works on its own word (index = global
// thread id) of the peer's buffer.
__global__ void elem_kernel(int op, char* sym, char* local, int iters, int peer, int amo) {
  const size_t t = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  int* wi = reinterpret_cast<int*>(sym) + t;
  auto* w64 = reinterpret_cast<unsigned long long*>(sym) + t;
  unsigned acc = 0;
  for (int i = 0; i < iters; ++i) {
    if (op == kPBw) {
      shoal_int_p(wi, i, peer);
    } else if (op == kGBw) {
      acc += static_cast<unsigned>(shoal_int_g(wi, peer));
    } else {
      switch (amo) {
        case 0: acc += static_cast<unsigned>(shoal_ulonglong_atomic_fetch_add(w64, 1, peer)); break;
        case 1: shoal_ulonglong_atomic_add(w64, 1, peer); break;
        case 2: shoal_ulonglong_atomic_inc(w64, peer); break;
        case 3: acc += static_cast<unsigned>(shoal_ulonglong_atomic_fetch_inc(w64, peer)); break;
        case 4: acc += static_cast<unsigned>(shoal_ulonglong_atomic_swap(w64, i, peer)); break;
        case 5: acc += static_cast<unsigned>(shoal_ulonglong_atomic_compare_swap(w64, i, i + 1, peer)); break;
        case 6: acc += static_cast<unsigned>(shoal_ulonglong_atomic_fetch(w64, peer)); break;
        default: shoal_ulonglong_atomic_set(w64, i, peer); break;
      }
    }
  }
  shoal_quiet();
  if (acc == 0xFFFFFFFFu) local[0] = 1;  // keeps the fetched values live
}

__global__ void lat_kernel(int op, char* sym, char* local, size_t size, int iters, int scope, int peer,
                           int amo) {
  const bool thread0 = threadIdx.x == 0, warp0 = threadIdx.x < 32;
  auto* w64 = reinterpret_cast<unsigned long long*>(sym);
  for (int i = 0; i < iters; ++i) {
    switch (op) {
      case kPutLat:
        if (scope == kScopeBlock) shoal_putmem_nbi_block(sym, local, size, peer);
        else if (scope == kScopeWarp && warp0) shoal_putmem_nbi_warp(sym, local, size, peer);
        else if (scope == kScopeThread && thread0) shoal_putmem_nbi(sym, local, size, peer);
        if (scope == kScopeBlock || (scope == kScopeWarp && warp0) || thread0) shoal_quiet();
        break;
      case kGetLat:
        if (scope == kScopeBlock) shoal_getmem_block(local, sym, size, peer);
        else if (scope == kScopeWarp && warp0) shoal_getmem_warp(local, sym, size, peer);
        else if (scope == kScopeThread && thread0) shoal_getmem(local, sym, size, peer);
        break;
      case kPLat:
        if (thread0) {
          shoal_int_p(reinterpret_cast<int*>(sym), i, peer);
          shoal_quiet();
        }
        break;
      case kGLat:
        if (thread0)
          reinterpret_cast<unsigned*>(local)[0] += static_cast<unsigned>(shoal_int_g(reinterpret_cast<int*>(sym), peer));
        break;
      case kAtomicLat:
        if (!thread0) break;
        switch (amo) {
          case 0: local[0] += static_cast<char>(shoal_ulonglong_atomic_fetch_add(w64, 1, peer)); break;
          case 1: shoal_ulonglong_atomic_add(w64, 1, peer); shoal_quiet(); break;
          case 2: shoal_ulonglong_atomic_inc(w64, peer); shoal_quiet(); break;
          case 3: local[0] += static_cast<char>(shoal_ulonglong_atomic_fetch_inc(w64, peer)); break;
          case 4: local[0] += static_cast<char>(shoal_ulonglong_atomic_swap(w64, i, peer)); break;
          case 5: local[0] += static_cast<char>(shoal_ulonglong_atomic_compare_swap(w64, i, i + 1, peer)); break;
          case 6: local[0] += static_cast<char>(shoal_ulonglong_atomic_fetch(w64, peer)); break;
          default: shoal_ulonglong_atomic_set(w64, i, peer); shoal_quiet(); break;
        }
        break;
      default:
        break;
    }
  }
}

// Ping-pong between `me` and `peer`: the initiator sends first. The counter
// words live at the start of sym (8-byte aligned), the payload after them.
// The round count so far lives in device memory (*rounds), so a launch
// replayed from a CUDA graph (--cudagraph) continues where the last one ended.
__global__ void ping_kernel(int op, char* sym, char* local, size_t size, int iters, int peer,
                            int initiator, unsigned long long* rounds) {
  if (threadIdx.x != 0) return;
  const unsigned long long base = *rounds;
  *rounds = base + static_cast<unsigned long long>(iters);
  auto* sig = reinterpret_cast<uint64_t*>(sym);
  auto* flag = reinterpret_cast<unsigned long long*>(sym + 8);
  char* payload = sym + 64;
  for (int i = 1; i <= iters; ++i) {
    const unsigned long long v = base + static_cast<unsigned long long>(i);
    for (int leg = 0; leg < 2; ++leg) {
      const bool send = (leg == 0) == (initiator != 0);
      if (send) {
        switch (op) {
          case kPingPutSignal:
            shoal_putmem_signal_nbi(payload, local, size, sig, v, SHOAL_SIGNAL_SET, peer);
            break;
          case kPingSignal: shoal_signal_op(sig, v, SHOAL_SIGNAL_SET, peer); break;
          case kPingP: {
            // The payload's ints one p each, then fence and the signal.
            const int* words = reinterpret_cast<const int*>(local);
            int* dst = reinterpret_cast<int*>(payload);
            for (size_t w = 0; w < size / sizeof(int); ++w) shoal_int_p(dst + w, words[w], peer);
            shoal_fence();
            shoal_signal_op(sig, v, SHOAL_SIGNAL_SET, peer);
            break;
          }
          case kPingAtomic: shoal_ulonglong_atomic_fetch_add(flag, 1, peer); break;
          case kPingPut:
            shoal_putmem_nbi(payload, local, size, peer);
            shoal_fence();
            shoal_signal_op(sig, v, SHOAL_SIGNAL_SET, peer);
            break;
          case kPingPoll: shoal_ulonglong_p(flag, v, peer); break;
          default:
            shoal_putmem_nbi(payload, local, size, peer);
            shoal_fence();
            shoal_ulonglong_atomic_add(flag, 1, peer);
            break;
        }
      } else if (op == kPingPutSignal || op == kPingSignal || op == kPingP || op == kPingPut) {
        shoal_signal_wait_until(sig, SHOAL_CMP_GE, v);
      } else {
        shoal_ulonglong_wait_until(flag, SHOAL_CMP_GE, v);
      }
    }
  }
  shoal_quiet();  // the _nbi puts complete before the kernel ends
}

int amo_index(const std::string& a) {
  const char* names[] = {"fetch_add", "add", "inc", "fetch_inc", "swap", "compare_swap", "fetch", "set"};
  for (int i = 0; i < 8; ++i)
    if (a == names[i]) return i;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const Experiment* ex = find_experiment(kExperiments, argv[0], "shmem_put_bw, shmem_put_latency, ...");
  if (!ex) return 2;
  const bool is_bw = ex->op <= kStBw;
  const bool is_elem = ex->op == kPBw || ex->op == kGBw || ex->op == kAtomicBw;
  const bool is_ping = ex->op >= kPingPutSignal;
  ProgramSpec spec;
  spec.name = ex->name;
  spec.summary = ex->summary;
  spec.defaults.issue = Issue::on_stream;
  if (!is_bw) {
    spec.defaults.ctas = 1;
    const bool sized = ex->op == kPutLat || ex->op == kGetLat || ex->op == kPingPutSignal ||
                       ex->op == kPingPutAtomic || ex->op == kPingPut;
    spec.defaults.min_size = 8;
    spec.defaults.max_size = sized ? (64u << 10) : 8;
  }
  if (is_elem) {
    spec.defaults.min_size = spec.defaults.max_size = ex->op == kAtomicBw ? 8 : 4;
  }
  if (ex->op == kAtomicLat || ex->op == kAtomicBw)
    spec.atomic_ops = {"fetch_add", "add", "inc", "fetch_inc", "swap", "compare_swap", "fetch", "set"};
  if (ex->op == kPutBw || ex->op == kGetBw || ex->op == kPutLat || ex->op == kGetLat)
    spec.scopes = {Scope::thread, Scope::warp, Scope::block, Scope::all};
  else
    spec.scopes = {Scope::thread, Scope::all};
  Options o = parse_or_exit(argc, argv, spec);
  if (perftest_init() != 0) {
    std::fprintf(stderr, "%s: %s init failed (run under shoalrun, mpirun or srun)\n", ex->name,
                 perftest_library());
    return 2;
  }
  const int me = shoal_my_pe(), n = shoal_n_pes();
  if (n < 2) {
    if (me == 0) std::fprintf(stderr, "%s: needs at least 2 PEs\n", ex->name);
    perftest_finalize();
    return 2;
  }
  const int peer = (me ^ 1) < n ? (me ^ 1) : -1;
  const bool issuer = peer >= 0 && (me % 2 == 0 || o.bidir || is_ping);
  const size_t max = std::max<size_t>(o.max_size + 64, o.ctas * o.threads * 8 + 64);
  char* sym = static_cast<char*>(shoal_align(4096, max));
  char* local = nullptr;
  CK(cudaMalloc(&local, max));
  std::vector<char> h(max);
  fill_pattern(h.data(), max, 0x5eed00u + static_cast<std::uint64_t>(me));
  CK(cudaMemcpy(local, h.data(), max, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(sym, h.data(), max, cudaMemcpyHostToDevice));  // get programs read this
  cudaStream_t stream;
  CK(cudaStreamCreate(&stream));
  EventTimer timer(stream);
  Context ctx = default_context(n, perftest_library());
  Report rep(ex->name, ex->metric, o, ctx, me == 0);

  std::vector<int> scopes;
  auto want = [&](Scope s) { return o.scope == Scope::all || o.scope == s; };
  if (want(Scope::thread)) scopes.push_back(kScopeThread);
  if ((ex->op == kPutBw || ex->op == kGetBw || ex->op == kPutLat || ex->op == kGetLat) && want(Scope::warp))
    scopes.push_back(kScopeWarp);
  if ((ex->op == kPutBw || ex->op == kGetBw || ex->op == kPutLat || ex->op == kGetLat) && want(Scope::block))
    scopes.push_back(kScopeBlock);
  const int amo = amo_index(o.atomic_op);
  unsigned long long* ping_rounds = nullptr;  // device counter (see ping_kernel)
  CK(cudaMalloc(&ping_rounds, sizeof(unsigned long long)));
  const auto sizes = is_ping && (ex->op == kPingSignal || ex->op == kPingP || ex->op == kPingAtomic ||
                                 ex->op == kPingPoll)
                         ? std::vector<std::uint64_t>{8}
                         : size_sweep(o);
  for (int scope : scopes) {
    const char* scope_label = scope == kScopeThread ? "thread" : scope == kScopeWarp ? "warp" : "block";
    for (std::size_t si = 0; si < sizes.size(); ++si) {
      const std::uint64_t size = sizes[si];
      rep.progress(si, sizes.size(), size);
      std::vector<double> samples;
      auto launch = [&](int iters) {
        const int it = iters;
        switch (ex->op) {
          case kPutBw:
          case kGetBw:
            CK(shoal::launch(bw_kernel, static_cast<unsigned>(o.ctas), static_cast<unsigned>(o.threads), 0,
                             stream, sym, local, static_cast<size_t>(size), it, scope, ex->op == kGetBw ? 1 : 0,
                             peer));
            break;
          case kStBw:
            CK(shoal::launch(st_kernel, static_cast<unsigned>(o.ctas), static_cast<unsigned>(o.threads), 0,
                             stream, sym, static_cast<const char*>(local), static_cast<size_t>(size), it, peer));
            break;
          case kPBw: case kGBw: case kAtomicBw:
            CK(shoal::launch(elem_kernel, static_cast<unsigned>(o.ctas), static_cast<unsigned>(o.threads), 0,
                             stream, static_cast<int>(ex->op), sym, local, it, peer, amo));
            break;
          case kPutLat: case kGetLat: case kPLat: case kGLat: case kAtomicLat:
            CK(shoal::launch(lat_kernel, 1u, scope == kScopeThread ? 32u : static_cast<unsigned>(o.threads), 0,
                             stream, static_cast<int>(ex->op), sym, local, static_cast<size_t>(size), it, scope,
                             peer, amo));
            break;
          default:
            CK(shoal::collective_launch(ping_kernel, 1u, 32u, 0, stream, static_cast<int>(ex->op), sym + 0,
                                        local, static_cast<size_t>(size), it, peer,
                                        me % 2 == 0 ? 1 : 0, ping_rounds));
            break;
        }
      };
      // Ping-pong counters: start each size from zero on both sides.
      if (is_ping) {
        CK(cudaMemset(sym, 0, 64));
        CK(cudaMemset(ping_rounds, 0, sizeof(unsigned long long)));
      }
      shoal_barrier_all();
      if (issuer && o.warmup) {
        launch(static_cast<int>(o.warmup));
        CK(cudaStreamSynchronize(stream));
      }
      // --cudagraph: the timed launch is captured once into a graph and each
      // repetition replays it (launch overhead amortised as NVSHMEM's option).
      cudaGraphExec_t graph_exec = nullptr;
      if (issuer && o.cudagraph) {
        cudaGraph_t graph = nullptr;
        CK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
        launch(static_cast<int>(o.iters));
        CK(cudaStreamEndCapture(stream, &graph));
        CK(cudaGraphInstantiate(&graph_exec, graph, 0));
        CK(cudaGraphDestroy(graph));
      }
      for (std::uint64_t r = 0; r < o.reps; ++r) {
        shoal_barrier_all();
        if (!issuer) continue;
        timer.start();
        if (graph_exec) CK(cudaGraphLaunch(graph_exec, stream));
        else launch(static_cast<int>(o.iters));
        double us = timer.stop_us();
        CK(cudaGetLastError());
        double per = us / static_cast<double>(o.iters);
        if (is_elem) {
          const std::uint64_t ops = o.ctas * o.threads * o.iters;
          samples.push_back(ex->metric == Metric::msgrate ? mmps(ops, us) : gb_per_s(ops * size, us));
        } else if (ex->metric == Metric::bw)
          samples.push_back(gb_per_s(size * o.iters, us));
        else
          samples.push_back(is_ping ? per / 2.0 : per);
      }
      CK(cudaDeviceSynchronize());
      if (graph_exec) CK(cudaGraphExecDestroy(graph_exec));
      shoal_barrier_all();
      // Data check, outside timing: puts/stores landed on the peer as its
      // source pattern; gets brought the peer's pattern here.
      if (ex->op == kPutBw || ex->op == kStBw || ex->op == kGetBw) {
        const bool lands = ex->op == kGetBw ? issuer : (peer >= 0 && (me % 2 == 1 || o.bidir));
        if (lands) {
          const char* where = ex->op == kGetBw ? local : sym;
          std::vector<char> got(size);
          CK(cudaMemcpy(got.data(), where, size, cudaMemcpyDeviceToHost));
          const std::uint64_t len = ex->op == kStBw ? size / 16 * 16 : size;
          long long bad = check_pattern(got.data(), len, 0x5eed00u + static_cast<std::uint64_t>(peer));
          if (bad >= 0) {
            std::fprintf(stderr, "[PE %d] DATA CHECK FAILED: %s size %llu scope %s: byte %lld\n", me, ex->name,
                         static_cast<unsigned long long>(size), scope_label, bad);
            shoal_global_exit(3);
          }
        }
        // Restore this PE's own pattern for the next size (gets read it).
        CK(cudaMemcpy(sym, h.data(), max, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(local, h.data(), max, cudaMemcpyHostToDevice));
      }
      shoal_barrier_all();
      if (me == 0) {
        Row row;
        row.size = size;
        row.scope = scope_label;
        row.value = summarize(samples);
        row.iters = o.iters;
        rep.add(row);
      }
    }
  }
  bool ok = rep.finish();
  cudaStreamDestroy(stream);
  cudaFree(local);
  cudaFree(ping_rounds);
  shoal_free(sym);
  perftest_finalize();
  return ok ? 0 : 1;
}
