// gpu-roofline: device-to-device cudaMemcpy bandwidth on this PE's GPU, the
// ceiling a put between two PEs on one GPU is compared with (docs/cuda.md).
// Bandwidth counts bytes copied (each byte is read once and written once, so
// DRAM traffic is twice this). Prints one row per size and, last,
// "roofline_GBps=<best of the sizes >= 16 MiB>".
//
//   gpu-roofline [max_bytes]      (default 1 GiB)
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

namespace {

bool check(cudaError_t rc, const char* what) {
  if (rc == cudaSuccess) return true;
  std::fprintf(stderr, "gpu-roofline: %s failed: %s (%d)\n", what, cudaGetErrorString(rc),
               static_cast<int>(rc));
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  size_t max_bytes = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : (size_t{1} << 30);
  int n = 0;
  cudaError_t rc = cudaGetDeviceCount(&n);
  if (rc != cudaSuccess || n == 0) {
    std::fprintf(stderr, "gpu-roofline: no CUDA driver/GPU: cudaGetDeviceCount: %s\n",
                 cudaGetErrorString(rc));
    return 2;
  }
  char *a = nullptr, *b = nullptr;
  if (!check(cudaMalloc(&a, max_bytes), "cudaMalloc(src)") ||
      !check(cudaMalloc(&b, max_bytes), "cudaMalloc(dst)"))
    return 1;
  // Not zeros: fill with a pattern so nothing can shortcut the copy.
  if (!check(cudaMemset(a, 0x5a, max_bytes), "cudaMemset")) return 1;
  cudaEvent_t t0, t1;
  cudaEventCreate(&t0);
  cudaEventCreate(&t1);
  double best = 0;
  std::printf("%12s %10s %12s\n", "bytes", "reps", "GB/s");
  for (size_t bytes = size_t{1} << 20; bytes <= max_bytes; bytes <<= 2) {
    int reps = bytes >= (size_t{256} << 20) ? 10 : 50;
    for (int w = 0; w < 3; ++w) cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice);  // warm-up
    cudaEventRecord(t0);
    for (int r = 0; r < reps; ++r) cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice);
    cudaEventRecord(t1);
    if (!check(cudaEventSynchronize(t1), "cudaMemcpy")) return 1;
    float ms = 0;
    cudaEventElapsedTime(&ms, t0, t1);
    double gbps = static_cast<double>(bytes) * reps / (ms * 1e-3) / 1e9;
    if (bytes >= (size_t{16} << 20) && gbps > best) best = gbps;
    std::printf("%12zu %10d %12.1f\n", bytes, reps, gbps);
  }
  if (!check(cudaGetLastError(), "the copies")) return 1;
  std::printf("roofline_GBps=%.1f\n", best);
  cudaFree(a);
  cudaFree(b);
  return 0;
}
