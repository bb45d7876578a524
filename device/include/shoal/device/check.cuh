// Device-side argument checks and the one error path of device code: print
// a message naming the PE, the call and the bad value, then trap.
//
// Checks are compiled in when SHOAL_DEVICE_CHECKS is 1 (shoal's tests and
// the sim build of libshoal set it); at 0 (the default on cuda) they cost
// nothing. Unreachable PEs are always reported.
#pragma once

#include <stdio.h>

#include "shoal/device/state.cuh"

#ifndef SHOAL_DEVICE_CHECKS
#define SHOAL_DEVICE_CHECKS 0
#endif

namespace shoal::device {

// sim writes to stderr unbuffered: the trap ends the process right after.
#if defined(SHOAL_PLATFORM_SIM)
#define SHOAL_DEVICE_PRINTF_(...) fprintf(stderr, __VA_ARGS__)
#else
#define SHOAL_DEVICE_PRINTF_(...) printf(__VA_ARGS__)
#endif
#define SHOAL_DEVICE_FAIL(fmt, ...)                                                        \
  do {                                                                                     \
    SHOAL_DEVICE_PRINTF_("shoal[PE %d] device error: " fmt "\n",                          \
                         ::shoal::device::state().my_pe, __VA_ARGS__);                     \
    __trap();                                                                              \
  } while (0)

// Failures that are always checked live in out-of-line functions, so the
// hot path that calls them keeps no stack frame for printf's arguments.
// `inline`: defined in every translation unit that includes this, merged at link.
#if defined(SHOAL_PLATFORM_SIM)
#define SHOAL_DEVICE_COLD inline __attribute__((noinline, cold))
#else
#define SHOAL_DEVICE_COLD inline __device__ __noinline__
#endif

// Paths that are large and not worth inlining into every entry point (the
// remote transports' routing: one copy per translation unit instead of one
// per caller; inlined into the ~2,000 typed entry points they made the
// sim's device/sim/entry_part*.cu, then one file, take 10 GB and 15+ minutes
// to compile).
#if defined(SHOAL_PLATFORM_SIM)
#define SHOAL_DEVICE_OUTLINE inline __attribute__((noinline))
#else
#define SHOAL_DEVICE_OUTLINE inline __device__ __noinline__
#endif

[[noreturn]] SHOAL_DEVICE_COLD void fail_unreachable(const char* call, int pe) {
  SHOAL_DEVICE_FAIL("%s: PE %d is not load/store reachable and no remote transport is available "
                    "in this build", call, pe);
  __builtin_unreachable();
}

// The job-failure word (State::failed, docs/failures.md): -1 while the job
// is healthy, else the PE that failed (n_pes when unknown). One load from
// host-mapped memory: waits look every ~1000 polls, with their clock.
SHOAL_ARCH_FN int failed_pe() {
  const volatile uint32_t* w = state().failed;
  if (w == nullptr) return -1;
  const uint32_t v = *w;
  return v == 0 ? -1 : static_cast<int>(v - 1);
}

// Ends a wait the job's failure cut short: the call, what it waited for
// (fmt, ...), and the PE that failed.
#define SHOAL_DEVICE_GAVE_UP(pe, fmt, ...)                                                             \
  do {                                                                                                 \
    if ((pe) < ::shoal::device::state().n_pes)                                                         \
      SHOAL_DEVICE_FAIL(fmt ": gave up because PE %d failed (it exited, was killed or aborted)",       \
                        __VA_ARGS__, (pe));                                                            \
    SHOAL_DEVICE_FAIL(fmt ": gave up because the job failed (see the line naming the cause)",          \
                      __VA_ARGS__);                                                                    \
  } while (0)

SHOAL_ARCH_FN unsigned long long heap_offset(const void* addr) {
  return static_cast<unsigned long long>(static_cast<const char*>(addr) - state().heap_base);
}

[[noreturn]] SHOAL_DEVICE_COLD void fail_wait_timeout(const char* call, const void* addr, int cmp,
                                                      long long want, long long now) {
  if (const int pe = failed_pe(); pe >= 0)
    SHOAL_DEVICE_GAVE_UP(pe, "%s: waiting for the variable at heap offset 0x%llx to compare %d against %lld "
                         "(current value %lld)", call, heap_offset(addr), cmp, want, now);
  SHOAL_DEVICE_FAIL("%s: waited %.1f s (SHOAL_TIMEOUT) for the variable at heap offset 0x%llx to "
                    "compare %d against %lld; current value %lld", call, state().timeout_ns / 1e9,
                    heap_offset(addr), cmp, want, now);
  __builtin_unreachable();
}

[[noreturn]] SHOAL_DEVICE_COLD void fail_group_timeout(const char* call, const void* addr, size_t n,
                                                       const char* which) {
  if (const int pe = failed_pe(); pe >= 0)
    SHOAL_DEVICE_GAVE_UP(pe, "%s: waiting for %s of %llu variables at heap offset 0x%llx", call, which,
                         static_cast<unsigned long long>(n), heap_offset(addr));
  SHOAL_DEVICE_FAIL("%s: waited %.1f s (SHOAL_TIMEOUT) for %s of %llu variables at heap offset 0x%llx",
                    call, state().timeout_ns / 1e9, which, static_cast<unsigned long long>(n),
                    heap_offset(addr));
  __builtin_unreachable();
}

[[noreturn]] SHOAL_DEVICE_COLD void fail_barrier_timeout(const char* call, int round, int from,
                                                         unsigned long long flag,
                                                         unsigned long long epoch) {
  if (const int pe = failed_pe(); pe >= 0)
    SHOAL_DEVICE_GAVE_UP(pe, "%s: waiting in barrier round %d for PE %d (flag %llu, needs %llu)", call, round,
                         from, flag, epoch);
  SHOAL_DEVICE_FAIL("%s: waited %.1f s (SHOAL_TIMEOUT) in barrier round %d for PE %d (flag %llu, "
                    "needs %llu)", call, state().timeout_ns / 1e9, round, from, flag, epoch);
  __builtin_unreachable();
}

SHOAL_ARCH_FN void check_pe(const char* call, int pe) {
  if (SHOAL_DEVICE_CHECKS && (pe < 0 || pe >= state().n_pes))
    SHOAL_DEVICE_FAIL("%s: PE %d is out of range (0..%d)", call, pe, state().n_pes - 1);
}

SHOAL_ARCH_FN void check_symmetric(const char* call, const void* addr, size_t bytes,
                                   const char* what) {
  if (!SHOAL_DEVICE_CHECKS) return;
  const State& s = state();
  const uintptr_t a = reinterpret_cast<uintptr_t>(addr), b = reinterpret_cast<uintptr_t>(s.heap_base);
  if (a < b || a - b >= s.heap_size || bytes > s.heap_size - (a - b))
    SHOAL_DEVICE_FAIL("%s: %s %p (+%llu bytes) is not inside the symmetric heap [%p, +%llu)", call,
                      what, addr, static_cast<unsigned long long>(bytes),
                      static_cast<const void*>(s.heap_base),
                      static_cast<unsigned long long>(s.heap_size));
}

SHOAL_ARCH_FN void check_aligned(const char* call, const void* addr, size_t align, const char* what) {
  if (SHOAL_DEVICE_CHECKS && (reinterpret_cast<uintptr_t>(addr) & (align - 1)) != 0)
    SHOAL_DEVICE_FAIL("%s: %s %p is not aligned to %llu bytes", call, what, addr,
                      static_cast<unsigned long long>(align));
}

// The routing point: the address through which this thread reaches `addr`
// on `pe`. Load/store (P2P) when the peer's heap is mapped; otherwise the
// remote transport (proxy or IBGDA) takes over here.
SHOAL_ARCH_FN char* route(const char* call, const void* addr, size_t bytes, int pe,
                          const char* what) {
  check_pe(call, pe);
  check_symmetric(call, addr, bytes, what);
  const State& s = state();
  char* base = s.peer_base[pe];
  if (base == nullptr) fail_unreachable(call, pe);
  return base + (static_cast<const char*>(addr) - s.heap_base);
}

}  // namespace shoal::device
