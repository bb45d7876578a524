/* The C ABI between libshoal and a proxy transport plugin
 * (libshoal_transport_<name>.so, loaded with dlopen by host/proxy.cc).
 * Versioned: a plugin exports shoal_transport_plugin_v1(); a new ABI adds
 * shoal_transport_plugin_v2() and keeps v1 where it can. */
#ifndef SHOAL_TRANSPORT_PROXY_PLUGIN_ABI_H
#define SHOAL_TRANSPORT_PROXY_PLUGIN_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 2: heap_is_device added. 3: peer_failure added. 4: gpu_pci_bus_id,
 * cpu_bind and nic added. 5: assist added. 6: the plugin counts what it
 * sends in the ring's sent_bytes/sent_ops. */
#define SHOAL_TRANSPORT_ABI_VERSION 6

typedef struct {
  int my_pe;
  int n_pes;
  void* heap_base;              /* this PE's symmetric heap (registered with the network) */
  uint64_t heap_size;
  const unsigned char* proxied; /* [n_pes]: 1 = the proxy reaches this PE (endpoint needed) */
  void* ring;                   /* shoal::proxy::Ring*, host address (shoal/layout/proxy_ring.h) */
  double timeout_s;             /* bound for init waits (connection set-up); 0 = 60 s */
  void* boot;                   /* passed back to allgather */
  /* Out-of-band allgather among all PEs (the bootstrap); returns 0 on success. */
  int (*allgather)(void* boot, const void* send, void* recv, size_t bytes);
  /* Logging with shoal's PE prefix; level 1 error .. 5 trace. */
  void (*log)(int level, const char* msg);
  /* Microseconds the proxy keeps polling after its last work before it naps. */
  double poll_us;
  /* 1: the heap is GPU memory (cuda platform): the network library must
   * register and access device memory (UCX built with CUDA support). */
  int heap_is_device;
  /* 1: endpoints detect a failed peer (UCX: UCP_ERR_HANDLING_MODE_PEER) and
   * the operations to it fail instead of hanging; 0: no detection (UCX
   * then also uses transports without peer-failure support). */
  int peer_failure;
  /* The PE's GPU ("0000:1b:00.0"), or null (sim, unknown). */
  const char* gpu_pci_bus_id;
  /* The proxy thread's CPUs: "auto" (those local to the GPU, when known),
   * "none", or a CPU list ("3", "0-3,8"); always within the process's
   * affinity (SHOAL_PROXY_CPU). */
  const char* cpu_bind;
  /* "auto": with UCX_NET_DEVICES unset, the RDMA device nearest the GPU;
   * "ucx": UCX's own choice (SHOAL_PROXY_NIC). */
  const char* nic;
} shoal_transport_args_v1_t;

typedef struct {
  int abi_version; /* SHOAL_TRANSPORT_ABI_VERSION */
  const char* name;
  /* Collective over all PEs: registers the heap, exchanges addresses and keys,
   * connects to every proxied PE and starts the proxy thread. Returns 0, or
   * non-zero after logging why (on every PE). */
  int (*start)(const shoal_transport_args_v1_t* args, void** ctx_p);
  /* Stops the proxy thread and releases everything. Call after a barrier
   * that follows every PE's last quiet. */
  int (*stop)(void* ctx);
  /* This PE issues nothing more (finalize, after its last quiet): peers
   * closing their connections from now on are expected, not errors. */
  int (*quiesce)(void* ctx);
  /* One pass of the proxy run by a thread that posts to or waits on it
   * (the ring's Assist protocol, shoal/layout/proxy_ring.h): when the
   * proxy's lock is free, issues the published requests and, for `kind`
   * 1 and 2 (shoal::proxy::AssistKind: a waiter), progresses the network;
   * returns the work done, or -1 when another thread is running a pass.
   * Never blocks. Any thread, between start and stop. */
  int (*assist)(void* ctx, int kind);
} shoal_transport_plugin_v1_t;

typedef const shoal_transport_plugin_v1_t* (*shoal_transport_plugin_v1_fn)(void);

#ifdef __cplusplus
}
#endif

#endif
