#include "transport/ibgda/devx/adapter.h"

#include <dlfcn.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "shoal/layout/mlx5_qp.h"

namespace shoal::ibgda::devx {
namespace {

constexpr std::size_t kErrLen = 512;

// The plugin's messages start with "ibgda: "; the runtime adds its own prefix.
std::string plugin_error(const char* err) {
  const char* prefix = "ibgda: ";
  return std::strncmp(err, prefix, std::strlen(prefix)) == 0 ? std::string(err + std::strlen(prefix)) : err;
}

std::size_t page_size() { return static_cast<std::size_t>(sysconf(_SC_PAGESIZE)); }

std::size_t round_to_page(std::size_t n) { return (n + page_size() - 1) / page_size() * page_size(); }

Placement with_defaults(Placement p) {
  if (!p.alloc)
    p.alloc = [](std::size_t bytes, shoal_ibgda_region_v1_t* out) -> std::string {
      void* m = std::aligned_alloc(page_size(), bytes);
      if (m == nullptr) return "no memory for the IBGDA queues";
      std::memset(m, 0, bytes);
      *out = shoal_ibgda_region_v1_t{m, bytes, SHOAL_IBGDA_MEM_HOST, -1, 0};
      return "";
    };
  if (!p.free) p.free = [](const shoal_ibgda_region_v1_t& r) { std::free(r.addr); };
  if (!p.write)
    p.write = [](void* dst, const void* src, std::size_t bytes) {
      std::memcpy(dst, src, bytes);
      return std::string();
    };
  if (!p.describe)
    p.describe = [](void* base, std::size_t bytes) {
      return shoal_ibgda_region_v1_t{base, bytes, SHOAL_IBGDA_MEM_HOST, -1, 0};
    };
  if (!p.map_uar)
    p.map_uar = [](void*, std::size_t, uint64_t* reg, uint64_t** device_reg) {
      *device_reg = reg;
      return std::string();
    };
  if (!p.unmap_uar) p.unmap_uar = [](void*) {};
  return p;
}

// The NIC holds its own reference to a registered dma-buf.
void close_dmabuf(shoal_ibgda_region_v1_t* r) {
  if (r->dmabuf_fd >= 0) ::close(r->dmabuf_fd);
  r->dmabuf_fd = -1;
}

}  // namespace

std::string load_plugin(const std::string& path, const shoal_ibgda_devx_plugin_v1_t** plugin_p) {
  *plugin_p = nullptr;
  void* h = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (h == nullptr)
    return std::string("cannot load the DevX plugin ") + path + ": " + dlerror() +
           " (install rdma-core's libibverbs1/libmlx5-1 and libhwloc, or rebuild shoal)";
  auto entry = reinterpret_cast<shoal_ibgda_devx_plugin_v1_fn>(::dlsym(h, SHOAL_IBGDA_DEVX_PLUGIN_SYMBOL));
  const shoal_ibgda_devx_plugin_v1_t* p = entry ? entry() : nullptr;
  if (p == nullptr || p->abi_version != SHOAL_IBGDA_DEVX_ABI_VERSION)
    return path + " is not a shoal IBGDA DevX plugin of ABI version " + std::to_string(SHOAL_IBGDA_DEVX_ABI_VERSION) +
           " (rebuild it together with shoal)";
  *plugin_p = p;
  return "";
}

DevxBackend::DevxBackend(const shoal_ibgda_devx_plugin_v1_t* plugin, const Options& options)
    : plugin_(plugin), options_(options) {
  options_.place = with_defaults(options.place);
}

DevxBackend::~DevxBackend() { stop(); }

std::string DevxBackend::open(const shoal_ibgda_devx_plugin_v1_t* plugin, const Options& options,
                              std::unique_ptr<DevxBackend>* backend_p) {
  std::unique_ptr<DevxBackend> b(new DevxBackend(plugin, options));
  shoal_ibgda_open_args_v1_t a{};
  a.gpu_pci_bus_id = options.gpu_pci_bus_id;
  a.hca_list = nullptr;  // SHOAL_HCA_LIST
  a.gid_index = -1;      // SHOAL_IB_GID_INDEX, else auto-select
  a.log = options.log;
  char err[kErrLen] = {};
  if (plugin->open(&a, &b->ctx_, err, sizeof err) != SHOAL_IBGDA_OK) return plugin_error(err);
  if (plugin->query(b->ctx_, &b->info_, err, sizeof err) != SHOAL_IBGDA_OK) return plugin_error(err);
  if (!b->info_.atomics)
    return std::string(b->info_.device) + " does not do 8-byte atomics (atomic_cap NONE): IBGDA atomics need them";
  *backend_p = std::move(b);
  return "";
}

std::string DevxBackend::local_address(NicAddress* out) {
  *out = NicAddress{};
  out->link = static_cast<uint32_t>(info_.link);
  out->lid = info_.lid;
  std::memcpy(out->gid, info_.gid, sizeof out->gid);
  return "";
}

std::string DevxBackend::alloc_queues(uint32_t sq_depth, uint32_t cq_depth, QueueMemory* out) {
  Queues q;
  std::string e = options_.place.alloc(round_to_page(std::size_t{sq_depth} * 64), &q.sq);
  if (e.empty()) e = options_.place.alloc(round_to_page(std::size_t{cq_depth} * 64), &q.cq);
  if (e.empty()) e = options_.place.alloc(page_size(), &q.dbr);  // SQ record at +0, CQ record at +64
  if (e.empty()) {
    // As the driver leaves a new CQ: every CQE invalid, owned by hardware.
    std::vector<uint8_t> cq(std::size_t{cq_depth} * 64, 0);
    for (uint32_t i = 0; i < cq_depth; ++i) cq[std::size_t{i} * 64 + 63] = 0xf1;
    e = options_.place.write(q.cq.addr, cq.data(), cq.size());
  }
  if (!e.empty()) {
    for (shoal_ibgda_region_v1_t* r : {&q.sq, &q.cq, &q.dbr}) {
      close_dmabuf(r);
      if (r->addr != nullptr) options_.place.free(*r);
    }
    return e;
  }
  q.mem.sq = q.sq.addr;
  q.mem.sq_depth = sq_depth;
  q.mem.sq_dbr = static_cast<uint32_t*>(q.dbr.addr);
  q.mem.cq = q.cq.addr;
  q.mem.cq_depth = cq_depth;
  q.mem.cq_dbr = reinterpret_cast<uint32_t*>(static_cast<uint8_t*>(q.dbr.addr) + 64);
  q.mem.uar = nullptr;  // known once the QP exists: device_doorbell()
  queues_.push_back(q);
  *out = q.mem;
  return "";
}

std::string DevxBackend::create_qp(int peer, const QueueMemory& mem, uint32_t* qpn) {
  Queues* q = nullptr;
  for (Queues& c : queues_)
    if (c.mem.sq == mem.sq && c.qp == nullptr) q = &c;
  if (q == nullptr) return "create_qp: the queue memory was not allocated by this backend";
  shoal_ibgda_qp_args_v1_t a{};
  a.sq = q->sq;
  a.sq_depth = q->mem.sq_depth;
  a.cq = q->cq;
  a.cq_depth = q->mem.cq_depth;
  a.dbr = q->dbr;
  a.user_index = static_cast<uint32_t>(q - queues_.data());
  shoal_ibgda_qp_out_v1_t out{};
  char err[kErrLen] = {};
  const int rc = plugin_->create_qp(ctx_, &a, &q->qp, &out, err, sizeof err);
  for (shoal_ibgda_region_v1_t* r : {&q->sq, &q->cq, &q->dbr}) close_dmabuf(r);
  if (rc != SHOAL_IBGDA_OK) return plugin_error(err);
  q->qpn = out.qpn;
  q->peer = peer;
  q->uar = out.uar;
  *qpn = out.qpn;
  if (options_.doorbell == "cpu" || uar_refused_) return "";
  for (const UarMapping& m : uar_maps_)
    if (m.reg == out.uar) q->device_uar = m.device_reg;
  if (q->device_uar != nullptr) return "";
  uint64_t* device_reg = nullptr;
  const std::string e = options_.place.map_uar(out.uar_page, out.uar_page_bytes, out.uar, &device_reg);
  if (e.empty()) {
    uar_maps_.push_back({out.uar_page, out.uar, device_reg});
    q->device_uar = device_reg;
    return "";
  }
  if (options_.doorbell == "gpu") return e + " (SHOAL_IBGDA_DOORBELL=gpu)";
  uar_refused_ = true;  // auto: a host thread rings every QP
  if (options_.log != nullptr) options_.log(3, (e + "; IBGDA uses cpu doorbells").c_str());
  return "";
}

uint64_t* DevxBackend::device_doorbell(uint32_t qpn, const QueueMemory&) {
  const Queues* q = find(qpn);
  return q != nullptr && !uar_refused_ ? q->device_uar : nullptr;
}

std::string DevxBackend::register_region(void* base, std::size_t bytes, Keys* out) {
  shoal_ibgda_region_v1_t region = options_.place.describe(base, bytes);
  shoal_ibgda_mr_t* mr = nullptr;
  shoal_ibgda_mr_info_v1_t info{};
  char err[kErrLen] = {};
  // Strict ordering: signal words live in the heap (docs/transport-ibgda-devx.md).
  const int rc = plugin_->reg_mr(ctx_, &region, /*relaxed_ordering=*/0, &mr, &info, err, sizeof err);
  close_dmabuf(&region);
  if (rc != SHOAL_IBGDA_OK) return plugin_error(err);
  mrs_.push_back(mr);
  *out = Keys{info.lkey, info.rkey};
  return "";
}

std::string DevxBackend::connect(uint32_t qpn, const PeerQp& remote) {
  Queues* q = find(qpn);
  if (q == nullptr) return "connect: unknown QP number";
  if (q->peer != remote.pe) return "connect: the QP was created for another peer";
  shoal_ibgda_connect_args_v1_t a{};  // PSN 0 both ways; MTU, timeouts and retries: the plugin's defaults
  shoal_ibgda_remote_v1_t r{};
  r.qpn = remote.qpn;
  r.lid = remote.addr.lid;
  std::memcpy(r.gid, remote.addr.gid, sizeof r.gid);
  r.psn = 0;
  r.link = static_cast<int>(remote.addr.link);
  char err[kErrLen] = {};
  if (plugin_->connect(q->qp, &a, &r, err, sizeof err) != SHOAL_IBGDA_OK)
    return "connecting to PE " + std::to_string(remote.pe) + ": " + plugin_error(err);
  return "";
}

void DevxBackend::ring_doorbell(uint32_t qpn, uint64_t ctrl8) {
  Queues* q = find(qpn);
  if (q == nullptr || q->uar == nullptr) return;
  // The doorbell record was written (by device code) before; the UAR store
  // must not pass it.
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  __atomic_store_n(q->uar, ctrl8, __ATOMIC_RELEASE);
}

std::string DevxBackend::drain(double timeout_s) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  std::vector<uint64_t> target(n_tracked_, 0);
  bool pending = false;
  for (uint32_t i = 0; i < n_tracked_; ++i) {
    const mlx5::qp& q = tracked_[i];
    if (q.sq == nullptr) continue;
    target[i] = __atomic_load_n(&q.posted, __ATOMIC_ACQUIRE);
    pending |= __atomic_load_n(&q.completed, __ATOMIC_ACQUIRE) < target[i];
  }
  if (!pending) return "";
  std::string failed;
  if (options_.complete) failed = options_.complete(tracked_, n_tracked_, timeout_s);
  for (;;) {
    bool done = true, any_error = false;
    for (uint32_t i = 0; i < n_tracked_; ++i) {
      const mlx5::qp& q = tracked_[i];
      if (q.sq == nullptr) continue;
      any_error |= __atomic_load_n(&q.has_error, __ATOMIC_ACQUIRE) != 0;
      done &= __atomic_load_n(&q.completed, __ATOMIC_ACQUIRE) >= target[i];
    }
    if (done) return "";
    const double waited = std::chrono::duration<double>(clock::now() - start).count();
    if (any_error || !failed.empty() || waited > timeout_s) {
      std::string r = failed;
      for (uint32_t i = 0; i < n_tracked_; ++i) {
        const mlx5::qp& q = tracked_[i];
        const uint64_t completed = __atomic_load_n(&q.completed, __ATOMIC_ACQUIRE);
        const bool error = __atomic_load_n(&q.has_error, __ATOMIC_ACQUIRE) != 0;
        if (q.sq == nullptr || (completed >= target[i] && !error)) continue;
        char line[256];
        std::snprintf(line, sizeof line,
                      "%sPE %d: QP 0x%x (to PE %d): posted %llu at the call, completed %llu after %.1f s%s",
                      r.empty() ? "" : "; ", q.pe, q.qpn, q.peer, static_cast<unsigned long long>(target[i]),
                      static_cast<unsigned long long>(completed), waited,
                      error ? " (QP failed: its error CQE was reported)" : "");
        r += line;
      }
      return r;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(50));
  }
}

void DevxBackend::stop() {
  for (Queues& q : queues_) {
    if (q.qp != nullptr) plugin_->destroy_qp(q.qp);
    for (const shoal_ibgda_region_v1_t* r : {&q.sq, &q.cq, &q.dbr}) options_.place.free(*r);
  }
  queues_.clear();
  for (shoal_ibgda_mr_t* mr : mrs_) plugin_->dereg_mr(mr);
  mrs_.clear();
  for (const UarMapping& m : uar_maps_) options_.place.unmap_uar(m.page);
  uar_maps_.clear();
  if (ctx_ != nullptr) plugin_->close(ctx_);
  ctx_ = nullptr;
}

DevxBackend::Queues* DevxBackend::find(uint32_t qpn) {
  for (Queues& q : queues_)
    if (q.qp != nullptr && q.qpn == qpn) return &q;
  return nullptr;
}

}  // namespace shoal::ibgda::devx
