/* The C ABI between libshoal and the IBGDA DevX plugin
 * (libshoal_transport_ibgda.so, links libibverbs, libmlx5 and hwloc; the
 * core dlopens it, found by bootstrap::find_plugin, and links none of them).
 *
 * Versioned: the plugin exports shoal_ibgda_devx_plugin_v1(); a new ABI adds
 * _v2 and keeps _v1 where it can.
 *
 * Conventions: every call returns 0 or a SHOAL_IBGDA_E_* code and then has
 * written one line into err[err_len] saying what is missing or wrong (the
 * caller logs it; the plugin logs nothing at error level itself). Objects are
 * opaque. Calls on one context are not thread-safe (setup is single-threaded).
 * Nothing here runs on the data path: device code posts WQEs into the
 * queues described by shoal_ibgda_qp_out_t (device/…/mlx5/queue.cuh).
 *
 * Typical use (per PE):
 *   open(gpu_bus_id)            -> ctx        (device, PD, UAR, EQ)
 *   query(ctx)                  -> lid/gid/port: exchanged through the bootstrap
 *   reg_mr(heap)                -> lkey/rkey:    rkeys exchanged
 *   create_qp(queue memory)     -> qp_out:       filled into mlx5::qp; qpn exchanged
 *   connect(qp, remote)         RST -> INIT -> RTR -> RTS
 *   destroy_qp / dereg_mr / close
 */
#ifndef SHOAL_TRANSPORT_IBGDA_DEVX_PLUGIN_ABI_H
#define SHOAL_TRANSPORT_IBGDA_DEVX_PLUGIN_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHOAL_IBGDA_DEVX_ABI_VERSION 1

enum {
  SHOAL_IBGDA_OK = 0,
  SHOAL_IBGDA_E_NO_DEVICE = 1,     /* no RDMA device (or none named in SHOAL_HCA_LIST) */
  SHOAL_IBGDA_E_NOT_MLX5 = 2,      /* device is not mlx5, or mlx5 without DevX support */
  SHOAL_IBGDA_E_DEVX_DENIED = 3,   /* DevX not permitted (EPERM): container capability */
  SHOAL_IBGDA_E_NO_GPU_REG = 4,    /* neither dma-buf nor peer memory registration works */
  SHOAL_IBGDA_E_PORT = 5,          /* port not active, no usable GID, ... */
  SHOAL_IBGDA_E_CMD = 6,           /* a DevX command failed (status/syndrome in the message) */
  SHOAL_IBGDA_E_INVALID = 7,       /* bad argument or configuration (SHOAL_HCA_LIST, ...) */
  SHOAL_IBGDA_E_SYSTEM = 8         /* other system failure (errno in the message) */
};

enum { SHOAL_IBGDA_LINK_IB = 0, SHOAL_IBGDA_LINK_ROCE = 1 };
enum { SHOAL_IBGDA_MEM_HOST = 0, SHOAL_IBGDA_MEM_GPU = 1 };

typedef struct shoal_ibgda_ctx shoal_ibgda_ctx_t;
typedef struct shoal_ibgda_mr shoal_ibgda_mr_t;
typedef struct shoal_ibgda_qp shoal_ibgda_qp_t;

typedef struct {
  /* The GPU's PCI bus id ("0000:3b:00.0", cudaDeviceGetPCIBusId); NULL: no
   * affinity (first usable NIC). Ignored when hca_list selects a device. */
  const char* gpu_pci_bus_id;
  /* NULL: SHOAL_HCA_LIST from the environment. "mlx5_0:1,mlx5_1:1": the
   * candidates, in order; with a GPU bus id the closest of them is taken. */
  const char* hca_list;
  /* -1: SHOAL_IB_GID_INDEX from the environment, else auto-select (RoCE v2,
   * IPv4-mapped). >= 0: that GID index (so a zero-initialised struct forces
   * index 0: set -1). */
  int gid_index;
  /* Optional: informational logging (level 3 info .. 5 trace). */
  void (*log)(int level, const char* msg);
} shoal_ibgda_open_args_v1_t;

typedef struct {
  char device[64];         /* "mlx5_0" */
  char nic_pci_bus_id[32]; /* "0000:3c:00.0" ("" if unknown) */
  int pci_distance;        /* hops between GPU and NIC in the PCI tree (-1: unknown) */
  int port;                /* 1-based */
  int link;                /* SHOAL_IBGDA_LINK_* */
  uint32_t lid;            /* IB */
  uint8_t gid[16];         /* RoCE (and IB GRH) */
  int gid_index;
  int active_mtu;          /* enum ibv_mtu: 1 = 256 .. 5 = 4096 */
  int max_qp_rd_atom;      /* incoming READ/atomic per QP (responder resources) */
  int max_qp_init_rd_atom; /* outstanding READ/atomic per QP as requester */
  int log_max_msg;         /* log2 of the port's largest message */
  int atomics;             /* 1: the device does 8-byte fetch-add/compare-swap (atomic_cap != NONE) */
  uint32_t pdn;            /* protection domain number */
} shoal_ibgda_device_info_v1_t;

typedef struct {
  uint32_t lkey;
  uint32_t rkey;
  int via_dmabuf;          /* 1: ibv_reg_dmabuf_mr; 0: ibv_reg_mr */
} shoal_ibgda_mr_info_v1_t;

/* A memory region: the heap for reg_mr, queue memory for create_qp (GPU
 * memory for IBGDA, host memory for the cpu doorbell mode or tests). For GPU
 * memory pass a dma-buf fd of the region (dmabuf_fd >= 0,
 * cuMemGetHandleForAddressRange(..., CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD))
 * and the region's offset in it, or -1 to register the address itself
 * (needs nvidia-peermem). Queue memory becomes a DevX umem. */
typedef struct {
  void* addr;
  size_t bytes;            /* queue memory: page aligned, page multiple */
  int mem;                 /* SHOAL_IBGDA_MEM_* */
  int dmabuf_fd;           /* -1: none */
  uint64_t dmabuf_offset;  /* offset of addr inside the dma-buf (the dma-buf must be pinnable) */
} shoal_ibgda_region_v1_t;

typedef struct {
  shoal_ibgda_region_v1_t sq; /* sq_depth * 64 bytes of WQE slots at sq.addr */
  uint32_t sq_depth;          /* power of two, 64-byte basic blocks */
  shoal_ibgda_region_v1_t cq; /* cq_depth * 64 bytes; the caller sets every op_own to 0xf1 */
  uint32_t cq_depth;          /* power of two */
  /* Doorbell records, zeroed by the caller: the SQ record (8 bytes, [1] =
   * send counter) at dbr.addr + 0, the CQ record ([0] = consumer index) at
   * dbr.addr + 64. */
  shoal_ibgda_region_v1_t dbr;
  uint32_t user_index;
} shoal_ibgda_qp_args_v1_t;

/* What the device's mlx5::qp needs, plus what to exchange with the peer. */
typedef struct {
  uint32_t qpn;
  uint32_t cqn;
  uint8_t* sq;             /* = args.sq.addr */
  uint32_t sq_depth;
  uint32_t* dbr;           /* SQ doorbell record (dbr[1] is the send counter) */
  uint8_t* cq;
  uint32_t cq_depth;
  uint32_t* cq_dbr;
  /* The UAR doorbell register (page + BlueFlame offset), a host mmio
   * address. For GPU doorbells register uar_page with
   * cudaHostRegister(uar_page, uar_page_bytes, cudaHostRegisterIoMemory |
   * cudaHostRegisterMapped) and translate uar with
   * cudaHostGetDevicePointer; a refusal means: use the cpu doorbell mode. */
  uint64_t* uar;
  void* uar_page;
  size_t uar_page_bytes;
} shoal_ibgda_qp_out_v1_t;

/* The peer's side of a connection (exchanged through the bootstrap). */
typedef struct {
  uint32_t qpn;
  uint32_t lid;            /* IB */
  uint8_t gid[16];         /* RoCE */
  uint32_t psn;            /* the peer's initial send PSN */
  int link;                /* must equal ours */
} shoal_ibgda_remote_v1_t;

typedef struct {
  uint32_t local_psn;      /* our initial send PSN (24 bits) */
  int mtu;                 /* 0: min(ours active, 4096); else enum ibv_mtu */
  int ack_timeout;         /* 0: 20 (about 4 s) */
  int retry_count;         /* 0: 7 */
  int rnr_retry;           /* 0: 7 */
  int sl;                  /* IB service level / RoCE priority */
  int traffic_class;       /* RoCE */
} shoal_ibgda_connect_args_v1_t;

typedef struct {
  int abi_version;         /* SHOAL_IBGDA_DEVX_ABI_VERSION */
  const char* name;        /* "ibgda-devx" */
  int (*open)(const shoal_ibgda_open_args_v1_t* args, shoal_ibgda_ctx_t** ctx_p, char* err, size_t err_len);
  int (*query)(shoal_ibgda_ctx_t* ctx, shoal_ibgda_device_info_v1_t* info_p, char* err, size_t err_len);
  /* Registers the region with LOCAL_WRITE|REMOTE_WRITE|REMOTE_READ|
   * REMOTE_ATOMIC, plus RELAXED_ORDERING when relaxed_ordering != 0 (never
   * for signal words: see docs/transport-ibgda-devx.md). GPU memory:
   * ibv_reg_dmabuf_mr when dmabuf_fd >= 0, then ibv_reg_mr (nvidia-peermem). */
  int (*reg_mr)(shoal_ibgda_ctx_t* ctx, const shoal_ibgda_region_v1_t* region, int relaxed_ordering,
                shoal_ibgda_mr_t** mr_p, shoal_ibgda_mr_info_v1_t* info_p, char* err, size_t err_len);
  int (*dereg_mr)(shoal_ibgda_mr_t* mr);
  int (*create_qp)(shoal_ibgda_ctx_t* ctx, const shoal_ibgda_qp_args_v1_t* args, shoal_ibgda_qp_t** qp_p,
                   shoal_ibgda_qp_out_v1_t* out_p, char* err, size_t err_len);
  int (*connect)(shoal_ibgda_qp_t* qp, const shoal_ibgda_connect_args_v1_t* args,
                 const shoal_ibgda_remote_v1_t* remote, char* err, size_t err_len);
  int (*destroy_qp)(shoal_ibgda_qp_t* qp);
  int (*close)(shoal_ibgda_ctx_t* ctx);
} shoal_ibgda_devx_plugin_v1_t;

typedef const shoal_ibgda_devx_plugin_v1_t* (*shoal_ibgda_devx_plugin_v1_fn)(void);
#define SHOAL_IBGDA_DEVX_PLUGIN_SYMBOL "shoal_ibgda_devx_plugin_v1"
#define SHOAL_IBGDA_DEVX_PLUGIN_FILE "libshoal_transport_ibgda.so"

#ifdef __cplusplus
}
#endif

#endif
