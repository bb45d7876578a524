/* shoal device API: what kernels call. Included by <shoal/shoal.h> in CUDA
 * translation units (nvcc, or the sim platform's prelude).
 *
 * Functions that exist on host and device (p, g, put, get, iput, iget, the
 * _nbi forms, put_signal, signal_op/fetch/wait_until, atomics, wait/test,
 * fence, quiet, barrier_all, sync_all, barrier, sync, my_pe, n_pes, team
 * queries, ptr) are declared once in <shoal/shoal.h>; called from a kernel
 * they run the device implementation. This header adds the device-only
 * forms:
 *   <name>_warp:  all 32 lanes of a warp call it together and share the work;
 *   <name>_block: all threads of the block call it together.
 * Both return after the whole group is done (the group synchronises).
 *
 * Ordering contract: see shoal/device/api.cuh (stated at each operation) and
 * docs/api-device.md. Barriers (barrier_all, sync_all, barrier, sync and their
 * _warp/_block forms) are called by ONE thread (warp, block) per PE, and a
 * kernel that uses them must be launched with shoal::collective_launch so
 * that the PEs' kernels are co-scheduled.
 *
 * Device state: every translation unit that includes this header gets the
 * PE's state uploaded by shoal_init (cuda: a __constant__ copy per TU, no
 * relocatable device code needed; sim: shared). */
#ifndef SHOAL_DEVICE_H
#define SHOAL_DEVICE_H

#include <shoal/types.h>
/* Collectives; also defines SHOAL_DEVICE_FN (__device__ under nvcc). */
#include <shoal/device_coll.h>

#ifdef __cplusplus
extern "C" {
#endif


#define SHOAL_DECL_DEV_RMA_GROUP_(NAME, TYPE, SFX)                                                 \
  SHOAL_DEVICE_FN void shoal_##NAME##_put##SFX(TYPE* dest, const TYPE* src, size_t nelems, int pe); \
  SHOAL_DEVICE_FN void shoal_##NAME##_get##SFX(TYPE* dest, const TYPE* src, size_t nelems, int pe); \
  SHOAL_DEVICE_FN void shoal_##NAME##_put_nbi##SFX(TYPE* dest, const TYPE* src, size_t nelems,     \
                                                   int pe);                                        \
  SHOAL_DEVICE_FN void shoal_##NAME##_get_nbi##SFX(TYPE* dest, const TYPE* src, size_t nelems,     \
                                                   int pe);                                        \
  SHOAL_DEVICE_FN void shoal_##NAME##_iput##SFX(TYPE* dest, const TYPE* src, ptrdiff_t dst,        \
                                                ptrdiff_t sst, size_t nelems, int pe);             \
  SHOAL_DEVICE_FN void shoal_##NAME##_iget##SFX(TYPE* dest, const TYPE* src, ptrdiff_t dst,        \
                                                ptrdiff_t sst, size_t nelems, int pe);             \
  SHOAL_DEVICE_FN void shoal_##NAME##_put_signal##SFX(TYPE* dest, const TYPE* src, size_t nelems,  \
                                                      uint64_t* sig_addr, uint64_t signal,         \
                                                      int sig_op, int pe);                         \
  SHOAL_DEVICE_FN void shoal_##NAME##_put_signal_nbi##SFX(TYPE* dest, const TYPE* src,             \
                                                          size_t nelems, uint64_t* sig_addr,       \
                                                          uint64_t signal, int sig_op, int pe);
#define SHOAL_DECL_DEV_RMA_(NAME, TYPE)           \
  SHOAL_DECL_DEV_RMA_GROUP_(NAME, TYPE, _warp)    \
  SHOAL_DECL_DEV_RMA_GROUP_(NAME, TYPE, _block)
SHOAL_FOR_RMA_TYPES(SHOAL_DECL_DEV_RMA_)
#undef SHOAL_DECL_DEV_RMA_
#undef SHOAL_DECL_DEV_RMA_GROUP_

#define SHOAL_DECL_DEV_MEM_GROUP_(PUT, GET, PUTNBI, GETNBI, PUTSIG, PUTSIGNBI, SFX)              \
  SHOAL_DEVICE_FN void PUT##SFX(void* dest, const void* src, size_t n, int pe);                  \
  SHOAL_DEVICE_FN void GET##SFX(void* dest, const void* src, size_t n, int pe);                  \
  SHOAL_DEVICE_FN void PUTNBI##SFX(void* dest, const void* src, size_t n, int pe);               \
  SHOAL_DEVICE_FN void GETNBI##SFX(void* dest, const void* src, size_t n, int pe);               \
  SHOAL_DEVICE_FN void PUTSIG##SFX(void* dest, const void* src, size_t n, uint64_t* sig_addr,    \
                                   uint64_t signal, int sig_op, int pe);                         \
  SHOAL_DEVICE_FN void PUTSIGNBI##SFX(void* dest, const void* src, size_t n, uint64_t* sig_addr, \
                                      uint64_t signal, int sig_op, int pe);
#define SHOAL_DECL_DEV_SIZED_(BITS, BYTES)                                                        \
  SHOAL_DECL_DEV_MEM_GROUP_(shoal_put##BITS, shoal_get##BITS, shoal_put##BITS##_nbi,              \
                            shoal_get##BITS##_nbi, shoal_put##BITS##_signal,                      \
                            shoal_put##BITS##_signal_nbi, _warp)                                  \
  SHOAL_DECL_DEV_MEM_GROUP_(shoal_put##BITS, shoal_get##BITS, shoal_put##BITS##_nbi,              \
                            shoal_get##BITS##_nbi, shoal_put##BITS##_signal,                      \
                            shoal_put##BITS##_signal_nbi, _block)                                 \
  SHOAL_DEVICE_FN void shoal_iput##BITS##_warp(void* d, const void* s, ptrdiff_t dst,             \
                                               ptrdiff_t sst, size_t n, int pe);                  \
  SHOAL_DEVICE_FN void shoal_iput##BITS##_block(void* d, const void* s, ptrdiff_t dst,            \
                                                ptrdiff_t sst, size_t n, int pe);                 \
  SHOAL_DEVICE_FN void shoal_iget##BITS##_warp(void* d, const void* s, ptrdiff_t dst,             \
                                               ptrdiff_t sst, size_t n, int pe);                  \
  SHOAL_DEVICE_FN void shoal_iget##BITS##_block(void* d, const void* s, ptrdiff_t dst,            \
                                                ptrdiff_t sst, size_t n, int pe);
SHOAL_FOR_SIZES(SHOAL_DECL_DEV_SIZED_)
SHOAL_DECL_DEV_MEM_GROUP_(shoal_putmem, shoal_getmem, shoal_putmem_nbi, shoal_getmem_nbi,
                          shoal_putmem_signal, shoal_putmem_signal_nbi, _warp)
SHOAL_DECL_DEV_MEM_GROUP_(shoal_putmem, shoal_getmem, shoal_putmem_nbi, shoal_getmem_nbi,
                          shoal_putmem_signal, shoal_putmem_signal_nbi, _block)
#undef SHOAL_DECL_DEV_SIZED_
#undef SHOAL_DECL_DEV_MEM_GROUP_

SHOAL_DEVICE_FN void shoal_barrier_all_warp(void);
SHOAL_DEVICE_FN void shoal_barrier_all_block(void);
SHOAL_DEVICE_FN void shoal_sync_all_warp(void);
SHOAL_DEVICE_FN void shoal_sync_all_block(void);
SHOAL_DEVICE_FN int shoal_barrier_warp(shoal_team_t team);
SHOAL_DEVICE_FN int shoal_barrier_block(shoal_team_t team);
SHOAL_DEVICE_FN int shoal_sync_warp(shoal_team_t team);
SHOAL_DEVICE_FN int shoal_sync_block(shoal_team_t team);

#ifdef __cplusplus
}
#endif

#if defined(__CUDACC__) && !defined(SHOAL_PLATFORM_SIM)
#include <shoal/device/entry.cuh>
#include <shoal/device/coll_entry.cuh>
#endif

#endif /* SHOAL_DEVICE_H */
