// The mlx5 emulator behind the IBGDA backend interface (transport/ibgda/
// backend.h): queue memory in this process (sim: kernels run here), a Nic
// whose driver thread executes the WQEs, QP numbers handed out locally.
// Emulator-only extra: peer heaps, mapped into this process by the runtime,
// are registered under the peers' rkeys (a NIC reaches them by DMA).
#pragma once

#include <memory>
#include <vector>

#include "transport/ibgda/backend.h"
#include "transport/ibgda/emu/nic.h"

namespace shoal::ibgda::emu {

class EmuBackend final : public Backend {
 public:
  // consume_on_uar: the Nic acts on UAR doorbells (see Nic::consume_on_uar).
  EmuBackend(int pe, bool consume_on_uar);
  ~EmuBackend() override;
  const char* name() const override { return "mlx5 emulator"; }
  std::string alloc_queues(uint32_t sq_depth, uint32_t cq_depth, QueueMemory* out) override;
  std::string create_qp(int peer, const QueueMemory& mem, uint32_t* qpn) override;
  std::string register_region(void* base, std::size_t bytes, Keys* out) override;
  std::string connect(uint32_t qpn, const PeerQp& remote) override;
  std::string start() override;
  void ring_doorbell(uint32_t qpn, uint64_t ctrl8) override { nic_.ring(qpn, ctrl8); }
  std::string drain(double timeout_s) override {
    return nic_.drain(timeout_s) ? "" : "the emulator has not consumed every announced WQE";
  }
  void stop() override { nic_.stop(); }

  // peer's heap [addr, +bytes) under its rkey, mapped here at `mapping`.
  void add_peer_memory(int peer, uint32_t rkey, uint64_t addr, std::size_t bytes, void* mapping) {
    nic_.register_peer_region(peer, rkey, addr, bytes, mapping);
  }
  Stats stats() const { return nic_.stats(); }
  bool sent(uint64_t* bytes, uint64_t* ops) const override {
    const Stats st = nic_.stats();
    *bytes = st.written;
    *ops = st.remote_ops;
    return true;
  }
  // Test hook, SHOAL_IBGDA_EMU_FAULT's value (empty: nothing): "pe:peer:wqe"
  // makes the WQE with producer count wqe on PE pe's QP to peer fail with a
  // remote access error CQE, "pe:peer:wqe:stall" makes that QP stop
  // consuming there; a spec for another PE changes nothing here. Call
  // before start(). Returns why the spec is malformed, or "".
  std::string inject_faults(const std::string& spec);
  // Test hook: the WQE with producer count `wqe` on the QP to `peer` fails.
  void inject_error(int peer, uint64_t wqe, uint8_t syndrome);
  // Test hook: the QP to `peer` stops consuming at producer count `wqe`.
  void inject_stall(int peer, uint64_t wqe);

 private:
  struct QpInfo {
    uint32_t qpn;
    int peer;
  };
  uint32_t first_qp_to(int peer) const;  // 0: none
  int pe_;
  Nic nic_;
  uint32_t next_qpn_;
  std::vector<QpInfo> qps_;
  std::vector<void*> allocations_;
};

}  // namespace shoal::ibgda::emu
