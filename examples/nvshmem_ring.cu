// An NVSHMEM program, unchanged, on shoal: only NVSHMEM's names, built with
// shoal::nvshmem (or pkg-config shoal-nvshmem), so <nvshmem.h> and
// <nvshmemx.h> are shoal's (docs/nvshmem.md). Each PE sends a block of ints
// to the next PE with one put_signal and waits for its own block; PE 0
// prints "nvshmem_ring: OK" when every PE received what it should.
#include <nvshmem.h>
#include <nvshmemx.h>

#include <cstdio>
#include <vector>

__global__ void ring(int* dst, int* src, int n, uint64_t* sig) {
  const int me = nvshmem_my_pe(), peer = (me + 1) % nvshmem_n_pes();
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x)) src[i] = me * 1000 + i;
  __syncthreads();
  nvshmemx_int_put_signal_nbi_block(dst, src, n, sig, 1, NVSHMEM_SIGNAL_SET, peer);
  if (threadIdx.x == 0) nvshmem_signal_wait_until(sig, NVSHMEM_CMP_EQ, 1);
}

int main() {
  nvshmem_init();
  const int me = nvshmem_my_pe(), npes = nvshmem_n_pes();
  int n = 256;
  int* dst = static_cast<int*>(nvshmem_malloc(n * sizeof(int)));
  int* src = static_cast<int*>(nvshmem_malloc(n * sizeof(int)));
  auto* sig = static_cast<uint64_t*>(nvshmem_calloc(1, sizeof(uint64_t)));
  void* args[] = {&dst, &src, &n, &sig};
  // The kernel passed uncast: shoal's typed overload (also runs on sim).
  if (nvshmemx_collective_launch(ring, dim3(1), dim3(128), args, 0, 0) != 0 || cudaDeviceSynchronize() != cudaSuccess) {
    std::fprintf(stderr, "PE %d: launch failed\n", me);
    return 1;
  }
  std::vector<int> got(n);
  cudaMemcpy(got.data(), dst, n * sizeof(int), cudaMemcpyDeviceToHost);
  const int from = (me + npes - 1) % npes;
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += got[i] != from * 1000 + i;
  int* bad_all = static_cast<int*>(nvshmem_calloc(1, sizeof(int)));
  nvshmem_int_atomic_add(bad_all, bad, 0);
  nvshmem_barrier_all();
  if (me == 0) {
    int total = -1;
    cudaMemcpy(&total, bad_all, sizeof total, cudaMemcpyDeviceToHost);
    if (total == 0) std::printf("nvshmem_ring: OK (%d PEs)\n", npes);
    else std::printf("nvshmem_ring: %d wrong elements\n", total);
  }
  nvshmem_free(bad_all);
  nvshmem_free(sig);
  nvshmem_free(src);
  nvshmem_free(dst);
  nvshmem_finalize();
  return bad != 0;
}
