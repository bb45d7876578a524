#include "host/config.h"

#include <vector>

#include "base/env.h"
#include "base/log.h"

namespace shoal {

namespace {
constexpr std::uint64_t kDefaultSymmetricSize = 1ull << 30;
constexpr std::uint64_t kMinSymmetricSize = 4ull << 20;  // internal region + room
}  // namespace

Status config_load(Config* cfg_p) {
  Config cfg;
  SHOAL_CHECK(env::get_size("SHOAL_SYMMETRIC_SIZE", kDefaultSymmetricSize, &cfg.symmetric_size));
  if (cfg.symmetric_size < kMinSymmetricSize) {
    SHOAL_ERROR("SHOAL_SYMMETRIC_SIZE=%llu is too small: the minimum is %llu bytes (4m)",
                static_cast<unsigned long long>(cfg.symmetric_size),
                static_cast<unsigned long long>(kMinSymmetricSize));
    return Status::invalid_argument;
  }
  SHOAL_CHECK(env::get_seconds("SHOAL_TIMEOUT", 300.0, &cfg.timeout_s));
  SHOAL_CHECK(env::get_seconds("SHOAL_FAILURE_GRACE", 3.0, &cfg.failure_grace_s));
  SHOAL_CHECK(env::get_bool("SHOAL_CHECKS", true, &cfg.checks));
  SHOAL_CHECK(env::get_bool("SHOAL_DISABLE_P2P", false, &cfg.disable_p2p));
  long long device = -1;
  SHOAL_CHECK(env::get_int("SHOAL_DEVICE", -1, -1, 1023, &device));
  cfg.device = static_cast<int>(device);
  SHOAL_CHECK(env::get_choice("SHOAL_REMOTE_TRANSPORT", {"auto", "ibgda", "ucx", "none"}, "auto",
                              &cfg.remote_transport));
  SHOAL_CHECK(env::get_bool("SHOAL_IBGDA_EMULATE", false, &cfg.ibgda_emulate));
  long long qps = 1;
  SHOAL_CHECK(env::get_int("SHOAL_IBGDA_QPS_PER_PE", 1, 1, 64, &qps));
  cfg.ibgda_qps_per_pe = static_cast<std::uint32_t>(qps);
  SHOAL_CHECK(env::get_choice("SHOAL_IBGDA_DOORBELL", {"auto", "gpu", "cpu"}, "auto", &cfg.ibgda_doorbell));
  long long depth = 0;
  SHOAL_CHECK(env::get_int("SHOAL_IBGDA_SQ_DEPTH", 1024, 64, 32768, &depth));
  if (depth & (depth - 1)) {
    SHOAL_ERROR("SHOAL_IBGDA_SQ_DEPTH=%lld is not a power of two", depth);
    return Status::invalid_argument;
  }
  cfg.ibgda_sq_depth = static_cast<std::uint32_t>(depth);
  cfg.ibgda_emu_fault = env::get_string("SHOAL_IBGDA_EMU_FAULT");
  long long ring = 0;
  SHOAL_CHECK(env::get_int("SHOAL_PROXY_RING_SIZE", 1024, 2, 1 << 20, &ring));
  if (ring & (ring - 1)) {
    SHOAL_ERROR("SHOAL_PROXY_RING_SIZE=%lld is not a power of two", ring);
    return Status::invalid_argument;
  }
  cfg.proxy_ring_size = static_cast<std::uint32_t>(ring);
  long long poll_us = 0;
  SHOAL_CHECK(env::get_int("SHOAL_PROXY_POLL_US", 500, 0, 10'000'000, &poll_us));
  cfg.proxy_poll_us = static_cast<std::uint32_t>(poll_us);
  long long peer_failure = 1;
  SHOAL_CHECK(env::get_int("SHOAL_PROXY_PEER_FAILURE", 1, 0, 1, &peer_failure));
  cfg.proxy_peer_failure = peer_failure != 0;
  long long assist = 1;
  SHOAL_CHECK(env::get_int("SHOAL_PROXY_ASSIST", 1, 0, 1, &assist));
  cfg.proxy_assist = assist != 0;
  cfg.proxy_cpu = env::get_string("SHOAL_PROXY_CPU", "auto");
  if (cfg.proxy_cpu != "auto" && cfg.proxy_cpu != "none") {
    std::vector<int> cpus;
    if (!env::parse_cpu_list(cfg.proxy_cpu.c_str(), &cpus)) {
      SHOAL_ERROR("SHOAL_PROXY_CPU='%s' is not auto, none or a CPU list (e.g. 3 or 0-3,8)",
                  cfg.proxy_cpu.c_str());
      return Status::invalid_argument;
    }
  }
  SHOAL_CHECK(env::get_choice("SHOAL_PROXY_NIC", {"auto", "ucx"}, "auto", &cfg.proxy_nic));
  cfg.sim_gpu_bus_id = env::get_string("SHOAL_SIM_GPU_BUS_ID");
  SHOAL_CHECK(env::get_size("SHOAL_TEAM_POOL_SIZE", 0, &cfg.team_pool_size));
  SHOAL_CHECK(env::get_size("SHOAL_COLL_SCRATCH_SIZE", 256ull << 10, &cfg.coll_scratch_size));
  *cfg_p = cfg;
  return Status::ok;
}

const EnvVarDoc* env_var_table() {
  static const EnvVarDoc table[] = {
      {"SHOAL_SYMMETRIC_SIZE", "1g",
       "Size of each PE's symmetric heap; k/m/g/t suffixes (powers of 1024). Physical memory is "
       "committed as it is touched. Must be equal on all PEs."},
      {"SHOAL_TIMEOUT", "300",
       "Seconds a wait (wait_until, signal_wait_until, barriers, sim kernels) may block before "
       "shoal reports what it waits for and ends the job. 0 = never."},
      {"SHOAL_FAILURE_GRACE", "3",
       "Seconds a PE keeps running after it learns that another PE died, disconnected or "
       "aborted (the bootstrap's liveness watch, docs/failures.md). Its device and host waits "
       "end at once with a line naming the failed PE and what they waited for; a PE that is "
       "not waiting in shoal is ended (exit status 1) after this long. 0 = never end it "
       "(waits still end)."},
      {"SHOAL_CHECKS", "1",
       "Argument checks in the host API (PE range, heap bounds, alignment, sizes)."},
      {"SHOAL_DISABLE_P2P", "0",
       "Map no peer heaps: every other PE is reached through the remote transport."},
      {"SHOAL_REMOTE_TRANSPORT", "auto",
       "Transport for PEs that are not load/store reachable (other nodes, SHOAL_DISABLE_P2P): auto "
       "(IBGDA for device-initiated operations when it starts, plus the host proxy over UCX when "
       "its plugin is installed; the proxy alone when IBGDA cannot start), ibgda (IBGDA required: "
       "init fails with the line 'IBGDA: <what is missing>' otherwise), ucx (host proxy only; "
       "UCX_TLS and UCX_NET_DEVICES apply) or none. Started only when some PE needs it."},
      {"SHOAL_IBGDA_EMULATE", "0",
       "IBGDA through the mlx5 emulator (a software NIC thread in each PE) instead of a NIC; sim "
       "only, every PE on one machine. Off: a ConnectX NIC through the DevX plugin "
       "(libshoal_transport_ibgda.so), never yet run on a real NIC."},
      {"SHOAL_IBGDA_QPS_PER_PE", "1",
       "RC queue pairs from each PE to each IBGDA peer (1..64); a warp uses QP (global warp "
       "index) mod this."},
      {"SHOAL_IBGDA_DOORBELL", "auto",
       "Who rings the NIC doorbell: gpu (device code writes the UAR), cpu (device code writes the "
       "WQEs and doorbell record, a host thread rings the UAR), auto (gpu where the UAR can be "
       "mapped for the GPU: always in emulation)."},
      {"SHOAL_IBGDA_SQ_DEPTH", "1024",
       "WQE slots per IBGDA send queue (power of two, 64..32768); the CQ has as many entries."},
      {"SHOAL_HCA_LIST", "",
       "IBGDA on a real NIC (DevX plugin): the candidate devices and ports, in order, e.g. "
       "mlx5_0:1,mlx5_1:1 (port optional); with a GPU the closest of them is taken. Empty: every "
       "mlx5 device, the closest to the GPU."},
      {"SHOAL_IB_GID_INDEX", "",
       "IBGDA on a real NIC, RoCE: the GID table index to use (0..255). Empty: the first RoCE v2 "
       "GID with an IPv4-mapped address, else the first routable RoCE v2 GID."},
      {"SHOAL_IBGDA_EMU_FAULT", "",
       "Tests: pe:peer:wqe makes the emulator of PE pe fail WQE number wqe on its QP to peer with "
       "a remote access error CQE; pe:peer:wqe:stall makes that QP stop consuming at that WQE."},
      {"SHOAL_PROXY_RING_SIZE", "1024",
       "Requests in each PE's proxy ring (power of two, 2..1048576); device threads wait when it is "
       "full."},
      {"SHOAL_PROXY_POLL_US", "500",
       "After its last request or network event the proxy thread keeps polling (yielding the CPU "
       "between polls) this many microseconds before it naps (50 us at a time, woken early by the "
       "network or a CPU-side poster). Larger: lower latency for sparse traffic, more CPU time."},
      {"SHOAL_PROXY_PEER_FAILURE", "1",
       "1: the proxy's UCX endpoints detect a failed peer (UCP_ERR_HANDLING_MODE_PEER), so operations "
       "to a dead PE end the job with a message instead of hanging. 0: no detection. Set 0 for UCX "
       "1.22 over tcp, which with detection finds no protocol for fetching atomics (signals, "
       "barriers): `cannot find remote protocol for ... amo_fetch` (docs/transport-proxy.md)."},
      {"SHOAL_PROXY_ASSIST", "1",
       "1: a CPU thread that posts to the proxy or waits on it (host API calls; on sim also kernel "
       "threads) runs the proxy's pass itself when the proxy is free, instead of handing the work to "
       "the proxy thread and waiting for it to be scheduled (docs/transport-proxy.md). 0: the proxy "
       "thread does everything. GPU threads never assist."},
      {"SHOAL_PROXY_CPU", "auto",
       "CPUs the proxy thread runs on. auto: on cuda, the CPUs local to the PE's GPU (its NUMA "
       "node), within the process's own affinity; elsewhere unbound. none: unbound. A CPU list "
       "(3, 0-3,8): those CPUs, within the process's affinity. Needs hwloc (libhwloc-dev) for auto."},
      {"SHOAL_PROXY_NIC", "auto",
       "auto: on cuda, when UCX_NET_DEVICES is unset and the node has several RDMA devices, each "
       "PE's proxy uses the one nearest its GPU (UCX_NET_DEVICES=<it>:1 for that PE only). ucx: "
       "UCX's own choice (all devices)."},
      {"SHOAL_SIM_GPU_BUS_ID", "",
       "sim, testing: PCI addresses the simulated GPUs report (comma-separated; a PE takes entry "
       "node-local rank mod count), so NIC and CPU placement (SHOAL_PROXY_NIC, SHOAL_PROXY_CPU) "
       "run against a topology file given to hwloc with HWLOC_XMLFILE."},
      {"SHOAL_EP_NORMAL_FORWARD", "1",
       "EP normal mode across nodes: 0 sends every token to each destination rank directly instead "
       "of forwarding once per node through the rank with the sender's local index (docs/ep.md "
       "\"Forwarding across nodes\"); read at buffer creation, any rank's 0 turns it off for all."},
      {"SHOAL_SIM_PES_PER_NODE", "0",
       "Simulated nodes on one machine: ranks in consecutive groups of this size form a node "
       "(node = rank / n); 0 = off. SHOAL_NODE_ID wins when set."},
      {"SHOAL_DEVICE", "(local rank mod GPUs)",
       "cuda: GPU ordinal (among the visible devices) this PE uses. Unset: node-local rank modulo "
       "the visible GPUs, so several PEs share a GPU when there are more PEs than GPUs."},
      {"SHOAL_TEAM_POOL_SIZE", "(1/16 of the heap)",
       "Bytes at the top of each symmetric heap reserved for teams (barrier flags and collective "
       "scratch of every live team, predefined and split); at most 1/4 of SHOAL_SYMMETRIC_SIZE. "
       "The number of live teams is limited only by this size."},
      {"SHOAL_COLL_SCRATCH_SIZE", "256k",
       "Per-team scratch area for device collectives: reductions that are in place or larger "
       "than 16 KiB (P2P path), and every reduction on the remote path, stage through it in "
       "chunks (slices of scratch/sizeof(T) elements per member on the P2P path, "
       "scratch/(members x sizeof(T)) on the remote path; docs/api-device.md, Collectives). "
       "Rounded down to 4 KiB, clamped to 1/8 of the team pool, at least 4k."},
      {"SHOAL_DEBUG", "warn", "Log level on stderr: none|error|warn|info|debug|trace (or 0-5)."},
      {"SHOAL_BOOTSTRAP", "(detect)",
       "Bootstrap: local (shoalrun), uid, pmix or mpi. Unset: shoalrun's environment, then "
       "PMIx's, else an error naming the options."},
      {"SHOAL_BOOTSTRAP_TIMEOUT", "120",
       "Seconds any bootstrap wait (init rendezvous, collectives) may take before failing."},
      {"SHOAL_PLUGIN_PATH", "", "Extra folders searched first for bootstrap plugins."},
      {"SHOAL_NODE_ID", "(hostname)",
       "Integer node key overriding the host name (tests: simulate several nodes on one machine)."},
      {"SHOAL_UNIQUEID", "", "uid bootstrap: the unique id as 256 hex digits (script mode)."},
      {"SHOAL_UID_RANK", "(RANK)", "uid bootstrap: this PE's rank (falls back to RANK)."},
      {"SHOAL_UID_SIZE", "(WORLD_SIZE)", "uid bootstrap: the job size (falls back to WORLD_SIZE)."},
      {"SHOAL_BOOTSTRAP_IFADDR", "127.0.0.1",
       "uid: address or interface rank 0 listens on (pmix across hosts: first non-loopback IPv4)."},
      {"SHOAL_BOOTSTRAP_PORT", "0", "uid: port shoal_get_uniqueid binds (0 = any)."},
      {"SHOAL_PMIX_COLLECTIVES", "tcp",
       "pmix bootstrap data path: tcp (a TCP star after a PMIx rendezvous) or pmix (Put/Fence/Get)."},
      {"SHOAL_SIM_SM_COUNT", "8", "sim: simulated SMs (bounds co-resident blocks)."},
      {"SHOAL_SIM_DEVICES", "8", "sim: devices cudaGetDeviceCount reports (1-64; all are the CPU)."},
      {"SHOAL_SIM_DEVICE_MEMORY", "0",
       "sim, testing: the simulated GPU's memory: device allocations past it fail with "
       "cudaErrorMemoryAllocation, and cudaMemGetInfo reports it (0 = no limit; read at every allocation)."},
      {"SHOAL_SIM_STACK_SIZE", "64k (256k ASan)", "sim: fiber stack size, with a guard page."},
      {"SHOAL_SIM_SEED", "", "sim: shuffles the fiber order within each block (finds races)."},
      {"SHOAL_SIM_WEAK_ORDER", "",
       "sim, testing: a seed makes the put family's stores weakly ordered (a store buffer per thread, "
       "drained in random order at fences, quiet, atomics, signals, barriers, gets and waits; "
       "docs/sim.md), so a missing fence fails. 0 or unset: off."},
      {nullptr, nullptr, nullptr},
  };
  return table;
}

}  // namespace shoal
