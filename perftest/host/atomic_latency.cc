// shoal_host_atomic_latency: latency of one host-issued atomic on a remote
// PE (default: fetch_add on int; NVSHMEM's shmem_atomic_latency, issued by a
// host thread). -d picks the type, -a the operation.
//
// PE 0 targets a word on PE 1. Fetching operations are complete on return;
// non-fetching ones are followed by nothing (their latency is the issue
// cost; the quiet comes once per repetition, inside the timed region).
// latency = time / iterations. Checked outside the timed region: after the
// run the word on PE 1 and the last value PE 0 fetched equal what the
// sequence of operations implies.
#include <shoal/shoal.h>

#include <algorithm>
#include <cinttypes>
#include <cstring>
#include <string>
#include <vector>

#include "perftest/common/options.h"
#include "perftest/common/report.h"
#include "perftest/common/timing.h"
#include "perftest/host/host_bench.h"

using namespace shoal::perftest;

namespace {

enum class Op { fetch_add, add, inc, fetch_inc, fetch, set, swap, compare_swap };

const std::vector<std::string> kOps = {"fetch_add", "add", "inc", "fetch_inc",
                                       "fetch", "set", "swap", "compare_swap"};

template <class T>
struct AmoFns {
  T (*fetch)(const T*, int);
  void (*set)(T*, T, int);
  T (*swap)(T*, T, int);
  T (*compare_swap)(T*, T, T, int);
  void (*inc)(T*, int);
  T (*fetch_inc)(T*, int);
  void (*add)(T*, T, int);
  T (*fetch_add)(T*, T, int);
};

// Operation number k (0-based over the whole run) applied to *word on pe;
// returns the fetched value (or 0).
template <class T>
inline T apply(const AmoFns<T>& f, Op op, T* word, std::uint64_t k, int pe) {
  switch (op) {
    case Op::fetch_add: return f.fetch_add(word, T(1), pe);
    case Op::add: f.add(word, T(1), pe); return T(0);
    case Op::inc: f.inc(word, pe); return T(0);
    case Op::fetch_inc: return f.fetch_inc(word, pe);
    case Op::fetch: return f.fetch(word, pe);
    case Op::set: f.set(word, static_cast<T>(k + 1), pe); return T(0);
    case Op::swap: return f.swap(word, static_cast<T>(k + 1), pe);
    case Op::compare_swap: return f.compare_swap(word, static_cast<T>(k), static_cast<T>(k + 1), pe);
  }
  return T(0);
}

template <class T>
int run(const AmoFns<T>& f, const Options& o, Op op) {
  const char* name = "shoal_host_atomic_latency";
  const int me = shoal_my_pe(), n = shoal_n_pes();
  T* word = static_cast<T*>(shoal_calloc(1, sizeof(T)));
  if (!word) shoal_global_exit(2);
  Report rep(name, Metric::latency, o, default_context(n, "shoal"), me == 0);
  HostTimer timer;
  std::vector<double> lat;
  const std::uint64_t total = o.warmup + o.reps * o.iters;
  T last{};
  volatile T sink{};
  shoal_barrier_all();
  if (me == 0) {
    std::uint64_t k = 0;
    for (; k < o.warmup; ++k) last = apply(f, op, word, k, 1);
    shoal_quiet();
    for (std::uint64_t r = 0; r < o.reps; ++r) {
      timer.start();
      for (std::uint64_t i = 0; i < o.iters; ++i, ++k) last = apply(f, op, word, k, 1);
      shoal_quiet();
      lat.push_back(timer.stop_us() / static_cast<double>(o.iters));
    }
    sink = last;
  }
  shoal_barrier_all();
  if (me == 1) {
    T expect = op == Op::fetch ? T(0) : static_cast<T>(total);
    if (*word != expect)
      data_error("%s -a %s -d %s: word is %lld, expected %lld", name, o.atomic_op.c_str(),
                 o.datatype.c_str(), (long long)*word, (long long)expect);
  }
  if (me == 0) {
    bool fetching = op == Op::fetch_add || op == Op::fetch_inc || op == Op::swap ||
                    op == Op::compare_swap || op == Op::fetch;
    T expect = op == Op::fetch ? T(0) : static_cast<T>(total - 1);
    if (fetching && last != expect)
      data_error("%s -a %s -d %s: last fetched %lld, expected %lld", name, o.atomic_op.c_str(),
                 o.datatype.c_str(), (long long)last, (long long)expect);
    Row row;
    row.size = sizeof(T);
    row.scope = "thread";
    row.value = summarize(lat);
    row.iters = o.iters;
    rep.add(row);
  }
  (void)sink;
  bool ok = rep.finish();
  shoal_free(word);
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  ProgramSpec spec;
  spec.name = "shoal_host_atomic_latency";
  spec.summary = "latency of a host atomic (-a, -d) on a word of PE 1, issued by PE 0";
  spec.defaults.datatype = "int";
  spec.defaults.atomic_op = "fetch_add";
  spec.defaults.iters = 1000;
  spec.defaults.warmup = 100;
  spec.defaults.reps = 5;
  spec.defaults.scope = Scope::thread;
  spec.defaults.issue = Issue::host;
  spec.scopes = {Scope::thread, Scope::all};
  spec.atomic_ops = kOps;
#define SHOAL_PT_TYPE_NAME_(NAME, TYPE) spec.datatypes.push_back(#NAME);
  SHOAL_FOR_AMO_STANDARD_TYPES(SHOAL_PT_TYPE_NAME_)
#undef SHOAL_PT_TYPE_NAME_
  Options o = parse_or_exit(argc, argv, spec);
  Op op = static_cast<Op>(std::find(kOps.begin(), kOps.end(), o.atomic_op) - kOps.begin());
  require_host_issue(o, spec.name.c_str());
  init_or_exit(spec.name.c_str());
  if (shoal_n_pes() < 2) {
    if (shoal_my_pe() == 0) std::fprintf(stderr, "%s: needs at least 2 PEs\n", spec.name.c_str());
    shoal_finalize();
    return 2;
  }
  int rc = 2;
#define SHOAL_PT_RUN_(NAME, TYPE)                                                              \
  if (o.datatype == #NAME) {                                                                   \
    AmoFns<TYPE> f{shoal_##NAME##_atomic_fetch,     shoal_##NAME##_atomic_set,                 \
                   shoal_##NAME##_atomic_swap,      shoal_##NAME##_atomic_compare_swap,        \
                   shoal_##NAME##_atomic_inc,       shoal_##NAME##_atomic_fetch_inc,           \
                   shoal_##NAME##_atomic_add,       shoal_##NAME##_atomic_fetch_add};          \
    rc = run<TYPE>(f, o, op);                                                                  \
  }
  SHOAL_FOR_AMO_STANDARD_TYPES(SHOAL_PT_RUN_)
#undef SHOAL_PT_RUN_
  shoal_finalize();
  return rc;
}
