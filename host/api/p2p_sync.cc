// Point-to-point synchronisation on local symmetric variables: wait_until,
// test and their all/any/some (+ vector) families, signal_fetch,
// signal_wait_until. Reads are acquire loads: what a writer published before
// its release (put_signal's data, anything before fence/quiet + p) is visible
// once the condition is seen true.
#include <cinttypes>
#include <cstdint>
#include <type_traits>

#include "host/api/access.h"
#include "host/api/remote.h"
#include "host/wait.h"
#include "host/api/sim_dispatch.h"
#include "shoal/shared/wait_set.h"
#include "shoal/shoal.h"

using namespace shoal;
using namespace shoal::api;

namespace {

template <class T>
T load_acquire(const char* call, const T* p) {
  return from_bits<T>(heap_load_acquire(call, p, sizeof(T)));
}

template <class T>
struct AcquireLoad {
  const char* call;
  T operator()(const T* p) const { return load_acquire(call, p); }
};

template <class T>
void format_value(char* buf, std::size_t len, T v) {
  if constexpr (std::is_signed_v<T>)
    std::snprintf(buf, len, "%lld", static_cast<long long>(v));
  else
    std::snprintf(buf, len, "%llu", static_cast<unsigned long long>(v));
}

// One call's variables (shared::WaitSet, the logic the device API runs too)
// and what the host adds: the call's name, its checks and its report.
template <class T>
struct Vars : shared::WaitSet<T, AcquireLoad<T>> {
  const char* call;

  Vars(const char* call_name, T* ivars, std::size_t n, const int* status, int cmp, const T* values,
       T value)
      : shared::WaitSet<T, AcquireLoad<T>>{ivars, n, status, cmp, values, value, {call_name}},
        call(call_name) {}

  void validate(Runtime& r) const {
    check_cmp(call, this->cmp);
    if (r.cfg.checks && this->n) {
      if (!this->ivars) fatal("%s: ivars is NULL with %zu elements", call, this->n);
      check_symmetric(r, call, this->ivars, checked_bytes(call, this->n, sizeof(T)), "ivars");
      check_aligned(call, this->ivars, sizeof(T), "ivars");
    }
  }

  // Names the first element that takes part and is not satisfied.
  void describe(Runtime& r, char* buf, std::size_t len) const {
    const std::size_t i = this->first_unsatisfied();
    if (i == this->n) {
      std::snprintf(buf, len, "%zu variables (all satisfied now)", this->n);
      return;
    }
    char want[32], have[32];
    format_value(want, sizeof want, this->want(i));
    format_value(have, sizeof have, this->current(i));
    std::snprintf(buf, len,
                  "ivars[%zu] of %zu (PE %d, heap offset 0x%" PRIx64 ") to become %s %s; "
                  "current value %s", i, this->n, r.my_pe, r.heap.offset_of(&this->ivars[i]),
                  shared::cmp_name(this->cmp), want, have);
  }
};

// shared::wait_*'s Waiter: the host's backoff and SHOAL_TIMEOUT report.
template <class T>
struct Waiter {
  Runtime& r;
  const Vars<T>& v;
  template <class Pred>
  void until(Pred&& pred, std::size_t /*what: describe() names the element*/) {
    wait_for(v.call, r.cfg.timeout_s, pred, [&](char* buf, std::size_t len) { v.describe(r, buf, len); });
  }
};

template <class T>
void wait_all(const Vars<T>& v) {
  Runtime& r = rt(v.call);
  v.validate(r);
  Waiter<T> w{r, v};
  shared::wait_all(v, w);
}

template <class T>
std::size_t wait_any(const Vars<T>& v) {
  Runtime& r = rt(v.call);
  v.validate(r);
  Waiter<T> w{r, v};
  return shared::wait_any(v, w);
}

template <class T>
std::size_t wait_some(const Vars<T>& v, std::size_t* indices) {
  Runtime& r = rt(v.call);
  v.validate(r);
  if (!v.any_included()) return 0;
  if (!indices) fatal("%s: indices is NULL", v.call);
  Waiter<T> w{r, v};
  return shared::wait_some(v, w, indices);
}

template <class T>
int test_all(const Vars<T>& v) {
  v.validate(rt(v.call));
  return shared::test_all(v);
}

template <class T>
std::size_t test_any(const Vars<T>& v) {
  v.validate(rt(v.call));
  return shared::test_any(v);
}

template <class T>
std::size_t test_some(const Vars<T>& v, std::size_t* indices) {
  v.validate(rt(v.call));
  if (!v.any_included()) return 0;
  if (!indices) fatal("%s: indices is NULL", v.call);
  return shared::test_some(v, indices);
}

}  // namespace

extern "C" {

#define SHOAL_DEF_P2P_(NAME, TYPE)                                                             \
  void shoal_##NAME##_wait_until(TYPE* ivar, int cmp, TYPE cmp_value) {                        \
    SHOAL_SIM_DISPATCH(NAME##_wait_until, ivar, cmp, cmp_value);                             \
    wait_all(Vars<TYPE>{"shoal_" #NAME "_wait_until", ivar, 1, nullptr, cmp, nullptr,          \
                        cmp_value});                                                           \
  }                                                                                            \
  void shoal_##NAME##_wait_until_all(TYPE* ivars, size_t nelems, const int* status, int cmp,   \
                                     TYPE cmp_value) {                                         \
    SHOAL_SIM_DISPATCH(NAME##_wait_until_all, ivars, nelems, status, cmp, cmp_value);        \
    wait_all(Vars<TYPE>{"shoal_" #NAME "_wait_until_all", ivars, nelems, status, cmp, nullptr, \
                        cmp_value});                                                           \
  }                                                                                            \
  size_t shoal_##NAME##_wait_until_any(TYPE* ivars, size_t nelems, const int* status, int cmp, \
                                       TYPE cmp_value) {                                       \
    SHOAL_SIM_DISPATCH(NAME##_wait_until_any, ivars, nelems, status, cmp, cmp_value);        \
    return wait_any(Vars<TYPE>{"shoal_" #NAME "_wait_until_any", ivars, nelems, status, cmp,   \
                               nullptr, cmp_value});                                           \
  }                                                                                            \
  size_t shoal_##NAME##_wait_until_some(TYPE* ivars, size_t nelems, size_t* indices,           \
                                        const int* status, int cmp, TYPE cmp_value) {          \
    SHOAL_SIM_DISPATCH(NAME##_wait_until_some, ivars, nelems, indices, status, cmp, cmp_value); \
    return wait_some(Vars<TYPE>{"shoal_" #NAME "_wait_until_some", ivars, nelems, status, cmp, \
                                nullptr, cmp_value},                                           \
                     indices);                                                                 \
  }                                                                                            \
  void shoal_##NAME##_wait_until_all_vector(TYPE* ivars, size_t nelems, const int* status,     \
                                            int cmp, const TYPE* cmp_values) {                 \
    SHOAL_SIM_DISPATCH(NAME##_wait_until_all_vector, ivars, nelems, status, cmp, cmp_values); \
    wait_all(Vars<TYPE>{"shoal_" #NAME "_wait_until_all_vector", ivars, nelems, status, cmp,   \
                        cmp_values, static_cast<TYPE>(0)});                                                  \
  }                                                                                            \
  size_t shoal_##NAME##_wait_until_any_vector(TYPE* ivars, size_t nelems, const int* status,   \
                                              int cmp, const TYPE* cmp_values) {               \
    SHOAL_SIM_DISPATCH(NAME##_wait_until_any_vector, ivars, nelems, status, cmp, cmp_values); \
    return wait_any(Vars<TYPE>{"shoal_" #NAME "_wait_until_any_vector", ivars, nelems, status, \
                               cmp, cmp_values, static_cast<TYPE>(0)});                                      \
  }                                                                                            \
  size_t shoal_##NAME##_wait_until_some_vector(TYPE* ivars, size_t nelems, size_t* indices,    \
                                               const int* status, int cmp,                     \
                                               const TYPE* cmp_values) {                       \
    SHOAL_SIM_DISPATCH(NAME##_wait_until_some_vector, ivars, nelems, indices, status, cmp, cmp_values); \
    return wait_some(Vars<TYPE>{"shoal_" #NAME "_wait_until_some_vector", ivars, nelems,       \
                                status, cmp, cmp_values, static_cast<TYPE>(0)},                              \
                     indices);                                                                 \
  }                                                                                            \
  int shoal_##NAME##_test(TYPE* ivar, int cmp, TYPE cmp_value) {                               \
    SHOAL_SIM_DISPATCH(NAME##_test, ivar, cmp, cmp_value);                                   \
    return test_all(Vars<TYPE>{"shoal_" #NAME "_test", ivar, 1, nullptr, cmp, nullptr,         \
                               cmp_value});                                                    \
  }                                                                                            \
  int shoal_##NAME##_test_all(TYPE* ivars, size_t nelems, const int* status, int cmp,          \
                              TYPE cmp_value) {                                                \
    SHOAL_SIM_DISPATCH(NAME##_test_all, ivars, nelems, status, cmp, cmp_value);              \
    return test_all(Vars<TYPE>{"shoal_" #NAME "_test_all", ivars, nelems, status, cmp,         \
                               nullptr, cmp_value});                                           \
  }                                                                                            \
  size_t shoal_##NAME##_test_any(TYPE* ivars, size_t nelems, const int* status, int cmp,       \
                                 TYPE cmp_value) {                                             \
    SHOAL_SIM_DISPATCH(NAME##_test_any, ivars, nelems, status, cmp, cmp_value);              \
    return test_any(Vars<TYPE>{"shoal_" #NAME "_test_any", ivars, nelems, status, cmp,         \
                               nullptr, cmp_value});                                           \
  }                                                                                            \
  size_t shoal_##NAME##_test_some(TYPE* ivars, size_t nelems, size_t* indices,                 \
                                  const int* status, int cmp, TYPE cmp_value) {                \
    SHOAL_SIM_DISPATCH(NAME##_test_some, ivars, nelems, indices, status, cmp, cmp_value);    \
    return test_some(Vars<TYPE>{"shoal_" #NAME "_test_some", ivars, nelems, status, cmp,       \
                                nullptr, cmp_value},                                           \
                     indices);                                                                 \
  }                                                                                            \
  int shoal_##NAME##_test_all_vector(TYPE* ivars, size_t nelems, const int* status, int cmp,   \
                                     const TYPE* cmp_values) {                                 \
    SHOAL_SIM_DISPATCH(NAME##_test_all_vector, ivars, nelems, status, cmp, cmp_values);      \
    return test_all(Vars<TYPE>{"shoal_" #NAME "_test_all_vector", ivars, nelems, status, cmp,  \
                               cmp_values, static_cast<TYPE>(0)});                                           \
  }                                                                                            \
  size_t shoal_##NAME##_test_any_vector(TYPE* ivars, size_t nelems, const int* status,         \
                                        int cmp, const TYPE* cmp_values) {                     \
    SHOAL_SIM_DISPATCH(NAME##_test_any_vector, ivars, nelems, status, cmp, cmp_values);      \
    return test_any(Vars<TYPE>{"shoal_" #NAME "_test_any_vector", ivars, nelems, status, cmp,  \
                               cmp_values, static_cast<TYPE>(0)});                                           \
  }                                                                                            \
  size_t shoal_##NAME##_test_some_vector(TYPE* ivars, size_t nelems, size_t* indices,          \
                                         const int* status, int cmp, const TYPE* cmp_values) { \
    SHOAL_SIM_DISPATCH(NAME##_test_some_vector, ivars, nelems, indices, status, cmp, cmp_values); \
    return test_some(Vars<TYPE>{"shoal_" #NAME "_test_some_vector", ivars, nelems, status,     \
                                cmp, cmp_values, static_cast<TYPE>(0)},                                      \
                     indices);                                                                 \
  }
SHOAL_FOR_P2P_SYNC_TYPES(SHOAL_DEF_P2P_)
#undef SHOAL_DEF_P2P_

uint64_t shoal_signal_fetch(const uint64_t* sig_addr) {
  SHOAL_SIM_DISPATCH(signal_fetch, sig_addr);
  Runtime& r = rt("shoal_signal_fetch");
  return load_acquire("shoal_signal_fetch",
                      local_var<std::uint64_t>(r, "shoal_signal_fetch", sig_addr, "sig_addr"));
}

uint64_t shoal_signal_wait_until(uint64_t* sig_addr, int cmp, uint64_t cmp_value) {
  SHOAL_SIM_DISPATCH(signal_wait_until, sig_addr, cmp, cmp_value);
  Vars<std::uint64_t> v{"shoal_signal_wait_until", sig_addr, 1, nullptr, cmp, nullptr, cmp_value};
  wait_all(v);
  return load_acquire("shoal_signal_wait_until", sig_addr);
}

void shoal_signal_op(uint64_t* sig_addr, uint64_t signal, int sig_op, int pe) {
  SHOAL_SIM_DISPATCH(signal_op, sig_addr, signal, sig_op, pe);
  Runtime& r = rt("shoal_signal_op");
  check_sig_op("shoal_signal_op", sig_op);
  if (r.cfg.checks) check_pe(r, "shoal_signal_op", pe);
  if (proxy_serves(r, pe)) {
    if (r.cfg.checks) {
      check_symmetric(r, "shoal_signal_op", sig_addr, 8, "sig_addr");
      check_aligned("shoal_signal_op", sig_addr, 8, "sig_addr");
    }
    return api::remote_signal(r, "shoal_signal_op", sig_addr, signal, sig_op, pe);
  }
  heap_signal("shoal_signal_op",
              atomic_target<std::uint64_t>(r, "shoal_signal_op", sig_addr, pe, "sig_addr"), signal,
              sig_op);
}

}  // extern "C"
