// The CUDA driver API entry points shoal uses, obtained at run time through
// cudaGetDriverEntryPointByVersion: libshoal never links libcuda, so it loads
// on machines without a driver and fails at init with one line instead.
// cuda platform only.
#pragma once

#include <cuda.h>

#include <cstddef>
#include <string>

#include "base/status.h"

namespace shoal::gpu {

struct Driver {
  decltype(&::cuGetErrorString) get_error_string;
  decltype(&::cuDeviceGet) device_get;
  decltype(&::cuDeviceGetAttribute) device_get_attribute;
  decltype(&::cuMemGetAllocationGranularity) mem_get_allocation_granularity;
  decltype(&::cuMemCreate) mem_create;
  decltype(&::cuMemRelease) mem_release;
  decltype(&::cuMemExportToShareableHandle) mem_export_to_shareable_handle;
  decltype(&::cuMemImportFromShareableHandle) mem_import_from_shareable_handle;
  decltype(&::cuMemAddressReserve) mem_address_reserve;
  decltype(&::cuMemAddressFree) mem_address_free;
  decltype(&::cuMemMap) mem_map;
  decltype(&::cuMemUnmap) mem_unmap;
  decltype(&::cuMemSetAccess) mem_set_access;
  // Optional (null when the driver lacks it): dma-buf export for NIC
  // registration (IBGDA).
  decltype(&::cuMemGetHandleForAddressRange) mem_get_handle_for_address_range;
};

// A dma-buf fd for the GPU range [base, +bytes) (both page-aligned), for a
// NIC to register. -1 when the driver, the GPU or the kernel cannot export
// it; *why_p then says so (the CUDA error name).
int dmabuf_fd_for(const void* base, std::size_t bytes, std::string* why_p);

// The driver's entry points (looked up once, thread-safe). Logs one line
// naming the missing symbol or the CUDA error and returns not_found.
Status driver_get(const Driver** driver_p);

// "CUDA_ERROR_..." text for a driver result (never null).
const char* driver_error(const Driver& d, CUresult rc);

}  // namespace shoal::gpu
