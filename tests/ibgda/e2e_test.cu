// End to end inside one process: kernels (thread and warp scope, many
// blocks) build WQEs with shoal's mlx5 builder, post them with the device
// posting code and poll CQEs, while the mlx5 emulator's driver thread
// consumes the queues and performs the operations between two registered
// regions that stand in for two PEs' heaps. All queue memory is host-mapped
// (cudaHostAlloc), as it will be for the emulator on a GPU machine.
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "shoal/device/mlx5/queue.cuh"
#include "shoal/launch.h"
#include "tests/sim/test_util.h"
#include "transport/ibgda/emu/nic.h"

namespace {

namespace mlx5 = shoal::mlx5;
namespace arch = shoal::arch;
using shoal::ibgda::emu::Nic;

template <class T>
T* host_mapped(size_t n) {
  void* p = nullptr;
  if (cudaHostAlloc(&p, n * sizeof(T), cudaHostAllocMapped) != cudaSuccess) return nullptr;
  std::memset(p, 0, n * sizeof(T));
  return static_cast<T*>(p);
}

// Two "PEs" (a local and a remote region), one QP between them, and the
// emulator. The QP object lives in host-mapped memory too.
struct Rig {
  Rig(size_t bytes, uint32_t sq_depth, uint32_t signal_interval, bool run_nic = true) : nic(0), bytes(bytes) {
    local = host_mapped<uint8_t>(bytes);
    remote = host_mapped<uint8_t>(bytes);
    q = host_mapped<mlx5::qp>(1);
    sq = host_mapped<uint8_t>(sq_depth * 64ull + 64);
    cq = host_mapped<uint8_t>(sq_depth * 64ull);
    dbrs = host_mapped<uint32_t>(4);
    uar = host_mapped<uint64_t>(1);
    lk = nic.register_region(local, bytes);
    rk = nic.register_region(remote, bytes);
    q->sq = sq;
    q->sq_depth = sq_depth;
    q->qpn = 0x4242;
    q->dbr = dbrs;
    q->uar = uar;
    q->cq = cq;
    q->cq_depth = sq_depth;
    q->cq_dbr = dbrs + 2;
    q->signal_interval = signal_interval;
    q->pe = 0;
    q->peer = 1;
    shoal::ibgda::emu::QpConfig cfg;
    cfg.qpn = q->qpn;
    cfg.pe = 0;
    cfg.peer = 1;
    cfg.mem = {sq, sq_depth, dbrs, cq, sq_depth, dbrs + 2, uar};
    Nic::init_queues(cfg.mem);
    ok = nic.add_qp(cfg);
    if (run_nic) nic.start();
  }
  ~Rig() {
    nic.stop();
    for (void* p : {static_cast<void*>(local), static_cast<void*>(remote), static_cast<void*>(q),
                    static_cast<void*>(sq), static_cast<void*>(cq), static_cast<void*>(dbrs), static_cast<void*>(uar)})
      cudaFreeHost(p);
  }
  void expect_clean() {
    const auto st = nic.stats();
    EXPECT_EQ(st.cq_overruns, 0u);
    EXPECT_EQ(st.errors, 0u);
    EXPECT_TRUE(nic.errors().empty());
    EXPECT_EQ(q->has_error, 0u);
    EXPECT_EQ(q->completed, q->posted) << "quiet returned with WQEs outstanding";
    // The last doorbell: the first 8 bytes of the last WQE's ctrl segment.
    const uint64_t db = *uar;
    const uint32_t idx_op = __builtin_bswap32(static_cast<uint32_t>(db)), qpn_ds = __builtin_bswap32(static_cast<uint32_t>(db >> 32));
    EXPECT_EQ((idx_op >> 8) & 0xffff, (q->posted - 1) & 0xffff) << "doorbell 0x" << std::hex << db;
    EXPECT_EQ(qpn_ds >> 8, q->qpn) << "doorbell 0x" << std::hex << db;
    EXPECT_EQ(__builtin_bswap32(dbrs[mlx5::dbr_send]), q->posted & 0xffff) << "SQ doorbell record";
  }
  Nic nic;
  size_t bytes;
  uint8_t *local, *remote, *sq, *cq;
  mlx5::qp* q;
  uint32_t* dbrs;
  uint64_t* uar;
  shoal::ibgda::emu::Keys lk{}, rk{};
  bool ok = false;
};

struct Keys {
  uint32_t lkey, rkey;
};

// Thread scope, many blocks: thread t writes `per_thread` chunks of its own
// slice from local to remote (random lengths), then quiets.
__global__ void thread_writes(mlx5::qp* q, uint8_t* local, uint8_t* remote, Keys k, uint32_t slice,
                              uint32_t per_thread, uint64_t seed, int* status) {
  const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  uint64_t x = seed ^ (0x9e3779b97f4a7c15ull * (t + 1));
  int st = mlx5::post_ok;
  for (uint32_t i = 0; i < per_thread && st == mlx5::post_ok; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    const uint32_t off = t * slice + static_cast<uint32_t>(x % (slice / 2));
    const uint32_t len = 1 + static_cast<uint32_t>((x >> 32) % (slice / 2));
    if ((x >> 20) % 4 == 0 && len <= mlx5::max_inline_bytes) {
      st = mlx5::post(q, mlx5::wqe_write_inline_desc(0, 0, 0, local + off, len, reinterpret_cast<uintptr_t>(remote + off), k.rkey));
    } else {
      st = mlx5::post(q, mlx5::wqe_write_desc(0, 0, 0, reinterpret_cast<uintptr_t>(local + off), k.lkey,
                                              reinterpret_cast<uintptr_t>(remote + off), k.rkey, len));
    }
  }
  if (st == mlx5::post_ok) st = mlx5::quiet(q);
  if (st != mlx5::post_ok) atomicAdd(status, 1);
}

TEST(IbgdaE2e, ThreadScopeWritesFromManyBlocks) {
  const uint64_t seed = test_seed();
  constexpr uint32_t blocks = 8, threads = 64, slice = 256, per_thread = 48;
  Rig r(blocks * threads * slice, 64, 8);
  ASSERT_TRUE(r.ok);
  std::mt19937_64 rng(seed);
  for (size_t i = 0; i < r.bytes; ++i) {
    r.local[i] = static_cast<uint8_t>(rng());
    r.remote[i] = static_cast<uint8_t>(~r.local[i]);  // poison: differs from the source everywhere
  }
  int* status = host_mapped<int>(1);
  CUDA_OK(shoal::launch(thread_writes, dim3(blocks), dim3(threads), 0, nullptr, r.q, r.local, r.remote,
                        Keys{r.lk.lkey, r.rk.rkey}, slice, per_thread, seed, status));
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_EQ(*status, 0);
  // Replay each thread's ranges on the host: covered bytes equal the source,
  // the rest keep the poison.
  std::vector<uint8_t> covered(r.bytes, 0);
  for (uint32_t t = 0; t < blocks * threads; ++t) {
    uint64_t x = seed ^ (0x9e3779b97f4a7c15ull * (t + 1));
    for (uint32_t i = 0; i < per_thread; ++i) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      const uint32_t off = t * slice + static_cast<uint32_t>(x % (slice / 2));
      const uint32_t len = 1 + static_cast<uint32_t>((x >> 32) % (slice / 2));
      std::memset(&covered[off], 1, len);
    }
  }
  size_t bad = 0;
  for (size_t i = 0; i < r.bytes && bad < 5; ++i) {
    const uint8_t want = covered[i] ? r.local[i] : static_cast<uint8_t>(~r.local[i]);
    if (r.remote[i] != want) {
      ADD_FAILURE() << "remote byte " << i << " is " << int{r.remote[i]} << ", expected " << int{want}
                    << (covered[i] ? " (written)" : " (never written)");
      ++bad;
    }
  }
  EXPECT_EQ(r.nic.stats().wqes, r.q->posted);
  EXPECT_GE(r.q->posted, uint64_t{blocks} * threads * per_thread);
  r.expect_clean();
  cudaFreeHost(status);
}

// Warp scope: every warp posts `per_warp` 8-byte inline WRITEs in batches of
// 8 (four lanes per WQE). WQE j of warp w writes value(w, j) to slot
// (w, j % slots); at the end each slot must hold its last value.
__host__ __device__ inline uint64_t value_of(uint64_t seed, uint32_t w, uint32_t j) {
  uint64_t x = seed + 0x9e3779b97f4a7c15ull * (static_cast<uint64_t>(w) << 32 | j);
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9ull;
  return x ^ (x >> 29);
}

__global__ void warp_inline_writes(mlx5::qp* q, uint64_t* remote, uint32_t rkey, uint32_t per_warp, uint32_t slots,
                                   uint64_t seed, int* status) {
  const uint32_t w = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int st = mlx5::post_ok;
  for (uint32_t base = 0; base < per_warp && st == mlx5::post_ok; base += 64) {
    const uint32_t n = per_warp - base < 64 ? per_warp - base : 64;
    st = mlx5::post_warp(q, n, [&](uint32_t j) {
      const uint64_t v = value_of(seed, w, base + j);
      return mlx5::wqe_write_inline_desc(0, 0, 0, &v, 8, reinterpret_cast<uintptr_t>(&remote[w * slots + (base + j) % slots]), rkey);
    });
  }
  if (threadIdx.x % 32 == 0) {
    if (st == mlx5::post_ok) st = mlx5::quiet(q);
    if (st != mlx5::post_ok) atomicAdd(status, 1);
  }
}

// About a million WQEs through an SQ of 64: the SQ wraps ~16K times, the
// 16-bit WQE counter ~16 times, and the CQ (64 entries, a CQE every 16
// WQEs) must never overrun.
TEST(IbgdaE2e, WarpScopeMillionOpsThroughDepth64) {
  const uint64_t seed = test_seed();
  constexpr uint64_t total = 1u << 20;
  constexpr uint32_t blocks = 4, warps_per_block = 2, slots = 32;
  const uint32_t warps = blocks * warps_per_block;
  const auto per_warp = static_cast<uint32_t>(total / warps);
  Rig r(warps * slots * 8, 64, 16);
  ASSERT_TRUE(r.ok);
  auto* remote = reinterpret_cast<uint64_t*>(r.remote);
  for (uint32_t i = 0; i < warps * slots; ++i) remote[i] = 0xdeadbeefdeadbeefull;
  int* status = host_mapped<int>(1);
  CUDA_OK(shoal::launch(warp_inline_writes, dim3(blocks), dim3(32 * warps_per_block), 0, nullptr, r.q, remote, r.rk.rkey,
                        per_warp, slots, seed, status));
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_EQ(*status, 0);
  size_t bad = 0;
  for (uint32_t w = 0; w < warps; ++w) {
    for (uint32_t s = 0; s < slots && s < per_warp; ++s) {
      const uint32_t last = (per_warp - 1 - s) / slots * slots + s;
      const uint64_t want = value_of(seed, w, last);
      if (remote[w * slots + s] != want && bad++ < 5)
        ADD_FAILURE() << "warp " << w << " slot " << s << ": 0x" << std::hex << remote[w * slots + s]
                      << ", expected 0x" << want << " (WQE " << std::dec << last << ")";
    }
  }
  std::printf("[ info     ] %llu WQEs posted (%llu by quiet), %llu CQEs\n",
              static_cast<unsigned long long>(r.q->posted),
              static_cast<unsigned long long>(r.q->posted - uint64_t{per_warp} * warps),
              static_cast<unsigned long long>(r.nic.stats().cqes));
  EXPECT_GE(r.q->posted, uint64_t{per_warp} * warps);
  EXPECT_EQ(r.nic.stats().wqes, r.q->posted);
  r.expect_clean();
  cudaFreeHost(status);
}

// Atomics and READs: every thread fetch-adds `add` to one shared counter and
// swaps its own word with compare-swap (one hit, one miss), and READs a
// random remote block into its local slice.
__global__ void atomics_and_reads(mlx5::qp* q, uint8_t* local, uint8_t* remote, Keys k, uint64_t add, int* status) {
  const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  uint64_t* counter = reinterpret_cast<uint64_t*>(remote);
  uint64_t* word = reinterpret_cast<uint64_t*>(remote) + 1 + t;
  uint64_t* res = reinterpret_cast<uint64_t*>(local) + 3 * t;
  const uint64_t u = 4096 + t * 64;
  int st = mlx5::post(q, mlx5::wqe_fetch_add_desc(0, 0, 0, reinterpret_cast<uintptr_t>(&res[0]), k.lkey,
                                                  reinterpret_cast<uintptr_t>(counter), k.rkey, add));
  if (st == mlx5::post_ok)
    st = mlx5::post(q, mlx5::wqe_compare_swap_desc(0, 0, 0, reinterpret_cast<uintptr_t>(&res[1]), k.lkey,
                                                   reinterpret_cast<uintptr_t>(word), k.rkey, t, 1000000 + t));
  if (st == mlx5::post_ok)
    st = mlx5::post(q, mlx5::wqe_compare_swap_desc(0, 0, mlx5::fm_initiator_small,
                                                   reinterpret_cast<uintptr_t>(&res[2]), k.lkey,
                                                   reinterpret_cast<uintptr_t>(word), k.rkey, t, 7));
  if (st == mlx5::post_ok)
    st = mlx5::post(q, mlx5::wqe_read_desc(0, 0, 0, reinterpret_cast<uintptr_t>(local + u), k.lkey,
                                           reinterpret_cast<uintptr_t>(remote + u), k.rkey, 64));
  if (st == mlx5::post_ok) st = mlx5::quiet(q);
  if (st != mlx5::post_ok) atomicAdd(status, 1);
}

TEST(IbgdaE2e, AtomicsAndReadsDeliverIntoLocalMemory) {
  const uint64_t seed = test_seed();
  std::mt19937_64 rng(seed);
  constexpr uint32_t blocks = 4, threads = 32, n = blocks * threads;
  Rig r(4096 + n * 64, 64, 4);
  ASSERT_TRUE(r.ok);
  const uint64_t add = 1 + rng() % 1000, start = rng() >> 8;
  auto* rw = reinterpret_cast<uint64_t*>(r.remote);
  rw[0] = start;
  for (uint32_t t = 0; t < n; ++t) rw[1 + t] = t;
  for (size_t i = 4096; i < r.bytes; ++i) {
    r.remote[i] = static_cast<uint8_t>(rng());
    r.local[i] = static_cast<uint8_t>(~r.remote[i]);
  }
  std::memset(r.local, 0xee, 4096);
  int* status = host_mapped<int>(1);
  CUDA_OK(shoal::launch(atomics_and_reads, dim3(blocks), dim3(threads), 0, nullptr, r.q, r.local, r.remote,
                        Keys{r.lk.lkey, r.rk.rkey}, add, status));
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_EQ(*status, 0);
  EXPECT_EQ(rw[0], start + add * n);
  const auto* lw = reinterpret_cast<const uint64_t*>(r.local);
  std::vector<bool> seen(n, false);
  for (uint32_t t = 0; t < n; ++t) {
    const uint64_t old = mlx5::atomic_result(lw[3 * t]);
    ASSERT_TRUE(old >= start && (old - start) % add == 0 && (old - start) / add < n) << "thread " << t << ": " << old;
    EXPECT_FALSE(seen[(old - start) / add]) << "two fetch-adds returned " << old;
    seen[(old - start) / add] = true;
    EXPECT_EQ(mlx5::atomic_result(lw[3 * t + 1]), t) << "CAS hit, thread " << t;
    EXPECT_EQ(mlx5::atomic_result(lw[3 * t + 2]), 1000000u + t) << "CAS miss returns the current value, thread " << t;
    EXPECT_EQ(rw[1 + t], 1000000u + t);
  }
  EXPECT_EQ(0, std::memcmp(r.local + 4096, r.remote + 4096, n * 64)) << "RDMA READ data";
  r.expect_clean();
  cudaFreeHost(status);
}

// put_signal: block 0 sends `rounds` chunks, each as a WRITE followed by a
// fetch-add on the signal word in one post; block 1 (the "remote PE")
// waits for each signal value and checks that the chunk it announces is
// already complete.
__global__ void put_signal(mlx5::qp* q, uint8_t* local, uint8_t* remote, Keys k, uint32_t rounds, uint32_t chunk,
                           uint64_t* sig_result, int* status) {
  uint64_t* sig = reinterpret_cast<uint64_t*>(remote);
  uint8_t* data = remote + 64;
  if (blockIdx.x == 0) {
    if (threadIdx.x != 0) return;
    int st = mlx5::post_ok;
    for (uint32_t r = 0; r < rounds && st == mlx5::post_ok; ++r) {
      const uint64_t off = 64 + static_cast<uint64_t>(r) * chunk;
      st = mlx5::post2(q,
                       mlx5::wqe_write_desc(0, 0, 0, reinterpret_cast<uintptr_t>(local + off), k.lkey,
                                            reinterpret_cast<uintptr_t>(remote + off), k.rkey, chunk),
                       mlx5::wqe_fetch_add_desc(0, 0, mlx5::signal_fence_flags(false),
                                                reinterpret_cast<uintptr_t>(sig_result), k.lkey,
                                                reinterpret_cast<uintptr_t>(sig), k.rkey, 1));
    }
    if (st == mlx5::post_ok) st = mlx5::quiet(q);
    if (st != mlx5::post_ok) atomicAdd(status, 1);
  } else {
    if (threadIdx.x != 0) return;
    for (uint32_t r = 0; r < rounds; ++r) {
      while (arch::ld_acquire_sys(sig) < r + 1) arch::spin_pause();
      const uint8_t* src = local + 64 + static_cast<uint64_t>(r) * chunk;
      const uint8_t* dst = data + static_cast<uint64_t>(r) * chunk;
      for (uint32_t i = 0; i < chunk; ++i) {
        if (dst[i] != src[i]) {
          printf("put_signal round %u: byte %u not delivered before the signal\n", r, i);
          atomicAdd(status + 1, 1);
          break;
        }
      }
    }
  }
}

TEST(IbgdaE2e, PutSignalDeliversDataBeforeSignal) {
  const uint64_t seed = test_seed();
  std::mt19937_64 rng(seed);
  constexpr uint32_t rounds = 512, chunk = 1000;
  Rig r(64 + rounds * chunk, 64, 16);
  ASSERT_TRUE(r.ok);
  for (size_t i = 64; i < r.bytes; ++i) {
    r.local[i] = static_cast<uint8_t>(rng());
    r.remote[i] = static_cast<uint8_t>(~r.local[i]);
  }
  int* status = host_mapped<int>(2);
  CUDA_OK(shoal::launch(put_signal, dim3(2), dim3(32), 0, nullptr, r.q, r.local, r.remote,
                        Keys{r.lk.lkey, r.rk.rkey}, rounds, chunk, reinterpret_cast<uint64_t*>(r.local), status));
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_EQ(status[0], 0) << "posting failed";
  EXPECT_EQ(status[1], 0) << "a signal was visible before its data";
  EXPECT_EQ(*reinterpret_cast<uint64_t*>(r.remote), rounds);
  EXPECT_EQ(0, std::memcmp(r.local + 64, r.remote + 64, rounds * chunk));
  r.expect_clean();
  cudaFreeHost(status);
}

// Quiet: one unsignalled WRITE (signal interval 32) is complete when quiet
// returns: quiet posted a signalled NOP behind it.
__global__ void one_write_then_quiet(mlx5::qp* q, uint8_t* local, uint8_t* remote, Keys k, int* status) {
  if (mlx5::quiet(q) != mlx5::post_ok) status[0] = 1;  // nothing posted yet: returns at once
  int st = mlx5::post(q, mlx5::wqe_write_desc(0, 0, 0, reinterpret_cast<uintptr_t>(local), k.lkey,
                                              reinterpret_cast<uintptr_t>(remote), k.rkey, 256));
  if (st == mlx5::post_ok) st = mlx5::quiet(q);
  if (st != mlx5::post_ok) status[0] = 2;
  // After quiet the data must be at the target.
  for (int i = 0; i < 256; ++i)
    if (remote[i] != local[i]) status[1] = 1;
}

TEST(IbgdaE2e, QuietCompletesUnsignalledWqes) {
  std::mt19937_64 rng(test_seed());
  Rig r(4096, 64, 32);
  ASSERT_TRUE(r.ok);
  for (int i = 0; i < 256; ++i) {
    r.local[i] = static_cast<uint8_t>(rng());
    r.remote[i] = static_cast<uint8_t>(~r.local[i]);
  }
  int* status = host_mapped<int>(2);
  CUDA_OK(shoal::launch(one_write_then_quiet, dim3(1), dim3(1), 0, nullptr, r.q, r.local, r.remote,
                        Keys{r.lk.lkey, r.rk.rkey}, status));
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_EQ(status[0], 0);
  EXPECT_EQ(status[1], 0) << "quiet returned before the WRITE was performed";
  EXPECT_EQ(r.q->posted, 2u) << "the WRITE and quiet's signalled NOP";
  EXPECT_EQ(r.nic.stats().cqes, 1u);
  r.expect_clean();
  cudaFreeHost(status);
}

// Error CQE: a WRITE with a wrong rkey fails; quiet reports it (no hang),
// the QP records PE, WQE, opcode and syndrome, the line printed names them,
// and later posts on the QP fail at once.
__global__ void bad_rkey(mlx5::qp* q, uint8_t* local, uint8_t* remote, Keys k, int* status) {
  const int t = threadIdx.x;
  int st = mlx5::post(q, mlx5::wqe_write_desc(0, 0, 0, reinterpret_cast<uintptr_t>(local + t), k.lkey,
                                              reinterpret_cast<uintptr_t>(remote + t), t == 5 ? k.rkey ^ 0x40 : k.rkey, 1));
  __syncthreads();  // every quiet below covers the failing WQE
  if (st == mlx5::post_ok) st = mlx5::quiet(q);
  status[t] = st;
  __syncthreads();
  if (t == 0) status[32] = mlx5::post(q, mlx5::wqe_nop(0, 0, 0));
}

TEST(IbgdaE2e, ErrorCqeIsDiagnosed) {
  Rig r(4096, 64, 4);
  ASSERT_TRUE(r.ok);
  int* status = host_mapped<int>(33);
  testing::internal::CaptureStdout();
  CUDA_OK(shoal::launch(bad_rkey, dim3(1), dim3(32), 0, nullptr, r.q, r.local, r.remote, Keys{r.lk.lkey, r.rk.rkey}, status));
  CUDA_OK(cudaDeviceSynchronize());
  const std::string out = testing::internal::GetCapturedStdout();
  std::printf("%s", out.c_str());
  for (int t = 0; t < 32; ++t) EXPECT_EQ(status[t], mlx5::post_qp_error) << "thread " << t << " did not see the error";
  EXPECT_EQ(status[32], mlx5::post_qp_error) << "posting on a failed QP";
  EXPECT_EQ(r.q->has_error, 1u);
  EXPECT_EQ(r.q->error.syndrome, mlx5::syn_remote_access);
  EXPECT_EQ(r.q->error.opcode, mlx5::op_rdma_write);
  const std::string want = "shoal[PE 0] ibgda error: QP 0x4242 (to PE 1): WQE " + std::to_string(r.q->error.wqe_index) +
                           " (RDMA_WRITE) completed with syndrome 0x13 (remote access error";
  EXPECT_NE(out.find(want), std::string::npos) << "printed:\n" << out << "expected a line with:\n" << want;
  ASSERT_EQ(r.nic.errors().size(), 1u);
  EXPECT_NE(r.nic.errors()[0].find("QP 0x4242 (to PE 1) WQE " + std::to_string(r.q->error.wqe_index)), std::string::npos)
      << r.nic.errors()[0];
  cudaFreeHost(status);
}


// Timeout: nothing consumes the QP (the emulator is not running); quiet gives
// up after timeout_ns and says what it waited for, instead of hanging.
__global__ void write_then_quiet(mlx5::qp* q, uint8_t* local, uint8_t* remote, Keys k, int* status) {
  int st = mlx5::post(q, mlx5::wqe_write_desc(0, 0, 0, reinterpret_cast<uintptr_t>(local), k.lkey,
                                              reinterpret_cast<uintptr_t>(remote), k.rkey, 8));
  if (st == mlx5::post_ok) st = mlx5::quiet(q);
  status[0] = st;
  status[1] = mlx5::post(q, mlx5::wqe_nop(0, 0, 0));
}

TEST(IbgdaE2e, TimeoutIsDiagnosed) {
  Rig r(4096, 64, 16, /*run_nic=*/false);
  ASSERT_TRUE(r.ok);
  r.q->timeout_ns = 100'000'000;
  int* status = host_mapped<int>(2);
  testing::internal::CaptureStdout();
  CUDA_OK(shoal::launch(write_then_quiet, dim3(1), dim3(1), 0, nullptr, r.q, r.local, r.remote, Keys{r.lk.lkey, r.rk.rkey}, status));
  CUDA_OK(cudaDeviceSynchronize());
  const std::string out = testing::internal::GetCapturedStdout();
  std::printf("%s", out.c_str());
  EXPECT_EQ(status[0], mlx5::post_timeout);
  EXPECT_EQ(status[1], mlx5::post_qp_error) << "posting on a QP that timed out";
  EXPECT_EQ(r.q->error.syndrome, mlx5::syn_timeout);
  const std::string want = "shoal[PE 0] ibgda timeout: QP 0x4242 (to PE 1): quiet (WQE completions) waited 0.1 s until completed >= 2: "
                           "reserved 2, posted 2, completed 0, SQ doorbell record 2, CQ consumer index 0, next CQE "
                           "op_own 0xf1 (valid when owner bit is 0)";
  EXPECT_NE(out.find(want), std::string::npos) << "printed:\n" << out << "expected a line with:\n" << want;
  cudaFreeHost(status);
}

}  // namespace
