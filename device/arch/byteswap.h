// Byte order conversion for data the NIC reads or writes in big-endian
// (network) order: mlx5 work-queue entries, doorbell records, CQEs, the
// values an IB atomic returns. GPUs and x86 hosts are little-endian, so
// to_be/from_be always swap.
//   bswap16/32/64(v): reverse the bytes of v.
#pragma once

#include "device/arch/platform.h"

namespace shoal::arch {

SHOAL_ARCH_FN uint32_t bswap32(uint32_t v) {
#if defined(SHOAL_PLATFORM_SIM)
  return __builtin_bswap32(v);
#else
  return __byte_perm(v, 0u, 0x0123);
#endif
}

SHOAL_ARCH_FN uint16_t bswap16(uint16_t v) { return static_cast<uint16_t>(bswap32(v) >> 16); }

SHOAL_ARCH_FN uint64_t bswap64(uint64_t v) {
#if defined(SHOAL_PLATFORM_SIM)
  return __builtin_bswap64(v);
#else
  const uint32_t lo = static_cast<uint32_t>(v), hi = static_cast<uint32_t>(v >> 32);
  return (static_cast<uint64_t>(bswap32(lo)) << 32) | bswap32(hi);
#endif
}

}  // namespace shoal::arch
