// Teams: the team pool, predefined teams, split_strided, split_2d,
// get_config, destroy (OpenSHMEM 1.5 semantics; contract in <shoal/shoal.h>).
//
// Creating a team is collective over the parent. The parent's members agree
// on a pool slot free on all of them (host allgather over the parent, see
// team_allgather), so the new team's handle and heap slot are the same on
// every member without any world-wide step.
#include <algorithm>
#include <atomic>
#include <cinttypes>
#include <cstring>

#include "base/log.h"
#include "host/api/remote.h"
#include "host/device_state.h"
#include "host/heap/access.h"
#include "host/proxy.h"
#include "host/runtime.h"
#include "host/team.h"
#include "shoal/shoal.h"

namespace shoal {
namespace {

constexpr std::uint64_t kPage = 4096;
constexpr int kPredefinedTeams = 4;

std::uint64_t round_up(std::uint64_t v, std::uint64_t a) { return (v + a - 1) / a * a; }

// One PE's contribution to a team allgather.
struct Record {
  std::int64_t args[3];
  std::int64_t proposal;
};
static_assert(sizeof(Record) == kExchangeBytesPerPe);  // read back as one array

// Allgather of one Record per parent member, in parent order. Collective
// over the parent. WORLD-sized parents use the bootstrap (every PE takes
// part, and it needs no heap access). Others write into every member's
// exchange area and synchronise on the parent's heap flags (team_sync):
// through host/heap/access.h for members this PE maps (memcpy on sim,
// cudaMemcpy on cuda), through the proxy for the others.
Status team_allgather(Runtime& r, Team& parent, const Record& mine, std::vector<Record>* all_p,
                      const char* call) {
  const int n = parent.size();
  std::vector<Record>& all = *all_p;
  all.assign(n, Record{});
  if (n == r.n_pes) {
    std::vector<Record> by_rank(n);
    SHOAL_CHECK(r.boot->allgather(&mine, by_rank.data(), sizeof mine));
    for (int i = 0; i < n; ++i) all[i] = by_rank[parent.members[i]];
    return Status::ok;
  }
  // The same on every member (all_mapped is computed from the job-wide map,
  // the proxy exists on all PEs or none), so all fail alike.
  if (!parent.all_mapped && !r.proxy) {
    SHOAL_ERROR("%s: parent team of %d of %d PEs has members that are not load/store "
                "reachable from each other and no remote transport is available; split from "
                "SHOAL_TEAM_WORLD instead", call, n, r.n_pes);
    return Status::unavailable;
  }
  const std::uint64_t at = parent.slot_offset + kSlotExchange + parent.my_index * kExchangeBytesPerPe;
  for (int m : parent.members) {
    if (char* peer = r.heap.peer_base(m))
      copy_to_heap(call, peer + at, &mine, sizeof mine);
    else
      api::remote_put(r, call, r.heap.base() + at, &mine, sizeof mine, m);
  }
  proxy_quiet(r, call);  // the remote records are in place before the flags
  team_sync(r, parent, call);  // release/acquire: every record is in place
  copy_from_heap(call, all.data(), r.heap.base() + parent.slot_offset + kSlotExchange,
                 n * sizeof(Record));
  team_sync(r, parent, call);  // nobody overwrites the area before all have read it
  return Status::ok;
}

}  // namespace

Status team_allgather_u64(Runtime& r, Team& team, std::uint64_t mine, std::vector<std::uint64_t>* all,
                          const char* call) {
  Record rec{};
  rec.args[0] = static_cast<std::int64_t>(mine);
  std::vector<Record> recs;
  SHOAL_CHECK(team_allgather(r, team, rec, &recs, call));
  all->resize(recs.size());
  for (size_t i = 0; i < recs.size(); ++i) (*all)[i] = static_cast<std::uint64_t>(recs[i].args[0]);
  return Status::ok;
}

namespace {

int first_free_slot(const Runtime& r, int from) {
  for (int s = std::max(from, kPredefinedTeams); s < r.team_pool.capacity(); ++s)
    if (!r.team_pool.used[s]) return s;
  return r.team_pool.capacity();
}

// The parent's members agree on the arguments (args[], the same on every
// member) and on the lowest slot free on all of them. Collective over the
// parent; every member gets the same result.
Status agree_slot(Runtime& r, Team& parent, const std::int64_t (&args)[3], const char* call,
                  int* slot_p) {
  int cand = kPredefinedTeams;
  std::vector<Record> all;
  for (;;) {
    Record mine{{args[0], args[1], args[2]}, first_free_slot(r, cand)};
    SHOAL_CHECK(team_allgather(r, parent, mine, &all, call));
    for (int i = 1; i < parent.size(); ++i)
      if (std::memcmp(all[i].args, all[0].args, sizeof all[0].args) != 0) {
        SHOAL_ERROR("%s: the parent team's PEs passed different arguments: (%" PRId64 ", %" PRId64
                    ", %" PRId64 ") on PE %d, (%" PRId64 ", %" PRId64 ", %" PRId64 ") on PE %d",
                    call, all[0].args[0], all[0].args[1], all[0].args[2], parent.members[0],
                    all[i].args[0], all[i].args[1], all[i].args[2], parent.members[i]);
        return Status::invalid_argument;
      }
    std::int64_t top = 0;
    bool same = true;
    for (const Record& rec : all) top = std::max(top, rec.proposal);
    for (const Record& rec : all) same &= rec.proposal == top;
    if (top >= r.team_pool.capacity()) {
      SHOAL_ERROR("%s: the team pool is full (%d slots of %" PRIu64 " bytes, %d predefined); "
                  "destroy unused teams or raise SHOAL_TEAM_POOL_SIZE",
                  call, r.team_pool.capacity(), r.team_pool.slot_bytes, kPredefinedTeams);
      return Status::no_memory;
    }
    if (same) {
      *slot_p = static_cast<int>(top);
      return Status::ok;
    }
    cand = static_cast<int>(top);
  }
}

// Installs the team `members` (world PEs) at `slot` on this PE, which is a
// member. The slot's flags start at zero.
Status install(Runtime& r, int slot, std::vector<int> members, const shoal_team_config_t* config,
               long mask, bool to_device = true) {
  Team t;
  t.live = true;
  t.members = std::move(members);
  t.my_index = t.index_of(r.my_pe);
  // Every member must map every other (not only this PE its peers), so all
  // members agree on how the team synchronises.
  t.all_mapped = true;
  for (int a : t.members)
    for (int b : t.members)
      if (!r.heap.mapped_between(a, b)) t.all_mapped = false;
  t.slot_offset = r.team_pool.base + static_cast<std::uint64_t>(slot) * r.team_pool.slot_bytes;
  t.sync_offset = t.slot_offset + kSlotHostFlags;
  if (config && (mask & SHOAL_TEAM_NUM_CONTEXTS)) t.config.num_contexts = config->num_contexts;
  zero_heap("shoal_team_split", r.heap.base() + t.slot_offset, kSlotExchange);
  r.team_pool.used[slot] = true;
  if (r.teams.size() <= static_cast<std::size_t>(slot)) r.teams.resize(slot + 1);
  r.teams[slot] = std::move(t);
  return to_device ? device_team_update(r, slot) : Status::ok;
}

// Validates a parent handle for a split; logs and returns nullptr if bad.
Team* split_parent(Runtime& r, shoal_team_t parent, const char* call) {
  if (parent < 0 || static_cast<std::size_t>(parent) >= r.teams.size() || !r.teams[parent].live) {
    SHOAL_ERROR("%s: parent team handle %d is not a valid team", call, parent);
    return nullptr;
  }
  Team& p = r.teams[parent];
  if (p.my_index < 0) {
    SHOAL_ERROR("%s: PE %d is not a member of parent team %d", call, r.my_pe, parent);
    return nullptr;
  }
  return &p;
}

}  // namespace

Status team_pool_create(Runtime& r) {
  const std::uint64_t heap = r.heap.size();
  std::uint64_t pool = r.cfg.team_pool_size ? r.cfg.team_pool_size : heap / 16;
  pool = std::min(pool, heap / 4) / kPage * kPage;
  std::uint64_t scratch = std::min(r.cfg.coll_scratch_size, pool / 8) / kPage * kPage;
  scratch = std::max(scratch, kPage);
  TeamPool& tp = r.team_pool;
  tp.scratch_offset = round_up(kSlotExchange + r.n_pes * kExchangeBytesPerPe, kPage);
  tp.scratch_bytes = scratch;
  tp.slot_bytes = round_up(tp.scratch_offset + scratch, kPage);
  const std::uint64_t slots = pool / tp.slot_bytes;
  if (slots < static_cast<std::uint64_t>(kPredefinedTeams)) {
    SHOAL_ERROR("the team pool (%" PRIu64 " bytes, SHOAL_TEAM_POOL_SIZE, at most 1/4 of "
                "SHOAL_SYMMETRIC_SIZE=%" PRIu64 ") holds %" PRIu64 " team slots of %" PRIu64
                " bytes; the predefined teams need %d: raise it or lower SHOAL_COLL_SCRATCH_SIZE",
                pool, heap, slots, tp.slot_bytes, kPredefinedTeams);
    return Status::invalid_argument;
  }
  tp.used.assign(slots, false);
  SHOAL_CHECK(r.heap.reserve_top(slots * tp.slot_bytes, &tp.base));
  SHOAL_DEBUG("team pool: %" PRIu64 " slots of %" PRIu64 " bytes (scratch %" PRIu64 ") at heap "
              "offset 0x%" PRIx64, slots, tp.slot_bytes, scratch, tp.base);
  return Status::ok;
}

Status team_add_predefined(Runtime& r, std::vector<int> members) {
  // The device table is published after the predefined teams exist.
  return install(r, static_cast<int>(r.teams.size()), std::move(members), nullptr, 0, false);
}

}  // namespace shoal

using namespace shoal;

extern "C" {

int shoal_team_split_strided(shoal_team_t parent_team, int start, int stride, int size,
                             const shoal_team_config_t* config, long config_mask,
                             shoal_team_t* new_team) {
  const char* call = "shoal_team_split_strided";
  Runtime& r = rt(call);
  if (!new_team) fatal("%s: new_team is NULL", call);
  *new_team = SHOAL_TEAM_INVALID;
  Team* parent = split_parent(r, parent_team, call);
  if (!parent) return 1;
  const int n = parent->size();
  // Checked identically on every member before any communication, so a bad
  // argument fails everywhere without a hang.
  const long long last = start + static_cast<long long>(stride) * (size - 1);
  if (size < 1 || size > n || start < 0 || start >= n || last < 0 || last >= n ||
      (stride == 0 && size > 1)) {
    SHOAL_ERROR("%s: start %d, stride %d, size %d do not describe a subset of parent team %d "
                "(%d PEs): need 0 <= start < %d, 1 <= size <= %d, every start + i*stride in "
                "[0, %d) (last is %lld), stride 0 only with size 1",
                call, start, stride, size, parent_team, n, n, n, n, last);
    return 1;
  }
  int slot = -1;
  if (agree_slot(r, *parent, {start, stride, size}, call, &slot) != Status::ok) return 1;
  std::vector<int> members(size);
  for (int i = 0; i < size; ++i) members[i] = parent->members[start + i * stride];
  const bool member = std::find(members.begin(), members.end(), r.my_pe) != members.end();
  if (member && install(r, slot, std::move(members), config, config_mask) != Status::ok) return 1;
  // Zeroed flags are visible before any member uses the team. `parent` may
  // dangle now (install can grow r.teams).
  team_sync(r, r.teams[parent_team], call);
  if (member) *new_team = slot;
  return 0;
}

int shoal_team_split_2d(shoal_team_t parent_team, int xrange,
                        const shoal_team_config_t* xaxis_config, long xaxis_mask,
                        shoal_team_t* xaxis_team, const shoal_team_config_t* yaxis_config,
                        long yaxis_mask, shoal_team_t* yaxis_team) {
  const char* call = "shoal_team_split_2d";
  Runtime& r = rt(call);
  if (!xaxis_team || !yaxis_team) fatal("%s: xaxis_team or yaxis_team is NULL", call);
  *xaxis_team = *yaxis_team = SHOAL_TEAM_INVALID;
  Team* parent = split_parent(r, parent_team, call);
  if (!parent) return 1;
  const int n = parent->size();
  if (xrange < 1) {
    SHOAL_ERROR("%s: xrange %d must be at least 1 (parent team %d has %d PEs)", call, xrange,
                parent_team, n);
    return 1;
  }
  const int x_len = std::min(xrange, n);  // OpenSHMEM: xrange > n acts as n
  const int me = parent->my_index, x = me % x_len, y = me / x_len;
  const std::vector<int> all = parent->members;
  std::vector<int> row, col;
  for (int i = y * x_len; i < std::min(n, (y + 1) * x_len); ++i) row.push_back(all[i]);
  for (int i = x; i < n; i += x_len) col.push_back(all[i]);
  // Sibling rows (columns) are disjoint, so they share one slot.
  int xslot = -1, yslot = -1;
  if (agree_slot(r, *parent, {xrange, 0, 2}, call, &xslot) != Status::ok) return 1;
  if (install(r, xslot, std::move(row), xaxis_config, xaxis_mask) != Status::ok) return 1;
  if (agree_slot(r, r.teams[parent_team], {xrange, 1, 2}, call, &yslot) != Status::ok) return 1;
  if (install(r, yslot, std::move(col), yaxis_config, yaxis_mask) != Status::ok) return 1;
  team_sync(r, r.teams[parent_team], call);
  *xaxis_team = xslot;
  *yaxis_team = yslot;
  return 0;
}

int shoal_team_get_config(shoal_team_t team, long config_mask, shoal_team_config_t* config) {
  Runtime& r = rt("shoal_team_get_config");
  if (team < 0 || static_cast<std::size_t>(team) >= r.teams.size() || !r.teams[team].live ||
      !config)
    return 1;
  if (config_mask & SHOAL_TEAM_NUM_CONTEXTS) config->num_contexts = r.teams[team].config.num_contexts;
  return 0;
}

void shoal_team_destroy(shoal_team_t team) {
  const char* call = "shoal_team_destroy";
  Runtime& r = rt(call);
  if (team == SHOAL_TEAM_INVALID) return;
  if (team >= 0 && team < kPredefinedTeams) {
    SHOAL_WARN("%s: team %d is predefined and is not destroyed", call, team);
    return;
  }
  Team& t = team_of(r, call, team);
  // Collective over the team: nobody frees the slot while a member still
  // synchronises on it (on cuda team_sync also drains this PE's GPU work).
  heap_order_point();  // sim weak-order option: buffered puts land first
  std::atomic_thread_fence(std::memory_order_seq_cst);
  team_sync(r, t, call);
  t = Team{};
  r.team_pool.used[team] = false;
  if (device_team_update(r, team) != Status::ok) fatal("%s: updating the device team table failed", call);
}

}  // extern "C"
