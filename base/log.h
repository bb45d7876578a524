// Logging to stderr with a PE prefix and a level, chosen by SHOAL_DEBUG
// (none|error|warn|info|debug|trace, default warn).
//
// Lines read: "shoal[PE 3] WARN  heap.cc:42 message". Before the PE is known
// the prefix carries the process id instead.
#pragma once

#include <cstdarg>

#include "base/status.h"

namespace shoal {

enum class LogLevel : int { none = 0, error, warn, info, debug, trace };

LogLevel log_level();
void log_set_level(LogLevel level);
// Re-read SHOAL_DEBUG (done lazily on first use; init calls it again).
void log_init_from_env();
// Called by the runtime once the PE is known; -1 clears it.
void log_set_pe(int pe);
int log_pe();

void log_write(LogLevel level, const char* file, int line, const char* fmt, ...)
    __attribute__((format(printf, 4, 5)));
void log_vwrite(LogLevel level, const char* file, int line, const char* fmt, va_list ap);

// A fatal error: prints the message (always, whatever the level) and calls the
// abort hook, which the runtime points at its job-wide abort (bootstrap
// abort). Without a hook the process exits with status 1. Never returns.
[[noreturn]] void fatal(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

using AbortHook = void (*)(int code);
void set_abort_hook(AbortHook hook);

}  // namespace shoal

#define SHOAL_LOG(level, ...)                                                   \
  do {                                                                          \
    if (static_cast<int>(level) <= static_cast<int>(::shoal::log_level()))      \
      ::shoal::log_write(level, __FILE__, __LINE__, __VA_ARGS__);               \
  } while (0)
#define SHOAL_ERROR(...) SHOAL_LOG(::shoal::LogLevel::error, __VA_ARGS__)
#define SHOAL_WARN(...) SHOAL_LOG(::shoal::LogLevel::warn, __VA_ARGS__)
#define SHOAL_INFO(...) SHOAL_LOG(::shoal::LogLevel::info, __VA_ARGS__)
#define SHOAL_DEBUG(...) SHOAL_LOG(::shoal::LogLevel::debug, __VA_ARGS__)
#define SHOAL_TRACE(...) SHOAL_LOG(::shoal::LogLevel::trace, __VA_ARGS__)
