// The CPU's spin-wait hint (x86 pause, Arm yield), for host-side spin loops.
#pragma once

namespace shoal {

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

}  // namespace shoal
