// The shoal host perftests' experiments, written against the OpenSHMEM 1.4
// API (Open MPI's oshmem is what the build machines have) so that the two
// runtimes are compared on the same machine with the same method, options
// and output (perftest/common). Built outside CMake by
// perftest/compare_openshmem.sh:
//
//   oshc++ -std=c++20 -O2 -I<repo> oshmem_host_bench.cc <repo>/perftest/common/*.cc
// (CMake also builds it as oshmem_host_bench when oshc++ is installed.)
//   OMPI_MCA_osc=^rdma oshrun --allow-run-as-root --oversubscribe -np 2
//       ./oshmem_host_bench put_bw [perftest options]
//
// Experiments (first argument) and their shoal counterparts:
//   put_bw          shoal_host_put_bw          shmem_putmem, quiet per repetition
//   get_bw          shoal_host_get_bw          shmem_getmem
//   put_latency     shoal_host_put_latency     shmem_putmem_nbi + shmem_quiet
//   atomic_latency  shoal_host_atomic_latency  shmem_<T>_atomic_<op>
//   barrier_latency shoal_host_barrier_latency shmem_barrier_all
// The loops, rotation, data checks and reported numbers are the same as in
// perftest/host/*.cc; read those for the method.
#include <shmem.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "perftest/common/check.h"
#include "perftest/common/options.h"
#include "perftest/common/report.h"
#include "perftest/common/timing.h"

using namespace shoal::perftest;

namespace {

#define OSH_STR2_(x) #x
#define OSH_STR_(x) OSH_STR2_(x)
const char* kLibrary = "openshmem (Open MPI oshmem " OSH_STR_(OSHMEM_MAJOR_VERSION) "." OSH_STR_(
    OSHMEM_MINOR_VERSION) "." OSH_STR_(OSHMEM_RELEASE_VERSION) ", spec " OSH_STR_(SHMEM_MAJOR_VERSION) "." OSH_STR_(SHMEM_MINOR_VERSION) ")";

[[noreturn]] void data_error(const char* fmt, ...) {
  std::va_list ap;
  va_start(ap, fmt);
  std::fprintf(stderr, "[PE %d] DATA CHECK FAILED: ", shmem_my_pe());
  std::vfprintf(stderr, fmt, ap);
  std::fputc('\n', stderr);
  va_end(ap);
  std::fflush(stderr);
  shmem_global_exit(3);
  std::abort();
}

// The run's context; the platform is plain host code, not shoal's sim.
Context osh_context(int n_pes) {
  Context c = default_context(n_pes, kLibrary);
  c.platform = "host";
  return c;
}

ProgramSpec base_spec(const std::string& name, const std::string& summary) {
  ProgramSpec s;
  s.name = name;
  s.summary = summary;
  s.defaults.scope = Scope::thread;
  s.defaults.issue = Issue::host;
  s.scopes = {Scope::thread, Scope::all};
  return s;
}

int bw(int argc, char** argv, bool read_default) {
  ProgramSpec spec = base_spec(read_default ? "oshmem_host_get_bw" : "oshmem_host_put_bw",
                               "bandwidth of shmem_putmem / shmem_getmem between PE pairs");
  spec.defaults.min_size = 1;
  spec.defaults.max_size = 64ull << 20;
  spec.defaults.iters = 50;
  spec.defaults.warmup = 5;
  spec.defaults.reps = 3;
  spec.defaults.dir = read_default ? Dir::read : Dir::write;
  Options o = parse_or_exit(argc, argv, spec);
  const bool read = o.dir == Dir::read;
  const char* name = read ? "oshmem_host_get_bw" : "oshmem_host_put_bw";
  shmem_init();
  const int me = shmem_my_pe(), n = shmem_n_pes();
  if (n < 2) {
    if (me == 0) std::fprintf(stderr, "%s: needs at least 2 PEs\n", name);
    shmem_finalize();
    return 2;
  }
  const int peer = (me ^ 1) < n ? (me ^ 1) : -1;
  const bool issuer = peer >= 0 && (me % 2 == 0 || o.bidir);
  const bool lands_here = read ? issuer : (peer >= 0 && (me % 2 == 1 || o.bidir));
  const std::uint64_t ws = o.working_set ? o.working_set : kDefaultHostWorkingSet;
  const std::uint64_t bytes = rotation_buffer_bytes(o.max_size, ws);
  char* sym = static_cast<char*>(shmem_align(4096, bytes));
  auto* agg = static_cast<double*>(shmem_calloc(static_cast<size_t>(n), sizeof(double)));
  if (!sym || !agg) {
    if (me == 0) std::fprintf(stderr, "%s: shmem_align(%llu) failed; raise SHMEM_SYMMETRIC_SIZE\n", name, (unsigned long long)bytes);
    shmem_global_exit(2);
  }
  std::vector<char> priv(bytes);
  std::vector<char> ref_dst(o.reference ? bytes : 0), ref_src_get(o.reference && read ? bytes : 0);
  if (o.reference && read) fill_pattern(ref_src_get.data(), bytes, 1);
  const char* ref_src = read ? ref_src_get.data() : priv.data();
  const std::uint64_t seed = 0x5eed0000u + static_cast<std::uint64_t>(me);
  if (!read) fill_pattern(priv.data(), bytes, seed);
  else fill_pattern(sym, bytes, seed);
  shmem_barrier_all();
  // Touch every page once before timing (as the shoal program does).
  if (issuer) {
    if (read) shmem_getmem(priv.data(), sym, bytes, peer);
    else shmem_putmem(sym, priv.data(), bytes, peer);
  }
  shmem_barrier_all();

  Report rep(name, Metric::bw, o, osh_context(n), me == 0);
  HostTimer timer;
  const auto sizes = size_sweep(o);
  for (std::size_t si = 0; si < sizes.size(); ++si) {
    const std::uint64_t size = sizes[si];
    rep.progress(si, sizes.size(), size);
    Rotation rot(size, ws);
    const std::uint64_t last = rot.offset(o.warmup + o.reps * o.iters - 1);
    char* land = read ? priv.data() : sym;
    if (lands_here) {
      std::memset(land, 0, size);
      std::memset(land + last, 0, size);
    }
    shmem_barrier_all();
    std::vector<double> v, ref;
    // The reference copies the same slots as the repetition it pairs with.
    auto time_ref = [&](std::uint64_t k0) {
      timer.start();
      for (std::uint64_t i = 0; i < o.iters; ++i) {
        std::uint64_t off = rot.offset(k0 + i);
        std::memcpy(ref_dst.data() + off, ref_src + off, size);
        asm volatile("" : : "r"(ref_dst.data()) : "memory");
      }
      return gb_per_s(size * o.iters, timer.stop_us());
    };
    if (issuer) {
      std::uint64_t k = 0;
      for (; k < o.warmup; ++k) {
        std::uint64_t off = rot.offset(k);
        if (read) shmem_getmem(priv.data() + off, sym + off, size, peer);
        else shmem_putmem(sym + off, priv.data() + off, size, peer);
      }
      shmem_quiet();
      for (std::uint64_t r = 0; r < o.reps; ++r) {
        if (o.reference && r % 2 == 0) ref.push_back(time_ref(k));
        timer.start();
        for (std::uint64_t i = 0; i < o.iters; ++i, ++k) {
          std::uint64_t off = rot.offset(k);
          if (read) shmem_getmem(priv.data() + off, sym + off, size, peer);
          else shmem_putmem(sym + off, priv.data() + off, size, peer);
        }
        shmem_quiet();
        v.push_back(gb_per_s(size * o.iters, timer.stop_us()));
        if (o.reference && r % 2 == 1) ref.push_back(time_ref(k - o.iters));
      }
    }
    Stats s = summarize(v);
    if (issuer) shmem_double_p(&agg[me], s.median, 0);
    shmem_barrier_all();
    if (lands_here) {
      const std::uint64_t src_seed = 0x5eed0000u + static_cast<std::uint64_t>(peer);
      for (std::uint64_t off : {std::uint64_t{0}, last}) {
        long long bad = check_pattern(land + off, size, src_seed, off);
        if (bad >= 0)
          data_error("%s size %llu: byte %lld of the slot at offset %llu differs", name,
                     (unsigned long long)size, bad, (unsigned long long)off);
      }
    }
    if (me == 0) {
      Row row;
      row.size = size;
      row.scope = "thread";
      row.value = s;
      row.iters = o.iters;
      double sum = 0;
      for (int p = 0; p < n; ++p) sum += agg[p];
      row.extra = {{"aggregate_bw", sum}, {"msgrate_mmps", s.median * 1e3 / static_cast<double>(size)}};
      if (o.reference) {
        std::vector<double> ratios;
        for (std::size_t i = 0; i < v.size() && i < ref.size(); ++i) ratios.push_back(v[i] / ref[i]);
        row.extra.push_back({"ref_bw", summarize(ref).median});
        row.extra.push_back({"ratio_vs_memcpy", summarize(ratios).median});
      }
      rep.add(row);
    }
    shmem_barrier_all();
  }
  bool ok = rep.finish();
  shmem_free(agg);
  shmem_free(sym);
  shmem_finalize();
  return ok ? 0 : 1;
}

int put_latency(int argc, char** argv) {
  ProgramSpec spec = base_spec("oshmem_host_put_latency",
                               "latency of shmem_putmem_nbi + shmem_quiet, PE 0 -> PE 1");
  spec.defaults.min_size = 8;
  spec.defaults.max_size = 1ull << 20;
  spec.defaults.iters = 1000;
  spec.defaults.warmup = 100;
  spec.defaults.reps = 5;
  Options o = parse_or_exit(argc, argv, spec);
  const char* name = spec.name.c_str();
  shmem_init();
  const int me = shmem_my_pe(), n = shmem_n_pes();
  if (n < 2) {
    if (me == 0) std::fprintf(stderr, "%s: needs at least 2 PEs\n", name);
    shmem_finalize();
    return 2;
  }
  char* dst = static_cast<char*>(shmem_align(4096, o.max_size));
  if (!dst) shmem_global_exit(2);
  std::vector<char> src(o.max_size);
  if (me == 0) shmem_putmem(dst, src.data(), o.max_size, 1);  // first touch outside the timing
  shmem_barrier_all();
  Report rep(name, Metric::latency, o, osh_context(n), me == 0);
  HostTimer timer;
  const auto sizes = size_sweep(o);
  for (std::size_t si = 0; si < sizes.size(); ++si) {
    const std::uint64_t size = sizes[si];
    rep.progress(si, sizes.size(), size);
    if (me == 0) fill_pattern(src.data(), size, size);
    if (me == 1) std::memset(dst, 0, size);
    shmem_barrier_all();
    std::vector<double> lat;
    if (me == 0) {
      for (std::uint64_t i = 0; i < o.warmup; ++i) {
        shmem_putmem_nbi(dst, src.data(), size, 1);
        shmem_quiet();
      }
      for (std::uint64_t r = 0; r < o.reps; ++r) {
        timer.start();
        for (std::uint64_t i = 0; i < o.iters; ++i) {
          shmem_putmem_nbi(dst, src.data(), size, 1);
          shmem_quiet();
        }
        lat.push_back(timer.stop_us() / static_cast<double>(o.iters));
      }
    }
    shmem_barrier_all();
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
  shmem_free(dst);
  shmem_finalize();
  return ok ? 0 : 1;
}

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

template <class T>
T apply(const AmoFns<T>& f, Op op, T* word, std::uint64_t k, int pe) {
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
int atomic_run(const AmoFns<T>& f, const Options& o, Op op) {
  const char* name = "oshmem_host_atomic_latency";
  const int me = shmem_my_pe(), n = shmem_n_pes();
  T* word = static_cast<T*>(shmem_calloc(1, sizeof(T)));
  if (!word) shmem_global_exit(2);
  Report rep(name, Metric::latency, o, osh_context(n), me == 0);
  HostTimer timer;
  std::vector<double> lat;
  const std::uint64_t total = o.warmup + o.reps * o.iters;
  T last{};
  shmem_barrier_all();
  if (me == 0) {
    std::uint64_t k = 0;
    for (; k < o.warmup; ++k) last = apply(f, op, word, k, 1);
    shmem_quiet();
    for (std::uint64_t r = 0; r < o.reps; ++r) {
      timer.start();
      for (std::uint64_t i = 0; i < o.iters; ++i, ++k) last = apply(f, op, word, k, 1);
      shmem_quiet();
      lat.push_back(timer.stop_us() / static_cast<double>(o.iters));
    }
  }
  shmem_barrier_all();
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
  bool ok = rep.finish();
  shmem_free(word);
  return ok ? 0 : 1;
}

// Open MPI 4.1 implements the 1.4 standard AMO types without the
// fixed-width ones.
#define OSH_AMO_TYPES(X)                                                              \
  X(int, int) X(long, long) X(longlong, long long) X(uint, unsigned int)              \
  X(ulong, unsigned long) X(ulonglong, unsigned long long)

int atomic_latency(int argc, char** argv) {
  ProgramSpec spec = base_spec("oshmem_host_atomic_latency",
                               "latency of an OpenSHMEM atomic on a word of PE 1, issued by PE 0");
  spec.defaults.datatype = "int";
  spec.defaults.atomic_op = "fetch_add";
  spec.defaults.iters = 1000;
  spec.defaults.warmup = 100;
  spec.defaults.reps = 5;
  spec.atomic_ops = kOps;
#define OSH_NAME_(NAME, TYPE) spec.datatypes.push_back(#NAME);
  OSH_AMO_TYPES(OSH_NAME_)
#undef OSH_NAME_
  Options o = parse_or_exit(argc, argv, spec);
  Op op = static_cast<Op>(std::find(kOps.begin(), kOps.end(), o.atomic_op) - kOps.begin());
  shmem_init();
  if (shmem_n_pes() < 2) {
    if (shmem_my_pe() == 0) std::fprintf(stderr, "%s: needs at least 2 PEs\n", spec.name.c_str());
    shmem_finalize();
    return 2;
  }
  int rc = 2;
#define OSH_RUN_(NAME, TYPE)                                                                  \
  if (o.datatype == #NAME) {                                                                  \
    AmoFns<TYPE> f{shmem_##NAME##_atomic_fetch,     shmem_##NAME##_atomic_set,                \
                   shmem_##NAME##_atomic_swap,      shmem_##NAME##_atomic_compare_swap,       \
                   shmem_##NAME##_atomic_inc,       shmem_##NAME##_atomic_fetch_inc,          \
                   shmem_##NAME##_atomic_add,       shmem_##NAME##_atomic_fetch_add};         \
    rc = atomic_run<TYPE>(f, o, op);                                                          \
  }
  OSH_AMO_TYPES(OSH_RUN_)
#undef OSH_RUN_
  shmem_finalize();
  return rc;
}

int barrier_latency(int argc, char** argv) {
  ProgramSpec spec = base_spec("oshmem_host_barrier_latency",
                               "latency of shmem_barrier_all over all PEs");
  spec.defaults.min_size = 0;
  spec.defaults.max_size = 0;
  spec.defaults.iters = 1000;
  spec.defaults.warmup = 100;
  spec.defaults.reps = 5;
  Options o = parse_or_exit(argc, argv, spec);
  const char* name = spec.name.c_str();
  shmem_init();
  const int me = shmem_my_pe(), n = shmem_n_pes();
  auto* tokens = static_cast<std::uint64_t*>(shmem_calloc(static_cast<size_t>(n), sizeof(std::uint64_t)));
  if (!tokens) shmem_global_exit(2);
  shmem_barrier_all();  // every PE zeroed its tokens before anyone writes
  Report rep(name, Metric::latency, o, osh_context(n), me == 0);
  HostTimer timer;
  for (std::uint64_t r = 0; r < 2; ++r) {
    for (int p = 0; p < n; ++p) shmem_uint64_p(&tokens[me], (r + 1) * 1000 + static_cast<std::uint64_t>(me), p);
    shmem_barrier_all();
    for (int p = 0; p < n; ++p)
      if (tokens[p] != (r + 1) * 1000 + static_cast<std::uint64_t>(p))
        data_error("%s: after barrier_all the token of PE %d is %llu", name, p,
                   (unsigned long long)tokens[p]);
    shmem_barrier_all();
  }
  for (std::uint64_t i = 0; i < o.warmup; ++i) shmem_barrier_all();
  std::vector<double> lat;
  for (std::uint64_t r = 0; r < o.reps; ++r) {
    shmem_barrier_all();
    timer.start();
    for (std::uint64_t i = 0; i < o.iters; ++i) shmem_barrier_all();
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
  shmem_free(tokens);
  shmem_finalize();
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "";
  // The experiment's own options follow; argv[1] plays the program name.
  if (what == "put_bw") return bw(argc - 1, argv + 1, false);
  if (what == "get_bw") return bw(argc - 1, argv + 1, true);
  if (what == "put_latency") return put_latency(argc - 1, argv + 1);
  if (what == "atomic_latency") return atomic_latency(argc - 1, argv + 1);
  if (what == "barrier_latency") return barrier_latency(argc - 1, argv + 1);
  std::fprintf(stderr,
               "usage: oshmem_host_bench put_bw|get_bw|put_latency|atomic_latency|barrier_latency "
               "[options; -h for each]\n");
  return 2;
}
