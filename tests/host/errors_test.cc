// Argument errors and wait timeouts end the PE with a message naming the PE,
// the call and the bad value. Each runs in a forked child that exits alone
// (shoal::testing::set_local_abort) so the job goes on.
#include "host/testing.h"
#include "tests/common/pe_test.h"

namespace shoal_test {
namespace {

constexpr int kCode = 17;

class HostErrors : public testing::Test {
 protected:
  void SetUp() override {
    me_ = shoal_my_pe();
    n_ = shoal_n_pes();
    sym_ = static_cast<long*>(shoal_calloc(4, sizeof(long)));
  }
  void TearDown() override { shoal_free(sym_); }
  std::string pe_prefix() const { return "shoal\\[PE " + std::to_string(me_) + "\\] FATAL "; }
  int me_ = 0, n_ = 0;
  long* sym_ = nullptr;
};

TEST_F(HostErrors, PeOutOfRange) {
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_long_p(sym_, 1, n_ + 3);
      },
      testing::ExitedWithCode(kCode),
      pe_prefix() + "shoal_long_p: PE " + std::to_string(n_ + 3) + " is out of range");
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_putmem(sym_, sym_, 8, -1);
      },
      testing::ExitedWithCode(kCode), "shoal_putmem: PE -1 is out of range");
}

TEST_F(HostErrors, AddressOutsideTheHeap) {
  long local[4] = {};
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_long_put(local, sym_, 4, 0);
      },
      testing::ExitedWithCode(kCode), "shoal_long_put: dest .* is not inside the symmetric heap");
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_getmem(local, sym_ + 2, 1ull << 40, 0);
      },
      testing::ExitedWithCode(kCode), "shoal_getmem: source .* is not inside the symmetric heap");
}

TEST_F(HostErrors, MisalignedAtomicBadCmpBadSigOp) {
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_long_atomic_add(reinterpret_cast<long*>(reinterpret_cast<char*>(sym_) + 1), 1, 0);
      },
      testing::ExitedWithCode(kCode), "shoal_long_atomic_add: dest .* is not aligned to 8 bytes");
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_long_wait_until(sym_, 9, 0);
      },
      testing::ExitedWithCode(kCode), "shoal_long_wait_until: cmp 9 is not one of");
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_signal_op(reinterpret_cast<uint64_t*>(sym_), 1, 4, 0);
      },
      testing::ExitedWithCode(kCode), "shoal_signal_op: sig_op 4 is neither");
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal_long_iput(sym_, sym_, 0, 1, 2, 0);
      },
      testing::ExitedWithCode(kCode), "shoal_long_iput: strides must be positive");
}

TEST_F(HostErrors, WaitTimeoutSaysWhatItWaitsFor) {
  EXPECT_EXIT(
      {
        shoal::testing::set_local_abort(kCode);
        shoal::testing::set_timeout(0.3);
        shoal_long_wait_until(sym_ + 1, SHOAL_CMP_GE, 5);
      },
      testing::ExitedWithCode(kCode),
      "shoal_long_wait_until: waited 0\\.[3-9] s \\(SHOAL_TIMEOUT\\) for ivars\\[0\\] of 1 "
      "\\(PE [0-9]+, heap offset 0x[0-9a-f]+\\) to become GE 5; current value 0");
}

}  // namespace
}  // namespace shoal_test
