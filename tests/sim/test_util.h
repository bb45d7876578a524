// Helpers shared by the sim platform tests (host code, both platforms).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#define CUDA_OK(expr) ASSERT_EQ(cudaSuccess, (expr)) << #expr << ": " << cudaGetErrorString(cudaGetLastError())

// Seed for a test's random data: SHOAL_TEST_SEED, else from the clock;
// printed so a failure can be replayed.
inline uint64_t test_seed() {
  const char* s = std::getenv("SHOAL_TEST_SEED");
  const uint64_t seed = s != nullptr ? std::strtoull(s, nullptr, 0) : std::random_device{}();
  std::printf("[ seed     ] SHOAL_TEST_SEED=%llu\n", static_cast<unsigned long long>(seed));
  return seed;
}

// Device buffer of n Ts, freed at scope exit.
template <class T>
struct DeviceBuffer {
  explicit DeviceBuffer(size_t n) : n(n) {
    if (cudaMalloc(reinterpret_cast<void**>(&p), n * sizeof(T)) != cudaSuccess) p = nullptr;
  }
  ~DeviceBuffer() { cudaFree(p); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  size_t bytes() const { return n * sizeof(T); }
  T* p = nullptr;
  size_t n;
};
