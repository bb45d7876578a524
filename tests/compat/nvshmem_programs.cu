// NVSHMEM-style programs built through shoal's compatibility headers: only
// NVSHMEM's names (<nvshmem.h>, <nvshmemx.h>, which resolve to
// include/shoal/compat/), so the same source builds against NVIDIA's NVSHMEM.
// Kernels are launched with nvshmemx_collective_launch given the kernel
// itself (shoal's C++ overload, which also runs on sim; NVSHMEM programs that
// cast it to const void* need the cuda platform, docs/nvshmem.md).
//
//   shoalrun -n N nvshmem_programs <case>     case: ring, put_block_signal,
//                                                   on_stream, teams, atomics
//   mpirun -np N nvshmem_programs_mpi <case>  the same, started NVSHMEM's MPI
//                                             way (NVSHMEMX_INIT_WITH_MPI_COMM)
// Each case fills its inputs from a seeded generator (the seed is printed),
// poisons its outputs, checks every element and prints "<case>: OK" or
// exits 1 naming the first wrong element.
#include <nvshmem.h>
#include <nvshmemx.h>

#include "nvshmem_check.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>
#ifdef NVSHMEM_PROGRAMS_WITH_MPI
#include <mpi.h>
#endif

namespace {

uint32_t g_seed = 0;
int value_of(int pe, int i) { return static_cast<int>((g_seed * 2654435761u) ^ (pe * 40503u) ^ (i * 97u)); }

// ring: every PE puts its n ints to the next PE (thread-scope put_nbi from
// each thread, then quiet and a device barrier).
__global__ void ring_kernel(int* dst, const int* src, int n) {
  const int me = nvshmem_my_pe(), peer = (me + 1) % nvshmem_n_pes();
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n; i += static_cast<int>(gridDim.x * blockDim.x))
    nvshmem_int_p(dst + i, src[i], peer);
  nvshmem_quiet();
  __syncthreads();
  if (blockIdx.x == 0 && threadIdx.x == 0) nvshmem_barrier_all();
}

int ring(int n) {
  const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
  int *dst = nullptr, *src = nullptr;
  std::vector<int> h;
  ring_buffers(n, value_of, &dst, &src, h);
  void* args[] = {&dst, &src, &n};
  if (nvshmemx_collective_launch(ring_kernel, dim3(1), dim3(64), args, 0, 0) != 0) return 1;
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h.data(), dst, n * sizeof(int), cudaMemcpyDeviceToHost));
  const int from = (me + npes - 1) % npes;
  for (int i = 0; i < n; ++i) expect_eq("ring dst", i, h[i], value_of(from, i));
  nvshmem_free(src);
  nvshmem_free(dst);
  return 0;
}

// put_block_signal: a block puts n ints to the next PE with one
// put_signal_nbi_block (signal ADD 1); the receiver's block waits for the
// signal and copies what arrived into out.
__global__ void put_signal_kernel(int* dst, const int* src, int* out, int n, uint64_t* sig) {
  const int me = nvshmem_my_pe(), peer = (me + 1) % nvshmem_n_pes();
  nvshmemx_int_put_signal_nbi_block(dst, src, n, sig, 1, NVSHMEM_SIGNAL_ADD, peer);
  if (threadIdx.x == 0) nvshmem_signal_wait_until(sig, NVSHMEM_CMP_EQ, 1);
  __syncthreads();
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x)) out[i] = dst[i];
}

int put_block_signal(int n) {
  const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
  int* dst = static_cast<int*>(nvshmem_malloc(n * sizeof(int)));
  int* src = static_cast<int*>(nvshmem_malloc(n * sizeof(int)));
  auto* sig = static_cast<uint64_t*>(nvshmem_calloc(1, sizeof(uint64_t)));
  int* out = nullptr;
  CUDA_CHECK(cudaMalloc(&out, n * sizeof(int)));
  CUDA_CHECK(cudaMemset(out, 0xee, n * sizeof(int)));
  CUDA_CHECK(cudaMemset(dst, 0xee, n * sizeof(int)));
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = value_of(me, i);
  CUDA_CHECK(cudaMemcpy(src, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  nvshmem_barrier_all();
  void* args[] = {&dst, &src, &out, &n, &sig};
  if (nvshmemx_collective_launch(put_signal_kernel, dim3(1), dim3(128), args, 0, 0) != 0) return 1;
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
  const int from = (me + npes - 1) % npes;
  for (int i = 0; i < n; ++i) expect_eq("put_signal out", i, h[i], value_of(from, i));
  uint64_t s = 0;
  CUDA_CHECK(cudaMemcpy(&s, sig, sizeof s, cudaMemcpyDeviceToHost));
  expect_eq("signal", 0, static_cast<long long>(s), 1);
  nvshmem_barrier_all();
  CUDA_CHECK(cudaFree(out));
  nvshmem_free(sig);
  nvshmem_free(src);
  nvshmem_free(dst);
  return 0;
}

// on_stream: stream-ordered putmem to the next PE, a barrier on the stream,
// and a sum reduction on the stream; one synchronisation at the end.
int on_stream(int n) {
  const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
  int* dst = static_cast<int*>(nvshmem_malloc(n * sizeof(int)));
  int* src = static_cast<int*>(nvshmem_malloc(n * sizeof(int)));
  int* sum = static_cast<int*>(nvshmem_malloc(n * sizeof(int)));
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = value_of(me, i) % 1000;
  cudaStream_t s;
  CUDA_CHECK(cudaStreamCreate(&s));
  CUDA_CHECK(cudaMemcpyAsync(src, h.data(), n * sizeof(int), cudaMemcpyHostToDevice, s));
  CUDA_CHECK(cudaMemsetAsync(dst, 0xee, n * sizeof(int), s));
  CUDA_CHECK(cudaMemsetAsync(sum, 0xee, n * sizeof(int), s));
  nvshmemx_barrier_all_on_stream(s);
  nvshmemx_putmem_on_stream(dst, src, n * sizeof(int), (me + 1) % npes, s);
  nvshmemx_barrier_all_on_stream(s);
  nvshmemx_int_sum_reduce_on_stream(NVSHMEM_TEAM_WORLD, sum, src, n, s);
  CUDA_CHECK(cudaStreamSynchronize(s));
  std::vector<int> got(n), total(n);
  CUDA_CHECK(cudaMemcpy(got.data(), dst, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(total.data(), sum, n * sizeof(int), cudaMemcpyDeviceToHost));
  const int from = (me + npes - 1) % npes;
  for (int i = 0; i < n; ++i) {
    expect_eq("on_stream dst", i, got[i], value_of(from, i) % 1000);
    long long want = 0;
    for (int p = 0; p < npes; ++p) want += value_of(p, i) % 1000;
    expect_eq("on_stream sum", i, total[i], want);
  }
  CUDA_CHECK(cudaStreamDestroy(s));
  nvshmem_free(sum);
  nvshmem_free(src);
  nvshmem_free(dst);
  return 0;
}

// teams: the even PEs form a team (split_strided); in a kernel, its members
// sum-reduce their values over it and check their team rank.
__global__ void team_kernel(nvshmem_team_t team, int* dst, const int* src, int n, int* rank_out) {
  if (team != NVSHMEM_TEAM_INVALID && blockIdx.x == 0 && threadIdx.x == 0) {
    *rank_out = nvshmem_team_my_pe(team);
    nvshmem_int_sum_reduce(team, dst, src, n);
  }
}

int teams(int n) {
  const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
  nvshmem_team_t even = NVSHMEM_TEAM_INVALID;
  if (nvshmem_team_split_strided(NVSHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, nullptr, 0, &even) != 0) return 1;
  int* dst = static_cast<int*>(nvshmem_malloc(n * sizeof(int)));
  int* src = static_cast<int*>(nvshmem_malloc(n * sizeof(int)));
  int* rank = static_cast<int*>(nvshmem_malloc(sizeof(int)));
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = value_of(me, i) % 1000;
  CUDA_CHECK(cudaMemcpy(src, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dst, 0xee, n * sizeof(int)));
  CUDA_CHECK(cudaMemset(rank, 0xee, sizeof(int)));
  nvshmem_barrier_all();
  void* args[] = {&even, &dst, &src, &n, &rank};
  if (nvshmemx_collective_launch(team_kernel, dim3(1), dim3(32), args, 0, 0) != 0) return 1;
  CUDA_CHECK(cudaDeviceSynchronize());
  if (me % 2 == 0) {
    expect_eq("team n_pes", 0, nvshmem_team_n_pes(even), (npes + 1) / 2);
    std::vector<int> got(n);
    int r = -2;
    CUDA_CHECK(cudaMemcpy(got.data(), dst, n * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&r, rank, sizeof r, cudaMemcpyDeviceToHost));
    expect_eq("team rank", 0, r, me / 2);
    for (int i = 0; i < n; ++i) {
      long long want = 0;
      for (int p = 0; p < npes; p += 2) want += value_of(p, i) % 1000;
      expect_eq("team sum", i, got[i], want);
    }
  } else {
    expect_eq("team handle", 0, even, NVSHMEM_TEAM_INVALID);
  }
  nvshmem_barrier_all();
  nvshmem_team_destroy(even);
  nvshmem_free(rank);
  nvshmem_free(src);
  nvshmem_free(dst);
  return 0;
}

// atomics: every thread of every PE adds its value to a counter on every
// PE (fetch_add, add) and swaps into a slot; the totals are exact.
__global__ void atomics_kernel(unsigned long long* counter, unsigned long long* fetched, int adds) {
  const int npes = nvshmem_n_pes(), me = nvshmem_my_pe();
  const int t = static_cast<int>(threadIdx.x);
  for (int k = 0; k < adds; ++k)
    for (int p = 0; p < npes; ++p) {
      const unsigned long long v = static_cast<unsigned long long>(me + 1) * 1000 + t;
      if (k % 2) {
        nvshmem_ulonglong_atomic_add(counter, v, p);
      } else {
        const unsigned long long old = nvshmem_ulonglong_atomic_fetch_add(counter, v, p);
        if (old > fetched[t]) fetched[t] = old;  // the largest value seen before an add
      }
    }
  nvshmem_quiet();
  __syncthreads();
  if (t == 0) nvshmem_barrier_all();
}

int atomics(int threads) {
  const int npes = nvshmem_n_pes(), adds = 4;
  auto* counter = static_cast<unsigned long long*>(nvshmem_calloc(1, sizeof(unsigned long long)));
  unsigned long long* fetched = nullptr;
  CUDA_CHECK(cudaMalloc(&fetched, threads * sizeof(unsigned long long)));
  CUDA_CHECK(cudaMemset(fetched, 0, threads * sizeof(unsigned long long)));
  nvshmem_barrier_all();
  void* args[] = {&counter, &fetched, const_cast<int*>(&adds)};
  if (nvshmemx_collective_launch(atomics_kernel, dim3(1), dim3(threads), args, 0, 0) != 0) return 1;
  CUDA_CHECK(cudaDeviceSynchronize());
  unsigned long long got = 0, want = 0;
  for (int p = 0; p < npes; ++p)
    for (int t = 0; t < threads; ++t) want += adds * (static_cast<unsigned long long>(p + 1) * 1000 + t);
  CUDA_CHECK(cudaMemcpy(&got, counter, sizeof got, cudaMemcpyDeviceToHost));
  expect_eq("atomic counter", 0, static_cast<long long>(got), static_cast<long long>(want));
  std::vector<unsigned long long> f(threads);
  CUDA_CHECK(cudaMemcpy(f.data(), fetched, threads * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
  for (int t = 0; t < threads; ++t)  // a fetch returns a value before the last add
    if (f[t] >= want) expect_eq("fetch_add result below the total", t, static_cast<long long>(f[t]), -1);
  // The host API through the same names.
  nvshmem_barrier_all();
  const unsigned long long before = nvshmem_ulonglong_atomic_fetch(counter, 0);
  expect_eq("host atomic_fetch", 0, static_cast<long long>(before), static_cast<long long>(want));
  nvshmem_barrier_all();
  CUDA_CHECK(cudaFree(fetched));
  nvshmem_free(counter);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s ring|put_block_signal|on_stream|teams|atomics\n", argv[0]);
    return 2;
  }
#ifdef NVSHMEM_PROGRAMS_WITH_MPI
  // NVSHMEM's MPI start: MPI first, then NVSHMEM on its communicator; the
  // PE numbers must be the MPI ranks.
  MPI_Init(&argc, &argv);
  int mpi_rank = -1, mpi_size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
  MPI_Comm comm = MPI_COMM_WORLD;
  nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER;
  attr.mpi_comm = &comm;
  if (nvshmemx_init_attr(NVSHMEMX_INIT_WITH_MPI_COMM, &attr) != 0) {
    std::fprintf(stderr, "nvshmemx_init_attr(NVSHMEMX_INIT_WITH_MPI_COMM) failed\n");
    return 1;
  }
  if (nvshmem_my_pe() != mpi_rank || nvshmem_n_pes() != mpi_size) {
    std::fprintf(stderr, "PE %d of %d is MPI rank %d of %d: expected the same\n", nvshmem_my_pe(), nvshmem_n_pes(),
                 mpi_rank, mpi_size);
    return 1;
  }
#else
  int provided = -1;
  if (nvshmem_init_thread(NVSHMEM_THREAD_MULTIPLE, &provided) != 0 || provided != NVSHMEM_THREAD_MULTIPLE) {
    std::fprintf(stderr, "nvshmem_init_thread failed (provided %d)\n", provided);
    return 1;
  }
#endif
  const char* seed_env = std::getenv("NVSHMEM_PROGRAMS_SEED");
  g_seed = seed_env ? static_cast<uint32_t>(std::strtoul(seed_env, nullptr, 0)) : 20261207u;
  if (nvshmem_my_pe() == 0) std::printf("# seed %u, %d PEs, NVSHMEM API %d.%d on %s\n", g_seed, nvshmem_n_pes(),
                                        NVSHMEM_MAJOR_VERSION, NVSHMEM_MINOR_VERSION, NVSHMEM_VENDOR_STRING);
  const std::string c = argv[1];
  int rc = 2;
  if (c == "ring") rc = ring(1000);
  else if (c == "put_block_signal") rc = put_block_signal(777);
  else if (c == "on_stream") rc = on_stream(513);
  else if (c == "teams") rc = teams(100);
  else if (c == "atomics") rc = atomics(32);
  else std::fprintf(stderr, "unknown case %s\n", c.c_str());
  if (rc == 0 && g_failures) rc = 1;
  nvshmem_barrier_all();
  if (rc == 0) std::printf("PE %d: %s: OK\n", nvshmem_my_pe(), c.c_str());
  nvshmem_finalize();
#ifdef NVSHMEM_PROGRAMS_WITH_MPI
  MPI_Finalize();
#endif
  return rc;
}
