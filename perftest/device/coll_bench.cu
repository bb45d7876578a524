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

// One kernel per collective family, and per type x op for reductions: one
// kernel holding every collective x scope x type x op made ptxas run 25+
// minutes and 16 GB (docs/cuda.md); small kernels compile in proportion to
// their code. All share one signature so the host picks one from a table.
// `variant`: barrier (0) or sync (1); reduce (0) or reducescatter (1).
using CollKernel = void (*)(int variant, int scope, char* dest, const char* src, size_t bytes, int iters);

// This thread's group at scope (0 thread, 1 warp, 2 block) takes part: one
// thread, the first warp, or the whole block.
__device__ inline bool in_group(int scope) { return scope == 2 || (scope == 1 && threadIdx.x < 32) || threadIdx.x == 0; }

// Calls one collective at the chosen scope (for the group's threads only).
#define SCOPED_(CALL)                              \
  do {                                             \
    if (in_group(scope)) {                         \
      if (scope == 0) CALL();                      \
      if (scope == 1) CALL(_warp);                 \
      if (scope == 2) CALL(_block);                \
    }                                              \
  } while (0)

#define COLL_KERNEL_(NAME, CALL)                                                                    \
  __global__ void NAME(int variant, int scope, char* dest, const char* src, size_t bytes, int iters) { \
    (void)variant;                                                                                  \
    (void)dest;                                                                                     \
    (void)src;                                                                                      \
    (void)bytes;                                                                                    \
    for (int i = 0; i < iters; ++i) {                                                               \
      SCOPED_(CALL);                                                                                \
      __syncthreads();                                                                              \
    }                                                                                               \
  }
#define SYNC_(SFX) (variant == 0 ? shoal_barrier##SFX(SHOAL_TEAM_WORLD) : shoal_sync##SFX(SHOAL_TEAM_WORLD))
#define BCAST_(SFX) shoal_broadcastmem##SFX(SHOAL_TEAM_WORLD, dest, src, bytes, 0)
#define FCOLLECT_(SFX) shoal_fcollectmem##SFX(SHOAL_TEAM_WORLD, dest, src, bytes)
#define ALLTOALL_(SFX) shoal_alltoallmem##SFX(SHOAL_TEAM_WORLD, dest, src, bytes)
COLL_KERNEL_(sync_kernel, SYNC_)
COLL_KERNEL_(bcast_kernel, BCAST_)
COLL_KERNEL_(fcollect_kernel, FCOLLECT_)
COLL_KERNEL_(alltoall_kernel, ALLTOALL_)

// Reductions of the benchmark's types: op index into kOps.
const char* const kOps[] = {"sum", "min", "max", "prod", "and", "or", "xor"};

// Per type x op: one kernel; `variant` 0 reduce, 1 reducescatter. SHOAL
// names the typed entry points shoal_<T>_<op>_reduce(_warp|_block).
#define RED_KERNEL_(NAME, TYPE, OP)                                                                    \
  __global__ void red_##NAME##_##OP(int variant, int scope, char* dest, const char* src, size_t bytes, \
                                    int iters) {                                                       \
    TYPE* d = reinterpret_cast<TYPE*>(dest);                                                           \
    const TYPE* s = reinterpret_cast<const TYPE*>(src);                                                \
    const size_t n = bytes / sizeof(TYPE);                                                             \
    for (int i = 0; i < iters; ++i) {                                                                  \
      if (in_group(scope)) {                                                                           \
        if (variant == 0) {                                                                            \
          if (scope == 0) shoal_##NAME##_##OP##_reduce(SHOAL_TEAM_WORLD, d, s, n);                     \
          if (scope == 1) shoal_##NAME##_##OP##_reduce_warp(SHOAL_TEAM_WORLD, d, s, n);                \
          if (scope == 2) shoal_##NAME##_##OP##_reduce_block(SHOAL_TEAM_WORLD, d, s, n);               \
        } else {                                                                                       \
          if (scope == 0) shoal_##NAME##_##OP##_reducescatter(SHOAL_TEAM_WORLD, d, s, n);              \
          if (scope == 1) shoal_##NAME##_##OP##_reducescatter_warp(SHOAL_TEAM_WORLD, d, s, n);         \
          if (scope == 2) shoal_##NAME##_##OP##_reducescatter_block(SHOAL_TEAM_WORLD, d, s, n);        \
        }                                                                                              \
      }                                                                                                \
      __syncthreads();                                                                                 \
    }                                                                                                  \
  }
#define RED_ARITH_(NAME, TYPE) \
  RED_KERNEL_(NAME, TYPE, sum) RED_KERNEL_(NAME, TYPE, min) RED_KERNEL_(NAME, TYPE, max) RED_KERNEL_(NAME, TYPE, prod)
#define RED_BITS_(NAME, TYPE) RED_KERNEL_(NAME, TYPE, and) RED_KERNEL_(NAME, TYPE, or) RED_KERNEL_(NAME, TYPE, xor)
RED_ARITH_(int, int)
RED_ARITH_(long, long)
RED_ARITH_(float, float)
RED_ARITH_(double, double)
// The bitwise ops of int and long: OpenSHMEM's int32/int64 names.
RED_BITS_(int32, int32_t)
RED_BITS_(int64, int64_t)

// [dtype][op], dtype: int, long, float, double; op: index into kOps (null:
// not defined for the type).
const CollKernel kReduceKernels[4][7] = {
    {red_int_sum, red_int_min, red_int_max, red_int_prod, red_int32_and, red_int32_or, red_int32_xor},
    {red_long_sum, red_long_min, red_long_max, red_long_prod, red_int64_and, red_int64_or, red_int64_xor},
    {red_float_sum, red_float_min, red_float_max, red_float_prod, nullptr, nullptr, nullptr},
    {red_double_sum, red_double_min, red_double_max, red_double_prod, nullptr, nullptr, nullptr},
};

CollKernel pick_kernel(Coll c, int dtype, int op) {
  switch (c) {
    case kBarrier:
    case kSync: return sync_kernel;
    case kBcast: return bcast_kernel;
    case kFcollect: return fcollect_kernel;
    case kAlltoall: return alltoall_kernel;
    case kReduce:
    case kReduceScatter: return kReduceKernels[dtype][op];
  }
  return nullptr;
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
  const CollKernel kernel = pick_kernel(ex->coll, dtype, op);
  const int variant = ex->coll == kSync || ex->coll == kReduceScatter ? 1 : 0;
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
        CK(shoal::collective_launch(kernel, 1u, static_cast<unsigned>(o.threads), 0, stream, variant, scope, dest,
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
