// The mlx5 emulator core: a software NIC that consumes the same send-queue
// bytes a ConnectX NIC would (the WQEs device code builds with
// shoal/device/mlx5/wqe.cuh), performs them against registered memory and
// writes mlx5 CQEs.
//
// Queue memory (SQ ring, doorbell records, CQ ring, UAR word) is provided by
// the caller, as DevX umem would be: host memory on sim, host-mapped memory
// on a GPU machine. The emulator decodes the wire format on its own (it
// shares no code with the device builder), so a layout mistake on either side
// shows up as a failed test rather than cancelling out.
//
// Validation is loud: an unknown opcode, a wrong ds count, a WQE index or QP
// number that does not match, a key or address outside a registered region,
// a misaligned atomic, or an injected fault each produce an error CQE (mlx5
// layout: syndrome, failing opcode, QP number, WQE counter) and one log line
// naming the PE, the QP and the WQE index. The QP then stays in error and
// consumes no further WQEs, as a real QP moves to the error state (a real
// NIC would also flush the remaining WQEs with flush-error CQEs; the
// emulator drops them and logs the count).
//
// Regions: register_region() adds memory of this process (its keys serve
// any QP, so two regions of one process can stand in for two PEs);
// register_peer_region() adds a peer PE's memory as mapped into this process
// (the runtime maps every PE's heap on the machine, as a NIC's DMA reaches
// it), under the peer's rkey and the peer's addresses, for QPs to that peer.
//
// Doorbells: by default a QP's new WQEs are those its doorbell record
// announces. With consume_on_uar(true) the emulator, like a NIC, acts only on
// doorbells: a WQE is consumed once both the doorbell record and the last
// 8-byte UAR write (the ctrl segment of the newest WQE) cover it.
//
// Thread safety: register/add/inject before start(); step() and the driver
// thread must not run at the same time.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "transport/ibgda/backend.h"

namespace shoal::ibgda::emu {

using Keys = ibgda::Keys;
// Where a QP's queues live (all caller-owned, zeroed by init_queues()).
using QueueMemory = ibgda::QueueMemory;

struct QpConfig {
  uint32_t qpn = 0;
  int pe = 0;      // the PE that posts on this QP (for log lines)
  int peer = 0;    // the PE at the other end
  QueueMemory mem;
};

struct Stats {
  uint64_t wqes = 0;       // WQEs consumed (performed or failed)
  uint64_t cqes = 0;       // CQEs written, errors included
  uint64_t errors = 0;     // error CQEs written
  uint64_t bytes = 0;      // payload bytes moved
  uint64_t written = 0;    // bytes written into remote memory (WRITEs, the words of atomics)
  uint64_t remote_ops = 0; // WRITEs, READs and atomics performed (NOPs and failures not counted)
  uint64_t dropped = 0;    // WQEs left unconsumed on QPs in error
  uint64_t cq_overruns = 0;
};

class Nic {
 public:
  explicit Nic(int pe);
  ~Nic();
  Nic(const Nic&) = delete;
  Nic& operator=(const Nic&) = delete;

  // Prepares queue memory as the host driver would: SQ and doorbell records
  // zeroed, every CQE's op_own set to "invalid, owner 1".
  static void init_queues(const QueueMemory& m);

  // Registers [base, base+len) for local and remote access; returns
  // distinct, non-zero keys.
  Keys register_region(void* base, size_t len);
  // Registers peer `peer`'s region [addr, addr+len) (its addresses), mapped
  // here at `mapping`, under the peer's rkey; only QPs to `peer` reach it.
  void register_peer_region(int peer, uint32_t rkey, uint64_t addr, size_t len, void* mapping);

  // Consume on UAR doorbells (see above) instead of doorbell records alone.
  void consume_on_uar(bool on) { on_uar_ = on; }
  // A host thread's doorbell (cpu doorbell mode): writes ctrl8 to QP qpn's UAR word.
  void ring(uint32_t qpn, uint64_t ctrl8);
  // Waits until every WQE the doorbell records announce is consumed on every
  // QP not in error (with consume_on_uar, their doorbells must come too);
  // false after timeout_s.
  bool drain(double timeout_s) const;

  // Adds a QP; returns false (and logs why) for a bad configuration.
  bool add_qp(const QpConfig& cfg);

  // Makes WQE `wqe_index` (the 64-bit producer count) on QP qpn fail with
  // `syndrome` instead of being performed.
  void inject_error(uint32_t qpn, uint64_t wqe_index, uint8_t syndrome);
  // Makes QP qpn stop consuming at WQE `wqe_index` (it and every later WQE
  // stay unexecuted, as if the NIC missed the doorbell): tests of the
  // timeout diagnostics.
  void inject_stall(uint32_t qpn, uint64_t wqe_index);

  // Consumes every WQE the doorbell records announce, on every QP; returns
  // how many. For deterministic tests.
  size_t step();

  // A driver thread that keeps calling step(), backing off when idle.
  void start();
  void stop();

  Stats stats() const;
  // Log lines of every validation failure so far (also written to stderr).
  std::vector<std::string> errors() const;

 private:
  struct Region {
    uint8_t* base;   // where the bytes are mapped in this process
    uint64_t addr;   // the address WQEs use
    size_t len;
    uint32_t lkey;
    uint32_t rkey;
    int owner;       // -1: this process's memory; else the peer PE it belongs to
  };
  struct Qp {
    QpConfig cfg;
    uint64_t ci = 0;        // WQEs consumed
    uint64_t cq_pi = 0;     // CQEs written
    bool in_error = false;
  };
  struct Fault {
    uint32_t qpn;
    uint64_t wqe_index;
    uint8_t syndrome;
    bool stall;  // stop consuming here instead of failing the WQE
  };
  struct Failure {
    uint8_t syndrome;
    std::string why;
  };

  // WQEs beyond q.ci that the doorbell record announces (rung_only: and the UAR rang for).
  uint32_t announced(const Qp& q, bool rung_only) const;
  size_t step_qp(Qp& q);
  bool stalled(const Qp& q, uint64_t index) const;
  bool execute(Qp& q, const uint8_t* wqe, uint64_t index, uint8_t* opcode_p, uint32_t* bytes_p, Failure* f);
  uint8_t* find(uint32_t key, int peer, uint64_t addr, uint64_t len) const;  // peer < 0: lkey
  void write_cqe(Qp& q, uint64_t index, uint8_t wqe_opcode, uint32_t bytes, const Failure* f);
  void fail(const Qp& q, uint64_t index, uint8_t opcode, const Failure& f);

  int pe_;
  bool on_uar_ = false;
  uint32_t next_key_;
  std::vector<Region> regions_;
  std::vector<Qp> qps_;
  std::vector<Fault> faults_;
  Stats stats_;
  mutable std::mutex mu_;  // guards stats_ and errors_ for readers
  std::vector<std::string> errors_;
  std::atomic<bool> running_{false};
  std::thread driver_;
};

}  // namespace shoal::ibgda::emu
