// Host-initiated atomics on symmetric words of any PE (typed, generated from
// the AMO tables in <shoal/types.h>). Through load/store they are
// std::atomic_ref operations on the peer's mapping, which are atomic with
// respect to every other PE's atomics on the same word (lock-free, so valid
// across processes). Fetching atomics return the old value; all are relaxed
// with respect to other addresses (use fence/quiet to order them).
#include "host/api/access.h"
#include "host/api/remote.h"
#include "host/api/sim_dispatch.h"
#include "shoal/shoal.h"

using namespace shoal;
using namespace shoal::api;

namespace {

// The word at `addr` on `pe`: std::atomic_ref when load/store reachable,
// else the proxy's atomics (same interface, relaxed either way).
template <class T>
class Word {
  static_assert(std::atomic_ref<T>::is_always_lock_free, "cross-process atomics need lock-free");
  using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

 public:
  Word(const char* call, const void* addr, int pe) : call_(call), addr_(addr), pe_(pe) {
    Runtime& r = rt(call);
    r_ = &r;
    if (r.cfg.checks) check_pe(r, call, pe);
    if (proxy_serves(r, pe)) {
      if (r.cfg.checks) {
        check_aligned(call, addr, sizeof(T), "dest");
        check_symmetric(r, call, addr, sizeof(T), "dest");
      }
    } else {
      p_ = atomic_target<T>(r, call, addr, pe, "dest");
    }
  }
  T load(std::memory_order o) { return p_ ? ref().load(o) : amo(proxy::kAmoAdd, T{}, T{}, true); }
  void store(T v, std::memory_order o) {
    if (p_) ref().store(v, o);
    else amo(proxy::kAmoSwap, v, T{}, false);
  }
  T exchange(T v, std::memory_order o) { return p_ ? ref().exchange(v, o) : amo(proxy::kAmoSwap, v, T{}, true); }
  bool compare_exchange_strong(T& expected, T v, std::memory_order o) {
    if (p_) return ref().compare_exchange_strong(expected, v, o);
    const T old = amo(proxy::kAmoCswap, v, expected, true);
    const bool ok = bits(old) == bits(expected);
    expected = old;
    return ok;
  }
  T fetch_add(T v, std::memory_order o) { return p_ ? ref().fetch_add(v, o) : amo(proxy::kAmoAdd, v, T{}, true); }
  T fetch_and(T v, std::memory_order o) { return p_ ? ref().fetch_and(v, o) : amo(proxy::kAmoAnd, v, T{}, true); }
  T fetch_or(T v, std::memory_order o) { return p_ ? ref().fetch_or(v, o) : amo(proxy::kAmoOr, v, T{}, true); }
  T fetch_xor(T v, std::memory_order o) { return p_ ? ref().fetch_xor(v, o) : amo(proxy::kAmoXor, v, T{}, true); }

 private:
  std::atomic_ref<T> ref() { return std::atomic_ref<T>(*p_); }
  static Bits bits(T v) {
    Bits b;
    std::memcpy(&b, &v, sizeof b);
    return b;
  }
  T amo(std::uint32_t op, T v, T cmp, bool fetch) {
    const Bits b = static_cast<Bits>(
        remote_amo(*r_, call_, addr_, sizeof(T), op, bits(v), bits(cmp), fetch, pe_));
    T out;
    std::memcpy(&out, &b, sizeof out);
    return out;
  }
  const char* call_;
  const void* addr_;
  int pe_;
  Runtime* r_ = nullptr;
  T* p_ = nullptr;
};

template <class T>
Word<T> word(const char* call, const void* addr, int pe) {
  return Word<T>(call, addr, pe);
}

constexpr auto kRelaxed = std::memory_order_relaxed;

}  // namespace

extern "C" {

#define SHOAL_DEF_AMO_EXT_(NAME, TYPE)                                                         \
  TYPE shoal_##NAME##_atomic_fetch(const TYPE* source, int pe) {                               \
    SHOAL_SIM_DISPATCH(NAME##_atomic_fetch, source, pe);                                     \
    return word<TYPE>("shoal_" #NAME "_atomic_fetch", source, pe).load(kRelaxed);              \
  }                                                                                            \
  void shoal_##NAME##_atomic_set(TYPE* dest, TYPE value, int pe) {                             \
    SHOAL_SIM_DISPATCH(NAME##_atomic_set, dest, value, pe);                                  \
    word<TYPE>("shoal_" #NAME "_atomic_set", dest, pe).store(value, kRelaxed);                 \
  }                                                                                            \
  TYPE shoal_##NAME##_atomic_swap(TYPE* dest, TYPE value, int pe) {                            \
    SHOAL_SIM_DISPATCH(NAME##_atomic_swap, dest, value, pe);                                 \
    return word<TYPE>("shoal_" #NAME "_atomic_swap", dest, pe).exchange(value, kRelaxed);      \
  }

#define SHOAL_DEF_AMO_STD_(NAME, TYPE)                                                         \
  SHOAL_DEF_AMO_EXT_(NAME, TYPE)                                                               \
  TYPE shoal_##NAME##_atomic_compare_swap(TYPE* dest, TYPE cond, TYPE value, int pe) {         \
    SHOAL_SIM_DISPATCH(NAME##_atomic_compare_swap, dest, cond, value, pe);                   \
    word<TYPE>("shoal_" #NAME "_atomic_compare_swap", dest, pe)                                \
        .compare_exchange_strong(cond, value, kRelaxed);                                       \
    return cond; /* the old value whether or not it matched */                                 \
  }                                                                                            \
  void shoal_##NAME##_atomic_inc(TYPE* dest, int pe) {                                         \
    SHOAL_SIM_DISPATCH(NAME##_atomic_inc, dest, pe);                                         \
    word<TYPE>("shoal_" #NAME "_atomic_inc", dest, pe).fetch_add(1, kRelaxed);                 \
  }                                                                                            \
  TYPE shoal_##NAME##_atomic_fetch_inc(TYPE* dest, int pe) {                                   \
    SHOAL_SIM_DISPATCH(NAME##_atomic_fetch_inc, dest, pe);                                   \
    return word<TYPE>("shoal_" #NAME "_atomic_fetch_inc", dest, pe).fetch_add(1, kRelaxed);    \
  }                                                                                            \
  void shoal_##NAME##_atomic_add(TYPE* dest, TYPE value, int pe) {                             \
    SHOAL_SIM_DISPATCH(NAME##_atomic_add, dest, value, pe);                                  \
    word<TYPE>("shoal_" #NAME "_atomic_add", dest, pe).fetch_add(value, kRelaxed);             \
  }                                                                                            \
  TYPE shoal_##NAME##_atomic_fetch_add(TYPE* dest, TYPE value, int pe) {                       \
    SHOAL_SIM_DISPATCH(NAME##_atomic_fetch_add, dest, value, pe);                            \
    return word<TYPE>("shoal_" #NAME "_atomic_fetch_add", dest, pe).fetch_add(value, kRelaxed);\
  }

#define SHOAL_DEF_AMO_BIT_(NAME, TYPE)                                                         \
  void shoal_##NAME##_atomic_and(TYPE* dest, TYPE value, int pe) {                             \
    SHOAL_SIM_DISPATCH(NAME##_atomic_and, dest, value, pe);                                  \
    word<TYPE>("shoal_" #NAME "_atomic_and", dest, pe).fetch_and(value, kRelaxed);             \
  }                                                                                            \
  void shoal_##NAME##_atomic_or(TYPE* dest, TYPE value, int pe) {                              \
    SHOAL_SIM_DISPATCH(NAME##_atomic_or, dest, value, pe);                                   \
    word<TYPE>("shoal_" #NAME "_atomic_or", dest, pe).fetch_or(value, kRelaxed);               \
  }                                                                                            \
  void shoal_##NAME##_atomic_xor(TYPE* dest, TYPE value, int pe) {                             \
    SHOAL_SIM_DISPATCH(NAME##_atomic_xor, dest, value, pe);                                  \
    word<TYPE>("shoal_" #NAME "_atomic_xor", dest, pe).fetch_xor(value, kRelaxed);             \
  }                                                                                            \
  TYPE shoal_##NAME##_atomic_fetch_and(TYPE* dest, TYPE value, int pe) {                       \
    SHOAL_SIM_DISPATCH(NAME##_atomic_fetch_and, dest, value, pe);                            \
    return word<TYPE>("shoal_" #NAME "_atomic_fetch_and", dest, pe).fetch_and(value, kRelaxed);\
  }                                                                                            \
  TYPE shoal_##NAME##_atomic_fetch_or(TYPE* dest, TYPE value, int pe) {                        \
    SHOAL_SIM_DISPATCH(NAME##_atomic_fetch_or, dest, value, pe);                             \
    return word<TYPE>("shoal_" #NAME "_atomic_fetch_or", dest, pe).fetch_or(value, kRelaxed);  \
  }                                                                                            \
  TYPE shoal_##NAME##_atomic_fetch_xor(TYPE* dest, TYPE value, int pe) {                       \
    SHOAL_SIM_DISPATCH(NAME##_atomic_fetch_xor, dest, value, pe);                            \
    return word<TYPE>("shoal_" #NAME "_atomic_fetch_xor", dest, pe).fetch_xor(value, kRelaxed);\
  }

SHOAL_FOR_AMO_STANDARD_TYPES(SHOAL_DEF_AMO_STD_)
SHOAL_FOR_AMO_EXTENDED_ONLY_TYPES(SHOAL_DEF_AMO_EXT_)
SHOAL_FOR_AMO_BITWISE_TYPES(SHOAL_DEF_AMO_BIT_)

}  // extern "C"
