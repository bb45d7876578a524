// Streams, events and graphs: ordering across two streams through events,
// an async copy overlapping a running kernel, timing, and a captured graph
// replayed several times.
#include <vector>

#include "device/arch/memory.h"
#include "device/arch/spin.h"
#include "shoal/launch.h"
#include "tests/sim/test_util.h"

namespace {

// Slow on purpose: many passes so a missing dependency would be observed.
__global__ void fill_slow(int* x, int n, int value, int passes) {
  for (int p = 0; p < passes; ++p)
    for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n;
         i += static_cast<int>(gridDim.x * blockDim.x))
      x[i] = value + p - (passes - 1);
}

__global__ void transform(const int* x, int* y, int n) {
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n; i += static_cast<int>(gridDim.x * blockDim.x))
    y[i] = x[i] * 2 + 1;
}

// Waits for the flag that a copy on another stream delivers, then copies the
// payload (delivered before the flag on that stream).
__global__ void wait_for_copy(const unsigned* flag, const int* payload, int* out, int n) {
  if (threadIdx.x == 0) {
    while (shoal::arch::ld_acquire_sys(flag) == 0) shoal::arch::spin_pause();
  }
  __syncthreads();
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x)) out[i] = payload[i];
}

__global__ void affine(long long* x, int n, long long a, long long b) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = x[i] * a + b;
}

TEST(SimStream, EventOrderingAcrossStreams) {
  std::mt19937_64 rng(test_seed());
  const int n = 20000;
  cudaStream_t s1, s2;
  cudaEvent_t done, t0, t1;
  CUDA_OK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CUDA_OK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  CUDA_OK(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
  CUDA_OK(cudaEventCreate(&t0));
  CUDA_OK(cudaEventCreate(&t1));
  DeviceBuffer<int> x(n), y(n);
  for (int iter = 0; iter < 3; ++iter) {
    const int value = static_cast<int>(rng() % 100000);
    CUDA_OK(cudaEventRecord(t0, s1));
    CUDA_OK(shoal::launch(fill_slow, dim3(2), dim3(128), 0, s1, x.p, n, value, 20));
    CUDA_OK(cudaEventRecord(done, s1));
    CUDA_OK(cudaEventRecord(t1, s1));
    CUDA_OK(cudaStreamWaitEvent(s2, done, 0));
    CUDA_OK(shoal::launch(transform, dim3(3), dim3(64), 0, s2, x.p, y.p, n));
    CUDA_OK(cudaStreamSynchronize(s2));
    EXPECT_EQ(cudaSuccess, cudaEventQuery(done));
    EXPECT_EQ(cudaSuccess, cudaStreamQuery(s2));
    std::vector<int> h(n);
    CUDA_OK(cudaMemcpy(h.data(), y.p, y.bytes(), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) ASSERT_EQ(value * 2 + 1, h[i]) << "iteration " << iter << " element " << i;
    CUDA_OK(cudaEventSynchronize(t1));
    float ms = -1;
    CUDA_OK(cudaEventElapsedTime(&ms, t0, t1));
    EXPECT_GE(ms, 0.0f);
    EXPECT_EQ(cudaErrorInvalidResourceHandle, cudaEventElapsedTime(&ms, t0, done));  // timing disabled
    cudaGetLastError();
  }
  CUDA_OK(cudaEventDestroy(done));
  CUDA_OK(cudaEventDestroy(t0));
  CUDA_OK(cudaEventDestroy(t1));
  CUDA_OK(cudaStreamDestroy(s1));
  CUDA_OK(cudaStreamDestroy(s2));
}

TEST(SimStream, AsyncCopyOverlapsKernel) {
  std::mt19937_64 rng(test_seed());
  const int n = 4096;
  cudaStream_t ks, cs;
  CUDA_OK(cudaStreamCreateWithFlags(&ks, cudaStreamNonBlocking));
  CUDA_OK(cudaStreamCreateWithFlags(&cs, cudaStreamNonBlocking));
  int* h_payload = nullptr;
  unsigned* h_flag = nullptr;
  CUDA_OK(cudaMallocHost(reinterpret_cast<void**>(&h_payload), n * sizeof(int)));
  CUDA_OK(cudaHostAlloc(reinterpret_cast<void**>(&h_flag), sizeof(unsigned), cudaHostAllocMapped));
  for (int i = 0; i < n; ++i) h_payload[i] = static_cast<int>(rng());
  *h_flag = 1;
  DeviceBuffer<int> payload(n), out(n);
  DeviceBuffer<unsigned> flag(1);
  CUDA_OK(cudaMemset(flag.p, 0, sizeof(unsigned)));
  CUDA_OK(cudaDeviceSynchronize());
  // The kernel starts first and can only finish once the copies land.
  CUDA_OK(shoal::launch(wait_for_copy, dim3(1), dim3(128), 0, ks, flag.p, payload.p, out.p, n));
  CUDA_OK(cudaMemcpyAsync(payload.p, h_payload, payload.bytes(), cudaMemcpyHostToDevice, cs));
  CUDA_OK(cudaMemcpyAsync(flag.p, h_flag, sizeof(unsigned), cudaMemcpyHostToDevice, cs));
  CUDA_OK(cudaStreamSynchronize(ks));
  std::vector<int> h(n);
  CUDA_OK(cudaMemcpy(h.data(), out.p, out.bytes(), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) ASSERT_EQ(h_payload[i], h[i]) << "element " << i;
  unsigned* d_flag_view = nullptr;
  CUDA_OK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&d_flag_view), h_flag, 0));
  EXPECT_NE(nullptr, d_flag_view);
  CUDA_OK(cudaFreeHost(h_payload));
  CUDA_OK(cudaFreeHost(h_flag));
  CUDA_OK(cudaStreamDestroy(ks));
  CUDA_OK(cudaStreamDestroy(cs));
}

TEST(SimStream, CapturedGraphReplays) {
  std::mt19937_64 rng(test_seed());
  const int n = 1000;
  cudaStream_t s;
  CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  std::vector<long long> h(n);
  for (auto& x : h) x = static_cast<long long>(rng() % 1000);
  DeviceBuffer<long long> x(n), copy(n);
  CUDA_OK(cudaMemcpy(x.p, h.data(), x.bytes(), cudaMemcpyHostToDevice));
  const long long a = 3, b = static_cast<long long>(rng() % 50);

  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  cudaStreamCaptureStatus status;
  CUDA_OK(cudaStreamIsCapturing(s, &status));
  EXPECT_EQ(cudaStreamCaptureStatusActive, status);
  CUDA_OK(shoal::launch(affine, dim3((n + 127) / 128), dim3(128), 0, s, x.p, n, a, b));
  CUDA_OK(shoal::launch(affine, dim3((n + 127) / 128), dim3(128), 0, s, x.p, n, 1LL, -1LL));
  CUDA_OK(cudaMemcpyAsync(copy.p, x.p, x.bytes(), cudaMemcpyDeviceToDevice, s));
  CUDA_OK(cudaStreamEndCapture(s, &graph));
  CUDA_OK(cudaStreamIsCapturing(s, &status));
  EXPECT_EQ(cudaStreamCaptureStatusNone, status);
  CUDA_OK(cudaStreamSynchronize(s));
  // Capture does not execute.
  std::vector<long long> got(n);
  CUDA_OK(cudaMemcpy(got.data(), x.p, x.bytes(), cudaMemcpyDeviceToHost));
  EXPECT_EQ(h, got);
  CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
  const int replays = 3;
  for (int r = 0; r < replays; ++r) CUDA_OK(cudaGraphLaunch(exec, s));
  CUDA_OK(cudaStreamSynchronize(s));
  for (int r = 0; r < replays; ++r)
    for (auto& v : h) v = v * a + b - 1;
  CUDA_OK(cudaMemcpy(got.data(), copy.p, copy.bytes(), cudaMemcpyDeviceToHost));
  EXPECT_EQ(h, got);
  CUDA_OK(cudaGraphExecDestroy(exec));
  CUDA_OK(cudaGraphDestroy(graph));
  CUDA_OK(cudaStreamDestroy(s));
}

TEST(SimStream, DefaultStreamOrdersBlockingStreams) {
  std::mt19937_64 rng(test_seed());
  const int n = 5000;
  cudaStream_t s;
  CUDA_OK(cudaStreamCreate(&s));  // blocking: synchronizes with stream 0
  DeviceBuffer<int> x(n), y(n);
  const int value = static_cast<int>(rng() % 1000);
  CUDA_OK(shoal::launch(fill_slow, dim3(2), dim3(128), 0, nullptr, x.p, n, value, 10));
  CUDA_OK(shoal::launch(transform, dim3(2), dim3(128), 0, s, x.p, y.p, n));
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<int> h(n);
  CUDA_OK(cudaMemcpy(h.data(), y.p, y.bytes(), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) ASSERT_EQ(value * 2 + 1, h[i]) << "element " << i;
  CUDA_OK(cudaStreamDestroy(s));
}

}  // namespace
