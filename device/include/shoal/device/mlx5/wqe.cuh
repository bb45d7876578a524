// mlx5 send work-queue entries (WQEs) and completion-queue entries (CQEs),
// built by device code. The one place in shoal that knows the mlx5 wire
// layout (the PRM's "send WQE" and "CQE" formats, as rdma-core's mlx5dv.h
// spells them); the emulator in transport/ibgda/emu decodes the same bytes
// independently, and tests/ibgda checks every builder byte for byte against
// rdma-core's own helpers.
//
// Every multi-byte field is big-endian. The structs hold the big-endian
// bytes in native integers; only the builders below write them.
//
// Each WQE shoal builds fits in one 64-byte basic block (BB), so a WQE index
// is a BB index:
//
//   kind              segments (16 B each)                        ds
//   NOP               ctrl                                         1
//   RDMA WRITE        ctrl, raddr, data(local source)              3
//   WRITE inline      ctrl, raddr, inline header + <= 28 B         3 or 4
//   RDMA READ         ctrl, raddr, data(local destination)         3
//   ATOMIC FA / CS    ctrl, raddr, atomic, data(local 8 B result)  4
//
// A WQE is described by a `wqe_desc` and produced 16 bytes at a time by
// wqe_segment(), so that one thread can write a whole WQE or four lanes of a
// warp can write one segment each.
#pragma once

#include <cstddef>
#include <cstdint>

#include "device/arch/byteswap.h"

// Pure helpers that host code (tests, the emulator's users) may call too.
#define SHOAL_MLX5_HD __host__ __device__ __forceinline__

namespace shoal::mlx5 {

inline constexpr uint32_t wqe_bb_bytes = 64;  // MLX5_SEND_WQE_BB
inline constexpr uint32_t seg_bytes = 16;     // one "ds" unit
inline constexpr uint32_t max_inline_bytes = 28;

// Send opcodes (ctrl segment bits 7:0).
enum opcode : uint8_t {
  op_nop = 0x00,
  op_rdma_write = 0x08,
  op_rdma_write_imm = 0x09,
  op_rdma_read = 0x10,
  op_atomic_cs = 0x11,
  op_atomic_fa = 0x12,
};

// ctrl segment fm_ce_se byte: fence mode in bits 7:5, completion mode in
// bits 3:2, solicited event in bit 1.
inline constexpr uint8_t ce_cqe_always = 2u << 2;          // MLX5_WQE_CTRL_CQ_UPDATE
inline constexpr uint8_t se_solicited = 1u << 1;           // MLX5_WQE_CTRL_SOLICITED
inline constexpr uint8_t fm_initiator_small = 1u << 5;     // wait for earlier READs/atomics of this QP
inline constexpr uint8_t fm_fence = 2u << 5;
inline constexpr uint8_t fm_strong_ordering = 3u << 5;
inline constexpr uint8_t fm_fence_and_small = 4u << 5;     // MLX5_WQE_CTRL_FENCE
inline constexpr uint32_t inline_seg_flag = 0x80000000u;   // MLX5_INLINE_SEG

// Doorbell record: two big-endian 32-bit counters; the send queue's is [1].
inline constexpr int dbr_send = 1;  // MLX5_SND_DBR
inline constexpr int dbr_recv = 0;  // MLX5_RCV_DBR

struct ctrl_seg {
  uint32_t opmod_idx_opcode;     // opmod 31:24, WQE index 23:8, opcode 7:0
  uint32_t qpn_ds;               // QP number 31:8, size in 16-byte units 5:0
  uint8_t signature;
  uint8_t dci_stream_channel_id[2];
  uint8_t fm_ce_se;
  uint32_t imm;                  // immediate (WRITE_IMM), as the caller passes it
};
static_assert(sizeof(ctrl_seg) == 16);
static_assert(offsetof(ctrl_seg, opmod_idx_opcode) == 0 && offsetof(ctrl_seg, qpn_ds) == 4 &&
              offsetof(ctrl_seg, signature) == 8 && offsetof(ctrl_seg, dci_stream_channel_id) == 9 &&
              offsetof(ctrl_seg, fm_ce_se) == 11 && offsetof(ctrl_seg, imm) == 12);

struct raddr_seg {
  uint64_t raddr;
  uint32_t rkey;
  uint32_t reserved;
};
static_assert(sizeof(raddr_seg) == 16);
static_assert(offsetof(raddr_seg, raddr) == 0 && offsetof(raddr_seg, rkey) == 8 && offsetof(raddr_seg, reserved) == 12);

struct data_seg {
  uint32_t byte_count;  // 0 means 2^31 bytes to the NIC: never post 0
  uint32_t lkey;
  uint64_t addr;
};
static_assert(sizeof(data_seg) == 16);
static_assert(offsetof(data_seg, byte_count) == 0 && offsetof(data_seg, lkey) == 4 && offsetof(data_seg, addr) == 8);

struct inl_data_seg {
  uint32_t byte_count;  // length | inline_seg_flag; the data follows
};
static_assert(sizeof(inl_data_seg) == 4);

struct atomic_seg {
  uint64_t swap_add;  // FA: the addend; CS: the value to store
  uint64_t compare;   // CS: the expected value; FA: unused (0)
};
static_assert(sizeof(atomic_seg) == 16);
static_assert(offsetof(atomic_seg, swap_add) == 0 && offsetof(atomic_seg, compare) == 8);

// The 64-byte CQE, requester view; error CQEs reuse bytes 54/55 for the
// syndromes and 56..59 for the failing WQE's opcode and the QP number.
struct cqe64 {
  uint8_t rsvd0[44];
  uint32_t byte_cnt;          // bytes transferred (READ and atomics report them)
  uint64_t timestamp;
  uint32_t sop_drop_qpn;      // success: QP number in 23:0
  uint16_t wqe_counter;       // index of the completed WQE
  uint8_t signature;
  uint8_t op_own;             // CQE opcode 7:4, format 3:2, solicited 1, owner 0
};
static_assert(sizeof(cqe64) == 64);
static_assert(offsetof(cqe64, byte_cnt) == 44 && offsetof(cqe64, timestamp) == 48 &&
              offsetof(cqe64, sop_drop_qpn) == 56 && offsetof(cqe64, wqe_counter) == 60 &&
              offsetof(cqe64, signature) == 62 && offsetof(cqe64, op_own) == 63);
inline constexpr uint32_t cqe_bytes = 64;
inline constexpr uint32_t cqe_vendor_syndrome_offset = 54;
inline constexpr uint32_t cqe_syndrome_offset = 55;
inline constexpr uint32_t cqe_wqe_opcode_qpn_offset = 56;  // error CQE: opcode 31:24, QP 23:0

// CQE opcodes (op_own 7:4).
enum cqe_opcode : uint8_t { cqe_req = 0x0, cqe_req_err = 0xd, cqe_resp_err = 0xe, cqe_invalid = 0xf };
// Software initialises every CQE's op_own to this before handing the CQ to
// the NIC: invalid opcode, owner 1, so nothing looks valid in the first pass.
inline constexpr uint8_t cqe_op_own_init = 0xf1;

// Error syndromes (error CQE byte 55).
enum cqe_syndrome : uint8_t {
  syn_local_length = 0x01,
  syn_local_qp_op = 0x02,
  syn_local_protection = 0x04,
  syn_wr_flush = 0x05,
  syn_mw_bind = 0x06,
  syn_bad_response = 0x10,
  syn_local_access = 0x11,
  syn_remote_invalid_request = 0x12,
  syn_remote_access = 0x13,
  syn_remote_operation = 0x14,
  syn_transport_retry_exceeded = 0x15,
  syn_rnr_retry_exceeded = 0x16,
  syn_remote_aborted = 0x22,
};

SHOAL_MLX5_HD const char* opcode_name(uint8_t op) {
  switch (op) {
    case op_nop: return "NOP";
    case op_rdma_write: return "RDMA_WRITE";
    case op_rdma_write_imm: return "RDMA_WRITE_IMM";
    case op_rdma_read: return "RDMA_READ";
    case op_atomic_cs: return "ATOMIC_CS";
    case op_atomic_fa: return "ATOMIC_FA";
    default: return "unknown opcode";
  }
}

SHOAL_MLX5_HD const char* syndrome_name(uint8_t s) {
  switch (s) {
    case syn_local_length: return "local length error";
    case syn_local_qp_op: return "local QP operation error (malformed WQE)";
    case syn_local_protection: return "local protection error (lkey or local address)";
    case syn_wr_flush: return "work request flushed (QP in error)";
    case syn_mw_bind: return "memory window bind error";
    case syn_bad_response: return "bad response";
    case syn_local_access: return "local access error";
    case syn_remote_invalid_request: return "remote invalid request (e.g. misaligned atomic)";
    case syn_remote_access: return "remote access error (rkey or remote address)";
    case syn_remote_operation: return "remote operation error";
    case syn_transport_retry_exceeded: return "transport retry counter exceeded";
    case syn_rnr_retry_exceeded: return "RNR retry counter exceeded";
    case syn_remote_aborted: return "remote aborted";
    default: return "unknown syndrome";
  }
}

// Everything one WQE needs. Addresses are local/remote virtual addresses as
// registered with the NIC; keys are the region's lkey/rkey.
struct wqe_desc {
  uint8_t opcode = op_nop;
  uint8_t fm_ce_se = 0;       // fence mode | completion mode | solicited
  uint16_t index = 0;         // WQE index (producer counter mod 2^16)
  uint32_t qpn = 0;
  uint64_t laddr = 0;         // WRITE: source; READ: destination; atomics: 8-byte result
  uint32_t lkey = 0;
  uint32_t length = 0;        // bytes (WRITE, inline WRITE, READ); 8 for atomics
  uint64_t raddr = 0;
  uint32_t rkey = 0;
  uint32_t imm = 0;           // WRITE_IMM only, stored as given
  uint64_t operand = 0;       // FA: addend; CS: swap value
  uint64_t compare = 0;       // CS: expected value
  bool inline_data = false;   // WRITE with the data inside the WQE
  uint8_t data[max_inline_bytes] = {};  // inline payload (length bytes)
};

// Segment count ("ds") of the WQE, in 16-byte units.
SHOAL_MLX5_HD uint32_t wqe_ds(const wqe_desc& d) {
  switch (d.opcode) {
    case op_nop: return 1;
    case op_atomic_cs:
    case op_atomic_fa: return 4;
    default:
      if (d.inline_data) return 2 + (sizeof(inl_data_seg) + d.length + seg_bytes - 1) / seg_bytes;
      return 3;
  }
}

namespace detail {
SHOAL_ARCH_FN uint4 seg_of(uint32_t a, uint32_t b, uint32_t c, uint32_t d) { return make_uint4(a, b, c, d); }
SHOAL_ARCH_FN uint32_t lo32(uint64_t v) { return static_cast<uint32_t>(v); }
SHOAL_ARCH_FN uint32_t hi32(uint64_t v) { return static_cast<uint32_t>(v >> 32); }
// A big-endian 64-bit value as it lies in two consecutive little-endian words.
SHOAL_ARCH_FN void be64_words(uint64_t v, uint32_t& w0, uint32_t& w1) {
  const uint64_t b = arch::bswap64(v);
  w0 = lo32(b);
  w1 = hi32(b);
}
SHOAL_ARCH_FN uint32_t bytes_word(const uint8_t* p, uint32_t first, uint32_t length) {
  uint32_t w = 0;
  for (uint32_t i = 0; i < 4; ++i) {
    const uint32_t k = first + i;
    if (k < length) w |= static_cast<uint32_t>(p[k]) << (8 * i);
  }
  return w;
}
SHOAL_ARCH_FN uint4 data_seg_of(uint32_t length, uint32_t lkey, uint64_t addr) {
  uint32_t a0, a1;
  be64_words(addr, a0, a1);
  return seg_of(arch::bswap32(length), arch::bswap32(lkey), a0, a1);
}
}  // namespace detail

// Segment s (0 .. wqe_ds(d)-1) of the WQE, as the 16 bytes that go to
// wqe + 16*s (a uint4's x,y,z,w are its bytes 0-3, 4-7, 8-11, 12-15).
SHOAL_ARCH_FN uint4 wqe_segment(const wqe_desc& d, uint32_t s) {
  using namespace detail;
  if (s == 0) {  // ctrl
    const uint32_t ds = wqe_ds(d);
    const uint32_t w0 = arch::bswap32((static_cast<uint32_t>(d.index) << 8) | d.opcode);
    const uint32_t w1 = arch::bswap32((d.qpn << 8) | ds);
    const uint32_t w2 = static_cast<uint32_t>(d.fm_ce_se) << 24;  // signature 0, stream id 0
    return seg_of(w0, w1, w2, d.imm);
  }
  if (s == 1) {  // raddr
    uint32_t r0, r1;
    be64_words(d.raddr, r0, r1);
    return seg_of(r0, r1, arch::bswap32(d.rkey), 0);
  }
  if (d.opcode == op_atomic_fa || d.opcode == op_atomic_cs) {
    if (s == 2) {
      uint32_t a0, a1, c0 = 0, c1 = 0;
      be64_words(d.operand, a0, a1);
      if (d.opcode == op_atomic_cs) be64_words(d.compare, c0, c1);
      return seg_of(a0, a1, c0, c1);
    }
    return data_seg_of(8, d.lkey, d.laddr);
  }
  if (d.inline_data) {
    // Segment 2 starts with the 4-byte inline header; the payload follows
    // contiguously and is zero-padded to the segment end.
    if (s == 2)
      return seg_of(arch::bswap32(d.length | inline_seg_flag), bytes_word(d.data, 0, d.length),
                    bytes_word(d.data, 4, d.length), bytes_word(d.data, 8, d.length));
    return seg_of(bytes_word(d.data, 12, d.length), bytes_word(d.data, 16, d.length),
                  bytes_word(d.data, 20, d.length), bytes_word(d.data, 24, d.length));
  }
  return data_seg_of(d.length, d.lkey, d.laddr);
}

// One thread writes the whole WQE into its 64-byte slot (16-byte aligned).
SHOAL_ARCH_FN void wqe_write(void* slot, const wqe_desc& d) {
  uint4* out = static_cast<uint4*>(slot);
  const uint32_t ds = wqe_ds(d);
  for (uint32_t s = 0; s < ds; ++s) out[s] = wqe_segment(d, s);
}

// --- descriptors for each kind (flags: fm_ce_se) ---------------------------

SHOAL_MLX5_HD wqe_desc wqe_nop(uint16_t index, uint32_t qpn, uint8_t flags) {
  wqe_desc d;
  d.opcode = op_nop;
  d.index = index;
  d.qpn = qpn;
  d.fm_ce_se = flags;
  return d;
}

SHOAL_MLX5_HD wqe_desc wqe_rdma(uint8_t op, uint16_t index, uint32_t qpn, uint8_t flags, uint64_t laddr,
                                uint32_t lkey, uint64_t raddr, uint32_t rkey, uint32_t length) {
  wqe_desc d;
  d.opcode = op;
  d.index = index;
  d.qpn = qpn;
  d.fm_ce_se = flags;
  d.laddr = laddr;
  d.lkey = lkey;
  d.raddr = raddr;
  d.rkey = rkey;
  d.length = length;
  return d;
}

// RDMA WRITE of `length` (> 0) bytes from laddr/lkey to raddr/rkey.
SHOAL_MLX5_HD wqe_desc wqe_write_desc(uint16_t index, uint32_t qpn, uint8_t flags, uint64_t laddr, uint32_t lkey,
                                      uint64_t raddr, uint32_t rkey, uint32_t length) {
  return wqe_rdma(op_rdma_write, index, qpn, flags, laddr, lkey, raddr, rkey, length);
}

// RDMA READ of `length` (> 0) bytes from raddr/rkey into laddr/lkey.
SHOAL_MLX5_HD wqe_desc wqe_read_desc(uint16_t index, uint32_t qpn, uint8_t flags, uint64_t laddr, uint32_t lkey,
                                     uint64_t raddr, uint32_t rkey, uint32_t length) {
  return wqe_rdma(op_rdma_read, index, qpn, flags, laddr, lkey, raddr, rkey, length);
}

// RDMA WRITE carrying `length` (1..28) bytes from src inside the WQE: no
// local key, and src may be reused as soon as this returns.
SHOAL_MLX5_HD wqe_desc wqe_write_inline_desc(uint16_t index, uint32_t qpn, uint8_t flags, const void* src,
                                             uint32_t length, uint64_t raddr, uint32_t rkey) {
  wqe_desc d = wqe_rdma(op_rdma_write, index, qpn, flags, 0, 0, raddr, rkey, length);
  d.inline_data = true;
  const uint8_t* p = static_cast<const uint8_t*>(src);
  for (uint32_t i = 0; i < length && i < max_inline_bytes; ++i) d.data[i] = p[i];
  return d;
}

// 8-byte fetch-add at raddr (8-byte aligned); the old value lands at laddr
// in big-endian order (as the NIC returns it: see atomic_result()).
SHOAL_MLX5_HD wqe_desc wqe_fetch_add_desc(uint16_t index, uint32_t qpn, uint8_t flags, uint64_t laddr,
                                          uint32_t lkey, uint64_t raddr, uint32_t rkey, uint64_t add) {
  wqe_desc d = wqe_rdma(op_atomic_fa, index, qpn, flags, laddr, lkey, raddr, rkey, 8);
  d.operand = add;
  return d;
}

// 8-byte compare-and-swap at raddr: stores swap if *raddr == compare; the old
// value lands at laddr in big-endian order.
SHOAL_MLX5_HD wqe_desc wqe_compare_swap_desc(uint16_t index, uint32_t qpn, uint8_t flags, uint64_t laddr,
                                             uint32_t lkey, uint64_t raddr, uint32_t rkey, uint64_t compare,
                                             uint64_t swap) {
  wqe_desc d = wqe_rdma(op_atomic_cs, index, qpn, flags, laddr, lkey, raddr, rkey, 8);
  d.operand = swap;
  d.compare = compare;
  return d;
}

// The value an atomic's result buffer holds, in host order.
SHOAL_MLX5_HD uint64_t atomic_result(uint64_t raw) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | ((raw >> (8 * i)) & 0xffu);
  return v;
}

// put_signal on one QP: the data WRITE (or inline WRITE), then the signal
// atomic. RC executes a QP's requests in order at the responder and the
// atomic's memory access follows the WRITE's data placement, so the signal
// needs no fence against the WRITE; it carries the initiator small fence
// only when `after_read` says an earlier RDMA READ or atomic on this QP must
// finish first (a put_signal that forwards data fetched by a get).
SHOAL_MLX5_HD uint8_t signal_fence_flags(bool after_read) { return after_read ? fm_initiator_small : 0; }

}  // namespace shoal::mlx5
