// Host-initiated atomics on symmetric words of any PE (typed, generated from
// the AMO tables in <shoal/types.h>): through heap_atomic (host/heap/access.h)
// when the PE is load/store reachable (CPU atomics on the peer's mapping on
// sim, a system-scope GPU atomic on cuda), else through the proxy's remote
// atomics; atomic with respect to every other PE's atomics on the same word.
// Fetching atomics return the old value; all are relaxed with respect to
// other addresses (use fence/quiet to order them).
#include "host/api/access.h"
#include "host/api/remote.h"
#include "host/api/sim_dispatch.h"
#include "shoal/shoal.h"

using namespace shoal;
using namespace shoal::api;

namespace {

// The proxy's operation for op (fetch: a fetching add of 0; set: a swap
// whose result is not needed).
std::uint32_t proxy_amo_op(HeapAmo op) {
  switch (op) {
    case HeapAmo::fetch:
    case HeapAmo::add: return proxy::kAmoAdd;
    case HeapAmo::set:
    case HeapAmo::swap: return proxy::kAmoSwap;
    case HeapAmo::compare_swap: return proxy::kAmoCswap;
    case HeapAmo::and_: return proxy::kAmoAnd;
    case HeapAmo::or_: return proxy::kAmoOr;
    case HeapAmo::xor_: return proxy::kAmoXor;
  }
  return proxy::kAmoAdd;
}

// Applies op to the T word at symmetric `addr` on `pe`; returns the old value.
// Load/store reachable: heap_atomic on the mapping; else the proxy's atomics
// (relaxed either way).
template <class T>
T amo(const char* call, const void* addr, int pe, HeapAmo op, T value = T{}, T cond = T{}) {
  Runtime& r = rt(call);
  if (r.cfg.checks) check_pe(r, call, pe);
  if (proxy_serves(r, pe)) {
    if (r.cfg.checks) {
      check_aligned(call, addr, sizeof(T), "dest");
      check_symmetric(r, call, addr, sizeof(T), "dest");
    }
    return from_bits<T>(remote_amo(r, call, addr, sizeof(T), proxy_amo_op(op), to_bits(value), to_bits(cond),
                                   op != HeapAmo::set, pe));
  }
  void* w = atomic_target<T>(r, call, addr, pe, "dest");
  return from_bits<T>(heap_atomic(call, w, sizeof(T), op, to_bits(value), to_bits(cond)));
}

}  // namespace

extern "C" {

#define SHOAL_DEF_AMO_EXT_(NAME, TYPE)                                                         \
  TYPE shoal_##NAME##_atomic_fetch(const TYPE* source, int pe) {                               \
    SHOAL_SIM_DISPATCH(NAME##_atomic_fetch, source, pe);                                     \
    return amo<TYPE>("shoal_" #NAME "_atomic_fetch", source, pe, HeapAmo::fetch);              \
  }                                                                                            \
  void shoal_##NAME##_atomic_set(TYPE* dest, TYPE value, int pe) {                             \
    SHOAL_SIM_DISPATCH(NAME##_atomic_set, dest, value, pe);                                  \
    amo<TYPE>("shoal_" #NAME "_atomic_set", dest, pe, HeapAmo::set, value);                 \
  }                                                                                            \
  TYPE shoal_##NAME##_atomic_swap(TYPE* dest, TYPE value, int pe) {                            \
    SHOAL_SIM_DISPATCH(NAME##_atomic_swap, dest, value, pe);                                 \
    return amo<TYPE>("shoal_" #NAME "_atomic_swap", dest, pe, HeapAmo::swap, value);      \
  }

#define SHOAL_DEF_AMO_STD_(NAME, TYPE)                                                         \
  SHOAL_DEF_AMO_EXT_(NAME, TYPE)                                                               \
  TYPE shoal_##NAME##_atomic_compare_swap(TYPE* dest, TYPE cond, TYPE value, int pe) {         \
    SHOAL_SIM_DISPATCH(NAME##_atomic_compare_swap, dest, cond, value, pe);                   \
    return amo<TYPE>("shoal_" #NAME "_atomic_compare_swap", dest, pe, HeapAmo::compare_swap,   \
                     value, cond);                                                             \
  }                                                                                            \
  void shoal_##NAME##_atomic_inc(TYPE* dest, int pe) {                                         \
    SHOAL_SIM_DISPATCH(NAME##_atomic_inc, dest, pe);                                         \
    amo<TYPE>("shoal_" #NAME "_atomic_inc", dest, pe, HeapAmo::add, static_cast<TYPE>(1));                 \
  }                                                                                            \
  TYPE shoal_##NAME##_atomic_fetch_inc(TYPE* dest, int pe) {                                   \
    SHOAL_SIM_DISPATCH(NAME##_atomic_fetch_inc, dest, pe);                                   \
    return amo<TYPE>("shoal_" #NAME "_atomic_fetch_inc", dest, pe, HeapAmo::add, static_cast<TYPE>(1));    \
  }                                                                                            \
  void shoal_##NAME##_atomic_add(TYPE* dest, TYPE value, int pe) {                             \
    SHOAL_SIM_DISPATCH(NAME##_atomic_add, dest, value, pe);                                  \
    amo<TYPE>("shoal_" #NAME "_atomic_add", dest, pe, HeapAmo::add, value);             \
  }                                                                                            \
  TYPE shoal_##NAME##_atomic_fetch_add(TYPE* dest, TYPE value, int pe) {                       \
    SHOAL_SIM_DISPATCH(NAME##_atomic_fetch_add, dest, value, pe);                            \
    return amo<TYPE>("shoal_" #NAME "_atomic_fetch_add", dest, pe, HeapAmo::add, value);\
  }

#define SHOAL_DEF_AMO_BIT_(NAME, TYPE)                                                         \
  void shoal_##NAME##_atomic_and(TYPE* dest, TYPE value, int pe) {                             \
    SHOAL_SIM_DISPATCH(NAME##_atomic_and, dest, value, pe);                                  \
    amo<TYPE>("shoal_" #NAME "_atomic_and", dest, pe, HeapAmo::and_, value);             \
  }                                                                                            \
  void shoal_##NAME##_atomic_or(TYPE* dest, TYPE value, int pe) {                              \
    SHOAL_SIM_DISPATCH(NAME##_atomic_or, dest, value, pe);                                   \
    amo<TYPE>("shoal_" #NAME "_atomic_or", dest, pe, HeapAmo::or_, value);               \
  }                                                                                            \
  void shoal_##NAME##_atomic_xor(TYPE* dest, TYPE value, int pe) {                             \
    SHOAL_SIM_DISPATCH(NAME##_atomic_xor, dest, value, pe);                                  \
    amo<TYPE>("shoal_" #NAME "_atomic_xor", dest, pe, HeapAmo::xor_, value);             \
  }                                                                                            \
  TYPE shoal_##NAME##_atomic_fetch_and(TYPE* dest, TYPE value, int pe) {                       \
    SHOAL_SIM_DISPATCH(NAME##_atomic_fetch_and, dest, value, pe);                            \
    return amo<TYPE>("shoal_" #NAME "_atomic_fetch_and", dest, pe, HeapAmo::and_, value);\
  }                                                                                            \
  TYPE shoal_##NAME##_atomic_fetch_or(TYPE* dest, TYPE value, int pe) {                        \
    SHOAL_SIM_DISPATCH(NAME##_atomic_fetch_or, dest, value, pe);                             \
    return amo<TYPE>("shoal_" #NAME "_atomic_fetch_or", dest, pe, HeapAmo::or_, value);  \
  }                                                                                            \
  TYPE shoal_##NAME##_atomic_fetch_xor(TYPE* dest, TYPE value, int pe) {                       \
    SHOAL_SIM_DISPATCH(NAME##_atomic_fetch_xor, dest, value, pe);                            \
    return amo<TYPE>("shoal_" #NAME "_atomic_fetch_xor", dest, pe, HeapAmo::xor_, value);\
  }

SHOAL_FOR_AMO_STANDARD_TYPES(SHOAL_DEF_AMO_STD_)
SHOAL_FOR_AMO_EXTENDED_ONLY_TYPES(SHOAL_DEF_AMO_EXT_)
SHOAL_FOR_AMO_BITWISE_TYPES(SHOAL_DEF_AMO_BIT_)

}  // extern "C"
