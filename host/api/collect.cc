// Variable-size gather (collect) over a team: every member's block, each of
// its own size, concatenated in team order in every member's dest.
#include "base/log.h"
#include "host/runtime.h"
#include "host/team.h"
#include "shoal/shoal.h"

#include <cstdint>
#include <vector>

using namespace shoal;

extern "C" {

// 1. the block sizes, allgathered over the team (also the entry barrier:
//    nobody writes into a dest its owner may still be reading);
// 2. this PE's block into every member's dest at its offset (shoal_putmem:
//    load/store, the proxy or IBGDA as the target needs);
// 3. a team barrier (it completes the puts first).
int shoal_collectmem(shoal_team_t team, void* dest, const void* source, size_t nbytes) {
  const char* call = "shoal_collectmem";
  Runtime& r = rt(call);
  Team& t = team_of(r, call, team);
  if (t.my_index < 0) fatal("%s: PE %d is not a member of team %d", call, r.my_pe, team);
  std::vector<std::uint64_t> sizes;
  if (team_allgather_u64(r, t, nbytes, &sizes, call) != Status::ok) return 1;
  std::uint64_t offset = 0;
  for (int i = 0; i < t.my_index; ++i) offset += sizes[static_cast<size_t>(i)];
  if (nbytes)
    for (int m : t.members) shoal_putmem(static_cast<char*>(dest) + offset, source, nbytes, m);
  return shoal_barrier(team);
}

}  // extern "C"
