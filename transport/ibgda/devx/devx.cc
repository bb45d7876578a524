// The IBGDA DevX plugin: real ConnectX NICs through rdma-core (libibverbs,
// libmlx5 with DevX) and hwloc. Implements plugin_abi.h. Everything here is
// setup; the data path is device code writing into the queues returned by
// create_qp. Never run on a real NIC yet (docs/transport-ibgda-devx.md).
#include <infiniband/mlx5dv.h>
#include <infiniband/verbs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "transport/ibgda/devx/config.h"
#include "transport/ibgda/devx/plugin_abi.h"
#include "transport/ibgda/devx/prm.h"
#include "transport/topo/topo.h"

struct shoal_ibgda_ctx {
  ibv_context* ctx = nullptr;
  ibv_pd* pd = nullptr;
  mlx5dv_devx_uar* uar = nullptr;
  uint32_t eqn = 0;
  uint32_t ts_format = 0;  // qpc.ts_format from the device's capabilities
  shoal_ibgda_device_info_v1_t info{};
  void (*log)(int, const char*) = nullptr;
};

struct shoal_ibgda_mr {
  ibv_mr* mr = nullptr;
};

struct shoal_ibgda_qp {
  shoal_ibgda_ctx* ctx = nullptr;
  mlx5dv_devx_umem* sq_umem = nullptr;
  mlx5dv_devx_umem* cq_umem = nullptr;
  mlx5dv_devx_umem* dbr_umem = nullptr;
  mlx5dv_devx_obj* cq = nullptr;
  mlx5dv_devx_obj* qp = nullptr;
  uint32_t qpn = 0;
};

namespace shoal::ibgda::devx {
namespace {

int fail(char* err, size_t len, int code, const std::string& msg) {
  if (err && len) std::snprintf(err, len, "ibgda: %s", msg.c_str());
  return code;
}

int fail_errno(char* err, size_t len, const char* what, int e) {
  const int code = (e == EPERM || e == EACCES) ? SHOAL_IBGDA_E_DEVX_DENIED : SHOAL_IBGDA_E_SYSTEM;
  return fail(err, len, code, describe_devx_errno(what, e));
}

void logf(const shoal_ibgda_ctx* c, int level, const char* fmt, ...) {
  if (!c->log) return;
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  c->log(level, buf);
}

uint32_t log2_floor(uint32_t v) {
  uint32_t l = 0;
  while (v > 1) { v >>= 1; ++l; }
  return l;
}

bool pow2(uint32_t v) { return v && !(v & (v - 1)); }

// ---- NIC per GPU (hwloc, transport/topo) --------------------------------------

struct pci_choice {
  int index = 0;        // into the candidate list
  int distance = -1;
  std::string nic_bus_id;
};

// The candidate closest to the GPU (first one on ties: the order of
// SHOAL_HCA_LIST or of the device list). Without a GPU id or hwloc data:
// the first candidate, distance -1.
pci_choice choose_by_distance(const std::vector<ibv_device*>& cand, const char* gpu_bus_id) {
  pci_choice best;
  std::string why;
  const auto t = topo::Topology::load(nullptr, &why);
  if (!t) return best;
  std::vector<std::string> names;
  for (ibv_device* d : cand) names.emplace_back(ibv_get_device_name(d));
  const topo::Choice c = topo::nearest(*t, gpu_bus_id, names);
  best.index = c.index;
  best.distance = c.distance;
  best.nic_bus_id = t->bus_id_of(names[static_cast<size_t>(c.index)].c_str());
  return best;
}

// ---- port and GID -------------------------------------------------------------

int setup_port(shoal_ibgda_ctx* c, int want_port, int gid_index, char* err, size_t len) {
  ibv_device_attr dattr{};
  if (int e = ibv_query_device(c->ctx, &dattr)) return fail_errno(err, len, "ibv_query_device", e);
  c->info.max_qp_rd_atom = dattr.max_qp_rd_atom;
  c->info.max_qp_init_rd_atom = dattr.max_qp_init_rd_atom;
  c->info.atomics = dattr.atomic_cap != IBV_ATOMIC_NONE ? 1 : 0;
  int port = want_port;
  ibv_port_attr pattr{};
  if (port == 0) {
    for (int p = 1; p <= dattr.phys_port_cnt; ++p) {
      if (ibv_query_port(c->ctx, static_cast<uint8_t>(p), &pattr) == 0 && pattr.state == IBV_PORT_ACTIVE) {
        port = p;
        break;
      }
    }
    if (port == 0)
      return fail(err, len, SHOAL_IBGDA_E_PORT,
                  std::string(c->info.device) + ": no active port (check the cable/switch: ibstat)");
  } else {
    if (int e = ibv_query_port(c->ctx, static_cast<uint8_t>(port), &pattr))
      return fail_errno(err, len, "ibv_query_port", e);
    if (pattr.state != IBV_PORT_ACTIVE)
      return fail(err, len, SHOAL_IBGDA_E_PORT,
                  std::string(c->info.device) + " port " + std::to_string(port) + " is not active (ibstat)");
  }
  c->info.port = port;
  c->info.active_mtu = pattr.active_mtu;
  c->info.log_max_msg = static_cast<int>(log2_floor(pattr.max_msg_sz ? pattr.max_msg_sz : 1u << 30));
  c->info.lid = pattr.lid;
  c->info.link = pattr.link_layer == IBV_LINK_LAYER_ETHERNET ? SHOAL_IBGDA_LINK_ROCE : SHOAL_IBGDA_LINK_IB;
  if (c->info.link == SHOAL_IBGDA_LINK_IB) {
    // IB: LID addressing; GID 0 reported for completeness (GRH not used).
    ibv_gid gid{};
    c->info.gid_index = gid_index >= 0 ? gid_index : 0;
    if (ibv_query_gid(c->ctx, static_cast<uint8_t>(port), c->info.gid_index, &gid) == 0)
      std::memcpy(c->info.gid, gid.raw, 16);
    return SHOAL_IBGDA_OK;
  }
  if (gid_index >= 0) {
    ibv_gid_entry e{};
    if (int r = ibv_query_gid_ex(c->ctx, static_cast<uint32_t>(port), static_cast<uint32_t>(gid_index), &e, 0))
      return fail(err, len, SHOAL_IBGDA_E_PORT,
                  std::string(c->info.device) + ": SHOAL_IB_GID_INDEX=" + std::to_string(gid_index) +
                      " is not a valid GID entry (" + std::strerror(r) + "; list them with show_gids)");
    c->info.gid_index = gid_index;
    std::memcpy(c->info.gid, e.gid.raw, 16);
    return SHOAL_IBGDA_OK;
  }
  std::vector<gid_candidate> cands;
  for (int i = 0; i < pattr.gid_tbl_len; ++i) {
    ibv_gid_entry e{};
    if (ibv_query_gid_ex(c->ctx, static_cast<uint32_t>(port), static_cast<uint32_t>(i), &e, 0) != 0) continue;
    gid_candidate g{i, e.gid_type == IBV_GID_TYPE_ROCE_V2, {}};
    std::memcpy(g.gid, e.gid.raw, 16);
    cands.push_back(g);
  }
  const int idx = select_roce_gid(cands.data(), cands.size());
  if (idx < 0)
    return fail(err, len, SHOAL_IBGDA_E_PORT,
                std::string(c->info.device) +
                    ": no RoCE v2 GID on this port (configure an IP address on the interface, or set SHOAL_IB_GID_INDEX)");
  for (const auto& g : cands)
    if (g.index == idx) std::memcpy(c->info.gid, g.gid, 16);
  c->info.gid_index = idx;
  return SHOAL_IBGDA_OK;
}

// ---- DevX helpers ---------------------------------------------------------------

int reg_umem(shoal_ibgda_ctx* c, const shoal_ibgda_region_v1_t& u, const char* what, mlx5dv_devx_umem** out, char* err,
             size_t len) {
  const long page = sysconf(_SC_PAGESIZE);
  if (!u.addr || u.bytes == 0 || reinterpret_cast<uintptr_t>(u.addr) % static_cast<uintptr_t>(page) != 0 ||
      u.bytes % static_cast<size_t>(page) != 0)
    return fail(err, len, SHOAL_IBGDA_E_INVALID,
                std::string(what) + " memory must be page aligned and a page multiple (" + std::to_string(page) + ")");
  mlx5dv_devx_umem_in in{};
  in.addr = u.addr;
  in.size = u.bytes;
  in.access = IBV_ACCESS_LOCAL_WRITE;
  in.pgsz_bitmap = static_cast<uint64_t>(page);  // one page size: qpc/cqc log_page_size below matches it
  in.comp_mask = 0;
  in.dmabuf_fd = -1;
  if (u.mem == SHOAL_IBGDA_MEM_GPU && u.dmabuf_fd >= 0) {
    // With a dma-buf, addr is the offset into the dma-buf (mlx5dv_devx_umem_reg(3)).
    in.addr = reinterpret_cast<void*>(static_cast<uintptr_t>(u.dmabuf_offset));
    in.comp_mask = MLX5DV_UMEM_MASK_DMABUF;
    in.dmabuf_fd = u.dmabuf_fd;
  }
  errno = 0;
  *out = mlx5dv_devx_umem_reg_ex(c->ctx, &in);
  if (*out) return SHOAL_IBGDA_OK;
  const int e = errno ? errno : EINVAL;
  const std::string w = std::string("mlx5dv_devx_umem_reg_ex(") + what + ")";
  if (u.mem == SHOAL_IBGDA_MEM_GPU && e != EPERM && e != EACCES)
    return fail(err, len, SHOAL_IBGDA_E_NO_GPU_REG,
                w + ": " + std::strerror(e) + ": GPU " + what +
                    " memory cannot be given to the NIC (" +
                    (u.dmabuf_fd >= 0 ? "dma-buf umem needs an mlx5_ib that takes dma-buf umems (newer than dma-buf MRs) and the NVIDIA open kernel module"
                                      : "without a dma-buf fd this needs the nvidia-peermem module") +
                    ")");
  return fail_errno(err, len, w.c_str(), e);
}

// Runs a DevX create command; *obj_p set on success, *id_p from the output.
int devx_create(shoal_ibgda_ctx* c, uint16_t op, const uint8_t* in, size_t inlen, mlx5dv_devx_obj** obj_p,
                uint32_t* id_p, char* err, size_t len) {
  uint8_t out[prm::cmd_out_bytes] = {};
  errno = 0;
  *obj_p = mlx5dv_devx_obj_create(c->ctx, in, inlen, out, sizeof out);
  if (*obj_p) {
    *id_p = prm::out_object_id(out);
    return SHOAL_IBGDA_OK;
  }
  const int e = errno ? errno : EIO;  // EREMOTEIO: the output holds status and syndrome
  if (prm::out_status(out) != 0) return fail(err, len, SHOAL_IBGDA_E_CMD, prm::describe_cmd_failure(op, out));
  const std::string w = std::string("mlx5dv_devx_obj_create(") + prm::cmd_name(op) + ")";
  return fail_errno(err, len, w.c_str(), e);
}

int devx_modify(mlx5dv_devx_obj* obj, uint16_t op, const uint8_t* in, size_t inlen, char* err, size_t len) {
  uint8_t out[prm::cmd_out_bytes] = {};
  errno = 0;
  // Returns 0 or the errno value; EREMOTEIO: the output holds status and syndrome.
  const int r = mlx5dv_devx_obj_modify(obj, in, inlen, out, sizeof out);
  if (r == 0 && prm::out_status(out) == 0) return SHOAL_IBGDA_OK;
  const int e = r > 0 ? r : (errno ? errno : EIO);
  if (prm::out_status(out) != 0) return fail(err, len, SHOAL_IBGDA_E_CMD, prm::describe_cmd_failure(op, out));
  const std::string w = std::string("mlx5dv_devx_obj_modify(") + prm::cmd_name(op) + ")";
  return fail_errno(err, len, w.c_str(), e);
}

// RoCE with DevX: the destination MAC goes into the QP context, and only the
// kernel's address resolution knows it; an address handle resolves it.
int resolve_dmac(shoal_ibgda_ctx* c, const uint8_t* dgid, uint8_t* dmac, char* err, size_t len) {
  ibv_ah_attr a{};
  a.is_global = 1;
  a.port_num = static_cast<uint8_t>(c->info.port);
  std::memcpy(a.grh.dgid.raw, dgid, 16);
  a.grh.sgid_index = static_cast<uint8_t>(c->info.gid_index);
  a.grh.hop_limit = 64;
  errno = 0;
  ibv_ah* ah = ibv_create_ah(c->pd, &a);
  if (!ah) return fail_errno(err, len, "ibv_create_ah (resolving the peer's MAC for RoCE)", errno ? errno : EINVAL);
  mlx5dv_ah dv{};
  mlx5dv_obj obj{};
  obj.ah.in = ah;
  obj.ah.out = &dv;
  const int r = mlx5dv_init_obj(&obj, MLX5DV_OBJ_AH);
  if (r == 0) std::memcpy(dmac, dv.av->rmac, 6);
  ibv_destroy_ah(ah);
  if (r != 0) return fail_errno(err, len, "mlx5dv_init_obj(AH)", r);
  return SHOAL_IBGDA_OK;
}

// ---- the ABI -------------------------------------------------------------------

int p_close(shoal_ibgda_ctx_t* c) {
  if (!c) return 0;
  if (c->uar) mlx5dv_devx_free_uar(c->uar);
  if (c->pd) ibv_dealloc_pd(c->pd);
  if (c->ctx) ibv_close_device(c->ctx);
  delete c;
  return 0;
}

int p_open(const shoal_ibgda_open_args_v1_t* args, shoal_ibgda_ctx_t** ctx_p, char* err, size_t len) {
  *ctx_p = nullptr;
  std::string msg;
  std::vector<hca_entry> wanted;
  const char* list_text = args && args->hca_list ? args->hca_list : std::getenv("SHOAL_HCA_LIST");
  if (!parse_hca_list(list_text, &wanted, &msg)) return fail(err, len, SHOAL_IBGDA_E_INVALID, msg);
  int gid_index = args ? args->gid_index : -1;
  if (gid_index < 0 && !parse_gid_index(std::getenv("SHOAL_IB_GID_INDEX"), &gid_index, &msg))
    return fail(err, len, SHOAL_IBGDA_E_INVALID, msg);

  int n = 0;
  errno = 0;
  ibv_device** list = ibv_get_device_list(&n);
  if (!list) return fail(err, len, SHOAL_IBGDA_E_NO_DEVICE, describe_no_device(true, errno ? errno : ENOSYS));
  if (n == 0) {
    ibv_free_device_list(list);
    return fail(err, len, SHOAL_IBGDA_E_NO_DEVICE, describe_no_device(false, 0));
  }
  std::string names;
  for (int i = 0; i < n; ++i) names += std::string(i ? ", " : "") + ibv_get_device_name(list[i]);

  std::vector<ibv_device*> cand;
  std::vector<int> cand_port;
  if (!wanted.empty()) {
    for (const auto& w : wanted)
      for (int i = 0; i < n; ++i)
        if (w.name == ibv_get_device_name(list[i])) {
          cand.push_back(list[i]);
          cand_port.push_back(w.port);
        }
    if (cand.empty()) {
      ibv_free_device_list(list);
      return fail(err, len, SHOAL_IBGDA_E_NO_DEVICE,
                  std::string("no RDMA device named in SHOAL_HCA_LIST=\"") + list_text + "\" exists (devices: " + names + ")");
    }
  } else {
    for (int i = 0; i < n; ++i) {
      cand.push_back(list[i]);
      cand_port.push_back(0);
    }
  }
  std::vector<ibv_device*> mlx5;
  std::vector<int> mlx5_port;
  for (size_t i = 0; i < cand.size(); ++i)
    if (mlx5dv_is_supported(cand[i])) {
      mlx5.push_back(cand[i]);
      mlx5_port.push_back(cand_port[i]);
    }
  if (mlx5.empty()) {
    ibv_free_device_list(list);
    return fail(err, len, SHOAL_IBGDA_E_NOT_MLX5,
                "not an mlx5 device: IBGDA needs a ConnectX NIC (mlx5 provider); found " + names);
  }
  const pci_choice pick = choose_by_distance(mlx5, args ? args->gpu_pci_bus_id : nullptr);
  ibv_device* dev = mlx5[static_cast<size_t>(pick.index)];

  auto* c = new shoal_ibgda_ctx;
  c->log = args ? args->log : nullptr;
  std::snprintf(c->info.device, sizeof c->info.device, "%s", ibv_get_device_name(dev));
  std::snprintf(c->info.nic_pci_bus_id, sizeof c->info.nic_pci_bus_id, "%s", pick.nic_bus_id.c_str());
  c->info.pci_distance = pick.distance;
  mlx5dv_context_attr dattr{};
  dattr.flags = MLX5DV_CONTEXT_FLAGS_DEVX;
  errno = 0;
  c->ctx = mlx5dv_open_device(dev, &dattr);
  ibv_free_device_list(list);
  if (!c->ctx) {
    const int e = errno ? errno : EOPNOTSUPP;
    std::string w = std::string("mlx5dv_open_device(") + c->info.device + ", DevX)";
    const bool denied = e == EPERM || e == EACCES;
    // The kernel refuses a DevX context with EINVAL/EOPNOTSUPP when the
    // firmware has no user contexts (log_max_uctx = 0).
    const std::string why = denied ? describe_devx_errno(w.c_str(), e)
                                   : describe_devx_errno(w.c_str(), e == EINVAL ? EOPNOTSUPP : e);
    p_close(c);
    return fail(err, len, denied ? SHOAL_IBGDA_E_DEVX_DENIED : SHOAL_IBGDA_E_NOT_MLX5, why);
  }
  int rc = setup_port(c, mlx5_port[static_cast<size_t>(pick.index)], gid_index, err, len);
  if (rc) {
    p_close(c);
    return rc;
  }
  errno = 0;
  c->pd = ibv_alloc_pd(c->ctx);
  if (!c->pd) {
    rc = fail_errno(err, len, "ibv_alloc_pd", errno ? errno : ENOMEM);
    p_close(c);
    return rc;
  }
  mlx5dv_pd dvpd{};
  mlx5dv_obj obj{};
  obj.pd.in = c->pd;
  obj.pd.out = &dvpd;
  if (int e = mlx5dv_init_obj(&obj, MLX5DV_OBJ_PD)) {
    rc = fail_errno(err, len, "mlx5dv_init_obj(PD)", e);
    p_close(c);
    return rc;
  }
  c->info.pdn = dvpd.pdn;
  // Non-cached UAR first: shoal rings with one 8-byte doorbell store (no
  // BlueFlame WQE copy), and the page is mapped into the GPU as I/O memory;
  // BlueFlame (write-combining) pages as the fallback (kernels without NC
  // UARs). Which one works best for GPU stores is to be measured on hardware.
  errno = 0;
  const char* uar_type = "non-cached";
  c->uar = mlx5dv_devx_alloc_uar(c->ctx, MLX5DV_UAR_ALLOC_TYPE_NC);
  if (!c->uar) {
    uar_type = "BlueFlame";
    c->uar = mlx5dv_devx_alloc_uar(c->ctx, MLX5DV_UAR_ALLOC_TYPE_BF);
  }
  if (!c->uar) {
    rc = fail_errno(err, len, "mlx5dv_devx_alloc_uar", errno ? errno : ENOMEM);
    p_close(c);
    return rc;
  }
  if (int e = mlx5dv_devx_query_eqn(c->ctx, 0, &c->eqn)) {
    rc = fail_errno(err, len, "mlx5dv_devx_query_eqn", e);
    p_close(c);
    return rc;
  }
  // Time-stamp format of the SQ: a device that only has real-time stamps
  // rejects a QP asking for free-running ones. Without the answer, free
  // running (what ConnectX-5/6 have).
  {
    uint8_t in[prm::query_hca_cap_in_bytes];
    std::vector<uint8_t> out(prm::query_hca_cap_out_bytes, 0);
    prm::encode_query_general_caps(in);
    const int r = mlx5dv_devx_general_cmd(c->ctx, in, sizeof in, out.data(), out.size());
    if (r == 0 && prm::out_status(out.data()) == 0)
      c->ts_format = prm::qp_ts_format_for(prm::caps_sq_ts_format(out.data()));
    else
      logf(c, 3, "ibgda: %s: QUERY_HCA_CAP failed (%s); assuming free-running time stamps", c->info.device,
           prm::out_status(out.data()) ? prm::describe_cmd_failure(prm::op_query_hca_cap, out.data()).c_str()
                                       : std::strerror(r > 0 ? r : EIO));
  }
  logf(c, 3, "ibgda: %s port %d (%s), PCI %s, distance to GPU %d, pdn 0x%x, %s UAR page %u", c->info.device,
       c->info.port, c->info.link == SHOAL_IBGDA_LINK_ROCE ? "RoCE" : "IB", c->info.nic_pci_bus_id,
       c->info.pci_distance, c->info.pdn, uar_type, c->uar->page_id);
  *ctx_p = c;
  return SHOAL_IBGDA_OK;
}

int p_query(shoal_ibgda_ctx_t* c, shoal_ibgda_device_info_v1_t* info, char* err, size_t len) {
  if (!c || !info) return fail(err, len, SHOAL_IBGDA_E_INVALID, "query: null argument");
  *info = c->info;
  return SHOAL_IBGDA_OK;
}

int p_reg_mr(shoal_ibgda_ctx_t* c, const shoal_ibgda_region_v1_t* region, int relaxed_ordering, shoal_ibgda_mr_t** mr_p,
             shoal_ibgda_mr_info_v1_t* info, char* err, size_t len) {
  *mr_p = nullptr;
  if (!c || !region || !region->addr || region->bytes == 0)
    return fail(err, len, SHOAL_IBGDA_E_INVALID, "reg_mr: null region, address or zero length");
  void* addr = region->addr;
  const size_t bytes = region->bytes;
  const int mem = region->mem;
  const int dmabuf_fd = region->dmabuf_fd;
  int access = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC;
  if (relaxed_ordering) access |= IBV_ACCESS_RELAXED_ORDERING;
  ibv_mr* mr = nullptr;
  int dmabuf_err = 0;
  bool via_dmabuf = false;
  if (mem == SHOAL_IBGDA_MEM_GPU && dmabuf_fd >= 0) {
    errno = 0;
    mr = ibv_reg_dmabuf_mr(c->pd, region->dmabuf_offset, bytes, reinterpret_cast<uint64_t>(addr), dmabuf_fd, access);
    if (mr) via_dmabuf = true;
    else dmabuf_err = errno ? errno : EOPNOTSUPP;
  }
  if (!mr) {
    errno = 0;
    mr = ibv_reg_mr(c->pd, addr, bytes, access);
    if (!mr) {
      const int e = errno ? errno : EFAULT;
      return fail(err, len, mem == SHOAL_IBGDA_MEM_GPU ? SHOAL_IBGDA_E_NO_GPU_REG : SHOAL_IBGDA_E_SYSTEM,
                  describe_reg_failure(mem == SHOAL_IBGDA_MEM_GPU, dmabuf_fd >= 0, dmabuf_err, e));
    }
    if (dmabuf_err)
      logf(c, 3, "ibgda: ibv_reg_dmabuf_mr failed (%s); registered through nvidia-peermem instead",
           std::strerror(dmabuf_err));
  }
  *mr_p = new shoal_ibgda_mr{mr};
  if (info) *info = {mr->lkey, mr->rkey, via_dmabuf ? 1 : 0};
  return SHOAL_IBGDA_OK;
}

int p_dereg_mr(shoal_ibgda_mr_t* m) {
  if (!m) return 0;
  const int r = m->mr ? ibv_dereg_mr(m->mr) : 0;
  delete m;
  return r;
}

int p_destroy_qp(shoal_ibgda_qp_t* q) {
  if (!q) return 0;
  int r = 0;
  if (q->qp) r |= mlx5dv_devx_obj_destroy(q->qp);
  if (q->cq) r |= mlx5dv_devx_obj_destroy(q->cq);
  if (q->dbr_umem) r |= mlx5dv_devx_umem_dereg(q->dbr_umem);
  if (q->cq_umem) r |= mlx5dv_devx_umem_dereg(q->cq_umem);
  if (q->sq_umem) r |= mlx5dv_devx_umem_dereg(q->sq_umem);
  delete q;
  return r;
}

int p_create_qp(shoal_ibgda_ctx_t* c, const shoal_ibgda_qp_args_v1_t* a, shoal_ibgda_qp_t** qp_p,
                shoal_ibgda_qp_out_v1_t* out, char* err, size_t len) {
  *qp_p = nullptr;
  if (!c || !a || !out) return fail(err, len, SHOAL_IBGDA_E_INVALID, "create_qp: null argument");
  if (!pow2(a->sq_depth) || a->sq_depth > 32768 || a->sq.bytes < size_t{a->sq_depth} * 64)
    return fail(err, len, SHOAL_IBGDA_E_INVALID, "create_qp: sq_depth must be a power of two <= 32768 and fit sq.bytes");
  if (!pow2(a->cq_depth) || a->cq_depth > (1u << 22) || a->cq.bytes < size_t{a->cq_depth} * 64)
    return fail(err, len, SHOAL_IBGDA_E_INVALID, "create_qp: cq_depth must be a power of two and fit cq.bytes");
  if (a->dbr.bytes < 128) return fail(err, len, SHOAL_IBGDA_E_INVALID, "create_qp: dbr needs 128 bytes (SQ + CQ record)");
  auto* q = new shoal_ibgda_qp;
  q->ctx = c;
  int rc = reg_umem(c, a->sq, "SQ", &q->sq_umem, err, len);
  if (!rc) rc = reg_umem(c, a->cq, "CQ", &q->cq_umem, err, len);
  if (!rc) rc = reg_umem(c, a->dbr, "doorbell record", &q->dbr_umem, err, len);
  const uint32_t log_page = log2_floor(static_cast<uint32_t>(sysconf(_SC_PAGESIZE))) - 12;
  uint32_t cqn = 0;
  if (!rc) {
    prm::cq_params p{};
    p.log_cq_size = log2_floor(a->cq_depth);
    p.uar_page = c->uar->page_id;
    p.eqn = c->eqn;
    p.log_page_size = log_page;
    p.cq_umem_id = q->cq_umem->umem_id;
    p.cq_umem_offset = 0;
    p.dbr_umem_id = q->dbr_umem->umem_id;
    p.dbr_offset = 64;
    uint8_t in[prm::create_cq_in_bytes];
    prm::encode_create_cq(p, in);
    rc = devx_create(c, prm::op_create_cq, in, sizeof in, &q->cq, &cqn, err, len);
  }
  if (!rc) {
    prm::qp_params p{};
    p.pdn = c->info.pdn;
    p.cqn = cqn;
    p.uar_page = c->uar->page_id;
    p.log_sq_size = log2_floor(a->sq_depth);
    p.log_page_size = log_page;
    p.wq_umem_id = q->sq_umem->umem_id;
    p.wq_umem_offset = 0;
    p.dbr_umem_id = q->dbr_umem->umem_id;
    p.dbr_offset = 0;
    p.ts_format = c->ts_format;
    p.user_index = a->user_index & 0xffffff;
    uint8_t in[prm::create_qp_in_bytes];
    prm::encode_create_qp(p, in);
    rc = devx_create(c, prm::op_create_qp, in, sizeof in, &q->qp, &q->qpn, err, len);
  }
  if (rc) {
    p_destroy_qp(q);
    return rc;
  }
  out->qpn = q->qpn;
  out->cqn = cqn;
  out->sq = static_cast<uint8_t*>(a->sq.addr);
  out->sq_depth = a->sq_depth;
  out->dbr = static_cast<uint32_t*>(a->dbr.addr);
  out->cq = static_cast<uint8_t*>(a->cq.addr);
  out->cq_depth = a->cq_depth;
  out->cq_dbr = reinterpret_cast<uint32_t*>(static_cast<uint8_t*>(a->dbr.addr) + 64);
  // reg_addr is the doorbell register inside the UAR page (the BlueFlame
  // buffer's offset); the device writes the first 8 bytes of the last WQE.
  out->uar = static_cast<uint64_t*>(c->uar->reg_addr);
  out->uar_page = c->uar->base_addr;
  out->uar_page_bytes = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  logf(c, 4, "ibgda: QP 0x%x (CQ 0x%x), SQ depth %u, CQ depth %u", q->qpn, cqn, a->sq_depth, a->cq_depth);
  *qp_p = q;
  return SHOAL_IBGDA_OK;
}

int p_connect(shoal_ibgda_qp_t* q, const shoal_ibgda_connect_args_v1_t* a, const shoal_ibgda_remote_v1_t* r,
              char* err, size_t len) {
  if (!q || !a || !r) return fail(err, len, SHOAL_IBGDA_E_INVALID, "connect: null argument");
  shoal_ibgda_ctx* c = q->ctx;
  if (r->link != c->info.link)
    return fail(err, len, SHOAL_IBGDA_E_INVALID, "connect: the peer's link layer (IB/RoCE) differs from ours");
  // log2 of outstanding READ/atomic: incoming (responder) and our own
  // (requester); 3-bit fields, so at most 2^7.
  auto log_depth = [](int n) { return n > 1 ? std::min(log2_floor(static_cast<uint32_t>(n)), 7u) : 0u; };
  const uint32_t log_rra = log_depth(c->info.max_qp_rd_atom);
  const uint32_t log_sra = log_depth(c->info.max_qp_init_rd_atom);
  uint8_t in[prm::modify_qp_in_bytes];

  prm::rst2init_params p1{};
  p1.qpn = q->qpn;
  p1.port = static_cast<uint32_t>(c->info.port);
  p1.remote_read = p1.remote_write = p1.remote_atomic = true;
  p1.atomic_mode = 3;
  prm::encode_rst2init(p1, in);
  if (int rc = devx_modify(q->qp, prm::op_rst2init_qp, in, sizeof in, err, len)) return rc;

  prm::init2rtr_params p2{};
  p2.qpn = q->qpn;
  p2.mtu = a->mtu > 0 ? static_cast<uint32_t>(a->mtu)
                      : static_cast<uint32_t>(c->info.active_mtu < IBV_MTU_4096 ? c->info.active_mtu : IBV_MTU_4096);
  p2.log_msg_max = c->info.log_max_msg < 30 ? static_cast<uint32_t>(c->info.log_max_msg) : 30;
  p2.remote_qpn = r->qpn;
  p2.next_rcv_psn = r->psn & 0xffffff;
  p2.log_rra_max = log_rra;
  p2.min_rnr_nak = 12;
  p2.path.port = static_cast<uint32_t>(c->info.port);
  p2.path.sl = static_cast<uint32_t>(a->sl) & 0xf;
  if (c->info.link == SHOAL_IBGDA_LINK_IB) {
    p2.path.link = prm::link_ib;
    p2.path.dlid = r->lid & 0xffff;
  } else {
    p2.path.link = prm::link_roce;
    std::memcpy(p2.path.dgid, r->gid, 16);
    p2.path.sgid_index = static_cast<uint32_t>(c->info.gid_index);
    p2.path.hop_limit = 64;
    p2.path.traffic_class = static_cast<uint32_t>(a->traffic_class) & 0xff;
    // RoCE v2 UDP source port in the dynamic range, varied per QP for ECMP.
    p2.path.udp_sport = 0xc000 | ((q->qpn ^ r->qpn) & 0x3fff);
    if (int rc = resolve_dmac(c, r->gid, p2.path.dmac, err, len)) return rc;
  }
  prm::encode_init2rtr(p2, in);
  if (int rc = devx_modify(q->qp, prm::op_init2rtr_qp, in, sizeof in, err, len)) return rc;

  prm::rtr2rts_params p3{};
  p3.qpn = q->qpn;
  p3.next_send_psn = a->local_psn & 0xffffff;
  p3.log_sra_max = log_sra;
  p3.retry_count = a->retry_count > 0 ? static_cast<uint32_t>(a->retry_count) & 7 : 7;
  p3.rnr_retry = a->rnr_retry > 0 ? static_cast<uint32_t>(a->rnr_retry) & 7 : 7;
  p3.ack_timeout = a->ack_timeout > 0 ? static_cast<uint32_t>(a->ack_timeout) & 31 : 20;
  prm::encode_rtr2rts(p3, in);
  if (int rc = devx_modify(q->qp, prm::op_rtr2rts_qp, in, sizeof in, err, len)) return rc;
  logf(c, 4, "ibgda: QP 0x%x connected to remote QP 0x%x", q->qpn, r->qpn);
  return SHOAL_IBGDA_OK;
}

const shoal_ibgda_devx_plugin_v1_t plugin = {
    SHOAL_IBGDA_DEVX_ABI_VERSION, "ibgda-devx", p_open, p_query, p_reg_mr, p_dereg_mr,
    p_create_qp, p_connect, p_destroy_qp, p_close,
};

}  // namespace
}  // namespace shoal::ibgda::devx

extern "C" __attribute__((visibility("default"))) const shoal_ibgda_devx_plugin_v1_t* shoal_ibgda_devx_plugin_v1(void) {
  return &shoal::ibgda::devx::plugin;
}
