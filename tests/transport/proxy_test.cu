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
#include <vector>
#include <unistd.h>

#include "device/arch/memory.h"
#include "shoal/layout/proxy_ring.h"
#include "shoal/device/state.cuh"

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

// One strided transfer (iput or iget of n elements of `elem` bytes) at the
// given scope; *tickets gets the number of proxy requests this PE posted
// for it (the ring's head before and after).
__global__ void strided_op(int get, int scope, int elem, char* sym, char* local, ptrdiff_t dst,
                           ptrdiff_t sst, size_t n, int pe, unsigned long long* tickets) {
  shoal::proxy::Ring* ring = shoal::device::state().proxy;
  const unsigned long long before = ring ? shoal::arch::ld_acquire_sys(&ring->head) : 0;
  __syncthreads();
  const bool warp0 = threadIdx.x < 32;
#define STRIDED_CASE(BITS)                                                             \
  if (elem == BITS / 8) {                                                              \
    if (get) {                                                                         \
      if (scope == 2) shoal_iget##BITS##_block(local, sym, dst, sst, n, pe);           \
      else if (scope == 1 && warp0) shoal_iget##BITS##_warp(local, sym, dst, sst, n, pe); \
      else if (scope == 0 && threadIdx.x == 0) shoal_iget##BITS(local, sym, dst, sst, n, pe); \
    } else {                                                                           \
      if (scope == 2) shoal_iput##BITS##_block(sym, local, dst, sst, n, pe);           \
      else if (scope == 1 && warp0) shoal_iput##BITS##_warp(sym, local, dst, sst, n, pe); \
      else if (scope == 0 && threadIdx.x == 0) shoal_iput##BITS(sym, local, dst, sst, n, pe); \
    }                                                                                  \
  }
  STRIDED_CASE(32)
  STRIDED_CASE(64)
  STRIDED_CASE(128)
#undef STRIDED_CASE
  __syncthreads();
  if (threadIdx.x == 0) *tickets = ring ? shoal::arch::ld_acquire_sys(&ring->head) - before : 0;
}

// iput and iget through the proxy at every scope, element size (4, 8, 16
// bytes) and a mix of strides, more elements than the proxy keeps in
// flight: every element lands where the strides say, the gaps keep their
// poison, and each transfer is one proxy request (none when P2P serves).
TEST(Proxy, StridedTransfersAreOneRequest) {
  const int me = shoal_my_pe(), n_pes = shoal_n_pes();
  const size_t n = 1000;
  const ptrdiff_t strides[][2] = {{1, 1}, {2, 1}, {1, 3}, {3, 2}};  // {dst, sst}
  const size_t span = n * 3 * 16;  // the largest stride times the largest element
  char* sym = static_cast<char*>(shoal_malloc(span));
  char* local = nullptr;
  unsigned long long* tickets = nullptr;
  CUDA_OK(cudaMalloc(&local, span));
  CUDA_OK(cudaMalloc(&tickets, sizeof *tickets));
  const int to = (me + 1) % n_pes, from = (me - 1 + n_pes) % n_pes;
  const bool proxied = shoal_ptr(sym, to) == nullptr;
  const uint64_t tag = 903;
  std::vector<unsigned char> src_mine(span), src_from(span), src_to(span);
  for (size_t j = 0; j < span; ++j) {
    src_mine[j] = pattern(seed(), tag, me, j);
    src_from[j] = pattern(seed(), tag, from, j);
    src_to[j] = pattern(seed(), tag, to, j);
  }
  std::printf("PE %d: strided to PE %d (%s), seed %llu\n", me, to, proxied ? "proxy" : "P2P",
              static_cast<unsigned long long>(seed()));
  for (int get = 0; get < 2; ++get)
    for (int elem : {4, 8, 16})
      for (int scope = 0; scope < 3; ++scope)
        for (const auto& st : strides) {
          const ptrdiff_t dst = st[0], sst = st[1];
          const std::string what = std::string(get ? "iget" : "iput") + " elem " + std::to_string(elem) +
                                   " scope " + std::to_string(scope) + " dst " + std::to_string(dst) +
                                   " sst " + std::to_string(sst);
          // iput: my pattern -> `to`'s sym, poisoned; iget: `to`'s sym holds
          // its pattern -> my local buffer, poisoned.
          if (get) {
            CUDA_OK(cudaMemcpy(sym, src_mine.data(), span, cudaMemcpyHostToDevice));
            CUDA_OK(cudaMemset(local, 0x5a, span));
          } else {
            CUDA_OK(cudaMemset(sym, 0x5a, span));
            CUDA_OK(cudaMemcpy(local, src_mine.data(), span, cudaMemcpyHostToDevice));
          }
          CUDA_OK(cudaMemset(tickets, 0xff, sizeof *tickets));
          shoal_barrier_all();
          CUDA_OK(shoal::launch(strided_op, 1, 64, 0, nullptr, get, scope, elem, sym, local, dst, sst, n, to,
                                tickets));
          CUDA_OK(cudaDeviceSynchronize());
          shoal_barrier_all();
          unsigned long long t = 0;
          CUDA_OK(cudaMemcpy(&t, tickets, sizeof t, cudaMemcpyDeviceToHost));
          EXPECT_EQ(t, proxied ? 1u : 0u) << what << ": proxy requests for one transfer";
          // Check every byte of the destination: iput's is my sym (written
          // by `from`), iget's my local buffer (read from `to`).
          auto h = to_host(get ? static_cast<void*>(local) : static_cast<void*>(sym), span);
          const std::vector<unsigned char>& src = get ? src_to : src_from;
          std::vector<unsigned char> want(span, 0x5a);
          for (size_t i = 0; i < n; ++i)
            std::memcpy(&want[i * dst * elem], &src[i * sst * elem], elem);
          size_t bad = 0, first = 0;
          for (size_t j = 0; j < span; ++j)
            if (static_cast<unsigned char>(h[j]) != want[j] && bad++ == 0) first = j;
          EXPECT_EQ(bad, 0u) << what << ": wrong bytes, first at " << first;
        }
  shoal_barrier_all();
  CUDA_OK(cudaFree(tickets));
  CUDA_OK(cudaFree(local));
  shoal_free(sym);
}

// Simulated nodes (SHOAL_SIM_PES_PER_NODE=k): node = rank / k; peers on
// other nodes (or all peers with SHOAL_DISABLE_P2P=1) are not mapped, and the
// NODE, SHARED and SAME_MYPE_NODE teams follow.
// Both rings' heads (device producers', host producers'), read by a kernel.
__global__ void ring_heads(unsigned long long* out) {
  shoal::proxy::Ring* ring = shoal::device::state().proxy;
  out[0] = ring ? shoal::arch::ld_acquire_sys(&ring->head) : ~0ull;
  out[1] = ring && ring->host ? shoal::arch::ld_acquire_sys(&ring->host->head) : ~0ull;
}

__global__ void one_device_put(int* dst, const int* src, int pe) { shoal_int_put(dst, src, 4, pe); }

// Host API requests take the host ring and device requests the device ring
// (proxy_ring.h: one kind of writer per head, no CPU/GPU fetch-add on one
// word); the data of both arrives.
TEST(Proxy, HostAndDeviceRequestsTakeTheirOwnRing) {
  const int me = shoal_my_pe(), n_pes = shoal_n_pes();
  int* x = static_cast<int*>(shoal_malloc(4 * sizeof(int)));
  int* src = nullptr;
  unsigned long long* heads = nullptr;
  CUDA_OK(cudaMalloc(&src, 4 * sizeof(int)));
  CUDA_OK(cudaMalloc(&heads, 2 * sizeof *heads));
  const int to = (me + 1) % n_pes, from = (me - 1 + n_pes) % n_pes;
  const bool proxied = shoal_ptr(x, to) == nullptr;
  auto read = [&](std::vector<unsigned long long>& h) {
    h.assign(2, 0);
    CUDA_OK(shoal::launch(ring_heads, 1, 1, 0, nullptr, heads));
    CUDA_OK(cudaMemcpy(h.data(), heads, 2 * sizeof *heads, cudaMemcpyDeviceToHost));
  };
  std::vector<unsigned long long> h0, h1, h2;
  const int v[4] = {me * 10 + 1, me * 10 + 2, me * 10 + 3, me * 10 + 4};
  CUDA_OK(cudaMemcpy(src, v, sizeof v, cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemset(x, 0, 4 * sizeof(int)));
  shoal_barrier_all();
  read(h0);
  shoal_putmem(x, v, 2 * sizeof(int), to);  // host: one request to a proxied peer
  read(h1);
  CUDA_OK(shoal::launch(one_device_put, 1, 1, 0, nullptr, x, src, to));
  CUDA_OK(cudaDeviceSynchronize());
  read(h2);
  shoal_quiet();
  shoal_barrier_all();
  if (proxied) {
    ASSERT_NE(h0[1], ~0ull) << "no host ring";
    EXPECT_EQ(h1[0], h0[0]) << "a host put advanced the device ring";
    EXPECT_EQ(h1[1], h0[1] + 1) << "a host put did not take the host ring";
    EXPECT_EQ(h2[0], h1[0] + 1) << "a device put did not take the device ring";
    EXPECT_EQ(h2[1], h1[1]) << "a device put advanced the host ring";
  } else {
    EXPECT_EQ(h2[0], h0[0]);  // P2P: no request at all
  }
  auto got = to_host(x, 4 * sizeof(int));
  std::vector<int> g(4);
  std::memcpy(g.data(), got.data(), sizeof v);
  const int f = from * 10;
  EXPECT_EQ(g, (std::vector<int>{f + 1, f + 2, f + 3, f + 4})) << "from PE " << from << (proxied ? " (proxy)" : " (P2P)");
  shoal_barrier_all();
  CUDA_OK(cudaFree(heads));
  CUDA_OK(cudaFree(src));
  shoal_free(x);
}

// shoal_transport_counters counts, exactly, what this PE's host and device
// requests write into a proxied peer's memory (payloads, the word of each
// signal and atomic, nothing for a get or a quiet), and nothing for a P2P
// peer.
TEST(Proxy, TransportCountersCountWhatIsSent) {
  const int me = shoal_my_pe(), n_pes = shoal_n_pes();
  char* x = static_cast<char*>(shoal_malloc(4096));
  auto* sig = static_cast<uint64_t*>(shoal_calloc(1, 8));
  int* src = nullptr;
  CUDA_OK(cudaMalloc(&src, 16));
  CUDA_OK(cudaMemset(src, 0, 16));
  int far = -1, near = -1;
  for (int q = 0; q < n_pes; ++q) {
    if (q == me) continue;
    if (shoal_ptr(x, q) == nullptr && far < 0) far = q;
    if (shoal_ptr(x, q) != nullptr && near < 0) near = q;
  }
  ASSERT_GE(far, 0) << "run with PEs the proxy serves";
  std::vector<char> data(1000);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<char>(i * 7 + me);
  char back[64];
  shoal_barrier_all();
  shoal_quiet();  // the barrier's own last signal is issued (counted) before c0
  shoal_transport_counters_t c0{}, c1{}, c2{};
  ASSERT_EQ(shoal_transport_counters(&c0), 0);
  ASSERT_EQ(c0.counted, 1);
  shoal_putmem(x, data.data(), 1000, far);                            // 1000
  shoal_int_p(reinterpret_cast<int*>(x + 1024), 7, far);               // 4
  shoal_signal_op(sig, 5, SHOAL_SIGNAL_ADD, far);                      // 8
  shoal_putmem_signal(x + 2048, data.data(), 512, sig, 1, SHOAL_SIGNAL_SET, far);  // 512 + 8
  shoal_getmem(back, x, sizeof back, far);                             // 0
  CUDA_OK(shoal::launch(one_device_put, 1, 1, 0, nullptr, reinterpret_cast<int*>(x + 3072), src, far));  // 16
  CUDA_OK(cudaDeviceSynchronize());
  shoal_quiet();
  ASSERT_EQ(shoal_transport_counters(&c1), 0);
  EXPECT_EQ(c1.bytes - c0.bytes, 1000u + 4 + 8 + 520 + 16) << "bytes to proxied PE " << far;
  EXPECT_EQ(c1.ops - c0.ops, 6u) << "operations to proxied PE " << far;
  if (near >= 0) {
    shoal_putmem(x, data.data(), 1000, near);
    shoal_signal_op(sig, 1, SHOAL_SIGNAL_ADD, near);
    shoal_quiet();
    ASSERT_EQ(shoal_transport_counters(&c2), 0);
    EXPECT_EQ(c2.bytes, c1.bytes) << "P2P to PE " << near << " was counted";
    EXPECT_EQ(c2.ops, c1.ops);
  }
  shoal_barrier_all();
  CUDA_OK(cudaFree(src));
  shoal_free(sig);
  shoal_free(x);
}

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
