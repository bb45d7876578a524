// The stream-ordered host API (shoal_*_on_stream): argument checks on the
// host when the call is made, then the internal kernels of kernels.cu on the
// caller's stream. Typed forms are generated from the RMA table in
// <shoal/types.h>. Semantics and graph capture: <shoal/shoal.h> and
// docs/api-host.md.
#include <cstring>

#include "host/api/access.h"
#include "host/stream/kernels.h"
#include "shoal/shoal.h"

using namespace shoal;
using namespace shoal::api;

namespace {

cudaStream_t cuda_stream(shoal_stream_t s) { return s; }

void enqueued(const char* call, cudaError_t e) {
  if (e != cudaSuccess)
    fatal("%s: enqueueing its kernel on the stream failed: %s (%d)", call, cudaGetErrorString(e),
          static_cast<int>(e));
}

// The symmetric [addr, +bytes) on pe: checked and reachable by load/store
// (the stream kernels use the device API's P2P route).
void check_remote(Runtime& r, const char* call, const void* addr, std::uint64_t bytes, int pe,
                  const char* what) {
  if (bytes == 0) {
    if (r.cfg.checks) check_pe(r, call, pe);
    return;
  }
  target(r, call, addr, bytes, pe, what);
}

void check_signal(Runtime& r, const char* call, const std::uint64_t* sig, int sig_op, int pe) {
  check_sig_op(call, sig_op);
  if (r.cfg.checks) check_aligned(call, sig, sizeof(std::uint64_t), "sig_addr");
  target(r, call, sig, sizeof(std::uint64_t), pe, "sig_addr");
}

void putmem(const char* call, void* dest, const void* src, std::uint64_t bytes, int pe,
            shoal_stream_t s) {
  Runtime& r = rt(call);
  check_remote(r, call, dest, bytes, pe, "dest");
  if (bytes) enqueued(call, stream::enqueue_put(dest, src, bytes, pe, cuda_stream(s)));
}

void getmem(const char* call, void* dest, const void* src, std::uint64_t bytes, int pe,
            shoal_stream_t s) {
  Runtime& r = rt(call);
  check_remote(r, call, src, bytes, pe, "source");
  if (bytes) enqueued(call, stream::enqueue_get(dest, src, bytes, pe, cuda_stream(s)));
}

void p(const char* call, void* dest, const void* value, std::size_t bytes, int pe,
       shoal_stream_t s) {
  Runtime& r = rt(call);
  check_remote(r, call, dest, bytes, pe, "dest");
  std::uint64_t bits = 0;
  std::memcpy(&bits, value, bytes);
  enqueued(call, stream::enqueue_p(dest, bits, bytes, pe, cuda_stream(s)));
}

void putmem_signal(const char* call, void* dest, const void* src, std::uint64_t bytes,
                   std::uint64_t* sig, std::uint64_t signal, int sig_op, int pe, shoal_stream_t s) {
  Runtime& r = rt(call);
  check_signal(r, call, sig, sig_op, pe);
  check_remote(r, call, dest, bytes, pe, "dest");
  enqueued(call, stream::enqueue_put_signal(dest, src, bytes, sig, signal, sig_op, pe,
                                            cuda_stream(s)));
}

// On-stream barriers are the device barrier: it signals members that are
// not load/store reachable through the remote transport.
int team_sync(const char* call, shoal_team_t team, bool with_quiet, shoal_stream_t s) {
  Runtime& r = rt(call);
  Team& t = team_of(r, call, team);
  if (t.my_index < 0) fatal("%s: PE %d is not a member of team %d", call, r.my_pe, team);
  if (!t.all_mapped && r.proxy == nullptr)
    fatal("%s: team %d has members whose heaps are not load/store reachable from each other "
          "and no remote transport runs; on-stream barriers need one or the other",
          call, team);
  enqueued(call, stream::enqueue_team_sync(team, with_quiet, cuda_stream(s)));
  return 0;
}

}  // namespace

extern "C" {

#define SHOAL_DEF_RMA_STREAM_(NAME, TYPE)                                                      \
  void shoal_##NAME##_p_on_stream(TYPE* dest, TYPE value, int pe, shoal_stream_t stream) {     \
    p("shoal_" #NAME "_p_on_stream", dest, &value, sizeof(TYPE), pe, stream);                  \
  }                                                                                            \
  void shoal_##NAME##_put_on_stream(TYPE* dest, const TYPE* source, size_t nelems, int pe,     \
                                    shoal_stream_t stream) {                                   \
    putmem("shoal_" #NAME "_put_on_stream", dest, source,                                      \
           checked_bytes("shoal_" #NAME "_put_on_stream", nelems, sizeof(TYPE)), pe, stream);  \
  }                                                                                            \
  void shoal_##NAME##_get_on_stream(TYPE* dest, const TYPE* source, size_t nelems, int pe,     \
                                    shoal_stream_t stream) {                                   \
    getmem("shoal_" #NAME "_get_on_stream", dest, source,                                      \
           checked_bytes("shoal_" #NAME "_get_on_stream", nelems, sizeof(TYPE)), pe, stream);  \
  }                                                                                            \
  void shoal_##NAME##_put_nbi_on_stream(TYPE* dest, const TYPE* source, size_t nelems, int pe, \
                                        shoal_stream_t stream) {                               \
    putmem("shoal_" #NAME "_put_nbi_on_stream", dest, source,                                  \
           checked_bytes("shoal_" #NAME "_put_nbi_on_stream", nelems, sizeof(TYPE)), pe,       \
           stream);                                                                            \
  }                                                                                            \
  void shoal_##NAME##_get_nbi_on_stream(TYPE* dest, const TYPE* source, size_t nelems, int pe, \
                                        shoal_stream_t stream) {                               \
    getmem("shoal_" #NAME "_get_nbi_on_stream", dest, source,                                  \
           checked_bytes("shoal_" #NAME "_get_nbi_on_stream", nelems, sizeof(TYPE)), pe,       \
           stream);                                                                            \
  }                                                                                            \
  void shoal_##NAME##_put_signal_on_stream(TYPE* dest, const TYPE* source, size_t nelems,      \
                                           uint64_t* sig_addr, uint64_t signal, int sig_op,    \
                                           int pe, shoal_stream_t stream) {                    \
    putmem_signal("shoal_" #NAME "_put_signal_on_stream", dest, source,                        \
                  checked_bytes("shoal_" #NAME "_put_signal_on_stream", nelems, sizeof(TYPE)), \
                  sig_addr, signal, sig_op, pe, stream);                                       \
  }                                                                                            \
  void shoal_##NAME##_put_signal_nbi_on_stream(TYPE* dest, const TYPE* source, size_t nelems,  \
                                               uint64_t* sig_addr, uint64_t signal,            \
                                               int sig_op, int pe, shoal_stream_t stream) {    \
    putmem_signal("shoal_" #NAME "_put_signal_nbi_on_stream", dest, source,                    \
                  checked_bytes("shoal_" #NAME "_put_signal_nbi_on_stream", nelems,            \
                                sizeof(TYPE)),                                                 \
                  sig_addr, signal, sig_op, pe, stream);                                       \
  }
SHOAL_FOR_RMA_TYPES(SHOAL_DEF_RMA_STREAM_)
#undef SHOAL_DEF_RMA_STREAM_

void shoal_putmem_on_stream(void* dest, const void* source, size_t nbytes, int pe,
                            shoal_stream_t stream) {
  putmem("shoal_putmem_on_stream", dest, source, nbytes, pe, stream);
}
void shoal_getmem_on_stream(void* dest, const void* source, size_t nbytes, int pe,
                            shoal_stream_t stream) {
  getmem("shoal_getmem_on_stream", dest, source, nbytes, pe, stream);
}
void shoal_putmem_nbi_on_stream(void* dest, const void* source, size_t nbytes, int pe,
                                shoal_stream_t stream) {
  putmem("shoal_putmem_nbi_on_stream", dest, source, nbytes, pe, stream);
}
void shoal_getmem_nbi_on_stream(void* dest, const void* source, size_t nbytes, int pe,
                                shoal_stream_t stream) {
  getmem("shoal_getmem_nbi_on_stream", dest, source, nbytes, pe, stream);
}
void shoal_putmem_signal_on_stream(void* dest, const void* source, size_t nbytes,
                                   uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                   shoal_stream_t stream) {
  putmem_signal("shoal_putmem_signal_on_stream", dest, source, nbytes, sig_addr, signal, sig_op,
                pe, stream);
}
void shoal_putmem_signal_nbi_on_stream(void* dest, const void* source, size_t nbytes,
                                       uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                                       shoal_stream_t stream) {
  putmem_signal("shoal_putmem_signal_nbi_on_stream", dest, source, nbytes, sig_addr, signal,
                sig_op, pe, stream);
}

void shoal_signal_op_on_stream(uint64_t* sig_addr, uint64_t signal, int sig_op, int pe,
                               shoal_stream_t stream) {
  const char* call = "shoal_signal_op_on_stream";
  check_signal(rt(call), call, sig_addr, sig_op, pe);
  enqueued(call, stream::enqueue_signal_op(sig_addr, signal, sig_op, pe, cuda_stream(stream)));
}

void shoal_signal_wait_until_on_stream(uint64_t* sig_addr, int cmp, uint64_t cmp_value,
                                       shoal_stream_t stream) {
  const char* call = "shoal_signal_wait_until_on_stream";
  Runtime& r = rt(call);
  check_cmp(call, cmp);
  if (r.cfg.checks) {
    check_aligned(call, sig_addr, sizeof(std::uint64_t), "sig_addr");
    check_symmetric(r, call, sig_addr, sizeof(std::uint64_t), "sig_addr");
  }
  enqueued(call, stream::enqueue_signal_wait(sig_addr, cmp, cmp_value, cuda_stream(stream)));
}

void shoal_quiet_on_stream(shoal_stream_t stream) {
  const char* call = "shoal_quiet_on_stream";
  rt(call);
  enqueued(call, stream::enqueue_quiet(cuda_stream(stream)));
}

void shoal_barrier_all_on_stream(shoal_stream_t stream) {
  team_sync("shoal_barrier_all_on_stream", SHOAL_TEAM_WORLD, true, stream);
}
void shoal_sync_all_on_stream(shoal_stream_t stream) {
  team_sync("shoal_sync_all_on_stream", SHOAL_TEAM_WORLD, false, stream);
}
int shoal_barrier_on_stream(shoal_team_t team, shoal_stream_t stream) {
  return team_sync("shoal_barrier_on_stream", team, true, stream);
}
int shoal_sync_on_stream(shoal_team_t team, shoal_stream_t stream) {
  return team_sync("shoal_sync_on_stream", team, false, stream);
}

}  // extern "C"
