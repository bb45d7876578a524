// Teams: ordered subsets of the world's PEs. Predefined at init: WORLD,
// SHARED, NODE, SAME_MYPE_NODE (handles fixed by <shoal/types.h>); more are
// split from a parent collectively (host/team.cc).
//
// Every team owns one slot of the team pool, a region at the top of the
// symmetric heap (SHOAL_TEAM_POOL_SIZE). The slot index is the team handle,
// the same on every member (the members agree on a slot free on all of
// them), so the slot's offset is symmetric. A slot holds:
//   [0, 256)         host barrier flags (kBarrierRounds uint64, by peers)
//   [512, 776)       device barrier flags (kBarrierRounds uint64) + the
//                    device barrier's epoch word (this PE only)
//   [1024, +n_pes*32) exchange area: host allgather over the team (splits)
//   [scratch, +scratch_bytes) device collective scratch (reductions)
#pragma once

#include <cstdint>
#include <vector>

#include "base/status.h"
#include "shoal/types.h"

namespace shoal {

struct Runtime;

struct Team {
  bool live = false;
  std::vector<int> members;  // world PE of each team member, in team order
  int my_index = -1;         // this PE's index in `members`
  // Heap offset of this team's barrier flags (kBarrierRounds uint64 words,
  // written by peers) and the count of barriers done so far.
  std::uint64_t sync_offset = 0;
  std::uint64_t epoch = 0;
  bool all_mapped = false;  // every member's heap is load/store reachable
  shoal_team_config_t config{};
  std::uint64_t slot_offset = 0;  // heap offset of the team's pool slot

  int size() const { return static_cast<int>(members.size()); }
  // Index of world PE `pe` in this team, or -1.
  int index_of(int pe) const;
};

constexpr int kBarrierRounds = 32;  // ceil(log2(n)) <= 32 for any int n

// Offsets inside a team pool slot (see above).
constexpr std::uint64_t kSlotHostFlags = 0;
constexpr std::uint64_t kSlotDeviceFlags = 512;
constexpr std::uint64_t kSlotExchange = 1024;
constexpr std::uint64_t kExchangeBytesPerPe = 32;

// The pool of team slots. Slot k lives at heap offset base + k * slot_bytes.
struct TeamPool {
  std::uint64_t base = 0;
  std::uint64_t slot_bytes = 0;
  std::uint64_t scratch_offset = 0;  // inside a slot
  std::uint64_t scratch_bytes = 0;
  std::vector<bool> used;  // index = slot = team handle
  int capacity() const { return static_cast<int>(used.size()); }
};

// Allgather of one 64-bit value per member, in team order (collective over
// the team; the allgather behind team splits). shoal_collectmem uses it.
Status team_allgather_u64(Runtime& r, Team& team, std::uint64_t mine, std::vector<std::uint64_t>* all,
                          const char* call);

// Carves the pool from the heap (init, before any user allocation).
Status team_pool_create(Runtime& r);
// Adds a predefined team at the next slot (init; every PE adds the same
// handles in the same order).
Status team_add_predefined(Runtime& r, std::vector<int> members);

}  // namespace shoal
