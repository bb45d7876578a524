#include "transport/topo/topo.h"

#include <dlfcn.h>
#include <hwloc.h>
#include <pthread.h>
#include <sched.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "base/env.h"

namespace shoal::topo {

struct Topology::Impl {
  hwloc_topology_t t = nullptr;
};

Topology::Topology(Impl* impl) : impl_(impl) {}

Topology::~Topology() {
  if (impl_->t) hwloc_topology_destroy(impl_->t);
  delete impl_;
}

namespace {

// hwloc's own plugins (PCI discovery, libxml import, ...) resolve hwloc's
// symbols globally. Inside a transport plugin, dlopened RTLD_LOCAL, libhwloc
// is not global, so every hwloc plugin failed to load; where PCI discovery
// is one of them (Debian, Ubuntu) the topology came without PCI devices, and
// no NIC or GPU was found. Re-opening libhwloc RTLD_GLOBAL (it is loaded
// already: NOLOAD) makes its symbols global.
// hwloc loads its plugins with the first topology and unloads them with the
// last; some (PCI discovery) keep one-time allocations that then look leaked.
// An empty topology that is never destroyed keeps them loaded for the
// process's lifetime (and later loads skip loading them again).
void make_hwloc_global() {
  static const bool done = [] {
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&hwloc_topology_init), &info) && info.dli_fname)
      (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
    static hwloc_topology_t keeper = nullptr;
    (void)hwloc_topology_init(&keeper);
    return true;
  }();
  (void)done;
}

}  // namespace

std::unique_ptr<Topology> Topology::load(const char* xml, std::string* why) {
  make_hwloc_global();
  auto* impl = new Impl;
  std::unique_ptr<Topology> topo(new Topology(impl));
  if (hwloc_topology_init(&impl->t) != 0) {
    impl->t = nullptr;
    *why = "hwloc_topology_init failed";
    return nullptr;
  }
  hwloc_topology_set_io_types_filter(impl->t, HWLOC_TYPE_FILTER_KEEP_IMPORTANT);
  // PCI devices and their OS devices (mlx5_*) are all that is needed. The
  // GPU-library components would initialise CUDA, NVML, OpenCL or a display
  // inside the application's process: slow, and not ours to do.
  for (const char* c : {"cuda", "nvml", "opencl", "rsmi", "levelzero", "gl"})
    hwloc_topology_set_components(impl->t, HWLOC_TOPOLOGY_COMPONENTS_FLAG_BLACKLIST, c);
  if (xml && hwloc_topology_set_xml(impl->t, xml) != 0) {
    *why = std::string("cannot read the hwloc XML file ") + xml + ": " + std::strerror(errno);
    return nullptr;
  }
  if (hwloc_topology_load(impl->t) != 0) {
    *why = std::string("hwloc_topology_load failed: ") + std::strerror(errno);
    return nullptr;
  }
  return topo;
}

namespace {

// Hops between two objects through their deepest common ancestor, walking
// parent links (I/O objects have special negative depths, so depth
// arithmetic does not apply to them).
int tree_distance(hwloc_obj_t a, hwloc_obj_t b) {
  int up_a = 0;
  for (hwloc_obj_t x = a; x; x = x->parent, ++up_a) {
    int up_b = 0;
    for (hwloc_obj_t y = b; y; y = y->parent, ++up_b)
      if (x == y) return up_a + up_b;
  }
  return -1;
}

hwloc_obj_t osdev_named(hwloc_topology_t t, const char* name) {
  for (hwloc_obj_t os = hwloc_get_next_osdev(t, nullptr); os; os = hwloc_get_next_osdev(t, os))
    if (os->name && std::strcmp(os->name, name) == 0) return os;
  return nullptr;
}

hwloc_obj_t pci_of_osdev(hwloc_topology_t t, const char* name) {
  for (hwloc_obj_t p = osdev_named(t, name); p; p = p->parent)
    if (p->type == HWLOC_OBJ_PCI_DEVICE) return p;
  return nullptr;
}

hwloc_obj_t pci_by_bus_id(hwloc_topology_t t, const char* bus_id) {
  return bus_id && *bus_id ? hwloc_get_pcidev_by_busidstring(t, bus_id) : nullptr;
}

}  // namespace

int Topology::distance(const char* pci_bus_id, const char* osdev) const {
  hwloc_obj_t a = pci_by_bus_id(impl_->t, pci_bus_id);
  hwloc_obj_t b = pci_of_osdev(impl_->t, osdev);
  return a && b ? tree_distance(a, b) : -1;
}

std::vector<std::string> Topology::rdma_devices() const {
  std::vector<std::string> out;
  for (hwloc_obj_t os = hwloc_get_next_osdev(impl_->t, nullptr); os; os = hwloc_get_next_osdev(impl_->t, os))
    if (os->attr->osdev.type == HWLOC_OBJ_OSDEV_OPENFABRICS && os->name) out.emplace_back(os->name);
  return out;
}

namespace {

std::string bus_id(hwloc_obj_t p) {
  char id[32];
  std::snprintf(id, sizeof id, "%04x:%02x:%02x.%x", p->attr->pcidev.domain, p->attr->pcidev.bus,
                p->attr->pcidev.dev, p->attr->pcidev.func);
  return id;
}

}  // namespace

std::vector<std::string> Topology::nvidia_gpus() const {
  std::vector<std::string> out;
  for (hwloc_obj_t p = hwloc_get_next_pcidev(impl_->t, nullptr); p; p = hwloc_get_next_pcidev(impl_->t, p)) {
    const unsigned cls = p->attr->pcidev.class_id;
    if (p->attr->pcidev.vendor_id == 0x10de && (cls == 0x0300 || cls == 0x0302)) out.push_back(bus_id(p));
  }
  return out;
}

std::string Topology::bus_id_of(const char* osdev) const {
  hwloc_obj_t p = pci_of_osdev(impl_->t, osdev);
  return p ? bus_id(p) : "";
}

std::string Topology::local_cpus(const char* pci_bus_id) const {
  hwloc_obj_t p = pci_by_bus_id(impl_->t, pci_bus_id);
  hwloc_obj_t local = p ? hwloc_get_non_io_ancestor_obj(impl_->t, p) : nullptr;
  if (!local || !local->cpuset) return "";
  std::vector<int> cpus;
  for (int c = hwloc_bitmap_first(local->cpuset); c >= 0; c = hwloc_bitmap_next(local->cpuset, c))
    cpus.push_back(c);
  return env::format_cpu_list(cpus);
}

Choice nearest(const Topology& topo, const char* gpu_bus_id, const std::vector<std::string>& candidates) {
  Choice best;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const int d = topo.distance(gpu_bus_id, candidates[i].c_str());
    if (d >= 0 && (best.distance < 0 || d < best.distance)) {
      best.index = static_cast<int>(i);
      best.distance = d;
    }
  }
  return best;
}

bool bind_this_thread(const std::string& cpus, std::string* bound, std::string* why) {
  std::vector<int> want;
  if (!env::parse_cpu_list(cpus.c_str(), &want)) {
    *why = "'" + cpus + "' is not a CPU list (e.g. 3 or 0-3,8)";
    return false;
  }
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) {
    *why = std::string("sched_getaffinity failed: ") + std::strerror(errno);
    return false;
  }
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> got;
  for (int c : want)
    if (c < CPU_SETSIZE && CPU_ISSET(c, &allowed)) {
      CPU_SET(c, &set);
      got.push_back(c);
    }
  if (got.empty()) {
    std::vector<int> have;
    for (int c = 0; c < CPU_SETSIZE; ++c)
      if (CPU_ISSET(c, &allowed)) have.push_back(c);
    *why = "none of CPUs " + cpus + " is in this process's affinity (" + env::format_cpu_list(have) + ")";
    return false;
  }
  if (int e = pthread_setaffinity_np(pthread_self(), sizeof set, &set)) {
    *why = std::string("pthread_setaffinity_np failed: ") + std::strerror(e);
    return false;
  }
  *bound = env::format_cpu_list(got);
  return true;
}

}  // namespace shoal::topo
