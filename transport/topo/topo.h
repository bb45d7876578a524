// Machine topology for the transport plugins (hwloc): which NIC is nearest a
// GPU, which CPUs are local to it, and binding a thread to them. Static,
// position-independent; only plugins link it (libshoal links no hwloc).
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace shoal::topo {

class Topology {
 public:
  // This machine's topology, or the hwloc XML file `xml` (tests, or
  // HWLOC_XMLFILE-style overrides). Null with `why` set when it cannot load.
  static std::unique_ptr<Topology> load(const char* xml, std::string* why);
  ~Topology();
  Topology(const Topology&) = delete;
  Topology& operator=(const Topology&) = delete;

  // Hops through the PCI tree between the PCI device `pci_bus_id`
  // ("0000:1b:00.0", any case) and the PCI device that holds OS device
  // `osdev` (e.g. "mlx5_0"); -1 when either is unknown.
  int distance(const char* pci_bus_id, const char* osdev) const;
  // The RDMA devices (OpenFabrics OS devices: mlx5_0, ...), in topology order.
  std::vector<std::string> rdma_devices() const;
  // The NVIDIA GPUs' PCI bus ids (display or 3D controllers of vendor
  // 0x10de), in topology order.
  std::vector<std::string> nvidia_gpus() const;
  // The PCI bus id of the device holding OS device `osdev`, or "".
  std::string bus_id_of(const char* osdev) const;
  // The CPUs local to PCI device `pci_bus_id` (those of its nearest non-I/O
  // ancestor: a NUMA node or package) as a list ("0-15,64-79"), or "".
  std::string local_cpus(const char* pci_bus_id) const;

 private:
  struct Impl;
  explicit Topology(Impl* impl);
  Impl* impl_;
};

// The candidate nearest the GPU: the first of the closest on ties, the first
// when the GPU or every candidate is unknown (distance -1).
struct Choice {
  int index = 0;
  int distance = -1;
};
Choice nearest(const Topology& topo, const char* gpu_bus_id, const std::vector<std::string>& candidates);

// Binds the calling thread to the CPUs of `cpus` (a CPU list) that the
// process may run on (its current affinity), and returns that set as a list.
// When none is left, or the list is invalid, the binding is unchanged and
// false returned with `why`.
bool bind_this_thread(const std::string& cpus, std::string* bound, std::string* why);

}  // namespace shoal::topo
