// An independent host reference for shoal EP low-latency dispatch/combine,
// shared by the tests and ep_bench --check. It reimplements the formats from
// their definitions (docs/ep.md), not from the kernels: bf16 and e4m3 are
// encoded here by value, the per-128-channel scales are computed in float
// with the formulas stated there, and the combine is the fmaf chain in k
// order the documentation promises (so its result is bit-exact).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace shoal_ep_ref {

inline uint32_t f2u(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float u2f(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// bf16: the upper 16 bits of a float, round to nearest even (finite inputs).
inline uint16_t f2bf(float f) {
  const uint32_t u = f2u(f);
  return static_cast<uint16_t>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
inline float bf2f(uint16_t b) { return u2f(static_cast<uint32_t>(b) << 16); }

// e4m3 (1 sign, 4 exponent bits with bias 7, 3 mantissa bits, no infinities;
// 0x7f/0xff are NaN, 448 is the largest finite value).
inline float e4m3_decode(uint8_t c) {
  const int s = c >> 7, e = (c >> 3) & 15, m = c & 7;
  float v = e == 0 ? std::ldexp(static_cast<float>(m), -9) : std::ldexp(1.f + m / 8.f, e - 7);
  if ((c & 0x7f) == 0x7f) v = NAN;
  return s ? -v : v;
}
// Round to nearest, ties to even code, saturating to +-448.
inline uint8_t e4m3_encode(float v) {
  static const std::array<float, 127> table = [] {
    std::array<float, 127> t{};
    for (int c = 0; c < 127; ++c) t[static_cast<size_t>(c)] = e4m3_decode(static_cast<uint8_t>(c));
    return t;
  }();
  const uint8_t sign = std::signbit(v) ? 0x80 : 0;
  const float a = std::fabs(v);
  if (a >= 448.f) return sign | 126;
  // table is increasing: the first code >= a, and its lower neighbour.
  const auto it = std::lower_bound(table.begin(), table.end(), a);
  int hi = static_cast<int>(it - table.begin());
  if (table[static_cast<size_t>(hi)] == a) return sign | static_cast<uint8_t>(hi);
  const int lo = hi - 1;
  const float dl = a - table[static_cast<size_t>(lo)], dh = table[static_cast<size_t>(hi)] - a;
  const int c = dl < dh ? lo : dh < dl ? hi : (lo % 2 == 0 ? lo : hi);
  return sign | static_cast<uint8_t>(c);
}

enum { kBF16 = 0, kE4M3 = 1, kUE8M0 = 2 };

inline size_t payload_bytes(int dtype, int H) { return dtype == kBF16 ? 2u * H : static_cast<size_t>(H); }
inline size_t scale_bytes(int dtype, int H) {
  return dtype == kBF16 ? 0 : dtype == kE4M3 ? static_cast<size_t>(H / 128) * 4 : static_cast<size_t>((H / 128 + 3) / 4) * 4;
}

// One token in the dispatch format: payload (bf16 or e4m3 codes) and scales
// (fp32 per group, or one exponent byte per group packed four per int32).
inline void quantise(const uint16_t* x, int H, int dtype, uint8_t* payload, uint8_t* scales) {
  if (dtype == kBF16) {
    std::memcpy(payload, x, 2u * H);
    return;
  }
  std::memset(scales, 0, scale_bytes(dtype, H));
  for (int g = 0; g < H / 128; ++g) {
    float amax = 0.f;
    for (int j = 0; j < 128; ++j) amax = std::max(amax, std::fabs(bf2f(x[g * 128 + j])));
    amax = std::max(amax, 1e-4f);
    float inv;
    if (dtype == kE4M3) {
      inv = 448.f / amax;
      const float s = amax / 448.f;
      std::memcpy(scales + 4 * g, &s, 4);
    } else {
      const uint32_t b = f2u(amax / 448.f);
      uint32_t ex = (b >> 23) & 0xffu;
      if (b & 0x7fffffu) ++ex;
      inv = u2f((254u - ex) << 23);
      scales[g] = static_cast<uint8_t>(ex);
    }
    for (int j = 0; j < 128; ++j) payload[g * 128 + j] = e4m3_encode(bf2f(x[g * 128 + j]) * inv);
  }
}

// Channel h of a dispatched row, as the float the identity expert computes.
inline float dequant(const uint8_t* payload, const uint8_t* scales, int dtype, int h) {
  if (dtype == kBF16) {
    uint16_t b;
    std::memcpy(&b, payload + 2 * h, 2);
    return bf2f(b);
  }
  float s;
  if (dtype == kE4M3) std::memcpy(&s, scales + 4 * (h / 128), 4);
  else s = u2f(static_cast<uint32_t>(scales[h / 128]) << 23);
  return e4m3_decode(payload[h]) * s;
}

// DeepEP's calc_diff: 1 - 2 sum((x+1)(y+1)) / sum((x+1)^2 + (y+1)^2).
inline double calc_diff(const std::vector<double>& x, const std::vector<double>& y) {
  double num = 0, den = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double a = x[i] + 1, b = y[i] + 1;
    num += a * b;
    den += a * a + b * b;
  }
  return den == 0 ? 0 : 1 - 2 * num / den;
}

// A rank's inputs for one case, regenerable by every rank from the seed.
struct Input {
  int tokens = 0;
  std::vector<uint16_t> x;     // [T][H] bf16
  std::vector<int64_t> idx;    // [T][K]
  std::vector<float> weights;  // [T][K]
};

// none_one_in: about one selection in that many is -1 (0: none).
inline Input make_input(uint64_t seed, uint64_t tag, int rank, int tokens, int H, int E, int K, int none_one_in = 8) {
  std::seed_seq ss{static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32), static_cast<uint32_t>(tag),
                   static_cast<uint32_t>(tag >> 32), static_cast<uint32_t>(rank)};
  std::mt19937_64 g(ss);
  std::uniform_real_distribution<float> val(-2.f, 2.f), wd(0.05f, 1.f);
  Input in;
  in.tokens = tokens;
  in.x.resize(static_cast<size_t>(tokens) * H);
  for (int t = 0; t < tokens; ++t) {
    for (int g0 = 0; g0 < H; g0 += 128) {
      // Vary the magnitude per group (scales differ), and make some groups
      // all zero (the amax floor) or huge (saturation-free large scales).
      const uint64_t kind = g() % 16;
      const float mag = kind == 0 ? 0.f : kind == 1 ? 300.f : kind == 2 ? 1e-3f : 1.f;
      for (int j = 0; j < 128; ++j) in.x[static_cast<size_t>(t) * H + g0 + j] = f2bf(val(g) * mag);
    }
  }
  in.idx.assign(static_cast<size_t>(tokens) * K, -1);
  in.weights.resize(static_cast<size_t>(tokens) * K);
  std::vector<int> perm(static_cast<size_t>(E));
  for (int t = 0; t < tokens; ++t) {
    for (int e = 0; e < E; ++e) perm[static_cast<size_t>(e)] = e;
    for (int k = 0; k < K; ++k) {
      in.weights[static_cast<size_t>(t) * K + k] = wd(g);
      if (k >= E) continue;  // fewer experts than k: "no expert"
      const size_t j = static_cast<size_t>(k) + g() % static_cast<size_t>(E - k);
      std::swap(perm[static_cast<size_t>(k)], perm[j]);
      if (none_one_in > 0 && g() % static_cast<uint64_t>(none_one_in) == 0) continue;  // -1: no expert
      in.idx[static_cast<size_t>(t) * K + k] = perm[static_cast<size_t>(k)];
    }
  }
  return in;
}

// One row a local expert receives.
struct Row {
  int src_rank, src_token, k;
};

// Rows of global expert e, in the documented order: source ranks ascending,
// then source tokens ascending. masked[r]: rank r sends nothing.
inline std::vector<Row> expected_rows(const std::vector<Input>& all, int K, int e, const std::vector<int>& masked) {
  std::vector<Row> rows;
  for (size_t r = 0; r < all.size(); ++r) {
    if (!masked.empty() && masked[r]) continue;
    for (int t = 0; t < all[r].tokens; ++t)
      for (int k = 0; k < K; ++k)
        if (all[r].idx[static_cast<size_t>(t) * K + k] == e) rows.push_back({static_cast<int>(r), t, k});
  }
  return rows;
}

// out[t][h] as combine must produce it (bf16 bits), given identity experts
// that return bf16(dequant(dispatched row)); experts on masked ranks give 0.
inline std::vector<uint16_t> expected_combine(const Input& in, int H, int E, int K, int ranks, int dtype,
                                              const std::vector<int>& masked) {
  std::vector<uint16_t> out(static_cast<size_t>(in.tokens) * H);
  std::vector<uint8_t> payload(payload_bytes(dtype, H)), scales(scale_bytes(dtype, H) + 4);
  for (int t = 0; t < in.tokens; ++t) {
    quantise(&in.x[static_cast<size_t>(t) * H], H, dtype, payload.data(), scales.data());
    std::vector<float> yk(static_cast<size_t>(H));
    for (int h = 0; h < H; ++h) yk[static_cast<size_t>(h)] = bf2f(f2bf(dequant(payload.data(), scales.data(), dtype, h)));
    std::vector<float> acc(static_cast<size_t>(H), 0.f);
    for (int k = 0; k < K; ++k) {
      const int64_t e = in.idx[static_cast<size_t>(t) * K + k];
      if (e < 0) continue;
      if (!masked.empty() && masked[static_cast<size_t>(e / (E / ranks))]) continue;
      const float w = in.weights[static_cast<size_t>(t) * K + k];
      for (int h = 0; h < H; ++h) acc[static_cast<size_t>(h)] = std::fmaf(w, yk[static_cast<size_t>(h)], acc[static_cast<size_t>(h)]);
    }
    for (int h = 0; h < H; ++h) out[static_cast<size_t>(t) * H + h] = f2bf(acc[static_cast<size_t>(h)]);
  }
  return out;
}

// sum_k w_k x (unquantised, double): what the combine approximates.
inline std::vector<double> exact_combine(const Input& in, int H, int K) {
  std::vector<double> out(static_cast<size_t>(in.tokens) * H, 0.0);
  for (int t = 0; t < in.tokens; ++t)
    for (int k = 0; k < K; ++k) {
      if (in.idx[static_cast<size_t>(t) * K + k] < 0) continue;
      const double w = in.weights[static_cast<size_t>(t) * K + k];
      for (int h = 0; h < H; ++h)
        out[static_cast<size_t>(t) * H + h] += w * bf2f(in.x[static_cast<size_t>(t) * H + h]);
    }
  return out;
}

}  // namespace shoal_ep_ref
