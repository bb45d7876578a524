/* shoal public host API.
 *
 * Naming mirrors NVSHMEM with the prefix shoal_ replacing nvshmem_/nvshmemx_.
 * Every function is generated from the type tables in <shoal/types.h>.
 *
 * Ordering contract of the host API (per calling thread):
 *   - put, p, iput, put_signal and the _nbi forms return once the source may
 *     be reused. Their writes become visible to the target in no particular
 *     order until shoal_fence() (orders earlier puts to each target PE before
 *     later ones to the same PE) or shoal_quiet() (completes every
 *     outstanding put, get and atomic of this thread).
 *   - put_signal: the data is delivered before the signal update is visible;
 *     a PE that observes the signal (wait_until/signal_wait_until, which have
 *     acquire semantics) observes the data.
 *   - get, g and the fetching atomics return the value; get_nbi completes at
 *     quiet.
 *   - barrier_all/barrier(team) imply quiet; sync_all/sync(team) do not wait
 *     for outstanding puts, only synchronise.
 * Argument errors (PE out of range, address outside the symmetric heap,
 * misaligned atomics, overflowing sizes) end the job with a message naming
 * the PE, the call and the bad value. */
#ifndef SHOAL_SHOAL_H
#define SHOAL_SHOAL_H

#include <stddef.h>
#include <stdint.h>

#include <shoal/bootstrap.h>
#include <shoal/coll_on_stream.h>
#include <shoal/types.h>
#include <shoal/version.h>

/* Functions that exist on host and device: __host__ __device__ for nvcc (the
 * device definitions come from <shoal/device.h>), plain elsewhere. */
#if defined(__CUDACC__)
#define SHOAL_HOSTDEV __host__ __device__
#else
#define SHOAL_HOSTDEV
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* --- init and queries ----------------------------------------------------- */

/* Initialise from the launcher's environment (shoalrun, mpirun, srun, or the
 * SHOAL_BOOTSTRAP/SHOAL_UNIQUEID variables). Returns 0 on success. Collective. */
int shoal_init(void);
/* flags: 0 or one of SHOAL_INIT_WITH_*; attr may be NULL when flags is 0. */
int shoal_init_attr(unsigned int flags, shoal_init_attr_t* attr);
/* Collective; waits for outstanding operations, frees the heap. After it,
 * shoal_init may be called again (fresh state). */
void shoal_finalize(void);
/* Ends the whole job with status; may be called by one PE alone. */
void shoal_global_exit(int status);
/* 1 between init and finalize, else 0. */
int shoal_init_status(void);
/* Rank 0: creates a unique id for the uid (TCP) bootstrap and starts
 * listening. Hand the bytes to every rank, then all call shoal_init_attr. */
int shoal_get_uniqueid(shoal_uniqueid_t* id);
int shoal_set_attr_uniqueid_args(int rank, int nranks, const shoal_uniqueid_t* id,
                                 shoal_init_attr_t* attr);
void shoal_info_get_version(int* major, int* minor);
/* name receives at most SHOAL_MAX_NAME_LEN bytes including the NUL. */
void shoal_info_get_name(char* name);

SHOAL_HOSTDEV int shoal_my_pe(void);
SHOAL_HOSTDEV int shoal_n_pes(void);
/* shoal extension (docs/failures.md): -1 while every PE of the job is alive;
 * once another PE died, exited without finalize or aborted, that PE (n_pes
 * when it is not known). shoal's own waits end by themselves then; a kernel
 * that spins on its own flags can poll this (one load of host-mapped
 * memory: every thousand spins or so) to end instead of hanging. */
SHOAL_HOSTDEV int shoal_failed_pe(void);
/* shoal extension (docs/api-host.md#transport-counters): what this PE has
 * sent through the remote transports (the host proxy and IBGDA, not P2P
 * loads and stores) since shoal_init: bytes written into other PEs' memory
 * (put payloads and the word of each signal and atomic; gets are not
 * counted) and operations, counted when the transport issues them (after a
 * quiet: everything posted before it). counted is 0 when a transport in use
 * does not count (IBGDA on a real NIC: read the NIC's port counters).
 * Returns 0, or 1 before shoal_init or with a NULL out. Host only. */
typedef struct {
  uint64_t bytes;
  uint64_t ops;
  int counted;
} shoal_transport_counters_t;
int shoal_transport_counters(shoal_transport_counters_t* out);
SHOAL_HOSTDEV int shoal_team_my_pe(shoal_team_t team);
SHOAL_HOSTDEV int shoal_team_n_pes(shoal_team_t team);
/* The PE number in dest_team of src_team's member src_pe, or -1. */
SHOAL_HOSTDEV int shoal_team_translate_pe(shoal_team_t src_team, int src_pe, shoal_team_t dest_team);

/* --- teams (OpenSHMEM 1.5; see docs/api-host.md) ------------------------- */
/* Collective over parent_team's members, all passing the same arguments.
 * The new team holds the parent members start, start+stride, ...,
 * start+(size-1)*stride (parent numbering; stride may be negative, and 0
 * only with size 1). Members get the new handle, other parent members
 * SHOAL_TEAM_INVALID. Returns 0 on success; nonzero (and
 * SHOAL_TEAM_INVALID) on invalid arguments, named in the message, or when
 * the team pool (SHOAL_TEAM_POOL_SIZE) is full. */
int shoal_team_split_strided(shoal_team_t parent_team, int start, int stride, int size,
                             const shoal_team_config_t* config, long config_mask,
                             shoal_team_t* new_team);
/* Collective over parent_team: the parent's PEs as a grid of xrange columns
 * (parent PE i at x = i % xrange, y = i / xrange); every PE joins its row
 * (xaxis_team) and its column (yaxis_team). Returns 0 on success. */
int shoal_team_split_2d(shoal_team_t parent_team, int xrange,
                        const shoal_team_config_t* xaxis_config, long xaxis_mask,
                        shoal_team_t* xaxis_team, const shoal_team_config_t* yaxis_config,
                        long yaxis_mask, shoal_team_t* yaxis_team);
/* The team's configuration (fields selected by config_mask). 0 on success. */
int shoal_team_get_config(shoal_team_t team, long config_mask, shoal_team_config_t* config);
/* Collective over the team's members: synchronises them, then frees the
 * team's heap slot. Predefined teams and SHOAL_TEAM_INVALID are ignored. */
void shoal_team_destroy(shoal_team_t team);

/* shoal extension (OpenSHMEM's shmem_collectmem): collective over the team.
 * Every member passes its own nbytes; dest (symmetric, at least the sum of
 * the members' nbytes on every member) gets the members' source blocks
 * concatenated in team order. Host only. Returns 0, or nonzero when the
 * exchange of the sizes failed (the message says why). */
int shoal_collectmem(shoal_team_t team, void* dest, const void* source, size_t nbytes);

/* --- symmetric heap (collective: every PE calls them in the same order with
 * the same arguments; mismatches are detected and reported) ------------- */

void* shoal_malloc(size_t size);
void* shoal_calloc(size_t count, size_t size);
void* shoal_align(size_t alignment, size_t size);
void* shoal_realloc(void* ptr, size_t size);
void shoal_free(void* ptr);
/* shoal extension (docs/api-host.md#symmetric-globals), sim platform only.
 * Collective, after shoal_init, every PE running the same executable: makes
 * the program's global and static variables (the executable's .data and
 * .bss) symmetric objects, addressed by their local address as OpenSHMEM
 * requires (shmem_init calls it). Shared libraries' globals and
 * thread-locals stay private; call it before starting threads that write
 * globals. shoal_finalize makes them private again, contents kept. Returns
 * 0, or nonzero on every PE alike (the message says why; cuda: always). */
int shoal_symmetric_globals(void);
/* Local address of the symmetric object `dest` on `pe` when this PE can
 * load/store it directly, else NULL. */
SHOAL_HOSTDEV void* shoal_ptr(const void* dest, int pe);

/* --- RMA ------------------------------------------------------------------ */

#define SHOAL_DECL_RMA_(NAME, TYPE)                                                          \
  SHOAL_HOSTDEV void shoal_##NAME##_p(TYPE* dest, TYPE value, int pe);                                      \
  SHOAL_HOSTDEV TYPE shoal_##NAME##_g(const TYPE* source, int pe);                                          \
  SHOAL_HOSTDEV void shoal_##NAME##_put(TYPE* dest, const TYPE* source, size_t nelems, int pe);             \
  SHOAL_HOSTDEV void shoal_##NAME##_get(TYPE* dest, const TYPE* source, size_t nelems, int pe);             \
  SHOAL_HOSTDEV void shoal_##NAME##_put_nbi(TYPE* dest, const TYPE* source, size_t nelems, int pe);         \
  SHOAL_HOSTDEV void shoal_##NAME##_get_nbi(TYPE* dest, const TYPE* source, size_t nelems, int pe);         \
  SHOAL_HOSTDEV void shoal_##NAME##_iput(TYPE* dest, const TYPE* source, ptrdiff_t dst, ptrdiff_t sst,      \
                           size_t nelems, int pe);                                            \
  SHOAL_HOSTDEV void shoal_##NAME##_iget(TYPE* dest, const TYPE* source, ptrdiff_t dst, ptrdiff_t sst,      \
                           size_t nelems, int pe);                                            \
  SHOAL_HOSTDEV void shoal_##NAME##_put_signal(TYPE* dest, const TYPE* source, size_t nelems,              \
                                 uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);   \
  SHOAL_HOSTDEV void shoal_##NAME##_put_signal_nbi(TYPE* dest, const TYPE* source, size_t nelems,          \
                                     uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_FOR_RMA_TYPES(SHOAL_DECL_RMA_)
#undef SHOAL_DECL_RMA_

#define SHOAL_DECL_SIZED_(BITS, BYTES)                                                      \
  SHOAL_HOSTDEV void shoal_put##BITS(void* dest, const void* source, size_t nelems, int pe);               \
  SHOAL_HOSTDEV void shoal_get##BITS(void* dest, const void* source, size_t nelems, int pe);               \
  SHOAL_HOSTDEV void shoal_put##BITS##_nbi(void* dest, const void* source, size_t nelems, int pe);         \
  SHOAL_HOSTDEV void shoal_get##BITS##_nbi(void* dest, const void* source, size_t nelems, int pe);         \
  SHOAL_HOSTDEV void shoal_iput##BITS(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,        \
                        size_t nelems, int pe);                                              \
  SHOAL_HOSTDEV void shoal_iget##BITS(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,        \
                        size_t nelems, int pe);                                              \
  SHOAL_HOSTDEV void shoal_put##BITS##_signal(void* dest, const void* source, size_t nelems,              \
                                uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);   \
  SHOAL_HOSTDEV void shoal_put##BITS##_signal_nbi(void* dest, const void* source, size_t nelems,          \
                                    uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_FOR_SIZES(SHOAL_DECL_SIZED_)
#undef SHOAL_DECL_SIZED_

SHOAL_HOSTDEV void shoal_putmem(void* dest, const void* source, size_t nbytes, int pe);
SHOAL_HOSTDEV void shoal_getmem(void* dest, const void* source, size_t nbytes, int pe);
SHOAL_HOSTDEV void shoal_putmem_nbi(void* dest, const void* source, size_t nbytes, int pe);
SHOAL_HOSTDEV void shoal_getmem_nbi(void* dest, const void* source, size_t nbytes, int pe);
SHOAL_HOSTDEV void shoal_putmem_signal(void* dest, const void* source, size_t nbytes, uint64_t* sig_addr,
                         uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_putmem_signal_nbi(void* dest, const void* source, size_t nbytes, uint64_t* sig_addr,
                             uint64_t signal, int sig_op, int pe);

/* --- signals -------------------------------------------------------------- */

/* Atomically applies sig_op (SET or ADD) with `signal` to sig_addr on pe. */
SHOAL_HOSTDEV void shoal_signal_op(uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
/* Atomic read of the local signal word. */
SHOAL_HOSTDEV uint64_t shoal_signal_fetch(const uint64_t* sig_addr);
/* Waits until the local sig_addr compares true against cmp_value; returns
 * the value that satisfied it. Acquire semantics. */
SHOAL_HOSTDEV uint64_t shoal_signal_wait_until(uint64_t* sig_addr, int cmp, uint64_t cmp_value);

/* --- atomics (all on symmetric addresses, naturally aligned) -------------- */

#define SHOAL_DECL_AMO_EXT_(NAME, TYPE)                                                     \
  SHOAL_HOSTDEV TYPE shoal_##NAME##_atomic_fetch(const TYPE* source, int pe);                              \
  SHOAL_HOSTDEV void shoal_##NAME##_atomic_set(TYPE* dest, TYPE value, int pe);                            \
  SHOAL_HOSTDEV TYPE shoal_##NAME##_atomic_swap(TYPE* dest, TYPE value, int pe);
#define SHOAL_DECL_AMO_STD_(NAME, TYPE)                                                     \
  SHOAL_DECL_AMO_EXT_(NAME, TYPE)                                                            \
  SHOAL_HOSTDEV TYPE shoal_##NAME##_atomic_compare_swap(TYPE* dest, TYPE cond, TYPE value, int pe);        \
  SHOAL_HOSTDEV void shoal_##NAME##_atomic_inc(TYPE* dest, int pe);                                        \
  SHOAL_HOSTDEV TYPE shoal_##NAME##_atomic_fetch_inc(TYPE* dest, int pe);                                  \
  SHOAL_HOSTDEV void shoal_##NAME##_atomic_add(TYPE* dest, TYPE value, int pe);                            \
  SHOAL_HOSTDEV TYPE shoal_##NAME##_atomic_fetch_add(TYPE* dest, TYPE value, int pe);
#define SHOAL_DECL_AMO_BIT_(NAME, TYPE)                                                     \
  SHOAL_HOSTDEV void shoal_##NAME##_atomic_and(TYPE* dest, TYPE value, int pe);                            \
  SHOAL_HOSTDEV void shoal_##NAME##_atomic_or(TYPE* dest, TYPE value, int pe);                             \
  SHOAL_HOSTDEV void shoal_##NAME##_atomic_xor(TYPE* dest, TYPE value, int pe);                            \
  SHOAL_HOSTDEV TYPE shoal_##NAME##_atomic_fetch_and(TYPE* dest, TYPE value, int pe);                      \
  SHOAL_HOSTDEV TYPE shoal_##NAME##_atomic_fetch_or(TYPE* dest, TYPE value, int pe);                       \
  SHOAL_HOSTDEV TYPE shoal_##NAME##_atomic_fetch_xor(TYPE* dest, TYPE value, int pe);
SHOAL_FOR_AMO_STANDARD_TYPES(SHOAL_DECL_AMO_STD_)
SHOAL_FOR_AMO_EXTENDED_ONLY_TYPES(SHOAL_DECL_AMO_EXT_)
SHOAL_FOR_AMO_BITWISE_TYPES(SHOAL_DECL_AMO_BIT_)
#undef SHOAL_DECL_AMO_EXT_
#undef SHOAL_DECL_AMO_STD_
#undef SHOAL_DECL_AMO_BIT_

/* --- point-to-point synchronisation on local symmetric variables ---------- */
/* wait_* block until the condition holds (acquire semantics); after
 * SHOAL_TIMEOUT seconds they report what they wait for and end the job.
 * status (may be NULL): a nonzero status[i] excludes ivars[i].
 * _any returns the index satisfied, or SIZE_MAX when every ivar is excluded;
 * _some writes satisfied indices to `indices` and returns their count. */

#define SHOAL_DECL_P2P_(NAME, TYPE)                                                         \
  SHOAL_HOSTDEV void shoal_##NAME##_wait_until(TYPE* ivar, int cmp, TYPE cmp_value);                      \
  SHOAL_HOSTDEV void shoal_##NAME##_wait_until_all(TYPE* ivars, size_t nelems, const int* status, int cmp, \
                                     TYPE cmp_value);                                        \
  SHOAL_HOSTDEV size_t shoal_##NAME##_wait_until_any(TYPE* ivars, size_t nelems, const int* status,       \
                                       int cmp, TYPE cmp_value);                             \
  SHOAL_HOSTDEV size_t shoal_##NAME##_wait_until_some(TYPE* ivars, size_t nelems, size_t* indices,        \
                                        const int* status, int cmp, TYPE cmp_value);         \
  SHOAL_HOSTDEV void shoal_##NAME##_wait_until_all_vector(TYPE* ivars, size_t nelems, const int* status,  \
                                            int cmp, const TYPE* cmp_values);                \
  SHOAL_HOSTDEV size_t shoal_##NAME##_wait_until_any_vector(TYPE* ivars, size_t nelems, const int* status,\
                                              int cmp, const TYPE* cmp_values);              \
  SHOAL_HOSTDEV size_t shoal_##NAME##_wait_until_some_vector(TYPE* ivars, size_t nelems, size_t* indices, \
                                               const int* status, int cmp,                   \
                                               const TYPE* cmp_values);                      \
  SHOAL_HOSTDEV int shoal_##NAME##_test(TYPE* ivar, int cmp, TYPE cmp_value);                             \
  SHOAL_HOSTDEV int shoal_##NAME##_test_all(TYPE* ivars, size_t nelems, const int* status, int cmp,       \
                              TYPE cmp_value);                                               \
  SHOAL_HOSTDEV size_t shoal_##NAME##_test_any(TYPE* ivars, size_t nelems, const int* status, int cmp,    \
                                 TYPE cmp_value);                                            \
  SHOAL_HOSTDEV size_t shoal_##NAME##_test_some(TYPE* ivars, size_t nelems, size_t* indices,              \
                                  const int* status, int cmp, TYPE cmp_value);               \
  SHOAL_HOSTDEV int shoal_##NAME##_test_all_vector(TYPE* ivars, size_t nelems, const int* status, int cmp,\
                                     const TYPE* cmp_values);                                \
  SHOAL_HOSTDEV size_t shoal_##NAME##_test_any_vector(TYPE* ivars, size_t nelems, const int* status,      \
                                        int cmp, const TYPE* cmp_values);                    \
  SHOAL_HOSTDEV size_t shoal_##NAME##_test_some_vector(TYPE* ivars, size_t nelems, size_t* indices,       \
                                         const int* status, int cmp, const TYPE* cmp_values);
SHOAL_FOR_P2P_SYNC_TYPES(SHOAL_DECL_P2P_)
#undef SHOAL_DECL_P2P_

/* --- ordering and synchronisation ---------------------------------------- */

/* Orders this thread's earlier puts/AMOs to each PE before its later ones to
 * the same PE. */
SHOAL_HOSTDEV void shoal_fence(void);
/* Completes every outstanding operation of this thread. */
SHOAL_HOSTDEV void shoal_quiet(void);
/* quiet + barrier over all PEs. */
SHOAL_HOSTDEV void shoal_barrier_all(void);
/* Barrier over all PEs without the quiet. */
SHOAL_HOSTDEV void shoal_sync_all(void);
/* quiet + barrier over team members (collective over the team). */
SHOAL_HOSTDEV int shoal_barrier(shoal_team_t team);
SHOAL_HOSTDEV int shoal_sync(shoal_team_t team);

/* --- stream-ordered operations (host only) ---------------------------------
 * Enqueued on `stream` and executed in stream order with the caller's
 * kernels and copies: they start after the stream's earlier work and the
 * stream's later work starts after they complete (as NVSHMEM's
 * nvshmemx_*_on_stream). They return at once. Each is one or two small
 * kernels of libshoal running the device API, so they are capturable in a
 * CUDA graph and correct on every replay (no host-side state changes
 * between replays; barrier epochs live in the symmetric heap). Local buffers
 * (source of a put, dest of a get) must be device-accessible memory.
 * Arguments are checked on the host when the call is made (not at replay):
 * bad PE, addresses outside the symmetric heap, bad sig_op/cmp, bad team.
 *   put/p/put_signal: when the operation completes in the stream, the data
 *     is in the target's heap; put_signal updates the signal after its data
 *     is visible (release). The _nbi forms have the same stream semantics.
 *   get: the data is in `dest` when the operation completes in the stream.
 *   signal_wait_until_on_stream: later work in the stream starts after the
 *     local signal satisfies the comparison (acquire).
 *   quiet_on_stream: earlier operations issued on the stream are complete.
 *   barrier_all/barrier: quiet + all PEs (team members) reached the barrier
 *     in their streams; sync_all/sync: the synchronisation only. Collective:
 *     every PE (member) enqueues the same barriers in the same order. */
typedef struct CUstream_st* shoal_stream_t; /* == cudaStream_t */

#define SHOAL_DECL_RMA_STREAM_(NAME, TYPE)                                                  \
  void shoal_##NAME##_p_on_stream(TYPE* dest, TYPE value, int pe, shoal_stream_t stream);   \
  void shoal_##NAME##_put_on_stream(TYPE* dest, const TYPE* source, size_t nelems, int pe,  \
                                    shoal_stream_t stream);                                 \
  void shoal_##NAME##_get_on_stream(TYPE* dest, const TYPE* source, size_t nelems, int pe,  \
                                    shoal_stream_t stream);                                 \
  void shoal_##NAME##_put_nbi_on_stream(TYPE* dest, const TYPE* source, size_t nelems,      \
                                        int pe, shoal_stream_t stream);                     \
  void shoal_##NAME##_get_nbi_on_stream(TYPE* dest, const TYPE* source, size_t nelems,      \
                                        int pe, shoal_stream_t stream);                     \
  void shoal_##NAME##_put_signal_on_stream(TYPE* dest, const TYPE* source, size_t nelems,   \
                                           uint64_t* sig_addr, uint64_t signal, int sig_op, \
                                           int pe, shoal_stream_t stream);                  \
  void shoal_##NAME##_put_signal_nbi_on_stream(TYPE* dest, const TYPE* source,              \
                                               size_t nelems, uint64_t* sig_addr,           \
                                               uint64_t signal, int sig_op, int pe,         \
                                               shoal_stream_t stream);
SHOAL_FOR_RMA_TYPES(SHOAL_DECL_RMA_STREAM_)
#undef SHOAL_DECL_RMA_STREAM_

void shoal_putmem_on_stream(void* dest, const void* source, size_t nbytes, int pe,
                            shoal_stream_t stream);
void shoal_getmem_on_stream(void* dest, const void* source, size_t nbytes, int pe,
                            shoal_stream_t stream);
void shoal_putmem_nbi_on_stream(void* dest, const void* source, size_t nbytes, int pe,
                                shoal_stream_t stream);
void shoal_getmem_nbi_on_stream(void* dest, const void* source, size_t nbytes, int pe,
                                shoal_stream_t stream);
void shoal_putmem_signal_on_stream(void* dest, const void* source, size_t nbytes,
                                   uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                   shoal_stream_t stream);
void shoal_putmem_signal_nbi_on_stream(void* dest, const void* source, size_t nbytes,
                                       uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                       shoal_stream_t stream);
void shoal_signal_op_on_stream(uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                               shoal_stream_t stream);
void shoal_signal_wait_until_on_stream(uint64_t* sig_addr, int cmp, uint64_t cmp_value,
                                       shoal_stream_t stream);
void shoal_quiet_on_stream(shoal_stream_t stream);
void shoal_barrier_all_on_stream(shoal_stream_t stream);
void shoal_sync_all_on_stream(shoal_stream_t stream);
/* 0 on success (errors end the job). */
int shoal_barrier_on_stream(shoal_team_t team, shoal_stream_t stream);
int shoal_sync_on_stream(shoal_team_t team, shoal_stream_t stream);

#ifdef __cplusplus
}
#endif

/* CUDA translation units (nvcc, or the sim platform's prelude) also get the
 * device API. */
#if defined(__CUDACC__) || defined(SHOAL_SIM_PRELUDE)
#include <shoal/device.h>
#endif

#endif /* SHOAL_SHOAL_H */
