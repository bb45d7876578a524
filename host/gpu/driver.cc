#include "host/gpu/driver.h"

#include <cuda_runtime_api.h>

#include <mutex>

#include "base/log.h"

namespace shoal::gpu {
namespace {

// The driver API version whose signatures driver.h uses (CUDA 12.0 covers
// every VMM call here).
constexpr unsigned kDriverApiVersion = 12000;

Driver g_driver{};
Status g_status = Status::internal;
std::once_flag g_once;

template <class Fn>
Status lookup(const char* symbol, Fn* fn_p) {
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
  cudaError_t rc = cudaGetDriverEntryPointByVersion(symbol, &fn, kDriverApiVersion,
                                                    cudaEnableDefault, &found);
  if (rc != cudaSuccess) {
    SHOAL_ERROR("no CUDA driver/GPU: cudaGetDriverEntryPointByVersion(%s) failed: %s (%d)", symbol,
                cudaGetErrorString(rc), static_cast<int>(rc));
    return Status::not_found;
  }
  if (found != cudaDriverEntryPointSuccess || fn == nullptr) {
    SHOAL_ERROR("the CUDA driver lacks %s for API version %u (query result %d); a driver for "
                "CUDA 12.5 or newer is needed", symbol, kDriverApiVersion, static_cast<int>(found));
    return Status::not_found;
  }
  *fn_p = reinterpret_cast<Fn>(fn);
  return Status::ok;
}

Status load(Driver* d) {
  SHOAL_CHECK(lookup("cuGetErrorString", &d->get_error_string));
  SHOAL_CHECK(lookup("cuDeviceGet", &d->device_get));
  SHOAL_CHECK(lookup("cuDeviceGetAttribute", &d->device_get_attribute));
  SHOAL_CHECK(lookup("cuMemGetAllocationGranularity", &d->mem_get_allocation_granularity));
  SHOAL_CHECK(lookup("cuMemCreate", &d->mem_create));
  SHOAL_CHECK(lookup("cuMemRelease", &d->mem_release));
  SHOAL_CHECK(lookup("cuMemExportToShareableHandle", &d->mem_export_to_shareable_handle));
  SHOAL_CHECK(lookup("cuMemImportFromShareableHandle", &d->mem_import_from_shareable_handle));
  SHOAL_CHECK(lookup("cuMemAddressReserve", &d->mem_address_reserve));
  SHOAL_CHECK(lookup("cuMemAddressFree", &d->mem_address_free));
  SHOAL_CHECK(lookup("cuMemMap", &d->mem_map));
  SHOAL_CHECK(lookup("cuMemUnmap", &d->mem_unmap));
  SHOAL_CHECK(lookup("cuMemSetAccess", &d->mem_set_access));
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
  if (cudaGetDriverEntryPointByVersion("cuMemGetHandleForAddressRange", &fn, kDriverApiVersion, cudaEnableDefault,
                                       &found) == cudaSuccess &&
      found == cudaDriverEntryPointSuccess)
    d->mem_get_handle_for_address_range = reinterpret_cast<decltype(d->mem_get_handle_for_address_range)>(fn);
  return Status::ok;
}

}  // namespace

Status driver_get(const Driver** driver_p) {
  std::call_once(g_once, [] { g_status = load(&g_driver); });
  if (g_status != Status::ok) return g_status;
  *driver_p = &g_driver;
  return Status::ok;
}

int dmabuf_fd_for(const void* base, std::size_t bytes, std::string* why_p) {
  const Driver* d = nullptr;
  if (driver_get(&d) != Status::ok) {
    *why_p = "no CUDA driver entry points";
    return -1;
  }
  if (d->mem_get_handle_for_address_range == nullptr) {
    *why_p = "the CUDA driver lacks cuMemGetHandleForAddressRange";
    return -1;
  }
  int fd = -1;
  const CUresult rc = d->mem_get_handle_for_address_range(&fd, reinterpret_cast<CUdeviceptr>(base), bytes,
                                                          CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD, 0);
  if (rc != CUDA_SUCCESS || fd < 0) {
    const char* name = nullptr;
    *why_p = d->get_error_string && d->get_error_string(rc, &name) == CUDA_SUCCESS && name ? name : "CUDA error";
    *why_p += " (" + std::to_string(static_cast<int>(rc)) + ")";
    return -1;
  }
  return fd;
}

const char* driver_error(const Driver& d, CUresult rc) {
  const char* s = nullptr;
  if (d.get_error_string && d.get_error_string(rc, &s) == CUDA_SUCCESS && s) return s;
  return "unknown CUDA driver error";
}

}  // namespace shoal::gpu
