// The cuda platform's heap backing: one CUDA VMM physical allocation per PE
// on its GPU, exported as a POSIX file descriptor. Peers on this node import
// the descriptor, reserve address space, map it and grant their own GPU
// access, so a PE's kernels load/store a peer's heap directly. This works for
// peers on another GPU with a P2P path (NVLink/PCIe) and for several PEs on
// one GPU (each process maps the same physical memory; no MPS needed for
// correctness). Driver calls go through host/gpu/driver.h (libcuda is not
// linked). The reservation is exactly the rounded heap size per segment.
#include <algorithm>
#include <cuda_runtime_api.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdint>
#include <cstring>
#include <map>

#include "base/log.h"
#include "host/gpu/driver.h"
#include "host/gpu/select.h"
#include "host/heap/memory.h"

namespace shoal {
namespace {

using gpu::Driver;

class VmmMemory final : public HeapMemory {
 public:
  explicit VmmMemory(const Driver& d) : d_(d) {}
  ~VmmMemory() override { destroy(); }
  const char* name() const override { return "cuda-vmm"; }

  Status create(std::size_t size, void** base_p) override {
    if (cudaGetDevice(&device_) != cudaSuccess) {
      SHOAL_ERROR("cudaGetDevice failed before creating the symmetric heap: %s",
                  cudaGetErrorString(cudaGetLastError()));
      return Status::invalid_state;
    }
    SHOAL_CHECK(query_device());
    CUmemAllocationProp prop = allocation_prop();
    std::uint64_t rounded = gpu::round_up(size, granularity_);
    if (rounded == 0) {
      SHOAL_ERROR("symmetric heap size %zu rounded to the VMM granularity %zu overflows", size,
                  granularity_);
      return Status::invalid_argument;
    }
    CUresult rc = d_.mem_create(&handle_, rounded, &prop, 0);
    if (rc != CUDA_SUCCESS) {
      SHOAL_ERROR("cuMemCreate(%" PRIu64 " bytes on GPU %d, POSIX fd handle) for the symmetric "
                  "heap failed: %s (lower SHOAL_SYMMETRIC_SIZE?)",
                  rounded, device_, gpu::driver_error(d_, rc));
      return Status::no_memory;
    }
    have_handle_ = true;
    size_ = rounded;
    void* p = nullptr;
    Status s = map(handle_, size_, "the local heap", -1, &p);
    if (s != Status::ok) {
      destroy();
      return s;
    }
    base_ = p;
    SHOAL_INFO("symmetric heap: %" PRIu64 " bytes of GPU %d memory (requested %zu, VMM "
               "granularity %zu) at %p, VA reserved %" PRIu64 " bytes",
               rounded, device_, size, granularity_, base_, rounded);
    *base_p = p;
    return Status::ok;
  }

  HeapLocation location() const override { return uuid_; }

  Status export_fd(int* fd_p) override {
    int fd = -1;
    CUresult rc = d_.mem_export_to_shareable_handle(&fd, handle_,
                                                    CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0);
    if (rc != CUDA_SUCCESS) {
      SHOAL_ERROR("cuMemExportToShareableHandle(POSIX fd) of the heap on GPU %d failed: %s",
                  device_, gpu::driver_error(d_, rc));
      return Status::io_error;
    }
    *fd_p = fd;
    return Status::ok;
  }

  Status import(int peer_pe, const HeapLocation& where, int fd, std::size_t size,
                void** base_p) override {
    Status s = check_reachable(peer_pe, where);
    if (s != Status::ok) {
      close(fd);
      return s;
    }
    CUmemGenericAllocationHandle h{};
    CUresult rc = d_.mem_import_from_shareable_handle(
        &h, reinterpret_cast<void*>(static_cast<std::uintptr_t>(fd)),
        CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR);
    close(fd);  // the driver holds its own reference to the allocation
    if (rc != CUDA_SUCCESS) {
      SHOAL_ERROR("cuMemImportFromShareableHandle of PE %d's heap failed: %s", peer_pe,
                  gpu::driver_error(d_, rc));
      return Status::io_error;
    }
    std::uint64_t bytes = gpu::round_up(size, granularity_);
    void* p = nullptr;
    s = map(h, bytes, "a peer's heap", peer_pe, &p);
    // The mapping keeps the physical memory alive; the handle is not needed.
    d_.mem_release(h);
    if (s != Status::ok) return s;
    peer_bytes_[p] = bytes;
    *base_p = p;
    return Status::ok;
  }

  void unmap_peer(void* base, std::size_t) override {
    auto it = peer_bytes_.find(base);
    if (it == peer_bytes_.end()) return;
    unmap(base, it->second);
    peer_bytes_.erase(it);
  }

  void destroy() override {
    for (auto& [p, bytes] : peer_bytes_) unmap(p, bytes);
    peer_bytes_.clear();
    if (base_) unmap(base_, size_);
    base_ = nullptr;
    if (have_handle_) d_.mem_release(handle_);
    have_handle_ = false;
    size_ = 0;
  }

 private:
  CUmemAllocationProp allocation_prop() const {
    CUmemAllocationProp prop{};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = device_;
    prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
    // A NIC (IBGDA) reads and writes the heap: VMM memory must say so at
    // creation to be registrable for GPUDirect RDMA (dma-buf or peermem).
    prop.allocFlags.gpuDirectRDMACapable = rdma_capable_ ? 1 : 0;
    return prop;
  }

  // Checks VMM and POSIX-fd support on this PE's GPU and queries the
  // granularity and the GPU's UUID.
  Status query_device() {
    CUdevice dev = 0;
    CUresult rc = d_.device_get(&dev, device_);
    if (rc != CUDA_SUCCESS) {
      SHOAL_ERROR("cuDeviceGet(%d) failed: %s", device_, gpu::driver_error(d_, rc));
      return Status::not_found;
    }
    int vmm = 0, fd_handles = 0;
    rc = d_.device_get_attribute(&vmm, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, dev);
    if (rc == CUDA_SUCCESS)
      rc = d_.device_get_attribute(
          &fd_handles, CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED, dev);
    if (rc != CUDA_SUCCESS) {
      SHOAL_ERROR("cuDeviceGetAttribute on GPU %d failed: %s", device_, gpu::driver_error(d_, rc));
      return Status::not_found;
    }
    if (!vmm || !fd_handles) {
      SHOAL_ERROR("GPU %d does not support CUDA VMM with POSIX file-descriptor handles "
                  "(VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED=%d, "
                  "HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED=%d); the symmetric heap needs both "
                  "(no cudaMalloc/IPC fallback yet)", device_, vmm, fd_handles);
      return Status::unavailable;
    }
    int rdma = 0;
    if (d_.device_get_attribute(&rdma, CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED, dev) ==
        CUDA_SUCCESS)
      rdma_capable_ = rdma != 0;
    if (!rdma_capable_)
      SHOAL_DEBUG("GPU %d: no GPUDirect RDMA with CUDA VMM memory (a NIC cannot register the heap)", device_);
    CUmemAllocationProp prop = allocation_prop();
    rc = d_.mem_get_allocation_granularity(&granularity_, &prop,
                                           CU_MEM_ALLOC_GRANULARITY_RECOMMENDED);
    if (rc != CUDA_SUCCESS || granularity_ == 0) {
      SHOAL_ERROR("cuMemGetAllocationGranularity on GPU %d failed: %s (granularity %zu)", device_,
                  gpu::driver_error(d_, rc), granularity_);
      return Status::not_found;
    }
    cudaDeviceProp dp{};
    cudaError_t crc = cudaGetDeviceProperties(&dp, device_);
    if (crc != cudaSuccess) {
      SHOAL_ERROR("cudaGetDeviceProperties(%d) failed: %s", device_, cudaGetErrorString(crc));
      return Status::not_found;
    }
    static_assert(sizeof dp.uuid.bytes == sizeof uuid_.bytes);
    std::memcpy(uuid_.bytes, dp.uuid.bytes, sizeof uuid_.bytes);
    return Status::ok;
  }

  // A peer's segment is reachable when it is on our GPU, or on another GPU
  // visible in this process that ours can access peer-to-peer.
  Status check_reachable(int peer_pe, const HeapLocation& where) {
    if (where == uuid_) return Status::ok;
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) count = 0;
    for (int dev = 0; dev < count; ++dev) {
      cudaDeviceProp dp{};
      if (cudaGetDeviceProperties(&dp, dev) != cudaSuccess) continue;
      if (std::memcmp(dp.uuid.bytes, where.bytes, sizeof where.bytes) != 0) continue;
      int can = 0;
      cudaError_t rc = cudaDeviceCanAccessPeer(&can, device_, dev);
      if (rc == cudaSuccess && can) return Status::ok;
      SHOAL_INFO("PE %d's heap is on GPU %d, which GPU %d cannot access peer-to-peer "
                 "(cudaDeviceCanAccessPeer: %s, %d): not mapped", peer_pe, dev, device_,
                 cudaGetErrorString(rc), can);
      return Status::unavailable;
    }
    SHOAL_INFO("PE %d's heap is on a GPU not visible to this process (CUDA_VISIBLE_DEVICES?): "
               "not mapped", peer_pe);
    return Status::unavailable;
  }

  // Reserves VA for `bytes`, maps the allocation and grants this GPU
  // read/write access. peer_pe < 0 for the local heap (messages only).
  Status map(CUmemGenericAllocationHandle h, std::uint64_t bytes, const char* what, int peer_pe,
             void** base_p) {
    CUdeviceptr va = 0;
    // The local heap starts on a 1 GiB boundary (address space only), so
    // shoal_align's offsets are aligned addresses (host/heap/heap.cc).
    const std::uint64_t align = peer_pe < 0 ? std::max<std::uint64_t>(granularity_, std::uint64_t{1} << 30) : granularity_;
    CUresult rc = d_.mem_address_reserve(&va, bytes, align, 0, 0);
    if (rc != CUDA_SUCCESS) {
      SHOAL_ERROR("cuMemAddressReserve(%" PRIu64 " bytes) for %s (PE %d) failed: %s", bytes, what,
                  peer_pe, gpu::driver_error(d_, rc));
      return Status::no_memory;
    }
    rc = d_.mem_map(va, bytes, 0, h, 0);
    if (rc != CUDA_SUCCESS) {
      SHOAL_ERROR("cuMemMap(%" PRIu64 " bytes) of %s (PE %d) failed: %s", bytes, what, peer_pe,
                  gpu::driver_error(d_, rc));
      d_.mem_address_free(va, bytes);
      return Status::io_error;
    }
    CUmemAccessDesc access{};
    access.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    access.location.id = device_;
    access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    rc = d_.mem_set_access(va, bytes, &access, 1);
    if (rc != CUDA_SUCCESS) {
      SHOAL_ERROR("cuMemSetAccess(GPU %d, read/write) on %s (PE %d) failed: %s", device_, what,
                  peer_pe, gpu::driver_error(d_, rc));
      d_.mem_unmap(va, bytes);
      d_.mem_address_free(va, bytes);
      return Status::io_error;
    }
    *base_p = reinterpret_cast<void*>(static_cast<std::uintptr_t>(va));
    return Status::ok;
  }

  void unmap(void* p, std::uint64_t bytes) {
    auto va = static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(p));
    CUresult rc = d_.mem_unmap(va, bytes);
    if (rc != CUDA_SUCCESS)
      SHOAL_WARN("cuMemUnmap(%p, %" PRIu64 " bytes) failed: %s", p, bytes,
                 gpu::driver_error(d_, rc));
    d_.mem_address_free(va, bytes);
  }

  const Driver& d_;
  int device_ = -1;
  std::size_t granularity_ = 0;
  bool rdma_capable_ = false;
  HeapLocation uuid_{};
  CUmemGenericAllocationHandle handle_{};
  bool have_handle_ = false;
  void* base_ = nullptr;
  std::uint64_t size_ = 0;
  std::map<void*, std::uint64_t> peer_bytes_;  // imported mappings and their sizes
};

}  // namespace

Status heap_memory_create(std::unique_ptr<HeapMemory>* out_p) {
  const gpu::Driver* d = nullptr;
  SHOAL_CHECK(gpu::driver_get(&d));
  *out_p = std::make_unique<VmmMemory>(*d);
  return Status::ok;
}

}  // namespace shoal
