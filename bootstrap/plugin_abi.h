/* The C ABI between the shoal core and its run-time loaded bootstrap plugins
 * (libshoal_bootstrap_<name>.so: pmix, mpi).
 *
 * The core dlopen()s the plugin and calls its entry symbol
 * `shoal_bootstrap_plugin_v1`, which returns a table of functions. The table's
 * abi_version must equal SHOAL_BOOTSTRAP_PLUGIN_ABI_VERSION; a change to the
 * table's layout or meaning bumps the version and the entry symbol's suffix,
 * so a stale plugin is refused with a message instead of crashing.
 *
 * Plugins link nothing of shoal: the core passes a logging callback.
 * Every function returns 0 on success or a nonzero shoal::Status value
 * (base/status.h: 4 timeout, 5 io_error, 6 protocol_error, 7 not_found,
 * 9 peer_failed, ...) after logging what went wrong. Calls are collective
 * with the same meaning as bootstrap/bootstrap.h. */
#ifndef SHOAL_BOOTSTRAP_PLUGIN_ABI_H
#define SHOAL_BOOTSTRAP_PLUGIN_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHOAL_BOOTSTRAP_PLUGIN_ABI_VERSION 1
#define SHOAL_BOOTSTRAP_PLUGIN_ENTRY "shoal_bootstrap_plugin_v1"

/* Log levels of the callback (same numbers as shoal::LogLevel). */
enum { SHOAL_PLUGIN_LOG_ERROR = 1, SHOAL_PLUGIN_LOG_WARN = 2, SHOAL_PLUGIN_LOG_INFO = 3,
       SHOAL_PLUGIN_LOG_DEBUG = 4 };

/* What the core hands the plugin at init. */
typedef struct shoal_bootstrap_plugin_args_v1 {
  uint32_t abi_version;      /* SHOAL_BOOTSTRAP_PLUGIN_ABI_VERSION */
  double timeout_s;          /* bound for every wait (SHOAL_BOOTSTRAP_TIMEOUT) */
  const void* mpi_comm;      /* mpi: the application's MPI_Comm*, or NULL for MPI_COMM_WORLD */
  void (*log)(int level, const char* msg); /* one line, no newline */
} shoal_bootstrap_plugin_args_v1_t;

typedef struct shoal_bootstrap_plugin_v1 {
  uint32_t abi_version; /* SHOAL_BOOTSTRAP_PLUGIN_ABI_VERSION */
  const char* name;     /* "pmix", "mpi" */
  /* Creates the plugin state; sets *rank_p and *size_p. */
  int (*init)(const shoal_bootstrap_plugin_args_v1_t* args, void** ctx_p, int* rank_p,
              int* size_p);
  int (*allgather)(void* ctx, const void* send, void* recv, size_t bytes);
  int (*alltoall)(void* ctx, const void* send, void* recv, size_t bytes);
  int (*barrier)(void* ctx);
  int (*broadcast)(void* ctx, void* buf, size_t bytes, int root);
  /* Ends the whole job; must not return. */
  void (*abort)(void* ctx, int code, const char* msg);
  /* Collective; frees ctx. */
  int (*finalize)(void* ctx);
} shoal_bootstrap_plugin_v1_t;

typedef const shoal_bootstrap_plugin_v1_t* (*shoal_bootstrap_plugin_entry_v1_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* SHOAL_BOOTSTRAP_PLUGIN_ABI_H */
