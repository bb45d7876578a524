// Weakly ordered stores: a test option of the sim platform
// (SHOAL_SIM_WEAK_ORDER=<seed>, docs/sim.md "Weak ordering").
//
// x86 and in-order transports never reorder, so on plain sim a missing
// fence passes. With the option on, the stores of the put family (device
// put/p/iput/put_signal data at any scope, host put/p/iput/put_signal data,
// P2P) go into a store buffer of the issuing OS thread (a block's fibers
// share their worker's) and reach memory in a seeded random order, with
// random pauses between them, at the next ordering point: a fence, quiet,
// atomic, signal, release store, block or warp barrier, a get, a wait's
// spin, the end of the block, a host heap access other than a put, or when
// the buffer is full. Off (the default) costs one relaxed load per put.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstring>

namespace shoal::sim {

extern std::atomic<bool> g_weak_order;  // set from SHOAL_SIM_WEAK_ORDER when the library loads

void weak_store_slow(void* dst, const void* src, std::size_t n);
void weak_drain_slow();

inline bool weak_order() { return g_weak_order.load(std::memory_order_relaxed); }

// A store of the put family.
inline void weak_store(void* dst, const void* src, std::size_t n) {
  if (weak_order())
    weak_store_slow(dst, src, n);
  else
    std::memcpy(dst, src, n);
}

// An ordering point: this thread's buffered stores reach memory (in random order).
inline void weak_drain() {
  if (weak_order()) weak_drain_slow();
}

}  // namespace shoal::sim
