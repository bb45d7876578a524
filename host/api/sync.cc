// Ordering and synchronisation: fence, quiet, barriers.
#include "host/api/access.h"
#include "host/api/sim_dispatch.h"
#include "host/ibgda.h"
#include "host/proxy.h"
#include "shoal/shoal.h"

using namespace shoal;

extern "C" {

// Host puts through load/store are complete when they return; fence and
// quiet therefore only need to order this thread's memory operations, plus
// the requests this PE gave the proxy (remote targets). quiet also waits for
// the NIC to execute every IBGDA work request posted so far (by kernels).
void shoal_fence(void) {
  SHOAL_SIM_DISPATCH(fence);
  Runtime& r = rt("shoal_fence");
  heap_order_point();
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (r.proxy) {
    proxy::Request f{};
    f.op = proxy::kOpFence;
    f.pe = r.my_pe;
    proxy_post(r, "shoal_fence", f);
  }
}

void shoal_quiet(void) {
  SHOAL_SIM_DISPATCH(quiet);
  Runtime& r = rt("shoal_quiet");
  heap_order_point();
  std::atomic_thread_fence(std::memory_order_seq_cst);
  ibgda_quiet(r, "shoal_quiet");
  proxy_quiet(r, "shoal_quiet");
}

void shoal_barrier_all(void) {
  SHOAL_SIM_DISPATCH(barrier_all);
  Runtime& r = rt("shoal_barrier_all");
  heap_order_point();
  std::atomic_thread_fence(std::memory_order_seq_cst);
  ibgda_quiet(r, "shoal_barrier_all");
  proxy_quiet(r, "shoal_barrier_all");
  team_sync(r, r.teams[SHOAL_TEAM_WORLD], "shoal_barrier_all");
}

void shoal_sync_all(void) {
  SHOAL_SIM_DISPATCH(sync_all);
  Runtime& r = rt("shoal_sync_all");
  team_sync(r, r.teams[SHOAL_TEAM_WORLD], "shoal_sync_all");
}

int shoal_barrier(shoal_team_t team) {
  SHOAL_SIM_DISPATCH(barrier, team);
  Runtime& r = rt("shoal_barrier");
  Team& t = team_of(r, "shoal_barrier", team);
  if (t.my_index < 0) fatal("shoal_barrier: PE %d is not a member of team %d", r.my_pe, team);
  heap_order_point();
  std::atomic_thread_fence(std::memory_order_seq_cst);
  ibgda_quiet(r, "shoal_barrier");
  proxy_quiet(r, "shoal_barrier");
  team_sync(r, t, "shoal_barrier");
  return 0;
}

int shoal_sync(shoal_team_t team) {
  SHOAL_SIM_DISPATCH(sync, team);
  Runtime& r = rt("shoal_sync");
  Team& t = team_of(r, "shoal_sync", team);
  if (t.my_index < 0) fatal("shoal_sync: PE %d is not a member of team %d", r.my_pe, team);
  team_sync(r, t, "shoal_sync");
  return 0;
}

}  // extern "C"
