#include "host/proxy.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <cuda_runtime_api.h>

#include "base/log.h"
#include "host/heap/access.h"
#include "host/liveness.h"
#include "bootstrap/plugin_path.h"
#include "host/runtime.h"
#include "host/wait.h"
#include "transport/proxy/plugin_abi.h"
#include "shoal/shared/proxy_post.h"
#if defined(SHOAL_PLATFORM_SIM)
#include "shoal/sim/idle_hook.h"
#endif

namespace shoal {

struct ProxyTransport {
  proxy::Ring* ring = nullptr;  // host address (== device address: mapped pinned memory, UVA)
  void* memory = nullptr;       // one allocation: device ring, host ring, their slots and completions
  std::vector<unsigned char> proxied;
  const shoal_transport_plugin_v1_t* plugin = nullptr;
  void* ctx = nullptr;
};

namespace {

void plugin_log(int level, const char* msg) {
  if (level < 1 || level > 5) level = 1;
  SHOAL_LOG(static_cast<LogLevel>(level), "%s", msg);
}

int boot_allgather(void* boot, const void* send, void* recv, size_t bytes) {
  return static_cast<bootstrap::Bootstrap*>(boot)->allgather(send, recv, bytes) == Status::ok ? 0 : 1;
}

// Ring memory the GPU reaches: mapped pinned host memory on cuda; the PE's
// own memory on sim (kernels run in this process).
Status ring_alloc(std::size_t bytes, void** out_p) {
#if defined(SHOAL_PLATFORM_CUDA)
  if (cudaHostAlloc(out_p, bytes, cudaHostAllocMapped) != cudaSuccess) {
    SHOAL_ERROR("cudaHostAlloc of %zu bytes for the proxy ring failed: %s", bytes,
                cudaGetErrorString(cudaGetLastError()));
    return Status::no_memory;
  }
#else
  *out_p = std::aligned_alloc(64, (bytes + 63) / 64 * 64);
  if (!*out_p) return Status::no_memory;
#endif
  std::memset(*out_p, 0, bytes);
  return Status::ok;
}

void ring_free(void* p) {
#if defined(SHOAL_PLATFORM_CUDA)
  cudaFreeHost(p);
#else
  std::free(p);
#endif
}

Status load_plugin(const std::string& name, const shoal_transport_plugin_v1_t** out_p) {
  const std::string file = "libshoal_transport_" + name + ".so";
  std::string tried;
  const std::string found = bootstrap::find_plugin(file, &tried);
  if (found.empty()) {
    SHOAL_ERROR("remote transport '%s' needs %s (not found in %s) - install libucx-dev and "
                "rebuild shoal, or set SHOAL_REMOTE_TRANSPORT=none; SHOAL_PLUGIN_PATH adds "
                "folders to search", name.c_str(), file.c_str(), tried.c_str());
    return Status::not_found;
  }
  void* h = ::dlopen(found.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    SHOAL_ERROR("remote transport '%s': cannot load %s: %s - install the UCX libraries "
                "(libucx0) it needs, or rebuild shoal", name.c_str(), found.c_str(), dlerror());
    return Status::not_found;
  }
  auto entry = reinterpret_cast<shoal_transport_plugin_v1_fn>(::dlsym(h, "shoal_transport_plugin_v1"));
  const shoal_transport_plugin_v1_t* t = entry ? entry() : nullptr;
  if (!t || t->abi_version != SHOAL_TRANSPORT_ABI_VERSION) {
    SHOAL_ERROR("remote transport '%s': %s is not a shoal transport plugin of ABI version %d; "
                "rebuild it together with shoal", name.c_str(), found.c_str(),
                SHOAL_TRANSPORT_ABI_VERSION);
    return Status::not_found;
  }
  SHOAL_DEBUG("remote transport %s: loaded %s", name.c_str(), found.c_str());
  *out_p = t;
  return Status::ok;
}

#if defined(SHOAL_PLATFORM_SIM)
// The sim's idle hook: a kernel whose threads all wait runs a proxy pass.
int assist_waiting(void* ring, int will_sleep) {
  auto* g = static_cast<proxy::Ring*>(ring);
  return g->assist(g->assist_ctx, will_sleep ? proxy::kAssistWaitSleeping : proxy::kAssistWait);
}
#endif

}  // namespace

Status proxy_start(Runtime& r) {
  r.proxy = nullptr;
  // Does any PE of the job miss a load/store path to another? Every PE
  // decides the same way (the heap's mapping matrix is agreed).
  bool needed = false;
  for (int a = 0; a < r.n_pes && !needed; ++a)
    for (int b = 0; b < r.n_pes && !needed; ++b)
      if (!r.heap.mapped_between(a, b)) needed = true;
  if (!needed || r.cfg.remote_transport == "none") return Status::ok;
  // With IBGDA running the proxy is optional: it serves host-initiated
  // operations on remote PEs (docs/transport-ibgda.md).
  if (r.ibgda != nullptr) {
    std::string tried;
    if (bootstrap::find_plugin("libshoal_transport_ucx.so", &tried).empty()) {
      SHOAL_INFO("IBGDA is running; the host proxy is not (libshoal_transport_ucx.so not found in %s): "
                 "host-initiated operations on remote PEs are unavailable", tried.c_str());
      return Status::ok;
    }
  }

  auto p = std::make_unique<ProxyTransport>();
  SHOAL_CHECK(load_plugin("ucx", &p->plugin));
  // Two rings in one allocation (proxy_ring.h): device producers', then
  // host producers', each with its slots and completions.
  const std::uint32_t cap = r.cfg.proxy_ring_size;
  const std::size_t one = sizeof(proxy::Ring) + cap * sizeof(proxy::Request) + cap * sizeof(proxy::Completion);
  SHOAL_CHECK(ring_alloc(2 * one, &p->memory));
  auto lay_out = [cap](void* at) {
    auto* g = static_cast<proxy::Ring*>(at);
    g->capacity = cap;
    g->mask = cap - 1;
    g->slots = reinterpret_cast<proxy::Request*>(g + 1);
    g->completions = reinterpret_cast<proxy::Completion*>(g->slots + cap);
    for (std::uint32_t i = 0; i < cap; ++i) g->slots[i].seq = i;
    return g;
  };
  auto* ring = lay_out(p->memory);
  ring->host = lay_out(static_cast<unsigned char*>(p->memory) + one);
  p->ring = ring;
  p->proxied.assign(r.n_pes, 0);
  for (int pe = 0; pe < r.n_pes; ++pe) p->proxied[pe] = r.heap.peer_base(pe) == nullptr;

  shoal_transport_args_v1_t a{};
  a.my_pe = r.my_pe;
  a.n_pes = r.n_pes;
  a.heap_base = r.heap.base();
  a.heap_size = r.heap.size();
  a.proxied = p->proxied.data();
  a.ring = ring;
  a.timeout_s = r.cfg.timeout_s > 0 && r.cfg.timeout_s < 60 ? r.cfg.timeout_s : 60;
  a.boot = r.boot.get();
  a.allgather = boot_allgather;
  a.log = plugin_log;
  a.poll_us = r.cfg.proxy_poll_us;
  a.peer_failure = r.cfg.proxy_peer_failure ? 1 : 0;
  a.cpu_bind = r.cfg.proxy_cpu.c_str();
  a.nic = r.cfg.proxy_nic.c_str();
#if defined(SHOAL_PLATFORM_CUDA)
  char bus_id[32] = {};
  a.heap_is_device = 1;
  if (cudaDeviceGetPCIBusId(bus_id, sizeof bus_id, r.device) == cudaSuccess) a.gpu_pci_bus_id = bus_id;
#else
  // Simulated GPUs report a PCI address only when told (SHOAL_SIM_GPU_BUS_ID).
  std::string bus_id;
  std::vector<std::string> ids;
  for (std::size_t at = 0; at <= r.cfg.sim_gpu_bus_id.size();) {
    const std::size_t comma = std::min(r.cfg.sim_gpu_bus_id.find(',', at), r.cfg.sim_gpu_bus_id.size());
    if (comma > at) ids.push_back(r.cfg.sim_gpu_bus_id.substr(at, comma - at));
    at = comma + 1;
  }
  if (!ids.empty()) {
    bus_id = ids[static_cast<std::size_t>(r.local_rank[r.my_pe]) % ids.size()];
    a.gpu_pci_bus_id = bus_id.c_str();
  }
#endif
  if (p->plugin->start(&a, &p->ctx) != 0) {
    SHOAL_ERROR("remote transport %s: start failed (see above); SHOAL_REMOTE_TRANSPORT=none runs "
                "without it when every PE is load/store reachable", p->plugin->name);
    ring_free(p->memory);
    return Status::io_error;
  }
  if (r.cfg.proxy_assist) {
    // Posting and waiting CPU threads run proxy passes (proxy_ring.h: Assist).
    ring->assist_ctx = p->ctx;
    ring->assist = p->plugin->assist;
#if defined(SHOAL_PLATFORM_SIM)
    shoal::sim::set_idle_hook(assist_waiting, ring);
#endif
  }
  SHOAL_INFO("remote transport %s: proxy thread running, ring of %u requests%s", p->plugin->name, cap,
             r.cfg.proxy_assist ? "; waiting threads assist" : "");
  r.proxy = p.release();
  return Status::ok;
}

void proxy_quiesce(Runtime& r) {
  if (r.proxy) r.proxy->plugin->quiesce(r.proxy->ctx);
}

void proxy_stop(Runtime& r) {
  ProxyTransport* p = r.proxy;
  if (!p) return;
#if defined(SHOAL_PLATFORM_SIM)
  if (p->ring->assist) shoal::sim::set_idle_hook(nullptr, nullptr);
#endif
  p->ring->assist = nullptr;
  p->plugin->stop(p->ctx);
  ring_free(p->memory);
  delete p;
  r.proxy = nullptr;
}

proxy::Ring* proxy_ring_device(const Runtime& r) { return r.proxy ? r.proxy->ring : nullptr; }

bool proxy_serves(const Runtime& r, int pe) {
  // Out-of-range PEs are not served: the caller's checks report them.
  return r.proxy && pe >= 0 && pe < r.n_pes && r.proxy->proxied[pe];
}

namespace {

// As the device's fail_proxy: the liveness notice naming a dead peer may
// come a moment after the transport saw its connection fail; wait for it
// up to 1 s so the line names the failed PE.
[[noreturn]] void proxy_failed(const Runtime& r, const char* call) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  while (!job_failed() && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  if (job_failed())
    fatal("%s: the remote transport reported an error (%s): gave up because the job failed: %s", call,
          r.proxy->ring->error_text, job_failure_reason());
  fatal("%s: the remote transport reported an error: %s", call, r.proxy->ring->error_text);
}

// The ring's atomics for shared/proxy_post.h.
struct RingMem {
  static std::uint64_t fetch_add(std::uint64_t* p, std::uint64_t v) {
    return std::atomic_ref<std::uint64_t>(*p).fetch_add(v, std::memory_order_relaxed);
  }
  static std::uint64_t load_acquire(const std::uint64_t* p) {
    return std::atomic_ref<std::uint64_t>(*const_cast<std::uint64_t*>(p)).load(std::memory_order_acquire);
  }
  static std::uint64_t load_relaxed(const std::uint64_t* p) {
    return std::atomic_ref<std::uint64_t>(*const_cast<std::uint64_t*>(p)).load(std::memory_order_relaxed);
  }
  static std::uint32_t load_relaxed32(const std::uint32_t* p) {
    return std::atomic_ref<std::uint32_t>(*const_cast<std::uint32_t*>(p)).load(std::memory_order_relaxed);
  }
  static void store_release(std::uint64_t* p, std::uint64_t v) {
    std::atomic_ref<std::uint64_t>(*p).store(v, std::memory_order_release);
  }
  static void fence_sc() {
    heap_order_point();  // sim weak-order option: buffered puts land first
    std::atomic_thread_fence(std::memory_order_seq_cst);
  }
};

// shared/proxy_post.h's Wait: the host's backoff (host/wait.h: spin, yield,
// then sleep growing to 1 ms), so a long wait leaves the CPU to the proxy
// thread doing the work, with a pass of the proxy's own when it is free; a
// transport error ends it at once.
struct RingWait {
  Runtime& r;
  const char* call;
  Backoff b{r.cfg.timeout_s};

  void check() {
    if (std::atomic_ref<std::uint32_t>(r.proxy->ring->error).load(std::memory_order_acquire))
      proxy_failed(r, call);
  }
  void step(const char* what, std::uint64_t ticket) {
    proxy::Ring* ring = r.proxy->ring;
    check();
    if (ring->assist)
      ring->assist(ring->assist_ctx, b.sleeps_next() ? proxy::kAssistWaitSleeping : proxy::kAssistWait);
    if (!b.pause()) {
      char desc[200];
      std::snprintf(desc, sizeof desc, "the host proxy to %s (request %llu)", what,
                    static_cast<unsigned long long>(ticket));
      wait_timed_out(call, b.elapsed_s(), desc);
    }
  }
};

}  // namespace

// Host threads post into the host ring (proxy_ring.h: one kind of writer
// per counter); `sleeping`, the doorbell and the assist hook are the device
// ring's.
std::uint64_t proxy_post(Runtime& r, const char* call, const proxy::Request& req) {
  proxy::Ring* ring = r.proxy->ring;
  RingWait w{r, call};
  const std::uint64_t ticket = proxy::post<RingMem>(ring->host, w, [&](proxy::Request& slot) {
    proxy::Request copy = req;
    copy.seq = slot.seq;
    slot = copy;
  });
  proxy::wake<RingMem>(ring, proxy::assist_on_post(req));
  return ticket;
}

std::uint64_t proxy_wait(Runtime& r, const char* call, std::uint64_t ticket) {
  RingWait w{r, call};
  return proxy::complete<RingMem>(r.proxy->ring->host, w, ticket, "complete a request");
}

void proxy_quiet(Runtime& r, const char* call) {
  if (!r.proxy) return;
  proxy::Request q{};
  q.op = proxy::kOpQuiet;
  q.pe = r.my_pe;
  q.flags = proxy::kWait;
  proxy_wait(r, call, proxy_post(r, call, q));
}

void proxy_sent(const Runtime& r, std::uint64_t* bytes, std::uint64_t* ops) {
  if (!r.proxy) return;
  for (proxy::Ring* ring : {r.proxy->ring, r.proxy->ring->host}) {
    if (!ring) continue;
    *bytes += std::atomic_ref<std::uint64_t>(ring->sent_bytes).load(std::memory_order_relaxed);
    *ops += std::atomic_ref<std::uint64_t>(ring->sent_ops).load(std::memory_order_relaxed);
  }
}

}  // namespace shoal
