// Posting to a proxy request ring and waiting for a completion: the
// producer's half of the protocol in shoal/layout/proxy_ring.h, one source
// for the device API (shoal/device/proxy.cuh) and the host API
// (host/proxy.cc). Each side brings what differs:
//   Mem   the atomics on the ring's 64-bit words, as static functions:
//         fetch_add(uint64_t*, uint64_t) (relaxed), load_acquire(const
//         uint64_t*), load_relaxed(const uint64_t*), store_release(uint64_t*,
//         uint64_t), load_relaxed32(const uint32_t*), fence_sc()
//         (sequentially consistent fence);
//   Wait  void step(const char* what, uint64_t ticket): one pause of a
//         bounded wait on the proxy, which reports a transport error or a
//         timeout (naming `what` and the ticket) and ends the job;
//         void check(): reports a transport error recorded in the ring.
#pragma once

#include <stdint.h>
#if !defined(__CUDACC__)
#include <unistd.h>  // wake(): CPU producers only; kept out of users' CUDA translation units
#endif

#include "shoal/layout/proxy_ring.h"
#include "shoal/shared/hd.h"

namespace shoal::proxy {

// Reserves a slot of `ring`, waits until it is free (back-pressure when the
// ring is full: never overwrite), fills it through fill(Request&) (which
// leaves `seq` alone) and publishes it. Returns the ticket.
SHOAL_SHARED_TEMPLATE
template <class Mem, class Wait, class Fill>
SHOAL_SHARED_FN uint64_t post(Ring* ring, Wait& w, Fill&& fill) {
  const uint64_t ticket = Mem::fetch_add(&ring->head, 1);
  Request* slot = &ring->slots[ticket & ring->mask];
  while (Mem::load_acquire(&slot->seq) != ticket) w.step("free a ring slot", ticket);
  fill(*slot);
  Mem::store_release(&slot->seq, ticket + 1);
  return ticket;
}

// Waits until the proxy completed `ticket` (a kWait request of `ring`;
// `what` names it for a timeout: "complete a get"), reports a transport
// error, frees the slot and returns the result.
SHOAL_SHARED_TEMPLATE
template <class Mem, class Wait>
SHOAL_SHARED_FN uint64_t complete(Ring* ring, Wait& w, uint64_t ticket, const char* what) {
  Completion* c = &ring->completions[ticket & ring->mask];
  while (Mem::load_acquire(&c->done) != ticket + 1) w.step(what, ticket);
  const uint64_t result = Mem::load_relaxed(&c->result);
  w.check();
  Mem::store_release(&ring->slots[ticket & ring->mask].seq, ticket + ring->capacity);
  return result;
}

// After a CPU producer published (host API; device code on sim): assist,
// else ring the doorbell of a napping proxy. `proxy_ring` is the ring whose
// header holds `sleeping`, the doorbell and the assist hook (the device
// ring). The fence orders the publish before the pass or the look at
// `sleeping`, pairing with the proxy's store then re-check under its lock.
// Host code only (not declared for nvcc): a GPU cannot write an eventfd
// (its requests wait for the proxy's nap to end).
#if !defined(__CUDACC__)
template <class Mem>
inline void wake(Ring* proxy_ring, bool assist) {
  Mem::fence_sc();
  if (assist && proxy_ring->assist != nullptr && proxy_ring->assist(proxy_ring->assist_ctx, kAssistPost) >= 0)
    return;  // issued (or its turn is another's)
  if (Mem::load_relaxed32(&proxy_ring->sleeping) != 0u) {
    const uint64_t one = 1;
    if (::write(proxy_ring->doorbell_fd, &one, sizeof one) < 0) { /* the nap ends by itself */ }
  }
}
#endif

}  // namespace shoal::proxy
