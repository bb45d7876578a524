// The cuda platform's pure decisions (host/gpu/select.h), tested on every
// platform: which GPU a PE binds, and the heap size rounded to the VMM
// granularity.
#include "host/gpu/select.h"

#include <gtest/gtest.h>

#include <cstdint>

using shoal::gpu::round_up;
using shoal::gpu::select_device;

TEST(GpuSelect, LocalRankModuloDevices) {
  EXPECT_EQ(select_device(0, 1, -1), 0);
  EXPECT_EQ(select_device(3, 1, -1), 0);  // four PEs on one GPU
  EXPECT_EQ(select_device(1, 2, -1), 1);
  EXPECT_EQ(select_device(2, 2, -1), 0);
  EXPECT_EQ(select_device(7, 8, -1), 7);
}

TEST(GpuSelect, EnvironmentOverrides) {
  EXPECT_EQ(select_device(0, 4, 3), 3);
  EXPECT_EQ(select_device(5, 4, 0), 0);
  EXPECT_EQ(select_device(0, 4, 4), -1);  // out of range
}

TEST(GpuSelect, NoDevices) {
  EXPECT_EQ(select_device(0, 0, -1), -1);
  EXPECT_EQ(select_device(0, 0, 0), -1);
  EXPECT_EQ(select_device(-1, 2, -1), -1);
}

TEST(GpuGranularity, RoundsUp) {
  constexpr std::uint64_t k2m = 2ull << 20;
  EXPECT_EQ(round_up(0, k2m), 0u);
  EXPECT_EQ(round_up(1, k2m), k2m);
  EXPECT_EQ(round_up(k2m, k2m), k2m);
  EXPECT_EQ(round_up(k2m + 1, k2m), 2 * k2m);
  EXPECT_EQ(round_up(1ull << 30, k2m), 1ull << 30);
  EXPECT_EQ(round_up(1000, 3), 1002u);  // not a power of two
}

TEST(GpuGranularity, OverflowAndZero) {
  EXPECT_EQ(round_up(UINT64_MAX, 2ull << 20), 0u);
  EXPECT_EQ(round_up(5, 0), 0u);
}
