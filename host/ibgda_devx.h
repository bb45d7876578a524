// IBGDA on a real ConnectX NIC (docs/transport-ibgda-devx.md): finds and
// loads the DevX plugin, opens the NIC with the platform's queue placement
// and builds the queue-pair table through the bootstrap. Used by
// host/ibgda.cc when SHOAL_IBGDA_EMULATE is off. Never run on a real NIC.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "transport/ibgda/devx/adapter.h"
#include "transport/ibgda/table.h"

namespace shoal {

struct Runtime;

struct IbgdaDevx {
  std::unique_ptr<ibgda::devx::DevxBackend> backend;
  ibgda::Table table;  // device-visible; freed by the destructor, after the backend
  ~IbgdaDevx();
};

// Collective (every PE calls it, and every PE gets the same outcome: one
// PE's failure fails all). "" with *out set, or the one line saying what is
// missing (no plugin, no RDMA device, no mlx5, DevX not permitted, no GPU
// memory registration, GPU doorbell refused, ...).
std::string ibgda_devx_start(Runtime& r, std::unique_ptr<IbgdaDevx>* out);

}  // namespace shoal
