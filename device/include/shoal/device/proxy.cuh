// The device side of the host proxy (docs/transport-proxy.md): a thread posts
// a descriptor into its PE's request ring (shoal/layout/proxy_ring.h) for a
// target that is not load/store reachable, and for operations that return
// something waits for the proxy to complete it.
//
// Ordering contract for proxied targets (same as P2P, see api.cuh):
//   post(): requests are issued by the proxy in ticket order; the network may
//     deliver them in any order until a fence (kOpFence: ordered per target
//     PE) or quiet (kOpQuiet: everything posted earlier completed remotely).
//   put_signal: the proxy issues the data, a network fence, then the signal,
//     so the signal is never visible before the data.
//   Posting is release: what this thread wrote before (a put's source) is
//     visible to the proxy.
#pragma once

#include "device/arch/atomic.h"
#include "device/arch/fence.h"
#include "device/arch/memory.h"
#include "device/arch/spin.h"
#include "device/arch/timer.h"
#include "shoal/device/check.cuh"
#include "shoal/layout/proxy_ring.h"
#include "shoal/shared/proxy_post.h"

#if defined(SHOAL_PLATFORM_SIM)
#include <sched.h>
#endif

namespace shoal::device {

// A transport error on a connection usually means the peer died, and the
// liveness notice naming it (over the bootstrap) may come a moment after
// the transport saw the connection fail: wait for it up to this long, so
// the line names the failed PE whichever path noticed first.
constexpr uint64_t kTransportErrorGraceNs = 1000000000ull;

[[noreturn]] SHOAL_DEVICE_COLD void fail_proxy(const char* call, const proxy::Ring* ring) {
  arch::spin_begin();
  for (const uint64_t t0 = arch::globaltimer_ns();
       failed_pe() < 0 && arch::globaltimer_ns() - t0 < kTransportErrorGraceNs;)
    arch::spin_pause();
  if (const int pe = failed_pe(); pe >= 0)
    SHOAL_DEVICE_GAVE_UP(pe, "%s: the remote transport reported an error (%s)", call, ring->error_text);
  SHOAL_DEVICE_FAIL("%s: the remote transport reported an error: %s", call, ring->error_text);
  __builtin_unreachable();
}

[[noreturn]] SHOAL_DEVICE_COLD void fail_proxy_timeout(const char* call, const char* what, int pe,
                                                       unsigned long long ticket) {
  if (const int failed = failed_pe(); failed >= 0)
    SHOAL_DEVICE_GAVE_UP(failed, "%s: waiting for the host proxy to %s (target PE %d, request %llu)", call, what,
                         pe, ticket);
  SHOAL_DEVICE_FAIL("%s: waited %.1f s (SHOAL_TIMEOUT) for the host proxy to %s (target PE %d, "
                    "request %llu): this PE's proxy thread or PE %d is not making progress",
                    call, state().timeout_ns / 1e9, what, pe, ticket, pe);
  __builtin_unreachable();
}

// The remote path serves `pe` (no P2P mapping, a remote transport active:
// IBGDA or the proxy; ibgda.cuh's remote_* functions choose).
SHOAL_ARCH_FN bool proxied(int pe) {
  const State& s = state();
  return (s.proxy != nullptr || s.ibgda != nullptr) && s.peer_base[pe] == nullptr;
}

// Checks pe and [addr, +bytes) like route(), then says whether the proxy serves pe.
SHOAL_ARCH_FN bool remote(const char* call, const void* addr, size_t bytes, int pe, const char* what) {
  check_pe(call, pe);
  check_symmetric(call, addr, bytes, what);
  return proxied(pe);
}

// Reports a transport error recorded by the proxy (every wait calls it).
SHOAL_ARCH_FN void proxy_check(const char* call) {
  const proxy::Ring* ring = state().proxy;
  if (ring != nullptr && arch::ld_relaxed_sys(&ring->error) != 0u) fail_proxy(call, ring);
}

// Spinning on the proxy: the sim's spin hook on kernel fibers; host threads
// of the PE (host API, finalize) give the CPU away instead.
SHOAL_ARCH_FN void proxy_pause() {
#if defined(SHOAL_PLATFORM_SIM)
  if (::shoal::sim::t_block == nullptr) {
    const proxy::Ring* ring = state().proxy;
    if (ring != nullptr && ring->assist != nullptr && ring->assist(ring->assist_ctx, proxy::kAssistWait) > 0)
      return;
    sched_yield();
    return;
  }
#endif
  arch::spin_pause();  // on sim: a kernel's waiting threads assist through the idle hook
}

// Bounded wait for the proxy; checks the transport error as it spins.
struct ProxyWait {
  uint64_t start = 0;
  unsigned polls = 0;
  SHOAL_ARCH_FN ProxyWait() { arch::spin_begin(); }
  SHOAL_ARCH_FN void step(const char* call, const char* what, int pe, uint64_t ticket) {
    if ((++polls & 255u) == 0) {
      if (failed_pe() >= 0) fail_proxy_timeout(call, what, pe, static_cast<unsigned long long>(ticket));
      proxy_check(call);
      const uint64_t limit = state().timeout_ns;
      const uint64_t now = arch::globaltimer_ns();
      if (start == 0) start = now;
      if (limit != 0 && now - start > limit)
        fail_proxy_timeout(call, what, pe, static_cast<unsigned long long>(ticket));
    }
    proxy_pause();
  }
};

// The ring's atomics for shared/proxy_post.h.
struct RingMem {
  static SHOAL_ARCH_FN uint64_t fetch_add(uint64_t* p, uint64_t v) {
    return arch::atomic_fetch_add<arch::scope::sys>(reinterpret_cast<unsigned long long*>(p),
                                                    static_cast<unsigned long long>(v));
  }
  static SHOAL_ARCH_FN uint64_t load_acquire(const uint64_t* p) { return arch::ld_acquire_sys(p); }
  static SHOAL_ARCH_FN uint64_t load_relaxed(const uint64_t* p) { return arch::ld_relaxed_sys(p); }
  static SHOAL_ARCH_FN uint32_t load_relaxed32(const uint32_t* p) { return arch::ld_relaxed_sys(p); }
  static SHOAL_ARCH_FN void store_release(uint64_t* p, uint64_t v) { arch::st_release_sys(p, v); }
  static SHOAL_ARCH_FN void fence_sc() { arch::fence_sc_sys(); }
};

// shared/proxy_post.h's Wait: ProxyWait for one call and target.
struct RingWait {
  const char* call;
  int pe;
  ProxyWait w;
  SHOAL_ARCH_FN void step(const char* what, uint64_t ticket) { w.step(call, what, pe, ticket); }
  SHOAL_ARCH_FN void check() const { proxy_check(call); }
};

// Reserves a slot, fills it through `fill(req)`, publishes it. Returns the ticket.
template <class Fill>
SHOAL_ARCH_FN uint64_t proxy_post(const char* call, int pe, Fill&& fill) {
  proxy::Ring* ring = state().proxy;
  RingWait w{call, pe, {}};
#if defined(SHOAL_PLATFORM_SIM)
  bool assist = false;
#endif
  const uint64_t ticket = proxy::post<RingMem>(ring, w, [&](proxy::Request& req) {
    req.pe = pe;
    req.local = 0;
    req.size = 0;
    req.value = 0;
    req.value2 = 0;
    req.sub = 0;
    req.flags = 0;
    fill(req);
#if defined(SHOAL_PLATFORM_SIM)
    assist = proxy::assist_on_post(req);  // read before the slot is the proxy's
#endif
  });
#if defined(SHOAL_PLATFORM_SIM)
  proxy::wake<RingMem>(ring, assist);  // a CPU producer: assist, else the doorbell
#endif
  return ticket;
}

// Waits for a kWait request, returns its result and frees the slot.
SHOAL_ARCH_FN uint64_t proxy_wait(const char* call, const char* what, int pe, uint64_t ticket) {
  RingWait w{call, pe, {}};
  return proxy::complete<RingMem>(state().proxy, w, ticket, what);
}

SHOAL_ARCH_FN uint64_t offset_of(const void* addr) {
  return static_cast<uint64_t>(static_cast<const char*>(addr) - state().heap_base);
}

// put (wait: return when the source may be reused) / put_nbi.
SHOAL_ARCH_FN void proxy_put(const char* call, void* dest, const void* src, size_t bytes, int pe,
                             bool wait) {
  const uint64_t t = proxy_post(call, pe, [&](proxy::Request& r) {
    r.op = proxy::kOpPut;
    r.remote_offset = offset_of(dest);
    r.local = reinterpret_cast<uint64_t>(src);
    r.size = bytes;
    r.flags = wait ? proxy::kWait : 0u;
  });
  if (wait) proxy_wait(call, "complete a put", pe, t);
}

// A put of up to 8 bytes carried in the descriptor (p, barrier flags).
SHOAL_ARCH_FN void proxy_put_inline(const char* call, void* dest, uint64_t value, size_t bytes, int pe) {
  proxy_post(call, pe, [&](proxy::Request& r) {
    r.op = proxy::kOpPut;
    r.remote_offset = offset_of(dest);
    r.size = bytes;
    r.value = value;
  });
}

SHOAL_ARCH_FN void proxy_get(const char* call, void* dest, const void* src, size_t bytes, int pe) {
  const uint64_t t = proxy_post(call, pe, [&](proxy::Request& r) {
    r.op = proxy::kOpGet;
    r.remote_offset = offset_of(src);
    r.local = reinterpret_cast<uint64_t>(dest);
    r.size = bytes;
    r.flags = proxy::kWait;
  });
  proxy_wait(call, "complete a get", pe, t);
}

// A get nobody waits for: the proxy frees the slot once the data is in
// dest; a later proxy_quiet (the proxy's flush) covers it.
SHOAL_ARCH_FN void proxy_get_nbi(const char* call, void* dest, const void* src, size_t bytes, int pe) {
  proxy_post(call, pe, [&](proxy::Request& r) {
    r.op = proxy::kOpGet;
    r.remote_offset = offset_of(src);
    r.local = reinterpret_cast<uint64_t>(dest);
    r.size = bytes;
  });
}

// iput (kOpIput) / iget (kOpIget): nelems elements of `elem` bytes, strides
// in bytes; one request for the whole transfer, waited for (the source may
// be reused, or the data is here, when it returns). Out of line: every
// typed iput/iget entry point reaches it.
SHOAL_DEVICE_OUTLINE void proxy_strided(const char* call, uint32_t op, void* remote, size_t remote_stride,
                                 const void* local, size_t local_stride, size_t nelems, size_t elem,
                                 int pe) {
  const uint64_t t = proxy_post(call, pe, [&](proxy::Request& r) {
    r.op = op;
    r.remote_offset = offset_of(remote);
    r.local = reinterpret_cast<uint64_t>(local);
    r.size = local_stride;
    r.value = nelems;
    r.value2 = remote_stride;
    r.sub = static_cast<uint32_t>(elem);  // the API's elements are at most 16 bytes
    r.flags = proxy::kWait;
  });
  proxy_wait(call, op == proxy::kOpIput ? "complete an iput" : "complete an iget", pe, t);
}

// g: the value comes back through the completion's result.
SHOAL_ARCH_FN uint64_t proxy_get_inline(const char* call, const void* src, size_t bytes, int pe) {
  const uint64_t t = proxy_post(call, pe, [&](proxy::Request& r) {
    r.op = proxy::kOpGet;
    r.remote_offset = offset_of(src);
    r.size = bytes;
    r.flags = proxy::kWait;
  });
  return proxy_wait(call, "complete a get", pe, t);
}

// Atomic on a 4- or 8-byte word; returns the old value when fetching.
SHOAL_ARCH_FN uint64_t proxy_amo(const char* call, const void* dest, size_t bytes, uint32_t amo,
                                 uint64_t value, uint64_t compare, bool fetch, int pe) {
  const uint64_t t = proxy_post(call, pe, [&](proxy::Request& r) {
    r.op = proxy::kOpAmo;
    r.remote_offset = offset_of(dest);
    r.size = bytes;
    r.sub = amo;
    r.value = value;
    r.value2 = compare;
    r.flags = fetch ? (proxy::kWait | proxy::kFetch) : 0u;
  });
  return fetch ? proxy_wait(call, "complete an atomic", pe, t) : 0;
}

SHOAL_ARCH_FN void proxy_signal(const char* call, uint64_t* sig, uint64_t value, int sig_op, int pe) {
  proxy_post(call, pe, [&](proxy::Request& r) {
    r.op = proxy::kOpSignal;
    r.remote_offset = offset_of(sig);
    r.size = 8;
    r.value = value;
    r.sub = static_cast<uint32_t>(sig_op);
  });
}

SHOAL_ARCH_FN void proxy_put_signal(const char* call, void* dest, const void* src, size_t bytes,
                                    uint64_t* sig, uint64_t value, int sig_op, int pe, bool wait) {
  const uint64_t t = proxy_post(call, pe, [&](proxy::Request& r) {
    r.op = proxy::kOpPutSignal;
    r.remote_offset = offset_of(dest);
    r.local = reinterpret_cast<uint64_t>(src);
    r.size = bytes;
    r.value = value;
    r.value2 = offset_of(sig);
    r.sub = static_cast<uint32_t>(sig_op);
    r.flags = wait ? proxy::kWait : 0u;
  });
  if (wait) proxy_wait(call, "complete a put_signal", pe, t);
}

// fence for proxied targets (per-PE ordering of later requests after earlier ones).
SHOAL_ARCH_FN void proxy_fence() {
  if (state().proxy == nullptr) return;
  proxy_post("shoal_fence", state().my_pe, [&](proxy::Request& r) { r.op = proxy::kOpFence; });
}

// quiet for proxied targets: returns once everything posted before completed.
SHOAL_ARCH_FN void proxy_quiet(const char* call) {
  if (state().proxy == nullptr) return;
  const uint64_t t = proxy_post(call, state().my_pe, [&](proxy::Request& r) {
    r.op = proxy::kOpQuiet;
    r.flags = proxy::kWait;
  });
  proxy_wait(call, "flush earlier operations (quiet)", state().my_pe, t);
}

}  // namespace shoal::device
