// Diagnostics of the sim platform: misuse is reported (kernel, block,
// thread, source location) and the process aborts instead of hanging.
// On the cuda platform these kernels are compiled but never launched.
#include <cstdlib>
#include <vector>

#include "device/arch/memory.h"
#include "device/arch/spin.h"
#include "shoal/launch.h"
#include "tests/sim/test_util.h"

// External linkage so the reports can name the kernels.
__global__ void diag_divergent_barrier(int* out) {
  if (blockIdx.x == 1 && threadIdx.x < 16) {
    __syncthreads();
  } else {
    __syncthreads();
  }
  out[threadIdx.x] = 1;
}

__global__ void diag_bad_warp_mask(int* out) {
  // Lanes 16..31 pass a mask that does not include them.
  out[threadIdx.x] = __shfl_sync(0x0000ffffu, static_cast<int>(threadIdx.x), 0);
}

__global__ void diag_mismatched_masks(int* out) {
  const unsigned mask = threadIdx.x % 2 ? 0xffffffffu : 0x55555555u;
  out[threadIdx.x] = __shfl_sync(mask, static_cast<int>(threadIdx.x), 0);
}

__global__ void diag_stuck(const unsigned* flag) {
  while (shoal::arch::ld_acquire_sys(flag) == 0) shoal::arch::spin_pause();
}

__global__ void diag_trap() {
  if (blockIdx.x == 2 && threadIdx.x == 5) __trap();
}

// Exited threads stop counting toward __syncthreads, as on the GPU: not an error.
__global__ void early_exit_then_barrier(int* out, int n) {
  const int i = static_cast<int>(threadIdx.x);
  if (i >= n) return;
  __shared__ int s[64];
  s[i] = i;
  __syncthreads();
  out[i] = s[n - 1 - i];
}

#if defined(SHOAL_PLATFORM_SIM)
// Deep recursion overflows the fiber stack into its guard page.
__device__ int diag_recurse(int depth, volatile char* sink) {
  volatile char frame[512];
  frame[depth % 512] = static_cast<char>(depth);
  if (depth == 0) return frame[0];
  const int r = diag_recurse(depth - 1, sink) + frame[depth % 512];
  *sink = static_cast<char>(r);
  return r;
}
__global__ void diag_deep_recursion(char* sink) { diag_recurse(1 << 20, sink); }
#endif

namespace {

#if defined(SHOAL_PLATFORM_SIM)
class SimDiagDeathTest : public ::testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST_F(SimDiagDeathTest, DivergentSyncthreads) {
  EXPECT_DEATH(
      {
        unsetenv("SHOAL_SIM_SEED");  // the expected thread assumes index order
        DeviceBuffer<int> out(64);
        shoal::launch(diag_divergent_barrier, dim3(2), dim3(64), 0, nullptr, out.p);
        cudaDeviceSynchronize();
      },
      "divergent __syncthreads.*diag_divergent_barrier.*block \\(1,0,0\\) thread \\(16,0,0\\)");
}

TEST_F(SimDiagDeathTest, WarpMaskWithoutCaller) {
  EXPECT_DEATH(
      {
        unsetenv("SHOAL_SIM_SEED");  // the expected thread assumes index order
        DeviceBuffer<int> out(32);
        shoal::launch(diag_bad_warp_mask, dim3(1), dim3(32), 0, nullptr, out.p);
        cudaDeviceSynchronize();
      },
      "mask 0x0000ffff.*diag_test.cu.*lane 16: mask does not include the calling lane.*"
      "diag_bad_warp_mask.*block \\(0,0,0\\) thread \\(16,0,0\\)");
}

TEST_F(SimDiagDeathTest, WarpMasksDisagree) {
  EXPECT_DEATH(
      {
        unsetenv("SHOAL_SIM_SEED");  // the expected thread assumes index order
        DeviceBuffer<int> out(32);
        shoal::launch(diag_mismatched_masks, dim3(1), dim3(32), 0, nullptr, out.p);
        cudaDeviceSynchronize();
      },
      "diag_mismatched_masks.*block \\(0,0,0\\) thread \\(1,0,0\\)");
}

TEST_F(SimDiagDeathTest, TimeoutReportsBlockedThreads) {
  EXPECT_DEATH(
      {
        unsetenv("SHOAL_SIM_SEED");  // the expected thread assumes index order
        setenv("SHOAL_TIMEOUT", "1", 1);
        DeviceBuffer<unsigned> flag(1);
        cudaMemset(flag.p, 0, sizeof(unsigned));
        shoal::launch(diag_stuck, dim3(2), dim3(64), 0, nullptr, flag.p);
        cudaDeviceSynchronize();
      },
      "diag_stuck.*still running after SHOAL_TIMEOUT=1 s.*block \\(0,0,0\\).*threads 0..63 \\(linear\\): "
      "waiting in a spin loop at .*diag_test.cu:[0-9]+");
}

TEST_F(SimDiagDeathTest, StackOverflowHitsGuardPage) {
  EXPECT_DEATH(
      {
        unsetenv("SHOAL_SIM_SEED");  // the expected thread assumes index order
        DeviceBuffer<char> sink(1);
        shoal::launch(diag_deep_recursion, dim3(1), dim3(32), 0, nullptr, sink.p);
        cudaDeviceSynchronize();
      },
      "(stack overflow in kernel 'diag_deep_recursion\\(char\\*\\)', block \\(0,0,0\\), thread \\(0,0,0\\)|"
      "AddressSanitizer)");
}

TEST_F(SimDiagDeathTest, TrapNamesThread) {
  EXPECT_DEATH(
      {
        unsetenv("SHOAL_SIM_SEED");  // the expected thread assumes index order
        shoal::launch(diag_trap, dim3(4), dim3(32), 0, nullptr);
        cudaDeviceSynchronize();
      },
      "__trap\\(\\) at .*diag_test.cu:[0-9]+ in kernel 'diag_trap\\(\\)' block \\(2,0,0\\) thread \\(5,0,0\\)");
}
#endif

TEST(SimDiag, EarlyExitThenBarrier) {
  const int n = 40;
  DeviceBuffer<int> out(64);
  CUDA_OK(cudaMemset(out.p, 0xff, out.bytes()));
  CUDA_OK(shoal::launch(early_exit_then_barrier, dim3(1), dim3(64), 0, nullptr, out.p, n));
  std::vector<int> h(64);
  CUDA_OK(cudaMemcpy(h.data(), out.p, out.bytes(), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i) EXPECT_EQ(i < n ? n - 1 - i : -1, h[i]) << "thread " << i;
}

}  // namespace
