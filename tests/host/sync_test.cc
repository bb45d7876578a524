// Barriers (under skew, many in a row), fence/quiet, and the predefined teams.
#include <cstdlib>
#include <thread>

#include "tests/common/pe_test.h"

namespace shoal_test {
namespace {

// Round r: every PE bumps its own counter to r, barriers, then must see every
// PE's counter >= r. Random sleeps before the barrier skew the arrivals.
TEST(HostBarrier, NobodyLeavesEarlyUnderSkew) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  auto* round = static_cast<int*>(shoal_calloc(1, sizeof(int)));
  auto g = rng(61, me);
  for (int r = 1; r <= 100; ++r) {
    if (g() % 4 == 0) std::this_thread::sleep_for(std::chrono::microseconds(g() % 3000));
    heap_store(round, r);
    if (r % 2) shoal_barrier_all(); else shoal_barrier(SHOAL_TEAM_WORLD);
    for (int pe = 0; pe < n; ++pe)
      ASSERT_GE(shoal_int_g(round, pe), r) << "PE " << pe << " had not arrived, round " << r;
    shoal_sync_all();  // nobody bumps again before everyone read
  }
  shoal_free(round);
}

// 1000 barriers (and 1000 syncs) in a row: each round every PE publishes the
// round number, and after the barrier its right neighbour's must be there.
TEST(HostBarrier, ThousandBackToBack) {
  const int me = shoal_my_pe(), right = (me + 1) % shoal_n_pes();
  auto* round = static_cast<int*>(shoal_calloc(1, sizeof(int)));
  for (int i = 1; i <= 2000; ++i) {
    shoal_int_atomic_set(round, i, me);
    if (i <= 1000) shoal_barrier_all(); else shoal_sync(SHOAL_TEAM_WORLD);
    ASSERT_GE(shoal_int_atomic_fetch(round, right), i) << "PE " << right << " not there, round " << i;
  }
  shoal_barrier_all();
  shoal_free(round);
}

// Under the sim's weak-order option (SHOAL_SIM_WEAK_ORDER) the two puts may
// land in either order unless fenced; SHOAL_TEST_DROP_FENCE=1 removes the
// fence, and the test must then fail (CTest host.ordering.weak.no_fence:
// the check that it can).
TEST(HostOrdering, FenceOrdersPutsToOnePe) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  auto* data = static_cast<int64_t*>(shoal_calloc(2, 8));
  const int to = (me + 1) % n;
  const bool fence = std::getenv("SHOAL_TEST_DROP_FENCE") == nullptr;
  // With the fence: one round of 2000. Without: rounds until a reader has
  // seen the reorder (the check that this test can fail), at most 20.
  constexpr int64_t kIters = 2000;
  int64_t last = 0;
  const long long bad = shoal_test::rounds_until_some_pe_sees(fence ? 1 : 20, [&](int r) -> long long {
    long long bad_here = 0;
    for (int64_t i = r * kIters + 1; i <= (r + 1) * kIters; ++i) {
      shoal_int64_p(&data[0], i, to);
      if (fence) shoal_fence();
      shoal_int64_p(&data[1], i, to);
      // The reader side (this PE as `to` of its left neighbour): once data[1]
      // shows i, data[0] must show at least i.
      int64_t b = shoal_int64_atomic_fetch(&data[1], me);
      int64_t a = shoal_int64_atomic_fetch(&data[0], me);
      bad_here += a < b;
    }
    last = (r + 1) * kIters;
    return bad_here;
  });
  // Counted, not asserted in the loop: every PE reaches the barriers below.
  EXPECT_EQ(bad, 0) << "a put after fence was seen before an earlier one";
  shoal_barrier_all();
  EXPECT_EQ(heap_value(&data[0]), last);
  EXPECT_EQ(heap_value(&data[1]), last);
  shoal_barrier_all();
  shoal_free(data);
}

// Puts to one location from one PE are seen in program order (coherence),
// with no fence between them; under the sim's weak-order option too, which
// may reorder puts to different locations only. The reader watches its own
// copy (written by its left neighbour): it never goes backwards.
TEST(HostOrdering, PutsToOneLocationStayInOrder) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  auto* x = static_cast<int64_t*>(shoal_calloc(1, 8));
  const int to = (me + 1) % n;
  int backwards = 0;
  int64_t seen = 0;
  for (int64_t i = 0; i < 500; ++i) {
    for (int64_t k = 1; k <= 4; ++k) shoal_int64_p(x, 4 * i + k, to);  // four in a row, no fence
    const int64_t v = shoal_int64_atomic_fetch(x, me);
    backwards += v < seen;
    seen = v;
  }
  EXPECT_EQ(backwards, 0) << "a later put to the same location was overtaken by an earlier one";
  shoal_barrier_all();
  EXPECT_EQ(heap_value(x), 2000);
  shoal_barrier_all();
  shoal_free(x);
}

TEST(Teams, PredefinedTeamsAndTranslation) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  EXPECT_EQ(shoal_team_n_pes(SHOAL_TEAM_WORLD), n);
  EXPECT_EQ(shoal_team_my_pe(SHOAL_TEAM_WORLD), me);
  // Under shoalrun every PE is on one node and load/store reachable.
  EXPECT_EQ(shoal_team_n_pes(SHOAL_TEAM_NODE), n);
  EXPECT_EQ(shoal_team_n_pes(SHOAL_TEAM_SHARED), n);
  EXPECT_EQ(shoal_team_n_pes(SHOAL_TEAM_SAME_MYPE_NODE), 1);
  EXPECT_EQ(shoal_team_my_pe(SHOAL_TEAM_SAME_MYPE_NODE), 0);
  for (int pe = 0; pe < n; ++pe) {
    EXPECT_EQ(shoal_team_translate_pe(SHOAL_TEAM_WORLD, pe, SHOAL_TEAM_NODE), pe);
    EXPECT_EQ(shoal_team_translate_pe(SHOAL_TEAM_NODE, pe, SHOAL_TEAM_WORLD), pe);
  }
  EXPECT_EQ(shoal_team_translate_pe(SHOAL_TEAM_WORLD, me, SHOAL_TEAM_SAME_MYPE_NODE), 0);
  EXPECT_EQ(shoal_team_translate_pe(SHOAL_TEAM_WORLD, n, SHOAL_TEAM_NODE), -1);
  EXPECT_EQ(shoal_team_translate_pe(SHOAL_TEAM_WORLD, 0, 77), -1);
  EXPECT_EQ(shoal_team_n_pes(SHOAL_TEAM_INVALID), -1);
  EXPECT_EQ(shoal_barrier(SHOAL_TEAM_NODE), 0);
  EXPECT_EQ(shoal_sync(SHOAL_TEAM_SHARED), 0);
}

TEST(Info, VersionAndName) {
  int major = -1, minor = -1;
  shoal_info_get_version(&major, &minor);
  EXPECT_EQ(major, SHOAL_MAJOR_VERSION);
  EXPECT_EQ(minor, SHOAL_MINOR_VERSION);
  char name[SHOAL_MAX_NAME_LEN];
  shoal_info_get_name(name);
  EXPECT_EQ(std::string(name).rfind("shoal ", 0), 0u) << name;
  EXPECT_EQ(shoal_init_status(), 1);
}

}  // namespace
}  // namespace shoal_test
