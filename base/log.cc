#include "base/log.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace shoal {
namespace {

std::atomic<int> g_level{-1};  // -1: not read from the environment yet
std::atomic<int> g_pe{-1};
std::atomic<AbortHook> g_abort_hook{nullptr};

const char* level_name(LogLevel l) {
  switch (l) {
    case LogLevel::error: return "ERROR";
    case LogLevel::warn: return "WARN ";
    case LogLevel::info: return "INFO ";
    case LogLevel::debug: return "DEBUG";
    case LogLevel::trace: return "TRACE";
    default: return "     ";
  }
}

const char* basename_of(const char* path) {
  const char* s = std::strrchr(path, '/');
  return s ? s + 1 : path;
}

}  // namespace

void log_init_from_env() {
  const char* v = std::getenv("SHOAL_DEBUG");
  LogLevel l = LogLevel::warn;
  if (v && *v) {
    static const struct { const char* name; LogLevel level; } names[] = {
        {"none", LogLevel::none},   {"error", LogLevel::error}, {"warn", LogLevel::warn},
        {"info", LogLevel::info},   {"debug", LogLevel::debug}, {"trace", LogLevel::trace},
        {"0", LogLevel::none},      {"1", LogLevel::error},     {"2", LogLevel::warn},
        {"3", LogLevel::info},      {"4", LogLevel::debug},     {"5", LogLevel::trace},
    };
    bool found = false;
    for (const auto& n : names) {
      if (strcasecmp(v, n.name) == 0) {
        l = n.level;
        found = true;
      }
    }
    if (!found) {
      std::fprintf(stderr,
                   "shoal[pid %d] WARN  SHOAL_DEBUG='%s' is not one of "
                   "none|error|warn|info|debug|trace (or 0-5); using warn\n",
                   static_cast<int>(getpid()), v);
    }
  }
  g_level.store(static_cast<int>(l), std::memory_order_relaxed);
}

LogLevel log_level() {
  int l = g_level.load(std::memory_order_relaxed);
  if (l < 0) {
    log_init_from_env();
    l = g_level.load(std::memory_order_relaxed);
  }
  return static_cast<LogLevel>(l);
}

void log_set_level(LogLevel level) { g_level.store(static_cast<int>(level)); }
void log_set_pe(int pe) { g_pe.store(pe); }
int log_pe() { return g_pe.load(); }

void log_vwrite(LogLevel level, const char* file, int line, const char* fmt, va_list ap) {
  // One write() per line so lines from several PEs and threads do not mix.
  char buf[2048];
  int pe = g_pe.load(std::memory_order_relaxed);
  int n;
  if (pe >= 0)
    n = std::snprintf(buf, sizeof buf, "shoal[PE %d] %s %s:%d ", pe, level_name(level),
                      basename_of(file), line);
  else
    n = std::snprintf(buf, sizeof buf, "shoal[pid %d] %s %s:%d ", static_cast<int>(getpid()),
                      level_name(level), basename_of(file), line);
  if (n < 0) n = 0;
  if (static_cast<size_t>(n) < sizeof buf) {
    int m = std::vsnprintf(buf + n, sizeof buf - n, fmt, ap);
    if (m > 0) n += m;
  }
  if (static_cast<size_t>(n) >= sizeof buf - 1) n = sizeof buf - 2;
  buf[n++] = '\n';
  ssize_t rc = ::write(2, buf, n);
  (void)rc;
}

void log_write(LogLevel level, const char* file, int line, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  log_vwrite(level, file, line, fmt, ap);
  va_end(ap);
}

void log_trail(const char* file, int line, const char* func, Status s) {
  if (log_level() >= LogLevel::trace)
    log_write(LogLevel::trace, file, line, "<- %s: %s", func, status_str(s));
}

void set_abort_hook(AbortHook hook) { g_abort_hook.store(hook); }

void fatal(const char* fmt, ...) {
  char buf[1536];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  int pe = g_pe.load();
  char line[1700];
  int n = pe >= 0 ? std::snprintf(line, sizeof line, "shoal[PE %d] FATAL %s\n", pe, buf)
                  : std::snprintf(line, sizeof line, "shoal[pid %d] FATAL %s\n",
                                  static_cast<int>(getpid()), buf);
  if (n > 0) {
    ssize_t rc = ::write(2, line, static_cast<size_t>(n) < sizeof line ? n : sizeof line - 1);
    (void)rc;
  }
  AbortHook hook = g_abort_hook.exchange(nullptr);  // no recursion through the hook
  if (hook) hook(1);
  std::_Exit(1);
}

const char* status_str(Status s) {
  switch (s) {
    case Status::ok: return "ok";
    case Status::invalid_argument: return "invalid argument";
    case Status::invalid_state: return "invalid state";
    case Status::no_memory: return "out of memory";
    case Status::timeout: return "timed out";
    case Status::io_error: return "I/O error";
    case Status::protocol_error: return "protocol error";
    case Status::not_found: return "not found";
    case Status::unavailable: return "unavailable";
    case Status::peer_failed: return "peer failed";
    case Status::internal: return "internal error";
  }
  return "unknown status";
}

}  // namespace shoal
