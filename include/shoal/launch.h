// Portable kernel launch and dynamic shared memory, identical in source on
// both platforms.
//
//   cudaError_t err = shoal::launch(kernel, grid, block, dynamic_smem, stream, args...);
//   cudaError_t err = shoal::launch_cooperative(kernel, grid, block, dynamic_smem, stream, args...);
//
// Arguments are converted to the kernel's parameter types and copied, as with
// <<<>>>. The result is the launch's error code (also the thread's last
// error, as with cudaLaunchKernel): configuration errors are reported here;
// execution is asynchronous on `stream`.
//
// Device side: SHOAL_DYNAMIC_SMEM(T) yields a T* to the block's dynamic
// shared memory (the `dynamic_smem` bytes of the launch), 16-byte aligned.
//
// Platform: SHOAL_PLATFORM_SIM is defined (to 1) in sim builds by the
// shoal::sim target; otherwise this is the CUDA path.
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include <cuda_runtime_api.h>

#if defined(SHOAL_PLATFORM_SIM)
#include <memory>

#include "shoal/sim/launch.h"
#endif

namespace shoal {

namespace detail {

template <bool Cooperative, class... P, class... A>
inline cudaError_t launch_impl(void (*kernel)(P...), dim3 grid, dim3 block, size_t dynamic_smem,
                               cudaStream_t stream, A&&... args) {
  static_assert(sizeof...(P) == sizeof...(A), "kernel called with the wrong number of arguments");
#if defined(SHOAL_PLATFORM_SIM)
  auto call = std::make_shared<const sim::KernelCallOf<P...>>(kernel, std::forward<A>(args)...);
  return sim::launch_kernel(reinterpret_cast<const void*>(kernel), grid, block, dynamic_smem, stream,
                            Cooperative, std::move(call));
#else
  std::tuple<std::decay_t<P>...> values(std::forward<A>(args)...);
  return std::apply(
      [&](auto&... v) {
        void* ptrs[sizeof...(P) + 1] = {static_cast<void*>(&v)..., nullptr};
        if constexpr (Cooperative)
          return cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(kernel), grid, block, ptrs,
                                             dynamic_smem, stream);
        else
          return cudaLaunchKernel(reinterpret_cast<const void*>(kernel), grid, block, ptrs, dynamic_smem, stream);
      },
      values);
#endif
}

}  // namespace detail

template <class... P, class... A>
inline cudaError_t launch(void (*kernel)(P...), dim3 grid, dim3 block, size_t dynamic_smem, cudaStream_t stream,
                          A&&... args) {
  return detail::launch_impl<false>(kernel, grid, block, dynamic_smem, stream, std::forward<A>(args)...);
}

// All blocks co-resident and this_grid().sync() allowed; grids larger than
// the device can hold fail with cudaErrorCooperativeLaunchTooLarge.
template <class... P, class... A>
inline cudaError_t launch_cooperative(void (*kernel)(P...), dim3 grid, dim3 block, size_t dynamic_smem,
                                      cudaStream_t stream, A&&... args) {
  return detail::launch_impl<true>(kernel, grid, block, dynamic_smem, stream, std::forward<A>(args)...);
}

}  // namespace shoal

#if defined(SHOAL_PLATFORM_SIM)
namespace shoal::sim {
extern __thread unsigned char* t_dynamic_smem;
}
#define SHOAL_DYNAMIC_SMEM(T) (reinterpret_cast<T*>(::shoal::sim::t_dynamic_smem))
#elif defined(__CUDACC__)
namespace shoal::detail {
template <class T>
__device__ __forceinline__ T* dynamic_smem() {
  extern __shared__ __align__(16) unsigned char shoal_dynamic_smem_[];
  return reinterpret_cast<T*>(shoal_dynamic_smem_);
}
}  // namespace shoal::detail
#define SHOAL_DYNAMIC_SMEM(T) (::shoal::detail::dynamic_smem<T>())
#endif
