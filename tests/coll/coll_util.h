// Shared by the team and collective tests: device buffers and checks.
#pragma once

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <vector>

#include "tests/common/pe_test.h"

namespace shoal_test {

#define CUDA_OK(expr)                                                                      \
  do {                                                                                     \
    cudaError_t e_ = (expr);                                                               \
    ASSERT_EQ(e_, cudaSuccess) << #expr << ": " << cudaGetErrorString(e_);                 \
  } while (0)

// A plain device buffer of n T's (not symmetric).
template <class T>
class DeviceBuf {
 public:
  explicit DeviceBuf(size_t n) : n_(n) { cudaMalloc(&p_, (n ? n : 1) * sizeof(T)); }
  ~DeviceBuf() { cudaFree(p_); }
  DeviceBuf(const DeviceBuf&) = delete;
  DeviceBuf& operator=(const DeviceBuf&) = delete;
  T* get() const { return p_; }
  std::vector<T> host() const {
    std::vector<T> h(n_);
    if (n_) cudaMemcpy(h.data(), p_, n_ * sizeof(T), cudaMemcpyDeviceToHost);
    return h;
  }

 private:
  T* p_ = nullptr;
  size_t n_;
};

}  // namespace shoal_test
