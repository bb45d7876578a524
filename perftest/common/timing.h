// Timing for perftest programs: a Timer interface (host: steady_clock;
// device programs plug in a CUDA-event timer with the same interface) and
// the summary of repeated measurements.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

namespace shoal::perftest {

// Measures one timed region. start() then stop() returns the elapsed
// microseconds. Device timers record events on their stream and
// synchronise in stop().
class Timer {
 public:
  virtual ~Timer() = default;
  virtual void start() = 0;
  virtual double stop_us() = 0;
};

class HostTimer final : public Timer {
 public:
  void start() override { t0_ = std::chrono::steady_clock::now(); }
  double stop_us() override {
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0_)
        .count();
  }

 private:
  std::chrono::steady_clock::time_point t0_{};
};

// Median (mean of the middle two for even counts), min and max.
struct Stats {
  double median = 0, min = 0, max = 0;
  std::size_t count = 0;
};
Stats summarize(std::vector<double> samples);

// Unit conversions; GB = 1e9 bytes.
inline double gb_per_s(std::uint64_t bytes_total, double us) {
  return us > 0 ? static_cast<double>(bytes_total) / (us * 1e3) : 0.0;
}
inline double mmps(std::uint64_t messages, double us) {
  return us > 0 ? static_cast<double>(messages) / us : 0.0;
}

}  // namespace shoal::perftest
