// Unit tests of the perftest option parser, sweep, statistics and JSON
// (single process, no shoal).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "perftest/common/check.h"
#include "perftest/common/options.h"
#include "perftest/common/report.h"
#include "perftest/common/timing.h"

using namespace shoal::perftest;

namespace {

ParseResult parse(std::vector<std::string> args, Options* o, const ProgramSpec& spec = {}) {
  std::vector<const char*> argv{"prog"};
  for (auto& a : args) argv.push_back(a.c_str());
  return parse_options(static_cast<int>(argv.size()), argv.data(), spec, o);
}

ProgramSpec named() {
  ProgramSpec s;
  s.name = "prog";
  return s;
}

}  // namespace

TEST(PerftestOptions, NvshmemDefaults) {
  Options o;
  ASSERT_EQ(parse({}, &o).status, ParseStatus::ok);
  EXPECT_EQ(o.min_size, 4u);
  EXPECT_EQ(o.max_size, 4u << 20);
  EXPECT_EQ(o.step, 2u);
  EXPECT_EQ(o.iters, 10u);
  EXPECT_EQ(o.warmup, 5u);
  EXPECT_EQ(o.ctas, 32u);
  EXPECT_EQ(o.threads, 256u);
  EXPECT_EQ(o.scope, Scope::all);
  EXPECT_EQ(o.dir, Dir::write);
  EXPECT_FALSE(o.bidir);
  EXPECT_FALSE(o.cudagraph);
  EXPECT_TRUE(o.json_path.empty());
}

TEST(PerftestOptions, EveryOption) {
  Options o;
  auto r = parse({"-b", "8", "-e", "64K", "-f", "4", "-n", "100", "-w", "7", "-c", "2", "-t",
                  "64", "-d", "long", "-o", "max", "-s", "warp", "-i", "3", "-a", "swap",
                  "--bidir", "--dir", "read", "--issue", "host", "--cudagraph", "--json",
                  "out.json", "-r", "9", "--ws=1M"},
                 &o);
  ASSERT_EQ(r.status, ParseStatus::ok) << r.message;
  EXPECT_EQ(o.min_size, 8u);
  EXPECT_EQ(o.max_size, 64u << 10);
  EXPECT_EQ(o.step, 4u);
  EXPECT_EQ(o.iters, 100u);
  EXPECT_EQ(o.warmup, 7u);
  EXPECT_EQ(o.ctas, 2u);
  EXPECT_EQ(o.threads, 64u);
  EXPECT_EQ(o.datatype, "long");
  EXPECT_EQ(o.reduce_op, "max");
  EXPECT_EQ(o.scope, Scope::warp);
  EXPECT_EQ(o.stride, 3u);
  EXPECT_EQ(o.atomic_op, "swap");
  EXPECT_TRUE(o.bidir);
  EXPECT_EQ(o.dir, Dir::read);
  EXPECT_EQ(o.issue, Issue::host);
  EXPECT_TRUE(o.cudagraph);
  EXPECT_EQ(o.json_path, "out.json");
  EXPECT_EQ(o.reps, 9u);
  EXPECT_EQ(o.working_set, 1u << 20);
}

TEST(PerftestOptions, Help) {
  Options o;
  EXPECT_EQ(parse({"-h"}, &o).status, ParseStatus::help);
  EXPECT_EQ(parse({"--help"}, &o).status, ParseStatus::help);
  std::string u = usage_text(named());
  EXPECT_EQ(u.rfind("usage: prog ", 0), 0u);
  EXPECT_NE(u.find("[4M]"), std::string::npos);
}

TEST(PerftestOptions, Invalid) {
  const std::vector<std::vector<std::string>> bad = {
      {"-x"},           {"--nope"},        {"-b"},           {"-b", "abc"},
      {"-b", "4X"},     {"-e", "-1"},      {"-b", "8", "-e", "4"},
      {"-f", "1"},      {"-n", "0"},       {"-r", "0"},      {"-s", "grid"},
      {"--dir", "up"},  {"--issue", "gpu"}, {"--json"},      {"--bidir=1"},
      {"-b", "0"},      {"-b", "99999999999999999999"},        {"-e", "17179869184G"},
      {"stray"},
  };
  for (const auto& args : bad) {
    Options o;
    std::string joined;
    for (auto& a : args) joined += a + " ";
    auto r = parse(args, &o, named());
    EXPECT_EQ(r.status, ParseStatus::error) << joined;
    EXPECT_FALSE(r.message.empty()) << joined;
  }
}

TEST(PerftestOptions, RestrictedSets) {
  ProgramSpec s = named();
  s.datatypes = {"int", "long"};
  s.atomic_ops = {"fetch_add"};
  s.scopes = {Scope::thread};
  Options o;
  EXPECT_EQ(parse({"-d", "long"}, &o, s).status, ParseStatus::ok);
  EXPECT_EQ(parse({"-d", "float"}, &o, s).status, ParseStatus::error);
  EXPECT_EQ(parse({"-a", "swap"}, &o, s).status, ParseStatus::error);
  EXPECT_EQ(parse({"-s", "block"}, &o, s).status, ParseStatus::error);
  EXPECT_EQ(parse({"-s", "thread"}, &o, s).status, ParseStatus::ok);
}

TEST(PerftestOptions, ProgramDefaults) {
  ProgramSpec s = named();
  s.defaults.min_size = 1;
  s.defaults.max_size = 64u << 20;
  Options o;
  ASSERT_EQ(parse({}, &o, s).status, ParseStatus::ok);
  EXPECT_EQ(o.min_size, 1u);
  EXPECT_EQ(o.max_size, 64u << 20);
  EXPECT_NE(usage_text(s).find("[64M]"), std::string::npos);
}

TEST(PerftestOptions, Sizes) {
  std::uint64_t v = 0;
  EXPECT_TRUE(parse_size("4", &v));
  EXPECT_EQ(v, 4u);
  EXPECT_TRUE(parse_size("4k", &v));
  EXPECT_EQ(v, 4096u);
  EXPECT_TRUE(parse_size("4M", &v));
  EXPECT_EQ(v, 4u << 20);
  EXPECT_TRUE(parse_size("2GB", &v));
  EXPECT_EQ(v, 2ull << 30);
  EXPECT_FALSE(parse_size("", &v));
  EXPECT_FALSE(parse_size("M", &v));
  EXPECT_FALSE(parse_size("1.5M", &v));
}

TEST(PerftestOptions, Sweep) {
  Options o;
  o.min_size = 4;
  o.max_size = 64;
  o.step = 2;
  EXPECT_EQ(size_sweep(o), (std::vector<std::uint64_t>{4, 8, 16, 32, 64}));
  o.step = 4;
  o.max_size = 100;
  EXPECT_EQ(size_sweep(o), (std::vector<std::uint64_t>{4, 16, 64}));
  o.min_size = o.max_size = 0;
  EXPECT_EQ(size_sweep(o), (std::vector<std::uint64_t>{0}));
  o.min_size = 1;
  o.max_size = ~0ull;
  o.step = 2;
  EXPECT_EQ(size_sweep(o).size(), 64u);  // no overflow
}

TEST(PerftestTiming, Stats) {
  Stats s = summarize({3, 1, 2});
  EXPECT_EQ(s.median, 2);
  EXPECT_EQ(s.min, 1);
  EXPECT_EQ(s.max, 3);
  s = summarize({4, 1, 3, 2});
  EXPECT_EQ(s.median, 2.5);
  EXPECT_EQ(summarize({}).count, 0u);
  EXPECT_DOUBLE_EQ(gb_per_s(1000000000, 1e6), 1.0);  // 1e9 B in 1 s = 1 GB/s
}

TEST(PerftestCheck, PatternAndRotation) {
  std::vector<unsigned char> b(1000);
  fill_pattern(b.data(), b.size(), 42, 10);
  EXPECT_EQ(check_pattern(b.data(), b.size(), 42, 10), -1);
  EXPECT_EQ(check_pattern(b.data(), b.size(), 43, 10), 0);
  b[500] ^= 1;
  EXPECT_EQ(check_pattern(b.data(), b.size(), 42, 10), 500);
  Rotation r(100, 1000);
  EXPECT_EQ(r.slot_bytes, 128u);
  EXPECT_EQ(r.slots, 7u);
  EXPECT_EQ(r.offset(8), 128u);
  EXPECT_LE(r.span(), rotation_buffer_bytes(100, 1000));
  Rotation big(1 << 20, 1000);
  EXPECT_EQ(big.slots, 1u);
  EXPECT_LE(big.span(), rotation_buffer_bytes(1 << 20, 1000));
}

TEST(PerftestReport, Json) {
  Options o;
  o.json_path = "";
  Context c = default_context(2, "shoal");
  c.notes = "quote \" and \\ and\nnewline";
  Report rep("shoal_test", Metric::bw, o, c, false);
  Row row;
  row.size = 64;
  row.scope = "thread";
  row.value = summarize({1.5, 2.5, 2.0});
  row.iters = 10;
  row.extra = {{"aggregate_bw", 4.0}, {"nan", std::nan("")}};
  rep.add(row);
  std::string j = rep.json();
  EXPECT_NE(j.find("\"name\": \"shoal_test\""), std::string::npos);
  EXPECT_NE(j.find("\"metric\": \"bw\""), std::string::npos);
  EXPECT_NE(j.find("\"n_pes\": 2"), std::string::npos);
  EXPECT_NE(j.find("\"size\": 64"), std::string::npos);
  EXPECT_NE(j.find("\"value\": 2,"), std::string::npos);
  EXPECT_NE(j.find("\"nan\": null"), std::string::npos);
  EXPECT_NE(j.find("quote \\\" and \\\\ and\\nnewline"), std::string::npos);
  EXPECT_NE(j.find("\"git_commit\""), std::string::npos);
  EXPECT_EQ(json_escape(std::string("\x01", 1)), "\\u0001");
}
