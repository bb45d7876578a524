// init -> finalize -> init: the second life is fresh (its own bootstrap, an
// empty heap) and works; misuse is reported. Runs under shoalrun.
#include <gtest/gtest.h>
#include <shoal/shoal.h>

#include "host/runtime.h"
#include "host/testing.h"

namespace {

TEST(Reinit, FinalizeThenInitAgain) {
  for (int life = 0; life < 3; ++life) {
    ASSERT_EQ(shoal_init_status(), 0);
    ASSERT_EQ(shoal_init(), 0) << "life " << life;
    ASSERT_EQ(shoal_init_status(), 1);
    testing::internal::CaptureStderr();
    EXPECT_NE(shoal_init(), 0) << "double init must fail";
    EXPECT_NE(testing::internal::GetCapturedStderr().find("already initialised"),
              std::string::npos);
    const int me = shoal_my_pe(), n = shoal_n_pes();
    EXPECT_EQ(shoal::runtime_or_null()->heap.user_bytes_used(), 0u) << "heap not fresh";
    auto* v = static_cast<int*>(shoal_calloc(n, sizeof(int)));
    for (int pe = 0; pe < n; ++pe) shoal_int_p(&v[me], life * 100 + me, pe);
    shoal_barrier_all();
    for (int pe = 0; pe < n; ++pe) EXPECT_EQ(v[pe], life * 100 + pe);
    shoal_barrier_all();
    shoal_free(v);
    shoal_finalize();
  }
  GTEST_FLAG_SET(death_test_style, "fast");
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(23);
        shoal_my_pe();
      },
      testing::ExitedWithCode(23), "shoal_my_pe called after shoal_finalize");
}

// gtest runs *DeathTest suites first: shoal has never been initialised here.
TEST(ReinitDeathTest, UseBeforeInitIsReported) {
  GTEST_FLAG_SET(death_test_style, "fast");
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(23);
        shoal_int_p(nullptr, 1, 0);
      },
      testing::ExitedWithCode(23), "shoal_int_p called before shoal_init");
}

}  // namespace
