#include "base/log.h"

#include <gtest/gtest.h>
#include <stdlib.h>

namespace shoal {
namespace {

TEST(Log, PrefixCarriesPeAndLevelFilters) {
  log_set_level(LogLevel::info);
  log_set_pe(5);
  testing::internal::CaptureStderr();
  SHOAL_INFO("hello %d", 42);
  SHOAL_DEBUG("not shown");
  std::string out = testing::internal::GetCapturedStderr();
  EXPECT_NE(out.find("shoal[PE 5] INFO "), std::string::npos) << out;
  EXPECT_NE(out.find("hello 42"), std::string::npos) << out;
  EXPECT_EQ(out.find("not shown"), std::string::npos) << out;
  log_set_pe(-1);
}

TEST(Log, EnvLevelAndBadValueWarns) {
  setenv("SHOAL_DEBUG", "trace", 1);
  log_init_from_env();
  EXPECT_EQ(log_level(), LogLevel::trace);
  setenv("SHOAL_DEBUG", "chatty", 1);
  testing::internal::CaptureStderr();
  log_init_from_env();
  std::string out = testing::internal::GetCapturedStderr();
  EXPECT_EQ(log_level(), LogLevel::warn);
  EXPECT_NE(out.find("SHOAL_DEBUG='chatty'"), std::string::npos) << out;
  unsetenv("SHOAL_DEBUG");
}

TEST(LogDeathTest, FatalCallsHookAndExits) {
  EXPECT_EXIT(
      {
        log_set_pe(2);
        set_abort_hook([](int code) { std::_Exit(40 + code); });
        fatal("bad value %d", 7);
      },
      testing::ExitedWithCode(41), "shoal\\[PE 2\\] FATAL bad value 7");
}

}  // namespace
}  // namespace shoal
