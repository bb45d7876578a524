// The device collectives' C entry points (declared in <shoal/device_coll.h>),
// generated from the type tables.
//   cuda: inline __device__ functions, included by <shoal/device.h>;
//   sim:  compiled once into libshoal (device/sim/coll_entry.cu).
#pragma once

#include "shoal/device/coll.cuh"
#include "shoal/device_coll.h"

#if defined(SHOAL_PLATFORM_SIM)
#define SHOAL_COLL_FN extern "C" int
#else
#define SHOAL_COLL_FN extern "C" __device__ inline int
#endif

#define SHOAL_COLL_MEM_(SFX, SC)                                                                   \
  SHOAL_COLL_FN shoal_broadcastmem##SFX(shoal_team_t team, void* dest, const void* source,        \
                                        size_t nelems, int root) {                                 \
    shoal::device::broadcast<SC>("shoal_broadcastmem" #SFX, team, dest, source, nelems, root);     \
    return 0;                                                                                      \
  }                                                                                                \
  SHOAL_COLL_FN shoal_fcollectmem##SFX(shoal_team_t team, void* dest, const void* source,         \
                                       size_t nelems) {                                            \
    shoal::device::fcollect<SC>("shoal_fcollectmem" #SFX, team, dest, source, nelems);             \
    return 0;                                                                                      \
  }                                                                                                \
  SHOAL_COLL_FN shoal_alltoallmem##SFX(shoal_team_t team, void* dest, const void* source,         \
                                       size_t nelems) {                                            \
    shoal::device::alltoall<SC>("shoal_alltoallmem" #SFX, team, dest, source, nelems);             \
    return 0;                                                                                      \
  }
SHOAL_COLL_MEM_(, shoal::device::scope_t::thread)
SHOAL_COLL_MEM_(_warp, shoal::device::scope_t::warp)
SHOAL_COLL_MEM_(_block, shoal::device::scope_t::block)

#define SHOAL_COLL_TYPED_SCOPE_(NAME, TYPE, SFX, SC)                                               \
  SHOAL_COLL_FN shoal_##NAME##_broadcast##SFX(shoal_team_t team, TYPE* dest, const TYPE* source,  \
                                              size_t nelems, int root) {                           \
    size_t bytes;                                                                                  \
    shoal::device::check_bytes("shoal_" #NAME "_broadcast" #SFX, nelems, sizeof(TYPE), &bytes);    \
    shoal::device::broadcast<SC>("shoal_" #NAME "_broadcast" #SFX, team, dest, source, bytes,      \
                                 root);                                                            \
    return 0;                                                                                      \
  }                                                                                                \
  SHOAL_COLL_FN shoal_##NAME##_fcollect##SFX(shoal_team_t team, TYPE* dest, const TYPE* source,   \
                                             size_t nelems) {                                      \
    size_t bytes;                                                                                  \
    shoal::device::check_bytes("shoal_" #NAME "_fcollect" #SFX, nelems, sizeof(TYPE), &bytes);     \
    shoal::device::fcollect<SC>("shoal_" #NAME "_fcollect" #SFX, team, dest, source, bytes);       \
    return 0;                                                                                      \
  }                                                                                                \
  SHOAL_COLL_FN shoal_##NAME##_alltoall##SFX(shoal_team_t team, TYPE* dest, const TYPE* source,   \
                                             size_t nelems) {                                      \
    size_t bytes;                                                                                  \
    shoal::device::check_bytes("shoal_" #NAME "_alltoall" #SFX, nelems, sizeof(TYPE), &bytes);     \
    shoal::device::alltoall<SC>("shoal_" #NAME "_alltoall" #SFX, team, dest, source, bytes);       \
    return 0;                                                                                      \
  }
#define SHOAL_COLL_TYPED_(NAME, TYPE)                                      \
  SHOAL_COLL_TYPED_SCOPE_(NAME, TYPE, , shoal::device::scope_t::thread)    \
  SHOAL_COLL_TYPED_SCOPE_(NAME, TYPE, _warp, shoal::device::scope_t::warp) \
  SHOAL_COLL_TYPED_SCOPE_(NAME, TYPE, _block, shoal::device::scope_t::block)
SHOAL_FOR_RMA_TYPES(SHOAL_COLL_TYPED_)

#define SHOAL_COLL_REDUCE_SCOPE_(NAME, TYPE, OP, SFX, SC)                                          \
  SHOAL_COLL_FN shoal_##NAME##_##OP##_reduce##SFX(shoal_team_t team, TYPE* dest,                   \
                                                  const TYPE* source, size_t nreduce) {            \
    shoal::device::reduce<SC>("shoal_" #NAME "_" #OP "_reduce" #SFX, team, dest, source, nreduce,  \
                              sizeof(TYPE), shoal::device::reduce_loop<TYPE, shoal::device::op_##OP>()); \
    return 0;                                                                                      \
  }                                                                                                \
  SHOAL_COLL_FN shoal_##NAME##_##OP##_reducescatter##SFX(shoal_team_t team, TYPE* dest,            \
                                                         const TYPE* source, size_t nreduce) {     \
    shoal::device::reducescatter<SC>("shoal_" #NAME "_" #OP "_reducescatter" #SFX, team, dest,     \
                                     source, nreduce, sizeof(TYPE),                                \
                                     shoal::device::reduce_loop<TYPE, shoal::device::op_##OP>());  \
    return 0;                                                                                      \
  }
#define SHOAL_COLL_REDUCE_OP_(NAME, TYPE, OP)                                      \
  SHOAL_COLL_REDUCE_SCOPE_(NAME, TYPE, OP, , shoal::device::scope_t::thread)       \
  SHOAL_COLL_REDUCE_SCOPE_(NAME, TYPE, OP, _warp, shoal::device::scope_t::warp)    \
  SHOAL_COLL_REDUCE_SCOPE_(NAME, TYPE, OP, _block, shoal::device::scope_t::block)
SHOAL_FOR_REDUCE_OPS(SHOAL_COLL_REDUCE_OP_)
