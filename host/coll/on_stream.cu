// Stream-ordered collectives (<shoal/coll_on_stream.h>): each launches the
// block-scope device collective as a one-block kernel on the caller's
// stream. Compiled as CUDA into libshoal (on sim through the sim prelude).
#include <shoal/coll_on_stream.h>
#include <shoal/launch.h>

#include <type_traits>

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

// One reduction kernel for every type x operator: the element loop is
// chosen at run time (loop_for), so the collective's body is compiled once
// instead of once per pair (72 kernels took ~100 s of ptxas per
// architecture).
//
// Loop ids: canonical type index x 8 + operator index (canon_t folds int,
// int32, long, ... onto one of twelve types).
template <class T>
constexpr int type_index() {
  constexpr int i = std::is_same_v<T, int8_t>     ? 0
                    : std::is_same_v<T, int16_t>  ? 1
                    : std::is_same_v<T, int32_t>  ? 2
                    : std::is_same_v<T, int64_t>  ? 3
                    : std::is_same_v<T, uint8_t>  ? 4
                    : std::is_same_v<T, uint16_t> ? 5
                    : std::is_same_v<T, uint32_t> ? 6
                    : std::is_same_v<T, uint64_t> ? 7
                    : std::is_same_v<T, float>    ? 8
                    : std::is_same_v<T, double>   ? 9
                    : std::is_same_v<T, __half>   ? 10
                    : std::is_same_v<T, __nv_bfloat16> ? 11
                                                  : -1;
  static_assert(i >= 0, "not a canonical reduction type");
  return i;
}
template <class Op>
constexpr int op_index() {
  constexpr int i = std::is_same_v<Op, device::op_and>    ? 0
                    : std::is_same_v<Op, device::op_or>   ? 1
                    : std::is_same_v<Op, device::op_xor>  ? 2
                    : std::is_same_v<Op, device::op_min>  ? 3
                    : std::is_same_v<Op, device::op_max>  ? 4
                    : std::is_same_v<Op, device::op_sum>  ? 5
                    : std::is_same_v<Op, device::op_prod> ? 6
                                                          : -1;
  static_assert(i >= 0, "not a reduction operator");
  return i;
}
template <class T, class Op>
constexpr int loop_id() {
  return type_index<device::canon_t<T>>() * 8 + op_index<Op>();
}

#define SHOAL_STREAM_INT_TYPES_(X, OP)                                                         \
  X(int8_t, OP) X(int16_t, OP) X(int32_t, OP) X(int64_t, OP) X(uint8_t, OP) X(uint16_t, OP) \
  X(uint32_t, OP) X(uint64_t, OP)
#define SHOAL_STREAM_ARITH_TYPES_(X, OP) \
  SHOAL_STREAM_INT_TYPES_(X, OP) X(float, OP) X(double, OP) X(__half, OP) X(__nv_bfloat16, OP)
#define SHOAL_STREAM_LOOP_CASE_(T, OP) \
  case loop_id<T, device::OP>():       \
    return device::reduce_loop<T, device::OP>();

__device__ inline device::reduce_range_fn loop_for(int id) {
  switch (id) {
    SHOAL_STREAM_INT_TYPES_(SHOAL_STREAM_LOOP_CASE_, op_and)
    SHOAL_STREAM_INT_TYPES_(SHOAL_STREAM_LOOP_CASE_, op_or)
    SHOAL_STREAM_INT_TYPES_(SHOAL_STREAM_LOOP_CASE_, op_xor)
    SHOAL_STREAM_ARITH_TYPES_(SHOAL_STREAM_LOOP_CASE_, op_min)
    SHOAL_STREAM_ARITH_TYPES_(SHOAL_STREAM_LOOP_CASE_, op_max)
    SHOAL_STREAM_ARITH_TYPES_(SHOAL_STREAM_LOOP_CASE_, op_sum)
    SHOAL_STREAM_ARITH_TYPES_(SHOAL_STREAM_LOOP_CASE_, op_prod)
    default:
      return nullptr;
  }
}

__global__ void reduce_kernel(bool scatter, int team, void* dest, const void* src, size_t n,
                              size_t elem, int loop) {
  const char* call = scatter ? "shoal_reducescatter_on_stream" : "shoal_reduce_on_stream";
  const device::reduce_range_fn f = loop_for(loop);
  if (f == nullptr) SHOAL_DEVICE_FAIL("%s: no element loop %d (internal error)", call, loop);
  if (scatter)
    device::reducescatter<device::scope_t::block>(call, team, dest, src, n, elem, f);
  else
    device::reduce<device::scope_t::block>(call, team, dest, src, n, elem, f);
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
  launched(call, launch(reduce_kernel, 1, kThreads, 0, s, scatter, team, dest, src, n, sizeof(T),
                        loop_id<T, Op>()));
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
