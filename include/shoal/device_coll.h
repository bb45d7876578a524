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

/* BEGIN tools/gen-api: device_coll (generated from its table: do not edit; the
 * implementation: shoal/device/coll_entry.cuh) */
SHOAL_DEVICE_FN int shoal_broadcastmem(shoal_team_t team, void* dest, const void* source,
                                       size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_fcollectmem(shoal_team_t team, void* dest, const void* source,
                                      size_t nelems);
SHOAL_DEVICE_FN int shoal_alltoallmem(shoal_team_t team, void* dest, const void* source,
                                      size_t nelems);
SHOAL_DEVICE_FN int shoal_broadcastmem_warp(shoal_team_t team, void* dest, const void* source,
                                            size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_fcollectmem_warp(shoal_team_t team, void* dest, const void* source,
                                           size_t nelems);
SHOAL_DEVICE_FN int shoal_alltoallmem_warp(shoal_team_t team, void* dest, const void* source,
                                           size_t nelems);
SHOAL_DEVICE_FN int shoal_broadcastmem_block(shoal_team_t team, void* dest, const void* source,
                                             size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_fcollectmem_block(shoal_team_t team, void* dest, const void* source,
                                            size_t nelems);
SHOAL_DEVICE_FN int shoal_alltoallmem_block(shoal_team_t team, void* dest, const void* source,
                                            size_t nelems);
#ifdef __cplusplus /* bfloat16 and half are CUDA C++ types */
SHOAL_DEVICE_FN int shoal_bfloat16_broadcast(shoal_team_t team, __nv_bfloat16* dest,
                                             const __nv_bfloat16* source, size_t nelems,
                                             int PE_root);
SHOAL_DEVICE_FN int shoal_bfloat16_fcollect(shoal_team_t team, __nv_bfloat16* dest,
                                            const __nv_bfloat16* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_bfloat16_alltoall(shoal_team_t team, __nv_bfloat16* dest,
                                            const __nv_bfloat16* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_bfloat16_broadcast_warp(shoal_team_t team, __nv_bfloat16* dest,
                                                  const __nv_bfloat16* source, size_t nelems,
                                                  int PE_root);
SHOAL_DEVICE_FN int shoal_bfloat16_fcollect_warp(shoal_team_t team, __nv_bfloat16* dest,
                                                 const __nv_bfloat16* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_bfloat16_alltoall_warp(shoal_team_t team, __nv_bfloat16* dest,
                                                 const __nv_bfloat16* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_bfloat16_broadcast_block(shoal_team_t team, __nv_bfloat16* dest,
                                                   const __nv_bfloat16* source, size_t nelems,
                                                   int PE_root);
SHOAL_DEVICE_FN int shoal_bfloat16_fcollect_block(shoal_team_t team, __nv_bfloat16* dest,
                                                  const __nv_bfloat16* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_bfloat16_alltoall_block(shoal_team_t team, __nv_bfloat16* dest,
                                                  const __nv_bfloat16* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_half_broadcast(shoal_team_t team, __half* dest, const __half* source,
                                         size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_half_fcollect(shoal_team_t team, __half* dest, const __half* source,
                                        size_t nelems);
SHOAL_DEVICE_FN int shoal_half_alltoall(shoal_team_t team, __half* dest, const __half* source,
                                        size_t nelems);
SHOAL_DEVICE_FN int shoal_half_broadcast_warp(shoal_team_t team, __half* dest, const __half* source,
                                              size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_half_fcollect_warp(shoal_team_t team, __half* dest, const __half* source,
                                             size_t nelems);
SHOAL_DEVICE_FN int shoal_half_alltoall_warp(shoal_team_t team, __half* dest, const __half* source,
                                             size_t nelems);
SHOAL_DEVICE_FN int shoal_half_broadcast_block(shoal_team_t team, __half* dest,
                                               const __half* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_half_fcollect_block(shoal_team_t team, __half* dest, const __half* source,
                                              size_t nelems);
SHOAL_DEVICE_FN int shoal_half_alltoall_block(shoal_team_t team, __half* dest, const __half* source,
                                              size_t nelems);
#endif
SHOAL_DEVICE_FN int shoal_float_broadcast(shoal_team_t team, float* dest, const float* source,
                                          size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_float_fcollect(shoal_team_t team, float* dest, const float* source,
                                         size_t nelems);
SHOAL_DEVICE_FN int shoal_float_alltoall(shoal_team_t team, float* dest, const float* source,
                                         size_t nelems);
SHOAL_DEVICE_FN int shoal_float_broadcast_warp(shoal_team_t team, float* dest, const float* source,
                                               size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_float_fcollect_warp(shoal_team_t team, float* dest, const float* source,
                                              size_t nelems);
SHOAL_DEVICE_FN int shoal_float_alltoall_warp(shoal_team_t team, float* dest, const float* source,
                                              size_t nelems);
SHOAL_DEVICE_FN int shoal_float_broadcast_block(shoal_team_t team, float* dest, const float* source,
                                                size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_float_fcollect_block(shoal_team_t team, float* dest, const float* source,
                                               size_t nelems);
SHOAL_DEVICE_FN int shoal_float_alltoall_block(shoal_team_t team, float* dest, const float* source,
                                               size_t nelems);
SHOAL_DEVICE_FN int shoal_double_broadcast(shoal_team_t team, double* dest, const double* source,
                                           size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_double_fcollect(shoal_team_t team, double* dest, const double* source,
                                          size_t nelems);
SHOAL_DEVICE_FN int shoal_double_alltoall(shoal_team_t team, double* dest, const double* source,
                                          size_t nelems);
SHOAL_DEVICE_FN int shoal_double_broadcast_warp(shoal_team_t team, double* dest,
                                                const double* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_double_fcollect_warp(shoal_team_t team, double* dest,
                                               const double* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_double_alltoall_warp(shoal_team_t team, double* dest,
                                               const double* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_double_broadcast_block(shoal_team_t team, double* dest,
                                                 const double* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_double_fcollect_block(shoal_team_t team, double* dest,
                                                const double* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_double_alltoall_block(shoal_team_t team, double* dest,
                                                const double* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_char_broadcast(shoal_team_t team, char* dest, const char* source,
                                         size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_char_fcollect(shoal_team_t team, char* dest, const char* source,
                                        size_t nelems);
SHOAL_DEVICE_FN int shoal_char_alltoall(shoal_team_t team, char* dest, const char* source,
                                        size_t nelems);
SHOAL_DEVICE_FN int shoal_char_broadcast_warp(shoal_team_t team, char* dest, const char* source,
                                              size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_char_fcollect_warp(shoal_team_t team, char* dest, const char* source,
                                             size_t nelems);
SHOAL_DEVICE_FN int shoal_char_alltoall_warp(shoal_team_t team, char* dest, const char* source,
                                             size_t nelems);
SHOAL_DEVICE_FN int shoal_char_broadcast_block(shoal_team_t team, char* dest, const char* source,
                                               size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_char_fcollect_block(shoal_team_t team, char* dest, const char* source,
                                              size_t nelems);
SHOAL_DEVICE_FN int shoal_char_alltoall_block(shoal_team_t team, char* dest, const char* source,
                                              size_t nelems);
SHOAL_DEVICE_FN int shoal_short_broadcast(shoal_team_t team, short* dest, const short* source,
                                          size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_short_fcollect(shoal_team_t team, short* dest, const short* source,
                                         size_t nelems);
SHOAL_DEVICE_FN int shoal_short_alltoall(shoal_team_t team, short* dest, const short* source,
                                         size_t nelems);
SHOAL_DEVICE_FN int shoal_short_broadcast_warp(shoal_team_t team, short* dest, const short* source,
                                               size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_short_fcollect_warp(shoal_team_t team, short* dest, const short* source,
                                              size_t nelems);
SHOAL_DEVICE_FN int shoal_short_alltoall_warp(shoal_team_t team, short* dest, const short* source,
                                              size_t nelems);
SHOAL_DEVICE_FN int shoal_short_broadcast_block(shoal_team_t team, short* dest, const short* source,
                                                size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_short_fcollect_block(shoal_team_t team, short* dest, const short* source,
                                               size_t nelems);
SHOAL_DEVICE_FN int shoal_short_alltoall_block(shoal_team_t team, short* dest, const short* source,
                                               size_t nelems);
SHOAL_DEVICE_FN int shoal_schar_broadcast(shoal_team_t team, signed char* dest,
                                          const signed char* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_schar_fcollect(shoal_team_t team, signed char* dest,
                                         const signed char* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_schar_alltoall(shoal_team_t team, signed char* dest,
                                         const signed char* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_schar_broadcast_warp(shoal_team_t team, signed char* dest,
                                               const signed char* source, size_t nelems,
                                               int PE_root);
SHOAL_DEVICE_FN int shoal_schar_fcollect_warp(shoal_team_t team, signed char* dest,
                                              const signed char* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_schar_alltoall_warp(shoal_team_t team, signed char* dest,
                                              const signed char* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_schar_broadcast_block(shoal_team_t team, signed char* dest,
                                                const signed char* source, size_t nelems,
                                                int PE_root);
SHOAL_DEVICE_FN int shoal_schar_fcollect_block(shoal_team_t team, signed char* dest,
                                               const signed char* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_schar_alltoall_block(shoal_team_t team, signed char* dest,
                                               const signed char* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_int_broadcast(shoal_team_t team, int* dest, const int* source,
                                        size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int_fcollect(shoal_team_t team, int* dest, const int* source,
                                       size_t nelems);
SHOAL_DEVICE_FN int shoal_int_alltoall(shoal_team_t team, int* dest, const int* source,
                                       size_t nelems);
SHOAL_DEVICE_FN int shoal_int_broadcast_warp(shoal_team_t team, int* dest, const int* source,
                                             size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int_fcollect_warp(shoal_team_t team, int* dest, const int* source,
                                            size_t nelems);
SHOAL_DEVICE_FN int shoal_int_alltoall_warp(shoal_team_t team, int* dest, const int* source,
                                            size_t nelems);
SHOAL_DEVICE_FN int shoal_int_broadcast_block(shoal_team_t team, int* dest, const int* source,
                                              size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int_fcollect_block(shoal_team_t team, int* dest, const int* source,
                                             size_t nelems);
SHOAL_DEVICE_FN int shoal_int_alltoall_block(shoal_team_t team, int* dest, const int* source,
                                             size_t nelems);
SHOAL_DEVICE_FN int shoal_long_broadcast(shoal_team_t team, long* dest, const long* source,
                                         size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_long_fcollect(shoal_team_t team, long* dest, const long* source,
                                        size_t nelems);
SHOAL_DEVICE_FN int shoal_long_alltoall(shoal_team_t team, long* dest, const long* source,
                                        size_t nelems);
SHOAL_DEVICE_FN int shoal_long_broadcast_warp(shoal_team_t team, long* dest, const long* source,
                                              size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_long_fcollect_warp(shoal_team_t team, long* dest, const long* source,
                                             size_t nelems);
SHOAL_DEVICE_FN int shoal_long_alltoall_warp(shoal_team_t team, long* dest, const long* source,
                                             size_t nelems);
SHOAL_DEVICE_FN int shoal_long_broadcast_block(shoal_team_t team, long* dest, const long* source,
                                               size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_long_fcollect_block(shoal_team_t team, long* dest, const long* source,
                                              size_t nelems);
SHOAL_DEVICE_FN int shoal_long_alltoall_block(shoal_team_t team, long* dest, const long* source,
                                              size_t nelems);
SHOAL_DEVICE_FN int shoal_longlong_broadcast(shoal_team_t team, long long* dest,
                                             const long long* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_longlong_fcollect(shoal_team_t team, long long* dest,
                                            const long long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_longlong_alltoall(shoal_team_t team, long long* dest,
                                            const long long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_longlong_broadcast_warp(shoal_team_t team, long long* dest,
                                                  const long long* source, size_t nelems,
                                                  int PE_root);
SHOAL_DEVICE_FN int shoal_longlong_fcollect_warp(shoal_team_t team, long long* dest,
                                                 const long long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_longlong_alltoall_warp(shoal_team_t team, long long* dest,
                                                 const long long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_longlong_broadcast_block(shoal_team_t team, long long* dest,
                                                   const long long* source, size_t nelems,
                                                   int PE_root);
SHOAL_DEVICE_FN int shoal_longlong_fcollect_block(shoal_team_t team, long long* dest,
                                                  const long long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_longlong_alltoall_block(shoal_team_t team, long long* dest,
                                                  const long long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uchar_broadcast(shoal_team_t team, unsigned char* dest,
                                          const unsigned char* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_uchar_fcollect(shoal_team_t team, unsigned char* dest,
                                         const unsigned char* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uchar_alltoall(shoal_team_t team, unsigned char* dest,
                                         const unsigned char* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uchar_broadcast_warp(shoal_team_t team, unsigned char* dest,
                                               const unsigned char* source, size_t nelems,
                                               int PE_root);
SHOAL_DEVICE_FN int shoal_uchar_fcollect_warp(shoal_team_t team, unsigned char* dest,
                                              const unsigned char* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uchar_alltoall_warp(shoal_team_t team, unsigned char* dest,
                                              const unsigned char* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uchar_broadcast_block(shoal_team_t team, unsigned char* dest,
                                                const unsigned char* source, size_t nelems,
                                                int PE_root);
SHOAL_DEVICE_FN int shoal_uchar_fcollect_block(shoal_team_t team, unsigned char* dest,
                                               const unsigned char* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uchar_alltoall_block(shoal_team_t team, unsigned char* dest,
                                               const unsigned char* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ushort_broadcast(shoal_team_t team, unsigned short* dest,
                                           const unsigned short* source, size_t nelems,
                                           int PE_root);
SHOAL_DEVICE_FN int shoal_ushort_fcollect(shoal_team_t team, unsigned short* dest,
                                          const unsigned short* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ushort_alltoall(shoal_team_t team, unsigned short* dest,
                                          const unsigned short* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ushort_broadcast_warp(shoal_team_t team, unsigned short* dest,
                                                const unsigned short* source, size_t nelems,
                                                int PE_root);
SHOAL_DEVICE_FN int shoal_ushort_fcollect_warp(shoal_team_t team, unsigned short* dest,
                                               const unsigned short* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ushort_alltoall_warp(shoal_team_t team, unsigned short* dest,
                                               const unsigned short* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ushort_broadcast_block(shoal_team_t team, unsigned short* dest,
                                                 const unsigned short* source, size_t nelems,
                                                 int PE_root);
SHOAL_DEVICE_FN int shoal_ushort_fcollect_block(shoal_team_t team, unsigned short* dest,
                                                const unsigned short* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ushort_alltoall_block(shoal_team_t team, unsigned short* dest,
                                                const unsigned short* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint_broadcast(shoal_team_t team, unsigned int* dest,
                                         const unsigned int* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_uint_fcollect(shoal_team_t team, unsigned int* dest,
                                        const unsigned int* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint_alltoall(shoal_team_t team, unsigned int* dest,
                                        const unsigned int* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint_broadcast_warp(shoal_team_t team, unsigned int* dest,
                                              const unsigned int* source, size_t nelems,
                                              int PE_root);
SHOAL_DEVICE_FN int shoal_uint_fcollect_warp(shoal_team_t team, unsigned int* dest,
                                             const unsigned int* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint_alltoall_warp(shoal_team_t team, unsigned int* dest,
                                             const unsigned int* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint_broadcast_block(shoal_team_t team, unsigned int* dest,
                                               const unsigned int* source, size_t nelems,
                                               int PE_root);
SHOAL_DEVICE_FN int shoal_uint_fcollect_block(shoal_team_t team, unsigned int* dest,
                                              const unsigned int* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint_alltoall_block(shoal_team_t team, unsigned int* dest,
                                              const unsigned int* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ulong_broadcast(shoal_team_t team, unsigned long* dest,
                                          const unsigned long* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_ulong_fcollect(shoal_team_t team, unsigned long* dest,
                                         const unsigned long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ulong_alltoall(shoal_team_t team, unsigned long* dest,
                                         const unsigned long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ulong_broadcast_warp(shoal_team_t team, unsigned long* dest,
                                               const unsigned long* source, size_t nelems,
                                               int PE_root);
SHOAL_DEVICE_FN int shoal_ulong_fcollect_warp(shoal_team_t team, unsigned long* dest,
                                              const unsigned long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ulong_alltoall_warp(shoal_team_t team, unsigned long* dest,
                                              const unsigned long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ulong_broadcast_block(shoal_team_t team, unsigned long* dest,
                                                const unsigned long* source, size_t nelems,
                                                int PE_root);
SHOAL_DEVICE_FN int shoal_ulong_fcollect_block(shoal_team_t team, unsigned long* dest,
                                               const unsigned long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ulong_alltoall_block(shoal_team_t team, unsigned long* dest,
                                               const unsigned long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ulonglong_broadcast(shoal_team_t team, unsigned long long* dest,
                                              const unsigned long long* source, size_t nelems,
                                              int PE_root);
SHOAL_DEVICE_FN int shoal_ulonglong_fcollect(shoal_team_t team, unsigned long long* dest,
                                             const unsigned long long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ulonglong_alltoall(shoal_team_t team, unsigned long long* dest,
                                             const unsigned long long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ulonglong_broadcast_warp(shoal_team_t team, unsigned long long* dest,
                                                   const unsigned long long* source, size_t nelems,
                                                   int PE_root);
SHOAL_DEVICE_FN int shoal_ulonglong_fcollect_warp(shoal_team_t team, unsigned long long* dest,
                                                  const unsigned long long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ulonglong_alltoall_warp(shoal_team_t team, unsigned long long* dest,
                                                  const unsigned long long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ulonglong_broadcast_block(shoal_team_t team, unsigned long long* dest,
                                                    const unsigned long long* source, size_t nelems,
                                                    int PE_root);
SHOAL_DEVICE_FN int shoal_ulonglong_fcollect_block(shoal_team_t team, unsigned long long* dest,
                                                   const unsigned long long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ulonglong_alltoall_block(shoal_team_t team, unsigned long long* dest,
                                                   const unsigned long long* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_int8_broadcast(shoal_team_t team, int8_t* dest, const int8_t* source,
                                         size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int8_fcollect(shoal_team_t team, int8_t* dest, const int8_t* source,
                                        size_t nelems);
SHOAL_DEVICE_FN int shoal_int8_alltoall(shoal_team_t team, int8_t* dest, const int8_t* source,
                                        size_t nelems);
SHOAL_DEVICE_FN int shoal_int8_broadcast_warp(shoal_team_t team, int8_t* dest, const int8_t* source,
                                              size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int8_fcollect_warp(shoal_team_t team, int8_t* dest, const int8_t* source,
                                             size_t nelems);
SHOAL_DEVICE_FN int shoal_int8_alltoall_warp(shoal_team_t team, int8_t* dest, const int8_t* source,
                                             size_t nelems);
SHOAL_DEVICE_FN int shoal_int8_broadcast_block(shoal_team_t team, int8_t* dest,
                                               const int8_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int8_fcollect_block(shoal_team_t team, int8_t* dest, const int8_t* source,
                                              size_t nelems);
SHOAL_DEVICE_FN int shoal_int8_alltoall_block(shoal_team_t team, int8_t* dest, const int8_t* source,
                                              size_t nelems);
SHOAL_DEVICE_FN int shoal_int16_broadcast(shoal_team_t team, int16_t* dest, const int16_t* source,
                                          size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int16_fcollect(shoal_team_t team, int16_t* dest, const int16_t* source,
                                         size_t nelems);
SHOAL_DEVICE_FN int shoal_int16_alltoall(shoal_team_t team, int16_t* dest, const int16_t* source,
                                         size_t nelems);
SHOAL_DEVICE_FN int shoal_int16_broadcast_warp(shoal_team_t team, int16_t* dest,
                                               const int16_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int16_fcollect_warp(shoal_team_t team, int16_t* dest,
                                              const int16_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_int16_alltoall_warp(shoal_team_t team, int16_t* dest,
                                              const int16_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_int16_broadcast_block(shoal_team_t team, int16_t* dest,
                                                const int16_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int16_fcollect_block(shoal_team_t team, int16_t* dest,
                                               const int16_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_int16_alltoall_block(shoal_team_t team, int16_t* dest,
                                               const int16_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_int32_broadcast(shoal_team_t team, int32_t* dest, const int32_t* source,
                                          size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int32_fcollect(shoal_team_t team, int32_t* dest, const int32_t* source,
                                         size_t nelems);
SHOAL_DEVICE_FN int shoal_int32_alltoall(shoal_team_t team, int32_t* dest, const int32_t* source,
                                         size_t nelems);
SHOAL_DEVICE_FN int shoal_int32_broadcast_warp(shoal_team_t team, int32_t* dest,
                                               const int32_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int32_fcollect_warp(shoal_team_t team, int32_t* dest,
                                              const int32_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_int32_alltoall_warp(shoal_team_t team, int32_t* dest,
                                              const int32_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_int32_broadcast_block(shoal_team_t team, int32_t* dest,
                                                const int32_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int32_fcollect_block(shoal_team_t team, int32_t* dest,
                                               const int32_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_int32_alltoall_block(shoal_team_t team, int32_t* dest,
                                               const int32_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_int64_broadcast(shoal_team_t team, int64_t* dest, const int64_t* source,
                                          size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int64_fcollect(shoal_team_t team, int64_t* dest, const int64_t* source,
                                         size_t nelems);
SHOAL_DEVICE_FN int shoal_int64_alltoall(shoal_team_t team, int64_t* dest, const int64_t* source,
                                         size_t nelems);
SHOAL_DEVICE_FN int shoal_int64_broadcast_warp(shoal_team_t team, int64_t* dest,
                                               const int64_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int64_fcollect_warp(shoal_team_t team, int64_t* dest,
                                              const int64_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_int64_alltoall_warp(shoal_team_t team, int64_t* dest,
                                              const int64_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_int64_broadcast_block(shoal_team_t team, int64_t* dest,
                                                const int64_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_int64_fcollect_block(shoal_team_t team, int64_t* dest,
                                               const int64_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_int64_alltoall_block(shoal_team_t team, int64_t* dest,
                                               const int64_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint8_broadcast(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                          size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_uint8_fcollect(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                         size_t nelems);
SHOAL_DEVICE_FN int shoal_uint8_alltoall(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                         size_t nelems);
SHOAL_DEVICE_FN int shoal_uint8_broadcast_warp(shoal_team_t team, uint8_t* dest,
                                               const uint8_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_uint8_fcollect_warp(shoal_team_t team, uint8_t* dest,
                                              const uint8_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint8_alltoall_warp(shoal_team_t team, uint8_t* dest,
                                              const uint8_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint8_broadcast_block(shoal_team_t team, uint8_t* dest,
                                                const uint8_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_uint8_fcollect_block(shoal_team_t team, uint8_t* dest,
                                               const uint8_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint8_alltoall_block(shoal_team_t team, uint8_t* dest,
                                               const uint8_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint16_broadcast(shoal_team_t team, uint16_t* dest,
                                           const uint16_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_uint16_fcollect(shoal_team_t team, uint16_t* dest, const uint16_t* source,
                                          size_t nelems);
SHOAL_DEVICE_FN int shoal_uint16_alltoall(shoal_team_t team, uint16_t* dest, const uint16_t* source,
                                          size_t nelems);
SHOAL_DEVICE_FN int shoal_uint16_broadcast_warp(shoal_team_t team, uint16_t* dest,
                                                const uint16_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_uint16_fcollect_warp(shoal_team_t team, uint16_t* dest,
                                               const uint16_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint16_alltoall_warp(shoal_team_t team, uint16_t* dest,
                                               const uint16_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint16_broadcast_block(shoal_team_t team, uint16_t* dest,
                                                 const uint16_t* source, size_t nelems,
                                                 int PE_root);
SHOAL_DEVICE_FN int shoal_uint16_fcollect_block(shoal_team_t team, uint16_t* dest,
                                                const uint16_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint16_alltoall_block(shoal_team_t team, uint16_t* dest,
                                                const uint16_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint32_broadcast(shoal_team_t team, uint32_t* dest,
                                           const uint32_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_uint32_fcollect(shoal_team_t team, uint32_t* dest, const uint32_t* source,
                                          size_t nelems);
SHOAL_DEVICE_FN int shoal_uint32_alltoall(shoal_team_t team, uint32_t* dest, const uint32_t* source,
                                          size_t nelems);
SHOAL_DEVICE_FN int shoal_uint32_broadcast_warp(shoal_team_t team, uint32_t* dest,
                                                const uint32_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_uint32_fcollect_warp(shoal_team_t team, uint32_t* dest,
                                               const uint32_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint32_alltoall_warp(shoal_team_t team, uint32_t* dest,
                                               const uint32_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint32_broadcast_block(shoal_team_t team, uint32_t* dest,
                                                 const uint32_t* source, size_t nelems,
                                                 int PE_root);
SHOAL_DEVICE_FN int shoal_uint32_fcollect_block(shoal_team_t team, uint32_t* dest,
                                                const uint32_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint32_alltoall_block(shoal_team_t team, uint32_t* dest,
                                                const uint32_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint64_broadcast(shoal_team_t team, uint64_t* dest,
                                           const uint64_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_uint64_fcollect(shoal_team_t team, uint64_t* dest, const uint64_t* source,
                                          size_t nelems);
SHOAL_DEVICE_FN int shoal_uint64_alltoall(shoal_team_t team, uint64_t* dest, const uint64_t* source,
                                          size_t nelems);
SHOAL_DEVICE_FN int shoal_uint64_broadcast_warp(shoal_team_t team, uint64_t* dest,
                                                const uint64_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_uint64_fcollect_warp(shoal_team_t team, uint64_t* dest,
                                               const uint64_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint64_alltoall_warp(shoal_team_t team, uint64_t* dest,
                                               const uint64_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint64_broadcast_block(shoal_team_t team, uint64_t* dest,
                                                 const uint64_t* source, size_t nelems,
                                                 int PE_root);
SHOAL_DEVICE_FN int shoal_uint64_fcollect_block(shoal_team_t team, uint64_t* dest,
                                                const uint64_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uint64_alltoall_block(shoal_team_t team, uint64_t* dest,
                                                const uint64_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_size_broadcast(shoal_team_t team, size_t* dest, const size_t* source,
                                         size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_size_fcollect(shoal_team_t team, size_t* dest, const size_t* source,
                                        size_t nelems);
SHOAL_DEVICE_FN int shoal_size_alltoall(shoal_team_t team, size_t* dest, const size_t* source,
                                        size_t nelems);
SHOAL_DEVICE_FN int shoal_size_broadcast_warp(shoal_team_t team, size_t* dest, const size_t* source,
                                              size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_size_fcollect_warp(shoal_team_t team, size_t* dest, const size_t* source,
                                             size_t nelems);
SHOAL_DEVICE_FN int shoal_size_alltoall_warp(shoal_team_t team, size_t* dest, const size_t* source,
                                             size_t nelems);
SHOAL_DEVICE_FN int shoal_size_broadcast_block(shoal_team_t team, size_t* dest,
                                               const size_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_size_fcollect_block(shoal_team_t team, size_t* dest, const size_t* source,
                                              size_t nelems);
SHOAL_DEVICE_FN int shoal_size_alltoall_block(shoal_team_t team, size_t* dest, const size_t* source,
                                              size_t nelems);
SHOAL_DEVICE_FN int shoal_ptrdiff_broadcast(shoal_team_t team, ptrdiff_t* dest,
                                            const ptrdiff_t* source, size_t nelems, int PE_root);
SHOAL_DEVICE_FN int shoal_ptrdiff_fcollect(shoal_team_t team, ptrdiff_t* dest,
                                           const ptrdiff_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ptrdiff_alltoall(shoal_team_t team, ptrdiff_t* dest,
                                           const ptrdiff_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ptrdiff_broadcast_warp(shoal_team_t team, ptrdiff_t* dest,
                                                 const ptrdiff_t* source, size_t nelems,
                                                 int PE_root);
SHOAL_DEVICE_FN int shoal_ptrdiff_fcollect_warp(shoal_team_t team, ptrdiff_t* dest,
                                                const ptrdiff_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ptrdiff_alltoall_warp(shoal_team_t team, ptrdiff_t* dest,
                                                const ptrdiff_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ptrdiff_broadcast_block(shoal_team_t team, ptrdiff_t* dest,
                                                  const ptrdiff_t* source, size_t nelems,
                                                  int PE_root);
SHOAL_DEVICE_FN int shoal_ptrdiff_fcollect_block(shoal_team_t team, ptrdiff_t* dest,
                                                 const ptrdiff_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_ptrdiff_alltoall_block(shoal_team_t team, ptrdiff_t* dest,
                                                 const ptrdiff_t* source, size_t nelems);
SHOAL_DEVICE_FN int shoal_uchar_and_reduce(shoal_team_t team, unsigned char* dest,
                                           const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_and_reducescatter(shoal_team_t team, unsigned char* dest,
                                                  const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_and_reduce_warp(shoal_team_t team, unsigned char* dest,
                                                const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_and_reducescatter_warp(shoal_team_t team, unsigned char* dest,
                                                       const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_and_reduce_block(shoal_team_t team, unsigned char* dest,
                                                 const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_and_reducescatter_block(shoal_team_t team, unsigned char* dest,
                                                        const unsigned char* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_and_reduce(shoal_team_t team, unsigned short* dest,
                                            const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_and_reducescatter(shoal_team_t team, unsigned short* dest,
                                                   const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_and_reduce_warp(shoal_team_t team, unsigned short* dest,
                                                 const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_and_reducescatter_warp(shoal_team_t team, unsigned short* dest,
                                                        const unsigned short* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_and_reduce_block(shoal_team_t team, unsigned short* dest,
                                                  const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_and_reducescatter_block(shoal_team_t team, unsigned short* dest,
                                                         const unsigned short* source,
                                                         size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_and_reduce(shoal_team_t team, unsigned int* dest,
                                          const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_and_reducescatter(shoal_team_t team, unsigned int* dest,
                                                 const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_and_reduce_warp(shoal_team_t team, unsigned int* dest,
                                               const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_and_reducescatter_warp(shoal_team_t team, unsigned int* dest,
                                                      const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_and_reduce_block(shoal_team_t team, unsigned int* dest,
                                                const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_and_reducescatter_block(shoal_team_t team, unsigned int* dest,
                                                       const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_and_reduce(shoal_team_t team, unsigned long* dest,
                                           const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_and_reducescatter(shoal_team_t team, unsigned long* dest,
                                                  const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_and_reduce_warp(shoal_team_t team, unsigned long* dest,
                                                const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_and_reducescatter_warp(shoal_team_t team, unsigned long* dest,
                                                       const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_and_reduce_block(shoal_team_t team, unsigned long* dest,
                                                 const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_and_reducescatter_block(shoal_team_t team, unsigned long* dest,
                                                        const unsigned long* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_and_reduce(shoal_team_t team, unsigned long long* dest,
                                               const unsigned long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_and_reducescatter(shoal_team_t team, unsigned long long* dest,
                                                      const unsigned long long* source,
                                                      size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_and_reduce_warp(shoal_team_t team, unsigned long long* dest,
                                                    const unsigned long long* source,
                                                    size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_and_reducescatter_warp(shoal_team_t team,
                                                           unsigned long long* dest,
                                                           const unsigned long long* source,
                                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_and_reduce_block(shoal_team_t team, unsigned long long* dest,
                                                     const unsigned long long* source,
                                                     size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_and_reducescatter_block(shoal_team_t team,
                                                            unsigned long long* dest,
                                                            const unsigned long long* source,
                                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_and_reduce(shoal_team_t team, int8_t* dest, const int8_t* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_and_reducescatter(shoal_team_t team, int8_t* dest,
                                                 const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_and_reduce_warp(shoal_team_t team, int8_t* dest,
                                               const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_and_reducescatter_warp(shoal_team_t team, int8_t* dest,
                                                      const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_and_reduce_block(shoal_team_t team, int8_t* dest,
                                                const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_and_reducescatter_block(shoal_team_t team, int8_t* dest,
                                                       const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_and_reduce(shoal_team_t team, int16_t* dest, const int16_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_and_reducescatter(shoal_team_t team, int16_t* dest,
                                                  const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_and_reduce_warp(shoal_team_t team, int16_t* dest,
                                                const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_and_reducescatter_warp(shoal_team_t team, int16_t* dest,
                                                       const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_and_reduce_block(shoal_team_t team, int16_t* dest,
                                                 const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_and_reducescatter_block(shoal_team_t team, int16_t* dest,
                                                        const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_and_reduce(shoal_team_t team, int32_t* dest, const int32_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_and_reducescatter(shoal_team_t team, int32_t* dest,
                                                  const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_and_reduce_warp(shoal_team_t team, int32_t* dest,
                                                const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_and_reducescatter_warp(shoal_team_t team, int32_t* dest,
                                                       const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_and_reduce_block(shoal_team_t team, int32_t* dest,
                                                 const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_and_reducescatter_block(shoal_team_t team, int32_t* dest,
                                                        const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_and_reduce(shoal_team_t team, int64_t* dest, const int64_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_and_reducescatter(shoal_team_t team, int64_t* dest,
                                                  const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_and_reduce_warp(shoal_team_t team, int64_t* dest,
                                                const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_and_reducescatter_warp(shoal_team_t team, int64_t* dest,
                                                       const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_and_reduce_block(shoal_team_t team, int64_t* dest,
                                                 const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_and_reducescatter_block(shoal_team_t team, int64_t* dest,
                                                        const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_and_reduce(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_and_reducescatter(shoal_team_t team, uint8_t* dest,
                                                  const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_and_reduce_warp(shoal_team_t team, uint8_t* dest,
                                                const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_and_reducescatter_warp(shoal_team_t team, uint8_t* dest,
                                                       const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_and_reduce_block(shoal_team_t team, uint8_t* dest,
                                                 const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_and_reducescatter_block(shoal_team_t team, uint8_t* dest,
                                                        const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_and_reduce(shoal_team_t team, uint16_t* dest,
                                            const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_and_reducescatter(shoal_team_t team, uint16_t* dest,
                                                   const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_and_reduce_warp(shoal_team_t team, uint16_t* dest,
                                                 const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_and_reducescatter_warp(shoal_team_t team, uint16_t* dest,
                                                        const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_and_reduce_block(shoal_team_t team, uint16_t* dest,
                                                  const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_and_reducescatter_block(shoal_team_t team, uint16_t* dest,
                                                         const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_and_reduce(shoal_team_t team, uint32_t* dest,
                                            const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_and_reducescatter(shoal_team_t team, uint32_t* dest,
                                                   const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_and_reduce_warp(shoal_team_t team, uint32_t* dest,
                                                 const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_and_reducescatter_warp(shoal_team_t team, uint32_t* dest,
                                                        const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_and_reduce_block(shoal_team_t team, uint32_t* dest,
                                                  const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_and_reducescatter_block(shoal_team_t team, uint32_t* dest,
                                                         const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_and_reduce(shoal_team_t team, uint64_t* dest,
                                            const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_and_reducescatter(shoal_team_t team, uint64_t* dest,
                                                   const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_and_reduce_warp(shoal_team_t team, uint64_t* dest,
                                                 const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_and_reducescatter_warp(shoal_team_t team, uint64_t* dest,
                                                        const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_and_reduce_block(shoal_team_t team, uint64_t* dest,
                                                  const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_and_reducescatter_block(shoal_team_t team, uint64_t* dest,
                                                         const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_and_reduce(shoal_team_t team, size_t* dest, const size_t* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_and_reducescatter(shoal_team_t team, size_t* dest,
                                                 const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_and_reduce_warp(shoal_team_t team, size_t* dest,
                                               const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_and_reducescatter_warp(shoal_team_t team, size_t* dest,
                                                      const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_and_reduce_block(shoal_team_t team, size_t* dest,
                                                const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_and_reducescatter_block(shoal_team_t team, size_t* dest,
                                                       const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_or_reduce(shoal_team_t team, unsigned char* dest,
                                          const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_or_reducescatter(shoal_team_t team, unsigned char* dest,
                                                 const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_or_reduce_warp(shoal_team_t team, unsigned char* dest,
                                               const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_or_reducescatter_warp(shoal_team_t team, unsigned char* dest,
                                                      const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_or_reduce_block(shoal_team_t team, unsigned char* dest,
                                                const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_or_reducescatter_block(shoal_team_t team, unsigned char* dest,
                                                       const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_or_reduce(shoal_team_t team, unsigned short* dest,
                                           const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_or_reducescatter(shoal_team_t team, unsigned short* dest,
                                                  const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_or_reduce_warp(shoal_team_t team, unsigned short* dest,
                                                const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_or_reducescatter_warp(shoal_team_t team, unsigned short* dest,
                                                       const unsigned short* source,
                                                       size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_or_reduce_block(shoal_team_t team, unsigned short* dest,
                                                 const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_or_reducescatter_block(shoal_team_t team, unsigned short* dest,
                                                        const unsigned short* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_or_reduce(shoal_team_t team, unsigned int* dest,
                                         const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_or_reducescatter(shoal_team_t team, unsigned int* dest,
                                                const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_or_reduce_warp(shoal_team_t team, unsigned int* dest,
                                              const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_or_reducescatter_warp(shoal_team_t team, unsigned int* dest,
                                                     const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_or_reduce_block(shoal_team_t team, unsigned int* dest,
                                               const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_or_reducescatter_block(shoal_team_t team, unsigned int* dest,
                                                      const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_or_reduce(shoal_team_t team, unsigned long* dest,
                                          const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_or_reducescatter(shoal_team_t team, unsigned long* dest,
                                                 const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_or_reduce_warp(shoal_team_t team, unsigned long* dest,
                                               const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_or_reducescatter_warp(shoal_team_t team, unsigned long* dest,
                                                      const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_or_reduce_block(shoal_team_t team, unsigned long* dest,
                                                const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_or_reducescatter_block(shoal_team_t team, unsigned long* dest,
                                                       const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_or_reduce(shoal_team_t team, unsigned long long* dest,
                                              const unsigned long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_or_reducescatter(shoal_team_t team, unsigned long long* dest,
                                                     const unsigned long long* source,
                                                     size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_or_reduce_warp(shoal_team_t team, unsigned long long* dest,
                                                   const unsigned long long* source,
                                                   size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_or_reducescatter_warp(shoal_team_t team,
                                                          unsigned long long* dest,
                                                          const unsigned long long* source,
                                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_or_reduce_block(shoal_team_t team, unsigned long long* dest,
                                                    const unsigned long long* source,
                                                    size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_or_reducescatter_block(shoal_team_t team,
                                                           unsigned long long* dest,
                                                           const unsigned long long* source,
                                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_or_reduce(shoal_team_t team, int8_t* dest, const int8_t* source,
                                         size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_or_reducescatter(shoal_team_t team, int8_t* dest,
                                                const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_or_reduce_warp(shoal_team_t team, int8_t* dest, const int8_t* source,
                                              size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_or_reducescatter_warp(shoal_team_t team, int8_t* dest,
                                                     const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_or_reduce_block(shoal_team_t team, int8_t* dest,
                                               const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_or_reducescatter_block(shoal_team_t team, int8_t* dest,
                                                      const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_or_reduce(shoal_team_t team, int16_t* dest, const int16_t* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_or_reducescatter(shoal_team_t team, int16_t* dest,
                                                 const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_or_reduce_warp(shoal_team_t team, int16_t* dest,
                                               const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_or_reducescatter_warp(shoal_team_t team, int16_t* dest,
                                                      const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_or_reduce_block(shoal_team_t team, int16_t* dest,
                                                const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_or_reducescatter_block(shoal_team_t team, int16_t* dest,
                                                       const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_or_reduce(shoal_team_t team, int32_t* dest, const int32_t* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_or_reducescatter(shoal_team_t team, int32_t* dest,
                                                 const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_or_reduce_warp(shoal_team_t team, int32_t* dest,
                                               const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_or_reducescatter_warp(shoal_team_t team, int32_t* dest,
                                                      const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_or_reduce_block(shoal_team_t team, int32_t* dest,
                                                const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_or_reducescatter_block(shoal_team_t team, int32_t* dest,
                                                       const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_or_reduce(shoal_team_t team, int64_t* dest, const int64_t* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_or_reducescatter(shoal_team_t team, int64_t* dest,
                                                 const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_or_reduce_warp(shoal_team_t team, int64_t* dest,
                                               const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_or_reducescatter_warp(shoal_team_t team, int64_t* dest,
                                                      const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_or_reduce_block(shoal_team_t team, int64_t* dest,
                                                const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_or_reducescatter_block(shoal_team_t team, int64_t* dest,
                                                       const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_or_reduce(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_or_reducescatter(shoal_team_t team, uint8_t* dest,
                                                 const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_or_reduce_warp(shoal_team_t team, uint8_t* dest,
                                               const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_or_reducescatter_warp(shoal_team_t team, uint8_t* dest,
                                                      const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_or_reduce_block(shoal_team_t team, uint8_t* dest,
                                                const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_or_reducescatter_block(shoal_team_t team, uint8_t* dest,
                                                       const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_or_reduce(shoal_team_t team, uint16_t* dest,
                                           const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_or_reducescatter(shoal_team_t team, uint16_t* dest,
                                                  const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_or_reduce_warp(shoal_team_t team, uint16_t* dest,
                                                const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_or_reducescatter_warp(shoal_team_t team, uint16_t* dest,
                                                       const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_or_reduce_block(shoal_team_t team, uint16_t* dest,
                                                 const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_or_reducescatter_block(shoal_team_t team, uint16_t* dest,
                                                        const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_or_reduce(shoal_team_t team, uint32_t* dest,
                                           const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_or_reducescatter(shoal_team_t team, uint32_t* dest,
                                                  const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_or_reduce_warp(shoal_team_t team, uint32_t* dest,
                                                const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_or_reducescatter_warp(shoal_team_t team, uint32_t* dest,
                                                       const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_or_reduce_block(shoal_team_t team, uint32_t* dest,
                                                 const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_or_reducescatter_block(shoal_team_t team, uint32_t* dest,
                                                        const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_or_reduce(shoal_team_t team, uint64_t* dest,
                                           const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_or_reducescatter(shoal_team_t team, uint64_t* dest,
                                                  const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_or_reduce_warp(shoal_team_t team, uint64_t* dest,
                                                const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_or_reducescatter_warp(shoal_team_t team, uint64_t* dest,
                                                       const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_or_reduce_block(shoal_team_t team, uint64_t* dest,
                                                 const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_or_reducescatter_block(shoal_team_t team, uint64_t* dest,
                                                        const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_or_reduce(shoal_team_t team, size_t* dest, const size_t* source,
                                         size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_or_reducescatter(shoal_team_t team, size_t* dest,
                                                const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_or_reduce_warp(shoal_team_t team, size_t* dest, const size_t* source,
                                              size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_or_reducescatter_warp(shoal_team_t team, size_t* dest,
                                                     const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_or_reduce_block(shoal_team_t team, size_t* dest,
                                               const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_or_reducescatter_block(shoal_team_t team, size_t* dest,
                                                      const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_xor_reduce(shoal_team_t team, unsigned char* dest,
                                           const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_xor_reducescatter(shoal_team_t team, unsigned char* dest,
                                                  const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_xor_reduce_warp(shoal_team_t team, unsigned char* dest,
                                                const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_xor_reducescatter_warp(shoal_team_t team, unsigned char* dest,
                                                       const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_xor_reduce_block(shoal_team_t team, unsigned char* dest,
                                                 const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_xor_reducescatter_block(shoal_team_t team, unsigned char* dest,
                                                        const unsigned char* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_xor_reduce(shoal_team_t team, unsigned short* dest,
                                            const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_xor_reducescatter(shoal_team_t team, unsigned short* dest,
                                                   const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_xor_reduce_warp(shoal_team_t team, unsigned short* dest,
                                                 const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_xor_reducescatter_warp(shoal_team_t team, unsigned short* dest,
                                                        const unsigned short* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_xor_reduce_block(shoal_team_t team, unsigned short* dest,
                                                  const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_xor_reducescatter_block(shoal_team_t team, unsigned short* dest,
                                                         const unsigned short* source,
                                                         size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_xor_reduce(shoal_team_t team, unsigned int* dest,
                                          const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_xor_reducescatter(shoal_team_t team, unsigned int* dest,
                                                 const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_xor_reduce_warp(shoal_team_t team, unsigned int* dest,
                                               const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_xor_reducescatter_warp(shoal_team_t team, unsigned int* dest,
                                                      const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_xor_reduce_block(shoal_team_t team, unsigned int* dest,
                                                const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_xor_reducescatter_block(shoal_team_t team, unsigned int* dest,
                                                       const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_xor_reduce(shoal_team_t team, unsigned long* dest,
                                           const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_xor_reducescatter(shoal_team_t team, unsigned long* dest,
                                                  const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_xor_reduce_warp(shoal_team_t team, unsigned long* dest,
                                                const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_xor_reducescatter_warp(shoal_team_t team, unsigned long* dest,
                                                       const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_xor_reduce_block(shoal_team_t team, unsigned long* dest,
                                                 const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_xor_reducescatter_block(shoal_team_t team, unsigned long* dest,
                                                        const unsigned long* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_xor_reduce(shoal_team_t team, unsigned long long* dest,
                                               const unsigned long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_xor_reducescatter(shoal_team_t team, unsigned long long* dest,
                                                      const unsigned long long* source,
                                                      size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_xor_reduce_warp(shoal_team_t team, unsigned long long* dest,
                                                    const unsigned long long* source,
                                                    size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_xor_reducescatter_warp(shoal_team_t team,
                                                           unsigned long long* dest,
                                                           const unsigned long long* source,
                                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_xor_reduce_block(shoal_team_t team, unsigned long long* dest,
                                                     const unsigned long long* source,
                                                     size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_xor_reducescatter_block(shoal_team_t team,
                                                            unsigned long long* dest,
                                                            const unsigned long long* source,
                                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_xor_reduce(shoal_team_t team, int8_t* dest, const int8_t* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_xor_reducescatter(shoal_team_t team, int8_t* dest,
                                                 const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_xor_reduce_warp(shoal_team_t team, int8_t* dest,
                                               const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_xor_reducescatter_warp(shoal_team_t team, int8_t* dest,
                                                      const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_xor_reduce_block(shoal_team_t team, int8_t* dest,
                                                const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_xor_reducescatter_block(shoal_team_t team, int8_t* dest,
                                                       const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_xor_reduce(shoal_team_t team, int16_t* dest, const int16_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_xor_reducescatter(shoal_team_t team, int16_t* dest,
                                                  const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_xor_reduce_warp(shoal_team_t team, int16_t* dest,
                                                const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_xor_reducescatter_warp(shoal_team_t team, int16_t* dest,
                                                       const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_xor_reduce_block(shoal_team_t team, int16_t* dest,
                                                 const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_xor_reducescatter_block(shoal_team_t team, int16_t* dest,
                                                        const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_xor_reduce(shoal_team_t team, int32_t* dest, const int32_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_xor_reducescatter(shoal_team_t team, int32_t* dest,
                                                  const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_xor_reduce_warp(shoal_team_t team, int32_t* dest,
                                                const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_xor_reducescatter_warp(shoal_team_t team, int32_t* dest,
                                                       const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_xor_reduce_block(shoal_team_t team, int32_t* dest,
                                                 const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_xor_reducescatter_block(shoal_team_t team, int32_t* dest,
                                                        const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_xor_reduce(shoal_team_t team, int64_t* dest, const int64_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_xor_reducescatter(shoal_team_t team, int64_t* dest,
                                                  const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_xor_reduce_warp(shoal_team_t team, int64_t* dest,
                                                const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_xor_reducescatter_warp(shoal_team_t team, int64_t* dest,
                                                       const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_xor_reduce_block(shoal_team_t team, int64_t* dest,
                                                 const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_xor_reducescatter_block(shoal_team_t team, int64_t* dest,
                                                        const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_xor_reduce(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_xor_reducescatter(shoal_team_t team, uint8_t* dest,
                                                  const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_xor_reduce_warp(shoal_team_t team, uint8_t* dest,
                                                const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_xor_reducescatter_warp(shoal_team_t team, uint8_t* dest,
                                                       const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_xor_reduce_block(shoal_team_t team, uint8_t* dest,
                                                 const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_xor_reducescatter_block(shoal_team_t team, uint8_t* dest,
                                                        const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_xor_reduce(shoal_team_t team, uint16_t* dest,
                                            const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_xor_reducescatter(shoal_team_t team, uint16_t* dest,
                                                   const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_xor_reduce_warp(shoal_team_t team, uint16_t* dest,
                                                 const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_xor_reducescatter_warp(shoal_team_t team, uint16_t* dest,
                                                        const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_xor_reduce_block(shoal_team_t team, uint16_t* dest,
                                                  const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_xor_reducescatter_block(shoal_team_t team, uint16_t* dest,
                                                         const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_xor_reduce(shoal_team_t team, uint32_t* dest,
                                            const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_xor_reducescatter(shoal_team_t team, uint32_t* dest,
                                                   const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_xor_reduce_warp(shoal_team_t team, uint32_t* dest,
                                                 const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_xor_reducescatter_warp(shoal_team_t team, uint32_t* dest,
                                                        const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_xor_reduce_block(shoal_team_t team, uint32_t* dest,
                                                  const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_xor_reducescatter_block(shoal_team_t team, uint32_t* dest,
                                                         const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_xor_reduce(shoal_team_t team, uint64_t* dest,
                                            const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_xor_reducescatter(shoal_team_t team, uint64_t* dest,
                                                   const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_xor_reduce_warp(shoal_team_t team, uint64_t* dest,
                                                 const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_xor_reducescatter_warp(shoal_team_t team, uint64_t* dest,
                                                        const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_xor_reduce_block(shoal_team_t team, uint64_t* dest,
                                                  const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_xor_reducescatter_block(shoal_team_t team, uint64_t* dest,
                                                         const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_xor_reduce(shoal_team_t team, size_t* dest, const size_t* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_xor_reducescatter(shoal_team_t team, size_t* dest,
                                                 const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_xor_reduce_warp(shoal_team_t team, size_t* dest,
                                               const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_xor_reducescatter_warp(shoal_team_t team, size_t* dest,
                                                      const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_xor_reduce_block(shoal_team_t team, size_t* dest,
                                                const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_xor_reducescatter_block(shoal_team_t team, size_t* dest,
                                                       const size_t* source, size_t nreduce);
#ifdef __cplusplus /* bfloat16 and half are CUDA C++ types */
SHOAL_DEVICE_FN int shoal_bfloat16_min_reduce(shoal_team_t team, __nv_bfloat16* dest,
                                              const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_min_reducescatter(shoal_team_t team, __nv_bfloat16* dest,
                                                     const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_min_reduce_warp(shoal_team_t team, __nv_bfloat16* dest,
                                                   const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_min_reducescatter_warp(shoal_team_t team, __nv_bfloat16* dest,
                                                          const __nv_bfloat16* source,
                                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_min_reduce_block(shoal_team_t team, __nv_bfloat16* dest,
                                                    const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_min_reducescatter_block(shoal_team_t team, __nv_bfloat16* dest,
                                                           const __nv_bfloat16* source,
                                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_min_reduce(shoal_team_t team, __half* dest, const __half* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_min_reducescatter(shoal_team_t team, __half* dest,
                                                 const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_min_reduce_warp(shoal_team_t team, __half* dest,
                                               const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_min_reducescatter_warp(shoal_team_t team, __half* dest,
                                                      const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_min_reduce_block(shoal_team_t team, __half* dest,
                                                const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_min_reducescatter_block(shoal_team_t team, __half* dest,
                                                       const __half* source, size_t nreduce);
#endif
SHOAL_DEVICE_FN int shoal_char_min_reduce(shoal_team_t team, char* dest, const char* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_min_reducescatter(shoal_team_t team, char* dest, const char* source,
                                                 size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_min_reduce_warp(shoal_team_t team, char* dest, const char* source,
                                               size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_min_reducescatter_warp(shoal_team_t team, char* dest,
                                                      const char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_min_reduce_block(shoal_team_t team, char* dest, const char* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_min_reducescatter_block(shoal_team_t team, char* dest,
                                                       const char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_min_reduce(shoal_team_t team, signed char* dest,
                                           const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_min_reducescatter(shoal_team_t team, signed char* dest,
                                                  const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_min_reduce_warp(shoal_team_t team, signed char* dest,
                                                const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_min_reducescatter_warp(shoal_team_t team, signed char* dest,
                                                       const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_min_reduce_block(shoal_team_t team, signed char* dest,
                                                 const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_min_reducescatter_block(shoal_team_t team, signed char* dest,
                                                        const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_min_reduce(shoal_team_t team, short* dest, const short* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_min_reducescatter(shoal_team_t team, short* dest,
                                                  const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_min_reduce_warp(shoal_team_t team, short* dest, const short* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_min_reducescatter_warp(shoal_team_t team, short* dest,
                                                       const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_min_reduce_block(shoal_team_t team, short* dest,
                                                 const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_min_reducescatter_block(shoal_team_t team, short* dest,
                                                        const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_min_reduce(shoal_team_t team, int* dest, const int* source,
                                         size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_min_reducescatter(shoal_team_t team, int* dest, const int* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_min_reduce_warp(shoal_team_t team, int* dest, const int* source,
                                              size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_min_reducescatter_warp(shoal_team_t team, int* dest,
                                                     const int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_min_reduce_block(shoal_team_t team, int* dest, const int* source,
                                               size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_min_reducescatter_block(shoal_team_t team, int* dest,
                                                      const int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_min_reduce(shoal_team_t team, long* dest, const long* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_min_reducescatter(shoal_team_t team, long* dest, const long* source,
                                                 size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_min_reduce_warp(shoal_team_t team, long* dest, const long* source,
                                               size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_min_reducescatter_warp(shoal_team_t team, long* dest,
                                                      const long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_min_reduce_block(shoal_team_t team, long* dest, const long* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_min_reducescatter_block(shoal_team_t team, long* dest,
                                                       const long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_min_reduce(shoal_team_t team, long long* dest,
                                              const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_min_reducescatter(shoal_team_t team, long long* dest,
                                                     const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_min_reduce_warp(shoal_team_t team, long long* dest,
                                                   const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_min_reducescatter_warp(shoal_team_t team, long long* dest,
                                                          const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_min_reduce_block(shoal_team_t team, long long* dest,
                                                    const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_min_reducescatter_block(shoal_team_t team, long long* dest,
                                                           const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_min_reduce(shoal_team_t team, ptrdiff_t* dest,
                                             const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_min_reducescatter(shoal_team_t team, ptrdiff_t* dest,
                                                    const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_min_reduce_warp(shoal_team_t team, ptrdiff_t* dest,
                                                  const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_min_reducescatter_warp(shoal_team_t team, ptrdiff_t* dest,
                                                         const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_min_reduce_block(shoal_team_t team, ptrdiff_t* dest,
                                                   const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_min_reducescatter_block(shoal_team_t team, ptrdiff_t* dest,
                                                          const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_min_reduce(shoal_team_t team, unsigned char* dest,
                                           const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_min_reducescatter(shoal_team_t team, unsigned char* dest,
                                                  const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_min_reduce_warp(shoal_team_t team, unsigned char* dest,
                                                const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_min_reducescatter_warp(shoal_team_t team, unsigned char* dest,
                                                       const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_min_reduce_block(shoal_team_t team, unsigned char* dest,
                                                 const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_min_reducescatter_block(shoal_team_t team, unsigned char* dest,
                                                        const unsigned char* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_min_reduce(shoal_team_t team, unsigned short* dest,
                                            const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_min_reducescatter(shoal_team_t team, unsigned short* dest,
                                                   const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_min_reduce_warp(shoal_team_t team, unsigned short* dest,
                                                 const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_min_reducescatter_warp(shoal_team_t team, unsigned short* dest,
                                                        const unsigned short* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_min_reduce_block(shoal_team_t team, unsigned short* dest,
                                                  const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_min_reducescatter_block(shoal_team_t team, unsigned short* dest,
                                                         const unsigned short* source,
                                                         size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_min_reduce(shoal_team_t team, unsigned int* dest,
                                          const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_min_reducescatter(shoal_team_t team, unsigned int* dest,
                                                 const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_min_reduce_warp(shoal_team_t team, unsigned int* dest,
                                               const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_min_reducescatter_warp(shoal_team_t team, unsigned int* dest,
                                                      const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_min_reduce_block(shoal_team_t team, unsigned int* dest,
                                                const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_min_reducescatter_block(shoal_team_t team, unsigned int* dest,
                                                       const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_min_reduce(shoal_team_t team, unsigned long* dest,
                                           const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_min_reducescatter(shoal_team_t team, unsigned long* dest,
                                                  const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_min_reduce_warp(shoal_team_t team, unsigned long* dest,
                                                const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_min_reducescatter_warp(shoal_team_t team, unsigned long* dest,
                                                       const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_min_reduce_block(shoal_team_t team, unsigned long* dest,
                                                 const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_min_reducescatter_block(shoal_team_t team, unsigned long* dest,
                                                        const unsigned long* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_min_reduce(shoal_team_t team, unsigned long long* dest,
                                               const unsigned long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_min_reducescatter(shoal_team_t team, unsigned long long* dest,
                                                      const unsigned long long* source,
                                                      size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_min_reduce_warp(shoal_team_t team, unsigned long long* dest,
                                                    const unsigned long long* source,
                                                    size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_min_reducescatter_warp(shoal_team_t team,
                                                           unsigned long long* dest,
                                                           const unsigned long long* source,
                                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_min_reduce_block(shoal_team_t team, unsigned long long* dest,
                                                     const unsigned long long* source,
                                                     size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_min_reducescatter_block(shoal_team_t team,
                                                            unsigned long long* dest,
                                                            const unsigned long long* source,
                                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_min_reduce(shoal_team_t team, int8_t* dest, const int8_t* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_min_reducescatter(shoal_team_t team, int8_t* dest,
                                                 const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_min_reduce_warp(shoal_team_t team, int8_t* dest,
                                               const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_min_reducescatter_warp(shoal_team_t team, int8_t* dest,
                                                      const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_min_reduce_block(shoal_team_t team, int8_t* dest,
                                                const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_min_reducescatter_block(shoal_team_t team, int8_t* dest,
                                                       const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_min_reduce(shoal_team_t team, int16_t* dest, const int16_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_min_reducescatter(shoal_team_t team, int16_t* dest,
                                                  const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_min_reduce_warp(shoal_team_t team, int16_t* dest,
                                                const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_min_reducescatter_warp(shoal_team_t team, int16_t* dest,
                                                       const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_min_reduce_block(shoal_team_t team, int16_t* dest,
                                                 const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_min_reducescatter_block(shoal_team_t team, int16_t* dest,
                                                        const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_min_reduce(shoal_team_t team, int32_t* dest, const int32_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_min_reducescatter(shoal_team_t team, int32_t* dest,
                                                  const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_min_reduce_warp(shoal_team_t team, int32_t* dest,
                                                const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_min_reducescatter_warp(shoal_team_t team, int32_t* dest,
                                                       const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_min_reduce_block(shoal_team_t team, int32_t* dest,
                                                 const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_min_reducescatter_block(shoal_team_t team, int32_t* dest,
                                                        const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_min_reduce(shoal_team_t team, int64_t* dest, const int64_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_min_reducescatter(shoal_team_t team, int64_t* dest,
                                                  const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_min_reduce_warp(shoal_team_t team, int64_t* dest,
                                                const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_min_reducescatter_warp(shoal_team_t team, int64_t* dest,
                                                       const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_min_reduce_block(shoal_team_t team, int64_t* dest,
                                                 const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_min_reducescatter_block(shoal_team_t team, int64_t* dest,
                                                        const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_min_reduce(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_min_reducescatter(shoal_team_t team, uint8_t* dest,
                                                  const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_min_reduce_warp(shoal_team_t team, uint8_t* dest,
                                                const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_min_reducescatter_warp(shoal_team_t team, uint8_t* dest,
                                                       const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_min_reduce_block(shoal_team_t team, uint8_t* dest,
                                                 const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_min_reducescatter_block(shoal_team_t team, uint8_t* dest,
                                                        const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_min_reduce(shoal_team_t team, uint16_t* dest,
                                            const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_min_reducescatter(shoal_team_t team, uint16_t* dest,
                                                   const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_min_reduce_warp(shoal_team_t team, uint16_t* dest,
                                                 const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_min_reducescatter_warp(shoal_team_t team, uint16_t* dest,
                                                        const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_min_reduce_block(shoal_team_t team, uint16_t* dest,
                                                  const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_min_reducescatter_block(shoal_team_t team, uint16_t* dest,
                                                         const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_min_reduce(shoal_team_t team, uint32_t* dest,
                                            const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_min_reducescatter(shoal_team_t team, uint32_t* dest,
                                                   const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_min_reduce_warp(shoal_team_t team, uint32_t* dest,
                                                 const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_min_reducescatter_warp(shoal_team_t team, uint32_t* dest,
                                                        const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_min_reduce_block(shoal_team_t team, uint32_t* dest,
                                                  const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_min_reducescatter_block(shoal_team_t team, uint32_t* dest,
                                                         const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_min_reduce(shoal_team_t team, uint64_t* dest,
                                            const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_min_reducescatter(shoal_team_t team, uint64_t* dest,
                                                   const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_min_reduce_warp(shoal_team_t team, uint64_t* dest,
                                                 const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_min_reducescatter_warp(shoal_team_t team, uint64_t* dest,
                                                        const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_min_reduce_block(shoal_team_t team, uint64_t* dest,
                                                  const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_min_reducescatter_block(shoal_team_t team, uint64_t* dest,
                                                         const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_min_reduce(shoal_team_t team, size_t* dest, const size_t* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_min_reducescatter(shoal_team_t team, size_t* dest,
                                                 const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_min_reduce_warp(shoal_team_t team, size_t* dest,
                                               const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_min_reducescatter_warp(shoal_team_t team, size_t* dest,
                                                      const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_min_reduce_block(shoal_team_t team, size_t* dest,
                                                const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_min_reducescatter_block(shoal_team_t team, size_t* dest,
                                                       const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_min_reduce(shoal_team_t team, float* dest, const float* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_min_reducescatter(shoal_team_t team, float* dest,
                                                  const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_min_reduce_warp(shoal_team_t team, float* dest, const float* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_min_reducescatter_warp(shoal_team_t team, float* dest,
                                                       const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_min_reduce_block(shoal_team_t team, float* dest,
                                                 const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_min_reducescatter_block(shoal_team_t team, float* dest,
                                                        const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_min_reduce(shoal_team_t team, double* dest, const double* source,
                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_min_reducescatter(shoal_team_t team, double* dest,
                                                   const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_min_reduce_warp(shoal_team_t team, double* dest,
                                                 const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_min_reducescatter_warp(shoal_team_t team, double* dest,
                                                        const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_min_reduce_block(shoal_team_t team, double* dest,
                                                  const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_min_reducescatter_block(shoal_team_t team, double* dest,
                                                         const double* source, size_t nreduce);
#ifdef __cplusplus /* bfloat16 and half are CUDA C++ types */
SHOAL_DEVICE_FN int shoal_bfloat16_max_reduce(shoal_team_t team, __nv_bfloat16* dest,
                                              const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_max_reducescatter(shoal_team_t team, __nv_bfloat16* dest,
                                                     const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_max_reduce_warp(shoal_team_t team, __nv_bfloat16* dest,
                                                   const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_max_reducescatter_warp(shoal_team_t team, __nv_bfloat16* dest,
                                                          const __nv_bfloat16* source,
                                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_max_reduce_block(shoal_team_t team, __nv_bfloat16* dest,
                                                    const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_max_reducescatter_block(shoal_team_t team, __nv_bfloat16* dest,
                                                           const __nv_bfloat16* source,
                                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_max_reduce(shoal_team_t team, __half* dest, const __half* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_max_reducescatter(shoal_team_t team, __half* dest,
                                                 const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_max_reduce_warp(shoal_team_t team, __half* dest,
                                               const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_max_reducescatter_warp(shoal_team_t team, __half* dest,
                                                      const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_max_reduce_block(shoal_team_t team, __half* dest,
                                                const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_max_reducescatter_block(shoal_team_t team, __half* dest,
                                                       const __half* source, size_t nreduce);
#endif
SHOAL_DEVICE_FN int shoal_char_max_reduce(shoal_team_t team, char* dest, const char* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_max_reducescatter(shoal_team_t team, char* dest, const char* source,
                                                 size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_max_reduce_warp(shoal_team_t team, char* dest, const char* source,
                                               size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_max_reducescatter_warp(shoal_team_t team, char* dest,
                                                      const char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_max_reduce_block(shoal_team_t team, char* dest, const char* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_max_reducescatter_block(shoal_team_t team, char* dest,
                                                       const char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_max_reduce(shoal_team_t team, signed char* dest,
                                           const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_max_reducescatter(shoal_team_t team, signed char* dest,
                                                  const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_max_reduce_warp(shoal_team_t team, signed char* dest,
                                                const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_max_reducescatter_warp(shoal_team_t team, signed char* dest,
                                                       const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_max_reduce_block(shoal_team_t team, signed char* dest,
                                                 const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_max_reducescatter_block(shoal_team_t team, signed char* dest,
                                                        const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_max_reduce(shoal_team_t team, short* dest, const short* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_max_reducescatter(shoal_team_t team, short* dest,
                                                  const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_max_reduce_warp(shoal_team_t team, short* dest, const short* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_max_reducescatter_warp(shoal_team_t team, short* dest,
                                                       const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_max_reduce_block(shoal_team_t team, short* dest,
                                                 const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_max_reducescatter_block(shoal_team_t team, short* dest,
                                                        const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_max_reduce(shoal_team_t team, int* dest, const int* source,
                                         size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_max_reducescatter(shoal_team_t team, int* dest, const int* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_max_reduce_warp(shoal_team_t team, int* dest, const int* source,
                                              size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_max_reducescatter_warp(shoal_team_t team, int* dest,
                                                     const int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_max_reduce_block(shoal_team_t team, int* dest, const int* source,
                                               size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_max_reducescatter_block(shoal_team_t team, int* dest,
                                                      const int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_max_reduce(shoal_team_t team, long* dest, const long* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_max_reducescatter(shoal_team_t team, long* dest, const long* source,
                                                 size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_max_reduce_warp(shoal_team_t team, long* dest, const long* source,
                                               size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_max_reducescatter_warp(shoal_team_t team, long* dest,
                                                      const long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_max_reduce_block(shoal_team_t team, long* dest, const long* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_max_reducescatter_block(shoal_team_t team, long* dest,
                                                       const long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_max_reduce(shoal_team_t team, long long* dest,
                                              const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_max_reducescatter(shoal_team_t team, long long* dest,
                                                     const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_max_reduce_warp(shoal_team_t team, long long* dest,
                                                   const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_max_reducescatter_warp(shoal_team_t team, long long* dest,
                                                          const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_max_reduce_block(shoal_team_t team, long long* dest,
                                                    const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_max_reducescatter_block(shoal_team_t team, long long* dest,
                                                           const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_max_reduce(shoal_team_t team, ptrdiff_t* dest,
                                             const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_max_reducescatter(shoal_team_t team, ptrdiff_t* dest,
                                                    const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_max_reduce_warp(shoal_team_t team, ptrdiff_t* dest,
                                                  const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_max_reducescatter_warp(shoal_team_t team, ptrdiff_t* dest,
                                                         const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_max_reduce_block(shoal_team_t team, ptrdiff_t* dest,
                                                   const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_max_reducescatter_block(shoal_team_t team, ptrdiff_t* dest,
                                                          const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_max_reduce(shoal_team_t team, unsigned char* dest,
                                           const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_max_reducescatter(shoal_team_t team, unsigned char* dest,
                                                  const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_max_reduce_warp(shoal_team_t team, unsigned char* dest,
                                                const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_max_reducescatter_warp(shoal_team_t team, unsigned char* dest,
                                                       const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_max_reduce_block(shoal_team_t team, unsigned char* dest,
                                                 const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_max_reducescatter_block(shoal_team_t team, unsigned char* dest,
                                                        const unsigned char* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_max_reduce(shoal_team_t team, unsigned short* dest,
                                            const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_max_reducescatter(shoal_team_t team, unsigned short* dest,
                                                   const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_max_reduce_warp(shoal_team_t team, unsigned short* dest,
                                                 const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_max_reducescatter_warp(shoal_team_t team, unsigned short* dest,
                                                        const unsigned short* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_max_reduce_block(shoal_team_t team, unsigned short* dest,
                                                  const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_max_reducescatter_block(shoal_team_t team, unsigned short* dest,
                                                         const unsigned short* source,
                                                         size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_max_reduce(shoal_team_t team, unsigned int* dest,
                                          const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_max_reducescatter(shoal_team_t team, unsigned int* dest,
                                                 const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_max_reduce_warp(shoal_team_t team, unsigned int* dest,
                                               const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_max_reducescatter_warp(shoal_team_t team, unsigned int* dest,
                                                      const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_max_reduce_block(shoal_team_t team, unsigned int* dest,
                                                const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_max_reducescatter_block(shoal_team_t team, unsigned int* dest,
                                                       const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_max_reduce(shoal_team_t team, unsigned long* dest,
                                           const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_max_reducescatter(shoal_team_t team, unsigned long* dest,
                                                  const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_max_reduce_warp(shoal_team_t team, unsigned long* dest,
                                                const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_max_reducescatter_warp(shoal_team_t team, unsigned long* dest,
                                                       const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_max_reduce_block(shoal_team_t team, unsigned long* dest,
                                                 const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_max_reducescatter_block(shoal_team_t team, unsigned long* dest,
                                                        const unsigned long* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_max_reduce(shoal_team_t team, unsigned long long* dest,
                                               const unsigned long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_max_reducescatter(shoal_team_t team, unsigned long long* dest,
                                                      const unsigned long long* source,
                                                      size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_max_reduce_warp(shoal_team_t team, unsigned long long* dest,
                                                    const unsigned long long* source,
                                                    size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_max_reducescatter_warp(shoal_team_t team,
                                                           unsigned long long* dest,
                                                           const unsigned long long* source,
                                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_max_reduce_block(shoal_team_t team, unsigned long long* dest,
                                                     const unsigned long long* source,
                                                     size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_max_reducescatter_block(shoal_team_t team,
                                                            unsigned long long* dest,
                                                            const unsigned long long* source,
                                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_max_reduce(shoal_team_t team, int8_t* dest, const int8_t* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_max_reducescatter(shoal_team_t team, int8_t* dest,
                                                 const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_max_reduce_warp(shoal_team_t team, int8_t* dest,
                                               const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_max_reducescatter_warp(shoal_team_t team, int8_t* dest,
                                                      const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_max_reduce_block(shoal_team_t team, int8_t* dest,
                                                const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_max_reducescatter_block(shoal_team_t team, int8_t* dest,
                                                       const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_max_reduce(shoal_team_t team, int16_t* dest, const int16_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_max_reducescatter(shoal_team_t team, int16_t* dest,
                                                  const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_max_reduce_warp(shoal_team_t team, int16_t* dest,
                                                const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_max_reducescatter_warp(shoal_team_t team, int16_t* dest,
                                                       const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_max_reduce_block(shoal_team_t team, int16_t* dest,
                                                 const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_max_reducescatter_block(shoal_team_t team, int16_t* dest,
                                                        const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_max_reduce(shoal_team_t team, int32_t* dest, const int32_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_max_reducescatter(shoal_team_t team, int32_t* dest,
                                                  const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_max_reduce_warp(shoal_team_t team, int32_t* dest,
                                                const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_max_reducescatter_warp(shoal_team_t team, int32_t* dest,
                                                       const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_max_reduce_block(shoal_team_t team, int32_t* dest,
                                                 const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_max_reducescatter_block(shoal_team_t team, int32_t* dest,
                                                        const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_max_reduce(shoal_team_t team, int64_t* dest, const int64_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_max_reducescatter(shoal_team_t team, int64_t* dest,
                                                  const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_max_reduce_warp(shoal_team_t team, int64_t* dest,
                                                const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_max_reducescatter_warp(shoal_team_t team, int64_t* dest,
                                                       const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_max_reduce_block(shoal_team_t team, int64_t* dest,
                                                 const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_max_reducescatter_block(shoal_team_t team, int64_t* dest,
                                                        const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_max_reduce(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_max_reducescatter(shoal_team_t team, uint8_t* dest,
                                                  const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_max_reduce_warp(shoal_team_t team, uint8_t* dest,
                                                const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_max_reducescatter_warp(shoal_team_t team, uint8_t* dest,
                                                       const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_max_reduce_block(shoal_team_t team, uint8_t* dest,
                                                 const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_max_reducescatter_block(shoal_team_t team, uint8_t* dest,
                                                        const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_max_reduce(shoal_team_t team, uint16_t* dest,
                                            const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_max_reducescatter(shoal_team_t team, uint16_t* dest,
                                                   const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_max_reduce_warp(shoal_team_t team, uint16_t* dest,
                                                 const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_max_reducescatter_warp(shoal_team_t team, uint16_t* dest,
                                                        const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_max_reduce_block(shoal_team_t team, uint16_t* dest,
                                                  const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_max_reducescatter_block(shoal_team_t team, uint16_t* dest,
                                                         const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_max_reduce(shoal_team_t team, uint32_t* dest,
                                            const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_max_reducescatter(shoal_team_t team, uint32_t* dest,
                                                   const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_max_reduce_warp(shoal_team_t team, uint32_t* dest,
                                                 const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_max_reducescatter_warp(shoal_team_t team, uint32_t* dest,
                                                        const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_max_reduce_block(shoal_team_t team, uint32_t* dest,
                                                  const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_max_reducescatter_block(shoal_team_t team, uint32_t* dest,
                                                         const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_max_reduce(shoal_team_t team, uint64_t* dest,
                                            const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_max_reducescatter(shoal_team_t team, uint64_t* dest,
                                                   const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_max_reduce_warp(shoal_team_t team, uint64_t* dest,
                                                 const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_max_reducescatter_warp(shoal_team_t team, uint64_t* dest,
                                                        const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_max_reduce_block(shoal_team_t team, uint64_t* dest,
                                                  const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_max_reducescatter_block(shoal_team_t team, uint64_t* dest,
                                                         const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_max_reduce(shoal_team_t team, size_t* dest, const size_t* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_max_reducescatter(shoal_team_t team, size_t* dest,
                                                 const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_max_reduce_warp(shoal_team_t team, size_t* dest,
                                               const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_max_reducescatter_warp(shoal_team_t team, size_t* dest,
                                                      const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_max_reduce_block(shoal_team_t team, size_t* dest,
                                                const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_max_reducescatter_block(shoal_team_t team, size_t* dest,
                                                       const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_max_reduce(shoal_team_t team, float* dest, const float* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_max_reducescatter(shoal_team_t team, float* dest,
                                                  const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_max_reduce_warp(shoal_team_t team, float* dest, const float* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_max_reducescatter_warp(shoal_team_t team, float* dest,
                                                       const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_max_reduce_block(shoal_team_t team, float* dest,
                                                 const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_max_reducescatter_block(shoal_team_t team, float* dest,
                                                        const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_max_reduce(shoal_team_t team, double* dest, const double* source,
                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_max_reducescatter(shoal_team_t team, double* dest,
                                                   const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_max_reduce_warp(shoal_team_t team, double* dest,
                                                 const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_max_reducescatter_warp(shoal_team_t team, double* dest,
                                                        const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_max_reduce_block(shoal_team_t team, double* dest,
                                                  const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_max_reducescatter_block(shoal_team_t team, double* dest,
                                                         const double* source, size_t nreduce);
#ifdef __cplusplus /* bfloat16 and half are CUDA C++ types */
SHOAL_DEVICE_FN int shoal_bfloat16_sum_reduce(shoal_team_t team, __nv_bfloat16* dest,
                                              const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_sum_reducescatter(shoal_team_t team, __nv_bfloat16* dest,
                                                     const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_sum_reduce_warp(shoal_team_t team, __nv_bfloat16* dest,
                                                   const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_sum_reducescatter_warp(shoal_team_t team, __nv_bfloat16* dest,
                                                          const __nv_bfloat16* source,
                                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_sum_reduce_block(shoal_team_t team, __nv_bfloat16* dest,
                                                    const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_sum_reducescatter_block(shoal_team_t team, __nv_bfloat16* dest,
                                                           const __nv_bfloat16* source,
                                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_sum_reduce(shoal_team_t team, __half* dest, const __half* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_sum_reducescatter(shoal_team_t team, __half* dest,
                                                 const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_sum_reduce_warp(shoal_team_t team, __half* dest,
                                               const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_sum_reducescatter_warp(shoal_team_t team, __half* dest,
                                                      const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_sum_reduce_block(shoal_team_t team, __half* dest,
                                                const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_sum_reducescatter_block(shoal_team_t team, __half* dest,
                                                       const __half* source, size_t nreduce);
#endif
SHOAL_DEVICE_FN int shoal_char_sum_reduce(shoal_team_t team, char* dest, const char* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_sum_reducescatter(shoal_team_t team, char* dest, const char* source,
                                                 size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_sum_reduce_warp(shoal_team_t team, char* dest, const char* source,
                                               size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_sum_reducescatter_warp(shoal_team_t team, char* dest,
                                                      const char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_sum_reduce_block(shoal_team_t team, char* dest, const char* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_sum_reducescatter_block(shoal_team_t team, char* dest,
                                                       const char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_sum_reduce(shoal_team_t team, signed char* dest,
                                           const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_sum_reducescatter(shoal_team_t team, signed char* dest,
                                                  const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_sum_reduce_warp(shoal_team_t team, signed char* dest,
                                                const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_sum_reducescatter_warp(shoal_team_t team, signed char* dest,
                                                       const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_sum_reduce_block(shoal_team_t team, signed char* dest,
                                                 const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_sum_reducescatter_block(shoal_team_t team, signed char* dest,
                                                        const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_sum_reduce(shoal_team_t team, short* dest, const short* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_sum_reducescatter(shoal_team_t team, short* dest,
                                                  const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_sum_reduce_warp(shoal_team_t team, short* dest, const short* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_sum_reducescatter_warp(shoal_team_t team, short* dest,
                                                       const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_sum_reduce_block(shoal_team_t team, short* dest,
                                                 const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_sum_reducescatter_block(shoal_team_t team, short* dest,
                                                        const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_sum_reduce(shoal_team_t team, int* dest, const int* source,
                                         size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_sum_reducescatter(shoal_team_t team, int* dest, const int* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_sum_reduce_warp(shoal_team_t team, int* dest, const int* source,
                                              size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_sum_reducescatter_warp(shoal_team_t team, int* dest,
                                                     const int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_sum_reduce_block(shoal_team_t team, int* dest, const int* source,
                                               size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_sum_reducescatter_block(shoal_team_t team, int* dest,
                                                      const int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_sum_reduce(shoal_team_t team, long* dest, const long* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_sum_reducescatter(shoal_team_t team, long* dest, const long* source,
                                                 size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_sum_reduce_warp(shoal_team_t team, long* dest, const long* source,
                                               size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_sum_reducescatter_warp(shoal_team_t team, long* dest,
                                                      const long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_sum_reduce_block(shoal_team_t team, long* dest, const long* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_sum_reducescatter_block(shoal_team_t team, long* dest,
                                                       const long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_sum_reduce(shoal_team_t team, long long* dest,
                                              const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_sum_reducescatter(shoal_team_t team, long long* dest,
                                                     const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_sum_reduce_warp(shoal_team_t team, long long* dest,
                                                   const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_sum_reducescatter_warp(shoal_team_t team, long long* dest,
                                                          const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_sum_reduce_block(shoal_team_t team, long long* dest,
                                                    const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_sum_reducescatter_block(shoal_team_t team, long long* dest,
                                                           const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_sum_reduce(shoal_team_t team, ptrdiff_t* dest,
                                             const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_sum_reducescatter(shoal_team_t team, ptrdiff_t* dest,
                                                    const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_sum_reduce_warp(shoal_team_t team, ptrdiff_t* dest,
                                                  const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_sum_reducescatter_warp(shoal_team_t team, ptrdiff_t* dest,
                                                         const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_sum_reduce_block(shoal_team_t team, ptrdiff_t* dest,
                                                   const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_sum_reducescatter_block(shoal_team_t team, ptrdiff_t* dest,
                                                          const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_sum_reduce(shoal_team_t team, unsigned char* dest,
                                           const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_sum_reducescatter(shoal_team_t team, unsigned char* dest,
                                                  const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_sum_reduce_warp(shoal_team_t team, unsigned char* dest,
                                                const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_sum_reducescatter_warp(shoal_team_t team, unsigned char* dest,
                                                       const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_sum_reduce_block(shoal_team_t team, unsigned char* dest,
                                                 const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_sum_reducescatter_block(shoal_team_t team, unsigned char* dest,
                                                        const unsigned char* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_sum_reduce(shoal_team_t team, unsigned short* dest,
                                            const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_sum_reducescatter(shoal_team_t team, unsigned short* dest,
                                                   const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_sum_reduce_warp(shoal_team_t team, unsigned short* dest,
                                                 const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_sum_reducescatter_warp(shoal_team_t team, unsigned short* dest,
                                                        const unsigned short* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_sum_reduce_block(shoal_team_t team, unsigned short* dest,
                                                  const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_sum_reducescatter_block(shoal_team_t team, unsigned short* dest,
                                                         const unsigned short* source,
                                                         size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_sum_reduce(shoal_team_t team, unsigned int* dest,
                                          const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_sum_reducescatter(shoal_team_t team, unsigned int* dest,
                                                 const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_sum_reduce_warp(shoal_team_t team, unsigned int* dest,
                                               const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_sum_reducescatter_warp(shoal_team_t team, unsigned int* dest,
                                                      const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_sum_reduce_block(shoal_team_t team, unsigned int* dest,
                                                const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_sum_reducescatter_block(shoal_team_t team, unsigned int* dest,
                                                       const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_sum_reduce(shoal_team_t team, unsigned long* dest,
                                           const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_sum_reducescatter(shoal_team_t team, unsigned long* dest,
                                                  const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_sum_reduce_warp(shoal_team_t team, unsigned long* dest,
                                                const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_sum_reducescatter_warp(shoal_team_t team, unsigned long* dest,
                                                       const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_sum_reduce_block(shoal_team_t team, unsigned long* dest,
                                                 const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_sum_reducescatter_block(shoal_team_t team, unsigned long* dest,
                                                        const unsigned long* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_sum_reduce(shoal_team_t team, unsigned long long* dest,
                                               const unsigned long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_sum_reducescatter(shoal_team_t team, unsigned long long* dest,
                                                      const unsigned long long* source,
                                                      size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_sum_reduce_warp(shoal_team_t team, unsigned long long* dest,
                                                    const unsigned long long* source,
                                                    size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_sum_reducescatter_warp(shoal_team_t team,
                                                           unsigned long long* dest,
                                                           const unsigned long long* source,
                                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_sum_reduce_block(shoal_team_t team, unsigned long long* dest,
                                                     const unsigned long long* source,
                                                     size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_sum_reducescatter_block(shoal_team_t team,
                                                            unsigned long long* dest,
                                                            const unsigned long long* source,
                                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_sum_reduce(shoal_team_t team, int8_t* dest, const int8_t* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_sum_reducescatter(shoal_team_t team, int8_t* dest,
                                                 const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_sum_reduce_warp(shoal_team_t team, int8_t* dest,
                                               const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_sum_reducescatter_warp(shoal_team_t team, int8_t* dest,
                                                      const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_sum_reduce_block(shoal_team_t team, int8_t* dest,
                                                const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_sum_reducescatter_block(shoal_team_t team, int8_t* dest,
                                                       const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_sum_reduce(shoal_team_t team, int16_t* dest, const int16_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_sum_reducescatter(shoal_team_t team, int16_t* dest,
                                                  const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_sum_reduce_warp(shoal_team_t team, int16_t* dest,
                                                const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_sum_reducescatter_warp(shoal_team_t team, int16_t* dest,
                                                       const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_sum_reduce_block(shoal_team_t team, int16_t* dest,
                                                 const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_sum_reducescatter_block(shoal_team_t team, int16_t* dest,
                                                        const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_sum_reduce(shoal_team_t team, int32_t* dest, const int32_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_sum_reducescatter(shoal_team_t team, int32_t* dest,
                                                  const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_sum_reduce_warp(shoal_team_t team, int32_t* dest,
                                                const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_sum_reducescatter_warp(shoal_team_t team, int32_t* dest,
                                                       const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_sum_reduce_block(shoal_team_t team, int32_t* dest,
                                                 const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_sum_reducescatter_block(shoal_team_t team, int32_t* dest,
                                                        const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_sum_reduce(shoal_team_t team, int64_t* dest, const int64_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_sum_reducescatter(shoal_team_t team, int64_t* dest,
                                                  const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_sum_reduce_warp(shoal_team_t team, int64_t* dest,
                                                const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_sum_reducescatter_warp(shoal_team_t team, int64_t* dest,
                                                       const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_sum_reduce_block(shoal_team_t team, int64_t* dest,
                                                 const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_sum_reducescatter_block(shoal_team_t team, int64_t* dest,
                                                        const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_sum_reduce(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_sum_reducescatter(shoal_team_t team, uint8_t* dest,
                                                  const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_sum_reduce_warp(shoal_team_t team, uint8_t* dest,
                                                const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_sum_reducescatter_warp(shoal_team_t team, uint8_t* dest,
                                                       const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_sum_reduce_block(shoal_team_t team, uint8_t* dest,
                                                 const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_sum_reducescatter_block(shoal_team_t team, uint8_t* dest,
                                                        const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_sum_reduce(shoal_team_t team, uint16_t* dest,
                                            const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_sum_reducescatter(shoal_team_t team, uint16_t* dest,
                                                   const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_sum_reduce_warp(shoal_team_t team, uint16_t* dest,
                                                 const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_sum_reducescatter_warp(shoal_team_t team, uint16_t* dest,
                                                        const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_sum_reduce_block(shoal_team_t team, uint16_t* dest,
                                                  const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_sum_reducescatter_block(shoal_team_t team, uint16_t* dest,
                                                         const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_sum_reduce(shoal_team_t team, uint32_t* dest,
                                            const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_sum_reducescatter(shoal_team_t team, uint32_t* dest,
                                                   const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_sum_reduce_warp(shoal_team_t team, uint32_t* dest,
                                                 const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_sum_reducescatter_warp(shoal_team_t team, uint32_t* dest,
                                                        const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_sum_reduce_block(shoal_team_t team, uint32_t* dest,
                                                  const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_sum_reducescatter_block(shoal_team_t team, uint32_t* dest,
                                                         const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_sum_reduce(shoal_team_t team, uint64_t* dest,
                                            const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_sum_reducescatter(shoal_team_t team, uint64_t* dest,
                                                   const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_sum_reduce_warp(shoal_team_t team, uint64_t* dest,
                                                 const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_sum_reducescatter_warp(shoal_team_t team, uint64_t* dest,
                                                        const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_sum_reduce_block(shoal_team_t team, uint64_t* dest,
                                                  const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_sum_reducescatter_block(shoal_team_t team, uint64_t* dest,
                                                         const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_sum_reduce(shoal_team_t team, size_t* dest, const size_t* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_sum_reducescatter(shoal_team_t team, size_t* dest,
                                                 const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_sum_reduce_warp(shoal_team_t team, size_t* dest,
                                               const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_sum_reducescatter_warp(shoal_team_t team, size_t* dest,
                                                      const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_sum_reduce_block(shoal_team_t team, size_t* dest,
                                                const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_sum_reducescatter_block(shoal_team_t team, size_t* dest,
                                                       const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_sum_reduce(shoal_team_t team, float* dest, const float* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_sum_reducescatter(shoal_team_t team, float* dest,
                                                  const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_sum_reduce_warp(shoal_team_t team, float* dest, const float* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_sum_reducescatter_warp(shoal_team_t team, float* dest,
                                                       const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_sum_reduce_block(shoal_team_t team, float* dest,
                                                 const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_sum_reducescatter_block(shoal_team_t team, float* dest,
                                                        const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_sum_reduce(shoal_team_t team, double* dest, const double* source,
                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_sum_reducescatter(shoal_team_t team, double* dest,
                                                   const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_sum_reduce_warp(shoal_team_t team, double* dest,
                                                 const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_sum_reducescatter_warp(shoal_team_t team, double* dest,
                                                        const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_sum_reduce_block(shoal_team_t team, double* dest,
                                                  const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_sum_reducescatter_block(shoal_team_t team, double* dest,
                                                         const double* source, size_t nreduce);
#ifdef __cplusplus /* bfloat16 and half are CUDA C++ types */
SHOAL_DEVICE_FN int shoal_bfloat16_prod_reduce(shoal_team_t team, __nv_bfloat16* dest,
                                               const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_prod_reducescatter(shoal_team_t team, __nv_bfloat16* dest,
                                                      const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_prod_reduce_warp(shoal_team_t team, __nv_bfloat16* dest,
                                                    const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_prod_reducescatter_warp(shoal_team_t team, __nv_bfloat16* dest,
                                                           const __nv_bfloat16* source,
                                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_prod_reduce_block(shoal_team_t team, __nv_bfloat16* dest,
                                                     const __nv_bfloat16* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_bfloat16_prod_reducescatter_block(shoal_team_t team, __nv_bfloat16* dest,
                                                            const __nv_bfloat16* source,
                                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_prod_reduce(shoal_team_t team, __half* dest, const __half* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_prod_reducescatter(shoal_team_t team, __half* dest,
                                                  const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_prod_reduce_warp(shoal_team_t team, __half* dest,
                                                const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_prod_reducescatter_warp(shoal_team_t team, __half* dest,
                                                       const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_prod_reduce_block(shoal_team_t team, __half* dest,
                                                 const __half* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_half_prod_reducescatter_block(shoal_team_t team, __half* dest,
                                                        const __half* source, size_t nreduce);
#endif
SHOAL_DEVICE_FN int shoal_char_prod_reduce(shoal_team_t team, char* dest, const char* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_prod_reducescatter(shoal_team_t team, char* dest, const char* source,
                                                  size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_prod_reduce_warp(shoal_team_t team, char* dest, const char* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_prod_reducescatter_warp(shoal_team_t team, char* dest,
                                                       const char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_prod_reduce_block(shoal_team_t team, char* dest, const char* source,
                                                 size_t nreduce);
SHOAL_DEVICE_FN int shoal_char_prod_reducescatter_block(shoal_team_t team, char* dest,
                                                        const char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_prod_reduce(shoal_team_t team, signed char* dest,
                                            const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_prod_reducescatter(shoal_team_t team, signed char* dest,
                                                   const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_prod_reduce_warp(shoal_team_t team, signed char* dest,
                                                 const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_prod_reducescatter_warp(shoal_team_t team, signed char* dest,
                                                        const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_prod_reduce_block(shoal_team_t team, signed char* dest,
                                                  const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_schar_prod_reducescatter_block(shoal_team_t team, signed char* dest,
                                                         const signed char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_prod_reduce(shoal_team_t team, short* dest, const short* source,
                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_prod_reducescatter(shoal_team_t team, short* dest,
                                                   const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_prod_reduce_warp(shoal_team_t team, short* dest,
                                                 const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_prod_reducescatter_warp(shoal_team_t team, short* dest,
                                                        const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_prod_reduce_block(shoal_team_t team, short* dest,
                                                  const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_short_prod_reducescatter_block(shoal_team_t team, short* dest,
                                                         const short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_prod_reduce(shoal_team_t team, int* dest, const int* source,
                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_prod_reducescatter(shoal_team_t team, int* dest, const int* source,
                                                 size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_prod_reduce_warp(shoal_team_t team, int* dest, const int* source,
                                               size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_prod_reducescatter_warp(shoal_team_t team, int* dest,
                                                      const int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_prod_reduce_block(shoal_team_t team, int* dest, const int* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_int_prod_reducescatter_block(shoal_team_t team, int* dest,
                                                       const int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_prod_reduce(shoal_team_t team, long* dest, const long* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_prod_reducescatter(shoal_team_t team, long* dest, const long* source,
                                                  size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_prod_reduce_warp(shoal_team_t team, long* dest, const long* source,
                                                size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_prod_reducescatter_warp(shoal_team_t team, long* dest,
                                                       const long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_prod_reduce_block(shoal_team_t team, long* dest, const long* source,
                                                 size_t nreduce);
SHOAL_DEVICE_FN int shoal_long_prod_reducescatter_block(shoal_team_t team, long* dest,
                                                        const long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_prod_reduce(shoal_team_t team, long long* dest,
                                               const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_prod_reducescatter(shoal_team_t team, long long* dest,
                                                      const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_prod_reduce_warp(shoal_team_t team, long long* dest,
                                                    const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_prod_reducescatter_warp(shoal_team_t team, long long* dest,
                                                           const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_prod_reduce_block(shoal_team_t team, long long* dest,
                                                     const long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_longlong_prod_reducescatter_block(shoal_team_t team, long long* dest,
                                                            const long long* source,
                                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_prod_reduce(shoal_team_t team, ptrdiff_t* dest,
                                              const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_prod_reducescatter(shoal_team_t team, ptrdiff_t* dest,
                                                     const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_prod_reduce_warp(shoal_team_t team, ptrdiff_t* dest,
                                                   const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_prod_reducescatter_warp(shoal_team_t team, ptrdiff_t* dest,
                                                          const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_prod_reduce_block(shoal_team_t team, ptrdiff_t* dest,
                                                    const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ptrdiff_prod_reducescatter_block(shoal_team_t team, ptrdiff_t* dest,
                                                           const ptrdiff_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_prod_reduce(shoal_team_t team, unsigned char* dest,
                                            const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_prod_reducescatter(shoal_team_t team, unsigned char* dest,
                                                   const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_prod_reduce_warp(shoal_team_t team, unsigned char* dest,
                                                 const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_prod_reducescatter_warp(shoal_team_t team, unsigned char* dest,
                                                        const unsigned char* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_prod_reduce_block(shoal_team_t team, unsigned char* dest,
                                                  const unsigned char* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uchar_prod_reducescatter_block(shoal_team_t team, unsigned char* dest,
                                                         const unsigned char* source,
                                                         size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_prod_reduce(shoal_team_t team, unsigned short* dest,
                                             const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_prod_reducescatter(shoal_team_t team, unsigned short* dest,
                                                    const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_prod_reduce_warp(shoal_team_t team, unsigned short* dest,
                                                  const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_prod_reducescatter_warp(shoal_team_t team, unsigned short* dest,
                                                         const unsigned short* source,
                                                         size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_prod_reduce_block(shoal_team_t team, unsigned short* dest,
                                                   const unsigned short* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ushort_prod_reducescatter_block(shoal_team_t team, unsigned short* dest,
                                                          const unsigned short* source,
                                                          size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_prod_reduce(shoal_team_t team, unsigned int* dest,
                                           const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_prod_reducescatter(shoal_team_t team, unsigned int* dest,
                                                  const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_prod_reduce_warp(shoal_team_t team, unsigned int* dest,
                                                const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_prod_reducescatter_warp(shoal_team_t team, unsigned int* dest,
                                                       const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_prod_reduce_block(shoal_team_t team, unsigned int* dest,
                                                 const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint_prod_reducescatter_block(shoal_team_t team, unsigned int* dest,
                                                        const unsigned int* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_prod_reduce(shoal_team_t team, unsigned long* dest,
                                            const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_prod_reducescatter(shoal_team_t team, unsigned long* dest,
                                                   const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_prod_reduce_warp(shoal_team_t team, unsigned long* dest,
                                                 const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_prod_reducescatter_warp(shoal_team_t team, unsigned long* dest,
                                                        const unsigned long* source,
                                                        size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_prod_reduce_block(shoal_team_t team, unsigned long* dest,
                                                  const unsigned long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulong_prod_reducescatter_block(shoal_team_t team, unsigned long* dest,
                                                         const unsigned long* source,
                                                         size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_prod_reduce(shoal_team_t team, unsigned long long* dest,
                                                const unsigned long long* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_prod_reducescatter(shoal_team_t team, unsigned long long* dest,
                                                       const unsigned long long* source,
                                                       size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_prod_reduce_warp(shoal_team_t team, unsigned long long* dest,
                                                     const unsigned long long* source,
                                                     size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_prod_reducescatter_warp(shoal_team_t team,
                                                            unsigned long long* dest,
                                                            const unsigned long long* source,
                                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_prod_reduce_block(shoal_team_t team, unsigned long long* dest,
                                                      const unsigned long long* source,
                                                      size_t nreduce);
SHOAL_DEVICE_FN int shoal_ulonglong_prod_reducescatter_block(shoal_team_t team,
                                                             unsigned long long* dest,
                                                             const unsigned long long* source,
                                                             size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_prod_reduce(shoal_team_t team, int8_t* dest, const int8_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_prod_reducescatter(shoal_team_t team, int8_t* dest,
                                                  const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_prod_reduce_warp(shoal_team_t team, int8_t* dest,
                                                const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_prod_reducescatter_warp(shoal_team_t team, int8_t* dest,
                                                       const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_prod_reduce_block(shoal_team_t team, int8_t* dest,
                                                 const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int8_prod_reducescatter_block(shoal_team_t team, int8_t* dest,
                                                        const int8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_prod_reduce(shoal_team_t team, int16_t* dest, const int16_t* source,
                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_prod_reducescatter(shoal_team_t team, int16_t* dest,
                                                   const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_prod_reduce_warp(shoal_team_t team, int16_t* dest,
                                                 const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_prod_reducescatter_warp(shoal_team_t team, int16_t* dest,
                                                        const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_prod_reduce_block(shoal_team_t team, int16_t* dest,
                                                  const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int16_prod_reducescatter_block(shoal_team_t team, int16_t* dest,
                                                         const int16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_prod_reduce(shoal_team_t team, int32_t* dest, const int32_t* source,
                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_prod_reducescatter(shoal_team_t team, int32_t* dest,
                                                   const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_prod_reduce_warp(shoal_team_t team, int32_t* dest,
                                                 const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_prod_reducescatter_warp(shoal_team_t team, int32_t* dest,
                                                        const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_prod_reduce_block(shoal_team_t team, int32_t* dest,
                                                  const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int32_prod_reducescatter_block(shoal_team_t team, int32_t* dest,
                                                         const int32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_prod_reduce(shoal_team_t team, int64_t* dest, const int64_t* source,
                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_prod_reducescatter(shoal_team_t team, int64_t* dest,
                                                   const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_prod_reduce_warp(shoal_team_t team, int64_t* dest,
                                                 const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_prod_reducescatter_warp(shoal_team_t team, int64_t* dest,
                                                        const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_prod_reduce_block(shoal_team_t team, int64_t* dest,
                                                  const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_int64_prod_reducescatter_block(shoal_team_t team, int64_t* dest,
                                                         const int64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_prod_reduce(shoal_team_t team, uint8_t* dest, const uint8_t* source,
                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_prod_reducescatter(shoal_team_t team, uint8_t* dest,
                                                   const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_prod_reduce_warp(shoal_team_t team, uint8_t* dest,
                                                 const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_prod_reducescatter_warp(shoal_team_t team, uint8_t* dest,
                                                        const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_prod_reduce_block(shoal_team_t team, uint8_t* dest,
                                                  const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint8_prod_reducescatter_block(shoal_team_t team, uint8_t* dest,
                                                         const uint8_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_prod_reduce(shoal_team_t team, uint16_t* dest,
                                             const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_prod_reducescatter(shoal_team_t team, uint16_t* dest,
                                                    const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_prod_reduce_warp(shoal_team_t team, uint16_t* dest,
                                                  const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_prod_reducescatter_warp(shoal_team_t team, uint16_t* dest,
                                                         const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_prod_reduce_block(shoal_team_t team, uint16_t* dest,
                                                   const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint16_prod_reducescatter_block(shoal_team_t team, uint16_t* dest,
                                                          const uint16_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_prod_reduce(shoal_team_t team, uint32_t* dest,
                                             const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_prod_reducescatter(shoal_team_t team, uint32_t* dest,
                                                    const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_prod_reduce_warp(shoal_team_t team, uint32_t* dest,
                                                  const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_prod_reducescatter_warp(shoal_team_t team, uint32_t* dest,
                                                         const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_prod_reduce_block(shoal_team_t team, uint32_t* dest,
                                                   const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint32_prod_reducescatter_block(shoal_team_t team, uint32_t* dest,
                                                          const uint32_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_prod_reduce(shoal_team_t team, uint64_t* dest,
                                             const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_prod_reducescatter(shoal_team_t team, uint64_t* dest,
                                                    const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_prod_reduce_warp(shoal_team_t team, uint64_t* dest,
                                                  const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_prod_reducescatter_warp(shoal_team_t team, uint64_t* dest,
                                                         const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_prod_reduce_block(shoal_team_t team, uint64_t* dest,
                                                   const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_uint64_prod_reducescatter_block(shoal_team_t team, uint64_t* dest,
                                                          const uint64_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_prod_reduce(shoal_team_t team, size_t* dest, const size_t* source,
                                           size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_prod_reducescatter(shoal_team_t team, size_t* dest,
                                                  const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_prod_reduce_warp(shoal_team_t team, size_t* dest,
                                                const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_prod_reducescatter_warp(shoal_team_t team, size_t* dest,
                                                       const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_prod_reduce_block(shoal_team_t team, size_t* dest,
                                                 const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_size_prod_reducescatter_block(shoal_team_t team, size_t* dest,
                                                        const size_t* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_prod_reduce(shoal_team_t team, float* dest, const float* source,
                                            size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_prod_reducescatter(shoal_team_t team, float* dest,
                                                   const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_prod_reduce_warp(shoal_team_t team, float* dest,
                                                 const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_prod_reducescatter_warp(shoal_team_t team, float* dest,
                                                        const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_prod_reduce_block(shoal_team_t team, float* dest,
                                                  const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_float_prod_reducescatter_block(shoal_team_t team, float* dest,
                                                         const float* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_prod_reduce(shoal_team_t team, double* dest, const double* source,
                                             size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_prod_reducescatter(shoal_team_t team, double* dest,
                                                    const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_prod_reduce_warp(shoal_team_t team, double* dest,
                                                  const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_prod_reducescatter_warp(shoal_team_t team, double* dest,
                                                         const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_prod_reduce_block(shoal_team_t team, double* dest,
                                                   const double* source, size_t nreduce);
SHOAL_DEVICE_FN int shoal_double_prod_reducescatter_block(shoal_team_t team, double* dest,
                                                          const double* source, size_t nreduce);
/* END tools/gen-api: device_coll */

#ifdef __cplusplus
}
#endif

#endif /* SHOAL_DEVICE_COLL_H */
