// An independent host reference for shoal EP normal mode, from the
// definitions in docs/ep.md ("Normal mode"), not from the kernels: which
// ranks a token goes to, the layout counts, the order of received rows, and
// the combine sum (ascending rank order, fp32 fmaf chain, the rank's scale
// the k-order sum of its weights).
#pragma once

#include <cstdint>
#include <algorithm>
#include <vector>

#include "tests/ep/ep_reference.h"

namespace shoal_ep_ref {

// Ranks token t goes to, ascending.
inline std::vector<int> ranks_of(const Input& in, int t, int K, int El) {
  std::vector<int> r;
  for (int k = 0; k < K; ++k) {
    const int64_t e = in.idx[static_cast<size_t>(t) * K + k];
    if (e < 0) continue;
    const int q = static_cast<int>(e / El);
    bool seen = false;
    for (int x : r) seen = seen || x == q;
    if (!seen) r.push_back(q);
  }
  std::sort(r.begin(), r.end());
  return r;
}

struct NormalLayout {
  std::vector<int> per_rank, per_node, per_expert;
  std::vector<uint8_t> in_rank;  // [T][R]
};

inline NormalLayout normal_layout(const Input& in, int K, int E, int R, const std::vector<int>& node_of) {
  const int El = E / R;
  int nodes = 0;
  for (int n : node_of) nodes = std::max(nodes, n + 1);
  NormalLayout L;
  L.per_rank.assign(static_cast<size_t>(R), 0);
  L.per_node.assign(static_cast<size_t>(nodes), 0);
  L.per_expert.assign(static_cast<size_t>(E), 0);
  L.in_rank.assign(static_cast<size_t>(in.tokens) * R, 0);
  for (int t = 0; t < in.tokens; ++t) {
    for (int k = 0; k < K; ++k) {
      const int64_t e = in.idx[static_cast<size_t>(t) * K + k];
      if (e >= 0) ++L.per_expert[static_cast<size_t>(e)];
    }
    std::vector<int> ns;
    for (int r : ranks_of(in, t, K, El)) {
      ++L.per_rank[static_cast<size_t>(r)];
      L.in_rank[static_cast<size_t>(t) * R + r] = 1;
      const int n = node_of[static_cast<size_t>(r)];
      if (std::find(ns.begin(), ns.end(), n) == ns.end()) ns.push_back(n);
    }
    for (int n : ns) ++L.per_node[static_cast<size_t>(n)];
  }
  return L;
}

// One row rank `me` receives: source rank and token, in the documented
// order (source ranks ascending, tokens ascending within a source).
struct NormalRow {
  int src_rank, src_token;
};

inline std::vector<NormalRow> normal_rows(const std::vector<Input>& all, int K, int El, int me) {
  std::vector<NormalRow> rows;
  for (size_t r = 0; r < all.size(); ++r)
    for (int t = 0; t < all[r].tokens; ++t) {
      const auto rs = ranks_of(all[r], t, K, El);
      if (std::find(rs.begin(), rs.end(), me) != rs.end()) rows.push_back({static_cast<int>(r), t});
    }
  return rows;
}

// Row index of (source rank src, token t) at rank `at`, or -1.
inline int normal_row_at(const std::vector<Input>& all, int K, int El, int at, int src, int t) {
  int i = 0;
  for (size_t r = 0; r < all.size(); ++r)
    for (int u = 0; u < all[r].tokens; ++u) {
      const auto rs = ranks_of(all[r], u, K, El);
      if (std::find(rs.begin(), rs.end(), at) == rs.end()) continue;
      if (static_cast<int>(r) == src && u == t) return i;
      ++i;
    }
  return -1;
}

// combine's out[t][h] (bf16 bits) when every rank's expert returns the row
// value y(t) (the same bf16 values at every rank: identity experts);
// live(r, t) false: that rank's row was dropped (contributes zero).
// node_of (forwarding across nodes, shoal_ep_normal_forwarding): the sum
// goes node by node in ascending node order: per node an fp32 chain over
// its live ranks in ascending order, rounded to bf16 for other nodes (the
// forwarder sends a bf16 partial) and not for my_node, added to the total.
// y(r, i): rank r's bf16 row value of element i = t·H + h; the overload
// below takes one row set for every rank.
template <class Y, class Live>
inline std::vector<uint16_t> normal_combine_by_rank(const Input& in, Y y, int H, int K, int El, bool weighted,
                                                    Live live, const std::vector<int>* node_of = nullptr,
                                                    int my_node = 0) {
  std::vector<uint16_t> out(static_cast<size_t>(in.tokens) * H);
  const int nodes = node_of ? *std::max_element(node_of->begin(), node_of->end()) + 1 : 1;
  for (int t = 0; t < in.tokens; ++t) {
    std::vector<float> acc(static_cast<size_t>(H), 0.f), part(static_cast<size_t>(H));
    const std::vector<int> rs = ranks_of(in, t, K, El);
    for (int n = 0; n < nodes; ++n) {
      bool any = false;
      std::fill(part.begin(), part.end(), 0.f);
      for (int r : rs) {
        if (node_of && (*node_of)[static_cast<size_t>(r)] != n) continue;
        any = true;
        if (!live(r, t)) continue;
        float s = 1.f;
        if (weighted) {
          s = 0.f;
          for (int k = 0; k < K; ++k) {
            const int64_t e = in.idx[static_cast<size_t>(t) * K + k];
            if (e >= 0 && e / El == r) s += in.weights[static_cast<size_t>(t) * K + k];
          }
        }
        for (int h = 0; h < H; ++h)
          part[static_cast<size_t>(h)] =
              std::fmaf(s, bf2f(y(r, static_cast<size_t>(t) * H + h)), part[static_cast<size_t>(h)]);
      }
      if (!node_of) {
        acc = part;
        break;
      }
      if (!any) continue;
      for (int h = 0; h < H; ++h) {
        const float v = n == my_node ? part[static_cast<size_t>(h)] : bf2f(f2bf(part[static_cast<size_t>(h)]));
        acc[static_cast<size_t>(h)] = acc[static_cast<size_t>(h)] + v;
      }
    }
    for (int h = 0; h < H; ++h) out[static_cast<size_t>(t) * H + h] = f2bf(acc[static_cast<size_t>(h)]);
  }
  return out;
}

template <class Live>
inline std::vector<uint16_t> normal_combine(const Input& in, const std::vector<uint16_t>& y, int H, int K, int El,
                                            bool weighted, Live live, const std::vector<int>* node_of = nullptr,
                                            int my_node = 0) {
  return normal_combine_by_rank(
      in, [&y](int, size_t i) { return y[i]; }, H, K, El, weighted, live, node_of, my_node);
}

}  // namespace shoal_ep_ref
