// Builds the device-side state (shoal/device/state.cuh) from the runtime at
// init and makes it visible to kernels: sim writes libshoal's copy; cuda
// uploads into every registered translation unit's __constant__ copy.
#pragma once

#include "base/status.h"

namespace shoal {

struct Runtime;

// Publishes the state, with a device team table holding every live team
// (their barrier flags and scratch live in their team pool slots). Called by
// init after the predefined teams exist.
Status device_state_publish(Runtime& r);
// Writes team `handle`'s device table entry from r.teams (or clears it when
// the team is not live), growing the table (and re-uploading the state into
// every registered module) when the handle is beyond its capacity.
Status device_team_update(Runtime& r, int handle);
// Clears the published state and frees its arrays (finalize).
void device_state_clear(Runtime& r);

}  // namespace shoal
