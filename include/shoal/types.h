/* shoal public API: constants and the type tables from which every typed
 * function (host and device) is generated. A type is added here once.
 *
 * Each table is an X-macro: SHOAL_FOR_<CLASS>_TYPES(X) calls X(NAME, TYPE) for
 * every member, NAME being the token in the function name (shoal_<NAME>_put)
 * and TYPE the C type. */
#ifndef SHOAL_TYPES_H
#define SHOAL_TYPES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#endif

/* Comparison operators for wait/test and signal_wait_until. */
enum {
  SHOAL_CMP_EQ = 0,
  SHOAL_CMP_NE = 1,
  SHOAL_CMP_GT = 2,
  SHOAL_CMP_LE = 3,
  SHOAL_CMP_LT = 4,
  SHOAL_CMP_GE = 5,
};

/* Signal operations for put_signal and signal_op. */
enum {
  SHOAL_SIGNAL_SET = 0,
  SHOAL_SIGNAL_ADD = 1,
};

/* Teams: an index into the runtime's team table. */
typedef int32_t shoal_team_t;
enum {
  SHOAL_TEAM_INVALID = -1,
  SHOAL_TEAM_WORLD = 0,          /* all PEs */
  SHOAL_TEAM_SHARED = 1,         /* PEs whose heaps this PE can load/store */
  SHOAL_TEAM_NODE = 2,           /* PEs on this node */
  SHOAL_TEAM_SAME_MYPE_NODE = 3, /* PEs with this PE's node-local rank, one per node */
};

/* Team creation options (OpenSHMEM 1.5): config_mask selects the fields of
 * shoal_team_config_t that are set; shoal accepts and records them. */
typedef struct {
  int num_contexts;
} shoal_team_config_t;
#define SHOAL_TEAM_NUM_CONTEXTS (1L << 0)

/* --- the type tables ------------------------------------------------------- */

/* Types usable with bfloat16/half: C++ only (they are CUDA C++ types). */
#ifdef __cplusplus
#define SHOAL_FOR_RMA_TYPES_FP16_(X) X(bfloat16, __nv_bfloat16) X(half, __half)
#else
#define SHOAL_FOR_RMA_TYPES_FP16_(X)
#endif

/* RMA (p, g, put, get, iput, iget, *_nbi, put_signal): the 25 standard types. */
#define SHOAL_FOR_RMA_TYPES(X)                                                   \
  SHOAL_FOR_RMA_TYPES_FP16_(X)                                                   \
  X(float, float) X(double, double) X(char, char) X(short, short)                \
  X(schar, signed char) X(int, int) X(long, long) X(longlong, long long)         \
  X(uchar, unsigned char) X(ushort, unsigned short) X(uint, unsigned int)        \
  X(ulong, unsigned long) X(ulonglong, unsigned long long) X(int8, int8_t)       \
  X(int16, int16_t) X(int32, int32_t) X(int64, int64_t) X(uint8, uint8_t)        \
  X(uint16, uint16_t) X(uint32, uint32_t) X(uint64, uint64_t) X(size, size_t)    \
  X(ptrdiff, ptrdiff_t)

/* Atomics: standard (arithmetic) types: fetch, set, swap, compare_swap, inc,
 * fetch_inc, add, fetch_add. */
#define SHOAL_FOR_AMO_STANDARD_TYPES(X)                                          \
  X(int, int) X(long, long) X(longlong, long long) X(uint, unsigned int)         \
  X(ulong, unsigned long) X(ulonglong, unsigned long long) X(int32, int32_t)     \
  X(int64, int64_t) X(uint32, uint32_t) X(uint64, uint64_t) X(size, size_t)      \
  X(ptrdiff, ptrdiff_t)

/* Atomics: extended types, fetch/set/swap only. */
#define SHOAL_FOR_AMO_EXTENDED_ONLY_TYPES(X) X(float, float) X(double, double)

/* Atomics: bitwise types (and, or, xor and their fetch forms). */
#define SHOAL_FOR_AMO_BITWISE_TYPES(X)                                           \
  X(uint, unsigned int) X(ulong, unsigned long) X(ulonglong, unsigned long long) \
  X(int32, int32_t) X(int64, int64_t) X(uint32, uint32_t) X(uint64, uint64_t)

/* Point-to-point synchronisation (wait_until, test and their families). */
#define SHOAL_FOR_P2P_SYNC_TYPES(X)                                              \
  X(short, short) X(int, int) X(long, long) X(longlong, long long)               \
  X(ushort, unsigned short) X(uint, unsigned int) X(ulong, unsigned long)        \
  X(ulonglong, unsigned long long) X(int32, int32_t) X(int64, int64_t)           \
  X(uint32, uint32_t) X(uint64, uint64_t) X(size, size_t) X(ptrdiff, ptrdiff_t)

/* Reductions: SHOAL_FOR_REDUCE_OPS(X) calls X(NAME, TYPE, OP) for every
 * (type, operator) pair OpenSHMEM 1.5 defines (plus half and bfloat16):
 * and/or/xor on the bitwise types, min/max/sum/prod on the arithmetic
 * types. The _A_ tables pass an extra argument A through to X. */
#ifdef __cplusplus
#define SHOAL_FOR_REDUCE_FP16_A_(X, A) X(bfloat16, __nv_bfloat16, A) X(half, __half, A)
#else
#define SHOAL_FOR_REDUCE_FP16_A_(X, A)
#endif
#define SHOAL_FOR_REDUCE_BITWISE_TYPES_A_(X, A)                                                 \
  X(uchar, unsigned char, A) X(ushort, unsigned short, A) X(uint, unsigned int, A)              \
  X(ulong, unsigned long, A) X(ulonglong, unsigned long long, A) X(int8, int8_t, A)             \
  X(int16, int16_t, A) X(int32, int32_t, A) X(int64, int64_t, A) X(uint8, uint8_t, A)           \
  X(uint16, uint16_t, A) X(uint32, uint32_t, A) X(uint64, uint64_t, A) X(size, size_t, A)
#define SHOAL_FOR_REDUCE_ARITH_TYPES_A_(X, A)                                                   \
  SHOAL_FOR_REDUCE_FP16_A_(X, A)                                                                \
  X(char, char, A) X(schar, signed char, A) X(short, short, A) X(int, int, A) X(long, long, A)  \
  X(longlong, long long, A) X(ptrdiff, ptrdiff_t, A) X(uchar, unsigned char, A)                 \
  X(ushort, unsigned short, A) X(uint, unsigned int, A) X(ulong, unsigned long, A)              \
  X(ulonglong, unsigned long long, A) X(int8, int8_t, A) X(int16, int16_t, A)                   \
  X(int32, int32_t, A) X(int64, int64_t, A) X(uint8, uint8_t, A) X(uint16, uint16_t, A)         \
  X(uint32, uint32_t, A) X(uint64, uint64_t, A) X(size, size_t, A) X(float, float, A)           \
  X(double, double, A)
#define SHOAL_REDUCE_SWAP_(NAME, TYPE, X) X(NAME, TYPE)
/* X(NAME, TYPE) over the types of each class. */
#define SHOAL_FOR_REDUCE_BITWISE_TYPES(X) SHOAL_FOR_REDUCE_BITWISE_TYPES_A_(SHOAL_REDUCE_SWAP_, X)
#define SHOAL_FOR_REDUCE_ARITH_TYPES(X) SHOAL_FOR_REDUCE_ARITH_TYPES_A_(SHOAL_REDUCE_SWAP_, X)
#define SHOAL_FOR_REDUCE_OPS(X)                                                                 \
  SHOAL_FOR_REDUCE_BITWISE_TYPES_A_(X, and) SHOAL_FOR_REDUCE_BITWISE_TYPES_A_(X, or)            \
  SHOAL_FOR_REDUCE_BITWISE_TYPES_A_(X, xor) SHOAL_FOR_REDUCE_ARITH_TYPES_A_(X, min)             \
  SHOAL_FOR_REDUCE_ARITH_TYPES_A_(X, max) SHOAL_FOR_REDUCE_ARITH_TYPES_A_(X, sum)               \
  SHOAL_FOR_REDUCE_ARITH_TYPES_A_(X, prod)

/* Sized RMA: X(BITS, BYTES). 16-bit signal puts exist and move 2 bytes per
 * element (NVSHMEM 3.4's are misnamed and move nothing). */
#define SHOAL_FOR_SIZES(X) X(8, 1) X(16, 2) X(32, 4) X(64, 8) X(128, 16)

#endif /* SHOAL_TYPES_H */
