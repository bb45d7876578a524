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
#include "shoal/shoal.h"

using namespace shoal;
using namespace shoal::api;

namespace {

const char* cmp_name(int cmp) {
  switch (cmp) {
    case SHOAL_CMP_EQ: return "EQ";
    case SHOAL_CMP_NE: return "NE";
    case SHOAL_CMP_GT: return "GT";
    case SHOAL_CMP_LE: return "LE";
    case SHOAL_CMP_LT: return "LT";
    case SHOAL_CMP_GE: return "GE";
  }
  return "?";
}

template <class T>
bool compare(T v, int cmp, T x) {
  switch (cmp) {
    case SHOAL_CMP_EQ: return v == x;
    case SHOAL_CMP_NE: return v != x;
    case SHOAL_CMP_GT: return v > x;
    case SHOAL_CMP_LE: return v <= x;
    case SHOAL_CMP_LT: return v < x;
    case SHOAL_CMP_GE: return v >= x;
  }
  return false;
}

template <class T>
T load_acquire(const char* call, const T* p) {
  return from_bits<T>(heap_load_acquire(call, p, sizeof(T)));
}

template <class T>
void format_value(char* buf, std::size_t len, T v) {
  if constexpr (std::is_signed_v<T>)
    std::snprintf(buf, len, "%lld", static_cast<long long>(v));
  else
    std::snprintf(buf, len, "%llu", static_cast<unsigned long long>(v));
}

// Everything a wait/test family needs to know about its arguments.
template <class T>
struct Vars {
  const char* call;
  T* ivars;
  std::size_t n;
  const int* status;  // nonzero excludes
  int cmp;
  const T* values;    // per-element comparison values, or null
  T value;            // the single comparison value otherwise

  T cmp_value(std::size_t i) const { return values ? values[i] : value; }
  bool included(std::size_t i) const { return !status || status[i] == 0; }
  bool satisfied(std::size_t i) const { return compare(load_acquire(call, &ivars[i]), cmp, cmp_value(i)); }

  void validate(Runtime& r) const {
    check_cmp(call, cmp);
    if (r.cfg.checks && n) {
      if (!ivars) fatal("%s: ivars is NULL with %zu elements", call, n);
      check_symmetric(r, call, ivars, checked_bytes(call, n, sizeof(T)), "ivars");
      check_aligned(call, ivars, sizeof(T), "ivars");
    }
  }

  void describe(Runtime& r, char* buf, std::size_t len) const {
    // Name the first included, unsatisfied element.
    for (std::size_t i = 0; i < n; ++i) {
      if (!included(i) || satisfied(i)) continue;
      char want[32], have[32];
      format_value(want, sizeof want, cmp_value(i));
      format_value(have, sizeof have, load_acquire(call, &ivars[i]));
      std::snprintf(buf, len,
                    "ivars[%zu] of %zu (PE %d, heap offset 0x%" PRIx64 ") to become %s %s; "
                    "current value %s", i, n, r.my_pe, r.heap.offset_of(&ivars[i]),
                    cmp_name(cmp), want, have);
      return;
    }
    std::snprintf(buf, len, "%zu variables (all satisfied now)", n);
  }
};

template <class T>
void wait_all(const Vars<T>& v) {
  Runtime& r = rt(v.call);
  v.validate(r);
  for (std::size_t i = 0; i < v.n; ++i) {
    if (!v.included(i)) continue;
    wait_for(v.call, r.cfg.timeout_s, [&] { return v.satisfied(i); },
             [&](char* buf, std::size_t len) { v.describe(r, buf, len); });
  }
}

// Index of a satisfied element, scanning from `start` round-robin; SIZE_MAX
// if none (or all excluded).
template <class T>
std::size_t find_any(const Vars<T>& v, std::size_t start) {
  for (std::size_t k = 0; k < v.n; ++k) {
    std::size_t i = (start + k) % v.n;
    if (v.included(i) && v.satisfied(i)) return i;
  }
  return SIZE_MAX;
}

template <class T>
bool any_included(const Vars<T>& v) {
  for (std::size_t i = 0; i < v.n; ++i)
    if (v.included(i)) return true;
  return false;
}

template <class T>
std::size_t wait_any(const Vars<T>& v) {
  Runtime& r = rt(v.call);
  v.validate(r);
  if (!any_included(v)) return SIZE_MAX;
  std::size_t found = SIZE_MAX, start = 0;
  wait_for(v.call, r.cfg.timeout_s,
           [&] { return (found = find_any(v, start++)) != SIZE_MAX; },
           [&](char* buf, std::size_t len) { v.describe(r, buf, len); });
  return found;
}

template <class T>
std::size_t collect_some(const Vars<T>& v, std::size_t* indices) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < v.n; ++i)
    if (v.included(i) && v.satisfied(i)) indices[count++] = i;
  return count;
}

template <class T>
std::size_t wait_some(const Vars<T>& v, std::size_t* indices) {
  Runtime& r = rt(v.call);
  v.validate(r);
  if (!any_included(v)) return 0;
  if (!indices) fatal("%s: indices is NULL", v.call);
  std::size_t count = 0;
  wait_for(v.call, r.cfg.timeout_s, [&] { return (count = collect_some(v, indices)) != 0; },
           [&](char* buf, std::size_t len) { v.describe(r, buf, len); });
  return count;
}

template <class T>
int test_all(const Vars<T>& v) {
  Runtime& r = rt(v.call);
  v.validate(r);
  for (std::size_t i = 0; i < v.n; ++i)
    if (v.included(i) && !v.satisfied(i)) return 0;
  return 1;
}

template <class T>
std::size_t test_any(const Vars<T>& v) {
  Runtime& r = rt(v.call);
  v.validate(r);
  return find_any(v, 0);
}

template <class T>
std::size_t test_some(const Vars<T>& v, std::size_t* indices) {
  Runtime& r = rt(v.call);
  v.validate(r);
  if (!any_included(v)) return 0;
  if (!indices) fatal("%s: indices is NULL", v.call);
  return collect_some(v, indices);
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
