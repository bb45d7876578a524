// The wait/test families (shoal_TYPE_wait_until*, shoal_TYPE_test*,
// signal_wait_until): which variables take part, when the condition holds,
// and the loops over them. One source for the host API
// (host/api/p2p_sync.cc) and the device API (shoal/device/api.cuh); each
// side brings what differs:
//   Load    T operator()(const T*) const: the acquire load of one variable
//           (host: through the heap's checked access; device: ld.acquire.sys);
//   Waiter  void until(Pred pred, size_t what): returns once pred() holds,
//           or reports a timeout and ends the job. `what` says what is
//           waited for: element `what` (< n), kAny or kSome;
// and checks its arguments itself before calling these (the checks differ:
// the host's look at the heap mapping, the device's at the state).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "shoal/shared/hd.h"
#include "shoal/types.h"

namespace shoal::shared {

SHOAL_SHARED_TEMPLATE
template <class T>
SHOAL_SHARED_FN bool compare(T v, int cmp, T x) {
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

SHOAL_SHARED_FN bool cmp_valid(int cmp) { return cmp >= SHOAL_CMP_EQ && cmp <= SHOAL_CMP_GE; }

SHOAL_SHARED_FN const char* cmp_name(int cmp) {
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

// Waiter's `what` for the any and some families (an element index otherwise).
constexpr size_t kAny = SIZE_MAX;
constexpr size_t kSome = SIZE_MAX - 1;

// The variables of one call: `n` of them at `ivars`; status[i] != 0
// excludes i (null: all take part); each compares `cmp` against values[i]
// (the _vector forms) or `value`.
template <class T, class Load>
struct WaitSet {
  T* ivars;
  size_t n;
  const int* status;
  int cmp;
  const T* values;
  T value;
  Load load{};

  SHOAL_SHARED_TEMPLATE
  SHOAL_SHARED_FN bool included(size_t i) const { return !status || status[i] == 0; }
  SHOAL_SHARED_TEMPLATE
  SHOAL_SHARED_FN T want(size_t i) const { return values ? values[i] : value; }
  SHOAL_SHARED_TEMPLATE
  SHOAL_SHARED_FN T current(size_t i) const { return load(&ivars[i]); }
  SHOAL_SHARED_TEMPLATE
  SHOAL_SHARED_FN bool ok(size_t i) const { return compare(current(i), cmp, want(i)); }
  SHOAL_SHARED_TEMPLATE
  SHOAL_SHARED_FN bool any_included() const {
    for (size_t i = 0; i < n; ++i)
      if (included(i)) return true;
    return false;
  }
  // A satisfied element, scanning round-robin from `start`; SIZE_MAX if none.
  SHOAL_SHARED_TEMPLATE
  SHOAL_SHARED_FN size_t find(size_t start) const {
    for (size_t k = 0; k < n; ++k) {
      const size_t i = (start + k) % n;
      if (included(i) && ok(i)) return i;
    }
    return SIZE_MAX;
  }
  // The satisfied elements into indices[]; returns how many.
  SHOAL_SHARED_TEMPLATE
  SHOAL_SHARED_FN size_t collect(size_t* indices) const {
    size_t c = 0;
    for (size_t i = 0; i < n; ++i)
      if (included(i) && ok(i)) indices[c++] = i;
    return c;
  }
  // The first element that takes part and is not satisfied; n if none.
  SHOAL_SHARED_TEMPLATE
  SHOAL_SHARED_FN size_t first_unsatisfied() const {
    for (size_t i = 0; i < n; ++i)
      if (included(i) && !ok(i)) return i;
    return n;
  }
};

// wait_until_all (and wait_until, n = 1): each element in turn, with a
// timeout of its own.
SHOAL_SHARED_TEMPLATE
template <class Set, class Waiter>
SHOAL_SHARED_FN void wait_all(const Set& s, Waiter& w) {
  for (size_t i = 0; i < s.n; ++i)
    if (s.included(i)) w.until([&] { return s.ok(i); }, i);
}

// wait_until_any: a satisfied element, found round-robin so that repeated
// calls do not favour index 0; SIZE_MAX when every element is excluded.
SHOAL_SHARED_TEMPLATE
template <class Set, class Waiter>
SHOAL_SHARED_FN size_t wait_any(const Set& s, Waiter& w) {
  if (!s.any_included()) return SIZE_MAX;
  size_t found = SIZE_MAX, start = 0;
  w.until([&] { return (found = s.find(start++)) != SIZE_MAX; }, kAny);
  return found;
}

// wait_until_some: every satisfied element once at least one is; 0 when
// every element is excluded.
SHOAL_SHARED_TEMPLATE
template <class Set, class Waiter>
SHOAL_SHARED_FN size_t wait_some(const Set& s, Waiter& w, size_t* indices) {
  if (!s.any_included()) return 0;
  size_t count = 0;
  w.until([&] { return (count = s.collect(indices)) != 0; }, kSome);
  return count;
}

SHOAL_SHARED_TEMPLATE
template <class Set>
SHOAL_SHARED_FN int test_all(const Set& s) {
  return s.first_unsatisfied() == s.n ? 1 : 0;
}

SHOAL_SHARED_TEMPLATE
template <class Set>
SHOAL_SHARED_FN size_t test_any(const Set& s) {
  return s.find(0);
}

SHOAL_SHARED_TEMPLATE
template <class Set>
SHOAL_SHARED_FN size_t test_some(const Set& s, size_t* indices) {
  return s.any_included() ? s.collect(indices) : 0;
}

}  // namespace shoal::shared
