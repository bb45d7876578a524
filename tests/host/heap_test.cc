// The symmetric heap: symmetric offsets, calloc, alignment, realloc,
// fragmentation and reuse, exhaustion and mismatch reports, bad frees.
#include <algorithm>

#include "host/runtime.h"
#include "tests/common/pe_test.h"

namespace shoal_test {
namespace {

std::uint64_t used_bytes() { return shoal::runtime_or_null()->heap.user_bytes_used(); }
std::uint64_t heap_offset(const void* p) { return shoal::runtime_or_null()->heap.offset_of(p); }

// Every PE checks that all PEs got the same offsets for `ptrs`.
void expect_symmetric(const std::vector<void*>& ptrs, const char* what) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const std::size_t k = ptrs.size();
  auto* offs = static_cast<uint64_t*>(shoal_malloc(n * k * 8));
  std::vector<uint64_t> mine(k);
  for (std::size_t i = 0; i < k; ++i) mine[i] = ptrs[i] ? heap_offset(ptrs[i]) : ~0ull;
  for (int pe = 0; pe < n; ++pe) shoal_uint64_put(offs + me * k, mine.data(), k, pe);
  shoal_barrier_all();
  for (int pe = 0; pe < n; ++pe)
    for (std::size_t i = 0; i < k; ++i)
      ASSERT_EQ(offs[pe * k + i], mine[i]) << what << ": allocation " << i << " of PE " << pe;
  shoal_barrier_all();
  shoal_free(offs);
}

TEST(Heap, OffsetsAreSymmetricAndObjectsDoNotOverlap) {
  const int me = shoal_my_pe();
  const std::uint64_t start = used_bytes();
  auto g = rng(5);
  std::vector<void*> ptrs;
  std::vector<std::size_t> sizes;
  for (int i = 0; i < 64; ++i) {
    std::size_t s = 1 + g() % 50000;
    std::size_t align = std::size_t(1) << (g() % 13);  // 1 .. 4096
    void* p = (i % 3 == 0) ? shoal_align(align, s) : shoal_malloc(s);
    ASSERT_NE(p, nullptr);
    if (i % 3 == 0) {
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % align, 0u);
    }
    ptrs.push_back(p);
    sizes.push_back(s);
  }
  expect_symmetric(ptrs, "malloc/align");
  // Free every other object, allocate again (reuse), check again.
  for (std::size_t i = 0; i < ptrs.size(); i += 2) {
    shoal_free(ptrs[i]);
    ptrs[i] = nullptr;
  }
  for (std::size_t i = 0; i < ptrs.size(); i += 2) {
    sizes[i] = 1 + g() % 30000;
    ptrs[i] = shoal_malloc(sizes[i]);
    ASSERT_NE(ptrs[i], nullptr);
  }
  expect_symmetric(ptrs, "after free and reuse");
  // Fill each object with its index; nothing may overwrite another object.
  for (std::size_t i = 0; i < ptrs.size(); ++i) std::memset(ptrs[i], int(i & 0xff), sizes[i]);
  for (std::size_t i = 0; i < ptrs.size(); ++i) {
    auto* c = static_cast<unsigned char*>(ptrs[i]);
    ASSERT_EQ(std::count(c, c + sizes[i], static_cast<unsigned char>(i & 0xff)),
              static_cast<long>(sizes[i])) << "object " << i << " on PE " << me;
  }
  for (void* p : ptrs) shoal_free(p);
  EXPECT_EQ(used_bytes(), start) << "heap usage did not return to its start";
}

// Large alignments are addresses too (OpenSHMEM's shmem_align, tests-sos
// shmemalign: up to 2^23), not just offsets into the user region.
TEST(Heap, LargeAlignmentsAreAlignedAddresses) {
  std::vector<void*> ptrs;
  for (int k = 12; k <= 26; ++k) {
    const std::size_t align = std::size_t(1) << k;
    void* p = shoal_align(align, 100 + k);
    ASSERT_NE(p, nullptr) << "alignment 2^" << k;
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % align, 0u) << "alignment 2^" << k << ": " << p;
    ptrs.push_back(p);
  }
  expect_symmetric(ptrs, "large alignments");
  for (auto it = ptrs.rbegin(); it != ptrs.rend(); ++it) shoal_free(*it);
}

TEST(Heap, CallocZeroesAndReallocKeepsContents) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  auto* junk = static_cast<unsigned char*>(shoal_malloc(4096));
  std::memset(junk, 0xff, 4096);
  shoal_free(junk);
  auto* z = static_cast<unsigned char*>(shoal_calloc(1024, 4));
  ASSERT_NE(z, nullptr);
  EXPECT_EQ(std::count(z, z + 4096, 0), 4096) << "calloc memory not zero";
  shoal_barrier_all();  // peers write below; the zero check above must come first
  shoal_int_p(reinterpret_cast<int*>(z) + me, me + 1, (me + 1) % n);
  shoal_barrier_all();
  EXPECT_EQ(reinterpret_cast<int*>(z)[(me + n - 1) % n], (me + n - 1) % n + 1);
  auto data = random_bytes(3000, 77, me);
  auto* r = static_cast<unsigned char*>(shoal_malloc(3000));
  std::memcpy(r, data.data(), 3000);
  auto* r2 = static_cast<unsigned char*>(shoal_realloc(r, 100000));
  ASSERT_NE(r2, nullptr);
  EXPECT_EQ(first_diff(r2, data.data(), 3000), -1) << "realloc lost contents";
  auto* r3 = static_cast<unsigned char*>(shoal_realloc(r2, 1000));
  EXPECT_EQ(first_diff(r3, data.data(), 1000), -1);
  expect_symmetric({z, r3}, "calloc/realloc");
  EXPECT_EQ(shoal_realloc(r3, 0), nullptr);
  shoal_free(z);
}

TEST(Heap, ExhaustionReturnsNullWithTheNumbers) {
  const int me = shoal_my_pe();
  const std::uint64_t before = used_bytes();
  testing::internal::CaptureStderr();
  void* p = shoal_malloc(std::size_t(1) << 50);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(p, nullptr);
  if (me == 0) {
    EXPECT_NE(err.find("symmetric heap exhausted: requested 1125899906842624 bytes"),
              std::string::npos) << err;
    EXPECT_NE(err.find("largest free block"), std::string::npos) << err;
    EXPECT_NE(err.find("SHOAL_SYMMETRIC_SIZE"), std::string::npos) << err;
  }
  EXPECT_EQ(used_bytes(), before);
  // The heap still works.
  void* q = shoal_malloc(128);
  EXPECT_NE(q, nullptr);
  shoal_free(q);
}

TEST(Heap, MismatchedSizesAreReportedNotCorrupted) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  if (n < 2) GTEST_SKIP() << "needs 2 PEs";
  const std::uint64_t before = used_bytes();
  testing::internal::CaptureStderr();
  void* p = shoal_malloc(me == 1 ? 2048 : 1024);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(p, nullptr) << "a mismatched malloc must fail on every PE";
  if (me == 0 || me == 1) {
    EXPECT_NE(err.find("PE 0 called shoal_malloc(size=1024"), std::string::npos) << err;
    EXPECT_NE(err.find("PE 1 called shoal_malloc(size=2048"), std::string::npos) << err;
  }
  // Different calls in the same position: free versus malloc.
  void* q = shoal_malloc(256);
  testing::internal::CaptureStderr();
  void* r = nullptr;
  if (me == 1) shoal_free(q); else r = shoal_malloc(64);
  err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(r, nullptr);
  if (me == 1) {
    EXPECT_NE(err.find("shoal_free(heap offset"), std::string::npos) << err;
  }
  shoal_free(q);  // still live everywhere: nothing was freed above
  EXPECT_EQ(used_bytes(), before);
}

TEST(Heap, FreeOfAForeignPointerIsAnError) {
  int local = 0;
  const std::uint64_t before = used_bytes();
  testing::internal::CaptureStderr();
  shoal_free(&local);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("not a live allocation of the symmetric heap"), std::string::npos) << err;
  void* p = shoal_malloc(64);
  testing::internal::CaptureStderr();
  shoal_free(static_cast<char*>(p) + 8);  // inside, but not the start
  err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("not a live allocation"), std::string::npos) << err;
  shoal_free(p);
  EXPECT_EQ(used_bytes(), before);
}

TEST(Heap, PtrGivesPeerAddressesThatWork) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  auto* v = static_cast<int*>(shoal_calloc(n, sizeof(int)));
  for (int pe = 0; pe < n; ++pe) {
    int* peer = static_cast<int*>(shoal_ptr(v, pe));
    ASSERT_NE(peer, nullptr) << "PE " << pe << " should be load/store reachable";
    if (pe == me) {
      EXPECT_EQ(peer, v);
    }
    peer[me] = 100 + me;
  }
  EXPECT_EQ(shoal_ptr(&n, 0), nullptr) << "non-symmetric address";
  EXPECT_EQ(shoal_ptr(v, n), nullptr) << "PE out of range";
  shoal_barrier_all();
  for (int pe = 0; pe < n; ++pe) EXPECT_EQ(v[pe], 100 + pe);
  shoal_barrier_all();
  shoal_free(v);
}

}  // namespace
}  // namespace shoal_test
