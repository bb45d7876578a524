// ibgda_post_rate: how fast device code can build and post mlx5 WQEs — the
// number that bounds IBGDA message rate. Each warp owns one QP whose queues
// live in host-mapped memory (as they do for the emulator on a GPU machine;
// with a real NIC they are in GPU memory) and posts 8-byte inline WRITEs at
// warp scope (four lanes per WQE, 8 WQEs per reservation and doorbell).
//
//   --mode post   (default) the SQ is deep enough for every WQE, so nothing
//                 waits for completions: pure build + write + doorbell rate.
//   --mode emu    SQ depth --depth (64), a CQE every 16 WQEs, and the mlx5
//                 emulator consuming on a host thread: sustained rate,
//                 bounded by the emulator.
//
// Options: -w warps (list, comma separated) [1,4,16], -n WQEs per warp
// [8192], --depth N [64], --mode post|emu. Output: "#ibgda_post_rate" and a
// table. On sim the numbers are CPU numbers (fibers), not GPU numbers.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "shoal/device/mlx5/queue.cuh"
#include "shoal/launch.h"
#include "transport/ibgda/emu/nic.h"

namespace {

namespace mlx5 = shoal::mlx5;

__global__ void post_inline(mlx5::qp* qps, uint64_t* remote, uint32_t rkey, uint32_t per_warp, bool drain, int* status) {
  const uint32_t w = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  mlx5::qp* q = &qps[w];
  int st = mlx5::post_ok;
  for (uint32_t base = 0; base < per_warp && st == mlx5::post_ok; base += 256) {
    const uint32_t n = per_warp - base < 256 ? per_warp - base : 256;
    st = mlx5::post_warp(q, n, [&](uint32_t j) {
      const uint64_t v = base + j;
      return mlx5::wqe_write_inline_desc(0, 0, 0, &v, 8, reinterpret_cast<uintptr_t>(&remote[w]), rkey);
    });
  }
  if (threadIdx.x % 32 == 0) {
    if (st == mlx5::post_ok && drain) st = mlx5::quiet(q);
    if (st != mlx5::post_ok) atomicAdd(status, 1);
  }
}

template <class T>
T* mapped(size_t n) {
  void* p = nullptr;
  if (cudaHostAlloc(&p, n * sizeof(T), cudaHostAllocMapped) != cudaSuccess) {
    std::fprintf(stderr, "ibgda_post_rate: cudaHostAlloc(%zu bytes) failed\n", n * sizeof(T));
    std::exit(1);
  }
  std::memset(p, 0, n * sizeof(T));
  return static_cast<T*>(p);
}

int run(uint32_t warps, uint32_t per_warp, uint32_t depth, bool emu, double* rate) {
  shoal::ibgda::emu::Nic nic(0);
  uint64_t* remote = mapped<uint64_t>(warps);
  const auto rk = nic.register_region(remote, warps * sizeof(uint64_t));
  mlx5::qp* qps = mapped<mlx5::qp>(warps);
  std::vector<void*> owned;
  for (uint32_t w = 0; w < warps; ++w) {
    mlx5::qp& q = qps[w];
    q.sq = mapped<uint8_t>(depth * 64ull);
    q.sq_depth = depth;
    q.qpn = 0x100 + w;
    q.dbr = mapped<uint32_t>(2);
    q.uar = mapped<uint64_t>(1);
    q.cq = mapped<uint8_t>(depth * 64ull);
    q.cq_depth = depth;
    q.cq_dbr = mapped<uint32_t>(2);
    q.signal_interval = emu ? 16 : depth;  // post mode: no CQE is ever needed
    q.peer = 1;
    shoal::ibgda::emu::QueueMemory m{q.sq, depth, q.dbr, q.cq, depth, q.cq_dbr, q.uar};
    shoal::ibgda::emu::Nic::init_queues(m);
    if (emu && !nic.add_qp({q.qpn, 0, 1, m})) return 1;
    owned.insert(owned.end(), {q.sq, q.dbr, q.uar, q.cq, q.cq_dbr});
  }
  int* status = mapped<int>(1);
  if (emu) nic.start();
  const auto t0 = std::chrono::steady_clock::now();
  cudaError_t e = shoal::launch(post_inline, dim3((warps + 3) / 4), dim3(warps < 4 ? 32 * warps : 128), 0, nullptr,
                                qps, remote, rk.rkey, per_warp, emu, status);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  nic.stop();
  int rc = 0;
  if (e != cudaSuccess || *status != 0) {
    std::fprintf(stderr, "ibgda_post_rate: kernel failed: %s, %d warps reported errors\n", cudaGetErrorString(e), *status);
    rc = 1;
  }
  for (uint32_t w = 0; w < warps && rc == 0; ++w) {
    if (qps[w].posted < per_warp) {
      std::fprintf(stderr, "ibgda_post_rate: DATA CHECK FAILED: warp %u posted %llu WQEs, expected at least %u\n", w,
                   static_cast<unsigned long long>(qps[w].posted), per_warp);
      rc = 1;
    } else if (emu && remote[w] != per_warp - 1) {
      std::fprintf(stderr, "ibgda_post_rate: DATA CHECK FAILED: warp %u's last value %llu, expected %u\n", w,
                   static_cast<unsigned long long>(remote[w]), per_warp - 1);
      rc = 1;
    }
  }
  *rate = static_cast<double>(warps) * per_warp / us;
  for (void* p : owned) cudaFreeHost(p);
  cudaFreeHost(qps);
  cudaFreeHost(remote);
  cudaFreeHost(status);
  return rc;
}

std::vector<uint32_t> parse_list(const char* s) {
  std::vector<uint32_t> v;
  for (const char* p = s; *p != 0;) {
    char* end = nullptr;
    v.push_back(static_cast<uint32_t>(std::strtoul(p, &end, 10)));
    p = *end == ',' ? end + 1 : end;
    if (end == p && *p != 0) break;
  }
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<uint32_t> warps = {1, 4, 16};
  uint32_t per_warp = 8192, depth = 64;
  bool emu = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (a == "-w" && v) warps = parse_list(v), ++i;
    else if (a == "-n" && v) per_warp = static_cast<uint32_t>(std::strtoul(v, nullptr, 0)), ++i;
    else if (a == "--depth" && v) depth = static_cast<uint32_t>(std::strtoul(v, nullptr, 0)), ++i;
    else if (a == "--mode" && v && (std::string(v) == "post" || std::string(v) == "emu")) emu = std::string(v) == "emu", ++i;
    else {
      std::fprintf(stderr, "usage: %s [-w warps,list] [-n wqes_per_warp] [--depth n] [--mode post|emu]\n(bad argument '%s')\n",
                   argv[0], a.c_str());
      return 2;
    }
  }
  if (per_warp == 0 || depth < 64 || (depth & (depth - 1)) != 0) {
    std::fprintf(stderr, "ibgda_post_rate: need -n > 0 and --depth a power of two >= 64 (got -n %u --depth %u)\n", per_warp, depth);
    return 2;
  }
  // post mode: a ring that never wraps into unfinished WQEs.
  uint32_t d = depth;
  if (!emu)
    while (d < per_warp) d *= 2;
#if defined(SHOAL_PLATFORM_SIM)
  const char* where = "sim (CPU fibers: CPU numbers, not GPU numbers)";
#else
  const char* where = "cuda (queues in host-mapped memory)";
#endif
  std::printf("#ibgda_post_rate\n# platform: %s; mode %s; SQ depth %u; 8-byte inline RDMA WRITEs, warp scope\n", where,
              emu ? "emu (mlx5 emulator consuming)" : "post (no completions needed)", d);
  std::printf("%8s %12s %14s %20s\n", "warps", "WQEs/warp", "WQEs/us", "WQEs/us per warp");
  int rc = 0;
  for (uint32_t w : warps) {
    double rate = 0;
    rc |= run(w, per_warp, d, emu, &rate);
    std::printf("%8u %12u %14.3f %20.3f\n", w, per_warp, rate, rate / w);
  }
  return rc;
}
