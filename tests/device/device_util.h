// Shared by the device tests: deterministic byte patterns any PE (and any
// kernel) can regenerate, CUDA error checks, and device buffers.
#pragma once

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "tests/common/pe_test.h"

namespace shoal_test {

// Byte j of the data PE `pe` sends in test `tag`.
__host__ __device__ inline unsigned char pattern(uint64_t seed, uint64_t tag, int pe, uint64_t j) {
  uint64_t x = seed ^ (tag * 0x9E3779B97F4A7C15ull) ^ (static_cast<uint64_t>(pe + 1) << 40) ^
               (j * 0xBF58476D1CE4E5B9ull);
  x ^= x >> 31;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 29;
  return static_cast<unsigned char>(x);
}

#define CUDA_OK(expr)                                                                      \
  do {                                                                                     \
    cudaError_t e_ = (expr);                                                               \
    ASSERT_EQ(e_, cudaSuccess) << #expr << ": " << cudaGetErrorString(e_);                 \
  } while (0)

// A device buffer holding `bytes` of PE `pe`'s pattern for `tag`.
inline void* device_pattern(uint64_t tag, int pe, size_t bytes) {
  std::vector<unsigned char> h(bytes ? bytes : 1);
  for (size_t j = 0; j < bytes; ++j) h[j] = pattern(seed(), tag, pe, j);
  void* d = nullptr;
  if (cudaMalloc(&d, h.size()) != cudaSuccess) return nullptr;
  cudaMemcpy(d, h.data(), bytes, cudaMemcpyHostToDevice);
  return d;
}

// Index of the first byte of host copy `got` (bytes) that differs from PE
// pe's pattern, or -1.
inline long long first_pattern_diff(const void* got, uint64_t tag, int pe, size_t bytes) {
  auto* g = static_cast<const unsigned char*>(got);
  for (size_t j = 0; j < bytes; ++j)
    if (g[j] != pattern(seed(), tag, pe, j)) return static_cast<long long>(j);
  return -1;
}

inline std::vector<unsigned char> to_host(const void* d, size_t bytes) {
  std::vector<unsigned char> h(bytes);
  if (bytes) cudaMemcpy(h.data(), d, bytes, cudaMemcpyDeviceToHost);
  return h;
}

}  // namespace shoal_test
