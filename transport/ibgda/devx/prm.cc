#include "transport/ibgda/devx/prm.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace shoal::ibgda::devx::prm {

namespace {

uint32_t load_be32(const uint8_t* p) {
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | uint32_t{p[3]};
}

void store_be32(uint8_t* p, uint32_t v) {
  p[0] = static_cast<uint8_t>(v >> 24);
  p[1] = static_cast<uint8_t>(v >> 16);
  p[2] = static_cast<uint8_t>(v >> 8);
  p[3] = static_cast<uint8_t>(v);
}

[[noreturn]] void bad_field(const char* what, field f, uint64_t v) {
  std::fprintf(stderr, "shoal: ibgda devx prm: %s (field at bit 0x%x, width %u, value 0x%llx)\n", what, f.off,
               f.width, static_cast<unsigned long long>(v));
  std::abort();
}

// ---- field offsets (bits from the start of the command) ---------------------
// Command header, shared by every command input.
constexpr field hdr_opcode{0x00, 16};
constexpr field hdr_uid{0x10, 16};
constexpr field hdr_op_mod{0x30, 16};

// create_cq_in: the CQ context (cqc, 0x200 bits) at 0x80.
constexpr uint32_t cqc_base = 0x80;
constexpr field cqc_dbr_umem_valid{0x06, 1};
constexpr field cqc_cqe_sz{0x08, 3};
constexpr field cqc_dbr_umem_id{0x20, 32};
constexpr field cqc_log_cq_size{0x63, 5};
constexpr field cqc_uar_page{0x68, 24};
constexpr field cqc_c_eqn{0xa0, 32};
constexpr field cqc_log_page_size{0xc3, 5};
constexpr field cqc_dbr_addr{0x1c0, 64};
constexpr field cq_umem_offset{0x280, 64};
constexpr field cq_umem_id{0x2c0, 32};
constexpr field cq_umem_valid{0x2e0, 1};

// create_qp_in / modify-QP inputs: the QP context (qpc, 0x740 bits) at 0xc0.
constexpr field qp_qpn{0x48, 24};  // modify commands only
constexpr field qp_opt_param_mask{0x80, 32};
constexpr uint32_t qpc_base = 0xc0;
constexpr field qp_wq_umem_offset{0x800, 64};
constexpr field qp_wq_umem_id{0x840, 32};
constexpr field qp_wq_umem_valid{0x860, 1};

constexpr field qpc_st{0x08, 8};
constexpr field qpc_pm_state{0x13, 2};
constexpr field qpc_pd{0x28, 24};
constexpr field qpc_mtu{0x40, 3};
constexpr field qpc_log_msg_max{0x43, 5};
constexpr field qpc_log_rq_size{0x49, 4};
constexpr field qpc_no_sq{0x50, 1};
constexpr field qpc_log_sq_size{0x51, 4};
constexpr field qpc_ts_format{0x58, 2};
constexpr field qpc_uar_page{0x68, 24};
constexpr field qpc_user_index{0x88, 24};
constexpr field qpc_log_page_size{0xa3, 5};
constexpr field qpc_remote_qpn{0xa8, 24};
constexpr uint32_t qpc_primary_path = 0xc0;  // ads, 0x160 bits
constexpr field qpc_log_sra_max{0x388, 3};
constexpr field qpc_retry_count{0x38d, 3};
constexpr field qpc_rnr_retry{0x390, 3};
constexpr field qpc_next_send_psn{0x3c8, 24};
constexpr field qpc_cqn_snd{0x3e8, 24};
constexpr field qpc_log_rra_max{0x488, 3};
constexpr field qpc_atomic_mode{0x48c, 4};
constexpr field qpc_rre{0x490, 1};
constexpr field qpc_rwe{0x491, 1};
constexpr field qpc_rae{0x492, 1};
constexpr field qpc_min_rnr_nak{0x4a3, 5};
constexpr field qpc_next_rcv_psn{0x4a8, 24};
constexpr field qpc_cqn_rcv{0x4e8, 24};
constexpr field qpc_dbr_addr{0x500, 64};
constexpr field qpc_rq_type{0x565, 3};
constexpr field qpc_dbr_umem_valid{0x683, 1};
constexpr field qpc_dbr_umem_id{0x720, 32};

// Address path (ads), relative to its start.
constexpr field ads_pkey_index{0x10, 16};
constexpr field ads_grh{0x28, 1};
constexpr field ads_rlid{0x30, 16};
constexpr field ads_ack_timeout{0x40, 5};
constexpr field ads_src_addr_index{0x48, 8};
constexpr field ads_hop_limit{0x58, 8};
constexpr field ads_tclass{0x64, 8};
constexpr field ads_flow_label{0x6c, 20};
constexpr field ads_rgid{0x80, 128};
constexpr field ads_udp_sport{0x110, 16};
constexpr field ads_eth_prio{0x121, 3};
constexpr field ads_sl{0x124, 4};
constexpr field ads_vhca_port_num{0x128, 8};
constexpr field ads_rmac_47_32{0x130, 16};
constexpr field ads_rmac_31_0{0x140, 32};

// query_hca_cap_out: the capability at 0x80; cmd_hca_cap.sq_ts_format at 0x440 in it.
constexpr uint32_t caps_base = 0x80;
constexpr field cap_sq_ts_format{0x440, 2};

// Command output.
constexpr field out_status_f{0x00, 8};
constexpr field out_syndrome_f{0x20, 32};
constexpr field out_id_f{0x48, 24};

constexpr uint32_t qpc_st_rc = 0x0;
constexpr uint32_t qpc_pm_migrated = 0x3;
constexpr uint32_t qpc_rq_zero_size = 0x3;

constexpr field in_qpc(field f) { return f.at(qpc_base); }
constexpr field in_path(field f) { return f.at(qpc_base + qpc_primary_path); }

static_assert(cqc_dbr_addr.at(cqc_base).valid() && qpc_dbr_addr.at(qpc_base).valid() && in_path(ads_rgid).valid() &&
              in_path(ads_rmac_31_0).valid() && qp_wq_umem_offset.valid() && cq_umem_offset.valid());

void header(uint8_t* in, size_t bytes, uint16_t op) {
  std::memset(in, 0, bytes);
  set(in, hdr_opcode, op);
  set(in, hdr_uid, 0);
  set(in, hdr_op_mod, 0);
}

void encode_path(const path_params& p, uint8_t* in) {
  set(in, in_path(ads_vhca_port_num), p.port);
  set(in, in_path(ads_pkey_index), p.pkey_index);
  if (p.link == link_ib) {
    set(in, in_path(ads_rlid), p.dlid);
    set(in, in_path(ads_sl), p.sl);
    return;
  }
  // RoCE: always a GRH; the destination MAC must be given (the kernel's
  // address resolution is not on the DevX path).
  set(in, in_path(ads_grh), 1);
  set_bytes(in, in_path(ads_rgid), p.dgid);
  set(in, in_path(ads_src_addr_index), p.sgid_index);
  set(in, in_path(ads_hop_limit), p.hop_limit);
  set(in, in_path(ads_tclass), p.traffic_class);
  set(in, in_path(ads_flow_label), p.flow_label);
  set(in, in_path(ads_udp_sport), p.udp_sport);
  set(in, in_path(ads_eth_prio), p.sl & 7);  // RoCE: the priority, not the IB service level
  set(in, in_path(ads_rmac_47_32), (uint32_t{p.dmac[0]} << 8) | p.dmac[1]);
  set(in, in_path(ads_rmac_31_0),
      (uint32_t{p.dmac[2]} << 24) | (uint32_t{p.dmac[3]} << 16) | (uint32_t{p.dmac[4]} << 8) | p.dmac[5]);
}

}  // namespace

void set(uint8_t* cmd, field f, uint64_t value) {
  if (!f.valid() || f.width > 64) bad_field("field crosses a 32-bit word or is misaligned", f, value);
  if (f.width == 64) {
    store_be32(cmd + f.off / 8, static_cast<uint32_t>(value >> 32));
    store_be32(cmd + f.off / 8 + 4, static_cast<uint32_t>(value));
    return;
  }
  const uint64_t max = f.width == 32 ? 0xffffffffull : (1ull << f.width) - 1;
  if (value > max) bad_field("value does not fit the field", f, value);
  uint8_t* w = cmd + (f.off / 32) * 4;
  const uint32_t shift = 32 - (f.off % 32) - f.width;
  const uint32_t mask = static_cast<uint32_t>(max) << shift;
  store_be32(w, (load_be32(w) & ~mask) | (static_cast<uint32_t>(value) << shift));
}

uint64_t get(const uint8_t* cmd, field f) {
  if (!f.valid() || f.width > 64) bad_field("field crosses a 32-bit word or is misaligned", f, 0);
  if (f.width == 64) return (uint64_t{load_be32(cmd + f.off / 8)} << 32) | load_be32(cmd + f.off / 8 + 4);
  const uint64_t max = f.width == 32 ? 0xffffffffull : (1ull << f.width) - 1;
  const uint32_t shift = 32 - (f.off % 32) - f.width;
  return (load_be32(cmd + (f.off / 32) * 4) >> shift) & max;
}

void set_bytes(uint8_t* cmd, field f, const uint8_t* src16) {
  if (f.width != 128 || !f.valid()) bad_field("not a 128-bit word-aligned field", f, 0);
  std::memcpy(cmd + f.off / 8, src16, 16);
}

void encode_create_cq(const cq_params& p, uint8_t* in) {
  header(in, create_cq_in_bytes, op_create_cq);
  set(in, cqc_cqe_sz.at(cqc_base), 0);  // 64-byte CQEs (what mlx5::qp polls)
  set(in, cqc_log_cq_size.at(cqc_base), p.log_cq_size);
  set(in, cqc_uar_page.at(cqc_base), p.uar_page);
  set(in, cqc_c_eqn.at(cqc_base), p.eqn);
  set(in, cqc_log_page_size.at(cqc_base), p.log_page_size);
  set(in, cqc_dbr_umem_valid.at(cqc_base), 1);
  set(in, cqc_dbr_umem_id.at(cqc_base), p.dbr_umem_id);
  set(in, cqc_dbr_addr.at(cqc_base), p.dbr_offset);
  set(in, cq_umem_valid, 1);
  set(in, cq_umem_id, p.cq_umem_id);
  set(in, cq_umem_offset, p.cq_umem_offset);
}

void encode_create_qp(const qp_params& p, uint8_t* in) {
  header(in, create_qp_in_bytes, op_create_qp);
  set(in, in_qpc(qpc_st), qpc_st_rc);
  set(in, in_qpc(qpc_pm_state), qpc_pm_migrated);
  set(in, in_qpc(qpc_pd), p.pdn);
  set(in, in_qpc(qpc_uar_page), p.uar_page);
  set(in, in_qpc(qpc_user_index), p.user_index);
  set(in, in_qpc(qpc_ts_format), p.ts_format);
  set(in, in_qpc(qpc_no_sq), 0);
  set(in, in_qpc(qpc_log_sq_size), p.log_sq_size);
  set(in, in_qpc(qpc_rq_type), qpc_rq_zero_size);
  set(in, in_qpc(qpc_log_rq_size), 0);
  set(in, in_qpc(qpc_cqn_snd), p.cqn);
  set(in, in_qpc(qpc_cqn_rcv), p.cqn);
  set(in, in_qpc(qpc_log_page_size), p.log_page_size);
  set(in, in_qpc(qpc_dbr_umem_valid), 1);
  set(in, in_qpc(qpc_dbr_umem_id), p.dbr_umem_id);
  set(in, in_qpc(qpc_dbr_addr), p.dbr_offset);
  set(in, qp_wq_umem_valid, 1);
  set(in, qp_wq_umem_id, p.wq_umem_id);
  set(in, qp_wq_umem_offset, p.wq_umem_offset);
}

void encode_rst2init(const rst2init_params& p, uint8_t* in) {
  header(in, modify_qp_in_bytes, op_rst2init_qp);
  set(in, qp_qpn, p.qpn);
  set(in, qp_opt_param_mask, 0);
  set(in, in_qpc(qpc_rre), p.remote_read ? 1 : 0);
  set(in, in_qpc(qpc_rwe), p.remote_write ? 1 : 0);
  set(in, in_qpc(qpc_rae), p.remote_atomic ? 1 : 0);
  set(in, in_qpc(qpc_atomic_mode), p.atomic_mode);
  set(in, in_path(ads_vhca_port_num), p.port);
  set(in, in_path(ads_pkey_index), p.pkey_index);
}

void encode_init2rtr(const init2rtr_params& p, uint8_t* in) {
  header(in, modify_qp_in_bytes, op_init2rtr_qp);
  set(in, qp_qpn, p.qpn);
  set(in, qp_opt_param_mask, 0);
  set(in, in_qpc(qpc_mtu), p.mtu);
  set(in, in_qpc(qpc_log_msg_max), p.log_msg_max);
  set(in, in_qpc(qpc_remote_qpn), p.remote_qpn);
  set(in, in_qpc(qpc_next_rcv_psn), p.next_rcv_psn);
  set(in, in_qpc(qpc_log_rra_max), p.log_rra_max);
  set(in, in_qpc(qpc_min_rnr_nak), p.min_rnr_nak);
  encode_path(p.path, in);
}

void encode_rtr2rts(const rtr2rts_params& p, uint8_t* in) {
  header(in, modify_qp_in_bytes, op_rtr2rts_qp);
  set(in, qp_qpn, p.qpn);
  set(in, qp_opt_param_mask, 0);
  set(in, in_qpc(qpc_next_send_psn), p.next_send_psn);
  set(in, in_qpc(qpc_log_sra_max), p.log_sra_max);
  set(in, in_qpc(qpc_retry_count), p.retry_count);
  set(in, in_qpc(qpc_rnr_retry), p.rnr_retry);
  set(in, in_path(ads_ack_timeout), p.ack_timeout);
}

void encode_query_general_caps(uint8_t* in) {
  header(in, query_hca_cap_in_bytes, op_query_hca_cap);
  set(in, hdr_op_mod, (0u << 1) | 1u);  // general device caps, current values
}

uint32_t caps_sq_ts_format(const uint8_t* out) { return static_cast<uint32_t>(get(out, cap_sq_ts_format.at(caps_base))); }

uint32_t qp_ts_format_for(uint32_t sq_ts_format_cap) { return sq_ts_format_cap == 1 ? 1u : 0u; }

uint32_t out_status(const uint8_t* out) { return static_cast<uint32_t>(get(out, out_status_f)); }
uint32_t out_syndrome(const uint8_t* out) { return static_cast<uint32_t>(get(out, out_syndrome_f)); }
uint32_t out_object_id(const uint8_t* out) { return static_cast<uint32_t>(get(out, out_id_f)); }

const char* cmd_name(uint16_t op) {
  switch (op) {
    case op_query_hca_cap: return "QUERY_HCA_CAP";
    case op_create_cq: return "CREATE_CQ";
    case op_destroy_cq: return "DESTROY_CQ";
    case op_create_qp: return "CREATE_QP";
    case op_destroy_qp: return "DESTROY_QP";
    case op_rst2init_qp: return "RST2INIT_QP";
    case op_init2rtr_qp: return "INIT2RTR_QP";
    case op_rtr2rts_qp: return "RTR2RTS_QP";
    default: return "command";
  }
}

// Command delivery status values (PRM "Command Interface", return status).
const char* status_name(uint32_t status) {
  switch (status) {
    case 0x00: return "ok";
    case 0x01: return "internal error";
    case 0x02: return "bad operation";
    case 0x03: return "bad parameter";
    case 0x04: return "bad system state";
    case 0x05: return "bad resource";
    case 0x06: return "resource busy";
    case 0x08: return "limits exceeded";
    case 0x09: return "bad resource state";
    case 0x0a: return "bad index";
    case 0x0f: return "no resources";
    case 0x10: return "bad QP state";
    case 0x30: return "bad packet";
    case 0x40: return "bad size (too many outstanding CQEs)";
    case 0x50: return "bad input length";
    case 0x51: return "bad output length";
    default: return "unknown status";
  }
}

std::string describe_cmd_failure(uint16_t op, const uint8_t* out) {
  const uint32_t st = out_status(out);
  if (st == 0) return {};
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s failed: status 0x%x (%s), syndrome 0x%08x", cmd_name(op), st, status_name(st),
                out_syndrome(out));
  return buf;
}

}  // namespace shoal::ibgda::devx::prm
