#include <shoal/launch.h>

#include <chrono>
#include <cstdio>
#include <thread>

#include "host/ibgda_drain.h"
#include "shoal/device/mlx5/queue.cuh"

namespace shoal {
namespace {

// One block; thread t quiets QPs t, t + blockDim.x, ... The outcome is read
// from the QPs' counters and error state by the caller.
__global__ void ibgda_quiet_kernel(mlx5::qp* qps, std::uint32_t n) {
  for (std::uint32_t i = threadIdx.x; i < n; i += blockDim.x)
    if (qps[i].sq != nullptr) (void)mlx5::quiet(&qps[i]);
}

std::string cuda_failure(const char* call, cudaError_t e) {
  return std::string(call) + " failed: " + cudaGetErrorString(e);
}

}  // namespace

std::string ibgda_quiet_on_device(mlx5::qp* qps, std::uint32_t n, double timeout_s, int device) {
  if (n == 0) return "";
  int previous = 0;
  if (cudaGetDevice(&previous) != cudaSuccess) previous = device;
  if (previous != device) cudaSetDevice(device);
  std::string e;
  cudaStream_t s = nullptr;
  cudaError_t rc = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  if (rc != cudaSuccess) e = cuda_failure("cudaStreamCreateWithFlags for the IBGDA quiet kernel", rc);
  if (e.empty()) {
    const unsigned threads = n < 128 ? (n + 31) / 32 * 32 : 128;
    rc = launch(ibgda_quiet_kernel, dim3(1), dim3(threads), 0, s, qps, n);
    if (rc != cudaSuccess) e = cuda_failure("launching the IBGDA quiet kernel", rc);
  }
  if (e.empty()) {
    const auto start = std::chrono::steady_clock::now();
    while ((rc = cudaStreamQuery(s)) == cudaErrorNotReady) {
      if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > timeout_s) {
        char line[160];
        std::snprintf(line, sizeof line, "the IBGDA quiet kernel over %u QPs still runs after %.1f s", n,
                      timeout_s);
        e = line;
        break;
      }
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    if (e.empty() && rc != cudaSuccess) e = cuda_failure("the IBGDA quiet kernel", rc);
  }
  if (s != nullptr) cudaStreamDestroy(s);  // a still-running kernel keeps it until it ends
  if (previous != device) cudaSetDevice(previous);
  return e;
}

}  // namespace shoal
