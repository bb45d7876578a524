// Loads and stores with explicit ordering and scope, 16-byte vector
// accesses and non-coherent (read-only path) loads.
//
//   ld_relaxed<S>(p)     atomic load, no ordering
//   ld_acquire<S>(p)     atomic load; later accesses of this thread are not
//                        performed before it (pairs with st_release at scope S)
//   st_relaxed<S>(p, v)  atomic store, no ordering
//   st_release<S>(p, v)  atomic store; earlier accesses of this thread are
//                        visible at scope S before the stored value is
//   ld_acquire_sys / st_release_sys / ld_relaxed_sys / st_relaxed_sys: the
//   system-scope forms used to talk to other PEs and the host.
// T: 8-, 16-, 32- or 64-bit integers; p naturally aligned.
//
//   ld_v4 / st_v4        one 16-byte access (uint4, 16-byte aligned), no ordering
//   ld_nc(p)             load through the read-only data path: only for data
//                        no thread writes while the kernel runs
#pragma once

#include "device/arch/platform.h"

namespace shoal::arch {

#if !defined(SHOAL_PLATFORM_SIM)
// One PTX load or store for each size; 8/16-bit values travel in 32-bit
// registers (PTX lets ld/st operands be wider than the type).
#define SHOAL_ARCH_LD_(sem, sc)                                                                       \
  if constexpr (sizeof(T) == 8) {                                                                     \
    uint64_t r;                                                                                       \
    asm volatile("ld." sem "." sc ".b64 %0, [%1];" : "=l"(r) : "l"(p) : "memory");                    \
    return static_cast<T>(r);                                                                         \
  } else if constexpr (sizeof(T) == 4) {                                                              \
    uint32_t r;                                                                                       \
    asm volatile("ld." sem "." sc ".b32 %0, [%1];" : "=r"(r) : "l"(p) : "memory");                    \
    return static_cast<T>(r);                                                                         \
  } else if constexpr (sizeof(T) == 2) {                                                              \
    uint32_t r;                                                                                       \
    asm volatile("ld." sem "." sc ".u16 %0, [%1];" : "=r"(r) : "l"(p) : "memory");                    \
    return static_cast<T>(r);                                                                         \
  } else {                                                                                            \
    uint32_t r;                                                                                       \
    asm volatile("ld." sem "." sc ".u8 %0, [%1];" : "=r"(r) : "l"(p) : "memory");                     \
    return static_cast<T>(r);                                                                         \
  }
#define SHOAL_ARCH_ST_(sem, sc)                                                                       \
  if constexpr (sizeof(T) == 8) {                                                                     \
    asm volatile("st." sem "." sc ".b64 [%0], %1;" ::"l"(p), "l"(static_cast<uint64_t>(v)) : "memory"); \
  } else if constexpr (sizeof(T) == 4) {                                                              \
    asm volatile("st." sem "." sc ".b32 [%0], %1;" ::"l"(p), "r"(static_cast<uint32_t>(v)) : "memory"); \
  } else if constexpr (sizeof(T) == 2) {                                                              \
    asm volatile("st." sem "." sc ".u16 [%0], %1;" ::"l"(p), "r"(static_cast<uint32_t>(static_cast<uint16_t>(v))) \
                 : "memory");                                                                         \
  } else {                                                                                            \
    asm volatile("st." sem "." sc ".u8 [%0], %1;" ::"l"(p), "r"(static_cast<uint32_t>(static_cast<uint8_t>(v))) \
                 : "memory");                                                                         \
  }
#define SHOAL_ARCH_BY_SCOPE_(OP, sem) \
  if constexpr (S == scope::cta) {    \
    OP(sem, "cta")                    \
  } else if constexpr (S == scope::gpu) { \
    OP(sem, "gpu")                    \
  } else {                            \
    OP(sem, "sys")                    \
  }
#endif

template <scope S, integer T>
SHOAL_ARCH_FN T ld_relaxed(const T* p) {
#if defined(SHOAL_PLATFORM_SIM)
  return __atomic_load_n(p, __ATOMIC_RELAXED);
#else
  SHOAL_ARCH_BY_SCOPE_(SHOAL_ARCH_LD_, "relaxed")
#endif
}

template <scope S, integer T>
SHOAL_ARCH_FN T ld_acquire(const T* p) {
#if defined(SHOAL_PLATFORM_SIM)
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#else
  SHOAL_ARCH_BY_SCOPE_(SHOAL_ARCH_LD_, "acquire")
#endif
}

template <scope S, integer T>
SHOAL_ARCH_FN void st_relaxed(T* p, std::type_identity_t<T> v) {
#if defined(SHOAL_PLATFORM_SIM)
  __atomic_store_n(p, v, __ATOMIC_RELAXED);
#else
  SHOAL_ARCH_BY_SCOPE_(SHOAL_ARCH_ST_, "relaxed")
#endif
}

template <scope S, integer T>
SHOAL_ARCH_FN void st_release(T* p, std::type_identity_t<T> v) {
#if defined(SHOAL_PLATFORM_SIM)
  shoal::sim::weak_drain();  // release: an ordering point of the weak-order option
  __atomic_store_n(p, v, __ATOMIC_RELEASE);
#else
  SHOAL_ARCH_BY_SCOPE_(SHOAL_ARCH_ST_, "release")
#endif
}

#if !defined(SHOAL_PLATFORM_SIM)
#undef SHOAL_ARCH_LD_
#undef SHOAL_ARCH_ST_
#undef SHOAL_ARCH_BY_SCOPE_
#endif

template <integer T>
SHOAL_ARCH_FN T ld_acquire_sys(const T* p) { return ld_acquire<scope::sys>(p); }
template <integer T>
SHOAL_ARCH_FN T ld_relaxed_sys(const T* p) { return ld_relaxed<scope::sys>(p); }
template <integer T>
SHOAL_ARCH_FN void st_release_sys(T* p, std::type_identity_t<T> v) { st_release<scope::sys>(p, v); }
template <integer T>
SHOAL_ARCH_FN void st_relaxed_sys(T* p, std::type_identity_t<T> v) { st_relaxed<scope::sys>(p, v); }

SHOAL_ARCH_FN uint4 ld_v4(const uint4* p) {
#if defined(SHOAL_PLATFORM_SIM)
  return *p;
#else
  uint4 r;
  asm volatile("ld.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w) : "l"(p) : "memory");
  return r;
#endif
}

SHOAL_ARCH_FN void st_v4(uint4* p, uint4 v) {
#if defined(SHOAL_PLATFORM_SIM)
  *p = v;
#else
  asm volatile("st.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
#endif
}

template <class T>
SHOAL_ARCH_FN T ld_nc(const T* p) {
#if defined(SHOAL_PLATFORM_SIM)
  return *p;
#else
  return __ldg(p);
#endif
}

}  // namespace shoal::arch
