// Copies split across a thread group: one thread, a warp (all 32 lanes), or
// a block. The widest access both pointers' alignment allows (16, 8, 4 or 1
// bytes) is used for the body; bytes before the first aligned address and
// after the last whole word are copied one by one.
#pragma once

#include "shoal/device/state.cuh"

namespace shoal::device {

enum class scope_t { thread, warp, block };

template <scope_t S>
struct Group;

template <>
struct Group<scope_t::thread> {
  static SHOAL_ARCH_FN unsigned rank() { return 0; }
  static SHOAL_ARCH_FN unsigned size() { return 1; }
  static SHOAL_ARCH_FN void sync() {}
};

// The whole warp calls collectively (all 32 lanes).
template <>
struct Group<scope_t::warp> {
  static SHOAL_ARCH_FN unsigned rank() {
    return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) & 31u;
  }
  static SHOAL_ARCH_FN unsigned size() { return 32; }
  static SHOAL_ARCH_FN void sync() { __syncwarp(); }
};

// The whole block calls collectively.
template <>
struct Group<scope_t::block> {
  static SHOAL_ARCH_FN unsigned rank() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  }
  static SHOAL_ARCH_FN unsigned size() { return blockDim.x * blockDim.y * blockDim.z; }
  static SHOAL_ARCH_FN void sync() { __syncthreads(); }
};

// Words each thread keeps in flight in the body: its loads are issued
// before its stores, so one thread has kWordsInFlight requests outstanding
// (a warp- or thread-scope copy to a peer is latency-bound otherwise).
constexpr unsigned kWordsInFlight = 4;

template <class W>
SHOAL_ARCH_FN void copy_words(char* d, const char* s, size_t n, unsigned r, unsigned g) {
  // d and s are equally aligned modulo sizeof(W).
  const size_t head = (sizeof(W) - (reinterpret_cast<uintptr_t>(d) & (sizeof(W) - 1))) & (sizeof(W) - 1);
  const size_t h = head < n ? head : n;
  SHOAL_UNROLL(1)
  for (size_t i = r; i < h; i += g) d[i] = s[i];
  const size_t words = (n - h) / sizeof(W);
  W* dw = reinterpret_cast<W*>(d + h);
  const W* sw = reinterpret_cast<const W*>(s + h);
  size_t i = r;
  for (; i + (kWordsInFlight - 1) * static_cast<size_t>(g) < words; i += kWordsInFlight * static_cast<size_t>(g)) {
    W v[kWordsInFlight];
    SHOAL_UNROLL(4)
    for (unsigned u = 0; u < kWordsInFlight; ++u) v[u] = sw[i + u * static_cast<size_t>(g)];
    SHOAL_UNROLL(4)
    for (unsigned u = 0; u < kWordsInFlight; ++u) dw[i + u * static_cast<size_t>(g)] = v[u];
  }
  SHOAL_UNROLL(1)
  for (; i < words; i += g) dw[i] = sw[i];
  const size_t done = h + words * sizeof(W);
  SHOAL_UNROLL(1)
  for (size_t i2 = done + r; i2 < n; i2 += g) d[i2] = s[i2];
}

// Copies n bytes; every member of the group calls with the same arguments.
// No synchronisation: callers sync the group when they need the whole copy.
template <scope_t S>
SHOAL_ARCH_FN void copy(void* dst, const void* src, size_t n) {
  char* d = static_cast<char*>(dst);
  const char* s = static_cast<const char*>(src);
  const unsigned r = Group<S>::rank(), g = Group<S>::size();
  const uintptr_t rel = reinterpret_cast<uintptr_t>(d) ^ reinterpret_cast<uintptr_t>(s);
  if ((rel & 15) == 0)
    copy_words<uint4>(d, s, n, r, g);
  else if ((rel & 7) == 0)
    copy_words<uint2>(d, s, n, r, g);
  else if ((rel & 3) == 0)
    copy_words<unsigned>(d, s, n, r, g);
  else
    copy_words<unsigned char>(d, s, n, r, g);
}

// The stores of the put family (api.cuh: put, put_signal data, p, iput).
// cuda: copy<S> / plain stores. sim under the weak-order option
// (shoal/sim/weak_order.h): into the store buffer of the OS thread (the
// group's first thread takes the whole copy), reaching memory in random
// order at the next ordering point.
template <scope_t S>
SHOAL_ARCH_FN void put_copy(void* dst, const void* src, size_t n) {
#if defined(SHOAL_PLATFORM_SIM)
  if (::shoal::sim::weak_order()) {
    if (Group<S>::rank() == 0) ::shoal::sim::weak_store(dst, src, n);
    return;
  }
#endif
  copy<S>(dst, src, n);
}

template <class T>
SHOAL_ARCH_FN void put_value(T* dst, T v) {
#if defined(SHOAL_PLATFORM_SIM)
  ::shoal::sim::weak_store(dst, &v, sizeof v);
#else
  *dst = v;
#endif
}

SHOAL_ARCH_FN void put_bytes(char* d, const char* s, size_t n) {
#if defined(SHOAL_PLATFORM_SIM)
  if (::shoal::sim::weak_order()) {
    ::shoal::sim::weak_store(d, s, n);
    return;
  }
#endif
  for (size_t b = 0; b < n; ++b) d[b] = s[b];
}

// Before a get: this thread's own earlier puts are visible to it.
SHOAL_ARCH_FN void order_point() {
#if defined(SHOAL_PLATFORM_SIM)
  ::shoal::sim::weak_drain();
#endif
}

}  // namespace shoal::device
