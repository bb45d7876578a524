// The sim build of the device collectives (shoal/device/coll_entry.cuh),
// compiled once into libshoal, apart from device/sim/entry.cu so the two
// compile in parallel.
#ifndef SHOAL_DEVICE_CHECKS
#define SHOAL_DEVICE_CHECKS 1
#endif
#include "shoal/device/coll_entry.cuh"
