#include "host/runtime.h"

#include <sched.h>

#include <atomic>
#include <cinttypes>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <cuda_runtime_api.h>

#include "base/log.h"
#include "host/device_state.h"
#include "host/gpu/device.h"
#include "host/heap/access.h"
#include "host/ibgda.h"
#include "host/liveness.h"
#include "host/proxy.h"
#include "shoal/types.h"
#include "host/wait.h"

namespace shoal {

namespace {

enum class State { never, live, finalized };

std::mutex g_init_mutex;
void (*g_init_hook)(int pe) = nullptr;  // testing::set_init_hook
std::atomic<Runtime*> g_rt{nullptr};
State g_state = State::never;

void abort_job(int code) {
  Runtime* r = g_rt.load();
  if (r && r->boot) r->boot->abort(code, "shoal: fatal error (see the message above)");
  std::_Exit(code ? code : 1);
}

// Config values that must be equal on every PE.
struct SymmetricConfig {
  std::uint64_t symmetric_size;
  std::uint32_t disable_p2p;
  std::int32_t node_id;
  std::int32_t local_rank;
  std::int32_t oversubscribed;  // this PE's node runs more PEs than it has CPUs
};

Status check_symmetric_config(Runtime& r, std::vector<SymmetricConfig>* all_p) {
  cpu_set_t cpus;
  const int usable = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 1;
  const bool oversub = r.boot->info().local_size > usable;
  SHOAL_DEBUG("%d PEs on this node, %d usable CPUs%s", r.boot->info().local_size, usable,
              oversub ? ": oversubscribed" : "");
  SymmetricConfig mine{r.cfg.symmetric_size, r.cfg.disable_p2p ? 1u : 0u,
                       r.boot->info().node_id, r.boot->info().local_rank, oversub ? 1 : 0};
  std::vector<SymmetricConfig>& all = *all_p;
  all.resize(r.n_pes);
  SHOAL_CHECK(r.boot->allgather(&mine, all.data(), sizeof mine));
  for (int pe = 0; pe < r.n_pes; ++pe) {
    if (all[pe].symmetric_size != all[0].symmetric_size) {
      SHOAL_ERROR("SHOAL_SYMMETRIC_SIZE differs between PEs: %" PRIu64 " bytes on PE 0, %" PRIu64
                  " on PE %d; set the same value for every PE", all[0].symmetric_size,
                  all[pe].symmetric_size, pe);
      return Status::invalid_argument;
    }
    if (all[pe].disable_p2p != all[0].disable_p2p) {
      SHOAL_ERROR("SHOAL_DISABLE_P2P differs between PEs (%u on PE 0, %u on PE %d)",
                  all[0].disable_p2p, all[pe].disable_p2p, pe);
      return Status::invalid_argument;
    }
  }
  return Status::ok;
}

Status init_locked(const bootstrap::Options& options) {
  auto r = std::make_unique<Runtime>();
  log_init_from_env();
  SHOAL_CHECK(config_load(&r->cfg));
  SHOAL_CHECK(bootstrap::create(options, &r->boot));
  r->my_pe = r->boot->info().rank;
  r->n_pes = r->boot->info().size;
  log_set_pe(r->my_pe);
  g_rt.store(r.get());  // the abort hook may now end the job through the bootstrap
  set_abort_hook(abort_job);
  liveness_start(*r);  // from here on a failed peer ends this PE's waits

  Status s;
  std::vector<SymmetricConfig> all;
  SHOAL_CHECK_GOTO(check_symmetric_config(*r, &all), s, undo_bootstrap);
  r->node_of_pe.resize(r->n_pes);
  r->local_rank.resize(r->n_pes);
  for (int pe = 0; pe < r->n_pes; ++pe) {
    r->node_of_pe[pe] = all[pe].node_id;
    r->local_rank[pe] = all[pe].local_rank;
  }
  // Waits yield almost at once when any node is oversubscribed (decided from
  // the allgathered flags, so every PE waits the same way).
  r->oversubscribed = false;
  for (int pe = 0; pe < r->n_pes; ++pe) r->oversubscribed |= all[pe].oversubscribed != 0;
  set_oversubscribed(r->oversubscribed);
  // The GPU is chosen before anything allocates device memory.
  SHOAL_CHECK_GOTO(gpu::device_bind(r->boot->info().local_rank, r->boot->info().local_size,
                                    r->cfg.device, &r->device),
                   s, undo_bootstrap);
  SHOAL_CHECK_GOTO(liveness_map(*r), s, undo_bootstrap);
  if (g_init_hook) g_init_hook(r->my_pe);
  SHOAL_CHECK_GOTO(r->heap.create(*r->boot, r->cfg.symmetric_size, r->node_of_pe,
                                  r->cfg.disable_p2p, r->cfg.timeout_s),
                   s, undo_heap);
  SHOAL_CHECK_GOTO(ibgda_start(*r), s, undo_heap);
  SHOAL_CHECK_GOTO(proxy_start(*r), s, undo_heap);
  {
    std::vector<int> world, shared, node, same;
    for (int pe = 0; pe < r->n_pes; ++pe) {
      world.push_back(pe);
      if (r->heap.peer_base(pe)) shared.push_back(pe);
      if (r->node_of_pe[pe] == r->node_of_pe[r->my_pe]) node.push_back(pe);
      if (r->local_rank[pe] == r->local_rank[r->my_pe]) same.push_back(pe);
    }
    // Every PE creates the same predefined teams in the same order, so
    // their pool slots agree even though the member lists differ.
    SHOAL_CHECK_GOTO(team_pool_create(*r), s, undo_heap);
    SHOAL_CHECK_GOTO(team_add_predefined(*r, world), s, undo_heap);
    SHOAL_CHECK_GOTO(team_add_predefined(*r, shared), s, undo_heap);
    SHOAL_CHECK_GOTO(team_add_predefined(*r, node), s, undo_heap);
    SHOAL_CHECK_GOTO(team_add_predefined(*r, same), s, undo_heap);
  }
  SHOAL_CHECK_GOTO(device_state_publish(*r), s, undo_device);
  // Nobody may touch a peer's heap (team flags) before the peer zeroed it.
  SHOAL_CHECK_GOTO(r->boot->barrier(), s, undo_device);
  SHOAL_INFO("initialised: PE %d of %d, node %d (local rank %d of %d), bootstrap %s, heap %" PRIu64
             " bytes at %p, %d PEs load/store reachable",
             r->my_pe, r->n_pes, r->boot->info().node_id, r->boot->info().local_rank,
             r->boot->info().local_size, r->boot->name(), r->cfg.symmetric_size,
             static_cast<void*>(r->heap.base()), r->teams[1].size());
  liveness_arm();
  r.release();
  return Status::ok;

undo_device:
  device_state_clear(*r);
undo_heap:
  proxy_stop(*r);
  ibgda_stop(*r);
  r->heap.destroy();
undo_bootstrap:
  liveness_stop(*r);
  set_abort_hook(nullptr);
  g_rt.store(nullptr);
  log_set_pe(-1);
  return s;
}

}  // namespace

int Team::index_of(int pe) const {
  for (std::size_t i = 0; i < members.size(); ++i)
    if (members[i] == pe) return static_cast<int>(i);
  return -1;
}

Runtime* runtime_or_null() { return g_rt.load(std::memory_order_acquire); }

Runtime& rt(const char* call) {
  Runtime* r = g_rt.load(std::memory_order_acquire);
  if (__builtin_expect(r != nullptr, 1)) return *r;
  if (g_state == State::finalized)
    fatal("%s called after shoal_finalize (call shoal_init again first)", call);
  fatal("%s called before shoal_init", call);
}

Status runtime_init(const bootstrap::Options& options) {
  std::lock_guard<std::mutex> lock(g_init_mutex);
  if (g_rt.load()) {
    SHOAL_ERROR("shoal_init: shoal is already initialised on this PE (call shoal_finalize first)");
    return Status::invalid_state;
  }
  Status s = init_locked(options);
  if (s == Status::ok) g_state = State::live;
  return s;
}

void runtime_finalize() {
  std::lock_guard<std::mutex> lock(g_init_mutex);
  Runtime* r = g_rt.load();
  if (!r) {
    SHOAL_ERROR("shoal_finalize: shoal is not initialised on this PE");
    return;
  }
  heap_order_point();  // sim weak-order option: buffered puts land first
  std::atomic_thread_fence(std::memory_order_seq_cst);  // quiet
  ibgda_quiet(*r, "shoal_finalize");
  proxy_quiet(*r, "shoal_finalize");
  proxy_quiesce(*r);
  // Nobody may unmap while a peer still reaches into its heap.
  if (r->boot->barrier() != Status::ok) SHOAL_WARN("shoal_finalize: barrier failed");
  liveness_stop(*r);  // every PE is in finalize: leaving is no longer a failure
  device_state_clear(*r);
  proxy_stop(*r);
  ibgda_stop(*r);
  r->heap.destroy();
  if (r->boot->finalize() != Status::ok) SHOAL_WARN("shoal_finalize: bootstrap finalize failed");
  set_abort_hook(nullptr);
  g_rt.store(nullptr);
  delete r;
  log_set_pe(-1);
  g_state = State::finalized;
}

void check_pe(const Runtime& r, const char* call, int pe) {
  if (__builtin_expect(pe < 0 || pe >= r.n_pes, 0))
    fatal("%s: PE %d is out of range (valid PEs are 0..%d)", call, pe, r.n_pes - 1);
}

void check_symmetric(const Runtime& r, const char* call, const void* addr, std::uint64_t bytes,
                     const char* what) {
  if (__builtin_expect(r.heap.contains(addr, bytes ? bytes : 1), 1)) return;
  fatal("%s: %s [%p, +%" PRIu64 " bytes) is not inside the symmetric heap [%p, %p)%s", call, what,
        addr, bytes, static_cast<void*>(r.heap.base()),
        static_cast<void*>(r.heap.base() + r.heap.size()),
        r.heap.data_segment_bound() ? " nor the symmetric data segment"
                                    : " (global variables are symmetric only after "
                                      "shoal_symmetric_globals(), sim platform)");
}

void check_aligned(const char* call, const void* addr, std::size_t align, const char* what) {
  if (__builtin_expect((reinterpret_cast<std::uintptr_t>(addr) & (align - 1)) == 0, 1)) return;
  fatal("%s: %s %p is not aligned to %zu bytes", call, what, addr, align);
}

char* reach(const Runtime& r, const char* call, const void* addr, int pe) {
  char* p = r.heap.peer_ptr(addr, pe);
  if (__builtin_expect(p != nullptr, 1)) return p;
  fatal("%s: PE %d is not load/store reachable from PE %d (%s) and no remote transport is "
        "available in this build", call, pe, r.my_pe,
        r.cfg.disable_p2p                               ? "SHOAL_DISABLE_P2P=1"
        : r.node_of_pe[pe] != r.node_of_pe[r.my_pe]     ? "it is on another node"
                                                        : "its heap could not be mapped here, e.g. "
                                                          "no P2P path between the GPUs");
}

Team& team_of(Runtime& r, const char* call, int team) {
  if (team >= 0 && static_cast<std::size_t>(team) < r.teams.size() && r.teams[team].live)
    return r.teams[team];
  fatal("%s: team handle %d is not a valid team", call, team);
}

void team_sync(Runtime& r, Team& team, const char* call) {
  const int n = team.size();
  if (n <= 1) return;
  const bool world = team.members.size() == static_cast<std::size_t>(r.n_pes);
  if (!heap_host_atomics()) {
    // cuda: the host barrier also completes this PE's GPU work (its
    // contract there, docs/cuda.md). The world team then synchronises
    // through the bootstrap: one round trip instead of the flag rounds
    // below, each of which costs a kernel launch and copies on cuda.
    if (cudaDeviceSynchronize() != cudaSuccess)
      fatal("%s: cudaDeviceSynchronize failed: %s", call, cudaGetErrorString(cudaGetLastError()));
    if (world) {
      if (r.boot->barrier() != Status::ok) fatal("%s: bootstrap barrier failed", call);
      return;
    }
  }
  if (!team.all_mapped && !r.proxy) {
    // Without a remote transport only the world team can fall back to the
    // bootstrap.
    if (world) {
      if (r.boot->barrier() != Status::ok) fatal("%s: bootstrap barrier failed", call);
      return;
    }
    fatal("%s: the team's PEs are not all load/store reachable and no remote transport is "
          "available in this build", call);
  }
  // Dissemination barrier: in round k this PE raises the round-k flag of the
  // member 2^k ahead and waits for its own, raised by the member 2^k behind.
  // Flags hold the barrier count, so they never need resetting: a flag that
  // is already ahead (its writer is in the next barrier) also satisfies us.
  // The flags are heap words, reached through host/heap/access.h (CPU
  // atomics on sim; a one-thread kernel and word copies on cuda, where the
  // heap is GPU memory) or, for members without a mapping, the proxy.
  const std::uint64_t epoch = ++team.epoch;
  auto* my_flags = reinterpret_cast<std::uint64_t*>(r.heap.base() + team.sync_offset);
  int k = 0;
  for (int dist = 1; dist < n; dist <<= 1, ++k) {
    int to = team.members[(team.my_index + dist) % n];
    if (r.heap.peer_base(to)) {
      auto* flag = reinterpret_cast<std::uint64_t*>(r.heap.peer_base(to) + team.sync_offset) + k;
      heap_signal(call, flag, epoch, SHOAL_SIGNAL_SET);  // release
    } else {
      // Through the proxy: an 8-byte atomic store into the member's flag.
      proxy::Request q{};
      q.op = proxy::kOpSignal;
      q.pe = to;
      q.remote_offset = team.sync_offset + k * sizeof(std::uint64_t);
      q.size = 8;
      q.value = epoch;
      q.sub = SHOAL_SIGNAL_SET;
      proxy_post(r, call, q);
    }
    std::uint64_t* mine = my_flags + k;
    int from = team.members[(team.my_index - dist % n + n) % n];
    wait_for(
        call, r.cfg.timeout_s, [&] { return heap_load_acquire(call, mine, 8) >= epoch; },
        [&](char* buf, std::size_t len) {
          std::snprintf(buf, len,
                        "barrier round %d: PE %d to arrive (flag at heap offset 0x%" PRIx64
                        " holds %" PRIu64 ", needs >= %" PRIu64 ")",
                        k, from, team.sync_offset + k * 8, heap_load_acquire(call, mine, 8), epoch);
        });
  }
}

}  // namespace shoal

// --- test hooks (host/testing.h) --------------------------------------------
#include "host/testing.h"

namespace shoal::testing {
namespace {
int g_local_abort_code = 1;
void local_abort(int) { std::_Exit(g_local_abort_code); }
}  // namespace

void set_local_abort(int code) {
  g_local_abort_code = code;
  set_abort_hook(local_abort);
}

void set_timeout(double seconds) {
  if (Runtime* r = runtime_or_null()) r->cfg.timeout_s = seconds;
}

void set_init_hook(void (*fn)(int pe)) { g_init_hook = fn; }

void refuse_heap_import(int importer, int exporter) {
  heap_refuse_import_for_testing(importer, exporter);
}

}  // namespace shoal::testing
