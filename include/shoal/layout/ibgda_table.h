// What device code needs to reach PEs over IBGDA (docs/transport-ibgda.md),
// filled by the host runtime (host/ibgda.cc) in device-visible memory. A
// plain header: host code includes it too.
#pragma once

#include <cstddef>
#include <cstdint>

#include "shoal/layout/mlx5_qp.h"

namespace shoal::device {

// One target PE. n_qps == 0: IBGDA does not serve this PE (P2P reaches it,
// or it is this PE).
struct IbgdaPeer {
  mlx5::qp* qps;          // [n_qps] RC QPs to the PE; a warp uses qps[warp % n_qps]
  char* areas;            // [n_qps] per-QP areas (IbgdaArea), Ibgda::area.bytes apart, registered
  uint32_t n_qps;
  uint32_t rkey;          // the PE's heap registration
  uint64_t heap_addr;     // the PE's heap base, as its NIC sees it
};

// A QP's area: everything its posters share besides the queues.
//   counters: [0] next result-cell ticket, [1] next staging ticket (own 64 bytes)
//   cells:    [bounce_cells + 1] 8-byte landing cells for g and fetching
//             atomics; the last one takes results nobody reads
//   cell_seq: [bounce_cells] ticket gate of each cell (see ibgda.cuh, pools)
//   stage_seq:[stage_slots] ticket gate of each staging slot
//   stage:    [stage_slots * stage_bytes], 64-byte aligned: transfers to and
//             from memory outside the registered heap go through it
// The host computes the offsets with this function once and stores them in
// the table (Ibgda::area); device code reads them from there.
struct IbgdaArea {
  size_t cells, cell_seq, stage_seq, stage, bytes;
};
constexpr IbgdaArea ibgda_area(uint32_t cells, uint32_t slots, uint32_t slot_bytes) {
  IbgdaArea a{};
  a.cells = 64;
  a.cell_seq = a.cells + 8 * (static_cast<size_t>(cells) + 1);
  a.stage_seq = a.cell_seq + 8 * static_cast<size_t>(cells);
  a.stage = (a.stage_seq + 8 * static_cast<size_t>(slots) + 63) / 64 * 64;
  a.bytes = a.stage + static_cast<size_t>(slots) * slot_bytes;
  return a;
}

struct Ibgda {
  const IbgdaPeer* peers;   // [n_pes]
  uint32_t heap_lkey;       // this PE's heap registration (local sources/destinations)
  uint32_t bounce_lkey;     // the per-QP areas' registration
  uint32_t bounce_cells;    // result cells per QP, a power of two
  uint32_t stage_slots;     // staging slots per QP, a power of two
  uint32_t stage_bytes;     // bytes per staging slot, a multiple of 64
  uint32_t max_wqe_bytes;   // a transfer larger than this is split into several WQEs
  IbgdaArea area;           // offsets inside a QP's area; area.bytes: distance between two QPs' areas
};

}  // namespace shoal::device
