// Device collectives: every collective x type x op x scope on WORLD and on
// split teams (strided with positive and negative strides, 2D rows),
// compared with a host reference computed from every member's input (which
// every PE regenerates from the run's seed); poisoned outputs with guard
// elements; in-place reductions; sizes up to 8 MiB for a few types;
// back-to-back collectives on different teams; collectives mixed with puts
// in one cooperative kernel.
#include <shoal/collective_launch.h>
#include <shoal/shoal.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "tests/coll/coll_util.h"

namespace shoal_test {
namespace {

constexpr int kThreads = 64;
enum Op { AND, OR, XOR, MIN, MAX, SUM, PROD };
constexpr int OP_and = AND, OP_or = OR, OP_xor = XOR, OP_min = MIN, OP_max = MAX, OP_sum = SUM,
              OP_prod = PROD;

template <class T>
constexpr bool is_fp16 = std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>;
template <class T>
constexpr bool is_real = std::is_floating_point_v<T> || is_fp16<T>;

uint64_t mix(uint64_t x) {
  x ^= x >> 31;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ull;
  return x ^ (x >> 32);
}

// Element i of the input of the member with world PE `pe` in test `tag`.
// Reals are chosen so that min/max/prod are exact (prod: +-0.5, 1, 2) and
// half/bfloat16 sums are exact (small integers).
template <class T>
T input(uint64_t tag, int op, int pe, size_t i) {
  const uint64_t h = mix(seed() ^ mix(tag * 1315423911ull + pe) ^ (i * 0x9E3779B97F4A7C15ull));
  if constexpr (!is_real<T>) {
    return static_cast<T>(h);
  } else {
    double v;
    if (op == PROD) {
      static const double f[] = {0.5, 1.0, 2.0, -0.5, -1.0, -2.0};
      v = f[h % 6];
    } else if (is_fp16<T>) {
      v = static_cast<double>(static_cast<int>(h % 17) - 8);
    } else {
      v = (static_cast<double>(h % 2000001) - 1000000.0) / 1000.0;
    }
    if constexpr (std::is_same_v<T, double>) return v;
    else return T(static_cast<float>(v));
  }
}

template <class T>
double as_double(T v) {
  if constexpr (is_fp16<T>) return static_cast<double>(static_cast<float>(v));
  else return static_cast<double>(v);
}

template <class T>
T from_double(double v) {
  if constexpr (std::is_same_v<T, double>) return v;
  else return T(static_cast<float>(v));
}

template <class T>
using wrap = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

template <class T>
T apply(int op, T a, T b) {
  if constexpr (!is_real<T>) {
    switch (op) {
      case AND: return static_cast<T>(a & b);
      case OR: return static_cast<T>(a | b);
      case XOR: return static_cast<T>(a ^ b);
      case MIN: return b < a ? b : a;
      case MAX: return a < b ? b : a;
      case SUM: return static_cast<T>(static_cast<wrap<T>>(a) + static_cast<wrap<T>>(b));
      default: return static_cast<T>(static_cast<wrap<T>>(a) * static_cast<wrap<T>>(b));
    }
  } else {
    const double x = as_double(a), y = as_double(b);
    switch (op) {
      case MIN: return y < x ? b : a;
      case MAX: return x < y ? b : a;
      case SUM: return from_double<T>(x + y);
      default: return from_double<T>(x * y);
    }
  }
}

// Compares got with the reduction of inputs in[m][i] (members in team
// order); integer and exact cases must match bit for bit, float/double sums
// within (members) * eps * sum |x|.
template <class T>
::testing::AssertionResult check_reduced(int op, const std::vector<std::vector<T>>& in, size_t lo,
                                         const T* got, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (is_real<T> && !is_fp16<T> && op == SUM) {
      double ref = 0, mag = 0;
      for (const auto& v : in) ref += as_double(v[lo + i]), mag += std::fabs(as_double(v[lo + i]));
      const double eps = std::numeric_limits<std::conditional_t<is_fp16<T>, float, T>>::epsilon();
      const double bound = static_cast<double>(in.size()) * eps * mag + 1e-300;
      if (!(std::fabs(as_double(got[i]) - ref) <= bound))
        return ::testing::AssertionFailure() << "element " << i << ": got " << as_double(got[i])
                                             << ", reference " << ref << " (bound " << bound << ")";
      continue;
    }
    T ref = in[0][lo + i];
    for (size_t m = 1; m < in.size(); ++m) ref = apply<T>(op, ref, in[m][lo + i]);
    if (std::memcmp(&ref, &got[i], sizeof(T)) != 0)
      return ::testing::AssertionFailure() << "element " << i << ": got " << as_double(got[i])
                                           << ", reference " << as_double(ref);
  }
  return ::testing::AssertionSuccess();
}

// --- the functions under test, by name (one struct per type x op) -----------
// One kernel per type (x op) that calls its collective at every scope: ptxas
// compiles each kernel's call graph, so fewer kernels compile faster (the
// cuda build's CI time; docs/cuda.md).

// The types and ops under test. sim: every one at every scope (the
// library's code is the same for all, the tables are what is checked).
// cuda (compiled by CI, run on a GPU): every op on representative types of
// each width and kind; every scope on the cases the other tests use at
// thread and warp scope, the block scope only on the rest. Each case
// inlines one collective body per scope it calls, and ptxas time grows
// with their number (36 cases at every scope took over 7 min of CI).
//   X:     every scope;  B: block scope only.
#if defined(SHOAL_PLATFORM_SIM)
#define COLL_TEST_REDUCE_OPS(X, B) SHOAL_FOR_REDUCE_OPS(X)
#define COLL_TEST_MOVE_TYPES(X, B) SHOAL_FOR_RMA_TYPES(X)
#else
#define COLL_TEST_REDUCE_OPS(X, B)                                                               \
  X(int, int, sum) X(double, double, sum) X(half, __half, min) X(uint64, uint64_t, xor)         \
  X(bfloat16, __nv_bfloat16, prod) B(int, int, min) B(int, int, max) B(int, int, prod)           \
  B(int64, int64_t, sum) B(float, float, sum) B(float, float, min) B(float, float, max)          \
  B(float, float, prod) B(double, double, max) B(half, __half, sum) B(bfloat16, __nv_bfloat16, sum) \
  B(schar, signed char, sum) B(short, short, min) B(uint8, uint8_t, and) B(uint8, uint8_t, or)   \
  B(uint8, uint8_t, xor)
#define COLL_TEST_MOVE_TYPES(X, B) X(char, char) X(int, int) B(double, double) B(bfloat16, __nv_bfloat16)
#endif

// scope 0 thread, 1 warp, 2 block. ALL: the case has thread and warp forms.
#define REDUCE_CASE_SCOPES_(NAME, TYPE, OP, ALL)                                                  \
  struct Reduce_##NAME##_##OP {                                                                   \
    using T = TYPE;                                                                               \
    static constexpr int op = OP_##OP;                                                            \
    static constexpr bool all_scopes = ALL;                                                       \
    static const char* name() { return #NAME "_" #OP; }                                           \
    __device__ static void reduce(int scope, shoal_team_t t, T* d, const T* s, size_t n) {        \
      if constexpr (ALL) {                                                                        \
        if (scope == 0 && threadIdx.x == 0) shoal_##NAME##_##OP##_reduce(t, d, s, n);             \
        if (scope == 1 && threadIdx.x < 32) shoal_##NAME##_##OP##_reduce_warp(t, d, s, n);        \
      }                                                                                           \
      if (scope == 2) shoal_##NAME##_##OP##_reduce_block(t, d, s, n);                             \
    }                                                                                             \
    __device__ static void scatter(int scope, shoal_team_t t, T* d, const T* s, size_t n) {       \
      if constexpr (ALL) {                                                                        \
        if (scope == 0 && threadIdx.x == 0) shoal_##NAME##_##OP##_reducescatter(t, d, s, n);      \
        if (scope == 1 && threadIdx.x < 32) shoal_##NAME##_##OP##_reducescatter_warp(t, d, s, n); \
      }                                                                                           \
      if (scope == 2) shoal_##NAME##_##OP##_reducescatter_block(t, d, s, n);                      \
    }                                                                                             \
  };
#define REDUCE_CASE_(NAME, TYPE, OP) REDUCE_CASE_SCOPES_(NAME, TYPE, OP, true)
#define REDUCE_CASE_BLOCK_(NAME, TYPE, OP) REDUCE_CASE_SCOPES_(NAME, TYPE, OP, false)
COLL_TEST_REDUCE_OPS(REDUCE_CASE_, REDUCE_CASE_BLOCK_)

#define MOVE_CASE_SCOPES_(NAME, TYPE, ALL)                                                        \
  struct Move_##NAME {                                                                            \
    using T = TYPE;                                                                               \
    static constexpr bool all_scopes = ALL;                                                       \
    static const char* name() { return #NAME; }                                                   \
    __device__ static void run(int coll, int scope, shoal_team_t t, T* d, const T* s, size_t n,  \
                               int root) {                                                        \
      const bool go = scope == 2 || (scope == 1 && threadIdx.x < 32) || threadIdx.x == 0;         \
      if (!go) return;                                                                            \
      if constexpr (ALL) {                                                                        \
        if (coll == 0 && scope == 0) shoal_##NAME##_broadcast(t, d, s, n, root);                  \
        if (coll == 0 && scope == 1) shoal_##NAME##_broadcast_warp(t, d, s, n, root);             \
        if (coll == 1 && scope == 0) shoal_##NAME##_fcollect(t, d, s, n);                         \
        if (coll == 1 && scope == 1) shoal_##NAME##_fcollect_warp(t, d, s, n);                    \
        if (coll == 2 && scope == 0) shoal_##NAME##_alltoall(t, d, s, n);                         \
        if (coll == 2 && scope == 1) shoal_##NAME##_alltoall_warp(t, d, s, n);                    \
      }                                                                                           \
      if (coll == 0 && scope == 2) shoal_##NAME##_broadcast_block(t, d, s, n, root);              \
      if (coll == 1 && scope == 2) shoal_##NAME##_fcollect_block(t, d, s, n);                     \
      if (coll == 2 && scope == 2) shoal_##NAME##_alltoall_block(t, d, s, n);                     \
    }                                                                                             \
  };
#define MOVE_CASE_(NAME, TYPE) MOVE_CASE_SCOPES_(NAME, TYPE, true)
#define MOVE_CASE_BLOCK_(NAME, TYPE) MOVE_CASE_SCOPES_(NAME, TYPE, false)
COLL_TEST_MOVE_TYPES(MOVE_CASE_, MOVE_CASE_BLOCK_)

template <class C>
__global__ void reduce_kernel(int scatter, int scope, shoal_team_t t, typename C::T* d,
                              const typename C::T* s, size_t n) {
  if (scatter) C::scatter(scope, t, d, s, n);
  else C::reduce(scope, t, d, s, n);
}

template <class C>
__global__ void move_kernel(int coll, int scope, shoal_team_t t, typename C::T* d,
                            const typename C::T* s, size_t n, int root) {
  C::run(coll, scope, t, d, s, n, root);
}

// --- teams under test ----------------------------------------------------------

struct TeamCase {
  const char* what;
  shoal_team_t team;  // SHOAL_TEAM_INVALID on non-members
};

// WORLD, the reversed world (stride -1), the even PEs (stride 2) and the 2D
// rows and columns of width 2: created once, freed by shoal_finalize.
std::vector<TeamCase>& teams() {
  static std::vector<TeamCase> t;
  if (t.empty()) {
    const int n = shoal_n_pes();
    t.push_back({"world", SHOAL_TEAM_WORLD});
    shoal_team_t rev, even, xt, yt;
    shoal_team_split_strided(SHOAL_TEAM_WORLD, n - 1, -1, n, nullptr, 0, &rev);
    shoal_team_split_strided(SHOAL_TEAM_WORLD, 0, 2, (n + 1) / 2, nullptr, 0, &even);
    shoal_team_split_2d(SHOAL_TEAM_WORLD, 2, nullptr, 0, &xt, nullptr, 0, &yt);
    t.push_back({"reversed", rev});
    t.push_back({"even", even});
    t.push_back({"2d-row", xt});
    t.push_back({"2d-column", yt});
  }
  return t;
}

std::vector<int> members_of(shoal_team_t t) {
  std::vector<int> m(shoal_team_n_pes(t));
  for (size_t i = 0; i < m.size(); ++i) m[i] = shoal_team_translate_pe(t, static_cast<int>(i), SHOAL_TEAM_WORLD);
  return m;
}

// Symmetric buffers are allocated by every PE (WORLD collective) even when
// this PE is not in the team under test.
template <class T>
struct Sym {
  T* p;
  size_t n;
  explicit Sym(size_t count) : n(count) { p = static_cast<T*>(shoal_malloc((count ? count : 1) * sizeof(T))); }
  ~Sym() { shoal_free(p); }
};

uint64_t g_tag = 1000;

// One reduce or reducescatter of `n` elements on every team, checked on
// every member. in_place: dest == source (reduce only).
// Thread and warp scopes run on the first two teams only (CI time); the
// block scope on all of them.
template <class C>
void run_reduce(int scatter, int scope, size_t n, bool in_place) {
  using T = typename C::T;
  if (scope < 2 && !C::all_scopes) {
    ADD_FAILURE() << C::name() << " has no thread/warp form in this build";
    return;
  }
  for (const TeamCase& tc : teams()) {
    if (scope < 2 && &tc - &teams()[0] >= 2) break;
    const uint64_t tag = ++g_tag;
    const int world = shoal_n_pes();
    const size_t src_n = scatter ? n * world : n;  // room for the largest team
    Sym<T> src(src_n + 1), dst(n + 1);
    if (tc.team != SHOAL_TEAM_INVALID) {
      const auto members = members_of(tc.team);
      const int me = shoal_team_my_pe(tc.team), tn = static_cast<int>(members.size());
      const size_t count = scatter ? n * tn : n;
      std::vector<std::vector<T>> in(tn, std::vector<T>(count));
      for (int m = 0; m < tn; ++m)
        for (size_t i = 0; i < count; ++i) in[m][i] = input<T>(tag, C::op, members[m], i);
      std::vector<unsigned char> poison((n + 1) * sizeof(T), kPoison);
      CUDA_OK(cudaMemcpy(dst.p, poison.data(), poison.size(), cudaMemcpyHostToDevice));
      T* s = in_place ? dst.p : src.p;
      CUDA_OK(cudaMemcpy(s, in[me].data(), count * sizeof(T), cudaMemcpyHostToDevice));
      CUDA_OK(shoal::collective_launch(reduce_kernel<C>, 1, kThreads, 0, nullptr, scatter, scope,
                                       tc.team, dst.p, s, n));
      CUDA_OK(cudaDeviceSynchronize());
      std::vector<T> got(n + 1);
      CUDA_OK(cudaMemcpy(got.data(), dst.p, (n + 1) * sizeof(T), cudaMemcpyDeviceToHost));
      EXPECT_TRUE(check_reduced<T>(C::op, in, scatter ? me * n : 0, got.data(), n))
          << C::name() << (scatter ? " reducescatter" : " reduce") << " scope " << scope << " n "
          << n << (in_place ? " in place" : "") << " team " << tc.what;
      if (!in_place) {
        EXPECT_EQ(first_diff(&got[n], poison.data(), sizeof(T)), -1)
            << C::name() << ": the element after dest was written (team " << tc.what << ")";
      }
    }
    shoal_barrier_all();
  }
}

template <class C>
void reduce_matrix() {
  for (int scope = C::all_scopes ? 0 : 2; scope < 3; ++scope) {
    run_reduce<C>(0, scope, 5, false);
    run_reduce<C>(1, scope, 3, false);
  }
  run_reduce<C>(0, 2, 37, true);
}

template <class C>
void run_move(int coll, int scope, size_t n, int root_sel) {
  using T = typename C::T;
  if (scope < 2 && !C::all_scopes) {
    ADD_FAILURE() << C::name() << " has no thread/warp form in this build";
    return;
  }
  for (const TeamCase& tc : teams()) {
    if (scope < 2 && &tc - &teams()[0] >= 2) break;
    const uint64_t tag = ++g_tag;
    const int world = shoal_n_pes();
    const size_t dn = coll == 0 ? n : n * world, sn = coll == 2 ? n * world : n;
    Sym<unsigned char> src(sn * sizeof(T)), dst((dn + 1) * sizeof(T));
    if (tc.team != SHOAL_TEAM_INVALID) {
      const auto members = members_of(tc.team);
      const int me = shoal_team_my_pe(tc.team), tn = static_cast<int>(members.size());
      const int root = root_sel % tn;
      const size_t sbytes = (coll == 2 ? n * tn : n) * sizeof(T);
      const size_t dbytes = (coll == 0 ? n : n * tn) * sizeof(T);
      auto mine = random_bytes(sbytes, tag, members[me]);
      CUDA_OK(cudaMemcpy(src.p, mine.data(), sbytes, cudaMemcpyHostToDevice));
      std::vector<unsigned char> poison(dbytes + sizeof(T), kPoison);
      CUDA_OK(cudaMemcpy(dst.p, poison.data(), poison.size(), cudaMemcpyHostToDevice));
      CUDA_OK(shoal::collective_launch(move_kernel<C>, 1, kThreads, 0, nullptr, coll, scope,
                                       tc.team, reinterpret_cast<T*>(dst.p),
                                       reinterpret_cast<const T*>(src.p), n, root));
      CUDA_OK(cudaDeviceSynchronize());
      std::vector<unsigned char> got(dbytes + sizeof(T)), want(dbytes);
      CUDA_OK(cudaMemcpy(got.data(), dst.p, got.size(), cudaMemcpyDeviceToHost));
      const size_t b = n * sizeof(T);
      if (coll == 0) {
        want = random_bytes(sbytes, tag, members[root]);
      } else {
        for (int j = 0; j < tn; ++j) {
          auto theirs = random_bytes(sbytes, tag, members[j]);
          if (b) std::memcpy(want.data() + j * b, theirs.data() + (coll == 2 ? me * b : 0), b);
        }
      }
      static const char* names[] = {"broadcast", "fcollect", "alltoall"};
      EXPECT_EQ(first_diff(got.data(), want.data(), dbytes), -1)
          << C::name() << " " << names[coll] << " scope " << scope << " n " << n << " root "
          << root << " team " << tc.what;
      EXPECT_EQ(first_diff(got.data() + dbytes, poison.data(), sizeof(T)), -1)
          << C::name() << " " << names[coll] << ": wrote past dest (team " << tc.what << ")";
    }
    shoal_barrier_all();
  }
}

template <class C>
void move_matrix() {
  for (int coll = 0; coll < 3; ++coll)
    for (int scope = C::all_scopes ? 0 : 2; scope < 3; ++scope)
      run_move<C>(coll, scope, 3 + scope, 1 + scope);
}

#define REDUCE_TEST_(NAME, TYPE, OP)                                                \
  TEST(CollReduce, NAME##_##OP) { reduce_matrix<Reduce_##NAME##_##OP>(); }
COLL_TEST_REDUCE_OPS(REDUCE_TEST_, REDUCE_TEST_)

#define MOVE_TEST_(NAME, TYPE) \
  TEST(CollMove, NAME) { move_matrix<Move_##NAME>(); }
COLL_TEST_MOVE_TYPES(MOVE_TEST_, MOVE_TEST_)

// Zero sizes return without touching anything; sizes past the one-shot
// threshold and past the scratch area (chunked, several chunks) for a few
// types, block scope, up to 8 MiB.
TEST(CollLarge, ReduceSizes) {
  const int n = shoal_n_pes();
  run_reduce<Reduce_int_sum>(0, 2, 0, false);
  run_reduce<Reduce_int_sum>(1, 2, 0, false);
  for (size_t count : {4095ul, 4097ul, 70000ul, 300001ul}) {
    run_reduce<Reduce_int_sum>(0, 2, count, false);
    run_reduce<Reduce_float_sum>(0, 2, count, count % 2 == 1);
    run_reduce<Reduce_uint64_xor>(0, 1, count / 4, count % 2 == 0);
  }
  if (n <= 4) run_reduce<Reduce_double_max>(0, 2, (8u << 20) / 8, false);
  run_reduce<Reduce_bfloat16_sum>(0, 2, 100000, true);
  run_reduce<Reduce_int64_sum>(1, 2, 50001, false);
}

TEST(CollLarge, MoveSizes) {
  const int n = shoal_n_pes();
  run_move<Move_char>(0, 2, 0, 0);
  run_move<Move_char>(1, 2, 0, 0);
  run_move<Move_char>(2, 2, 0, 0);
  const size_t big = (8u << 20) / std::max(n, 1);
  for (size_t bytes : {1ul, 4099ul, 1ul << 20, big}) {
    run_move<Move_char>(0, 2, bytes * (n > 1 ? n : 1), n - 1);
    run_move<Move_char>(1, 2, bytes, 0);
    run_move<Move_char>(2, 2, bytes, 0);
  }
}

// Sizes around the reduction chunk of the remote path (its scratch / members
// / element size: 256 or 512 ints with SHOAL_COLL_SCRATCH_SIZE=4k, as the
// .two_nodes and .no_p2p tests set) and around the P2P one-shot threshold,
// every collective at every scope, in place too. Small enough to stay fast
// over the proxy.
TEST(CollRemote, ReduceAcrossChunks) {
  for (int scope = 0; scope < 3; ++scope) {
    for (size_t count : {255ul, 257ul, 1100ul, 4500ul}) {
      run_reduce<Reduce_int_sum>(0, scope, count, false);
      run_reduce<Reduce_int_sum>(0, scope, count, true);
    }
    run_reduce<Reduce_double_sum>(1, scope, 300, false);
    run_reduce<Reduce_half_min>(1, scope, 1030, false);
  }
  run_reduce<Reduce_uint64_xor>(0, 1, 700, true);
  run_reduce<Reduce_bfloat16_prod>(0, 0, 2100, true);
}

TEST(CollRemote, MoveAcrossSizes) {
  for (int coll = 0; coll < 3; ++coll)
    for (int scope = 0; scope < 3; ++scope)
      for (size_t count : {1ul, 1500ul}) run_move<Move_int>(coll, scope, count, 1 + scope);
  run_move<Move_char>(0, 1, 20000, 0);
}

// Back to back on different teams inside one kernel, with puts between:
// every PE puts its id into its right neighbour, then a sum over WORLD, a
// broadcast over the reversed team and an fcollect over the even team.
__global__ void mixed_kernel(shoal_team_t rev, shoal_team_t even, int* box, int* sum, int* bc,
                             int* fc) {
  const int me = shoal_my_pe(), n = shoal_n_pes();
  if (threadIdx.x == 0) shoal_int_p(box, me + 1, (me + 1) % n);
  shoal_barrier_all_block();
  shoal_int_sum_reduce_block(SHOAL_TEAM_WORLD, sum, box, 1);
  if (rev != SHOAL_TEAM_INVALID) shoal_int_broadcast_block(rev, bc, box, 1, 0);
  if (even != SHOAL_TEAM_INVALID && threadIdx.x < 32) shoal_int_fcollect_warp(even, fc, box, 1);
  __syncthreads();
}

TEST(CollMixed, BackToBackOnDifferentTeamsWithPuts) {
  const int n = shoal_n_pes();
  const auto& t = teams();
  Sym<int> box(1), sum(1), bc(1), fc(n);
  CUDA_OK(cudaMemset(fc.p, 0, n * sizeof(int)));
  for (int round = 0; round < 3; ++round) {
    CUDA_OK(shoal::collective_launch(mixed_kernel, 1, kThreads, 0, nullptr, t[1].team, t[2].team,
                                     box.p, sum.p, bc.p, fc.p));
    CUDA_OK(cudaDeviceSynchronize());
    int h = 0;
    CUDA_OK(cudaMemcpy(&h, sum.p, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT_EQ(h, n * (n + 1) / 2);
    CUDA_OK(cudaMemcpy(&h, bc.p, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT_EQ(h, (n - 1 + n - 1) % n + 1) << "broadcast from the last PE's box";
    if (t[2].team != SHOAL_TEAM_INVALID) {
      std::vector<int> f(n);
      CUDA_OK(cudaMemcpy(f.data(), fc.p, n * sizeof(int), cudaMemcpyDeviceToHost));
      for (int j = 0; j < shoal_team_n_pes(t[2].team); ++j)
        EXPECT_EQ(f[j], (2 * j - 1 + n) % n + 1) << "fcollect element " << j;
    }
    shoal_barrier_all();
  }
}

}  // namespace
}  // namespace shoal_test
