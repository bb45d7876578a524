// Block reductions with static and dynamic shared memory, and the
// __syncthreads_count/_and/_or predicates.
#include <cooperative_groups.h>

#include <vector>

#include "shoal/launch.h"
#include "tests/sim/test_util.h"

__constant__ int g_scale[4];
__device__ unsigned long long g_total;

namespace {

constexpr unsigned k_block = 256;

// __constant__ read by every thread, __device__ global accumulated by all.
__global__ void use_symbols(const int* in, int n) {
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n; i += static_cast<int>(gridDim.x * blockDim.x))
    atomicAdd(&g_total, static_cast<unsigned long long>(in[i] * g_scale[i % 4]));
}

__global__ void block_sum_static(const int* in, long long* out, int n) {
  __shared__ long long partial[k_block];
  const unsigned t = threadIdx.x;
  long long v = 0;
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + t); i < n; i += static_cast<int>(gridDim.x * blockDim.x))
    v += in[i];
  partial[t] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) partial[t] += partial[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}

// Same with the partials in dynamic shared memory; blockDim.x any power of two.
__global__ void block_sum_dynamic(const int* in, long long* out, int n) {
  long long* partial = SHOAL_DYNAMIC_SMEM(long long);
  const unsigned t = threadIdx.x;
  long long v = 0;
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + t); i < n; i += static_cast<int>(gridDim.x * blockDim.x))
    v += in[i];
  partial[t] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) partial[t] += partial[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}

// 2D block: per-block count of positive values, and whether all/any are.
__global__ void predicates(const int* in, int* out) {
  const unsigned t = threadIdx.x + blockDim.x * threadIdx.y;
  const unsigned b = blockIdx.x;
  const int v = in[b * blockDim.x * blockDim.y + t];
  const int count = __syncthreads_count(v > 0);
  const int all = __syncthreads_and(v > 0);
  const int any = __syncthreads_or(v > 0);
  if (t == 0) {
    out[3 * b] = count;
    out[3 * b + 1] = all;
    out[3 * b + 2] = any;
  }
}

TEST(SimBlock, StaticSharedReduction) {
  std::mt19937_64 rng(test_seed());
  const int n = 100000;
  const unsigned grid = 7;
  std::vector<int> h(n);
  for (int& x : h) x = static_cast<int>(rng() % 2001) - 1000;
  DeviceBuffer<int> d_in(n);
  DeviceBuffer<long long> d_out(grid);
  CUDA_OK(cudaMemcpy(d_in.p, h.data(), d_in.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(shoal::launch(block_sum_static, dim3(grid), dim3(k_block), 0, nullptr, d_in.p, d_out.p, n));
  std::vector<long long> out(grid);
  CUDA_OK(cudaMemcpy(out.data(), d_out.p, d_out.bytes(), cudaMemcpyDeviceToHost));
  for (unsigned b = 0; b < grid; ++b) {
    long long ref = 0;
    for (int i = static_cast<int>(b * k_block); i < n; i += static_cast<int>(grid * k_block))
      for (unsigned t = 0; t < k_block && i + static_cast<int>(t) < n; ++t) ref += h[i + t];
    EXPECT_EQ(ref, out[b]) << "block " << b;
  }
}

TEST(SimBlock, DynamicSharedReduction) {
  std::mt19937_64 rng(test_seed());
  const int n = 50000;
  for (unsigned block : {32u, 128u, 1024u}) {
    const unsigned grid = 5;
    std::vector<int> h(n);
    for (int& x : h) x = static_cast<int>(rng() % 1000);
    DeviceBuffer<int> d_in(n);
    DeviceBuffer<long long> d_out(grid);
    CUDA_OK(cudaMemcpy(d_in.p, h.data(), d_in.bytes(), cudaMemcpyHostToDevice));
    CUDA_OK(shoal::launch(block_sum_dynamic, dim3(grid), dim3(block), block * sizeof(long long), nullptr, d_in.p,
                          d_out.p, n));
    std::vector<long long> out(grid);
    CUDA_OK(cudaMemcpy(out.data(), d_out.p, d_out.bytes(), cudaMemcpyDeviceToHost));
    for (unsigned b = 0; b < grid; ++b) {
      long long ref = 0;
      for (int i = static_cast<int>(b * block); i < n; i += static_cast<int>(grid * block))
        for (unsigned t = 0; t < block && i + static_cast<int>(t) < n; ++t) ref += h[i + t];
      EXPECT_EQ(ref, out[b]) << "block size " << block << " block " << b;
    }
  }
}

TEST(SimBlock, MaxDynamicSharedAttribute) {
  const int n = 4096;
  const unsigned block = 256;
  DeviceBuffer<int> d_in(n);
  DeviceBuffer<long long> d_out(1);
  CUDA_OK(cudaMemset(d_in.p, 0, d_in.bytes()));
  // Above the 48 KiB default without the attribute: rejected like CUDA.
  const size_t big = 64 * 1024;
  EXPECT_EQ(cudaErrorInvalidValue, shoal::launch(block_sum_dynamic, dim3(1), dim3(block), big, nullptr, d_in.p,
                                                 d_out.p, n));
  EXPECT_EQ(cudaErrorInvalidValue, cudaGetLastError());
  EXPECT_EQ(cudaSuccess, cudaGetLastError());
  cudaDeviceProp prop{};
  CUDA_OK(cudaGetDeviceProperties(&prop, 0));
  EXPECT_EQ(cudaErrorInvalidValue,
            cudaFuncSetAttribute(block_sum_dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 static_cast<int>(prop.sharedMemPerBlockOptin) + 1));
  cudaGetLastError();
  CUDA_OK(cudaFuncSetAttribute(block_sum_dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(big)));
  cudaFuncAttributes attr{};
  CUDA_OK(cudaFuncGetAttributes(&attr, block_sum_dynamic));
  EXPECT_EQ(static_cast<int>(big), attr.maxDynamicSharedSizeBytes);
  CUDA_OK(shoal::launch(block_sum_dynamic, dim3(1), dim3(block), big, nullptr, d_in.p, d_out.p, n));
  CUDA_OK(cudaDeviceSynchronize());
  long long out = -1;
  CUDA_OK(cudaMemcpy(&out, d_out.p, sizeof(out), cudaMemcpyDeviceToHost));
  EXPECT_EQ(0, out);
}

TEST(SimBlock, InvalidConfiguration) {
  DeviceBuffer<int> d_in(1);
  DeviceBuffer<long long> d_out(1);
  EXPECT_EQ(cudaErrorInvalidConfiguration,
            shoal::launch(block_sum_static, dim3(1), dim3(1025), 0, nullptr, d_in.p, d_out.p, 1));
  EXPECT_EQ(cudaErrorInvalidConfiguration,
            shoal::launch(block_sum_static, dim3(0), dim3(32), 0, nullptr, d_in.p, d_out.p, 1));
  EXPECT_EQ(cudaErrorInvalidConfiguration,
            shoal::launch(block_sum_static, dim3(1, 65536), dim3(32), 0, nullptr, d_in.p, d_out.p, 1));
  EXPECT_EQ(cudaErrorInvalidConfiguration, cudaGetLastError());
}

TEST(SimBlock, BarrierPredicates) {
  std::mt19937_64 rng(test_seed());
  const dim3 block(16, 8);
  const unsigned grid = 12, per = block.x * block.y;
  std::vector<int> h(grid * per);
  for (unsigned b = 0; b < grid; ++b)
    for (unsigned t = 0; t < per; ++t) {
      // Some blocks all positive, some none, the rest mixed.
      const unsigned kind = b % 3;
      h[b * per + t] = kind == 0 ? 1 + static_cast<int>(rng() % 5) : kind == 1 ? -static_cast<int>(rng() % 5)
                                                                                : static_cast<int>(rng() % 7) - 3;
    }
  DeviceBuffer<int> d_in(h.size());
  DeviceBuffer<int> d_out(3 * grid);
  CUDA_OK(cudaMemcpy(d_in.p, h.data(), d_in.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(shoal::launch(predicates, dim3(grid), block, 0, nullptr, d_in.p, d_out.p));
  std::vector<int> out(3 * grid);
  CUDA_OK(cudaMemcpy(out.data(), d_out.p, d_out.bytes(), cudaMemcpyDeviceToHost));
  for (unsigned b = 0; b < grid; ++b) {
    int count = 0;
    for (unsigned t = 0; t < per; ++t) count += h[b * per + t] > 0;
    EXPECT_EQ(count, out[3 * b]) << "block " << b;
    EXPECT_EQ(count == static_cast<int>(per), out[3 * b + 1] != 0) << "block " << b;
    EXPECT_EQ(count > 0, out[3 * b + 2] != 0) << "block " << b;
  }
}

}  // namespace

namespace {

TEST(SimBlock, ConstantAndDeviceSymbols) {
  std::mt19937_64 rng(test_seed());
  const int n = 10000;
  std::vector<int> h(n);
  for (int& x : h) x = static_cast<int>(rng() % 100);
  int scale[4];
  for (int& s : scale) s = 1 + static_cast<int>(rng() % 9);
  DeviceBuffer<int> d_in(n);
  CUDA_OK(cudaMemcpy(d_in.p, h.data(), d_in.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpyToSymbol(g_scale, scale, sizeof(scale)));
  const unsigned long long zero = 0;
  CUDA_OK(cudaMemcpyToSymbol(g_total, &zero, sizeof(zero)));
  CUDA_OK(shoal::launch(use_symbols, dim3(4), dim3(128), 0, nullptr, d_in.p, n));
  unsigned long long total = 0, ref = 0;
  CUDA_OK(cudaMemcpyFromSymbol(&total, g_total, sizeof(total)));
  for (int i = 0; i < n; ++i) ref += static_cast<unsigned long long>(h[i] * scale[i % 4]);
  EXPECT_EQ(ref, total);
  void* addr = nullptr;
  CUDA_OK(cudaGetSymbolAddress(&addr, g_total));
  EXPECT_NE(nullptr, addr);
}

}  // namespace
