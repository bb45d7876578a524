// Part 3 of the sim build of the device API (the typed _block RMA forms, group barriers, host+device
// atomics, waits/tests, ordering, barriers and queries);
// see entry_part1.cu.
#ifndef SHOAL_DEVICE_CHECKS
#define SHOAL_DEVICE_CHECKS 1
#endif
#define SHOAL_DEV_ENTRY_PART 3
#include "shoal/device/entry.cuh"
