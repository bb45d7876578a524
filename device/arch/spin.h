// The spin hook. Every spin loop in shoal's device code calls spin_pause()
// once per iteration:
//
//   while (shoal::arch::ld_acquire_sys(flag) == 0) shoal::arch::spin_pause();
//
// cuda: nothing (the hardware schedules other warps). sim: yields to the
// block's other fibers, and when all of them wait, gives the CPU to other
// blocks and PE processes; it also enforces SHOAL_TIMEOUT, reporting where
// each thread waits.
//
// spin_begin() marks the start of one wait (a wait object's constructor
// calls it). cuda: nothing. sim: the block's backoff starts over, so a wait
// that begins right after another one ended (a ping-pong) yields again
// instead of inheriting the previous wait's naps.
#pragma once

#include "device/arch/platform.h"

#if defined(SHOAL_PLATFORM_SIM)
#include <source_location>

#include "shoal/sim/fiber.h"
#endif

namespace shoal::arch {

#if defined(SHOAL_PLATFORM_SIM)
// A waiting thread's stores reach memory (weak-order option): on a GPU they
// do eventually, and the wait may be for the answer to them.
inline void spin_pause(std::source_location loc = std::source_location::current()) {
  shoal::sim::weak_drain();
  shoal::sim::spin_pause(loc);
}
inline void spin_begin() { shoal::sim::spin_begin(); }
#else
SHOAL_ARCH_FN void spin_pause() {}
SHOAL_ARCH_FN void spin_begin() {}
#endif

}  // namespace shoal::arch
