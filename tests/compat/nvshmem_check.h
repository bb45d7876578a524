// Checks shared by the NVSHMEM test programs (nvshmem_programs.cu,
// nvshmem_launch.cu): CUDA_CHECK exits on a CUDA error naming the call;
// expect_eq counts mismatches and prints the first eight, naming the PE.
#pragma once

#include <nvshmem.h>

#include <cstdio>
#include <cstdlib>

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
