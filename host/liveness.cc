#include "host/liveness.h"

#include <unistd.h>

#include <cuda_runtime_api.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "base/log.h"
#include "host/runtime.h"

namespace shoal {

namespace {

std::atomic<std::uint32_t> g_word{0};
std::atomic<int> g_n_pes{0};
std::atomic<double> g_grace_s{0};
char g_reason[600] = {};  // written once, before g_word
std::atomic<std::uint32_t*> g_device_word{nullptr};

// The grace timer: armed while shoal is initialised (liveness_arm ..
// liveness_stop). Once a failure is known it ends the process after the
// grace, unless the process ended first (a wait noticed, the program
// exited) or shoal was finalised meanwhile. Plain sleep: a condition
// variable would block exit() (its destructor waits for the sleeper).
std::atomic<bool> g_armed{false};
std::atomic<bool> g_grace_started{false};
std::atomic<unsigned> g_job{0};  // init count: a timer of an earlier job never ends a later one

void grace_thread(double grace_s, unsigned job) {
  std::this_thread::sleep_for(std::chrono::duration<double>(grace_s));
  if (!g_armed.load() || g_job.load() != job) return;
  char line[900];
  const int pe = log_pe();
  int n = std::snprintf(line, sizeof line,
                        "shoal[PE %d] ERROR ending this PE %.1f s after the job failed (%s): it was not "
                        "waiting in shoal (SHOAL_FAILURE_GRACE)\n",
                        pe, grace_s, g_reason);
  if (n > 0) {
    ssize_t rc = ::write(2, line, static_cast<std::size_t>(n) < sizeof line ? n : sizeof line - 1);
    (void)rc;
  }
  std::_Exit(1);
}

void start_grace() {
  const double grace = g_grace_s.load();
  if (grace > 0 && g_armed.load() && !g_grace_started.exchange(true))
    std::thread(grace_thread, grace, g_job.load()).detach();
}

void on_failure(void*, int pe, const char* why) {
  const int n = g_n_pes.load();
  const std::uint32_t w = 1u + static_cast<std::uint32_t>(pe >= 0 && pe < n ? pe : n);
  // The bootstrap fires once per job (StarBootstrap::fire); the word has this one writer.
  if (g_word.load() != 0) return;
  std::snprintf(g_reason, sizeof g_reason, "%s", why && *why ? why : "a PE failed");
  for (char& c : g_reason)
    if (c == '\n') c = ' ';
  g_word.store(w, std::memory_order_release);  // after the reason: readers of the word see it whole
  if (std::uint32_t* d = g_device_word.load()) {
    *reinterpret_cast<volatile std::uint32_t*>(d) = w;
    std::atomic_thread_fence(std::memory_order_seq_cst);
  }
  const double grace = g_grace_s.load();
  if (grace > 0 && g_armed.load())
    SHOAL_ERROR("the job failed: %s; this PE's waits end now, and the PE within %.1f s if it is "
                "not waiting in shoal (SHOAL_FAILURE_GRACE)", g_reason, grace);
  else
    SHOAL_ERROR("the job failed: %s; this PE's waits end now", g_reason);
  start_grace();
}

}  // namespace

void liveness_start(Runtime& r) {
  // A new job in this process (after a finalize or a failed init).
  g_job.fetch_add(1);
  g_armed.store(false);
  g_grace_started.store(false);
  g_word.store(0);
  g_n_pes.store(r.n_pes);
  g_grace_s.store(r.cfg.failure_grace_s);
  Status s = r.boot->watch(on_failure, nullptr);
  if (s == Status::unavailable)
    SHOAL_DEBUG("bootstrap %s cannot watch its peers: a PE that dies is noticed by the launcher, "
                "by SHOAL_TIMEOUT, or by the next bootstrap call", r.boot->name());
  else if (s != Status::ok)
    SHOAL_WARN("bootstrap %s: the liveness watch did not start (%s)", r.boot->name(), status_str(s));
}

Status liveness_map(Runtime&) {
  if (g_device_word.load()) return Status::ok;
  void* p = nullptr;
  // Host-mapped: the host writes it (once), device code only reads it.
  if (cudaHostAlloc(&p, 64, cudaHostAllocMapped) != cudaSuccess) {
    SHOAL_ERROR("cudaHostAlloc of 64 bytes for the job-failure word failed: %s",
                cudaGetErrorString(cudaGetLastError()));
    return Status::no_memory;
  }
  auto* w = static_cast<std::uint32_t*>(p);
  *reinterpret_cast<volatile std::uint32_t*>(w) = g_word.load();
  g_device_word.store(w);
  // A failure recorded meanwhile wrote the host word only.
  *reinterpret_cast<volatile std::uint32_t*>(w) = g_word.load();
  return Status::ok;
}

const volatile std::uint32_t* liveness_device_word() { return g_device_word.load(); }

void liveness_arm() {
  g_armed.store(true);
  if (job_failed()) start_grace();
}

void liveness_stop(Runtime& r) {
  g_armed.store(false);
  r.boot->unwatch();
  if (std::uint32_t* w = g_device_word.exchange(nullptr)) cudaFreeHost(w);
}

std::uint32_t job_failure_word() { return g_word.load(std::memory_order_acquire); }

const char* job_failure_reason() { return job_failed() ? g_reason : ""; }

}  // namespace shoal
