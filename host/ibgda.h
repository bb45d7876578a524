// The host side of IBGDA (docs/transport-ibgda.md): at init, RC queue pairs
// from this PE to every PE it cannot load/store, their queue memory, the
// heap registration and the key/QP-number exchange, all through a NIC
// backend (transport/ibgda/backend.h: the mlx5 emulator, or a ConnectX NIC
// through the DevX plugin, host/ibgda_devx.h);
// then the device-visible table device code posts through.
#pragma once

#include "base/status.h"
#include "shoal/layout/ibgda_table.h"

namespace shoal {

struct Runtime;

// Collective. Starts IBGDA when some PE of the job cannot reach another by
// load/store and SHOAL_REMOTE_TRANSPORT is auto or ibgda. Sets r.ibgda (null
// when not running). When it cannot start, logs "IBGDA: <what is missing>"
// (info under auto, error under ibgda) and returns ok under auto (the proxy
// takes over), unavailable under ibgda.
Status ibgda_start(Runtime& r);
// Host-side quiet: waits until the NIC has executed every WQE the doorbell
// records announce (device-posted ones included); ends the job after
// SHOAL_TIMEOUT.
void ibgda_quiet(Runtime& r, const char* call);
// Finalize, after a barrier that follows every PE's last quiet.
void ibgda_stop(Runtime& r);

// The table device code reads (null without IBGDA).
const device::Ibgda* ibgda_device(const Runtime& r);

// Adds what this PE's QPs sent (Backend::sent) to *bytes and *ops; false
// when IBGDA runs on a NIC that does not count (nothing added).
bool ibgda_sent(const Runtime& r, std::uint64_t* bytes, std::uint64_t* ops);

}  // namespace shoal
