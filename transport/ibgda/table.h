// The IBGDA queue-pair table on any NIC backend (backend.h): QPs to every
// IBGDA peer, the heap and result-cell registrations, the exchange of keys,
// heap bases, NIC addresses and QP numbers, connect, and the device-visible
// table device code posts through (shoal/layout/ibgda_table.h).
//
// Split around the one allgather so that it runs with the bootstrap
// (host/ibgda_devx.cc) or with several PEs in one process (tests):
//   TableBuilder b(backend, args);
//   b.prepare(&record);                 // QPs, registrations; never skips
//   allgather(record) -> all            // every PE's record, in PE order
//   b.finish(all.data());               // connect, fill the table
//   Table t = b.release();
// Single host thread, at init. Both the emulator path (host/ibgda.cc; it
// maps each peer's heap through TableArgs::on_peer before connecting) and the
// DevX path (host/ibgda_devx.cc) build their table with it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "shoal/layout/ibgda_table.h"
#include "transport/ibgda/backend.h"

namespace shoal::ibgda {

constexpr uint32_t kMaxWqeBytes = 1u << 30;  // below the 2 GiB byte-count limit
// Staging per QP (transfers to and from memory outside the heap): 4 slots of
// 64 KiB, so a 4 MiB get into cudaMalloc'd memory is 16 round trips.
constexpr uint32_t kStageSlots = 4;
constexpr uint32_t kStageBytes = 64u << 10;

struct TableArgs {
  int my_pe = 0;
  int n_pes = 0;
  std::vector<bool> remote;     // [n_pes]: this PE reaches that PE over IBGDA (QPs are made to it)
  uint32_t qps_per_pe = 1;
  uint32_t sq_depth = 0;        // power of two; the CQ gets as many entries
  void* heap = nullptr;
  std::size_t heap_bytes = 0;
  bool cpu_doorbell = false;    // device code never touches the UAR
  uint64_t timeout_ns = 0;      // device-side waits on the QPs
  const volatile uint32_t* job_failed = nullptr;  // the job-failure word (device-visible), or null
  // The table block: device-visible, 64-byte aligned. Default: host memory.
  std::function<void*(std::size_t)> alloc;
  std::function<void(void*)> free;
  // Called in finish() for each IBGDA peer, after the exchange and before
  // its QPs connect (the emulator maps the peer's heap there). "" or what is
  // missing.
  std::function<std::string(const PeerQp&)> on_peer;
};

// Device-visible memory: mlx5::qp[n_pes * qps_per_pe], the per-QP areas
// (result cells, staging slots, their ticket gates: device::IbgdaArea),
// IbgdaPeer[n_pes] and the Ibgda table, in one block owned by the caller
// after release() (free it with TableArgs::free).
struct Table {
  void* memory = nullptr;
  mlx5::qp* qps = nullptr;
  uint32_t n_qps = 0;
  device::Ibgda* table = nullptr;
  // Some QP has no device doorbell (the backend could not map its UAR for
  // the device): a host thread must ring every QP (cpu doorbell mode).
  bool cpu_doorbell = false;
};

class TableBuilder {
 public:
  TableBuilder(Backend& backend, TableArgs args);
  ~TableBuilder();
  TableBuilder(const TableBuilder&) = delete;
  TableBuilder& operator=(const TableBuilder&) = delete;

  // Bytes each PE publishes.
  std::size_t record_bytes() const;
  // Creates the QPs and registrations and writes this PE's record. The
  // record is written on failure too (marked failed), so that every PE
  // still takes part in the allgather and learns that IBGDA is off.
  std::string prepare(std::vector<uint8_t>* record_p);
  // `all`: n_pes records in PE order. Connects every QP to its peer's QP
  // and fills the table. "" or what is missing.
  std::string finish(const uint8_t* all);
  Table release();

 private:
  Backend& backend_;
  TableArgs args_;
  Table table_;
  std::vector<uint32_t> qpns_;  // [n_pes * qps_per_pe]
  Keys heap_keys_{}, area_keys_{};
  char* areas_ = nullptr;
  device::IbgdaPeer* peers_ = nullptr;
  bool prepared_ = false;
};

// The outcome when IBGDA cannot start for `missing`: the line to print and
// whether init fails (SHOAL_REMOTE_TRANSPORT=ibgda) or the host proxy takes
// over (auto).
struct Fallback {
  bool fatal;
  std::string line;
};
Fallback fallback_for(const std::string& mode, const std::string& missing);

}  // namespace shoal::ibgda
