// shoal-info: prints the build configuration and every environment variable
// shoal reads, with its default and the value set now; --topology prints, for
// each NVIDIA GPU of this node, the CPUs local to it and the RDMA device
// nearest it: where a PE on that GPU runs its proxy thread and which NIC its
// transports use (SHOAL_PROXY_CPU, SHOAL_PROXY_NIC, IBGDA).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "host/config.h"
#include "shoal/shoal.h"
#if SHOAL_INFO_TOPO
#include "transport/topo/topo.h"
#endif

#ifndef SHOAL_INFO_PLATFORM
#define SHOAL_INFO_PLATFORM "unknown"
#endif
#ifndef SHOAL_INFO_BUILD_TYPE
#define SHOAL_INFO_BUILD_TYPE "unknown"
#endif

namespace {

int print_topology() {
#if SHOAL_INFO_TOPO
  std::string why;
  const auto t = shoal::topo::Topology::load(nullptr, &why);
  if (!t) {
    std::fprintf(stderr, "shoal-info: cannot read this node's topology: %s\n", why.c_str());
    return 1;
  }
  const std::vector<std::string> gpus = t->nvidia_gpus();
  const std::vector<std::string> nics = t->rdma_devices();
  std::string names;
  for (const std::string& n : nics) names += (names.empty() ? "" : ", ") + n;
  std::printf("node topology (hwloc): %zu NVIDIA GPU%s, %zu RDMA device%s%s%s%s\n", gpus.size(),
              gpus.size() == 1 ? "" : "s", nics.size(), nics.size() == 1 ? "" : "s",
              nics.empty() ? "" : " (", names.c_str(), nics.empty() ? "" : ")");
  if (gpus.empty()) return 0;
  std::printf("%-14s %-16s %s\n", "GPU", "local CPUs", "nearest RDMA device (PCI hops)");
  for (const std::string& g : gpus) {
    const std::string cpus = t->local_cpus(g.c_str());
    const shoal::topo::Choice c = shoal::topo::nearest(*t, g.c_str(), nics);
    std::string nic = "-";
    if (c.distance >= 0) nic = nics[static_cast<std::size_t>(c.index)] + " (" + std::to_string(c.distance) + ")";
    std::printf("%-14s %-16s %s\n", g.c_str(), cpus.empty() ? "?" : cpus.c_str(), nic.c_str());
  }
  return 0;
#else
  std::fprintf(stderr, "shoal-info: built without hwloc (install libhwloc-dev and rebuild)\n");
  return 1;
#endif
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--topology") == 0 && argc == 2) return print_topology();
  bool markdown = argc > 1 && std::strcmp(argv[1], "--markdown") == 0;
  if (argc > 2 || (argc > 1 && !markdown)) {
    std::fprintf(stderr, "usage: shoal-info [--markdown | --topology]\n");
    return 2;
  }
  char name[SHOAL_MAX_NAME_LEN];
  shoal_info_get_name(name);
  if (!markdown) {
    std::printf("%s\nplatform:   %s\nbuild type: %s\n\nenvironment variables:\n", name,
                SHOAL_INFO_PLATFORM, SHOAL_INFO_BUILD_TYPE);
  } else {
    std::printf("| variable | default | meaning |\n|---|---|---|\n");
  }
  for (const shoal::EnvVarDoc* v = shoal::env_var_table(); v->name; ++v) {
    if (markdown) {
      std::printf("| `%s` | `%s` | %s |\n", v->name, v->default_value, v->description);
    } else {
      const char* now = std::getenv(v->name);
      std::printf("  %-26s default %-12s %s%s\n      %s\n", v->name, v->default_value,
                  now ? "set to " : "", now ? now : "", v->description);
    }
  }
  return 0;
}
