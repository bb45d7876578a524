// The library a device perftest is built against, chosen at configure time:
// shoal (default) or NVIDIA's NVSHMEM (SHOAL_PERFTEST_NVSHMEM, see
// perftest/device/CMakeLists.txt). The perftest source is written once
// against shoal's names; for NVSHMEM this header maps each name used there to
// NVSHMEM's (shoal_X -> nvshmem_X, shoal_X_warp/_block -> nvshmemx_X_warp/
// _block) and provides the few host pieces that differ:
//
//   perftest_init()      shoal: shoal_init(). NVSHMEM: the job is started by
//                        shoalrun (or mpirun/srun with shoal's PMIx plugin);
//                        shoal's bootstrap gives rank and size, rank 0's
//                        NVSHMEM unique id is broadcast through it, and
//                        NVSHMEM is initialised with that id. The GPU is the
//                        node-local rank modulo the visible GPUs, as shoal does.
//   perftest_finalize()  shoal_finalize() / nvshmem_finalize() + bootstrap end.
//   perftest_library()   "shoal" / "nvshmem <major>.<minor>.<patch>".
//   shoal::launch, shoal::collective_launch
//                        for NVSHMEM: <<<>>> and nvshmemx_collective_launch.
//
// Only the names device_bench.cu uses are mapped; a new call in the perftest
// needs a line here (the NVSHMEM build fails to compile otherwise).
#pragma once

#if defined(SHOAL_PERFTEST_NVSHMEM)

#include <nvshmem.h>
#include <nvshmemx.h>

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include <cuda_runtime_api.h>

// Constants.
#define SHOAL_SIGNAL_SET NVSHMEM_SIGNAL_SET
#define SHOAL_SIGNAL_ADD NVSHMEM_SIGNAL_ADD
#define SHOAL_CMP_EQ NVSHMEM_CMP_EQ
#define SHOAL_CMP_NE NVSHMEM_CMP_NE
#define SHOAL_CMP_GT NVSHMEM_CMP_GT
#define SHOAL_CMP_GE NVSHMEM_CMP_GE
#define SHOAL_CMP_LT NVSHMEM_CMP_LT
#define SHOAL_CMP_LE NVSHMEM_CMP_LE

// Host and device calls with the same name on both sides.
#define shoal_my_pe nvshmem_my_pe
#define shoal_n_pes nvshmem_n_pes
#define shoal_align nvshmem_align
#define shoal_free nvshmem_free
#define shoal_ptr nvshmem_ptr
#define shoal_global_exit nvshmem_global_exit
#define shoal_barrier_all nvshmem_barrier_all
#define shoal_quiet nvshmem_quiet
#define shoal_fence nvshmem_fence

// RMA (thread scope: nvshmem_, warp/block scope: nvshmemx_).
#define shoal_putmem nvshmem_putmem
#define shoal_getmem nvshmem_getmem
#define shoal_putmem_nbi nvshmem_putmem_nbi
#define shoal_getmem_nbi nvshmem_getmem_nbi
#define shoal_putmem_nbi_warp nvshmemx_putmem_nbi_warp
#define shoal_putmem_nbi_block nvshmemx_putmem_nbi_block
#define shoal_getmem_nbi_warp nvshmemx_getmem_nbi_warp
#define shoal_getmem_nbi_block nvshmemx_getmem_nbi_block
#define shoal_getmem_warp nvshmemx_getmem_warp
#define shoal_getmem_block nvshmemx_getmem_block
#define shoal_int_p nvshmem_int_p
#define shoal_int_g nvshmem_int_g
#define shoal_ulonglong_p nvshmem_ulonglong_p

// Signals and waits.
#define shoal_putmem_signal_nbi nvshmem_putmem_signal_nbi
#define shoal_signal_op nvshmemx_signal_op
#define shoal_signal_wait_until nvshmem_signal_wait_until
#define shoal_ulonglong_wait_until nvshmem_ulonglong_wait_until

// Atomics.
#define shoal_ulonglong_atomic_fetch_add nvshmem_ulonglong_atomic_fetch_add
#define shoal_ulonglong_atomic_add nvshmem_ulonglong_atomic_add
#define shoal_ulonglong_atomic_inc nvshmem_ulonglong_atomic_inc
#define shoal_ulonglong_atomic_fetch_inc nvshmem_ulonglong_atomic_fetch_inc
#define shoal_ulonglong_atomic_swap nvshmem_ulonglong_atomic_swap
#define shoal_ulonglong_atomic_compare_swap nvshmem_ulonglong_atomic_compare_swap
#define shoal_ulonglong_atomic_fetch nvshmem_ulonglong_atomic_fetch
#define shoal_ulonglong_atomic_set nvshmem_ulonglong_atomic_set

#if defined(SHOAL_NVSHMEM_COMPAT)
// Built through shoal's own <nvshmem.h> (perftest.device.nvshmem_compat.*):
// <nvshmemx.h> brings shoal::collective_launch, and the typed launches are
// shoal's (the sim platform has no type-erased cudaLaunchKernel).
#include <shoal/launch.h>
#else
namespace shoal {

namespace perftest_detail {
template <class... P, class... A>
inline int with_arg_pointers(void (*kernel)(P...), dim3 grid, dim3 block, size_t smem, cudaStream_t stream,
                             bool collective, A&&... args) {
  static_assert(sizeof...(P) == sizeof...(A), "kernel called with the wrong number of arguments");
  std::tuple<std::decay_t<P>...> values(std::forward<A>(args)...);
  return std::apply(
      [&](auto&... v) {
        void* ptrs[sizeof...(P) + 1] = {static_cast<void*>(&v)..., nullptr};
        if (collective)
          return nvshmemx_collective_launch(reinterpret_cast<const void*>(kernel), grid, block, ptrs, smem,
                                            stream);
        return static_cast<int>(
            cudaLaunchKernel(reinterpret_cast<const void*>(kernel), grid, block, ptrs, smem, stream));
      },
      values);
}
}  // namespace perftest_detail

template <class... P, class... A>
inline cudaError_t launch(void (*kernel)(P...), dim3 grid, dim3 block, size_t smem, cudaStream_t stream,
                          A&&... args) {
  return static_cast<cudaError_t>(perftest_detail::with_arg_pointers(kernel, grid, block, smem, stream, false,
                                                                     std::forward<A>(args)...));
}

// NVSHMEM returns its own status codes; any failure is reported as a launch
// failure (the caller prints cudaGetErrorString of it).
template <class... P, class... A>
inline cudaError_t collective_launch(void (*kernel)(P...), dim3 grid, dim3 block, size_t smem,
                                     cudaStream_t stream, A&&... args) {
  const int rc = perftest_detail::with_arg_pointers(kernel, grid, block, smem, stream, true,
                                                    std::forward<A>(args)...);
  if (rc == 0) return cudaSuccess;
  const cudaError_t e = cudaGetLastError();
  return e != cudaSuccess ? e : cudaErrorLaunchFailure;
}

}  // namespace shoal
#endif  // SHOAL_NVSHMEM_COMPAT

// Defined in perftest/device/nvshmem_init.cc (links shoal's bootstrap, not libshoal).
int perftest_init();
void perftest_finalize();
const char* perftest_library();

#else  // shoal

#include <shoal/collective_launch.h>
#include <shoal/shoal.h>

inline int perftest_init() { return shoal_init(); }
inline void perftest_finalize() { shoal_finalize(); }
inline const char* perftest_library() { return "shoal"; }

#endif
