#include "host/ibgda.h"

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "base/log.h"
#include "host/heap/fd_exchange.h"
#include "host/ibgda_devx.h"
#include "host/ibgda_table.h"
#include "host/runtime.h"
#include "transport/ibgda/emu/backend.h"
#include "transport/ibgda/table.h"

#if defined(SHOAL_PLATFORM_SIM)
#include "shoal/sim/timeout_hook.h"
#endif

namespace shoal {

struct IbgdaTransport {
  std::unique_ptr<ibgda::emu::EmuBackend> backend;  // the emulator, or
  std::unique_ptr<IbgdaDevx> devx;                  // a NIC through the DevX plugin (host/ibgda_devx.h)
  std::vector<void*> mapped;                        // [n_pes] peers' heaps mapped for the emulator
  std::uint64_t heap_bytes = 0;
  void* memory = nullptr;                           // qps, per-QP areas, peer table, table
  device::Ibgda* table = nullptr;
  mlx5::qp* qps = nullptr;                          // [n_pes * qps_per_pe]
  std::uint32_t n_qps = 0;                          // total
  bool cpu_doorbell = false;
  std::atomic<bool> ringing{false};
  std::thread ringer;                               // cpu doorbell mode
};

namespace {

ibgda::Backend& nic(IbgdaTransport* t) {
  if (t->devx) return *t->devx->backend;
  return *t->backend;
}

// The machine a PE runs on: simulated nodes share one, and the emulator
// (a NIC's DMA) reaches every heap on it.
std::uint64_t machine_key() {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  return std::hash<std::string>{}(host);
}

// cpu doorbell mode: a host thread rings each QP's UAR once its `posted`
// counter moves (the device never touches the UAR). `posted` and `db_word`
// are in the QP table (host memory on every platform); device code stores
// the doorbell value (the last WQE's first 8 bytes) in `db_word` after the
// doorbell record and before advancing `posted` (release), so after reading
// posted == N (acquire) the thread reads the value of WQE N-1 or of a later
// one whose doorbell record is already written: ringing with it is right
// either way (a later one just rings ahead; the next ring repeats it, which
// the NIC ignores). No read of GPU memory on this path.
void ring_loop(IbgdaTransport* t) {
  std::vector<std::uint32_t> rung(t->n_qps, 0);
  unsigned idle = 0;
  while (t->ringing.load(std::memory_order_acquire)) {
    bool any = false;
    for (std::uint32_t i = 0; i < t->n_qps; ++i) {
      mlx5::qp& q = t->qps[i];
      if (q.sq == nullptr) continue;
      const std::uint32_t pi = static_cast<std::uint32_t>(__atomic_load_n(&q.posted, __ATOMIC_ACQUIRE)) & 0xffffu;
      if (pi == rung[i]) continue;
      nic(t).ring_doorbell(q.qpn, __atomic_load_n(&q.db_word, __ATOMIC_RELAXED));
      rung[i] = pi;
      any = true;
    }
    if (any) {
      idle = 0;
    } else if (++idle < 64) {
      std::this_thread::yield();
    } else {
      std::this_thread::sleep_for(std::chrono::microseconds(20));
    }
  }
}

// Printed when a kernel outlasts SHOAL_TIMEOUT (sim: the sim's per-kernel
// deadline fires before a QP's per-wait one): every QP with work
// outstanding, so the report says which PE, QP and counters a stuck kernel
// waits on, or that IBGDA has nothing outstanding (the kernel is slow or
// waits on something else). Racy reads: diagnostics only. (cuda has no
// such hook yet: a device wait's own deadline reports there.)
[[maybe_unused]] void report_queues(void* ctx) {
  const auto* t = static_cast<const IbgdaTransport*>(ctx);
  bool any = false;
  for (std::uint32_t i = 0; i < t->n_qps; ++i) {
    const mlx5::qp& q = t->qps[i];
    if (q.sq == nullptr) continue;
    const auto reserved = __atomic_load_n(&q.reserved, __ATOMIC_RELAXED);
    const auto posted = __atomic_load_n(&q.posted, __ATOMIC_RELAXED);
    const auto completed = __atomic_load_n(&q.completed, __ATOMIC_RELAXED);
    if (reserved == completed && __atomic_load_n(&q.has_error, __ATOMIC_RELAXED) == 0) continue;
    any = true;
    SHOAL_ERROR("IBGDA at the timeout: QP 0x%x (to PE %d): reserved %llu, posted %llu, completed %llu, SQ doorbell "
                "record %u, CQ consumer index %llu%s",
                q.qpn, q.peer, static_cast<unsigned long long>(reserved), static_cast<unsigned long long>(posted),
                static_cast<unsigned long long>(completed),
                __builtin_bswap32(__atomic_load_n(&q.dbr[1], __ATOMIC_RELAXED)) & 0xffffu,
                static_cast<unsigned long long>(__atomic_load_n(&q.cq_ci, __ATOMIC_RELAXED)),
                __atomic_load_n(&q.has_error, __ATOMIC_RELAXED) != 0 ? ", QP failed" : "");
  }
  if (!any) SHOAL_ERROR("IBGDA at the timeout: no QP has work outstanding (every posted WQE completed)");
}

void release(Runtime& r, IbgdaTransport* t) {
#if defined(SHOAL_PLATFORM_SIM)
  shoal::sim::remove_timeout_hook(report_queues, t);
#endif
  if (t->ringer.joinable()) {
    t->ringing.store(false, std::memory_order_release);
    t->ringer.join();
  }
  if (t->backend) {
    t->backend->stop();
    const ibgda::emu::Stats st = t->backend->stats();
    SHOAL_DEBUG("IBGDA emulator: %llu WQEs, %llu CQEs (%llu errors), %llu bytes, %llu dropped",
                static_cast<unsigned long long>(st.wqes), static_cast<unsigned long long>(st.cqes),
                static_cast<unsigned long long>(st.errors), static_cast<unsigned long long>(st.bytes),
                static_cast<unsigned long long>(st.dropped));
  }
  t->backend.reset();
  if (t->devx) t->devx->backend->stop();
  t->devx.reset();
  for (void* m : t->mapped)
    if (m != nullptr) munmap(m, t->heap_bytes);
  std::free(t->memory);
  delete t;
  r.ibgda = nullptr;
}

// Maps every PE's heap on this machine that P2P does not map (the emulator's
// DMA view). Returns "" or what is missing.
std::string map_peer_heaps(Runtime& r, IbgdaTransport* t) {
  std::uint64_t mine = machine_key();
  std::vector<std::uint64_t> keys(r.n_pes);
  if (r.boot->allgather(&mine, keys.data(), sizeof mine) != Status::ok) return "the bootstrap allgather failed";
  std::vector<int> machine_of(r.n_pes);
  for (int pe = 0; pe < r.n_pes; ++pe) machine_of[pe] = keys[pe] == mine ? 0 : 1 + pe;
  int fd = -1;
  if (r.heap.export_fd(&fd) != Status::ok) return "cannot export this PE's heap";
  std::vector<int> fds;
  const Status s = fd_exchange(*r.boot, machine_of, fd, r.cfg.timeout_s, &fds);
  close(fd);
  if (s != Status::ok) return "exchanging heap descriptors for the emulator failed";
  std::string missing;
  t->mapped.assign(r.n_pes, nullptr);
  for (int pe = 0; pe < r.n_pes; ++pe) {
    const bool wanted = pe != r.my_pe && r.heap.peer_base(pe) == nullptr;
    if (wanted && fds[pe] < 0 && missing.empty())
      missing = "the emulator needs every PE on one machine (PE " + std::to_string(pe) + " is elsewhere)";
    if (fds[pe] < 0) continue;
    if (wanted) {
      void* m = mmap(nullptr, r.heap.size(), PROT_READ | PROT_WRITE, MAP_SHARED, fds[pe], 0);
      if (m == MAP_FAILED && missing.empty()) missing = "cannot map PE " + std::to_string(pe) + "'s heap";
      if (m != MAP_FAILED) t->mapped[pe] = m;
    }
    close(fds[pe]);
  }
  return missing;
}

std::string setup_emulated(Runtime& r, IbgdaTransport* t) {
  const int me = r.my_pe;
  t->heap_bytes = r.heap.size();
  std::string missing = map_peer_heaps(r, t);
  // Every PE must agree before anything depends on it.
  missing = ibgda_agree(r, missing);
  if (!missing.empty()) return missing;

  t->backend = std::make_unique<ibgda::emu::EmuBackend>(me, /*consume_on_uar=*/true);
  ibgda::emu::EmuBackend& b = *t->backend;

  ibgda::TableArgs a = ibgda_table_args(r);
  // The emulator writes into the peer's heap through this PE's mapping of it.
  a.on_peer = [&b, t](const ibgda::PeerQp& p) {
    b.add_peer_memory(p.pe, p.rkey, p.heap_addr, p.heap_bytes, t->mapped[static_cast<std::size_t>(p.pe)]);
    return std::string();
  };
  ibgda::Table table;
  std::string e = ibgda_build_table(r, b, a, &table);
  if (!e.empty()) return e;
  t->memory = table.memory;
  t->qps = table.qps;
  t->n_qps = table.n_qps;
  t->table = table.table;
  t->cpu_doorbell = table.cpu_doorbell;

  e = b.inject_faults(r.cfg.ibgda_emu_fault);  // tests: SHOAL_IBGDA_EMU_FAULT
  if (!e.empty()) return e;
  e = b.start();
  if (!e.empty()) return e;
#if defined(SHOAL_PLATFORM_SIM)
  shoal::sim::add_timeout_hook(report_queues, t);
#endif
  if (t->cpu_doorbell) {
    t->ringing.store(true, std::memory_order_release);
    t->ringer = std::thread(ring_loop, t);
  }
  return "";
}

// A ConnectX NIC through the DevX plugin: the same table, exchanged and
// connected by ibgda_devx_start.
std::string setup_devx(Runtime& r, IbgdaTransport* t) {
  std::string e = ibgda_devx_start(r, &t->devx);
  if (!e.empty()) return e;
  t->qps = t->devx->table.qps;
  t->n_qps = t->devx->table.n_qps;
  t->table = t->devx->table.table;
  t->cpu_doorbell = t->devx->table.cpu_doorbell;
  if (t->cpu_doorbell) {
    t->ringing.store(true, std::memory_order_release);
    t->ringer = std::thread(ring_loop, t);
  }
  return "";
}

}  // namespace

Status ibgda_start(Runtime& r) {
  r.ibgda = nullptr;
  const std::string& mode = r.cfg.remote_transport;
  if (mode != "auto" && mode != "ibgda") return Status::ok;
  bool needed = false;
  for (int a = 0; a < r.n_pes && !needed; ++a)
    for (int b = 0; b < r.n_pes && !needed; ++b)
      if (!r.heap.mapped_between(a, b)) needed = true;
  if (!needed) return Status::ok;

  std::string missing;
#if !defined(SHOAL_PLATFORM_SIM)
  if (r.cfg.ibgda_emulate)
    missing = "the mlx5 emulator runs across PEs only on the sim platform (GPU heaps are not CPU-mapped)";
#endif
  auto* t = new IbgdaTransport;
  r.ibgda = t;
  if (missing.empty()) missing = r.cfg.ibgda_emulate ? setup_emulated(r, t) : setup_devx(r, t);
  if (!missing.empty()) {
    release(r, t);
    const ibgda::Fallback f = ibgda::fallback_for(mode, missing);
    if (f.fatal) {
      SHOAL_ERROR("%s", f.line.c_str());
      return Status::unavailable;
    }
    SHOAL_INFO("%s", f.line.c_str());
    return Status::ok;
  }
  SHOAL_INFO("IBGDA (%s): %u QP(s) per remote PE, SQ depth %u, %s doorbells", nic(t).name(),
             r.cfg.ibgda_qps_per_pe, r.cfg.ibgda_sq_depth, t->cpu_doorbell ? "cpu" : "gpu");
  return Status::ok;
}

void ibgda_quiet(Runtime& r, const char* call) {
  if (r.ibgda == nullptr) return;
  const double limit = r.cfg.timeout_s > 0 ? r.cfg.timeout_s : 1e9;
  if (const std::string e = nic(r.ibgda).drain(limit); !e.empty())
    fatal("%s: IBGDA work requests posted before the call did not complete within %.1f s (SHOAL_TIMEOUT): %s",
          call, limit, e.c_str());
}

void ibgda_stop(Runtime& r) {
  if (r.ibgda != nullptr) release(r, r.ibgda);
}

const device::Ibgda* ibgda_device(const Runtime& r) { return r.ibgda ? r.ibgda->table : nullptr; }

bool ibgda_sent(const Runtime& r, std::uint64_t* bytes, std::uint64_t* ops) {
  if (!r.ibgda) return true;
  std::uint64_t b = 0, n = 0;
  if (!nic(r.ibgda).sent(&b, &n)) return false;
  *bytes += b;
  *ops += n;
  return true;
}

}  // namespace shoal
