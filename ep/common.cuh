// Internal to ep/: device helpers both kernel files use (diagnostics,
// warp geometry, index loads, 16-byte copies, the P2P and routed transfers).
// Public device API only.
#pragma once

#include <cuda_bf16.h>
#include <shoal/device.h>
#include <shoal/shoal.h>

#include <cstdint>
#include <cstdio>

namespace shoal::ep::detail {

// Device messages go to stderr on sim (unbuffered: they precede the trap's
// report) and through device printf on the GPU.
#if defined(SHOAL_PLATFORM_SIM)
#define EP_PRINTF(...) std::fprintf(stderr, __VA_ARGS__)
#else
#define EP_PRINTF(...) printf(__VA_ARGS__)
#endif

// Out-of-line device functions (cold diagnostics, the routed transfers).
#if defined(SHOAL_PLATFORM_SIM)
#define EP_NOINLINE __attribute__((noinline))
#else
#define EP_NOINLINE __noinline__
#endif

#define EP_TRAP(fmt, ...)                                             \
  do {                                                                \
    EP_PRINTF("shoal[PE %d] ep: " fmt "\n", shoal_my_pe(), __VA_ARGS__); \
    __trap();                                                         \
  } while (0)

__device__ __forceinline__ int lane_id() { return static_cast<int>(threadIdx.x) & 31; }
__device__ __forceinline__ int global_warp() { return static_cast<int>((blockIdx.x * blockDim.x + threadIdx.x) >> 5); }
__device__ __forceinline__ int num_warps() { return static_cast<int>((gridDim.x * blockDim.x) >> 5); }

__device__ __forceinline__ long long load_index(const void* p, int index32, long long i) {
  return index32 ? static_cast<long long>(static_cast<const int32_t*>(p)[i]) : static_cast<const long long*>(p)[i];
}

// 16 bytes seen as 8 bf16 (unions: no aliasing casts).
union Vec8 {
  int4 raw;
  __nv_bfloat16 h[8];
};
union Bits {
  float f;
  uint32_t u;
};

__device__ __forceinline__ void pause() { __nanosleep(32); }

// Acquire after a relaxed observation of a flag written by a release.
__device__ __forceinline__ uint64_t observe(const uint64_t* w) { return shoal_signal_fetch(w); }

__device__ __forceinline__ void int4_copy(void* dst, const void* src, long long bytes, int lane) {
  auto* d = static_cast<int4*>(dst);
  const auto* s = static_cast<const int4*>(src);
  for (long long i = lane; i < bytes / 16; i += 32) d[i] = s[i];
}

// The routed transfers, out of line: the runtime's put_signal and signal_op
// inline a lot of code (argument checks, the route, the P2P copy, the call
// into the remote path). Kept in these two functions, it stays out of the
// kernels' loops; the kernels still take the callees' register count (128
// under the launch bound) and save registers around the calls
// (docs/perf/ep.md).
inline __device__ EP_NOINLINE void routed_put_signal(void* dst, const void* src, long long bytes, uint64_t* flag,
                                               uint64_t v, int pe) {
  shoal_putmem_signal_nbi_warp(dst, src, static_cast<size_t>(bytes), flag, v, SHOAL_SIGNAL_SET, pe);
}
inline __device__ EP_NOINLINE void routed_signal(uint64_t* flag, uint64_t v, int op, int pe) {
  shoal_signal_op(flag, v, op, pe);
}

// A signal word (one thread): `flag` at rank `pe` = v (kOp SHOAL_SIGNAL_SET)
// or += v (SHOAL_SIGNAL_ADD: credits, "I am done with these slots"), after
// this thread's earlier loads and stores. kP2P (every rank load/store
// reachable): a system fence and an atomic through the peer pointer;
// otherwise the runtime routes it.
template <bool kP2P, int kOp = SHOAL_SIGNAL_SET>
__device__ __forceinline__ void put_word(uint64_t* flag, uint64_t v, int pe) {
  static_assert(kOp == SHOAL_SIGNAL_SET || kOp == SHOAL_SIGNAL_ADD);
  if constexpr (kP2P) {
    __threadfence_system();
    auto* w = reinterpret_cast<unsigned long long*>(shoal_ptr(flag, pe));
    if constexpr (kOp == SHOAL_SIGNAL_SET) atomicExch_system(w, static_cast<unsigned long long>(v));
    else atomicAdd_system(w, static_cast<unsigned long long>(v));
  } else {
    routed_signal(flag, v, kOp, pe);
  }
}

// One message to rank `pe` (a warp): `bytes` (a multiple of 16) from src to
// dst, then its flag (put_word). kP2P copies inline: no call, no stack on the
// path (docs/perf/ep.md); otherwise the runtime's warp put_signal routes it
// (P2P, IBGDA or proxy).
template <bool kP2P>
__device__ __forceinline__ void put_row(void* dst, const void* src, long long bytes, uint64_t* flag, uint64_t v,
                                        int pe, int lane) {
  if constexpr (kP2P) {
    int4_copy(shoal_ptr(dst, pe), src, bytes, lane);
    __syncwarp();  // the lanes' stores before lane 0's fence
    if (lane == 0) put_word<true>(flag, v, pe);
    __syncwarp();
  } else {
    routed_put_signal(dst, src, bytes, flag, v, pe);
  }
}


// A message header (one thread): the source token and rank, 16 bytes.
__device__ __forceinline__ void write_header(unsigned char* m, int token, int rank) {
  *reinterpret_cast<int4*>(m) = make_int4(token, rank, 0, 0);
}

// The bucket b in [0, n) with begin[b] <= i < begin[b + 1], for a
// nondecreasing begin[0..n] with begin[0] <= i < begin[n] (binary search).
__device__ __forceinline__ int bucket_of(const int* begin, int n, int i) {
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (begin[mid] <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

}  // namespace shoal::ep::detail
