// The DevX plugin's whole setup path (open, registration, CQ/QP creation,
// RST->INIT->RTR->RTS, teardown) against a fake rdma-core: this executable
// defines the libibverbs/libmlx5 functions the plugin calls and exports them
// (ENABLE_EXPORTS), so the dlopen'd plugin binds to them instead of the real
// libraries (the executable comes first in the global lookup scope). The
// fake records the DevX commands and can fail any step, so every failure
// message is checked as the plugin produces it. It says nothing about a real
// NIC's acceptance of the commands (docs/transport-ibgda-devx.md).
#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>
#include <gtest/gtest.h>
#include <infiniband/mlx5dv.h>
#include <infiniband/verbs.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "transport/ibgda/devx/adapter.h"
#include "transport/ibgda/devx/config.h"
#include "transport/ibgda/devx/plugin_abi.h"
#include "transport/ibgda/devx/prm.h"
#include "transport/ibgda/table.h"
#include "shoal/layout/mlx5_qp.h"

namespace prm = shoal::ibgda::devx::prm;

struct mlx5dv_devx_obj {
  uint32_t id;
  uint16_t opcode;
};

namespace {

struct Command {
  uint16_t opcode;
  std::vector<uint8_t> in;
};

struct FakeRdma {
  // discovery
  bool list_null = false;
  int list_errno = ENOSYS;
  std::vector<std::string> names{"mlx5_0", "mlx5_1"};
  std::vector<bool> is_mlx5{true, true};
  int open_errno = 0;
  // port
  uint8_t link_layer = IBV_LINK_LAYER_INFINIBAND;
  ibv_port_state port_state = IBV_PORT_ACTIVE;
  uint16_t lid = 0x2a;
  struct Gid {
    uint32_t type;
    uint8_t raw[16];
  };
  std::vector<Gid> gids;
  // registration
  int dmabuf_errno = 0;
  int reg_mr_errno = 0;
  int umem_errno = 0;
  std::vector<mlx5dv_devx_umem_in> umem_ins;
  int last_access = -1;
  bool used_dmabuf = false;
  // DevX commands
  uint16_t fail_opcode = 0;    // this command fails ...
  uint8_t fail_status = 0;     // ... with this PRM status (0: errno only)
  int fail_errno = EIO;
  std::vector<Command> commands;
  std::vector<uint32_t> destroyed;
  int umems_live = 0;
  uint32_t sq_ts_cap = 0;    // QUERY_HCA_CAP's sq_ts_format
  bool caps_fail = false;
  uint32_t next_id = 0x100;
  // objects
  ibv_device devs[4];
  ibv_device* list[5];
  ibv_context ctx;
  ibv_pd pd;
  ibv_mr mr;
  ibv_ah ah;
  mlx5_wqe_av av;
  mlx5dv_devx_uar uar;
  alignas(4096) uint8_t uar_page[4096];
  mlx5dv_devx_umem umems[64];
  mlx5dv_devx_obj objs[64];
  int opens = 0;          // each open's port has LID lid + opens - 1 ...
  bool tag_gids = false;  // ... and, when set, GIDs ending in the open's number
  int n_umems = 0, n_objs = 0;
};

FakeRdma* fake = nullptr;

}  // namespace

// ---- the fake rdma-core (extern "C", exported from the executable) ---------
extern "C" {

ibv_device** ibv_get_device_list(int* n) {
  if (fake->list_null) {
    errno = fake->list_errno;
    return nullptr;
  }
  for (size_t i = 0; i < fake->names.size(); ++i) {
    std::memset(&fake->devs[i], 0, sizeof(ibv_device));
    std::snprintf(fake->devs[i].name, sizeof fake->devs[i].name, "%s", fake->names[i].c_str());
    fake->list[i] = &fake->devs[i];
  }
  fake->list[fake->names.size()] = nullptr;
  *n = static_cast<int>(fake->names.size());
  return fake->list;
}
void ibv_free_device_list(ibv_device**) {}
const char* ibv_get_device_name(ibv_device* d) { return d->name; }
bool mlx5dv_is_supported(ibv_device* d) { return fake->is_mlx5[static_cast<size_t>(d - fake->devs)]; }
ibv_context* mlx5dv_open_device(ibv_device* d, mlx5dv_context_attr* attr) {
  if (fake->open_errno || !(attr->flags & MLX5DV_CONTEXT_FLAGS_DEVX)) {
    errno = fake->open_errno ? fake->open_errno : EINVAL;
    return nullptr;
  }
  std::memset(&fake->ctx, 0, sizeof fake->ctx);
  fake->ctx.device = d;
  ++fake->opens;
  return &fake->ctx;
}
int ibv_close_device(ibv_context*) { return 0; }
int ibv_query_device(ibv_context*, ibv_device_attr* a) {
  std::memset(a, 0, sizeof *a);
  a->phys_port_cnt = 2;
  a->max_qp_rd_atom = 16;
  a->max_qp_init_rd_atom = 256;  // clamped to the 3-bit field
  a->atomic_cap = IBV_ATOMIC_HCA;
  return 0;
}
// (parenthesised: verbs.h defines these names as function-like macros too)
int(ibv_query_port)(ibv_context*, uint8_t port, _compat_ibv_port_attr* out) {
  auto* a = reinterpret_cast<ibv_port_attr*>(out);
  std::memset(a, 0, sizeof *a);
  a->state = port == 1 ? fake->port_state : IBV_PORT_DOWN;
  a->active_mtu = IBV_MTU_4096;
  a->lid = static_cast<uint16_t>(fake->lid + (fake->opens > 0 ? fake->opens - 1 : 0));
  a->link_layer = fake->link_layer;
  a->gid_tbl_len = static_cast<int>(fake->gids.size());
  a->max_msg_sz = 1u << 31;
  return 0;
}
int ibv_query_gid(ibv_context*, uint8_t, int index, ibv_gid* gid) {
  std::memset(gid, 0, sizeof *gid);
  gid->raw[15] = static_cast<uint8_t>(index);
  return 0;
}
int _ibv_query_gid_ex(ibv_context*, uint32_t, uint32_t index, ibv_gid_entry* e, uint32_t, size_t) {
  if (index >= fake->gids.size()) return ENODATA;
  std::memset(e, 0, sizeof *e);
  std::memcpy(e->gid.raw, fake->gids[index].raw, 16);
  e->gid_index = index;
  e->gid_type = fake->gids[index].type;
  if (fake->tag_gids) e->gid.raw[15] = static_cast<uint8_t>(fake->opens);
  return 0;
}
ibv_pd* ibv_alloc_pd(ibv_context* c) {
  fake->pd.context = c;
  return &fake->pd;
}
int ibv_dealloc_pd(ibv_pd*) { return 0; }
int mlx5dv_init_obj(mlx5dv_obj* o, uint64_t type) {
  if (type == MLX5DV_OBJ_PD) o->pd.out->pdn = 0x5d;
  if (type == MLX5DV_OBJ_AH) {
    const uint8_t mac[6] = {0x02, 0x15, 0x5d, 0x1e, 0x2f, 0x30};
    std::memcpy(fake->av.rmac, mac, 6);
    o->ah.out->av = &fake->av;
  }
  return 0;
}
mlx5dv_devx_uar* mlx5dv_devx_alloc_uar(ibv_context*, uint32_t flags) {
  fake->uar.base_addr = fake->uar_page;
  fake->uar.reg_addr = fake->uar_page + 0x800;
  fake->uar.page_id = flags == MLX5DV_UAR_ALLOC_TYPE_NC ? 0x77 : 0x66;
  return &fake->uar;
}
void mlx5dv_devx_free_uar(mlx5dv_devx_uar*) {}
int mlx5dv_devx_query_eqn(ibv_context*, uint32_t, uint32_t* eqn) {
  *eqn = 0x29;
  return 0;
}
static ibv_mr* fake_mr(int access) {
  fake->last_access = access;
  if (fake->reg_mr_errno) {
    errno = fake->reg_mr_errno;
    return nullptr;
  }
  fake->mr.lkey = 0x1111;
  fake->mr.rkey = 0x2222;
  return &fake->mr;
}
ibv_mr*(ibv_reg_mr)(ibv_pd*, void*, size_t, int access) { return fake_mr(access); }
ibv_mr* ibv_reg_mr_iova2(ibv_pd*, void*, size_t, uint64_t, unsigned int access) {
  return fake_mr(static_cast<int>(access));
}
ibv_mr* ibv_reg_dmabuf_mr(ibv_pd*, uint64_t, size_t, uint64_t, int, int access) {
  fake->last_access = access;
  if (fake->dmabuf_errno) {
    errno = fake->dmabuf_errno;
    return nullptr;
  }
  fake->used_dmabuf = true;
  fake->mr.lkey = 0x3333;
  fake->mr.rkey = 0x4444;
  return &fake->mr;
}
int ibv_dereg_mr(ibv_mr*) { return 0; }
ibv_ah* ibv_create_ah(ibv_pd*, ibv_ah_attr*) { return &fake->ah; }
int ibv_destroy_ah(ibv_ah*) { return 0; }
mlx5dv_devx_umem* mlx5dv_devx_umem_reg_ex(ibv_context*, mlx5dv_devx_umem_in* in) {
  if (fake->umem_errno) {
    errno = fake->umem_errno;
    return nullptr;
  }
  EXPECT_NE(in->pgsz_bitmap, 0u);
  fake->umem_ins.push_back(*in);
  auto* u = &fake->umems[fake->n_umems++];
  u->umem_id = 0xa0 + static_cast<uint32_t>(fake->n_umems);
  ++fake->umems_live;
  return u;
}
int mlx5dv_devx_umem_dereg(mlx5dv_devx_umem*) {
  --fake->umems_live;
  return 0;
}
mlx5dv_devx_obj* mlx5dv_devx_obj_create(ibv_context*, const void* in, size_t inlen, void* out, size_t outlen) {
  const auto* b = static_cast<const uint8_t*>(in);
  const auto op = static_cast<uint16_t>(prm::get(b, {0, 16}));
  fake->commands.push_back({op, std::vector<uint8_t>(b, b + inlen)});
  std::memset(out, 0, outlen);
  auto* o = static_cast<uint8_t*>(out);
  if (op == fake->fail_opcode) {
    prm::set(o, {0, 8}, fake->fail_status);
    prm::set(o, {0x20, 32}, 0x1234abcd);
    errno = fake->fail_status ? EREMOTEIO : fake->fail_errno;
    return nullptr;
  }
  auto* obj = &fake->objs[fake->n_objs++];
  obj->id = fake->next_id++;
  obj->opcode = op;
  prm::set(o, {0x48, 24}, obj->id);
  return obj;
}
int mlx5dv_devx_obj_modify(mlx5dv_devx_obj*, const void* in, size_t inlen, void* out, size_t outlen) {
  const auto* b = static_cast<const uint8_t*>(in);
  const auto op = static_cast<uint16_t>(prm::get(b, {0, 16}));
  fake->commands.push_back({op, std::vector<uint8_t>(b, b + inlen)});
  std::memset(out, 0, outlen);
  if (op == fake->fail_opcode) {
    prm::set(static_cast<uint8_t*>(out), {0, 8}, fake->fail_status);
    return fake->fail_status ? EREMOTEIO : fake->fail_errno;  // the errno value (mlx5dv_devx_obj_modify(3))
  }
  return 0;
}
int mlx5dv_devx_general_cmd(ibv_context*, const void* in, size_t inlen, void* out, size_t outlen) {
  const auto* b = static_cast<const uint8_t*>(in);
  EXPECT_EQ(inlen, prm::query_hca_cap_in_bytes);
  EXPECT_EQ(outlen, prm::query_hca_cap_out_bytes);
  EXPECT_EQ(prm::get(b, {0, 16}), prm::op_query_hca_cap);
  EXPECT_EQ(prm::get(b, {0x30, 16}), 1u);
  std::memset(out, 0, outlen);
  if (fake->caps_fail) return EPERM;
  prm::set(static_cast<uint8_t*>(out), {0x80 + 0x440, 2}, fake->sq_ts_cap);
  return 0;
}
int mlx5dv_devx_obj_destroy(mlx5dv_devx_obj* o) {
  fake->destroyed.push_back(o->id);
  return 0;
}

}  // extern "C"

namespace {

const shoal_ibgda_devx_plugin_v1_t* plugin() {
  static const shoal_ibgda_devx_plugin_v1_t* p = [] {
    void* h = dlopen(SHOAL_DEVX_PLUGIN_PATH, RTLD_NOW | RTLD_LOCAL);
    if (!h) return static_cast<const shoal_ibgda_devx_plugin_v1_t*>(nullptr);
    auto fn = reinterpret_cast<shoal_ibgda_devx_plugin_v1_fn>(dlsym(h, SHOAL_IBGDA_DEVX_PLUGIN_SYMBOL));
    return fn ? fn() : nullptr;
  }();
  return p;
}

// Queue memory: page-aligned host buffers.
struct Queues {
  void* sq = std::aligned_alloc(4096, 4096 * 4);
  void* cq = std::aligned_alloc(4096, 4096);
  void* dbr = std::aligned_alloc(4096, 4096);
  ~Queues() {
    std::free(sq);
    std::free(cq);
    std::free(dbr);
  }
  shoal_ibgda_qp_args_v1_t args(int mem = SHOAL_IBGDA_MEM_HOST) const {
    shoal_ibgda_qp_args_v1_t a{};
    a.sq = {sq, 4096 * 4, mem, -1, 0};
    a.sq_depth = 256;
    a.cq = {cq, 4096, mem, -1, 0};
    a.cq_depth = 64;
    a.dbr = {dbr, 4096, mem, -1, 0};
    return a;
  }
};

class DevxFakeNic : public ::testing::Test {
 protected:
  void SetUp() override {
    fake = new FakeRdma;
    unsetenv("SHOAL_HCA_LIST");
    unsetenv("SHOAL_IB_GID_INDEX");
    ASSERT_NE(plugin(), nullptr) << "cannot load " << SHOAL_DEVX_PLUGIN_PATH;
  }
  void TearDown() override {
    if (ctx) plugin()->close(ctx);
    delete fake;
    fake = nullptr;
  }
  int open(const char* hca_list = nullptr, int gid_index = -1) {
    shoal_ibgda_open_args_v1_t a{};
    a.hca_list = hca_list;
    a.gid_index = gid_index;
    return plugin()->open(&a, &ctx, err, sizeof err);
  }
  int create_qp(const shoal_ibgda_qp_args_v1_t& a) { return plugin()->create_qp(ctx, &a, &qp, &out, err, sizeof err); }
  const Command* command(uint16_t op) const {
    for (const auto& c : fake->commands)
      if (c.opcode == op) return &c;
    return nullptr;
  }
  shoal_ibgda_ctx_t* ctx = nullptr;
  shoal_ibgda_qp_t* qp = nullptr;  // the last create_qp's
  shoal_ibgda_qp_out_v1_t out{};
  char err[512] = {};
};

bool has(const char* text, const char* part) { return std::strstr(text, part) != nullptr; }

TEST_F(DevxFakeNic, EmptyDeviceList) {
  fake->names.clear();
  EXPECT_EQ(open(), SHOAL_IBGDA_E_NO_DEVICE);
  EXPECT_TRUE(has(err, "no RDMA device: ibv_get_device_list found none")) << err;
}

TEST_F(DevxFakeNic, NotMlx5) {
  fake->names = {"rxe0"};
  fake->is_mlx5 = {false};
  EXPECT_EQ(open(), SHOAL_IBGDA_E_NOT_MLX5);
  EXPECT_TRUE(has(err, "not an mlx5 device")) << err;
  EXPECT_TRUE(has(err, "rxe0")) << err;
}

TEST_F(DevxFakeNic, HcaListNamesNoExistingDevice) {
  EXPECT_EQ(open("mlx5_7:1"), SHOAL_IBGDA_E_NO_DEVICE);
  EXPECT_TRUE(has(err, "SHOAL_HCA_LIST=\"mlx5_7:1\"")) << err;
  EXPECT_TRUE(has(err, "devices: mlx5_0, mlx5_1")) << err;
}

TEST_F(DevxFakeNic, DevxNotPermitted) {
  fake->open_errno = EPERM;
  EXPECT_EQ(open(), SHOAL_IBGDA_E_DEVX_DENIED);
  EXPECT_TRUE(has(err, "mlx5dv_open_device(mlx5_0, DevX)")) << err;
  EXPECT_TRUE(has(err, "DevX is not permitted in this container")) << err;
}

TEST_F(DevxFakeNic, DevxNotSupportedByFirmware) {
  fake->open_errno = EINVAL;
  EXPECT_EQ(open(), SHOAL_IBGDA_E_NOT_MLX5);
  EXPECT_TRUE(has(err, "DevX is not supported by this kernel driver or firmware")) << err;
}

TEST_F(DevxFakeNic, PortNotActive) {
  fake->port_state = IBV_PORT_DOWN;
  EXPECT_EQ(open(), SHOAL_IBGDA_E_PORT);
  EXPECT_TRUE(has(err, "mlx5_0: no active port")) << err;
  EXPECT_EQ(open("mlx5_1:1"), SHOAL_IBGDA_E_PORT);
  EXPECT_TRUE(has(err, "mlx5_1 port 1 is not active")) << err;
}

TEST_F(DevxFakeNic, RoceWithoutV2GidSaysWhatToConfigure) {
  fake->link_layer = IBV_LINK_LAYER_ETHERNET;
  fake->gids = {{IBV_GID_TYPE_ROCE_V1, {0xfe, 0x80}}};
  EXPECT_EQ(open(), SHOAL_IBGDA_E_PORT);
  EXPECT_TRUE(has(err, "no RoCE v2 GID")) << err;
}

TEST_F(DevxFakeNic, InfiniBandSetupEncodesWhatItOpened) {
  ASSERT_EQ(open("mlx5_1:1"), 0) << err;
  shoal_ibgda_device_info_v1_t info{};
  ASSERT_EQ(plugin()->query(ctx, &info, err, sizeof err), 0);
  EXPECT_STREQ(info.device, "mlx5_1");
  EXPECT_EQ(info.port, 1);
  EXPECT_EQ(info.link, SHOAL_IBGDA_LINK_IB);
  EXPECT_EQ(info.lid, 0x2au);
  EXPECT_EQ(info.pdn, 0x5du);
  EXPECT_EQ(info.log_max_msg, 31);
  EXPECT_EQ(info.atomics, 1);

  Queues q;
  const shoal_ibgda_qp_args_v1_t a = q.args();
  ASSERT_EQ(create_qp(a), 0) << err;
  // umem ids: sq 0xa1, cq 0xa2, dbr 0xa3; CQ object 0x100, QP 0x101.
  const Command* cq = command(prm::op_create_cq);
  const Command* qpc = command(prm::op_create_qp);
  ASSERT_TRUE(cq && qpc);
  EXPECT_EQ(cq->in.size(), prm::create_cq_in_bytes);
  EXPECT_EQ(prm::get(cq->in.data(), {0x80 + 0x63, 5}), 6u);      // log_cq_size: 64 CQEs
  EXPECT_EQ(prm::get(cq->in.data(), {0x80 + 0x68, 24}), 0x77u);  // the NC UAR's page
  EXPECT_EQ(prm::get(cq->in.data(), {0x80 + 0xa0, 32}), 0x29u);  // eqn
  EXPECT_EQ(prm::get(cq->in.data(), {0x80 + 0x20, 32}), 0xa3u);  // dbr umem
  EXPECT_EQ(prm::get(cq->in.data(), {0x80 + 0x1c0, 64}), 64u);   // CQ record at dbr + 64
  EXPECT_EQ(prm::get(cq->in.data(), {0x2c0, 32}), 0xa2u);        // CQ ring umem
  EXPECT_EQ(prm::get(qpc->in.data(), {0xc0 + 0x28, 24}), 0x5du);  // pd
  EXPECT_EQ(prm::get(qpc->in.data(), {0xc0 + 0x51, 4}), 8u);     // log_sq_size: 256
  EXPECT_EQ(prm::get(qpc->in.data(), {0xc0 + 0x3e8, 24}), 0x100u);  // cqn_snd = the CQ just made
  EXPECT_EQ(prm::get(qpc->in.data(), {0xc0 + 0x4e8, 24}), 0x100u);  // cqn_rcv
  EXPECT_EQ(prm::get(qpc->in.data(), {0xc0 + 0x720, 32}), 0xa3u);   // dbr umem
  EXPECT_EQ(prm::get(qpc->in.data(), {0xc0 + 0x500, 64}), 0u);      // SQ record at dbr + 0
  EXPECT_EQ(prm::get(qpc->in.data(), {0x840, 32}), 0xa1u);          // WQ umem
  EXPECT_EQ(prm::get(qpc->in.data(), {0xc0 + 0x58, 2}), 0u);        // ts_format: free running
  EXPECT_EQ(out.qpn, 0x101u);
  EXPECT_EQ(out.cqn, 0x100u);
  EXPECT_EQ(out.sq, q.sq);
  EXPECT_EQ(out.sq_depth, 256u);
  EXPECT_EQ(out.dbr, q.dbr);
  EXPECT_EQ(out.cq_dbr, reinterpret_cast<uint32_t*>(static_cast<uint8_t*>(q.dbr) + 64));
  EXPECT_EQ(reinterpret_cast<uint8_t*>(out.uar), fake->uar_page + 0x800);
  EXPECT_EQ(out.uar_page, fake->uar_page);

  shoal_ibgda_connect_args_v1_t ca{};
  ca.local_psn = 0x123456;
  ca.sl = 3;
  shoal_ibgda_remote_v1_t r{};
  r.qpn = 0x4242;
  r.lid = 0x17;
  r.psn = 0xabcdef;
  r.link = SHOAL_IBGDA_LINK_IB;
  ASSERT_EQ(plugin()->connect(qp, &ca, &r, err, sizeof err), 0) << err;
  ASSERT_EQ(fake->commands.size(), 5u);
  EXPECT_EQ(fake->commands[2].opcode, prm::op_rst2init_qp);
  EXPECT_EQ(fake->commands[3].opcode, prm::op_init2rtr_qp);
  EXPECT_EQ(fake->commands[4].opcode, prm::op_rtr2rts_qp);
  for (size_t i = 2; i < 5; ++i) EXPECT_EQ(prm::get(fake->commands[i].in.data(), {0x48, 24}), 0x101u);
  const uint8_t* rtr = fake->commands[3].in.data();
  EXPECT_EQ(prm::get(rtr, {0xc0 + 0xa8, 24}), 0x4242u);        // remote_qpn
  EXPECT_EQ(prm::get(rtr, {0xc0 + 0x4a8, 24}), 0xabcdefu);     // next_rcv_psn
  EXPECT_EQ(prm::get(rtr, {0xc0 + 0x40, 3}), 5u);              // mtu 4096
  EXPECT_EQ(prm::get(rtr, {0xc0 + 0x43, 5}), 30u);             // log_msg_max, capped at 30
  EXPECT_EQ(prm::get(rtr, {0xc0 + 0x488, 3}), 4u);             // log_rra_max: 16
  EXPECT_EQ(prm::get(rtr, {0x180 + 0x30, 16}), 0x17u);         // rlid
  EXPECT_EQ(prm::get(rtr, {0x180 + 0x28, 1}), 0u);             // no GRH on IB
  EXPECT_EQ(prm::get(rtr, {0x180 + 0x124, 4}), 3u);            // sl
  const uint8_t* rts = fake->commands[4].in.data();
  EXPECT_EQ(prm::get(rts, {0xc0 + 0x3c8, 24}), 0x123456u);     // next_send_psn
  EXPECT_EQ(prm::get(rts, {0xc0 + 0x388, 3}), 7u);             // log_sra_max: 256 clamped to 2^7
  EXPECT_EQ(prm::get(rts, {0x180 + 0x40, 5}), 20u);            // ack_timeout

  EXPECT_EQ(plugin()->destroy_qp(qp), 0);
  ASSERT_EQ(fake->destroyed.size(), 2u);
  EXPECT_EQ(fake->destroyed[0], 0x101u);  // the QP before its CQ
  EXPECT_EQ(fake->destroyed[1], 0x100u);
  EXPECT_EQ(fake->umems_live, 0);
}

TEST_F(DevxFakeNic, RoceAutoSelectsV2Ipv4GidAndResolvesTheMac) {
  fake->link_layer = IBV_LINK_LAYER_ETHERNET;
  fake->gids = {{IBV_GID_TYPE_ROCE_V1, {0xfe, 0x80, 0, 0, 0, 0, 0, 0, 1}},
                {IBV_GID_TYPE_ROCE_V2, {0xfe, 0x80, 0, 0, 0, 0, 0, 0, 1}},
                {IBV_GID_TYPE_ROCE_V1, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 1}},
                {IBV_GID_TYPE_ROCE_V2, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 1}}};
  ASSERT_EQ(open(), 0) << err;
  shoal_ibgda_device_info_v1_t info{};
  ASSERT_EQ(plugin()->query(ctx, &info, err, sizeof err), 0);
  EXPECT_EQ(info.link, SHOAL_IBGDA_LINK_ROCE);
  EXPECT_EQ(info.gid_index, 3);
  EXPECT_EQ(info.gid[12], 10);

  Queues q;
  const shoal_ibgda_qp_args_v1_t a = q.args();
  ASSERT_EQ(create_qp(a), 0) << err;
  shoal_ibgda_connect_args_v1_t ca{};
  ca.sl = 5;
  ca.traffic_class = 0x68;
  shoal_ibgda_remote_v1_t r{};
  r.qpn = 0x4242;
  const uint8_t peer_gid[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 2};
  std::memcpy(r.gid, peer_gid, 16);
  r.link = SHOAL_IBGDA_LINK_ROCE;
  ASSERT_EQ(plugin()->connect(qp, &ca, &r, err, sizeof err), 0) << err;
  const uint8_t* rtr = command(prm::op_init2rtr_qp)->in.data();
  EXPECT_EQ(prm::get(rtr, {0x180 + 0x28, 1}), 1u);             // GRH
  EXPECT_EQ(std::memcmp(rtr + (0x180 + 0x80) / 8, peer_gid, 16), 0);
  EXPECT_EQ(prm::get(rtr, {0x180 + 0x48, 8}), 3u);             // our GID index
  EXPECT_EQ(prm::get(rtr, {0x180 + 0x64, 8}), 0x68u);          // traffic class
  EXPECT_EQ(prm::get(rtr, {0x180 + 0x121, 3}), 5u);            // priority
  EXPECT_EQ(prm::get(rtr, {0x180 + 0x130, 16}), 0x0215u);      // MAC from the address handle
  EXPECT_EQ(prm::get(rtr, {0x180 + 0x140, 32}), 0x5d1e2f30u);
  EXPECT_EQ(prm::get(rtr, {0x180 + 0x110, 16}) & 0xc000u, 0xc000u);  // UDP source port
  r.link = SHOAL_IBGDA_LINK_IB;
  EXPECT_EQ(plugin()->connect(qp, &ca, &r, err, sizeof err), SHOAL_IBGDA_E_INVALID);
  EXPECT_EQ(plugin()->destroy_qp(qp), 0);
}

std::vector<std::string> log_lines;

TEST_F(DevxFakeNic, LogsWhatItOpened) {
  log_lines.clear();
  shoal_ibgda_open_args_v1_t a{};
  a.gpu_pci_bus_id = "0000:3b:00.0";  // not in this machine's topology: first candidate
  a.gid_index = -1;
  a.log = [](int level, const char* m) {
    EXPECT_GE(level, 3);
    log_lines.push_back(m);
  };
  ASSERT_EQ(plugin()->open(&a, &ctx, err, sizeof err), 0) << err;
  ASSERT_EQ(log_lines.size(), 1u);
  EXPECT_TRUE(has(log_lines[0].c_str(), "ibgda: mlx5_0 port 1 (IB)")) << log_lines[0];
  EXPECT_TRUE(has(log_lines[0].c_str(), "distance to GPU -1, pdn 0x5d, non-cached UAR page 119")) << log_lines[0];
}

// A machine description for hwloc (HWLOC_XMLFILE): one host bridge, the GPU
// 0000:01:00.0 and mlx5_1 behind one switch port, mlx5_0 behind another.
const char* const kTopology = R"(<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE topology SYSTEM "hwloc2.dtd">
<topology version="2.0">
 <object type="Machine" os_index="0" cpuset="0x1" complete_cpuset="0x1" allowed_cpuset="0x1" nodeset="0x1" complete_nodeset="0x1" allowed_nodeset="0x1" gp_index="1">
  <object type="Package" os_index="0" cpuset="0x1" complete_cpuset="0x1" nodeset="0x1" complete_nodeset="0x1" gp_index="3">
   <object type="NUMANode" os_index="0" cpuset="0x1" complete_cpuset="0x1" nodeset="0x1" complete_nodeset="0x1" gp_index="4" local_memory="1073741824"/>
   <object type="PU" os_index="0" cpuset="0x1" complete_cpuset="0x1" nodeset="0x1" complete_nodeset="0x1" gp_index="2"/>
   <object type="Bridge" gp_index="10" bridge_type="0-1" depth="0" bridge_pci="0000:[00-0f]">
    <object type="Bridge" gp_index="11" bridge_type="1-1" depth="1" bridge_pci="0000:[01-01]" pci_busid="0000:00:01.0" pci_type="0604 [8086:0001] [0000:0000] 00" pci_link_speed="0.000000">
     <object type="PCIDev" gp_index="12" pci_busid="0000:01:00.0" pci_type="0302 [10de:2335] [0000:0000] a1" pci_link_speed="0.000000"/>
     <object type="PCIDev" gp_index="13" pci_busid="0000:01:00.1" pci_type="0207 [15b3:1021] [0000:0000] 00" pci_link_speed="0.000000">
      <object type="OSDev" gp_index="14" name="mlx5_1" osdev_type="3"/>
     </object>
    </object>
    <object type="Bridge" gp_index="15" bridge_type="1-1" depth="1" bridge_pci="0000:[02-02]" pci_busid="0000:00:02.0" pci_type="0604 [8086:0001] [0000:0000] 00" pci_link_speed="0.000000">
     <object type="PCIDev" gp_index="16" pci_busid="0000:02:00.0" pci_type="0207 [15b3:1021] [0000:0000] 00" pci_link_speed="0.000000">
      <object type="OSDev" gp_index="17" name="mlx5_0" osdev_type="3"/>
     </object>
    </object>
   </object>
  </object>
 </object>
</topology>
)";

TEST_F(DevxFakeNic, PicksTheNicClosestToTheGpu) {
  char path[] = "/tmp/shoal_devx_topoXXXXXX";
  const int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(write(fd, kTopology, std::strlen(kTopology)), static_cast<ssize_t>(std::strlen(kTopology)));
  close(fd);
  setenv("HWLOC_XMLFILE", path, 1);
  struct Case {
    const char* hca_list;
    const char* device;
    const char* bus_id;
    int distance;
  };
  // mlx5_1 is listed second but sits behind the GPU's switch port; with the
  // list restricted to mlx5_0, that one, through the host bridge.
  for (const Case& k : {Case{nullptr, "mlx5_1", "0000:01:00.1", 2}, Case{"mlx5_0", "mlx5_0", "0000:02:00.0", 4}}) {
    shoal_ibgda_open_args_v1_t a{};
    a.gpu_pci_bus_id = "0000:01:00.0";
    a.hca_list = k.hca_list;
    a.gid_index = -1;
    ASSERT_EQ(plugin()->open(&a, &ctx, err, sizeof err), 0) << err;
    shoal_ibgda_device_info_v1_t info{};
    plugin()->query(ctx, &info, err, sizeof err);
    EXPECT_STREQ(info.device, k.device);
    EXPECT_STREQ(info.nic_pci_bus_id, k.bus_id);
    EXPECT_EQ(info.pci_distance, k.distance);
    plugin()->close(ctx);
    ctx = nullptr;
  }
  unsetenv("HWLOC_XMLFILE");
  unlink(path);
}

TEST_F(DevxFakeNic, GidIndexFromEnvironment) {
  fake->link_layer = IBV_LINK_LAYER_ETHERNET;
  fake->gids = {{IBV_GID_TYPE_ROCE_V2, {0xfe, 0x80}}, {IBV_GID_TYPE_ROCE_V2, {0x20, 0x01}}};
  setenv("SHOAL_IB_GID_INDEX", "1", 1);
  ASSERT_EQ(open(), 0) << err;
  shoal_ibgda_device_info_v1_t info{};
  ASSERT_EQ(plugin()->query(ctx, &info, err, sizeof err), 0);
  EXPECT_EQ(info.gid_index, 1);
  plugin()->close(ctx);
  ctx = nullptr;
  setenv("SHOAL_IB_GID_INDEX", "9", 1);
  EXPECT_EQ(open(), SHOAL_IBGDA_E_PORT);
  EXPECT_TRUE(has(err, "SHOAL_IB_GID_INDEX=9 is not a valid GID entry")) << err;
  setenv("SHOAL_IB_GID_INDEX", "x", 1);
  EXPECT_EQ(open(), SHOAL_IBGDA_E_INVALID);
}

TEST_F(DevxFakeNic, TimestampFormatFollowsTheDeviceCaps) {
  for (uint32_t cap : {1u, 2u}) {
    fake->sq_ts_cap = cap;
    fake->commands.clear();
    ASSERT_EQ(open(), 0) << err;
    Queues q;
    const shoal_ibgda_qp_args_v1_t a = q.args();
    ASSERT_EQ(create_qp(a), 0) << err;
    EXPECT_EQ(prm::get(command(prm::op_create_qp)->in.data(), {0xc0 + 0x58, 2}), cap == 1 ? 1u : 0u) << cap;
    plugin()->destroy_qp(qp);
    plugin()->close(ctx);
    ctx = nullptr;
  }
  fake->caps_fail = true;  // not fatal: free running
  ASSERT_EQ(open(), 0) << err;
}

TEST_F(DevxFakeNic, CommandFailureReportsStatusAndSyndrome) {
  ASSERT_EQ(open(), 0) << err;
  fake->fail_opcode = prm::op_create_qp;
  fake->fail_status = 0x3;
  Queues q;
  const shoal_ibgda_qp_args_v1_t a = q.args();
  EXPECT_EQ(create_qp(a), SHOAL_IBGDA_E_CMD);
  EXPECT_TRUE(has(err, "CREATE_QP failed: status 0x3 (bad parameter), syndrome 0x1234abcd")) << err;
  EXPECT_EQ(qp, nullptr);
  EXPECT_EQ(fake->destroyed.size(), 1u);  // the CQ made before
  EXPECT_EQ(fake->umems_live, 0);
}

TEST_F(DevxFakeNic, ObjectCreationDeniedIsNamed) {
  ASSERT_EQ(open(), 0) << err;
  fake->fail_opcode = prm::op_create_cq;
  fake->fail_errno = EPERM;
  Queues q;
  const shoal_ibgda_qp_args_v1_t a = q.args();
  EXPECT_EQ(create_qp(a), SHOAL_IBGDA_E_DEVX_DENIED);
  EXPECT_TRUE(has(err, "mlx5dv_devx_obj_create(CREATE_CQ)")) << err;
  EXPECT_TRUE(has(err, "not permitted in this container")) << err;
}

TEST_F(DevxFakeNic, TransitionFailureNamesTheTransition) {
  ASSERT_EQ(open(), 0) << err;
  Queues q;
  const shoal_ibgda_qp_args_v1_t a = q.args();
  ASSERT_EQ(create_qp(a), 0) << err;
  fake->fail_opcode = prm::op_init2rtr_qp;
  fake->fail_status = 0x10;
  shoal_ibgda_connect_args_v1_t ca{};
  shoal_ibgda_remote_v1_t r{};
  r.link = SHOAL_IBGDA_LINK_IB;
  EXPECT_EQ(plugin()->connect(qp, &ca, &r, err, sizeof err), SHOAL_IBGDA_E_CMD);
  EXPECT_TRUE(has(err, "INIT2RTR_QP failed: status 0x10 (bad QP state)")) << err;
  fake->fail_opcode = prm::op_rtr2rts_qp;
  fake->fail_status = 0;
  fake->fail_errno = EPERM;
  EXPECT_EQ(plugin()->connect(qp, &ca, &r, err, sizeof err), SHOAL_IBGDA_E_DEVX_DENIED);
  EXPECT_TRUE(has(err, "mlx5dv_devx_obj_modify(RTR2RTS_QP)")) << err;
  plugin()->destroy_qp(qp);
}

TEST_F(DevxFakeNic, QueueArgumentsAreChecked) {
  ASSERT_EQ(open(), 0) << err;
  Queues q;
  shoal_ibgda_qp_args_v1_t a = q.args();
  a.sq_depth = 100;
  EXPECT_EQ(create_qp(a), SHOAL_IBGDA_E_INVALID);
  a = q.args();
  a.sq.addr = static_cast<uint8_t*>(q.sq) + 64;
  EXPECT_EQ(create_qp(a), SHOAL_IBGDA_E_INVALID);
  EXPECT_TRUE(has(err, "SQ memory must be page aligned")) << err;
  // GPU queue memory by dma-buf: the umem's addr is the offset into the dma-buf
  a = q.args(SHOAL_IBGDA_MEM_GPU);
  a.sq.dmabuf_fd = 9;
  a.sq.dmabuf_offset = 0x20000;
  ASSERT_EQ(create_qp(a), 0) << err;
  ASSERT_EQ(fake->umem_ins.size(), 3u);
  EXPECT_EQ(fake->umem_ins[0].comp_mask, uint64_t{MLX5DV_UMEM_MASK_DMABUF});
  EXPECT_EQ(fake->umem_ins[0].dmabuf_fd, 9);
  EXPECT_EQ(fake->umem_ins[0].addr, reinterpret_cast<void*>(0x20000));
  EXPECT_EQ(fake->umem_ins[1].comp_mask, 0u);  // no fd: the address itself (peer memory)
  EXPECT_EQ(fake->umem_ins[1].addr, q.cq);
  EXPECT_EQ(out.sq, q.sq);  // device code still uses the GPU address
  plugin()->destroy_qp(qp);
  fake->umem_errno = EFAULT;
  EXPECT_EQ(create_qp(a), SHOAL_IBGDA_E_NO_GPU_REG);
  EXPECT_TRUE(has(err, "GPU SQ memory cannot be given to the NIC (dma-buf umem needs")) << err;
  a = q.args(SHOAL_IBGDA_MEM_GPU);
  EXPECT_EQ(create_qp(a), SHOAL_IBGDA_E_NO_GPU_REG);
  EXPECT_TRUE(has(err, "without a dma-buf fd this needs the nvidia-peermem module")) << err;
}

TEST_F(DevxFakeNic, MemoryRegistrationPaths) {
  ASSERT_EQ(open(), 0) << err;
  alignas(64) static uint8_t buf[4096];
  const shoal_ibgda_region_v1_t host{buf, sizeof buf, SHOAL_IBGDA_MEM_HOST, -1, 0};
  const shoal_ibgda_region_v1_t gpu{buf, sizeof buf, SHOAL_IBGDA_MEM_GPU, 7, 0};
  shoal_ibgda_mr_t* mr = nullptr;
  shoal_ibgda_mr_info_v1_t mi{};
  const int want = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC;
  // host memory: ibv_reg_mr, strict ordering
  ASSERT_EQ(plugin()->reg_mr(ctx, &host, 0, &mr, &mi, err, sizeof err), 0) << err;
  EXPECT_EQ(fake->last_access, want);
  EXPECT_EQ(mi.lkey, 0x1111u);
  EXPECT_EQ(mi.via_dmabuf, 0);
  plugin()->dereg_mr(mr);
  // GPU memory with a dma-buf fd
  ASSERT_EQ(plugin()->reg_mr(ctx, &gpu, 0, &mr, &mi, err, sizeof err), 0) << err;
  EXPECT_EQ(mi.rkey, 0x4444u);
  EXPECT_EQ(mi.via_dmabuf, 1);
  plugin()->dereg_mr(mr);
  // dma-buf refused, peer memory works
  fake->dmabuf_errno = EOPNOTSUPP;
  ASSERT_EQ(plugin()->reg_mr(ctx, &gpu, 0, &mr, &mi, err, sizeof err), 0) << err;
  EXPECT_EQ(mi.via_dmabuf, 0);
  plugin()->dereg_mr(mr);
  // both refused: the message names both
  fake->reg_mr_errno = EFAULT;
  EXPECT_EQ(plugin()->reg_mr(ctx, &gpu, 0, &mr, &mi, err, sizeof err),
            SHOAL_IBGDA_E_NO_GPU_REG);
  EXPECT_TRUE(has(err, "ibv_reg_dmabuf_mr failed")) << err;
  EXPECT_TRUE(has(err, "nvidia-peermem")) << err;
  // relaxed ordering only on request
  fake->reg_mr_errno = 0;
  ASSERT_EQ(plugin()->reg_mr(ctx, &host, 1, &mr, &mi, err, sizeof err), 0);
  EXPECT_EQ(fake->last_access, want | IBV_ACCESS_RELAXED_ORDERING);
  plugin()->dereg_mr(mr);
}

// ---- the IBGDA backend adapter (adapter.h) and the table (table.h) --------
// Several PEs in this process, each with its own DevxBackend on the fake
// NIC; the allgather is the concatenation of their records.

namespace dx = shoal::ibgda::devx;
namespace ib = shoal::ibgda;

struct Pe {
  std::unique_ptr<dx::DevxBackend> backend;
  std::vector<uint64_t> heap = std::vector<uint64_t>(512);
  std::unique_ptr<ib::TableBuilder> builder;
  std::vector<uint8_t> record;
  ib::Table table;
  ~Pe() {
    builder.reset();
    backend.reset();  // the queues, before the table pointing at them
    std::free(table.memory);
  }
};

class DevxAdapter : public DevxFakeNic {
 protected:
  void TearDown() override {
    pes.clear();  // their backends release through the fake
    DevxFakeNic::TearDown();
  }
  // Opens n PEs, prepares them (QPs to every other PE), gathers their
  // records and finishes them. "" or the first failure.
  std::string run(int n, uint32_t qps_per_pe, const dx::Options& o = dx::Options()) {
    pes.clear();
    for (int i = 0; i < n; ++i) pes.push_back(std::make_unique<Pe>());
    for (auto& p : pes)
      if (std::string e = dx::DevxBackend::open(plugin(), o, &p->backend); !e.empty()) return e;
    std::vector<uint8_t> all;
    std::string first;
    for (int i = 0; i < n; ++i) {
      ib::TableArgs a;
      a.my_pe = i;
      a.n_pes = n;
      a.remote.assign(static_cast<size_t>(n), true);
      a.qps_per_pe = qps_per_pe;
      a.sq_depth = 64;
      a.heap = pes[i]->heap.data();
      a.heap_bytes = pes[i]->heap.size() * sizeof(uint64_t);
      a.cpu_doorbell = o.doorbell == "cpu";
      a.timeout_ns = 7;
      pes[i]->builder = std::make_unique<ib::TableBuilder>(*pes[i]->backend, a);
      const std::string e = pes[i]->builder->prepare(&pes[i]->record);
      if (first.empty()) first = e;
      all.insert(all.end(), pes[i]->record.begin(), pes[i]->record.end());
    }
    for (auto& p : pes) {
      const std::string e = p->builder->finish(all.data());
      finish_errors.push_back(e);
      if (first.empty()) first = e;
      p->table = p->builder->release();
    }
    return first;
  }
  // The PE and the QP slot owning QP number qpn.
  bool owner(uint32_t qpn, int* pe, uint32_t* slot) const {
    for (size_t i = 0; i < pes.size(); ++i)
      for (uint32_t k = 0; k < pes[i]->table.n_qps; ++k)
        if (pes[i]->table.qps[k].sq != nullptr && pes[i]->table.qps[k].qpn == qpn) {
          *pe = static_cast<int>(i);
          *slot = k;
          return true;
        }
    return false;
  }
  std::vector<std::unique_ptr<Pe>> pes;
  std::vector<std::string> finish_errors;
};

TEST_F(DevxAdapter, ThreePesTwoQpsEachConnectToTheirPeersQps) {
  ASSERT_EQ(run(3, 2), "");
  // 2 QPs to each of 2 peers per PE: 4 CQs and 4 QPs each, 3 umems per QP.
  size_t qps = 0, cqs = 0, rtrs = 0;
  for (const auto& c : fake->commands) {
    qps += c.opcode == prm::op_create_qp;
    cqs += c.opcode == prm::op_create_cq;
  }
  EXPECT_EQ(qps, 12u);
  EXPECT_EQ(cqs, 12u);
  EXPECT_EQ(fake->umem_ins.size(), 36u);
  EXPECT_EQ(fake->opens, 3);
  for (int i = 0; i < 3; ++i) {
    shoal::ibgda::NicAddress addr;
    ASSERT_EQ(pes[i]->backend->local_address(&addr), "");
    EXPECT_EQ(addr.lid, 0x2au + static_cast<uint32_t>(i));  // LID per open
    EXPECT_EQ(addr.link, static_cast<uint32_t>(SHOAL_IBGDA_LINK_IB));
  }
  // Every INIT2RTR: the QP's owner i and slot (peer p, k) names PE p's k-th
  // QP to i as remote_qpn and PE p's LID as the destination.
  for (const auto& c : fake->commands) {
    if (c.opcode != prm::op_init2rtr_qp) continue;
    ++rtrs;
    int i = -1;
    uint32_t slot = 0;
    ASSERT_TRUE(owner(static_cast<uint32_t>(prm::get(c.in.data(), {0x48, 24})), &i, &slot));
    const int p = static_cast<int>(slot / 2), k = static_cast<int>(slot % 2);
    ASSERT_NE(p, i);
    EXPECT_EQ(prm::get(c.in.data(), {0xc0 + 0xa8, 24}), pes[p]->table.qps[i * 2 + k].qpn) << i << "->" << p;
    EXPECT_EQ(prm::get(c.in.data(), {0x180 + 0x30, 16}), 0x2au + static_cast<uint32_t>(p));
    EXPECT_EQ(prm::get(c.in.data(), {0xc0 + 0x4a8, 24}), 0u);  // the peer's initial PSN
  }
  EXPECT_EQ(rtrs, 12u);
  // The device table holds what the fake returned: the umem'd queue memory,
  // the UAR's doorbell register, the keys and the peers' heaps.
  for (int i = 0; i < 3; ++i) {
    const ib::Table& t = pes[i]->table;
    ASSERT_NE(t.table, nullptr);
    EXPECT_FALSE(t.cpu_doorbell);
    EXPECT_EQ(t.n_qps, 6u);
    EXPECT_EQ(t.table->heap_lkey, 0x1111u);
    EXPECT_EQ(t.table->bounce_cells, 64u);  // one result cell per SQ slot
    EXPECT_EQ(t.table->stage_slots, ib::kStageSlots);
    EXPECT_EQ(t.table->area.bytes, shoal::device::ibgda_area(64, ib::kStageSlots, ib::kStageBytes).bytes);
    EXPECT_EQ(t.table->area.stage, shoal::device::ibgda_area(64, ib::kStageSlots, ib::kStageBytes).stage);
    EXPECT_EQ(t.table->peers[i].n_qps, 0u);
    for (int p = 0; p < 3; ++p) {
      if (p == i) continue;
      const shoal::device::IbgdaPeer& peer = t.table->peers[p];
      EXPECT_EQ(peer.n_qps, 2u);
      EXPECT_EQ(peer.qps, &t.qps[p * 2]);
      EXPECT_EQ(peer.rkey, 0x2222u);
      EXPECT_EQ(peer.heap_addr, reinterpret_cast<uintptr_t>(pes[p]->heap.data()));
      // Each QP's area: the ticket gates start open (slot c for ticket c).
      const shoal::device::IbgdaArea area = shoal::device::ibgda_area(64, ib::kStageSlots, ib::kStageBytes);
      for (int k = 0; k < 2; ++k) {
        const char* a = peer.areas + area.bytes * static_cast<std::size_t>(k);
        for (uint32_t c = 0; c < 64; ++c)
          EXPECT_EQ(reinterpret_cast<const uint64_t*>(a + area.cell_seq)[c], c);
        for (uint32_t c = 0; c < ib::kStageSlots; ++c)
          EXPECT_EQ(reinterpret_cast<const uint64_t*>(a + area.stage_seq)[c], c);
      }
      for (int k = 0; k < 2; ++k) {
        const shoal::mlx5::qp& q = t.qps[p * 2 + k];
        EXPECT_EQ(q.peer, p);
        EXPECT_EQ(q.pe, i);
        EXPECT_EQ(q.sq_depth, 64u);
        EXPECT_EQ(q.timeout_ns, 7u);
        EXPECT_EQ(reinterpret_cast<uint8_t*>(q.uar), fake->uar_page + 0x800);
        EXPECT_EQ(reinterpret_cast<uint8_t*>(q.cq_dbr), reinterpret_cast<uint8_t*>(q.dbr) + 64);
        EXPECT_EQ(q.cq[63], 0xf1);  // every CQE invalid, hardware owned
        bool sq_umem = false, cq_umem = false, dbr_umem = false;
        for (const auto& u : fake->umem_ins) {
          sq_umem |= u.addr == q.sq && u.size == 4096;
          cq_umem |= u.addr == q.cq;
          dbr_umem |= u.addr == q.dbr;
        }
        EXPECT_TRUE(sq_umem && cq_umem && dbr_umem);
      }
    }
  }
}

TEST_F(DevxAdapter, RoceExchangesGids) {
  fake->link_layer = IBV_LINK_LAYER_ETHERNET;
  fake->tag_gids = true;
  fake->gids = {{IBV_GID_TYPE_ROCE_V2, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 0}}};
  ASSERT_EQ(run(2, 1), "");
  // PE 0's QP to PE 1 carries PE 1's GID (the second open: ends in 2), and back.
  for (const auto& c : fake->commands) {
    if (c.opcode != prm::op_init2rtr_qp) continue;
    int i = -1;
    uint32_t slot = 0;
    ASSERT_TRUE(owner(static_cast<uint32_t>(prm::get(c.in.data(), {0x48, 24})), &i, &slot));
    const uint8_t* dgid = c.in.data() + (0x180 + 0x80) / 8;
    EXPECT_EQ(dgid[12], 10);
    EXPECT_EQ(dgid[15], i == 0 ? 2 : 1);
  }
}

TEST_F(DevxAdapter, GpuDoorbellsUseTheMappedRegister) {
  alignas(8) static uint64_t device_view[512];
  dx::Options o;
  o.doorbell = "gpu";
  o.place.map_uar = [](void* page, size_t bytes, uint64_t* reg, uint64_t** device_reg) {
    EXPECT_EQ(page, fake->uar_page);
    EXPECT_EQ(bytes, static_cast<size_t>(sysconf(_SC_PAGESIZE)));
    *device_reg = device_view + (reinterpret_cast<uint8_t*>(reg) - static_cast<uint8_t*>(page)) / 8;
    return std::string();
  };
  ASSERT_EQ(run(2, 1, o), "");
  EXPECT_EQ(pes[0]->table.qps[1].uar, device_view + 0x100);
  EXPECT_FALSE(pes[0]->table.cpu_doorbell);
}

TEST_F(DevxAdapter, RefusedUarMappingMeansCpuDoorbellsOrFailure) {
  dx::Options o;
  o.place.map_uar = [](void*, size_t, uint64_t*, uint64_t**) {
    return dx::describe_iomem_refused("operation not supported");
  };
  o.doorbell = "auto";
  ASSERT_EQ(run(2, 1, o), "");
  EXPECT_TRUE(pes[0]->table.cpu_doorbell);
  EXPECT_EQ(pes[0]->table.qps[1].uar, nullptr);
  // cpu mode: the host rings the real register.
  pes[0]->backend->ring_doorbell(pes[0]->table.qps[1].qpn, 0x0123456789abcdefull);
  uint64_t rung = 0;
  std::memcpy(&rung, fake->uar_page + 0x800, 8);
  EXPECT_EQ(rung, 0x0123456789abcdefull);
  o.doorbell = "gpu";
  const std::string e = run(2, 1, o);
  EXPECT_TRUE(has(e.c_str(), "the GPU cannot ring the NIC doorbell")) << e;
  EXPECT_TRUE(has(e.c_str(), "NVreg_RegistryDwords")) << e;
  EXPECT_TRUE(has(e.c_str(), "(SHOAL_IBGDA_DOORBELL=gpu)")) << e;
}

// GPU queue memory (cuda's placement, here host memory standing in): the
// adapter writes the CQ's initial image through `write` (host code cannot
// store into GPU memory), passes each region's dma-buf fd to the umem and
// closes the fd once the NIC holds the registration; the heap's fd from
// `describe` likewise after reg_mr.
TEST_F(DevxAdapter, GpuQueueMemoryIsWrittenThroughThePlacementAndItsFdsClosed) {
  static std::vector<int> fds;
  static size_t written = 0, cqe_marks = 0;
  fds.clear();
  written = cqe_marks = 0;
  dx::Options o;
  o.place.alloc = [](size_t bytes, shoal_ibgda_region_v1_t* out) {
    void* m = std::aligned_alloc(static_cast<size_t>(sysconf(_SC_PAGESIZE)), bytes);
    std::memset(m, 0, bytes);
    const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    fds.push_back(fd);
    *out = shoal_ibgda_region_v1_t{m, bytes, SHOAL_IBGDA_MEM_GPU, fd, 0};
    return std::string();
  };
  o.place.write = [](void* dst, const void* src, size_t bytes) {
    written += bytes;
    for (size_t i = 63; i < bytes; i += 64) cqe_marks += static_cast<const uint8_t*>(src)[i] == 0xf1;
    std::memcpy(dst, src, bytes);
    return std::string();
  };
  o.place.describe = [](void* base, size_t bytes) {
    const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    fds.push_back(fd);
    return shoal_ibgda_region_v1_t{base, bytes, SHOAL_IBGDA_MEM_GPU, fd, 0};
  };
  ASSERT_EQ(run(2, 1, o), "");
  EXPECT_EQ(written, 2u * 64 * 64);  // one CQ of 64 CQEs per PE
  EXPECT_EQ(cqe_marks, 2u * 64);
  size_t with_fd = 0;
  for (const auto& u : fake->umem_ins) with_fd += u.comp_mask == uint64_t{MLX5DV_UMEM_MASK_DMABUF};
  EXPECT_EQ(with_fd, 6u);  // SQ, CQ, doorbell records of 2 QPs
  ASSERT_FALSE(fds.empty());
  for (const int fd : fds) {
    errno = 0;
    EXPECT_EQ(::fcntl(fd, F_GETFD), -1) << "fd " << fd << " left open";
    EXPECT_EQ(errno, EBADF);
  }
}

// drain(): host quiet over a NIC. It runs the `complete` hook (on a GPU: the
// kernel running the device quiet on every QP) only when some QP has WQEs
// outstanding, then waits until every QP's `completed` reaches the `posted`
// it found; on timeout or a failed QP it names PE, QP, peer and counters.
TEST_F(DevxAdapter, DrainWaitsForEveryPostedWqeAndNamesTheLaggingQp) {
  static int calls = 0;
  static bool progress = true;
  calls = 0;
  dx::Options o;
  o.complete = [](shoal::mlx5::qp* qps, uint32_t n, double) {
    ++calls;
    for (uint32_t i = 0; i < n; ++i)
      if (progress && qps[i].sq != nullptr) __atomic_store_n(&qps[i].completed, qps[i].posted, __ATOMIC_RELEASE);
    return std::string();
  };
  ASSERT_EQ(run(2, 1, o), "");
  ib::Table& t = pes[0]->table;
  dx::DevxBackend& b = *pes[0]->backend;
  b.track(t.qps, t.n_qps);
  shoal::mlx5::qp& q = t.qps[1];  // PE 0's QP to PE 1
  ASSERT_NE(q.sq, nullptr);
  EXPECT_EQ(b.drain(1.0), "");  // nothing posted: no kernel
  EXPECT_EQ(calls, 0);
  q.reserved = q.posted = 5;
  q.completed = 3;
  EXPECT_EQ(b.drain(1.0), "");
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(q.completed, 5u);
  // Nothing completes: the timeout names the QP.
  progress = false;
  q.reserved = q.posted = 9;
  std::string e = b.drain(0.05);
  EXPECT_TRUE(has(e.c_str(), "PE 0: QP 0x")) << e;
  EXPECT_TRUE(has(e.c_str(), "(to PE 1): posted 9 at the call, completed 5 after 0.")) << e;
  // A failed QP ends the wait at once.
  q.has_error = 1;
  e = b.drain(100.0);
  EXPECT_TRUE(has(e.c_str(), "(QP failed: its error CQE was reported)")) << e;
  progress = true;
}

// Each way the NIC can be missing: the adapter's one line, and the decision
// the runtime takes from it (auto: the proxy; ibgda: init fails).
TEST_F(DevxAdapter, EveryFailureIsOneLineAndDecidesTheFallback) {
  struct Case {
    const char* what;
    void (*arrange)();
    const char* line;
  };
  const Case cases[] = {
      {"no RDMA subsystem", [] { fake->list_null = true; },
       "no RDMA device: ibv_get_device_list failed (Function not implemented, errno 38): this kernel has no RDMA"},
      {"no device", [] { fake->names.clear(); }, "no RDMA device: ibv_get_device_list found none"},
      {"not mlx5", [] {
         fake->names = {"rxe0"};
         fake->is_mlx5 = {false};
       },
       "not an mlx5 device: IBGDA needs a ConnectX NIC"},
      {"DevX denied", [] { fake->open_errno = EPERM; }, "DevX is not permitted in this container"},
      {"DevX unsupported", [] { fake->open_errno = EOPNOTSUPP; }, "DevX is not supported by this kernel driver"},
      {"port down", [] { fake->port_state = IBV_PORT_DOWN; }, "mlx5_0: no active port"},
      {"no registration", [] { fake->reg_mr_errno = ENOMEM; },
       "ibv_reg_mr of host memory failed: Cannot allocate memory (locked-memory limit"},
      {"no umem", [] { fake->umem_errno = EPERM; }, "mlx5dv_devx_umem_reg_ex(SQ): Operation not permitted"},
      {"QP refused", [] {
         fake->fail_opcode = prm::op_create_qp;
         fake->fail_status = 0x3;
       },
       "CREATE_QP failed: status 0x3 (bad parameter)"},
      {"connect refused", [] {
         fake->fail_opcode = prm::op_rst2init_qp;
         fake->fail_status = 0x10;
       },
       "connecting to PE 1: RST2INIT_QP failed: status 0x10 (bad QP state)"},
  };
  for (const Case& c : cases) {
    delete fake;
    fake = new FakeRdma;
    c.arrange();
    const std::string e = run(2, 1);
    EXPECT_TRUE(has(e.c_str(), c.line)) << c.what << ": " << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << c.what;
    EXPECT_EQ(e.rfind("ibgda: ", 0), std::string::npos) << c.what << ": the plugin's prefix stays out";
    const ib::Fallback a = ib::fallback_for("auto", e);
    EXPECT_FALSE(a.fatal);
    EXPECT_EQ(a.line, "IBGDA: " + e + "; remote PEs use the host proxy");
    const ib::Fallback d = ib::fallback_for("ibgda", e);
    EXPECT_TRUE(d.fatal);
    EXPECT_EQ(d.line, "IBGDA: " + e + " (SHOAL_REMOTE_TRANSPORT=ibgda demands it; auto falls back to the host proxy)");
    pes.clear();
  }
}

TEST(DevxPluginLoading, SaysWhyAPluginCannotBeUsed) {
  const shoal_ibgda_devx_plugin_v1_t* p = nullptr;
  std::string e = dx::load_plugin("/nonexistent/libshoal_transport_ibgda.so", &p);
  EXPECT_EQ(p, nullptr);
  EXPECT_EQ(e.rfind("cannot load the DevX plugin /nonexistent/libshoal_transport_ibgda.so: ", 0), 0u) << e;
  EXPECT_TRUE(has(e.c_str(), "install rdma-core's libibverbs1/libmlx5-1 and libhwloc")) << e;
  e = dx::load_plugin("libc.so.6", &p);  // loads, but exports no plugin table
  EXPECT_EQ(e, "libc.so.6 is not a shoal IBGDA DevX plugin of ABI version 1 (rebuild it together with shoal)");
  ASSERT_EQ(dx::load_plugin(SHOAL_DEVX_PLUGIN_PATH, &p), "");
  ASSERT_NE(p, nullptr);
  EXPECT_STREQ(p->name, "ibgda-devx");
}

TEST_F(DevxAdapter, OnePeFailingFailsEveryPe) {
  // PE 1's heap registration fails after PE 0 prepared: PE 0 learns it from
  // PE 1's record and connects nothing.
  pes.clear();
  for (int i = 0; i < 2; ++i) pes.push_back(std::make_unique<Pe>());
  for (auto& p : pes) ASSERT_EQ(dx::DevxBackend::open(plugin(), dx::Options(), &p->backend), "");
  std::vector<uint8_t> all;
  for (int i = 0; i < 2; ++i) {
    ib::TableArgs a;
    a.my_pe = i;
    a.n_pes = 2;
    a.remote = {true, true};
    a.sq_depth = 64;
    a.heap = pes[i]->heap.data();
    a.heap_bytes = 4096;
    pes[i]->builder = std::make_unique<ib::TableBuilder>(*pes[i]->backend, a);
    fake->reg_mr_errno = i == 1 ? EFAULT : 0;
    const std::string e = pes[i]->builder->prepare(&pes[i]->record);
    EXPECT_EQ(e.empty(), i == 0) << e;
    all.insert(all.end(), pes[i]->record.begin(), pes[i]->record.end());
  }
  EXPECT_EQ(pes[0]->builder->finish(all.data()), "PE 1 could not set up its IBGDA queue pairs (its log says why)");
  EXPECT_EQ(command(prm::op_rst2init_qp), nullptr);
}

}  // namespace
