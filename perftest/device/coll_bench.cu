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

// One small kernel per collective x scope (x type x op for the
// reductions), chosen on the host, rather than one kernel that switches
// over all of them: ptxas compiles many small kernels much faster than one
// giant one (the cuda build's CI time). Every kernel runs `iters`
// iterations of its collective with the group of its scope (thread: thread
// 0, warp: lanes 0-31, block: every thread); the other threads wait at the
// block barrier.
using kernel_t = void (*)(char* dest, const char* src, size_t bytes, int iters);

template <int Scope>
__device__ bool in_group() {
  return Scope == 2 || (Scope == 1 && threadIdx.x < 32) || threadIdx.x == 0;
}

template <int C, int Scope>
__global__ void move_kernel(char* dest, const char* src, size_t bytes, int iters) {
  for (int i = 0; i < iters; ++i) {
    if (in_group<Scope>()) {
      if constexpr (C == kBarrier && Scope == 0) shoal_barrier(SHOAL_TEAM_WORLD);
      if constexpr (C == kBarrier && Scope == 1) shoal_barrier_warp(SHOAL_TEAM_WORLD);
      if constexpr (C == kBarrier && Scope == 2) shoal_barrier_block(SHOAL_TEAM_WORLD);
      if constexpr (C == kSync && Scope == 0) shoal_sync(SHOAL_TEAM_WORLD);
      if constexpr (C == kSync && Scope == 1) shoal_sync_warp(SHOAL_TEAM_WORLD);
      if constexpr (C == kSync && Scope == 2) shoal_sync_block(SHOAL_TEAM_WORLD);
      if constexpr (C == kBcast && Scope == 0) shoal_broadcastmem(SHOAL_TEAM_WORLD, dest, src, bytes, 0);
      if constexpr (C == kBcast && Scope == 1) shoal_broadcastmem_warp(SHOAL_TEAM_WORLD, dest, src, bytes, 0);
      if constexpr (C == kBcast && Scope == 2) shoal_broadcastmem_block(SHOAL_TEAM_WORLD, dest, src, bytes, 0);
      if constexpr (C == kFcollect && Scope == 0) shoal_fcollectmem(SHOAL_TEAM_WORLD, dest, src, bytes);
      if constexpr (C == kFcollect && Scope == 1) shoal_fcollectmem_warp(SHOAL_TEAM_WORLD, dest, src, bytes);
      if constexpr (C == kFcollect && Scope == 2) shoal_fcollectmem_block(SHOAL_TEAM_WORLD, dest, src, bytes);
      if constexpr (C == kAlltoall && Scope == 0) shoal_alltoallmem(SHOAL_TEAM_WORLD, dest, src, bytes);
      if constexpr (C == kAlltoall && Scope == 1) shoal_alltoallmem_warp(SHOAL_TEAM_WORLD, dest, src, bytes);
      if constexpr (C == kAlltoall && Scope == 2) shoal_alltoallmem_block(SHOAL_TEAM_WORLD, dest, src, bytes);
    }
    __syncthreads();
  }
}

// The reduction operators, in the order -o indexes them.
const char* const kOps[] = {"sum", "min", "max", "prod", "and", "or", "xor"};

// Reductions of the benchmark's types: one struct per type x op.
#define RED_CASE_(NAME, TYPE, OP)                                                                 \
  struct Red_##NAME##_##OP {                                                                      \
    using T = TYPE;                                                                               \
    template <int Scope, int Scatter>                                                             \
    __device__ static void call(T* d, const T* s, size_t n) {                                     \
      if constexpr (Scatter == 0 && Scope == 0) shoal_##NAME##_##OP##_reduce(SHOAL_TEAM_WORLD, d, s, n); \
      if constexpr (Scatter == 0 && Scope == 1)                                                   \
        shoal_##NAME##_##OP##_reduce_warp(SHOAL_TEAM_WORLD, d, s, n);                             \
      if constexpr (Scatter == 0 && Scope == 2)                                                   \
        shoal_##NAME##_##OP##_reduce_block(SHOAL_TEAM_WORLD, d, s, n);                            \
      if constexpr (Scatter == 1 && Scope == 0)                                                   \
        shoal_##NAME##_##OP##_reducescatter(SHOAL_TEAM_WORLD, d, s, n);                           \
      if constexpr (Scatter == 1 && Scope == 1)                                                   \
        shoal_##NAME##_##OP##_reducescatter_warp(SHOAL_TEAM_WORLD, d, s, n);                      \
      if constexpr (Scatter == 1 && Scope == 2)                                                   \
        shoal_##NAME##_##OP##_reducescatter_block(SHOAL_TEAM_WORLD, d, s, n);                     \
    }                                                                                             \
  };
#define RED_ARITH_(NAME, TYPE) \
  RED_CASE_(NAME, TYPE, sum) RED_CASE_(NAME, TYPE, min) RED_CASE_(NAME, TYPE, max) RED_CASE_(NAME, TYPE, prod)
#define RED_BITWISE_(NAME, TYPE) \
  RED_CASE_(NAME, TYPE, and) RED_CASE_(NAME, TYPE, or) RED_CASE_(NAME, TYPE, xor)
RED_ARITH_(int, int)
RED_ARITH_(long, long)
RED_ARITH_(float, float)
RED_ARITH_(double, double)
RED_BITWISE_(int32, int32_t)  // and/or/xor of -d int (OpenSHMEM has no int_and_reduce)
RED_BITWISE_(int64, int64_t)  // ... and of -d long

template <class R, int Scope, int Scatter>
__global__ void reduce_kernel(char* dest, const char* src, size_t bytes, int iters) {
  using T = typename R::T;
  for (int i = 0; i < iters; ++i) {
    if (in_group<Scope>())
      R::template call<Scope, Scatter>(reinterpret_cast<T*>(dest), reinterpret_cast<const T*>(src),
                                       bytes / sizeof(T));
    __syncthreads();
  }
}

template <int C>
kernel_t move_for(int scope) {
  return scope == 0 ? move_kernel<C, 0> : scope == 1 ? move_kernel<C, 1> : move_kernel<C, 2>;
}

template <class R>
kernel_t reduce_for(int scatter, int scope) {
  const kernel_t k[2][3] = {{reduce_kernel<R, 0, 0>, reduce_kernel<R, 1, 0>, reduce_kernel<R, 2, 0>},
                            {reduce_kernel<R, 0, 1>, reduce_kernel<R, 1, 1>, reduce_kernel<R, 2, 1>}};
  return k[scatter][scope];
}

// The kernel of an experiment: dtype indexes {int, long, float, double},
// op indexes kOps (and/or/xor only for int and long).
kernel_t pick_kernel(Coll coll, int scope, int dtype, int op) {
  switch (coll) {
    case kBarrier: return move_for<kBarrier>(scope);
    case kSync: return move_for<kSync>(scope);
    case kBcast: return move_for<kBcast>(scope);
    case kFcollect: return move_for<kFcollect>(scope);
    case kAlltoall: return move_for<kAlltoall>(scope);
    default: break;
  }
  using pick_t = kernel_t (*)(int, int);
  static const pick_t table[4][7] = {
      {reduce_for<Red_int_sum>, reduce_for<Red_int_min>, reduce_for<Red_int_max>, reduce_for<Red_int_prod>,
       reduce_for<Red_int32_and>, reduce_for<Red_int32_or>, reduce_for<Red_int32_xor>},
      {reduce_for<Red_long_sum>, reduce_for<Red_long_min>, reduce_for<Red_long_max>, reduce_for<Red_long_prod>,
       reduce_for<Red_int64_and>, reduce_for<Red_int64_or>, reduce_for<Red_int64_xor>},
      {reduce_for<Red_float_sum>, reduce_for<Red_float_min>, reduce_for<Red_float_max>,
       reduce_for<Red_float_prod>, nullptr, nullptr, nullptr},
      {reduce_for<Red_double_sum>, reduce_for<Red_double_min>, reduce_for<Red_double_max>,
       reduce_for<Red_double_prod>, nullptr, nullptr, nullptr}};
  return table[dtype][op](coll == kReduceScatter ? 1 : 0, scope);
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
      const kernel_t kernel = pick_kernel(ex->coll, scope, dtype, op);
      auto launch = [&](int iters) {
        CK(shoal::collective_launch(kernel, 1u, static_cast<unsigned>(o.threads), 0, stream, dest,
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
