// fp16, bf16 and fp8 (e4m3, saturating) conversions in kernels must round
// like CUDA: round-to-nearest-even, checked bit for bit against a reference
// computed here from first principles, for specials, random bit patterns and
// exact halfway cases.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "shoal/launch.h"
#include "tests/sim/test_util.h"

namespace {

__global__ void convert(const float* in, int n, unsigned short* h, unsigned short* bf, unsigned char* f8, float* h_back,
                        float* bf_back, float* f8_back) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const float x = in[i];
  const __half hv = __float2half_rn(x);
  const __nv_bfloat16 bv = __float2bfloat16_rn(x);
  const __nv_fp8_e4m3 fv(x);
  h[i] = static_cast<__half_raw>(hv).x;
  bf[i] = static_cast<__nv_bfloat16_raw>(bv).x;
  f8[i] = fv.__x;
  h_back[i] = __half2float(hv);
  bf_back[i] = __bfloat162float(bv);
  f8_back[i] = static_cast<float>(fv);
}

// A binary float format: `man` stored mantissa bits, exponent bias, largest
// finite value; overflow gives infinity or (saturating) the largest value.
struct Format {
  int man;
  int bias;
  double max_finite;
  bool saturate;
  unsigned exp_bits;
};
constexpr Format k_half{10, 15, 65504.0, false, 5};
constexpr Format k_bf16{7, 127, 3.3895313892515355e38, false, 8};
constexpr Format k_e4m3{3, 7, 448.0, true, 4};

// Expected encoding of float x (finite or infinite; NaN handled by callers).
unsigned encode_rne(float x, const Format& f) {
  const unsigned sign = std::signbit(x) ? 1u : 0u;
  const unsigned sign_bit = sign << (f.man + f.exp_bits);
  const unsigned max_code = f.saturate ? ((((1u << f.exp_bits) - 1) << f.man) | ((1u << f.man) - 2))
                                       : (((1u << f.exp_bits) - 2) << f.man) | ((1u << f.man) - 1);
  const unsigned inf_code = ((1u << f.exp_bits) - 1) << f.man;
  double a = std::fabs(static_cast<double>(x));
  if (a == 0) return sign_bit;
  if (std::isinf(a)) return sign_bit | (f.saturate ? max_code : inf_code);
  const int emin = 1 - f.bias;
  int e = std::ilogb(a);
  if (e < emin) e = emin;
  const double quantum = std::ldexp(1.0, e - f.man);
  const double q = std::nearbyint(a / quantum);  // default mode: ties to even
  const double v = q * quantum;
  if (v > f.max_finite) return sign_bit | (f.saturate ? max_code : inf_code);
  if (v < std::ldexp(1.0, emin)) return sign_bit | static_cast<unsigned>(v / std::ldexp(1.0, emin - f.man));
  const int ev = std::ilogb(v);
  const unsigned mant = static_cast<unsigned>(v / std::ldexp(1.0, ev - f.man)) - (1u << f.man);
  return sign_bit | (static_cast<unsigned>(ev + f.bias) << f.man) | mant;
}

double decode(unsigned code, const Format& f) {
  const unsigned mant = code & ((1u << f.man) - 1);
  const unsigned ex = (code >> f.man) & ((1u << f.exp_bits) - 1);
  const double s = (code >> (f.man + f.exp_bits)) & 1u ? -1.0 : 1.0;
  if (ex == 0) return s * std::ldexp(static_cast<double>(mant), 1 - f.bias - f.man);
  return s * std::ldexp(static_cast<double>(mant + (1u << f.man)), static_cast<int>(ex) - f.bias - f.man);
}

bool is_nan_code(unsigned code, const Format& f) {
  const unsigned mant = code & ((1u << f.man) - 1);
  const unsigned ex = (code >> f.man) & ((1u << f.exp_bits) - 1);
  if (f.saturate) return ex == (1u << f.exp_bits) - 1 && mant == (1u << f.man) - 1;  // e4m3: S.1111.111
  return ex == (1u << f.exp_bits) - 1 && mant != 0;
}

float from_bits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof(f));
  return f;
}

// Values exactly halfway between two neighbours of format f (both signs).
void add_halfway(std::vector<float>& v, const Format& f, std::mt19937_64& rng, int count) {
  for (int k = 0; k < count; ++k) {
    const int e = static_cast<int>(rng() % static_cast<unsigned>(2 * f.bias)) - f.bias + 1;
    const unsigned m = static_cast<unsigned>(rng()) & ((1u << f.man) - 1);
    const double lo = std::ldexp(static_cast<double>(m + (1u << f.man)), e - f.man);
    const double mid = lo + std::ldexp(0.5, e - f.man);
    const float x = static_cast<float>(mid);
    if (static_cast<double>(x) != mid) continue;  // not representable as float
    v.push_back(k % 2 ? -x : x);
  }
}

TEST(SimConvert, RoundingMatchesCuda) {
  std::mt19937_64 rng(test_seed());
  std::vector<float> v = {0.0f, -0.0f, 1.0f, -1.0f, 65504.0f, 65519.99f, 65520.0f, 1e30f, -1e30f, 448.0f, 464.0f,
                          465.0f, 480.0f, 1e-8f, -1e-8f, 5.96e-8f, 2.98e-8f, 2.9802322e-08f, 0.001953125f,
                          0.0009765625f, 1.0009765625f, 3.0e38f, 3.4e38f,
                          std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                          std::numeric_limits<float>::denorm_min(), std::numeric_limits<float>::quiet_NaN()};
  for (int k = 0; k < 20000; ++k) v.push_back(from_bits(static_cast<uint32_t>(rng())));
  for (int k = 0; k < 4000; ++k) {  // values near the small formats' range
    const float m = static_cast<float>(rng() % 1000000) / 1000000.0f + 1.0f;
    v.push_back(std::ldexp(m, static_cast<int>(rng() % 40) - 25) * (rng() & 1 ? -1.0f : 1.0f));
  }
  add_halfway(v, k_half, rng, 2000);
  add_halfway(v, k_bf16, rng, 2000);
  add_halfway(v, k_e4m3, rng, 2000);
  const int n = static_cast<int>(v.size());

  DeviceBuffer<float> d_in(n), d_hb(n), d_bb(n), d_fb(n);
  DeviceBuffer<unsigned short> d_h(n), d_b(n);
  DeviceBuffer<unsigned char> d_f(n);
  CUDA_OK(cudaMemcpy(d_in.p, v.data(), d_in.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(shoal::launch(convert, dim3((n + 255) / 256), dim3(256), 0, nullptr, d_in.p, n, d_h.p, d_b.p, d_f.p, d_hb.p,
                        d_bb.p, d_fb.p));
  std::vector<unsigned short> h(n), b(n);
  std::vector<unsigned char> f(n);
  std::vector<float> hb(n), bb(n), fb(n);
  CUDA_OK(cudaMemcpy(h.data(), d_h.p, d_h.bytes(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(b.data(), d_b.p, d_b.bytes(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(f.data(), d_f.p, d_f.bytes(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(hb.data(), d_hb.p, d_hb.bytes(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(bb.data(), d_bb.p, d_bb.bytes(), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(fb.data(), d_fb.p, d_fb.bytes(), cudaMemcpyDeviceToHost));

  int failures = 0;
  auto check = [&](const char* what, float x, unsigned got, float back, const Format& fmt) {
    if (std::isnan(x)) {
      EXPECT_TRUE(is_nan_code(got, fmt)) << what << " of NaN gave 0x" << std::hex << got;
      EXPECT_TRUE(std::isnan(back)) << what;
      return;
    }
    const unsigned want = encode_rne(x, fmt);
    if (want != got && ++failures < 20)
      ADD_FAILURE() << what << "(" << x << " = 0x" << std::hex << std::bit_cast<uint32_t>(x) << "): want 0x" << want
                    << " got 0x" << got;
    const double want_back = (fmt.saturate || (want & ~(1u << (fmt.man + fmt.exp_bits))) != ((1u << fmt.exp_bits) - 1) << fmt.man)
                                 ? decode(want, fmt)
                                 : (std::signbit(x) ? -HUGE_VAL : HUGE_VAL);
    if (static_cast<double>(back) != want_back && ++failures < 20)
      ADD_FAILURE() << what << " back-conversion of " << x << ": want " << want_back << " got " << back;
  };
  for (int i = 0; i < n; ++i) {
    check("half", v[i], h[i], hb[i], k_half);
    check("bf16", v[i], b[i], bb[i], k_bf16);
    check("e4m3", v[i], f[i], fb[i], k_e4m3);
  }
  EXPECT_EQ(0, failures) << "of " << n << " values";
}

}  // namespace
