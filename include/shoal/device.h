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


/* BEGIN tools/gen-api: device_rma (generated from its table: do not edit; the
 * implementation: shoal/device/entry.cuh) */
#ifdef __cplusplus /* bfloat16 and half are CUDA C++ types */
SHOAL_DEVICE_FN void shoal_bfloat16_put_warp(__nv_bfloat16* dest, const __nv_bfloat16* src,
                                             size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_get_warp(__nv_bfloat16* dest, const __nv_bfloat16* src,
                                             size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_put_nbi_warp(__nv_bfloat16* dest, const __nv_bfloat16* src,
                                                 size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_get_nbi_warp(__nv_bfloat16* dest, const __nv_bfloat16* src,
                                                 size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_iput_warp(__nv_bfloat16* dest, const __nv_bfloat16* src,
                                              ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_iget_warp(__nv_bfloat16* dest, const __nv_bfloat16* src,
                                              ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_put_signal_warp(__nv_bfloat16* dest, const __nv_bfloat16* src,
                                                    size_t nelems, uint64_t* sig_addr,
                                                    uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_put_signal_nbi_warp(__nv_bfloat16* dest,
                                                        const __nv_bfloat16* src, size_t nelems,
                                                        uint64_t* sig_addr, uint64_t signal,
                                                        int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_put_block(__nv_bfloat16* dest, const __nv_bfloat16* src,
                                              size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_get_block(__nv_bfloat16* dest, const __nv_bfloat16* src,
                                              size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_put_nbi_block(__nv_bfloat16* dest, const __nv_bfloat16* src,
                                                  size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_get_nbi_block(__nv_bfloat16* dest, const __nv_bfloat16* src,
                                                  size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_iput_block(__nv_bfloat16* dest, const __nv_bfloat16* src,
                                               ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_iget_block(__nv_bfloat16* dest, const __nv_bfloat16* src,
                                               ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_put_signal_block(__nv_bfloat16* dest, const __nv_bfloat16* src,
                                                     size_t nelems, uint64_t* sig_addr,
                                                     uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_bfloat16_put_signal_nbi_block(__nv_bfloat16* dest,
                                                         const __nv_bfloat16* src, size_t nelems,
                                                         uint64_t* sig_addr, uint64_t signal,
                                                         int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_half_put_warp(__half* dest, const __half* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_half_get_warp(__half* dest, const __half* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_half_put_nbi_warp(__half* dest, const __half* src, size_t nelems,
                                             int pe);
SHOAL_DEVICE_FN void shoal_half_get_nbi_warp(__half* dest, const __half* src, size_t nelems,
                                             int pe);
SHOAL_DEVICE_FN void shoal_half_iput_warp(__half* dest, const __half* src, ptrdiff_t dst,
                                          ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_half_iget_warp(__half* dest, const __half* src, ptrdiff_t dst,
                                          ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_half_put_signal_warp(__half* dest, const __half* src, size_t nelems,
                                                uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                int pe);
SHOAL_DEVICE_FN void shoal_half_put_signal_nbi_warp(__half* dest, const __half* src, size_t nelems,
                                                    uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                    int pe);
SHOAL_DEVICE_FN void shoal_half_put_block(__half* dest, const __half* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_half_get_block(__half* dest, const __half* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_half_put_nbi_block(__half* dest, const __half* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_half_get_nbi_block(__half* dest, const __half* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_half_iput_block(__half* dest, const __half* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_half_iget_block(__half* dest, const __half* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_half_put_signal_block(__half* dest, const __half* src, size_t nelems,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_half_put_signal_nbi_block(__half* dest, const __half* src, size_t nelems,
                                                     uint64_t* sig_addr, uint64_t signal,
                                                     int sig_op, int pe);
#endif
SHOAL_DEVICE_FN void shoal_float_put_warp(float* dest, const float* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_float_get_warp(float* dest, const float* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_float_put_nbi_warp(float* dest, const float* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_float_get_nbi_warp(float* dest, const float* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_float_iput_warp(float* dest, const float* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_float_iget_warp(float* dest, const float* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_float_put_signal_warp(float* dest, const float* src, size_t nelems,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_float_put_signal_nbi_warp(float* dest, const float* src, size_t nelems,
                                                     uint64_t* sig_addr, uint64_t signal,
                                                     int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_float_put_block(float* dest, const float* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_float_get_block(float* dest, const float* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_float_put_nbi_block(float* dest, const float* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_float_get_nbi_block(float* dest, const float* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_float_iput_block(float* dest, const float* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_float_iget_block(float* dest, const float* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_float_put_signal_block(float* dest, const float* src, size_t nelems,
                                                  uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                  int pe);
SHOAL_DEVICE_FN void shoal_float_put_signal_nbi_block(float* dest, const float* src, size_t nelems,
                                                      uint64_t* sig_addr, uint64_t signal,
                                                      int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_double_put_warp(double* dest, const double* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_double_get_warp(double* dest, const double* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_double_put_nbi_warp(double* dest, const double* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_double_get_nbi_warp(double* dest, const double* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_double_iput_warp(double* dest, const double* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_double_iget_warp(double* dest, const double* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_double_put_signal_warp(double* dest, const double* src, size_t nelems,
                                                  uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                  int pe);
SHOAL_DEVICE_FN void shoal_double_put_signal_nbi_warp(double* dest, const double* src,
                                                      size_t nelems, uint64_t* sig_addr,
                                                      uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_double_put_block(double* dest, const double* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_double_get_block(double* dest, const double* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_double_put_nbi_block(double* dest, const double* src, size_t nelems,
                                                int pe);
SHOAL_DEVICE_FN void shoal_double_get_nbi_block(double* dest, const double* src, size_t nelems,
                                                int pe);
SHOAL_DEVICE_FN void shoal_double_iput_block(double* dest, const double* src, ptrdiff_t dst,
                                             ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_double_iget_block(double* dest, const double* src, ptrdiff_t dst,
                                             ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_double_put_signal_block(double* dest, const double* src, size_t nelems,
                                                   uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                   int pe);
SHOAL_DEVICE_FN void shoal_double_put_signal_nbi_block(double* dest, const double* src,
                                                       size_t nelems, uint64_t* sig_addr,
                                                       uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_char_put_warp(char* dest, const char* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_char_get_warp(char* dest, const char* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_char_put_nbi_warp(char* dest, const char* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_char_get_nbi_warp(char* dest, const char* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_char_iput_warp(char* dest, const char* src, ptrdiff_t dst, ptrdiff_t sst,
                                          size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_char_iget_warp(char* dest, const char* src, ptrdiff_t dst, ptrdiff_t sst,
                                          size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_char_put_signal_warp(char* dest, const char* src, size_t nelems,
                                                uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                int pe);
SHOAL_DEVICE_FN void shoal_char_put_signal_nbi_warp(char* dest, const char* src, size_t nelems,
                                                    uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                    int pe);
SHOAL_DEVICE_FN void shoal_char_put_block(char* dest, const char* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_char_get_block(char* dest, const char* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_char_put_nbi_block(char* dest, const char* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_char_get_nbi_block(char* dest, const char* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_char_iput_block(char* dest, const char* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_char_iget_block(char* dest, const char* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_char_put_signal_block(char* dest, const char* src, size_t nelems,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_char_put_signal_nbi_block(char* dest, const char* src, size_t nelems,
                                                     uint64_t* sig_addr, uint64_t signal,
                                                     int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_short_put_warp(short* dest, const short* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_short_get_warp(short* dest, const short* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_short_put_nbi_warp(short* dest, const short* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_short_get_nbi_warp(short* dest, const short* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_short_iput_warp(short* dest, const short* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_short_iget_warp(short* dest, const short* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_short_put_signal_warp(short* dest, const short* src, size_t nelems,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_short_put_signal_nbi_warp(short* dest, const short* src, size_t nelems,
                                                     uint64_t* sig_addr, uint64_t signal,
                                                     int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_short_put_block(short* dest, const short* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_short_get_block(short* dest, const short* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_short_put_nbi_block(short* dest, const short* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_short_get_nbi_block(short* dest, const short* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_short_iput_block(short* dest, const short* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_short_iget_block(short* dest, const short* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_short_put_signal_block(short* dest, const short* src, size_t nelems,
                                                  uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                  int pe);
SHOAL_DEVICE_FN void shoal_short_put_signal_nbi_block(short* dest, const short* src, size_t nelems,
                                                      uint64_t* sig_addr, uint64_t signal,
                                                      int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_schar_put_warp(signed char* dest, const signed char* src, size_t nelems,
                                          int pe);
SHOAL_DEVICE_FN void shoal_schar_get_warp(signed char* dest, const signed char* src, size_t nelems,
                                          int pe);
SHOAL_DEVICE_FN void shoal_schar_put_nbi_warp(signed char* dest, const signed char* src,
                                              size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_schar_get_nbi_warp(signed char* dest, const signed char* src,
                                              size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_schar_iput_warp(signed char* dest, const signed char* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_schar_iget_warp(signed char* dest, const signed char* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_schar_put_signal_warp(signed char* dest, const signed char* src,
                                                 size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                                 int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_schar_put_signal_nbi_warp(signed char* dest, const signed char* src,
                                                     size_t nelems, uint64_t* sig_addr,
                                                     uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_schar_put_block(signed char* dest, const signed char* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_schar_get_block(signed char* dest, const signed char* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_schar_put_nbi_block(signed char* dest, const signed char* src,
                                               size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_schar_get_nbi_block(signed char* dest, const signed char* src,
                                               size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_schar_iput_block(signed char* dest, const signed char* src,
                                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_schar_iget_block(signed char* dest, const signed char* src,
                                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_schar_put_signal_block(signed char* dest, const signed char* src,
                                                  size_t nelems, uint64_t* sig_addr,
                                                  uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_schar_put_signal_nbi_block(signed char* dest, const signed char* src,
                                                      size_t nelems, uint64_t* sig_addr,
                                                      uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_int_put_warp(int* dest, const int* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int_get_warp(int* dest, const int* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int_put_nbi_warp(int* dest, const int* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int_get_nbi_warp(int* dest, const int* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int_iput_warp(int* dest, const int* src, ptrdiff_t dst, ptrdiff_t sst,
                                         size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int_iget_warp(int* dest, const int* src, ptrdiff_t dst, ptrdiff_t sst,
                                         size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int_put_signal_warp(int* dest, const int* src, size_t nelems,
                                               uint64_t* sig_addr, uint64_t signal, int sig_op,
                                               int pe);
SHOAL_DEVICE_FN void shoal_int_put_signal_nbi_warp(int* dest, const int* src, size_t nelems,
                                                   uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                   int pe);
SHOAL_DEVICE_FN void shoal_int_put_block(int* dest, const int* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int_get_block(int* dest, const int* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int_put_nbi_block(int* dest, const int* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int_get_nbi_block(int* dest, const int* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int_iput_block(int* dest, const int* src, ptrdiff_t dst, ptrdiff_t sst,
                                          size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int_iget_block(int* dest, const int* src, ptrdiff_t dst, ptrdiff_t sst,
                                          size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int_put_signal_block(int* dest, const int* src, size_t nelems,
                                                uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                int pe);
SHOAL_DEVICE_FN void shoal_int_put_signal_nbi_block(int* dest, const int* src, size_t nelems,
                                                    uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                    int pe);
SHOAL_DEVICE_FN void shoal_long_put_warp(long* dest, const long* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_long_get_warp(long* dest, const long* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_long_put_nbi_warp(long* dest, const long* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_long_get_nbi_warp(long* dest, const long* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_long_iput_warp(long* dest, const long* src, ptrdiff_t dst, ptrdiff_t sst,
                                          size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_long_iget_warp(long* dest, const long* src, ptrdiff_t dst, ptrdiff_t sst,
                                          size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_long_put_signal_warp(long* dest, const long* src, size_t nelems,
                                                uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                int pe);
SHOAL_DEVICE_FN void shoal_long_put_signal_nbi_warp(long* dest, const long* src, size_t nelems,
                                                    uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                    int pe);
SHOAL_DEVICE_FN void shoal_long_put_block(long* dest, const long* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_long_get_block(long* dest, const long* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_long_put_nbi_block(long* dest, const long* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_long_get_nbi_block(long* dest, const long* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_long_iput_block(long* dest, const long* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_long_iget_block(long* dest, const long* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_long_put_signal_block(long* dest, const long* src, size_t nelems,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_long_put_signal_nbi_block(long* dest, const long* src, size_t nelems,
                                                     uint64_t* sig_addr, uint64_t signal,
                                                     int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_longlong_put_warp(long long* dest, const long long* src, size_t nelems,
                                             int pe);
SHOAL_DEVICE_FN void shoal_longlong_get_warp(long long* dest, const long long* src, size_t nelems,
                                             int pe);
SHOAL_DEVICE_FN void shoal_longlong_put_nbi_warp(long long* dest, const long long* src,
                                                 size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_longlong_get_nbi_warp(long long* dest, const long long* src,
                                                 size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_longlong_iput_warp(long long* dest, const long long* src, ptrdiff_t dst,
                                              ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_longlong_iget_warp(long long* dest, const long long* src, ptrdiff_t dst,
                                              ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_longlong_put_signal_warp(long long* dest, const long long* src,
                                                    size_t nelems, uint64_t* sig_addr,
                                                    uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_longlong_put_signal_nbi_warp(long long* dest, const long long* src,
                                                        size_t nelems, uint64_t* sig_addr,
                                                        uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_longlong_put_block(long long* dest, const long long* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_longlong_get_block(long long* dest, const long long* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_longlong_put_nbi_block(long long* dest, const long long* src,
                                                  size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_longlong_get_nbi_block(long long* dest, const long long* src,
                                                  size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_longlong_iput_block(long long* dest, const long long* src, ptrdiff_t dst,
                                               ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_longlong_iget_block(long long* dest, const long long* src, ptrdiff_t dst,
                                               ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_longlong_put_signal_block(long long* dest, const long long* src,
                                                     size_t nelems, uint64_t* sig_addr,
                                                     uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_longlong_put_signal_nbi_block(long long* dest, const long long* src,
                                                         size_t nelems, uint64_t* sig_addr,
                                                         uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uchar_put_warp(unsigned char* dest, const unsigned char* src,
                                          size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uchar_get_warp(unsigned char* dest, const unsigned char* src,
                                          size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uchar_put_nbi_warp(unsigned char* dest, const unsigned char* src,
                                              size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uchar_get_nbi_warp(unsigned char* dest, const unsigned char* src,
                                              size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uchar_iput_warp(unsigned char* dest, const unsigned char* src,
                                           ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uchar_iget_warp(unsigned char* dest, const unsigned char* src,
                                           ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uchar_put_signal_warp(unsigned char* dest, const unsigned char* src,
                                                 size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                                 int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uchar_put_signal_nbi_warp(unsigned char* dest, const unsigned char* src,
                                                     size_t nelems, uint64_t* sig_addr,
                                                     uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uchar_put_block(unsigned char* dest, const unsigned char* src,
                                           size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uchar_get_block(unsigned char* dest, const unsigned char* src,
                                           size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uchar_put_nbi_block(unsigned char* dest, const unsigned char* src,
                                               size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uchar_get_nbi_block(unsigned char* dest, const unsigned char* src,
                                               size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uchar_iput_block(unsigned char* dest, const unsigned char* src,
                                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uchar_iget_block(unsigned char* dest, const unsigned char* src,
                                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uchar_put_signal_block(unsigned char* dest, const unsigned char* src,
                                                  size_t nelems, uint64_t* sig_addr,
                                                  uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uchar_put_signal_nbi_block(unsigned char* dest, const unsigned char* src,
                                                      size_t nelems, uint64_t* sig_addr,
                                                      uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ushort_put_warp(unsigned short* dest, const unsigned short* src,
                                           size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ushort_get_warp(unsigned short* dest, const unsigned short* src,
                                           size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ushort_put_nbi_warp(unsigned short* dest, const unsigned short* src,
                                               size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ushort_get_nbi_warp(unsigned short* dest, const unsigned short* src,
                                               size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ushort_iput_warp(unsigned short* dest, const unsigned short* src,
                                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ushort_iget_warp(unsigned short* dest, const unsigned short* src,
                                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ushort_put_signal_warp(unsigned short* dest, const unsigned short* src,
                                                  size_t nelems, uint64_t* sig_addr,
                                                  uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ushort_put_signal_nbi_warp(unsigned short* dest,
                                                      const unsigned short* src, size_t nelems,
                                                      uint64_t* sig_addr, uint64_t signal,
                                                      int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ushort_put_block(unsigned short* dest, const unsigned short* src,
                                            size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ushort_get_block(unsigned short* dest, const unsigned short* src,
                                            size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ushort_put_nbi_block(unsigned short* dest, const unsigned short* src,
                                                size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ushort_get_nbi_block(unsigned short* dest, const unsigned short* src,
                                                size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ushort_iput_block(unsigned short* dest, const unsigned short* src,
                                             ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ushort_iget_block(unsigned short* dest, const unsigned short* src,
                                             ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ushort_put_signal_block(unsigned short* dest, const unsigned short* src,
                                                   size_t nelems, uint64_t* sig_addr,
                                                   uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ushort_put_signal_nbi_block(unsigned short* dest,
                                                       const unsigned short* src, size_t nelems,
                                                       uint64_t* sig_addr, uint64_t signal,
                                                       int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint_put_warp(unsigned int* dest, const unsigned int* src, size_t nelems,
                                         int pe);
SHOAL_DEVICE_FN void shoal_uint_get_warp(unsigned int* dest, const unsigned int* src, size_t nelems,
                                         int pe);
SHOAL_DEVICE_FN void shoal_uint_put_nbi_warp(unsigned int* dest, const unsigned int* src,
                                             size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint_get_nbi_warp(unsigned int* dest, const unsigned int* src,
                                             size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint_iput_warp(unsigned int* dest, const unsigned int* src,
                                          ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint_iget_warp(unsigned int* dest, const unsigned int* src,
                                          ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint_put_signal_warp(unsigned int* dest, const unsigned int* src,
                                                size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                                int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint_put_signal_nbi_warp(unsigned int* dest, const unsigned int* src,
                                                    size_t nelems, uint64_t* sig_addr,
                                                    uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint_put_block(unsigned int* dest, const unsigned int* src,
                                          size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint_get_block(unsigned int* dest, const unsigned int* src,
                                          size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint_put_nbi_block(unsigned int* dest, const unsigned int* src,
                                              size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint_get_nbi_block(unsigned int* dest, const unsigned int* src,
                                              size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint_iput_block(unsigned int* dest, const unsigned int* src,
                                           ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint_iget_block(unsigned int* dest, const unsigned int* src,
                                           ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint_put_signal_block(unsigned int* dest, const unsigned int* src,
                                                 size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                                 int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint_put_signal_nbi_block(unsigned int* dest, const unsigned int* src,
                                                     size_t nelems, uint64_t* sig_addr,
                                                     uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ulong_put_warp(unsigned long* dest, const unsigned long* src,
                                          size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulong_get_warp(unsigned long* dest, const unsigned long* src,
                                          size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulong_put_nbi_warp(unsigned long* dest, const unsigned long* src,
                                              size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulong_get_nbi_warp(unsigned long* dest, const unsigned long* src,
                                              size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulong_iput_warp(unsigned long* dest, const unsigned long* src,
                                           ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulong_iget_warp(unsigned long* dest, const unsigned long* src,
                                           ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulong_put_signal_warp(unsigned long* dest, const unsigned long* src,
                                                 size_t nelems, uint64_t* sig_addr, uint64_t signal,
                                                 int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ulong_put_signal_nbi_warp(unsigned long* dest, const unsigned long* src,
                                                     size_t nelems, uint64_t* sig_addr,
                                                     uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ulong_put_block(unsigned long* dest, const unsigned long* src,
                                           size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulong_get_block(unsigned long* dest, const unsigned long* src,
                                           size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulong_put_nbi_block(unsigned long* dest, const unsigned long* src,
                                               size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulong_get_nbi_block(unsigned long* dest, const unsigned long* src,
                                               size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulong_iput_block(unsigned long* dest, const unsigned long* src,
                                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulong_iget_block(unsigned long* dest, const unsigned long* src,
                                            ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulong_put_signal_block(unsigned long* dest, const unsigned long* src,
                                                  size_t nelems, uint64_t* sig_addr,
                                                  uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ulong_put_signal_nbi_block(unsigned long* dest, const unsigned long* src,
                                                      size_t nelems, uint64_t* sig_addr,
                                                      uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_put_warp(unsigned long long* dest,
                                              const unsigned long long* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_get_warp(unsigned long long* dest,
                                              const unsigned long long* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_put_nbi_warp(unsigned long long* dest,
                                                  const unsigned long long* src, size_t nelems,
                                                  int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_get_nbi_warp(unsigned long long* dest,
                                                  const unsigned long long* src, size_t nelems,
                                                  int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_iput_warp(unsigned long long* dest,
                                               const unsigned long long* src, ptrdiff_t dst,
                                               ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_iget_warp(unsigned long long* dest,
                                               const unsigned long long* src, ptrdiff_t dst,
                                               ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_put_signal_warp(unsigned long long* dest,
                                                     const unsigned long long* src, size_t nelems,
                                                     uint64_t* sig_addr, uint64_t signal,
                                                     int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_put_signal_nbi_warp(unsigned long long* dest,
                                                         const unsigned long long* src,
                                                         size_t nelems, uint64_t* sig_addr,
                                                         uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_put_block(unsigned long long* dest,
                                               const unsigned long long* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_get_block(unsigned long long* dest,
                                               const unsigned long long* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_put_nbi_block(unsigned long long* dest,
                                                   const unsigned long long* src, size_t nelems,
                                                   int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_get_nbi_block(unsigned long long* dest,
                                                   const unsigned long long* src, size_t nelems,
                                                   int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_iput_block(unsigned long long* dest,
                                                const unsigned long long* src, ptrdiff_t dst,
                                                ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_iget_block(unsigned long long* dest,
                                                const unsigned long long* src, ptrdiff_t dst,
                                                ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_put_signal_block(unsigned long long* dest,
                                                      const unsigned long long* src, size_t nelems,
                                                      uint64_t* sig_addr, uint64_t signal,
                                                      int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ulonglong_put_signal_nbi_block(unsigned long long* dest,
                                                          const unsigned long long* src,
                                                          size_t nelems, uint64_t* sig_addr,
                                                          uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_int8_put_warp(int8_t* dest, const int8_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int8_get_warp(int8_t* dest, const int8_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int8_put_nbi_warp(int8_t* dest, const int8_t* src, size_t nelems,
                                             int pe);
SHOAL_DEVICE_FN void shoal_int8_get_nbi_warp(int8_t* dest, const int8_t* src, size_t nelems,
                                             int pe);
SHOAL_DEVICE_FN void shoal_int8_iput_warp(int8_t* dest, const int8_t* src, ptrdiff_t dst,
                                          ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int8_iget_warp(int8_t* dest, const int8_t* src, ptrdiff_t dst,
                                          ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int8_put_signal_warp(int8_t* dest, const int8_t* src, size_t nelems,
                                                uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                int pe);
SHOAL_DEVICE_FN void shoal_int8_put_signal_nbi_warp(int8_t* dest, const int8_t* src, size_t nelems,
                                                    uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                    int pe);
SHOAL_DEVICE_FN void shoal_int8_put_block(int8_t* dest, const int8_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int8_get_block(int8_t* dest, const int8_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int8_put_nbi_block(int8_t* dest, const int8_t* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_int8_get_nbi_block(int8_t* dest, const int8_t* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_int8_iput_block(int8_t* dest, const int8_t* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int8_iget_block(int8_t* dest, const int8_t* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int8_put_signal_block(int8_t* dest, const int8_t* src, size_t nelems,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_int8_put_signal_nbi_block(int8_t* dest, const int8_t* src, size_t nelems,
                                                     uint64_t* sig_addr, uint64_t signal,
                                                     int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_int16_put_warp(int16_t* dest, const int16_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int16_get_warp(int16_t* dest, const int16_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int16_put_nbi_warp(int16_t* dest, const int16_t* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_int16_get_nbi_warp(int16_t* dest, const int16_t* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_int16_iput_warp(int16_t* dest, const int16_t* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int16_iget_warp(int16_t* dest, const int16_t* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int16_put_signal_warp(int16_t* dest, const int16_t* src, size_t nelems,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_int16_put_signal_nbi_warp(int16_t* dest, const int16_t* src,
                                                     size_t nelems, uint64_t* sig_addr,
                                                     uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_int16_put_block(int16_t* dest, const int16_t* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_int16_get_block(int16_t* dest, const int16_t* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_int16_put_nbi_block(int16_t* dest, const int16_t* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_int16_get_nbi_block(int16_t* dest, const int16_t* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_int16_iput_block(int16_t* dest, const int16_t* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int16_iget_block(int16_t* dest, const int16_t* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int16_put_signal_block(int16_t* dest, const int16_t* src, size_t nelems,
                                                  uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                  int pe);
SHOAL_DEVICE_FN void shoal_int16_put_signal_nbi_block(int16_t* dest, const int16_t* src,
                                                      size_t nelems, uint64_t* sig_addr,
                                                      uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_int32_put_warp(int32_t* dest, const int32_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int32_get_warp(int32_t* dest, const int32_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int32_put_nbi_warp(int32_t* dest, const int32_t* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_int32_get_nbi_warp(int32_t* dest, const int32_t* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_int32_iput_warp(int32_t* dest, const int32_t* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int32_iget_warp(int32_t* dest, const int32_t* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int32_put_signal_warp(int32_t* dest, const int32_t* src, size_t nelems,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_int32_put_signal_nbi_warp(int32_t* dest, const int32_t* src,
                                                     size_t nelems, uint64_t* sig_addr,
                                                     uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_int32_put_block(int32_t* dest, const int32_t* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_int32_get_block(int32_t* dest, const int32_t* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_int32_put_nbi_block(int32_t* dest, const int32_t* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_int32_get_nbi_block(int32_t* dest, const int32_t* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_int32_iput_block(int32_t* dest, const int32_t* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int32_iget_block(int32_t* dest, const int32_t* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int32_put_signal_block(int32_t* dest, const int32_t* src, size_t nelems,
                                                  uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                  int pe);
SHOAL_DEVICE_FN void shoal_int32_put_signal_nbi_block(int32_t* dest, const int32_t* src,
                                                      size_t nelems, uint64_t* sig_addr,
                                                      uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_int64_put_warp(int64_t* dest, const int64_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int64_get_warp(int64_t* dest, const int64_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int64_put_nbi_warp(int64_t* dest, const int64_t* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_int64_get_nbi_warp(int64_t* dest, const int64_t* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_int64_iput_warp(int64_t* dest, const int64_t* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int64_iget_warp(int64_t* dest, const int64_t* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int64_put_signal_warp(int64_t* dest, const int64_t* src, size_t nelems,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_int64_put_signal_nbi_warp(int64_t* dest, const int64_t* src,
                                                     size_t nelems, uint64_t* sig_addr,
                                                     uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_int64_put_block(int64_t* dest, const int64_t* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_int64_get_block(int64_t* dest, const int64_t* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_int64_put_nbi_block(int64_t* dest, const int64_t* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_int64_get_nbi_block(int64_t* dest, const int64_t* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_int64_iput_block(int64_t* dest, const int64_t* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int64_iget_block(int64_t* dest, const int64_t* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_int64_put_signal_block(int64_t* dest, const int64_t* src, size_t nelems,
                                                  uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                  int pe);
SHOAL_DEVICE_FN void shoal_int64_put_signal_nbi_block(int64_t* dest, const int64_t* src,
                                                      size_t nelems, uint64_t* sig_addr,
                                                      uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint8_put_warp(uint8_t* dest, const uint8_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint8_get_warp(uint8_t* dest, const uint8_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint8_put_nbi_warp(uint8_t* dest, const uint8_t* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_uint8_get_nbi_warp(uint8_t* dest, const uint8_t* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_uint8_iput_warp(uint8_t* dest, const uint8_t* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint8_iget_warp(uint8_t* dest, const uint8_t* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint8_put_signal_warp(uint8_t* dest, const uint8_t* src, size_t nelems,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_uint8_put_signal_nbi_warp(uint8_t* dest, const uint8_t* src,
                                                     size_t nelems, uint64_t* sig_addr,
                                                     uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint8_put_block(uint8_t* dest, const uint8_t* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_uint8_get_block(uint8_t* dest, const uint8_t* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_uint8_put_nbi_block(uint8_t* dest, const uint8_t* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_uint8_get_nbi_block(uint8_t* dest, const uint8_t* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_uint8_iput_block(uint8_t* dest, const uint8_t* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint8_iget_block(uint8_t* dest, const uint8_t* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint8_put_signal_block(uint8_t* dest, const uint8_t* src, size_t nelems,
                                                  uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                  int pe);
SHOAL_DEVICE_FN void shoal_uint8_put_signal_nbi_block(uint8_t* dest, const uint8_t* src,
                                                      size_t nelems, uint64_t* sig_addr,
                                                      uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint16_put_warp(uint16_t* dest, const uint16_t* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_uint16_get_warp(uint16_t* dest, const uint16_t* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_uint16_put_nbi_warp(uint16_t* dest, const uint16_t* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_uint16_get_nbi_warp(uint16_t* dest, const uint16_t* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_uint16_iput_warp(uint16_t* dest, const uint16_t* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint16_iget_warp(uint16_t* dest, const uint16_t* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint16_put_signal_warp(uint16_t* dest, const uint16_t* src,
                                                  size_t nelems, uint64_t* sig_addr,
                                                  uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint16_put_signal_nbi_warp(uint16_t* dest, const uint16_t* src,
                                                      size_t nelems, uint64_t* sig_addr,
                                                      uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint16_put_block(uint16_t* dest, const uint16_t* src, size_t nelems,
                                            int pe);
SHOAL_DEVICE_FN void shoal_uint16_get_block(uint16_t* dest, const uint16_t* src, size_t nelems,
                                            int pe);
SHOAL_DEVICE_FN void shoal_uint16_put_nbi_block(uint16_t* dest, const uint16_t* src, size_t nelems,
                                                int pe);
SHOAL_DEVICE_FN void shoal_uint16_get_nbi_block(uint16_t* dest, const uint16_t* src, size_t nelems,
                                                int pe);
SHOAL_DEVICE_FN void shoal_uint16_iput_block(uint16_t* dest, const uint16_t* src, ptrdiff_t dst,
                                             ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint16_iget_block(uint16_t* dest, const uint16_t* src, ptrdiff_t dst,
                                             ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint16_put_signal_block(uint16_t* dest, const uint16_t* src,
                                                   size_t nelems, uint64_t* sig_addr,
                                                   uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint16_put_signal_nbi_block(uint16_t* dest, const uint16_t* src,
                                                       size_t nelems, uint64_t* sig_addr,
                                                       uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint32_put_warp(uint32_t* dest, const uint32_t* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_uint32_get_warp(uint32_t* dest, const uint32_t* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_uint32_put_nbi_warp(uint32_t* dest, const uint32_t* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_uint32_get_nbi_warp(uint32_t* dest, const uint32_t* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_uint32_iput_warp(uint32_t* dest, const uint32_t* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint32_iget_warp(uint32_t* dest, const uint32_t* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint32_put_signal_warp(uint32_t* dest, const uint32_t* src,
                                                  size_t nelems, uint64_t* sig_addr,
                                                  uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint32_put_signal_nbi_warp(uint32_t* dest, const uint32_t* src,
                                                      size_t nelems, uint64_t* sig_addr,
                                                      uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint32_put_block(uint32_t* dest, const uint32_t* src, size_t nelems,
                                            int pe);
SHOAL_DEVICE_FN void shoal_uint32_get_block(uint32_t* dest, const uint32_t* src, size_t nelems,
                                            int pe);
SHOAL_DEVICE_FN void shoal_uint32_put_nbi_block(uint32_t* dest, const uint32_t* src, size_t nelems,
                                                int pe);
SHOAL_DEVICE_FN void shoal_uint32_get_nbi_block(uint32_t* dest, const uint32_t* src, size_t nelems,
                                                int pe);
SHOAL_DEVICE_FN void shoal_uint32_iput_block(uint32_t* dest, const uint32_t* src, ptrdiff_t dst,
                                             ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint32_iget_block(uint32_t* dest, const uint32_t* src, ptrdiff_t dst,
                                             ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint32_put_signal_block(uint32_t* dest, const uint32_t* src,
                                                   size_t nelems, uint64_t* sig_addr,
                                                   uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint32_put_signal_nbi_block(uint32_t* dest, const uint32_t* src,
                                                       size_t nelems, uint64_t* sig_addr,
                                                       uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint64_put_warp(uint64_t* dest, const uint64_t* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_uint64_get_warp(uint64_t* dest, const uint64_t* src, size_t nelems,
                                           int pe);
SHOAL_DEVICE_FN void shoal_uint64_put_nbi_warp(uint64_t* dest, const uint64_t* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_uint64_get_nbi_warp(uint64_t* dest, const uint64_t* src, size_t nelems,
                                               int pe);
SHOAL_DEVICE_FN void shoal_uint64_iput_warp(uint64_t* dest, const uint64_t* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint64_iget_warp(uint64_t* dest, const uint64_t* src, ptrdiff_t dst,
                                            ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint64_put_signal_warp(uint64_t* dest, const uint64_t* src,
                                                  size_t nelems, uint64_t* sig_addr,
                                                  uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint64_put_signal_nbi_warp(uint64_t* dest, const uint64_t* src,
                                                      size_t nelems, uint64_t* sig_addr,
                                                      uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint64_put_block(uint64_t* dest, const uint64_t* src, size_t nelems,
                                            int pe);
SHOAL_DEVICE_FN void shoal_uint64_get_block(uint64_t* dest, const uint64_t* src, size_t nelems,
                                            int pe);
SHOAL_DEVICE_FN void shoal_uint64_put_nbi_block(uint64_t* dest, const uint64_t* src, size_t nelems,
                                                int pe);
SHOAL_DEVICE_FN void shoal_uint64_get_nbi_block(uint64_t* dest, const uint64_t* src, size_t nelems,
                                                int pe);
SHOAL_DEVICE_FN void shoal_uint64_iput_block(uint64_t* dest, const uint64_t* src, ptrdiff_t dst,
                                             ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint64_iget_block(uint64_t* dest, const uint64_t* src, ptrdiff_t dst,
                                             ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_uint64_put_signal_block(uint64_t* dest, const uint64_t* src,
                                                   size_t nelems, uint64_t* sig_addr,
                                                   uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_uint64_put_signal_nbi_block(uint64_t* dest, const uint64_t* src,
                                                       size_t nelems, uint64_t* sig_addr,
                                                       uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_size_put_warp(size_t* dest, const size_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_size_get_warp(size_t* dest, const size_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_size_put_nbi_warp(size_t* dest, const size_t* src, size_t nelems,
                                             int pe);
SHOAL_DEVICE_FN void shoal_size_get_nbi_warp(size_t* dest, const size_t* src, size_t nelems,
                                             int pe);
SHOAL_DEVICE_FN void shoal_size_iput_warp(size_t* dest, const size_t* src, ptrdiff_t dst,
                                          ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_size_iget_warp(size_t* dest, const size_t* src, ptrdiff_t dst,
                                          ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_size_put_signal_warp(size_t* dest, const size_t* src, size_t nelems,
                                                uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                int pe);
SHOAL_DEVICE_FN void shoal_size_put_signal_nbi_warp(size_t* dest, const size_t* src, size_t nelems,
                                                    uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                    int pe);
SHOAL_DEVICE_FN void shoal_size_put_block(size_t* dest, const size_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_size_get_block(size_t* dest, const size_t* src, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_size_put_nbi_block(size_t* dest, const size_t* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_size_get_nbi_block(size_t* dest, const size_t* src, size_t nelems,
                                              int pe);
SHOAL_DEVICE_FN void shoal_size_iput_block(size_t* dest, const size_t* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_size_iget_block(size_t* dest, const size_t* src, ptrdiff_t dst,
                                           ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_size_put_signal_block(size_t* dest, const size_t* src, size_t nelems,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_size_put_signal_nbi_block(size_t* dest, const size_t* src, size_t nelems,
                                                     uint64_t* sig_addr, uint64_t signal,
                                                     int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_put_warp(ptrdiff_t* dest, const ptrdiff_t* src, size_t nelems,
                                            int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_get_warp(ptrdiff_t* dest, const ptrdiff_t* src, size_t nelems,
                                            int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_put_nbi_warp(ptrdiff_t* dest, const ptrdiff_t* src,
                                                size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_get_nbi_warp(ptrdiff_t* dest, const ptrdiff_t* src,
                                                size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_iput_warp(ptrdiff_t* dest, const ptrdiff_t* src, ptrdiff_t dst,
                                             ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_iget_warp(ptrdiff_t* dest, const ptrdiff_t* src, ptrdiff_t dst,
                                             ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_put_signal_warp(ptrdiff_t* dest, const ptrdiff_t* src,
                                                   size_t nelems, uint64_t* sig_addr,
                                                   uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_put_signal_nbi_warp(ptrdiff_t* dest, const ptrdiff_t* src,
                                                       size_t nelems, uint64_t* sig_addr,
                                                       uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_put_block(ptrdiff_t* dest, const ptrdiff_t* src, size_t nelems,
                                             int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_get_block(ptrdiff_t* dest, const ptrdiff_t* src, size_t nelems,
                                             int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_put_nbi_block(ptrdiff_t* dest, const ptrdiff_t* src,
                                                 size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_get_nbi_block(ptrdiff_t* dest, const ptrdiff_t* src,
                                                 size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_iput_block(ptrdiff_t* dest, const ptrdiff_t* src, ptrdiff_t dst,
                                              ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_iget_block(ptrdiff_t* dest, const ptrdiff_t* src, ptrdiff_t dst,
                                              ptrdiff_t sst, size_t nelems, int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_put_signal_block(ptrdiff_t* dest, const ptrdiff_t* src,
                                                    size_t nelems, uint64_t* sig_addr,
                                                    uint64_t signal, int sig_op, int pe);
SHOAL_DEVICE_FN void shoal_ptrdiff_put_signal_nbi_block(ptrdiff_t* dest, const ptrdiff_t* src,
                                                        size_t nelems, uint64_t* sig_addr,
                                                        uint64_t signal, int sig_op, int pe);
/* END tools/gen-api: device_rma */

/* BEGIN tools/gen-api: device_rma_sized (generated from its table: do not edit; the
 * implementation: shoal/device/entry.cuh) */
SHOAL_DEVICE_FN void shoal_put8_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get8_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put8_nbi_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get8_nbi_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put8_signal_warp(void* dest, const void* src, size_t n,
                                            uint64_t* sig_addr, uint64_t signal, int sig_op,
                                            int pe);
SHOAL_DEVICE_FN void shoal_put8_signal_nbi_warp(void* dest, const void* src, size_t n,
                                                uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                int pe);
SHOAL_DEVICE_FN void shoal_put8_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get8_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put8_nbi_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get8_nbi_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put8_signal_block(void* dest, const void* src, size_t n,
                                             uint64_t* sig_addr, uint64_t signal, int sig_op,
                                             int pe);
SHOAL_DEVICE_FN void shoal_put8_signal_nbi_block(void* dest, const void* src, size_t n,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_iput8_warp(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                      size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iput8_block(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                       size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iget8_warp(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                      size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iget8_block(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                       size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put16_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get16_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put16_nbi_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get16_nbi_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put16_signal_warp(void* dest, const void* src, size_t n,
                                             uint64_t* sig_addr, uint64_t signal, int sig_op,
                                             int pe);
SHOAL_DEVICE_FN void shoal_put16_signal_nbi_warp(void* dest, const void* src, size_t n,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_put16_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get16_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put16_nbi_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get16_nbi_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put16_signal_block(void* dest, const void* src, size_t n,
                                              uint64_t* sig_addr, uint64_t signal, int sig_op,
                                              int pe);
SHOAL_DEVICE_FN void shoal_put16_signal_nbi_block(void* dest, const void* src, size_t n,
                                                  uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                  int pe);
SHOAL_DEVICE_FN void shoal_iput16_warp(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                       size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iput16_block(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                        size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iget16_warp(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                       size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iget16_block(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                        size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put32_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get32_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put32_nbi_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get32_nbi_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put32_signal_warp(void* dest, const void* src, size_t n,
                                             uint64_t* sig_addr, uint64_t signal, int sig_op,
                                             int pe);
SHOAL_DEVICE_FN void shoal_put32_signal_nbi_warp(void* dest, const void* src, size_t n,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_put32_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get32_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put32_nbi_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get32_nbi_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put32_signal_block(void* dest, const void* src, size_t n,
                                              uint64_t* sig_addr, uint64_t signal, int sig_op,
                                              int pe);
SHOAL_DEVICE_FN void shoal_put32_signal_nbi_block(void* dest, const void* src, size_t n,
                                                  uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                  int pe);
SHOAL_DEVICE_FN void shoal_iput32_warp(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                       size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iput32_block(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                        size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iget32_warp(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                       size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iget32_block(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                        size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put64_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get64_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put64_nbi_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get64_nbi_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put64_signal_warp(void* dest, const void* src, size_t n,
                                             uint64_t* sig_addr, uint64_t signal, int sig_op,
                                             int pe);
SHOAL_DEVICE_FN void shoal_put64_signal_nbi_warp(void* dest, const void* src, size_t n,
                                                 uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                 int pe);
SHOAL_DEVICE_FN void shoal_put64_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get64_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put64_nbi_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get64_nbi_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put64_signal_block(void* dest, const void* src, size_t n,
                                              uint64_t* sig_addr, uint64_t signal, int sig_op,
                                              int pe);
SHOAL_DEVICE_FN void shoal_put64_signal_nbi_block(void* dest, const void* src, size_t n,
                                                  uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                  int pe);
SHOAL_DEVICE_FN void shoal_iput64_warp(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                       size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iput64_block(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                        size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iget64_warp(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                       size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iget64_block(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                        size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put128_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get128_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put128_nbi_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get128_nbi_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put128_signal_warp(void* dest, const void* src, size_t n,
                                              uint64_t* sig_addr, uint64_t signal, int sig_op,
                                              int pe);
SHOAL_DEVICE_FN void shoal_put128_signal_nbi_warp(void* dest, const void* src, size_t n,
                                                  uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                  int pe);
SHOAL_DEVICE_FN void shoal_put128_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get128_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put128_nbi_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_get128_nbi_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_put128_signal_block(void* dest, const void* src, size_t n,
                                               uint64_t* sig_addr, uint64_t signal, int sig_op,
                                               int pe);
SHOAL_DEVICE_FN void shoal_put128_signal_nbi_block(void* dest, const void* src, size_t n,
                                                   uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                   int pe);
SHOAL_DEVICE_FN void shoal_iput128_warp(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                        size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iput128_block(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                         size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iget128_warp(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                        size_t n, int pe);
SHOAL_DEVICE_FN void shoal_iget128_block(void* d, const void* s, ptrdiff_t dst, ptrdiff_t sst,
                                         size_t n, int pe);
SHOAL_DEVICE_FN void shoal_putmem_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_getmem_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_putmem_nbi_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_getmem_nbi_warp(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_putmem_signal_warp(void* dest, const void* src, size_t n,
                                              uint64_t* sig_addr, uint64_t signal, int sig_op,
                                              int pe);
SHOAL_DEVICE_FN void shoal_putmem_signal_nbi_warp(void* dest, const void* src, size_t n,
                                                  uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                  int pe);
SHOAL_DEVICE_FN void shoal_putmem_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_getmem_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_putmem_nbi_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_getmem_nbi_block(void* dest, const void* src, size_t n, int pe);
SHOAL_DEVICE_FN void shoal_putmem_signal_block(void* dest, const void* src, size_t n,
                                               uint64_t* sig_addr, uint64_t signal, int sig_op,
                                               int pe);
SHOAL_DEVICE_FN void shoal_putmem_signal_nbi_block(void* dest, const void* src, size_t n,
                                                   uint64_t* sig_addr, uint64_t signal, int sig_op,
                                                   int pe);
/* END tools/gen-api: device_rma_sized */

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
