// The identity "expert" of the EP tests and ep_bench: y = bf16(dequantised
// received row), for the rows each local expert received (counts read on the
// device, as a real expert kernel would). One block per local expert.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp8.h>

namespace shoal_ep_ref {

static __global__ void identity_expert(const unsigned char* recv_x, const unsigned char* scales, const int* counts,
                                       int dtype, int hidden, long long rows_per_expert, __nv_bfloat16* y) {
  const int le = static_cast<int>(blockIdx.x);
  const long long payload = dtype == 0 ? 2LL * hidden : hidden;
  const long long sbytes = dtype == 0 ? 0 : dtype == 1 ? (hidden / 128) * 4LL : ((hidden / 128 + 3) / 4) * 4LL;
  for (int i = 0; i < counts[le]; ++i) {
    const long long row = le * rows_per_expert + i;
    const unsigned char* p = recv_x + row * payload;
    for (int h = static_cast<int>(threadIdx.x); h < hidden; h += static_cast<int>(blockDim.x)) {
      float v;
      if (dtype == 0) {
        v = __bfloat162float(reinterpret_cast<const __nv_bfloat16*>(p)[h]);
      } else {
        __nv_fp8_e4m3 q;
        q.__x = p[h];
        float s;
        if (dtype == 1) s = reinterpret_cast<const float*>(scales + row * sbytes)[h / 128];
        else {
          const unsigned ex = scales[row * sbytes + h / 128];
          union {
            unsigned u;
            float f;
          } b;
          b.u = ex << 23;
          s = b.f;
        }
        v = static_cast<float>(q) * s;
      }
      y[row * hidden + h] = __float2bfloat16_rn(v);
    }
  }
}

}  // namespace shoal_ep_ref
