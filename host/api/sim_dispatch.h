// sim: a host+device API function called from a kernel runs the device
// implementation (shoal_dev_<name>, built from the device sources into
// libshoal by device/sim/entry_part{1,2,3}.cu). On cuda kernels never reach these host
// functions (nvcc compiles the device definitions), so this is empty there.
//
//   SHOAL_SIM_DISPATCH(int_put, dest, src, n, pe);  // first line of shoal_int_put
#pragma once

#include "shoal/shoal.h"

#if defined(SHOAL_PLATFORM_SIM)
extern "C" int shoal_sim_in_kernel(void);

// Declarations shoal_dev_<name> with exactly the type of shoal_<name>.
#define SHOAL_SIM_DEV_DECL_(x) extern "C" decltype(shoal_##x) shoal_dev_##x;
#define SHOAL_SIM_DEV_RMA_(NAME, TYPE)                                                       \
  SHOAL_SIM_DEV_DECL_(NAME##_p) SHOAL_SIM_DEV_DECL_(NAME##_g) SHOAL_SIM_DEV_DECL_(NAME##_put)  \
  SHOAL_SIM_DEV_DECL_(NAME##_get) SHOAL_SIM_DEV_DECL_(NAME##_put_nbi)                         \
  SHOAL_SIM_DEV_DECL_(NAME##_get_nbi) SHOAL_SIM_DEV_DECL_(NAME##_iput)                        \
  SHOAL_SIM_DEV_DECL_(NAME##_iget) SHOAL_SIM_DEV_DECL_(NAME##_put_signal)                     \
  SHOAL_SIM_DEV_DECL_(NAME##_put_signal_nbi)
SHOAL_FOR_RMA_TYPES(SHOAL_SIM_DEV_RMA_)
#define SHOAL_SIM_DEV_SIZED_(BITS, BYTES)                                                    \
  SHOAL_SIM_DEV_DECL_(put##BITS) SHOAL_SIM_DEV_DECL_(get##BITS)                               \
  SHOAL_SIM_DEV_DECL_(put##BITS##_nbi) SHOAL_SIM_DEV_DECL_(get##BITS##_nbi)                   \
  SHOAL_SIM_DEV_DECL_(iput##BITS) SHOAL_SIM_DEV_DECL_(iget##BITS)                             \
  SHOAL_SIM_DEV_DECL_(put##BITS##_signal) SHOAL_SIM_DEV_DECL_(put##BITS##_signal_nbi)
SHOAL_FOR_SIZES(SHOAL_SIM_DEV_SIZED_)
#define SHOAL_SIM_DEV_AMO_EXT_(NAME, TYPE)                                                   \
  SHOAL_SIM_DEV_DECL_(NAME##_atomic_fetch) SHOAL_SIM_DEV_DECL_(NAME##_atomic_set)             \
  SHOAL_SIM_DEV_DECL_(NAME##_atomic_swap)
#define SHOAL_SIM_DEV_AMO_STD_(NAME, TYPE)                                                   \
  SHOAL_SIM_DEV_AMO_EXT_(NAME, TYPE)                                                         \
  SHOAL_SIM_DEV_DECL_(NAME##_atomic_compare_swap) SHOAL_SIM_DEV_DECL_(NAME##_atomic_inc)      \
  SHOAL_SIM_DEV_DECL_(NAME##_atomic_fetch_inc) SHOAL_SIM_DEV_DECL_(NAME##_atomic_add)         \
  SHOAL_SIM_DEV_DECL_(NAME##_atomic_fetch_add)
#define SHOAL_SIM_DEV_AMO_BIT_(NAME, TYPE)                                                   \
  SHOAL_SIM_DEV_DECL_(NAME##_atomic_and) SHOAL_SIM_DEV_DECL_(NAME##_atomic_or)                \
  SHOAL_SIM_DEV_DECL_(NAME##_atomic_xor) SHOAL_SIM_DEV_DECL_(NAME##_atomic_fetch_and)         \
  SHOAL_SIM_DEV_DECL_(NAME##_atomic_fetch_or) SHOAL_SIM_DEV_DECL_(NAME##_atomic_fetch_xor)
SHOAL_FOR_AMO_STANDARD_TYPES(SHOAL_SIM_DEV_AMO_STD_)
SHOAL_FOR_AMO_EXTENDED_ONLY_TYPES(SHOAL_SIM_DEV_AMO_EXT_)
SHOAL_FOR_AMO_BITWISE_TYPES(SHOAL_SIM_DEV_AMO_BIT_)
#define SHOAL_SIM_DEV_P2P_(NAME, TYPE)                                                       \
  SHOAL_SIM_DEV_DECL_(NAME##_wait_until) SHOAL_SIM_DEV_DECL_(NAME##_wait_until_all)           \
  SHOAL_SIM_DEV_DECL_(NAME##_wait_until_any) SHOAL_SIM_DEV_DECL_(NAME##_wait_until_some)      \
  SHOAL_SIM_DEV_DECL_(NAME##_wait_until_all_vector)                                           \
  SHOAL_SIM_DEV_DECL_(NAME##_wait_until_any_vector)                                           \
  SHOAL_SIM_DEV_DECL_(NAME##_wait_until_some_vector) SHOAL_SIM_DEV_DECL_(NAME##_test)         \
  SHOAL_SIM_DEV_DECL_(NAME##_test_all) SHOAL_SIM_DEV_DECL_(NAME##_test_any)                   \
  SHOAL_SIM_DEV_DECL_(NAME##_test_some) SHOAL_SIM_DEV_DECL_(NAME##_test_all_vector)           \
  SHOAL_SIM_DEV_DECL_(NAME##_test_any_vector) SHOAL_SIM_DEV_DECL_(NAME##_test_some_vector)
SHOAL_FOR_P2P_SYNC_TYPES(SHOAL_SIM_DEV_P2P_)
SHOAL_SIM_DEV_DECL_(putmem) SHOAL_SIM_DEV_DECL_(getmem) SHOAL_SIM_DEV_DECL_(putmem_nbi)
SHOAL_SIM_DEV_DECL_(getmem_nbi) SHOAL_SIM_DEV_DECL_(putmem_signal)
SHOAL_SIM_DEV_DECL_(putmem_signal_nbi) SHOAL_SIM_DEV_DECL_(signal_op)
SHOAL_SIM_DEV_DECL_(signal_fetch) SHOAL_SIM_DEV_DECL_(signal_wait_until)
SHOAL_SIM_DEV_DECL_(fence) SHOAL_SIM_DEV_DECL_(quiet) SHOAL_SIM_DEV_DECL_(barrier_all)
SHOAL_SIM_DEV_DECL_(sync_all) SHOAL_SIM_DEV_DECL_(barrier) SHOAL_SIM_DEV_DECL_(sync)
SHOAL_SIM_DEV_DECL_(my_pe) SHOAL_SIM_DEV_DECL_(n_pes) SHOAL_SIM_DEV_DECL_(failed_pe) SHOAL_SIM_DEV_DECL_(team_my_pe)
SHOAL_SIM_DEV_DECL_(team_n_pes) SHOAL_SIM_DEV_DECL_(team_translate_pe) SHOAL_SIM_DEV_DECL_(ptr)

#define SHOAL_SIM_DISPATCH(x, ...) \
  do {                             \
    if (shoal_sim_in_kernel()) return shoal_dev_##x(__VA_ARGS__); \
  } while (0)
#else
#define SHOAL_SIM_DISPATCH(x, ...) \
  do {                             \
  } while (0)
#endif
