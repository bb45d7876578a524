// Internal interfaces of the sim runtime, shared by its source files.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "shoal/sim/fiber.h"
#include "shoal/sim/launch.h"

namespace shoal::sim {

// Settings read once from the environment (docs/sim.md lists them).
struct Config {
  unsigned sm_count;      // SHOAL_SIM_SM_COUNT
  unsigned device_count;  // SHOAL_SIM_DEVICES
  size_t stack_size;      // SHOAL_SIM_STACK_SIZE
  double timeout_s;       // SHOAL_TIMEOUT, 0 = never
  bool seeded;            // SHOAL_SIM_SEED set
  uint64_t seed;
};
const Config& config();

// Device limits reported by the properties queries and enforced at launch.
constexpr unsigned k_max_threads_per_block = 1024;
constexpr unsigned k_max_threads_per_sm = 2048;
constexpr unsigned k_max_blocks_per_sm = 32;
constexpr size_t k_smem_per_block = 48 * 1024;
constexpr size_t k_smem_per_block_optin = 232448;
constexpr size_t k_smem_per_sm = 233472;
constexpr size_t k_smem_reserved_per_block = 1024;

int blocks_per_sm(unsigned threads_per_block, size_t dynamic_smem);
// cudaFuncAttributeMaxDynamicSharedMemorySize of a kernel (48 KiB unless set).
int max_dynamic_smem(const void* func);
cudaError_t set_max_dynamic_smem(const void* func, int value);

struct LaunchSpec {
  const void* func;
  std::string name;
  dim3 grid, block;
  size_t dynamic_smem;
  bool cooperative;
  std::shared_ptr<const KernelCall> call;
};

// One execution of a LaunchSpec.
struct Launch {
  const LaunchSpec* spec = nullptr;
  unsigned nblocks = 0;
  unsigned nthreads = 0;  // per block
  uint64_t serial = 0;    // launch number in this process (seeds the shuffle)
  std::atomic<unsigned> next_block{0};
  std::atomic<unsigned> grid_arrived{0};
  std::atomic<unsigned> grid_gen{0};
  std::chrono::steady_clock::time_point deadline;
  bool has_deadline = false;
  // Blocks running now, one slot per worker, read by the timeout report.
  std::vector<std::atomic<Block*>> active;
  std::atomic<bool> reported{false};
};

// Run a launch to completion on the block worker pool (called by streams).
void execute_launch(const LaunchSpec& spec);
// Run the blocks handed out by L.next_block on this OS thread.
void run_blocks(Launch& L, unsigned slot);
[[noreturn]] void report_timeout(Launch& L);
// Seconds the kernel watchdog waits past SHOAL_TIMEOUT (the device API's
// own waits report at SHOAL_TIMEOUT): a quarter of it, at least 1 s.
inline double watchdog_grace_s() { return std::max(1.0, 0.25 * config().timeout_s); }

std::string kernel_name(const void* func);
cudaError_t set_error(cudaError_t err);  // records the thread's last error, returns err

// Streams (runtime.cc).
cudaError_t enqueue(cudaStream_t stream, std::function<void()> op);

}  // namespace shoal::sim
