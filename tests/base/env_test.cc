#include "base/env.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdint>
#include <vector>

namespace shoal::env {
namespace {

TEST(EnvParseSize, AcceptsSuffixes) {
  struct Case { const char* text; std::uint64_t want; } cases[] = {
      {"0", 0}, {"4096", 4096}, {"1k", 1024}, {"1K", 1024}, {"3m", 3ull << 20},
      {"1g", 1ull << 30}, {"2G", 2ull << 30}, {"1t", 1ull << 40}, {"7gb", 7ull << 30},
      {"5MiB", 5ull << 20}, {"100b", 100},
  };
  for (const auto& c : cases) {
    std::uint64_t v = 12345;
    ASSERT_TRUE(parse_size(c.text, &v)) << c.text;
    EXPECT_EQ(v, c.want) << c.text;
  }
}

TEST(EnvCpuList, ParsesNumbersAndRanges) {
  struct Case { const char* text; std::vector<int> want; const char* formatted; } cases[] = {
      {"3", {3}, "3"},
      {"0-3", {0, 1, 2, 3}, "0-3"},
      {"0-3,8,10-11", {0, 1, 2, 3, 8, 10, 11}, "0-3,8,10-11"},
      {"8,0-1,1,9", {0, 1, 8, 9}, "0-1,8-9"},  // sorted, repeats merged
      {"4095", {4095}, "4095"},
      {"5-5", {5}, "5"},
  };
  for (const auto& c : cases) {
    std::vector<int> v = {-7};
    ASSERT_TRUE(parse_cpu_list(c.text, &v)) << c.text;
    EXPECT_EQ(v, c.want) << c.text;
    EXPECT_EQ(format_cpu_list(v), c.formatted) << c.text;
  }
  EXPECT_EQ(format_cpu_list({}), "");
}

TEST(EnvCpuList, RejectsGarbage) {
  for (const char* bad : {"", ",", "1,", ",1", "a", "1-", "-1", "3-1", "1 2", "1,,2", "4096", "0-4096",
                          "1.5", "+1", "99999999999999999999", "auto"}) {
    std::vector<int> v = {42};
    EXPECT_FALSE(parse_cpu_list(bad, &v)) << "'" << bad << "'";
    EXPECT_EQ(v, std::vector<int>{42}) << "output must be untouched on failure: " << bad;
  }
}

TEST(EnvParseSize, RejectsGarbage) {
  for (const char* bad : {"", "-1", "+3", "g", "1x", "1gg", "1 g", "99999999999999999999",
                          "17179869184t"}) {
    std::uint64_t v = 777;
    EXPECT_FALSE(parse_size(bad, &v)) << "'" << bad << "'";
    EXPECT_EQ(v, 777u) << "output must be untouched on failure: " << bad;
  }
}

TEST(EnvGet, DefaultsWhenUnsetAndErrorsNameTheVariable) {
  unsetenv("SHOAL_TEST_SIZE");
  std::uint64_t v = 0;
  ASSERT_EQ(get_size("SHOAL_TEST_SIZE", 99, &v), Status::ok);
  EXPECT_EQ(v, 99u);
  setenv("SHOAL_TEST_SIZE", "2m", 1);
  ASSERT_EQ(get_size("SHOAL_TEST_SIZE", 99, &v), Status::ok);
  EXPECT_EQ(v, 2u << 20);
  setenv("SHOAL_TEST_SIZE", "lots", 1);
  testing::internal::CaptureStderr();
  EXPECT_EQ(get_size("SHOAL_TEST_SIZE", 99, &v), Status::invalid_argument);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("SHOAL_TEST_SIZE='lots'"), std::string::npos) << err;
  EXPECT_NE(err.find("k/m/g/t"), std::string::npos) << err;
  unsetenv("SHOAL_TEST_SIZE");
}

TEST(EnvGet, IntRangeBoolChoiceSeconds) {
  long long i = 0;
  setenv("SHOAL_TEST_INT", "17", 1);
  ASSERT_EQ(get_int("SHOAL_TEST_INT", 1, 0, 20, &i), Status::ok);
  EXPECT_EQ(i, 17);
  setenv("SHOAL_TEST_INT", "21", 1);
  testing::internal::CaptureStderr();
  EXPECT_EQ(get_int("SHOAL_TEST_INT", 1, 0, 20, &i), Status::invalid_argument);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("[0, 20]"), std::string::npos);
  unsetenv("SHOAL_TEST_INT");

  bool b = false;
  setenv("SHOAL_TEST_BOOL", "on", 1);
  ASSERT_EQ(get_bool("SHOAL_TEST_BOOL", false, &b), Status::ok);
  EXPECT_TRUE(b);
  setenv("SHOAL_TEST_BOOL", "maybe", 1);
  testing::internal::CaptureStderr();
  EXPECT_EQ(get_bool("SHOAL_TEST_BOOL", false, &b), Status::invalid_argument);
  testing::internal::GetCapturedStderr();
  unsetenv("SHOAL_TEST_BOOL");

  std::string c;
  setenv("SHOAL_TEST_CHOICE", "uid", 1);
  ASSERT_EQ(get_choice("SHOAL_TEST_CHOICE", {"pmix", "uid"}, "pmix", &c), Status::ok);
  EXPECT_EQ(c, "uid");
  setenv("SHOAL_TEST_CHOICE", "tcp", 1);
  testing::internal::CaptureStderr();
  EXPECT_EQ(get_choice("SHOAL_TEST_CHOICE", {"pmix", "uid"}, "pmix", &c), Status::invalid_argument);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("pmix|uid"), std::string::npos);
  unsetenv("SHOAL_TEST_CHOICE");

  double s = 0;
  setenv("SHOAL_TEST_SECONDS", "0.25", 1);
  ASSERT_EQ(get_seconds("SHOAL_TEST_SECONDS", 300, &s), Status::ok);
  EXPECT_DOUBLE_EQ(s, 0.25);
  setenv("SHOAL_TEST_SECONDS", "-1", 1);
  testing::internal::CaptureStderr();
  EXPECT_EQ(get_seconds("SHOAL_TEST_SECONDS", 300, &s), Status::invalid_argument);
  testing::internal::GetCapturedStderr();
  unsetenv("SHOAL_TEST_SECONDS");
}

}  // namespace
}  // namespace shoal::env
