// The IBGDA DevX host side without a NIC: PRM command encoding (every field
// at its bit offset), configuration parsing, failure messages, and the
// plugin's open on a machine without RDMA devices.
//
// Expected command bytes below were generated independently of prm.cc: from
// the mlx5_ifc struct layouts (field widths in declaration order, summed to
// bit offsets), setting the same values, listing every non-zero byte. Every
// other byte of the 272-byte command must be zero.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "transport/ibgda/devx/config.h"
#include "transport/ibgda/devx/plugin_abi.h"
#include "transport/ibgda/devx/prm.h"

namespace devx = shoal::ibgda::devx;
namespace prm = shoal::ibgda::devx::prm;

namespace {

// kCreateCq
const std::vector<std::pair<int, uint8_t>> kCreateCq = {
    {0, 0x04}, {16, 0x02}, {20, 0x0b}, {21, 0xad}, {22, 0xf0}, {23, 0x0d}, {28, 0x07}, {29, 0x01},
    {30, 0x23}, {31, 0x45}, {39, 0x29}, {40, 0x04}, {79, 0x40}, {80, 0x11}, {81, 0x22}, {82, 0x33},
    {83, 0x44}, {84, 0x55}, {85, 0x66}, {86, 0x77}, {87, 0x88}, {88, 0xab}, {89, 0xcd}, {90, 0xef},
    {91, 0x01}, {92, 0x80},
};
// kCreateQp
const std::vector<std::pair<int, uint8_t>> kCreateQp = {
    {0, 0x05}, {26, 0x18}, {30, 0xab}, {31, 0xcd}, {34, 0x48}, {35, 0x40}, {37, 0x01}, {38, 0x23},
    {39, 0x45}, {42, 0x07}, {43, 0x77}, {44, 0x02}, {150, 0x34}, {151, 0x56}, {182, 0x34}, {183, 0x56},
    {191, 0x80}, {196, 0x03}, {232, 0x10}, {252, 0x0b}, {253, 0xad}, {254, 0xf0}, {255, 0x0d}, {262, 0x10},
    {264, 0xab}, {265, 0xcd}, {266, 0xef}, {267, 0x01}, {268, 0x80},
};
// kRst2Init
const std::vector<std::pair<int, uint8_t>> kRst2Init = {
    {0, 0x05}, {1, 0x02}, {9, 0x1a}, {10, 0x2b}, {11, 0x3c}, {51, 0x11}, {85, 0x02}, {169, 0x03},
    {170, 0xe0},
};
// kInit2RtrIb
const std::vector<std::pair<int, uint8_t>> kInit2RtrIb = {
    {0, 0x05}, {1, 0x03}, {9, 0x1a}, {10, 0x2b}, {11, 0x3c}, {32, 0xbe}, {45, 0x45}, {46, 0x67},
    {47, 0x89}, {54, 0x12}, {55, 0x34}, {84, 0x05}, {85, 0x01}, {169, 0x80}, {172, 0x0c}, {173, 0xab},
    {174, 0xcd}, {175, 0xef},
};
// kInit2RtrRoce
const std::vector<std::pair<int, uint8_t>> kInit2RtrRoce = {
    {0, 0x05}, {1, 0x03}, {9, 0x1a}, {10, 0x2b}, {11, 0x3c}, {32, 0x7e}, {45, 0x45}, {46, 0x67},
    {47, 0x89}, {53, 0x80}, {57, 0x03}, {59, 0x40}, {60, 0x06}, {61, 0x8a}, {62, 0xbc}, {63, 0xde},
    {74, 0xff}, {75, 0xff}, {76, 0x0a}, {77, 0x01}, {78, 0x02}, {79, 0x03}, {82, 0xc1}, {83, 0x23},
    {84, 0x30}, {85, 0x01}, {86, 0x02}, {87, 0x15}, {88, 0x5d}, {89, 0x1e}, {90, 0x2f}, {91, 0x30},
    {169, 0x80}, {172, 0x0c}, {174, 0x01}, {175, 0x02},
};
// kRtr2Rts
const std::vector<std::pair<int, uint8_t>> kRtr2Rts = {
    {0, 0x05}, {1, 0x04}, {9, 0x1a}, {10, 0x2b}, {11, 0x3c}, {56, 0xa0}, {137, 0x87}, {138, 0xc0},
    {145, 0x65}, {146, 0x43}, {147, 0x21},
};

void expect_bytes(const uint8_t* got, size_t n, const std::vector<std::pair<int, uint8_t>>& want) {
  std::vector<uint8_t> exp(n, 0);
  for (auto [off, v] : want) exp[static_cast<size_t>(off)] = v;
  for (size_t i = 0; i < n; ++i)
    EXPECT_EQ(got[i], exp[i]) << "byte " << i << " (bits 0x" << std::hex << i * 8 << "..0x" << i * 8 + 7 << ")";
}

}  // namespace

TEST(DevxPrm, BitFieldSetterIsBigEndianMsbFirst) {
  uint8_t b[16] = {};
  prm::set(b, {0x00, 16}, 0x0400);
  EXPECT_EQ(b[0], 0x04);
  EXPECT_EQ(b[1], 0x00);
  prm::set(b, {0x23, 5}, 0x1f);  // bits 3..7 of byte 4
  EXPECT_EQ(b[4], 0x1f);
  prm::set(b, {0x28, 24}, 0xabcdef);
  EXPECT_EQ(b[5], 0xab);
  EXPECT_EQ(b[6], 0xcd);
  EXPECT_EQ(b[7], 0xef);
  prm::set(b, {0x20, 1}, 1);  // the word's most significant bit
  EXPECT_EQ(b[4], 0x9f);
  prm::set(b, {0x20, 1}, 0);  // clearing keeps the neighbours
  EXPECT_EQ(b[4], 0x1f);
  prm::set(b, {0x40, 64}, 0x0102030405060708ull);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(b[8 + i], i + 1);
  EXPECT_EQ(prm::get(b, {0x28, 24}), 0xabcdefu);
  EXPECT_EQ(prm::get(b, {0x23, 5}), 0x1fu);
  EXPECT_EQ(prm::get(b, {0x40, 64}), 0x0102030405060708ull);
  EXPECT_EQ(prm::get(b, {0x1f, 1}), 0u);
  static_assert(prm::field{0x1c, 4}.valid() && !prm::field{0x1c, 5}.valid() && !prm::field{0x10, 64}.valid());
}

TEST(DevxPrmDeathTest, ValueWiderThanFieldAborts) {
  uint8_t b[8] = {};
  EXPECT_DEATH(prm::set(b, {0x03, 5}, 32), "value does not fit");
  EXPECT_DEATH(prm::set(b, {0x1c, 8}, 1), "crosses a 32-bit word");
}

TEST(DevxPrm, CreateCq) {
  const prm::cq_params p{.log_cq_size = 7, .uar_page = 0x12345, .eqn = 0x29, .log_page_size = 4,
                         .cq_umem_id = 0xabcdef01, .cq_umem_offset = 0x1122334455667788ull,
                         .dbr_umem_id = 0x0badf00d, .dbr_offset = 0x40};
  uint8_t in[prm::create_cq_in_bytes];
  std::memset(in, 0xee, sizeof in);  // the encoder clears everything it does not set
  prm::encode_create_cq(p, in);
  expect_bytes(in, sizeof in, kCreateCq);
}

TEST(DevxPrm, CreateQp) {
  const prm::qp_params p{.pdn = 0xabcd, .cqn = 0x3456, .uar_page = 0x12345, .log_sq_size = 9, .log_page_size = 2,
                         .wq_umem_id = 0xabcdef01, .wq_umem_offset = 0x1000, .dbr_umem_id = 0x0badf00d,
                         .dbr_offset = 0x80, .ts_format = 1, .user_index = 0x777};
  uint8_t in[prm::create_qp_in_bytes];
  std::memset(in, 0xee, sizeof in);
  prm::encode_create_qp(p, in);
  expect_bytes(in, sizeof in, kCreateQp);
}

TEST(DevxPrm, Rst2Init) {
  const prm::rst2init_params p{.qpn = 0x1a2b3c, .port = 2, .pkey_index = 0x11, .remote_read = true,
                               .remote_write = true, .remote_atomic = true, .atomic_mode = 3};
  uint8_t in[prm::modify_qp_in_bytes];
  prm::encode_rst2init(p, in);
  expect_bytes(in, sizeof in, kRst2Init);
}

static prm::init2rtr_params init2rtr_common() {
  prm::init2rtr_params p{};
  p.qpn = 0x1a2b3c;
  p.log_msg_max = 30;
  p.remote_qpn = 0x456789;
  p.log_rra_max = 4;
  p.min_rnr_nak = 12;
  p.path.port = 1;
  return p;
}

TEST(DevxPrm, Init2RtrInfiniBand) {
  prm::init2rtr_params p = init2rtr_common();
  p.mtu = 5;
  p.next_rcv_psn = 0xabcdef;
  p.path.link = prm::link_ib;
  p.path.dlid = 0x1234;
  p.path.sl = 5;
  uint8_t in[prm::modify_qp_in_bytes];
  prm::encode_init2rtr(p, in);
  expect_bytes(in, sizeof in, kInit2RtrIb);
}

TEST(DevxPrm, Init2RtrRoce) {
  prm::init2rtr_params p = init2rtr_common();
  p.mtu = 3;
  p.next_rcv_psn = 0x000102;
  p.path.link = prm::link_roce;
  const uint8_t gid[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 1, 2, 3};  // ::ffff:10.1.2.3
  std::memcpy(p.path.dgid, gid, 16);
  p.path.sgid_index = 3;
  p.path.hop_limit = 64;
  p.path.traffic_class = 0x68;
  p.path.flow_label = 0xabcde;
  p.path.udp_sport = 0xc123;
  p.path.sl = 3;  // Ethernet priority on RoCE
  const uint8_t mac[6] = {0x02, 0x15, 0x5d, 0x1e, 0x2f, 0x30};
  std::memcpy(p.path.dmac, mac, 6);
  uint8_t in[prm::modify_qp_in_bytes];
  prm::encode_init2rtr(p, in);
  expect_bytes(in, sizeof in, kInit2RtrRoce);
}

TEST(DevxPrm, Rtr2Rts) {
  const prm::rtr2rts_params p{.qpn = 0x1a2b3c, .next_send_psn = 0x654321, .log_sra_max = 4, .retry_count = 7,
                              .rnr_retry = 6, .ack_timeout = 20};
  uint8_t in[prm::modify_qp_in_bytes];
  prm::encode_rtr2rts(p, in);
  expect_bytes(in, sizeof in, kRtr2Rts);
}

TEST(DevxPrm, QueryGeneralCaps) {
  uint8_t in[prm::query_hca_cap_in_bytes];
  std::memset(in, 0xee, sizeof in);
  prm::encode_query_general_caps(in);
  expect_bytes(in, sizeof in, {{0, 0x01}, {7, 0x01}});  // opcode 0x100, op_mod 1 (general, current)
  std::vector<uint8_t> out(prm::query_hca_cap_out_bytes, 0);
  // sq_ts_format: bits 0x440..0x441 of the capability, which starts at byte 16:
  // byte 16 + 0x88 = 152, its two most significant bits.
  out[152] = 0x40;  // 1: real time only
  EXPECT_EQ(prm::caps_sq_ts_format(out.data()), 1u);
  EXPECT_EQ(prm::qp_ts_format_for(1), 1u);  // "default"
  out[152] = 0xbf;  // 2, neighbours set
  EXPECT_EQ(prm::caps_sq_ts_format(out.data()), 2u);
  EXPECT_EQ(prm::qp_ts_format_for(2), 0u);  // free running
  EXPECT_EQ(prm::qp_ts_format_for(0), 0u);
}

TEST(DevxPrm, DecodesCommandOutput) {
  // status (byte 0), syndrome (bytes 4..7), object number (bytes 9..11).
  uint8_t out[prm::cmd_out_bytes] = {0x03, 0, 0, 0, 0x12, 0x34, 0xab, 0xcd, 0, 0x00, 0x0a, 0xbc};
  EXPECT_EQ(prm::out_status(out), 3u);
  EXPECT_EQ(prm::out_syndrome(out), 0x1234abcdu);
  EXPECT_EQ(prm::out_object_id(out), 0xabcu);
  EXPECT_EQ(prm::describe_cmd_failure(prm::op_create_qp, out),
            "CREATE_QP failed: status 0x3 (bad parameter), syndrome 0x1234abcd");
  out[0] = 0x10;
  EXPECT_EQ(prm::describe_cmd_failure(prm::op_init2rtr_qp, out),
            "INIT2RTR_QP failed: status 0x10 (bad QP state), syndrome 0x1234abcd");
  out[0] = 0x77;
  EXPECT_NE(prm::describe_cmd_failure(prm::op_create_cq, out).find("CREATE_CQ failed: status 0x77 (unknown status)"),
            std::string::npos);
  out[0] = 0;
  EXPECT_EQ(prm::describe_cmd_failure(prm::op_create_cq, out), "");
}

TEST(DevxConfig, HcaList) {
  std::vector<devx::hca_entry> v;
  std::string err;
  ASSERT_TRUE(devx::parse_hca_list("mlx5_0:1,mlx5_1:2", &v, &err)) << err;
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].name, "mlx5_0");
  EXPECT_EQ(v[0].port, 1);
  EXPECT_EQ(v[1].name, "mlx5_1");
  EXPECT_EQ(v[1].port, 2);
  ASSERT_TRUE(devx::parse_hca_list(" mlx5_3 , mlx5_4:1 ", &v, &err)) << err;
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].name, "mlx5_3");
  EXPECT_EQ(v[0].port, 0);  // first active port
  EXPECT_EQ(v[1].port, 1);
  ASSERT_TRUE(devx::parse_hca_list(nullptr, &v, &err));
  EXPECT_TRUE(v.empty());
  ASSERT_TRUE(devx::parse_hca_list("  ", &v, &err));
  EXPECT_TRUE(v.empty());
  for (const char* bad : {"mlx5_0:", "mlx5_0:x", "mlx5_0:0", "mlx5_0:256", "mlx5_0,,mlx5_1", "mlx5_0,", ":1"}) {
    err.clear();
    EXPECT_FALSE(devx::parse_hca_list(bad, &v, &err)) << bad;
    EXPECT_NE(err.find("SHOAL_HCA_LIST"), std::string::npos) << bad << ": " << err;
  }
}

TEST(DevxConfig, GidIndex) {
  int idx = 0;
  std::string err;
  EXPECT_TRUE(devx::parse_gid_index(nullptr, &idx, &err));
  EXPECT_EQ(idx, -1);
  EXPECT_TRUE(devx::parse_gid_index("", &idx, &err));
  EXPECT_EQ(idx, -1);
  EXPECT_TRUE(devx::parse_gid_index("3", &idx, &err));
  EXPECT_EQ(idx, 3);
  EXPECT_TRUE(devx::parse_gid_index(" 255 ", &idx, &err));
  EXPECT_EQ(idx, 255);
  for (const char* bad : {"256", "-1", "x", "3a", "1.5"}) {
    EXPECT_FALSE(devx::parse_gid_index(bad, &idx, &err)) << bad;
    EXPECT_NE(err.find("SHOAL_IB_GID_INDEX"), std::string::npos);
  }
}

TEST(DevxConfig, RoceGidAutoSelection) {
  devx::gid_candidate c[4] = {
      {0, false, {0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0x02, 0x15, 0x5d, 0xff, 0xfe, 0x1e, 0x2f, 0x30}},  // v1 link-local
      {1, true, {0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0x02, 0x15, 0x5d, 0xff, 0xfe, 0x1e, 0x2f, 0x30}},   // v2 link-local
      {2, false, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 1, 2, 3}},                         // v1 IPv4
      {3, true, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 1, 2, 3}},                          // v2 IPv4
  };
  EXPECT_EQ(devx::select_roce_gid(c, 4), 3);
  EXPECT_EQ(devx::select_roce_gid(c, 3), -1);  // only link-local v2 and v1 entries
  devx::gid_candidate v6{7, true, {0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}};
  EXPECT_EQ(devx::select_roce_gid(&v6, 1), 7);  // global IPv6 when no IPv4-mapped v2 exists
}

TEST(DevxConfig, FailureMessagesSayWhatIsMissing) {
  EXPECT_NE(devx::describe_no_device(true, ENOSYS).find("no RDMA device"), std::string::npos);
  EXPECT_NE(devx::describe_no_device(true, ENOSYS).find("no RDMA subsystem"), std::string::npos);
  EXPECT_NE(devx::describe_no_device(false, 0).find("no RDMA device"), std::string::npos);
  const std::string perm = devx::describe_devx_errno("mlx5dv_devx_obj_create(CREATE_QP)", EPERM);
  EXPECT_NE(perm.find("mlx5dv_devx_obj_create(CREATE_QP)"), std::string::npos);
  EXPECT_NE(perm.find("DevX is not permitted in this container"), std::string::npos);
  EXPECT_NE(perm.find("/dev/infiniband/uverbs"), std::string::npos);
  EXPECT_NE(devx::describe_devx_errno("x", EOPNOTSUPP).find("not supported"), std::string::npos);
  const std::string gpu = devx::describe_reg_failure(true, true, EOPNOTSUPP, EFAULT);
  EXPECT_NE(gpu.find("ibv_reg_dmabuf_mr failed"), std::string::npos);
  EXPECT_NE(gpu.find("nvidia-peermem"), std::string::npos);
  EXPECT_NE(devx::describe_reg_failure(true, false, 0, EFAULT).find("no dma-buf fd"), std::string::npos);
  const std::string io = devx::describe_iomem_refused("operation not supported");
  EXPECT_NE(io.find("PeerMappingOverride=1"), std::string::npos);
  EXPECT_NE(io.find("SHOAL_IBGDA_DOORBELL=cpu"), std::string::npos);
}

#ifdef SHOAL_DEVX_PLUGIN_PATH
namespace {

bool has_rdma_devices() {
  struct stat st;
  return stat("/sys/class/infiniband", &st) == 0;
}

const shoal_ibgda_devx_plugin_v1_t* load_plugin() {
  void* h = dlopen(SHOAL_DEVX_PLUGIN_PATH, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    ADD_FAILURE() << "dlopen(" << SHOAL_DEVX_PLUGIN_PATH << "): " << dlerror();
    return nullptr;
  }
  auto fn = reinterpret_cast<shoal_ibgda_devx_plugin_v1_fn>(dlsym(h, SHOAL_IBGDA_DEVX_PLUGIN_SYMBOL));
  if (!fn) {
    ADD_FAILURE() << "no symbol " << SHOAL_IBGDA_DEVX_PLUGIN_SYMBOL;
    return nullptr;
  }
  return fn();
}

}  // namespace

TEST(DevxPlugin, ExportsVersionedTable) {
  const auto* p = load_plugin();
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->abi_version, SHOAL_IBGDA_DEVX_ABI_VERSION);
  EXPECT_STREQ(p->name, "ibgda-devx");
  EXPECT_NE(p->open, nullptr);
  EXPECT_NE(p->connect, nullptr);
  EXPECT_EQ(p->close(nullptr), 0);
  EXPECT_EQ(p->destroy_qp(nullptr), 0);
  EXPECT_EQ(p->dereg_mr(nullptr), 0);
}

TEST(DevxPlugin, OpenWithoutRdmaDeviceSaysSo) {
  if (has_rdma_devices()) GTEST_SKIP() << "this machine has RDMA devices";
  const auto* p = load_plugin();
  ASSERT_NE(p, nullptr);
  shoal_ibgda_open_args_v1_t a{};
  a.gpu_pci_bus_id = "0000:3b:00.0";
  a.gid_index = -1;
  shoal_ibgda_ctx_t* ctx = reinterpret_cast<shoal_ibgda_ctx_t*>(0x1);
  char err[512] = {};
  EXPECT_EQ(p->open(&a, &ctx, err, sizeof err), SHOAL_IBGDA_E_NO_DEVICE);
  EXPECT_EQ(ctx, nullptr);
  EXPECT_NE(std::string(err).find("no RDMA device"), std::string::npos) << err;
  std::printf("open on this machine: %s\n", err);
  EXPECT_EQ(p->open(nullptr, &ctx, err, sizeof err), SHOAL_IBGDA_E_NO_DEVICE) << err;
}

TEST(DevxPlugin, OpenRejectsBadConfigurationFirst) {
  const auto* p = load_plugin();
  ASSERT_NE(p, nullptr);
  shoal_ibgda_open_args_v1_t a{};
  a.hca_list = "mlx5_0:x";
  a.gid_index = -1;
  shoal_ibgda_ctx_t* ctx = nullptr;
  char err[512] = {};
  EXPECT_EQ(p->open(&a, &ctx, err, sizeof err), SHOAL_IBGDA_E_INVALID);
  EXPECT_NE(std::string(err).find("SHOAL_HCA_LIST"), std::string::npos) << err;
}
#endif
