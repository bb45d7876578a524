// shoal_host_memcpy_bw: the reference for the host bandwidth programs:
// single-thread std::memcpy bandwidth in one process, with the same sizes,
// iterations, repetitions and buffer rotation (--ws) as shoal_host_put_bw,
// so their ratio isolates what the runtime adds to a load/store copy. It
// does not use shoal and runs without a launcher.
#include <cstring>
#include <vector>

#include "perftest/common/check.h"
#include "perftest/common/options.h"
#include "perftest/common/report.h"
#include "perftest/common/timing.h"

using namespace shoal::perftest;

int main(int argc, char** argv) {
  ProgramSpec spec;
  spec.name = "shoal_host_memcpy_bw";
  spec.summary = "single-thread memcpy bandwidth (reference for shoal_host_put_bw/get_bw)";
  spec.defaults.min_size = 1;
  spec.defaults.max_size = 64ull << 20;
  spec.defaults.iters = 50;
  spec.defaults.warmup = 5;
  spec.defaults.reps = 3;
  spec.defaults.scope = Scope::thread;
  spec.defaults.issue = Issue::host;
  spec.scopes = {Scope::thread, Scope::all};
  Options o = parse_or_exit(argc, argv, spec);
  const char* name = spec.name.c_str();
  const std::uint64_t ws = o.working_set ? o.working_set : kDefaultHostWorkingSet;
  const std::uint64_t bytes = rotation_buffer_bytes(o.max_size, ws);
  // Page-aligned like the symmetric heap's buffers.
  auto* src = static_cast<char*>(std::aligned_alloc(4096, (bytes + 4095) / 4096 * 4096));
  auto* dst = static_cast<char*>(std::aligned_alloc(4096, (bytes + 4095) / 4096 * 4096));
  if (!src || !dst) {
    std::fprintf(stderr, "%s: cannot allocate 2 x %llu bytes\n", name, (unsigned long long)bytes);
    return 2;
  }
  fill_pattern(src, bytes, 7);
  std::memset(dst, 0, bytes);

  Report rep(name, Metric::bw, o, default_context(1, "libc memcpy"), true);
  HostTimer timer;
  const auto sizes = size_sweep(o);
  for (std::size_t si = 0; si < sizes.size(); ++si) {
    const std::uint64_t size = sizes[si];
    rep.progress(si, sizes.size(), size);
    Rotation rot(size, ws);
    const std::uint64_t last = rot.offset(o.warmup + o.reps * o.iters - 1);
    std::memset(dst, 0, size);
    std::memset(dst + last, 0, size);
    std::uint64_t k = 0;
    for (; k < o.warmup; ++k) {
      std::uint64_t off = rot.offset(k);
      std::memcpy(dst + off, src + off, size);
    }
    std::vector<double> bw;
    for (std::uint64_t r = 0; r < o.reps; ++r) {
      timer.start();
      for (std::uint64_t i = 0; i < o.iters; ++i, ++k) {
        std::uint64_t off = rot.offset(k);
        std::memcpy(dst + off, src + off, size);
        // Keep the compiler from merging or dropping copies.
        asm volatile("" : : "r"(dst) : "memory");
      }
      bw.push_back(gb_per_s(size * o.iters, timer.stop_us()));
    }
    for (std::uint64_t off : {std::uint64_t{0}, last}) {
      long long bad = check_pattern(dst + off, size, 7, off);
      if (bad >= 0) {
        std::fprintf(stderr, "%s: DATA CHECK FAILED: size %llu byte %lld of slot %llu\n", name,
                     (unsigned long long)size, bad, (unsigned long long)off);
        return 3;
      }
    }
    Row row;
    row.size = size;
    row.scope = "thread";
    row.value = summarize(bw);
    row.iters = o.iters;
    Stats s = row.value;
    row.extra = {{"msgrate_mmps", s.median * 1e3 / static_cast<double>(size)}};
    rep.add(row);
  }
  bool ok = rep.finish();
  std::free(src);
  std::free(dst);
  return ok ? 0 : 1;
}
