/* Launching kernels that use device-side barriers or collectives.
 *
 * Such kernels wait for other PEs' kernels, so all their blocks must be
 * resident at once: they are launched cooperatively. On the GPU, PEs that
 * share a GPU without MPS are time-sliced, not co-scheduled: the kernels
 * still complete (the waits spin), only slowly.
 *
 *   shoal::collective_launch(kernel, grid, block, dynamic_smem, stream, args...)
 *     C++, typed, both platforms (the portable form).
 *   shoal_collective_launch(func, grid, block, args, smem, stream)
 *     C, NVSHMEM's shape; on sim only for registered kernels (a kernel's
 *     argument types are not known from void**: SHOAL_SIM_REGISTER_KERNEL,
 *     or the launch rewriter, docs/sim.md), else use the C++ form.
 *   shoal_collective_launch_query_gridsize(func, block, args, smem, &grid)
 *     the largest grid that can be co-resident. */
#ifndef SHOAL_COLLECTIVE_LAUNCH_H
#define SHOAL_COLLECTIVE_LAUNCH_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Returns 0 on success, else the CUDA error code. */
int shoal_collective_launch(const void* func, dim3 grid, dim3 block, void** args, size_t smem,
                            cudaStream_t stream);
int shoal_collective_launch_query_gridsize(const void* func, dim3 block, void** args, size_t smem,
                                           int* gridsize);

#ifdef __cplusplus
}

#include <shoal/launch.h>

namespace shoal {

template <class... P, class... A>
inline cudaError_t collective_launch(void (*kernel)(P...), dim3 grid, dim3 block,
                                     size_t dynamic_smem, cudaStream_t stream, A&&... args) {
  return launch_cooperative(kernel, grid, block, dynamic_smem, stream, static_cast<A&&>(args)...);
}

}  // namespace shoal
#endif

#endif /* SHOAL_COLLECTIVE_LAUNCH_H */
