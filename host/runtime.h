// The host runtime's state between shoal_init and shoal_finalize, and the
// helpers every API file uses to validate arguments and reach peers.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "base/status.h"
#include "bootstrap/bootstrap.h"
#include "host/config.h"
#include "host/heap/heap.h"
#include "host/team.h"

namespace shoal {

struct ProxyTransport;  // host/proxy.cc
struct IbgdaTransport;  // host/ibgda.cc

struct Runtime {
  Config cfg;
  std::unique_ptr<bootstrap::Bootstrap> boot;
  int my_pe = -1;
  int n_pes = 0;
  int device = -1;               // this PE's GPU ordinal (cuda; 0 on sim)
  std::vector<int> node_of_pe;   // world PE -> node id
  std::vector<int> local_rank;   // world PE -> rank on its node
  SymmetricHeap heap;
  std::vector<Team> teams;       // index = shoal_team_t = team pool slot
  TeamPool team_pool;            // heap slots of the teams (host/team.cc)
  bool oversubscribed = false;   // some node runs more PEs than CPUs (agreed at init)
  ProxyTransport* proxy = nullptr;  // remote transport (host/proxy.h); null when none is needed
  IbgdaTransport* ibgda = nullptr;  // device-initiated remote transport (host/ibgda.h); null when off
};

// The live runtime, or nullptr outside init..finalize.
Runtime* runtime_or_null();
// The live runtime; ends the process with a message naming `call` when shoal
// is not initialised (never initialised, or already finalised).
Runtime& rt(const char* call);

Status runtime_init(const bootstrap::Options& options);
void runtime_finalize();

// --- argument checks (on unless SHOAL_CHECKS=0) ---------------------------
// Each ends the job with a message naming this PE, `call` and the bad value.

void check_pe(const Runtime& r, const char* call, int pe);
// [addr, addr+bytes) must lie in the symmetric heap.
void check_symmetric(const Runtime& r, const char* call, const void* addr, std::uint64_t bytes,
                     const char* what);
void check_aligned(const char* call, const void* addr, std::size_t align, const char* what);

// The address through which this PE reaches the symmetric object `addr` on
// `pe`; ends the job when `pe` is not load/store reachable and no remote
// transport can serve it.
char* reach(const Runtime& r, const char* call, const void* addr, int pe);

// Team lookup; ends the job on an invalid or destroyed team handle.
Team& team_of(Runtime& r, const char* call, int team);

// Barrier over a team (no quiet). Collective over the team's members.
void team_sync(Runtime& r, Team& team, const char* call);

}  // namespace shoal
