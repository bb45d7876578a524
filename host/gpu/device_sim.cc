#include "host/gpu/device.h"

namespace shoal::gpu {

// sim: every PE runs its kernels on CPU threads; there is no device to bind.
Status device_bind(int, int, int, int* device_p) {
  *device_p = 0;
  return Status::ok;
}

}  // namespace shoal::gpu
