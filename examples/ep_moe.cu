// ep_moe: one MoE layer with shoal::ep on every PE. Each PE routes its
// tokens to top-k experts (random, seeded; -1 = no expert), dispatch_ll sends
// them to the experts' PEs, a stand-in expert kernel scales each received
// row by its expert's factor (a power of two, so the check can be exact),
// and combine_ll brings the rows home weighted by topk_weights. Every output
// element is compared with the same sum computed on the host.
//
//   shoalrun -n 4 ./ep_moe
#include <cuda_bf16.h>
#include <shoal/ep.h>
#include <shoal/launch.h>
#include <shoal/shoal.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

namespace {

constexpr int kHidden = 1024, kTopk = 4, kExpertsPerRank = 4, kMaxTokens = 64;

#define CHECK_CUDA(x)                                                                         \
  do {                                                                                        \
    cudaError_t e_ = (x);                                                                     \
    if (e_ != cudaSuccess) {                                                                  \
      std::fprintf(stderr, "ep_moe[PE %d]: %s: %s\n", shoal_my_pe(), #x, cudaGetErrorString(e_)); \
      return 1;                                                                               \
    }                                                                                         \
  } while (0)

// Expert g's factor: 2^-(g % 4), exact in bf16.
__host__ __device__ inline float factor(int g) { return 1.0f / static_cast<float>(1 << (g % 4)); }

// The experts of this PE: y[le][row] = factor(expert) * x[le][row] for the
// rows dispatch delivered (recv_count[le] of them). Block le, threads over
// the row's channels.
__global__ void experts(const __nv_bfloat16* x, __nv_bfloat16* y, const int* recv_count, int rows_per_expert,
                        int first_expert) {
  const int le = static_cast<int>(blockIdx.x);
  const float f = factor(first_expert + le);
  for (int row = 0; row < recv_count[le]; ++row) {
    const long long base = (static_cast<long long>(le) * rows_per_expert + row) * kHidden;
    for (int c = static_cast<int>(threadIdx.x); c < kHidden; c += static_cast<int>(blockDim.x))
      y[base + c] = __float2bfloat16_rn(__bfloat162float(x[base + c]) * f);
  }
}

}  // namespace

int main() {
  if (shoal_init() != 0) return 1;
  const int me = shoal_my_pe(), n = shoal_n_pes();
  const int experts_total = kExpertsPerRank * n;
  const int tokens = kMaxTokens - 3 * (me % 4);  // ranks pass different counts
  const unsigned seed = 20261204u;
  std::mt19937 rng(seed + static_cast<unsigned>(me));

  // Inputs: tokens, top-k distinct experts (the last slot sometimes -1), weights.
  std::vector<__nv_bfloat16> x(static_cast<size_t>(tokens) * kHidden);
  std::vector<int64_t> idx(static_cast<size_t>(tokens) * kTopk);
  std::vector<float> w(idx.size());
  std::uniform_real_distribution<float> val(-2.f, 2.f), wt(0.f, 1.f);
  for (auto& v : x) v = __float2bfloat16_rn(val(rng));
  for (int t = 0; t < tokens; ++t) {
    std::vector<int> pool(static_cast<size_t>(experts_total));
    for (int e = 0; e < experts_total; ++e) pool[static_cast<size_t>(e)] = e;
    std::shuffle(pool.begin(), pool.end(), rng);
    for (int k = 0; k < kTopk; ++k) {
      idx[static_cast<size_t>(t) * kTopk + k] = (k == kTopk - 1 && t % 5 == 0) ? -1 : pool[static_cast<size_t>(k)];
      w[static_cast<size_t>(t) * kTopk + k] = wt(rng);
    }
  }

  shoal::ep::Config cfg(kMaxTokens, kHidden, experts_total, kTopk, shoal::ep::DType::bf16);
  std::printf("ep_moe: PE %d: %d tokens, %d experts, top-%d, seed %u; the buffer needs %.1f MiB of the heap\n", me,
              tokens, experts_total, kTopk, seed, shoal::ep::Buffer::bytes_needed(cfg) / 1048576.0);
  int errors = 0;
  {
    shoal::ep::Buffer buf(cfg);  // collective
    const int rows = kMaxTokens * n;  // rows per local expert in the receive layout
    __nv_bfloat16 *dx = nullptr, *dy = nullptr;
    int64_t* didx = nullptr;
    float* dw = nullptr;
    CHECK_CUDA(cudaMalloc(&dx, x.size() * sizeof x[0] + 16));
    CHECK_CUDA(cudaMalloc(&didx, idx.size() * sizeof idx[0] + 8));
    CHECK_CUDA(cudaMalloc(&dw, w.size() * sizeof w[0] + 4));
    CHECK_CUDA(cudaMalloc(&dy, static_cast<size_t>(kExpertsPerRank) * rows * kHidden * sizeof(__nv_bfloat16)));
    CHECK_CUDA(cudaMemcpy(dx, x.data(), x.size() * sizeof x[0], cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(didx, idx.data(), idx.size() * sizeof idx[0], cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(dw, w.data(), w.size() * sizeof w[0], cudaMemcpyHostToDevice));
    cudaStream_t s;
    CHECK_CUDA(cudaStreamCreate(&s));

    // dispatch -> experts -> combine, all on one stream, no host sync between.
    shoal::ep::DispatchResult d = buf.dispatch_ll(dx, didx, tokens, kTopk, s);
    CHECK_CUDA(shoal::launch(experts, kExpertsPerRank, 256, 0, s, static_cast<const __nv_bfloat16*>(d.recv_x), dy,
                             static_cast<const int*>(d.recv_count), rows, me * kExpertsPerRank));
    shoal::ep::CombineResult c = buf.combine_ll(dy, didx, dw, d.handle, s);
    CHECK_CUDA(cudaStreamSynchronize(s));

    // out[t] = sum_k w_k * factor(e_k) * x[t], fp32 in k order, rounded to bf16.
    std::vector<__nv_bfloat16> out(x.size());
    CHECK_CUDA(cudaMemcpy(out.data(), c.out, out.size() * sizeof out[0], cudaMemcpyDeviceToHost));
    for (int t = 0; t < tokens; ++t)
      for (int h = 0; h < kHidden; ++h) {
        float acc = 0.f;
        for (int k = 0; k < kTopk; ++k) {
          const int64_t e = idx[static_cast<size_t>(t) * kTopk + k];
          if (e < 0) continue;
          const float y = __bfloat162float(__float2bfloat16_rn(
              __bfloat162float(x[static_cast<size_t>(t) * kHidden + h]) * factor(static_cast<int>(e))));
          acc = std::fmaf(w[static_cast<size_t>(t) * kTopk + k], y, acc);
        }
        const float got = __bfloat162float(out[static_cast<size_t>(t) * kHidden + h]);
        const float want = __bfloat162float(__float2bfloat16_rn(acc));
        if (got != want && errors++ < 3)
          std::fprintf(stderr, "ep_moe: PE %d: out[%d][%d] = %g, expected %g\n", me, t, h, got, want);
      }
    std::printf("ep_moe: PE %d: %s (%d x %d outputs checked)\n", me, errors ? "MISMATCH" : "ok", tokens, kHidden);
    CHECK_CUDA(cudaStreamDestroy(s));
    cudaFree(dy);
    cudaFree(dw);
    cudaFree(didx);
    cudaFree(dx);
  }  // the buffer is destroyed collectively here
  int* bad = static_cast<int*>(shoal_calloc(1, sizeof(int)));
  shoal_int_atomic_add(bad, errors, 0);
  shoal_barrier_all();
  const int total = shoal_int_g(bad, 0);
  if (me == 0 && total == 0) std::printf("ep_moe: OK\n");
  shoal_free(bad);
  shoal_finalize();
  return total == 0 ? 0 : 1;
}
