// Internal to ep/: normal (prefill) mode sizes, where each piece lives, and
// the plain structs the host hands the kernels by value (normal_kernels.cu).
//
// Tokens of a rank are split into C channels of contiguous token ranges;
// channel c of every rank talks to channel c of every other rank over rings
// of S entries. Per PE, symmetric (same offsets everywhere; s, r = ranks):
//   d_ring   [s][c][S] dispatch entries from source s (header, payload,
//                      scales, top-k ids, weights)
//   d_flag   [s][c][S] u64  sequence number of the entry in the slot
//   d_count  [s][c]    u64  (epoch16, begin16, count16, total16) from s
//   d_credit [r][c]    u64  entries of my ring at r that r has consumed
//   d_ack    [r][c]    u64  the count epoch r has read from me
//   c_ring   [r][c][S] combine rows (bf16 [H]) from expert rank r
//   c_flag   [r][c][S] u64  sequence number (bit 63: the row was dropped)
//   c_credit [s][c]    u64  entries of my combine ring at s it consumed
//   staging  [maxT]    dispatch entries (the put source off the P2P path)
// Forwarding across nodes (NormalFwdLayout, a second symmetric allocation,
// only when the ranks form N > 1 equal nodes of L ranks; ns: a source
// node, n: a destination node; the source of node ns is the rank there
// with my local index, its forwarder the rank of n with its local index):
//   n_ring   [ns][c][S] entries from that source (network leg)
//   n_flag   [ns][c][S] u64  sequence number of the entry
//   n_count  [ns][c]    u64  count word of the source for my node
//   n_ack    [n][c]     u64  the count epoch n's forwarder has read
//   n_credit [n][c]     u64  entries of my ring at n's forwarder consumed
//   f_ready  [ns][c]    u64  combine: (epoch << 1) | weighted, after f_scale
//   f_scale  [ns][maxT][L4] f32 (L4: L rounded up to 4) combine scales of the source's tokens for my
//                      node's ranks, by position among its tokens to my node
//   s_stage  [n][maxT][L4] f32 the same, staged at the source (put source)
//   p_stage  [ns][c][S][H] bf16 node partials, staged (put source)
// The P2P legs reuse the single-hop arrays: at a destination, the ring of
// source s is d_ring[s] whoever writes it; a forwarder keeps the sequence
// numbers and credits of the rings it writes in d_sent/d_credit[r'] and
// receives rows for its sources in c_ring[r'], r' = the rank of the
// source's node with the destination's local index (single-hop slots that a
// forwarding rank never uses itself); a source receives node partials in
// c_ring[f], f its forwarder there.
// Sequence numbers and credits count entries per ring since creation, so
// nothing is reset between calls (graphs replay) and a slot is rewritten
// only after its reader gave it back.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ep/layout.h"

namespace shoal::ep::detail {

constexpr std::uint64_t kDroppedRow = 1ull << 63;

// Bytes of one dispatch entry with this payload and top-k.
constexpr std::size_t normal_entry_bytes(int hidden, int topk, bool fp8) {
  const std::size_t H = static_cast<std::size_t>(hidden);
  return align_up(kMsgHeader + (fp8 ? H + H / 128 * 4 : 2 * H) + 8 * static_cast<std::size_t>(topk), 16);
}

struct NormalSymLayout {
  std::size_t d_ring = 0, d_flag = 0, d_count = 0, d_credit = 0, d_ack = 0, c_ring = 0, c_flag = 0, c_credit = 0,
              staging = 0, total = 0, entry = 0;
};

struct NormalFwdLayout {
  std::size_t n_ring = 0, n_flag = 0, n_count = 0, n_ack = 0, n_credit = 0, f_ready = 0, f_scale = 0, s_stage = 0,
              p_stage = 0, total = 0;
};

inline NormalFwdLayout normal_fwd_layout(int nodes, int node_size, int channels, int ring, int max_tokens,
                                         int hidden, int max_topk) {
  NormalFwdLayout L;
  const std::size_t N = static_cast<std::size_t>(nodes), C = static_cast<std::size_t>(channels),
                    S = static_cast<std::size_t>(ring), H = static_cast<std::size_t>(hidden),
                    T = static_cast<std::size_t>(max_tokens),
                    Ln = (static_cast<std::size_t>(node_size) + 3) & ~std::size_t{3};  // scale_stride
  std::size_t o = 0;
  auto put = [&o](std::size_t* at, std::size_t bytes) {
    *at = o;
    o = align_up(o + bytes);
  };
  put(&L.n_ring, N * C * S * normal_entry_bytes(hidden, max_topk, false));
  put(&L.n_flag, N * C * S * 8);
  put(&L.n_count, N * C * 8);
  put(&L.n_ack, N * C * 8);
  put(&L.n_credit, N * C * 8);
  put(&L.f_ready, N * C * 8);
  put(&L.f_scale, N * T * Ln * 4);
  put(&L.s_stage, N * T * Ln * 4);
  put(&L.p_stage, N * C * S * H * 2);
  L.total = o;
  return L;
}

inline NormalSymLayout normal_sym_layout(int ranks, int channels, int ring, int max_tokens, int hidden,
                                         int max_topk) {
  NormalSymLayout L;
  const std::size_t R = static_cast<std::size_t>(ranks), C = static_cast<std::size_t>(channels),
                    S = static_cast<std::size_t>(ring), H = static_cast<std::size_t>(hidden);
  L.entry = normal_entry_bytes(hidden, max_topk, false);
  std::size_t o = 0;
  auto put = [&o](std::size_t* at, std::size_t bytes) {
    *at = o;
    o = align_up(o + bytes);
  };
  put(&L.d_ring, R * C * S * L.entry);
  put(&L.d_flag, R * C * S * 8);
  put(&L.d_count, R * C * 8);
  put(&L.d_credit, R * C * 8);
  put(&L.d_ack, R * C * 8);
  put(&L.c_ring, R * C * S * H * 2);
  put(&L.c_flag, R * C * S * 8);
  put(&L.c_credit, R * C * 8);
  put(&L.staging, static_cast<std::size_t>(max_tokens) * L.entry);
  L.total = o;
  return L;
}

// Words of a rank's token bit mask per destination rank: one per 32 tokens,
// plus one (always 0) so that "tokens before T" reads in range.
constexpr int mask_words(int max_tokens) { return chunks(max_tokens) + 1; }

struct NormalParams {
  int ranks, rank, experts, local_experts, hidden, max_tokens, max_topk, channels, ring, cap, words, nodes;
  int cstride;      // channels the [R][C] arrays and rings are laid out for (>= channels)
  long long entry;  // ring stride (bytes)
  long long timeout_cycles;
  double clock_khz;
  int all_p2p;
  int fwd;                 // forwarding across nodes (NormalFwdLayout)
  int node_size, my_node, my_local;
  const int* pe_of_rank;   // [R]
  const int* node_of_rank; // [R]
  const int* local_of_rank;  // [R] index within its node (ascending rank order)
  const int* node_rank;      // [nodes][node_size] the ranks of each node, ascending
  const int* src_order;      // [nodes] nodes by the rank of their member with my local index
  // Symmetric.
  unsigned char* d_ring;
  std::uint64_t *d_flag, *d_count, *d_credit, *d_ack;
  unsigned char* c_ring;
  std::uint64_t *c_flag, *c_credit;
  unsigned char* staging;
  unsigned char* n_ring;
  std::uint64_t *n_flag, *n_count, *n_ack, *n_credit, *f_ready;
  float *f_scale, *s_stage;
  unsigned char* p_stage;
  // Device state (persistent).
  std::uint64_t* epoch;  // [1] count epoch
  std::uint64_t* cepoch; // [1] combine calls
  unsigned* arrive;      // [2] dispatch, combine
  std::uint64_t *d_sent, *d_recvd, *c_sent, *c_recvd;  // [R][C]
  std::uint64_t *n_sent, *n_recvd;                     // [nodes][C] network leg (forwarding)
  int* status;           // [4]: largest overflowing receive count, the rank, dropped combine rows seen
  // Layout slot.
  std::uint32_t* rank_mask;  // [R][words]
  int* rank_prefix;          // [R][words]: tokens before the word
  int* tokens_per_rank;      // [R]
  int* tokens_per_expert;    // [E]
  int* tokens_per_node;      // [nodes]
  unsigned char* in_rank;    // [maxT][R]
  int* r_count;              // [R][C] entries received from (s, c)
  int* r_begin;              // [R][C] output row of the first
  std::uint32_t* node_mask;  // [nodes][words] (forwarding)
  int* node_prefix;          // [nodes][words]
  int *f_cnt, *f_beg;        // [nodes][C] a forwarder's entries from source node ns on channel c, first position
  std::uint32_t* f_dmask;    // [nodes][maxT] by position: my node's local ranks the entry went to
  // Receive outputs.
  unsigned char* recv_x;     // [cap][2H]
  float* recv_scales;        // [cap][H/128]
  void* recv_idx;            // [cap][K] int64 or int32
  float* recv_w;             // [cap][K]
  int* recv_src;             // [cap]
  std::int64_t* rank_range;  // [R] (begin << 32) | count
  int* expert_count;         // [E_l]
  int* num_recv;             // [1]
  unsigned char* out_default;  // [maxT][H] bf16: combine's output when the caller gives none
};

struct NormalCall {
  const void* x;         // dispatch: [T][H] bf16, or e4m3 with x_scales
  const float* x_scales; // [T][H/128] or null
  const void* topk;      // [T][K]
  const float* weights;  // dispatch: [T][K] or null; combine: [T][K] or null (unweighted)
  const void* y;         // combine input [cap][H] bf16
  void* out;             // combine output [T][H] bf16
  int tokens, topk_n, index32, cached;
};

int launch_layout(const NormalParams& p, const NormalCall& c, void* stream);
int launch_normal_dispatch(const NormalParams& p, const NormalCall& c, int threads, void* stream);
int launch_normal_combine(const NormalParams& p, const NormalCall& c, int threads, void* stream);
// Blocks of the cooperative normal kernels that fit on this device at once
// (kind 0 routed, 1 P2P, 2 forwarding).
int max_normal_blocks(int threads, int ranks, int kind);
// Blocks per channel: send and receive, and a forwarder with forwarding.
constexpr int normal_blocks_per_channel(bool fwd) { return fwd ? 3 : 2; }
// Threads per block of the dispatch/combine kernels from config.threads:
// kind 1 (every rank load/store reachable) runs them all, the routed (0)
// and forwarding (2) kernels at most kRemoteMaxThreads.
constexpr int normal_threads(int threads, int kind) {
  return kind == 1 || threads < kRemoteMaxThreads ? threads : kRemoteMaxThreads;
}

}  // namespace shoal::ep::detail
