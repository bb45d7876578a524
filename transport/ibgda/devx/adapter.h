// The IBGDA backend (transport/ibgda/backend.h) on a real ConnectX NIC,
// through the DevX plugin (plugin_abi.h, libshoal_transport_ibgda.so). Pure
// C++: it calls the plugin through its function table and links no
// ibverbs; the host runtime finds and loads the plugin (host/ibgda_devx.cc),
// tests hand it one bound to a fake rdma-core.
//
// Never run on a real NIC (docs/transport-ibgda-devx.md): the setup path is
// tested against a fake rdma-core only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "transport/ibgda/backend.h"
#include "transport/ibgda/devx/plugin_abi.h"

namespace shoal::mlx5 {
struct qp;
}

namespace shoal::ibgda::devx {

// Where queue memory lives and how device code reaches the NIC: the
// platform's part (host/ibgda_devx.cc). Every hook has a default for host
// memory used in place (sim: kernels are CPU threads).
struct Placement {
  // Zeroed, page-aligned, page-multiple memory that device code and the NIC
  // share (cuda: GPU memory, which host code cannot dereference: the backend
  // initialises it through `write`). "" or what failed. A dma-buf fd in
  // *out (dmabuf_fd >= 0) belongs to the backend, which closes it once the
  // NIC has registered the region.
  std::function<std::string(std::size_t bytes, shoal_ibgda_region_v1_t* out)> alloc;
  std::function<void(const shoal_ibgda_region_v1_t&)> free;
  // Copies bytes from host memory into memory from `alloc`. "" or what failed.
  std::function<std::string(void* dst, const void* src, std::size_t bytes)> write;
  // How the NIC must register [base, +bytes) (host memory, or GPU memory
  // with a dma-buf fd, which the backend closes after the registration).
  std::function<shoal_ibgda_region_v1_t(void* base, std::size_t bytes)> describe;
  // GPU doorbells: the address device code writes for doorbell register
  // `reg` inside the UAR page [page, +bytes). "" or why the GPU cannot.
  std::function<std::string(void* page, std::size_t bytes, uint64_t* reg, uint64_t** device_reg)> map_uar;
  std::function<void(void* page)> unmap_uar;
};

struct Options {
  const char* gpu_pci_bus_id = nullptr;  // NIC affinity; null: the first usable NIC
  // "gpu": device code rings the UAR (a refused UAR mapping fails setup);
  // "cpu": a host thread rings it; "auto": gpu where the mapping works.
  std::string doorbell = "auto";
  void (*log)(int level, const char* msg) = nullptr;  // the plugin's info lines
  Placement place;
  // drain(): makes every tracked QP's CQ polled until its `completed`
  // counter reaches `posted` (cuda and sim: a kernel running the device
  // quiet on each QP, host/ibgda_drain.cu), within timeout_s. "" or what
  // failed. Unset: drain only waits for device code to advance the
  // counters.
  std::function<std::string(mlx5::qp* qps, uint32_t n, double timeout_s)> complete;
};

// Loads the plugin at `path` and checks its ABI. "" or the line.
std::string load_plugin(const std::string& path, const shoal_ibgda_devx_plugin_v1_t** plugin_p);

class DevxBackend final : public Backend {
 public:
  // Opens the NIC (device, PD, UAR, port and address). "" or what is
  // missing (no RDMA device, no mlx5, DevX not permitted, ...).
  static std::string open(const shoal_ibgda_devx_plugin_v1_t* plugin, const Options& options,
                          std::unique_ptr<DevxBackend>* backend_p);
  ~DevxBackend() override;
  const char* name() const override { return "mlx5 DevX"; }
  std::string local_address(NicAddress* out) override;
  std::string alloc_queues(uint32_t sq_depth, uint32_t cq_depth, QueueMemory* out) override;
  std::string create_qp(int peer, const QueueMemory& mem, uint32_t* qpn) override;
  uint64_t* device_doorbell(uint32_t qpn, const QueueMemory& mem) override;
  std::string register_region(void* base, std::size_t bytes, Keys* out) override;
  std::string connect(uint32_t qpn, const PeerQp& remote) override;
  std::string start() override { return ""; }
  void ring_doorbell(uint32_t qpn, uint64_t ctrl8) override;
  // Every WQE posted to a tracked QP before the call has completed: takes
  // each QP's `posted`, runs Options::complete (only device code polls the
  // CQs: their consumer index is device-side state, and on cuda the CQ is
  // GPU memory), then waits until `completed` reaches it. On timeout or a
  // failed QP: one line per such QP naming PE, QP, peer and the counters.
  std::string drain(double timeout_s) override;
  // The QP objects drain() watches (the table's; host-readable: pinned
  // host memory on cuda). Set once the table exists.
  void track(mlx5::qp* qps, uint32_t n) {
    tracked_ = qps;
    n_tracked_ = n;
  }
  void stop() override;

  const shoal_ibgda_device_info_v1_t& info() const { return info_; }

 private:
  struct Queues {
    QueueMemory mem;
    shoal_ibgda_region_v1_t sq{}, cq{}, dbr{};
    shoal_ibgda_qp_t* qp = nullptr;
    uint32_t qpn = 0;
    int peer = -1;
    uint64_t* uar = nullptr;         // host address of the doorbell register
    uint64_t* device_uar = nullptr;  // what device code writes (null: cpu doorbell)
  };
  DevxBackend(const shoal_ibgda_devx_plugin_v1_t* plugin, const Options& options);
  Queues* find(uint32_t qpn);

  const shoal_ibgda_devx_plugin_v1_t* plugin_;
  Options options_;
  shoal_ibgda_ctx_t* ctx_ = nullptr;
  shoal_ibgda_device_info_v1_t info_{};
  std::vector<Queues> queues_;
  std::vector<shoal_ibgda_mr_t*> mrs_;
  struct UarMapping {
    void* page;
    uint64_t* reg;
    uint64_t* device_reg;
  };
  std::vector<UarMapping> uar_maps_;
  bool uar_refused_ = false;  // "auto" and the mapping failed: cpu doorbells
  mlx5::qp* tracked_ = nullptr;
  uint32_t n_tracked_ = 0;
};

}  // namespace shoal::ibgda::devx
