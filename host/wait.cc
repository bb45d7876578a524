#include "host/wait.h"

#include <sched.h>
#include <time.h>

#include "base/log.h"

namespace shoal {

namespace {
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}
}  // namespace

Backoff::Backoff(double timeout_s) : start_(std::chrono::steady_clock::now()), timeout_s_(timeout_s) {}

double Backoff::elapsed_s() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

bool Backoff::pause() {
  ++spins_;
  if (spins_ < 256) {
    cpu_relax();
    return true;
  }
  // Past the spin phase: check the clock on every step (yield/sleep dominate).
  double t = elapsed_s();
  if (timeout_s_ > 0 && t >= timeout_s_) return false;
  if (t < 0.005) {
    sched_yield();
  } else {
    // 20 us growing to 200 us: bounded added latency, near-zero CPU.
    long ns = t < 0.1 ? 20000 : 200000;
    timespec ts{0, ns};
    nanosleep(&ts, nullptr);
  }
  return true;
}

void wait_timed_out(const char* call, double waited_s, const char* what) {
  fatal("%s: waited %.1f s (SHOAL_TIMEOUT) for %s; ending the job", call, waited_s, what);
}

}  // namespace shoal
