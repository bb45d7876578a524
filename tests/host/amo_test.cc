// Host atomics for every type of each AMO class: exact totals under
// contention, distinct fetch results, a compare_swap lock, bitwise masks.
#include <set>

#include "tests/common/pe_test.h"

namespace shoal_test {
namespace {

constexpr int kIters = 200;

template <class T>
struct StdOps {
  const char* name;
  T (*fetch)(const T*, int);
  void (*set)(T*, T, int);
  T (*swap)(T*, T, int);
  T (*cswap)(T*, T, T, int);
  void (*inc)(T*, int);
  T (*finc)(T*, int);
  void (*add)(T*, T, int);
  T (*fadd)(T*, T, int);
};

template <class T>
void check_standard(const StdOps<T>& op) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const int total = n * kIters * 2;
  T* counter = static_cast<T*>(shoal_calloc(4, sizeof(T)));
  // seen[v] = 1 for every old value returned by fetch_inc/fetch_add on this
  // PE's counter: atomicity means each value in [0, total) shows up once.
  int* seen = static_cast<int*>(shoal_calloc(total, sizeof(int)));
  for (int i = 0; i < kIters; ++i) {
    for (int k = 0; k < n; ++k) {
      int pe = (me + k) % n;
      T old = (i % 2) ? op.finc(counter, pe) : op.fadd(counter, T(1), pe);
      ASSERT_GE(old, T(0));
      ASSERT_LT(old, T(total)) << op.name;
      shoal_int_p(&seen[static_cast<long long>(old)], 1, pe);
      if (i % 2) op.inc(counter + 1, pe); else op.add(counter + 1, T(3), pe);
    }
  }
  shoal_barrier_all();
  EXPECT_EQ(op.fetch(counter, me), T(n * kIters)) << op.name << " fetch_inc/fetch_add total";
  EXPECT_EQ(heap_value(counter + 1), T(n * kIters / 2 + 3 * (n * kIters / 2))) << op.name << " inc/add total";
  {
    std::vector<int> seen_h(static_cast<std::size_t>(total));
    auto h = heap_read(seen, total * sizeof(int));
    std::memcpy(seen_h.data(), h.data(), h.size());
    for (int v = 0; v < n * kIters; ++v) ASSERT_EQ(seen_h[v], 1) << op.name << " old value " << v;
  }
  shoal_barrier_all();

  // set / fetch / swap on the right neighbour.
  const int right = (me + 1) % n, left = (me + n - 1) % n;
  op.set(counter + 2, T(100 + me), right);
  shoal_barrier_all();
  EXPECT_EQ(op.fetch(counter + 2, me), T(100 + left)) << op.name << " set";
  shoal_barrier_all();
  T prev = op.swap(counter + 2, T(7), right);
  EXPECT_EQ(prev, T(100 + me)) << op.name << " swap";
  shoal_barrier_all();

  // A spin lock with compare_swap on PE 0 guarding a plain counter on PE 0.
  T* lock = counter + 3;
  int* plain = seen;  // reuse: seen[0] as the guarded counter
  if (me == 0) heap_store(plain, 0);
  shoal_barrier_all();
  for (int i = 0; i < kIters / 4; ++i) {
    while (op.cswap(lock, T(0), T(me + 1), 0) != T(0)) {
    }
    int v = shoal_int_g(plain, 0);
    shoal_int_p(plain, v + 1, 0);
    shoal_quiet();
    EXPECT_EQ(op.cswap(lock, T(me + 1), T(0), 0), T(me + 1)) << op.name << " unlock";
  }
  shoal_barrier_all();
  if (me == 0) {
    EXPECT_EQ(heap_value(plain), n * (kIters / 4)) << op.name << " lock lost updates";
  }
  shoal_barrier_all();
  shoal_free(seen);
  shoal_free(counter);
}

#define AMO_STD_TEST_(NAME, TYPE)                                                               \
  TEST(HostAmoStandard, NAME) {                                                                 \
    check_standard<TYPE>(StdOps<TYPE>{                                                          \
        #NAME, shoal_##NAME##_atomic_fetch, shoal_##NAME##_atomic_set,                          \
        shoal_##NAME##_atomic_swap, shoal_##NAME##_atomic_compare_swap,                         \
        shoal_##NAME##_atomic_inc, shoal_##NAME##_atomic_fetch_inc, shoal_##NAME##_atomic_add,  \
        shoal_##NAME##_atomic_fetch_add});                                                      \
  }
SHOAL_FOR_AMO_STANDARD_TYPES(AMO_STD_TEST_)
#undef AMO_STD_TEST_

template <class T>
void check_extended(const char* name, T (*fetch)(const T*, int), void (*set)(T*, T, int),
                    T (*swap)(T*, T, int)) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  T* w = static_cast<T*>(shoal_calloc(1, sizeof(T)));
  const int right = (me + 1) % n, left = (me + n - 1) % n;
  const T a = T(0.25) + T(me), b = T(-1.5) * T(me + 1);
  set(w, a, right);
  shoal_barrier_all();
  EXPECT_EQ(fetch(w, me), T(0.25) + T(left)) << name;
  shoal_barrier_all();
  EXPECT_EQ(swap(w, b, right), a) << name;
  shoal_barrier_all();
  EXPECT_EQ(heap_value(w), T(-1.5) * T(left + 1)) << name;
  shoal_barrier_all();
  shoal_free(w);
}

TEST(HostAmoExtended, Float) {
  check_extended<float>("float", shoal_float_atomic_fetch, shoal_float_atomic_set,
                        shoal_float_atomic_swap);
}
TEST(HostAmoExtended, Double) {
  check_extended<double>("double", shoal_double_atomic_fetch, shoal_double_atomic_set,
                         shoal_double_atomic_swap);
}

template <class T>
struct BitOps {
  const char* name;
  void (*and_)(T*, T, int);
  void (*or_)(T*, T, int);
  void (*xor_)(T*, T, int);
  T (*fand)(T*, T, int);
  T (*f_or)(T*, T, int);
  T (*fxor)(T*, T, int);
};

template <class T>
void check_bitwise(const BitOps<T>& op) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const int bits = static_cast<int>(sizeof(T) * 8);
  T* w = static_cast<T*>(shoal_calloc(2, sizeof(T)));
  // Every PE sets bit (me % bits) on every PE, alternating or/fetch_or.
  for (int k = 0; k < n; ++k) {
    int pe = (me + k) % n;
    T bit = T(T(1) << (me % bits));
    if (k % 2) op.or_(w, bit, pe); else op.f_or(w, bit, pe);
    op.xor_(w + 1, bit, pe);
  }
  shoal_barrier_all();
  T want = 0, want_x = 0;
  for (int pe = 0; pe < n; ++pe) {
    want = T(want | T(T(1) << (pe % bits)));
    want_x = T(want_x ^ T(T(1) << (pe % bits)));
  }
  EXPECT_EQ(heap_value(w), want) << op.name << " or";
  EXPECT_EQ(heap_value(w + 1), want_x) << op.name << " xor";
  shoal_barrier_all();
  // Clear own bit everywhere with and / fetch_and; fetch_xor flips back.
  for (int k = 0; k < n; ++k) {
    int pe = (me + k) % n;
    T mask = T(~T(T(1) << (me % bits)));
    if (k % 2) op.and_(w, mask, pe); else op.fand(w, mask, pe);
  }
  shoal_barrier_all();
  EXPECT_EQ(heap_value(w), T(0)) << op.name << " and";
  shoal_barrier_all();
  if (me == 0) {
    T old = op.fxor(w + 1, want_x, (me + 1) % n);
    EXPECT_EQ(old, want_x) << op.name << " fetch_xor old";
  }
  shoal_barrier_all();
  if (me == 1 % n) {
    EXPECT_EQ(heap_value(w + 1), T(0)) << op.name << " fetch_xor result";
  }
  shoal_barrier_all();
  shoal_free(w);
}

#define AMO_BIT_TEST_(NAME, TYPE)                                                              \
  TEST(HostAmoBitwise, NAME) {                                                                 \
    check_bitwise<TYPE>(BitOps<TYPE>{#NAME, shoal_##NAME##_atomic_and, shoal_##NAME##_atomic_or,\
                                     shoal_##NAME##_atomic_xor, shoal_##NAME##_atomic_fetch_and, \
                                     shoal_##NAME##_atomic_fetch_or,                           \
                                     shoal_##NAME##_atomic_fetch_xor});                        \
  }
SHOAL_FOR_AMO_BITWISE_TYPES(AMO_BIT_TEST_)
#undef AMO_BIT_TEST_

}  // namespace
}  // namespace shoal_test
