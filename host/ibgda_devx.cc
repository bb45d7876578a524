#include "host/ibgda_devx.h"

#include <cstddef>
#include <cstdlib>
#include <vector>

#include "base/log.h"
#include "bootstrap/plugin_path.h"
#include "host/ibgda_drain.h"
#include "host/ibgda_table.h"
#include "host/runtime.h"
#include "transport/ibgda/devx/config.h"

#if defined(SHOAL_PLATFORM_CUDA)
#include <cuda_runtime.h>
#include <unistd.h>

#include <map>
#include <mutex>

#include "host/gpu/driver.h"
#endif

namespace shoal {
namespace {

void plugin_log(int level, const char* msg) {
  if (level <= 3) SHOAL_INFO("%s", msg);
  else SHOAL_DEBUG("%s", msg);
}

#if defined(SHOAL_PLATFORM_CUDA)
// cuda: the SQ, CQ and doorbell records in GPU memory (cudaMalloc), given to
// the NIC as DevX umems with a dma-buf fd where the driver exports one, else
// by address (nvidia-peermem). Host code cannot dereference them: the
// backend initialises the CQ through `write`. The QP table (the QP objects
// with their counters and the cpu doorbell value, the per-QP areas) stays
// in pinned host memory mapped for the GPU (UVA: one address for host, GPU
// and NIC): the host fills it at init and reads the counters for the
// doorbell thread and drain(). The heap is GPU memory (VMM), registered with its dma-buf fd
// (else through nvidia-peermem); the UAR page mapped into the GPU as I/O
// memory.
void* table_alloc(std::size_t bytes) {
  void* p = nullptr;
  return cudaHostAlloc(&p, bytes, cudaHostAllocMapped) == cudaSuccess ? p : nullptr;
}
void table_free(void* p) { cudaFreeHost(p); }

// What the cuda placement's hooks share: cudaMalloc's pointers behind the
// page-aligned regions handed out.
struct GpuQueues {
  int pe = -1;
  int device = 0;
  std::mutex mutex;
  std::map<void*, void*> raw;  // region address -> cudaMalloc pointer
  bool told_dmabuf = false;    // the peermem fallback is logged once
};

std::string cuda_failure(const char* what, std::size_t bytes, int device, cudaError_t e) {
  return std::string(what) + " of " + std::to_string(bytes) + " bytes of IBGDA queue memory on GPU " +
         std::to_string(device) + " failed: " + cudaGetErrorString(e);
}

ibgda::devx::Placement placement(const Runtime& r, const std::shared_ptr<GpuQueues>& g) {
  ibgda::devx::Placement p;
  p.alloc = [g](std::size_t bytes, shoal_ibgda_region_v1_t* out) -> std::string {
    // dma-buf export wants the range page-aligned: one page more, aligned up.
    const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    void* raw = nullptr;
    cudaError_t e = cudaMalloc(&raw, bytes + page);
    if (e != cudaSuccess) return cuda_failure("cudaMalloc", bytes, g->device, e);
    void* m = reinterpret_cast<void*>((reinterpret_cast<std::uintptr_t>(raw) + page - 1) / page * page);
    e = cudaMemset(m, 0, bytes);
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
      cudaFree(raw);
      return cuda_failure("cudaMemset", bytes, g->device, e);
    }
    std::string why;
    const int fd = gpu::dmabuf_fd_for(m, bytes, &why);
    std::lock_guard<std::mutex> lock(g->mutex);
    if (fd < 0 && !g->told_dmabuf) {
      g->told_dmabuf = true;
      SHOAL_INFO("IBGDA: cuMemGetHandleForAddressRange(DMA_BUF_FD) failed for the queue memory (SQ, CQ, doorbell "
                 "records) of PE %d on GPU %d: %s; registering it through nvidia-peermem",
                 g->pe, g->device, why.c_str());
    }
    g->raw[m] = raw;
    *out = shoal_ibgda_region_v1_t{m, bytes, SHOAL_IBGDA_MEM_GPU, fd, 0};
    return "";
  };
  p.free = [g](const shoal_ibgda_region_v1_t& region) {
    std::lock_guard<std::mutex> lock(g->mutex);
    const auto it = g->raw.find(region.addr);
    if (it == g->raw.end()) return;
    cudaFree(it->second);
    g->raw.erase(it);
  };
  p.write = [g](void* dst, const void* src, std::size_t bytes) -> std::string {
    const cudaError_t e = cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice);
    return e == cudaSuccess ? "" : cuda_failure("cudaMemcpy (initialising)", bytes, g->device, e);
  };
  const auto heap = reinterpret_cast<std::uintptr_t>(r.heap.base());
  const std::size_t heap_bytes = r.heap.size();
  // The heap (GPU memory): with a dma-buf fd of the range where the driver
  // exports one (the plugin then tries ibv_reg_dmabuf_mr first), else by
  // address through nvidia-peermem. The per-QP areas: host memory.
  p.describe = [g, heap, heap_bytes](void* base, std::size_t bytes) {
    const auto a = reinterpret_cast<std::uintptr_t>(base);
    if (a < heap || a >= heap + heap_bytes) return shoal_ibgda_region_v1_t{base, bytes, SHOAL_IBGDA_MEM_HOST, -1, 0};
    // The heap's VMM mapping is granularity-aligned, so the page-rounded range stays inside it.
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    std::string why;
    const int fd = gpu::dmabuf_fd_for(base, (bytes + page - 1) / page * page, &why);
    if (fd < 0)
      SHOAL_INFO("IBGDA: cuMemGetHandleForAddressRange(DMA_BUF_FD) failed for the symmetric heap of PE %d (%zu bytes "
                 "at %p on GPU %d): %s; registering it through nvidia-peermem",
                 g->pe, bytes, base, g->device, why.c_str());
    return shoal_ibgda_region_v1_t{base, bytes, SHOAL_IBGDA_MEM_GPU, fd, 0};
  };
  p.map_uar = [](void* page, std::size_t bytes, uint64_t* reg, uint64_t** device_reg) -> std::string {
    cudaError_t e = cudaHostRegister(page, bytes, cudaHostRegisterIoMemory | cudaHostRegisterMapped);
    void* d = nullptr;
    if (e == cudaSuccess) e = cudaHostGetDevicePointer(&d, page, 0);
    if (e != cudaSuccess) return ibgda::devx::describe_iomem_refused(cudaGetErrorString(e));
    const std::ptrdiff_t offset = reinterpret_cast<char*>(reg) - static_cast<char*>(page);
    *device_reg = reinterpret_cast<uint64_t*>(static_cast<char*>(d) + offset);
    return "";
  };
  p.unmap_uar = [](void* page) { cudaHostUnregister(page); };
  return p;
}

#else
// sim: kernels are CPU threads, so host memory and the UAR as mapped serve
// device code as they are (the adapter's defaults).
void* table_alloc(std::size_t bytes) { return std::aligned_alloc(64, (bytes + 63) / 64 * 64); }
void table_free(void* p) { std::free(p); }
struct GpuQueues {
  int pe = -1;
  int device = 0;
};
ibgda::devx::Placement placement(const Runtime&, const std::shared_ptr<GpuQueues>&) { return {}; }
#endif

std::string open_nic(Runtime& r, const std::shared_ptr<GpuQueues>& g,
                     std::unique_ptr<ibgda::devx::DevxBackend>* backend_p) {
  std::string tried;
  const std::string path = bootstrap::find_plugin(SHOAL_IBGDA_DEVX_PLUGIN_FILE, &tried);
  if (path.empty())
    return std::string("no DevX plugin: ") + SHOAL_IBGDA_DEVX_PLUGIN_FILE + " not found in " + tried +
           " (install libibverbs-dev and libhwloc-dev and rebuild shoal; SHOAL_PLUGIN_PATH adds folders)";
  const shoal_ibgda_devx_plugin_v1_t* plugin = nullptr;
  std::string e = ibgda::devx::load_plugin(path, &plugin);
  if (!e.empty()) return e;
  ibgda::devx::Options o;
  o.doorbell = r.cfg.ibgda_doorbell;
  o.log = plugin_log;
  o.place = placement(r, g);
  const int device = r.device;
  o.complete = [device](mlx5::qp* qps, std::uint32_t n, double timeout_s) {
    return ibgda_quiet_on_device(qps, n, timeout_s, device);
  };
  char bus_id[32] = {};
#if defined(SHOAL_PLATFORM_CUDA)
  if (cudaDeviceGetPCIBusId(bus_id, sizeof bus_id, r.device) == cudaSuccess) o.gpu_pci_bus_id = bus_id;
#endif
  (void)bus_id;
  return ibgda::devx::DevxBackend::open(plugin, o, backend_p);
}

}  // namespace

IbgdaDevx::~IbgdaDevx() {
  backend.reset();
  if (table.memory != nullptr) table_free(table.memory);
}

std::string ibgda_devx_start(Runtime& r, std::unique_ptr<IbgdaDevx>* out) {
  auto d = std::make_unique<IbgdaDevx>();
  auto g = std::make_shared<GpuQueues>();
  g->pe = r.my_pe;
  g->device = r.device;
  std::string e = ibgda_agree(r, open_nic(r, g, &d->backend));
  if (!e.empty()) return e;
  ibgda::TableArgs a = ibgda_table_args(r);
  a.alloc = table_alloc;
  a.free = table_free;
  e = ibgda_build_table(r, *d->backend, a, &d->table);
  if (!e.empty()) return e;
  d->backend->track(d->table.qps, d->table.n_qps);
  if (const std::string s = d->backend->start(); !s.empty()) return s;
  *out = std::move(d);
  return "";
}

}  // namespace shoal
