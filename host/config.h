// Runtime configuration: every SHOAL_* variable the host runtime reads is
// parsed and validated here, in one place, at init. The table drives the
// documentation (docs/env.md) and shoal-info.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "base/status.h"

namespace shoal {

struct Config {
  std::uint64_t symmetric_size = 0;  // SHOAL_SYMMETRIC_SIZE
  double timeout_s = 0;              // SHOAL_TIMEOUT (0 = never)
  double failure_grace_s = 3;        // SHOAL_FAILURE_GRACE: end this PE this long after a peer failed (0 = never)
  bool checks = true;                // SHOAL_CHECKS: host API argument checks
  bool disable_p2p = false;          // SHOAL_DISABLE_P2P: map no peer heaps
  int device = -1;                   // SHOAL_DEVICE: GPU ordinal (-1 = local rank mod count)
  std::string remote_transport;      // SHOAL_REMOTE_TRANSPORT: auto | ibgda | ucx | none
  std::uint32_t proxy_ring_size = 0; // SHOAL_PROXY_RING_SIZE: requests (power of two)
  std::uint32_t proxy_poll_us = 0;   // SHOAL_PROXY_POLL_US: polling window before the proxy naps
  bool proxy_peer_failure = true;    // SHOAL_PROXY_PEER_FAILURE: endpoints detect failed peers
  bool proxy_assist = true;          // SHOAL_PROXY_ASSIST: posting/waiting CPU threads run proxy passes
  std::string proxy_cpu;             // SHOAL_PROXY_CPU: auto | none | a CPU list
  std::string proxy_nic;             // SHOAL_PROXY_NIC: auto | ucx
  std::string sim_gpu_bus_id;        // SHOAL_SIM_GPU_BUS_ID: sim GPUs' PCI addresses (testing)
  bool ibgda_emulate = false;        // SHOAL_IBGDA_EMULATE: the mlx5 emulator instead of a NIC
  std::uint32_t ibgda_qps_per_pe = 1;  // SHOAL_IBGDA_QPS_PER_PE
  std::string ibgda_doorbell;        // SHOAL_IBGDA_DOORBELL: gpu | cpu | auto
  std::uint32_t ibgda_sq_depth = 0;  // SHOAL_IBGDA_SQ_DEPTH: WQE slots per QP (power of two)
  std::string ibgda_emu_fault;       // SHOAL_IBGDA_EMU_FAULT: pe:peer:wqe (tests)
  std::uint64_t team_pool_size = 0;  // SHOAL_TEAM_POOL_SIZE (0 = 1/16 of the heap)
  std::uint64_t coll_scratch_size = 0;  // SHOAL_COLL_SCRATCH_SIZE: per-team collective scratch
};

struct EnvVarDoc {
  const char* name;
  const char* default_value;
  const char* description;
};

// Parses the environment; on a bad value logs the variable, the value and
// the accepted form, and returns invalid_argument.
Status config_load(Config* cfg_p);

// Every variable shoal reads (host runtime, bootstrap, sim), for docs and
// shoal-info. Terminated by an entry with name == nullptr.
const EnvVarDoc* env_var_table();

}  // namespace shoal
