// Results of a perftest program: the NVSHMEM-style table on stdout, an
// optional JSON file with every row and the run's context, and a progress
// line on stderr during long sweeps. Only the reporting process (PE 0) makes
// a Report print; the others construct it with `active = false`.
//
// Table:   #<name>
//          size(B)  scope  <metric>  min  max
// where <metric> is latency(us), BW(GB/sec) or msgrate(MMPS) (the median of
// the repetitions); GB = 1e9 bytes.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "perftest/common/options.h"
#include "perftest/common/timing.h"

namespace shoal::perftest {

enum class Metric { latency, bw, msgrate };
const char* metric_column(Metric m);  // "latency(us)" ...
const char* metric_unit(Metric m);    // "us", "GB/s", "MMPS"

struct Context {
  std::string platform;   // "sim" or "cuda" (or "host" for programs outside shoal)
  std::string library;    // "shoal", "openshmem (Open MPI x.y)", "libc memcpy"
  std::string cpu;        // /proc/cpuinfo model name
  std::string gpu;        // empty when none
  int n_pes = 1;
  std::string git_commit; // the commit built (-dirty: with local changes)
  std::string date;       // UTC, ISO 8601, filled at construction
  std::string hostname;
  std::string notes;      // free text (e.g. "MPS off")
};

// A Context with cpu, date, hostname, git commit and platform filled in.
Context default_context(int n_pes, std::string library);

struct Row {
  std::uint64_t size = 0;
  std::string scope;
  Stats value;                                      // in the metric's unit
  std::uint64_t iters = 0;
  std::vector<std::pair<std::string, double>> extra;  // more numbers for JSON
};

class Report {
 public:
  Report(std::string name, Metric metric, const Options& opts, Context ctx, bool active);
  // Prints the row (and the header before the first row). Flushes stdout.
  void add(const Row& row);
  // Progress on stderr: at most one line a second, only after the sweep
  // has run for two seconds (short runs stay quiet).
  void progress(std::size_t index, std::size_t count, std::uint64_t size);
  // Writes the JSON file when --json was given; returns false (with a
  // message on stderr) when it cannot.
  bool finish();
  const std::vector<Row>& rows() const { return rows_; }
  // The JSON document (for tests).
  std::string json() const;

 private:
  std::string name_;
  Metric metric_;
  Options opts_;
  Context ctx_;
  bool active_;
  bool header_done_ = false;
  std::vector<Row> rows_;
  std::chrono::steady_clock::time_point start_, last_progress_;
};

std::string json_escape(const std::string& s);

}  // namespace shoal::perftest
