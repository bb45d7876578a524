// The sim runtime's launch entry, used by shoal::launch (include/shoal/launch.h).
#pragma once

#include <cstddef>
#include <memory>
#include <tuple>
#include <utility>

#include <cuda_runtime_api.h>

namespace shoal::sim {

// One kernel invocation with its arguments bound; run() is called once per
// CUDA thread, on that thread's fiber.
struct KernelCall {
  virtual ~KernelCall() = default;
  virtual void run() const = 0;
};

template <class... P>
struct KernelCallOf final : KernelCall {
  template <class... A>
  explicit KernelCallOf(void (*f)(P...), A&&... a) : fn(f), args(std::forward<A>(a)...) {}
  void run() const override { std::apply([this](const auto&... a) { fn(a...); }, args); }
  void (*fn)(P...);
  std::tuple<std::decay_t<P>...> args;
};

// Validates the configuration like cudaLaunchKernel (same error codes, also
// recorded as the thread's last error) and enqueues the launch on `stream`.
cudaError_t launch_kernel(const void* func, dim3 grid, dim3 block, size_t dynamic_smem,
                          cudaStream_t stream, bool cooperative, std::shared_ptr<const KernelCall> call);

}  // namespace shoal::sim
