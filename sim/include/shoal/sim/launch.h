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

// Type-erased launches (cudaLaunchKernel, cudaLaunchCooperativeKernel,
// shoal_collective_launch from a kernel's address and a void** of pointers
// to its arguments) need the kernel's parameter types: a kernel registered
// with SHOAL_SIM_REGISTER_KERNEL(name) brings a factory that builds its call
// from them. tools/ shoal-sim-rewrite registers every non-template
// __global__ function of a .cu (shoal_add_cuda_sources(... SIM_REWRITE ...)).
using KernelFactory = std::shared_ptr<const KernelCall> (*)(const void* fn, void** args);
void register_kernel(const void* fn, const char* name, KernelFactory make);
// The factory registered for `fn`, or nullptr.
KernelFactory registered_kernel(const void* fn);

template <class... P, std::size_t... I>
std::shared_ptr<const KernelCall> make_kernel_call(void (*f)(P...), void** args, std::index_sequence<I...>) {
  return std::make_shared<const KernelCallOf<P...>>(f, *static_cast<std::decay_t<P>*>(args[I])...);
}

template <class... P>
struct KernelRegistrar {
  KernelRegistrar(void (*f)(P...), const char* name) {
    register_kernel(reinterpret_cast<const void*>(f), name,
                    [](const void* fn, void** args) -> std::shared_ptr<const KernelCall> {
                      return make_kernel_call(reinterpret_cast<void (*)(P...)>(const_cast<void*>(fn)), args,
                                              std::index_sequence_for<P...>{});
                    });
  }
};

// `kernel_ref<k<args>>("k<args>")`: a template kernel's instantiation by
// address (what shoal-sim-rewrite puts where a source names one without
// calling or launching it), registered the first time the expression runs.
template <auto F>
inline auto kernel_ref(const char* name) {
  [[maybe_unused]] static const KernelRegistrar registrar{F, name};
  return F;
}

#define SHOAL_SIM_CAT2_(a, b) a##b
#define SHOAL_SIM_CAT_(a, b) SHOAL_SIM_CAT2_(a, b)
#define SHOAL_SIM_REGISTER_KERNEL(kernel)                                                                  \
  [[maybe_unused]] static const ::shoal::sim::KernelRegistrar SHOAL_SIM_CAT_(shoal_sim_kernel_registrar_, \
                                                                             __LINE__) {                  \
    kernel, #kernel                                                                                        \
  }

}  // namespace shoal::sim
