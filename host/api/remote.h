// Host-initiated operations on PEs the proxy serves (host/proxy.h): the
// host API's remote path, with the same ordering as the load/store one
// (blocking calls return when the source may be reused; fetches and gets
// when the value is here).
#pragma once

#include <cstdint>
#include <cstring>

#include "host/proxy.h"
#include "host/runtime.h"

namespace shoal::api {

inline std::uint64_t heap_offset(Runtime& r, const void* addr) {
  return r.heap.offset_of(addr);  // heap objects, and globals once the data segment is bound
}

// A request for `op` on [remote, remote+size) of `pe`'s heap; callers fill the rest.
inline proxy::Request request(Runtime& r, std::uint32_t op, int pe, const void* remote,
                              std::uint64_t size) {
  proxy::Request q{};
  q.op = op;
  q.pe = pe;
  q.remote_offset = heap_offset(r, remote);
  q.size = size;
  return q;
}

inline void remote_put(Runtime& r, const char* call, void* dest, const void* src,
                       std::uint64_t bytes, int pe) {
  proxy::Request q = request(r, proxy::kOpPut, pe, dest, bytes);
  q.local = reinterpret_cast<std::uint64_t>(src);
  q.flags = proxy::kWait;
  proxy_wait(r, call, proxy_post(r, call, q));
}

inline void remote_get(Runtime& r, const char* call, void* dest, const void* src,
                       std::uint64_t bytes, int pe) {
  proxy::Request q = request(r, proxy::kOpGet, pe, src, bytes);
  q.local = reinterpret_cast<std::uint64_t>(dest);
  q.flags = proxy::kWait;
  proxy_wait(r, call, proxy_post(r, call, q));
}

// iput (kOpIput) / iget (kOpIget): one request for the whole strided
// transfer; strides in bytes.
inline void remote_strided(Runtime& r, const char* call, std::uint32_t op, const void* remote,
                           std::uint64_t remote_stride, const void* local, std::uint64_t local_stride,
                           std::uint64_t nelems, std::uint64_t elem, int pe) {
  proxy::Request q = request(r, op, pe, remote, local_stride);
  q.local = reinterpret_cast<std::uint64_t>(local);
  q.value = nelems;
  q.value2 = remote_stride;
  q.sub = static_cast<std::uint32_t>(elem);  // the API's elements are at most 16 bytes
  q.flags = proxy::kWait;
  proxy_wait(r, call, proxy_post(r, call, q));
}

inline void remote_put_signal(Runtime& r, const char* call, void* dest, const void* src,
                              std::uint64_t bytes, std::uint64_t* sig, std::uint64_t value,
                              int sig_op, int pe) {
  proxy::Request q = request(r, proxy::kOpPutSignal, pe, dest, bytes);
  q.local = reinterpret_cast<std::uint64_t>(src);
  q.value = value;
  q.value2 = heap_offset(r, sig);
  q.sub = static_cast<std::uint32_t>(sig_op);
  q.flags = proxy::kWait;
  proxy_wait(r, call, proxy_post(r, call, q));
}

inline void remote_signal(Runtime& r, const char* call, std::uint64_t* sig, std::uint64_t value,
                          int sig_op, int pe) {
  proxy::Request q = request(r, proxy::kOpSignal, pe, sig, 8);
  q.value = value;
  q.sub = static_cast<std::uint32_t>(sig_op);
  proxy_post(r, call, q);
}

// An atomic on a 4- or 8-byte word; returns the old value (as bits) when fetching.
inline std::uint64_t remote_amo(Runtime& r, const char* call, const void* dest, std::size_t bytes,
                                std::uint32_t amo, std::uint64_t value, std::uint64_t compare,
                                bool fetch, int pe) {
  proxy::Request q = request(r, proxy::kOpAmo, pe, dest, bytes);
  q.sub = amo;
  q.value = value;
  q.value2 = compare;
  q.flags = fetch ? (proxy::kWait | proxy::kFetch) : 0u;
  const std::uint64_t t = proxy_post(r, call, q);
  return fetch ? proxy_wait(r, call, t) : 0;
}

}  // namespace shoal::api
