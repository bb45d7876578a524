// Normal-mode (prefill) layout, dispatch and combine kernels, one source for
// cuda and sim, on the public device API (ep/normal.h has the memory map).
//
// Layout: a thread per token checks its top-k ids and sets its bit in
// rank_mask[r] for every rank r it goes to (and counts experts and nodes);
// then prefix sums of the mask words give, for any token t and rank r, the
// number of earlier tokens that go to r, so every position below is a
// lookup (no scan, no host).
//
// Dispatch (cooperative, 2C blocks): block c sends channel c, block C + c
// receives it.
//   send:  per destination r one count word (epoch, where channel c's
//          tokens start among the ones going to r, how many, the total),
//          after r acknowledged the previous count; then a warp per token
//          writes its entry into the slot of ring (me -> r, c) that its
//          position names, once r has given that slot back (credit), and
//          sets the slot's flag to the entry's sequence number.
//   recv:  waits for the count words of its channel from every source,
//          acknowledges them, places source s's entries at
//          rank_begin(s) + channel_begin(s, c): rows end up grouped by
//          source rank in rank order, in token order within a source,
//          whatever the timing. Groups of entries are copied out and their
//          slots credited back.
// Combine (cooperative, 2C blocks), the reverse rings: block c of the
// expert rank sends the rows it received on channel c back to their source;
// block C + c of the source takes a warp per token and sums the token's rows
// in ascending rank order in fp32 (times the summed top-k weights of that
// rank when weights are given), so the result is bit-identical run to run.
// Cached dispatch (same routing as the handle's) skips the count words.
// Forwarding across nodes (kFwd, 3C blocks: block 2C + c forwards channel
// c): tokens for another node go once to the rank there with my local
// index, which relays them into my rings at its node's ranks, and in
// combine sums its node's rows into one bf16 partial per token
// (dispatch_forward, combine_forward; docs/ep.md "Forwarding across nodes").
#include <cooperative_groups.h>
#include <cuda_bf16.h>
#include <shoal/device.h>
#include <shoal/launch.h>
#include <shoal/shoal.h>

#include <cstdint>
#include <cstdio>

#include "ep/common.cuh"
#include "ep/normal.h"

namespace shoal::ep::detail {
namespace normal {

namespace cg = cooperative_groups;

__device__ __forceinline__ double seconds(const NormalParams& p) {
  return static_cast<double>(p.timeout_cycles) / (p.clock_khz * 1e3);
}

// Tokens before t that go to rank r.
__device__ __forceinline__ int before(const NormalParams& p, int r, int t) {
  const long long i = static_cast<long long>(r) * p.words + (t >> 5);
  return p.rank_prefix[i] + __popc(p.rank_mask[i] & ((1u << (t & 31)) - 1u));
}
__device__ __forceinline__ bool goes_to(const NormalParams& p, int r, int t) {
  return (p.rank_mask[static_cast<long long>(r) * p.words + (t >> 5)] >> (t & 31)) & 1u;
}
// Forwarding: tokens before t that go to node n, whether t goes there, the
// rank of node n with local index l.
__device__ __forceinline__ int before_node(const NormalParams& p, int n, int t) {
  const long long i = static_cast<long long>(n) * p.words + (t >> 5);
  return p.node_prefix[i] + __popc(p.node_mask[i] & ((1u << (t & 31)) - 1u));
}
__device__ __forceinline__ bool goes_to_node(const NormalParams& p, int n, int t) {
  return (p.node_mask[static_cast<long long>(n) * p.words + (t >> 5)] >> (t & 31)) & 1u;
}
// f(n) for each node n other than mine that token t goes to, ascending (a
// warp: every lane calls f with the same n).
template <class F>
__device__ __forceinline__ void for_other_nodes(const NormalParams& p, int t, int lane, F f) {
  for (int n0 = 0; n0 < p.nodes; n0 += 32) {
    unsigned nodes =
        __ballot_sync(0xffffffffu, n0 + lane < p.nodes && n0 + lane != p.my_node && goes_to_node(p, n0 + lane, t));
    for (; nodes; nodes &= nodes - 1) f(n0 + __ffs(nodes) - 1);
  }
}
__device__ __forceinline__ int rank_at(const NormalParams& p, int n, int l) { return p.node_rank[n * p.node_size + l]; }
__device__ __forceinline__ bool in_my_node(const NormalParams& p, int r) { return p.node_of_rank[r] == p.my_node; }

// Entry of message `seq` (1-based, counted per ring) in ring `ring` (a
// ring is (peer index) * cstride + channel) of S entries.
__device__ __forceinline__ long long ring_slot(long long ring, int S, uint64_t seq) {
  return ring * S + static_cast<long long>((seq - 1) % static_cast<uint64_t>(S));
}

__device__ __forceinline__ int chan_begin(int c, int tokens, int channels) {
  return static_cast<int>(static_cast<long long>(c) * tokens / channels);
}

// A wait gave up: the job failed (shoal_failed_pe; no masking in normal
// mode, so it traps naming the failed PE) or the timeout ran out. One
// out-of-line noreturn call per wait site, reached every 1024 spins, so the
// spin loops keep their registers (no caller saves, nothing on the stack).
[[noreturn]] __device__ EP_NOINLINE void wait_gave_up(const char* what, double secs, int rank, int r, int c,
                                                      unsigned long long want, unsigned long long got) {
  const int f = shoal_failed_pe();
  if (f >= 0)
    EP_TRAP("%s: rank %d gave up waiting for rank %d because PE %d failed (it exited, was killed or aborted)", what,
            rank, r, f);
  EP_TRAP("%s timed out after %.3f s: rank %d waits for rank %d on channel %d: expected %llu, got %llu", what, secs,
          rank, r, c, want, got);
  __builtin_unreachable();
}

__device__ EP_NOINLINE void report_overflow(int rank, int needed, int cap) {
  EP_PRINTF("shoal[PE %d] ep: shoal_ep_dispatch: rank %d receives %d tokens, more than its capacity "
            "(max_recv_tokens %d): rows from %d on are dropped and contribute zero to combine "
            "(shoal_ep_normal_status reports it)\n",
            shoal_my_pe(), rank, needed, cap, cap);
}

// Spins until pred(word) holds; diagnoses a timeout or a failed job.
template <class Pred>
__device__ __forceinline__ uint64_t wait_word(const NormalParams& p, const uint64_t* w, Pred pred, const char* what,
                                              int r, int c, unsigned long long want) {
  const long long t0 = clock64();
  for (unsigned spins = 1;; ++spins) {
    const uint64_t v = observe(w);
    if (pred(v)) return v;
    if ((spins & 1023u) == 0 && (shoal_failed_pe() >= 0 || clock64() - t0 > p.timeout_cycles))
      wait_gave_up(what, seconds(p), p.rank, r, c, want, v);
    pause();
  }
}

// The last block to finish resets the arrival counter and publishes the
// call's epoch (if `at` is given) for the next call.
__device__ void arrive_last(const NormalParams& p, int op, uint64_t* at, uint64_t epoch) {
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    if (atomicAdd(&p.arrive[op], 1u) == gridDim.x - 1) {
      p.arrive[op] = 0;
      __threadfence();
      if (at) *reinterpret_cast<volatile uint64_t*>(at) = epoch;
    }
  }
}

// ---------------------------------------------------------------- layout

__global__ void __launch_bounds__(kMaxThreads, 1) layout_mark(NormalParams p, NormalCall c) {
  const int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (t >= c.tokens) return;
  const int K = c.topk_n, El = p.local_experts;
  for (int k = 0; k < K; ++k) {
    const long long e = load_index(c.topk, c.index32, static_cast<long long>(t) * K + k);
    if (e == -1) continue;
    if (e < 0 || e >= p.experts)
      EP_TRAP("shoal_ep_layout: topk_idx[%d][%d] = %lld is out of range (-1 or 0..%d)", t, k, e, p.experts - 1);
    bool new_rank = true, new_node = true;
    const int r = static_cast<int>(e) / El;
    for (int k2 = 0; k2 < k; ++k2) {
      const long long e2 = load_index(c.topk, c.index32, static_cast<long long>(t) * K + k2);
      if (e2 == e) EP_TRAP("shoal_ep_layout: token %d selects expert %lld twice (k = %d and %d)", t, e, k2, k);
      if (e2 < 0) continue;
      new_rank = new_rank && static_cast<int>(e2) / El != r;
      new_node = new_node && p.node_of_rank[static_cast<int>(e2) / El] != p.node_of_rank[r];
    }
    atomicAdd(&p.tokens_per_expert[e], 1);
    if (new_rank) atomicOr(&p.rank_mask[static_cast<long long>(r) * p.words + (t >> 5)], 1u << (t & 31));
    if (new_node) {
      atomicAdd(&p.tokens_per_node[p.node_of_rank[r]], 1);
      if (p.fwd) atomicOr(&p.node_mask[static_cast<long long>(p.node_of_rank[r]) * p.words + (t >> 5)], 1u << (t & 31));
    }
  }
}

__global__ void __launch_bounds__(kMaxThreads) layout_finish(NormalParams p, NormalCall c) {
  const long long tid = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x,
                  n_all = static_cast<long long>(gridDim.x) * blockDim.x;
  const int R = p.ranks;
  for (long long r = tid; r < R; r += n_all) {
    int sum = 0;
    for (int w = 0; w < p.words; ++w) {
      p.rank_prefix[r * p.words + w] = sum;
      sum += __popc(p.rank_mask[r * p.words + w]);
    }
    p.tokens_per_rank[r] = sum;
  }
  if (p.fwd)
    for (long long n = tid; n < p.nodes; n += n_all) {
      int sum = 0;
      for (int w = 0; w < p.words; ++w) {
        p.node_prefix[n * p.words + w] = sum;
        sum += __popc(p.node_mask[n * p.words + w]);
      }
    }
  for (long long i = tid; i < static_cast<long long>(c.tokens) * R; i += n_all)
    p.in_rank[i] = goes_to(p, static_cast<int>(i % R), static_cast<int>(i / R)) ? 1 : 0;
}

// ---------------------------------------------------------------- dispatch

// The count word: (epoch16, begin16, count16, total16).
__device__ __forceinline__ uint64_t count_word(uint64_t epoch, int begin, int count, int total) {
  return ((epoch & 0xffffu) << 48) | (static_cast<uint64_t>(begin) << 32) | (static_cast<uint64_t>(count) << 16) |
         static_cast<uint64_t>(total);
}

// Entry of token t as this call formats it: header (token), payload, scales,
// K global expert ids (int32), K weights. Lanes copy 16 bytes each.
__device__ __forceinline__ void write_entry(const NormalParams& p, const NormalCall& c, unsigned char* m, int t,
                                            int lane) {
  const long long H = p.hidden, pay = c.x_scales ? H : 2 * H, sb = c.x_scales ? H / 128 * 4 : 0;
  if (lane == 0) write_header(m, t, p.rank);
  int4_copy(m + kMsgHeader, static_cast<const unsigned char*>(c.x) + t * pay, pay, lane);
  if (sb) {
    const auto* s = c.x_scales + t * (H / 128);
    auto* d = reinterpret_cast<float*>(m + kMsgHeader + pay);
    for (long long g = lane; g < H / 128; g += 32) d[g] = s[g];
  }
  const int K = c.topk_n;
  auto* ids = reinterpret_cast<int*>(m + kMsgHeader + pay + sb);
  auto* w = reinterpret_cast<float*>(ids + K);
  if (lane < K) {
    ids[lane] = static_cast<int>(load_index(c.topk, c.index32, static_cast<long long>(t) * K + lane));
    w[lane] = c.weights ? c.weights[static_cast<long long>(t) * K + lane] : 0.f;
  }
}

__device__ __forceinline__ long long entry_bytes(const NormalParams& p, const NormalCall& c) {
  return static_cast<long long>(normal_entry_bytes(p.hidden, c.topk_n, c.x_scales != nullptr));
}

// kFwd (forwarding): ranks of my node as the P2P instance (stores from x);
// for every other node one count word and, per token going there, one entry
// over the network to its forwarder (the rank there with my local index),
// which passes it on; the network's source is staged once per token that
// leaves the node.
template <bool kP2P, bool kFwd>
__device__ void dispatch_send(const NormalParams& p, const NormalCall& c, int ch, uint64_t epoch) {
  const int lane = lane_id(), warp = static_cast<int>(threadIdx.x) >> 5, nwarps = static_cast<int>(blockDim.x) >> 5;
  const int R = p.ranks, C = p.channels, CS = p.cstride, T = c.tokens, S = p.ring;
  const int tb = chan_begin(ch, T, C), te = chan_begin(ch + 1, T, C);
  if (!c.cached) {
    for (int r = static_cast<int>(threadIdx.x); r < R; r += static_cast<int>(blockDim.x)) {
      // r has read my previous count word of this channel.
      wait_word(p, p.d_ack + static_cast<long long>(r) * CS + ch, [&](uint64_t v) { return v + 1 == epoch; },
                "dispatch send (count acknowledgement)", r, ch, epoch - 1);
      const int b = before(p, r, tb), n = before(p, r, te) - b, tot = before(p, r, T);
      put_word<kP2P>(p.d_count + static_cast<long long>(p.rank) * CS + ch, count_word(epoch, b, n, tot),
                     p.pe_of_rank[r]);
    }
    if constexpr (kFwd)
      for (int n = static_cast<int>(threadIdx.x); n < p.nodes; n += static_cast<int>(blockDim.x)) {
        if (n == p.my_node) continue;
        const int f = rank_at(p, n, p.my_local);
        wait_word(p, p.n_ack + static_cast<long long>(n) * CS + ch, [&](uint64_t v) { return v + 1 == epoch; },
                  "dispatch send (forwarder's count acknowledgement)", f, ch, epoch - 1);
        const int b = before_node(p, n, tb), cnt = before_node(p, n, te) - b, tot = before_node(p, n, T);
        put_word<false>(p.n_count + static_cast<long long>(p.my_node) * CS + ch, count_word(epoch, b, cnt, tot),
                        p.pe_of_rank[f]);
      }
  }
  const long long eb = entry_bytes(p, c);
  for (int t = tb + warp; t < te; t += nwarps) {
    unsigned char* stage = p.staging + t * p.entry;
    if constexpr (!kP2P && !kFwd) {
      write_entry(p, c, stage, t, lane);
      __syncwarp();
    }
    for (int r0 = 0; r0 < R; r0 += 32) {
      unsigned dests = __ballot_sync(0xffffffffu, r0 + lane < R && goes_to(p, r0 + lane, t) &&
                                                      (!kFwd || in_my_node(p, r0 + lane)));
      while (dests) {
        const int r = r0 + __ffs(dests) - 1;
        dests &= dests - 1;
        const long long ring = static_cast<long long>(p.rank) * CS + ch;  // my ring at r
        const uint64_t seq = p.d_sent[static_cast<long long>(r) * CS + ch] +
                             static_cast<uint64_t>(before(p, r, t) - before(p, r, tb)) + 1;
        if (lane == 0 && seq > static_cast<uint64_t>(S))
          wait_word(p, p.d_credit + static_cast<long long>(r) * CS + ch,
                    [&](uint64_t v) { return v + S >= seq; }, "dispatch send (ring credit)", r, ch, seq - S);
        __syncwarp();
        const long long slot = ring_slot(ring, S, seq);
        unsigned char* dst = p.d_ring + slot * p.entry;
        if constexpr (kP2P || kFwd) {  // with forwarding, r is in my node: load/store reachable
          write_entry(p, c, static_cast<unsigned char*>(shoal_ptr(dst, p.pe_of_rank[r])), t, lane);
          __syncwarp();
          if (lane == 0) put_word<true>(p.d_flag + slot, seq, p.pe_of_rank[r]);
          __syncwarp();
        } else {
          routed_put_signal(dst, stage, eb, p.d_flag + slot, seq, p.pe_of_rank[r]);
        }
      }
    }
    if constexpr (kFwd) {
      bool staged = false;  // the network's source, written once, only for a token that leaves the node
      for_other_nodes(p, t, lane, [&](int n) {
        if (!staged) {
          write_entry(p, c, stage, t, lane);
          __syncwarp();
          staged = true;
        }
        const uint64_t seq = p.n_sent[static_cast<long long>(n) * CS + ch] +
                             static_cast<uint64_t>(before_node(p, n, t) - before_node(p, n, tb)) + 1;
        const int f = rank_at(p, n, p.my_local);
        if (lane == 0 && seq > static_cast<uint64_t>(S))
          wait_word(p, p.n_credit + static_cast<long long>(n) * CS + ch,
                    [&](uint64_t v) { return v + S >= seq; }, "dispatch send (forwarder's ring credit)", f, ch,
                    seq - S);
        __syncwarp();
        const long long slot = ring_slot(static_cast<long long>(p.my_node) * CS + ch, S, seq);
        routed_put_signal(p.n_ring + slot * p.entry, stage, eb, p.n_flag + slot, seq, p.pe_of_rank[f]);
      });
    }
  }
  __syncthreads();
  for (int r = static_cast<int>(threadIdx.x); r < R; r += static_cast<int>(blockDim.x))
    if (!kFwd || in_my_node(p, r))
      p.d_sent[static_cast<long long>(r) * CS + ch] += static_cast<uint64_t>(before(p, r, te) - before(p, r, tb));
  if constexpr (kFwd)
    for (int n = static_cast<int>(threadIdx.x); n < p.nodes; n += static_cast<int>(blockDim.x))
      if (n != p.my_node)
        p.n_sent[static_cast<long long>(n) * CS + ch] +=
            static_cast<uint64_t>(before_node(p, n, te) - before_node(p, n, tb));
}

// Shared memory of a receiving block: cnt[R], rb[R], eb[R + 1] (entries of
// this channel from each source, their first output row, the flattened
// prefix).
template <bool kP2P, bool kFwd>
__device__ void dispatch_recv(const NormalParams& p, const NormalCall& c, int ch, uint64_t epoch, int* smem) {
  const int lane = lane_id(), warp = static_cast<int>(threadIdx.x) >> 5, nwarps = static_cast<int>(blockDim.x) >> 5;
  const int R = p.ranks, C = p.channels, CS = p.cstride, S = p.ring, K = c.topk_n;
  int *cnt = smem, *rb = smem + R, *eb = smem + 2 * R, *tot = smem + 3 * R + 1;
  if (!c.cached) {
    for (int s = static_cast<int>(threadIdx.x); s < R; s += static_cast<int>(blockDim.x)) {
      const uint64_t v = wait_word(p, p.d_count + static_cast<long long>(s) * CS + ch,
                                   [&](uint64_t w) { return (w >> 48) == (epoch & 0xffffu); },
                                   "dispatch recv (count)", s, ch, epoch & 0xffffu);
      put_word<kP2P>(p.d_ack + static_cast<long long>(p.rank) * CS + ch, epoch, p.pe_of_rank[s]);
      rb[s] = static_cast<int>((v >> 32) & 0xffffu);
      cnt[s] = static_cast<int>((v >> 16) & 0xffffu);
      tot[s] = static_cast<int>(v & 0xffffu);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
      int sum = 0;
      for (int s = 0; s < R; ++s) {
        if (ch == 0) p.rank_range[s] = (static_cast<long long>(sum) << 32) | tot[s];
        rb[s] += sum;
        sum += tot[s];
      }
      if (ch == 0) {
        *p.num_recv = sum;
        if (sum > p.cap) {
          atomicMax(&p.status[0], sum);
          p.status[1] = p.rank;  // printed at the end of the kernel (report_overflow)
        }
      }
    }
    __syncthreads();
    for (int s = static_cast<int>(threadIdx.x); s < R; s += static_cast<int>(blockDim.x)) {
      p.r_count[static_cast<long long>(s) * CS + ch] = cnt[s];
      p.r_begin[static_cast<long long>(s) * CS + ch] = rb[s];
    }
  } else {
    for (int s = static_cast<int>(threadIdx.x); s < R; s += static_cast<int>(blockDim.x)) {
      cnt[s] = p.r_count[static_cast<long long>(s) * CS + ch];
      rb[s] = p.r_begin[static_cast<long long>(s) * CS + ch];
    }
    if (ch == 0 && threadIdx.x == 0) {  // the outputs may hold another layout's dispatch since
      int sum = 0;
      for (int s = 0; s < R; ++s) {
        int n = 0;
        for (int c2 = 0; c2 < C; ++c2) n += p.r_count[static_cast<long long>(s) * CS + c2];
        p.rank_range[s] = (static_cast<long long>(sum) << 32) | n;
        sum += n;
      }
      *p.num_recv = sum;
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    eb[0] = 0;
    for (int s = 0; s < R; ++s) eb[s + 1] = eb[s] + cnt[s];
  }
  __syncthreads();
  const int total = eb[R];
  const long long H = p.hidden, pay = c.x_scales ? H : 2 * H, sb = c.x_scales ? H / 128 * 4 : 0;
  const int El = p.local_experts, first = p.rank * El;
  for (int g0 = 0; g0 < total; g0 += nwarps) {
    const int i = g0 + warp;
    if (i < total) {
      const int s = bucket_of(eb, R, i), j = i - eb[s];
      const uint64_t seq = p.d_recvd[static_cast<long long>(s) * CS + ch] + static_cast<uint64_t>(j) + 1;
      const long long slot = ring_slot(static_cast<long long>(s) * CS + ch, S, seq);
      if (lane == 0) {
        wait_word(p, p.d_flag + slot, [&](uint64_t v) { return v == seq; }, "dispatch recv (entry)", s, ch, seq);
        __threadfence_system();
      }
      __syncwarp();
      const long long row = rb[s] + j;
      if (row < p.cap) {
        const unsigned char* m = p.d_ring + slot * p.entry;
        int4_copy(p.recv_x + row * pay, m + kMsgHeader, pay, lane);
        if (sb) {
          const auto* sc = reinterpret_cast<const float*>(m + kMsgHeader + pay);
          for (long long g = lane; g < H / 128; g += 32) p.recv_scales[row * (H / 128) + g] = sc[g];
        }
        const auto* ids = reinterpret_cast<const int*>(m + kMsgHeader + pay + sb);
        const auto* w = reinterpret_cast<const float*>(ids + K);
        if (lane < K) {
          const int e = ids[lane];
          const int le = (e >= first && e < first + El) ? e - first : -1;
          if (c.index32) static_cast<int32_t*>(p.recv_idx)[row * K + lane] = le;
          else static_cast<long long*>(p.recv_idx)[row * K + lane] = le;
          p.recv_w[row * K + lane] = le >= 0 ? w[lane] : 0.f;  // DeepEP's rule: 0 off this rank
          if (le >= 0) atomicAdd(&p.expert_count[le], 1);
        }
        if (lane == 0) p.recv_src[row] = reinterpret_cast<const int*>(m)[0];
      }
    }
    __syncthreads();  // the group's slots are read: give them back
    for (int s = static_cast<int>(threadIdx.x); s < R; s += static_cast<int>(blockDim.x)) {
      const int lo = g0 > eb[s] ? g0 : eb[s], hi = g0 + nwarps < eb[s + 1] ? g0 + nwarps : eb[s + 1];
      if (hi <= lo) continue;
      if (kFwd && !in_my_node(p, s))  // the forwarder wrote s's ring: it gets the credit
        put_word<true, SHOAL_SIGNAL_ADD>(
            p.d_credit + static_cast<long long>(rank_at(p, p.node_of_rank[s], p.my_local)) * CS + ch,
            static_cast<uint64_t>(hi - lo), p.pe_of_rank[rank_at(p, p.my_node, p.local_of_rank[s])]);
      else
        put_word<kP2P || kFwd, SHOAL_SIGNAL_ADD>(p.d_credit + static_cast<long long>(p.rank) * CS + ch,
                                                 static_cast<uint64_t>(hi - lo), p.pe_of_rank[s]);
    }
  }
  __syncthreads();
  for (int s = static_cast<int>(threadIdx.x); s < R; s += static_cast<int>(blockDim.x))
    p.d_recvd[static_cast<long long>(s) * CS + ch] += static_cast<uint64_t>(cnt[s]);
}

// Forwarding (block 2C + c of a rank): relays channel c's entries that the
// sources with my local index on other nodes sent to my node, source by
// source in ascending rank order (the order receivers consume in, so the
// rings cannot deadlock), each entry to the ranks of my node it goes to,
// into the ring of its source there, in token order: the receivers place
// them as if the source had written them. Remembers each entry's ranks
// (f_dmask) for combine. Shared memory: cnt[N], beg[N], run[32], wm[32].
__device__ void dispatch_forward(const NormalParams& p, const NormalCall& c, int ch, uint64_t epoch, int* smem) {
  const int lane = lane_id(), warp = static_cast<int>(threadIdx.x) >> 5, nwarps = static_cast<int>(blockDim.x) >> 5;
  const int N = p.nodes, CS = p.cstride, S = p.ring, K = c.topk_n, El = p.local_experts, Ln = p.node_size;
  const int tid = static_cast<int>(threadIdx.x);
  int *cnt = smem, *beg = smem + N, *run = smem + 2 * N, *wm = run + 32;
  for (int n = tid; n < N; n += static_cast<int>(blockDim.x)) {
    if (n == p.my_node) continue;
    const long long i = static_cast<long long>(n) * CS + ch;
    if (!c.cached) {
      const int s = rank_at(p, n, p.my_local);
      const uint64_t v = wait_word(p, p.n_count + i, [&](uint64_t w) { return (w >> 48) == (epoch & 0xffffu); },
                                   "dispatch forward (count)", s, ch, epoch & 0xffffu);
      put_word<false>(p.n_ack + static_cast<long long>(p.my_node) * CS + ch, epoch, p.pe_of_rank[s]);
      p.f_beg[i] = static_cast<int>((v >> 32) & 0xffffu);
      p.f_cnt[i] = static_cast<int>((v >> 16) & 0xffffu);
    }
    beg[n] = p.f_beg[i];
    cnt[n] = p.f_cnt[i];
  }
  __syncthreads();
  const long long eb = entry_bytes(p, c), H = p.hidden, pay = c.x_scales ? H : 2 * H,
                  sb = c.x_scales ? H / 128 * 4 : 0;
  for (int q = 0; q < N; ++q) {
    const int n = p.src_order[q];
    if (n == p.my_node) continue;
    const int s = rank_at(p, n, p.my_local), total = cnt[n], P = beg[n];
    const long long ring = static_cast<long long>(n) * CS + ch;
    if (tid < 32) run[tid] = 0;
    __syncthreads();
    for (int g0 = 0; g0 < total; g0 += nwarps) {
      const int i = g0 + warp;
      long long slot = 0;
      unsigned mask = 0;
      if (i < total) {
        const uint64_t seq = p.n_recvd[ring] + static_cast<uint64_t>(i) + 1;
        slot = ring_slot(ring, S, seq);
        if (lane == 0) {
          wait_word(p, p.n_flag + slot, [&](uint64_t v) { return v == seq; }, "dispatch forward (entry)", s, ch, seq);
          __threadfence_system();
        }
        __syncwarp();
        const auto* ids = reinterpret_cast<const int*>(p.n_ring + slot * p.entry + kMsgHeader + pay + sb);
        unsigned bit = 0;
        if (lane < K && ids[lane] >= 0 && in_my_node(p, ids[lane] / El)) bit = 1u << p.local_of_rank[ids[lane] / El];
        for (int k = 0; k < K; ++k) mask |= __shfl_sync(0xffffffffu, bit, k);
        if (lane == 0) p.f_dmask[static_cast<long long>(n) * p.max_tokens + P + i] = mask;
      }
      if (lane == 0) wm[warp] = static_cast<int>(mask);
      __syncthreads();
      for (unsigned m = mask; m; m &= m - 1) {
        const int dl = __ffs(m) - 1;
        int j = run[dl];
        for (int w2 = 0; w2 < warp; ++w2) j += (static_cast<unsigned>(wm[w2]) >> dl) & 1u;
        const int d = rank_at(p, p.my_node, dl);
        const long long at = static_cast<long long>(rank_at(p, n, dl)) * CS + ch;
        const uint64_t seq2 = p.d_sent[at] + static_cast<uint64_t>(j) + 1;
        if (lane == 0 && seq2 > static_cast<uint64_t>(S))
          wait_word(p, p.d_credit + at, [&](uint64_t v) { return v + S >= seq2; }, "dispatch forward (ring credit)",
                    d, ch, seq2 - S);
        __syncwarp();
        const long long slot2 = ring_slot(static_cast<long long>(s) * CS + ch, S, seq2);
        put_row<true>(p.d_ring + slot2 * p.entry, p.n_ring + slot * p.entry, eb, p.d_flag + slot2, seq2,
                      p.pe_of_rank[d], lane);
      }
      __syncthreads();  // the group is relayed: count it, give the network slots back
      if (tid < Ln) {
        int a = 0;
        for (int w2 = 0; w2 < nwarps; ++w2) a += (static_cast<unsigned>(wm[w2]) >> tid) & 1u;
        run[tid] += a;
      }
      if (tid == 0)
        put_word<false, SHOAL_SIGNAL_ADD>(p.n_credit + static_cast<long long>(p.my_node) * CS + ch,
                                          static_cast<uint64_t>(total - g0 < nwarps ? total - g0 : nwarps),
                                          p.pe_of_rank[s]);
      __syncthreads();
    }
    if (tid < Ln) p.d_sent[static_cast<long long>(rank_at(p, n, tid)) * CS + ch] += static_cast<uint64_t>(run[tid]);
    if (tid == 0) p.n_recvd[ring] += static_cast<uint64_t>(total);
    __syncthreads();
  }
}

template <bool kP2P, bool kFwd>
__global__ void __launch_bounds__(kP2P ? kMaxThreads : kRemoteMaxThreads, 1) dispatch(NormalParams p, NormalCall c) {
  int* smem = SHOAL_DYNAMIC_SMEM(int);
  const uint64_t epoch = *reinterpret_cast<volatile uint64_t*>(p.epoch) + 1;
  const int ch = static_cast<int>(blockIdx.x) % p.channels, role = static_cast<int>(blockIdx.x) / p.channels;
  if (role == 0) dispatch_send<kP2P, kFwd>(p, c, ch, epoch);
  else if (role == 1) dispatch_recv<kP2P, kFwd>(p, c, ch, epoch, smem);
  else if constexpr (kFwd) dispatch_forward(p, c, ch, epoch, smem);
  // The overflow line, printed once by the thread that found it, after the
  // copy loops (a printf call there would make them save registers).
  if (static_cast<int>(blockIdx.x) == p.channels && threadIdx.x == 0 && !c.cached && *p.num_recv > p.cap)
    report_overflow(p.rank, *p.num_recv, p.cap);
  arrive_last(p, 0, c.cached ? nullptr : p.epoch, epoch);
}

// ---------------------------------------------------------------- combine

// Stride of a token's forwarding scales (floats): L rounded up to 4, so
// every run of them is a multiple of 16 bytes.
__device__ __forceinline__ int scale_stride(const NormalParams& p) { return (p.node_size + 3) & ~3; }

// kFwd: first, for every other node, the scales of this channel's tokens
// that go there (per token and rank of that node, the sum of the token's
// weights of the rank's experts, in k order) to the node's forwarder, with
// f_ready; then rows as single-hop, except that a row of a source on
// another node goes to the forwarder of that source in my node (the rank
// with the source's local index), and not at all when that is me (my
// forward block reads it from y).
template <bool kP2P, bool kFwd>
__device__ void combine_send(const NormalParams& p, const NormalCall& c, int ch, uint64_t cepoch, int* smem) {
  const int lane = lane_id(), warp = static_cast<int>(threadIdx.x) >> 5, nwarps = static_cast<int>(blockDim.x) >> 5;
  const int R = p.ranks, CS = p.cstride, S = p.ring;
  constexpr bool kNear = kP2P || kFwd;  // with forwarding, every row goes to a rank of my node
  if constexpr (kFwd) {
    const int T = c.tokens, C = p.channels, K = c.topk_n, El = p.local_experts, Lp = scale_stride(p);
    const int tb = chan_begin(ch, T, C), te = chan_begin(ch + 1, T, C);
    if (c.weights) {
      for (int t = tb + warp; t < te; t += nwarps) {
        int rk = -1;
        float wk = 0.f;
        if (lane < K) {
          const long long e = load_index(c.topk, c.index32, static_cast<long long>(t) * K + lane);
          rk = e >= 0 ? static_cast<int>(e) / El : -1;
          wk = c.weights[static_cast<long long>(t) * K + lane];
        }
        for_other_nodes(p, t, lane, [&](int n) {
          const int rl = lane < p.node_size ? rank_at(p, n, lane) : -2;
          float sc = 0.f;
          for (int k = 0; k < K; ++k) {
            const int r2 = __shfl_sync(0xffffffffu, rk, k);
            const float w2 = __shfl_sync(0xffffffffu, wk, k);
            if (r2 == rl) sc += w2;  // in k order, as single-hop combine sums it
          }
          if (lane < p.node_size)
            p.s_stage[(static_cast<long long>(n) * p.max_tokens + before_node(p, n, t)) * Lp + lane] = sc;
        });
      }
      __syncthreads();
    }
    const uint64_t v = (cepoch << 1) | (c.weights ? 1u : 0u);
    for (int n = warp; n < p.nodes; n += nwarps) {
      if (n == p.my_node) continue;
      const int f = rank_at(p, n, p.my_local), b = before_node(p, n, tb), cnt = before_node(p, n, te) - b;
      uint64_t* at = p.f_ready + static_cast<long long>(p.my_node) * CS + ch;
      if (c.weights && cnt > 0)
        routed_put_signal(p.f_scale + (static_cast<long long>(p.my_node) * p.max_tokens + b) * Lp,
                          p.s_stage + (static_cast<long long>(n) * p.max_tokens + b) * Lp,
                          static_cast<long long>(cnt) * Lp * 4, at, v, p.pe_of_rank[f]);
      else if (lane == 0)
        put_word<false>(at, v, p.pe_of_rank[f]);
      __syncwarp();
    }
  }
  int *cnt = smem, *rb = smem + R, *eb = smem + 2 * R;
  for (int s = static_cast<int>(threadIdx.x); s < R; s += static_cast<int>(blockDim.x)) {
    cnt[s] = p.r_count[static_cast<long long>(s) * CS + ch];
    rb[s] = p.r_begin[static_cast<long long>(s) * CS + ch];
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    eb[0] = 0;
    for (int s = 0; s < R; ++s) eb[s + 1] = eb[s] + cnt[s];
  }
  __syncthreads();
  const long long H = p.hidden;
  const auto* y = static_cast<const unsigned char*>(c.y);
  for (int i = warp; i < eb[R]; i += nwarps) {
    const int s = bucket_of(eb, R, i), j = i - eb[s];
    int to = s, ring = p.rank;  // the rank the row goes to, the ring there
    if (kFwd && !in_my_node(p, s)) {
      to = rank_at(p, p.my_node, p.local_of_rank[s]);
      if (to == p.rank) continue;
      ring = rank_at(p, p.node_of_rank[s], p.my_local);
    }
    const uint64_t seq = p.c_sent[static_cast<long long>(s) * CS + ch] + static_cast<uint64_t>(j) + 1;
    if (lane == 0 && seq > static_cast<uint64_t>(S))
      wait_word(p, p.c_credit + static_cast<long long>(s) * CS + ch, [&](uint64_t v) { return v + S >= seq; },
                "combine send (ring credit)", to, ch, seq - S);
    __syncwarp();
    const long long slot = ring_slot(static_cast<long long>(ring) * CS + ch, S, seq);
    const long long row = rb[s] + j;
    if (row < p.cap)
      put_row<kNear>(p.c_ring + slot * H * 2, y + row * H * 2, H * 2, p.c_flag + slot, seq, p.pe_of_rank[to], lane);
    else if (lane == 0)
      put_word<kNear>(p.c_flag + slot, seq | kDroppedRow, p.pe_of_rank[to]);
  }
  __syncthreads();
  for (int s = static_cast<int>(threadIdx.x); s < R; s += static_cast<int>(blockDim.x))
    if (!kFwd || in_my_node(p, s) || rank_at(p, p.my_node, p.local_of_rank[s]) != p.rank)
      p.c_sent[static_cast<long long>(s) * CS + ch] += static_cast<uint64_t>(cnt[s]);
}

// Forwarding (block 2C + c): for each source with my local index on another
// node (ascending rank order, as dispatch_forward relayed them), each of its
// channel-c entries that came to my node: the rows of my node's ranks it
// went to (from their rows in c_ring, mine from y) summed in ascending rank
// order in fp32, times the source's scales, rounded to bf16 once, and sent
// to the source as one row (flag: sequence number | dropped rows << 48).
// Shared memory: cnt[N], beg[N], run[32], wm[32], weighted.
__device__ void combine_forward(const NormalParams& p, const NormalCall& c, int ch, uint64_t cepoch, int* smem) {
  const int lane = lane_id(), warp = static_cast<int>(threadIdx.x) >> 5, nwarps = static_cast<int>(blockDim.x) >> 5;
  const int N = p.nodes, CS = p.cstride, S = p.ring, Ln = p.node_size, Lp = scale_stride(p);
  const int tid = static_cast<int>(threadIdx.x);
  const long long H = p.hidden;
  int *cnt = smem, *beg = smem + N, *run = smem + 2 * N, *wm = run + 32, *weighted = wm + 32;
  for (int n = tid; n < N; n += static_cast<int>(blockDim.x)) {
    cnt[n] = n == p.my_node ? 0 : p.f_cnt[static_cast<long long>(n) * CS + ch];
    beg[n] = n == p.my_node ? 0 : p.f_beg[static_cast<long long>(n) * CS + ch];
  }
  __syncthreads();
  const auto* y = static_cast<const unsigned char*>(c.y);
  for (int q = 0; q < N; ++q) {
    const int n = p.src_order[q], total = cnt[n], P = beg[n];
    if (n == p.my_node || total == 0) continue;
    const int s = rank_at(p, n, p.my_local);
    const long long si = static_cast<long long>(s) * CS + ch;
    if (tid == 0) {
      const uint64_t v = wait_word(p, p.f_ready + static_cast<long long>(n) * CS + ch,
                                   [&](uint64_t w) { return (w >> 1) == cepoch; }, "combine forward (scales)", s, ch,
                                   cepoch);
      __threadfence_system();
      *weighted = static_cast<int>(v & 1u);
    }
    if (tid < 32) run[tid] = 0;
    __syncthreads();
    const int my_row0 = p.r_begin[si];
    const bool wtd = *weighted != 0;
    for (int g0 = 0; g0 < total; g0 += nwarps) {
      const int i = g0 + warp;
      const unsigned mask = i < total ? p.f_dmask[static_cast<long long>(n) * p.max_tokens + P + i] : 0u;
      if (lane == 0) wm[warp] = static_cast<int>(mask);
      __syncthreads();
      if (i < total) {
        const bool has = lane < Ln && ((mask >> lane) & 1u);
        const unsigned char* src = nullptr;
        bool dropped = false;
        float sc = 1.f;
        if (has) {
          int k = run[lane];
          for (int w2 = 0; w2 < warp; ++w2) k += (static_cast<unsigned>(wm[w2]) >> lane) & 1u;
          if (rank_at(p, p.my_node, lane) == p.rank) {
            const long long row = my_row0 + k;
            dropped = row >= p.cap;
            src = y + row * H * 2;
          } else {
            const int r2 = rank_at(p, n, lane);
            const uint64_t seq = p.c_recvd[static_cast<long long>(r2) * CS + ch] + static_cast<uint64_t>(k) + 1;
            const long long slot = ring_slot(static_cast<long long>(r2) * CS + ch, S, seq);
            const uint64_t v = wait_word(p, p.c_flag + slot, [&](uint64_t w) { return (w & ~kDroppedRow) == seq; },
                                         "combine forward (row)", rank_at(p, p.my_node, lane), ch, seq);
            dropped = (v & kDroppedRow) != 0;
            src = p.c_ring + slot * H * 2;
            __threadfence_system();
          }
          if (wtd) sc = p.f_scale[(static_cast<long long>(n) * p.max_tokens + P + i) * Lp + lane];
        }
        const unsigned live = __ballot_sync(0xffffffffu, has && !dropped);
        const unsigned ndropped = static_cast<unsigned>(__popc(__ballot_sync(0xffffffffu, has && dropped)));
        const uint64_t seq = p.c_sent[si] + static_cast<uint64_t>(i) + 1;
        if (lane == 0 && seq > static_cast<uint64_t>(S))
          wait_word(p, p.c_credit + si, [&](uint64_t v) { return v + S >= seq; }, "combine forward (ring credit)", s,
                    ch, seq - S);
        __syncwarp();
        const long long ps = ring_slot(static_cast<long long>(n) * CS + ch, S, seq);
        auto* part = reinterpret_cast<__nv_bfloat16*>(p.p_stage + ps * H * 2);
        for (long long c0 = 0; c0 < H; c0 += 256) {
          const long long hh = c0 + lane * 8;
          float acc[8] = {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f};
          for (unsigned m = live; m; m &= m - 1) {
            const int dl = __ffs(m) - 1;
            const float sq = __shfl_sync(0xffffffffu, sc, dl);
            const auto* row = reinterpret_cast<const unsigned char*>(
                __shfl_sync(0xffffffffu, reinterpret_cast<unsigned long long>(src), dl));
            if (hh >= H) continue;
            Vec8 v;
            v.raw = *reinterpret_cast<const int4*>(row + hh * 2);
            for (int jj = 0; jj < 8; ++jj) acc[jj] = fmaf(sq, __bfloat162float(v.h[jj]), acc[jj]);
          }
          if (hh < H) {
            Vec8 o;
            for (int jj = 0; jj < 8; ++jj) o.h[jj] = __float2bfloat16_rn(acc[jj]);
            *reinterpret_cast<int4*>(part + hh) = o.raw;
          }
        }
        __syncwarp();
        const long long slot = ring_slot(static_cast<long long>(p.rank) * CS + ch, S, seq);
        routed_put_signal(p.c_ring + slot * H * 2, part, H * 2, p.c_flag + slot,
                          seq | (static_cast<uint64_t>(ndropped) << 48), p.pe_of_rank[s]);
      }
      __syncthreads();  // the group's rows are read: give their slots back
      if (tid < Ln) {
        int a = 0;
        for (int w2 = 0; w2 < nwarps; ++w2) a += (static_cast<unsigned>(wm[w2]) >> tid) & 1u;
        run[tid] += a;
        const int d = rank_at(p, p.my_node, tid);
        if (a > 0 && d != p.rank)
          put_word<true, SHOAL_SIGNAL_ADD>(p.c_credit + si, static_cast<uint64_t>(a), p.pe_of_rank[d]);
      }
      __syncthreads();
    }
    if (tid < Ln && rank_at(p, p.my_node, tid) != p.rank)
      p.c_recvd[static_cast<long long>(rank_at(p, n, tid)) * CS + ch] += static_cast<uint64_t>(run[tid]);
    if (tid == 0) p.c_sent[si] += static_cast<uint64_t>(total);
    __syncthreads();
  }
}

// A warp per token: lane q < D holds the q-th rank (ascending) the token went
// to, its scale (sum of the token's weights of that rank's experts, in k
// order; 1 unweighted) and its ring slot. kFwd: the items are the ranks of
// my node (rows, as single-hop) and one per other node (the partial its
// forwarder sent), summed node by node in ascending node order: my node's
// rows in an fp32 chain of their own, then added like a partial.
template <bool kP2P, bool kFwd>
__device__ void combine_recv(const NormalParams& p, const NormalCall& c, int ch) {
  const int lane = lane_id(), warp = static_cast<int>(threadIdx.x) >> 5, nwarps = static_cast<int>(blockDim.x) >> 5;
  const int R = p.ranks, C = p.channels, CS = p.cstride, S = p.ring, T = c.tokens, K = c.topk_n, El = p.local_experts;
  const int tb = chan_begin(ch, T, C), te = chan_begin(ch + 1, T, C);
  constexpr bool kNear = kP2P || kFwd;
  const long long H = p.hidden;
  auto* out = static_cast<__nv_bfloat16*>(c.out);
  for (int g0 = tb; g0 < te; g0 += nwarps) {
    const int t = g0 + warp;
    if (t < te) {
      // Lane k: the rank of selection k (-1 none), first occurrence only.
      int rk = -1;
      float wk = 0.f;
      if (lane < K) {
        const long long e = load_index(c.topk, c.index32, static_cast<long long>(t) * K + lane);
        rk = e >= 0 ? static_cast<int>(e) / El : -1;
        wk = c.weights ? c.weights[static_cast<long long>(t) * K + lane] : 0.f;
      }
      // Forwarding: one item per other node (its first selection), keyed
      // by node; my node's ranks keyed after it, by rank.
      long long key = rk;
      if (kFwd && rk >= 0) {
        const int nd = p.node_of_rank[rk];
        key = nd == p.my_node ? static_cast<long long>(nd) * (R + 1) + 1 + rk : static_cast<long long>(nd) * (R + 1);
      }
      bool first = rk >= 0;
      float scale = 0.f;
      for (int k = 0; k < K; ++k) {
        const int r2 = __shfl_sync(0xffffffffu, rk, k);
        const float w2 = __shfl_sync(0xffffffffu, wk, k);
        const long long k2 = __shfl_sync(0xffffffffu, key, k);
        if (r2 == rk) scale += w2;  // in k order: the same sum on every run
        if (k < lane && k2 == key) first = false;
      }
      int order = 0;  // distinct items below mine
      for (unsigned f = __ballot_sync(0xffffffffu, first); f; f &= f - 1)
        order += __shfl_sync(0xffffffffu, key, __ffs(f) - 1) < key;
      const unsigned firsts = __ballot_sync(0xffffffffu, first);
      const int D = __popc(firsts);
      // Move each distinct item to lane `order`.
      int my_r = -1;
      float my_scale = 0.f;
      for (int k = 0; k < K; ++k) {
        const int o = __shfl_sync(0xffffffffu, order, k);
        const int r2 = __shfl_sync(0xffffffffu, rk, k);
        const float s2 = __shfl_sync(0xffffffffu, scale, k);
        if (((firsts >> k) & 1u) && o == lane) {
          my_r = r2;
          my_scale = c.weights ? s2 : 1.f;
        }
      }
      long long my_slot = 0;
      bool dropped = false, home = true;
      if (lane < D) {
        if (kFwd && !in_my_node(p, my_r)) {
          home = false;
          const int nd = p.node_of_rank[my_r], f = rank_at(p, nd, p.my_local);
          const uint64_t seq = p.c_recvd[static_cast<long long>(f) * CS + ch] +
                               static_cast<uint64_t>(before_node(p, nd, t) - before_node(p, nd, tb)) + 1;
          my_slot = ring_slot(static_cast<long long>(f) * CS + ch, S, seq);
          const uint64_t v = wait_word(p, p.c_flag + my_slot, [&](uint64_t w) { return (w & 0xffffffffffffull) == seq; },
                                       "combine recv (node partial)", f, ch, seq);
          if (v >> 48) atomicAdd(&p.status[2], static_cast<int>(v >> 48));
        } else {
          const uint64_t seq = p.c_recvd[static_cast<long long>(my_r) * CS + ch] +
                               static_cast<uint64_t>(before(p, my_r, t) - before(p, my_r, tb)) + 1;
          my_slot = ring_slot(static_cast<long long>(my_r) * CS + ch, S, seq);
          const uint64_t v = wait_word(p, p.c_flag + my_slot, [&](uint64_t w) { return (w & ~kDroppedRow) == seq; },
                                       "combine recv (row)", my_r, ch, seq);
          dropped = (v & kDroppedRow) != 0;
          if (dropped) atomicAdd(&p.status[2], 1);
        }
        __threadfence_system();
      }
      const unsigned live = __ballot_sync(0xffffffffu, lane < D && !dropped);
      const unsigned homes = kFwd ? __ballot_sync(0xffffffffu, lane < D && home) : 0u;
      for (long long c0 = 0; c0 < H; c0 += 256) {
        const long long hh = c0 + lane * 8;
        float acc[8] = {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f};
        float ph[8] = {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f};  // my node's chain (forwarding)
        for (int q = 0; q < D; ++q) {
          const float sq = __shfl_sync(0xffffffffu, my_scale, q);
          const long long slot = __shfl_sync(0xffffffffu, my_slot, q);
          const bool is_home = kFwd && ((homes >> q) & 1u);
          if (hh >= H) continue;
          if (kFwd && !is_home) {  // a node partial: after my node's chain, if it came first
            if (q > 0 && ((homes >> (q - 1)) & 1u))
              for (int jj = 0; jj < 8; ++jj) acc[jj] = acc[jj] + ph[jj];
            Vec8 v;
            v.raw = *reinterpret_cast<const int4*>(p.c_ring + (slot * H + hh) * 2);
            for (int jj = 0; jj < 8; ++jj) acc[jj] = acc[jj] + __bfloat162float(v.h[jj]);
            continue;
          }
          if (!((live >> q) & 1u)) continue;
          Vec8 v;
          v.raw = *reinterpret_cast<const int4*>(p.c_ring + (slot * H + hh) * 2);
          float* a = kFwd ? ph : acc;
          for (int jj = 0; jj < 8; ++jj) a[jj] = fmaf(sq, __bfloat162float(v.h[jj]), a[jj]);
        }
        if (kFwd && D > 0 && ((homes >> (D - 1)) & 1u))
          for (int jj = 0; jj < 8; ++jj) acc[jj] = acc[jj] + ph[jj];
        if (hh < H) {
          Vec8 o;
          for (int jj = 0; jj < 8; ++jj) o.h[jj] = __float2bfloat16_rn(acc[jj]);
          *reinterpret_cast<int4*>(out + static_cast<long long>(t) * H + hh) = o.raw;
        }
      }
    }
    __syncthreads();  // the group's rows are read: give the slots back
    const int g1 = g0 + nwarps < te ? g0 + nwarps : te;
    for (int r = static_cast<int>(threadIdx.x); r < R; r += static_cast<int>(blockDim.x)) {
      if (kFwd && !in_my_node(p, r)) continue;
      const int n = before(p, r, g1) - before(p, r, g0);
      if (n > 0) put_word<kNear, SHOAL_SIGNAL_ADD>(p.c_credit + static_cast<long long>(p.rank) * CS + ch, static_cast<uint64_t>(n), p.pe_of_rank[r]);
    }
    if constexpr (kFwd)
      for (int nd = static_cast<int>(threadIdx.x); nd < p.nodes; nd += static_cast<int>(blockDim.x)) {
        if (nd == p.my_node) continue;
        const int n = before_node(p, nd, g1) - before_node(p, nd, g0);
        if (n > 0)
          put_word<false, SHOAL_SIGNAL_ADD>(p.c_credit + static_cast<long long>(p.rank) * CS + ch,
                                            static_cast<uint64_t>(n), p.pe_of_rank[rank_at(p, nd, p.my_local)]);
      }
  }
  __syncthreads();
  for (int r = static_cast<int>(threadIdx.x); r < R; r += static_cast<int>(blockDim.x))
    if (!kFwd || in_my_node(p, r))
      p.c_recvd[static_cast<long long>(r) * CS + ch] += static_cast<uint64_t>(before(p, r, te) - before(p, r, tb));
  if constexpr (kFwd)
    for (int nd = static_cast<int>(threadIdx.x); nd < p.nodes; nd += static_cast<int>(blockDim.x))
      if (nd != p.my_node)
        p.c_recvd[static_cast<long long>(rank_at(p, nd, p.my_local)) * CS + ch] +=
            static_cast<uint64_t>(before_node(p, nd, te) - before_node(p, nd, tb));
}

template <bool kP2P, bool kFwd>
__global__ void __launch_bounds__(kP2P ? kMaxThreads : kRemoteMaxThreads, 1) combine(NormalParams p, NormalCall c) {
  int* smem = SHOAL_DYNAMIC_SMEM(int);
  const uint64_t cepoch = *reinterpret_cast<volatile uint64_t*>(p.cepoch) + 1;
  const int ch = static_cast<int>(blockIdx.x) % p.channels, role = static_cast<int>(blockIdx.x) / p.channels;
  if (role == 0) combine_send<kP2P, kFwd>(p, c, ch, cepoch, smem);
  else if (role == 1) combine_recv<kP2P, kFwd>(p, c, ch);
  else if constexpr (kFwd) combine_forward(p, c, ch, cepoch, smem);
  arrive_last(p, 1, p.cepoch, cepoch);
}

}  // namespace normal

using namespace normal;

int launch_layout(const NormalParams& p, const NormalCall& c, void* stream) {
  const auto s = static_cast<cudaStream_t>(stream);
  cudaError_t e = cudaSuccess;
  const size_t mask_bytes = static_cast<size_t>(p.ranks) * p.words * 4;
  if ((e = cudaMemsetAsync(p.rank_mask, 0, mask_bytes, s)) != cudaSuccess) return static_cast<int>(e);
  if ((e = cudaMemsetAsync(p.tokens_per_expert, 0, static_cast<size_t>(p.experts) * 4, s)) != cudaSuccess)
    return static_cast<int>(e);
  if ((e = cudaMemsetAsync(p.tokens_per_node, 0, static_cast<size_t>(p.nodes) * 4, s)) != cudaSuccess)
    return static_cast<int>(e);
  if (p.fwd && (e = cudaMemsetAsync(p.node_mask, 0, static_cast<size_t>(p.nodes) * p.words * 4, s)) != cudaSuccess)
    return static_cast<int>(e);
  const int threads = 256;
  if (c.tokens > 0 &&
      (e = shoal::launch(layout_mark, dim3((c.tokens + threads - 1) / threads), dim3(threads), 0, s, p, c)) != cudaSuccess)
    return static_cast<int>(e);
  const long long work = static_cast<long long>(c.tokens) * p.ranks > p.ranks ? static_cast<long long>(c.tokens) * p.ranks : p.ranks;
  const int blocks = static_cast<int>(work / threads + 1 < 1024 ? work / threads + 1 : 1024);
  return static_cast<int>(shoal::launch(layout_finish, dim3(blocks), dim3(threads), 0, s, p, c));
}

namespace {

int normal_kind(const NormalParams& p) { return p.fwd ? 2 : p.all_p2p ? 1 : 0; }

size_t normal_smem(int ranks, int nodes) {
  const int a = 4 * ranks + 1, b = 2 * nodes + 65;
  return static_cast<size_t>(a > b ? a : b) * sizeof(int);
}

}  // namespace

int launch_normal_dispatch(const NormalParams& p, const NormalCall& c, int threads, void* stream) {
  const auto s = static_cast<cudaStream_t>(stream);
  cudaError_t e = cudaMemsetAsync(p.expert_count, 0, static_cast<size_t>(p.local_experts) * 4, s);
  if (e != cudaSuccess) return static_cast<int>(e);
  const auto kernel = p.fwd ? dispatch<false, true> : p.all_p2p ? dispatch<true, false> : dispatch<false, false>;
  return static_cast<int>(shoal::launch_cooperative(kernel, dim3(normal_blocks_per_channel(p.fwd) * p.channels),
                                                    dim3(normal_threads(threads, normal_kind(p))),
                                                    normal_smem(p.ranks, p.nodes), s, p, c));
}

int launch_normal_combine(const NormalParams& p, const NormalCall& c, int threads, void* stream) {
  const auto kernel = p.fwd ? combine<false, true> : p.all_p2p ? combine<true, false> : combine<false, false>;
  return static_cast<int>(shoal::launch_cooperative(kernel, dim3(normal_blocks_per_channel(p.fwd) * p.channels),
                                                    dim3(normal_threads(threads, normal_kind(p))),
                                                    normal_smem(p.ranks, p.nodes), static_cast<cudaStream_t>(stream), p, c));
}

int max_normal_blocks(int threads, int ranks, int kind) {
  int dev = 0, sms = 0, a = 0, b = 0;
  const size_t smem = normal_smem(ranks, ranks);
  const auto d = kind == 2 ? dispatch<false, true> : kind == 1 ? dispatch<true, false> : dispatch<false, false>;
  const auto k = kind == 2 ? combine<false, true> : kind == 1 ? combine<true, false> : combine<false, false>;
  if (cudaGetDevice(&dev) != cudaSuccess || cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&a, d, normal_threads(threads, kind), smem) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, k, normal_threads(threads, kind), smem) != cudaSuccess)
    return 0;
  return sms * (a < b ? a : b);
}

}  // namespace shoal::ep::detail
