// shoal_host_stream_latency: latency of stream-ordered host calls (NVSHMEM's
// host stream_latency experiment): per call, the event time of -n calls
// enqueued back to back on one stream divided by -n. Rows (scope column):
//   put          shoal_putmem_on_stream of each size, even PE -> its partner
//   p            shoal_uint64_p_on_stream (8 bytes)
//   put_signal   shoal_putmem_signal_on_stream of each size
//   barrier_all  shoal_barrier_all_on_stream on every PE (size 0)
//   sync_all     shoal_sync_all_on_stream on every PE (size 0)
//   reduce       shoal_int64_sum_reduce_on_stream over WORLD, size bytes per PE
//   broadcast    shoal_broadcastmem_on_stream from PE 0, size bytes
//   fcollect     shoal_fcollectmem_on_stream, size bytes from each PE
//   alltoall     shoal_alltoallmem_on_stream, size bytes to each PE
// (the collectives on every PE, sizes up to -e; the result of the last call
// of each size is checked on every PE).
// Each on-stream call completes in stream order (the data is at the target
// when the next call starts), so the loop measures issue + completion. The
// last transfer of each size is checked at the target outside the timed
// region. The table shows PE 0's median over -r repetitions.
#include <shoal/shoal.h>

#include <cstring>
#include <vector>

#include "perftest/common/check.h"
#include "perftest/common/options.h"
#include "perftest/common/report.h"
#include "perftest/host/host_bench.h"
#include "perftest/host/stream_bench.h"

using namespace shoal::perftest;

int main(int argc, char** argv) {
  ProgramSpec spec;
  spec.name = "shoal_host_stream_latency";
  spec.summary = "latency of shoal_putmem/p/putmem_signal_on_stream between PE pairs (0,1), (2,3)... "
                 "and of barrier_all/sync_all/reduce/broadcast/fcollect/alltoall_on_stream over WORLD";
  spec.defaults.min_size = 8;
  spec.defaults.max_size = 1ull << 20;
  spec.defaults.iters = 20;
  spec.defaults.warmup = 5;
  spec.defaults.reps = 3;
  spec.defaults.issue = Issue::on_stream;
  spec.scopes = {Scope::all};
  Options o = parse_or_exit(argc, argv, spec);
  const char* name = spec.name.c_str();
  if (o.issue != Issue::on_stream) {
    std::fprintf(stderr, "%s: only --issue on_stream applies to this program\n", name);
    return 2;
  }
  init_or_exit(name);
  const int me = shoal_my_pe(), n = shoal_n_pes();
  require_two_pes(name);
  const int peer = pair_partner(me, n);
  const bool issuer = peer >= 0 && me % 2 == 0;
  const std::uint64_t bytes = (o.max_size + 63) / 64 * 64;
  char* sym = static_cast<char*>(shoal_align(4096, bytes));
  auto* sig = static_cast<std::uint64_t*>(shoal_calloc(1, sizeof(std::uint64_t)));
  auto* p_word = static_cast<std::uint64_t*>(shoal_calloc(1, sizeof(std::uint64_t)));
  if (!sym || !sig || !p_word) {
    if (me == 0) std::fprintf(stderr, "%s: cannot allocate %llu symmetric bytes; raise SHOAL_SYMMETRIC_SIZE\n", name, (unsigned long long)bytes);
    shoal_global_exit(2);
  }
  const std::uint64_t seed = 0x57e40000u + static_cast<std::uint64_t>(me);
  char* src = device_buffer(bytes);
  {
    std::vector<char> h(bytes);
    fill_pattern(h.data(), bytes, seed);
    cuda_or_exit(cudaMemcpy(src, h.data(), bytes, cudaMemcpyDefault), "cudaMemcpy");
  }
  cudaStream_t stream = make_stream();
  StreamTimer timer(stream);
  Context ctx = default_context(n, "shoal");
  ctx.notes = "issue on_stream";
  Report rep(name, Metric::latency, o, ctx, me == 0);
  auto* agg = static_cast<double*>(shoal_calloc(1, sizeof(double)));
  shoal_barrier_all();

  // Times `op` (-n calls enqueued per repetition) on the issuing PEs (or all
  // PEs when every_pe); PE 0 reports the median per call in microseconds.
  auto measure = [&](const char* what, std::uint64_t size, bool every_pe, auto&& op) {
    std::vector<double> lat;
    if (issuer || every_pe) {
      for (std::uint64_t i = 0; i < o.warmup; ++i) op();
      cuda_or_exit(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
      for (std::uint64_t r = 0; r < o.reps; ++r) {
        timer.start();
        for (std::uint64_t i = 0; i < o.iters; ++i) op();
        lat.push_back(timer.stop_us() / static_cast<double>(o.iters));
      }
    }
    shoal_barrier_all();
    if (me == 0) {
      Row row;
      row.size = size;
      row.scope = what;
      row.value = summarize(lat);
      row.iters = o.iters;
      rep.add(row);
    }
  };
  auto check_landed = [&](const char* what, std::uint64_t size) {
    if (peer < 0 || me % 2 != 1) return;
    auto got = read_back(sym, size);
    long long bad = check_pattern(got.data(), size, 0x57e40000u + static_cast<std::uint64_t>(peer));
    if (bad >= 0)
      data_error("%s size %llu: byte %lld differs from PE %d's data", what, (unsigned long long)size,
                 bad, peer);
  };

  const auto sizes = size_sweep(o);
  for (std::size_t si = 0; si < sizes.size(); ++si) {
    const std::uint64_t size = sizes[si];
    rep.progress(si, sizes.size(), size);
    cuda_or_exit(cudaMemset(sym, 0, bytes), "cudaMemset");
    cuda_or_exit(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    shoal_barrier_all();
    measure("put", size, false, [&] { shoal_putmem_on_stream(sym, src, size, peer, stream); });
    check_landed("put", size);
  }
  for (std::size_t si = 0; si < sizes.size(); ++si) {
    const std::uint64_t size = sizes[si];
    cuda_or_exit(cudaMemset(sym, 0, bytes), "cudaMemset");
    cuda_or_exit(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    shoal_barrier_all();
    measure("put_signal", size, false, [&] {
      shoal_putmem_signal_on_stream(sym, src, size, sig, 1, SHOAL_SIGNAL_ADD, peer, stream);
    });
    check_landed("put_signal", size);
    // Every call added 1: warm-up + reps * iters signals arrived.
    if (peer >= 0 && me % 2 == 1) {
      const std::uint64_t want = (si + 1) * (o.warmup + o.reps * o.iters);
      auto got = read_back(sig, sizeof(std::uint64_t));
      std::uint64_t v;
      std::memcpy(&v, got.data(), sizeof v);
      if (v != want) data_error("put_signal size %llu: signal %llu, expected %llu", (unsigned long long)size, (unsigned long long)v, (unsigned long long)want);
    }
  }
  std::uint64_t pv = 0;
  measure("p", 8, false, [&] { shoal_uint64_p_on_stream(p_word, ++pv, peer, stream); });
  if (peer >= 0 && me % 2 == 1) {
    auto got = read_back(p_word, sizeof(std::uint64_t));
    std::uint64_t v;
    std::memcpy(&v, got.data(), sizeof v);
    const std::uint64_t want = o.warmup + o.reps * o.iters;
    if (v != want) data_error("p: last value %llu, expected %llu", (unsigned long long)v, (unsigned long long)want);
  }
  measure("barrier_all", 0, true, [&] { shoal_barrier_all_on_stream(stream); });
  measure("sync_all", 0, true, [&] { shoal_sync_all_on_stream(stream); });

  // Stream-ordered collectives over WORLD. Inputs: PE q's int64 element i is
  // q * 1000003 + i, so every result element is known on every PE.
  const std::uint64_t coll_bytes = bytes / 8 * 8;
  auto* csrc = static_cast<std::int64_t*>(shoal_malloc(coll_bytes * static_cast<std::uint64_t>(n)));
  auto* cdst = static_cast<std::int64_t*>(shoal_malloc(coll_bytes * static_cast<std::uint64_t>(n)));
  if (!csrc || !cdst) {
    if (me == 0) std::fprintf(stderr, "%s: cannot allocate 2 x %d x %llu symmetric bytes for the collectives; raise SHOAL_SYMMETRIC_SIZE\n", name, n, (unsigned long long)coll_bytes);
    shoal_global_exit(2);
  }
  const std::uint64_t celems = coll_bytes / 8 * static_cast<std::uint64_t>(n);
  {
    std::vector<std::int64_t> h(celems);
    for (std::uint64_t i = 0; i < celems; ++i) h[i] = static_cast<std::int64_t>(me) * 1000003 + static_cast<std::int64_t>(i);
    cuda_or_exit(cudaMemcpy(csrc, h.data(), celems * 8, cudaMemcpyDefault), "cudaMemcpy");
  }
  shoal_barrier_all();
  auto expect = [&](const char* what, std::uint64_t size, std::uint64_t count, auto&& want) {
    auto got = read_back(cdst, count * 8);
    for (std::uint64_t i = 0; i < count; ++i) {
      std::int64_t v;
      std::memcpy(&v, got.data() + i * 8, 8);
      if (v != want(i))
        data_error("%s size %llu: element %llu is %lld, expected %lld", what, (unsigned long long)size,
                   (unsigned long long)i, (long long)v, (long long)want(i));
    }
  };
  const std::int64_t nn = n;
  for (const std::uint64_t size : sizes) {
    if (size < 8 || size > coll_bytes) continue;
    const std::uint64_t el = size / 8;
    measure("reduce", el * 8, true, [&] {
      shoal_int64_sum_reduce_on_stream(SHOAL_TEAM_WORLD, cdst, csrc, el, stream);
    });
    cuda_or_exit(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
    expect("reduce", el * 8, el, [&](std::uint64_t i) {
      return 1000003 * nn * (nn - 1) / 2 + nn * static_cast<std::int64_t>(i);
    });
    measure("broadcast", el * 8, true, [&] {
      shoal_broadcastmem_on_stream(SHOAL_TEAM_WORLD, cdst, csrc, el * 8, 0, stream);
    });
    cuda_or_exit(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
    if (me != 0) expect("broadcast", el * 8, el, [&](std::uint64_t i) { return static_cast<std::int64_t>(i); });
    measure("fcollect", el * 8, true, [&] {
      shoal_fcollectmem_on_stream(SHOAL_TEAM_WORLD, cdst, csrc, el * 8, stream);
    });
    cuda_or_exit(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
    expect("fcollect", el * 8, el * static_cast<std::uint64_t>(n), [&](std::uint64_t i) {
      return static_cast<std::int64_t>(i / el) * 1000003 + static_cast<std::int64_t>(i % el);
    });
    measure("alltoall", el * 8, true, [&] {
      shoal_alltoallmem_on_stream(SHOAL_TEAM_WORLD, cdst, csrc, el * 8, stream);
    });
    cuda_or_exit(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
    // Block q of my result is block `me` of PE q's source.
    expect("alltoall", el * 8, el * static_cast<std::uint64_t>(n), [&](std::uint64_t i) {
      return static_cast<std::int64_t>(i / el) * 1000003 + me * static_cast<std::int64_t>(el) +
             static_cast<std::int64_t>(i % el);
    });
  }
  shoal_free(cdst);
  shoal_free(csrc);

  bool ok = rep.finish();
  cudaStreamDestroy(stream);
  cudaFree(src);
  shoal_free(agg);
  shoal_free(p_word);
  shoal_free(sig);
  shoal_free(sym);
  shoal_finalize();
  return ok ? 0 : 1;
}
