#include "host/wait.h"

#include <sched.h>
#include <time.h>

#include <atomic>

#include "base/cpu.h"
#include "base/log.h"
#include "host/heap/access.h"
#include "host/liveness.h"

namespace shoal {

namespace {
// Spin iterations before the first yield. Short when the node runs more PEs
// than this process may use CPUs: the PE we wait for then likely needs this
// very CPU, and every spin delays it (set at init, see set_oversubscribed).
std::atomic<unsigned> g_spin_limit{256};
constexpr double kYieldS = 0.005;  // yield for the first 5 ms of a wait, then sleep

}  // namespace

Backoff::Backoff(double timeout_s) : start_(std::chrono::steady_clock::now()), timeout_s_(timeout_s) {}

double Backoff::elapsed_s() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void set_oversubscribed(bool oversubscribed) { g_spin_limit.store(oversubscribed ? 8 : 256); }

bool Backoff::sleeps_next() const {
  return spins_ + 1 >= g_spin_limit.load(std::memory_order_relaxed) && elapsed_s() >= kYieldS;
}

bool Backoff::pause() {
  if (job_failed()) return false;  // another PE failed: wait_timed_out says so
  heap_order_point();  // sim weak-order option: a waiting thread's puts land (they do on a GPU)
  ++spins_;
  if (spins_ < g_spin_limit.load(std::memory_order_relaxed)) {
    cpu_relax();
    return true;
  }
  // Past the spin phase: check the clock on every step (yield/sleep dominate).
  double t = elapsed_s();
  if (timeout_s_ > 0 && t >= timeout_s_) return false;
  if (t < kYieldS) {
    sched_yield();
  } else {
    // Sleep 20 us, doubling to 1 ms: bounded added latency for waits that end
    // soon, and few wake-ups (little CPU taken from the PEs doing the work)
    // for long ones.
    timespec ts{0, sleep_ns_};
    nanosleep(&ts, nullptr);
    if (sleep_ns_ < 1000000) sleep_ns_ = sleep_ns_ * 2 > 1000000 ? 1000000 : sleep_ns_ * 2;
  }
  return true;
}

void wait_timed_out(const char* call, double waited_s, const char* what) {
  if (job_failed()) fatal("%s: gave up waiting for %s: the job failed: %s", call, what, job_failure_reason());
  fatal("%s: waited %.1f s (SHOAL_TIMEOUT) for %s; ending the job", call, waited_s, what);
}

}  // namespace shoal
