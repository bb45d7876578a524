// Memory fences. fence_acq_rel_<scope>: accesses before the fence are
// ordered before accesses after it, as observed by threads in the scope.
// fence_sc_sys: additionally sequentially consistent (orders a store before
// a later load, e.g. Dekker-style flag handshakes between PEs).
#pragma once

#include "device/arch/platform.h"

namespace shoal::arch {

#if defined(SHOAL_PLATFORM_SIM)
// Every fence is an ordering point of the weak-order option (shoal/sim/weak_order.h).
SHOAL_ARCH_FN void fence_acq_rel_cta() {
  shoal::sim::weak_drain();
  std::atomic_thread_fence(std::memory_order_acq_rel);
}
SHOAL_ARCH_FN void fence_acq_rel_gpu() {
  shoal::sim::weak_drain();
  std::atomic_thread_fence(std::memory_order_acq_rel);
}
SHOAL_ARCH_FN void fence_acq_rel_sys() {
  shoal::sim::weak_drain();
  std::atomic_thread_fence(std::memory_order_acq_rel);
}
SHOAL_ARCH_FN void fence_sc_sys() {
  shoal::sim::weak_drain();
  std::atomic_thread_fence(std::memory_order_seq_cst);
}
#else
SHOAL_ARCH_FN void fence_acq_rel_cta() { asm volatile("fence.acq_rel.cta;" ::: "memory"); }
SHOAL_ARCH_FN void fence_acq_rel_gpu() { asm volatile("fence.acq_rel.gpu;" ::: "memory"); }
SHOAL_ARCH_FN void fence_acq_rel_sys() { asm volatile("fence.acq_rel.sys;" ::: "memory"); }
SHOAL_ARCH_FN void fence_sc_sys() { asm volatile("fence.sc.sys;" ::: "memory"); }
#endif

}  // namespace shoal::arch
