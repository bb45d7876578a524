// The sim build of the device API: the same sources a CUDA translation unit
// inlines (shoal/device/entry.cuh), compiled once into libshoal with the sim
// prelude and the device checks on. Kernels call these functions directly
// (device-only forms) or through libshoal's host+device entry points, which
// forward here when called from a kernel (host/api/sim_dispatch.h).
#ifndef SHOAL_DEVICE_CHECKS
#define SHOAL_DEVICE_CHECKS 1
#endif
#include "shoal/device/entry.cuh"

namespace shoal::device {
State g_sim_state{};
}  // namespace shoal::device
