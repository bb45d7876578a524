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

/* BEGIN tools/gen-api: coll_on_stream (generated from its table: do not edit; the
 * implementation: host/coll/on_stream.cu) */
#ifdef __cplusplus /* bfloat16 and half are CUDA C++ types */
int shoal_bfloat16_broadcast_on_stream(shoal_team_t team, __nv_bfloat16* dest,
                                       const __nv_bfloat16* source, size_t nelems, int PE_root,
                                       cudaStream_t stream);
int shoal_bfloat16_fcollect_on_stream(shoal_team_t team, __nv_bfloat16* dest,
                                      const __nv_bfloat16* source, size_t nelems,
                                      cudaStream_t stream);
int shoal_bfloat16_alltoall_on_stream(shoal_team_t team, __nv_bfloat16* dest,
                                      const __nv_bfloat16* source, size_t nelems,
                                      cudaStream_t stream);
int shoal_half_broadcast_on_stream(shoal_team_t team, __half* dest, const __half* source,
                                   size_t nelems, int PE_root, cudaStream_t stream);
int shoal_half_fcollect_on_stream(shoal_team_t team, __half* dest, const __half* source,
                                  size_t nelems, cudaStream_t stream);
int shoal_half_alltoall_on_stream(shoal_team_t team, __half* dest, const __half* source,
                                  size_t nelems, cudaStream_t stream);
#endif
int shoal_float_broadcast_on_stream(shoal_team_t team, float* dest, const float* source,
                                    size_t nelems, int PE_root, cudaStream_t stream);
int shoal_float_fcollect_on_stream(shoal_team_t team, float* dest, const float* source,
                                   size_t nelems, cudaStream_t stream);
int shoal_float_alltoall_on_stream(shoal_team_t team, float* dest, const float* source,
                                   size_t nelems, cudaStream_t stream);
int shoal_double_broadcast_on_stream(shoal_team_t team, double* dest, const double* source,
                                     size_t nelems, int PE_root, cudaStream_t stream);
int shoal_double_fcollect_on_stream(shoal_team_t team, double* dest, const double* source,
                                    size_t nelems, cudaStream_t stream);
int shoal_double_alltoall_on_stream(shoal_team_t team, double* dest, const double* source,
                                    size_t nelems, cudaStream_t stream);
int shoal_char_broadcast_on_stream(shoal_team_t team, char* dest, const char* source, size_t nelems,
                                   int PE_root, cudaStream_t stream);
int shoal_char_fcollect_on_stream(shoal_team_t team, char* dest, const char* source, size_t nelems,
                                  cudaStream_t stream);
int shoal_char_alltoall_on_stream(shoal_team_t team, char* dest, const char* source, size_t nelems,
                                  cudaStream_t stream);
int shoal_short_broadcast_on_stream(shoal_team_t team, short* dest, const short* source,
                                    size_t nelems, int PE_root, cudaStream_t stream);
int shoal_short_fcollect_on_stream(shoal_team_t team, short* dest, const short* source,
                                   size_t nelems, cudaStream_t stream);
int shoal_short_alltoall_on_stream(shoal_team_t team, short* dest, const short* source,
                                   size_t nelems, cudaStream_t stream);
int shoal_schar_broadcast_on_stream(shoal_team_t team, signed char* dest, const signed char* source,
                                    size_t nelems, int PE_root, cudaStream_t stream);
int shoal_schar_fcollect_on_stream(shoal_team_t team, signed char* dest, const signed char* source,
                                   size_t nelems, cudaStream_t stream);
int shoal_schar_alltoall_on_stream(shoal_team_t team, signed char* dest, const signed char* source,
                                   size_t nelems, cudaStream_t stream);
int shoal_int_broadcast_on_stream(shoal_team_t team, int* dest, const int* source, size_t nelems,
                                  int PE_root, cudaStream_t stream);
int shoal_int_fcollect_on_stream(shoal_team_t team, int* dest, const int* source, size_t nelems,
                                 cudaStream_t stream);
int shoal_int_alltoall_on_stream(shoal_team_t team, int* dest, const int* source, size_t nelems,
                                 cudaStream_t stream);
int shoal_long_broadcast_on_stream(shoal_team_t team, long* dest, const long* source, size_t nelems,
                                   int PE_root, cudaStream_t stream);
int shoal_long_fcollect_on_stream(shoal_team_t team, long* dest, const long* source, size_t nelems,
                                  cudaStream_t stream);
int shoal_long_alltoall_on_stream(shoal_team_t team, long* dest, const long* source, size_t nelems,
                                  cudaStream_t stream);
int shoal_longlong_broadcast_on_stream(shoal_team_t team, long long* dest, const long long* source,
                                       size_t nelems, int PE_root, cudaStream_t stream);
int shoal_longlong_fcollect_on_stream(shoal_team_t team, long long* dest, const long long* source,
                                      size_t nelems, cudaStream_t stream);
int shoal_longlong_alltoall_on_stream(shoal_team_t team, long long* dest, const long long* source,
                                      size_t nelems, cudaStream_t stream);
int shoal_uchar_broadcast_on_stream(shoal_team_t team, unsigned char* dest,
                                    const unsigned char* source, size_t nelems, int PE_root,
                                    cudaStream_t stream);
int shoal_uchar_fcollect_on_stream(shoal_team_t team, unsigned char* dest,
                                   const unsigned char* source, size_t nelems, cudaStream_t stream);
int shoal_uchar_alltoall_on_stream(shoal_team_t team, unsigned char* dest,
                                   const unsigned char* source, size_t nelems, cudaStream_t stream);
int shoal_ushort_broadcast_on_stream(shoal_team_t team, unsigned short* dest,
                                     const unsigned short* source, size_t nelems, int PE_root,
                                     cudaStream_t stream);
int shoal_ushort_fcollect_on_stream(shoal_team_t team, unsigned short* dest,
                                    const unsigned short* source, size_t nelems,
                                    cudaStream_t stream);
int shoal_ushort_alltoall_on_stream(shoal_team_t team, unsigned short* dest,
                                    const unsigned short* source, size_t nelems,
                                    cudaStream_t stream);
int shoal_uint_broadcast_on_stream(shoal_team_t team, unsigned int* dest,
                                   const unsigned int* source, size_t nelems, int PE_root,
                                   cudaStream_t stream);
int shoal_uint_fcollect_on_stream(shoal_team_t team, unsigned int* dest, const unsigned int* source,
                                  size_t nelems, cudaStream_t stream);
int shoal_uint_alltoall_on_stream(shoal_team_t team, unsigned int* dest, const unsigned int* source,
                                  size_t nelems, cudaStream_t stream);
int shoal_ulong_broadcast_on_stream(shoal_team_t team, unsigned long* dest,
                                    const unsigned long* source, size_t nelems, int PE_root,
                                    cudaStream_t stream);
int shoal_ulong_fcollect_on_stream(shoal_team_t team, unsigned long* dest,
                                   const unsigned long* source, size_t nelems, cudaStream_t stream);
int shoal_ulong_alltoall_on_stream(shoal_team_t team, unsigned long* dest,
                                   const unsigned long* source, size_t nelems, cudaStream_t stream);
int shoal_ulonglong_broadcast_on_stream(shoal_team_t team, unsigned long long* dest,
                                        const unsigned long long* source, size_t nelems,
                                        int PE_root, cudaStream_t stream);
int shoal_ulonglong_fcollect_on_stream(shoal_team_t team, unsigned long long* dest,
                                       const unsigned long long* source, size_t nelems,
                                       cudaStream_t stream);
int shoal_ulonglong_alltoall_on_stream(shoal_team_t team, unsigned long long* dest,
                                       const unsigned long long* source, size_t nelems,
                                       cudaStream_t stream);
int shoal_int8_broadcast_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                   size_t nelems, int PE_root, cudaStream_t stream);
int shoal_int8_fcollect_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                  size_t nelems, cudaStream_t stream);
int shoal_int8_alltoall_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                  size_t nelems, cudaStream_t stream);
int shoal_int16_broadcast_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                    size_t nelems, int PE_root, cudaStream_t stream);
int shoal_int16_fcollect_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                   size_t nelems, cudaStream_t stream);
int shoal_int16_alltoall_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                   size_t nelems, cudaStream_t stream);
int shoal_int32_broadcast_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                    size_t nelems, int PE_root, cudaStream_t stream);
int shoal_int32_fcollect_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                   size_t nelems, cudaStream_t stream);
int shoal_int32_alltoall_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                   size_t nelems, cudaStream_t stream);
int shoal_int64_broadcast_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                    size_t nelems, int PE_root, cudaStream_t stream);
int shoal_int64_fcollect_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                   size_t nelems, cudaStream_t stream);
int shoal_int64_alltoall_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                   size_t nelems, cudaStream_t stream);
int shoal_uint8_broadcast_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                    size_t nelems, int PE_root, cudaStream_t stream);
int shoal_uint8_fcollect_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                   size_t nelems, cudaStream_t stream);
int shoal_uint8_alltoall_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                   size_t nelems, cudaStream_t stream);
int shoal_uint16_broadcast_on_stream(shoal_team_t team, uint16_t* dest, const uint16_t* source,
                                     size_t nelems, int PE_root, cudaStream_t stream);
int shoal_uint16_fcollect_on_stream(shoal_team_t team, uint16_t* dest, const uint16_t* source,
                                    size_t nelems, cudaStream_t stream);
int shoal_uint16_alltoall_on_stream(shoal_team_t team, uint16_t* dest, const uint16_t* source,
                                    size_t nelems, cudaStream_t stream);
int shoal_uint32_broadcast_on_stream(shoal_team_t team, uint32_t* dest, const uint32_t* source,
                                     size_t nelems, int PE_root, cudaStream_t stream);
int shoal_uint32_fcollect_on_stream(shoal_team_t team, uint32_t* dest, const uint32_t* source,
                                    size_t nelems, cudaStream_t stream);
int shoal_uint32_alltoall_on_stream(shoal_team_t team, uint32_t* dest, const uint32_t* source,
                                    size_t nelems, cudaStream_t stream);
int shoal_uint64_broadcast_on_stream(shoal_team_t team, uint64_t* dest, const uint64_t* source,
                                     size_t nelems, int PE_root, cudaStream_t stream);
int shoal_uint64_fcollect_on_stream(shoal_team_t team, uint64_t* dest, const uint64_t* source,
                                    size_t nelems, cudaStream_t stream);
int shoal_uint64_alltoall_on_stream(shoal_team_t team, uint64_t* dest, const uint64_t* source,
                                    size_t nelems, cudaStream_t stream);
int shoal_size_broadcast_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                   size_t nelems, int PE_root, cudaStream_t stream);
int shoal_size_fcollect_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                  size_t nelems, cudaStream_t stream);
int shoal_size_alltoall_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                  size_t nelems, cudaStream_t stream);
int shoal_ptrdiff_broadcast_on_stream(shoal_team_t team, ptrdiff_t* dest, const ptrdiff_t* source,
                                      size_t nelems, int PE_root, cudaStream_t stream);
int shoal_ptrdiff_fcollect_on_stream(shoal_team_t team, ptrdiff_t* dest, const ptrdiff_t* source,
                                     size_t nelems, cudaStream_t stream);
int shoal_ptrdiff_alltoall_on_stream(shoal_team_t team, ptrdiff_t* dest, const ptrdiff_t* source,
                                     size_t nelems, cudaStream_t stream);
int shoal_uchar_and_reduce_on_stream(shoal_team_t team, unsigned char* dest,
                                     const unsigned char* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_uchar_and_reducescatter_on_stream(shoal_team_t team, unsigned char* dest,
                                            const unsigned char* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_ushort_and_reduce_on_stream(shoal_team_t team, unsigned short* dest,
                                      const unsigned short* source, size_t nreduce,
                                      cudaStream_t stream);
int shoal_ushort_and_reducescatter_on_stream(shoal_team_t team, unsigned short* dest,
                                             const unsigned short* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint_and_reduce_on_stream(shoal_team_t team, unsigned int* dest,
                                    const unsigned int* source, size_t nreduce,
                                    cudaStream_t stream);
int shoal_uint_and_reducescatter_on_stream(shoal_team_t team, unsigned int* dest,
                                           const unsigned int* source, size_t nreduce,
                                           cudaStream_t stream);
int shoal_ulong_and_reduce_on_stream(shoal_team_t team, unsigned long* dest,
                                     const unsigned long* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_ulong_and_reducescatter_on_stream(shoal_team_t team, unsigned long* dest,
                                            const unsigned long* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_ulonglong_and_reduce_on_stream(shoal_team_t team, unsigned long long* dest,
                                         const unsigned long long* source, size_t nreduce,
                                         cudaStream_t stream);
int shoal_ulonglong_and_reducescatter_on_stream(shoal_team_t team, unsigned long long* dest,
                                                const unsigned long long* source, size_t nreduce,
                                                cudaStream_t stream);
int shoal_int8_and_reduce_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_int8_and_reducescatter_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_int16_and_reduce_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int16_and_reducescatter_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_int32_and_reduce_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int32_and_reducescatter_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_int64_and_reduce_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int64_and_reducescatter_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_uint8_and_reduce_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_uint8_and_reducescatter_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_uint16_and_reduce_on_stream(shoal_team_t team, uint16_t* dest, const uint16_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint16_and_reducescatter_on_stream(shoal_team_t team, uint16_t* dest,
                                             const uint16_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint32_and_reduce_on_stream(shoal_team_t team, uint32_t* dest, const uint32_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint32_and_reducescatter_on_stream(shoal_team_t team, uint32_t* dest,
                                             const uint32_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint64_and_reduce_on_stream(shoal_team_t team, uint64_t* dest, const uint64_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint64_and_reducescatter_on_stream(shoal_team_t team, uint64_t* dest,
                                             const uint64_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_size_and_reduce_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_size_and_reducescatter_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_uchar_or_reduce_on_stream(shoal_team_t team, unsigned char* dest,
                                    const unsigned char* source, size_t nreduce,
                                    cudaStream_t stream);
int shoal_uchar_or_reducescatter_on_stream(shoal_team_t team, unsigned char* dest,
                                           const unsigned char* source, size_t nreduce,
                                           cudaStream_t stream);
int shoal_ushort_or_reduce_on_stream(shoal_team_t team, unsigned short* dest,
                                     const unsigned short* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_ushort_or_reducescatter_on_stream(shoal_team_t team, unsigned short* dest,
                                            const unsigned short* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_uint_or_reduce_on_stream(shoal_team_t team, unsigned int* dest,
                                   const unsigned int* source, size_t nreduce, cudaStream_t stream);
int shoal_uint_or_reducescatter_on_stream(shoal_team_t team, unsigned int* dest,
                                          const unsigned int* source, size_t nreduce,
                                          cudaStream_t stream);
int shoal_ulong_or_reduce_on_stream(shoal_team_t team, unsigned long* dest,
                                    const unsigned long* source, size_t nreduce,
                                    cudaStream_t stream);
int shoal_ulong_or_reducescatter_on_stream(shoal_team_t team, unsigned long* dest,
                                           const unsigned long* source, size_t nreduce,
                                           cudaStream_t stream);
int shoal_ulonglong_or_reduce_on_stream(shoal_team_t team, unsigned long long* dest,
                                        const unsigned long long* source, size_t nreduce,
                                        cudaStream_t stream);
int shoal_ulonglong_or_reducescatter_on_stream(shoal_team_t team, unsigned long long* dest,
                                               const unsigned long long* source, size_t nreduce,
                                               cudaStream_t stream);
int shoal_int8_or_reduce_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                   size_t nreduce, cudaStream_t stream);
int shoal_int8_or_reducescatter_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                          size_t nreduce, cudaStream_t stream);
int shoal_int16_or_reduce_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_int16_or_reducescatter_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_int32_or_reduce_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_int32_or_reducescatter_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_int64_or_reduce_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_int64_or_reducescatter_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_uint8_or_reduce_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_uint8_or_reducescatter_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_uint16_or_reduce_on_stream(shoal_team_t team, uint16_t* dest, const uint16_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_uint16_or_reducescatter_on_stream(shoal_team_t team, uint16_t* dest,
                                            const uint16_t* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_uint32_or_reduce_on_stream(shoal_team_t team, uint32_t* dest, const uint32_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_uint32_or_reducescatter_on_stream(shoal_team_t team, uint32_t* dest,
                                            const uint32_t* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_uint64_or_reduce_on_stream(shoal_team_t team, uint64_t* dest, const uint64_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_uint64_or_reducescatter_on_stream(shoal_team_t team, uint64_t* dest,
                                            const uint64_t* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_size_or_reduce_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                   size_t nreduce, cudaStream_t stream);
int shoal_size_or_reducescatter_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                          size_t nreduce, cudaStream_t stream);
int shoal_uchar_xor_reduce_on_stream(shoal_team_t team, unsigned char* dest,
                                     const unsigned char* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_uchar_xor_reducescatter_on_stream(shoal_team_t team, unsigned char* dest,
                                            const unsigned char* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_ushort_xor_reduce_on_stream(shoal_team_t team, unsigned short* dest,
                                      const unsigned short* source, size_t nreduce,
                                      cudaStream_t stream);
int shoal_ushort_xor_reducescatter_on_stream(shoal_team_t team, unsigned short* dest,
                                             const unsigned short* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint_xor_reduce_on_stream(shoal_team_t team, unsigned int* dest,
                                    const unsigned int* source, size_t nreduce,
                                    cudaStream_t stream);
int shoal_uint_xor_reducescatter_on_stream(shoal_team_t team, unsigned int* dest,
                                           const unsigned int* source, size_t nreduce,
                                           cudaStream_t stream);
int shoal_ulong_xor_reduce_on_stream(shoal_team_t team, unsigned long* dest,
                                     const unsigned long* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_ulong_xor_reducescatter_on_stream(shoal_team_t team, unsigned long* dest,
                                            const unsigned long* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_ulonglong_xor_reduce_on_stream(shoal_team_t team, unsigned long long* dest,
                                         const unsigned long long* source, size_t nreduce,
                                         cudaStream_t stream);
int shoal_ulonglong_xor_reducescatter_on_stream(shoal_team_t team, unsigned long long* dest,
                                                const unsigned long long* source, size_t nreduce,
                                                cudaStream_t stream);
int shoal_int8_xor_reduce_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_int8_xor_reducescatter_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_int16_xor_reduce_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int16_xor_reducescatter_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_int32_xor_reduce_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int32_xor_reducescatter_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_int64_xor_reduce_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int64_xor_reducescatter_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_uint8_xor_reduce_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_uint8_xor_reducescatter_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_uint16_xor_reduce_on_stream(shoal_team_t team, uint16_t* dest, const uint16_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint16_xor_reducescatter_on_stream(shoal_team_t team, uint16_t* dest,
                                             const uint16_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint32_xor_reduce_on_stream(shoal_team_t team, uint32_t* dest, const uint32_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint32_xor_reducescatter_on_stream(shoal_team_t team, uint32_t* dest,
                                             const uint32_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint64_xor_reduce_on_stream(shoal_team_t team, uint64_t* dest, const uint64_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint64_xor_reducescatter_on_stream(shoal_team_t team, uint64_t* dest,
                                             const uint64_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_size_xor_reduce_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_size_xor_reducescatter_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                           size_t nreduce, cudaStream_t stream);
#ifdef __cplusplus /* bfloat16 and half are CUDA C++ types */
int shoal_bfloat16_min_reduce_on_stream(shoal_team_t team, __nv_bfloat16* dest,
                                        const __nv_bfloat16* source, size_t nreduce,
                                        cudaStream_t stream);
int shoal_bfloat16_min_reducescatter_on_stream(shoal_team_t team, __nv_bfloat16* dest,
                                               const __nv_bfloat16* source, size_t nreduce,
                                               cudaStream_t stream);
int shoal_half_min_reduce_on_stream(shoal_team_t team, __half* dest, const __half* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_half_min_reducescatter_on_stream(shoal_team_t team, __half* dest, const __half* source,
                                           size_t nreduce, cudaStream_t stream);
#endif
int shoal_char_min_reduce_on_stream(shoal_team_t team, char* dest, const char* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_char_min_reducescatter_on_stream(shoal_team_t team, char* dest, const char* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_schar_min_reduce_on_stream(shoal_team_t team, signed char* dest,
                                     const signed char* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_schar_min_reducescatter_on_stream(shoal_team_t team, signed char* dest,
                                            const signed char* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_short_min_reduce_on_stream(shoal_team_t team, short* dest, const short* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_short_min_reducescatter_on_stream(shoal_team_t team, short* dest, const short* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_int_min_reduce_on_stream(shoal_team_t team, int* dest, const int* source, size_t nreduce,
                                   cudaStream_t stream);
int shoal_int_min_reducescatter_on_stream(shoal_team_t team, int* dest, const int* source,
                                          size_t nreduce, cudaStream_t stream);
int shoal_long_min_reduce_on_stream(shoal_team_t team, long* dest, const long* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_long_min_reducescatter_on_stream(shoal_team_t team, long* dest, const long* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_longlong_min_reduce_on_stream(shoal_team_t team, long long* dest, const long long* source,
                                        size_t nreduce, cudaStream_t stream);
int shoal_longlong_min_reducescatter_on_stream(shoal_team_t team, long long* dest,
                                               const long long* source, size_t nreduce,
                                               cudaStream_t stream);
int shoal_ptrdiff_min_reduce_on_stream(shoal_team_t team, ptrdiff_t* dest, const ptrdiff_t* source,
                                       size_t nreduce, cudaStream_t stream);
int shoal_ptrdiff_min_reducescatter_on_stream(shoal_team_t team, ptrdiff_t* dest,
                                              const ptrdiff_t* source, size_t nreduce,
                                              cudaStream_t stream);
int shoal_uchar_min_reduce_on_stream(shoal_team_t team, unsigned char* dest,
                                     const unsigned char* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_uchar_min_reducescatter_on_stream(shoal_team_t team, unsigned char* dest,
                                            const unsigned char* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_ushort_min_reduce_on_stream(shoal_team_t team, unsigned short* dest,
                                      const unsigned short* source, size_t nreduce,
                                      cudaStream_t stream);
int shoal_ushort_min_reducescatter_on_stream(shoal_team_t team, unsigned short* dest,
                                             const unsigned short* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint_min_reduce_on_stream(shoal_team_t team, unsigned int* dest,
                                    const unsigned int* source, size_t nreduce,
                                    cudaStream_t stream);
int shoal_uint_min_reducescatter_on_stream(shoal_team_t team, unsigned int* dest,
                                           const unsigned int* source, size_t nreduce,
                                           cudaStream_t stream);
int shoal_ulong_min_reduce_on_stream(shoal_team_t team, unsigned long* dest,
                                     const unsigned long* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_ulong_min_reducescatter_on_stream(shoal_team_t team, unsigned long* dest,
                                            const unsigned long* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_ulonglong_min_reduce_on_stream(shoal_team_t team, unsigned long long* dest,
                                         const unsigned long long* source, size_t nreduce,
                                         cudaStream_t stream);
int shoal_ulonglong_min_reducescatter_on_stream(shoal_team_t team, unsigned long long* dest,
                                                const unsigned long long* source, size_t nreduce,
                                                cudaStream_t stream);
int shoal_int8_min_reduce_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_int8_min_reducescatter_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_int16_min_reduce_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int16_min_reducescatter_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_int32_min_reduce_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int32_min_reducescatter_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_int64_min_reduce_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int64_min_reducescatter_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_uint8_min_reduce_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_uint8_min_reducescatter_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_uint16_min_reduce_on_stream(shoal_team_t team, uint16_t* dest, const uint16_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint16_min_reducescatter_on_stream(shoal_team_t team, uint16_t* dest,
                                             const uint16_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint32_min_reduce_on_stream(shoal_team_t team, uint32_t* dest, const uint32_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint32_min_reducescatter_on_stream(shoal_team_t team, uint32_t* dest,
                                             const uint32_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint64_min_reduce_on_stream(shoal_team_t team, uint64_t* dest, const uint64_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint64_min_reducescatter_on_stream(shoal_team_t team, uint64_t* dest,
                                             const uint64_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_size_min_reduce_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_size_min_reducescatter_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_float_min_reduce_on_stream(shoal_team_t team, float* dest, const float* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_float_min_reducescatter_on_stream(shoal_team_t team, float* dest, const float* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_double_min_reduce_on_stream(shoal_team_t team, double* dest, const double* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_double_min_reducescatter_on_stream(shoal_team_t team, double* dest, const double* source,
                                             size_t nreduce, cudaStream_t stream);
#ifdef __cplusplus /* bfloat16 and half are CUDA C++ types */
int shoal_bfloat16_max_reduce_on_stream(shoal_team_t team, __nv_bfloat16* dest,
                                        const __nv_bfloat16* source, size_t nreduce,
                                        cudaStream_t stream);
int shoal_bfloat16_max_reducescatter_on_stream(shoal_team_t team, __nv_bfloat16* dest,
                                               const __nv_bfloat16* source, size_t nreduce,
                                               cudaStream_t stream);
int shoal_half_max_reduce_on_stream(shoal_team_t team, __half* dest, const __half* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_half_max_reducescatter_on_stream(shoal_team_t team, __half* dest, const __half* source,
                                           size_t nreduce, cudaStream_t stream);
#endif
int shoal_char_max_reduce_on_stream(shoal_team_t team, char* dest, const char* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_char_max_reducescatter_on_stream(shoal_team_t team, char* dest, const char* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_schar_max_reduce_on_stream(shoal_team_t team, signed char* dest,
                                     const signed char* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_schar_max_reducescatter_on_stream(shoal_team_t team, signed char* dest,
                                            const signed char* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_short_max_reduce_on_stream(shoal_team_t team, short* dest, const short* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_short_max_reducescatter_on_stream(shoal_team_t team, short* dest, const short* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_int_max_reduce_on_stream(shoal_team_t team, int* dest, const int* source, size_t nreduce,
                                   cudaStream_t stream);
int shoal_int_max_reducescatter_on_stream(shoal_team_t team, int* dest, const int* source,
                                          size_t nreduce, cudaStream_t stream);
int shoal_long_max_reduce_on_stream(shoal_team_t team, long* dest, const long* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_long_max_reducescatter_on_stream(shoal_team_t team, long* dest, const long* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_longlong_max_reduce_on_stream(shoal_team_t team, long long* dest, const long long* source,
                                        size_t nreduce, cudaStream_t stream);
int shoal_longlong_max_reducescatter_on_stream(shoal_team_t team, long long* dest,
                                               const long long* source, size_t nreduce,
                                               cudaStream_t stream);
int shoal_ptrdiff_max_reduce_on_stream(shoal_team_t team, ptrdiff_t* dest, const ptrdiff_t* source,
                                       size_t nreduce, cudaStream_t stream);
int shoal_ptrdiff_max_reducescatter_on_stream(shoal_team_t team, ptrdiff_t* dest,
                                              const ptrdiff_t* source, size_t nreduce,
                                              cudaStream_t stream);
int shoal_uchar_max_reduce_on_stream(shoal_team_t team, unsigned char* dest,
                                     const unsigned char* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_uchar_max_reducescatter_on_stream(shoal_team_t team, unsigned char* dest,
                                            const unsigned char* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_ushort_max_reduce_on_stream(shoal_team_t team, unsigned short* dest,
                                      const unsigned short* source, size_t nreduce,
                                      cudaStream_t stream);
int shoal_ushort_max_reducescatter_on_stream(shoal_team_t team, unsigned short* dest,
                                             const unsigned short* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint_max_reduce_on_stream(shoal_team_t team, unsigned int* dest,
                                    const unsigned int* source, size_t nreduce,
                                    cudaStream_t stream);
int shoal_uint_max_reducescatter_on_stream(shoal_team_t team, unsigned int* dest,
                                           const unsigned int* source, size_t nreduce,
                                           cudaStream_t stream);
int shoal_ulong_max_reduce_on_stream(shoal_team_t team, unsigned long* dest,
                                     const unsigned long* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_ulong_max_reducescatter_on_stream(shoal_team_t team, unsigned long* dest,
                                            const unsigned long* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_ulonglong_max_reduce_on_stream(shoal_team_t team, unsigned long long* dest,
                                         const unsigned long long* source, size_t nreduce,
                                         cudaStream_t stream);
int shoal_ulonglong_max_reducescatter_on_stream(shoal_team_t team, unsigned long long* dest,
                                                const unsigned long long* source, size_t nreduce,
                                                cudaStream_t stream);
int shoal_int8_max_reduce_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_int8_max_reducescatter_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_int16_max_reduce_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int16_max_reducescatter_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_int32_max_reduce_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int32_max_reducescatter_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_int64_max_reduce_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int64_max_reducescatter_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_uint8_max_reduce_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_uint8_max_reducescatter_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_uint16_max_reduce_on_stream(shoal_team_t team, uint16_t* dest, const uint16_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint16_max_reducescatter_on_stream(shoal_team_t team, uint16_t* dest,
                                             const uint16_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint32_max_reduce_on_stream(shoal_team_t team, uint32_t* dest, const uint32_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint32_max_reducescatter_on_stream(shoal_team_t team, uint32_t* dest,
                                             const uint32_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint64_max_reduce_on_stream(shoal_team_t team, uint64_t* dest, const uint64_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint64_max_reducescatter_on_stream(shoal_team_t team, uint64_t* dest,
                                             const uint64_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_size_max_reduce_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_size_max_reducescatter_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_float_max_reduce_on_stream(shoal_team_t team, float* dest, const float* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_float_max_reducescatter_on_stream(shoal_team_t team, float* dest, const float* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_double_max_reduce_on_stream(shoal_team_t team, double* dest, const double* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_double_max_reducescatter_on_stream(shoal_team_t team, double* dest, const double* source,
                                             size_t nreduce, cudaStream_t stream);
#ifdef __cplusplus /* bfloat16 and half are CUDA C++ types */
int shoal_bfloat16_sum_reduce_on_stream(shoal_team_t team, __nv_bfloat16* dest,
                                        const __nv_bfloat16* source, size_t nreduce,
                                        cudaStream_t stream);
int shoal_bfloat16_sum_reducescatter_on_stream(shoal_team_t team, __nv_bfloat16* dest,
                                               const __nv_bfloat16* source, size_t nreduce,
                                               cudaStream_t stream);
int shoal_half_sum_reduce_on_stream(shoal_team_t team, __half* dest, const __half* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_half_sum_reducescatter_on_stream(shoal_team_t team, __half* dest, const __half* source,
                                           size_t nreduce, cudaStream_t stream);
#endif
int shoal_char_sum_reduce_on_stream(shoal_team_t team, char* dest, const char* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_char_sum_reducescatter_on_stream(shoal_team_t team, char* dest, const char* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_schar_sum_reduce_on_stream(shoal_team_t team, signed char* dest,
                                     const signed char* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_schar_sum_reducescatter_on_stream(shoal_team_t team, signed char* dest,
                                            const signed char* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_short_sum_reduce_on_stream(shoal_team_t team, short* dest, const short* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_short_sum_reducescatter_on_stream(shoal_team_t team, short* dest, const short* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_int_sum_reduce_on_stream(shoal_team_t team, int* dest, const int* source, size_t nreduce,
                                   cudaStream_t stream);
int shoal_int_sum_reducescatter_on_stream(shoal_team_t team, int* dest, const int* source,
                                          size_t nreduce, cudaStream_t stream);
int shoal_long_sum_reduce_on_stream(shoal_team_t team, long* dest, const long* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_long_sum_reducescatter_on_stream(shoal_team_t team, long* dest, const long* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_longlong_sum_reduce_on_stream(shoal_team_t team, long long* dest, const long long* source,
                                        size_t nreduce, cudaStream_t stream);
int shoal_longlong_sum_reducescatter_on_stream(shoal_team_t team, long long* dest,
                                               const long long* source, size_t nreduce,
                                               cudaStream_t stream);
int shoal_ptrdiff_sum_reduce_on_stream(shoal_team_t team, ptrdiff_t* dest, const ptrdiff_t* source,
                                       size_t nreduce, cudaStream_t stream);
int shoal_ptrdiff_sum_reducescatter_on_stream(shoal_team_t team, ptrdiff_t* dest,
                                              const ptrdiff_t* source, size_t nreduce,
                                              cudaStream_t stream);
int shoal_uchar_sum_reduce_on_stream(shoal_team_t team, unsigned char* dest,
                                     const unsigned char* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_uchar_sum_reducescatter_on_stream(shoal_team_t team, unsigned char* dest,
                                            const unsigned char* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_ushort_sum_reduce_on_stream(shoal_team_t team, unsigned short* dest,
                                      const unsigned short* source, size_t nreduce,
                                      cudaStream_t stream);
int shoal_ushort_sum_reducescatter_on_stream(shoal_team_t team, unsigned short* dest,
                                             const unsigned short* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint_sum_reduce_on_stream(shoal_team_t team, unsigned int* dest,
                                    const unsigned int* source, size_t nreduce,
                                    cudaStream_t stream);
int shoal_uint_sum_reducescatter_on_stream(shoal_team_t team, unsigned int* dest,
                                           const unsigned int* source, size_t nreduce,
                                           cudaStream_t stream);
int shoal_ulong_sum_reduce_on_stream(shoal_team_t team, unsigned long* dest,
                                     const unsigned long* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_ulong_sum_reducescatter_on_stream(shoal_team_t team, unsigned long* dest,
                                            const unsigned long* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_ulonglong_sum_reduce_on_stream(shoal_team_t team, unsigned long long* dest,
                                         const unsigned long long* source, size_t nreduce,
                                         cudaStream_t stream);
int shoal_ulonglong_sum_reducescatter_on_stream(shoal_team_t team, unsigned long long* dest,
                                                const unsigned long long* source, size_t nreduce,
                                                cudaStream_t stream);
int shoal_int8_sum_reduce_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_int8_sum_reducescatter_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_int16_sum_reduce_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int16_sum_reducescatter_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_int32_sum_reduce_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int32_sum_reducescatter_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_int64_sum_reduce_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int64_sum_reducescatter_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_uint8_sum_reduce_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_uint8_sum_reducescatter_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_uint16_sum_reduce_on_stream(shoal_team_t team, uint16_t* dest, const uint16_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint16_sum_reducescatter_on_stream(shoal_team_t team, uint16_t* dest,
                                             const uint16_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint32_sum_reduce_on_stream(shoal_team_t team, uint32_t* dest, const uint32_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint32_sum_reducescatter_on_stream(shoal_team_t team, uint32_t* dest,
                                             const uint32_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint64_sum_reduce_on_stream(shoal_team_t team, uint64_t* dest, const uint64_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint64_sum_reducescatter_on_stream(shoal_team_t team, uint64_t* dest,
                                             const uint64_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_size_sum_reduce_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                    size_t nreduce, cudaStream_t stream);
int shoal_size_sum_reducescatter_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_float_sum_reduce_on_stream(shoal_team_t team, float* dest, const float* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_float_sum_reducescatter_on_stream(shoal_team_t team, float* dest, const float* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_double_sum_reduce_on_stream(shoal_team_t team, double* dest, const double* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_double_sum_reducescatter_on_stream(shoal_team_t team, double* dest, const double* source,
                                             size_t nreduce, cudaStream_t stream);
#ifdef __cplusplus /* bfloat16 and half are CUDA C++ types */
int shoal_bfloat16_prod_reduce_on_stream(shoal_team_t team, __nv_bfloat16* dest,
                                         const __nv_bfloat16* source, size_t nreduce,
                                         cudaStream_t stream);
int shoal_bfloat16_prod_reducescatter_on_stream(shoal_team_t team, __nv_bfloat16* dest,
                                                const __nv_bfloat16* source, size_t nreduce,
                                                cudaStream_t stream);
int shoal_half_prod_reduce_on_stream(shoal_team_t team, __half* dest, const __half* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_half_prod_reducescatter_on_stream(shoal_team_t team, __half* dest, const __half* source,
                                            size_t nreduce, cudaStream_t stream);
#endif
int shoal_char_prod_reduce_on_stream(shoal_team_t team, char* dest, const char* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_char_prod_reducescatter_on_stream(shoal_team_t team, char* dest, const char* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_schar_prod_reduce_on_stream(shoal_team_t team, signed char* dest,
                                      const signed char* source, size_t nreduce,
                                      cudaStream_t stream);
int shoal_schar_prod_reducescatter_on_stream(shoal_team_t team, signed char* dest,
                                             const signed char* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_short_prod_reduce_on_stream(shoal_team_t team, short* dest, const short* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_short_prod_reducescatter_on_stream(shoal_team_t team, short* dest, const short* source,
                                             size_t nreduce, cudaStream_t stream);
int shoal_int_prod_reduce_on_stream(shoal_team_t team, int* dest, const int* source, size_t nreduce,
                                    cudaStream_t stream);
int shoal_int_prod_reducescatter_on_stream(shoal_team_t team, int* dest, const int* source,
                                           size_t nreduce, cudaStream_t stream);
int shoal_long_prod_reduce_on_stream(shoal_team_t team, long* dest, const long* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_long_prod_reducescatter_on_stream(shoal_team_t team, long* dest, const long* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_longlong_prod_reduce_on_stream(shoal_team_t team, long long* dest,
                                         const long long* source, size_t nreduce,
                                         cudaStream_t stream);
int shoal_longlong_prod_reducescatter_on_stream(shoal_team_t team, long long* dest,
                                                const long long* source, size_t nreduce,
                                                cudaStream_t stream);
int shoal_ptrdiff_prod_reduce_on_stream(shoal_team_t team, ptrdiff_t* dest, const ptrdiff_t* source,
                                        size_t nreduce, cudaStream_t stream);
int shoal_ptrdiff_prod_reducescatter_on_stream(shoal_team_t team, ptrdiff_t* dest,
                                               const ptrdiff_t* source, size_t nreduce,
                                               cudaStream_t stream);
int shoal_uchar_prod_reduce_on_stream(shoal_team_t team, unsigned char* dest,
                                      const unsigned char* source, size_t nreduce,
                                      cudaStream_t stream);
int shoal_uchar_prod_reducescatter_on_stream(shoal_team_t team, unsigned char* dest,
                                             const unsigned char* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_ushort_prod_reduce_on_stream(shoal_team_t team, unsigned short* dest,
                                       const unsigned short* source, size_t nreduce,
                                       cudaStream_t stream);
int shoal_ushort_prod_reducescatter_on_stream(shoal_team_t team, unsigned short* dest,
                                              const unsigned short* source, size_t nreduce,
                                              cudaStream_t stream);
int shoal_uint_prod_reduce_on_stream(shoal_team_t team, unsigned int* dest,
                                     const unsigned int* source, size_t nreduce,
                                     cudaStream_t stream);
int shoal_uint_prod_reducescatter_on_stream(shoal_team_t team, unsigned int* dest,
                                            const unsigned int* source, size_t nreduce,
                                            cudaStream_t stream);
int shoal_ulong_prod_reduce_on_stream(shoal_team_t team, unsigned long* dest,
                                      const unsigned long* source, size_t nreduce,
                                      cudaStream_t stream);
int shoal_ulong_prod_reducescatter_on_stream(shoal_team_t team, unsigned long* dest,
                                             const unsigned long* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_ulonglong_prod_reduce_on_stream(shoal_team_t team, unsigned long long* dest,
                                          const unsigned long long* source, size_t nreduce,
                                          cudaStream_t stream);
int shoal_ulonglong_prod_reducescatter_on_stream(shoal_team_t team, unsigned long long* dest,
                                                 const unsigned long long* source, size_t nreduce,
                                                 cudaStream_t stream);
int shoal_int8_prod_reduce_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_int8_prod_reducescatter_on_stream(shoal_team_t team, int8_t* dest, const int8_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_int16_prod_reduce_on_stream(shoal_team_t team, int16_t* dest, const int16_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_int16_prod_reducescatter_on_stream(shoal_team_t team, int16_t* dest,
                                             const int16_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_int32_prod_reduce_on_stream(shoal_team_t team, int32_t* dest, const int32_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_int32_prod_reducescatter_on_stream(shoal_team_t team, int32_t* dest,
                                             const int32_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_int64_prod_reduce_on_stream(shoal_team_t team, int64_t* dest, const int64_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_int64_prod_reducescatter_on_stream(shoal_team_t team, int64_t* dest,
                                             const int64_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint8_prod_reduce_on_stream(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_uint8_prod_reducescatter_on_stream(shoal_team_t team, uint8_t* dest,
                                             const uint8_t* source, size_t nreduce,
                                             cudaStream_t stream);
int shoal_uint16_prod_reduce_on_stream(shoal_team_t team, uint16_t* dest, const uint16_t* source,
                                       size_t nreduce, cudaStream_t stream);
int shoal_uint16_prod_reducescatter_on_stream(shoal_team_t team, uint16_t* dest,
                                              const uint16_t* source, size_t nreduce,
                                              cudaStream_t stream);
int shoal_uint32_prod_reduce_on_stream(shoal_team_t team, uint32_t* dest, const uint32_t* source,
                                       size_t nreduce, cudaStream_t stream);
int shoal_uint32_prod_reducescatter_on_stream(shoal_team_t team, uint32_t* dest,
                                              const uint32_t* source, size_t nreduce,
                                              cudaStream_t stream);
int shoal_uint64_prod_reduce_on_stream(shoal_team_t team, uint64_t* dest, const uint64_t* source,
                                       size_t nreduce, cudaStream_t stream);
int shoal_uint64_prod_reducescatter_on_stream(shoal_team_t team, uint64_t* dest,
                                              const uint64_t* source, size_t nreduce,
                                              cudaStream_t stream);
int shoal_size_prod_reduce_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                     size_t nreduce, cudaStream_t stream);
int shoal_size_prod_reducescatter_on_stream(shoal_team_t team, size_t* dest, const size_t* source,
                                            size_t nreduce, cudaStream_t stream);
int shoal_float_prod_reduce_on_stream(shoal_team_t team, float* dest, const float* source,
                                      size_t nreduce, cudaStream_t stream);
int shoal_float_prod_reducescatter_on_stream(shoal_team_t team, float* dest, const float* source,
                                             size_t nreduce, cudaStream_t stream);
int shoal_double_prod_reduce_on_stream(shoal_team_t team, double* dest, const double* source,
                                       size_t nreduce, cudaStream_t stream);
int shoal_double_prod_reducescatter_on_stream(shoal_team_t team, double* dest, const double* source,
                                              size_t nreduce, cudaStream_t stream);
/* END tools/gen-api: coll_on_stream */

#ifdef __cplusplus
}
#endif

#endif /* SHOAL_COLL_ON_STREAM_H */
