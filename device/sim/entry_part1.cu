// The sim build of the device API: the same sources a CUDA translation unit
// inlines (shoal/device/entry.cuh), compiled once into libshoal with the sim
// prelude and the device checks on. Kernels call these functions directly
// (device-only forms) or through libshoal's host+device entry points, which
// forward here when called from a kernel (host/api/sim_dispatch.h).
//
// Three translation units (entry_part{1,2,3}.cu), one part of entry.cuh each:
// 1 the typed _warp RMA forms and the sized/mem _warp/_block ones, 2 the
// host+device RMA and signals, 3 the typed _block RMA forms, the group
// barriers, atomics, waits and the rest (balanced by compile time).
#ifndef SHOAL_DEVICE_CHECKS
#define SHOAL_DEVICE_CHECKS 1
#endif
#define SHOAL_DEV_ENTRY_PART 1
#include "shoal/device/entry.cuh"

namespace shoal::device {
State g_sim_state{};
}  // namespace shoal::device
