// The host side of the proxy transport (docs/transport-proxy.md): the
// request ring shared with device code, the transport plugin that drains it
// (libshoal_transport_ucx.so), and host-initiated requests through the same
// ring. Only PEs that are not load/store reachable use it.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "shoal/layout/proxy_ring.h"

namespace shoal {

struct Runtime;

// Collective: when SHOAL_REMOTE_TRANSPORT is not `none` and some PE of the
// job cannot reach another by load/store, creates the ring, loads the plugin
// and connects. Sets r.proxy (null when no PE needs it).
Status proxy_start(Runtime& r);
// Finalize: after this PE's last quiet, before the barrier that precedes
// proxy_stop (peers disconnecting are expected from then on).
void proxy_quiesce(Runtime& r);
// After a barrier that follows every PE's last quiet.
void proxy_stop(Runtime& r);

// The ring as device code sees it (null without a proxy).
proxy::Ring* proxy_ring_device(const Runtime& r);

// True when the proxy serves `pe` (false for an out-of-range PE).
bool proxy_serves(const Runtime& r, int pe);

// Host-initiated requests (same ring, same ordering as device ones). post
// returns the ticket; wait (for kWait requests) returns the result and
// ends the job with the transport's error message on failure.
std::uint64_t proxy_post(Runtime& r, const char* call, const proxy::Request& req);
std::uint64_t proxy_wait(Runtime& r, const char* call, std::uint64_t ticket);
// quiet: every request posted before (by any thread of this PE) completed.
void proxy_quiet(Runtime& r, const char* call);

// Adds what the proxy sent for this PE (both rings' sent_bytes/sent_ops) to
// *bytes and *ops.
void proxy_sent(const Runtime& r, std::uint64_t* bytes, std::uint64_t* ops);

}  // namespace shoal
