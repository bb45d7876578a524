// An NVSHMEM program that launches CUDA's way: `<<<...>>>` (with and without
// shared memory and a stream, a template kernel, a qualified name) and by
// address (plain and template kernels), `nvshmemx_collective_launch((const void*)kernel, ...)` and
// `cudaLaunchKernel((const void*)kernel, ...)`. On sim it is built with
// shoal_add_cuda_sources(... SIM_REWRITE ...) (cmake/shoal-sim-rewrite.py);
// on cuda nvcc takes it as it is.
//
//   shoalrun -n N nvshmem_launch          every output checked, "launch: OK"
//   shoalrun -n 1 nvshmem_launch unregistered
//                                         a kernel the rewriter cannot see (its
//                                         name inside a macro) launched by
//                                         address on sim: a clear error, not a
//                                         crash
#include <nvshmem.h>
#include <nvshmemx.h>

#include "nvshmem_check.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime_api.h>

static int value_of(int pe, int i) { return pe * 100000 + i * 7 + 3; }

// Thread-scope puts to the next PE; launched with <<<grid, block>>>.
__global__ void ring_put(int* dst, const int* src, int n) {
  const int peer = (nvshmem_my_pe() + 1) % nvshmem_n_pes();
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += static_cast<int>(gridDim.x * blockDim.x))
    nvshmem_int_p(dst + i, src[i], peer);
}

namespace kernels {
// Dynamic shared memory and a stream: <<<1, block, smem, stream>>>.
__global__ void scale_through_smem(int* data, int n, int factor) {
  extern __shared__ int tile[];
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x)) tile[i] = data[i] * factor;
  __syncthreads();
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x)) data[i] = tile[i];
}
}  // namespace kernels

template <class T>
__global__ void fill(T* p, int n, T v) {
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x)) p[i] = v + static_cast<T>(i);
}

// A block put plus a device barrier: launched by address through
// nvshmemx_collective_launch.
__global__ void block_put_barrier(int* dst, const int* src, int n) {
  const int peer = (nvshmem_my_pe() + 1) % nvshmem_n_pes();
  nvshmemx_int_put_block(dst, src, n, peer);
  nvshmem_quiet();
  __syncthreads();
  if (threadIdx.x == 0) nvshmem_barrier_all();
}

// Launched by address through cudaLaunchKernel.
__global__ void add_one(int* p, int n) {
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x)) p[i] += 1;
}

int main(int argc, char** argv) {
  nvshmem_init();
  const int me = nvshmem_my_pe(), npes = nvshmem_n_pes(), from = (me + npes - 1) % npes;
  const int n = 300;
  if (argc > 1 && std::strcmp(argv[1], "unregistered") == 0) {
    int* p = nullptr;
    CUDA_CHECK(cudaMalloc(&p, n * sizeof(int)));
    int v = 5, count = n;
    void* args[] = {&p, &count, &v};
#define HIDDEN_KERNEL fill<unsigned>  // a macro body: not rewritten, so not registered on sim
    const cudaError_t e = cudaLaunchKernel((const void*)HIDDEN_KERNEL, dim3(1), dim3(32), args, 0, 0);
    std::printf("unregistered: cudaLaunchKernel returned %s\n", cudaGetErrorName(e));
    nvshmem_finalize();
    return e == cudaSuccess ? 1 : 0;
  }
  int *dst = nullptr, *src = nullptr;
  std::vector<int> h;
  ring_buffers(n, value_of, &dst, &src, h);

  // 1. <<<grid, block>>>, then a barrier on the host.
  ring_put<<<2, 64>>>(dst, src, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  nvshmem_barrier_all();
  CUDA_CHECK(cudaMemcpy(h.data(), dst, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) expect_eq("<<<>>> ring", i, h[i], value_of(from, i));

  // 2. <<<1, block, smem, stream>>> on a qualified kernel name.
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  kernels::scale_through_smem<<<1, 128, n * sizeof(int), stream>>>(
      dst, n, 3);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  CUDA_CHECK(cudaMemcpy(h.data(), dst, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) expect_eq("<<<smem, stream>>>", i, h[i], 3LL * value_of(from, i));

  // 3. a template kernel.
  int64_t* wide = nullptr;
  CUDA_CHECK(cudaMalloc(&wide, n * sizeof(int64_t)));
  fill<int64_t><<<1, 96, 0, stream>>>(wide, n, int64_t{1} << 40);
  std::vector<int64_t> hw(n);
  CUDA_CHECK(cudaMemcpyAsync(hw.data(), wide, n * sizeof(int64_t), cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  for (int i = 0; i < n; ++i) expect_eq("<<<>>> template", i, hw[i], (int64_t{1} << 40) + i);

  // 4. nvshmemx_collective_launch by address.
  CUDA_CHECK(cudaMemset(dst, 0xee, n * sizeof(int)));
  nvshmem_barrier_all();
  int count = n;
  void* args[] = {&dst, &src, &count};
  if (nvshmemx_collective_launch((const void*)block_put_barrier, dim3(1), dim3(64), args, 0, stream) != 0) {
    std::fprintf(stderr, "PE %d: nvshmemx_collective_launch((const void*)...) failed\n", me);
    return 1;
  }
  CUDA_CHECK(cudaStreamSynchronize(stream));
  CUDA_CHECK(cudaMemcpy(h.data(), dst, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) expect_eq("collective_launch(const void*)", i, h[i], value_of(from, i));

  // 5. cudaLaunchKernel by address.
  void* args2[] = {&dst, &count};
  CUDA_CHECK(cudaLaunchKernel((const void*)add_one, dim3(1), dim3(32), args2, 0, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  CUDA_CHECK(cudaMemcpy(h.data(), dst, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) expect_eq("cudaLaunchKernel", i, h[i], value_of(from, i) + 1LL);

  // 6. a template kernel by address (shoal-sim-rewrite: kernel_ref), through
  // cudaLaunchKernel and through nvshmemx_collective_launch.
  int base = 11;
  void* args3[] = {&dst, &count, &base};
  CUDA_CHECK(cudaLaunchKernel((const void*)fill<int>, dim3(1), dim3(64), args3, 0, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  CUDA_CHECK(cudaMemcpy(h.data(), dst, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) expect_eq("cudaLaunchKernel(fill<int>)", i, h[i], 11LL + i);
  int64_t wide_base = int64_t{3} << 33;
  void* args4[] = {&wide, &count, &wide_base};
  if (nvshmemx_collective_launch((const void*)&fill<int64_t>, dim3(1), dim3(32), args4, 0, stream) != 0) {
    std::fprintf(stderr, "PE %d: nvshmemx_collective_launch((const void*)&fill<int64_t>) failed\n", me);
    return 1;
  }
  CUDA_CHECK(cudaMemcpyAsync(hw.data(), wide, n * sizeof(int64_t), cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  for (int i = 0; i < n; ++i) expect_eq("collective_launch(&fill<int64_t>)", i, hw[i], (int64_t{3} << 33) + i);

  nvshmem_barrier_all();
  CUDA_CHECK(cudaFree(wide));
  CUDA_CHECK(cudaStreamDestroy(stream));
  nvshmem_free(src);
  nvshmem_free(dst);
  if (g_failures == 0) std::printf("PE %d: launch: OK\n", me);
  nvshmem_finalize();
  return g_failures ? 1 : 0;
}
