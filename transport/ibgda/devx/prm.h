// mlx5 PRM command encoding for the DevX host side: a big-endian bit-field
// setter and the five commands shoal issues (CREATE_CQ, CREATE_QP and the
// RC transitions RST2INIT, INIT2RTR, RTR2RTS), plus decoding of a command's
// output status. Pure C++: no ibverbs, so it is unit-tested on machines
// without rdma-core's libraries or a NIC.
//
// PRM convention: a field is named by its bit offset from the start of the
// command (bit 0 is the most significant bit of byte 0) and its width; each
// 32-bit word is big-endian. A field of at most 32 bits never crosses a
// 32-bit word; 64-bit fields (addresses) start on a word; the GID is 128
// bits at a word boundary. Offsets below are the mlx5 PRM's (as published
// in the Linux kernel's include/linux/mlx5/mlx5_ifc.h); each is written out
// as a number and checked by tests/ibgda/devx_prm_test.cc against expected
// bytes derived independently.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace shoal::ibgda::devx::prm {

struct field {
  uint32_t off;    // bit offset from the start of the command
  uint32_t width;  // bits
  constexpr bool valid() const {
    return width == 128 ? off % 32 == 0 : width == 64 ? off % 32 == 0 : (width >= 1 && (off % 32) + width <= 32);
  }
  constexpr field at(uint32_t base) const { return {base + off, width}; }
};

// Sets / reads a field of at most 64 bits. The value must fit the width
// (checked: a wider value aborts with a message, it is a programming error).
void set(uint8_t* cmd, field f, uint64_t value);
uint64_t get(const uint8_t* cmd, field f);
// 128-bit field (a GID): 16 bytes copied as they are (already network order).
void set_bytes(uint8_t* cmd, field f, const uint8_t* src16);

// ---- commands ---------------------------------------------------------------
inline constexpr uint16_t op_query_hca_cap = 0x100;
inline constexpr uint16_t op_create_cq = 0x400;
inline constexpr uint16_t op_destroy_cq = 0x401;
inline constexpr uint16_t op_create_qp = 0x500;
inline constexpr uint16_t op_destroy_qp = 0x501;
inline constexpr uint16_t op_rst2init_qp = 0x502;
inline constexpr uint16_t op_init2rtr_qp = 0x503;
inline constexpr uint16_t op_rtr2rts_qp = 0x504;

// Input lengths (bytes) of the commands, without page lists (umem is used,
// so no `pas` entries follow). Every output is 16 bytes.
inline constexpr size_t create_cq_in_bytes = 272;   // 0x880 bits
inline constexpr size_t create_qp_in_bytes = 272;   // 0x880 bits
inline constexpr size_t modify_qp_in_bytes = 272;   // rst2init/init2rtr/rtr2rts: 0x880 bits
inline constexpr size_t cmd_out_bytes = 16;

// Completion queue: 64-byte CQEs, ring and doorbell record in caller memory
// registered as umem.
struct cq_params {
  uint32_t log_cq_size;     // log2(entries), 0..24
  uint32_t uar_page;        // mlx5dv_devx_uar::page_id
  uint32_t eqn;             // mlx5dv_devx_query_eqn
  uint32_t log_page_size;   // log2(umem page) - 12
  uint32_t cq_umem_id;      // the CQE ring's umem
  uint64_t cq_umem_offset;  // ring offset inside that umem
  uint32_t dbr_umem_id;     // the doorbell record's umem
  uint64_t dbr_offset;      // doorbell record offset inside that umem (8-byte aligned)
};
void encode_create_cq(const cq_params& p, uint8_t* in /* create_cq_in_bytes */);

// RC QP with a send queue only (zero-size RQ), SQ and doorbell record in
// caller memory registered as umem.
struct qp_params {
  uint32_t pdn;
  uint32_t cqn;             // used for both send and receive completions
  uint32_t uar_page;
  uint32_t log_sq_size;     // log2(WQE basic blocks)
  uint32_t log_page_size;   // log2(umem page) - 12
  uint32_t wq_umem_id;
  uint64_t wq_umem_offset;
  uint32_t dbr_umem_id;
  uint64_t dbr_offset;
  uint32_t ts_format;       // qpc.ts_format: 0 free running, 1 default, 2 real time (see the NIC's caps)
  uint32_t user_index;
};
void encode_create_qp(const qp_params& p, uint8_t* in);

enum link_kind : uint32_t { link_ib = 0, link_roce = 1 };

// The primary address path for INIT2RTR.
struct path_params {
  link_kind link;
  uint32_t port;            // 1-based
  uint32_t pkey_index;
  // IB
  uint32_t dlid;
  uint32_t sl;              // IB: service level (4 bits); RoCE: Ethernet priority (3 bits)
  // RoCE (grh set) — also used on IB when grh is needed across subnets
  uint8_t dgid[16];
  uint32_t sgid_index;
  uint32_t hop_limit;
  uint32_t traffic_class;
  uint32_t flow_label;
  uint32_t udp_sport;       // RoCE v2 UDP source port (entropy), 0: NIC default
  uint8_t dmac[6];          // RoCE: destination MAC (DevX does not resolve it)
};

struct rst2init_params {
  uint32_t qpn;
  uint32_t port;
  uint32_t pkey_index;
  bool remote_read, remote_write, remote_atomic;
  uint32_t atomic_mode;     // 3: up to 8-byte atomics (IB-compatible 8-byte FA/CS)
};
void encode_rst2init(const rst2init_params& p, uint8_t* in);

struct init2rtr_params {
  uint32_t qpn;
  uint32_t mtu;             // IB MTU code: 1 = 256 .. 5 = 4096 (enum ibv_mtu)
  uint32_t log_msg_max;     // log2 max message (≤ HCA cap log_max_msg)
  uint32_t remote_qpn;
  uint32_t next_rcv_psn;    // the peer's initial send PSN (24 bits)
  uint32_t log_rra_max;     // log2 responder resources (incoming READ/atomic)
  uint32_t min_rnr_nak;
  path_params path;
};
void encode_init2rtr(const init2rtr_params& p, uint8_t* in);

struct rtr2rts_params {
  uint32_t qpn;
  uint32_t next_send_psn;   // our initial send PSN (24 bits)
  uint32_t log_sra_max;     // log2 outstanding READ/atomic as requester
  uint32_t retry_count;     // 0..7
  uint32_t rnr_retry;       // 0..7 (7: infinite)
  uint32_t ack_timeout;     // 4.096 us * 2^ack_timeout, 0..31
};
void encode_rtr2rts(const rtr2rts_params& p, uint8_t* in);

// QUERY_HCA_CAP of the general device capabilities, current values
// (op_mod = type 0 << 1 | current 1). Issued with mlx5dv_devx_general_cmd.
inline constexpr size_t query_hca_cap_in_bytes = 16;
inline constexpr size_t query_hca_cap_out_bytes = 16 + 4096;  // header + capability union
void encode_query_general_caps(uint8_t* in /* query_hca_cap_in_bytes */);
// cmd_hca_cap.sq_ts_format (bit 0x440 of the capability, which starts at
// output byte 16): 0 free running, 1 real time, 2 both.
uint32_t caps_sq_ts_format(const uint8_t* out);
// The qpc.ts_format to use for that capability: free running (0) where the
// device has it, else "default" (1), as the kernel's mlx5 driver chooses.
uint32_t qp_ts_format_for(uint32_t sq_ts_format_cap);

// Output of every command: status (8 bits at 0x00), syndrome (32 at 0x20);
// CREATE_CQ returns cqn and CREATE_QP qpn at 0x48 (24 bits).
uint32_t out_status(const uint8_t* out);
uint32_t out_syndrome(const uint8_t* out);
uint32_t out_object_id(const uint8_t* out);

// "CREATE_QP failed: status 0x3 (bad parameter), syndrome 0x1234abcd" — or
// "" when the status is OK. `op` is the command's opcode.
std::string describe_cmd_failure(uint16_t op, const uint8_t* out);
const char* cmd_name(uint16_t op);
const char* status_name(uint32_t status);

}  // namespace shoal::ibgda::devx::prm
