// Data checks for perftests: a perftest that moves wrong bytes fails. A
// pattern depends on (seed, byte index), so the receiver can regenerate
// what the sender wrote without another transfer.
#pragma once

#include <cstddef>
#include <cstdint>

namespace shoal::perftest {

inline unsigned char pattern_byte(std::uint64_t seed, std::uint64_t i) {
  std::uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ull ^ seed * 0xBF58476D1CE4E5B9ull;
  x ^= x >> 31;
  return static_cast<unsigned char>(x ^ (x >> 17));
}

// p[i] = pattern byte number first + i.
inline void fill_pattern(void* p, std::size_t n, std::uint64_t seed, std::uint64_t first = 0) {
  auto* d = static_cast<unsigned char*>(p);
  for (std::size_t i = 0; i < n; ++i) d[i] = pattern_byte(seed, first + i);
}

// Index of the first byte of p[0, n) that differs from pattern bytes
// first.., or -1.
inline long long check_pattern(const void* p, std::size_t n, std::uint64_t seed,
                               std::uint64_t first = 0) {
  auto* d = static_cast<const unsigned char*>(p);
  for (std::size_t i = 0; i < n; ++i)
    if (d[i] != pattern_byte(seed, first + i)) return static_cast<long long>(i);
  return -1;
}

// Buffer rotation for bandwidth tests: consecutive iterations use
// consecutive slots of a working set, so that a sweep of sizes below the
// cache size measures memory, not one cache-resident buffer, unless the
// user asks for that (--ws small). Slots are 64-byte aligned.
struct Rotation {
  std::uint64_t slot_bytes = 0;  // size rounded up to 64
  std::uint64_t slots = 1;
  Rotation(std::uint64_t size, std::uint64_t working_set) {
    slot_bytes = (size + 63) / 64 * 64;
    if (slot_bytes == 0) slot_bytes = 64;
    slots = working_set > slot_bytes ? working_set / slot_bytes : 1;
  }
  std::uint64_t offset(std::uint64_t iteration) const { return (iteration % slots) * slot_bytes; }
  // Bytes a buffer needs to hold every slot.
  std::uint64_t span() const { return slots * slot_bytes; }
};

// Default working set of the host bandwidth programs: 8 MiB, twice the L2
// of the build machine's cores. --ws overrides (e.g. --ws 1G to exceed the
// last-level cache; raise SHOAL_SYMMETRIC_SIZE accordingly).
constexpr std::uint64_t kDefaultHostWorkingSet = 8ull << 20;

// Bytes to allocate for a sweep up to max_size over working_set.
inline std::uint64_t rotation_buffer_bytes(std::uint64_t max_size, std::uint64_t working_set) {
  std::uint64_t m = (max_size + 63) / 64 * 64;
  if (m == 0) m = 64;
  return working_set > m ? working_set / 64 * 64 + 64 : m;
}

}  // namespace shoal::perftest
