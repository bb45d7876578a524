// The mlx5 emulator core (see nic.h). The byte offsets below are the mlx5
// send WQE and CQE layouts (rdma-core mlx5dv.h), decoded here independently
// of the device-side builder.
#include "transport/ibgda/emu/nic.h"

#include <chrono>
#include <cstdarg>
#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "base/log.h"

namespace shoal::ibgda::emu {

namespace {

constexpr uint32_t kBB = 64;
constexpr uint32_t kCqe = 64;
constexpr uint32_t kInlineFlag = 0x80000000u;
constexpr uint32_t kMaxInline = kBB - 32 - 4;  // one basic block

enum : uint8_t {
  kOpNop = 0x00,
  kOpWrite = 0x08,
  kOpWriteImm = 0x09,
  kOpRead = 0x10,
  kOpCs = 0x11,
  kOpFa = 0x12,
};
enum : uint8_t {
  kSynLocalLength = 0x01,
  kSynLocalQpOp = 0x02,
  kSynLocalProt = 0x04,
  kSynRemoteInvalid = 0x12,
  kSynRemoteAccess = 0x13,
};
constexpr uint8_t kCqeReq = 0x0, kCqeReqErr = 0xd;
constexpr uint8_t kVendorSyndrome = 0x5e;  // marks errors raised by the emulator

uint32_t load_be32(const void* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return __builtin_bswap32(v);
}
uint64_t load_be64(const void* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return __builtin_bswap64(v);
}
void store_be32(void* p, uint32_t v) {
  v = __builtin_bswap32(v);
  std::memcpy(p, &v, 4);
}
void store_be16(void* p, uint16_t v) {
  v = __builtin_bswap16(v);
  std::memcpy(p, &v, 2);
}
bool pow2(uint32_t v) { return v != 0 && (v & (v - 1)) == 0; }
uint32_t log2u(uint32_t v) {
  uint32_t l = 0;
  while ((1u << l) < v) ++l;
  return l;
}

const char* op_name(uint8_t op) {
  switch (op) {
    case kOpNop: return "NOP";
    case kOpWrite: return "RDMA_WRITE";
    case kOpWriteImm: return "RDMA_WRITE_IMM";
    case kOpRead: return "RDMA_READ";
    case kOpCs: return "ATOMIC_CS";
    case kOpFa: return "ATOMIC_FA";
    default: return "unknown";
  }
}

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return buf;
}

}  // namespace

Nic::Nic(int pe) : pe_(pe), next_key_(0x2001u + (static_cast<uint32_t>(pe & 0xff) << 16)) {}

Nic::~Nic() { stop(); }

void Nic::init_queues(const QueueMemory& m) {
  std::memset(m.sq, 0, static_cast<size_t>(m.sq_depth) * kBB);
  std::memset(m.sq_dbr, 0, 8);
  std::memset(m.cq_dbr, 0, 8);
  auto* cq = static_cast<uint8_t*>(m.cq);
  std::memset(cq, 0, static_cast<size_t>(m.cq_depth) * kCqe);
  for (uint32_t i = 0; i < m.cq_depth; ++i) cq[i * kCqe + 63] = 0xf1;
  if (m.uar != nullptr) *m.uar = 0;
}

Keys Nic::register_region(void* base, size_t len) {
  Region r{static_cast<uint8_t*>(base), reinterpret_cast<uintptr_t>(base), len, next_key_, next_key_ + 0x10u, -1};
  next_key_ += 0x20u;
  regions_.push_back(r);
  return {r.lkey, r.rkey};
}

void Nic::register_peer_region(int peer, uint32_t rkey, uint64_t addr, size_t len, void* mapping) {
  regions_.push_back(Region{static_cast<uint8_t*>(mapping), addr, len, 0, rkey, peer});
}

void Nic::ring(uint32_t qpn, uint64_t ctrl8) {
  for (Qp& q : qps_)
    if (q.cfg.qpn == qpn && q.cfg.mem.uar != nullptr) __atomic_store_n(q.cfg.mem.uar, ctrl8, __ATOMIC_RELEASE);
}

bool Nic::drain(double timeout_s) const {
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    bool idle = true;
    for (const Qp& q : qps_)
      if (!__atomic_load_n(&q.in_error, __ATOMIC_ACQUIRE) && announced(q, false) != 0) idle = false;
    if (idle) return true;
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > timeout_s) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(50));
  }
}

bool Nic::add_qp(const QpConfig& cfg) {
  const QueueMemory& m = cfg.mem;
  const char* bad = nullptr;
  if (m.sq == nullptr || m.sq_dbr == nullptr || m.cq == nullptr || m.cq_dbr == nullptr) bad = "a queue pointer is null";
  else if (!pow2(m.sq_depth) || m.sq_depth > 32768) bad = "sq_depth is not a power of two <= 32768";
  else if (!pow2(m.cq_depth) || m.cq_depth > (1u << 23)) bad = "cq_depth is not a power of two <= 2^23";
  else if (cfg.qpn == 0 || cfg.qpn > 0xffffffu) bad = "the QP number is not in 1..2^24-1";
  else if ((reinterpret_cast<uintptr_t>(m.sq) % kBB) != 0) bad = "the SQ is not 64-byte aligned";
  if (bad != nullptr) {
    SHOAL_ERROR("ibgda-emu PE %d: add_qp(qpn 0x%x, sq_depth %u, cq_depth %u): %s", pe_, cfg.qpn, m.sq_depth,
                m.cq_depth, bad);
    return false;
  }
  qps_.push_back(Qp{cfg});
  return true;
}

void Nic::inject_error(uint32_t qpn, uint64_t wqe_index, uint8_t syndrome) {
  faults_.push_back({qpn, wqe_index, syndrome, false});
}

void Nic::inject_stall(uint32_t qpn, uint64_t wqe_index) { faults_.push_back({qpn, wqe_index, 0, true}); }

uint8_t* Nic::find(uint32_t key, int peer, uint64_t addr, uint64_t len) const {
  for (const Region& r : regions_) {
    if (peer < 0 ? (r.owner != -1 || r.lkey != key) : (r.rkey != key || (r.owner != -1 && r.owner != peer)))
      continue;
    if (addr < r.addr || len > r.len || addr - r.addr > r.len - len) return nullptr;
    return r.base + (addr - r.addr);
  }
  return nullptr;
}

void Nic::write_cqe(Qp& q, uint64_t index, uint8_t wqe_opcode, uint32_t bytes, const Failure* f) {
  const QueueMemory& m = q.cfg.mem;
  const uint32_t ci = load_be32(&m.cq_dbr[0]) & 0xffffffu;
  const uint32_t used = (static_cast<uint32_t>(q.cq_pi) - ci) & 0xffffffu;
  if (used >= m.cq_depth) {
    const std::string line =
        format("ibgda-emu PE %d QP 0x%x (to PE %d): CQ overrun at WQE %" PRIu64
               ": %u CQEs unconsumed (consumer index %u) in a CQ of %u; QP moved to error",
               pe_, q.cfg.qpn, q.cfg.peer, index, used, ci, m.cq_depth);
    SHOAL_ERROR("%s", line.c_str());
    std::lock_guard<std::mutex> lock(mu_);
    ++stats_.cq_overruns;
    errors_.push_back(line);
    q.in_error = true;
    return;
  }
  uint8_t* cqe = static_cast<uint8_t*>(m.cq) + (q.cq_pi & (m.cq_depth - 1)) * kCqe;
  const uint8_t owner = static_cast<uint8_t>((q.cq_pi >> log2u(m.cq_depth)) & 1u);
  std::memset(cqe, 0, kCqe - 1);
  if (f == nullptr) {
    store_be32(cqe + 44, bytes);
    store_be32(cqe + 56, q.cfg.qpn & 0xffffffu);
  } else {
    cqe[54] = kVendorSyndrome;
    cqe[55] = f->syndrome;
    store_be32(cqe + 56, (static_cast<uint32_t>(wqe_opcode) << 24) | (q.cfg.qpn & 0xffffffu));
  }
  store_be16(cqe + 60, static_cast<uint16_t>(index));
  // op_own last, with release: the device's acquire load of it sees the rest.
  __atomic_store_n(cqe + 63, static_cast<uint8_t>(((f == nullptr ? kCqeReq : kCqeReqErr) << 4) | owner),
                   __ATOMIC_RELEASE);
  ++q.cq_pi;
  std::lock_guard<std::mutex> lock(mu_);
  ++stats_.cqes;
  if (f != nullptr) ++stats_.errors;
}

void Nic::fail(const Qp& q, uint64_t index, uint8_t opcode, const Failure& f) {
  const std::string line = format("ibgda-emu PE %d QP 0x%x (to PE %d) WQE %" PRIu64 " (%s, opcode 0x%02x): %s -> error CQE, syndrome 0x%02x",
                                  pe_, q.cfg.qpn, q.cfg.peer, index, op_name(opcode), opcode, f.why.c_str(), f.syndrome);
  SHOAL_ERROR("%s", line.c_str());
  std::lock_guard<std::mutex> lock(mu_);
  errors_.push_back(line);
}

// Performs one WQE. false: *f says why it failed (nothing was performed).
bool Nic::execute(Qp& q, const uint8_t* wqe, uint64_t index, uint8_t* opcode_p, uint32_t* bytes_p, Failure* f) {
  const uint32_t w0 = load_be32(wqe), w1 = load_be32(wqe + 4);
  const uint8_t opcode = static_cast<uint8_t>(w0 & 0xff), opmod = static_cast<uint8_t>(w0 >> 24);
  const uint16_t idx = static_cast<uint16_t>(w0 >> 8);
  const uint32_t qpn = w1 >> 8, ds = w1 & 0x3f;
  *opcode_p = opcode;
  *bytes_p = 0;
  auto reject = [&](uint8_t syn, std::string why) {
    *f = {syn, std::move(why)};
    return false;
  };
  if (idx != static_cast<uint16_t>(index))
    return reject(kSynLocalQpOp, format("ctrl WQE index %u, expected %u", idx, static_cast<unsigned>(index & 0xffff)));
  if (qpn != q.cfg.qpn) return reject(kSynLocalQpOp, format("ctrl QP number 0x%x, expected 0x%x", qpn, q.cfg.qpn));
  if (opmod != 0) return reject(kSynLocalQpOp, format("opmod %u is not 0", opmod));
  for (const Fault& flt : faults_)
    if (!flt.stall && flt.qpn == q.cfg.qpn && flt.wqe_index == index) return reject(flt.syndrome, "injected error");
  if (opcode != kOpNop && opcode != kOpWrite && opcode != kOpRead && opcode != kOpFa && opcode != kOpCs)
    return reject(kSynLocalQpOp, format("unknown or unsupported opcode 0x%02x", opcode));
  if (ds == 0 || ds > kBB / 16)
    return reject(kSynLocalQpOp, format("ds %u: a WQE must have 1..4 segments (one 64-byte basic block)", ds));
  if (opcode == kOpNop) {
    if (ds != 1) return reject(kSynLocalQpOp, format("ds %u for NOP, expected 1", ds));
    return true;
  }
  const uint64_t raddr = load_be64(wqe + 16);
  const uint32_t rkey = load_be32(wqe + 24);
  if (opcode == kOpFa || opcode == kOpCs) {
    if (ds != 4) return reject(kSynLocalQpOp, format("ds %u for an atomic, expected 4", ds));
    const uint64_t operand = load_be64(wqe + 32), compare = load_be64(wqe + 40);
    const uint32_t len = load_be32(wqe + 48), lkey = load_be32(wqe + 52);
    const uint64_t laddr = load_be64(wqe + 56);
    if (len != 8) return reject(kSynLocalLength, format("atomic result length %u, expected 8", len));
    if (raddr % 8 != 0) return reject(kSynRemoteInvalid, format("atomic remote address 0x%" PRIx64 " is not 8-byte aligned", raddr));
    uint8_t* remote = find(rkey, q.cfg.peer, raddr, 8);
    if (remote == nullptr)
      return reject(kSynRemoteAccess, format("rkey 0x%x does not cover [0x%" PRIx64 ", +8)", rkey, raddr));
    uint8_t* local = find(lkey, -1, laddr, 8);
    if (local == nullptr)
      return reject(kSynLocalProt, format("lkey 0x%x does not cover [0x%" PRIx64 ", +8)", lkey, laddr));
    auto* target = reinterpret_cast<uint64_t*>(remote);
    uint64_t old;
    if (opcode == kOpFa) {
      old = __atomic_fetch_add(target, operand, __ATOMIC_SEQ_CST);
    } else {
      old = compare;
      __atomic_compare_exchange_n(target, &old, operand, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    }
    const uint64_t be = __builtin_bswap64(old);  // the NIC returns the old value in network order
    std::memcpy(local, &be, 8);
    *bytes_p = 8;
    return true;
  }
  const uint32_t seg2 = load_be32(wqe + 32);
  if (opcode == kOpWrite && (seg2 & kInlineFlag) != 0) {
    const uint32_t len = seg2 & ~kInlineFlag;
    if (len > kMaxInline) return reject(kSynLocalLength, format("inline length %u exceeds %u (one basic block)", len, kMaxInline));
    const uint32_t want = 2 + (4 + len + 15) / 16;
    if (ds != want) return reject(kSynLocalQpOp, format("ds %u for an inline WRITE of %u bytes, expected %u", ds, len, want));
    uint8_t* remote = find(rkey, q.cfg.peer, raddr, len);
    if (remote == nullptr)
      return reject(kSynRemoteAccess, format("rkey 0x%x does not cover [0x%" PRIx64 ", +%u)", rkey, raddr, len));
    std::memcpy(remote, wqe + 36, len);
    *bytes_p = len;
    return true;
  }
  if (ds != 3) return reject(kSynLocalQpOp, format("ds %u for %s, expected 3", ds, op_name(opcode)));
  const uint32_t count = load_be32(wqe + 32), lkey = load_be32(wqe + 36);
  const uint64_t laddr = load_be64(wqe + 40);
  const uint64_t len = count == 0 ? (1ull << 31) : count;  // mlx5: byte_count 0 means 2 GiB
  uint8_t* remote = find(rkey, q.cfg.peer, raddr, len);
  if (remote == nullptr)
    return reject(kSynRemoteAccess, format("rkey 0x%x does not cover [0x%" PRIx64 ", +%" PRIu64 ")", rkey, raddr, len));
  uint8_t* local = find(lkey, -1, laddr, len);
  if (local == nullptr)
    return reject(kSynLocalProt, format("lkey 0x%x does not cover [0x%" PRIx64 ", +%" PRIu64 ")", lkey, laddr, len));
  if (opcode == kOpWrite) std::memcpy(remote, local, len);
  else std::memcpy(local, remote, len);
  *bytes_p = static_cast<uint32_t>(len);
  return true;
}

uint32_t Nic::announced(const Qp& q, bool rung_only) const {
  const QueueMemory& m = q.cfg.mem;
  const uint64_t ci = __atomic_load_n(&q.ci, __ATOMIC_ACQUIRE);
  const uint32_t pi16 = __builtin_bswap32(__atomic_load_n(&m.sq_dbr[1], __ATOMIC_ACQUIRE)) & 0xffffu;
  uint32_t pending = (pi16 - static_cast<uint32_t>(ci)) & 0xffffu;
  if (rung_only && on_uar_ && m.uar != nullptr) {
    // The UAR holds the ctrl segment's first 8 bytes of the newest rung WQE:
    // bytes 0..3 are be32(opmod | index << 8 | opcode).
    const uint64_t bf = __atomic_load_n(m.uar, __ATOMIC_ACQUIRE);
    const uint32_t idx = (__builtin_bswap32(static_cast<uint32_t>(bf)) >> 8) & 0xffffu;
    const uint32_t rung = (idx + 1u - static_cast<uint32_t>(ci)) & 0xffffu;
    if (rung < pending) pending = rung;
  }
  return pending;
}

size_t Nic::step_qp(Qp& q) {
  const QueueMemory& m = q.cfg.mem;
  const uint32_t pending = announced(q, true);
  if (pending == 0) return 0;
  if (q.in_error) {
    std::lock_guard<std::mutex> lock(mu_);
    stats_.dropped += pending;
    __atomic_store_n(&q.ci, q.ci + pending, __ATOMIC_RELEASE);
    return 0;
  }
  if (pending > m.sq_depth) {
    Failure f{kSynLocalQpOp, format("doorbell record announces %u new WQEs, more than the SQ depth %u", pending, m.sq_depth)};
    fail(q, q.ci, 0, f);
    write_cqe(q, q.ci, 0, 0, &f);
    q.in_error = true;
    return 0;
  }
  size_t done = 0;
  for (uint32_t k = 0; k < pending && !q.in_error; ++k) {
    const uint64_t index = q.ci;
    if (stalled(q, index)) break;
    const uint8_t* wqe = static_cast<const uint8_t*>(m.sq) + (index & (m.sq_depth - 1)) * kBB;
    uint8_t opcode = 0;
    uint32_t bytes = 0;
    Failure f;
    const bool ok = execute(q, wqe, index, &opcode, &bytes, &f);
    if (!ok) q.in_error = true;  // before ci moves: drain() never sees a failed WQE as pending
    __atomic_store_n(&q.ci, q.ci + 1, __ATOMIC_RELEASE);
    ++done;
    {
      std::lock_guard<std::mutex> lock(mu_);
      ++stats_.wqes;
      stats_.bytes += bytes;
      if (ok && opcode != kOpNop) {
        ++stats_.remote_ops;
        if (opcode != kOpRead) stats_.written += bytes;
      }
    }
    if (!ok) {
      fail(q, index, opcode, f);
      write_cqe(q, index, opcode, 0, &f);
      q.in_error = true;
    } else if (((wqe[11] >> 2) & 3u) == 2u) {
      write_cqe(q, index, opcode, bytes, nullptr);
    }
  }
  return done;
}

bool Nic::stalled(const Qp& q, uint64_t index) const {
  for (const Fault& flt : faults_)
    if (flt.stall && flt.qpn == q.cfg.qpn && index >= flt.wqe_index) return true;
  return false;
}

size_t Nic::step() {
  size_t n = 0;
  for (Qp& q : qps_) n += step_qp(q);
  return n;
}

void Nic::start() {
  if (running_.exchange(true)) return;
  driver_ = std::thread([this] {
    unsigned idle = 0;
    while (running_.load(std::memory_order_acquire)) {
      if (step() != 0) {
        idle = 0;
      } else if (++idle < 64) {
        std::this_thread::yield();
      } else {
        std::this_thread::sleep_for(std::chrono::microseconds(20));
      }
    }
  });
}

void Nic::stop() {
  if (!running_.exchange(false)) return;
  driver_.join();
}

Stats Nic::stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stats_;
}

std::vector<std::string> Nic::errors() const {
  std::lock_guard<std::mutex> lock(mu_);
  return errors_;
}

}  // namespace shoal::ibgda::emu
