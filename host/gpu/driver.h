// The CUDA driver API entry points shoal uses, obtained at run time through
// cudaGetDriverEntryPointByVersion: libshoal never links libcuda, so it loads
// on machines without a driver and fails at init with one line instead.
// cuda platform only.
#pragma once

#include <cuda.h>

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
};

// The driver's entry points (looked up once, thread-safe). Logs one line
// naming the missing symbol or the CUDA error and returns not_found.
Status driver_get(const Driver** driver_p);

// "CUDA_ERROR_..." text for a driver result (never null).
const char* driver_error(const Driver& d, CUresult rc);

}  // namespace shoal::gpu
