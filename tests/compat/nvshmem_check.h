// Checks shared by the NVSHMEM test programs (nvshmem_programs.cu,
// nvshmem_launch.cu): CUDA_CHECK exits on a CUDA error naming the call;
// expect_eq counts mismatches and prints the first eight, naming the PE;
// ring_buffers sets up a ring test's buffers.
#pragma once

#include <nvshmem.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime_api.h>

#define CUDA_CHECK(x)                                                                          \
  do {                                                                                         \
    cudaError_t e_ = (x);                                                                      \
    if (e_ != cudaSuccess) {                                                                   \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      std::exit(1);                                                                            \
    }                                                                                          \
  } while (0)

inline int g_failures = 0;

inline void expect_eq(const char* what, long long i, long long got, long long want) {
  if (got != want && g_failures++ < 8)
    std::fprintf(stderr, "PE %d: %s[%lld] = %lld, expected %lld\n", nvshmem_my_pe(), what, i, got, want);
}

// A ring test's symmetric buffers of n ints: src filled with value_of(me, i)
// (h keeps a copy on the host), dst poisoned; returns after a barrier.
inline void ring_buffers(int n, int (*value_of)(int pe, int i), int** dst, int** src, std::vector<int>& h) {
  *dst = static_cast<int*>(nvshmem_malloc(n * sizeof(int)));
  *src = static_cast<int*>(nvshmem_malloc(n * sizeof(int)));
  h.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) h[static_cast<size_t>(i)] = value_of(nvshmem_my_pe(), i);
  CUDA_CHECK(cudaMemcpy(*src, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(*dst, 0xee, n * sizeof(int)));
  nvshmem_barrier_all();
}
