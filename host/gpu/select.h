// Pure decisions of the cuda platform, kept free of CUDA calls so that the
// sim build unit-tests them: which GPU a PE uses, and how the heap size is
// rounded to the VMM allocation granularity.
#pragma once

#include <cstdint>

namespace shoal::gpu {

// The device ordinal for a PE: SHOAL_DEVICE when set (env_device >= 0),
// else node-local rank modulo the visible devices, so several PEs share a GPU
// when there are more PEs than GPUs. Returns -1 when no device qualifies
// (none visible, or env_device out of range).
inline int select_device(int local_rank, int n_devices, int env_device) {
  if (n_devices <= 0) return -1;
  if (env_device >= 0) return env_device < n_devices ? env_device : -1;
  if (local_rank < 0) return -1;
  return local_rank % n_devices;
}

// size rounded up to a multiple of granularity (a power of two or any
// positive value); 0 on overflow or a zero granularity.
inline std::uint64_t round_up(std::uint64_t size, std::uint64_t granularity) {
  if (granularity == 0) return 0;
  std::uint64_t rem = size % granularity;
  if (rem == 0) return size;
  std::uint64_t add = granularity - rem;
  return size > UINT64_MAX - add ? 0 : size + add;
}

}  // namespace shoal::gpu
