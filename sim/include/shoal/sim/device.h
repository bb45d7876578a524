// Device-side CUDA built-ins for the sim platform: barriers, warp
// collectives, atomics, fences, integer and timing intrinsics. Included by
// the prelude; never by host-only code.
//
// What sim does not model: weak memory ordering (fences are real fences, but
// x86 is TSO), timing, and lanes of a warp running in lockstep (warp-
// synchronous code must use __syncwarp or collectives, as on Volta and later).
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <source_location>
#include <type_traits>

#include "shoal/sim/fiber.h"

// --- barriers ----------------------------------------------------------------
inline void __syncthreads(std::source_location loc = std::source_location::current()) {
  shoal::sim::block_barrier(shoal::sim::BarrierKind::plain, 0, loc);
}
inline int __syncthreads_count(int pred, std::source_location loc = std::source_location::current()) {
  return shoal::sim::block_barrier(shoal::sim::BarrierKind::count, pred, loc);
}
inline int __syncthreads_and(int pred, std::source_location loc = std::source_location::current()) {
  return shoal::sim::block_barrier(shoal::sim::BarrierKind::and_, pred, loc);
}
inline int __syncthreads_or(int pred, std::source_location loc = std::source_location::current()) {
  return shoal::sim::block_barrier(shoal::sim::BarrierKind::or_, pred, loc);
}

// --- warp collectives --------------------------------------------------------
namespace shoal::sim {

template <class T>
inline uint64_t to_bits(T v) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 8, "warp shuffles move up to 8 bytes");
  uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof(T));
  return bits;
}
template <class T>
inline T from_bits(uint64_t bits) {
  T v;
  std::memcpy(&v, &bits, sizeof(T));
  return v;
}
inline unsigned lane_id() { return t_block->cur->lane; }

// Source lane of a shuffle, following CUDA's width rules: lanes are split
// into segments of `width`; a source outside the caller's segment yields the
// caller's own value.
inline unsigned shfl_src(unsigned lane, int src, int width) {
  const unsigned w = static_cast<unsigned>(width);
  const unsigned base = lane & ~(w - 1);
  return base + (static_cast<unsigned>(src) & (w - 1));
}
inline unsigned shfl_up_src(unsigned lane, unsigned delta, int width) {
  const unsigned base = lane & ~(static_cast<unsigned>(width) - 1);
  return lane >= base + delta ? lane - delta : lane;
}
inline unsigned shfl_down_src(unsigned lane, unsigned delta, int width) {
  const unsigned end = (lane & ~(static_cast<unsigned>(width) - 1)) + static_cast<unsigned>(width);
  return lane + delta < end ? lane + delta : lane;
}
inline unsigned shfl_xor_src(unsigned lane, int lane_mask, int width) {
  const unsigned src = lane ^ static_cast<unsigned>(lane_mask);
  const unsigned base = lane & ~(static_cast<unsigned>(width) - 1);
  return src >= base && src < base + static_cast<unsigned>(width) ? src : lane;
}

}  // namespace shoal::sim

inline void __syncwarp(unsigned mask = 0xffffffffu, std::source_location loc = std::source_location::current()) {
  shoal::sim::warp_collective(shoal::sim::WarpOp::sync, mask, 0, 0, loc);
}
template <class T>
inline T __shfl_sync(unsigned mask, T var, int src_lane, int width = warpSize,
                     std::source_location loc = std::source_location::current()) {
  using namespace shoal::sim;
  return from_bits<T>(warp_collective(WarpOp::shfl, mask, to_bits(var), shfl_src(lane_id(), src_lane, width), loc));
}
template <class T>
inline T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = warpSize,
                        std::source_location loc = std::source_location::current()) {
  using namespace shoal::sim;
  return from_bits<T>(warp_collective(WarpOp::shfl, mask, to_bits(var), shfl_up_src(lane_id(), delta, width), loc));
}
template <class T>
inline T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = warpSize,
                          std::source_location loc = std::source_location::current()) {
  using namespace shoal::sim;
  return from_bits<T>(warp_collective(WarpOp::shfl, mask, to_bits(var), shfl_down_src(lane_id(), delta, width), loc));
}
template <class T>
inline T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = warpSize,
                         std::source_location loc = std::source_location::current()) {
  using namespace shoal::sim;
  return from_bits<T>(warp_collective(WarpOp::shfl, mask, to_bits(var), shfl_xor_src(lane_id(), lane_mask, width), loc));
}
inline unsigned __ballot_sync(unsigned mask, int pred, std::source_location loc = std::source_location::current()) {
  return static_cast<unsigned>(shoal::sim::warp_collective(shoal::sim::WarpOp::ballot, mask, pred != 0, 0, loc));
}
inline int __any_sync(unsigned mask, int pred, std::source_location loc = std::source_location::current()) {
  return static_cast<int>(shoal::sim::warp_collective(shoal::sim::WarpOp::any, mask, pred != 0, 0, loc));
}
inline int __all_sync(unsigned mask, int pred, std::source_location loc = std::source_location::current()) {
  return static_cast<int>(shoal::sim::warp_collective(shoal::sim::WarpOp::all, mask, pred != 0, 0, loc));
}
// Fibers do not model divergence: every lane that has not exited is "active".
inline unsigned __activemask() {
  using namespace shoal::sim;
  return t_block->warps[t_block->cur->warp].live_mask;
}
template <class T>
inline unsigned __match_any_sync(unsigned mask, T value, std::source_location loc = std::source_location::current()) {
  using namespace shoal::sim;
  return static_cast<unsigned>(warp_collective(WarpOp::match_any, mask, to_bits(value), 0, loc));
}
template <class T>
inline unsigned __match_all_sync(unsigned mask, T value, int* pred,
                                 std::source_location loc = std::source_location::current()) {
  using namespace shoal::sim;
  const unsigned r = static_cast<unsigned>(warp_collective(WarpOp::match_all, mask, to_bits(value), 0, loc));
  *pred = r != 0;
  return r;
}
inline unsigned __reduce_add_sync(unsigned mask, unsigned v, std::source_location loc = std::source_location::current()) {
  return static_cast<unsigned>(shoal::sim::warp_collective(shoal::sim::WarpOp::reduce_add, mask, v, 0, loc));
}
inline int __reduce_add_sync(unsigned mask, int v, std::source_location loc = std::source_location::current()) {
  return static_cast<int>(shoal::sim::warp_collective(shoal::sim::WarpOp::reduce_add, mask, static_cast<unsigned>(v), 0, loc));
}
inline unsigned __reduce_min_sync(unsigned mask, unsigned v, std::source_location loc = std::source_location::current()) {
  return static_cast<unsigned>(shoal::sim::warp_collective(shoal::sim::WarpOp::reduce_min_u, mask, v, 0, loc));
}
inline int __reduce_min_sync(unsigned mask, int v, std::source_location loc = std::source_location::current()) {
  return static_cast<int>(shoal::sim::warp_collective(shoal::sim::WarpOp::reduce_min_s, mask, static_cast<unsigned>(v), 0, loc));
}
inline unsigned __reduce_max_sync(unsigned mask, unsigned v, std::source_location loc = std::source_location::current()) {
  return static_cast<unsigned>(shoal::sim::warp_collective(shoal::sim::WarpOp::reduce_max_u, mask, v, 0, loc));
}
inline int __reduce_max_sync(unsigned mask, int v, std::source_location loc = std::source_location::current()) {
  return static_cast<int>(shoal::sim::warp_collective(shoal::sim::WarpOp::reduce_max_s, mask, static_cast<unsigned>(v), 0, loc));
}
inline unsigned __reduce_and_sync(unsigned mask, unsigned v, std::source_location loc = std::source_location::current()) {
  return static_cast<unsigned>(shoal::sim::warp_collective(shoal::sim::WarpOp::reduce_and, mask, v, 0, loc));
}
inline unsigned __reduce_or_sync(unsigned mask, unsigned v, std::source_location loc = std::source_location::current()) {
  return static_cast<unsigned>(shoal::sim::warp_collective(shoal::sim::WarpOp::reduce_or, mask, v, 0, loc));
}
inline unsigned __reduce_xor_sync(unsigned mask, unsigned v, std::source_location loc = std::source_location::current()) {
  return static_cast<unsigned>(shoal::sim::warp_collective(shoal::sim::WarpOp::reduce_xor, mask, v, 0, loc));
}

// --- atomics -----------------------------------------------------------------
// All scopes map to the same host atomics (relaxed, as CUDA's atomic* are).
namespace shoal::sim {

template <class T>
inline T atomic_rmw_cas(T* p, auto&& f) {
  std::atomic_ref<T> a(*p);
  T old = a.load(std::memory_order_relaxed);
  while (!a.compare_exchange_weak(old, f(old), std::memory_order_relaxed)) {
  }
  return old;
}

}  // namespace shoal::sim

#define SHOAL_SIM_ATOMIC_SCOPES_(name)                                                 \
  template <class T>                                                                   \
  inline T name##_block(T* p, std::type_identity_t<T> v) { return name(p, v); }        \
  template <class T>                                                                   \
  inline T name##_system(T* p, std::type_identity_t<T> v) { return name(p, v); }

template <class T>
inline T atomicAdd(T* p, std::type_identity_t<T> v) {
  if constexpr (std::is_integral_v<T>) return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
  else return std::atomic_ref<T>(*p).fetch_add(v, std::memory_order_relaxed);
}
template <class T>
inline T atomicSub(T* p, std::type_identity_t<T> v) { return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED); }
template <class T>
inline T atomicExch(T* p, std::type_identity_t<T> v) { return std::atomic_ref<T>(*p).exchange(v, std::memory_order_relaxed); }
template <class T>
inline T atomicAnd(T* p, std::type_identity_t<T> v) { return __atomic_fetch_and(p, v, __ATOMIC_RELAXED); }
template <class T>
inline T atomicOr(T* p, std::type_identity_t<T> v) { return __atomic_fetch_or(p, v, __ATOMIC_RELAXED); }
template <class T>
inline T atomicXor(T* p, std::type_identity_t<T> v) { return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED); }
template <class T>
inline T atomicMin(T* p, std::type_identity_t<T> v) { return shoal::sim::atomic_rmw_cas(p, [v](T o) { return v < o ? v : o; }); }
template <class T>
inline T atomicMax(T* p, std::type_identity_t<T> v) { return shoal::sim::atomic_rmw_cas(p, [v](T o) { return v > o ? v : o; }); }
inline unsigned atomicInc(unsigned* p, unsigned v) {
  return shoal::sim::atomic_rmw_cas(p, [v](unsigned o) { return o >= v ? 0u : o + 1; });
}
inline unsigned atomicDec(unsigned* p, unsigned v) {
  return shoal::sim::atomic_rmw_cas(p, [v](unsigned o) { return (o == 0 || o > v) ? v : o - 1; });
}
template <class T>
inline T atomicCAS(T* p, std::type_identity_t<T> compare, std::type_identity_t<T> v) {
  std::atomic_ref<T>(*p).compare_exchange_strong(compare, v, std::memory_order_relaxed);
  return compare;
}
SHOAL_SIM_ATOMIC_SCOPES_(atomicAdd)
SHOAL_SIM_ATOMIC_SCOPES_(atomicSub)
SHOAL_SIM_ATOMIC_SCOPES_(atomicExch)
SHOAL_SIM_ATOMIC_SCOPES_(atomicAnd)
SHOAL_SIM_ATOMIC_SCOPES_(atomicOr)
SHOAL_SIM_ATOMIC_SCOPES_(atomicXor)
SHOAL_SIM_ATOMIC_SCOPES_(atomicMin)
SHOAL_SIM_ATOMIC_SCOPES_(atomicMax)
#undef SHOAL_SIM_ATOMIC_SCOPES_
template <class T>
inline T atomicCAS_block(T* p, std::type_identity_t<T> c, std::type_identity_t<T> v) { return atomicCAS(p, c, v); }
template <class T>
inline T atomicCAS_system(T* p, std::type_identity_t<T> c, std::type_identity_t<T> v) { return atomicCAS(p, c, v); }

inline void __threadfence_block() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_system() { std::atomic_thread_fence(std::memory_order_seq_cst); }

// --- timing, loads, traps ------------------------------------------------------
inline void __nanosleep(unsigned, std::source_location loc = std::source_location::current()) {
  shoal::sim::spin_pause(loc);
}
long long clock64();
template <class T>
inline T __ldg(const T* p) { return *p; }
[[noreturn]] inline void __trap(std::source_location loc = std::source_location::current()) {
  shoal::sim::report_trap("__trap()", loc);
}

// --- integer intrinsics -----------------------------------------------------------
inline int __popc(unsigned x) { return std::popcount(x); }
inline int __popcll(unsigned long long x) { return std::popcount(x); }
inline int __clz(int x) { return std::countl_zero(static_cast<unsigned>(x)); }
inline int __clzll(long long x) { return std::countl_zero(static_cast<unsigned long long>(x)); }
inline int __ffs(int x) { return x == 0 ? 0 : std::countr_zero(static_cast<unsigned>(x)) + 1; }
inline int __ffsll(long long x) { return x == 0 ? 0 : std::countr_zero(static_cast<unsigned long long>(x)) + 1; }
inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
  return r;
}
inline unsigned long long __brevll(unsigned long long x) {
  return (static_cast<unsigned long long>(__brev(static_cast<unsigned>(x))) << 32) | __brev(static_cast<unsigned>(x >> 32));
}
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  const unsigned long long v = (static_cast<unsigned long long>(y) << 32) | x;
  unsigned r = 0;
  for (int i = 0; i < 4; ++i) r |= static_cast<unsigned>((v >> (((s >> (4 * i)) & 7u) * 8)) & 0xffu) << (8 * i);
  return r;
}
inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>((v << (shift & 31)) >> 32);
}
inline unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>((v << (shift > 32 ? 32 : shift)) >> 32);
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>(v >> (shift & 31));
}
inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>(v >> (shift > 32 ? 32 : shift));
}
inline unsigned __umulhi(unsigned a, unsigned b) { return static_cast<unsigned>((static_cast<unsigned long long>(a) * b) >> 32); }
inline int __mulhi(int a, int b) { return static_cast<int>((static_cast<long long>(a) * b) >> 32); }
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
  return static_cast<unsigned long long>((static_cast<unsigned __int128>(a) * b) >> 64);
}
// min/max overloads as in CUDA's math headers (non-templates, so they win
// over std::min/std::max for equal types; mixed signedness gives unsigned).
#define SHOAL_SIM_MINMAX_(R, A, B)                                  \
  inline R min(A a, B b) { return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b); } \
  inline R max(A a, B b) { return static_cast<R>(a) > static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b); }
SHOAL_SIM_MINMAX_(int, int, int)
SHOAL_SIM_MINMAX_(unsigned, unsigned, unsigned)
SHOAL_SIM_MINMAX_(unsigned, int, unsigned)
SHOAL_SIM_MINMAX_(unsigned, unsigned, int)
SHOAL_SIM_MINMAX_(long, long, long)
SHOAL_SIM_MINMAX_(unsigned long, unsigned long, unsigned long)
SHOAL_SIM_MINMAX_(unsigned long, long, unsigned long)
SHOAL_SIM_MINMAX_(unsigned long, unsigned long, long)
SHOAL_SIM_MINMAX_(long long, long long, long long)
SHOAL_SIM_MINMAX_(unsigned long long, unsigned long long, unsigned long long)
SHOAL_SIM_MINMAX_(unsigned long long, long long, unsigned long long)
SHOAL_SIM_MINMAX_(unsigned long long, unsigned long long, long long)
SHOAL_SIM_MINMAX_(float, float, float)
SHOAL_SIM_MINMAX_(double, double, double)
SHOAL_SIM_MINMAX_(double, float, double)
SHOAL_SIM_MINMAX_(double, double, float)
#undef SHOAL_SIM_MINMAX_

inline float __fdividef(float a, float b) { return a / b; }
inline float __saturatef(float x) { return x < 0.f ? 0.f : (x > 1.f ? 1.f : x); }
