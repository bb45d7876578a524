// Host RMA: every typed family for every type, sized and mem forms; every PE
// targets every PE at once; random data, poisoned destinations, every byte
// checked. Heap objects are poisoned and read through heap_poison/heap_read
// (cudaMemset/cudaMemcpy), so the tests run on cuda too.
#include <algorithm>

#include "tests/common/pe_test.h"

namespace shoal_test {
namespace {

template <class T>
struct TypedOps {
  const char* name;
  void (*p)(T*, T, int);
  T (*g)(const T*, int);
  void (*put)(T*, const T*, size_t, int);
  void (*get)(T*, const T*, size_t, int);
  void (*put_nbi)(T*, const T*, size_t, int);
  void (*get_nbi)(T*, const T*, size_t, int);
  void (*iput)(T*, const T*, ptrdiff_t, ptrdiff_t, size_t, int);
  void (*iget)(T*, const T*, ptrdiff_t, ptrdiff_t, size_t, int);
  void (*put_signal)(T*, const T*, size_t, uint64_t*, uint64_t, int, int);
  void (*put_signal_nbi)(T*, const T*, size_t, uint64_t*, uint64_t, int, int);
};

// Each PE owns slot `me` (count elements) in a symmetric array of n slots.
template <class T>
void check_typed(const TypedOps<T>& ops) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const std::uint64_t tid = name_id(ops.name);
  const std::size_t count = 1 + rng(tid, 99)() % 3000;
  const std::size_t slot_bytes = count * sizeof(T);
  T* sym = static_cast<T*>(shoal_malloc(n * slot_bytes));
  ASSERT_NE(sym, nullptr);
  auto* sig = static_cast<uint64_t*>(shoal_calloc(1, sizeof(uint64_t)));
  std::vector<T> mine(count), got(count);
  fill_random(mine.data(), slot_bytes, tid, me);

  auto expect_slot = [&](const unsigned char* at, int from, const char* what) {
    auto want = random_bytes(slot_bytes, tid, from);
    long long d = first_diff(at, want.data(), slot_bytes);
    EXPECT_EQ(d, -1) << ops.name << " " << what << ": slot of PE " << from << " on PE " << me
                     << " differs at byte " << d;
  };

  for (int variant = 0; variant < 3; ++variant) {
    // put / put_nbi+quiet / p: into slot `me` of every PE.
    heap_poison(sym, n * slot_bytes);
    shoal_barrier_all();
    for (int k = 0; k < n; ++k) {
      int pe = (me + k) % n;  // stagger targets so all pairs run concurrently
      if (variant == 0) ops.put(sym + me * count, mine.data(), count, pe);
      if (variant == 1) ops.put_nbi(sym + me * count, mine.data(), count, pe);
      if (variant == 2)
        for (std::size_t i = 0; i < count; ++i) ops.p(sym + me * count + i, mine[i], pe);
    }
    shoal_quiet();
    shoal_barrier_all();
    {
      auto h = heap_read(sym, n * slot_bytes);
      for (int from = 0; from < n; ++from)
        expect_slot(h.data() + from * slot_bytes, from,
                    variant == 0 ? "put" : variant == 1 ? "put_nbi" : "p");
    }

    // get / get_nbi+quiet / g: read back slot `me` from every PE.
    for (int pe = 0; pe < n; ++pe) {
      std::memset(static_cast<void*>(got.data()), kPoison, slot_bytes);
      if (variant == 0) ops.get(got.data(), sym + me * count, count, pe);
      if (variant == 1) {
        ops.get_nbi(got.data(), sym + me * count, count, pe);
        shoal_quiet();
      }
      if (variant == 2)
        for (std::size_t i = 0; i < count; ++i) got[i] = ops.g(sym + me * count + i, pe);
      EXPECT_EQ(first_diff(got.data(), mine.data(), slot_bytes), -1)
          << ops.name << " get variant " << variant << " from PE " << pe;
    }
    shoal_barrier_all();
  }

  // iput / iget with strides: the target slot holds every dst-th element.
  for (ptrdiff_t dst : {1, 2, 3}) {
    for (ptrdiff_t sst : {1, 2}) {
      const std::size_t nel = count / std::max<ptrdiff_t>(dst, sst);
      heap_poison(sym, n * slot_bytes);
      shoal_barrier_all();
      for (int k = 0; k < n; ++k)
        ops.iput(sym + me * count, mine.data(), dst, sst, nel, (me + k) % n);
      shoal_barrier_all();
      const auto h = heap_read(sym, n * slot_bytes);
      for (int from = 0; from < n; ++from) {
        auto src = random_bytes(slot_bytes, tid, from);
        const T* s = reinterpret_cast<const T*>(src.data());
        const T* slot = reinterpret_cast<const T*>(h.data() + from * slot_bytes);
        for (std::size_t i = 0; i < count; ++i) {
          bool written = i % dst == 0 && i / dst < nel;
          if (written) {
            ASSERT_EQ(std::memcmp(&slot[i], &s[(i / dst) * sst], sizeof(T)), 0)
                << ops.name << " iput dst " << dst << " sst " << sst << " elem " << i;
          } else {
            unsigned char poison[sizeof(T)];
            std::memset(poison, kPoison, sizeof(T));
            ASSERT_EQ(std::memcmp(&slot[i], poison, sizeof(T)), 0)
                << ops.name << " iput wrote outside its stride at elem " << i;
          }
        }
      }
      // iget: gather back with the strides reversed.
      for (int pe = 0; pe < n; ++pe) {
        std::vector<T> back(count);
        std::memset(static_cast<void*>(back.data()), kPoison, slot_bytes);
        ops.iget(back.data(), sym + me * count, sst, dst, nel, pe);
        for (std::size_t j = 0; j < nel; ++j)
          ASSERT_EQ(std::memcmp(&back[j * sst], &mine[j * sst], sizeof(T)), 0)
              << ops.name << " iget dst " << sst << " sst " << dst << " elem " << j;
      }
      shoal_barrier_all();
    }
  }

  // put_signal (blocking and nbi): every PE writes its slot on every PE and
  // adds 1 to the target's signal; a target that sees n must see all data.
  for (int nbi = 0; nbi < 2; ++nbi) {
    heap_poison(sym, n * slot_bytes);
    heap_store<uint64_t>(sig, 0);
    shoal_barrier_all();
    for (int k = 0; k < n; ++k) {
      int pe = (me + k) % n;
      (nbi ? ops.put_signal_nbi : ops.put_signal)(sym + me * count, mine.data(), count, sig, 1,
                                                  SHOAL_SIGNAL_ADD, pe);
    }
    EXPECT_EQ(shoal_signal_wait_until(sig, SHOAL_CMP_EQ, n), static_cast<uint64_t>(n));
    const auto h = heap_read(sym, n * slot_bytes);
    for (int from = 0; from < n; ++from)
      expect_slot(h.data() + from * slot_bytes, from, nbi ? "put_signal_nbi" : "put_signal");
    shoal_barrier_all();
  }
  shoal_free(sig);
  shoal_free(sym);
}

#define RMA_TYPED_TEST_(NAME, TYPE)                                                            \
  TEST(HostRmaTyped, NAME) {                                                                   \
    check_typed<TYPE>(TypedOps<TYPE>{                                                          \
        #NAME, shoal_##NAME##_p, shoal_##NAME##_g, shoal_##NAME##_put, shoal_##NAME##_get,     \
        shoal_##NAME##_put_nbi, shoal_##NAME##_get_nbi, shoal_##NAME##_iput,                   \
        shoal_##NAME##_iget, shoal_##NAME##_put_signal, shoal_##NAME##_put_signal_nbi});       \
  }
SHOAL_FOR_RMA_TYPES(RMA_TYPED_TEST_)
#undef RMA_TYPED_TEST_

struct SizedOps {
  int bits;
  void (*put)(void*, const void*, size_t, int);
  void (*get)(void*, const void*, size_t, int);
  void (*put_nbi)(void*, const void*, size_t, int);
  void (*get_nbi)(void*, const void*, size_t, int);
  void (*iput)(void*, const void*, ptrdiff_t, ptrdiff_t, size_t, int);
  void (*iget)(void*, const void*, ptrdiff_t, ptrdiff_t, size_t, int);
  void (*put_signal)(void*, const void*, size_t, uint64_t*, uint64_t, int, int);
  void (*put_signal_nbi)(void*, const void*, size_t, uint64_t*, uint64_t, int, int);
};

// Sized forms move nelems * bits/8 bytes, exactly: the byte after the last
// element stays poisoned (this is the check that catches a 16-bit signal put
// that moves nothing, or one that moves too much).
TEST(HostRmaSized, EverySizeMovesExactlyItsBytes) {
#define SIZED_(BITS, BYTES)                                                                    \
  SizedOps{BITS, shoal_put##BITS, shoal_get##BITS, shoal_put##BITS##_nbi,                      \
           shoal_get##BITS##_nbi, shoal_iput##BITS, shoal_iget##BITS, shoal_put##BITS##_signal, \
           shoal_put##BITS##_signal_nbi},
  const SizedOps all[] = {SHOAL_FOR_SIZES(SIZED_)};
#undef SIZED_
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const std::size_t nelems = 257;
  const std::size_t cap = nelems * 16 + 16;
  auto* sym = static_cast<unsigned char*>(shoal_malloc(n * cap));
  auto* sig = static_cast<uint64_t*>(shoal_calloc(1, 8));
  for (const SizedOps& op : all) {
    const std::size_t bytes = nelems * op.bits / 8;
    auto mine = random_bytes(bytes, 7, op.bits, me);
    for (int form = 0; form < 4; ++form) {
      heap_poison(sym, n * cap);
      heap_store<uint64_t>(sig, 0);
      shoal_barrier_all();
      const int pe = (me + 1) % n;
      unsigned char* slot = sym + me * cap;
      if (form == 0) op.put(slot, mine.data(), nelems, pe);
      if (form == 1) op.put_nbi(slot, mine.data(), nelems, pe);
      if (form == 2) op.put_signal(slot, mine.data(), nelems, sig, 5, SHOAL_SIGNAL_SET, pe);
      if (form == 3) op.put_signal_nbi(slot, mine.data(), nelems, sig, 5, SHOAL_SIGNAL_SET, pe);
      if (form == 1) shoal_quiet();
      shoal_barrier_all();
      const int from = (me - 1 + n) % n;
      auto want = random_bytes(bytes, 7, op.bits, from);
      const auto h = heap_read(sym + from * cap, cap);
      const unsigned char* at = h.data();
      EXPECT_EQ(first_diff(at, want.data(), bytes), -1) << "put" << op.bits << " form " << form;
      EXPECT_EQ(at[bytes], kPoison) << "put" << op.bits << " form " << form << " wrote past the end";
      if (form >= 2) {
        EXPECT_EQ(heap_value(sig), 5u) << "put" << op.bits << "_signal did not set the signal";
      }
      // get back what this PE wrote to its neighbour.
      std::vector<unsigned char> back(bytes + 1, kPoison);
      (form % 2 ? op.get_nbi : op.get)(back.data(), slot, nelems, pe);
      shoal_quiet();
      EXPECT_EQ(first_diff(back.data(), mine.data(), bytes), -1) << "get" << op.bits;
      EXPECT_EQ(back[bytes], kPoison) << "get" << op.bits << " read past the end";
      shoal_barrier_all();
    }
    // Strided, element size = bits/8.
    const std::size_t es = op.bits / 8, nel = 64;
    heap_poison(sym, n * cap);
    shoal_barrier_all();
    op.iput(sym + me * cap, mine.data(), 3, 2, nel, (me + 1) % n);
    shoal_barrier_all();
    const int from = (me - 1 + n) % n;
    auto src = random_bytes(bytes, 7, op.bits, from);
    const auto h = heap_read(sym + from * cap, cap);
    for (std::size_t j = 0; j < nel; ++j)
      ASSERT_EQ(std::memcmp(h.data() + j * 3 * es, src.data() + j * 2 * es, es), 0)
          << "iput" << op.bits << " elem " << j;
    std::vector<unsigned char> g(nel * es);
    op.iget(g.data(), sym + me * cap, 1, 3, nel, (me + 1) % n);
    for (std::size_t j = 0; j < nel; ++j)
      ASSERT_EQ(std::memcmp(g.data() + j * es, mine.data() + j * 2 * es, es), 0)
          << "iget" << op.bits << " elem " << j;
    shoal_barrier_all();
  }
  shoal_free(sig);
  shoal_free(sym);
}

// putmem/getmem from 0 bytes to 64 MiB (scaled down with many PEs), with
// unaligned starts and tails; all PEs write to all PEs at once.
TEST(HostRmaMem, SizesAndAlignments) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const std::size_t max = n <= 2 ? (64u << 20) : n <= 4 ? (16u << 20) : (4u << 20);
  auto* sym = static_cast<unsigned char*>(shoal_malloc(n * (max + 64)));
  ASSERT_NE(sym, nullptr);
  std::vector<std::size_t> sizes = {0, 1, 2, 3, 7, 8, 15, 16, 17, 63, 64, 65, 4095, 4096, 4097};
  for (std::size_t s = 1 << 13; s <= max; s <<= 2) sizes.push_back(s + (s >> 3) % 13);
  sizes.push_back(max);
  auto g = rng(31337);
  for (std::size_t size : sizes) {
    size = std::min(size, max);
    const std::size_t off = g() % 16;  // same on all PEs: same seed
    auto mine = random_bytes(size, 11, size, me);
    heap_poison(sym, n * (max + 64));
    shoal_barrier_all();
    for (int k = 0; k < n; ++k) {
      int pe = (me + k) % n;
      (k % 2 ? shoal_putmem_nbi : shoal_putmem)(sym + me * (max + 64) + off, mine.data(), size, pe);
    }
    shoal_quiet();
    shoal_barrier_all();
    const auto h = heap_read(sym, n * (max + 64));
    for (int from = 0; from < n; ++from) {
      const unsigned char* at = h.data() + from * (max + 64);
      auto want = random_bytes(size, 11, size, from);
      for (std::size_t i = 0; i < off; ++i) ASSERT_EQ(at[i], kPoison) << "head, size " << size;
      ASSERT_EQ(first_diff(at + off, want.data(), size), -1) << "putmem " << size << " from PE " << from;
      ASSERT_EQ(at[off + size], kPoison) << "tail, size " << size;
    }
    std::vector<unsigned char> back(size + 1, kPoison);
    const int pe = (me + n - 1) % n;
    shoal_getmem(back.data(), sym + me * (max + 64) + off, size, pe);
    ASSERT_EQ(first_diff(back.data(), mine.data(), size), -1) << "getmem " << size;
    ASSERT_EQ(back[size], kPoison);
    shoal_barrier_all();
  }
  shoal_free(sym);
}

}  // namespace
}  // namespace shoal_test
