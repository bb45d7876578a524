// Helpers for the stream-ordered host perftests (--issue on_stream in bw,
// stream_latency): a stream, a CUDA-event timer on it, device buffers, and
// copies to/from memory the host cannot dereference on cuda (the heap, device
// buffers). On sim the same calls run on the sim runtime.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "perftest/common/timing.h"

namespace shoal::perftest {

inline void cuda_or_exit(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s failed: %s\n", what, cudaGetErrorString(e));
    std::exit(2);
  }
}

// Times work enqueued on `stream` between start() and stop_us() with events
// (stop_us waits for the stream to reach the second event).
class StreamTimer final : public Timer {
 public:
  explicit StreamTimer(cudaStream_t s) : s_(s) {
    cuda_or_exit(cudaEventCreate(&a_), "cudaEventCreate");
    cuda_or_exit(cudaEventCreate(&b_), "cudaEventCreate");
  }
  ~StreamTimer() override {
    cudaEventDestroy(a_);
    cudaEventDestroy(b_);
  }
  StreamTimer(const StreamTimer&) = delete;
  StreamTimer& operator=(const StreamTimer&) = delete;
  void start() override { cuda_or_exit(cudaEventRecord(a_, s_), "cudaEventRecord"); }
  double stop_us() override {
    cuda_or_exit(cudaEventRecord(b_, s_), "cudaEventRecord");
    cuda_or_exit(cudaEventSynchronize(b_), "cudaEventSynchronize");
    float ms = 0;
    cuda_or_exit(cudaEventElapsedTime(&ms, a_, b_), "cudaEventElapsedTime");
    return static_cast<double>(ms) * 1e3;
  }

 private:
  cudaStream_t s_;
  cudaEvent_t a_ = nullptr, b_ = nullptr;
};

// A non-blocking stream for the program's on-stream issue.
inline cudaStream_t make_stream() {
  cudaStream_t s = nullptr;
  cuda_or_exit(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreate");
  return s;
}

inline char* device_buffer(std::size_t bytes) {
  void* p = nullptr;
  cuda_or_exit(cudaMalloc(&p, bytes ? bytes : 1), "cudaMalloc");
  return static_cast<char*>(p);
}

// Host copy of device-accessible memory (heap or device buffer).
inline std::vector<unsigned char> read_back(const void* p, std::size_t bytes) {
  std::vector<unsigned char> h(bytes);
  cuda_or_exit(cudaMemcpy(h.data(), p, bytes, cudaMemcpyDefault), "cudaMemcpy");
  return h;
}

}  // namespace shoal::perftest
