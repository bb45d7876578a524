// Part 2 of the sim build of the device API (the host+device RMA and signal entry points);
// see entry_part1.cu.
#ifndef SHOAL_DEVICE_CHECKS
#define SHOAL_DEVICE_CHECKS 1
#endif
#define SHOAL_DEV_ENTRY_PART 2
#include "shoal/device/entry.cuh"
