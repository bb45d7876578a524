// Binding this process to its GPU at init, before anything allocates device
// memory. cuda: SHOAL_DEVICE or node-local rank modulo the visible devices,
// then cudaSetDevice. sim: nothing to bind (device 0).
#pragma once

#include "base/status.h"

namespace shoal::gpu {

// Chooses and sets this PE's device; *device_p receives the ordinal. Fails
// with one line ("no CUDA driver/GPU: ...") when no device is usable.
Status device_bind(int local_rank, int local_size, int env_device, int* device_p);

}  // namespace shoal::gpu
