// Device collective perftests, NVSHMEM's programs and options
// (docs/perf/README.md); the program's name selects the experiment:
//
//   barrier_latency, sync_latency       shoal_barrier / shoal_sync on WORLD
//   bcast_latency                       broadcastmem from PE 0, `size` bytes
//   fcollect_latency                    fcollectmem, `size` bytes per PE
//   alltoall_latency                    alltoallmem, `size` bytes per PE pair
//   reduction_latency                   <T>_<op>_reduce of `size` bytes (-d, -o)
//   reducescatter_latency               <T>_<op>_reducescatter, `size` bytes per PE
//
// One CTA per PE (-t threads) runs all -n iterations at the chosen scope
// (thread: thread 0, warp: lanes 0-31, block: every thread) in one
// cooperative launch; latency = event time / iterations (median of -r
// repetitions). algbw = size / latency; busbw = algbw x 2(n-1)/n
// (reduction), (n-1)/n (alltoall, fcollect, reducescatter), 1 (bcast), as
// NVSHMEM reports them. The result of the last iteration is checked once per
// size (reduction of int: exact sum of every PE's values).
#include <shoal/collective_launch.h>
#include <shoal/shoal.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "perftest/common/options.h"
#include "perftest/common/report.h"
#include "perftest/common/timing.h"
#include "perftest/device/device_timer.h"

using namespace shoal::perftest;

namespace {

enum Coll : int { kBarrier, kSync, kBcast, kFcollect, kAlltoall, kReduce, kReduceScatter };

struct Experiment {
  const char* name;
  Coll coll;
  double bus_factor_num;  // busbw = algbw * (num ? num*(n-1)/n : 1)
  const char* summary;
};

const Experiment kExperiments[] = {
    {"barrier_latency", kBarrier, 0, "shoal_barrier(WORLD) latency"},
    {"sync_latency", kSync, 0, "shoal_sync(WORLD) latency"},
    {"bcast_latency", kBcast, 0, "broadcastmem latency and bandwidth"},
    {"fcollect_latency", kFcollect, 1, "fcollectmem latency and bandwidth"},
    {"alltoall_latency", kAlltoall, 1, "alltoallmem latency and bandwidth"},
    {"reduction_latency", kReduce, 2, "<T>_<op>_reduce latency and bandwidth"},
    {"reducescatter_latency", kReduceScatter, 1, "<T>_<op>_reducescatter latency and bandwidth"},
};

// Calls one collective at scope S (0 thread, 1 warp, 2 block) for the
// group this thread belongs to; threads outside the group skip it.
#define SCOPED_(scope, CALL)                                        \
  do {                                                              \
    if (scope == 0 && threadIdx.x == 0) CALL(, );                   \
    if (scope == 1 && threadIdx.x < 32) CALL(_warp, );              \
    if (scope == 2) CALL(_block, );                                 \
  } while (0)

// Reductions of the benchmark's types: op index into kOps.
const char* const kOps[] = {"sum", "min", "max", "prod", "and", "or", "xor"};

#define RED_TYPE_(NAME, TYPE)                                                                     \
  __device__ void reduce_##NAME(int scatter, int op, int scope, TYPE* d, const TYPE* s, size_t n) { \
    const bool g = scope == 2 || (scope == 1 && threadIdx.x < 32) || threadIdx.x == 0;            \
    if (!g) return;                                                                               \
    switch (op * 2 + scatter) {                                                                   \
      RED_OPS_##NAME(NAME)                                                                        \
    }                                                                                             \
  }
#define RED_CASE_(NAME, OP, I)                                                                    \
  case 2 * I:                                                                                     \
    if (scope == 0) shoal_##NAME##_##OP##_reduce(SHOAL_TEAM_WORLD, d, s, n);                      \
    if (scope == 1) shoal_##NAME##_##OP##_reduce_warp(SHOAL_TEAM_WORLD, d, s, n);                 \
    if (scope == 2) shoal_##NAME##_##OP##_reduce_block(SHOAL_TEAM_WORLD, d, s, n);                \
    break;                                                                                        \
  case 2 * I + 1:                                                                                 \
    if (scope == 0) shoal_##NAME##_##OP##_reducescatter(SHOAL_TEAM_WORLD, d, s, n);               \
    if (scope == 1) shoal_##NAME##_##OP##_reducescatter_warp(SHOAL_TEAM_WORLD, d, s, n);          \
    if (scope == 2) shoal_##NAME##_##OP##_reducescatter_block(SHOAL_TEAM_WORLD, d, s, n);         \
    break;
#define RED_ARITH_(NAME) RED_CASE_(NAME, sum, 0) RED_CASE_(NAME, min, 1) RED_CASE_(NAME, max, 2) \
  RED_CASE_(NAME, prod, 3)
#define RED_OPS_int(NAME) RED_ARITH_(NAME) RED_CASE_(int32, and, 4) RED_CASE_(int32, or, 5) RED_CASE_(int32, xor, 6)
#define RED_OPS_long(NAME) RED_ARITH_(NAME) RED_CASE_(int64, and, 4) RED_CASE_(int64, or, 5) RED_CASE_(int64, xor, 6)
#define RED_OPS_float(NAME) RED_ARITH_(NAME)
#define RED_OPS_double(NAME) RED_ARITH_(NAME)
RED_TYPE_(int, int)
RED_TYPE_(long, long)
RED_TYPE_(float, float)
RED_TYPE_(double, double)

__global__ void coll_kernel(int coll, int scope, int dtype, int op, char* dest, const char* src,
                            size_t bytes, int iters) {
  const bool g = scope == 2 || (scope == 1 && threadIdx.x < 32) || threadIdx.x == 0;
  for (int i = 0; i < iters; ++i) {
    switch (coll) {
      case kBarrier:
      case kSync:
        if (!g) break;
        if (scope == 0) coll == kBarrier ? shoal_barrier(SHOAL_TEAM_WORLD) : shoal_sync(SHOAL_TEAM_WORLD);
        if (scope == 1) coll == kBarrier ? shoal_barrier_warp(SHOAL_TEAM_WORLD) : shoal_sync_warp(SHOAL_TEAM_WORLD);
        if (scope == 2) coll == kBarrier ? shoal_barrier_block(SHOAL_TEAM_WORLD) : shoal_sync_block(SHOAL_TEAM_WORLD);
        break;
      case kBcast:
#define BCAST_(SFX, X) shoal_broadcastmem##SFX(SHOAL_TEAM_WORLD, dest, src, bytes, 0)
        SCOPED_(scope, BCAST_);
        break;
      case kFcollect:
#define FCOLLECT_(SFX, X) shoal_fcollectmem##SFX(SHOAL_TEAM_WORLD, dest, src, bytes)
        SCOPED_(scope, FCOLLECT_);
        break;
      case kAlltoall:
#define ALLTOALL_(SFX, X) shoal_alltoallmem##SFX(SHOAL_TEAM_WORLD, dest, src, bytes)
        SCOPED_(scope, ALLTOALL_);
        break;
      default: {
        const int scatter = coll == kReduceScatter ? 1 : 0;
        if (dtype == 0) reduce_int(scatter, op, scope, reinterpret_cast<int*>(dest), reinterpret_cast<const int*>(src), bytes / 4);
        if (dtype == 1) reduce_long(scatter, op, scope, reinterpret_cast<long*>(dest), reinterpret_cast<const long*>(src), bytes / 8);
        if (dtype == 2) reduce_float(scatter, op, scope, reinterpret_cast<float*>(dest), reinterpret_cast<const float*>(src), bytes / 4);
        if (dtype == 3) reduce_double(scatter, op, scope, reinterpret_cast<double*>(dest), reinterpret_cast<const double*>(src), bytes / 8);
      }
    }
    __syncthreads();
  }
}

}  // namespace

int main(int argc, char** argv) {
  const Experiment* ex = find_experiment(kExperiments, argv[0], "barrier_latency, reduction_latency, ...");
  if (!ex) return 2;
  const bool sized = ex->coll != kBarrier && ex->coll != kSync;
  const bool red = ex->coll == kReduce || ex->coll == kReduceScatter;
  ProgramSpec spec;
  spec.name = ex->name;
  spec.summary = ex->summary;
  spec.defaults.ctas = 1;
  spec.defaults.min_size = sized ? 8 : 8;
  spec.defaults.max_size = sized ? (1u << 20) : 8;
  spec.scopes = {Scope::thread, Scope::warp, Scope::block, Scope::all};
  if (red) {
    spec.datatypes = {"int", "long", "float", "double"};
    spec.reduce_ops = {"sum", "min", "max", "prod", "and", "or", "xor"};
  }
  Options o = parse_or_exit(argc, argv, spec);
  int dtype = 0, op = 0;
  if (red) {
    for (int i = 0; i < 4; ++i)
      if (o.datatype == spec.datatypes[i]) dtype = i;
    for (int i = 0; i < 7; ++i)
      if (o.reduce_op == kOps[i]) op = i;
    if (op >= 4 && dtype >= 2) {
      std::fprintf(stderr, "%s: -o %s needs an integer type (-d int or long)\n", ex->name, kOps[op]);
      return 2;
    }
  }
  const size_t elem = red ? (dtype == 1 || dtype == 3 ? 8 : 4) : 1;
  if (shoal_init() != 0) {
    std::fprintf(stderr, "%s: shoal_init failed (run under shoalrun, mpirun or srun)\n", ex->name);
    return 2;
  }
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const size_t max_bytes = static_cast<size_t>(o.max_size) * n + 64;
  char* src = static_cast<char*>(shoal_align(4096, max_bytes));
  char* dest = static_cast<char*>(shoal_align(4096, max_bytes));
  {
    std::vector<int> h(max_bytes / 4);
    for (size_t i = 0; i < h.size(); ++i) h[i] = static_cast<int>((i * 7 + me) % 13);
    CK(cudaMemcpy(src, h.data(), h.size() * 4, cudaMemcpyHostToDevice));
  }
  cudaStream_t stream;
  CK(cudaStreamCreate(&stream));
  EventTimer timer(stream);
  Context ctx = default_context(n, "shoal");
  Report rep(ex->name, Metric::latency, o, ctx, me == 0);
  std::vector<int> scopes;
  for (int s = 0; s < 3; ++s)
    if (o.scope == Scope::all || static_cast<int>(o.scope) == s) scopes.push_back(s);
  const auto sizes = sized ? size_sweep(o) : std::vector<std::uint64_t>{8};
  for (int scope : scopes) {
    const char* scope_label = scope == 0 ? "thread" : scope == 1 ? "warp" : "block";
    for (std::size_t si = 0; si < sizes.size(); ++si) {
      const std::uint64_t size = sizes[si] / elem * elem;
      if (sized && size == 0) continue;
      rep.progress(si, sizes.size(), size);
      auto launch = [&](int iters) {
        CK(shoal::collective_launch(coll_kernel, 1u, static_cast<unsigned>(o.threads), 0, stream,
                                    static_cast<int>(ex->coll), scope, dtype, op, dest,
                                    static_cast<const char*>(src), static_cast<size_t>(size), iters));
      };
      shoal_barrier_all();
      if (o.warmup) launch(static_cast<int>(o.warmup));
      CK(cudaStreamSynchronize(stream));
      std::vector<double> samples;
      for (std::uint64_t r = 0; r < o.reps; ++r) {
        shoal_barrier_all();
        timer.start();
        launch(static_cast<int>(o.iters));
        samples.push_back(timer.stop_us() / static_cast<double>(o.iters));
      }
      CK(cudaDeviceSynchronize());
      // Check: an int sum reduction equals the sum of every PE's values.
      if (ex->coll == kReduce && dtype == 0 && op == 0) {
        std::vector<int> got(size / 4);
        CK(cudaMemcpy(got.data(), dest, size, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < got.size(); ++i) {
          int want = 0;
          for (int pe = 0; pe < n; ++pe) want += static_cast<int>((i * 7 + pe) % 13);
          if (got[i] != want) {
            std::fprintf(stderr, "[PE %d] DATA CHECK FAILED: %s size %llu scope %s: element %zu is "
                                 "%d, expected %d\n", me, ex->name,
                         static_cast<unsigned long long>(size), scope_label, i, got[i], want);
            shoal_global_exit(3);
          }
        }
      }
      shoal_barrier_all();
      if (me == 0) {
        Row row;
        row.size = size;
        row.scope = scope_label;
        row.value = summarize(samples);
        row.iters = o.iters;
        if (sized) {
          const double algbw = static_cast<double>(size) / (row.value.median * 1e3);  // GB/s
          const double f = ex->bus_factor_num == 0 ? 1.0 : ex->bus_factor_num * (n - 1) / n;
          row.extra = {{"algbw_GBps", algbw}, {"busbw_GBps", algbw * f}};
        }
        rep.add(row);
      }
    }
  }
  bool ok = rep.finish();
  cudaStreamDestroy(stream);
  shoal_free(dest);
  shoal_free(src);
  shoal_finalize();
  return ok ? 0 : 1;
}
