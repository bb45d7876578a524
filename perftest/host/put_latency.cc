// shoal_host_put_latency: latency of a host shoal_putmem_nbi followed by
// shoal_quiet (NVSHMEM's put_latency shape: put_nbi + quiet in a loop, here
// issued by one host thread; NVSHMEM's host `latency` program).
//
// PE 0 targets PE 1; the other PEs wait in the barrier. One timed
// repetition: -n iterations of (putmem_nbi of one size, quiet) on the same
// buffers; latency = time / iterations; median, min and max over -r
// repetitions. PE 1 checks the bytes once per size outside the timed region.
#include <shoal/shoal.h>

#include <cstring>
#include <vector>

#include "perftest/common/check.h"
#include "perftest/common/options.h"
#include "perftest/common/report.h"
#include "perftest/common/timing.h"
#include "perftest/host/host_bench.h"

using namespace shoal::perftest;

int main(int argc, char** argv) {
  ProgramSpec spec;
  spec.name = "shoal_host_put_latency";
  spec.summary = "latency of host shoal_putmem_nbi + shoal_quiet, PE 0 -> PE 1";
  spec.defaults.min_size = 8;
  spec.defaults.max_size = 1ull << 20;
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
  if (n < 2) {
    if (me == 0) std::fprintf(stderr, "%s: needs at least 2 PEs\n", name);
    shoal_finalize();
    return 2;
  }
  char* dst = static_cast<char*>(shoal_align(4096, o.max_size));
  if (!dst) shoal_global_exit(2);
  std::vector<char> src(o.max_size);
  // First touch of the destination pages (page faults on the sim heap) is
  // a one-time cost: keep it out of the timed region.
  if (me == 0) shoal_putmem(dst, src.data(), o.max_size, 1);
  shoal_barrier_all();

  Report rep(name, Metric::latency, o, default_context(n, "shoal"), me == 0);
  HostTimer timer;
  const auto sizes = size_sweep(o);
  for (std::size_t si = 0; si < sizes.size(); ++si) {
    const std::uint64_t size = sizes[si];
    rep.progress(si, sizes.size(), size);
    if (me == 0) fill_pattern(src.data(), size, size);
    if (me == 1) std::memset(dst, 0, size);
    shoal_barrier_all();
    std::vector<double> lat;
    if (me == 0) {
      for (std::uint64_t i = 0; i < o.warmup; ++i) {
        shoal_putmem_nbi(dst, src.data(), size, 1);
        shoal_quiet();
      }
      for (std::uint64_t r = 0; r < o.reps; ++r) {
        timer.start();
        for (std::uint64_t i = 0; i < o.iters; ++i) {
          shoal_putmem_nbi(dst, src.data(), size, 1);
          shoal_quiet();
        }
        lat.push_back(timer.stop_us() / static_cast<double>(o.iters));
      }
    }
    shoal_barrier_all();
    if (me == 1) {
      long long bad = check_pattern(dst, size, size);
      if (bad >= 0) data_error("%s size %llu: byte %lld differs", name, (unsigned long long)size, bad);
    }
    if (me == 0) {
      Row row;
      row.size = size;
      row.scope = "thread";
      row.value = summarize(lat);
      row.iters = o.iters;
      rep.add(row);
    }
  }
  bool ok = rep.finish();
  shoal_free(dst);
  shoal_finalize();
  return ok ? 0 : 1;
}
