// The CUDA runtime subset as host code sees it: device queries, memory
// kinds and pointer attributes, errors, host functions in stream order,
// stream-ordered allocation.
#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include "shoal/launch.h"
#include "tests/sim/test_util.h"

namespace {

__global__ void add_one(int* x, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] += 1;
}

TEST(SimRuntime, DeviceQueries) {
  int count = 0, dev = -1;
  CUDA_OK(cudaGetDeviceCount(&count));
  EXPECT_GE(count, 1);
  CUDA_OK(cudaSetDevice(0));
  CUDA_OK(cudaGetDevice(&dev));
  EXPECT_EQ(0, dev);
  cudaDeviceProp prop{};
  CUDA_OK(cudaGetDeviceProperties(&prop, 0));
  EXPECT_EQ(32, prop.warpSize);
  EXPECT_EQ(1024, prop.maxThreadsPerBlock);
  EXPECT_GT(prop.multiProcessorCount, 0);
  EXPECT_GE(prop.major, 9);
  EXPECT_GE(prop.sharedMemPerBlockOptin, prop.sharedMemPerBlock);
  int v = 0;
  CUDA_OK(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0));
  EXPECT_EQ(prop.multiProcessorCount, v);
  CUDA_OK(cudaDeviceGetAttribute(&v, cudaDevAttrCooperativeLaunch, 0));
  EXPECT_EQ(1, v);
  EXPECT_EQ(cudaErrorInvalidDevice, cudaSetDevice(count));
  EXPECT_EQ(cudaErrorInvalidDevice, cudaGetLastError());
  EXPECT_EQ(cudaErrorInvalidDevice, cudaSetDevice(-1));
  EXPECT_EQ(cudaErrorInvalidDevice, cudaGetLastError());
  CUDA_OK(cudaGetDevice(&dev));
  EXPECT_EQ(0, dev);  // a refused cudaSetDevice leaves the current device
  // SHOAL_SIM_DEVICES (default 8) devices: one per PE of a node, as programs
  // that call cudaSetDevice(local rank) expect; each answers the queries.
  EXPECT_EQ(8, count);
  CUDA_OK(cudaSetDevice(count - 1));
  CUDA_OK(cudaGetDevice(&dev));
  EXPECT_EQ(count - 1, dev);
  CUDA_OK(cudaGetDeviceProperties(&prop, count - 1));
  EXPECT_EQ(32, prop.warpSize);
  EXPECT_EQ(cudaErrorInvalidDevice, cudaGetDeviceProperties(&prop, count));
  EXPECT_EQ(cudaErrorInvalidDevice, cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, count));
  cudaGetLastError();
  int other = -1;
  std::thread([&] { cudaGetDevice(&other); }).join();
  EXPECT_EQ(0, other);  // the current device is per host thread
  CUDA_OK(cudaSetDevice(0));
  EXPECT_STREQ("cudaErrorInvalidValue", cudaGetErrorName(cudaErrorInvalidValue));
  EXPECT_STREQ("invalid argument", cudaGetErrorString(cudaErrorInvalidValue));
  EXPECT_STREQ("no error", cudaGetErrorString(cudaSuccess));
}

TEST(SimRuntime, MemoryKindsAndErrors) {
  void* d = nullptr;
  void* h = nullptr;
  CUDA_OK(cudaMalloc(&d, 1000));
  CUDA_OK(cudaMallocHost(&h, 1000));
  EXPECT_EQ(0u, reinterpret_cast<uintptr_t>(d) % 256);
  cudaPointerAttributes attr{};
  CUDA_OK(cudaPointerGetAttributes(&attr, static_cast<char*>(d) + 10));
  EXPECT_EQ(cudaMemoryTypeDevice, attr.type);
  CUDA_OK(cudaPointerGetAttributes(&attr, h));
  EXPECT_EQ(cudaMemoryTypeHost, attr.type);
  int stack_var = 0;
  CUDA_OK(cudaPointerGetAttributes(&attr, &stack_var));
  EXPECT_EQ(cudaMemoryTypeUnregistered, attr.type);
  size_t free_b = 0, total_b = 0;
  CUDA_OK(cudaMemGetInfo(&free_b, &total_b));
  EXPECT_GT(total_b, 0u);
  EXPECT_EQ(cudaErrorInvalidValue, cudaFree(&stack_var));
  EXPECT_EQ(cudaErrorInvalidValue, cudaGetLastError());
  CUDA_OK(cudaFree(d));
  CUDA_OK(cudaFreeHost(h));
  CUDA_OK(cudaFree(nullptr));
}

std::atomic<int> g_host_calls{0};
void CUDART_CB record_call(void* p) { static_cast<std::vector<int>*>(p)->push_back(g_host_calls.fetch_add(1)); }

TEST(SimRuntime, HostFunctionsAndStreamOrderedAllocation) {
  std::mt19937_64 rng(test_seed());
  const int n = 777;
  cudaStream_t s;
  CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int* x = nullptr;
  CUDA_OK(cudaMallocAsync(reinterpret_cast<void**>(&x), n * sizeof(int), s));
  std::vector<int> h(n);
  for (int& v : h) v = static_cast<int>(rng() % 1000);
  std::vector<int> order;
  CUDA_OK(cudaMemcpyAsync(x, h.data(), n * sizeof(int), cudaMemcpyHostToDevice, s));
  CUDA_OK(cudaLaunchHostFunc(s, record_call, &order));
  const int launches = 5;
  for (int k = 0; k < launches; ++k) CUDA_OK(shoal::launch(add_one, dim3((n + 63) / 64), dim3(64), 0, s, x, n));
  CUDA_OK(cudaLaunchHostFunc(s, record_call, &order));
  std::vector<int> out(n);
  CUDA_OK(cudaMemcpyAsync(out.data(), x, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CUDA_OK(cudaFreeAsync(x, s));
  CUDA_OK(cudaStreamSynchronize(s));
  ASSERT_EQ(2u, order.size());
  EXPECT_LT(order[0], order[1]);
  for (int i = 0; i < n; ++i) ASSERT_EQ(h[i] + launches, out[i]) << "element " << i;
  CUDA_OK(cudaStreamDestroy(s));
}

}  // namespace
