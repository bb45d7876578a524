/* shoal device collectives (included by <shoal/device.h>): called by one
 * thread (no suffix), one warp (_warp) or one block (_block) per PE, on
 * every member of the team, in the same order. Each returns 0.
 *
 *   shoal_<T>_broadcast(team, dest, source, nelems, PE_root)   + broadcastmem (bytes)
 *   shoal_<T>_fcollect(team, dest, source, nelems)             + fcollectmem
 *   shoal_<T>_alltoall(team, dest, source, nelems)             + alltoallmem
 *   shoal_<T>_<op>_reduce(team, dest, source, nreduce)         in place when dest == source
 *   shoal_<T>_<op>_reducescatter(team, dest, source, nreduce)  source holds n_pes*nreduce
 * op: and/or/xor for SHOAL_FOR_REDUCE_BITWISE_TYPES, min/max/sum/prod for
 * SHOAL_FOR_REDUCE_ARITH_TYPES (<shoal/types.h>). dest and source are
 * symmetric. Synchronisation contract and algorithms: docs/api-device.md
 * and shoal/device/coll.cuh. */
#ifndef SHOAL_DEVICE_COLL_H
#define SHOAL_DEVICE_COLL_H

#include <shoal/types.h>

#ifndef SHOAL_DEVICE_FN
#if defined(__CUDACC__)
#define SHOAL_DEVICE_FN __device__
#else
#define SHOAL_DEVICE_FN
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define SHOAL_DECL_COLL_SCOPE_(SFX)                                                               \
  SHOAL_DEVICE_FN int shoal_broadcastmem##SFX(shoal_team_t team, void* dest, const void* source,  \
                                              size_t nelems, int PE_root);                        \
  SHOAL_DEVICE_FN int shoal_fcollectmem##SFX(shoal_team_t team, void* dest, const void* source,   \
                                             size_t nelems);                                      \
  SHOAL_DEVICE_FN int shoal_alltoallmem##SFX(shoal_team_t team, void* dest, const void* source,   \
                                             size_t nelems);
#define SHOAL_DECL_COLL_TYPED_SCOPE_(NAME, TYPE, SFX)                                             \
  SHOAL_DEVICE_FN int shoal_##NAME##_broadcast##SFX(shoal_team_t team, TYPE* dest,                \
                                                    const TYPE* source, size_t nelems,            \
                                                    int PE_root);                                 \
  SHOAL_DEVICE_FN int shoal_##NAME##_fcollect##SFX(shoal_team_t team, TYPE* dest,                 \
                                                   const TYPE* source, size_t nelems);            \
  SHOAL_DEVICE_FN int shoal_##NAME##_alltoall##SFX(shoal_team_t team, TYPE* dest,                 \
                                                   const TYPE* source, size_t nelems);
#define SHOAL_DECL_REDUCE_SCOPE_(NAME, TYPE, OP, SFX)                                             \
  SHOAL_DEVICE_FN int shoal_##NAME##_##OP##_reduce##SFX(shoal_team_t team, TYPE* dest,            \
                                                        const TYPE* source, size_t nreduce);      \
  SHOAL_DEVICE_FN int shoal_##NAME##_##OP##_reducescatter##SFX(shoal_team_t team, TYPE* dest,     \
                                                               const TYPE* source,                \
                                                               size_t nreduce);

SHOAL_DECL_COLL_SCOPE_()
SHOAL_DECL_COLL_SCOPE_(_warp)
SHOAL_DECL_COLL_SCOPE_(_block)
#define SHOAL_DECL_COLL_TYPED_(NAME, TYPE)        \
  SHOAL_DECL_COLL_TYPED_SCOPE_(NAME, TYPE, )      \
  SHOAL_DECL_COLL_TYPED_SCOPE_(NAME, TYPE, _warp) \
  SHOAL_DECL_COLL_TYPED_SCOPE_(NAME, TYPE, _block)
SHOAL_FOR_RMA_TYPES(SHOAL_DECL_COLL_TYPED_)
#define SHOAL_DECL_REDUCE_OP_(NAME, TYPE, OP)        \
  SHOAL_DECL_REDUCE_SCOPE_(NAME, TYPE, OP, )         \
  SHOAL_DECL_REDUCE_SCOPE_(NAME, TYPE, OP, _warp)    \
  SHOAL_DECL_REDUCE_SCOPE_(NAME, TYPE, OP, _block)
SHOAL_FOR_REDUCE_OPS(SHOAL_DECL_REDUCE_OP_)
#undef SHOAL_DECL_REDUCE_OP_
#undef SHOAL_DECL_COLL_TYPED_
#undef SHOAL_DECL_REDUCE_SCOPE_
#undef SHOAL_DECL_COLL_TYPED_SCOPE_
#undef SHOAL_DECL_COLL_SCOPE_

#ifdef __cplusplus
}
#endif

#endif /* SHOAL_DEVICE_COLL_H */
