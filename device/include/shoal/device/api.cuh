// The device API's implementation: templates over element type and thread
// group, called by the generated entry points (shoal/device/entry.cuh).
//
// Ordering contract (cuda: PTX at system scope; sim: C++ atomics):
//   put/p/iput and the _nbi forms: plain stores into the peer's heap over
//     P2P; unordered until fence (orders this thread's earlier stores to a PE
//     before its later ones) or quiet (all of this thread's stores visible).
//   Blocking forms return when the source may be reused. _warp/_block forms
//     begin and end with a group barrier (as NVSHMEM's do): what any thread
//     of the group wrote to the source before the call is what is sent,
//     whichever thread copies or posts it, and they return after the whole
//     group's copy.
//   put_signal: data, then (group sync, then one thread) a release fence and
//     the signal update: whoever acquires the signal sees the data.
//   signal_op: release. signal_wait_until / wait_until / test: acquire.
//   atomics: relaxed, atomic at system scope.
//   barrier: quiet + synchronisation of the team's PEs; sync: synchronisation
//     only. One thread (warp, block for the _warp/_block forms) per PE calls it.
// Targets that are not load/store reachable go over IBGDA when it runs
// (shoal/device/ibgda.cuh: mlx5 WQEs on this PE's queue pairs) or through the
// host proxy (shoal/device/proxy.cuh), under the same contract; the
// remote_* functions of ibgda.cuh choose. A _warp/_block form posts the
// whole transfer from the group's thread 0.
#pragma once

#include "device/arch/atomic.h"
#include "device/arch/fence.h"
#include "device/arch/memory.h"
#include "device/arch/spin.h"
#include "device/arch/timer.h"
#include "shoal/device/check.cuh"
#include "shoal/device/copy.cuh"
#include "shoal/device/ibgda.cuh"
#include "shoal/device/proxy.cuh"
#include "shoal/shared/wait_set.h"
#include "shoal/types.h"

#include <string.h>

namespace shoal::device {

// --- RMA ---------------------------------------------------------------------

template <scope_t S, bool Nbi = false>
SHOAL_ARCH_FN void putmem(const char* call, void* dest, const void* src, size_t bytes, int pe) {
  Group<S>::sync();
  if (bytes && remote(call, dest, bytes, pe, "dest")) {
    if (Group<S>::rank() == 0) remote_put(call, dest, src, bytes, pe, !Nbi);
    Group<S>::sync();
    return;
  }
  if (bytes) put_copy<S>(route(call, dest, bytes, pe, "dest"), src, bytes);
  Group<S>::sync();
}

template <scope_t S>
SHOAL_ARCH_FN void getmem(const char* call, void* dest, const void* src, size_t bytes, int pe) {
  Group<S>::sync();
  if (bytes && remote(call, src, bytes, pe, "source")) {
    if (Group<S>::rank() == 0) remote_get(call, dest, src, bytes, pe);
    Group<S>::sync();
    return;
  }
  order_point();
  if (bytes) copy<S>(dest, route(call, src, bytes, pe, "source"), bytes);
  Group<S>::sync();
}

template <class T>
SHOAL_ARCH_FN void p(const char* call, T* dest, T value, int pe) {
  static_assert(sizeof(T) <= 8, "p carries at most 8 bytes");
  if (remote(call, dest, sizeof(T), pe, "dest")) {
    uint64_t v = 0;
    memcpy(&v, static_cast<const void*>(&value), sizeof(T));
    remote_put_inline(call, dest, v, sizeof(T), pe);
    return;
  }
  put_value(reinterpret_cast<T*>(route(call, dest, sizeof(T), pe, "dest")), value);
}

template <class T>
SHOAL_ARCH_FN T g(const char* call, const T* src, int pe) {
  static_assert(sizeof(T) <= 8, "g carries at most 8 bytes");
  if (remote(call, src, sizeof(T), pe, "source")) {
    const uint64_t v = remote_get_inline(call, src, sizeof(T), pe);
    T out;
    memcpy(static_cast<void*>(&out), &v, sizeof(T));
    return out;
  }
  order_point();
  return *reinterpret_cast<const T*>(route(call, src, sizeof(T), pe, "source"));
}

// dest[i*dst] = src[i*sst], elements of `elem` bytes; the group splits the
// elements.
template <scope_t S>
SHOAL_ARCH_FN void iputmem(const char* call, void* dest, const void* src, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems, size_t elem, int pe) {
  Group<S>::sync();
  if (nelems) {
    if (SHOAL_DEVICE_CHECKS && (dst <= 0 || sst <= 0))
      SHOAL_DEVICE_FAIL("%s: strides must be positive (dst %lld, sst %lld)", call,
                        static_cast<long long>(dst), static_cast<long long>(sst));
    const char* s = static_cast<const char*>(src);
    if (remote(call, dest, (nelems - 1) * dst * elem + elem, pe, "dest")) {
      char* d = static_cast<char*>(dest);
      if (ibgda_peer(pe) == nullptr) {
        // Through the proxy: one request for the group's whole transfer.
        if (Group<S>::rank() == 0)
          proxy_strided(call, proxy::kOpIput, d, dst * elem, s, sst * elem, nelems, elem, pe);
        Group<S>::sync();
        return;
      }
      // IBGDA: one work request per element: inline up to 8 bytes (the
      // source is copied into the WQE), else a put that completes before
      // the next.
      for (size_t i = Group<S>::rank(); i < nelems; i += Group<S>::size()) {
        if (elem <= 8) {
          uint64_t v = 0;
          memcpy(&v, s + i * sst * elem, elem < 8 ? elem : 8);
          remote_put_inline(call, d + i * dst * elem, v, elem, pe);
        } else {
          remote_put(call, d + i * dst * elem, s + i * sst * elem, elem, pe, true);
        }
      }
      Group<S>::sync();
      return;
    }
    char* d = route(call, dest, (nelems - 1) * dst * elem + elem, pe, "dest");
    for (size_t i = Group<S>::rank(); i < nelems; i += Group<S>::size())
      put_bytes(d + i * dst * elem, s + i * sst * elem, elem);
  }
  Group<S>::sync();
}

template <scope_t S>
SHOAL_ARCH_FN void igetmem(const char* call, void* dest, const void* src, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems, size_t elem, int pe) {
  Group<S>::sync();
  if (nelems) {
    if (SHOAL_DEVICE_CHECKS && (dst <= 0 || sst <= 0))
      SHOAL_DEVICE_FAIL("%s: strides must be positive (dst %lld, sst %lld)", call,
                        static_cast<long long>(dst), static_cast<long long>(sst));
    char* d = static_cast<char*>(dest);
    if (remote(call, src, (nelems - 1) * sst * elem + elem, pe, "source")) {
      const char* s = static_cast<const char*>(src);
      if (ibgda_peer(pe) == nullptr) {
        // Through the proxy: one request for the group's whole transfer.
        if (Group<S>::rank() == 0)
          proxy_strided(call, proxy::kOpIget, const_cast<char*>(s), sst * elem, d, dst * elem, nelems,
                        elem, pe);
      } else {
        for (size_t i = Group<S>::rank(); i < nelems; i += Group<S>::size())
          remote_get(call, d + i * dst * elem, s + i * sst * elem, elem, pe);
      }
      Group<S>::sync();
      return;
    }
    const char* s = route(call, src, (nelems - 1) * sst * elem + elem, pe, "source");
    order_point();
    for (size_t i = Group<S>::rank(); i < nelems; i += Group<S>::size())
      for (size_t b = 0; b < elem; ++b) d[i * dst * elem + b] = s[i * sst * elem + b];
  }
  Group<S>::sync();
}

// --- signals -----------------------------------------------------------------

SHOAL_ARCH_FN void check_sig_op(const char* call, int sig_op) {
  if (sig_op != SHOAL_SIGNAL_SET && sig_op != SHOAL_SIGNAL_ADD)
    SHOAL_DEVICE_FAIL("%s: sig_op %d is neither SHOAL_SIGNAL_SET nor SHOAL_SIGNAL_ADD", call, sig_op);
}

// Release: this thread's earlier writes (and, through the group barrier the
// caller did, the group's) are visible before the signal.
SHOAL_ARCH_FN void apply_signal(uint64_t* sig, uint64_t value, int sig_op) {
  if (sig_op == SHOAL_SIGNAL_SET) {
    arch::fence_acq_rel_sys();
    arch::st_release_sys(sig, value);
  } else {
    arch::fence_acq_rel_sys();
    arch::atomic_fetch_add<arch::scope::sys>(sig, value);
  }
}

SHOAL_ARCH_FN void signal_op(const char* call, uint64_t* sig_addr, uint64_t value, int sig_op, int pe) {
  check_sig_op(call, sig_op);
  check_aligned(call, sig_addr, 8, "sig_addr");
  if (remote(call, sig_addr, 8, pe, "sig_addr")) {
    remote_signal(call, sig_addr, value, sig_op, pe);
    return;
  }
  apply_signal(reinterpret_cast<uint64_t*>(route(call, sig_addr, 8, pe, "sig_addr")), value, sig_op);
}

template <scope_t S, bool Nbi = false>
SHOAL_ARCH_FN void putmem_signal(const char* call, void* dest, const void* src, size_t bytes,
                                 uint64_t* sig_addr, uint64_t signal, int sig_op, int pe) {
  Group<S>::sync();
  check_sig_op(call, sig_op);
  check_aligned(call, sig_addr, 8, "sig_addr");
  if (remote(call, sig_addr, 8, pe, "sig_addr")) {
    if (bytes) check_symmetric(call, dest, bytes, "dest");
    if (Group<S>::rank() == 0) remote_put_signal(call, dest, src, bytes, sig_addr, signal, sig_op, pe, !Nbi);
    Group<S>::sync();
    return;
  }
  uint64_t* sig = reinterpret_cast<uint64_t*>(route(call, sig_addr, 8, pe, "sig_addr"));
  if (bytes) put_copy<S>(route(call, dest, bytes, pe, "dest"), src, bytes);
  Group<S>::sync();
  if (Group<S>::rank() == 0) apply_signal(sig, signal, sig_op);
  Group<S>::sync();
}

// --- waiting -----------------------------------------------------------------
// The families' logic is shoal/shared/wait_set.h (the host API runs the same);
// here: the acquire load, the checks, and the bounded spin that reports.

using shared::compare;

SHOAL_ARCH_FN void check_cmp(const char* call, int cmp) {
  if (!shared::cmp_valid(cmp))
    SHOAL_DEVICE_FAIL("%s: cmp %d is not one of SHOAL_CMP_EQ/NE/GT/LE/LT/GE (0..5)", call, cmp);
}

// Bounded spinning: reports and traps after the state's timeout.
struct Deadline {
  uint64_t start = 0;
  unsigned polls = 0;
  SHOAL_ARCH_FN Deadline() { arch::spin_begin(); }
  SHOAL_ARCH_FN bool expired(const char* call) {
    if ((++polls & 1023u) != 0) return false;
    // A failed PE first: the caller's report names it and what was waited
    // for (the transports' errors to it are its consequence).
    if (failed_pe() >= 0) return true;
    proxy_check(call);  // a failed remote operation may be why nothing arrives
    ibgda_check(call);
    const uint64_t limit = state().timeout_ns;
    if (limit == 0) return false;
    const uint64_t now = arch::globaltimer_ns();
    if (start == 0) start = now;
    return now - start > limit;
  }
};

template <class T>
SHOAL_ARCH_FN T load_acquire(const T* p) {
  return arch::ld_acquire_sys(p);
}

struct AcquireLoad {
  template <class T>
  SHOAL_ARCH_FN T operator()(const T* p) const { return load_acquire(p); }
};

// The wait/test families over `n` variables (shared::WaitSet).
template <class T>
using Vars = shared::WaitSet<T, AcquireLoad>;

// shared::wait_*'s Waiter: spins with a Deadline, reports what it waited for.
template <class T>
struct Waiter {
  const char* call;
  const Vars<T>& v;
  template <class Pred>
  SHOAL_ARCH_FN void until(Pred&& pred, size_t what) {
    Deadline dl;
    while (!pred()) {
      if (dl.expired(call)) {  // the cold reports take values, never an address of ours
        if (what < v.n)
          fail_wait_timeout(call, &v.ivars[what], v.cmp, static_cast<long long>(v.want(what)),
                            static_cast<long long>(v.current(what)));
        fail_group_timeout(call, v.ivars, v.n, what == shared::kAny ? "any" : "some");
      }
      arch::spin_pause();
    }
  }
};

template <class T>
SHOAL_ARCH_FN void check_vars(const char* call, const Vars<T>& v) {
  check_cmp(call, v.cmp);
  if (v.n) {
    check_symmetric(call, v.ivars, v.n * sizeof(T), "ivars");
    check_aligned(call, v.ivars, sizeof(T), "ivars");
  }
}

// One variable, its arguments checked by the caller (signal_wait_until).
template <class T>
SHOAL_ARCH_FN void wait_one(const char* call, T* ivar, int cmp, T value) {
  const Vars<T> v{ivar, 1, nullptr, cmp, nullptr, value};
  Waiter<T> w{call, v};
  shared::wait_all(v, w);
}

template <class T>
SHOAL_ARCH_FN void wait_all(const char* call, const Vars<T>& v) {
  check_vars(call, v);
  Waiter<T> w{call, v};
  shared::wait_all(v, w);
}

template <class T>
SHOAL_ARCH_FN size_t wait_any(const char* call, const Vars<T>& v) {
  check_vars(call, v);
  Waiter<T> w{call, v};
  return shared::wait_any(v, w);
}

template <class T>
SHOAL_ARCH_FN size_t wait_some(const char* call, const Vars<T>& v, size_t* indices) {
  check_vars(call, v);
  Waiter<T> w{call, v};
  return shared::wait_some(v, w, indices);
}

template <class T>
SHOAL_ARCH_FN int test_all(const char* call, const Vars<T>& v) {
  check_vars(call, v);
  return shared::test_all(v);
}

template <class T>
SHOAL_ARCH_FN size_t test_any(const char* call, const Vars<T>& v) {
  check_vars(call, v);
  return shared::test_any(v);
}

template <class T>
SHOAL_ARCH_FN size_t test_some(const char* call, const Vars<T>& v, size_t* indices) {
  check_vars(call, v);
  return shared::test_some(v, indices);
}

// --- atomics -----------------------------------------------------------------
// Integer words use the scoped RMW wrappers; float/double move as their bits.

template <class T>
using bits_t = std::conditional_t<sizeof(T) == 4, uint32_t, unsigned long long>;

template <class T>
SHOAL_ARCH_FN bits_t<T>* amo_target(const char* call, const void* addr, int pe) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "atomics on 4- and 8-byte words");
  check_aligned(call, addr, sizeof(T), "dest");
  return reinterpret_cast<bits_t<T>*>(route(call, addr, sizeof(T), pe, "dest"));
}

template <class T>
SHOAL_ARCH_FN bits_t<T> to_bits(T v) {
  bits_t<T> b;
  memcpy(&b, &v, sizeof(T));
  return b;
}
template <class T>
SHOAL_ARCH_FN T from_bits(bits_t<T> b) {
  T v;
  memcpy(&v, &b, sizeof(T));
  return v;
}

// The atomic word on a remote PE: true when `pe` is reached through IBGDA or the proxy.
// The fetch-op templates below serve the non-fetching forms too (fetch =
// false): remotely those only post (completed by quiet, like put_nbi) and
// return T{}.
template <class T>
SHOAL_ARCH_FN bool amo_remote(const char* call, const void* addr, int pe) {
  check_aligned(call, addr, sizeof(T), "dest");
  return remote(call, addr, sizeof(T), pe, "dest");
}
template <class T>
SHOAL_ARCH_FN T amo_far(const char* call, const void* addr, uint32_t amo, T v, T cmp, bool fetch,
                          int pe) {
  return from_bits<T>(static_cast<bits_t<T>>(
      remote_amo(call, addr, sizeof(T), amo, to_bits(v), to_bits(cmp), fetch, pe)));
}

template <class T>
SHOAL_ARCH_FN T amo_fetch(const char* call, const T* src, int pe) {
  if (amo_remote<T>(call, src, pe)) return amo_far<T>(call, src, proxy::kAmoAdd, T{}, T{}, true, pe);
  return from_bits<T>(arch::ld_relaxed_sys(amo_target<T>(call, src, pe)));
}
template <class T>
SHOAL_ARCH_FN void amo_set(const char* call, T* dest, T v, int pe) {
  if (amo_remote<T>(call, dest, pe)) {
    amo_far<T>(call, dest, proxy::kAmoSwap, v, T{}, false, pe);
    return;
  }
  arch::st_relaxed_sys(amo_target<T>(call, dest, pe), to_bits(v));
}
template <class T>
SHOAL_ARCH_FN T amo_swap(const char* call, T* dest, T v, int pe) {
  if (amo_remote<T>(call, dest, pe)) return amo_far<T>(call, dest, proxy::kAmoSwap, v, T{}, true, pe);
  return from_bits<T>(arch::atomic_exchange<arch::scope::sys>(amo_target<T>(call, dest, pe), to_bits(v)));
}
template <class T>
SHOAL_ARCH_FN T amo_cswap(const char* call, T* dest, T cond, T v, int pe) {
  if (amo_remote<T>(call, dest, pe)) return amo_far<T>(call, dest, proxy::kAmoCswap, v, cond, true, pe);
  return from_bits<T>(
      arch::atomic_cas<arch::scope::sys>(amo_target<T>(call, dest, pe), to_bits(cond), to_bits(v)));
}
template <class T>
SHOAL_ARCH_FN T amo_fadd(const char* call, T* dest, T v, int pe, bool fetch = true) {
  if (amo_remote<T>(call, dest, pe)) return amo_far<T>(call, dest, proxy::kAmoAdd, v, T{}, fetch, pe);
  return static_cast<T>(arch::atomic_fetch_add<arch::scope::sys>(amo_target<T>(call, dest, pe),
                                                                  to_bits(v)));
}
template <class T>
SHOAL_ARCH_FN T amo_fand(const char* call, T* dest, T v, int pe, bool fetch = true) {
  if (amo_remote<T>(call, dest, pe)) return amo_far<T>(call, dest, proxy::kAmoAnd, v, T{}, fetch, pe);
  return static_cast<T>(arch::atomic_fetch_and<arch::scope::sys>(amo_target<T>(call, dest, pe), to_bits(v)));
}
template <class T>
SHOAL_ARCH_FN T amo_for(const char* call, T* dest, T v, int pe, bool fetch = true) {
  if (amo_remote<T>(call, dest, pe)) return amo_far<T>(call, dest, proxy::kAmoOr, v, T{}, fetch, pe);
  return static_cast<T>(arch::atomic_fetch_or<arch::scope::sys>(amo_target<T>(call, dest, pe), to_bits(v)));
}
template <class T>
SHOAL_ARCH_FN T amo_fxor(const char* call, T* dest, T v, int pe, bool fetch = true) {
  if (amo_remote<T>(call, dest, pe)) return amo_far<T>(call, dest, proxy::kAmoXor, v, T{}, fetch, pe);
  return static_cast<T>(arch::atomic_fetch_xor<arch::scope::sys>(amo_target<T>(call, dest, pe), to_bits(v)));
}

// --- ordering and synchronisation --------------------------------------------

// IBGDA needs no WQE: a thread's operations to a PE share one RC QP, which
// executes them in order (and an IBGDA peer is never served by the proxy).
SHOAL_ARCH_FN void fence() {
  arch::fence_acq_rel_sys();
  proxy_fence();
}
SHOAL_ARCH_FN void quiet() {
  arch::fence_sc_sys();
  ibgda_quiet("shoal_quiet");
  proxy_quiet("shoal_quiet");
}

// The team's table entry, or nullptr when `team` names no team of this PE.
SHOAL_ARCH_FN const Team* team_entry(int team) {
  const State& s = state();
  if (team < 0 || team >= s.n_teams || s.teams[team].size <= 0) return nullptr;
  return &s.teams[team];
}

SHOAL_ARCH_FN const Team* team_ptr(const char* call, int team) {
  const Team* t = team_entry(team);
  if (t == nullptr) SHOAL_DEVICE_FAIL("%s: team handle %d is not a valid team", call, team);
  if (t->my_index < 0) SHOAL_DEVICE_FAIL("%s: this PE is not a member of team %d", call, team);
  return t;
}

// Dissemination barrier over the team's members on device flags in the heap
// (separate from the host barrier's). One thread runs it; the group waits.
// Out of line: every collective calls it several times (compile time,
// coll.cuh), and a call costs nothing next to waiting for the other PEs.
template <scope_t S>
SHOAL_DEVICE_OUTLINE void team_sync(const char* call, int team, bool with_quiet) {
  Group<S>::sync();
  if (Group<S>::rank() == 0) {
    if (with_quiet) quiet();
    const State& s = state();
    const Team* t = team_ptr(call, team);
    const int n = t->size;
    uint64_t* flags = reinterpret_cast<uint64_t*>(s.heap_base + t->sync_offset);
    uint64_t* epoch_word = flags + kBarrierRounds;
    const uint64_t epoch = ++*epoch_word;
    int k = 0;
    for (int dist = 1; dist < n; dist <<= 1, ++k) {
      const int to = t->members[(t->my_index + dist) % n];
      char* base = s.peer_base[to];
      if (base != nullptr) {
        arch::st_release_sys(reinterpret_cast<uint64_t*>(base + t->sync_offset) + k, epoch);
      } else {
        if (s.proxy == nullptr && ibgda_peer(to) == nullptr) fail_unreachable(call, to);
        remote_signal(call, flags + k, epoch, SHOAL_SIGNAL_SET, to);
      }
      Deadline dl;
      while (load_acquire(&flags[k]) < epoch) {
        if (dl.expired(call))
          fail_barrier_timeout(call, k, t->members[(t->my_index - dist % n + n) % n],
                               load_acquire(&flags[k]), epoch);
        arch::spin_pause();
      }
    }
  }
  Group<S>::sync();
}

SHOAL_ARCH_FN void* ptr(const void* dest, int pe) {
  const State& s = state();
  const uintptr_t a = reinterpret_cast<uintptr_t>(dest), b = reinterpret_cast<uintptr_t>(s.heap_base);
  if (pe < 0 || pe >= s.n_pes || a < b || a - b >= s.heap_size || s.peer_base[pe] == nullptr)
    return nullptr;
  return s.peer_base[pe] + (a - b);
}

SHOAL_ARCH_FN int team_translate(int src_team, int src_pe, int dest_team) {
  const Team* st = team_entry(src_team);
  const Team* dt = team_entry(dest_team);
  if (st == nullptr || dt == nullptr || src_pe < 0 || src_pe >= st->size) return -1;
  const int pe = st->members[src_pe];
  for (int i = 0; i < dt->size; ++i)
    if (dt->members[i] == pe) return i;
  return -1;
}

}  // namespace shoal::device
