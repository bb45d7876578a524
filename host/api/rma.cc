// Host-initiated RMA: p, g, put, get, iput, iget, the _nbi forms and
// put_signal, in typed, sized and mem flavours (generated from the tables in
// <shoal/types.h>).
//
// Completion: host puts through load/store complete before they return, so
// the _nbi forms are the blocking ones and quiet only needs a fence; the
// remote transport (when present) makes _nbi truly non-blocking.
#include "host/api/access.h"
#include "host/api/remote.h"
#include "host/api/sim_dispatch.h"
#include "shoal/shoal.h"

using namespace shoal;
using namespace shoal::api;

namespace {

void putmem(const char* call, void* dest, const void* src, std::uint64_t bytes, int pe) {
  Runtime& r = rt(call);
  if (bytes == 0) {
    if (r.cfg.checks) check_pe(r, call, pe);
    return;
  }
  if (proxy_serves(r, pe)) {
    if (r.cfg.checks) check_symmetric(r, call, dest, bytes, "dest");
    return remote_put(r, call, dest, src, bytes, pe);
  }
  put_to_heap(call, target(r, call, dest, bytes, pe, "dest"), src, bytes);
}

void getmem(const char* call, void* dest, const void* src, std::uint64_t bytes, int pe) {
  Runtime& r = rt(call);
  if (bytes == 0) {
    if (r.cfg.checks) check_pe(r, call, pe);
    return;
  }
  if (proxy_serves(r, pe)) {
    if (r.cfg.checks) check_symmetric(r, call, src, bytes, "source");
    return remote_get(r, call, dest, src, bytes, pe);
  }
  copy_from_heap(call, dest, target(r, call, src, bytes, pe, "source"), bytes);
}

void check_strides(const char* call, std::ptrdiff_t dst, std::ptrdiff_t sst) {
  if (dst <= 0 || sst <= 0)
    fatal("%s: strides must be positive (dst %td, sst %td)", call, dst, sst);
}

// dest[i*dst] = source[i*sst] for i < nelems, elements of `elem` bytes.
void iputmem(const char* call, void* dest, const void* src, std::ptrdiff_t dst, std::ptrdiff_t sst,
             std::size_t nelems, std::size_t elem, int pe) {
  Runtime& r = rt(call);
  if (nelems == 0) return;
  check_strides(call, dst, sst);
  std::uint64_t span = checked_bytes(call, (nelems - 1), static_cast<std::size_t>(dst) * elem) + elem;
  const char* s = static_cast<const char*>(src);
  if (r.cfg.checks) check_pe(r, call, pe);
  if (proxy_serves(r, pe)) {
    if (r.cfg.checks) check_symmetric(r, call, dest, span, "dest");
    return remote_strided(r, call, proxy::kOpIput, dest, static_cast<std::uint64_t>(dst) * elem, src,
                          static_cast<std::uint64_t>(sst) * elem, nelems, elem, pe);
  }
  char* d = target(r, call, dest, span, pe, "dest");
  for (std::size_t i = 0; i < nelems; ++i) put_to_heap(call, d + i * dst * elem, s + i * sst * elem, elem);
}

void igetmem(const char* call, void* dest, const void* src, std::ptrdiff_t dst, std::ptrdiff_t sst,
             std::size_t nelems, std::size_t elem, int pe) {
  Runtime& r = rt(call);
  if (nelems == 0) return;
  check_strides(call, dst, sst);
  std::uint64_t span = checked_bytes(call, (nelems - 1), static_cast<std::size_t>(sst) * elem) + elem;
  char* d = static_cast<char*>(dest);
  if (r.cfg.checks) check_pe(r, call, pe);
  if (proxy_serves(r, pe)) {
    if (r.cfg.checks) check_symmetric(r, call, src, span, "source");
    return remote_strided(r, call, proxy::kOpIget, src, static_cast<std::uint64_t>(sst) * elem, dest,
                          static_cast<std::uint64_t>(dst) * elem, nelems, elem, pe);
  }
  const char* s = target(r, call, src, span, pe, "source");
  for (std::size_t i = 0; i < nelems; ++i) copy_from_heap(call, d + i * dst * elem, s + i * sst * elem, elem);
}

// Data first, then the signal with release ordering: a PE that observes the
// signal with acquire ordering observes the data.
void putmem_signal(const char* call, void* dest, const void* src, std::uint64_t bytes,
                   std::uint64_t* sig_addr, std::uint64_t signal, int sig_op, int pe) {
  Runtime& r = rt(call);
  check_sig_op(call, sig_op);
  if (r.cfg.checks) check_pe(r, call, pe);
  if (proxy_serves(r, pe)) {
    if (r.cfg.checks) {
      check_symmetric(r, call, sig_addr, 8, "sig_addr");
      check_aligned(call, sig_addr, 8, "sig_addr");
      if (bytes) check_symmetric(r, call, dest, bytes, "dest");
    }
    return remote_put_signal(r, call, dest, src, bytes, sig_addr, signal, sig_op, pe);
  }
  std::uint64_t* sig = atomic_target<std::uint64_t>(r, call, sig_addr, pe, "sig_addr");
  if (bytes) put_to_heap(call, target(r, call, dest, bytes, pe, "dest"), src, bytes);
  heap_signal(call, sig, signal, sig_op);
}

}  // namespace

extern "C" {

#define SHOAL_DEF_RMA_(NAME, TYPE)                                                             \
  void shoal_##NAME##_p(TYPE* dest, TYPE value, int pe) {                                      \
    SHOAL_SIM_DISPATCH(NAME##_p, dest, value, pe);                                           \
    putmem("shoal_" #NAME "_p", dest, &value, sizeof(TYPE), pe);                               \
  }                                                                                            \
  TYPE shoal_##NAME##_g(const TYPE* source, int pe) {                                          \
    SHOAL_SIM_DISPATCH(NAME##_g, source, pe);                                                \
    TYPE v;                                                                                    \
    getmem("shoal_" #NAME "_g", &v, source, sizeof(TYPE), pe);                                 \
    return v;                                                                                  \
  }                                                                                            \
  void shoal_##NAME##_put(TYPE* dest, const TYPE* source, size_t nelems, int pe) {             \
    SHOAL_SIM_DISPATCH(NAME##_put, dest, source, nelems, pe);                                \
    putmem("shoal_" #NAME "_put", dest, source,                                                \
           checked_bytes("shoal_" #NAME "_put", nelems, sizeof(TYPE)), pe);                    \
  }                                                                                            \
  void shoal_##NAME##_get(TYPE* dest, const TYPE* source, size_t nelems, int pe) {             \
    SHOAL_SIM_DISPATCH(NAME##_get, dest, source, nelems, pe);                                \
    getmem("shoal_" #NAME "_get", dest, source,                                                \
           checked_bytes("shoal_" #NAME "_get", nelems, sizeof(TYPE)), pe);                    \
  }                                                                                            \
  void shoal_##NAME##_put_nbi(TYPE* dest, const TYPE* source, size_t nelems, int pe) {         \
    SHOAL_SIM_DISPATCH(NAME##_put_nbi, dest, source, nelems, pe);                            \
    putmem("shoal_" #NAME "_put_nbi", dest, source,                                            \
           checked_bytes("shoal_" #NAME "_put_nbi", nelems, sizeof(TYPE)), pe);                \
  }                                                                                            \
  void shoal_##NAME##_get_nbi(TYPE* dest, const TYPE* source, size_t nelems, int pe) {         \
    SHOAL_SIM_DISPATCH(NAME##_get_nbi, dest, source, nelems, pe);                            \
    getmem("shoal_" #NAME "_get_nbi", dest, source,                                            \
           checked_bytes("shoal_" #NAME "_get_nbi", nelems, sizeof(TYPE)), pe);                \
  }                                                                                            \
  void shoal_##NAME##_iput(TYPE* dest, const TYPE* source, ptrdiff_t dst, ptrdiff_t sst,       \
                           size_t nelems, int pe) {                                            \
    SHOAL_SIM_DISPATCH(NAME##_iput, dest, source, dst, sst, nelems, pe);                     \
    iputmem("shoal_" #NAME "_iput", dest, source, dst, sst, nelems, sizeof(TYPE), pe);         \
  }                                                                                            \
  void shoal_##NAME##_iget(TYPE* dest, const TYPE* source, ptrdiff_t dst, ptrdiff_t sst,       \
                           size_t nelems, int pe) {                                            \
    SHOAL_SIM_DISPATCH(NAME##_iget, dest, source, dst, sst, nelems, pe);                     \
    igetmem("shoal_" #NAME "_iget", dest, source, dst, sst, nelems, sizeof(TYPE), pe);         \
  }                                                                                            \
  void shoal_##NAME##_put_signal(TYPE* dest, const TYPE* source, size_t nelems,               \
                                 uint64_t* sig_addr, uint64_t signal, int sig_op, int pe) {   \
    SHOAL_SIM_DISPATCH(NAME##_put_signal, dest, source, nelems, sig_addr, signal, sig_op, pe); \
    putmem_signal("shoal_" #NAME "_put_signal", dest, source,                                  \
                  checked_bytes("shoal_" #NAME "_put_signal", nelems, sizeof(TYPE)), sig_addr, \
                  signal, sig_op, pe);                                                         \
  }                                                                                            \
  void shoal_##NAME##_put_signal_nbi(TYPE* dest, const TYPE* source, size_t nelems,           \
                                     uint64_t* sig_addr, uint64_t signal, int sig_op,         \
                                     int pe) {                                                 \
    SHOAL_SIM_DISPATCH(NAME##_put_signal_nbi, dest, source, nelems, sig_addr, signal, sig_op, pe); \
    putmem_signal("shoal_" #NAME "_put_signal_nbi", dest, source,                              \
                  checked_bytes("shoal_" #NAME "_put_signal_nbi", nelems, sizeof(TYPE)),       \
                  sig_addr, signal, sig_op, pe);                                               \
  }
SHOAL_FOR_RMA_TYPES(SHOAL_DEF_RMA_)
#undef SHOAL_DEF_RMA_

#define SHOAL_DEF_SIZED_(BITS, BYTES)                                                          \
  void shoal_put##BITS(void* dest, const void* source, size_t nelems, int pe) {               \
    SHOAL_SIM_DISPATCH(put##BITS, dest, source, nelems, pe);                                   \
    putmem("shoal_put" #BITS, dest, source, checked_bytes("shoal_put" #BITS, nelems, BYTES),  \
           pe);                                                                                \
  }                                                                                            \
  void shoal_get##BITS(void* dest, const void* source, size_t nelems, int pe) {               \
    SHOAL_SIM_DISPATCH(get##BITS, dest, source, nelems, pe);                                   \
    getmem("shoal_get" #BITS, dest, source, checked_bytes("shoal_get" #BITS, nelems, BYTES),  \
           pe);                                                                                \
  }                                                                                            \
  void shoal_put##BITS##_nbi(void* dest, const void* source, size_t nelems, int pe) {         \
    SHOAL_SIM_DISPATCH(put##BITS##_nbi, dest, source, nelems, pe);                             \
    putmem("shoal_put" #BITS "_nbi", dest, source,                                             \
           checked_bytes("shoal_put" #BITS "_nbi", nelems, BYTES), pe);                        \
  }                                                                                            \
  void shoal_get##BITS##_nbi(void* dest, const void* source, size_t nelems, int pe) {         \
    SHOAL_SIM_DISPATCH(get##BITS##_nbi, dest, source, nelems, pe);                             \
    getmem("shoal_get" #BITS "_nbi", dest, source,                                             \
           checked_bytes("shoal_get" #BITS "_nbi", nelems, BYTES), pe);                        \
  }                                                                                            \
  void shoal_iput##BITS(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,         \
                        size_t nelems, int pe) {                                               \
    SHOAL_SIM_DISPATCH(iput##BITS, dest, source, dst, sst, nelems, pe);                        \
    iputmem("shoal_iput" #BITS, dest, source, dst, sst, nelems, BYTES, pe);                    \
  }                                                                                            \
  void shoal_iget##BITS(void* dest, const void* source, ptrdiff_t dst, ptrdiff_t sst,         \
                        size_t nelems, int pe) {                                               \
    SHOAL_SIM_DISPATCH(iget##BITS, dest, source, dst, sst, nelems, pe);                        \
    igetmem("shoal_iget" #BITS, dest, source, dst, sst, nelems, BYTES, pe);                    \
  }                                                                                            \
  void shoal_put##BITS##_signal(void* dest, const void* source, size_t nelems,               \
                                uint64_t* sig_addr, uint64_t signal, int sig_op, int pe) {    \
    SHOAL_SIM_DISPATCH(put##BITS##_signal, dest, source, nelems, sig_addr, signal, sig_op, pe); \
    putmem_signal("shoal_put" #BITS "_signal", dest, source,                                   \
                  checked_bytes("shoal_put" #BITS "_signal", nelems, BYTES), sig_addr, signal, \
                  sig_op, pe);                                                                 \
  }                                                                                            \
  void shoal_put##BITS##_signal_nbi(void* dest, const void* source, size_t nelems,           \
                                    uint64_t* sig_addr, uint64_t signal, int sig_op, int pe) {\
    SHOAL_SIM_DISPATCH(put##BITS##_signal_nbi, dest, source, nelems, sig_addr, signal, sig_op, pe); \
    putmem_signal("shoal_put" #BITS "_signal_nbi", dest, source,                               \
                  checked_bytes("shoal_put" #BITS "_signal_nbi", nelems, BYTES), sig_addr,     \
                  signal, sig_op, pe);                                                         \
  }
SHOAL_FOR_SIZES(SHOAL_DEF_SIZED_)
#undef SHOAL_DEF_SIZED_

void shoal_putmem(void* dest, const void* source, size_t nbytes, int pe) {
  SHOAL_SIM_DISPATCH(putmem, dest, source, nbytes, pe);
  putmem("shoal_putmem", dest, source, nbytes, pe);
}
void shoal_getmem(void* dest, const void* source, size_t nbytes, int pe) {
  SHOAL_SIM_DISPATCH(getmem, dest, source, nbytes, pe);
  getmem("shoal_getmem", dest, source, nbytes, pe);
}
void shoal_putmem_nbi(void* dest, const void* source, size_t nbytes, int pe) {
  SHOAL_SIM_DISPATCH(putmem_nbi, dest, source, nbytes, pe);
  putmem("shoal_putmem_nbi", dest, source, nbytes, pe);
}
void shoal_getmem_nbi(void* dest, const void* source, size_t nbytes, int pe) {
  SHOAL_SIM_DISPATCH(getmem_nbi, dest, source, nbytes, pe);
  getmem("shoal_getmem_nbi", dest, source, nbytes, pe);
}
void shoal_putmem_signal(void* dest, const void* source, size_t nbytes, uint64_t* sig_addr,
                         uint64_t signal, int sig_op, int pe) {
  SHOAL_SIM_DISPATCH(putmem_signal, dest, source, nbytes, sig_addr, signal, sig_op, pe);
  putmem_signal("shoal_putmem_signal", dest, source, nbytes, sig_addr, signal, sig_op, pe);
}
void shoal_putmem_signal_nbi(void* dest, const void* source, size_t nbytes, uint64_t* sig_addr,
                             uint64_t signal, int sig_op, int pe) {
  SHOAL_SIM_DISPATCH(putmem_signal_nbi, dest, source, nbytes, sig_addr, signal, sig_op, pe);
  putmem_signal("shoal_putmem_signal_nbi", dest, source, nbytes, sig_addr, signal, sig_op, pe);
}

}  // extern "C"
