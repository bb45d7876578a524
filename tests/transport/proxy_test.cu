// The host-proxy transport under load: run with PEs on different (simulated)
// nodes (SHOAL_SIM_PES_PER_NODE) or SHOAL_DISABLE_P2P=1, so targets go
// through the proxy ring. Covers: many small puts completed by one quiet,
// put_signal's data-before-signal, back-pressure (run with a tiny
// SHOAL_PROXY_RING_SIZE), and (mode `peer-dies`, its own binary run) a peer
// that exits during traffic.
#include <shoal/launch.h>
#include <shoal/shoal.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

#include "tests/device/device_util.h"

namespace shoal_test {
namespace {

__device__ inline int value_of(uint64_t seed, int from, size_t i) {
  return static_cast<int>((seed * 0x9E3779B97F4A7C15ull) ^ (static_cast<uint64_t>(from) << 32) ^
                          (i * 0xBF58476D1CE4E5B9ull));
}

// Each thread puts its share of `count` ints (one p each) into the target's
// array at slot [from * count + i], then quiets, then one thread per block signals.
__global__ void many_puts(int* arr, size_t count, int to, uint64_t* sig, uint64_t seed) {
  const int me = shoal_my_pe();
  for (size_t i = threadIdx.x + blockIdx.x * blockDim.x; i < count; i += blockDim.x * gridDim.x)
    shoal_int_p(arr + static_cast<size_t>(me) * count + i, value_of(seed, me, i), to);
  shoal_quiet();
  __syncthreads();
  if (threadIdx.x == 0) shoal_signal_op(sig, 1, SHOAL_SIGNAL_ADD, to);
}

TEST(Proxy, QuietAfterManySmallPuts) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const size_t count = std::getenv("SHOAL_TEST_PUTS") ? std::strtoull(std::getenv("SHOAL_TEST_PUTS"), nullptr, 10)
                                                      : (1u << 20) / n;
  int* arr = static_cast<int*>(shoal_malloc(n * count * sizeof(int)));
  auto* sig = static_cast<uint64_t*>(shoal_calloc(1, sizeof(uint64_t)));
  ASSERT_NE(arr, nullptr);
  CUDA_OK(cudaMemset(arr, 0x5a, n * count * sizeof(int)));
  shoal_barrier_all();
  // PE me writes into PE (me+1)%n; with 2 PEs per node the odd PEs' targets
  // are remote, and with P2P disabled all are.
  const int to = (me + 1) % n, from = (me - 1 + n) % n;
  std::printf("PE %d: %zu puts to PE %d (%s), seed %llu\n", me, count, to,
              shoal_ptr(arr, to) ? "P2P" : "proxy", static_cast<unsigned long long>(seed()));
  const int blocks = 4;
  CUDA_OK(shoal::launch(many_puts, blocks, 64, 0, nullptr, arr, count, to, sig, seed()));
  CUDA_OK(cudaDeviceSynchronize());
  // Each block signals after its own threads' quiet.
  shoal_uint64_wait_until(sig, SHOAL_CMP_GE, blocks);
  auto h = to_host(arr + static_cast<size_t>(from) * count, count * sizeof(int));
  const int* got = reinterpret_cast<const int*>(h.data());
  // Every element checked; no early return (the frees below are collective).
  size_t bad = 0, first_bad = 0;
  for (size_t i = 0; i < count; ++i) {
    const uint64_t x = (seed() * 0x9E3779B97F4A7C15ull) ^ (static_cast<uint64_t>(from) << 32) ^
                       (i * 0xBF58476D1CE4E5B9ull);
    if (got[i] != static_cast<int>(x) && bad++ == 0) first_bad = i;
  }
  EXPECT_EQ(bad, 0u) << "elements from PE " << from << " missing after its quiet, first at "
                     << first_bad;
  shoal_barrier_all();
  shoal_free(sig);
  shoal_free(arr);
}

// Every thread of a 1024-thread block puts one int and quiets at once: more
// quiets in flight than UCX allows flushes per endpoint (255), so the proxy
// must batch them; then every thread checks that its own put landed. 50
// rounds.
__global__ void quiet_storm(int* arr, int to, uint64_t seed, int* bad) {
  const int me = shoal_my_pe();
  const int i = threadIdx.x;
  for (int r = 0; r < 50; ++r) {
    const int v = value_of(seed + r, me, i);
    shoal_int_p(arr + i, v, to);
    shoal_quiet();
    if (shoal_int_g(arr + i, to) != v) atomicAdd(bad, 1);
  }
}

TEST(Proxy, ManyConcurrentQuiets) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const int threads = 1024;
  int* arr = static_cast<int*>(shoal_malloc(threads * sizeof(int)));
  int* bad = static_cast<int*>(shoal_calloc(1, sizeof(int)));
  ASSERT_NE(arr, nullptr);
  CUDA_OK(cudaMemset(arr, 0x5a, threads * sizeof(int)));
  shoal_barrier_all();
  // Each PE writes into its own array on the next PE; nobody else writes there.
  const int to = (me + 1) % n;
  CUDA_OK(shoal::launch(quiet_storm, 1, threads, 0, nullptr, arr, to, seed(), bad));
  CUDA_OK(cudaDeviceSynchronize());
  int h = -1;
  CUDA_OK(cudaMemcpy(&h, bad, sizeof h, cudaMemcpyDeviceToHost));
  EXPECT_EQ(h, 0) << "threads whose put to PE " << to << " was not there after their quiet (seed "
                  << seed() << ")";
  shoal_barrier_all();
  shoal_free(bad);
  shoal_free(arr);
}

// Rounds of put_signal_nbi of alternating patterns. Block 0 sends to `to`
// and waits for its acknowledgement; block 1 receives from `from`: as soon
// as the signal shows round r it checks every byte (data must precede the
// signal), then acknowledges.
__global__ void signal_rounds(char* buf, const char* src, size_t bytes, int rounds, int to, int from,
                              uint64_t* sig, uint64_t* ack, int block_scope, uint64_t seed,
                              uint64_t tag, unsigned long long* errors) {
  if (blockIdx.x == 0) {
    for (int r = 1; r <= rounds; ++r) {
      if (block_scope)
        shoal_putmem_signal_nbi_block(buf, src + (r % 2) * bytes, bytes, sig, r, SHOAL_SIGNAL_SET, to);
      else if (threadIdx.x == 0)
        shoal_putmem_signal_nbi(buf, src + (r % 2) * bytes, bytes, sig, r, SHOAL_SIGNAL_SET, to);
      if (threadIdx.x == 0) shoal_uint64_wait_until(ack, SHOAL_CMP_GE, r);
      __syncthreads();
    }
    return;
  }
  for (int r = 1; r <= rounds; ++r) {
    if (threadIdx.x == 0) shoal_signal_wait_until(sig, SHOAL_CMP_GE, r);
    __syncthreads();
    unsigned long long bad = 0;
    for (size_t j = threadIdx.x; j < bytes; j += blockDim.x)
      if (static_cast<unsigned char>(buf[j]) != pattern(seed, tag, from, (r % 2) * bytes + j)) ++bad;
    if (bad) atomicAdd(errors, bad);
    __syncthreads();
    if (threadIdx.x == 0) shoal_uint64_atomic_set(ack, static_cast<uint64_t>(r), from);
  }
}

TEST(Proxy, PutSignalDataBeforeSignal) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  if (n < 2) GTEST_SKIP() << "needs 2 PEs";
  const size_t bytes = 64 << 10;
  const int rounds = 8;
  char* buf = static_cast<char*>(shoal_malloc(bytes));
  auto* sig = static_cast<uint64_t*>(shoal_calloc(2, sizeof(uint64_t)));
  const uint64_t tag = 801;
  char* src = static_cast<char*>(device_pattern(tag, me, 2 * bytes));  // odd, even rounds
  unsigned long long* errors = nullptr;
  CUDA_OK(cudaMalloc(&errors, sizeof *errors));
  const int to = (me + 1) % n, from = (me - 1 + n) % n;
  for (int scope = 0; scope < 2; ++scope) {
    CUDA_OK(cudaMemset(sig, 0, 2 * sizeof(uint64_t)));
    CUDA_OK(cudaMemset(errors, 0, sizeof *errors));
    shoal_barrier_all();
    CUDA_OK(shoal::launch(signal_rounds, 2, 32, 0, nullptr, buf, src, bytes, rounds, to, from, sig,
                          sig + 1, scope, seed(), tag, errors));
    CUDA_OK(cudaDeviceSynchronize());
    unsigned long long e = 1;
    CUDA_OK(cudaMemcpy(&e, errors, sizeof e, cudaMemcpyDeviceToHost));
    EXPECT_EQ(e, 0u) << "bytes from PE " << from << " (" << (shoal_ptr(buf, from) ? "P2P" : "proxy")
                     << ", scope " << scope << ") not there when the signal was";
    shoal_barrier_all();
  }
  CUDA_OK(cudaFree(errors));
  CUDA_OK(cudaFree(src));
  shoal_free(sig);
  shoal_free(buf);
}

// Simulated nodes (SHOAL_SIM_PES_PER_NODE=k): node = rank / k; peers on
// other nodes (or all peers with SHOAL_DISABLE_P2P=1) are not mapped, and the
// NODE, SHARED and SAME_MYPE_NODE teams follow.
TEST(Proxy, Topology) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const char* per = std::getenv("SHOAL_SIM_PES_PER_NODE");
  const char* nop2p = std::getenv("SHOAL_DISABLE_P2P");
  const int k = per && std::atoi(per) > 0 ? std::atoi(per) : n;
  const bool p2p = !(nop2p && std::string(nop2p) == "1");
  if (n % k != 0) GTEST_SKIP() << "PE count not a multiple of SHOAL_SIM_PES_PER_NODE";
  int* x = static_cast<int*>(shoal_malloc(sizeof(int)));
  for (int pe = 0; pe < n; ++pe) {
    const bool same_node = pe / k == me / k;
    EXPECT_EQ(shoal_ptr(x, pe) != nullptr, pe == me || (p2p && same_node)) << "PE " << pe;
  }
  EXPECT_EQ(shoal_team_n_pes(SHOAL_TEAM_NODE), k);
  EXPECT_EQ(shoal_team_my_pe(SHOAL_TEAM_NODE), me % k);
  EXPECT_EQ(shoal_team_n_pes(SHOAL_TEAM_SHARED), p2p ? k : 1);
  EXPECT_EQ(shoal_team_n_pes(SHOAL_TEAM_SAME_MYPE_NODE), n / k);
  shoal_free(x);
}

// Run alone (ctest proxy.np2.peer_dies, --gtest_also_run_disabled_tests):
// the last PE exits while PE 0's kernel keeps reading from it through the
// proxy; PE 0 must report the transport error naming the dead PE and end the
// job instead of hanging.
__global__ void read_forever(const int* x, int pe, int* sink) {
  for (;;) *sink += shoal_int_g(x, pe);
}

TEST(ProxyDeath, DISABLED_PeerDiesDuringTraffic) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  int* x = static_cast<int*>(shoal_calloc(1, sizeof(int)));
  shoal_barrier_all();
  if (me == n - 1) {
    usleep(300000);
    std::fprintf(stderr, "PE %d: exiting during traffic\n", me);
    std::_Exit(0);
  }
  int* sink = nullptr;
  CUDA_OK(cudaMalloc(&sink, sizeof(int)));
  if (me == 0) {
    CUDA_OK(shoal::launch(read_forever, 1, 1, 0, nullptr, x, n - 1, sink));
    CUDA_OK(cudaDeviceSynchronize());
    ADD_FAILURE() << "the kernel reading from a dead PE returned";
  }
  shoal_barrier_all();
}

}  // namespace
}  // namespace shoal_test
