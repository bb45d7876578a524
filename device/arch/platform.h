// Common ground of the arch wrappers: the device-function qualifier and the
// memory scopes.
//
// Every wrapper in device/arch/ has a CUDA body (inline PTX or CUDA
// intrinsics) and a sim body (C++ atomics), selected by SHOAL_PLATFORM_SIM.
// Kernels and the device API call these wrappers and never contain inline asm.
#pragma once

#include <cstdint>
#include <type_traits>

#if defined(SHOAL_PLATFORM_SIM)
#include <atomic>

#include "shoal/sim/weak_order.h"  // ordering points drain the weak-order store buffer
#endif

#define SHOAL_ARCH_FN __device__ __forceinline__

// Loop unrolling hints that both compilers understand: SHOAL_UNROLL(n) before
// a loop (nvcc: #pragma unroll n; GCC on sim: #pragma GCC unroll n).
#define SHOAL_PRAGMA_(x) _Pragma(#x)
#if defined(SHOAL_PLATFORM_SIM)
#define SHOAL_UNROLL(n) SHOAL_PRAGMA_(GCC unroll n)
#else
#define SHOAL_UNROLL(n) SHOAL_PRAGMA_(unroll n)
#endif

namespace shoal::arch {

// Which threads an ordering or atomicity guarantee covers: the block (cta),
// the GPU (gpu), or every GPU and the host (sys; what peers across PEs need).
enum class scope { cta, gpu, sys };

template <class T>
concept integer = std::is_integral_v<T> && (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8);

}  // namespace shoal::arch
