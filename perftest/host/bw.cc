// shoal_host_put_bw / shoal_host_get_bw: bandwidth of host-issued
// shoal_putmem / shoal_getmem (NVSHMEM's host `bw`, --dir write|read).
//
// PEs pair up (0,1), (2,3)...; the even PE of each pair issues (with --bidir
// both do), all pairs at once. One timed repetition: -n blocking putmem
// (getmem) calls of one size, then shoal_quiet; BW = size * iters / time
// (GB = 1e9). Consecutive calls rotate through a working set (--ws, default
// 8 MiB) so sizes below the cache size are not served from one hot buffer.
// The table shows PE 0's median over -r repetitions; the JSON rows add the
// sum over all issuing PEs ("aggregate_bw"); with --ref also the bandwidth of
// a local memcpy over the same slots timed in the same process, interleaved
// with the repetitions ("ref_bw"), and the median of the per-repetition
// ratios ("ratio_vs_memcpy"). The data of the first and last
// slot written in each size is checked outside the timed region.
//
// --issue on_stream: the same experiment with shoal_putmem_on_stream /
// shoal_getmem_on_stream on one stream from a device buffer (NVSHMEM's host
// bw with on-stream issue); a repetition is -n calls then
// shoal_quiet_on_stream, timed with CUDA events on the stream. Heap and
// device buffers are cleared and checked through cudaMemset/cudaMemcpy.
#include <shoal/shoal.h>

#include <cstring>
#include <vector>

#include "perftest/common/check.h"
#include "perftest/common/options.h"
#include "perftest/common/report.h"
#include "perftest/common/timing.h"
#include "perftest/host/host_bench.h"
#include "perftest/host/stream_bench.h"

using namespace shoal::perftest;

#ifndef SHOAL_BW_DEFAULT_DIR_READ
#define SHOAL_BW_DEFAULT_DIR_READ 0
#endif

int main(int argc, char** argv) {
  ProgramSpec spec;
  spec.name = SHOAL_BW_DEFAULT_DIR_READ ? "shoal_host_get_bw" : "shoal_host_put_bw";
  spec.summary = "bandwidth of host shoal_putmem (--dir write) or shoal_getmem (--dir read) "
                 "between PE pairs (0,1), (2,3)...";
  spec.defaults.min_size = 1;
  spec.defaults.max_size = 64ull << 20;
  spec.defaults.iters = 50;
  spec.defaults.warmup = 5;
  spec.defaults.reps = 3;
  spec.defaults.scope = Scope::thread;
  spec.defaults.issue = Issue::host;
  spec.defaults.dir = SHOAL_BW_DEFAULT_DIR_READ ? Dir::read : Dir::write;
  spec.scopes = {Scope::thread, Scope::all};
  Options o = parse_or_exit(argc, argv, spec);
  const bool on_stream = o.issue == Issue::on_stream;
  const bool read = o.dir == Dir::read;
  const char* name = read ? "shoal_host_get_bw" : "shoal_host_put_bw";
  init_or_exit(name);
  const int me = shoal_my_pe(), n = shoal_n_pes();
  require_two_pes(name);
  const int peer = pair_partner(me, n);
  const bool issuer = peer >= 0 && (me % 2 == 0 || o.bidir);

  const std::uint64_t ws = o.working_set ? o.working_set : kDefaultHostWorkingSet;
  const std::uint64_t bytes = rotation_buffer_bytes(o.max_size, ws);
  // put: private source -> symmetric destination; get: symmetric source ->
  // private destination.
  char* sym = static_cast<char*>(shoal_align(4096, bytes));
  auto* agg = static_cast<double*>(shoal_calloc(static_cast<size_t>(n), sizeof(double)));
  if (!sym || !agg) {
    if (me == 0) std::fprintf(stderr, "%s: cannot allocate %llu symmetric bytes; raise SHOAL_SYMMETRIC_SIZE\n", name, (unsigned long long)bytes);
    shoal_global_exit(2);
  }
  std::vector<char> priv(bytes);
  // --ref: private buffers for the local memcpy reference (the put's own
  // private source; for get, a private copy of the pattern).
  std::vector<char> ref_dst(o.reference ? bytes : 0), ref_src_get(o.reference && read ? bytes : 0);
  if (o.reference && read) fill_pattern(ref_src_get.data(), bytes, 1);
  const char* ref_src = read ? ref_src_get.data() : priv.data();
  const std::uint64_t seed = 0x5eed0000u + static_cast<std::uint64_t>(me);
  // The pattern source: the issuer's private buffer (put) or the symmetric
  // buffer of the PE read from (get). Seeded by the source PE.
  if (!read) {
    fill_pattern(priv.data(), bytes, seed);
  } else {
    std::vector<char> tmp(bytes);
    fill_pattern(tmp.data(), bytes, seed);
    cuda_or_exit(cudaMemcpy(sym, tmp.data(), bytes, cudaMemcpyDefault), "cudaMemcpy");
  }
  // on_stream: the local side is a device buffer (the put's source holds the
  // pattern too).
  cudaStream_t stream = on_stream ? make_stream() : nullptr;
  char* dev = on_stream ? device_buffer(bytes) : nullptr;
  if (on_stream && !read)
    cuda_or_exit(cudaMemcpy(dev, priv.data(), bytes, cudaMemcpyDefault), "cudaMemcpy");
  char* local = on_stream ? dev : priv.data();
  shoal_barrier_all();
  // Touch every page of the rotation once before timing: the sim heap
  // commits memory on first touch (a memfd), and a page's first write (and
  // each PE's first access through its mapping of a peer's heap) costs a
  // page fault. That is a one-time cost, not bandwidth (NVSHMEM's heap is
  // physically backed), so it stays out of the timed region.
  if (issuer) {
    if (read) shoal_getmem(priv.data(), sym, bytes, peer);
    else shoal_putmem(sym, priv.data(), bytes, peer);
  }
  shoal_barrier_all();

  Context ctx = default_context(n, "shoal");
  if (on_stream) ctx.notes = "issue on_stream";
  Report rep(name, Metric::bw, o, ctx, me == 0);
  HostTimer host_timer;
  StreamTimer* stream_timer = on_stream ? new StreamTimer(stream) : nullptr;
  Timer& timer = on_stream ? static_cast<Timer&>(*stream_timer) : host_timer;
  // One transfer of `size` bytes at offset `off`, and the completion of all.
  auto issue = [&](std::uint64_t off, std::uint64_t size) {
    if (on_stream) {
      if (read) shoal_getmem_on_stream(local + off, sym + off, size, peer, stream);
      else shoal_putmem_on_stream(sym + off, local + off, size, peer, stream);
    } else {
      if (read) shoal_getmem(local + off, sym + off, size, peer);
      else shoal_putmem(sym + off, local + off, size, peer);
    }
  };
  auto complete = [&] {
    if (on_stream) shoal_quiet_on_stream(stream);
    else shoal_quiet();
  };
  const auto sizes = size_sweep(o);
  for (std::size_t si = 0; si < sizes.size(); ++si) {
    const std::uint64_t size = sizes[si];
    rep.progress(si, sizes.size(), size);
    Rotation rot(size, ws);
    const std::uint64_t total = o.warmup + o.reps * o.iters;
    const std::uint64_t last = rot.offset(total - 1);
    // Clear the checked slots where the data lands (the heap, or a device
    // buffer on_stream, through cudaMemset; host memory directly).
    char* land = read ? local : sym;
    const bool land_on_device = !read || on_stream;
    if (read ? issuer : (peer >= 0 && (me % 2 == 1 || o.bidir))) {
      for (std::uint64_t off : {std::uint64_t{0}, last}) {
        if (land_on_device) cuda_or_exit(cudaMemset(land + off, 0, size), "cudaMemset");
        else std::memset(land + off, 0, size);
      }
    }
    shoal_barrier_all();
    std::vector<double> bw, ref;
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
      for (; k < o.warmup; ++k) issue(rot.offset(k), size);
      complete();
      if (on_stream) cuda_or_exit(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
      for (std::uint64_t r = 0; r < o.reps; ++r) {
        // --ref: a local memcpy repetition over the same slots, before the
        // shoal one on even repetitions and after it on odd ones, so slow
        // drifts of the machine hit both alike.
        if (o.reference && r % 2 == 0) ref.push_back(time_ref(k));
        timer.start();
        for (std::uint64_t i = 0; i < o.iters; ++i, ++k) issue(rot.offset(k), size);
        complete();
        bw.push_back(gb_per_s(size * o.iters, timer.stop_us()));
        if (o.reference && r % 2 == 1) ref.push_back(time_ref(k - o.iters));
      }
    }
    Stats s = summarize(bw);
    if (issuer) shoal_double_p(&agg[me], s.median, 0);
    shoal_barrier_all();  // implies quiet: data and results delivered
    // Check: the first slot and the last slot written, against the source
    // PE's pattern.
    const bool lands_here = read ? issuer : (peer >= 0 && (me % 2 == 1 || o.bidir));
    if (lands_here) {
      const std::uint64_t src_seed = 0x5eed0000u + static_cast<std::uint64_t>(peer);  // the source PE
      for (std::uint64_t off : {std::uint64_t{0}, last}) {
        std::vector<unsigned char> got;
        const void* at = land + off;
        if (land_on_device) {
          got = read_back(land + off, size);
          at = got.data();
        }
        long long bad = check_pattern(at, size, src_seed, off);
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
        for (std::size_t i = 0; i < bw.size() && i < ref.size(); ++i) ratios.push_back(bw[i] / ref[i]);
        row.extra.push_back({"ref_bw", summarize(ref).median});
        row.extra.push_back({"ratio_vs_memcpy", summarize(ratios).median});
      }
      rep.add(row);
    }
    shoal_barrier_all();  // agg[] read before the next size overwrites it
  }
  bool ok = rep.finish();
  delete stream_timer;
  if (on_stream) {
    cudaFree(dev);
    cudaStreamDestroy(stream);
  }
  shoal_free(agg);
  shoal_free(sym);
  shoal_finalize();
  return ok ? 0 : 1;
}
