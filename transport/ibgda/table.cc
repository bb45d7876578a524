#include "transport/ibgda/table.h"

#include <cstdlib>
#include <cstring>
#include <utility>

namespace shoal::ibgda {
namespace {

// What every PE publishes, followed by its QP numbers ([n_pes * qps_per_pe],
// 0 where it made none).
struct Record {
  uint32_t ok;          // 0: this PE failed to prepare (its log says why)
  uint32_t rkey;        // its heap registration
  uint32_t link;        // NicAddress
  uint32_t lid;
  uint64_t heap_addr;   // its heap base as its NIC sees it
  uint64_t heap_bytes;
  uint8_t gid[16];
};

}  // namespace

TableBuilder::TableBuilder(Backend& backend, TableArgs args) : backend_(backend), args_(std::move(args)) {
  if (!args_.alloc) args_.alloc = [](std::size_t n) { return std::aligned_alloc(64, (n + 63) / 64 * 64); };
  if (!args_.free) args_.free = [](void* p) { std::free(p); };
  qpns_.assign(static_cast<std::size_t>(args_.n_pes) * args_.qps_per_pe, 0);
}

TableBuilder::~TableBuilder() {
  if (table_.memory != nullptr) args_.free(table_.memory);
}

std::size_t TableBuilder::record_bytes() const { return sizeof(Record) + sizeof(uint32_t) * qpns_.size(); }

std::string TableBuilder::prepare(std::vector<uint8_t>* record_p) {
  const int n = args_.n_pes, me = args_.my_pe;
  const uint32_t nq = args_.qps_per_pe, depth = args_.sq_depth;
  Record rec{};
  NicAddress addr{};
  std::string e = backend_.local_address(&addr);

  // One device-visible block: the qp objects, the per-QP areas (result
  // cells, staging slots and their ticket gates; registered), the peer
  // table and the table.
  const device::IbgdaArea area = device::ibgda_area(depth, kStageSlots, kStageBytes);
  table_.n_qps = static_cast<uint32_t>(n) * nq;
  const std::size_t qp_bytes = (sizeof(mlx5::qp) * table_.n_qps + 63) / 64 * 64;
  const std::size_t area_bytes = area.bytes * table_.n_qps;
  const std::size_t peer_bytes = sizeof(device::IbgdaPeer) * static_cast<std::size_t>(n);
  const std::size_t total = (qp_bytes + area_bytes + peer_bytes + sizeof(device::Ibgda) + 63) / 64 * 64;
  if (e.empty()) {
    table_.memory = args_.alloc(total);
    if (table_.memory == nullptr) e = "no memory for the queue pair table";
  }
  if (e.empty()) {
    std::memset(table_.memory, 0, total);
    auto* base = static_cast<char*>(table_.memory);
    table_.qps = reinterpret_cast<mlx5::qp*>(base);
    areas_ = base + qp_bytes;
    peers_ = reinterpret_cast<device::IbgdaPeer*>(base + qp_bytes + area_bytes);
    table_.table = reinterpret_cast<device::Ibgda*>(base + qp_bytes + area_bytes + peer_bytes);
    // Ticket gates start open: ticket c may use slot c.
    for (uint32_t i = 0; i < table_.n_qps; ++i) {
      char* a = areas_ + area.bytes * i;
      auto* cell_seq = reinterpret_cast<uint64_t*>(a + area.cell_seq);
      auto* stage_seq = reinterpret_cast<uint64_t*>(a + area.stage_seq);
      for (uint32_t c = 0; c < depth; ++c) cell_seq[c] = c;
      for (uint32_t c = 0; c < kStageSlots; ++c) stage_seq[c] = c;
    }
  }
  for (int pe = 0; pe < n && e.empty(); ++pe) {
    if (pe == me || !args_.remote[static_cast<std::size_t>(pe)]) continue;
    for (uint32_t k = 0; k < nq && e.empty(); ++k) {
      const std::size_t i = static_cast<std::size_t>(pe) * nq + k;
      QueueMemory m;
      e = backend_.alloc_queues(depth, depth, &m);
      if (e.empty()) e = backend_.create_qp(pe, m, &qpns_[i]);
      if (!e.empty()) break;
      mlx5::qp& q = table_.qps[i];
      q.sq = static_cast<uint8_t*>(m.sq);
      q.sq_depth = depth;
      q.qpn = qpns_[i];
      q.dbr = m.sq_dbr;
      q.uar = args_.cpu_doorbell ? nullptr : backend_.device_doorbell(q.qpn, m);
      if (q.uar == nullptr) table_.cpu_doorbell = true;
      q.cq = static_cast<uint8_t*>(m.cq);
      q.cq_depth = depth;
      q.cq_dbr = m.cq_dbr;
      q.signal_interval = depth / 8;
      q.timeout_ns = args_.timeout_ns;
      q.job_failed = args_.job_failed;
      q.pe = me;
      q.peer = pe;
    }
  }
  if (e.empty()) e = backend_.register_region(args_.heap, args_.heap_bytes, &heap_keys_);
  if (e.empty()) e = backend_.register_region(areas_, area_bytes, &area_keys_);
  // A QP without a device doorbell makes the whole PE ring from the host.
  if (e.empty() && table_.cpu_doorbell)
    for (uint32_t i = 0; i < table_.n_qps; ++i) table_.qps[i].uar = nullptr;

  rec.ok = e.empty() ? 1 : 0;
  rec.rkey = heap_keys_.rkey;
  rec.link = addr.link;
  rec.lid = addr.lid;
  rec.heap_addr = reinterpret_cast<std::uintptr_t>(args_.heap);
  rec.heap_bytes = args_.heap_bytes;
  std::memcpy(rec.gid, addr.gid, sizeof rec.gid);
  record_p->assign(record_bytes(), 0);
  std::memcpy(record_p->data(), &rec, sizeof rec);
  std::memcpy(record_p->data() + sizeof rec, qpns_.data(), sizeof(uint32_t) * qpns_.size());
  prepared_ = e.empty();
  return e;
}

std::string TableBuilder::finish(const uint8_t* all) {
  const int n = args_.n_pes, me = args_.my_pe;
  const uint32_t nq = args_.qps_per_pe, cells = args_.sq_depth;
  const device::IbgdaArea area = device::ibgda_area(cells, kStageSlots, kStageBytes);
  const std::size_t rec_bytes = record_bytes();
  for (int pe = 0; pe < n; ++pe) {
    Record theirs;
    std::memcpy(&theirs, all + rec_bytes * static_cast<std::size_t>(pe), sizeof theirs);
    if (!theirs.ok) return "PE " + std::to_string(pe) + " could not set up its IBGDA queue pairs (its log says why)";
  }
  if (!prepared_) return "this PE could not set up its IBGDA queue pairs";
  for (int pe = 0; pe < n; ++pe) {
    if (pe == me || !args_.remote[static_cast<std::size_t>(pe)]) continue;
    const uint8_t* at = all + rec_bytes * static_cast<std::size_t>(pe);
    Record theirs;
    std::memcpy(&theirs, at, sizeof theirs);
    PeerQp remote;
    remote.pe = pe;
    remote.rkey = theirs.rkey;
    remote.heap_addr = theirs.heap_addr;
    remote.heap_bytes = theirs.heap_bytes;
    remote.addr.link = theirs.link;
    remote.addr.lid = theirs.lid;
    std::memcpy(remote.addr.gid, theirs.gid, sizeof theirs.gid);
    if (args_.on_peer) {
      const std::string e = args_.on_peer(remote);
      if (!e.empty()) return e;
    }
    for (uint32_t k = 0; k < nq; ++k) {
      // The peer's k-th QP to this PE pairs with this PE's k-th QP to it.
      std::memcpy(&remote.qpn, at + sizeof theirs + sizeof(uint32_t) * (static_cast<std::size_t>(me) * nq + k),
                  sizeof remote.qpn);
      if (remote.qpn == 0)
        return "PE " + std::to_string(pe) + " made no queue pair to PE " + std::to_string(me) +
               " (the PEs disagree on which pairs use IBGDA)";
      const std::string e = backend_.connect(table_.qps[static_cast<std::size_t>(pe) * nq + k].qpn, remote);
      if (!e.empty()) return e;
    }
    peers_[pe] = device::IbgdaPeer{&table_.qps[static_cast<std::size_t>(pe) * nq],
                                   areas_ + area.bytes * static_cast<std::size_t>(pe) * nq, nq, theirs.rkey,
                                   theirs.heap_addr};
  }
  *table_.table = device::Ibgda{peers_,      heap_keys_.lkey, area_keys_.lkey, cells,
                                kStageSlots, kStageBytes,     kMaxWqeBytes,    area};
  return "";
}

Table TableBuilder::release() { return std::exchange(table_, Table{}); }

Fallback fallback_for(const std::string& mode, const std::string& missing) {
  if (mode == "ibgda")
    return {true,
            "IBGDA: " + missing + " (SHOAL_REMOTE_TRANSPORT=ibgda demands it; auto falls back to the host proxy)"};
  return {false, "IBGDA: " + missing + "; remote PEs use the host proxy"};
}

}  // namespace shoal::ibgda
