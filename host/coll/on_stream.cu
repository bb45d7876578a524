// Stream-ordered collectives (<shoal/coll_on_stream.h>): each launches the
// block-scope device collective as a one-block kernel on the caller's
// stream. Compiled as CUDA into libshoal (on sim through the sim prelude).
#include <shoal/coll_on_stream.h>
#include <shoal/launch.h>

#include "base/log.h"
#include "host/runtime.h"
#include "shoal/device/coll.cuh"

namespace shoal {
namespace {

constexpr unsigned kThreads = 256;

// Kernels name themselves with device-side literals (a host string is not
// readable from the GPU); the host function checked the arguments it can.
// Barriers and syncs on a stream are in host/stream/ (shoal_barrier_on_stream,
// shoal_barrier_all_on_stream, shoal_sync_on_stream, shoal_sync_all_on_stream).

// what: 0 broadcast, 1 fcollect, 2 alltoall.
__global__ void move_kernel(int what, int team, void* dest, const void* src, size_t bytes,
                            int root) {
  const char* call = what == 0   ? "shoal_broadcast_on_stream"
                     : what == 1 ? "shoal_fcollect_on_stream"
                                 : "shoal_alltoall_on_stream";
  if (what == 0) device::broadcast<device::scope_t::block>(call, team, dest, src, bytes, root);
  else if (what == 1) device::fcollect<device::scope_t::block>(call, team, dest, src, bytes);
  else device::alltoall<device::scope_t::block>(call, team, dest, src, bytes);
}

template <class T, class Op>
__global__ void reduce_kernel(bool scatter, int team, void* dest, const void* src, size_t n) {
  const char* call = scatter ? "shoal_reducescatter_on_stream" : "shoal_reduce_on_stream";
  if (scatter)
    device::reducescatter<device::scope_t::block>(call, team, dest, src, n, sizeof(T),
                                                  device::reduce_loop<T, Op>());
  else
    device::reduce<device::scope_t::block>(call, team, dest, src, n, sizeof(T),
                                           device::reduce_loop<T, Op>());
}

// Host-side checks shared by every form: a live team this PE belongs to.
void check_team(const char* call, int team) {
  Runtime& r = rt(call);
  Team& t = team_of(r, call, team);
  if (t.my_index < 0) fatal("%s: PE %d is not a member of team %d", call, r.my_pe, team);
}

void launched(const char* call, cudaError_t e) {
  if (e != cudaSuccess) fatal("%s: launching the collective kernel failed: %s", call, cudaGetErrorString(e));
}

int move(const char* call, int what, int team, void* dest, const void* src, size_t nelems,
         size_t elem, int root, cudaStream_t s) {
  check_team(call, team);
  size_t bytes;
  if (__builtin_mul_overflow(nelems, elem, &bytes))
    fatal("%s: %zu elements of %zu bytes overflow", call, nelems, elem);
  Runtime& r = rt(call);
  const std::uint64_t n = static_cast<std::uint64_t>(team_of(r, call, team).size());
  if (bytes) {
    check_symmetric(r, call, dest, what == 0 ? bytes : bytes * n, "dest");
    check_symmetric(r, call, src, what == 2 ? bytes * n : bytes, "source");
  }
  if (what == 0 && (root < 0 || static_cast<std::uint64_t>(root) >= n))
    fatal("%s: PE_root %d is not a PE of team %d (0..%d)", call, root, team, static_cast<int>(n) - 1);
  launched(call, launch(move_kernel, 1, kThreads, 0, s, what, team, dest, src, bytes, root));
  return 0;
}

template <class T, class Op>
int reduce(const char* call, bool scatter, int team, void* dest, const void* src, size_t n,
           cudaStream_t s) {
  check_team(call, team);
  Runtime& r = rt(call);
  const std::uint64_t members = static_cast<std::uint64_t>(team_of(r, call, team).size());
  if (n) {
    check_symmetric(r, call, dest, n * sizeof(T), "dest");
    check_symmetric(r, call, src, n * sizeof(T) * (scatter ? members : 1), "source");
  }
  launched(call, launch(reduce_kernel<device::canon_t<T>, Op>, 1, kThreads, 0, s, scatter, team,
                        dest, src, n));
  return 0;
}

}  // namespace
}  // namespace shoal

using namespace shoal;

extern "C" {

int shoal_broadcastmem_on_stream(shoal_team_t team, void* dest, const void* src, size_t n,
                                 int root, cudaStream_t s) {
  return move("shoal_broadcastmem_on_stream", 0, team, dest, src, n, 1, root, s);
}
int shoal_fcollectmem_on_stream(shoal_team_t team, void* dest, const void* src, size_t n,
                                cudaStream_t s) {
  return move("shoal_fcollectmem_on_stream", 1, team, dest, src, n, 1, 0, s);
}
int shoal_alltoallmem_on_stream(shoal_team_t team, void* dest, const void* src, size_t n,
                                cudaStream_t s) {
  return move("shoal_alltoallmem_on_stream", 2, team, dest, src, n, 1, 0, s);
}

#define SHOAL_COLL_STREAM_(NAME, TYPE)                                                            \
  int shoal_##NAME##_broadcast_on_stream(shoal_team_t team, TYPE* dest, const TYPE* src,          \
                                         size_t n, int root, cudaStream_t s) {                    \
    return move("shoal_" #NAME "_broadcast_on_stream", 0, team, dest, src, n, sizeof(TYPE), root, \
                s);                                                                               \
  }                                                                                               \
  int shoal_##NAME##_fcollect_on_stream(shoal_team_t team, TYPE* dest, const TYPE* src, size_t n, \
                                        cudaStream_t s) {                                         \
    return move("shoal_" #NAME "_fcollect_on_stream", 1, team, dest, src, n, sizeof(TYPE), 0, s); \
  }                                                                                               \
  int shoal_##NAME##_alltoall_on_stream(shoal_team_t team, TYPE* dest, const TYPE* src, size_t n, \
                                        cudaStream_t s) {                                         \
    return move("shoal_" #NAME "_alltoall_on_stream", 2, team, dest, src, n, sizeof(TYPE), 0, s); \
  }
SHOAL_FOR_RMA_TYPES(SHOAL_COLL_STREAM_)

#define SHOAL_REDUCE_STREAM_(NAME, TYPE, OP)                                                      \
  int shoal_##NAME##_##OP##_reduce_on_stream(shoal_team_t team, TYPE* dest, const TYPE* src,      \
                                             size_t n, cudaStream_t s) {                          \
    return reduce<TYPE, device::op_##OP>("shoal_" #NAME "_" #OP "_reduce_on_stream", false, team, \
                                         dest, src, n, s);                                        \
  }                                                                                               \
  int shoal_##NAME##_##OP##_reducescatter_on_stream(shoal_team_t team, TYPE* dest,                \
                                                    const TYPE* src, size_t n, cudaStream_t s) {  \
    return reduce<TYPE, device::op_##OP>("shoal_" #NAME "_" #OP "_reducescatter_on_stream", true, \
                                         team, dest, src, n, s);                                  \
  }
SHOAL_FOR_REDUCE_OPS(SHOAL_REDUCE_STREAM_)

}  // extern "C"
