#include "perftest/common/report.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>

// SHOAL_PERFTEST_PLATFORM and SHOAL_PERFTEST_GIT_COMMIT come from the build
// (perftest/common/CMakeLists.txt: the platform as a -D flag, the commit in a
// header rewritten on every build; -D flags for builds outside CMake).
#if !defined(SHOAL_PERFTEST_GIT_COMMIT) && __has_include("perftest_git_commit.h")
#include "perftest_git_commit.h"
#endif
#ifndef SHOAL_PERFTEST_PLATFORM
#define SHOAL_PERFTEST_PLATFORM "unknown"
#endif
#ifndef SHOAL_PERFTEST_GIT_COMMIT
#define SHOAL_PERFTEST_GIT_COMMIT "unknown"
#endif

namespace shoal::perftest {

const char* metric_column(Metric m) {
  switch (m) {
    case Metric::latency: return "latency(us)";
    case Metric::bw: return "BW(GB/sec)";
    case Metric::msgrate: return "msgrate(MMPS)";
  }
  return "?";
}
const char* metric_unit(Metric m) {
  switch (m) {
    case Metric::latency: return "us";
    case Metric::bw: return "GB/s";
    case Metric::msgrate: return "MMPS";
  }
  return "?";
}

namespace {

std::string cpu_model() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("model name", 0) == 0) {
      auto c = line.find(':');
      if (c != std::string::npos) {
        auto v = line.substr(c + 1);
        auto b = v.find_first_not_of(' ');
        return b == std::string::npos ? v : v.substr(b);
      }
    }
  }
  return "unknown";
}

std::string utc_now() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char b[64];
  std::strftime(b, sizeof b, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return b;
}

std::string num(double v) {
  if (!std::isfinite(v)) return "null";
  char b[64];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

}  // namespace

std::string json_escape(const std::string& s) {
  std::string o;
  for (unsigned char c : s) {
    switch (c) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\n': o += "\\n"; break;
      case '\t': o += "\\t"; break;
      case '\r': o += "\\r"; break;
      default:
        if (c < 0x20) {
          char b[8];
          std::snprintf(b, sizeof b, "\\u%04x", c);
          o += b;
        } else {
          o += static_cast<char>(c);
        }
    }
  }
  return o;
}

Context default_context(int n_pes, std::string library) {
  Context c;
  c.platform = SHOAL_PERFTEST_PLATFORM;
  c.library = std::move(library);
  c.cpu = cpu_model();
  c.n_pes = n_pes;
  c.git_commit = SHOAL_PERFTEST_GIT_COMMIT;
  c.date = utc_now();
  char h[256] = {};
  if (gethostname(h, sizeof h - 1) == 0) c.hostname = h;
  return c;
}

Report::Report(std::string name, Metric metric, const Options& opts, Context ctx, bool active)
    : name_(std::move(name)), metric_(metric), opts_(opts), ctx_(std::move(ctx)), active_(active) {
  start_ = last_progress_ = std::chrono::steady_clock::now();
}

void Report::add(const Row& row) {
  rows_.push_back(row);
  if (!active_) return;
  if (!header_done_) {
    std::printf("#%s\n%-12s %-8s %14s %14s %14s\n", name_.c_str(), "size(B)", "scope",
                metric_column(metric_), "min", "max");
    header_done_ = true;
  }
  std::printf("%-12llu %-8s %14.3f %14.3f %14.3f\n", static_cast<unsigned long long>(row.size),
              row.scope.c_str(), row.value.median, row.value.min, row.value.max);
  std::fflush(stdout);
}

void Report::progress(std::size_t index, std::size_t count, std::uint64_t size) {
  if (!active_) return;
  auto now = std::chrono::steady_clock::now();
  if (now - start_ < std::chrono::seconds(2) || now - last_progress_ < std::chrono::seconds(1))
    return;
  last_progress_ = now;
  std::fprintf(stderr, "[%s] size %llu (%zu/%zu), %.0f s\n", name_.c_str(),
               static_cast<unsigned long long>(size), index + 1, count,
               std::chrono::duration<double>(now - start_).count());
}

std::string Report::json() const {
  std::string j = "{\n  \"schema\": \"shoal-perftest/1\",\n";
  j += "  \"name\": \"" + json_escape(name_) + "\",\n";
  j += "  \"metric\": \"" + std::string(metric_ == Metric::latency ? "latency"
                                         : metric_ == Metric::bw  ? "bw"
                                                                  : "msgrate") + "\",\n";
  j += "  \"unit\": \"" + std::string(metric_unit(metric_)) + "\",\n";
  j += "  \"context\": {\n";
  auto kv = [&](const char* k, const std::string& v, bool last = false) {
    j += "    \"" + std::string(k) + "\": \"" + json_escape(v) + "\"" + (last ? "\n" : ",\n");
  };
  kv("platform", ctx_.platform);
  kv("library", ctx_.library);
  kv("cpu", ctx_.cpu);
  kv("gpu", ctx_.gpu);
  j += "    \"n_pes\": " + std::to_string(ctx_.n_pes) + ",\n";
  kv("git_commit", ctx_.git_commit);
  kv("date", ctx_.date);
  kv("hostname", ctx_.hostname);
  kv("notes", ctx_.notes);
  j += "    \"options\": {";
  bool first = true;
  for (const auto& [k, v] : options_as_pairs(opts_)) {
    j += std::string(first ? "" : ", ") + "\"" + k + "\": \"" + json_escape(v) + "\"";
    first = false;
  }
  j += "}\n  },\n  \"rows\": [";
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    const Row& r = rows_[i];
    j += std::string(i ? ",\n" : "\n") + "    {\"size\": " + std::to_string(r.size) +
         ", \"scope\": \"" + json_escape(r.scope) + "\", \"value\": " + num(r.value.median) +
         ", \"min\": " + num(r.value.min) + ", \"max\": " + num(r.value.max) +
         ", \"reps\": " + std::to_string(r.value.count) + ", \"iters\": " + std::to_string(r.iters);
    for (const auto& [k, v] : r.extra) j += ", \"" + json_escape(k) + "\": " + num(v);
    j += "}";
  }
  j += "\n  ]\n}\n";
  return j;
}

bool Report::finish() {
  if (!active_ || opts_.json_path.empty()) return true;
  std::ofstream f(opts_.json_path);
  f << json();
  f.close();
  if (!f) {
    std::fprintf(stderr, "%s: cannot write %s\n", name_.c_str(), opts_.json_path.c_str());
    return false;
  }
  return true;
}

}  // namespace shoal::perftest
