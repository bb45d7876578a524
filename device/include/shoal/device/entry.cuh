// The device API's C entry points, generated from the type tables.
//
//   cuda: included by <shoal/device.h>; functions that exist on host and
//         device are `__host__ __device__` (declared in <shoal/shoal.h>) and
//         get their device definition here, in the device pass only (the
//         host pass calls libshoal). Device-only functions (_warp, _block)
//         are inline __device__ functions.
//   sim:  compiled once into libshoal (device/sim/entry_part{1,2,3}.cu). Host+device
//         functions are defined as shoal_dev_<name>, which libshoal's host
//         implementation calls when invoked from a kernel; device-only
//         functions under their own names.
#pragma once

#include "shoal/device/api.cuh"

#if defined(SHOAL_PLATFORM_SIM)
#define SHOAL_DEV_HD(ret) extern "C" ret
#define SHOAL_DEV_HD_NAME(x) shoal_dev_##x
#define SHOAL_DEV_DO(ret) extern "C" ret
#define SHOAL_DEV_EMIT_HD 1
#else
#define SHOAL_DEV_HD(ret) extern "C" __host__ __device__ inline ret
#define SHOAL_DEV_HD_NAME(x) shoal_##x
#define SHOAL_DEV_DO(ret) extern "C" __device__ inline ret
#if defined(__CUDA_ARCH__)
#define SHOAL_DEV_EMIT_HD 1
#else
#define SHOAL_DEV_EMIT_HD 0
#endif
#endif

namespace shoal::device {
using ts = scope_t;
}

// On sim libshoal compiles this file as three translation units, each
// defining one part (device/sim/entry_part{1,2,3}.cu set SHOAL_DEV_ENTRY_PART), so
// the two halves of a 2-core build share what was its longest compile;
// unset (cuda, where everything is inline), every part.
#ifndef SHOAL_DEV_ENTRY_PART
#define SHOAL_DEV_ENTRY_PART 0
#endif
#define SHOAL_DEV_PART_(n) (SHOAL_DEV_ENTRY_PART == 0 || SHOAL_DEV_ENTRY_PART == (n))

// --- device-only: warp and block forms ---------------------------------------

#define SHOAL_DEV_RMA_GROUP_(NAME, TYPE, SFX, SC)                                                 \
  SHOAL_DEV_DO(void) shoal_##NAME##_put##SFX(TYPE* dest, const TYPE* src, size_t nelems, int pe) { \
    shoal::device::putmem<SC>("shoal_" #NAME "_put" #SFX, dest, src, nelems * sizeof(TYPE), pe);   \
  }                                                                                                \
  SHOAL_DEV_DO(void) shoal_##NAME##_get##SFX(TYPE* dest, const TYPE* src, size_t nelems, int pe) { \
    shoal::device::getmem<SC>("shoal_" #NAME "_get" #SFX, dest, src, nelems * sizeof(TYPE), pe);   \
  }                                                                                                \
  SHOAL_DEV_DO(void) shoal_##NAME##_put_nbi##SFX(TYPE* dest, const TYPE* src, size_t nelems,      \
                                                 int pe) {                                         \
    shoal::device::putmem<SC, true>("shoal_" #NAME "_put_nbi" #SFX, dest, src, nelems * sizeof(TYPE), pe); \
  }                                                                                                \
  SHOAL_DEV_DO(void) shoal_##NAME##_get_nbi##SFX(TYPE* dest, const TYPE* src, size_t nelems,      \
                                                 int pe) {                                         \
    shoal::device::getmem<SC>("shoal_" #NAME "_get_nbi" #SFX, dest, src, nelems * sizeof(TYPE), pe); \
  }                                                                                                \
  SHOAL_DEV_DO(void) shoal_##NAME##_iput##SFX(TYPE* dest, const TYPE* src, ptrdiff_t dst,         \
                                              ptrdiff_t sst, size_t nelems, int pe) {              \
    shoal::device::iputmem<SC>("shoal_" #NAME "_iput" #SFX, dest, src, dst, sst, nelems,          \
                               sizeof(TYPE), pe);                                                  \
  }                                                                                                \
  SHOAL_DEV_DO(void) shoal_##NAME##_iget##SFX(TYPE* dest, const TYPE* src, ptrdiff_t dst,         \
                                              ptrdiff_t sst, size_t nelems, int pe) {              \
    shoal::device::igetmem<SC>("shoal_" #NAME "_iget" #SFX, dest, src, dst, sst, nelems,          \
                               sizeof(TYPE), pe);                                                  \
  }                                                                                                \
  SHOAL_DEV_DO(void) shoal_##NAME##_put_signal##SFX(TYPE* dest, const TYPE* src, size_t nelems,   \
                                                    uint64_t* sig_addr, uint64_t signal,           \
                                                    int sig_op, int pe) {                          \
    shoal::device::putmem_signal<SC>("shoal_" #NAME "_put_signal" #SFX, dest, src,                \
                                     nelems * sizeof(TYPE), sig_addr, signal, sig_op, pe);         \
  }                                                                                                \
  SHOAL_DEV_DO(void) shoal_##NAME##_put_signal_nbi##SFX(TYPE* dest, const TYPE* src,              \
                                                        size_t nelems, uint64_t* sig_addr,         \
                                                        uint64_t signal, int sig_op, int pe) {     \
    shoal::device::putmem_signal<SC, true>("shoal_" #NAME "_put_signal_nbi" #SFX, dest, src,            \
                                     nelems * sizeof(TYPE), sig_addr, signal, sig_op, pe);         \
  }
#define SHOAL_DEV_RMA_WARP_(NAME, TYPE) SHOAL_DEV_RMA_GROUP_(NAME, TYPE, _warp, shoal::device::ts::warp)
#define SHOAL_DEV_RMA_BLOCK_(NAME, TYPE) SHOAL_DEV_RMA_GROUP_(NAME, TYPE, _block, shoal::device::ts::block)
#if SHOAL_DEV_PART_(1)
SHOAL_FOR_RMA_TYPES(SHOAL_DEV_RMA_WARP_)
#endif  // part 1
#if SHOAL_DEV_PART_(3)
SHOAL_FOR_RMA_TYPES(SHOAL_DEV_RMA_BLOCK_)
#endif  // part 3

#if SHOAL_DEV_PART_(1)
// Sized and mem forms: `void*` buffers, BYTES per element.
#define SHOAL_DEV_MEM_GROUP_(PUT, GET, PUTNBI, GETNBI, PUTSIG, PUTSIGNBI, ELEM, SFX, SC)          \
  SHOAL_DEV_DO(void) PUT##SFX(void* dest, const void* src, size_t n, int pe) {                     \
    shoal::device::putmem<SC>(#PUT #SFX, dest, src, n * (ELEM), pe);                               \
  }                                                                                                \
  SHOAL_DEV_DO(void) GET##SFX(void* dest, const void* src, size_t n, int pe) {                     \
    shoal::device::getmem<SC>(#GET #SFX, dest, src, n * (ELEM), pe);                               \
  }                                                                                                \
  SHOAL_DEV_DO(void) PUTNBI##SFX(void* dest, const void* src, size_t n, int pe) {                  \
    shoal::device::putmem<SC, true>(#PUTNBI #SFX, dest, src, n * (ELEM), pe);                            \
  }                                                                                                \
  SHOAL_DEV_DO(void) GETNBI##SFX(void* dest, const void* src, size_t n, int pe) {                  \
    shoal::device::getmem<SC>(#GETNBI #SFX, dest, src, n * (ELEM), pe);                            \
  }                                                                                                \
  SHOAL_DEV_DO(void) PUTSIG##SFX(void* dest, const void* src, size_t n, uint64_t* sig_addr,        \
                                 uint64_t signal, int sig_op, int pe) {                            \
    shoal::device::putmem_signal<SC>(#PUTSIG #SFX, dest, src, n * (ELEM), sig_addr, signal,        \
                                     sig_op, pe);                                                  \
  }                                                                                                \
  SHOAL_DEV_DO(void) PUTSIGNBI##SFX(void* dest, const void* src, size_t n, uint64_t* sig_addr,     \
                                    uint64_t signal, int sig_op, int pe) {                         \
    shoal::device::putmem_signal<SC, true>(#PUTSIGNBI #SFX, dest, src, n * (ELEM), sig_addr, signal,     \
                                     sig_op, pe);                                                  \
  }
#define SHOAL_DEV_SIZED_(BITS, BYTES)                                                              \
  SHOAL_DEV_MEM_GROUP_(shoal_put##BITS, shoal_get##BITS, shoal_put##BITS##_nbi,                    \
                       shoal_get##BITS##_nbi, shoal_put##BITS##_signal,                            \
                       shoal_put##BITS##_signal_nbi, BYTES, _warp, shoal::device::ts::warp)        \
  SHOAL_DEV_MEM_GROUP_(shoal_put##BITS, shoal_get##BITS, shoal_put##BITS##_nbi,                    \
                       shoal_get##BITS##_nbi, shoal_put##BITS##_signal,                            \
                       shoal_put##BITS##_signal_nbi, BYTES, _block, shoal::device::ts::block)     \
  SHOAL_DEV_DO(void) shoal_iput##BITS##_warp(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst, \
                                             size_t n, int pe) {                                   \
    shoal::device::iputmem<shoal::device::ts::warp>("shoal_iput" #BITS "_warp", d, s, dst, sst, n, \
                                                    BYTES, pe);                                    \
  }                                                                                                \
  SHOAL_DEV_DO(void) shoal_iput##BITS##_block(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,\
                                              size_t n, int pe) {                                  \
    shoal::device::iputmem<shoal::device::ts::block>("shoal_iput" #BITS "_block", d, s, dst, sst,  \
                                                     n, BYTES, pe);                                \
  }                                                                                                \
  SHOAL_DEV_DO(void) shoal_iget##BITS##_warp(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst, \
                                             size_t n, int pe) {                                   \
    shoal::device::igetmem<shoal::device::ts::warp>("shoal_iget" #BITS "_warp", d, s, dst, sst, n, \
                                                    BYTES, pe);                                    \
  }                                                                                                \
  SHOAL_DEV_DO(void) shoal_iget##BITS##_block(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,\
                                              size_t n, int pe) {                                  \
    shoal::device::igetmem<shoal::device::ts::block>("shoal_iget" #BITS "_block", d, s, dst, sst,  \
                                                     n, BYTES, pe);                                \
  }
SHOAL_FOR_SIZES(SHOAL_DEV_SIZED_)
SHOAL_DEV_MEM_GROUP_(shoal_putmem, shoal_getmem, shoal_putmem_nbi, shoal_getmem_nbi,
                     shoal_putmem_signal, shoal_putmem_signal_nbi, 1, _warp, shoal::device::ts::warp)
SHOAL_DEV_MEM_GROUP_(shoal_putmem, shoal_getmem, shoal_putmem_nbi, shoal_getmem_nbi,
                     shoal_putmem_signal, shoal_putmem_signal_nbi, 1, _block, shoal::device::ts::block)
#endif  // part 1

#if SHOAL_DEV_PART_(3)

SHOAL_DEV_DO(void) shoal_barrier_all_warp(void) {
  shoal::device::team_sync<shoal::device::ts::warp>("shoal_barrier_all_warp", SHOAL_TEAM_WORLD, true);
}
SHOAL_DEV_DO(void) shoal_barrier_all_block(void) {
  shoal::device::team_sync<shoal::device::ts::block>("shoal_barrier_all_block", SHOAL_TEAM_WORLD, true);
}
SHOAL_DEV_DO(void) shoal_sync_all_warp(void) {
  shoal::device::team_sync<shoal::device::ts::warp>("shoal_sync_all_warp", SHOAL_TEAM_WORLD, false);
}
SHOAL_DEV_DO(void) shoal_sync_all_block(void) {
  shoal::device::team_sync<shoal::device::ts::block>("shoal_sync_all_block", SHOAL_TEAM_WORLD, false);
}
SHOAL_DEV_DO(int) shoal_barrier_warp(shoal_team_t team) {
  shoal::device::team_sync<shoal::device::ts::warp>("shoal_barrier_warp", team, true);
  return 0;
}
SHOAL_DEV_DO(int) shoal_barrier_block(shoal_team_t team) {
  shoal::device::team_sync<shoal::device::ts::block>("shoal_barrier_block", team, true);
  return 0;
}
SHOAL_DEV_DO(int) shoal_sync_warp(shoal_team_t team) {
  shoal::device::team_sync<shoal::device::ts::warp>("shoal_sync_warp", team, false);
  return 0;
}
SHOAL_DEV_DO(int) shoal_sync_block(shoal_team_t team) {
  shoal::device::team_sync<shoal::device::ts::block>("shoal_sync_block", team, false);
  return 0;
}
#endif  // part 3

// --- host and device: device definitions -------------------------------------
#if SHOAL_DEV_EMIT_HD
#if SHOAL_DEV_PART_(2)

#define SHOAL_DEV_RMA_HD_(NAME, TYPE)                                                              \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_p)(TYPE* dest, TYPE value, int pe) {                 \
    shoal::device::p<TYPE>("shoal_" #NAME "_p", dest, value, pe);                                  \
  }                                                                                                \
  SHOAL_DEV_HD(TYPE) SHOAL_DEV_HD_NAME(NAME##_g)(const TYPE* src, int pe) {                        \
    return shoal::device::g<TYPE>("shoal_" #NAME "_g", src, pe);                                   \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_put)(TYPE* dest, const TYPE* src, size_t n, int pe) { \
    shoal::device::putmem<shoal::device::ts::thread>("shoal_" #NAME "_put", dest, src,             \
                                                     n * sizeof(TYPE), pe);                        \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_get)(TYPE* dest, const TYPE* src, size_t n, int pe) { \
    shoal::device::getmem<shoal::device::ts::thread>("shoal_" #NAME "_get", dest, src,             \
                                                     n * sizeof(TYPE), pe);                        \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_put_nbi)(TYPE* dest, const TYPE* src, size_t n,     \
                                                       int pe) {                                   \
    shoal::device::putmem<shoal::device::ts::thread, true>("shoal_" #NAME "_put_nbi", dest, src,         \
                                                     n * sizeof(TYPE), pe);                        \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_get_nbi)(TYPE* dest, const TYPE* src, size_t n,     \
                                                       int pe) {                                   \
    shoal::device::getmem<shoal::device::ts::thread>("shoal_" #NAME "_get_nbi", dest, src,         \
                                                     n * sizeof(TYPE), pe);                        \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_iput)(TYPE* dest, const TYPE* src, ptrdiff_t dst,   \
                                                    ptrdiff_t sst, size_t n, int pe) {             \
    shoal::device::iputmem<shoal::device::ts::thread>("shoal_" #NAME "_iput", dest, src, dst, sst, \
                                                      n, sizeof(TYPE), pe);                        \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_iget)(TYPE* dest, const TYPE* src, ptrdiff_t dst,   \
                                                    ptrdiff_t sst, size_t n, int pe) {             \
    shoal::device::igetmem<shoal::device::ts::thread>("shoal_" #NAME "_iget", dest, src, dst, sst, \
                                                      n, sizeof(TYPE), pe);                        \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_put_signal)(TYPE* dest, const TYPE* src, size_t n,  \
                                                          uint64_t* sig_addr, uint64_t signal,     \
                                                          int sig_op, int pe) {                    \
    shoal::device::putmem_signal<shoal::device::ts::thread>(                                       \
        "shoal_" #NAME "_put_signal", dest, src, n * sizeof(TYPE), sig_addr, signal, sig_op, pe);  \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_put_signal_nbi)(TYPE* dest, const TYPE* src,        \
                                                              size_t n, uint64_t* sig_addr,        \
                                                              uint64_t signal, int sig_op,         \
                                                              int pe) {                            \
    shoal::device::putmem_signal<shoal::device::ts::thread, true>("shoal_" #NAME "_put_signal_nbi",     \
                                                            dest, src, n * sizeof(TYPE), sig_addr, \
                                                            signal, sig_op, pe);                   \
  }
SHOAL_FOR_RMA_TYPES(SHOAL_DEV_RMA_HD_)

#define SHOAL_DEV_MEM_HD_(PUT, GET, PUTNBI, GETNBI, PUTSIG, PUTSIGNBI, IPUT, IGET, ELEM)           \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(PUT)(void* dest, const void* src, size_t n, int pe) {       \
    shoal::device::putmem<shoal::device::ts::thread>("shoal_" #PUT, dest, src, n * (ELEM), pe);    \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(GET)(void* dest, const void* src, size_t n, int pe) {       \
    shoal::device::getmem<shoal::device::ts::thread>("shoal_" #GET, dest, src, n * (ELEM), pe);    \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(PUTNBI)(void* dest, const void* src, size_t n, int pe) {    \
    shoal::device::putmem<shoal::device::ts::thread, true>("shoal_" #PUTNBI, dest, src, n * (ELEM), pe); \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(GETNBI)(void* dest, const void* src, size_t n, int pe) {    \
    shoal::device::getmem<shoal::device::ts::thread>("shoal_" #GETNBI, dest, src, n * (ELEM), pe); \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(PUTSIG)(void* dest, const void* src, size_t n,              \
                                               uint64_t* sig_addr, uint64_t signal, int sig_op,    \
                                               int pe) {                                           \
    shoal::device::putmem_signal<shoal::device::ts::thread>("shoal_" #PUTSIG, dest, src,          \
                                                            n * (ELEM), sig_addr, signal, sig_op,  \
                                                            pe);                                   \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(PUTSIGNBI)(void* dest, const void* src, size_t n,           \
                                                  uint64_t* sig_addr, uint64_t signal,             \
                                                  int sig_op, int pe) {                            \
    shoal::device::putmem_signal<shoal::device::ts::thread, true>("shoal_" #PUTSIGNBI, dest, src,       \
                                                            n * (ELEM), sig_addr, signal, sig_op,  \
                                                            pe);                                   \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(IPUT)(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst, \
                                             size_t n, int pe) {                                   \
    shoal::device::iputmem<shoal::device::ts::thread>("shoal_" #IPUT, d, s, dst, sst, n, ELEM, pe); \
  }                                                                                                \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(IGET)(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst, \
                                             size_t n, int pe) {                                   \
    shoal::device::igetmem<shoal::device::ts::thread>("shoal_" #IGET, d, s, dst, sst, n, ELEM, pe); \
  }
#define SHOAL_DEV_SIZED_HD_(BITS, BYTES)                                                           \
  SHOAL_DEV_MEM_HD_(put##BITS, get##BITS, put##BITS##_nbi, get##BITS##_nbi, put##BITS##_signal,    \
                    put##BITS##_signal_nbi, iput##BITS, iget##BITS, BYTES)
SHOAL_FOR_SIZES(SHOAL_DEV_SIZED_HD_)

SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(putmem)(void* dest, const void* src, size_t n, int pe) {
  shoal::device::putmem<shoal::device::ts::thread>("shoal_putmem", dest, src, n, pe);
}
SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(getmem)(void* dest, const void* src, size_t n, int pe) {
  shoal::device::getmem<shoal::device::ts::thread>("shoal_getmem", dest, src, n, pe);
}
SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(putmem_nbi)(void* dest, const void* src, size_t n, int pe) {
  shoal::device::putmem<shoal::device::ts::thread, true>("shoal_putmem_nbi", dest, src, n, pe);
}
SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(getmem_nbi)(void* dest, const void* src, size_t n, int pe) {
  shoal::device::getmem<shoal::device::ts::thread>("shoal_getmem_nbi", dest, src, n, pe);
}
SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(putmem_signal)(void* dest, const void* src, size_t n,
                                                   uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                   int pe) {
  shoal::device::putmem_signal<shoal::device::ts::thread>("shoal_putmem_signal", dest, src, n,
                                                          sig_addr, signal, sig_op, pe);
}
SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(putmem_signal_nbi)(void* dest, const void* src, size_t n,
                                                       uint64_t* sig_addr, uint64_t signal,
                                                       int sig_op, int pe) {
  shoal::device::putmem_signal<shoal::device::ts::thread, true>("shoal_putmem_signal_nbi", dest, src, n,
                                                          sig_addr, signal, sig_op, pe);
}

SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(signal_op)(uint64_t* sig_addr, uint64_t signal, int sig_op,
                                               int pe) {
  shoal::device::signal_op("shoal_signal_op", sig_addr, signal, sig_op, pe);
}
SHOAL_DEV_HD(uint64_t) SHOAL_DEV_HD_NAME(signal_fetch)(const uint64_t* sig_addr) {
  return shoal::device::load_acquire(sig_addr);
}
SHOAL_DEV_HD(uint64_t) SHOAL_DEV_HD_NAME(signal_wait_until)(uint64_t* sig_addr, int cmp,
                                                           uint64_t cmp_value) {
  shoal::device::check_cmp("shoal_signal_wait_until", cmp);
  shoal::device::wait_one("shoal_signal_wait_until", sig_addr, cmp, cmp_value);
  return shoal::device::load_acquire(sig_addr);
}

#endif  // part 2

#if SHOAL_DEV_PART_(3)
// Atomics.
#define SHOAL_DEV_AMO_EXT_(NAME, TYPE)                                                              \
  SHOAL_DEV_HD(TYPE) SHOAL_DEV_HD_NAME(NAME##_atomic_fetch)(const TYPE* src, int pe) {              \
    return shoal::device::amo_fetch<TYPE>("shoal_" #NAME "_atomic_fetch", src, pe);                 \
  }                                                                                                 \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_atomic_set)(TYPE* dest, TYPE v, int pe) {             \
    shoal::device::amo_set<TYPE>("shoal_" #NAME "_atomic_set", dest, v, pe);                        \
  }                                                                                                 \
  SHOAL_DEV_HD(TYPE) SHOAL_DEV_HD_NAME(NAME##_atomic_swap)(TYPE* dest, TYPE v, int pe) {            \
    return shoal::device::amo_swap<TYPE>("shoal_" #NAME "_atomic_swap", dest, v, pe);               \
  }
#define SHOAL_DEV_AMO_STD_(NAME, TYPE)                                                              \
  SHOAL_DEV_AMO_EXT_(NAME, TYPE)                                                                    \
  SHOAL_DEV_HD(TYPE) SHOAL_DEV_HD_NAME(NAME##_atomic_compare_swap)(TYPE* dest, TYPE cond, TYPE v,  \
                                                                  int pe) {                         \
    return shoal::device::amo_cswap<TYPE>("shoal_" #NAME "_atomic_compare_swap", dest, cond, v, pe); \
  }                                                                                                 \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_atomic_inc)(TYPE* dest, int pe) {                     \
    shoal::device::amo_fadd<TYPE>("shoal_" #NAME "_atomic_inc", dest, static_cast<TYPE>(1), pe, false);                 \
  }                                                                                                 \
  SHOAL_DEV_HD(TYPE) SHOAL_DEV_HD_NAME(NAME##_atomic_fetch_inc)(TYPE* dest, int pe) {               \
    return shoal::device::amo_fadd<TYPE>("shoal_" #NAME "_atomic_fetch_inc", dest, static_cast<TYPE>(1), pe);    \
  }                                                                                                 \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_atomic_add)(TYPE* dest, TYPE v, int pe) {             \
    shoal::device::amo_fadd<TYPE>("shoal_" #NAME "_atomic_add", dest, v, pe, false);                       \
  }                                                                                                 \
  SHOAL_DEV_HD(TYPE) SHOAL_DEV_HD_NAME(NAME##_atomic_fetch_add)(TYPE* dest, TYPE v, int pe) {       \
    return shoal::device::amo_fadd<TYPE>("shoal_" #NAME "_atomic_fetch_add", dest, v, pe);          \
  }
#define SHOAL_DEV_AMO_BIT_(NAME, TYPE)                                                              \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_atomic_and)(TYPE* dest, TYPE v, int pe) {             \
    shoal::device::amo_fand<TYPE>("shoal_" #NAME "_atomic_and", dest, v, pe, false);                       \
  }                                                                                                 \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_atomic_or)(TYPE* dest, TYPE v, int pe) {              \
    shoal::device::amo_for<TYPE>("shoal_" #NAME "_atomic_or", dest, v, pe, false);                         \
  }                                                                                                 \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_atomic_xor)(TYPE* dest, TYPE v, int pe) {             \
    shoal::device::amo_fxor<TYPE>("shoal_" #NAME "_atomic_xor", dest, v, pe, false);                       \
  }                                                                                                 \
  SHOAL_DEV_HD(TYPE) SHOAL_DEV_HD_NAME(NAME##_atomic_fetch_and)(TYPE* dest, TYPE v, int pe) {       \
    return shoal::device::amo_fand<TYPE>("shoal_" #NAME "_atomic_fetch_and", dest, v, pe);          \
  }                                                                                                 \
  SHOAL_DEV_HD(TYPE) SHOAL_DEV_HD_NAME(NAME##_atomic_fetch_or)(TYPE* dest, TYPE v, int pe) {        \
    return shoal::device::amo_for<TYPE>("shoal_" #NAME "_atomic_fetch_or", dest, v, pe);            \
  }                                                                                                 \
  SHOAL_DEV_HD(TYPE) SHOAL_DEV_HD_NAME(NAME##_atomic_fetch_xor)(TYPE* dest, TYPE v, int pe) {       \
    return shoal::device::amo_fxor<TYPE>("shoal_" #NAME "_atomic_fetch_xor", dest, v, pe);          \
  }
SHOAL_FOR_AMO_STANDARD_TYPES(SHOAL_DEV_AMO_STD_)
SHOAL_FOR_AMO_EXTENDED_ONLY_TYPES(SHOAL_DEV_AMO_EXT_)
SHOAL_FOR_AMO_BITWISE_TYPES(SHOAL_DEV_AMO_BIT_)

// Point-to-point synchronisation.
#define SHOAL_DEV_P2P_(NAME, TYPE)                                                                  \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_wait_until)(TYPE* ivar, int cmp, TYPE v) {           \
    shoal::device::wait_all("shoal_" #NAME "_wait_until",                                           \
                            shoal::device::Vars<TYPE>{ivar, 1, nullptr, cmp, nullptr, v});          \
  }                                                                                                 \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_wait_until_all)(TYPE* ivars, size_t n,                \
                                                             const int* status, int cmp, TYPE v) {  \
    shoal::device::wait_all("shoal_" #NAME "_wait_until_all",                                       \
                            shoal::device::Vars<TYPE>{ivars, n, status, cmp, nullptr, v});          \
  }                                                                                                 \
  SHOAL_DEV_HD(size_t) SHOAL_DEV_HD_NAME(NAME##_wait_until_any)(TYPE* ivars, size_t n,              \
                                                               const int* status, int cmp, TYPE v) { \
    return shoal::device::wait_any("shoal_" #NAME "_wait_until_any",                                \
                                   shoal::device::Vars<TYPE>{ivars, n, status, cmp, nullptr, v});   \
  }                                                                                                 \
  SHOAL_DEV_HD(size_t) SHOAL_DEV_HD_NAME(NAME##_wait_until_some)(TYPE* ivars, size_t n,             \
                                                                size_t* idx, const int* status,     \
                                                                int cmp, TYPE v) {                  \
    return shoal::device::wait_some("shoal_" #NAME "_wait_until_some",                              \
                                    shoal::device::Vars<TYPE>{ivars, n, status, cmp, nullptr, v},   \
                                    idx);                                                           \
  }                                                                                                 \
  SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(NAME##_wait_until_all_vector)(                               \
      TYPE* ivars, size_t n, const int* status, int cmp, const TYPE* vals) {                        \
    shoal::device::wait_all("shoal_" #NAME "_wait_until_all_vector",                                \
                            shoal::device::Vars<TYPE>{ivars, n, status, cmp, vals, static_cast<TYPE>(0)});       \
  }                                                                                                 \
  SHOAL_DEV_HD(size_t) SHOAL_DEV_HD_NAME(NAME##_wait_until_any_vector)(                             \
      TYPE* ivars, size_t n, const int* status, int cmp, const TYPE* vals) {                        \
    return shoal::device::wait_any("shoal_" #NAME "_wait_until_any_vector",                         \
                                   shoal::device::Vars<TYPE>{ivars, n, status, cmp, vals, static_cast<TYPE>(0)}); \
  }                                                                                                 \
  SHOAL_DEV_HD(size_t) SHOAL_DEV_HD_NAME(NAME##_wait_until_some_vector)(                            \
      TYPE* ivars, size_t n, size_t* idx, const int* status, int cmp, const TYPE* vals) {           \
    return shoal::device::wait_some("shoal_" #NAME "_wait_until_some_vector",                       \
                                    shoal::device::Vars<TYPE>{ivars, n, status, cmp, vals, static_cast<TYPE>(0)}, \
                                    idx);                                                           \
  }                                                                                                 \
  SHOAL_DEV_HD(int) SHOAL_DEV_HD_NAME(NAME##_test)(TYPE* ivar, int cmp, TYPE v) {                  \
    return shoal::device::test_all("shoal_" #NAME "_test",                                          \
                                   shoal::device::Vars<TYPE>{ivar, 1, nullptr, cmp, nullptr, v});   \
  }                                                                                                 \
  SHOAL_DEV_HD(int) SHOAL_DEV_HD_NAME(NAME##_test_all)(TYPE* ivars, size_t n, const int* status,   \
                                                      int cmp, TYPE v) {                            \
    return shoal::device::test_all("shoal_" #NAME "_test_all",                                      \
                                   shoal::device::Vars<TYPE>{ivars, n, status, cmp, nullptr, v});   \
  }                                                                                                 \
  SHOAL_DEV_HD(size_t) SHOAL_DEV_HD_NAME(NAME##_test_any)(TYPE* ivars, size_t n,                    \
                                                         const int* status, int cmp, TYPE v) {      \
    return shoal::device::test_any("shoal_" #NAME "_test_any",                                      \
                                   shoal::device::Vars<TYPE>{ivars, n, status, cmp, nullptr, v});   \
  }                                                                                                 \
  SHOAL_DEV_HD(size_t) SHOAL_DEV_HD_NAME(NAME##_test_some)(TYPE* ivars, size_t n, size_t* idx,      \
                                                          const int* status, int cmp, TYPE v) {     \
    return shoal::device::test_some("shoal_" #NAME "_test_some",                                    \
                                    shoal::device::Vars<TYPE>{ivars, n, status, cmp, nullptr, v},   \
                                    idx);                                                           \
  }                                                                                                 \
  SHOAL_DEV_HD(int) SHOAL_DEV_HD_NAME(NAME##_test_all_vector)(TYPE* ivars, size_t n,                \
                                                             const int* status, int cmp,            \
                                                             const TYPE* vals) {                    \
    return shoal::device::test_all("shoal_" #NAME "_test_all_vector",                               \
                                   shoal::device::Vars<TYPE>{ivars, n, status, cmp, vals, static_cast<TYPE>(0)}); \
  }                                                                                                 \
  SHOAL_DEV_HD(size_t) SHOAL_DEV_HD_NAME(NAME##_test_any_vector)(TYPE* ivars, size_t n,             \
                                                                const int* status, int cmp,         \
                                                                const TYPE* vals) {                 \
    return shoal::device::test_any("shoal_" #NAME "_test_any_vector",                               \
                                   shoal::device::Vars<TYPE>{ivars, n, status, cmp, vals, static_cast<TYPE>(0)}); \
  }                                                                                                 \
  SHOAL_DEV_HD(size_t) SHOAL_DEV_HD_NAME(NAME##_test_some_vector)(                                  \
      TYPE* ivars, size_t n, size_t* idx, const int* status, int cmp, const TYPE* vals) {           \
    return shoal::device::test_some("shoal_" #NAME "_test_some_vector",                             \
                                    shoal::device::Vars<TYPE>{ivars, n, status, cmp, vals, static_cast<TYPE>(0)}, \
                                    idx);                                                           \
  }
SHOAL_FOR_P2P_SYNC_TYPES(SHOAL_DEV_P2P_)

SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(fence)(void) { shoal::device::fence(); }
SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(quiet)(void) { shoal::device::quiet(); }
SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(barrier_all)(void) {
  shoal::device::team_sync<shoal::device::ts::thread>("shoal_barrier_all", SHOAL_TEAM_WORLD, true);
}
SHOAL_DEV_HD(void) SHOAL_DEV_HD_NAME(sync_all)(void) {
  shoal::device::team_sync<shoal::device::ts::thread>("shoal_sync_all", SHOAL_TEAM_WORLD, false);
}
SHOAL_DEV_HD(int) SHOAL_DEV_HD_NAME(barrier)(shoal_team_t team) {
  shoal::device::team_sync<shoal::device::ts::thread>("shoal_barrier", team, true);
  return 0;
}
SHOAL_DEV_HD(int) SHOAL_DEV_HD_NAME(sync)(shoal_team_t team) {
  shoal::device::team_sync<shoal::device::ts::thread>("shoal_sync", team, false);
  return 0;
}
SHOAL_DEV_HD(int) SHOAL_DEV_HD_NAME(my_pe)(void) { return shoal::device::state().my_pe; }
SHOAL_DEV_HD(int) SHOAL_DEV_HD_NAME(n_pes)(void) { return shoal::device::state().n_pes; }
SHOAL_DEV_HD(int) SHOAL_DEV_HD_NAME(failed_pe)(void) { return shoal::device::failed_pe(); }
SHOAL_DEV_HD(int) SHOAL_DEV_HD_NAME(team_my_pe)(shoal_team_t team) {
  const shoal::device::Team* t = shoal::device::team_entry(team);
  return t ? t->my_index : -1;
}
SHOAL_DEV_HD(int) SHOAL_DEV_HD_NAME(team_n_pes)(shoal_team_t team) {
  const shoal::device::Team* t = shoal::device::team_entry(team);
  return t ? t->size : -1;
}
SHOAL_DEV_HD(int) SHOAL_DEV_HD_NAME(team_translate_pe)(shoal_team_t src_team, int src_pe,
                                                      shoal_team_t dest_team) {
  return shoal::device::team_translate(src_team, src_pe, dest_team);
}
SHOAL_DEV_HD(void*) SHOAL_DEV_HD_NAME(ptr)(const void* dest, int pe) {
  return shoal::device::ptr(dest, pe);
}

#endif  // part 3
#endif  // SHOAL_DEV_EMIT_HD
