// Reachability is agreed between PEs: when PE 0 cannot map PE 1's heap (as
// when their GPUs have no P2P path; simulated by a test hook) but PE 1 could
// map PE 0's, neither maps the other, and every other pair stays mapped.
// Runs under shoalrun -n 3.
#include <gtest/gtest.h>
#include <shoal/shoal.h>

#include "host/testing.h"

namespace {

bool reachable(int from, int to) { return !((from == 0 && to == 1) || (from == 1 && to == 0)); }

TEST(Reach, AsymmetricImportFailureIsAgreed) {
  shoal::testing::refuse_heap_import(0, 1);
  ASSERT_EQ(shoal_init(), 0);
  const int me = shoal_my_pe(), n = shoal_n_pes();
  ASSERT_EQ(n, 3) << "run with shoalrun -n 3";
  auto* slots = static_cast<long*>(shoal_calloc(n, sizeof(long)));
  ASSERT_NE(slots, nullptr);
  for (int pe = 0; pe < n; ++pe)
    EXPECT_EQ(shoal_ptr(slots, pe) != nullptr, reachable(me, pe)) << "PE " << me << " -> PE " << pe;
  // Puts still work between mapped pairs: each PE writes its slot on every
  // PE it reaches.
  for (int pe = 0; pe < n; ++pe)
    if (reachable(me, pe)) shoal_long_p(&slots[me], 100 + me, pe);
  shoal_barrier_all();
  for (int pe = 0; pe < n; ++pe)
    EXPECT_EQ(shoal_long_g(&slots[pe], me), reachable(pe, me) ? 100 + pe : 0) << "slot " << pe;
  shoal_barrier_all();
  shoal_free(slots);
  shoal_finalize();
}

}  // namespace
