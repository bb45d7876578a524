// Seeded payloads for bootstrap tests: the bytes of block (stream, iter, src,
// dst) are a pure function of the seed, so any PE can regenerate and check
// every byte another PE sent.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace shoal::test {

inline std::uint64_t splitmix(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

inline std::uint64_t block_seed(std::uint64_t seed, int stream, std::uint64_t iter, int src,
                                int dst) {
  std::uint64_t s = seed ^ (static_cast<std::uint64_t>(stream) << 56) ^ (iter << 20) ^
                    (static_cast<std::uint64_t>(src) << 10) ^ static_cast<std::uint64_t>(dst);
  splitmix(s);
  return s;
}

inline void fill(unsigned char* p, std::size_t n, std::uint64_t seed, int stream,
                 std::uint64_t iter, int src, int dst) {
  std::uint64_t s = block_seed(seed, stream, iter, src, dst);
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t v = splitmix(s);
    std::memcpy(p + i, &v, 8);
  }
  if (i < n) {
    std::uint64_t v = splitmix(s);
    std::memcpy(p + i, &v, n - i);
  }
}

// Offset of the first wrong byte, or -1.
inline long long first_mismatch(const unsigned char* p, std::size_t n, std::uint64_t seed,
                                int stream, std::uint64_t iter, int src, int dst) {
  std::uint64_t s = block_seed(seed, stream, iter, src, dst);
  for (std::size_t i = 0; i < n; i += 8) {
    std::uint64_t v = splitmix(s);
    std::size_t k = n - i < 8 ? n - i : 8;
    if (std::memcmp(p + i, &v, k) != 0) {
      for (std::size_t j = 0; j < k; ++j)
        if (p[i + j] != reinterpret_cast<const unsigned char*>(&v)[j])
          return static_cast<long long>(i + j);
    }
  }
  return -1;
}

}  // namespace shoal::test
