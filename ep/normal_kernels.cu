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

__device__ void arrive_last(const NormalParams& p, int op, bool publish, uint64_t epoch) {
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    if (atomicAdd(&p.arrive[op], 1u) == gridDim.x - 1) {
      p.arrive[op] = 0;
      __threadfence();
      if (publish) *reinterpret_cast<volatile uint64_t*>(p.epoch) = epoch;
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
    if (new_node) atomicAdd(&p.tokens_per_node[p.node_of_rank[r]], 1);
  }
}

__global__ void __launch_bounds__(kMaxThreads) layout_finish(NormalParams p, NormalCall c) {
  const long long tid = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x,
                  n = static_cast<long long>(gridDim.x) * blockDim.x;
  const int R = p.ranks;
  for (long long r = tid; r < R; r += n) {
    int sum = 0;
    for (int w = 0; w < p.words; ++w) {
      p.rank_prefix[r * p.words + w] = sum;
      sum += __popc(p.rank_mask[r * p.words + w]);
    }
    p.tokens_per_rank[r] = sum;
  }
  for (long long i = tid; i < static_cast<long long>(c.tokens) * R; i += n)
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

template <bool kP2P>
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
  }
  const long long eb = entry_bytes(p, c);
  for (int t = tb + warp; t < te; t += nwarps) {
    unsigned char* stage = p.staging + t * p.entry;
    if constexpr (!kP2P) {
      write_entry(p, c, stage, t, lane);
      __syncwarp();
    }
    for (int r0 = 0; r0 < R; r0 += 32) {
      unsigned dests = __ballot_sync(0xffffffffu, r0 + lane < R && goes_to(p, r0 + lane, t));
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
        const long long slot = ring * S + static_cast<long long>((seq - 1) % static_cast<uint64_t>(S));
        unsigned char* dst = p.d_ring + slot * p.entry;
        if constexpr (kP2P) {
          write_entry(p, c, static_cast<unsigned char*>(shoal_ptr(dst, p.pe_of_rank[r])), t, lane);
          __syncwarp();
          if (lane == 0) put_word<true>(p.d_flag + slot, seq, p.pe_of_rank[r]);
          __syncwarp();
        } else {
          routed_put_signal(dst, stage, eb, p.d_flag + slot, seq, p.pe_of_rank[r]);
        }
      }
    }
  }
  __syncthreads();
  for (int r = static_cast<int>(threadIdx.x); r < R; r += static_cast<int>(blockDim.x))
    p.d_sent[static_cast<long long>(r) * CS + ch] += static_cast<uint64_t>(before(p, r, te) - before(p, r, tb));
}

// Shared memory of a receiving block: cnt[R], rb[R], eb[R + 1] (entries of
// this channel from each source, their first output row, the flattened
// prefix).
template <bool kP2P>
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
      const long long slot = (static_cast<long long>(s) * CS + ch) * S + static_cast<long long>((seq - 1) % static_cast<uint64_t>(S));
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
          p.recv_w[row * K + lane] = w[lane];
          if (le >= 0) atomicAdd(&p.expert_count[le], 1);
        }
        if (lane == 0) p.recv_src[row] = reinterpret_cast<const int*>(m)[0];
      }
    }
    __syncthreads();  // the group's slots are read: give them back
    for (int s = static_cast<int>(threadIdx.x); s < R; s += static_cast<int>(blockDim.x)) {
      const int lo = g0 > eb[s] ? g0 : eb[s], hi = g0 + nwarps < eb[s + 1] ? g0 + nwarps : eb[s + 1];
      if (hi > lo)
        put_word<kP2P, SHOAL_SIGNAL_ADD>(p.d_credit + static_cast<long long>(p.rank) * CS + ch, static_cast<uint64_t>(hi - lo),
                       p.pe_of_rank[s]);
    }
  }
  __syncthreads();
  for (int s = static_cast<int>(threadIdx.x); s < R; s += static_cast<int>(blockDim.x))
    p.d_recvd[static_cast<long long>(s) * CS + ch] += static_cast<uint64_t>(cnt[s]);
}

template <bool kP2P>
__global__ void __launch_bounds__(kMaxThreads, 1) dispatch(NormalParams p, NormalCall c) {
  int* smem = SHOAL_DYNAMIC_SMEM(int);
  const uint64_t epoch = *reinterpret_cast<volatile uint64_t*>(p.epoch) + 1;
  const int ch = static_cast<int>(blockIdx.x) % p.channels;
  if (static_cast<int>(blockIdx.x) < p.channels) dispatch_send<kP2P>(p, c, ch, epoch);
  else dispatch_recv<kP2P>(p, c, ch, epoch, smem);
  // The overflow line, printed once by the thread that found it, after the
  // copy loops (a printf call there would make them save registers).
  if (static_cast<int>(blockIdx.x) == p.channels && threadIdx.x == 0 && !c.cached && *p.num_recv > p.cap)
    report_overflow(p.rank, *p.num_recv, p.cap);
  arrive_last(p, 0, !c.cached, epoch);
}

// ---------------------------------------------------------------- combine

template <bool kP2P>
__device__ void combine_send(const NormalParams& p, const NormalCall& c, int ch, int* smem) {
  const int lane = lane_id(), warp = static_cast<int>(threadIdx.x) >> 5, nwarps = static_cast<int>(blockDim.x) >> 5;
  const int R = p.ranks, CS = p.cstride, S = p.ring;
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
    const uint64_t seq = p.c_sent[static_cast<long long>(s) * CS + ch] + static_cast<uint64_t>(j) + 1;
    if (lane == 0 && seq > static_cast<uint64_t>(S))
      wait_word(p, p.c_credit + static_cast<long long>(s) * CS + ch, [&](uint64_t v) { return v + S >= seq; },
                "combine send (ring credit)", s, ch, seq - S);
    __syncwarp();
    const long long slot = (static_cast<long long>(p.rank) * CS + ch) * S + static_cast<long long>((seq - 1) % static_cast<uint64_t>(S));
    const long long row = rb[s] + j;
    if (row < p.cap)
      put_row<kP2P>(p.c_ring + slot * H * 2, y + row * H * 2, H * 2, p.c_flag + slot, seq, p.pe_of_rank[s], lane);
    else if (lane == 0)
      put_word<kP2P>(p.c_flag + slot, seq | kDroppedRow, p.pe_of_rank[s]);
  }
  __syncthreads();
  for (int s = static_cast<int>(threadIdx.x); s < R; s += static_cast<int>(blockDim.x))
    p.c_sent[static_cast<long long>(s) * CS + ch] += static_cast<uint64_t>(cnt[s]);
}

// A warp per token: lane q < D holds the q-th rank (ascending) the token went
// to, its scale (sum of the token's weights of that rank's experts, in k
// order; 1 unweighted) and its ring slot.
template <bool kP2P>
__device__ void combine_recv(const NormalParams& p, const NormalCall& c, int ch) {
  const int lane = lane_id(), warp = static_cast<int>(threadIdx.x) >> 5, nwarps = static_cast<int>(blockDim.x) >> 5;
  const int R = p.ranks, C = p.channels, CS = p.cstride, S = p.ring, T = c.tokens, K = c.topk_n, El = p.local_experts;
  const int tb = chan_begin(ch, T, C), te = chan_begin(ch + 1, T, C);
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
      bool first = rk >= 0;
      float scale = 0.f;
      for (int k = 0; k < K; ++k) {
        const int r2 = __shfl_sync(0xffffffffu, rk, k);
        const float w2 = __shfl_sync(0xffffffffu, wk, k);
        if (r2 == rk) scale += w2;  // in k order: the same sum on every run
        if (k < lane && r2 == rk) first = false;
      }
      int order = 0;  // distinct ranks below rk
      for (unsigned f = __ballot_sync(0xffffffffu, first); f; f &= f - 1)
        order += __shfl_sync(0xffffffffu, rk, __ffs(f) - 1) < rk;
      const unsigned firsts = __ballot_sync(0xffffffffu, first);
      const int D = __popc(firsts);
      // Move each distinct rank to lane `order`.
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
      bool dropped = false;
      if (lane < D) {
        const uint64_t seq = p.c_recvd[static_cast<long long>(my_r) * CS + ch] +
                             static_cast<uint64_t>(before(p, my_r, t) - before(p, my_r, tb)) + 1;
        my_slot = (static_cast<long long>(my_r) * CS + ch) * S + static_cast<long long>((seq - 1) % static_cast<uint64_t>(S));
        const uint64_t v = wait_word(p, p.c_flag + my_slot, [&](uint64_t w) { return (w & ~kDroppedRow) == seq; },
                                     "combine recv (row)", my_r, ch, seq);
        dropped = (v & kDroppedRow) != 0;
        if (dropped) atomicAdd(&p.status[2], 1);
        __threadfence_system();
      }
      const unsigned live = __ballot_sync(0xffffffffu, lane < D && !dropped);
      for (long long c0 = 0; c0 < H; c0 += 256) {
        const long long hh = c0 + lane * 8;
        float acc[8] = {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f};
        for (int q = 0; q < D; ++q) {
          const float sq = __shfl_sync(0xffffffffu, my_scale, q);
          const long long slot = __shfl_sync(0xffffffffu, my_slot, q);
          if (!((live >> q) & 1u) || hh >= H) continue;
          Vec8 v;
          v.raw = *reinterpret_cast<const int4*>(p.c_ring + (slot * H + hh) * 2);
          for (int jj = 0; jj < 8; ++jj) acc[jj] = fmaf(sq, __bfloat162float(v.h[jj]), acc[jj]);
        }
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
      const int n = before(p, r, g1) - before(p, r, g0);
      if (n > 0) put_word<kP2P, SHOAL_SIGNAL_ADD>(p.c_credit + static_cast<long long>(p.rank) * CS + ch, static_cast<uint64_t>(n), p.pe_of_rank[r]);
    }
  }
  __syncthreads();
  for (int r = static_cast<int>(threadIdx.x); r < R; r += static_cast<int>(blockDim.x))
    p.c_recvd[static_cast<long long>(r) * CS + ch] += static_cast<uint64_t>(before(p, r, te) - before(p, r, tb));
}

template <bool kP2P>
__global__ void __launch_bounds__(kMaxThreads, 1) combine(NormalParams p, NormalCall c) {
  int* smem = SHOAL_DYNAMIC_SMEM(int);
  const int ch = static_cast<int>(blockIdx.x) % p.channels;
  if (static_cast<int>(blockIdx.x) < p.channels) combine_send<kP2P>(p, c, ch, smem);
  else combine_recv<kP2P>(p, c, ch);
  arrive_last(p, 1, false, 0);
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
  const int threads = 256;
  if (c.tokens > 0 &&
      (e = shoal::launch(layout_mark, dim3((c.tokens + threads - 1) / threads), dim3(threads), 0, s, p, c)) != cudaSuccess)
    return static_cast<int>(e);
  const long long work = static_cast<long long>(c.tokens) * p.ranks > p.ranks ? static_cast<long long>(c.tokens) * p.ranks : p.ranks;
  const int blocks = static_cast<int>(work / threads + 1 < 1024 ? work / threads + 1 : 1024);
  return static_cast<int>(shoal::launch(layout_finish, dim3(blocks), dim3(threads), 0, s, p, c));
}

int launch_normal_dispatch(const NormalParams& p, const NormalCall& c, int threads, void* stream) {
  const auto s = static_cast<cudaStream_t>(stream);
  cudaError_t e = cudaMemsetAsync(p.expert_count, 0, static_cast<size_t>(p.local_experts) * 4, s);
  if (e != cudaSuccess) return static_cast<int>(e);
  const auto kernel = p.all_p2p ? dispatch<true> : dispatch<false>;
  return static_cast<int>(shoal::launch_cooperative(kernel, dim3(2 * p.channels), dim3(threads),
                                                    static_cast<size_t>(4 * p.ranks + 1) * sizeof(int), s, p, c));
}

int launch_normal_combine(const NormalParams& p, const NormalCall& c, int threads, void* stream) {
  const auto kernel = p.all_p2p ? combine<true> : combine<false>;
  return static_cast<int>(shoal::launch_cooperative(kernel, dim3(2 * p.channels), dim3(threads),
                                                    static_cast<size_t>(4 * p.ranks + 1) * sizeof(int),
                                                    static_cast<cudaStream_t>(stream), p, c));
}

int max_normal_blocks(int threads, int ranks, bool all_p2p) {
  int dev = 0, sms = 0, a = 0, b = 0;
  const size_t smem = static_cast<size_t>(4 * ranks + 1) * sizeof(int);
  if (cudaGetDevice(&dev) != cudaSuccess || cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&a, all_p2p ? dispatch<true> : dispatch<false>, threads, smem) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, all_p2p ? combine<true> : combine<false>, threads, smem) != cudaSuccess)
    return 0;
  return sms * (a < b ? a : b);
}

}  // namespace shoal::ep::detail
