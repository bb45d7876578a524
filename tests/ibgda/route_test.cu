// The device API over IBGDA through the mlx5 emulator across PEs. Run with
// 4 PEs as 2 simulated nodes (SHOAL_IBGDA_EMULATE=1 SHOAL_SIM_PES_PER_NODE=2):
// PE me talks to PE (me + 2) % 4, on the other node, so every operation here
// goes through the emulator. Covers: a million p's through small send queues
// (SHOAL_IBGDA_SQ_DEPTH=64: the SQ wraps thousands of times) completed by
// one quiet; put_signal's data-before-signal with SET and ADD; every value
// fetched by many threads in atomics and compare-swap loops through a small
// SQ (result cells owned by their readers); and (a
// disabled test, run on its own with SHOAL_IBGDA_EMU_FAULT) an error CQE
// diagnosed by PE, QP and operation.
#include <shoal/launch.h>
#include <shoal/shoal.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include <unistd.h>

#include "shoal/layout/ibgda_table.h"
#include "shoal/layout/mlx5_qp.h"
#include "shoal/device/state.cuh"
#include "tests/device/device_util.h"

namespace shoal_test {
namespace {

int other_node(int me, int n) { return (me + n / 2) % n; }

__device__ inline uint64_t word_of(uint64_t seed, int from, uint64_t i) {
  return (seed * 0x9E3779B97F4A7C15ull) ^ (static_cast<uint64_t>(from) << 48) ^ (i * 0xD1B54A32D192ED03ull);
}

// Each thread p's its share of `count` words into the target's slot range
// [me * count, +count), then quiets.
__global__ void p_flood(uint64_t* arr, size_t count, int to, uint64_t seed) {
  const int me = shoal_my_pe();
  for (size_t i = threadIdx.x + blockIdx.x * blockDim.x; i < count; i += blockDim.x * gridDim.x)
    shoal_uint64_p(arr + static_cast<size_t>(me) * count + i, word_of(seed, me, i), to);
  shoal_quiet();
}

// WQEs posted to `to` that have not completed, over all QPs to it: the
// kernel's own quiet must leave none (read before any host call, because
// host barriers drain the QPs themselves and would hide a quiet that does
// nothing).
__global__ void wqes_outstanding(int to, unsigned long long* out) {
  const shoal::device::Ibgda* ib = shoal::device::state().ibgda;
  unsigned long long n = ~0ull;
  if (ib != nullptr) {
    const shoal::device::IbgdaPeer& peer = ib->peers[to];
    n = 0;
    for (uint32_t q = 0; q < peer.n_qps; ++q) n += peer.qps[q].reserved - peer.qps[q].completed;
  }
  *out = n;
}

TEST(IbgdaRoute, MillionPsThenQuiet) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const char* env = std::getenv("SHOAL_TEST_PUTS");
  const size_t count = env ? std::strtoull(env, nullptr, 10) : (size_t{1} << 20) / n;
  auto* arr = static_cast<uint64_t*>(shoal_malloc(n * count * sizeof(uint64_t)));
  ASSERT_NE(arr, nullptr);
  CUDA_OK(cudaMemset(arr, 0x5a, n * count * sizeof(uint64_t)));
  shoal_barrier_all();
  const int to = other_node(me, n), from = other_node(me, n);
  ASSERT_EQ(shoal_ptr(arr, to), nullptr) << "run with SHOAL_SIM_PES_PER_NODE=2: PE " << to << " must be remote";
  unsigned long long* outstanding = nullptr;
  CUDA_OK(cudaMalloc(&outstanding, sizeof *outstanding));
  CUDA_OK(shoal::launch(p_flood, 4, 64, 0, nullptr, arr, count, to, seed()));
  CUDA_OK(shoal::launch(wqes_outstanding, 1, 1, 0, nullptr, to, outstanding));
  unsigned long long left = 0;
  CUDA_OK(cudaMemcpy(&left, outstanding, sizeof left, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaFree(outstanding));
  EXPECT_EQ(left, 0u) << "WQEs to PE " << to << " not completed when the kernel's quiet returned";
  shoal_barrier_all();
  auto h = to_host(arr + static_cast<size_t>(from) * count, count * sizeof(uint64_t));
  const auto* got = reinterpret_cast<const uint64_t*>(h.data());
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < count; ++i) {
    const uint64_t want = (seed() * 0x9E3779B97F4A7C15ull) ^ (static_cast<uint64_t>(from) << 48) ^
                          (i * 0xD1B54A32D192ED03ull);
    if (got[i] != want && bad++ == 0) first = i;
  }
  EXPECT_EQ(bad, 0u) << count << " p's from PE " << from << ", first wrong at " << first;
  shoal_barrier_all();
  shoal_free(arr);
}

// Rounds of put_signal_nbi: block 0 sends round r's data (`bytes` of the
// pattern for tag r, from the heap or inline-sized) and the signal r (SET)
// or 1 (ADD, the counter reaches r), then waits for the receiver's ack;
// block 1 waits for the signal from `from`, checks every byte, acks.
__global__ void signal_rounds(unsigned char* buf, unsigned char* src, size_t bytes, int rounds, int to, int from,
                              uint64_t* sig, uint64_t* ack, int sig_op, uint64_t seed, unsigned long long* errors) {
  const int me = shoal_my_pe();
  if (blockIdx.x == 0) {
    for (int r = 1; r <= rounds; ++r) {
      for (size_t j = threadIdx.x; j < bytes; j += blockDim.x) src[j] = pattern(seed, r, me, j);
      __syncthreads();
      if (threadIdx.x == 0) {
        shoal_putmem_signal_nbi(buf, src, bytes, sig, sig_op == SHOAL_SIGNAL_SET ? r : 1, sig_op, to);
        shoal_uint64_wait_until(ack, SHOAL_CMP_GE, r);
      }
      __syncthreads();
    }
  } else {
    for (int r = 1; r <= rounds; ++r) {
      if (threadIdx.x == 0) shoal_signal_wait_until(sig, SHOAL_CMP_GE, r);
      __syncthreads();
      for (size_t j = threadIdx.x; j < bytes; j += blockDim.x)
        if (buf[j] != pattern(seed, r, from, j)) atomicAdd(errors, 1ull);
      __syncthreads();
      if (threadIdx.x == 0) shoal_signal_op(ack, r, SHOAL_SIGNAL_SET, from);
      __syncthreads();
    }
  }
}

void run_signal_rounds(size_t bytes, int sig_op) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const int rounds = 40;
  auto* buf = static_cast<unsigned char*>(shoal_malloc(bytes + 64));
  auto* src = static_cast<unsigned char*>(shoal_malloc(bytes + 64));
  auto* sig = static_cast<uint64_t*>(shoal_calloc(2, sizeof(uint64_t)));
  unsigned long long* errors = nullptr;
  CUDA_OK(cudaMalloc(&errors, sizeof *errors));
  CUDA_OK(cudaMemset(errors, 0, sizeof *errors));
  shoal_barrier_all();
  const int to = other_node(me, n);
  CUDA_OK(shoal::launch(signal_rounds, 2, 64, 0, nullptr, buf, src, bytes, rounds, to, to, sig, sig + 1, sig_op,
                        seed(), errors));
  CUDA_OK(cudaDeviceSynchronize());
  unsigned long long e = 0;
  CUDA_OK(cudaMemcpy(&e, errors, sizeof e, cudaMemcpyDeviceToHost));
  EXPECT_EQ(e, 0u) << "bytes seen before their signal (" << bytes << " bytes per round)";
  shoal_barrier_all();
  cudaFree(errors);
  shoal_free(sig);
  shoal_free(src);
  shoal_free(buf);
}

TEST(IbgdaRoute, PutSignalSetDeliversDataFirst) { run_signal_rounds(4096, SHOAL_SIGNAL_SET); }
TEST(IbgdaRoute, PutSignalAddDeliversDataFirst) { run_signal_rounds(4096, SHOAL_SIGNAL_ADD); }
TEST(IbgdaRoute, PutSignalInlineDeliversDataFirst) { run_signal_rounds(24, SHOAL_SIGNAL_SET); }

// Atomics over IBGDA from every PE into PE 0's counters: native 8-byte
// fetch-add, and a 4-byte add (compare-swap loop on the 8-byte word) next
// to a 4-byte neighbour that must stay as it is.
__global__ void add_all(unsigned long long* c64, int* c32, int iters) {
  for (int i = 0; i < iters; ++i) {
    shoal_ulonglong_atomic_fetch_add(c64, 1, 0);
    shoal_int_atomic_add(c32, 1, 0);
  }
}

TEST(IbgdaRoute, AtomicsFromEveryPe) {
  const int n = shoal_n_pes();
  auto* c64 = static_cast<unsigned long long*>(shoal_calloc(1, 8));
  auto* c32 = static_cast<int*>(shoal_calloc(2, sizeof(int)));
  const int neighbour = 0x1234567;
  if (shoal_my_pe() == 0) CUDA_OK(cudaMemcpy(c32 + 1, &neighbour, sizeof neighbour, cudaMemcpyHostToDevice));
  shoal_barrier_all();
  const int iters = 50;
  CUDA_OK(shoal::launch(add_all, 2, 32, 0, nullptr, c64, c32, iters));
  CUDA_OK(cudaDeviceSynchronize());
  shoal_barrier_all();
  if (shoal_my_pe() == 0) {
    unsigned long long v64 = 0;
    int v32[2] = {};
    CUDA_OK(cudaMemcpy(&v64, c64, 8, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(v32, c32, sizeof v32, cudaMemcpyDeviceToHost));
    EXPECT_EQ(v64, static_cast<unsigned long long>(n) * 64 * iters);
    EXPECT_EQ(v32[0], n * 64 * iters);
    EXPECT_EQ(v32[1], neighbour);
  }
  shoal_barrier_all();
  shoal_free(c32);
  shoal_free(c64);
}

// Result cells under pressure: run with a small SQ (SHOAL_IBGDA_SQ_DEPTH=64:
// 64 result cells per QP) and 2 x 64 threads per PE in fetching atomics and
// compare-swap loops to the PE on the other node. Each thread records every
// value it fetched: a native 8-byte fetch-add, a 4-byte fetch-add (a
// compare-swap loop inside the runtime) and a compare-swap loop of its own
// incrementing a 64-bit counter. Every counter is incremented by exactly one
// per operation, so each column of records must be a permutation of
// 0 .. threads*iters-1: a result cell reused before its reader read it shows
// up as a duplicate.
__global__ void fetch_storm(unsigned long long* c64, unsigned int* c32, long long* cas, unsigned long long* rec,
                            int iters, int to) {
  const size_t tid = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  for (int i = 0; i < iters; ++i) {
    unsigned long long* r = rec + (tid * iters + i) * 3;
    r[0] = shoal_ulonglong_atomic_fetch_add(c64, 1, to);
    r[1] = shoal_uint_atomic_fetch_add(c32, 1, to);
    long long cur = shoal_longlong_atomic_fetch(cas, to);
    for (;;) {
      const long long seen = shoal_longlong_atomic_compare_swap(cas, cur, cur + 1, to);
      if (seen == cur) break;
      cur = seen;
    }
    r[2] = static_cast<unsigned long long>(cur);
  }
}

TEST(IbgdaRoute, FetchedValuesUnderSmallSq) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  auto* c64 = static_cast<unsigned long long*>(shoal_calloc(1, 8));
  auto* c32 = static_cast<unsigned int*>(shoal_calloc(2, sizeof(unsigned int)));
  auto* cas = static_cast<long long*>(shoal_calloc(1, 8));
  const unsigned int neighbour = 0x89abcdefu;
  CUDA_OK(cudaMemcpy(c32 + 1, &neighbour, sizeof neighbour, cudaMemcpyHostToDevice));
  const int blocks = 2, threads = 64, iters = 4;
  const size_t ops = static_cast<size_t>(blocks) * threads * iters;
  unsigned long long* rec = nullptr;
  CUDA_OK(cudaMalloc(&rec, ops * 3 * sizeof *rec));
  CUDA_OK(cudaMemset(rec, 0xff, ops * 3 * sizeof *rec));
  shoal_barrier_all();
  CUDA_OK(shoal::launch(fetch_storm, blocks, threads, 0, nullptr, c64, c32, cas, rec, iters, other_node(me, n)));
  CUDA_OK(cudaDeviceSynchronize());
  shoal_barrier_all();
  std::vector<unsigned long long> h(ops * 3);
  CUDA_OK(cudaMemcpy(h.data(), rec, h.size() * sizeof h[0], cudaMemcpyDeviceToHost));
  const char* what[3] = {"8-byte fetch_add", "4-byte fetch_add", "compare_swap loop"};
  for (int col = 0; col < 3; ++col) {
    std::vector<int> seen(ops, 0);
    for (size_t k = 0; k < ops; ++k) {
      const unsigned long long v = h[k * 3 + col];
      ASSERT_LT(v, ops) << what[col] << ": op " << k << " fetched " << v;
      ASSERT_EQ(seen[v]++, 0) << what[col] << ": value " << v << " fetched twice (op " << k << ")";
    }
  }
  // This PE's counters were incremented by its partner on the other node.
  unsigned long long v64 = 0;
  long long vcas = 0;
  unsigned int v32[2] = {};
  CUDA_OK(cudaMemcpy(&v64, c64, 8, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(&vcas, cas, 8, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(v32, c32, sizeof v32, cudaMemcpyDeviceToHost));
  EXPECT_EQ(v64, ops);
  EXPECT_EQ(vcas, static_cast<long long>(ops));
  EXPECT_EQ(v32[0], ops);
  EXPECT_EQ(v32[1], neighbour) << "the 4-byte compare-swap loop changed the other half of its word";
  shoal_barrier_all();
  cudaFree(rec);
  shoal_free(cas);
  shoal_free(c32);
  shoal_free(c64);
}

// Run alone with SHOAL_IBGDA_EMU_FAULT=0:2:3: PE 0's fourth WQE to PE 2
// fails; its quiet must trap naming PE 0, PE 2, the QP, WQE 3 and the opcode.
// With 0:2:3:stall the QP stops consuming there: after SHOAL_TIMEOUT the
// report must name the wait and the QP with its counters.
__global__ void few_puts(uint64_t* arr, int to) {
  for (int i = 0; i < 8; ++i) shoal_uint64_p(arr + i, i, to);
  shoal_quiet();
}

TEST(IbgdaDeath, DISABLED_ErrorCqeIsDiagnosed) {
  auto* arr = static_cast<uint64_t*>(shoal_calloc(8, sizeof(uint64_t)));
  shoal_barrier_all();
  if (shoal_my_pe() == 0) {
    CUDA_OK(shoal::launch(few_puts, 1, 1, 0, nullptr, arr, other_node(0, shoal_n_pes())));
    CUDA_OK(cudaDeviceSynchronize());
    ADD_FAILURE() << "the kernel returned: the error CQE was not diagnosed";
  } else {
    // Not a barrier: its deadline (SHOAL_TIMEOUT from now) would end the job
    // before PE 0's quiet, which started later, reports its own. PE 0's
    // trap ends the job; a kernel that returned comes back to the barrier.
    const char* t = std::getenv("SHOAL_TIMEOUT");
    ::sleep(static_cast<unsigned>(2 * (t ? std::atof(t) : 300.0) + 5));
  }
  shoal_barrier_all();
  shoal_free(arr);
}

}  // namespace
}  // namespace shoal_test
