// Builds the device-side state (shoal/device/state.cuh) from the runtime at
// init and makes it visible to kernels: sim writes libshoal's copy; cuda
// uploads into every registered translation unit's __constant__ copy.
#pragma once

#include "base/status.h"

namespace shoal {

struct Runtime;

// Allocates the device barrier areas of the predefined teams (collective in
// effect: every PE does the same internal allocations) and publishes the
// state. Called by init after the teams exist.
Status device_state_publish(Runtime& r);
// Clears the published state and frees its arrays (finalize).
void device_state_clear(Runtime& r);

}  // namespace shoal
