/* shoal public host API.
 *
 * Naming mirrors NVSHMEM with the prefix shoal_ replacing nvshmem_/nvshmemx_.
 * The typed families (shoal_<type>_put, shoal_put<bits>, ...) are written out
 * below by tools/gen-api from its operation table and the type tables in
 * <shoal/types.h> (CTest docs.api_decls_in_sync fails when they are stale):
 * every name is one greppable declaration, and each family's comment names
 * the file that implements it.
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

/* BEGIN tools/gen-api: rma (generated from its table: do not edit; the
 * implementation: host: host/api/rma.cc (SHOAL_DEF_RMA_); device: shoal/device/entry.cuh) */
#ifdef __cplusplus /* bfloat16 and half are CUDA C++ types */
SHOAL_HOSTDEV void shoal_bfloat16_p(__nv_bfloat16* dest, __nv_bfloat16 value, int pe);
SHOAL_HOSTDEV __nv_bfloat16 shoal_bfloat16_g(const __nv_bfloat16* source, int pe);
SHOAL_HOSTDEV void shoal_bfloat16_put(__nv_bfloat16* dest, const __nv_bfloat16* source,
                                      size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_bfloat16_get(__nv_bfloat16* dest, const __nv_bfloat16* source,
                                      size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_bfloat16_put_nbi(__nv_bfloat16* dest, const __nv_bfloat16* source,
                                          size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_bfloat16_get_nbi(__nv_bfloat16* dest, const __nv_bfloat16* source,
                                          size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_bfloat16_iput(__nv_bfloat16* dest, const __nv_bfloat16* source,
                                       ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_bfloat16_iget(__nv_bfloat16* dest, const __nv_bfloat16* source,
                                       ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_bfloat16_put_signal(__nv_bfloat16* dest, const __nv_bfloat16* source,
                                             size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                             int sig_op, int pe);
SHOAL_HOSTDEV void shoal_bfloat16_put_signal_nbi(__nv_bfloat16* dest, const __nv_bfloat16* source,
                                                 size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                                 int sig_op, int pe);
SHOAL_HOSTDEV void shoal_half_p(__half* dest, __half value, int pe);
SHOAL_HOSTDEV __half shoal_half_g(const __half* source, int pe);
SHOAL_HOSTDEV void shoal_half_put(__half* dest, const __half* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_half_get(__half* dest, const __half* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_half_put_nbi(__half* dest, const __half* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_half_get_nbi(__half* dest, const __half* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_half_iput(__half* dest, const __half* source, ptrdiff_t dst, ptrdiff_t sst,
                                   size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_half_iget(__half* dest, const __half* source, ptrdiff_t dst, ptrdiff_t sst,
                                   size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_half_put_signal(__half* dest, const __half* source, size_t nelems,
                                         uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_half_put_signal_nbi(__half* dest, const __half* source, size_t nelems,
                                             uint64_t* sig_addr, uint64_t signal, int sig_op,
                                             int pe);
#endif
SHOAL_HOSTDEV void shoal_float_p(float* dest, float value, int pe);
SHOAL_HOSTDEV float shoal_float_g(const float* source, int pe);
SHOAL_HOSTDEV void shoal_float_put(float* dest, const float* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_float_get(float* dest, const float* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_float_put_nbi(float* dest, const float* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_float_get_nbi(float* dest, const float* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_float_iput(float* dest, const float* source, ptrdiff_t dst, ptrdiff_t sst,
                                    size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_float_iget(float* dest, const float* source, ptrdiff_t dst, ptrdiff_t sst,
                                    size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_float_put_signal(float* dest, const float* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_float_put_signal_nbi(float* dest, const float* source, size_t nelems,
                                              uint64_t* sig_addr, uint64_t signal, int sig_op,
                                              int pe);
SHOAL_HOSTDEV void shoal_double_p(double* dest, double value, int pe);
SHOAL_HOSTDEV double shoal_double_g(const double* source, int pe);
SHOAL_HOSTDEV void shoal_double_put(double* dest, const double* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_double_get(double* dest, const double* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_double_put_nbi(double* dest, const double* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_double_get_nbi(double* dest, const double* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_double_iput(double* dest, const double* source, ptrdiff_t dst,
                                     ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_double_iget(double* dest, const double* source, ptrdiff_t dst,
                                     ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_double_put_signal(double* dest, const double* source, size_t nelems,
                                           uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_double_put_signal_nbi(double* dest, const double* source, size_t nelems,
                                               uint64_t* sig_addr, uint64_t signal, int sig_op,
                                               int pe);
SHOAL_HOSTDEV void shoal_char_p(char* dest, char value, int pe);
SHOAL_HOSTDEV char shoal_char_g(const char* source, int pe);
SHOAL_HOSTDEV void shoal_char_put(char* dest, const char* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_char_get(char* dest, const char* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_char_put_nbi(char* dest, const char* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_char_get_nbi(char* dest, const char* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_char_iput(char* dest, const char* source, ptrdiff_t dst, ptrdiff_t sst,
                                   size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_char_iget(char* dest, const char* source, ptrdiff_t dst, ptrdiff_t sst,
                                   size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_char_put_signal(char* dest, const char* source, size_t nelems,
                                         uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_char_put_signal_nbi(char* dest, const char* source, size_t nelems,
                                             uint64_t* sig_addr, uint64_t signal, int sig_op,
                                             int pe);
SHOAL_HOSTDEV void shoal_short_p(short* dest, short value, int pe);
SHOAL_HOSTDEV short shoal_short_g(const short* source, int pe);
SHOAL_HOSTDEV void shoal_short_put(short* dest, const short* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_short_get(short* dest, const short* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_short_put_nbi(short* dest, const short* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_short_get_nbi(short* dest, const short* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_short_iput(short* dest, const short* source, ptrdiff_t dst, ptrdiff_t sst,
                                    size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_short_iget(short* dest, const short* source, ptrdiff_t dst, ptrdiff_t sst,
                                    size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_short_put_signal(short* dest, const short* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_short_put_signal_nbi(short* dest, const short* source, size_t nelems,
                                              uint64_t* sig_addr, uint64_t signal, int sig_op,
                                              int pe);
SHOAL_HOSTDEV void shoal_schar_p(signed char* dest, signed char value, int pe);
SHOAL_HOSTDEV signed char shoal_schar_g(const signed char* source, int pe);
SHOAL_HOSTDEV void shoal_schar_put(signed char* dest, const signed char* source, size_t nelems,
                                   int pe);
SHOAL_HOSTDEV void shoal_schar_get(signed char* dest, const signed char* source, size_t nelems,
                                   int pe);
SHOAL_HOSTDEV void shoal_schar_put_nbi(signed char* dest, const signed char* source, size_t nelems,
                                       int pe);
SHOAL_HOSTDEV void shoal_schar_get_nbi(signed char* dest, const signed char* source, size_t nelems,
                                       int pe);
SHOAL_HOSTDEV void shoal_schar_iput(signed char* dest, const signed char* source, ptrdiff_t dst,
                                    ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_schar_iget(signed char* dest, const signed char* source, ptrdiff_t dst,
                                    ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_schar_put_signal(signed char* dest, const signed char* source,
                                          size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                          int sig_op, int pe);
SHOAL_HOSTDEV void shoal_schar_put_signal_nbi(signed char* dest, const signed char* source,
                                              size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                              int sig_op, int pe);
SHOAL_HOSTDEV void shoal_int_p(int* dest, int value, int pe);
SHOAL_HOSTDEV int shoal_int_g(const int* source, int pe);
SHOAL_HOSTDEV void shoal_int_put(int* dest, const int* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int_get(int* dest, const int* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int_put_nbi(int* dest, const int* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int_get_nbi(int* dest, const int* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int_iput(int* dest, const int* source, ptrdiff_t dst, ptrdiff_t sst,
                                  size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int_iget(int* dest, const int* source, ptrdiff_t dst, ptrdiff_t sst,
                                  size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int_put_signal(int* dest, const int* source, size_t nelems,
                                        uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_int_put_signal_nbi(int* dest, const int* source, size_t nelems,
                                            uint64_t* sig_addr, uint64_t signal, int sig_op,
                                            int pe);
SHOAL_HOSTDEV void shoal_long_p(long* dest, long value, int pe);
SHOAL_HOSTDEV long shoal_long_g(const long* source, int pe);
SHOAL_HOSTDEV void shoal_long_put(long* dest, const long* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_long_get(long* dest, const long* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_long_put_nbi(long* dest, const long* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_long_get_nbi(long* dest, const long* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_long_iput(long* dest, const long* source, ptrdiff_t dst, ptrdiff_t sst,
                                   size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_long_iget(long* dest, const long* source, ptrdiff_t dst, ptrdiff_t sst,
                                   size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_long_put_signal(long* dest, const long* source, size_t nelems,
                                         uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_long_put_signal_nbi(long* dest, const long* source, size_t nelems,
                                             uint64_t* sig_addr, uint64_t signal, int sig_op,
                                             int pe);
SHOAL_HOSTDEV void shoal_longlong_p(long long* dest, long long value, int pe);
SHOAL_HOSTDEV long long shoal_longlong_g(const long long* source, int pe);
SHOAL_HOSTDEV void shoal_longlong_put(long long* dest, const long long* source, size_t nelems,
                                      int pe);
SHOAL_HOSTDEV void shoal_longlong_get(long long* dest, const long long* source, size_t nelems,
                                      int pe);
SHOAL_HOSTDEV void shoal_longlong_put_nbi(long long* dest, const long long* source, size_t nelems,
                                          int pe);
SHOAL_HOSTDEV void shoal_longlong_get_nbi(long long* dest, const long long* source, size_t nelems,
                                          int pe);
SHOAL_HOSTDEV void shoal_longlong_iput(long long* dest, const long long* source, ptrdiff_t dst,
                                       ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_longlong_iget(long long* dest, const long long* source, ptrdiff_t dst,
                                       ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_longlong_put_signal(long long* dest, const long long* source,
                                             size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                             int sig_op, int pe);
SHOAL_HOSTDEV void shoal_longlong_put_signal_nbi(long long* dest, const long long* source,
                                                 size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                                 int sig_op, int pe);
SHOAL_HOSTDEV void shoal_uchar_p(unsigned char* dest, unsigned char value, int pe);
SHOAL_HOSTDEV unsigned char shoal_uchar_g(const unsigned char* source, int pe);
SHOAL_HOSTDEV void shoal_uchar_put(unsigned char* dest, const unsigned char* source, size_t nelems,
                                   int pe);
SHOAL_HOSTDEV void shoal_uchar_get(unsigned char* dest, const unsigned char* source, size_t nelems,
                                   int pe);
SHOAL_HOSTDEV void shoal_uchar_put_nbi(unsigned char* dest, const unsigned char* source,
                                       size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uchar_get_nbi(unsigned char* dest, const unsigned char* source,
                                       size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uchar_iput(unsigned char* dest, const unsigned char* source, ptrdiff_t dst,
                                    ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uchar_iget(unsigned char* dest, const unsigned char* source, ptrdiff_t dst,
                                    ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uchar_put_signal(unsigned char* dest, const unsigned char* source,
                                          size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                          int sig_op, int pe);
SHOAL_HOSTDEV void shoal_uchar_put_signal_nbi(unsigned char* dest, const unsigned char* source,
                                              size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                              int sig_op, int pe);
SHOAL_HOSTDEV void shoal_ushort_p(unsigned short* dest, unsigned short value, int pe);
SHOAL_HOSTDEV unsigned short shoal_ushort_g(const unsigned short* source, int pe);
SHOAL_HOSTDEV void shoal_ushort_put(unsigned short* dest, const unsigned short* source,
                                    size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ushort_get(unsigned short* dest, const unsigned short* source,
                                    size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ushort_put_nbi(unsigned short* dest, const unsigned short* source,
                                        size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ushort_get_nbi(unsigned short* dest, const unsigned short* source,
                                        size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ushort_iput(unsigned short* dest, const unsigned short* source,
                                     ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ushort_iget(unsigned short* dest, const unsigned short* source,
                                     ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ushort_put_signal(unsigned short* dest, const unsigned short* source,
                                           size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                           int sig_op, int pe);
SHOAL_HOSTDEV void shoal_ushort_put_signal_nbi(unsigned short* dest, const unsigned short* source,
                                               size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                               int sig_op, int pe);
SHOAL_HOSTDEV void shoal_uint_p(unsigned int* dest, unsigned int value, int pe);
SHOAL_HOSTDEV unsigned int shoal_uint_g(const unsigned int* source, int pe);
SHOAL_HOSTDEV void shoal_uint_put(unsigned int* dest, const unsigned int* source, size_t nelems,
                                  int pe);
SHOAL_HOSTDEV void shoal_uint_get(unsigned int* dest, const unsigned int* source, size_t nelems,
                                  int pe);
SHOAL_HOSTDEV void shoal_uint_put_nbi(unsigned int* dest, const unsigned int* source, size_t nelems,
                                      int pe);
SHOAL_HOSTDEV void shoal_uint_get_nbi(unsigned int* dest, const unsigned int* source, size_t nelems,
                                      int pe);
SHOAL_HOSTDEV void shoal_uint_iput(unsigned int* dest, const unsigned int* source, ptrdiff_t dst,
                                   ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint_iget(unsigned int* dest, const unsigned int* source, ptrdiff_t dst,
                                   ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint_put_signal(unsigned int* dest, const unsigned int* source,
                                         size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                         int sig_op, int pe);
SHOAL_HOSTDEV void shoal_uint_put_signal_nbi(unsigned int* dest, const unsigned int* source,
                                             size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                             int sig_op, int pe);
SHOAL_HOSTDEV void shoal_ulong_p(unsigned long* dest, unsigned long value, int pe);
SHOAL_HOSTDEV unsigned long shoal_ulong_g(const unsigned long* source, int pe);
SHOAL_HOSTDEV void shoal_ulong_put(unsigned long* dest, const unsigned long* source, size_t nelems,
                                   int pe);
SHOAL_HOSTDEV void shoal_ulong_get(unsigned long* dest, const unsigned long* source, size_t nelems,
                                   int pe);
SHOAL_HOSTDEV void shoal_ulong_put_nbi(unsigned long* dest, const unsigned long* source,
                                       size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ulong_get_nbi(unsigned long* dest, const unsigned long* source,
                                       size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ulong_iput(unsigned long* dest, const unsigned long* source, ptrdiff_t dst,
                                    ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ulong_iget(unsigned long* dest, const unsigned long* source, ptrdiff_t dst,
                                    ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ulong_put_signal(unsigned long* dest, const unsigned long* source,
                                          size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                          int sig_op, int pe);
SHOAL_HOSTDEV void shoal_ulong_put_signal_nbi(unsigned long* dest, const unsigned long* source,
                                              size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                              int sig_op, int pe);
SHOAL_HOSTDEV void shoal_ulonglong_p(unsigned long long* dest, unsigned long long value, int pe);
SHOAL_HOSTDEV unsigned long long shoal_ulonglong_g(const unsigned long long* source, int pe);
SHOAL_HOSTDEV void shoal_ulonglong_put(unsigned long long* dest, const unsigned long long* source,
                                       size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ulonglong_get(unsigned long long* dest, const unsigned long long* source,
                                       size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ulonglong_put_nbi(unsigned long long* dest,
                                           const unsigned long long* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ulonglong_get_nbi(unsigned long long* dest,
                                           const unsigned long long* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ulonglong_iput(unsigned long long* dest, const unsigned long long* source,
                                        ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ulonglong_iget(unsigned long long* dest, const unsigned long long* source,
                                        ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ulonglong_put_signal(unsigned long long* dest,
                                              const unsigned long long* source, size_t nelems,
                                              uint64_t* sig_addr, uint64_t signal, int sig_op,
                                              int pe);
SHOAL_HOSTDEV void shoal_ulonglong_put_signal_nbi(unsigned long long* dest,
                                                  const unsigned long long* source, size_t nelems,
                                                  uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                  int pe);
SHOAL_HOSTDEV void shoal_int8_p(int8_t* dest, int8_t value, int pe);
SHOAL_HOSTDEV int8_t shoal_int8_g(const int8_t* source, int pe);
SHOAL_HOSTDEV void shoal_int8_put(int8_t* dest, const int8_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int8_get(int8_t* dest, const int8_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int8_put_nbi(int8_t* dest, const int8_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int8_get_nbi(int8_t* dest, const int8_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int8_iput(int8_t* dest, const int8_t* source, ptrdiff_t dst, ptrdiff_t sst,
                                   size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int8_iget(int8_t* dest, const int8_t* source, ptrdiff_t dst, ptrdiff_t sst,
                                   size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int8_put_signal(int8_t* dest, const int8_t* source, size_t nelems,
                                         uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_int8_put_signal_nbi(int8_t* dest, const int8_t* source, size_t nelems,
                                             uint64_t* sig_addr, uint64_t signal, int sig_op,
                                             int pe);
SHOAL_HOSTDEV void shoal_int16_p(int16_t* dest, int16_t value, int pe);
SHOAL_HOSTDEV int16_t shoal_int16_g(const int16_t* source, int pe);
SHOAL_HOSTDEV void shoal_int16_put(int16_t* dest, const int16_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int16_get(int16_t* dest, const int16_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int16_put_nbi(int16_t* dest, const int16_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int16_get_nbi(int16_t* dest, const int16_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int16_iput(int16_t* dest, const int16_t* source, ptrdiff_t dst,
                                    ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int16_iget(int16_t* dest, const int16_t* source, ptrdiff_t dst,
                                    ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int16_put_signal(int16_t* dest, const int16_t* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_int16_put_signal_nbi(int16_t* dest, const int16_t* source, size_t nelems,
                                              uint64_t* sig_addr, uint64_t signal, int sig_op,
                                              int pe);
SHOAL_HOSTDEV void shoal_int32_p(int32_t* dest, int32_t value, int pe);
SHOAL_HOSTDEV int32_t shoal_int32_g(const int32_t* source, int pe);
SHOAL_HOSTDEV void shoal_int32_put(int32_t* dest, const int32_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int32_get(int32_t* dest, const int32_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int32_put_nbi(int32_t* dest, const int32_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int32_get_nbi(int32_t* dest, const int32_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int32_iput(int32_t* dest, const int32_t* source, ptrdiff_t dst,
                                    ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int32_iget(int32_t* dest, const int32_t* source, ptrdiff_t dst,
                                    ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int32_put_signal(int32_t* dest, const int32_t* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_int32_put_signal_nbi(int32_t* dest, const int32_t* source, size_t nelems,
                                              uint64_t* sig_addr, uint64_t signal, int sig_op,
                                              int pe);
SHOAL_HOSTDEV void shoal_int64_p(int64_t* dest, int64_t value, int pe);
SHOAL_HOSTDEV int64_t shoal_int64_g(const int64_t* source, int pe);
SHOAL_HOSTDEV void shoal_int64_put(int64_t* dest, const int64_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int64_get(int64_t* dest, const int64_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int64_put_nbi(int64_t* dest, const int64_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int64_get_nbi(int64_t* dest, const int64_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int64_iput(int64_t* dest, const int64_t* source, ptrdiff_t dst,
                                    ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int64_iget(int64_t* dest, const int64_t* source, ptrdiff_t dst,
                                    ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_int64_put_signal(int64_t* dest, const int64_t* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_int64_put_signal_nbi(int64_t* dest, const int64_t* source, size_t nelems,
                                              uint64_t* sig_addr, uint64_t signal, int sig_op,
                                              int pe);
SHOAL_HOSTDEV void shoal_uint8_p(uint8_t* dest, uint8_t value, int pe);
SHOAL_HOSTDEV uint8_t shoal_uint8_g(const uint8_t* source, int pe);
SHOAL_HOSTDEV void shoal_uint8_put(uint8_t* dest, const uint8_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint8_get(uint8_t* dest, const uint8_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint8_put_nbi(uint8_t* dest, const uint8_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint8_get_nbi(uint8_t* dest, const uint8_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint8_iput(uint8_t* dest, const uint8_t* source, ptrdiff_t dst,
                                    ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint8_iget(uint8_t* dest, const uint8_t* source, ptrdiff_t dst,
                                    ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint8_put_signal(uint8_t* dest, const uint8_t* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_uint8_put_signal_nbi(uint8_t* dest, const uint8_t* source, size_t nelems,
                                              uint64_t* sig_addr, uint64_t signal, int sig_op,
                                              int pe);
SHOAL_HOSTDEV void shoal_uint16_p(uint16_t* dest, uint16_t value, int pe);
SHOAL_HOSTDEV uint16_t shoal_uint16_g(const uint16_t* source, int pe);
SHOAL_HOSTDEV void shoal_uint16_put(uint16_t* dest, const uint16_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint16_get(uint16_t* dest, const uint16_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint16_put_nbi(uint16_t* dest, const uint16_t* source, size_t nelems,
                                        int pe);
SHOAL_HOSTDEV void shoal_uint16_get_nbi(uint16_t* dest, const uint16_t* source, size_t nelems,
                                        int pe);
SHOAL_HOSTDEV void shoal_uint16_iput(uint16_t* dest, const uint16_t* source, ptrdiff_t dst,
                                     ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint16_iget(uint16_t* dest, const uint16_t* source, ptrdiff_t dst,
                                     ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint16_put_signal(uint16_t* dest, const uint16_t* source, size_t nelems,
                                           uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_uint16_put_signal_nbi(uint16_t* dest, const uint16_t* source,
                                               size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                               int sig_op, int pe);
SHOAL_HOSTDEV void shoal_uint32_p(uint32_t* dest, uint32_t value, int pe);
SHOAL_HOSTDEV uint32_t shoal_uint32_g(const uint32_t* source, int pe);
SHOAL_HOSTDEV void shoal_uint32_put(uint32_t* dest, const uint32_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint32_get(uint32_t* dest, const uint32_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint32_put_nbi(uint32_t* dest, const uint32_t* source, size_t nelems,
                                        int pe);
SHOAL_HOSTDEV void shoal_uint32_get_nbi(uint32_t* dest, const uint32_t* source, size_t nelems,
                                        int pe);
SHOAL_HOSTDEV void shoal_uint32_iput(uint32_t* dest, const uint32_t* source, ptrdiff_t dst,
                                     ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint32_iget(uint32_t* dest, const uint32_t* source, ptrdiff_t dst,
                                     ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint32_put_signal(uint32_t* dest, const uint32_t* source, size_t nelems,
                                           uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_uint32_put_signal_nbi(uint32_t* dest, const uint32_t* source,
                                               size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                               int sig_op, int pe);
SHOAL_HOSTDEV void shoal_uint64_p(uint64_t* dest, uint64_t value, int pe);
SHOAL_HOSTDEV uint64_t shoal_uint64_g(const uint64_t* source, int pe);
SHOAL_HOSTDEV void shoal_uint64_put(uint64_t* dest, const uint64_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint64_get(uint64_t* dest, const uint64_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint64_put_nbi(uint64_t* dest, const uint64_t* source, size_t nelems,
                                        int pe);
SHOAL_HOSTDEV void shoal_uint64_get_nbi(uint64_t* dest, const uint64_t* source, size_t nelems,
                                        int pe);
SHOAL_HOSTDEV void shoal_uint64_iput(uint64_t* dest, const uint64_t* source, ptrdiff_t dst,
                                     ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint64_iget(uint64_t* dest, const uint64_t* source, ptrdiff_t dst,
                                     ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_uint64_put_signal(uint64_t* dest, const uint64_t* source, size_t nelems,
                                           uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_uint64_put_signal_nbi(uint64_t* dest, const uint64_t* source,
                                               size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                               int sig_op, int pe);
SHOAL_HOSTDEV void shoal_size_p(size_t* dest, size_t value, int pe);
SHOAL_HOSTDEV size_t shoal_size_g(const size_t* source, int pe);
SHOAL_HOSTDEV void shoal_size_put(size_t* dest, const size_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_size_get(size_t* dest, const size_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_size_put_nbi(size_t* dest, const size_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_size_get_nbi(size_t* dest, const size_t* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_size_iput(size_t* dest, const size_t* source, ptrdiff_t dst, ptrdiff_t sst,
                                   size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_size_iget(size_t* dest, const size_t* source, ptrdiff_t dst, ptrdiff_t sst,
                                   size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_size_put_signal(size_t* dest, const size_t* source, size_t nelems,
                                         uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_size_put_signal_nbi(size_t* dest, const size_t* source, size_t nelems,
                                             uint64_t* sig_addr, uint64_t signal, int sig_op,
                                             int pe);
SHOAL_HOSTDEV void shoal_ptrdiff_p(ptrdiff_t* dest, ptrdiff_t value, int pe);
SHOAL_HOSTDEV ptrdiff_t shoal_ptrdiff_g(const ptrdiff_t* source, int pe);
SHOAL_HOSTDEV void shoal_ptrdiff_put(ptrdiff_t* dest, const ptrdiff_t* source, size_t nelems,
                                     int pe);
SHOAL_HOSTDEV void shoal_ptrdiff_get(ptrdiff_t* dest, const ptrdiff_t* source, size_t nelems,
                                     int pe);
SHOAL_HOSTDEV void shoal_ptrdiff_put_nbi(ptrdiff_t* dest, const ptrdiff_t* source, size_t nelems,
                                         int pe);
SHOAL_HOSTDEV void shoal_ptrdiff_get_nbi(ptrdiff_t* dest, const ptrdiff_t* source, size_t nelems,
                                         int pe);
SHOAL_HOSTDEV void shoal_ptrdiff_iput(ptrdiff_t* dest, const ptrdiff_t* source, ptrdiff_t dst,
                                      ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ptrdiff_iget(ptrdiff_t* dest, const ptrdiff_t* source, ptrdiff_t dst,
                                      ptrdiff_t sst, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_ptrdiff_put_signal(ptrdiff_t* dest, const ptrdiff_t* source, size_t nelems,
                                            uint64_t* sig_addr, uint64_t signal, int sig_op,
                                            int pe);
SHOAL_HOSTDEV void shoal_ptrdiff_put_signal_nbi(ptrdiff_t* dest, const ptrdiff_t* source,
                                                size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                                int sig_op, int pe);
/* END tools/gen-api: rma */

/* BEGIN tools/gen-api: rma_sized (generated from its table: do not edit; the
 * implementation: host: host/api/rma.cc (SHOAL_DEF_SIZED_); device: shoal/device/entry.cuh) */
SHOAL_HOSTDEV void shoal_put8(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_get8(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_put8_nbi(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_get8_nbi(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_iput8(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,
                               size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_iget8(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,
                               size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_put8_signal(void* dest, const void* source, size_t nelems,
                                     uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_put8_signal_nbi(void* dest, const void* source, size_t nelems,
                                         uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_put16(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_get16(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_put16_nbi(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_get16_nbi(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_iput16(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,
                                size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_iget16(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,
                                size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_put16_signal(void* dest, const void* source, size_t nelems,
                                      uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_put16_signal_nbi(void* dest, const void* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_put32(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_get32(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_put32_nbi(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_get32_nbi(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_iput32(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,
                                size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_iget32(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,
                                size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_put32_signal(void* dest, const void* source, size_t nelems,
                                      uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_put32_signal_nbi(void* dest, const void* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_put64(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_get64(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_put64_nbi(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_get64_nbi(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_iput64(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,
                                size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_iget64(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,
                                size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_put64_signal(void* dest, const void* source, size_t nelems,
                                      uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_put64_signal_nbi(void* dest, const void* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_put128(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_get128(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_put128_nbi(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_get128_nbi(void* dest, const void* source, size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_iput128(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,
                                 size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_iget128(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,
                                 size_t nelems, int pe);
SHOAL_HOSTDEV void shoal_put128_signal(void* dest, const void* source, size_t nelems,
                                       uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
SHOAL_HOSTDEV void shoal_put128_signal_nbi(void* dest, const void* source, size_t nelems,
                                           uint64_t* sig_addr, uint64_t signal, int sig_op, int pe);
/* END tools/gen-api: rma_sized */

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

/* BEGIN tools/gen-api: amo (generated from its table: do not edit; the
 * implementation: host: host/api/amo.cc; device: shoal/device/entry.cuh) */
SHOAL_HOSTDEV int shoal_int_atomic_fetch(const int* source, int pe);
SHOAL_HOSTDEV void shoal_int_atomic_set(int* dest, int value, int pe);
SHOAL_HOSTDEV int shoal_int_atomic_swap(int* dest, int value, int pe);
SHOAL_HOSTDEV int shoal_int_atomic_compare_swap(int* dest, int cond, int value, int pe);
SHOAL_HOSTDEV void shoal_int_atomic_inc(int* dest, int pe);
SHOAL_HOSTDEV int shoal_int_atomic_fetch_inc(int* dest, int pe);
SHOAL_HOSTDEV void shoal_int_atomic_add(int* dest, int value, int pe);
SHOAL_HOSTDEV int shoal_int_atomic_fetch_add(int* dest, int value, int pe);
SHOAL_HOSTDEV long shoal_long_atomic_fetch(const long* source, int pe);
SHOAL_HOSTDEV void shoal_long_atomic_set(long* dest, long value, int pe);
SHOAL_HOSTDEV long shoal_long_atomic_swap(long* dest, long value, int pe);
SHOAL_HOSTDEV long shoal_long_atomic_compare_swap(long* dest, long cond, long value, int pe);
SHOAL_HOSTDEV void shoal_long_atomic_inc(long* dest, int pe);
SHOAL_HOSTDEV long shoal_long_atomic_fetch_inc(long* dest, int pe);
SHOAL_HOSTDEV void shoal_long_atomic_add(long* dest, long value, int pe);
SHOAL_HOSTDEV long shoal_long_atomic_fetch_add(long* dest, long value, int pe);
SHOAL_HOSTDEV long long shoal_longlong_atomic_fetch(const long long* source, int pe);
SHOAL_HOSTDEV void shoal_longlong_atomic_set(long long* dest, long long value, int pe);
SHOAL_HOSTDEV long long shoal_longlong_atomic_swap(long long* dest, long long value, int pe);
SHOAL_HOSTDEV long long shoal_longlong_atomic_compare_swap(long long* dest, long long cond,
                                                           long long value, int pe);
SHOAL_HOSTDEV void shoal_longlong_atomic_inc(long long* dest, int pe);
SHOAL_HOSTDEV long long shoal_longlong_atomic_fetch_inc(long long* dest, int pe);
SHOAL_HOSTDEV void shoal_longlong_atomic_add(long long* dest, long long value, int pe);
SHOAL_HOSTDEV long long shoal_longlong_atomic_fetch_add(long long* dest, long long value, int pe);
SHOAL_HOSTDEV unsigned int shoal_uint_atomic_fetch(const unsigned int* source, int pe);
SHOAL_HOSTDEV void shoal_uint_atomic_set(unsigned int* dest, unsigned int value, int pe);
SHOAL_HOSTDEV unsigned int shoal_uint_atomic_swap(unsigned int* dest, unsigned int value, int pe);
SHOAL_HOSTDEV unsigned int shoal_uint_atomic_compare_swap(unsigned int* dest, unsigned int cond,
                                                          unsigned int value, int pe);
SHOAL_HOSTDEV void shoal_uint_atomic_inc(unsigned int* dest, int pe);
SHOAL_HOSTDEV unsigned int shoal_uint_atomic_fetch_inc(unsigned int* dest, int pe);
SHOAL_HOSTDEV void shoal_uint_atomic_add(unsigned int* dest, unsigned int value, int pe);
SHOAL_HOSTDEV unsigned int shoal_uint_atomic_fetch_add(unsigned int* dest, unsigned int value,
                                                       int pe);
SHOAL_HOSTDEV unsigned long shoal_ulong_atomic_fetch(const unsigned long* source, int pe);
SHOAL_HOSTDEV void shoal_ulong_atomic_set(unsigned long* dest, unsigned long value, int pe);
SHOAL_HOSTDEV unsigned long shoal_ulong_atomic_swap(unsigned long* dest, unsigned long value,
                                                    int pe);
SHOAL_HOSTDEV unsigned long shoal_ulong_atomic_compare_swap(unsigned long* dest, unsigned long cond,
                                                            unsigned long value, int pe);
SHOAL_HOSTDEV void shoal_ulong_atomic_inc(unsigned long* dest, int pe);
SHOAL_HOSTDEV unsigned long shoal_ulong_atomic_fetch_inc(unsigned long* dest, int pe);
SHOAL_HOSTDEV void shoal_ulong_atomic_add(unsigned long* dest, unsigned long value, int pe);
SHOAL_HOSTDEV unsigned long shoal_ulong_atomic_fetch_add(unsigned long* dest, unsigned long value,
                                                         int pe);
SHOAL_HOSTDEV unsigned long long shoal_ulonglong_atomic_fetch(const unsigned long long* source,
                                                              int pe);
SHOAL_HOSTDEV void shoal_ulonglong_atomic_set(unsigned long long* dest, unsigned long long value,
                                              int pe);
SHOAL_HOSTDEV unsigned long long shoal_ulonglong_atomic_swap(unsigned long long* dest,
                                                             unsigned long long value, int pe);
SHOAL_HOSTDEV unsigned long long shoal_ulonglong_atomic_compare_swap(unsigned long long* dest,
                                                                     unsigned long long cond,
                                                                     unsigned long long value,
                                                                     int pe);
SHOAL_HOSTDEV void shoal_ulonglong_atomic_inc(unsigned long long* dest, int pe);
SHOAL_HOSTDEV unsigned long long shoal_ulonglong_atomic_fetch_inc(unsigned long long* dest, int pe);
SHOAL_HOSTDEV void shoal_ulonglong_atomic_add(unsigned long long* dest, unsigned long long value,
                                              int pe);
SHOAL_HOSTDEV unsigned long long shoal_ulonglong_atomic_fetch_add(unsigned long long* dest,
                                                                  unsigned long long value, int pe);
SHOAL_HOSTDEV int32_t shoal_int32_atomic_fetch(const int32_t* source, int pe);
SHOAL_HOSTDEV void shoal_int32_atomic_set(int32_t* dest, int32_t value, int pe);
SHOAL_HOSTDEV int32_t shoal_int32_atomic_swap(int32_t* dest, int32_t value, int pe);
SHOAL_HOSTDEV int32_t shoal_int32_atomic_compare_swap(int32_t* dest, int32_t cond, int32_t value,
                                                      int pe);
SHOAL_HOSTDEV void shoal_int32_atomic_inc(int32_t* dest, int pe);
SHOAL_HOSTDEV int32_t shoal_int32_atomic_fetch_inc(int32_t* dest, int pe);
SHOAL_HOSTDEV void shoal_int32_atomic_add(int32_t* dest, int32_t value, int pe);
SHOAL_HOSTDEV int32_t shoal_int32_atomic_fetch_add(int32_t* dest, int32_t value, int pe);
SHOAL_HOSTDEV int64_t shoal_int64_atomic_fetch(const int64_t* source, int pe);
SHOAL_HOSTDEV void shoal_int64_atomic_set(int64_t* dest, int64_t value, int pe);
SHOAL_HOSTDEV int64_t shoal_int64_atomic_swap(int64_t* dest, int64_t value, int pe);
SHOAL_HOSTDEV int64_t shoal_int64_atomic_compare_swap(int64_t* dest, int64_t cond, int64_t value,
                                                      int pe);
SHOAL_HOSTDEV void shoal_int64_atomic_inc(int64_t* dest, int pe);
SHOAL_HOSTDEV int64_t shoal_int64_atomic_fetch_inc(int64_t* dest, int pe);
SHOAL_HOSTDEV void shoal_int64_atomic_add(int64_t* dest, int64_t value, int pe);
SHOAL_HOSTDEV int64_t shoal_int64_atomic_fetch_add(int64_t* dest, int64_t value, int pe);
SHOAL_HOSTDEV uint32_t shoal_uint32_atomic_fetch(const uint32_t* source, int pe);
SHOAL_HOSTDEV void shoal_uint32_atomic_set(uint32_t* dest, uint32_t value, int pe);
SHOAL_HOSTDEV uint32_t shoal_uint32_atomic_swap(uint32_t* dest, uint32_t value, int pe);
SHOAL_HOSTDEV uint32_t shoal_uint32_atomic_compare_swap(uint32_t* dest, uint32_t cond,
                                                        uint32_t value, int pe);
SHOAL_HOSTDEV void shoal_uint32_atomic_inc(uint32_t* dest, int pe);
SHOAL_HOSTDEV uint32_t shoal_uint32_atomic_fetch_inc(uint32_t* dest, int pe);
SHOAL_HOSTDEV void shoal_uint32_atomic_add(uint32_t* dest, uint32_t value, int pe);
SHOAL_HOSTDEV uint32_t shoal_uint32_atomic_fetch_add(uint32_t* dest, uint32_t value, int pe);
SHOAL_HOSTDEV uint64_t shoal_uint64_atomic_fetch(const uint64_t* source, int pe);
SHOAL_HOSTDEV void shoal_uint64_atomic_set(uint64_t* dest, uint64_t value, int pe);
SHOAL_HOSTDEV uint64_t shoal_uint64_atomic_swap(uint64_t* dest, uint64_t value, int pe);
SHOAL_HOSTDEV uint64_t shoal_uint64_atomic_compare_swap(uint64_t* dest, uint64_t cond,
                                                        uint64_t value, int pe);
SHOAL_HOSTDEV void shoal_uint64_atomic_inc(uint64_t* dest, int pe);
SHOAL_HOSTDEV uint64_t shoal_uint64_atomic_fetch_inc(uint64_t* dest, int pe);
SHOAL_HOSTDEV void shoal_uint64_atomic_add(uint64_t* dest, uint64_t value, int pe);
SHOAL_HOSTDEV uint64_t shoal_uint64_atomic_fetch_add(uint64_t* dest, uint64_t value, int pe);
SHOAL_HOSTDEV size_t shoal_size_atomic_fetch(const size_t* source, int pe);
SHOAL_HOSTDEV void shoal_size_atomic_set(size_t* dest, size_t value, int pe);
SHOAL_HOSTDEV size_t shoal_size_atomic_swap(size_t* dest, size_t value, int pe);
SHOAL_HOSTDEV size_t shoal_size_atomic_compare_swap(size_t* dest, size_t cond, size_t value,
                                                    int pe);
SHOAL_HOSTDEV void shoal_size_atomic_inc(size_t* dest, int pe);
SHOAL_HOSTDEV size_t shoal_size_atomic_fetch_inc(size_t* dest, int pe);
SHOAL_HOSTDEV void shoal_size_atomic_add(size_t* dest, size_t value, int pe);
SHOAL_HOSTDEV size_t shoal_size_atomic_fetch_add(size_t* dest, size_t value, int pe);
SHOAL_HOSTDEV ptrdiff_t shoal_ptrdiff_atomic_fetch(const ptrdiff_t* source, int pe);
SHOAL_HOSTDEV void shoal_ptrdiff_atomic_set(ptrdiff_t* dest, ptrdiff_t value, int pe);
SHOAL_HOSTDEV ptrdiff_t shoal_ptrdiff_atomic_swap(ptrdiff_t* dest, ptrdiff_t value, int pe);
SHOAL_HOSTDEV ptrdiff_t shoal_ptrdiff_atomic_compare_swap(ptrdiff_t* dest, ptrdiff_t cond,
                                                          ptrdiff_t value, int pe);
SHOAL_HOSTDEV void shoal_ptrdiff_atomic_inc(ptrdiff_t* dest, int pe);
SHOAL_HOSTDEV ptrdiff_t shoal_ptrdiff_atomic_fetch_inc(ptrdiff_t* dest, int pe);
SHOAL_HOSTDEV void shoal_ptrdiff_atomic_add(ptrdiff_t* dest, ptrdiff_t value, int pe);
SHOAL_HOSTDEV ptrdiff_t shoal_ptrdiff_atomic_fetch_add(ptrdiff_t* dest, ptrdiff_t value, int pe);
SHOAL_HOSTDEV float shoal_float_atomic_fetch(const float* source, int pe);
SHOAL_HOSTDEV void shoal_float_atomic_set(float* dest, float value, int pe);
SHOAL_HOSTDEV float shoal_float_atomic_swap(float* dest, float value, int pe);
SHOAL_HOSTDEV double shoal_double_atomic_fetch(const double* source, int pe);
SHOAL_HOSTDEV void shoal_double_atomic_set(double* dest, double value, int pe);
SHOAL_HOSTDEV double shoal_double_atomic_swap(double* dest, double value, int pe);
SHOAL_HOSTDEV void shoal_uint_atomic_and(unsigned int* dest, unsigned int value, int pe);
SHOAL_HOSTDEV void shoal_uint_atomic_or(unsigned int* dest, unsigned int value, int pe);
SHOAL_HOSTDEV void shoal_uint_atomic_xor(unsigned int* dest, unsigned int value, int pe);
SHOAL_HOSTDEV unsigned int shoal_uint_atomic_fetch_and(unsigned int* dest, unsigned int value,
                                                       int pe);
SHOAL_HOSTDEV unsigned int shoal_uint_atomic_fetch_or(unsigned int* dest, unsigned int value,
                                                      int pe);
SHOAL_HOSTDEV unsigned int shoal_uint_atomic_fetch_xor(unsigned int* dest, unsigned int value,
                                                       int pe);
SHOAL_HOSTDEV void shoal_ulong_atomic_and(unsigned long* dest, unsigned long value, int pe);
SHOAL_HOSTDEV void shoal_ulong_atomic_or(unsigned long* dest, unsigned long value, int pe);
SHOAL_HOSTDEV void shoal_ulong_atomic_xor(unsigned long* dest, unsigned long value, int pe);
SHOAL_HOSTDEV unsigned long shoal_ulong_atomic_fetch_and(unsigned long* dest, unsigned long value,
                                                         int pe);
SHOAL_HOSTDEV unsigned long shoal_ulong_atomic_fetch_or(unsigned long* dest, unsigned long value,
                                                        int pe);
SHOAL_HOSTDEV unsigned long shoal_ulong_atomic_fetch_xor(unsigned long* dest, unsigned long value,
                                                         int pe);
SHOAL_HOSTDEV void shoal_ulonglong_atomic_and(unsigned long long* dest, unsigned long long value,
                                              int pe);
SHOAL_HOSTDEV void shoal_ulonglong_atomic_or(unsigned long long* dest, unsigned long long value,
                                             int pe);
SHOAL_HOSTDEV void shoal_ulonglong_atomic_xor(unsigned long long* dest, unsigned long long value,
                                              int pe);
SHOAL_HOSTDEV unsigned long long shoal_ulonglong_atomic_fetch_and(unsigned long long* dest,
                                                                  unsigned long long value, int pe);
SHOAL_HOSTDEV unsigned long long shoal_ulonglong_atomic_fetch_or(unsigned long long* dest,
                                                                 unsigned long long value, int pe);
SHOAL_HOSTDEV unsigned long long shoal_ulonglong_atomic_fetch_xor(unsigned long long* dest,
                                                                  unsigned long long value, int pe);
SHOAL_HOSTDEV void shoal_int32_atomic_and(int32_t* dest, int32_t value, int pe);
SHOAL_HOSTDEV void shoal_int32_atomic_or(int32_t* dest, int32_t value, int pe);
SHOAL_HOSTDEV void shoal_int32_atomic_xor(int32_t* dest, int32_t value, int pe);
SHOAL_HOSTDEV int32_t shoal_int32_atomic_fetch_and(int32_t* dest, int32_t value, int pe);
SHOAL_HOSTDEV int32_t shoal_int32_atomic_fetch_or(int32_t* dest, int32_t value, int pe);
SHOAL_HOSTDEV int32_t shoal_int32_atomic_fetch_xor(int32_t* dest, int32_t value, int pe);
SHOAL_HOSTDEV void shoal_int64_atomic_and(int64_t* dest, int64_t value, int pe);
SHOAL_HOSTDEV void shoal_int64_atomic_or(int64_t* dest, int64_t value, int pe);
SHOAL_HOSTDEV void shoal_int64_atomic_xor(int64_t* dest, int64_t value, int pe);
SHOAL_HOSTDEV int64_t shoal_int64_atomic_fetch_and(int64_t* dest, int64_t value, int pe);
SHOAL_HOSTDEV int64_t shoal_int64_atomic_fetch_or(int64_t* dest, int64_t value, int pe);
SHOAL_HOSTDEV int64_t shoal_int64_atomic_fetch_xor(int64_t* dest, int64_t value, int pe);
SHOAL_HOSTDEV void shoal_uint32_atomic_and(uint32_t* dest, uint32_t value, int pe);
SHOAL_HOSTDEV void shoal_uint32_atomic_or(uint32_t* dest, uint32_t value, int pe);
SHOAL_HOSTDEV void shoal_uint32_atomic_xor(uint32_t* dest, uint32_t value, int pe);
SHOAL_HOSTDEV uint32_t shoal_uint32_atomic_fetch_and(uint32_t* dest, uint32_t value, int pe);
SHOAL_HOSTDEV uint32_t shoal_uint32_atomic_fetch_or(uint32_t* dest, uint32_t value, int pe);
SHOAL_HOSTDEV uint32_t shoal_uint32_atomic_fetch_xor(uint32_t* dest, uint32_t value, int pe);
SHOAL_HOSTDEV void shoal_uint64_atomic_and(uint64_t* dest, uint64_t value, int pe);
SHOAL_HOSTDEV void shoal_uint64_atomic_or(uint64_t* dest, uint64_t value, int pe);
SHOAL_HOSTDEV void shoal_uint64_atomic_xor(uint64_t* dest, uint64_t value, int pe);
SHOAL_HOSTDEV uint64_t shoal_uint64_atomic_fetch_and(uint64_t* dest, uint64_t value, int pe);
SHOAL_HOSTDEV uint64_t shoal_uint64_atomic_fetch_or(uint64_t* dest, uint64_t value, int pe);
SHOAL_HOSTDEV uint64_t shoal_uint64_atomic_fetch_xor(uint64_t* dest, uint64_t value, int pe);
/* END tools/gen-api: amo */

/* --- point-to-point synchronisation on local symmetric variables ---------- */
/* wait_* block until the condition holds (acquire semantics); after
 * SHOAL_TIMEOUT seconds they report what they wait for and end the job.
 * status (may be NULL): a nonzero status[i] excludes ivars[i].
 * _any returns the index satisfied, or SIZE_MAX when every ivar is excluded;
 * _some writes satisfied indices to `indices` and returns their count. */

/* BEGIN tools/gen-api: p2p_sync (generated from its table: do not edit; the
 * implementation: host: host/api/p2p_sync.cc; device: shoal/device/entry.cuh (both: shoal/shared/wait_set.h)) */
SHOAL_HOSTDEV void shoal_short_wait_until(short* ivar, int cmp, short cmp_value);
SHOAL_HOSTDEV void shoal_short_wait_until_all(short* ivars, size_t nelems, const int* status,
                                              int cmp, short cmp_value);
SHOAL_HOSTDEV size_t shoal_short_wait_until_any(short* ivars, size_t nelems, const int* status,
                                                int cmp, short cmp_value);
SHOAL_HOSTDEV size_t shoal_short_wait_until_some(short* ivars, size_t nelems, size_t* indices,
                                                 const int* status, int cmp, short cmp_value);
SHOAL_HOSTDEV void shoal_short_wait_until_all_vector(short* ivars, size_t nelems, const int* status,
                                                     int cmp, const short* cmp_values);
SHOAL_HOSTDEV size_t shoal_short_wait_until_any_vector(short* ivars, size_t nelems,
                                                       const int* status, int cmp,
                                                       const short* cmp_values);
SHOAL_HOSTDEV size_t shoal_short_wait_until_some_vector(short* ivars, size_t nelems,
                                                        size_t* indices, const int* status, int cmp,
                                                        const short* cmp_values);
SHOAL_HOSTDEV int shoal_short_test(short* ivar, int cmp, short cmp_value);
SHOAL_HOSTDEV int shoal_short_test_all(short* ivars, size_t nelems, const int* status, int cmp,
                                       short cmp_value);
SHOAL_HOSTDEV size_t shoal_short_test_any(short* ivars, size_t nelems, const int* status, int cmp,
                                          short cmp_value);
SHOAL_HOSTDEV size_t shoal_short_test_some(short* ivars, size_t nelems, size_t* indices,
                                           const int* status, int cmp, short cmp_value);
SHOAL_HOSTDEV int shoal_short_test_all_vector(short* ivars, size_t nelems, const int* status,
                                              int cmp, const short* cmp_values);
SHOAL_HOSTDEV size_t shoal_short_test_any_vector(short* ivars, size_t nelems, const int* status,
                                                 int cmp, const short* cmp_values);
SHOAL_HOSTDEV size_t shoal_short_test_some_vector(short* ivars, size_t nelems, size_t* indices,
                                                  const int* status, int cmp,
                                                  const short* cmp_values);
SHOAL_HOSTDEV void shoal_int_wait_until(int* ivar, int cmp, int cmp_value);
SHOAL_HOSTDEV void shoal_int_wait_until_all(int* ivars, size_t nelems, const int* status, int cmp,
                                            int cmp_value);
SHOAL_HOSTDEV size_t shoal_int_wait_until_any(int* ivars, size_t nelems, const int* status, int cmp,
                                              int cmp_value);
SHOAL_HOSTDEV size_t shoal_int_wait_until_some(int* ivars, size_t nelems, size_t* indices,
                                               const int* status, int cmp, int cmp_value);
SHOAL_HOSTDEV void shoal_int_wait_until_all_vector(int* ivars, size_t nelems, const int* status,
                                                   int cmp, const int* cmp_values);
SHOAL_HOSTDEV size_t shoal_int_wait_until_any_vector(int* ivars, size_t nelems, const int* status,
                                                     int cmp, const int* cmp_values);
SHOAL_HOSTDEV size_t shoal_int_wait_until_some_vector(int* ivars, size_t nelems, size_t* indices,
                                                      const int* status, int cmp,
                                                      const int* cmp_values);
SHOAL_HOSTDEV int shoal_int_test(int* ivar, int cmp, int cmp_value);
SHOAL_HOSTDEV int shoal_int_test_all(int* ivars, size_t nelems, const int* status, int cmp,
                                     int cmp_value);
SHOAL_HOSTDEV size_t shoal_int_test_any(int* ivars, size_t nelems, const int* status, int cmp,
                                        int cmp_value);
SHOAL_HOSTDEV size_t shoal_int_test_some(int* ivars, size_t nelems, size_t* indices,
                                         const int* status, int cmp, int cmp_value);
SHOAL_HOSTDEV int shoal_int_test_all_vector(int* ivars, size_t nelems, const int* status, int cmp,
                                            const int* cmp_values);
SHOAL_HOSTDEV size_t shoal_int_test_any_vector(int* ivars, size_t nelems, const int* status,
                                               int cmp, const int* cmp_values);
SHOAL_HOSTDEV size_t shoal_int_test_some_vector(int* ivars, size_t nelems, size_t* indices,
                                                const int* status, int cmp, const int* cmp_values);
SHOAL_HOSTDEV void shoal_long_wait_until(long* ivar, int cmp, long cmp_value);
SHOAL_HOSTDEV void shoal_long_wait_until_all(long* ivars, size_t nelems, const int* status, int cmp,
                                             long cmp_value);
SHOAL_HOSTDEV size_t shoal_long_wait_until_any(long* ivars, size_t nelems, const int* status,
                                               int cmp, long cmp_value);
SHOAL_HOSTDEV size_t shoal_long_wait_until_some(long* ivars, size_t nelems, size_t* indices,
                                                const int* status, int cmp, long cmp_value);
SHOAL_HOSTDEV void shoal_long_wait_until_all_vector(long* ivars, size_t nelems, const int* status,
                                                    int cmp, const long* cmp_values);
SHOAL_HOSTDEV size_t shoal_long_wait_until_any_vector(long* ivars, size_t nelems, const int* status,
                                                      int cmp, const long* cmp_values);
SHOAL_HOSTDEV size_t shoal_long_wait_until_some_vector(long* ivars, size_t nelems, size_t* indices,
                                                       const int* status, int cmp,
                                                       const long* cmp_values);
SHOAL_HOSTDEV int shoal_long_test(long* ivar, int cmp, long cmp_value);
SHOAL_HOSTDEV int shoal_long_test_all(long* ivars, size_t nelems, const int* status, int cmp,
                                      long cmp_value);
SHOAL_HOSTDEV size_t shoal_long_test_any(long* ivars, size_t nelems, const int* status, int cmp,
                                         long cmp_value);
SHOAL_HOSTDEV size_t shoal_long_test_some(long* ivars, size_t nelems, size_t* indices,
                                          const int* status, int cmp, long cmp_value);
SHOAL_HOSTDEV int shoal_long_test_all_vector(long* ivars, size_t nelems, const int* status, int cmp,
                                             const long* cmp_values);
SHOAL_HOSTDEV size_t shoal_long_test_any_vector(long* ivars, size_t nelems, const int* status,
                                                int cmp, const long* cmp_values);
SHOAL_HOSTDEV size_t shoal_long_test_some_vector(long* ivars, size_t nelems, size_t* indices,
                                                 const int* status, int cmp,
                                                 const long* cmp_values);
SHOAL_HOSTDEV void shoal_longlong_wait_until(long long* ivar, int cmp, long long cmp_value);
SHOAL_HOSTDEV void shoal_longlong_wait_until_all(long long* ivars, size_t nelems, const int* status,
                                                 int cmp, long long cmp_value);
SHOAL_HOSTDEV size_t shoal_longlong_wait_until_any(long long* ivars, size_t nelems,
                                                   const int* status, int cmp, long long cmp_value);
SHOAL_HOSTDEV size_t shoal_longlong_wait_until_some(long long* ivars, size_t nelems,
                                                    size_t* indices, const int* status, int cmp,
                                                    long long cmp_value);
SHOAL_HOSTDEV void shoal_longlong_wait_until_all_vector(long long* ivars, size_t nelems,
                                                        const int* status, int cmp,
                                                        const long long* cmp_values);
SHOAL_HOSTDEV size_t shoal_longlong_wait_until_any_vector(long long* ivars, size_t nelems,
                                                          const int* status, int cmp,
                                                          const long long* cmp_values);
SHOAL_HOSTDEV size_t shoal_longlong_wait_until_some_vector(long long* ivars, size_t nelems,
                                                           size_t* indices, const int* status,
                                                           int cmp, const long long* cmp_values);
SHOAL_HOSTDEV int shoal_longlong_test(long long* ivar, int cmp, long long cmp_value);
SHOAL_HOSTDEV int shoal_longlong_test_all(long long* ivars, size_t nelems, const int* status,
                                          int cmp, long long cmp_value);
SHOAL_HOSTDEV size_t shoal_longlong_test_any(long long* ivars, size_t nelems, const int* status,
                                             int cmp, long long cmp_value);
SHOAL_HOSTDEV size_t shoal_longlong_test_some(long long* ivars, size_t nelems, size_t* indices,
                                              const int* status, int cmp, long long cmp_value);
SHOAL_HOSTDEV int shoal_longlong_test_all_vector(long long* ivars, size_t nelems, const int* status,
                                                 int cmp, const long long* cmp_values);
SHOAL_HOSTDEV size_t shoal_longlong_test_any_vector(long long* ivars, size_t nelems,
                                                    const int* status, int cmp,
                                                    const long long* cmp_values);
SHOAL_HOSTDEV size_t shoal_longlong_test_some_vector(long long* ivars, size_t nelems,
                                                     size_t* indices, const int* status, int cmp,
                                                     const long long* cmp_values);
SHOAL_HOSTDEV void shoal_ushort_wait_until(unsigned short* ivar, int cmp, unsigned short cmp_value);
SHOAL_HOSTDEV void shoal_ushort_wait_until_all(unsigned short* ivars, size_t nelems,
                                               const int* status, int cmp,
                                               unsigned short cmp_value);
SHOAL_HOSTDEV size_t shoal_ushort_wait_until_any(unsigned short* ivars, size_t nelems,
                                                 const int* status, int cmp,
                                                 unsigned short cmp_value);
SHOAL_HOSTDEV size_t shoal_ushort_wait_until_some(unsigned short* ivars, size_t nelems,
                                                  size_t* indices, const int* status, int cmp,
                                                  unsigned short cmp_value);
SHOAL_HOSTDEV void shoal_ushort_wait_until_all_vector(unsigned short* ivars, size_t nelems,
                                                      const int* status, int cmp,
                                                      const unsigned short* cmp_values);
SHOAL_HOSTDEV size_t shoal_ushort_wait_until_any_vector(unsigned short* ivars, size_t nelems,
                                                        const int* status, int cmp,
                                                        const unsigned short* cmp_values);
SHOAL_HOSTDEV size_t shoal_ushort_wait_until_some_vector(unsigned short* ivars, size_t nelems,
                                                         size_t* indices, const int* status,
                                                         int cmp, const unsigned short* cmp_values);
SHOAL_HOSTDEV int shoal_ushort_test(unsigned short* ivar, int cmp, unsigned short cmp_value);
SHOAL_HOSTDEV int shoal_ushort_test_all(unsigned short* ivars, size_t nelems, const int* status,
                                        int cmp, unsigned short cmp_value);
SHOAL_HOSTDEV size_t shoal_ushort_test_any(unsigned short* ivars, size_t nelems, const int* status,
                                           int cmp, unsigned short cmp_value);
SHOAL_HOSTDEV size_t shoal_ushort_test_some(unsigned short* ivars, size_t nelems, size_t* indices,
                                            const int* status, int cmp, unsigned short cmp_value);
SHOAL_HOSTDEV int shoal_ushort_test_all_vector(unsigned short* ivars, size_t nelems,
                                               const int* status, int cmp,
                                               const unsigned short* cmp_values);
SHOAL_HOSTDEV size_t shoal_ushort_test_any_vector(unsigned short* ivars, size_t nelems,
                                                  const int* status, int cmp,
                                                  const unsigned short* cmp_values);
SHOAL_HOSTDEV size_t shoal_ushort_test_some_vector(unsigned short* ivars, size_t nelems,
                                                   size_t* indices, const int* status, int cmp,
                                                   const unsigned short* cmp_values);
SHOAL_HOSTDEV void shoal_uint_wait_until(unsigned int* ivar, int cmp, unsigned int cmp_value);
SHOAL_HOSTDEV void shoal_uint_wait_until_all(unsigned int* ivars, size_t nelems, const int* status,
                                             int cmp, unsigned int cmp_value);
SHOAL_HOSTDEV size_t shoal_uint_wait_until_any(unsigned int* ivars, size_t nelems,
                                               const int* status, int cmp, unsigned int cmp_value);
SHOAL_HOSTDEV size_t shoal_uint_wait_until_some(unsigned int* ivars, size_t nelems, size_t* indices,
                                                const int* status, int cmp, unsigned int cmp_value);
SHOAL_HOSTDEV void shoal_uint_wait_until_all_vector(unsigned int* ivars, size_t nelems,
                                                    const int* status, int cmp,
                                                    const unsigned int* cmp_values);
SHOAL_HOSTDEV size_t shoal_uint_wait_until_any_vector(unsigned int* ivars, size_t nelems,
                                                      const int* status, int cmp,
                                                      const unsigned int* cmp_values);
SHOAL_HOSTDEV size_t shoal_uint_wait_until_some_vector(unsigned int* ivars, size_t nelems,
                                                       size_t* indices, const int* status, int cmp,
                                                       const unsigned int* cmp_values);
SHOAL_HOSTDEV int shoal_uint_test(unsigned int* ivar, int cmp, unsigned int cmp_value);
SHOAL_HOSTDEV int shoal_uint_test_all(unsigned int* ivars, size_t nelems, const int* status,
                                      int cmp, unsigned int cmp_value);
SHOAL_HOSTDEV size_t shoal_uint_test_any(unsigned int* ivars, size_t nelems, const int* status,
                                         int cmp, unsigned int cmp_value);
SHOAL_HOSTDEV size_t shoal_uint_test_some(unsigned int* ivars, size_t nelems, size_t* indices,
                                          const int* status, int cmp, unsigned int cmp_value);
SHOAL_HOSTDEV int shoal_uint_test_all_vector(unsigned int* ivars, size_t nelems, const int* status,
                                             int cmp, const unsigned int* cmp_values);
SHOAL_HOSTDEV size_t shoal_uint_test_any_vector(unsigned int* ivars, size_t nelems,
                                                const int* status, int cmp,
                                                const unsigned int* cmp_values);
SHOAL_HOSTDEV size_t shoal_uint_test_some_vector(unsigned int* ivars, size_t nelems,
                                                 size_t* indices, const int* status, int cmp,
                                                 const unsigned int* cmp_values);
SHOAL_HOSTDEV void shoal_ulong_wait_until(unsigned long* ivar, int cmp, unsigned long cmp_value);
SHOAL_HOSTDEV void shoal_ulong_wait_until_all(unsigned long* ivars, size_t nelems,
                                              const int* status, int cmp, unsigned long cmp_value);
SHOAL_HOSTDEV size_t shoal_ulong_wait_until_any(unsigned long* ivars, size_t nelems,
                                                const int* status, int cmp,
                                                unsigned long cmp_value);
SHOAL_HOSTDEV size_t shoal_ulong_wait_until_some(unsigned long* ivars, size_t nelems,
                                                 size_t* indices, const int* status, int cmp,
                                                 unsigned long cmp_value);
SHOAL_HOSTDEV void shoal_ulong_wait_until_all_vector(unsigned long* ivars, size_t nelems,
                                                     const int* status, int cmp,
                                                     const unsigned long* cmp_values);
SHOAL_HOSTDEV size_t shoal_ulong_wait_until_any_vector(unsigned long* ivars, size_t nelems,
                                                       const int* status, int cmp,
                                                       const unsigned long* cmp_values);
SHOAL_HOSTDEV size_t shoal_ulong_wait_until_some_vector(unsigned long* ivars, size_t nelems,
                                                        size_t* indices, const int* status, int cmp,
                                                        const unsigned long* cmp_values);
SHOAL_HOSTDEV int shoal_ulong_test(unsigned long* ivar, int cmp, unsigned long cmp_value);
SHOAL_HOSTDEV int shoal_ulong_test_all(unsigned long* ivars, size_t nelems, const int* status,
                                       int cmp, unsigned long cmp_value);
SHOAL_HOSTDEV size_t shoal_ulong_test_any(unsigned long* ivars, size_t nelems, const int* status,
                                          int cmp, unsigned long cmp_value);
SHOAL_HOSTDEV size_t shoal_ulong_test_some(unsigned long* ivars, size_t nelems, size_t* indices,
                                           const int* status, int cmp, unsigned long cmp_value);
SHOAL_HOSTDEV int shoal_ulong_test_all_vector(unsigned long* ivars, size_t nelems,
                                              const int* status, int cmp,
                                              const unsigned long* cmp_values);
SHOAL_HOSTDEV size_t shoal_ulong_test_any_vector(unsigned long* ivars, size_t nelems,
                                                 const int* status, int cmp,
                                                 const unsigned long* cmp_values);
SHOAL_HOSTDEV size_t shoal_ulong_test_some_vector(unsigned long* ivars, size_t nelems,
                                                  size_t* indices, const int* status, int cmp,
                                                  const unsigned long* cmp_values);
SHOAL_HOSTDEV void shoal_ulonglong_wait_until(unsigned long long* ivar, int cmp,
                                              unsigned long long cmp_value);
SHOAL_HOSTDEV void shoal_ulonglong_wait_until_all(unsigned long long* ivars, size_t nelems,
                                                  const int* status, int cmp,
                                                  unsigned long long cmp_value);
SHOAL_HOSTDEV size_t shoal_ulonglong_wait_until_any(unsigned long long* ivars, size_t nelems,
                                                    const int* status, int cmp,
                                                    unsigned long long cmp_value);
SHOAL_HOSTDEV size_t shoal_ulonglong_wait_until_some(unsigned long long* ivars, size_t nelems,
                                                     size_t* indices, const int* status, int cmp,
                                                     unsigned long long cmp_value);
SHOAL_HOSTDEV void shoal_ulonglong_wait_until_all_vector(unsigned long long* ivars, size_t nelems,
                                                         const int* status, int cmp,
                                                         const unsigned long long* cmp_values);
SHOAL_HOSTDEV size_t shoal_ulonglong_wait_until_any_vector(unsigned long long* ivars, size_t nelems,
                                                           const int* status, int cmp,
                                                           const unsigned long long* cmp_values);
SHOAL_HOSTDEV size_t shoal_ulonglong_wait_until_some_vector(unsigned long long* ivars,
                                                            size_t nelems, size_t* indices,
                                                            const int* status, int cmp,
                                                            const unsigned long long* cmp_values);
SHOAL_HOSTDEV int shoal_ulonglong_test(unsigned long long* ivar, int cmp,
                                       unsigned long long cmp_value);
SHOAL_HOSTDEV int shoal_ulonglong_test_all(unsigned long long* ivars, size_t nelems,
                                           const int* status, int cmp,
                                           unsigned long long cmp_value);
SHOAL_HOSTDEV size_t shoal_ulonglong_test_any(unsigned long long* ivars, size_t nelems,
                                              const int* status, int cmp,
                                              unsigned long long cmp_value);
SHOAL_HOSTDEV size_t shoal_ulonglong_test_some(unsigned long long* ivars, size_t nelems,
                                               size_t* indices, const int* status, int cmp,
                                               unsigned long long cmp_value);
SHOAL_HOSTDEV int shoal_ulonglong_test_all_vector(unsigned long long* ivars, size_t nelems,
                                                  const int* status, int cmp,
                                                  const unsigned long long* cmp_values);
SHOAL_HOSTDEV size_t shoal_ulonglong_test_any_vector(unsigned long long* ivars, size_t nelems,
                                                     const int* status, int cmp,
                                                     const unsigned long long* cmp_values);
SHOAL_HOSTDEV size_t shoal_ulonglong_test_some_vector(unsigned long long* ivars, size_t nelems,
                                                      size_t* indices, const int* status, int cmp,
                                                      const unsigned long long* cmp_values);
SHOAL_HOSTDEV void shoal_int32_wait_until(int32_t* ivar, int cmp, int32_t cmp_value);
SHOAL_HOSTDEV void shoal_int32_wait_until_all(int32_t* ivars, size_t nelems, const int* status,
                                              int cmp, int32_t cmp_value);
SHOAL_HOSTDEV size_t shoal_int32_wait_until_any(int32_t* ivars, size_t nelems, const int* status,
                                                int cmp, int32_t cmp_value);
SHOAL_HOSTDEV size_t shoal_int32_wait_until_some(int32_t* ivars, size_t nelems, size_t* indices,
                                                 const int* status, int cmp, int32_t cmp_value);
SHOAL_HOSTDEV void shoal_int32_wait_until_all_vector(int32_t* ivars, size_t nelems,
                                                     const int* status, int cmp,
                                                     const int32_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_int32_wait_until_any_vector(int32_t* ivars, size_t nelems,
                                                       const int* status, int cmp,
                                                       const int32_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_int32_wait_until_some_vector(int32_t* ivars, size_t nelems,
                                                        size_t* indices, const int* status, int cmp,
                                                        const int32_t* cmp_values);
SHOAL_HOSTDEV int shoal_int32_test(int32_t* ivar, int cmp, int32_t cmp_value);
SHOAL_HOSTDEV int shoal_int32_test_all(int32_t* ivars, size_t nelems, const int* status, int cmp,
                                       int32_t cmp_value);
SHOAL_HOSTDEV size_t shoal_int32_test_any(int32_t* ivars, size_t nelems, const int* status, int cmp,
                                          int32_t cmp_value);
SHOAL_HOSTDEV size_t shoal_int32_test_some(int32_t* ivars, size_t nelems, size_t* indices,
                                           const int* status, int cmp, int32_t cmp_value);
SHOAL_HOSTDEV int shoal_int32_test_all_vector(int32_t* ivars, size_t nelems, const int* status,
                                              int cmp, const int32_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_int32_test_any_vector(int32_t* ivars, size_t nelems, const int* status,
                                                 int cmp, const int32_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_int32_test_some_vector(int32_t* ivars, size_t nelems, size_t* indices,
                                                  const int* status, int cmp,
                                                  const int32_t* cmp_values);
SHOAL_HOSTDEV void shoal_int64_wait_until(int64_t* ivar, int cmp, int64_t cmp_value);
SHOAL_HOSTDEV void shoal_int64_wait_until_all(int64_t* ivars, size_t nelems, const int* status,
                                              int cmp, int64_t cmp_value);
SHOAL_HOSTDEV size_t shoal_int64_wait_until_any(int64_t* ivars, size_t nelems, const int* status,
                                                int cmp, int64_t cmp_value);
SHOAL_HOSTDEV size_t shoal_int64_wait_until_some(int64_t* ivars, size_t nelems, size_t* indices,
                                                 const int* status, int cmp, int64_t cmp_value);
SHOAL_HOSTDEV void shoal_int64_wait_until_all_vector(int64_t* ivars, size_t nelems,
                                                     const int* status, int cmp,
                                                     const int64_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_int64_wait_until_any_vector(int64_t* ivars, size_t nelems,
                                                       const int* status, int cmp,
                                                       const int64_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_int64_wait_until_some_vector(int64_t* ivars, size_t nelems,
                                                        size_t* indices, const int* status, int cmp,
                                                        const int64_t* cmp_values);
SHOAL_HOSTDEV int shoal_int64_test(int64_t* ivar, int cmp, int64_t cmp_value);
SHOAL_HOSTDEV int shoal_int64_test_all(int64_t* ivars, size_t nelems, const int* status, int cmp,
                                       int64_t cmp_value);
SHOAL_HOSTDEV size_t shoal_int64_test_any(int64_t* ivars, size_t nelems, const int* status, int cmp,
                                          int64_t cmp_value);
SHOAL_HOSTDEV size_t shoal_int64_test_some(int64_t* ivars, size_t nelems, size_t* indices,
                                           const int* status, int cmp, int64_t cmp_value);
SHOAL_HOSTDEV int shoal_int64_test_all_vector(int64_t* ivars, size_t nelems, const int* status,
                                              int cmp, const int64_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_int64_test_any_vector(int64_t* ivars, size_t nelems, const int* status,
                                                 int cmp, const int64_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_int64_test_some_vector(int64_t* ivars, size_t nelems, size_t* indices,
                                                  const int* status, int cmp,
                                                  const int64_t* cmp_values);
SHOAL_HOSTDEV void shoal_uint32_wait_until(uint32_t* ivar, int cmp, uint32_t cmp_value);
SHOAL_HOSTDEV void shoal_uint32_wait_until_all(uint32_t* ivars, size_t nelems, const int* status,
                                               int cmp, uint32_t cmp_value);
SHOAL_HOSTDEV size_t shoal_uint32_wait_until_any(uint32_t* ivars, size_t nelems, const int* status,
                                                 int cmp, uint32_t cmp_value);
SHOAL_HOSTDEV size_t shoal_uint32_wait_until_some(uint32_t* ivars, size_t nelems, size_t* indices,
                                                  const int* status, int cmp, uint32_t cmp_value);
SHOAL_HOSTDEV void shoal_uint32_wait_until_all_vector(uint32_t* ivars, size_t nelems,
                                                      const int* status, int cmp,
                                                      const uint32_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_uint32_wait_until_any_vector(uint32_t* ivars, size_t nelems,
                                                        const int* status, int cmp,
                                                        const uint32_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_uint32_wait_until_some_vector(uint32_t* ivars, size_t nelems,
                                                         size_t* indices, const int* status,
                                                         int cmp, const uint32_t* cmp_values);
SHOAL_HOSTDEV int shoal_uint32_test(uint32_t* ivar, int cmp, uint32_t cmp_value);
SHOAL_HOSTDEV int shoal_uint32_test_all(uint32_t* ivars, size_t nelems, const int* status, int cmp,
                                        uint32_t cmp_value);
SHOAL_HOSTDEV size_t shoal_uint32_test_any(uint32_t* ivars, size_t nelems, const int* status,
                                           int cmp, uint32_t cmp_value);
SHOAL_HOSTDEV size_t shoal_uint32_test_some(uint32_t* ivars, size_t nelems, size_t* indices,
                                            const int* status, int cmp, uint32_t cmp_value);
SHOAL_HOSTDEV int shoal_uint32_test_all_vector(uint32_t* ivars, size_t nelems, const int* status,
                                               int cmp, const uint32_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_uint32_test_any_vector(uint32_t* ivars, size_t nelems, const int* status,
                                                  int cmp, const uint32_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_uint32_test_some_vector(uint32_t* ivars, size_t nelems, size_t* indices,
                                                   const int* status, int cmp,
                                                   const uint32_t* cmp_values);
SHOAL_HOSTDEV void shoal_uint64_wait_until(uint64_t* ivar, int cmp, uint64_t cmp_value);
SHOAL_HOSTDEV void shoal_uint64_wait_until_all(uint64_t* ivars, size_t nelems, const int* status,
                                               int cmp, uint64_t cmp_value);
SHOAL_HOSTDEV size_t shoal_uint64_wait_until_any(uint64_t* ivars, size_t nelems, const int* status,
                                                 int cmp, uint64_t cmp_value);
SHOAL_HOSTDEV size_t shoal_uint64_wait_until_some(uint64_t* ivars, size_t nelems, size_t* indices,
                                                  const int* status, int cmp, uint64_t cmp_value);
SHOAL_HOSTDEV void shoal_uint64_wait_until_all_vector(uint64_t* ivars, size_t nelems,
                                                      const int* status, int cmp,
                                                      const uint64_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_uint64_wait_until_any_vector(uint64_t* ivars, size_t nelems,
                                                        const int* status, int cmp,
                                                        const uint64_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_uint64_wait_until_some_vector(uint64_t* ivars, size_t nelems,
                                                         size_t* indices, const int* status,
                                                         int cmp, const uint64_t* cmp_values);
SHOAL_HOSTDEV int shoal_uint64_test(uint64_t* ivar, int cmp, uint64_t cmp_value);
SHOAL_HOSTDEV int shoal_uint64_test_all(uint64_t* ivars, size_t nelems, const int* status, int cmp,
                                        uint64_t cmp_value);
SHOAL_HOSTDEV size_t shoal_uint64_test_any(uint64_t* ivars, size_t nelems, const int* status,
                                           int cmp, uint64_t cmp_value);
SHOAL_HOSTDEV size_t shoal_uint64_test_some(uint64_t* ivars, size_t nelems, size_t* indices,
                                            const int* status, int cmp, uint64_t cmp_value);
SHOAL_HOSTDEV int shoal_uint64_test_all_vector(uint64_t* ivars, size_t nelems, const int* status,
                                               int cmp, const uint64_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_uint64_test_any_vector(uint64_t* ivars, size_t nelems, const int* status,
                                                  int cmp, const uint64_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_uint64_test_some_vector(uint64_t* ivars, size_t nelems, size_t* indices,
                                                   const int* status, int cmp,
                                                   const uint64_t* cmp_values);
SHOAL_HOSTDEV void shoal_size_wait_until(size_t* ivar, int cmp, size_t cmp_value);
SHOAL_HOSTDEV void shoal_size_wait_until_all(size_t* ivars, size_t nelems, const int* status,
                                             int cmp, size_t cmp_value);
SHOAL_HOSTDEV size_t shoal_size_wait_until_any(size_t* ivars, size_t nelems, const int* status,
                                               int cmp, size_t cmp_value);
SHOAL_HOSTDEV size_t shoal_size_wait_until_some(size_t* ivars, size_t nelems, size_t* indices,
                                                const int* status, int cmp, size_t cmp_value);
SHOAL_HOSTDEV void shoal_size_wait_until_all_vector(size_t* ivars, size_t nelems, const int* status,
                                                    int cmp, const size_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_size_wait_until_any_vector(size_t* ivars, size_t nelems,
                                                      const int* status, int cmp,
                                                      const size_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_size_wait_until_some_vector(size_t* ivars, size_t nelems,
                                                       size_t* indices, const int* status, int cmp,
                                                       const size_t* cmp_values);
SHOAL_HOSTDEV int shoal_size_test(size_t* ivar, int cmp, size_t cmp_value);
SHOAL_HOSTDEV int shoal_size_test_all(size_t* ivars, size_t nelems, const int* status, int cmp,
                                      size_t cmp_value);
SHOAL_HOSTDEV size_t shoal_size_test_any(size_t* ivars, size_t nelems, const int* status, int cmp,
                                         size_t cmp_value);
SHOAL_HOSTDEV size_t shoal_size_test_some(size_t* ivars, size_t nelems, size_t* indices,
                                          const int* status, int cmp, size_t cmp_value);
SHOAL_HOSTDEV int shoal_size_test_all_vector(size_t* ivars, size_t nelems, const int* status,
                                             int cmp, const size_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_size_test_any_vector(size_t* ivars, size_t nelems, const int* status,
                                                int cmp, const size_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_size_test_some_vector(size_t* ivars, size_t nelems, size_t* indices,
                                                 const int* status, int cmp,
                                                 const size_t* cmp_values);
SHOAL_HOSTDEV void shoal_ptrdiff_wait_until(ptrdiff_t* ivar, int cmp, ptrdiff_t cmp_value);
SHOAL_HOSTDEV void shoal_ptrdiff_wait_until_all(ptrdiff_t* ivars, size_t nelems, const int* status,
                                                int cmp, ptrdiff_t cmp_value);
SHOAL_HOSTDEV size_t shoal_ptrdiff_wait_until_any(ptrdiff_t* ivars, size_t nelems,
                                                  const int* status, int cmp, ptrdiff_t cmp_value);
SHOAL_HOSTDEV size_t shoal_ptrdiff_wait_until_some(ptrdiff_t* ivars, size_t nelems, size_t* indices,
                                                   const int* status, int cmp, ptrdiff_t cmp_value);
SHOAL_HOSTDEV void shoal_ptrdiff_wait_until_all_vector(ptrdiff_t* ivars, size_t nelems,
                                                       const int* status, int cmp,
                                                       const ptrdiff_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_ptrdiff_wait_until_any_vector(ptrdiff_t* ivars, size_t nelems,
                                                         const int* status, int cmp,
                                                         const ptrdiff_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_ptrdiff_wait_until_some_vector(ptrdiff_t* ivars, size_t nelems,
                                                          size_t* indices, const int* status,
                                                          int cmp, const ptrdiff_t* cmp_values);
SHOAL_HOSTDEV int shoal_ptrdiff_test(ptrdiff_t* ivar, int cmp, ptrdiff_t cmp_value);
SHOAL_HOSTDEV int shoal_ptrdiff_test_all(ptrdiff_t* ivars, size_t nelems, const int* status,
                                         int cmp, ptrdiff_t cmp_value);
SHOAL_HOSTDEV size_t shoal_ptrdiff_test_any(ptrdiff_t* ivars, size_t nelems, const int* status,
                                            int cmp, ptrdiff_t cmp_value);
SHOAL_HOSTDEV size_t shoal_ptrdiff_test_some(ptrdiff_t* ivars, size_t nelems, size_t* indices,
                                             const int* status, int cmp, ptrdiff_t cmp_value);
SHOAL_HOSTDEV int shoal_ptrdiff_test_all_vector(ptrdiff_t* ivars, size_t nelems, const int* status,
                                                int cmp, const ptrdiff_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_ptrdiff_test_any_vector(ptrdiff_t* ivars, size_t nelems,
                                                   const int* status, int cmp,
                                                   const ptrdiff_t* cmp_values);
SHOAL_HOSTDEV size_t shoal_ptrdiff_test_some_vector(ptrdiff_t* ivars, size_t nelems,
                                                    size_t* indices, const int* status, int cmp,
                                                    const ptrdiff_t* cmp_values);
/* END tools/gen-api: p2p_sync */

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

/* BEGIN tools/gen-api: rma_on_stream (generated from its table: do not edit; the
 * implementation: host/stream/stream.cc) */
#ifdef __cplusplus /* bfloat16 and half are CUDA C++ types */
void shoal_bfloat16_p_on_stream(__nv_bfloat16* dest, __nv_bfloat16 value, int pe,
                                shoal_stream_t stream);
void shoal_bfloat16_put_on_stream(__nv_bfloat16* dest, const __nv_bfloat16* source, size_t nelems,
                                  int pe, shoal_stream_t stream);
void shoal_bfloat16_get_on_stream(__nv_bfloat16* dest, const __nv_bfloat16* source, size_t nelems,
                                  int pe, shoal_stream_t stream);
void shoal_bfloat16_put_nbi_on_stream(__nv_bfloat16* dest, const __nv_bfloat16* source,
                                      size_t nelems, int pe, shoal_stream_t stream);
void shoal_bfloat16_get_nbi_on_stream(__nv_bfloat16* dest, const __nv_bfloat16* source,
                                      size_t nelems, int pe, shoal_stream_t stream);
void shoal_bfloat16_put_signal_on_stream(__nv_bfloat16* dest, const __nv_bfloat16* source,
                                         size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                         int sig_op, int pe, shoal_stream_t stream);
void shoal_bfloat16_put_signal_nbi_on_stream(__nv_bfloat16* dest, const __nv_bfloat16* source,
                                             size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                             int sig_op, int pe, shoal_stream_t stream);
void shoal_half_p_on_stream(__half* dest, __half value, int pe, shoal_stream_t stream);
void shoal_half_put_on_stream(__half* dest, const __half* source, size_t nelems, int pe,
                              shoal_stream_t stream);
void shoal_half_get_on_stream(__half* dest, const __half* source, size_t nelems, int pe,
                              shoal_stream_t stream);
void shoal_half_put_nbi_on_stream(__half* dest, const __half* source, size_t nelems, int pe,
                                  shoal_stream_t stream);
void shoal_half_get_nbi_on_stream(__half* dest, const __half* source, size_t nelems, int pe,
                                  shoal_stream_t stream);
void shoal_half_put_signal_on_stream(__half* dest, const __half* source, size_t nelems,
                                     uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                     shoal_stream_t stream);
void shoal_half_put_signal_nbi_on_stream(__half* dest, const __half* source, size_t nelems,
                                         uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                         shoal_stream_t stream);
#endif
void shoal_float_p_on_stream(float* dest, float value, int pe, shoal_stream_t stream);
void shoal_float_put_on_stream(float* dest, const float* source, size_t nelems, int pe,
                               shoal_stream_t stream);
void shoal_float_get_on_stream(float* dest, const float* source, size_t nelems, int pe,
                               shoal_stream_t stream);
void shoal_float_put_nbi_on_stream(float* dest, const float* source, size_t nelems, int pe,
                                   shoal_stream_t stream);
void shoal_float_get_nbi_on_stream(float* dest, const float* source, size_t nelems, int pe,
                                   shoal_stream_t stream);
void shoal_float_put_signal_on_stream(float* dest, const float* source, size_t nelems,
                                      uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                      shoal_stream_t stream);
void shoal_float_put_signal_nbi_on_stream(float* dest, const float* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                          shoal_stream_t stream);
void shoal_double_p_on_stream(double* dest, double value, int pe, shoal_stream_t stream);
void shoal_double_put_on_stream(double* dest, const double* source, size_t nelems, int pe,
                                shoal_stream_t stream);
void shoal_double_get_on_stream(double* dest, const double* source, size_t nelems, int pe,
                                shoal_stream_t stream);
void shoal_double_put_nbi_on_stream(double* dest, const double* source, size_t nelems, int pe,
                                    shoal_stream_t stream);
void shoal_double_get_nbi_on_stream(double* dest, const double* source, size_t nelems, int pe,
                                    shoal_stream_t stream);
void shoal_double_put_signal_on_stream(double* dest, const double* source, size_t nelems,
                                       uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                       shoal_stream_t stream);
void shoal_double_put_signal_nbi_on_stream(double* dest, const double* source, size_t nelems,
                                           uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                           shoal_stream_t stream);
void shoal_char_p_on_stream(char* dest, char value, int pe, shoal_stream_t stream);
void shoal_char_put_on_stream(char* dest, const char* source, size_t nelems, int pe,
                              shoal_stream_t stream);
void shoal_char_get_on_stream(char* dest, const char* source, size_t nelems, int pe,
                              shoal_stream_t stream);
void shoal_char_put_nbi_on_stream(char* dest, const char* source, size_t nelems, int pe,
                                  shoal_stream_t stream);
void shoal_char_get_nbi_on_stream(char* dest, const char* source, size_t nelems, int pe,
                                  shoal_stream_t stream);
void shoal_char_put_signal_on_stream(char* dest, const char* source, size_t nelems,
                                     uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                     shoal_stream_t stream);
void shoal_char_put_signal_nbi_on_stream(char* dest, const char* source, size_t nelems,
                                         uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                         shoal_stream_t stream);
void shoal_short_p_on_stream(short* dest, short value, int pe, shoal_stream_t stream);
void shoal_short_put_on_stream(short* dest, const short* source, size_t nelems, int pe,
                               shoal_stream_t stream);
void shoal_short_get_on_stream(short* dest, const short* source, size_t nelems, int pe,
                               shoal_stream_t stream);
void shoal_short_put_nbi_on_stream(short* dest, const short* source, size_t nelems, int pe,
                                   shoal_stream_t stream);
void shoal_short_get_nbi_on_stream(short* dest, const short* source, size_t nelems, int pe,
                                   shoal_stream_t stream);
void shoal_short_put_signal_on_stream(short* dest, const short* source, size_t nelems,
                                      uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                      shoal_stream_t stream);
void shoal_short_put_signal_nbi_on_stream(short* dest, const short* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                          shoal_stream_t stream);
void shoal_schar_p_on_stream(signed char* dest, signed char value, int pe, shoal_stream_t stream);
void shoal_schar_put_on_stream(signed char* dest, const signed char* source, size_t nelems, int pe,
                               shoal_stream_t stream);
void shoal_schar_get_on_stream(signed char* dest, const signed char* source, size_t nelems, int pe,
                               shoal_stream_t stream);
void shoal_schar_put_nbi_on_stream(signed char* dest, const signed char* source, size_t nelems,
                                   int pe, shoal_stream_t stream);
void shoal_schar_get_nbi_on_stream(signed char* dest, const signed char* source, size_t nelems,
                                   int pe, shoal_stream_t stream);
void shoal_schar_put_signal_on_stream(signed char* dest, const signed char* source, size_t nelems,
                                      uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                      shoal_stream_t stream);
void shoal_schar_put_signal_nbi_on_stream(signed char* dest, const signed char* source,
                                          size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                          int sig_op, int pe, shoal_stream_t stream);
void shoal_int_p_on_stream(int* dest, int value, int pe, shoal_stream_t stream);
void shoal_int_put_on_stream(int* dest, const int* source, size_t nelems, int pe,
                             shoal_stream_t stream);
void shoal_int_get_on_stream(int* dest, const int* source, size_t nelems, int pe,
                             shoal_stream_t stream);
void shoal_int_put_nbi_on_stream(int* dest, const int* source, size_t nelems, int pe,
                                 shoal_stream_t stream);
void shoal_int_get_nbi_on_stream(int* dest, const int* source, size_t nelems, int pe,
                                 shoal_stream_t stream);
void shoal_int_put_signal_on_stream(int* dest, const int* source, size_t nelems, uint64_t* sig_addr,
                                    uint64_t signal, int sig_op, int pe, shoal_stream_t stream);
void shoal_int_put_signal_nbi_on_stream(int* dest, const int* source, size_t nelems,
                                        uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                        shoal_stream_t stream);
void shoal_long_p_on_stream(long* dest, long value, int pe, shoal_stream_t stream);
void shoal_long_put_on_stream(long* dest, const long* source, size_t nelems, int pe,
                              shoal_stream_t stream);
void shoal_long_get_on_stream(long* dest, const long* source, size_t nelems, int pe,
                              shoal_stream_t stream);
void shoal_long_put_nbi_on_stream(long* dest, const long* source, size_t nelems, int pe,
                                  shoal_stream_t stream);
void shoal_long_get_nbi_on_stream(long* dest, const long* source, size_t nelems, int pe,
                                  shoal_stream_t stream);
void shoal_long_put_signal_on_stream(long* dest, const long* source, size_t nelems,
                                     uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                     shoal_stream_t stream);
void shoal_long_put_signal_nbi_on_stream(long* dest, const long* source, size_t nelems,
                                         uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                         shoal_stream_t stream);
void shoal_longlong_p_on_stream(long long* dest, long long value, int pe, shoal_stream_t stream);
void shoal_longlong_put_on_stream(long long* dest, const long long* source, size_t nelems, int pe,
                                  shoal_stream_t stream);
void shoal_longlong_get_on_stream(long long* dest, const long long* source, size_t nelems, int pe,
                                  shoal_stream_t stream);
void shoal_longlong_put_nbi_on_stream(long long* dest, const long long* source, size_t nelems,
                                      int pe, shoal_stream_t stream);
void shoal_longlong_get_nbi_on_stream(long long* dest, const long long* source, size_t nelems,
                                      int pe, shoal_stream_t stream);
void shoal_longlong_put_signal_on_stream(long long* dest, const long long* source, size_t nelems,
                                         uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                         shoal_stream_t stream);
void shoal_longlong_put_signal_nbi_on_stream(long long* dest, const long long* source,
                                             size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                             int sig_op, int pe, shoal_stream_t stream);
void shoal_uchar_p_on_stream(unsigned char* dest, unsigned char value, int pe,
                             shoal_stream_t stream);
void shoal_uchar_put_on_stream(unsigned char* dest, const unsigned char* source, size_t nelems,
                               int pe, shoal_stream_t stream);
void shoal_uchar_get_on_stream(unsigned char* dest, const unsigned char* source, size_t nelems,
                               int pe, shoal_stream_t stream);
void shoal_uchar_put_nbi_on_stream(unsigned char* dest, const unsigned char* source, size_t nelems,
                                   int pe, shoal_stream_t stream);
void shoal_uchar_get_nbi_on_stream(unsigned char* dest, const unsigned char* source, size_t nelems,
                                   int pe, shoal_stream_t stream);
void shoal_uchar_put_signal_on_stream(unsigned char* dest, const unsigned char* source,
                                      size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                      int sig_op, int pe, shoal_stream_t stream);
void shoal_uchar_put_signal_nbi_on_stream(unsigned char* dest, const unsigned char* source,
                                          size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                          int sig_op, int pe, shoal_stream_t stream);
void shoal_ushort_p_on_stream(unsigned short* dest, unsigned short value, int pe,
                              shoal_stream_t stream);
void shoal_ushort_put_on_stream(unsigned short* dest, const unsigned short* source, size_t nelems,
                                int pe, shoal_stream_t stream);
void shoal_ushort_get_on_stream(unsigned short* dest, const unsigned short* source, size_t nelems,
                                int pe, shoal_stream_t stream);
void shoal_ushort_put_nbi_on_stream(unsigned short* dest, const unsigned short* source,
                                    size_t nelems, int pe, shoal_stream_t stream);
void shoal_ushort_get_nbi_on_stream(unsigned short* dest, const unsigned short* source,
                                    size_t nelems, int pe, shoal_stream_t stream);
void shoal_ushort_put_signal_on_stream(unsigned short* dest, const unsigned short* source,
                                       size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                       int sig_op, int pe, shoal_stream_t stream);
void shoal_ushort_put_signal_nbi_on_stream(unsigned short* dest, const unsigned short* source,
                                           size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                           int sig_op, int pe, shoal_stream_t stream);
void shoal_uint_p_on_stream(unsigned int* dest, unsigned int value, int pe, shoal_stream_t stream);
void shoal_uint_put_on_stream(unsigned int* dest, const unsigned int* source, size_t nelems, int pe,
                              shoal_stream_t stream);
void shoal_uint_get_on_stream(unsigned int* dest, const unsigned int* source, size_t nelems, int pe,
                              shoal_stream_t stream);
void shoal_uint_put_nbi_on_stream(unsigned int* dest, const unsigned int* source, size_t nelems,
                                  int pe, shoal_stream_t stream);
void shoal_uint_get_nbi_on_stream(unsigned int* dest, const unsigned int* source, size_t nelems,
                                  int pe, shoal_stream_t stream);
void shoal_uint_put_signal_on_stream(unsigned int* dest, const unsigned int* source, size_t nelems,
                                     uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                     shoal_stream_t stream);
void shoal_uint_put_signal_nbi_on_stream(unsigned int* dest, const unsigned int* source,
                                         size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                         int sig_op, int pe, shoal_stream_t stream);
void shoal_ulong_p_on_stream(unsigned long* dest, unsigned long value, int pe,
                             shoal_stream_t stream);
void shoal_ulong_put_on_stream(unsigned long* dest, const unsigned long* source, size_t nelems,
                               int pe, shoal_stream_t stream);
void shoal_ulong_get_on_stream(unsigned long* dest, const unsigned long* source, size_t nelems,
                               int pe, shoal_stream_t stream);
void shoal_ulong_put_nbi_on_stream(unsigned long* dest, const unsigned long* source, size_t nelems,
                                   int pe, shoal_stream_t stream);
void shoal_ulong_get_nbi_on_stream(unsigned long* dest, const unsigned long* source, size_t nelems,
                                   int pe, shoal_stream_t stream);
void shoal_ulong_put_signal_on_stream(unsigned long* dest, const unsigned long* source,
                                      size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                      int sig_op, int pe, shoal_stream_t stream);
void shoal_ulong_put_signal_nbi_on_stream(unsigned long* dest, const unsigned long* source,
                                          size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                          int sig_op, int pe, shoal_stream_t stream);
void shoal_ulonglong_p_on_stream(unsigned long long* dest, unsigned long long value, int pe,
                                 shoal_stream_t stream);
void shoal_ulonglong_put_on_stream(unsigned long long* dest, const unsigned long long* source,
                                   size_t nelems, int pe, shoal_stream_t stream);
void shoal_ulonglong_get_on_stream(unsigned long long* dest, const unsigned long long* source,
                                   size_t nelems, int pe, shoal_stream_t stream);
void shoal_ulonglong_put_nbi_on_stream(unsigned long long* dest, const unsigned long long* source,
                                       size_t nelems, int pe, shoal_stream_t stream);
void shoal_ulonglong_get_nbi_on_stream(unsigned long long* dest, const unsigned long long* source,
                                       size_t nelems, int pe, shoal_stream_t stream);
void shoal_ulonglong_put_signal_on_stream(unsigned long long* dest,
                                          const unsigned long long* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                          shoal_stream_t stream);
void shoal_ulonglong_put_signal_nbi_on_stream(unsigned long long* dest,
                                              const unsigned long long* source, size_t nelems,
                                              uint64_t* sig_addr, uint64_t signal, int sig_op,
                                              int pe, shoal_stream_t stream);
void shoal_int8_p_on_stream(int8_t* dest, int8_t value, int pe, shoal_stream_t stream);
void shoal_int8_put_on_stream(int8_t* dest, const int8_t* source, size_t nelems, int pe,
                              shoal_stream_t stream);
void shoal_int8_get_on_stream(int8_t* dest, const int8_t* source, size_t nelems, int pe,
                              shoal_stream_t stream);
void shoal_int8_put_nbi_on_stream(int8_t* dest, const int8_t* source, size_t nelems, int pe,
                                  shoal_stream_t stream);
void shoal_int8_get_nbi_on_stream(int8_t* dest, const int8_t* source, size_t nelems, int pe,
                                  shoal_stream_t stream);
void shoal_int8_put_signal_on_stream(int8_t* dest, const int8_t* source, size_t nelems,
                                     uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                     shoal_stream_t stream);
void shoal_int8_put_signal_nbi_on_stream(int8_t* dest, const int8_t* source, size_t nelems,
                                         uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                         shoal_stream_t stream);
void shoal_int16_p_on_stream(int16_t* dest, int16_t value, int pe, shoal_stream_t stream);
void shoal_int16_put_on_stream(int16_t* dest, const int16_t* source, size_t nelems, int pe,
                               shoal_stream_t stream);
void shoal_int16_get_on_stream(int16_t* dest, const int16_t* source, size_t nelems, int pe,
                               shoal_stream_t stream);
void shoal_int16_put_nbi_on_stream(int16_t* dest, const int16_t* source, size_t nelems, int pe,
                                   shoal_stream_t stream);
void shoal_int16_get_nbi_on_stream(int16_t* dest, const int16_t* source, size_t nelems, int pe,
                                   shoal_stream_t stream);
void shoal_int16_put_signal_on_stream(int16_t* dest, const int16_t* source, size_t nelems,
                                      uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                      shoal_stream_t stream);
void shoal_int16_put_signal_nbi_on_stream(int16_t* dest, const int16_t* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                          shoal_stream_t stream);
void shoal_int32_p_on_stream(int32_t* dest, int32_t value, int pe, shoal_stream_t stream);
void shoal_int32_put_on_stream(int32_t* dest, const int32_t* source, size_t nelems, int pe,
                               shoal_stream_t stream);
void shoal_int32_get_on_stream(int32_t* dest, const int32_t* source, size_t nelems, int pe,
                               shoal_stream_t stream);
void shoal_int32_put_nbi_on_stream(int32_t* dest, const int32_t* source, size_t nelems, int pe,
                                   shoal_stream_t stream);
void shoal_int32_get_nbi_on_stream(int32_t* dest, const int32_t* source, size_t nelems, int pe,
                                   shoal_stream_t stream);
void shoal_int32_put_signal_on_stream(int32_t* dest, const int32_t* source, size_t nelems,
                                      uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                      shoal_stream_t stream);
void shoal_int32_put_signal_nbi_on_stream(int32_t* dest, const int32_t* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                          shoal_stream_t stream);
void shoal_int64_p_on_stream(int64_t* dest, int64_t value, int pe, shoal_stream_t stream);
void shoal_int64_put_on_stream(int64_t* dest, const int64_t* source, size_t nelems, int pe,
                               shoal_stream_t stream);
void shoal_int64_get_on_stream(int64_t* dest, const int64_t* source, size_t nelems, int pe,
                               shoal_stream_t stream);
void shoal_int64_put_nbi_on_stream(int64_t* dest, const int64_t* source, size_t nelems, int pe,
                                   shoal_stream_t stream);
void shoal_int64_get_nbi_on_stream(int64_t* dest, const int64_t* source, size_t nelems, int pe,
                                   shoal_stream_t stream);
void shoal_int64_put_signal_on_stream(int64_t* dest, const int64_t* source, size_t nelems,
                                      uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                      shoal_stream_t stream);
void shoal_int64_put_signal_nbi_on_stream(int64_t* dest, const int64_t* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                          shoal_stream_t stream);
void shoal_uint8_p_on_stream(uint8_t* dest, uint8_t value, int pe, shoal_stream_t stream);
void shoal_uint8_put_on_stream(uint8_t* dest, const uint8_t* source, size_t nelems, int pe,
                               shoal_stream_t stream);
void shoal_uint8_get_on_stream(uint8_t* dest, const uint8_t* source, size_t nelems, int pe,
                               shoal_stream_t stream);
void shoal_uint8_put_nbi_on_stream(uint8_t* dest, const uint8_t* source, size_t nelems, int pe,
                                   shoal_stream_t stream);
void shoal_uint8_get_nbi_on_stream(uint8_t* dest, const uint8_t* source, size_t nelems, int pe,
                                   shoal_stream_t stream);
void shoal_uint8_put_signal_on_stream(uint8_t* dest, const uint8_t* source, size_t nelems,
                                      uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                      shoal_stream_t stream);
void shoal_uint8_put_signal_nbi_on_stream(uint8_t* dest, const uint8_t* source, size_t nelems,
                                          uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                          shoal_stream_t stream);
void shoal_uint16_p_on_stream(uint16_t* dest, uint16_t value, int pe, shoal_stream_t stream);
void shoal_uint16_put_on_stream(uint16_t* dest, const uint16_t* source, size_t nelems, int pe,
                                shoal_stream_t stream);
void shoal_uint16_get_on_stream(uint16_t* dest, const uint16_t* source, size_t nelems, int pe,
                                shoal_stream_t stream);
void shoal_uint16_put_nbi_on_stream(uint16_t* dest, const uint16_t* source, size_t nelems, int pe,
                                    shoal_stream_t stream);
void shoal_uint16_get_nbi_on_stream(uint16_t* dest, const uint16_t* source, size_t nelems, int pe,
                                    shoal_stream_t stream);
void shoal_uint16_put_signal_on_stream(uint16_t* dest, const uint16_t* source, size_t nelems,
                                       uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                       shoal_stream_t stream);
void shoal_uint16_put_signal_nbi_on_stream(uint16_t* dest, const uint16_t* source, size_t nelems,
                                           uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                           shoal_stream_t stream);
void shoal_uint32_p_on_stream(uint32_t* dest, uint32_t value, int pe, shoal_stream_t stream);
void shoal_uint32_put_on_stream(uint32_t* dest, const uint32_t* source, size_t nelems, int pe,
                                shoal_stream_t stream);
void shoal_uint32_get_on_stream(uint32_t* dest, const uint32_t* source, size_t nelems, int pe,
                                shoal_stream_t stream);
void shoal_uint32_put_nbi_on_stream(uint32_t* dest, const uint32_t* source, size_t nelems, int pe,
                                    shoal_stream_t stream);
void shoal_uint32_get_nbi_on_stream(uint32_t* dest, const uint32_t* source, size_t nelems, int pe,
                                    shoal_stream_t stream);
void shoal_uint32_put_signal_on_stream(uint32_t* dest, const uint32_t* source, size_t nelems,
                                       uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                       shoal_stream_t stream);
void shoal_uint32_put_signal_nbi_on_stream(uint32_t* dest, const uint32_t* source, size_t nelems,
                                           uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                           shoal_stream_t stream);
void shoal_uint64_p_on_stream(uint64_t* dest, uint64_t value, int pe, shoal_stream_t stream);
void shoal_uint64_put_on_stream(uint64_t* dest, const uint64_t* source, size_t nelems, int pe,
                                shoal_stream_t stream);
void shoal_uint64_get_on_stream(uint64_t* dest, const uint64_t* source, size_t nelems, int pe,
                                shoal_stream_t stream);
void shoal_uint64_put_nbi_on_stream(uint64_t* dest, const uint64_t* source, size_t nelems, int pe,
                                    shoal_stream_t stream);
void shoal_uint64_get_nbi_on_stream(uint64_t* dest, const uint64_t* source, size_t nelems, int pe,
                                    shoal_stream_t stream);
void shoal_uint64_put_signal_on_stream(uint64_t* dest, const uint64_t* source, size_t nelems,
                                       uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                       shoal_stream_t stream);
void shoal_uint64_put_signal_nbi_on_stream(uint64_t* dest, const uint64_t* source, size_t nelems,
                                           uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                           shoal_stream_t stream);
void shoal_size_p_on_stream(size_t* dest, size_t value, int pe, shoal_stream_t stream);
void shoal_size_put_on_stream(size_t* dest, const size_t* source, size_t nelems, int pe,
                              shoal_stream_t stream);
void shoal_size_get_on_stream(size_t* dest, const size_t* source, size_t nelems, int pe,
                              shoal_stream_t stream);
void shoal_size_put_nbi_on_stream(size_t* dest, const size_t* source, size_t nelems, int pe,
                                  shoal_stream_t stream);
void shoal_size_get_nbi_on_stream(size_t* dest, const size_t* source, size_t nelems, int pe,
                                  shoal_stream_t stream);
void shoal_size_put_signal_on_stream(size_t* dest, const size_t* source, size_t nelems,
                                     uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                     shoal_stream_t stream);
void shoal_size_put_signal_nbi_on_stream(size_t* dest, const size_t* source, size_t nelems,
                                         uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                         shoal_stream_t stream);
void shoal_ptrdiff_p_on_stream(ptrdiff_t* dest, ptrdiff_t value, int pe, shoal_stream_t stream);
void shoal_ptrdiff_put_on_stream(ptrdiff_t* dest, const ptrdiff_t* source, size_t nelems, int pe,
                                 shoal_stream_t stream);
void shoal_ptrdiff_get_on_stream(ptrdiff_t* dest, const ptrdiff_t* source, size_t nelems, int pe,
                                 shoal_stream_t stream);
void shoal_ptrdiff_put_nbi_on_stream(ptrdiff_t* dest, const ptrdiff_t* source, size_t nelems,
                                     int pe, shoal_stream_t stream);
void shoal_ptrdiff_get_nbi_on_stream(ptrdiff_t* dest, const ptrdiff_t* source, size_t nelems,
                                     int pe, shoal_stream_t stream);
void shoal_ptrdiff_put_signal_on_stream(ptrdiff_t* dest, const ptrdiff_t* source, size_t nelems,
                                        uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                        shoal_stream_t stream);
void shoal_ptrdiff_put_signal_nbi_on_stream(ptrdiff_t* dest, const ptrdiff_t* source, size_t nelems,
                                            uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                            shoal_stream_t stream);
/* END tools/gen-api: rma_on_stream */

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
