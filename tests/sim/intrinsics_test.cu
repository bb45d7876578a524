// Integer intrinsics against bit-by-bit CPU references, plus __ldg,
// clock64, __nanosleep and device printf.
#include <vector>

#include "shoal/launch.h"
#include "tests/sim/test_util.h"

namespace {

constexpr int k_outputs = 14;

__global__ void intrinsics(const unsigned* a, const unsigned* b, const unsigned* c, unsigned long long* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const unsigned x = __ldg(&a[i]), y = b[i], s = c[i];
  const unsigned long long xy = (static_cast<unsigned long long>(x) << 32) | y;
  unsigned long long* o = out + static_cast<size_t>(i) * k_outputs;
  o[0] = static_cast<unsigned>(__popc(x));
  o[1] = static_cast<unsigned>(__popcll(xy));
  o[2] = static_cast<unsigned>(__clz(static_cast<int>(x)));
  o[3] = static_cast<unsigned>(__clzll(static_cast<long long>(xy)));
  o[4] = static_cast<unsigned>(__ffs(static_cast<int>(x)));
  o[5] = static_cast<unsigned>(__ffsll(static_cast<long long>(xy)));
  o[6] = __brev(x);
  o[7] = __brevll(xy);
  o[8] = __byte_perm(x, y, s);
  o[9] = (static_cast<unsigned long long>(__funnelshift_l(x, y, s)) << 32) | __funnelshift_r(x, y, s);
  o[10] = (static_cast<unsigned long long>(__funnelshift_lc(x, y, s % 40)) << 32) | __funnelshift_rc(x, y, s % 40);
  o[11] = (static_cast<unsigned long long>(__umulhi(x, y)) << 32) | static_cast<unsigned>(__mulhi(static_cast<int>(x), static_cast<int>(y)));
  o[12] = __umul64hi(xy, (static_cast<unsigned long long>(s) << 32) | x);
  const long long t0 = clock64();
  __nanosleep(100);
  const long long t1 = clock64();
  o[13] = t1 >= t0 ? 1 : 0;
  if (i == 0) printf("intrinsics kernel: thread %d of %d\n", i, n);
}

unsigned ref_popc(unsigned long long v) {
  unsigned r = 0;
  for (int k = 0; k < 64; ++k) r += (v >> k) & 1;
  return r;
}
unsigned ref_clz(unsigned long long v, int bits) {
  unsigned r = 0;
  for (int k = bits - 1; k >= 0 && ((v >> k) & 1) == 0; --k) ++r;
  return r;
}
unsigned ref_ffs(unsigned long long v, int bits) {
  for (int k = 0; k < bits; ++k)
    if ((v >> k) & 1) return static_cast<unsigned>(k + 1);
  return 0;
}
unsigned long long ref_brev(unsigned long long v, int bits) {
  unsigned long long r = 0;
  for (int k = 0; k < bits; ++k)
    if ((v >> k) & 1) r |= 1ull << (bits - 1 - k);
  return r;
}
unsigned ref_byte_perm(unsigned x, unsigned y, unsigned s) {
  unsigned char bytes[8];
  for (int k = 0; k < 4; ++k) {
    bytes[k] = static_cast<unsigned char>(x >> (8 * k));
    bytes[k + 4] = static_cast<unsigned char>(y >> (8 * k));
  }
  unsigned r = 0;
  for (int k = 0; k < 4; ++k) r |= static_cast<unsigned>(bytes[(s >> (4 * k)) & 7]) << (8 * k);
  return r;
}
// Funnel shifts: the 64-bit value hi:lo shifted; l returns the upper word, r
// the lower. Wrapping forms use shift mod 32, clamping forms min(shift, 32).
unsigned ref_fsl(unsigned lo, unsigned hi, unsigned sh) {
  unsigned r = 0;
  for (int k = 0; k < 32; ++k) {
    const int src = 32 + k - static_cast<int>(sh);  // bit of hi:lo landing at bit 32+k
    const unsigned bit = src < 32 ? (lo >> src) & 1 : (hi >> (src - 32)) & 1;
    r |= bit << k;
  }
  return r;
}
unsigned ref_fsr(unsigned lo, unsigned hi, unsigned sh) {
  unsigned r = 0;
  for (int k = 0; k < 32; ++k) {
    const unsigned src = static_cast<unsigned>(k) + sh;
    const unsigned bit = src < 32 ? (lo >> src) & 1 : src < 64 ? (hi >> (src - 32)) & 1 : 0;
    r |= bit << k;
  }
  return r;
}

TEST(SimIntrinsics, MatchReferences) {
  std::mt19937_64 rng(test_seed());
  const int n = 3000;
  std::vector<unsigned> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) {
    // Sparse and dense bit patterns, and zeros, to reach the edge cases.
    const int kind = i % 4;
    a[i] = kind == 0 ? 0u : kind == 1 ? static_cast<unsigned>(rng()) >> (rng() % 32) : static_cast<unsigned>(rng());
    b[i] = kind == 3 ? 0u : static_cast<unsigned>(rng());
    c[i] = static_cast<unsigned>(rng() % 64);
    if (i % 7 == 0) c[i] = static_cast<unsigned>(rng());
  }
  DeviceBuffer<unsigned> da(n), db(n), dc(n);
  DeviceBuffer<unsigned long long> dout(static_cast<size_t>(n) * k_outputs);
  CUDA_OK(cudaMemcpy(da.p, a.data(), da.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(db.p, b.data(), db.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(dc.p, c.data(), dc.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(shoal::launch(intrinsics, dim3((n + 127) / 128), dim3(128), 0, nullptr, da.p, db.p, dc.p, dout.p, n));
  std::vector<unsigned long long> out(static_cast<size_t>(n) * k_outputs);
  CUDA_OK(cudaMemcpy(out.data(), dout.p, dout.bytes(), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    const unsigned x = a[i], y = b[i], s = c[i];
    const unsigned long long xy = (static_cast<unsigned long long>(x) << 32) | y;
    const unsigned long long* o = &out[static_cast<size_t>(i) * k_outputs];
    const unsigned long long m = (static_cast<unsigned long long>(s) << 32) | x;
    const unsigned long long want[k_outputs] = {
        ref_popc(x),
        ref_popc(xy),
        ref_clz(x, 32),
        ref_clz(xy, 64),
        ref_ffs(x, 32),
        ref_ffs(xy, 64),
        ref_brev(x, 32),
        ref_brev(xy, 64),
        ref_byte_perm(x, y, s),
        (static_cast<unsigned long long>(ref_fsl(x, y, s % 32)) << 32) | ref_fsr(x, y, s % 32),
        (static_cast<unsigned long long>(ref_fsl(x, y, std::min(s % 40, 32u))) << 32) | ref_fsr(x, y, std::min(s % 40, 32u)),
        ((static_cast<unsigned long long>(x) * y) >> 32 << 32) |
            static_cast<unsigned>((static_cast<long long>(static_cast<int>(x)) * static_cast<int>(y)) >> 32),
        static_cast<unsigned long long>((static_cast<unsigned __int128>(xy) * m) >> 64),
        1,
    };
    for (int k = 0; k < k_outputs; ++k)
      ASSERT_EQ(want[k], o[k]) << "output " << k << " for x=0x" << std::hex << x << " y=0x" << y << " s=0x" << s;
  }
}

}  // namespace

namespace {

__global__ void min_max(const int* a, const unsigned* b, const float* c, const double* d, double* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  out[6 * i + 0] = min(a[i], a[n - 1 - i]);
  out[6 * i + 1] = max(b[i], b[n - 1 - i]);
  out[6 * i + 2] = static_cast<double>(min(c[i], c[n - 1 - i]));
  out[6 * i + 3] = max(d[i], static_cast<double>(c[i]));
  out[6 * i + 4] = static_cast<double>(max(static_cast<long long>(a[i]), static_cast<long long>(b[i])));
  out[6 * i + 5] = static_cast<double>(fminf(c[i], 0.5f) + fmaxf(c[i], -0.5f));
}

TEST(SimIntrinsics, MinMax) {
  std::mt19937_64 rng(test_seed());
  const int n = 500;
  std::vector<int> a(n);
  std::vector<unsigned> b(n);
  std::vector<float> c(n);
  std::vector<double> d(n);
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<int>(rng() % 2001) - 1000;
    b[i] = static_cast<unsigned>(rng() % 5000);
    c[i] = static_cast<float>(static_cast<int>(rng() % 2001) - 1000) / 512.0f;
    d[i] = static_cast<double>(static_cast<int>(rng() % 2001) - 1000) / 256.0;
  }
  DeviceBuffer<int> da(n);
  DeviceBuffer<unsigned> db(n);
  DeviceBuffer<float> dc(n);
  DeviceBuffer<double> dd(n), dout(6 * static_cast<size_t>(n));
  CUDA_OK(cudaMemcpy(da.p, a.data(), da.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(db.p, b.data(), db.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(dc.p, c.data(), dc.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(dd.p, d.data(), dd.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(shoal::launch(min_max, dim3(4), dim3(128), 0, nullptr, da.p, db.p, dc.p, dd.p, dout.p, n));
  std::vector<double> out(6 * static_cast<size_t>(n));
  CUDA_OK(cudaMemcpy(out.data(), dout.p, dout.bytes(), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    const int j = n - 1 - i;
    EXPECT_EQ(static_cast<double>(a[i] < a[j] ? a[i] : a[j]), out[6 * i + 0]) << i;
    EXPECT_EQ(static_cast<double>(b[i] > b[j] ? b[i] : b[j]), out[6 * i + 1]) << i;
    EXPECT_EQ(static_cast<double>(c[i] < c[j] ? c[i] : c[j]), out[6 * i + 2]) << i;
    EXPECT_EQ(d[i] > c[i] ? d[i] : static_cast<double>(c[i]), out[6 * i + 3]) << i;
    EXPECT_EQ(static_cast<double>(a[i] > static_cast<long long>(b[i]) ? a[i] : static_cast<long long>(b[i])),
              out[6 * i + 4]) << i;
    EXPECT_EQ(static_cast<double>((c[i] < 0.5f ? c[i] : 0.5f) + (c[i] > -0.5f ? c[i] : -0.5f)), out[6 * i + 5]) << i;
  }
}

}  // namespace
