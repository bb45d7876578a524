// Force-included into every .cu file compiled for the sim platform (see
// shoal_add_cuda_sources in cmake/ShoalCuda.cmake). Makes CUDA kernel source
// compile as C++: keywords, built-in variables, device intrinsics and
// cooperative groups. Host code never needs it.
#pragma once

// Marks a translation unit compiled as sim device code (shoal/shoal.h then
// includes the device API).
#define SHOAL_SIM_PRELUDE 1

// Keep the toolkit from declaring threadIdx & co. as extern const.
#define __DEVICE_LAUNCH_PARAMETERS_H__

#include <assert.h>
#include <math.h>
#include <stdio.h>

#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>

#include "shoal/sim/device.h"
#include "shoal/sim/cooperative_groups.h"
#include "shoal/sim/launch.h"
#include "shoal/sim/runtime_templates.h"

// Per-block shared memory: a block's threads share its OS thread, so a
// thread-local is per block. Not `static thread_local`: that would clash with
// `static __shared__` and `extern __shared__`.
#undef __shared__
#define __shared__ thread_local
#ifndef __launch_bounds__
#define __launch_bounds__(...)
#endif
#ifndef __grid_constant__
#define __grid_constant__
#endif
