// Status codes and the check macros used by every layer below the public API.
//
// The function that first detects an error logs it (with the PE, the call
// and the bad value); callers only propagate the status with SHOAL_CHECK,
// which adds a trace-level line so SHOAL_DEBUG=trace shows the call trail.
#pragma once

namespace shoal {

enum class Status : int {
  ok = 0,
  invalid_argument,   // caller passed a bad value
  invalid_state,      // call not allowed now (before init, after finalize, ...)
  no_memory,          // allocation failed
  timeout,            // a bounded wait expired
  io_error,           // a socket/file operation failed
  protocol_error,     // a peer sent a malformed or unauthenticated message
  not_found,          // plugin, device, symbol or peer missing
  unavailable,        // feature not supported on this platform/build
  peer_failed,        // another PE died or aborted
  internal,           // a bug in shoal
};

const char* status_str(Status s);

}  // namespace shoal

#define SHOAL_TRACE_RETURN_(s_)                                                 \
  do {                                                                          \
    ::shoal::log_trail(__FILE__, __LINE__, __func__, (s_));                     \
    return (s_);                                                                \
  } while (0)

// Evaluate a Status expression; on failure append to the trail and return it.
#define SHOAL_CHECK(expr)                                                       \
  do {                                                                          \
    ::shoal::Status shoal_check_s_ = (expr);                                    \
    if (shoal_check_s_ != ::shoal::Status::ok) SHOAL_TRACE_RETURN_(shoal_check_s_); \
  } while (0)

// Same, but jump to a cleanup label (named for what it undoes) after storing
// the status in `res`.
#define SHOAL_CHECK_GOTO(expr, res, label)                                      \
  do {                                                                          \
    (res) = (expr);                                                             \
    if ((res) != ::shoal::Status::ok) {                                         \
      ::shoal::log_trail(__FILE__, __LINE__, __func__, (res));                  \
      goto label;                                                               \
    }                                                                           \
  } while (0)

namespace shoal {
void log_trail(const char* file, int line, const char* func, Status s);
}
