// Helpers for tests that run as several PEs (one process each, under
// shoalrun): every PE runs the same tests in the same order, so tests may
// call collectives. Random data comes from a per-run seed chosen by PE 0,
// printed, and reproducible with SHOAL_TEST_SEED.
#pragma once

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>
#include <shoal/shoal.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace shoal_test {

// The run's seed (same on every PE).
std::uint64_t seed();

// A generator for (seed, stream...) so that any PE can regenerate the data
// another PE produced.
inline std::mt19937_64 rng(std::uint64_t a, std::uint64_t b = 0, std::uint64_t c = 0) {
  std::seed_seq s{static_cast<std::uint32_t>(seed()), static_cast<std::uint32_t>(seed() >> 32),
                  static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(a >> 32),
                  static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(c)};
  return std::mt19937_64(s);
}

inline void fill_random(void* p, std::size_t bytes, std::uint64_t a, std::uint64_t b = 0,
                        std::uint64_t c = 0) {
  auto g = rng(a, b, c);
  auto* d = static_cast<unsigned char*>(p);
  std::size_t i = 0;
  for (; i + 8 <= bytes; i += 8) {
    std::uint64_t v = g();
    std::memcpy(d + i, &v, 8);
  }
  if (i < bytes) {
    std::uint64_t v = g();
    std::memcpy(d + i, &v, bytes - i);
  }
}

inline std::vector<unsigned char> random_bytes(std::size_t bytes, std::uint64_t a,
                                               std::uint64_t b = 0, std::uint64_t c = 0) {
  std::vector<unsigned char> v(bytes);
  fill_random(v.data(), bytes, a, b, c);
  return v;
}

constexpr unsigned char kPoison = 0xA5;

// Index of the first differing byte, or -1.
inline long long first_diff(const void* a, const void* b, std::size_t n) {
  if (n == 0 || std::memcmp(a, b, n) == 0) return -1;
  auto* x = static_cast<const unsigned char*>(a);
  auto* y = static_cast<const unsigned char*>(b);
  for (std::size_t i = 0; i < n; ++i)
    if (x[i] != y[i]) return static_cast<long long>(i);
  return -1;
}

// Symmetric objects are GPU memory on cuda, out of reach of plain host
// loads and stores: tests poison and inspect them through the CUDA runtime
// (on sim these are a memset/memcpy through the sim runtime).
inline void heap_poison(void* p, std::size_t bytes, int byte = kPoison) {
  ASSERT_EQ(cudaMemset(p, byte, bytes), cudaSuccess) << "cudaMemset of a heap object";
}
inline std::vector<unsigned char> heap_read(const void* p, std::size_t bytes) {
  std::vector<unsigned char> h(bytes);
  if (bytes) {
    EXPECT_EQ(cudaMemcpy(h.data(), p, bytes, cudaMemcpyDefault), cudaSuccess);
  }
  return h;
}
template <class T>
inline T heap_value(const T* p) {
  T v{};
  EXPECT_EQ(cudaMemcpy(&v, p, sizeof(T), cudaMemcpyDefault), cudaSuccess);
  return v;
}
template <class T>
inline void heap_store(T* p, T v) {
  ASSERT_EQ(cudaMemcpy(p, &v, sizeof(T), cudaMemcpyDefault), cudaSuccess);
}

// A stable small id for a type name (for seeding per type).
inline std::uint64_t name_id(const char* s) {
  std::uint64_t h = 1469598103934665603ull;
  for (; *s; ++s) h = (h ^ static_cast<unsigned char>(*s)) * 1099511628211ull;
  return h;
}

// The ordering tests' negative runs (SHOAL_TEST_DROP_FENCE=1, fence
// removed) must see a reorder whose window depends on timing: a loaded
// machine can hide it for a whole round. They run rounds until some PE has
// seen one, or max_rounds; every PE runs the same rounds (decided together
// through a counter on PE 0). round(r) runs round r and returns the
// violations this PE saw; the result is this PE's sum over the rounds run.
template <class Round>
long long rounds_until_some_pe_sees(int max_rounds, Round round) {
  auto* total = static_cast<std::int64_t*>(shoal_calloc(1, sizeof(std::int64_t)));
  long long mine = 0;
  for (int r = 0; r < max_rounds; ++r) {
    const long long e = round(r);
    mine += e;
    if (e) shoal_int64_atomic_add(total, e, 0);
    shoal_barrier_all();
    const std::int64_t seen = shoal_int64_atomic_fetch(total, 0);
    shoal_barrier_all();  // nobody adds the next round's count before all have read this one
    if (seen > 0) break;
  }
  shoal_free(total);
  return mine;
}

}  // namespace shoal_test
