// The qualifier of functions in shoal/shared/: compiled for host and device
// by nvcc, plain inline functions for every other compiler (host code of
// the cuda platform, everything on sim).
#pragma once

#if defined(__CUDACC__)
#define SHOAL_SHARED_FN __host__ __device__ __forceinline__
// The shared templates call what each side passes in (device-only atomics,
// host-only waits); nvcc checks the execution space per instantiation, and
// this keeps it from warning about the side a template is not used on.
#define SHOAL_SHARED_TEMPLATE _Pragma("nv_exec_check_disable")
#else
#define SHOAL_SHARED_FN inline
#define SHOAL_SHARED_TEMPLATE
#endif
