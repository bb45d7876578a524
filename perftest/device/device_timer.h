// Shared by the device perftests: CUDA-event timing on the program's stream
// and a CUDA error check that ends the job naming the call.
#pragma once

#include <cuda_runtime_api.h>
#include "perftest/device/backend.h"  // shoal, or NVSHMEM for the comparison build

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "perftest/common/timing.h"

namespace shoal::perftest {

class EventTimer final : public Timer {
 public:
  explicit EventTimer(cudaStream_t s) : s_(s) {
    cudaEventCreate(&a_);
    cudaEventCreate(&b_);
  }
  ~EventTimer() override {
    cudaEventDestroy(a_);
    cudaEventDestroy(b_);
  }
  void start() override { cudaEventRecord(a_, s_); }
  double stop_us() override {
    cudaEventRecord(b_, s_);
    cudaEventSynchronize(b_);
    float ms = 0;
    cudaEventElapsedTime(&ms, a_, b_);
    return ms * 1000.0;
  }

 private:
  cudaStream_t s_;
  cudaEvent_t a_{}, b_{};
};

[[noreturn]] inline void fail(const char* what, cudaError_t e) {
  std::fprintf(stderr, "[PE %d] %s: %s\n", shoal_my_pe(), what, cudaGetErrorString(e));
  shoal_global_exit(3);
  std::abort();
}
#define CK(x)                          \
  do {                                 \
    cudaError_t e_ = (x);              \
    if (e_ != cudaSuccess) fail(#x, e_); \
  } while (0)

// The experiment whose name is the program's (argv[0]'s last component), or
// nullptr after a message listing `examples`.
template <class E, std::size_t N>
const E* find_experiment(const E (&list)[N], const char* argv0, const char* examples) {
  const char* self = std::strrchr(argv0, '/');
  self = self ? self + 1 : argv0;
  for (const E& e : list)
    if (std::strcmp(e.name, self) == 0) return &e;
  std::fprintf(stderr, "device perftest: unknown program name '%s'; the experiment is chosen by the "
                       "name (%s)\n", self, examples);
  return nullptr;
}

}  // namespace shoal::perftest
