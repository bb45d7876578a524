// Queries other layers make of the sim runtime without its headers.
#include "shoal/sim/fiber.h"

// 1 when the calling OS thread is running a kernel's block (a fiber of a
// launch), else 0. libshoal uses it to run the device implementation of a
// host+device API function called from a kernel.
extern "C" int shoal_sim_in_kernel(void) { return shoal::sim::t_block != nullptr ? 1 : 0; }
