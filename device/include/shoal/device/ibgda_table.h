// What device code needs to reach PEs over IBGDA (docs/transport-ibgda.md),
// filled by the host runtime (host/ibgda.cc) in device-visible memory. A
// plain header: host code includes it too.
#pragma once

#include <cstdint>

#include "shoal/device/mlx5/qp.h"

namespace shoal::device {

// One target PE. n_qps == 0: IBGDA does not serve this PE (P2P reaches it,
// or it is this PE).
struct IbgdaPeer {
  mlx5::qp* qps;          // [n_qps] RC QPs to the PE; a warp uses qps[warp % n_qps]
  uint64_t* bounce;       // [n_qps * bounce_cells] 8-byte landing cells (g, fetched atomics)
  uint32_t n_qps;
  uint32_t rkey;          // the PE's heap registration
  uint64_t heap_addr;     // the PE's heap base, as its NIC sees it
};

struct Ibgda {
  const IbgdaPeer* peers;   // [n_pes]
  uint32_t heap_lkey;       // this PE's heap registration (local sources/destinations)
  uint32_t bounce_lkey;     // the landing cells' registration
  uint32_t bounce_cells;    // per QP, a power of two (4 x SQ depth): a WQE's cell is index % cells
  uint32_t max_wqe_bytes;   // a transfer larger than this is split into several WQEs
};

}  // namespace shoal::device
