// main() for multi-PE GoogleTest binaries: initialises shoal once, agrees on
// a seed, runs the tests (PE 0 prints everything, others only failures) and
// finalises. Exit status: non-zero if any test failed on this PE.
#include <gtest/gtest.h>
#include <shoal/shoal.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "tests/common/pe_test.h"

namespace shoal_test {
namespace {
std::uint64_t g_seed = 0;

// PEs other than 0 print only failures, prefixed with their PE.
class FailurePrinter : public testing::EmptyTestEventListener {
 public:
  explicit FailurePrinter(int pe) : pe_(pe) {}
  void OnTestPartResult(const testing::TestPartResult& r) override {
    if (!r.failed()) return;
    std::fprintf(stderr, "[PE %d] %s:%d: Failure\n%s\n", pe_, r.file_name() ? r.file_name() : "?",
                 r.line_number(), r.message());
  }
  void OnTestEnd(const testing::TestInfo& t) override {
    if (t.result()->Failed())
      std::fprintf(stderr, "[PE %d] [  FAILED  ] %s.%s\n", pe_, t.test_suite_name(), t.name());
  }

 private:
  int pe_;
};
}
std::uint64_t seed() { return g_seed; }
}  // namespace shoal_test

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  // Death tests fork this PE without re-executing it: a re-executed child
  // would try to join the job again.
  GTEST_FLAG_SET(death_test_style, "fast");
  if (shoal_init() != 0) {
    std::fprintf(stderr, "shoal_init failed\n");
    return 2;
  }
  const int me = shoal_my_pe();
  auto* seed_sym = static_cast<std::uint64_t*>(shoal_malloc(sizeof(std::uint64_t)));
  if (me == 0) {
    std::uint64_t s;
    if (const char* e = std::getenv("SHOAL_TEST_SEED"))
      s = std::strtoull(e, nullptr, 0);
    else
      s = static_cast<std::uint64_t>(
          std::chrono::steady_clock::now().time_since_epoch().count());
    std::printf("[PE 0] seed %llu (SHOAL_TEST_SEED=%llu reproduces this run), %d PEs\n",
                static_cast<unsigned long long>(s), static_cast<unsigned long long>(s),
                shoal_n_pes());
    for (int pe = 0; pe < shoal_n_pes(); ++pe) shoal_uint64_p(seed_sym, s, pe);
  }
  shoal_barrier_all();
  shoal_test::g_seed = shoal_uint64_g(seed_sym, me);  // through the API: GPU memory on cuda
  shoal_free(seed_sym);
  if (me != 0) {
    auto& listeners = testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
    listeners.Append(new shoal_test::FailurePrinter(me));
  }
  int rc = RUN_ALL_TESTS();
  shoal_finalize();
  if (rc != 0) std::fprintf(stderr, "[PE %d] some tests FAILED\n", me);
  return rc;
}
