#include <cuda_runtime_api.h>

#include "base/log.h"
#include "host/gpu/device.h"
#include "host/gpu/select.h"

namespace shoal::gpu {

Status device_bind(int local_rank, int local_size, int env_device, int* device_p) {
  int count = 0;
  cudaError_t rc = cudaGetDeviceCount(&count);
  if (rc != cudaSuccess || count == 0) {
    SHOAL_ERROR("no CUDA driver/GPU: cudaGetDeviceCount returned %s (%d), %d devices; run on a "
                "machine with an NVIDIA GPU and driver, or build with -DSHOAL_PLATFORM=sim",
                rc == cudaSuccess ? "no error" : cudaGetErrorString(rc), static_cast<int>(rc),
                count);
    return Status::not_found;
  }
  int dev = select_device(local_rank, count, env_device);
  if (dev < 0) {
    SHOAL_ERROR("SHOAL_DEVICE=%d names no visible device (%d visible: 0..%d)", env_device, count,
                count - 1);
    return Status::invalid_argument;
  }
  rc = cudaSetDevice(dev);
  if (rc != cudaSuccess) {
    SHOAL_ERROR("cudaSetDevice(%d) failed: %s (%d)", dev, cudaGetErrorString(rc),
                static_cast<int>(rc));
    return Status::not_found;
  }
  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, dev) != cudaSuccess) prop.name[0] = '\0';
  SHOAL_INFO("GPU %d of %d (%s, sm_%d%d) chosen by %s; local rank %d of %d", dev, count,
             prop.name, prop.major, prop.minor,
             env_device >= 0 ? "SHOAL_DEVICE" : "local rank mod visible GPUs", local_rank,
             local_size);
  if (local_size > count && env_device < 0)
    SHOAL_INFO("%d PEs share %d GPU(s) on this node: kernels of different PEs time-slice unless "
               "the CUDA MPS server runs (correct either way; see docs/cuda.md)", local_size, count);
  *device_p = dev;
  return Status::ok;
}

}  // namespace shoal::gpu
