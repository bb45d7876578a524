// shoal_collective_launch and its grid-size query (C forms).
#include <cuda_runtime_api.h>

#include "base/log.h"
#include "shoal/collective_launch.h"
#include "shoal/shoal.h"

extern "C" {

int shoal_collective_launch(const void* func, dim3 grid, dim3 block, void** args, size_t smem,
                            cudaStream_t stream) {
  if (!shoal_init_status()) {
    SHOAL_ERROR("shoal_collective_launch called before shoal_init");
    return cudaErrorInitializationError;
  }
  // On sim the kernel must be registered (shoal/sim/launch.h: its .cu built
  // with SIM_REWRITE, or SHOAL_SIM_REGISTER_KERNEL); the sim runtime says so.
  return static_cast<int>(cudaLaunchCooperativeKernel(func, grid, block, args, smem, stream));
}

int shoal_collective_launch_query_gridsize(const void* func, dim3 block, void** args, size_t smem,
                                           int* gridsize) {
  (void)args;
  if (!gridsize) return cudaErrorInvalidValue;
  int dev = 0, per_sm = 0, sms = 0;
  cudaError_t e = cudaGetDevice(&dev);
  if (e == cudaSuccess)
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, func,
                                                      static_cast<int>(block.x * block.y * block.z), smem);
  if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  if (e != cudaSuccess) return static_cast<int>(e);
  *gridsize = per_sm * sms;
  return 0;
}

}  // extern "C"
