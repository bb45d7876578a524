// Configuration parsing and failure messages of the DevX host side. Pure
// C++ (no ibverbs): unit-tested without a NIC.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace shoal::ibgda::devx {

struct hca_entry {
  std::string name;  // ibv device name, e.g. "mlx5_0"
  int port;          // 1-based; 0 = first active port
};

// SHOAL_HCA_LIST: "mlx5_0:1,mlx5_1:1" (port optional: "mlx5_0"). Spaces
// around entries are ignored. false with `err` naming the bad entry.
bool parse_hca_list(const char* text, std::vector<hca_entry>* out, std::string* err);

// SHOAL_IB_GID_INDEX: unset or empty → -1 (auto-select), else 0..255.
bool parse_gid_index(const char* text, int* out, std::string* err);

// One GID table entry as ibv_query_gid_ex reports it.
struct gid_candidate {
  int index;
  bool roce_v2;       // IBV_GID_TYPE_ROCE_V2 (else v1 / IB)
  uint8_t gid[16];
};
// Auto-selection for RoCE: the first RoCE v2 GID that is an IPv4-mapped
// address (::ffff:a.b.c.d), else the first RoCE v2 GID that is not zero and
// not link-local (fe80::/10), else -1.
int select_roce_gid(const gid_candidate* c, size_t n);

// A failing system call on the DevX path (`what`: "mlx5dv_open_device with
// DevX", "mlx5dv_devx_obj_create(CREATE_QP)", ...) turned into a one-line
// reason that says what is missing.
std::string describe_devx_errno(const char* what, int err);

// ibv_get_device_list's outcome (list is NULL or has `count` entries).
std::string describe_no_device(bool list_null, int err);

// Memory registration failure; `gpu`: the region is GPU memory;
// `dmabuf_tried`: a dma-buf fd was given and ibv_reg_dmabuf_mr failed with
// `dmabuf_err` (0 when not tried); `plain_err`: ibv_reg_mr's errno.
std::string describe_reg_failure(bool gpu, bool dmabuf_tried, int dmabuf_err, int plain_err);

// The message for the adapter when cudaHostRegister(uar page,
// cudaHostRegisterIoMemory) fails: GPU doorbells are impossible.
std::string describe_iomem_refused(const char* cuda_error);

}  // namespace shoal::ibgda::devx
