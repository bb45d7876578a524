// Stores to device registers mapped into the GPU's address space: the NIC's
// UAR page, where a doorbell ("BlueFlame") write tells the NIC that new work
// queue entries are ready.
//
//   st_mmio64(p, v)  one 8-byte store, never merged, split or repeated, and
//                    not cached. It has no ordering of its own: the caller
//                    issues fence_acq_rel_sys() first so the WQE and the
//                    doorbell record are visible to the NIC before it.
// cuda: st.mmio.relaxed.sys (PTX ISA 8.2, sm_70+). sim: a relaxed atomic
// store into ordinary memory that the mlx5 emulator may read.
#pragma once

#include "device/arch/platform.h"

namespace shoal::arch {

SHOAL_ARCH_FN void st_mmio64(uint64_t* p, uint64_t v) {
#if defined(SHOAL_PLATFORM_SIM)
  __atomic_store_n(p, v, __ATOMIC_RELAXED);
#else
  asm volatile("st.mmio.relaxed.sys.global.b64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
#endif
}

}  // namespace shoal::arch
