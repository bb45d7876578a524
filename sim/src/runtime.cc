// The CUDA runtime subset, implemented under the toolkit's own names and
// prototypes (cuda_runtime_api.h) so host code is identical on both
// platforms. One simulated device; memory is host memory (unified
// addressing); streams are in-order queues served by one thread each.
//
// Default stream: cudaStreamLegacy semantics. Work on stream 0 waits for all
// earlier work on blocking streams, and work on blocking streams waits for
// earlier work on stream 0; cudaStreamPerThread is treated as stream 0.
#include <sys/sysinfo.h>

#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <thread>

#include "base/env.h"
#include "base/log.h"
#include "sim/src/sim.h"

using namespace shoal::sim;

namespace {

thread_local cudaError_t t_last_error = cudaSuccess;

// Device printf is the C library's printf here. Line-buffer stdout so that
// what a kernel printed is out before a trap or fatal error ends the process
// with _Exit (a diagnosis printed on the line above the trap's report would
// otherwise stay in a full buffer when stdout is a pipe).
[[maybe_unused]] const bool g_stdout_line_buffered = [] {
  std::setvbuf(stdout, nullptr, _IOLBF, BUFSIZ);
  return true;
}();

struct StreamState;
// Process-wide state, never destroyed: stream threads may still use it while
// the process exits.
struct Globals {
  // Completion of any stream operation wakes every host waiter and every
  // stream waiting on a dependency.
  std::mutex progress_mu;
  std::condition_variable progress_cv;
  std::mutex streams_mu;
  std::vector<std::weak_ptr<StreamState>> streams;
};
Globals& globals() {
  static Globals* g = new Globals;
  return *g;
}

using StreamRef = std::shared_ptr<StreamState>;

struct Dep {
  StreamRef stream;
  uint64_t seq;
};

struct Op {
  std::function<void()> fn;
  std::vector<Dep> deps;
};

struct Graph {
  std::vector<std::function<void()>> ops;
};

struct StreamState : std::enable_shared_from_this<StreamState> {
  bool legacy = false;
  bool blocking = true;
  std::mutex mu;
  std::condition_variable cv;
  std::deque<Op> queue;
  std::atomic<uint64_t> enqueued{0};
  std::atomic<uint64_t> completed{0};
  bool closing = false;
  Graph* capture = nullptr;  // non-null while capturing

  void start() {
    StreamRef self = shared_from_this();
    std::thread([self] { self->serve(); }).detach();
  }

  void serve() {
    for (;;) {
      Op op;
      {
        std::unique_lock<std::mutex> lk(mu);
        cv.wait(lk, [this] { return !queue.empty() || closing; });
        if (queue.empty()) return;
        op = std::move(queue.front());
        queue.pop_front();
      }
      for (const Dep& d : op.deps) {
        std::unique_lock<std::mutex> lk(globals().progress_mu);
        globals().progress_cv.wait(lk, [&] { return d.stream->completed.load() >= d.seq; });
      }
      if (op.fn) op.fn();
      completed.fetch_add(1);
      std::lock_guard<std::mutex> lk(globals().progress_mu);
      globals().progress_cv.notify_all();
    }
  }
};

StreamRef& legacy_stream() {
  static StreamRef* s = [] {
    auto* p = new StreamRef(std::make_shared<StreamState>());
    (*p)->legacy = true;
    (*p)->start();
    return p;
  }();
  return *s;
}

void wait_for(const StreamRef& s, uint64_t seq) {
  std::unique_lock<std::mutex> lk(globals().progress_mu);
  globals().progress_cv.wait(lk, [&] { return s->completed.load() >= seq; });
}

// Enqueue `fn` with extra dependencies; returns the op's sequence number, or
// 0 when the stream is capturing (the op went into the graph).
uint64_t push(const StreamRef& s, std::function<void()> fn, std::vector<Dep> deps = {}) {
  if (s->legacy) {
    std::lock_guard<std::mutex> lk(globals().streams_mu);
    for (auto& w : globals().streams)
      if (StreamRef t = w.lock(); t && t->blocking) deps.push_back(Dep{t, t->enqueued.load()});
  } else if (s->blocking) {
    const StreamRef& l = legacy_stream();
    deps.push_back(Dep{l, l->enqueued.load()});
  }
  std::lock_guard<std::mutex> lk(s->mu);
  if (s->capture != nullptr) {
    s->capture->ops.push_back(std::move(fn));
    return 0;
  }
  s->queue.push_back(Op{std::move(fn), std::move(deps)});
  const uint64_t seq = s->enqueued.fetch_add(1) + 1;
  s->cv.notify_one();
  return seq;
}

}  // namespace

struct CUstream_st {
  StreamRef s;
};

struct CUevent_st {
  std::mutex mu;
  unsigned flags = 0;
  StreamRef stream;  // null until recorded
  uint64_t seq = 0;
  std::shared_ptr<std::atomic<int64_t>> time_ns;
};

struct CUgraph_st {
  Graph g;
};

struct CUgraphExec_st {
  std::vector<std::function<void()>> ops;
};

namespace {

bool resolve(cudaStream_t stream, StreamRef* out_p) {
  if (stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread) {
    *out_p = legacy_stream();
    return true;
  }
  *out_p = stream->s;
  return *out_p != nullptr;
}

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Allocations, for cudaFree/cudaFreeHost checks and pointer attributes.
enum class MemKind { device, host };
struct Allocations {
  std::mutex mu;
  std::map<uintptr_t, std::pair<size_t, MemKind>> by_base;
  size_t device_bytes = 0;  // live device allocations
};

// SHOAL_SIM_DEVICE_MEMORY: the simulated GPU's memory (device allocations
// beyond it fail with cudaErrorMemoryAllocation); 0 or unset: no limit.
// Read at every allocation, so a test can shrink one PE's device.
size_t device_memory_limit() {
  std::uint64_t v = 0;
  if (shoal::env::get_size("SHOAL_SIM_DEVICE_MEMORY", 0, &v) != shoal::Status::ok) return 0;
  return static_cast<size_t>(v);
}
Allocations& allocations() {
  static Allocations* a = new Allocations;
  return *a;
}

cudaError_t alloc(void** out_p, size_t size, MemKind kind) {
  if (out_p == nullptr) return set_error(cudaErrorInvalidValue);
  *out_p = nullptr;
  if (size == 0) return cudaSuccess;
  const size_t limit = kind == MemKind::device ? device_memory_limit() : 0;
  std::lock_guard<std::mutex> lk(allocations().mu);
  if (limit && (size > limit || allocations().device_bytes > limit - size)) return set_error(cudaErrorMemoryAllocation);
  void* p = std::aligned_alloc(256, (size + 255) / 256 * 256);
  if (p == nullptr) return set_error(cudaErrorMemoryAllocation);
  allocations().by_base[reinterpret_cast<uintptr_t>(p)] = {size, kind};
  if (kind == MemKind::device) allocations().device_bytes += size;
  *out_p = p;
  return cudaSuccess;
}

cudaError_t release(void* p, MemKind kind) {
  if (p == nullptr) return cudaSuccess;
  cudaDeviceSynchronize();  // cudaFree synchronizes with the device
  std::lock_guard<std::mutex> lk(allocations().mu);
  auto it = allocations().by_base.find(reinterpret_cast<uintptr_t>(p));
  if (it == allocations().by_base.end() || it->second.second != kind) return set_error(cudaErrorInvalidValue);
  if (kind == MemKind::device) allocations().device_bytes -= it->second.first;
  allocations().by_base.erase(it);
  std::free(p);
  return cudaSuccess;
}

// Allocation containing p, if any.
bool find_alloc(const void* p, uintptr_t* base_p, MemKind* kind_p) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  std::lock_guard<std::mutex> lk(allocations().mu);
  auto it = allocations().by_base.upper_bound(a);
  if (it == allocations().by_base.begin()) return false;
  --it;
  if (a >= it->first + it->second.first) return false;
  *base_p = it->first;
  *kind_p = it->second.second;
  return true;
}

}  // namespace

namespace shoal::sim {

cudaError_t set_error(cudaError_t err) {
  if (err != cudaSuccess) t_last_error = err;
  return err;
}

cudaError_t enqueue(cudaStream_t stream, std::function<void()> op) {
  StreamRef s;
  if (!resolve(stream, &s)) return set_error(cudaErrorInvalidResourceHandle);
  push(s, std::move(op));
  return cudaSuccess;
}

}  // namespace shoal::sim

extern "C" {

// --- errors -------------------------------------------------------------------------
cudaError_t cudaGetLastError(void) {
  const cudaError_t e = t_last_error;
  t_last_error = cudaSuccess;
  return e;
}
cudaError_t cudaPeekAtLastError(void) { return t_last_error; }

#define SHOAL_SIM_ERRORS_(X)                                                        \
  X(cudaSuccess, "no error")                                                        \
  X(cudaErrorInvalidValue, "invalid argument")                                      \
  X(cudaErrorMemoryAllocation, "out of memory")                                     \
  X(cudaErrorInitializationError, "initialization error")                           \
  X(cudaErrorInvalidConfiguration, "invalid configuration argument")                \
  X(cudaErrorInvalidDevice, "invalid device ordinal")                               \
  X(cudaErrorInvalidDeviceFunction, "invalid device function")                      \
  X(cudaErrorInvalidResourceHandle, "invalid resource handle")                      \
  X(cudaErrorNotReady, "device not ready")                                          \
  X(cudaErrorNotSupported, "operation not supported")                               \
  X(cudaErrorCooperativeLaunchTooLarge, "too many blocks in cooperative launch")    \
  X(cudaErrorStreamCaptureUnsupported, "operation not permitted when stream is capturing") \
  X(cudaErrorStreamCaptureInvalidated, "operation failed due to a previous error during capture") \
  X(cudaErrorIllegalState, "the operation cannot be performed in the present state") \
  X(cudaErrorNoDevice, "no CUDA-capable device is detected")

const char* cudaGetErrorString(cudaError_t error) {
  switch (error) {
#define SHOAL_SIM_STR_(code, text) \
  case code: return text;
    SHOAL_SIM_ERRORS_(SHOAL_SIM_STR_)
#undef SHOAL_SIM_STR_
    default: return "unrecognized error code";
  }
}
const char* cudaGetErrorName(cudaError_t error) {
  switch (error) {
#define SHOAL_SIM_NAME_(code, text) \
  case code: return #code;
    SHOAL_SIM_ERRORS_(SHOAL_SIM_NAME_)
#undef SHOAL_SIM_NAME_
    default: return "cudaErrorUnknown";
  }
}

// --- device -------------------------------------------------------------------------
// SHOAL_SIM_DEVICES identical devices (default 8, a node's worth, so that
// programs that pick a GPU per PE with cudaSetDevice(local rank) run); all
// are this CPU and share its memory. The current device is per host thread,
// as in CUDA; nothing else depends on it.
namespace {
thread_local int t_device = 0;
bool valid_device(int device) { return device >= 0 && device < static_cast<int>(config().device_count); }
}  // namespace

cudaError_t cudaGetDeviceCount(int* count) {
  if (count == nullptr) return set_error(cudaErrorInvalidValue);
  *count = static_cast<int>(config().device_count);
  return cudaSuccess;
}
cudaError_t cudaSetDevice(int device) {
  if (!valid_device(device)) return set_error(cudaErrorInvalidDevice);
  t_device = device;
  return cudaSuccess;
}
cudaError_t cudaGetDevice(int* device) {
  if (device == nullptr) return set_error(cudaErrorInvalidValue);
  *device = t_device;
  return cudaSuccess;
}
cudaError_t cudaDeviceReset(void) { return cudaDeviceSynchronize(); }

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  if (prop == nullptr) return set_error(cudaErrorInvalidValue);
  if (!valid_device(device)) return set_error(cudaErrorInvalidDevice);
  std::memset(prop, 0, sizeof(*prop));
  std::snprintf(prop->name, sizeof(prop->name), "shoal sim device");
  struct sysinfo si{};
  sysinfo(&si);
  prop->totalGlobalMem = static_cast<size_t>(si.totalram) * si.mem_unit;
  prop->sharedMemPerBlock = k_smem_per_block;
  prop->sharedMemPerBlockOptin = k_smem_per_block_optin;
  prop->sharedMemPerMultiprocessor = k_smem_per_sm;
  prop->reservedSharedMemPerBlock = k_smem_reserved_per_block;
  prop->regsPerBlock = 65536;
  prop->regsPerMultiprocessor = 65536;
  prop->warpSize = 32;
  prop->maxThreadsPerBlock = static_cast<int>(k_max_threads_per_block);
  prop->maxThreadsDim[0] = 1024;
  prop->maxThreadsDim[1] = 1024;
  prop->maxThreadsDim[2] = 64;
  prop->maxGridSize[0] = 0x7fffffff;
  prop->maxGridSize[1] = 65535;
  prop->maxGridSize[2] = 65535;
  prop->multiProcessorCount = static_cast<int>(config().sm_count);
  prop->maxThreadsPerMultiProcessor = static_cast<int>(k_max_threads_per_sm);
  prop->maxBlocksPerMultiProcessor = static_cast<int>(k_max_blocks_per_sm);
  prop->major = 9;
  prop->minor = 0;
  prop->cooperativeLaunch = 1;
  prop->concurrentKernels = 1;
  prop->unifiedAddressing = 1;
  prop->canMapHostMemory = 1;
  prop->totalConstMem = 65536;
  prop->l2CacheSize = 0;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  if (value == nullptr) return set_error(cudaErrorInvalidValue);
  if (!valid_device(device)) return set_error(cudaErrorInvalidDevice);
  switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: *value = 1024; break;
    case cudaDevAttrMaxBlockDimX: *value = 1024; break;
    case cudaDevAttrMaxBlockDimY: *value = 1024; break;
    case cudaDevAttrMaxBlockDimZ: *value = 64; break;
    case cudaDevAttrMaxGridDimX: *value = 0x7fffffff; break;
    case cudaDevAttrMaxGridDimY: *value = 65535; break;
    case cudaDevAttrMaxGridDimZ: *value = 65535; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = static_cast<int>(k_smem_per_block); break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = static_cast<int>(k_smem_per_block_optin); break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *value = static_cast<int>(k_smem_per_sm); break;
    case cudaDevAttrWarpSize: *value = 32; break;
    case cudaDevAttrMultiProcessorCount: *value = static_cast<int>(config().sm_count); break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *value = static_cast<int>(k_max_threads_per_sm); break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: *value = static_cast<int>(k_max_blocks_per_sm); break;
    case cudaDevAttrComputeCapabilityMajor: *value = 9; break;
    case cudaDevAttrComputeCapabilityMinor: *value = 0; break;
    case cudaDevAttrCooperativeLaunch: *value = 1; break;
    case cudaDevAttrConcurrentKernels: *value = 1; break;
    case cudaDevAttrUnifiedAddressing: *value = 1; break;
    case cudaDevAttrCanMapHostMemory: *value = 1; break;
    case cudaDevAttrClockRate: *value = 1000000; break;  // kHz: the sim clock64() counts nanoseconds
    case cudaDevAttrManagedMemory: *value = 0; break;
    // One modelled GPU per host: every PE of a machine shares its "SMs".
    case cudaDevAttrPciDomainId:
    case cudaDevAttrPciBusId:
    case cudaDevAttrPciDeviceId: *value = 0; break;
    default:
      SHOAL_WARN("sim: cudaDeviceGetAttribute(%d) is not modelled", static_cast<int>(attr));
      return set_error(cudaErrorInvalidValue);
  }
  return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void* func, cudaFuncAttribute attr, int value) {
  switch (attr) {
    case cudaFuncAttributeMaxDynamicSharedMemorySize: return set_error(set_max_dynamic_smem(func, value));
    case cudaFuncAttributePreferredSharedMemoryCarveout: return cudaSuccess;
    default: return set_error(cudaErrorInvalidValue);
  }
}

cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, const void* func) {
  if (attr == nullptr) return set_error(cudaErrorInvalidValue);
  if (func == nullptr) return set_error(cudaErrorInvalidDeviceFunction);
  std::memset(attr, 0, sizeof(*attr));
  attr->maxThreadsPerBlock = static_cast<int>(k_max_threads_per_block);
  attr->maxDynamicSharedSizeBytes = max_dynamic_smem(func);
  attr->numRegs = 32;
  attr->ptxVersion = 90;
  attr->binaryVersion = 90;
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* num_blocks, const void* func, int block_size,
                                                          size_t dynamic_smem) {
  if (num_blocks == nullptr || block_size <= 0) return set_error(cudaErrorInvalidValue);
  if (func == nullptr) return set_error(cudaErrorInvalidDeviceFunction);
  *num_blocks = blocks_per_sm(static_cast<unsigned>(block_size), dynamic_smem);
  return cudaSuccess;
}

// Type-erased launches: the kernel's registered factory (shoal/sim/launch.h)
// rebuilds its call from the argument pointers.
static cudaError_t launch_erased(const char* call, const void* func, dim3 grid, dim3 block, void** args,
                                 size_t smem, cudaStream_t stream, bool cooperative) {
  if (func == nullptr) return set_error(cudaErrorInvalidDeviceFunction);
  const shoal::sim::KernelFactory make = shoal::sim::registered_kernel(func);
  if (make == nullptr) {
    SHOAL_ERROR("sim: %s: the kernel at %p is not registered, so its argument types are not known: compile its "
                ".cu with shoal_add_cuda_sources(<target> SIM_REWRITE ...) (it registers every non-template "
                "__global__ function), add SHOAL_SIM_REGISTER_KERNEL(name), or launch with shoal::launch",
                call, func);
    return set_error(cudaErrorInvalidDeviceFunction);
  }
  if (args == nullptr) return set_error(cudaErrorInvalidValue);
  return shoal::sim::launch_kernel(func, grid, block, smem, stream, cooperative, make(func, args));
}
cudaError_t cudaLaunchKernel(const void* func, dim3 grid, dim3 block, void** args, size_t smem, cudaStream_t stream) {
  return launch_erased("cudaLaunchKernel", func, grid, block, args, smem, stream, false);
}
cudaError_t cudaLaunchCooperativeKernel(const void* func, dim3 grid, dim3 block, void** args, size_t smem,
                                        cudaStream_t stream) {
  return launch_erased("cudaLaunchCooperativeKernel", func, grid, block, args, smem, stream, true);
}

// --- memory -------------------------------------------------------------------------
cudaError_t cudaMalloc(void** p, size_t size) { return alloc(p, size, MemKind::device); }
cudaError_t cudaFree(void* p) { return release(p, MemKind::device); }
cudaError_t cudaMallocHost(void** p, size_t size) { return alloc(p, size, MemKind::host); }
cudaError_t cudaHostAlloc(void** p, size_t size, unsigned int) { return alloc(p, size, MemKind::host); }
cudaError_t cudaFreeHost(void* p) { return release(p, MemKind::host); }
cudaError_t cudaHostGetDevicePointer(void** dev, void* host, unsigned int flags) {
  uintptr_t base = 0;
  MemKind kind{};
  if (dev == nullptr || flags != 0 || !find_alloc(host, &base, &kind) || kind != MemKind::host)
    return set_error(cudaErrorInvalidValue);
  *dev = host;
  return cudaSuccess;
}
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attr, const void* ptr) {
  if (attr == nullptr) return set_error(cudaErrorInvalidValue);
  std::memset(attr, 0, sizeof(*attr));
  uintptr_t base = 0;
  MemKind kind{};
  if (!find_alloc(ptr, &base, &kind)) {
    attr->type = cudaMemoryTypeUnregistered;
    attr->device = -1;
    return cudaSuccess;
  }
  attr->type = kind == MemKind::device ? cudaMemoryTypeDevice : cudaMemoryTypeHost;
  attr->device = 0;
  attr->devicePointer = const_cast<void*>(ptr);
  attr->hostPointer = const_cast<void*>(ptr);
  return cudaSuccess;
}
cudaError_t cudaMemGetInfo(size_t* free_p, size_t* total_p) {
  if (free_p == nullptr || total_p == nullptr) return set_error(cudaErrorInvalidValue);
  struct sysinfo si{};
  sysinfo(&si);
  *total_p = static_cast<size_t>(si.totalram) * si.mem_unit;
  *free_p = static_cast<size_t>(si.freeram) * si.mem_unit;
  if (const size_t limit = device_memory_limit()) {
    std::lock_guard<std::mutex> lk(allocations().mu);
    *total_p = limit;
    *free_p = allocations().device_bytes < limit ? limit - allocations().device_bytes : 0;
  }
  return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, cudaMemcpyKind, cudaStream_t stream) {
  if (count == 0) return cudaSuccess;
  if (dst == nullptr || src == nullptr) return set_error(cudaErrorInvalidValue);
  return enqueue(stream, [dst, src, count] { std::memmove(dst, src, count); });
}
cudaError_t cudaMemsetAsync(void* dst, int value, size_t count, cudaStream_t stream) {
  if (count == 0) return cudaSuccess;
  if (dst == nullptr) return set_error(cudaErrorInvalidValue);
  return enqueue(stream, [dst, value, count] { std::memset(dst, value, count); });
}
cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, cudaMemcpyKind kind) {
  const cudaError_t e = cudaMemcpyAsync(dst, src, count, kind, nullptr);
  if (e != cudaSuccess) return e;
  return cudaStreamSynchronize(nullptr);
}
cudaError_t cudaMemset(void* dst, int value, size_t count) {
  const cudaError_t e = cudaMemsetAsync(dst, value, count, nullptr);
  if (e != cudaSuccess) return e;
  return cudaStreamSynchronize(nullptr);
}

// Symbols: __device__ and __constant__ variables are ordinary globals here.
cudaError_t cudaMemcpyToSymbolAsync(const void* symbol, const void* src, size_t count, size_t offset,
                                    cudaMemcpyKind kind, cudaStream_t stream) {
  if (symbol == nullptr) return set_error(cudaErrorInvalidValue);
  return cudaMemcpyAsync(static_cast<char*>(const_cast<void*>(symbol)) + offset, src, count, kind, stream);
}
cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t count, size_t offset,
                                      cudaMemcpyKind kind, cudaStream_t stream) {
  if (symbol == nullptr) return set_error(cudaErrorInvalidValue);
  return cudaMemcpyAsync(dst, static_cast<const char*>(symbol) + offset, count, kind, stream);
}
cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* src, size_t count, size_t offset, cudaMemcpyKind kind) {
  const cudaError_t e = cudaMemcpyToSymbolAsync(symbol, src, count, offset, kind, nullptr);
  return e != cudaSuccess ? e : cudaStreamSynchronize(nullptr);
}
cudaError_t cudaMemcpyFromSymbol(void* dst, const void* symbol, size_t count, size_t offset, cudaMemcpyKind kind) {
  const cudaError_t e = cudaMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, nullptr);
  return e != cudaSuccess ? e : cudaStreamSynchronize(nullptr);
}
cudaError_t cudaGetSymbolAddress(void** dev, const void* symbol) {
  if (dev == nullptr || symbol == nullptr) return set_error(cudaErrorInvalidValue);
  *dev = const_cast<void*>(symbol);
  return cudaSuccess;
}

// Stream-ordered allocation: allocated at once, freed in stream order.
cudaError_t cudaMallocAsync(void** p, size_t size, cudaStream_t) { return alloc(p, size, MemKind::device); }
cudaError_t cudaFreeAsync(void* p, cudaStream_t stream) {
  if (p == nullptr) return cudaSuccess;
  return enqueue(stream, [p] {
    std::lock_guard<std::mutex> lk(allocations().mu);
    if (allocations().by_base.erase(reinterpret_cast<uintptr_t>(p)) == 1) std::free(p);
  });
}

cudaError_t cudaDriverGetVersion(int* v) {
  if (v == nullptr) return set_error(cudaErrorInvalidValue);
  *v = CUDART_VERSION;
  return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int* v) {
  if (v == nullptr) return set_error(cudaErrorInvalidValue);
  *v = CUDART_VERSION;
  return cudaSuccess;
}
cudaError_t cudaSetDeviceFlags(unsigned int) { return cudaSuccess; }
cudaError_t cudaGetDeviceFlags(unsigned int* flags) {
  if (flags == nullptr) return set_error(cudaErrorInvalidValue);
  *flags = cudaDeviceMapHost;
  return cudaSuccess;
}

// --- streams --------------------------------------------------------------------------
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags) {
  if (stream == nullptr) return set_error(cudaErrorInvalidValue);
  auto s = std::make_shared<StreamState>();
  s->blocking = (flags & cudaStreamNonBlocking) == 0;
  s->start();
  {
    std::lock_guard<std::mutex> lk(globals().streams_mu);
    std::erase_if(globals().streams, [](const std::weak_ptr<StreamState>& w) { return w.expired(); });
    globals().streams.push_back(s);
  }
  *stream = new CUstream_st{std::move(s)};
  return cudaSuccess;
}
cudaError_t cudaStreamCreate(cudaStream_t* stream) { return cudaStreamCreateWithFlags(stream, cudaStreamDefault); }

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  if (stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread)
    return set_error(cudaErrorInvalidResourceHandle);
  // Work already queued still runs; the serving thread exits after it.
  {
    std::lock_guard<std::mutex> lk(stream->s->mu);
    stream->s->closing = true;
    stream->s->cv.notify_one();
  }
  delete stream;
  return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  StreamRef s;
  if (!resolve(stream, &s)) return set_error(cudaErrorInvalidResourceHandle);
  if (s->capture != nullptr) return set_error(cudaErrorStreamCaptureUnsupported);
  uint64_t target = 0;
  if (s->legacy) {
    // The host waits for stream 0, which waits for the blocking streams.
    target = push(s, nullptr);
  } else {
    target = s->enqueued.load();
  }
  wait_for(s, target);
  return cudaSuccess;
}

cudaError_t cudaStreamQuery(cudaStream_t stream) {
  StreamRef s;
  if (!resolve(stream, &s)) return set_error(cudaErrorInvalidResourceHandle);
  return s->completed.load() >= s->enqueued.load() ? cudaSuccess : cudaErrorNotReady;
}

cudaError_t cudaDeviceSynchronize(void) {
  std::vector<StreamRef> all{legacy_stream()};
  {
    std::lock_guard<std::mutex> lk(globals().streams_mu);
    for (auto& w : globals().streams)
      if (StreamRef t = w.lock()) all.push_back(t);
  }
  for (const StreamRef& s : all) wait_for(s, s->enqueued.load());
  return cudaSuccess;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void* user_data) {
  if (fn == nullptr) return set_error(cudaErrorInvalidValue);
  return enqueue(stream, [fn, user_data] { fn(user_data); });
}

// --- events ---------------------------------------------------------------------------
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
  if (event == nullptr) return set_error(cudaErrorInvalidValue);
  *event = new CUevent_st;
  (*event)->flags = flags;
  return cudaSuccess;
}
cudaError_t cudaEventCreate(cudaEvent_t* event) { return cudaEventCreateWithFlags(event, cudaEventDefault); }
cudaError_t cudaEventDestroy(cudaEvent_t event) {
  if (event == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  delete event;
  return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  if (event == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  StreamRef s;
  if (!resolve(stream, &s)) return set_error(cudaErrorInvalidResourceHandle);
  if (s->capture != nullptr) return set_error(cudaErrorStreamCaptureUnsupported);
  auto t = std::make_shared<std::atomic<int64_t>>(0);
  const uint64_t seq = push(s, [t] { t->store(now_ns()); });
  std::lock_guard<std::mutex> lk(event->mu);
  event->stream = s;
  event->seq = seq;
  event->time_ns = std::move(t);
  return cudaSuccess;
}

cudaError_t cudaEventQuery(cudaEvent_t event) {
  if (event == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  std::lock_guard<std::mutex> lk(event->mu);
  if (!event->stream) return cudaSuccess;  // never recorded: complete, as in CUDA
  return event->stream->completed.load() >= event->seq ? cudaSuccess : cudaErrorNotReady;
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  if (event == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  StreamRef s;
  uint64_t seq = 0;
  {
    std::lock_guard<std::mutex> lk(event->mu);
    s = event->stream;
    seq = event->seq;
  }
  if (s) wait_for(s, seq);
  return cudaSuccess;
}

cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  if (ms == nullptr) return set_error(cudaErrorInvalidValue);
  if (start == nullptr || end == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  if (((start->flags | end->flags) & cudaEventDisableTiming) != 0) return set_error(cudaErrorInvalidResourceHandle);
  if (!start->stream || !end->stream) return set_error(cudaErrorInvalidResourceHandle);
  if (cudaEventQuery(start) != cudaSuccess || cudaEventQuery(end) != cudaSuccess) return set_error(cudaErrorNotReady);
  *ms = static_cast<float>(static_cast<double>(end->time_ns->load() - start->time_ns->load()) / 1e6);
  return cudaSuccess;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int) {
  if (event == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  StreamRef s;
  if (!resolve(stream, &s)) return set_error(cudaErrorInvalidResourceHandle);
  if (s->capture != nullptr) return set_error(cudaErrorStreamCaptureUnsupported);
  std::vector<Dep> deps;
  {
    std::lock_guard<std::mutex> lk(event->mu);
    if (event->stream) deps.push_back(Dep{event->stream, event->seq});
  }
  push(s, nullptr, std::move(deps));
  return cudaSuccess;
}

// --- graphs (capture of one stream, replayed in order) ----------------------------------
cudaError_t cudaStreamBeginCapture(cudaStream_t stream, cudaStreamCaptureMode) {
  StreamRef s;
  if (!resolve(stream, &s)) return set_error(cudaErrorInvalidResourceHandle);
  if (s->legacy) return set_error(cudaErrorStreamCaptureUnsupported);
  std::lock_guard<std::mutex> lk(s->mu);
  if (s->capture != nullptr) return set_error(cudaErrorIllegalState);
  s->capture = new Graph;
  return cudaSuccess;
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* graph) {
  StreamRef s;
  if (graph == nullptr) return set_error(cudaErrorInvalidValue);
  if (!resolve(stream, &s)) return set_error(cudaErrorInvalidResourceHandle);
  std::lock_guard<std::mutex> lk(s->mu);
  if (s->capture == nullptr) return set_error(cudaErrorIllegalState);
  *graph = new CUgraph_st{std::move(*s->capture)};
  delete s->capture;
  s->capture = nullptr;
  return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus* status) {
  StreamRef s;
  if (status == nullptr) return set_error(cudaErrorInvalidValue);
  if (!resolve(stream, &s)) return set_error(cudaErrorInvalidResourceHandle);
  std::lock_guard<std::mutex> lk(s->mu);
  *status = s->capture != nullptr ? cudaStreamCaptureStatusActive : cudaStreamCaptureStatusNone;
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph, unsigned long long) {
  if (exec == nullptr || graph == nullptr) return set_error(cudaErrorInvalidValue);
  *exec = new CUgraphExec_st{graph->g.ops};
  return cudaSuccess;
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream) {
  if (exec == nullptr) return set_error(cudaErrorInvalidValue);
  auto ops = std::make_shared<std::vector<std::function<void()>>>(exec->ops);
  return enqueue(stream, [ops] {
    for (auto& op : *ops) op();
  });
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec) {
  delete exec;
  return cudaSuccess;
}
cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
  delete graph;
  return cudaSuccess;
}

}  // extern "C"
