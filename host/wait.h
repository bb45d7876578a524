// Host-side waiting: spin, then yield, then sleep with backoff, so a waiting
// PE neither adds latency when the answer is near nor burns a core that
// another PE on the same machine needs. After SHOAL_TIMEOUT seconds the wait
// reports what it waits for and ends the job.
#pragma once

#include <chrono>
#include <cstddef>

namespace shoal {

class Backoff {
 public:
  explicit Backoff(double timeout_s);
  // One step of waiting; returns false once the timeout has passed.
  bool pause();
  double elapsed_s() const;
  double timeout_s() const { return timeout_s_; }
  // The next pause() sleeps (the yield phase is over).
  bool sleeps_next() const;

 private:
  std::chrono::steady_clock::time_point start_;
  double timeout_s_;
  unsigned long spins_ = 0;
  long sleep_ns_ = 20000;
};

// Called at init: true when this node runs more PEs than the CPUs this
// process may use, so waits yield almost at once instead of spinning.
void set_oversubscribed(bool oversubscribed);

// Ends the job with "<call> waited <t> s for <what>" (what already describes
// the address, comparison, expected and current value), or, when another PE
// failed (host/liveness.h; Backoff::pause returns false at once then),
// "<call>: gave up waiting for <what>: the job failed: <reason>".
[[noreturn]] void wait_timed_out(const char* call, double waited_s, const char* what);

// Spins until pred() holds. On timeout, describe(buf, len) fills in what is
// waited for and the job ends.
template <class Pred, class Describe>
void wait_for(const char* call, double timeout_s, Pred&& pred, Describe&& describe) {
  if (pred()) return;
  Backoff b(timeout_s);
  while (!pred()) {
    if (!b.pause()) {
      if (pred()) return;
      char what[512];
      describe(what, sizeof what);
      wait_timed_out(call, b.elapsed_s(), what);
    }
  }
}

}  // namespace shoal
