// Teams: ordered subsets of the world's PEs. Predefined at init: WORLD,
// SHARED, NODE, SAME_MYPE_NODE (indices fixed by <shoal/types.h>).
#pragma once

#include <cstdint>
#include <vector>

namespace shoal {

struct Team {
  bool live = false;
  std::vector<int> members;  // world PE of each team member, in team order
  int my_index = -1;         // this PE's index in `members`
  // Heap offset of this team's barrier flags (kBarrierRounds uint64 words,
  // written by peers) and the count of barriers done so far.
  std::uint64_t sync_offset = 0;
  std::uint64_t epoch = 0;
  bool all_mapped = false;  // every member's heap is load/store reachable

  int size() const { return static_cast<int>(members.size()); }
  // Index of world PE `pe` in this team, or -1.
  int index_of(int pe) const;
};

constexpr int kBarrierRounds = 32;  // ceil(log2(n)) <= 32 for any int n

}  // namespace shoal
