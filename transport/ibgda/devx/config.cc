#include "transport/ibgda/devx/config.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace shoal::ibgda::devx {

namespace {

std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t')) --e;
  return s.substr(b, e - b);
}

bool parse_uint(const std::string& s, long max, long* v) {
  if (s.empty() || s.size() > 9) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  *v = std::strtol(s.c_str(), nullptr, 10);
  return *v <= max;
}

}  // namespace

bool parse_hca_list(const char* text, std::vector<hca_entry>* out, std::string* err) {
  out->clear();
  if (!text) return true;
  std::string all(text);
  if (trim(all).empty()) return true;
  size_t pos = 0;
  while (pos <= all.size()) {
    size_t comma = all.find(',', pos);
    if (comma == std::string::npos) comma = all.size();
    const std::string item = trim(all.substr(pos, comma - pos));
    pos = comma + 1;
    if (item.empty()) {
      *err = "SHOAL_HCA_LIST=\"" + all + "\": empty entry (expected e.g. mlx5_0:1,mlx5_1:1)";
      return false;
    }
    hca_entry e{item, 0};
    const size_t colon = item.find(':');
    if (colon != std::string::npos) {
      e.name = item.substr(0, colon);
      long port = 0;
      if (!parse_uint(item.substr(colon + 1), 255, &port) || port < 1) {
        *err = "SHOAL_HCA_LIST=\"" + all + "\": entry \"" + item + "\": port must be a number 1..255";
        return false;
      }
      e.port = static_cast<int>(port);
    }
    if (e.name.empty() || e.name.size() >= 64) {
      *err = "SHOAL_HCA_LIST=\"" + all + "\": entry \"" + item + "\": device name empty or too long";
      return false;
    }
    out->push_back(e);
    if (comma == all.size()) break;
  }
  return true;
}

bool parse_gid_index(const char* text, int* out, std::string* err) {
  *out = -1;
  if (!text) return true;
  const std::string s = trim(text);
  if (s.empty()) return true;
  long v = 0;
  if (!parse_uint(s, 255, &v)) {
    *err = std::string("SHOAL_IB_GID_INDEX=\"") + text + "\": expected a GID table index 0..255 (unset: auto-select)";
    return false;
  }
  *out = static_cast<int>(v);
  return true;
}

int select_roce_gid(const gid_candidate* c, size_t n) {
  static const uint8_t v4_prefix[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  for (size_t i = 0; i < n; ++i)
    if (c[i].roce_v2 && std::memcmp(c[i].gid, v4_prefix, 12) == 0) return c[i].index;
  for (size_t i = 0; i < n; ++i) {
    if (!c[i].roce_v2) continue;
    bool zero = true;
    for (int b = 0; b < 16; ++b) zero = zero && c[i].gid[b] == 0;
    const bool link_local = c[i].gid[0] == 0xfe && (c[i].gid[1] & 0xc0) == 0x80;
    if (!zero && !link_local) return c[i].index;
  }
  return -1;
}

std::string describe_devx_errno(const char* what, int err) {
  std::string head = std::string(what) + ": " + std::strerror(err) + " (errno " + std::to_string(err) + "): ";
  switch (err) {
    case EPERM:
    case EACCES:
      // Upstream mlx5_ib needs no capability for a DevX context or RC QPs
      // (CAP_NET_RAW only adds raw-packet send); EPERM/EACCES come from the
      // device node, a security module or an OFED/kernel policy.
      return head +
             "DevX is not permitted in this container or for this user (is /dev/infiniband/uverbs* passed in and "
             "accessible? a security module (SELinux/AppArmor) or the driver's policy may forbid DevX; some kernels "
             "allow DevX only to privileged users: try CAP_SYS_ADMIN/--privileged to confirm)";
    case EOPNOTSUPP:
    case ENOSYS:
    case EPROTONOSUPPORT:
      return head + "DevX is not supported by this kernel driver or firmware (needs mlx5_ib with DevX, Linux >= 5.0 or MLNX_OFED, and firmware with user contexts: ConnectX-5 or newer)";
    case ENOMEM:
      return head + "out of memory or NIC resources (locked-memory limit: check `ulimit -l`)";
    case EINVAL:
      return head + "the NIC rejected the parameters (see the command status in the log, if any)";
    default:
      return head + "unexpected failure";
  }
}

std::string describe_no_device(bool list_null, int err) {
  if (list_null)
    return std::string("no RDMA device: ibv_get_device_list failed (") + std::strerror(err) + ", errno " +
           std::to_string(err) +
           (err == ENOSYS ? "): this kernel has no RDMA subsystem (no /sys/class/infiniband)"
                          : "): is the rdma-core provider installed (ibverbs-providers) and the kernel module loaded?");
  return "no RDMA device: ibv_get_device_list found none (no /sys/class/infiniband entry; load mlx5_ib, or in a container pass /dev/infiniband)";
}

std::string describe_reg_failure(bool gpu, bool dmabuf_tried, int dmabuf_err, int plain_err) {
  if (!gpu)
    return std::string("ibv_reg_mr of host memory failed: ") + std::strerror(plain_err) +
           (plain_err == ENOMEM ? " (locked-memory limit: raise `ulimit -l`)" : "");
  std::string s = "GPU memory cannot be registered with the NIC: ";
  if (dmabuf_tried)
    s += std::string("ibv_reg_dmabuf_mr failed (") + std::strerror(dmabuf_err) +
         "; dma-buf needs Linux >= 5.12, the NVIDIA open kernel module and rdma-core >= 34)";
  else
    s += "no dma-buf fd was given (cuMemGetHandleForAddressRange with CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD unsupported?)";
  s += std::string(", and ibv_reg_mr failed (") + std::strerror(plain_err) +
       "; that path needs the nvidia-peermem kernel module: modprobe nvidia-peermem)";
  return s;
}

std::string describe_iomem_refused(const char* cuda_error) {
  return std::string("cudaHostRegister(UAR page, cudaHostRegisterIoMemory) failed (") + (cuda_error ? cuda_error : "?") +
         "): the GPU cannot ring the NIC doorbell; load the NVIDIA driver with "
         "NVreg_RegistryDwords=\"PeerMappingOverride=1;\" or use SHOAL_IBGDA_DOORBELL=cpu";
}

}  // namespace shoal::ibgda::devx
