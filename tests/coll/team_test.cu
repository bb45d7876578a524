// Teams: split_strided (positive, negative, zero strides), split_2d, nested
// splits, queries on host and device, barriers on split teams, the pool
// reused across many create/destroy cycles, and argument errors.
#include <shoal/collective_launch.h>
#include <shoal/shoal.h>

#include <algorithm>

#include "tests/coll/coll_util.h"

namespace shoal_test {
namespace {

// out[0] = team_my_pe, out[1] = team_n_pes, out[2 + i] = world PE of member i.
__global__ void query_kernel(shoal_team_t team, int* out) {
  if (threadIdx.x != 0) return;
  out[0] = shoal_team_my_pe(team);
  out[1] = shoal_team_n_pes(team);
  for (int i = 0; i < out[1] && i < 64; ++i)
    out[2 + i] = shoal_team_translate_pe(team, i, SHOAL_TEAM_WORLD);
}

// Each member adds its team index + 1 into member 0's counter between two
// device barriers of every scope; member 0 checks the sum.
__global__ void barrier_kernel(shoal_team_t team, int* counter, int* result) {
  const int me = shoal_team_my_pe(team);
  const int root = shoal_team_translate_pe(team, 0, SHOAL_TEAM_WORLD);
  for (int scope = 0; scope < 3; ++scope) {
    if (threadIdx.x == 0) shoal_int_atomic_add(counter, me + 1, root);
    if (scope == 0 && threadIdx.x == 0) shoal_barrier(team);
    if (scope == 1 && threadIdx.x < 32) shoal_barrier_warp(team);
    if (scope == 2) shoal_barrier_block(team);
    __syncthreads();
    if (threadIdx.x == 0 && me == 0) result[scope] = *counter;
    if (scope == 2) shoal_sync_block(team);
    else if (threadIdx.x == 0) shoal_sync(team);
    __syncthreads();
  }
}

// The world PEs of the team per the OpenSHMEM definition.
std::vector<int> strided_members(const std::vector<int>& parent, int start, int stride, int size) {
  std::vector<int> m;
  for (int i = 0; i < size; ++i) m.push_back(parent[start + i * stride]);
  return m;
}

void expect_team(shoal_team_t t, const std::vector<int>& members) {
  const int me = shoal_my_pe();
  const auto it = std::find(members.begin(), members.end(), me);
  if (it == members.end()) {
    EXPECT_EQ(t, SHOAL_TEAM_INVALID);
    return;
  }
  ASSERT_NE(t, SHOAL_TEAM_INVALID);
  const int idx = static_cast<int>(it - members.begin()), n = static_cast<int>(members.size());
  EXPECT_EQ(shoal_team_my_pe(t), idx);
  EXPECT_EQ(shoal_team_n_pes(t), n);
  for (int i = 0; i < n; ++i) EXPECT_EQ(shoal_team_translate_pe(t, i, SHOAL_TEAM_WORLD), members[i]);
  EXPECT_EQ(shoal_team_translate_pe(SHOAL_TEAM_WORLD, me, t), idx);
  DeviceBuf<int> out(66);
  CUDA_OK(shoal::launch(query_kernel, 1, 1, 0, nullptr, t, out.get()));
  CUDA_OK(cudaDeviceSynchronize());
  auto h = out.host();
  EXPECT_EQ(h[0], idx) << "device team_my_pe";
  EXPECT_EQ(h[1], n) << "device team_n_pes";
  for (int i = 0; i < n && i < 64; ++i) EXPECT_EQ(h[2 + i], members[i]) << "device translate " << i;
}

std::vector<int> world_members() {
  std::vector<int> w(shoal_n_pes());
  for (int i = 0; i < shoal_n_pes(); ++i) w[i] = i;
  return w;
}

// Device barriers over team t (members only launch).
void check_barriers(shoal_team_t t, int* counter) {
  if (t == SHOAL_TEAM_INVALID) return;
  const int n = shoal_team_n_pes(t);
  DeviceBuf<int> res(3);
  CUDA_OK(shoal::collective_launch(barrier_kernel, 1, 64, 0, nullptr, t, counter, res.get()));
  CUDA_OK(cudaDeviceSynchronize());
  if (shoal_team_my_pe(t) == 0) {
    auto h = res.host();
    for (int s = 0; s < 3; ++s) EXPECT_EQ(h[s], (s + 1) * n * (n + 1) / 2) << "scope " << s;
  }
}

TEST(Team, SplitStrided) {
  const int n = shoal_n_pes();
  const auto world = world_members();
  int* counter = static_cast<int*>(shoal_calloc(1, sizeof(int)));
  struct Case { int start, stride, size; };
  std::vector<Case> cases = {{0, 1, n}, {n - 1, -1, n}, {0, 2, (n + 1) / 2}, {n - 1, 0, 1}};
  if (n >= 2) cases.push_back({1, 2, n / 2});
  if (n >= 3) cases.push_back({n - 1, -2, (n + 1) / 2});
  if (n >= 4) cases.push_back({1, 1, n - 2});
  for (const Case& c : cases) {
    SCOPED_TRACE("start " + std::to_string(c.start) + " stride " + std::to_string(c.stride) +
                 " size " + std::to_string(c.size));
    shoal_team_t t = 12345;
    shoal_team_config_t cfg{3};
    ASSERT_EQ(shoal_team_split_strided(SHOAL_TEAM_WORLD, c.start, c.stride, c.size, &cfg,
                                       SHOAL_TEAM_NUM_CONTEXTS, &t), 0);
    const auto members = strided_members(world, c.start, c.stride, c.size);
    expect_team(t, members);
    if (t != SHOAL_TEAM_INVALID) {
      shoal_team_config_t got{0};
      EXPECT_EQ(shoal_team_get_config(t, SHOAL_TEAM_NUM_CONTEXTS, &got), 0);
      EXPECT_EQ(got.num_contexts, 3);
      EXPECT_EQ(shoal_barrier(t), 0);  // host barrier on the split team
      *counter = 0;
      shoal_barrier(t);
      check_barriers(t, counter);
    }
    shoal_barrier_all();
    shoal_team_destroy(t);
    shoal_barrier_all();
  }
  shoal_free(counter);
}

TEST(Team, NestedSplitOfSplit) {
  const int n = shoal_n_pes();
  if (n < 3) GTEST_SKIP() << "needs 3 PEs";
  shoal_team_t rev = SHOAL_TEAM_INVALID, inner = SHOAL_TEAM_INVALID;
  ASSERT_EQ(shoal_team_split_strided(SHOAL_TEAM_WORLD, n - 1, -1, n, nullptr, 0, &rev), 0);
  // Every second member of the reversed world, from its index 1: a split
  // from a split team (world-sized, so the agreement still goes through the
  // bootstrap; SplitOfSubWorldParent covers the heap path).
  ASSERT_EQ(shoal_team_split_strided(rev, 1, 2, n / 2, nullptr, 0, &inner), 0);
  std::vector<int> rev_members;
  for (int i = n - 1; i >= 0; --i) rev_members.push_back(i);
  expect_team(inner, strided_members(rev_members, 1, 2, n / 2));
  int* counter = static_cast<int*>(shoal_calloc(1, sizeof(int)));
  check_barriers(inner, counter);
  shoal_barrier_all();
  shoal_team_destroy(inner);
  shoal_team_destroy(rev);
  shoal_free(counter);
}

// Splits whose parent is not world-sized (PE n-1 is outside it): the
// parent's members agree on the slot through the parent's exchange area and
// host barrier flags, not the bootstrap (members on another simulated node
// through the proxy, in coll.remote.two_nodes). Strided, 2D, and arguments
// that differ between members, which must fail on every member.
TEST(Team, SplitOfSubWorldParent) {
  const int n = shoal_n_pes();
  if (n < 3) GTEST_SKIP() << "needs 3 PEs";
  const int m = n - 1;
  std::vector<int> sub_members(m);
  for (int i = 0; i < m; ++i) sub_members[i] = i;
  int* counters = static_cast<int*>(shoal_calloc(8, sizeof(int)));  // one per check_barriers
  shoal_team_t sub = SHOAL_TEAM_INVALID;
  ASSERT_EQ(shoal_team_split_strided(SHOAL_TEAM_WORLD, 0, 1, m, nullptr, 0, &sub), 0);
  expect_team(sub, sub_members);
  if (sub != SHOAL_TEAM_INVALID) {
    EXPECT_EQ(shoal_barrier(sub), 0);
    struct Case { int start, stride, size; };
    int used = 0;
    for (Case c : {Case{m - 1, -1, m}, Case{1, 2, m / 2}, Case{m - 1, 0, 1}}) {
      SCOPED_TRACE("start " + std::to_string(c.start) + " stride " + std::to_string(c.stride) +
                   " size " + std::to_string(c.size));
      shoal_team_t t = 4321;
      ASSERT_EQ(shoal_team_split_strided(sub, c.start, c.stride, c.size, nullptr, 0, &t), 0);
      expect_team(t, strided_members(sub_members, c.start, c.stride, c.size));
      if (t != SHOAL_TEAM_INVALID) {
        EXPECT_EQ(shoal_barrier(t), 0);
      }
      check_barriers(t, counters + used++);
      shoal_team_destroy(t);
      EXPECT_EQ(shoal_barrier(sub), 0);
    }
    shoal_team_t xt = 777, yt = 777;
    ASSERT_EQ(shoal_team_split_2d(sub, 2, nullptr, 0, &xt, nullptr, 0, &yt), 0);
    const int me = shoal_team_my_pe(sub), x = me % 2, y = me / 2;
    std::vector<int> row, col;
    for (int i = y * 2; i < std::min(m, (y + 1) * 2); ++i) row.push_back(sub_members[i]);
    for (int i = x; i < m; i += 2) col.push_back(sub_members[i]);
    expect_team(xt, row);
    expect_team(yt, col);
    check_barriers(xt, counters + used++);
    check_barriers(yt, counters + used++);
    shoal_team_destroy(xt);
    shoal_team_destroy(yt);
    // Member 0 asks for a 1-PE team, the others for the whole parent.
    shoal_team_t bad = 99;
    EXPECT_NE(shoal_team_split_strided(sub, 0, 1, me == 0 ? 1 : m, nullptr, 0, &bad), 0);
    EXPECT_EQ(bad, SHOAL_TEAM_INVALID);
    shoal_team_destroy(sub);
  } else {
    EXPECT_EQ(shoal_my_pe(), n - 1);
  }
  shoal_barrier_all();
  shoal_free(counters);
}

TEST(Team, Split2D) {
  const int n = shoal_n_pes();
  const auto world = world_members();
  for (int xrange : {1, 2, 3, n, n + 2}) {
    SCOPED_TRACE("xrange " + std::to_string(xrange));
    shoal_team_t xt = 777, yt = 777;
    ASSERT_EQ(shoal_team_split_2d(SHOAL_TEAM_WORLD, xrange, nullptr, 0, &xt, nullptr, 0, &yt), 0);
    const int xl = std::min(xrange, n), me = shoal_my_pe(), x = me % xl, y = me / xl;
    std::vector<int> row, col;
    for (int i = y * xl; i < std::min(n, (y + 1) * xl); ++i) row.push_back(i);
    for (int i = x; i < n; i += xl) col.push_back(i);
    expect_team(xt, row);
    expect_team(yt, col);
    int* counter = static_cast<int*>(shoal_calloc(2, sizeof(int)));
    check_barriers(xt, counter);
    check_barriers(yt, counter + 1);
    shoal_barrier_all();
    shoal_team_destroy(xt);
    shoal_team_destroy(yt);
    shoal_free(counter);
  }
}

// Far more cycles than the pool has slots: destroy frees them, and the
// user heap is untouched (the same allocation lands at the same address).
TEST(Team, CreateDestroyManyTimesNoLeak) {
  const int n = shoal_n_pes();
  void* before = shoal_malloc(4096);
  shoal_free(before);
  for (int i = 0; i < 300; ++i) {
    shoal_team_t a = SHOAL_TEAM_INVALID, b = SHOAL_TEAM_INVALID;
    ASSERT_EQ(shoal_team_split_strided(SHOAL_TEAM_WORLD, i % n, 0, 1, nullptr, 0, &a), 0) << i;
    ASSERT_EQ(shoal_team_split_strided(SHOAL_TEAM_WORLD, 0, 1, n, nullptr, 0, &b), 0) << i;
    ASSERT_NE(b, SHOAL_TEAM_INVALID);
    EXPECT_EQ(a != SHOAL_TEAM_INVALID, shoal_my_pe() == i % n);
    shoal_team_destroy(a);
    shoal_team_destroy(b);
  }
  void* after = shoal_malloc(4096);
  EXPECT_EQ(after, before);
  shoal_free(after);
}

// Many live teams at once: the device team table grows past its first
// capacity and every team still works on the device.
TEST(Team, ManyLiveTeamsGrowTheDeviceTable) {
  const int n = shoal_n_pes();
  std::vector<shoal_team_t> teams;
  for (int i = 0; i < 20; ++i) {
    shoal_team_t t = SHOAL_TEAM_INVALID;
    ASSERT_EQ(shoal_team_split_strided(SHOAL_TEAM_WORLD, 0, 1, n, nullptr, 0, &t), 0) << i;
    teams.push_back(t);
  }
  EXPECT_GE(teams.back(), 20);
  expect_team(teams.back(), world_members());
  int* counter = static_cast<int*>(shoal_calloc(1, sizeof(int)));
  check_barriers(teams.back(), counter);
  shoal_barrier_all();
  for (shoal_team_t t : teams) shoal_team_destroy(t);
  shoal_free(counter);
}

TEST(Team, InvalidArgumentsFailEverywhere) {
  const int n = shoal_n_pes();
  struct Case { int start, stride, size; };
  for (Case c : {Case{0, 1, n + 1}, Case{n, 1, 1}, Case{-1, 1, 1}, Case{0, 0, 2}, Case{0, 1, 0},
                 Case{0, -1, 2}, Case{n - 1, 1, 2}}) {
    if (n == 1 && c.stride == 0) continue;
    shoal_team_t t = 99;
    EXPECT_NE(shoal_team_split_strided(SHOAL_TEAM_WORLD, c.start, c.stride, c.size, nullptr, 0, &t), 0)
        << c.start << " " << c.stride << " " << c.size;
    EXPECT_EQ(t, SHOAL_TEAM_INVALID);
  }
  shoal_team_t t = 99, u = 99;
  EXPECT_NE(shoal_team_split_strided(4242, 0, 1, 1, nullptr, 0, &t), 0);
  EXPECT_EQ(t, SHOAL_TEAM_INVALID);
  EXPECT_NE(shoal_team_split_2d(SHOAL_TEAM_WORLD, 0, nullptr, 0, &t, nullptr, 0, &u), 0);
  EXPECT_EQ(t, SHOAL_TEAM_INVALID);
  EXPECT_EQ(u, SHOAL_TEAM_INVALID);
  shoal_team_config_t cfg;
  EXPECT_NE(shoal_team_get_config(4242, SHOAL_TEAM_NUM_CONTEXTS, &cfg), 0);
  EXPECT_EQ(shoal_team_n_pes(4242), -1);
  shoal_barrier_all();
}

// Filling the pool fails on every PE alike (no hang), and the teams made
// before it still work and are freed.
TEST(Team, PoolFullIsReportedEverywhere) {
  const int n = shoal_n_pes();
  std::vector<shoal_team_t> teams;
  for (int i = 0; i < 100000; ++i) {
    shoal_team_t t = SHOAL_TEAM_INVALID;
    if (shoal_team_split_strided(SHOAL_TEAM_WORLD, 0, 1, n, nullptr, 0, &t) != 0) {
      EXPECT_EQ(t, SHOAL_TEAM_INVALID);
      break;
    }
    teams.push_back(t);
  }
  EXPECT_GT(teams.size(), 4u);
  EXPECT_LT(teams.size(), 100000u);
  for (shoal_team_t t : teams) shoal_team_destroy(t);
  shoal_team_t t = SHOAL_TEAM_INVALID;
  EXPECT_EQ(shoal_team_split_strided(SHOAL_TEAM_WORLD, 0, 1, n, nullptr, 0, &t), 0);
  shoal_team_destroy(t);
}

}  // namespace
}  // namespace shoal_test
