// Signals and point-to-point synchronisation: data-before-signal, signal_op,
// signal_fetch, and the wait/test families (all/any/some, vectors, status).
#include <thread>

#include "tests/common/pe_test.h"

namespace shoal_test {
namespace {

// A reader that sees the signal must see every byte the writer put before
// it: the writer streams rounds of data + signal SET round; the reader
// checks the whole buffer each time the signal advances.
TEST(HostSignal, DataIsVisibleBeforeTheSignal) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  if (n < 2) GTEST_SKIP() << "needs 2 PEs";
  const std::size_t bytes = 1 << 16;
  const int rounds = 50;
  auto* buf = static_cast<unsigned char*>(shoal_malloc(bytes));
  auto* sig = static_cast<uint64_t*>(shoal_calloc(1, 8));
  auto* ack = static_cast<uint64_t*>(shoal_calloc(1, 8));
  const int to = (me + 1) % n, from = (me + n - 1) % n;
  for (int r = 1; r <= rounds; ++r) {
    auto data = random_bytes(bytes, 21, r, me);
    shoal_putmem_signal_nbi(buf, data.data(), bytes, sig, r, SHOAL_SIGNAL_SET, to);
    EXPECT_EQ(shoal_signal_wait_until(sig, SHOAL_CMP_GE, r), static_cast<uint64_t>(r));
    auto want = random_bytes(bytes, 21, r, from);
    ASSERT_EQ(first_diff(buf, want.data(), bytes), -1) << "round " << r << " data from PE " << from;
    // Tell the writer it may overwrite.
    shoal_signal_op(ack, 1, SHOAL_SIGNAL_ADD, from);
    shoal_uint64_wait_until(ack, SHOAL_CMP_GE, r);
  }
  shoal_barrier_all();
  shoal_free(ack);
  shoal_free(sig);
  shoal_free(buf);
}

TEST(HostSignal, OpSetAddAndFetch) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  auto* sig = static_cast<uint64_t*>(shoal_calloc(2, 8));
  for (int pe = 0; pe < n; ++pe) shoal_signal_op(&sig[0], me + 1, SHOAL_SIGNAL_ADD, pe);
  shoal_signal_op(&sig[1], 1000 + me, SHOAL_SIGNAL_SET, (me + 1) % n);
  shoal_barrier_all();
  EXPECT_EQ(shoal_signal_fetch(&sig[0]), static_cast<uint64_t>(n) * (n + 1) / 2);
  EXPECT_EQ(shoal_signal_fetch(&sig[1]), 1000u + (me + n - 1) % n);
  shoal_barrier_all();
  shoal_free(sig);
}

// wait_until_some_vector: PE 0 waits on one variable per (PE, slot) that the
// others set in random order with random delays; every index must come back
// exactly once and only when satisfied.
TEST(HostWait, SomeVectorSeesEveryIndexOnce) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const std::size_t per = 6, total = per * n;
  auto* vars = static_cast<int64_t*>(shoal_calloc(total, 8));
  std::vector<int64_t> want(total);
  for (std::size_t i = 0; i < total; ++i) want[i] = 10 + static_cast<int64_t>(i);
  shoal_barrier_all();
  if (me != 0 || n == 1) {
    auto g = rng(41, me);
    std::vector<std::size_t> order(per);
    for (std::size_t k = 0; k < per; ++k) order[k] = me * per + k;
    std::shuffle(order.begin(), order.end(), g);
    for (std::size_t i : order) {
      std::this_thread::sleep_for(std::chrono::microseconds(g() % 2000));
      shoal_int64_p(&vars[i], want[i], 0);
    }
  }
  if (me == 0) {
    std::vector<int> status(total, 0);
    if (n > 1)
      for (std::size_t k = 0; k < per; ++k) status[k] = 1;  // PE 0's own slots: excluded
    std::size_t remaining = n > 1 ? total - per : total;
    std::vector<std::size_t> idx(total);
    while (remaining) {
      std::size_t c = shoal_int64_wait_until_some_vector(vars, total, idx.data(), status.data(),
                                                         SHOAL_CMP_EQ, want.data());
      ASSERT_GT(c, 0u);
      for (std::size_t j = 0; j < c; ++j) {
        ASSERT_LT(idx[j], total);
        ASSERT_EQ(status[idx[j]], 0) << "index " << idx[j] << " returned twice or excluded";
        ASSERT_EQ(vars[idx[j]], want[idx[j]]);
        status[idx[j]] = 1;
        --remaining;
      }
    }
    // Everything excluded: some returns 0, any returns SIZE_MAX, all returns.
    EXPECT_EQ(shoal_int64_wait_until_some_vector(vars, total, idx.data(), status.data(),
                                                 SHOAL_CMP_EQ, want.data()), 0u);
    EXPECT_EQ(shoal_int64_wait_until_any(vars, total, status.data(), SHOAL_CMP_EQ, 0), SIZE_MAX);
    shoal_int64_wait_until_all(vars, total, status.data(), SHOAL_CMP_EQ, -5);
  }
  shoal_barrier_all();
  shoal_free(vars);
}

TEST(HostWait, AllAnyTestFamilies) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  auto* v = static_cast<int*>(shoal_calloc(4, sizeof(int)));
  shoal_barrier_all();
  // Nothing set yet.
  EXPECT_EQ(shoal_int_test(&v[0], SHOAL_CMP_NE, 0), 0);
  EXPECT_EQ(shoal_int_test_all(v, 4, nullptr, SHOAL_CMP_EQ, 0), 1);
  EXPECT_EQ(shoal_int_test_any(v, 4, nullptr, SHOAL_CMP_GT, 0), SIZE_MAX);
  size_t idx[4];
  EXPECT_EQ(shoal_int_test_some(v, 4, idx, nullptr, SHOAL_CMP_GT, 0), 0u);
  shoal_barrier_all();
  // The left neighbour sets v[2] = 7, v[3] = 9.
  const int right = (me + 1) % n;
  shoal_int_p(&v[2], 7, right);
  shoal_int_p(&v[3], 9, right);
  size_t any = shoal_int_wait_until_any(v, 4, nullptr, SHOAL_CMP_GT, 0);
  EXPECT_TRUE(any == 2 || any == 3) << any;
  int vals[4] = {0, 0, 7, 9};
  shoal_int_wait_until_all_vector(v, 4, nullptr, SHOAL_CMP_EQ, vals);
  EXPECT_EQ(shoal_int_test_all_vector(v, 4, nullptr, SHOAL_CMP_EQ, vals), 1);
  int status[4] = {0, 0, 1, 0};
  EXPECT_EQ(shoal_int_test_any_vector(v, 4, status, SHOAL_CMP_EQ, vals), 0u);
  int gt[4] = {0, 0, 0, 8};
  EXPECT_EQ(shoal_int_test_some_vector(v, 4, idx, nullptr, SHOAL_CMP_GT, gt), 2u);
  EXPECT_EQ(idx[0], 2u);
  EXPECT_EQ(idx[1], 3u);
  EXPECT_EQ(shoal_int_wait_until_some(v, 4, idx, status, SHOAL_CMP_GE, 9), 1u);
  EXPECT_EQ(idx[0], 3u);
  // Every comparison operator on one value.
  EXPECT_EQ(shoal_int_test(&v[2], SHOAL_CMP_EQ, 7), 1);
  EXPECT_EQ(shoal_int_test(&v[2], SHOAL_CMP_NE, 7), 0);
  EXPECT_EQ(shoal_int_test(&v[2], SHOAL_CMP_GT, 6), 1);
  EXPECT_EQ(shoal_int_test(&v[2], SHOAL_CMP_GE, 8), 0);
  EXPECT_EQ(shoal_int_test(&v[2], SHOAL_CMP_LT, 8), 1);
  EXPECT_EQ(shoal_int_test(&v[2], SHOAL_CMP_LE, 6), 0);
  shoal_barrier_all();
  shoal_free(v);
}

// Every P2P type's wait_until completes on a value set by a neighbour.
template <class T>
void wait_typed(void (*p)(T*, T, int), void (*wait)(T*, int, T), int (*test)(T*, int, T)) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  T* v = static_cast<T*>(shoal_calloc(1, sizeof(T)));
  shoal_barrier_all();
  p(v, T(42), (me + 1) % n);
  wait(v, SHOAL_CMP_EQ, T(42));
  EXPECT_EQ(test(v, SHOAL_CMP_EQ, T(42)), 1);
  shoal_barrier_all();
  shoal_free(v);
}
#define P2P_TYPE_TEST_(NAME, TYPE)                                                             \
  TEST(HostWaitTyped, NAME) {                                                                  \
    wait_typed<TYPE>(shoal_##NAME##_p, shoal_##NAME##_wait_until, shoal_##NAME##_test);        \
  }
SHOAL_FOR_P2P_SYNC_TYPES(P2P_TYPE_TEST_)
#undef P2P_TYPE_TEST_

}  // namespace
}  // namespace shoal_test
