// device_ring: your first shoal kernels. A ring broadcast (PE 0's vector
// travels PE 0 -> 1 -> ... -> n-1, each PE forwarding with put_signal) and a
// ring allreduce-by-accumulation (each PE adds its contribution and passes
// the partial sum on; the last PE broadcasts the total back around). Every
// PE checks the results and the program fails loudly on a wrong element.
//
//   build: see examples/CMakeLists.txt (shoal_add_cuda_sources + shoal::shoal)
//   run:   shoalrun -n 4 ./device_ring      (or mpirun -np 4 / srun --mpi=pmix)
#include <shoal/collective_launch.h>
#include <shoal/shoal.h>

#include <cstdio>
#include <vector>

namespace {

constexpr int kLen = 4096;

// One block of 256 threads per PE: the block forwards with the _block form.
__global__ void ring_bcast(float* data, uint64_t* sig, int root) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const int right = (me + 1) % n;
  if (me != root) {
    if (threadIdx.x == 0) shoal_signal_wait_until(sig, SHOAL_CMP_EQ, 1);  // acquire: data is here
    __syncthreads();
  }
  if (right != root) shoal_float_put_signal_block(data, data, kLen, sig, 1, SHOAL_SIGNAL_SET, right);
}

// partial[] travels the ring accumulating; the last PE holds the sum and
// sends it around in `result` with a second signal.
__global__ void ring_reduce(float* partial, float* result, const float* mine, uint64_t* sigs) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const int right = (me + 1) % n;
  __shared__ float acc[kLen];
  if (me != 0) {
    if (threadIdx.x == 0) shoal_signal_wait_until(&sigs[0], SHOAL_CMP_EQ, 1);
    __syncthreads();
  }
  for (int i = threadIdx.x; i < kLen; i += blockDim.x) acc[i] = (me == 0 ? 0.f : partial[i]) + mine[i];
  __syncthreads();
  if (me != n - 1) {
    shoal_float_put_signal_block(partial, acc, kLen, &sigs[0], 1, SHOAL_SIGNAL_SET, right);
    if (threadIdx.x == 0) shoal_signal_wait_until(&sigs[1], SHOAL_CMP_EQ, 1);
    __syncthreads();
    if (right != n - 1) shoal_float_put_signal_block(result, result, kLen, &sigs[1], 1, SHOAL_SIGNAL_SET, right);
  } else {
    for (int i = threadIdx.x; i < kLen; i += blockDim.x) result[i] = acc[i];
    __syncthreads();
    if (n > 1) shoal_float_put_signal_block(result, result, kLen, &sigs[1], 1, SHOAL_SIGNAL_SET, right);
  }
}

#define CHECK_CUDA(x)                                                                          \
  do {                                                                                         \
    cudaError_t e = (x);                                                                       \
    if (e != cudaSuccess) {                                                                    \
      std::fprintf(stderr, "PE %d: %s failed: %s\n", shoal_my_pe(), #x, cudaGetErrorString(e)); \
      return 1;                                                                                \
    }                                                                                          \
  } while (0)

}  // namespace

int main() {
  if (shoal_init() != 0) return 1;
  const int me = shoal_my_pe(), n = shoal_n_pes();
  auto* data = static_cast<float*>(shoal_malloc(kLen * sizeof(float)));
  auto* partial = static_cast<float*>(shoal_malloc(kLen * sizeof(float)));
  auto* result = static_cast<float*>(shoal_malloc(kLen * sizeof(float)));
  auto* sig = static_cast<uint64_t*>(shoal_calloc(3, sizeof(uint64_t)));
  float* mine = nullptr;
  CHECK_CUDA(cudaMalloc(&mine, kLen * sizeof(float)));

  std::vector<float> h(kLen);
  for (int i = 0; i < kLen; ++i) h[i] = (me == 0) ? 0.5f * i : -1.f;  // only the root's matters
  CHECK_CUDA(cudaMemcpy(data, h.data(), kLen * sizeof(float), cudaMemcpyHostToDevice));
  for (int i = 0; i < kLen; ++i) h[i] = static_cast<float>(me + 1) * (i % 7);
  CHECK_CUDA(cudaMemcpy(mine, h.data(), kLen * sizeof(float), cudaMemcpyHostToDevice));
  shoal_barrier_all();

  // Kernels that wait for other PEs are launched collectively.
  CHECK_CUDA(shoal::collective_launch(ring_bcast, 1, 256, 0, nullptr, data, &sig[0], 0));
  CHECK_CUDA(shoal::collective_launch(ring_reduce, 1, 256, 0, nullptr, partial, result, mine, &sig[1]));
  CHECK_CUDA(cudaDeviceSynchronize());

  int errors = 0;
  CHECK_CUDA(cudaMemcpy(h.data(), data, kLen * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < kLen; ++i) errors += h[i] != 0.5f * i;
  CHECK_CUDA(cudaMemcpy(h.data(), result, kLen * sizeof(float), cudaMemcpyDeviceToHost));
  const float pes_sum = n * (n + 1) / 2.0f;
  for (int i = 0; i < kLen; ++i) errors += h[i] != pes_sum * (i % 7);
  std::printf("PE %d of %d: broadcast and reduction %s\n", me, n, errors ? "WRONG" : "ok");
  shoal_barrier_all();
  if (me == 0 && !errors) std::printf("device_ring: OK\n");
  cudaFree(mine);
  shoal_free(sig);
  shoal_free(result);
  shoal_free(partial);
  shoal_free(data);
  shoal_finalize();
  return errors ? 1 : 0;
}
