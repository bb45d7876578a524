// Wall-clock time on the device, for timeouts (not for benchmarks).
//   globaltimer_ns(): nanoseconds from an arbitrary origin; cuda reads
//   %globaltimer, sim the host's steady clock.
#pragma once

#include "device/arch/platform.h"

#if defined(SHOAL_PLATFORM_SIM)
#include <chrono>
#endif

namespace shoal::arch {

SHOAL_ARCH_FN uint64_t globaltimer_ns() {
#if defined(SHOAL_PLATFORM_SIM)
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
#else
  uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
#endif
}

}  // namespace shoal::arch
