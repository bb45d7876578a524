// shoal_host_barrier_latency: latency of host shoal_barrier_all over all PEs
// (NVSHMEM's barrier_latency / the host on-stream collective, issued from
// the host thread).
//
// Every PE runs -n barrier_all calls per repetition; latency = PE 0's time /
// iterations; median, min, max over -r repetitions. The table has one row
// (size 0). Checked outside the timed region: after a round where each PE
// writes a token into every PE's slot and calls barrier_all, every PE sees
// every token (barrier_all implies quiet).
#include <shoal/shoal.h>

#include <vector>

#include "perftest/common/options.h"
#include "perftest/common/report.h"
#include "perftest/common/timing.h"
#include "perftest/host/host_bench.h"

using namespace shoal::perftest;

int main(int argc, char** argv) {
  ProgramSpec spec;
  spec.name = "shoal_host_barrier_latency";
  spec.summary = "latency of host shoal_barrier_all over all PEs";
  spec.defaults.min_size = 0;
  spec.defaults.max_size = 0;
  spec.defaults.iters = 1000;
  spec.defaults.warmup = 100;
  spec.defaults.reps = 5;
  spec.defaults.scope = Scope::thread;
  spec.defaults.issue = Issue::host;
  spec.scopes = {Scope::thread, Scope::all};
  Options o = parse_or_exit(argc, argv, spec);
  const char* name = spec.name.c_str();
  require_host_issue(o, name);
  init_or_exit(name);
  const int me = shoal_my_pe(), n = shoal_n_pes();
  auto* tokens = static_cast<std::uint64_t*>(shoal_calloc(static_cast<size_t>(n), sizeof(std::uint64_t)));
  if (!tokens) shoal_global_exit(2);
  shoal_barrier_all();  // every PE zeroed its tokens before anyone writes

  Report rep(name, Metric::latency, o, default_context(n, "shoal"), me == 0);
  HostTimer timer;
  for (std::uint64_t r = 0; r < 2; ++r) {  // data check, twice (fresh tokens)
    for (int p = 0; p < n; ++p) shoal_uint64_p(&tokens[me], (r + 1) * 1000 + static_cast<std::uint64_t>(me), p);
    shoal_barrier_all();
    for (int p = 0; p < n; ++p)
      if (tokens[p] != (r + 1) * 1000 + static_cast<std::uint64_t>(p))
        data_error("%s: after barrier_all the token of PE %d is %llu", name, p,
                   (unsigned long long)tokens[p]);
    shoal_barrier_all();
  }
  for (std::uint64_t i = 0; i < o.warmup; ++i) shoal_barrier_all();
  std::vector<double> lat;
  for (std::uint64_t r = 0; r < o.reps; ++r) {
    shoal_barrier_all();
    timer.start();
    for (std::uint64_t i = 0; i < o.iters; ++i) shoal_barrier_all();
    lat.push_back(timer.stop_us() / static_cast<double>(o.iters));
  }
  if (me == 0) {
    Row row;
    row.size = 0;
    row.scope = "thread";
    row.value = summarize(lat);
    row.iters = o.iters;
    rep.add(row);
  }
  bool ok = rep.finish();
  shoal_free(tokens);
  shoal_finalize();
  return ok ? 0 : 1;
}
