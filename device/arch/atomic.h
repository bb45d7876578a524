// Read-modify-write atomics with a scope. All are relaxed: order them with
// the fences in device/arch/fence.h or with ld_acquire/st_release.
// Each returns the value before the operation. T: 32- or 64-bit integers.
#pragma once

#include "device/arch/platform.h"

namespace shoal::arch {

template <class T>
concept rmw_integer = std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8);

#if !defined(SHOAL_PLATFORM_SIM)
namespace detail {
// The CUDA intrinsic's operand type for T: signedness matters only for min/max.
template <class T, bool Signed>
using cuda_t = std::conditional_t<sizeof(T) == 4, std::conditional_t<Signed, int, unsigned>,
                                  std::conditional_t<Signed, long long, unsigned long long>>;
}  // namespace detail

#define SHOAL_ARCH_RMW_(fn, Signed, ...)                                                            \
  using C = detail::cuda_t<T, Signed>;                                                              \
  C* q = reinterpret_cast<C*>(p);                                                                   \
  if constexpr (S == scope::cta) return static_cast<T>(fn##_block(q, __VA_ARGS__));                 \
  else if constexpr (S == scope::gpu) return static_cast<T>(fn(q, __VA_ARGS__));                    \
  else return static_cast<T>(fn##_system(q, __VA_ARGS__));
#endif

#if defined(SHOAL_PLATFORM_SIM)
// Atomics are ordering points of the weak-order option (shoal/sim/weak_order.h).
#define SHOAL_ARCH_SIM_RMW_(builtin) \
  shoal::sim::weak_drain();          \
  return builtin(p, v, __ATOMIC_RELAXED);
#endif

template <scope S, rmw_integer T>
SHOAL_ARCH_FN T atomic_fetch_add(T* p, std::type_identity_t<T> v) {
#if defined(SHOAL_PLATFORM_SIM)
  SHOAL_ARCH_SIM_RMW_(__atomic_fetch_add)
#else
  SHOAL_ARCH_RMW_(atomicAdd, false, static_cast<C>(v))
#endif
}

template <scope S, rmw_integer T>
SHOAL_ARCH_FN T atomic_exchange(T* p, std::type_identity_t<T> v) {
#if defined(SHOAL_PLATFORM_SIM)
  SHOAL_ARCH_SIM_RMW_(__atomic_exchange_n)
#else
  SHOAL_ARCH_RMW_(atomicExch, false, static_cast<C>(v))
#endif
}

template <scope S, rmw_integer T>
SHOAL_ARCH_FN T atomic_fetch_and(T* p, std::type_identity_t<T> v) {
#if defined(SHOAL_PLATFORM_SIM)
  SHOAL_ARCH_SIM_RMW_(__atomic_fetch_and)
#else
  SHOAL_ARCH_RMW_(atomicAnd, false, static_cast<C>(v))
#endif
}

template <scope S, rmw_integer T>
SHOAL_ARCH_FN T atomic_fetch_or(T* p, std::type_identity_t<T> v) {
#if defined(SHOAL_PLATFORM_SIM)
  SHOAL_ARCH_SIM_RMW_(__atomic_fetch_or)
#else
  SHOAL_ARCH_RMW_(atomicOr, false, static_cast<C>(v))
#endif
}

template <scope S, rmw_integer T>
SHOAL_ARCH_FN T atomic_fetch_xor(T* p, std::type_identity_t<T> v) {
#if defined(SHOAL_PLATFORM_SIM)
  SHOAL_ARCH_SIM_RMW_(__atomic_fetch_xor)
#else
  SHOAL_ARCH_RMW_(atomicXor, false, static_cast<C>(v))
#endif
}

template <scope S, rmw_integer T>
SHOAL_ARCH_FN T atomic_fetch_min(T* p, std::type_identity_t<T> v) {
#if defined(SHOAL_PLATFORM_SIM)
  shoal::sim::weak_drain();
  T old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (v < old && !__atomic_compare_exchange_n(p, &old, v, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  return old;
#else
  SHOAL_ARCH_RMW_(atomicMin, std::is_signed_v<T>, static_cast<C>(v))
#endif
}

template <scope S, rmw_integer T>
SHOAL_ARCH_FN T atomic_fetch_max(T* p, std::type_identity_t<T> v) {
#if defined(SHOAL_PLATFORM_SIM)
  shoal::sim::weak_drain();
  T old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (v > old && !__atomic_compare_exchange_n(p, &old, v, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  return old;
#else
  SHOAL_ARCH_RMW_(atomicMax, std::is_signed_v<T>, static_cast<C>(v))
#endif
}

// Stores v if *p == expected; returns the old value either way.
template <scope S, rmw_integer T>
SHOAL_ARCH_FN T atomic_cas(T* p, std::type_identity_t<T> expected, std::type_identity_t<T> v) {
#if defined(SHOAL_PLATFORM_SIM)
  shoal::sim::weak_drain();
  __atomic_compare_exchange_n(p, &expected, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return expected;
#else
  SHOAL_ARCH_RMW_(atomicCAS, false, static_cast<C>(expected), static_cast<C>(v))
#endif
}

#undef SHOAL_ARCH_RMW_
#undef SHOAL_ARCH_SIM_RMW_

}  // namespace shoal::arch
