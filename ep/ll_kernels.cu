// Low-latency dispatch and combine kernels. Written once for both platforms
// on the public device API: every transfer is a warp-scope put_signal (the
// runtime picks P2P stores, IBGDA or the proxy per destination PE), every
// wait polls a local signal word with a deadline.
//
// Dispatch, send half (cooperative: one grid-wide sync):
//   A  warp per 32-token chunk: check topk_idx (range, duplicates) and set
//      bit t%32 of chunk_mask[e][t/32] for every selected expert e;
//   B  warp per token: quantise (or copy) the token into disp_send[t];
//   -- grid sync --
//   C  warp per (token, k): the row's slot at the expert's rank is the number
//      of earlier tokens of this rank that chose the same expert (popcounts
//      of the chunk masks: deterministic); put_signal the message there with
//      flag (epoch << 8) | k;
//   D  warp per expert: the row count word (epoch << 32) | count.
// Dispatch, receive half: blocks per local expert wait for the count words of
// every source rank, lay the rows out by source rank in rank order, wait for
// each row's flag and copy it into the packed outputs.
// Combine, send half: warp per received row: put_signal the expert output row
// to comb_recv[token][k] at its home rank, flag = epoch.
// Combine, receive half: warp per token: wait for its K rows and reduce
// sum_k w_k * y_k in k order with fmaf (bit-identical run to run).
//
// Epochs: each (slot, op) counts its calls on the device; the send half uses
// epoch + 1 and its last block to finish stores it, the receive half awaits
// the stored value. Nothing is reset between calls, so a captured graph
// replays correctly.
#include <cooperative_groups.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <shoal/device.h>
#include <shoal/launch.h>
#include <shoal/shoal.h>

#include <cstdint>
#include <cstdio>

#include "ep/common.cuh"
#include "ep/layout.h"

namespace shoal::ep::detail {
// Named (not anonymous) so that diagnostics can name the kernels.
namespace ll {

namespace cg = cooperative_groups;

__device__ __forceinline__ int mask_of(const Params& p, int r) { return static_cast<volatile int*>(p.mask)[r]; }

__device__ __forceinline__ double timeout_s(const Params& p) {
  return static_cast<double>(p.timeout_cycles) / (p.clock_khz * 1e3);
}

// A wait on rank r ran out of time with masking on: rank r is marked timed
// out (2) and skipped from now on.
__device__ void mask_timed_out(const Params& p, int r, const char* what) {
  if (atomicCAS(&p.mask[r], 0, 2) == 0)
    EP_PRINTF("shoal[PE %d] ep: %s: rank %d did not arrive within %.3f s; masking it\n", shoal_my_pe(), what, r,
              timeout_s(p));
}

// The job failed (shoal_failed_pe: a PE died, left or aborted;
// docs/failures.md) while this thread waited for rank r. Without masking it
// traps naming the failed PE; with masking, when r is the failed rank, r is
// marked failed (3, skipped from now on; query_mask shows it) and the wait
// ends. Waits call it every 1024 spins (one load of host-mapped memory); no
// print on the masking path, so the hot loops keep their registers (the
// host prints the failure).
[[noreturn]] __device__ EP_NOINLINE void peer_failed_trap(const char* what, int rank, int r, int f) {
  EP_TRAP("%s: rank %d gave up waiting for rank %d because PE %d failed (it exited, was killed or aborted)", what,
          rank, r, f);
  __builtin_unreachable();
}

__device__ __forceinline__ bool peer_failed(const Params& p, int r, const char* what) {
  const int f = shoal_failed_pe();
  if (f < 0) return false;
  if (!p.masking) peer_failed_trap(what, p.rank, r, f);
  if (p.pe_of_rank[r] != f) return false;
  atomicCAS(&p.mask[r], 0, 3);
  return true;
}

// ---------------------------------------------------------------- dispatch

__device__ __forceinline__ uint32_t* mask_word(const Params& p, int e, int c) {
  return p.s.chunk_mask + static_cast<long long>(e) * chunks(p.max_tokens) + c;
}

// FP8 e4m3 quantisation of 8 bf16 values (one lane's 16 bytes) with the
// group's inverse scale; returns the 8 codes packed little-endian.
__device__ __forceinline__ uint2 quantise8(const __nv_bfloat16* v, float inv) {
  uint32_t w[2];
  for (int h = 0; h < 2; ++h) {
    uint32_t acc = 0;
    for (int j = 0; j < 4; j += 2) {
      float2 f = make_float2(__bfloat162float(v[4 * h + j]) * inv, __bfloat162float(v[4 * h + j + 1]) * inv);
      const __nv_fp8x2_storage_t q = __nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, __NV_E4M3);
      acc |= static_cast<uint32_t>(q) << (8 * j);
    }
    w[h] = acc;
  }
  return make_uint2(w[0], w[1]);
}

// Writes token t (bf16 [H]) into message `m` in the dispatch dtype. Lanes own
// 8 channels each; 16 lanes cover one 128-channel group.
__device__ void pack_token(const Params& p, const __nv_bfloat16* x, unsigned char* m, int t, int lane) {
  if (lane == 0) write_header(m, t, p.rank);
  unsigned char* payload = m + kMsgHeader;
  const int H = p.hidden;
  if (p.dtype == 0) {
    int4_copy(payload, x, 2LL * H, lane);
    return;
  }
  unsigned char* scales = payload + H;
  for (int c0 = 0; c0 < H; c0 += 256) {
    const int c = c0 + lane * 8;
    const bool on = c < H;  // H is a multiple of 128: whole half-warps are on or off
    Vec8 v;
    v.raw = make_int4(0, 0, 0, 0);
    float amax = 0.f;
    if (on) {
      v.raw = *reinterpret_cast<const int4*>(x + c);
      for (int j = 0; j < 8; ++j) amax = fmaxf(amax, fabsf(__bfloat162float(v.h[j])));
    }
    for (int o = 8; o > 0; o >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xffffffffu, amax, o));
    amax = fmaxf(amax, 1e-4f);
    const int g = c / 128;
    float inv;
    if (p.dtype == 1) {
      inv = 448.f / amax;
      if (on && (lane & 15) == 0) reinterpret_cast<float*>(scales)[g] = amax / 448.f;
    } else {
      // UE8M0: the scale amax/448 rounded up to a power of two; its biased
      // exponent is the stored byte and the inverse is exact.
      Bits b;
      b.f = amax / 448.f;
      uint32_t ex = (b.u >> 23) & 0xffu;
      if (b.u & 0x7fffffu) ++ex;
      b.u = (254u - ex) << 23;
      inv = b.f;
      if (on && (lane & 15) == 0) scales[g] = static_cast<unsigned char>(ex);
    }
    if (on) *reinterpret_cast<uint2*>(payload + c) = quantise8(v.h, inv);
  }
  if (p.dtype == 2 && lane == 0)
    for (long long b = H / 128; b < p.scales; ++b) scales[b] = 0;  // pad of the last int32
}

// Rows of token chunks before (chunk c, lane bit b) that chose expert e.
__device__ int slot_of(const Params& p, int e, int t, int lane) {
  const int c = t >> 5;
  int n = 0;
  for (int i = lane; i < c; i += 32) n += __popc(*mask_word(p, e, i));
  for (int o = 16; o > 0; o >>= 1) n += __shfl_xor_sync(0xffffffffu, n, o);
  return n + __popc(*mask_word(p, e, c) & ((1u << (t & 31)) - 1u));
}

__device__ void arrive_and_publish(const Params& p, int op, uint64_t epoch) {
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    if (atomicAdd(&p.s.arrive[op], 1u) == gridDim.x - 1) {
      p.s.arrive[op] = 0;
      __threadfence();
      *reinterpret_cast<volatile uint64_t*>(&p.s.epoch[op]) = epoch;
    }
  }
}

template <bool kP2P>
__global__ void __launch_bounds__(kMaxThreads) dispatch_send(Params p, Call c) {
  const int lane = lane_id(), gw = global_warp(), nw = num_warps();
  const uint64_t epoch = *reinterpret_cast<volatile uint64_t*>(&p.s.epoch[0]) + 1;
  const int T = c.tokens, K = c.topk_n, E = p.experts;
  // A: validate and mark.
  for (int ch = gw; ch < chunks(T); ch += nw) {
    for (int e = lane; e < E; e += 32) *mask_word(p, e, ch) = 0;
    __syncwarp();
    const int t = ch * 32 + lane;
    if (t < T) {
      for (int k = 0; k < K; ++k) {
        const long long e = load_index(c.topk, c.index32, static_cast<long long>(t) * K + k);
        if (e == -1) continue;
        if (e < 0 || e >= E)
          EP_TRAP("shoal_ep_dispatch_ll: topk_idx[%d][%d] = %lld is out of range (-1 or 0..%d)", t, k, e, E - 1);
        for (int k2 = 0; k2 < k; ++k2)
          if (load_index(c.topk, c.index32, static_cast<long long>(t) * K + k2) == e)
            EP_TRAP("shoal_ep_dispatch_ll: token %d selects expert %lld twice (k = %d and %d)", t, e, k2, k);
        atomicOr(mask_word(p, static_cast<int>(e), ch), 1u << lane);
      }
    }
    __syncwarp();
  }
  // B: quantise into the send buffer.
  const auto* x = static_cast<const __nv_bfloat16*>(c.x);
  for (int t = gw; t < T; t += nw)
    pack_token(p, x + static_cast<long long>(t) * p.hidden, p.s.disp_send + t * p.msg, t, lane);
  __threadfence();
  cg::this_grid().sync();
  // C: one message per valid (token, expert).
  for (int task = gw; task < T * K; task += nw) {
    const int t = task / K, k = task % K;
    const long long e = load_index(c.topk, c.index32, task);
    if (e < 0) continue;
    const int dst = static_cast<int>(e) / p.local_experts, le = static_cast<int>(e) % p.local_experts;
    const int slot = slot_of(p, static_cast<int>(e), t, lane);
    if (mask_of(p, dst) != 0) continue;
    const long long row = (static_cast<long long>(le) * p.ranks + p.rank) * p.max_tokens + slot;
    put_row<kP2P>(p.s.disp_recv + row * p.msg, p.s.disp_send + t * p.msg, p.msg, p.s.disp_flag + row,
                  (epoch << 8) | static_cast<uint64_t>(k), p.pe_of_rank[dst], lane);
  }
  // D: row counts per (expert, this rank), zero counts included.
  for (int e = gw; e < E; e += nw) {
    int n = 0;
    for (int i = lane; i < chunks(T); i += 32) n += __popc(*mask_word(p, e, i));
    for (int o = 16; o > 0; o >>= 1) n += __shfl_xor_sync(0xffffffffu, n, o);
    const int dst = e / p.local_experts, le = e % p.local_experts;
    if (lane == 0 && mask_of(p, dst) == 0)
      put_word<kP2P>(p.s.disp_count + static_cast<long long>(le) * p.ranks + p.rank,
                     (epoch << 32) | static_cast<uint32_t>(n), p.pe_of_rank[dst]);
  }
  arrive_and_publish(p, 0, epoch);
}

// One block's share of local expert `le`: part `part` of `per_expert`.
// `begin` is the block's shared begin[R + 1].
__device__ void dispatch_recv_expert(const Params& p, int le, int part, int per_expert, int* begin) {
  const int lane = lane_id(), warp = static_cast<int>(threadIdx.x) >> 5, nwarps = static_cast<int>(blockDim.x) >> 5;
  const int R = p.ranks;
  const uint64_t epoch = *reinterpret_cast<volatile uint64_t*>(&p.s.epoch[0]);
  const int expert = p.rank * p.local_experts + le;
  // Count words, one per source rank.
  for (int r = static_cast<int>(threadIdx.x); r < R; r += static_cast<int>(blockDim.x)) {
    int n = 0;
    if (mask_of(p, r) == 0) {
      const uint64_t* w = p.s.disp_count + static_cast<long long>(le) * R + r;
      const long long t0 = clock64();
      for (unsigned spins = 1;; ++spins) {
        const uint64_t v = observe(w);
        const uint32_t got = static_cast<uint32_t>(v >> 32);
        if (got == static_cast<uint32_t>(epoch)) {
          n = static_cast<int>(v & 0xffffffffu);
          break;
        }
        if (static_cast<int32_t>(got - static_cast<uint32_t>(epoch)) > 0)
          EP_TRAP("dispatch recv: rank %d got epoch %u from rank %d for expert %d, expected %u: the ranks' "
                  "dispatch calls differ",
                  p.rank, got, r, expert, static_cast<uint32_t>(epoch));
        if (mask_of(p, r) != 0) break;
        if ((spins & 1023u) == 0 && peer_failed(p, r, "dispatch recv")) break;
        if (clock64() - t0 > p.timeout_cycles) {
          if (!p.masking) {
            EP_TRAP("dispatch recv timed out after %.3f s: rank %d waits for the row count of expert %d (local %d) "
                    "from rank %d: expected epoch %u, got epoch %u count %u",
                    timeout_s(p), p.rank, expert, le, r,
                    static_cast<uint32_t>(epoch), got, static_cast<uint32_t>(v & 0xffffffffu));
          }
          mask_timed_out(p, r, "dispatch recv");
          break;
        }
        pause();
      }
      if (n > p.max_tokens)
        EP_TRAP("dispatch recv: rank %d got %d rows for expert %d from rank %d (max %d)", p.rank, n, expert, r,
                p.max_tokens);
    }
    begin[r + 1] = n;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    begin[0] = 0;
    for (int r = 0; r < R; ++r) begin[r + 1] += begin[r];
  }
  __syncthreads();
  const int total = begin[R];
  const long long row0 = static_cast<long long>(le) * R * p.max_tokens;
  if (part == 0) {
    for (int r = static_cast<int>(threadIdx.x); r < R; r += static_cast<int>(blockDim.x))
      p.s.range[static_cast<long long>(le) * R + r] =
          (static_cast<long long>(begin[r]) << 32) | static_cast<long long>(begin[r + 1] - begin[r]);
    if (threadIdx.x == 0) p.s.recv_count[le] = total;
  }
  for (int i = part * nwarps + warp; i < total; i += per_expert * nwarps) {
    const int r = bucket_of(begin, R, i), j = i - begin[r];
    const long long src_row = (static_cast<long long>(le) * R + r) * p.max_tokens + j;
    uint64_t v = 0;
    bool ok = true;
    if (lane == 0) {
      const long long t0 = clock64();
      for (unsigned spins = 1;; ++spins) {
        v = observe(p.s.disp_flag + src_row);
        if ((v >> 8) == epoch) break;
        if ((v >> 8) > epoch)
          EP_TRAP("dispatch recv: rank %d got flag epoch %llu from rank %d for expert %d row %d, expected %llu: "
                  "the ranks' dispatch calls differ",
                  p.rank, static_cast<unsigned long long>(v >> 8), r, expert, j,
                  static_cast<unsigned long long>(epoch));
        if (mask_of(p, r) != 0) {
          ok = false;
          break;
        }
        if ((spins & 1023u) == 0 && peer_failed(p, r, "dispatch recv")) {
          ok = false;
          break;
        }
        if (clock64() - t0 > p.timeout_cycles) {
          if (!p.masking)
            EP_TRAP("dispatch recv timed out after %.3f s: rank %d waits for row %d of %d of expert %d from rank %d: "
                    "expected flag epoch %llu, got %llu",
                    timeout_s(p), p.rank, j, begin[r + 1] - begin[r],
                    expert, r, static_cast<unsigned long long>(epoch), static_cast<unsigned long long>(v >> 8));
          mask_timed_out(p, r, "dispatch recv");
          ok = false;
          break;
        }
        pause();
      }
      __threadfence_system();
    }
    ok = __shfl_sync(0xffffffffu, ok, 0);
    v = __shfl_sync(0xffffffffu, v, 0);
    const long long out_row = row0 + i;
    const unsigned char* m = p.s.disp_recv + src_row * p.msg;
    if (ok) {
      int4_copy(p.s.recv_x + out_row * p.payload, m + kMsgHeader, p.payload, lane);
      if (p.scales) {
        const auto* s = reinterpret_cast<const uint32_t*>(m + kMsgHeader + p.payload);
        auto* d = reinterpret_cast<uint32_t*>(p.s.recv_scales + out_row * p.scales);
        for (long long w = lane; w < p.scales / 4; w += 32) d[w] = s[w];
      }
    }
    if (lane == 0) {
      p.s.src_rank[out_row] = r;
      p.s.src_token[out_row] = ok ? reinterpret_cast<const int*>(m)[0] : -1;
      p.s.src_k[out_row] = ok ? static_cast<int>(v & 0xffu) : -1;
    }
  }
}

// Work units: local_experts x per_expert, spread over however many blocks
// the grid has (fewer blocks than units when several PEs share a GPU: a
// grid never needs more SMs than its share). Dynamic smem: begin[R + 1].
__global__ void __launch_bounds__(kMaxThreads) dispatch_recv(Params p, int per_expert) {
  int* begin = SHOAL_DYNAMIC_SMEM(int);
  for (int unit = static_cast<int>(blockIdx.x); unit < p.local_experts * per_expert;
       unit += static_cast<int>(gridDim.x)) {
    dispatch_recv_expert(p, unit / per_expert, unit % per_expert, per_expert, begin);
    __syncthreads();  // begin[] is reused by the next unit
  }
}

// ---------------------------------------------------------------- combine

template <bool kP2P>
__global__ void __launch_bounds__(kMaxThreads) combine_send(Params p, Call c) {
  const int lane = lane_id(), gw = global_warp(), nw = num_warps();
  const uint64_t epoch = *reinterpret_cast<volatile uint64_t*>(&p.s.epoch[1]) + 1;
  const long long H = p.hidden, per_expert = static_cast<long long>(p.ranks) * p.max_tokens;
  const auto* y = static_cast<const unsigned char*>(c.y);
  for (int le = 0; le < p.local_experts; ++le) {
    const int n = p.s.recv_count[le];
    for (int i = gw; i < n; i += nw) {
      const long long row = le * per_expert + i;
      const int t = p.s.src_token[row], k = p.s.src_k[row], r = p.s.src_rank[row];
      if (t < 0 || mask_of(p, r) != 0) continue;
      const long long dst = static_cast<long long>(t) * p.max_topk + k;
      put_row<kP2P>(p.s.comb_recv + dst * H * 2, y + row * H * 2, H * 2, p.s.comb_flag + dst, epoch, p.pe_of_rank[r],
                    lane);
    }
  }
  arrive_and_publish(p, 1, epoch);
}

// Out of line, so that its arguments are only put on the stack on the way
// to the trap, not ahead of every token's wait.
__device__ EP_NOINLINE void combine_timed_out(double seconds, int rank, int t, int k, long long e, int r,
                                               uint64_t epoch, uint64_t v) {
  EP_TRAP("combine recv timed out after %.3f s: rank %d waits for token %d k %d (expert %lld) from rank %d: "
          "expected flag epoch %llu, got %llu",
          seconds, rank, t, k, e, r, static_cast<unsigned long long>(epoch), static_cast<unsigned long long>(v));
}

__global__ void __launch_bounds__(kMaxThreads) combine_recv(Params p, Call c) {
  const int lane = lane_id(), gw = global_warp(), nw = num_warps();
  const uint64_t epoch = *reinterpret_cast<volatile uint64_t*>(&p.s.epoch[1]);
  const int K = c.topk_n, H = p.hidden;
  auto* out = static_cast<__nv_bfloat16*>(c.out);
  for (int t = gw; t < c.tokens; t += nw) {
    bool valid = false;
    float w = 0.f;
    if (lane < K) {
      const long long e = load_index(c.topk, c.index32, static_cast<long long>(t) * K + lane);
      const int r = e >= 0 ? static_cast<int>(e) / p.local_experts : -1;
      valid = e >= 0 && mask_of(p, r) == 0;
      w = c.weights[static_cast<long long>(t) * K + lane];
      if (valid) {
        const uint64_t* f = p.s.comb_flag + static_cast<long long>(t) * p.max_topk + lane;
        const long long t0 = clock64();
        for (unsigned spins = 1;; ++spins) {
          const uint64_t v = observe(f);
          if (v == epoch) break;
          if (v > epoch)
            EP_TRAP("combine recv: rank %d got epoch %llu from rank %d for token %d k %d, expected %llu: the ranks' "
                    "combine calls differ",
                    p.rank, static_cast<unsigned long long>(v), r, t, lane, static_cast<unsigned long long>(epoch));
          if (mask_of(p, r) != 0 || ((spins & 1023u) == 0 && peer_failed(p, r, "combine recv"))) {
            valid = false;
            break;
          }
          if (clock64() - t0 > p.timeout_cycles) {
            if (!p.masking)
              combine_timed_out(timeout_s(p), p.rank, t, lane, e, r, epoch, v);
            mask_timed_out(p, r, "combine recv");
            valid = false;
            break;
          }
          pause();
        }
        __threadfence_system();
      }
    }
    const unsigned valid_mask = __ballot_sync(0xffffffffu, valid);
    const auto* rows = reinterpret_cast<const __nv_bfloat16*>(p.s.comb_recv) + static_cast<long long>(t) * p.max_topk * H;
    for (int c0 = 0; c0 < H; c0 += 256) {
      const int ch = c0 + lane * 8;
      float acc[8] = {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f};
      for (int k = 0; k < K; ++k) {
        const float wk = __shfl_sync(0xffffffffu, w, k);
        if (!((valid_mask >> k) & 1u) || ch >= H) continue;
        Vec8 v;
        v.raw = *reinterpret_cast<const int4*>(rows + static_cast<long long>(k) * H + ch);
        for (int j = 0; j < 8; ++j) acc[j] = fmaf(wk, __bfloat162float(v.h[j]), acc[j]);
      }
      if (ch < H) {
        Vec8 o;
        for (int j = 0; j < 8; ++j) o.h[j] = __float2bfloat16_rn(acc[j]);
        *reinterpret_cast<int4*>(out + static_cast<long long>(t) * H + ch) = o.raw;
      }
    }
  }
}

}  // namespace ll

using namespace ll;

int launch_dispatch_send(const Params& p, const Call& c, int blocks, int threads, void* stream) {
  const auto kernel = p.all_p2p ? dispatch_send<true> : dispatch_send<false>;
  return static_cast<int>(
      shoal::launch_cooperative(kernel, dim3(blocks), dim3(threads), 0, static_cast<cudaStream_t>(stream), p, c));
}

int launch_dispatch_recv(const Params& p, int blocks, int threads, void* stream) {
  const int per_expert = blocks > p.local_experts ? blocks / p.local_experts : 1;
  const int grid = blocks < p.local_experts * per_expert ? blocks : p.local_experts * per_expert;
  return static_cast<int>(shoal::launch(dispatch_recv, dim3(grid), dim3(threads),
                                        static_cast<size_t>(p.ranks + 1) * sizeof(int),
                                        static_cast<cudaStream_t>(stream), p, per_expert));
}

int launch_combine_send(const Params& p, const Call& c, int blocks, int threads, void* stream) {
  const auto kernel = p.all_p2p ? combine_send<true> : combine_send<false>;
  return static_cast<int>(shoal::launch(kernel, dim3(blocks), dim3(threads), 0, static_cast<cudaStream_t>(stream), p, c));
}

int launch_combine_recv(const Params& p, const Call& c, int blocks, int threads, void* stream) {
  return static_cast<int>(
      shoal::launch(combine_recv, dim3(blocks), dim3(threads), 0, static_cast<cudaStream_t>(stream), p, c));
}

int max_dispatch_send_blocks(int threads, bool all_p2p) {
  int dev = 0, sms = 0, per_sm = 0;
  const auto kernel = all_p2p ? dispatch_send<true> : dispatch_send<false>;
  if (cudaGetDevice(&dev) != cudaSuccess || cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0) != cudaSuccess)
    return 0;
  return sms * per_sm;
}

}  // namespace shoal::ep::detail
