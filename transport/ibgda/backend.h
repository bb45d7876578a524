// The host-facing interface of an IBGDA NIC backend: what the runtime
// (host/ibgda.cc) needs from "a NIC" to set up queue pairs whose queues the
// GPU drives. Two implementations are meant to exist:
//   - the mlx5 emulator (transport/ibgda/emu/backend.cc), used now;
//   - the DevX adapter over the rdma-core plugin (transport/ibgda/devx/
//     adapter.h: device open, PD, reg_mr, DevX CQ/QP create with umem,
//     RST -> INIT -> RTR -> RTS).
// Call order (single host thread, at init): local_address, alloc_queues /
// create_qp per QP, register_region, exchange (runtime, through the
// bootstrap), connect per QP, start. ring_doorbell may then be called from one host thread (cpu doorbell
// mode); drain from any host thread; stop once at finalize.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace shoal::ibgda {

struct Keys {
  uint32_t lkey;
  uint32_t rkey;
};

// Where one QP's queues live. Device code writes the SQ, the doorbell
// records and (gpu doorbells) the UAR word; the NIC reads them and writes the
// CQ. Owned by the backend that allocated it.
struct QueueMemory {
  void* sq = nullptr;          // sq_depth * 64 bytes, 64-byte aligned
  uint32_t sq_depth = 0;       // WQE basic blocks, power of two
  uint32_t* sq_dbr = nullptr;  // 2 x be32: [0] receive counter, [1] send counter
  void* cq = nullptr;          // cq_depth * 64 bytes
  uint32_t cq_depth = 0;       // power of two
  uint32_t* cq_dbr = nullptr;  // 2 x be32: [0] consumer index
  uint64_t* uar = nullptr;     // the doorbell register (BlueFlame offset of the UAR page)
};

// How a peer's NIC reaches this one: what the QP's path needs besides the
// QP number (a real NIC; the emulator needs none of it).
struct NicAddress {
  uint32_t link = 0;    // 0 InfiniBand (LID), 1 RoCE (GID) - SHOAL_IBGDA_LINK_*
  uint32_t lid = 0;     // InfiniBand
  uint8_t gid[16] = {}; // RoCE
};

// The remote end of a QP, as the peer published it through the bootstrap.
struct PeerQp {
  int pe = -1;
  uint32_t qpn = 0;
  uint32_t rkey = 0;        // the peer's heap registration
  uint64_t heap_addr = 0;   // the peer's heap base as its NIC sees it
  uint64_t heap_bytes = 0;
  NicAddress addr{};        // the peer's NIC
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual const char* name() const = 0;
  // This NIC's address, published to every peer. The emulator has none.
  virtual std::string local_address(NicAddress* out) {
    *out = NicAddress{};
    return "";
  }
  // Queue memory for one QP, initialised as the driver would (SQ and
  // doorbell records zeroed, every CQE invalid with owner 1). "" on
  // success, else what is missing.
  virtual std::string alloc_queues(uint32_t sq_depth, uint32_t cq_depth, QueueMemory* out) = 0;
  // An RC QP on those queues whose remote end will be `peer`.
  virtual std::string create_qp(int peer, const QueueMemory& mem, uint32_t* qpn) = 0;
  // The doorbell register device code writes for QP `qpn` (null: none, cpu
  // doorbell mode only), known once create_qp made the QP; by default the
  // one alloc_queues put into `mem`.
  virtual uint64_t* device_doorbell(uint32_t qpn, const QueueMemory& mem) {
    (void)qpn;
    return mem.uar;
  }
  // Registers local memory (the heap, bounce buffers) for local and remote access.
  virtual std::string register_region(void* base, std::size_t bytes, Keys* out) = 0;
  // Moves QP `qpn` to RTS connected to `remote`.
  virtual std::string connect(uint32_t qpn, const PeerQp& remote) = 0;
  // The NIC starts executing what the doorbells announce.
  virtual std::string start() = 0;
  // cpu doorbell mode: a host thread writes `ctrl8` (the first 8 bytes of
  // the last posted WQE's ctrl segment) to QP qpn's UAR on the device's behalf.
  virtual void ring_doorbell(uint32_t qpn, uint64_t ctrl8) = 0;
  // Waits (at most timeout_s) until every WQE announced so far has been
  // executed. "" or what is still outstanding (PE, QP, counters).
  virtual std::string drain(double timeout_s) = 0;
  virtual void stop() = 0;
  // What this PE's QPs sent since start: bytes written into remote memory
  // (WRITE payloads, the words of atomics) and operations performed. False
  // when the backend does not count (a real NIC: its port counters are the
  // driver's).
  virtual bool sent(uint64_t* bytes, uint64_t* ops) const {
    (void)bytes;
    (void)ops;
    return false;
  }
};

}  // namespace shoal::ibgda
