// Kernel launches: configuration checks with CUDA's error codes, the pool of
// block worker threads, grid-wide sync and kernel names for diagnostics.
#include <cxxabi.h>
#include <dlfcn.h>

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include "base/log.h"
#include "shoal/sim/cooperative_groups.h"
#include "sim/src/sim.h"

namespace shoal::sim {

namespace {

std::mutex g_attr_mu;
std::map<const void*, int> g_max_dyn_smem;
std::atomic<uint64_t> g_launch_serial{0};

// Block worker threads. Each runs blocks of one launch at a time; a launch
// takes as many as it may have co-resident blocks and returns them after.
class WorkerPool {
 public:
  struct Worker {
    std::mutex mu;
    std::condition_variable cv;
    std::function<void()> job;
  };

  Worker* acquire() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (!idle_.empty()) {
        Worker* w = idle_.back();
        idle_.pop_back();
        return w;
      }
    }
    Worker* w = new Worker;  // lives as long as the process, like its thread
    std::thread([this, w] { loop(w); }).detach();
    return w;
  }

  void start(Worker* w, std::function<void()> job) {
    std::lock_guard<std::mutex> lk(w->mu);
    w->job = std::move(job);
    w->cv.notify_one();
  }

 private:
  void loop(Worker* w) {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lk(w->mu);
        w->cv.wait(lk, [w] { return static_cast<bool>(w->job); });
        job = std::move(w->job);
        w->job = nullptr;
      }
      job();
      std::lock_guard<std::mutex> lk(mu_);
      idle_.push_back(w);
    }
  }

  std::mutex mu_;
  std::vector<Worker*> idle_;
};

WorkerPool& pool() {
  static WorkerPool* p = new WorkerPool;  // never destroyed: workers outlive static destruction
  return *p;
}

}  // namespace

int max_dynamic_smem(const void* func) {
  std::lock_guard<std::mutex> lk(g_attr_mu);
  auto it = g_max_dyn_smem.find(func);
  return it == g_max_dyn_smem.end() ? static_cast<int>(k_smem_per_block) : it->second;
}

cudaError_t set_max_dynamic_smem(const void* func, int value) {
  if (func == nullptr) return cudaErrorInvalidDeviceFunction;
  if (value < 0 || static_cast<size_t>(value) > k_smem_per_block_optin) return cudaErrorInvalidValue;
  std::lock_guard<std::mutex> lk(g_attr_mu);
  g_max_dyn_smem[func] = value;
  return cudaSuccess;
}

int blocks_per_sm(unsigned threads, size_t dynamic_smem) {
  if (threads == 0 || threads > k_max_threads_per_block) return 0;
  const unsigned warps = (threads + 31) / 32;
  unsigned n = std::min(k_max_blocks_per_sm, k_max_threads_per_sm / 32 / warps);
  const size_t per_block = dynamic_smem + k_smem_reserved_per_block;
  n = std::min<unsigned>(n, static_cast<unsigned>(k_smem_per_sm / per_block));
  return static_cast<int>(n);
}

std::string kernel_name(const void* func) {
  Dl_info info{};
  if (dladdr(func, &info) != 0 && info.dli_sname != nullptr && info.dli_saddr == func) {
    int status = 0;
    char* demangled = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
    std::string name = status == 0 && demangled != nullptr ? demangled : info.dli_sname;
    std::free(demangled);
    return "'" + name + "'";
  }
  char buf[160];
  if (info.dli_fname != nullptr && info.dli_fbase != nullptr)
    std::snprintf(buf, sizeof(buf), "at %p (%s+0x%zx)", func, info.dli_fname,
                  static_cast<size_t>(static_cast<const char*>(func) - static_cast<const char*>(info.dli_fbase)));
  else
    std::snprintf(buf, sizeof(buf), "at %p", func);
  return buf;
}

namespace {
struct Registry {
  std::mutex mu;
  std::map<const void*, KernelFactory> factories;
};
Registry& registry() {
  static Registry r;  // constructed on first use: registrars run during static initialisation
  return r;
}
}  // namespace

void register_kernel(const void* fn, const char* name, KernelFactory make) {
  (void)name;
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  r.factories[fn] = make;
}

KernelFactory registered_kernel(const void* fn) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.factories.find(fn);
  return it == r.factories.end() ? nullptr : it->second;
}

cudaError_t launch_kernel(const void* func, dim3 grid, dim3 block, size_t dynamic_smem, cudaStream_t stream,
                          bool cooperative, std::shared_ptr<const KernelCall> call) {
  const unsigned long long threads = 1ull * block.x * block.y * block.z;
  if (block.x == 0 || block.y == 0 || block.z == 0 || grid.x == 0 || grid.y == 0 || grid.z == 0 ||
      block.x > 1024 || block.y > 1024 || block.z > 64 || threads > k_max_threads_per_block ||
      grid.x > 0x7fffffffu || grid.y > 65535 || grid.z > 65535)
    return set_error(cudaErrorInvalidConfiguration);
  if (dynamic_smem > static_cast<size_t>(max_dynamic_smem(func))) return set_error(cudaErrorInvalidValue);
  const unsigned long long nblocks = 1ull * grid.x * grid.y * grid.z;
  if (cooperative &&
      nblocks > 1ull * config().sm_count * blocks_per_sm(static_cast<unsigned>(threads), dynamic_smem))
    return set_error(cudaErrorCooperativeLaunchTooLarge);
  if (nblocks > 0xffffffffull) return set_error(cudaErrorInvalidConfiguration);
  auto spec = std::make_shared<LaunchSpec>(
      LaunchSpec{func, kernel_name(func), grid, block, dynamic_smem, cooperative, std::move(call)});
  return enqueue(stream, [spec] { execute_launch(*spec); });
}

void execute_launch(const LaunchSpec& spec) {
  Launch L;
  L.spec = &spec;
  L.nthreads = spec.block.x * spec.block.y * spec.block.z;
  L.nblocks = spec.grid.x * spec.grid.y * spec.grid.z;
  L.serial = g_launch_serial.fetch_add(1, std::memory_order_relaxed);
  // All blocks of a cooperative launch run at once; otherwise at most as
  // many as the simulated device holds, the rest start as workers free up.
  const unsigned resident =
      std::max(1u, config().sm_count * static_cast<unsigned>(blocks_per_sm(L.nthreads, spec.dynamic_smem)));
  const unsigned nworkers = spec.cooperative ? L.nblocks : std::min(L.nblocks, resident);
  L.active = std::vector<std::atomic<Block*>>(nworkers);
  // The kernel watchdog is the backstop: it fires a grace period after
  // SHOAL_TIMEOUT, so that the device API's own deadlines (SHOAL_TIMEOUT:
  // they name the call, the variable or barrier round, expected against
  // current) report first, as they do on a GPU.
  const double timeout = config().timeout_s;
  if (timeout > 0) {
    L.has_deadline = true;
    L.deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                         std::chrono::duration<double>(timeout + watchdog_grace_s()));
  }

  std::mutex mu;
  std::condition_variable cv;
  unsigned finished = 0;
  for (unsigned k = 0; k < nworkers; ++k) {
    WorkerPool::Worker* w = pool().acquire();
    pool().start(w, [&L, &mu, &cv, &finished, k] {
      run_blocks(L, k);
      std::lock_guard<std::mutex> lk(mu);
      if (++finished == static_cast<unsigned>(L.active.size())) cv.notify_all();
    });
  }
  std::unique_lock<std::mutex> lk(mu);
  if (!L.has_deadline) {
    cv.wait(lk, [&] { return finished == nworkers; });
    return;
  }
  // Blocks that spin notice the deadline themselves; this catches kernels
  // stuck without reaching a barrier, collective or the spin hook.
  if (!cv.wait_until(lk, L.deadline + std::chrono::seconds(2), [&] { return finished == nworkers; })) {
    lk.unlock();
    report_timeout(L);
  }
}

void grid_sync(std::source_location loc) {
  Block* b = t_block;
  Launch* L = b->launch;
  if (!L->spec->cooperative) report_trap("this_grid().sync() in a kernel not launched cooperatively", loc);
  block_barrier(BarrierKind::plain, 0, loc);
  if (b->cur->linear == 0) {
    const unsigned gen = L->grid_gen.load(std::memory_order_acquire);
    if (L->grid_arrived.fetch_add(1, std::memory_order_acq_rel) + 1 == L->nblocks) {
      L->grid_arrived.store(0, std::memory_order_relaxed);
      L->grid_gen.fetch_add(1, std::memory_order_release);
    } else {
      while (L->grid_gen.load(std::memory_order_acquire) == gen) spin_pause(loc);
    }
  }
  block_barrier(BarrierKind::plain, 0, loc);
}

unsigned long long grid_thread_rank() {
  const unsigned long long blk = blockIdx.x + 1ull * gridDim.x * (blockIdx.y + 1ull * gridDim.y * blockIdx.z);
  return blk * t_block->nthreads + t_block->cur->linear;
}

}  // namespace shoal::sim

bool cooperative_groups::grid_group::is_valid() const {
  return shoal::sim::t_block != nullptr && shoal::sim::t_block->launch->spec->cooperative;
}
