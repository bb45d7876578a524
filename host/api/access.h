// Shared by the host API files: argument checks and the route to a target
// PE's memory. Every host operation goes through target()/atomic_target()
// here, the one place that decides how a PE is reached (load/store today; the
// remote transport plugs in here). Bytes move through host/heap/access.h
// (memcpy on sim, cudaMemcpy on cuda); atomics, signals and waits through
// heap_atomic/heap_signal/heap_load_acquire there (CPU atomics on sim, a
// one-thread kernel or a copy on cuda).
#pragma once

#include <atomic>
#include <cinttypes>
#include <cstdint>
#include <cstring>

#include "base/log.h"
#include "host/heap/access.h"
#include "host/runtime.h"
#include "shoal/types.h"

namespace shoal::api {

// bytes = nelems * elem, ending the job on overflow.
inline std::uint64_t checked_bytes(const char* call, std::size_t nelems, std::size_t elem) {
  std::uint64_t bytes;
  if (__builtin_mul_overflow(static_cast<std::uint64_t>(nelems), static_cast<std::uint64_t>(elem),
                             &bytes))
    fatal("%s: %zu elements of %zu bytes overflow", call, nelems, elem);
  return bytes;
}

// The address of symmetric [addr, addr+bytes) on pe, after the checks.
inline char* target(Runtime& r, const char* call, const void* addr, std::uint64_t bytes, int pe,
                    const char* what) {
  if (r.cfg.checks) {
    check_pe(r, call, pe);
    check_symmetric(r, call, addr, bytes, what);
  }
  return reach(r, call, addr, pe);
}

// An atomic word of type T at symmetric `addr` on `pe`.
template <class T>
inline T* atomic_target(Runtime& r, const char* call, const void* addr, int pe, const char* what) {
  if (r.cfg.checks) check_aligned(call, addr, sizeof(T), what);
  return reinterpret_cast<T*>(target(r, call, addr, sizeof(T), pe, what));
}

// A local symmetric variable (wait/test, signal_fetch).
template <class T>
inline T* local_var(Runtime& r, const char* call, const void* addr, const char* what) {
  if (r.cfg.checks) {
    check_symmetric(r, call, addr, sizeof(T), what);
    check_aligned(call, addr, sizeof(T), what);
  }
  return const_cast<T*>(static_cast<const T*>(addr));
}

inline void check_sig_op(const char* call, int sig_op) {
  if (sig_op != SHOAL_SIGNAL_SET && sig_op != SHOAL_SIGNAL_ADD)
    fatal("%s: sig_op %d is neither SHOAL_SIGNAL_SET (%d) nor SHOAL_SIGNAL_ADD (%d)", call, sig_op,
          SHOAL_SIGNAL_SET, SHOAL_SIGNAL_ADD);
}

inline void check_cmp(const char* call, int cmp) {
  if (cmp < SHOAL_CMP_EQ || cmp > SHOAL_CMP_GE)
    fatal("%s: cmp %d is not one of SHOAL_CMP_EQ/NE/GT/LE/LT/GE (0..5)", call, cmp);
}

// A value's bits, zero-extended, for heap_atomic, and back.
template <class T>
inline std::uint64_t to_bits(T v) {
  std::uint64_t b = 0;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}
template <class T>
inline T from_bits(std::uint64_t b) {
  T v;
  std::memcpy(&v, &b, sizeof(T));
  return v;
}

}  // namespace shoal::api
