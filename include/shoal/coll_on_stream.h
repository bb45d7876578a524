/* shoal stream-ordered collectives (host API, included by <shoal/shoal.h>):
 * each enqueues the block-scope device collective (<shoal/device_coll.h>)
 * as a one-block kernel on `stream` and returns 0 once it is enqueued (a
 * launch error ends the job with a message). Collective over the team: every
 * member enqueues the same collectives in the same order; the kernels of
 * the members must be able to run concurrently (one PE per GPU, or MPS).
 * Capturable in CUDA graphs; the replayed graph performs the collective
 * again. Synchronisation contract: as the device collectives (entry barrier
 * with quiet, exit barrier), in stream order on the device.
 *
 *   (barrier/sync on a stream: declared with the point-to-point on_stream
 *   calls in <shoal/shoal.h>)
 *   shoal_<T>_broadcast_on_stream(team, dest, src, nelems, PE_root, s)  + broadcastmem
 *   shoal_<T>_fcollect_on_stream(team, dest, src, nelems, s)            + fcollectmem
 *   shoal_<T>_alltoall_on_stream(team, dest, src, nelems, s)            + alltoallmem
 *   shoal_<T>_<op>_reduce_on_stream(team, dest, src, nreduce, s)
 *   shoal_<T>_<op>_reducescatter_on_stream(team, dest, src, nreduce, s) */
#ifndef SHOAL_COLL_ON_STREAM_H
#define SHOAL_COLL_ON_STREAM_H

#include <cuda_runtime_api.h>
#include <shoal/types.h>

#ifdef __cplusplus
extern "C" {
#endif

int shoal_broadcastmem_on_stream(shoal_team_t team, void* dest, const void* source, size_t nelems,
                                 int PE_root, cudaStream_t stream);
int shoal_fcollectmem_on_stream(shoal_team_t team, void* dest, const void* source, size_t nelems,
                                cudaStream_t stream);
int shoal_alltoallmem_on_stream(shoal_team_t team, void* dest, const void* source, size_t nelems,
                                cudaStream_t stream);

#define SHOAL_DECL_COLL_STREAM_(NAME, TYPE)                                                       \
  int shoal_##NAME##_broadcast_on_stream(shoal_team_t team, TYPE* dest, const TYPE* source,       \
                                         size_t nelems, int PE_root, cudaStream_t stream);        \
  int shoal_##NAME##_fcollect_on_stream(shoal_team_t team, TYPE* dest, const TYPE* source,        \
                                        size_t nelems, cudaStream_t stream);                      \
  int shoal_##NAME##_alltoall_on_stream(shoal_team_t team, TYPE* dest, const TYPE* source,        \
                                        size_t nelems, cudaStream_t stream);
SHOAL_FOR_RMA_TYPES(SHOAL_DECL_COLL_STREAM_)
#undef SHOAL_DECL_COLL_STREAM_

#define SHOAL_DECL_REDUCE_STREAM_(NAME, TYPE, OP)                                                 \
  int shoal_##NAME##_##OP##_reduce_on_stream(shoal_team_t team, TYPE* dest, const TYPE* source,   \
                                             size_t nreduce, cudaStream_t stream);                \
  int shoal_##NAME##_##OP##_reducescatter_on_stream(shoal_team_t team, TYPE* dest,                \
                                                    const TYPE* source, size_t nreduce,           \
                                                    cudaStream_t stream);
SHOAL_FOR_REDUCE_OPS(SHOAL_DECL_REDUCE_STREAM_)
#undef SHOAL_DECL_REDUCE_STREAM_

#ifdef __cplusplus
}
#endif

#endif /* SHOAL_COLL_ON_STREAM_H */
