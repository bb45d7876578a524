// Bootstrap conformance: run as every PE of a job under any launcher
// (shoalrun, mpirun, srun, uid_launch). Checks rank/size/topology, then
// allgather, alltoall and broadcast with seeded random payloads from 1 byte
// to 16 MiB (every byte checked), back-to-back barriers and a random mix.
//
//   bootstrap_conformance [--seed S] [--max-bytes N] [--barriers N] [--mix N]
//                         [--expect-size N] [--expect-nodes N] [--kind K] [--mpi]
// Exit 0 and "PASS" from rank 0 when all checks pass on every PE.
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "base/log.h"
#include "bootstrap/bootstrap.h"
#include "tests/bootstrap/payload.h"

#ifdef SHOAL_TEST_WITH_MPI
#include <mpi.h>
#endif

using shoal::Status;
using shoal::bootstrap::Bootstrap;
using shoal::test::fill;
using shoal::test::first_mismatch;

namespace {

int g_rank = -1;
int g_failures = 0;

#define EXPECT_OK(expr)                                                               \
  do {                                                                                \
    Status s_ = (expr);                                                               \
    if (s_ != Status::ok) {                                                           \
      std::fprintf(stderr, "[PE %d] FAIL %s:%d: %s returned %s\n", g_rank, __FILE__, \
                   __LINE__, #expr, shoal::status_str(s_));                           \
      std::exit(1);                                                                   \
    }                                                                                 \
  } while (0)

void check(bool ok, const char* what, std::size_t bytes, long long detail) {
  if (ok) return;
  std::fprintf(stderr, "[PE %d] FAIL %s (bytes=%zu, detail=%lld)\n", g_rank, what, bytes, detail);
  ++g_failures;
}

// Streams: 1 allgather, 2 alltoall, 3 broadcast.
void test_allgather(Bootstrap& b, std::uint64_t seed, std::size_t bytes, std::uint64_t iter,
                    bool in_place) {
  int n = b.info().size, me = b.info().rank;
  std::vector<unsigned char> send(bytes), recv(bytes * n, 0xEE);
  fill(send.data(), bytes, seed, 1, iter, me, 0);
  if (in_place) {
    std::memcpy(recv.data() + me * bytes, send.data(), bytes);
    EXPECT_OK(b.allgather(recv.data() + me * bytes, recv.data(), bytes));
  } else {
    EXPECT_OK(b.allgather(send.data(), recv.data(), bytes));
  }
  for (int s = 0; s < n; ++s) {
    long long off = first_mismatch(recv.data() + s * bytes, bytes, seed, 1, iter, s, 0);
    check(off < 0, in_place ? "allgather in place: block from PE" : "allgather: block from PE",
          bytes, off < 0 ? s : s * 1000000000ll + off);
  }
}

void test_alltoall(Bootstrap& b, std::uint64_t seed, std::size_t bytes, std::uint64_t iter) {
  int n = b.info().size, me = b.info().rank;
  std::vector<unsigned char> send(bytes * n), recv(bytes * n, 0xEE);
  for (int d = 0; d < n; ++d) fill(send.data() + d * bytes, bytes, seed, 2, iter, me, d);
  EXPECT_OK(b.alltoall(send.data(), recv.data(), bytes));
  for (int s = 0; s < n; ++s) {
    long long off = first_mismatch(recv.data() + s * bytes, bytes, seed, 2, iter, s, me);
    check(off < 0, "alltoall: block from PE", bytes, off < 0 ? s : s * 1000000000ll + off);
  }
}

void test_broadcast(Bootstrap& b, std::uint64_t seed, std::size_t bytes, std::uint64_t iter,
                    int root) {
  std::vector<unsigned char> buf(bytes, 0xEE);
  if (b.info().rank == root) fill(buf.data(), bytes, seed, 3, iter, root, 0);
  EXPECT_OK(b.broadcast(buf.data(), bytes, root));
  long long off = first_mismatch(buf.data(), bytes, seed, 3, iter, root, 0);
  check(off < 0, "broadcast from root", bytes, off < 0 ? root : off);
}

double now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t seed = 0;
  bool have_seed = false;
  std::size_t max_bytes = 16u << 20;
  int barriers = 1000, mix = 200, expect_size = 0, expect_nodes = 0;
  shoal::bootstrap::Options opt;
  bool use_mpi = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() { return i + 1 < argc ? argv[++i] : (std::fprintf(stderr, "missing value\n"), std::exit(2), argv[0]); };
    if (a == "--seed") seed = std::strtoull(next(), nullptr, 0), have_seed = true;
    else if (a == "--max-bytes") max_bytes = std::strtoull(next(), nullptr, 0);
    else if (a == "--barriers") barriers = std::atoi(next());
    else if (a == "--mix") mix = std::atoi(next());
    else if (a == "--expect-size") expect_size = std::atoi(next());
    else if (a == "--expect-nodes") expect_nodes = std::atoi(next());
    else if (a == "--kind") opt.kind = next();
    else if (a == "--mpi") use_mpi = true;
    else {
      std::fprintf(stderr, "unknown argument %s\n", a.c_str());
      return 2;
    }
  }
#ifdef SHOAL_TEST_WITH_MPI
  MPI_Comm comm = MPI_COMM_WORLD;
  if (use_mpi) {
    MPI_Init(&argc, &argv);
    opt.kind = "mpi";
    opt.mpi_comm = &comm;
  }
#else
  if (use_mpi) {
    std::fprintf(stderr, "built without MPI\n");
    return 2;
  }
#endif
  double t0 = now_s();
  std::unique_ptr<Bootstrap> b;
  EXPECT_OK(shoal::bootstrap::create(opt, &b));
  const auto& info = b->info();
  g_rank = info.rank;
  shoal::log_set_pe(info.rank);
  double t_init = now_s() - t0;

  // Everyone uses rank 0's seed.
  if (!have_seed) seed = static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  EXPECT_OK(b->broadcast(&seed, sizeof seed, 0));
  if (info.rank == 0)
    std::printf("bootstrap %s: %d PEs on %d node(s), seed %" PRIu64 " (rerun with --seed %" PRIu64 ")\n",
                b->name(), info.size, info.num_nodes, seed, seed);
  std::fflush(stdout);

  // Identity and topology.
  check(info.rank >= 0 && info.rank < info.size, "rank in range", 0, info.rank);
  if (expect_size) check(info.size == expect_size, "size as expected", 0, info.size);
  int me[4] = {info.rank, info.node_id, info.local_rank, info.local_size};
  std::vector<int> all(4 * info.size);
  EXPECT_OK(b->allgather(me, all.data(), sizeof me));
  std::vector<int> per_node(info.num_nodes, 0);
  for (int r = 0; r < info.size; ++r) {
    check(all[4 * r] == r, "allgather of ranks", 4, all[4 * r]);
    int node = all[4 * r + 1];
    check(node >= 0 && node < info.num_nodes, "node id in range", 0, node);
    if (node < 0 || node >= info.num_nodes) continue;
    check(all[4 * r + 2] == per_node[node], "local ranks dense and ordered", 0, all[4 * r + 2]);
    ++per_node[node];
  }
  for (int r = 0; r < info.size; ++r) {
    int node = all[4 * r + 1];
    if (node >= 0 && node < info.num_nodes)
      check(all[4 * r + 3] == per_node[node], "local size", 0, all[4 * r + 3]);
  }
  if (expect_nodes) check(info.num_nodes == expect_nodes, "node count as expected", 0, info.num_nodes);

  // Sizes from 1 byte to max_bytes.
  std::vector<std::size_t> sizes = {1, 3, 8, 255, 4096, 65537, 1u << 20, 16u << 20};
  std::uint64_t iter = 0;
  for (std::size_t s : sizes) {
    if (s > max_bytes) continue;
    test_allgather(*b, seed, s, ++iter, false);
    ++iter;
    test_broadcast(*b, seed, s, iter, static_cast<int>(iter % info.size));
    // alltoall moves size*bytes per PE: keep the per-PE total at max_bytes.
    std::size_t a2a = std::max<std::size_t>(1, std::min(s, max_bytes / info.size));
    test_alltoall(*b, seed, a2a, ++iter);
  }
  test_allgather(*b, seed, 1000, ++iter, true);
  test_allgather(*b, seed, 0, ++iter, false);
  for (int root = 0; root < info.size; ++root) test_broadcast(*b, seed, 77, ++iter, root);

  double tb = now_s();
  for (int i = 0; i < barriers; ++i) EXPECT_OK(b->barrier());
  double barrier_us = barriers ? (now_s() - tb) / barriers * 1e6 : 0;

  // Barrier semantics, not just return codes: in each round one PE (in turn)
  // enters 20 ms late; no PE may leave the barrier before every PE entered
  // it. Entry and exit times (steady_clock: CLOCK_MONOTONIC, one clock for
  // all processes of a machine) are compared after the rounds.
  {
    const int rounds = 2 * std::min(info.size, 8);
    std::vector<double> mine(2 * rounds), every(2 * rounds * info.size);
    for (int k = 0; k < rounds; ++k) {
      if (k % info.size == info.rank) std::this_thread::sleep_for(std::chrono::milliseconds(20));
      mine[2 * k] = now_s();
      EXPECT_OK(b->barrier());
      mine[2 * k + 1] = now_s();
    }
    EXPECT_OK(b->allgather(mine.data(), every.data(), mine.size() * sizeof(double)));
    for (int k = 0; k < rounds; ++k) {
      double last_enter = 0, first_exit = 1e300;
      int late = 0, early = 0;
      for (int r = 0; r < info.size; ++r) {
        const double* t = &every[static_cast<std::size_t>(r) * 2 * rounds + 2 * k];
        if (t[0] > last_enter) last_enter = t[0], late = r;
        if (t[1] < first_exit) first_exit = t[1], early = r;
      }
      if (first_exit < last_enter) {
        if (info.rank == 0)
          std::fprintf(stderr, "FAIL: barrier round %d: rank %d left %.3f ms before rank %d entered\n", k, early,
                       (last_enter - first_exit) * 1e3, late);
        check(false, "no PE leaves a barrier before all entered", 0, k);
      }
    }
  }

  // A random mix, the same sequence on every PE.
  std::uint64_t st = seed ^ 0x5eed;
  for (int i = 0; i < mix; ++i) {
    std::uint64_t r = shoal::test::splitmix(st);
    std::size_t bytes = 1 + (r >> 8) % 3000;
    switch (r % 4) {
      case 0: test_allgather(*b, seed, bytes, ++iter, (r >> 40) & 1); break;
      case 1: test_alltoall(*b, seed, bytes, ++iter); break;
      case 2: test_broadcast(*b, seed, bytes, ++iter, static_cast<int>((r >> 32) % info.size)); break;
      default: EXPECT_OK(b->barrier()); break;
    }
  }

  // Everyone's verdict.
  std::vector<int> fails(info.size);
  EXPECT_OK(b->allgather(&g_failures, fails.data(), sizeof(int)));
  int total = 0;
  for (int f : fails) total += f;
  EXPECT_OK(b->finalize());
  if (info.rank == 0) {
    std::printf("init %.3f s, barrier %.1f us, %d failure(s): %s\n", t_init, barrier_us, total,
                total ? "FAIL" : "PASS");
  }
#ifdef SHOAL_TEST_WITH_MPI
  if (use_mpi) MPI_Finalize();
#endif
  return total ? 1 : 0;
}
