#include "transport/ibgda/emu/backend.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace shoal::ibgda::emu {

EmuBackend::EmuBackend(int pe, bool consume_on_uar)
    : pe_(pe), nic_(pe), next_qpn_(0x100u + (static_cast<uint32_t>(pe & 0xfff) << 12)) {
  nic_.consume_on_uar(consume_on_uar);
}

EmuBackend::~EmuBackend() {
  nic_.stop();
  for (void* p : allocations_) std::free(p);
}

std::string EmuBackend::alloc_queues(uint32_t sq_depth, uint32_t cq_depth, QueueMemory* out) {
  // One block: SQ, CQ, then the doorbell records and the UAR word.
  const std::size_t sq = static_cast<std::size_t>(sq_depth) * 64, cq = static_cast<std::size_t>(cq_depth) * 64;
  void* p = std::aligned_alloc(64, sq + cq + 64);
  if (p == nullptr) return "no memory for the emulated queues";
  allocations_.push_back(p);
  auto* b = static_cast<uint8_t*>(p);
  out->sq = b;
  out->sq_depth = sq_depth;
  out->cq = b + sq;
  out->cq_depth = cq_depth;
  out->sq_dbr = reinterpret_cast<uint32_t*>(b + sq + cq);
  out->cq_dbr = reinterpret_cast<uint32_t*>(b + sq + cq + 16);
  out->uar = reinterpret_cast<uint64_t*>(b + sq + cq + 32);
  Nic::init_queues(*out);
  return "";
}

std::string EmuBackend::create_qp(int peer, const QueueMemory& mem, uint32_t* qpn) {
  const uint32_t n = next_qpn_++;
  QpConfig cfg;
  cfg.qpn = n;
  cfg.pe = pe_;
  cfg.peer = peer;
  cfg.mem = mem;
  if (!nic_.add_qp(cfg)) return "the emulator refused the QP configuration (see above)";
  qps_.push_back({n, peer});
  *qpn = n;
  return "";
}

std::string EmuBackend::register_region(void* base, std::size_t bytes, Keys* out) {
  *out = nic_.register_region(base, bytes);
  return "";
}

std::string EmuBackend::connect(uint32_t qpn, const PeerQp& remote) {
  for (const QpInfo& q : qps_)
    if (q.qpn == qpn) return q.peer == remote.pe ? "" : "connect: the QP was created for another peer";
  return "connect: unknown QP number";
}

std::string EmuBackend::start() {
  nic_.start();
  return "";
}

uint32_t EmuBackend::first_qp_to(int peer) const {
  for (const QpInfo& q : qps_)
    if (q.peer == peer) return q.qpn;
  return 0;
}

std::string EmuBackend::inject_faults(const std::string& spec) {
  if (spec.empty()) return "";
  int pe = -1, peer = -1, used = 0;
  unsigned long long wqe = 0;
  const char* f = spec.c_str();
  if (std::sscanf(f, "%d:%d:%llu%n", &pe, &peer, &wqe, &used) != 3 ||
      (f[used] != '\0' && std::strcmp(f + used, ":stall") != 0))
    return "SHOAL_IBGDA_EMU_FAULT='" + spec + "' is not pe:peer:wqe or pe:peer:wqe:stall";
  if (pe != pe_) return "";
  constexpr uint8_t kRemoteAccessError = 0x13;  // the mlx5 CQE syndrome
  if (f[used] == '\0')
    inject_error(peer, wqe, kRemoteAccessError);
  else
    inject_stall(peer, wqe);
  return "";
}

void EmuBackend::inject_error(int peer, uint64_t wqe, uint8_t syndrome) {
  if (const uint32_t qpn = first_qp_to(peer)) nic_.inject_error(qpn, wqe, syndrome);
}

void EmuBackend::inject_stall(int peer, uint64_t wqe) {
  if (const uint32_t qpn = first_qp_to(peer)) nic_.inject_stall(qpn, wqe);
}

}  // namespace shoal::ibgda::emu
