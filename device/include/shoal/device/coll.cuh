// Device collectives over a team: broadcast, fcollect, alltoall, reduce,
// reducescatter, as templates over element type, reduction operator and
// thread group (thread, warp, block). The C entry points
// (shoal/device/coll_entry.cuh) instantiate them.
//
// Who calls: ONE group per PE (a thread, a warp or a block, per the suffix),
// every member PE of the team, with the same arguments (root, sizes) and in
// the same order as the team's other collectives and barriers. A kernel
// that calls them must be launched so that the PEs' kernels are
// co-scheduled (shoal::collective_launch).
//
// Synchronisation contract (every collective):
//   entry: a barrier over the team that includes a quiet: this PE's earlier
//          puts and stores (into its own source or into peers') are visible
//          to every member before anyone reads a source;
//   exit:  a barrier over the team (no quiet): when a PE returns, every
//          member has finished reading its source, so the source may be
//          overwritten, and dest holds the result.
//   Zero-size calls return at once without synchronising (on every member
//   alike).
//
// Two paths, chosen per team when it is created (Team::remote, from the
// heap's agreed mapping matrix, so every member chooses alike even when P2P
// is not transitive): the P2P path when every member maps every other, the
// remote path otherwise. Both are pull-based: a PE reads its peers' memory
// and writes only its own, so no PE writes into another's dest or scratch.
//
// P2P path: each PE loads from its peers' heaps through P2P pointers:
//   broadcast: every PE copies root's source into its dest (root too unless
//              dest == source);
//   fcollect:  every PE copies each member's source into its block of dest,
//              starting with its own index to spread the load;
//   alltoall:  every PE copies block `me` of each member's source into that
//              member's block of its dest;
//   reduce:    one-shot when dest and source do not overlap and the message
//              is at most kReduceOneShotBytes: every PE reduces all members'
//              sources element by element into its dest. Otherwise (larger,
//              or in place) chunked reduce-scatter + allgather through the
//              team's scratch area (SHOAL_COLL_SCRATCH_SIZE per PE): per
//              chunk of size*L elements (L = scratch bytes / sizeof(T)), PE i
//              reduces slice i into its scratch, a barrier, every PE gathers
//              all slices into dest, a barrier. 2 barriers per chunk;
//   reducescatter: every PE reduces block `me` of all members' sources into
//              its dest (dest must not overlap source).
//   Every PE accumulates in member order 0..size-1, so floating-point
//   results are bitwise identical on all members.
//
// Remote path: the same data movement through the RMA API's routing: a
// member without a P2P path is read with a blocking get through the host
// proxy (one request per member and block; the group's threads post the
// gets of different members concurrently), a member with one is copied
// with loads and stores. Same entry and exit barriers (over the proxy where
// needed: team_sync).
//   broadcast, fcollect, alltoall: as above, get instead of load;
//   reduce, reducescatter: per chunk of L = scratch bytes / (size *
//     sizeof(T)) elements, every member's slice is gathered into this PE's
//     own scratch (member j at j * L), then reduced locally in member order
//     into dest (the same order as the P2P path, so the results are
//     bitwise identical on all members and on both paths). In place, a
//     barrier follows each chunk's gather (every member has read this
//     chunk of my source before I overwrite it): 1 barrier per chunk;
//     otherwise none inside the loop. The scratch is only ever written by
//     its own PE's gets, so it needs no synchronisation between chunks.
#pragma once

#include <type_traits>

#include "shoal/device/api.cuh"

// The collective algorithms are not force-inlined (unlike the small device
// API wrappers): they are large, and every typed entry point calls them.
// Not __noinline__ either: with the element loop passed as a pointer into
// an out-of-line body, ptxas took several times longer (host/coll/
// on_stream.cu: over 9 min of ptxas where the inlined form took under 3).
// Their barrier (team_sync, api.cuh) is out of line: it is called 2-5
// times per body, and inlining it made each body ~3 x as costly to compile
// (tests/coll/coll_test.cu: 247 s -> 88 s for sm_90) for no speed — it
// waits for other PEs.
#if defined(SHOAL_PLATFORM_SIM)
#define SHOAL_COLL_LOOP_FN
#else
#define SHOAL_COLL_LOOP_FN __device__
#endif

namespace shoal::device {

constexpr size_t kReduceOneShotBytes = 16384;

template <class T>
inline constexpr bool is_fp16_v =
    std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>;

// Integer arithmetic wraps (computed in an unsigned type at least as wide as
// unsigned int, so no signed overflow and no promotion surprises).
template <class T>
using wrap_t = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

struct op_and {
  template <class T> static SHOAL_ARCH_FN T apply(T a, T b) { return static_cast<T>(a & b); }
};
struct op_or {
  template <class T> static SHOAL_ARCH_FN T apply(T a, T b) { return static_cast<T>(a | b); }
};
struct op_xor {
  template <class T> static SHOAL_ARCH_FN T apply(T a, T b) { return static_cast<T>(a ^ b); }
};
struct op_min {
  template <class T> static SHOAL_ARCH_FN T apply(T a, T b) {
    if constexpr (is_fp16_v<T>) return static_cast<float>(b) < static_cast<float>(a) ? b : a;
    else return b < a ? b : a;
  }
};
struct op_max {
  template <class T> static SHOAL_ARCH_FN T apply(T a, T b) {
    if constexpr (is_fp16_v<T>) return static_cast<float>(a) < static_cast<float>(b) ? b : a;
    else return a < b ? b : a;
  }
};
struct op_sum {
  template <class T> static SHOAL_ARCH_FN T apply(T a, T b) {
    if constexpr (is_fp16_v<T>) return T(static_cast<float>(a) + static_cast<float>(b));
    else if constexpr (std::is_floating_point_v<T>) return a + b;
    else return static_cast<T>(static_cast<wrap_t<T>>(a) + static_cast<wrap_t<T>>(b));
  }
};
struct op_prod {
  template <class T> static SHOAL_ARCH_FN T apply(T a, T b) {
    if constexpr (is_fp16_v<T>) return T(static_cast<float>(a) * static_cast<float>(b));
    else if constexpr (std::is_floating_point_v<T>) return a * b;
    else return static_cast<T>(static_cast<wrap_t<T>>(a) * static_cast<wrap_t<T>>(b));
  }
};

// The team, checked: this PE must be a member.
SHOAL_ARCH_FN const Team& coll_team(const char* call, int team) { return *team_ptr(call, team); }

SHOAL_ARCH_FN bool overlap(const void* a, size_t na, const void* b, size_t nb) {
  const char* x = static_cast<const char*>(a);
  const char* y = static_cast<const char*>(b);
  return x < y + nb && y < x + na;
}

SHOAL_ARCH_FN void check_bytes(const char* call, size_t count, size_t elem, size_t* bytes_p) {
  *bytes_p = count * elem;
  if (elem != 0 && count > SIZE_MAX / elem)
    SHOAL_DEVICE_FAIL("%s: %llu elements of %llu bytes overflow", call,
                      static_cast<unsigned long long>(count), static_cast<unsigned long long>(elem));
}

// Remote path: dest + j * stride <- member j's [src, +bytes), for every
// member j (only < 0) or member `only`. Members behind the proxy first, one
// blocking get each, spread over the group's threads so that they are in
// flight together; then P2P members, copied by the whole group. Returns
// after the group synchronised: every byte has arrived.
template <scope_t S>
SHOAL_COLL_LOOP_FN void gather_remote(const char* call, const Team& t, char* dest, size_t stride,
                                      const char* src, size_t bytes, int only) {
  const unsigned r = Group<S>::rank(), g = Group<S>::size();
  const int first = only < 0 ? 0 : only, count = only < 0 ? t.size : 1;
  for (int k = static_cast<int>(r); k < count; k += static_cast<int>(g)) {
    const int j = first + (t.my_index + k) % count;
    if (remote(call, src, bytes, t.members[j], "source"))
      proxy_get(call, dest + j * stride, src, bytes, t.members[j]);
  }
  for (int k = 0; k < count; ++k) {
    const int j = first + (t.my_index + k) % count;
    if (!proxied(t.members[j]))
      copy<S>(dest + j * stride, route(call, src, bytes, t.members[j], "source"), bytes);
  }
  Group<S>::sync();
}

template <scope_t S>
SHOAL_COLL_LOOP_FN void broadcast(const char* call, int team, void* dest, const void* src, size_t bytes,
                             int root) {
  const Team& t = coll_team(call, team);
  if (root < 0 || root >= t.size)
    SHOAL_DEVICE_FAIL("%s: root %d is not a PE of team %d (0..%d)", call, root, team, t.size - 1);
  if (bytes == 0) return;
  check_symmetric(call, dest, bytes, "dest");
  team_sync<S>(call, team, true);
  if (!(root == t.my_index && dest == src)) {
    if (t.remote)  // stride 0: the root's bytes land at dest itself
      gather_remote<S>(call, t, static_cast<char*>(dest), 0, static_cast<const char*>(src), bytes,
                       root);
    else
      copy<S>(dest, route(call, src, bytes, t.members[root], "source"), bytes);
  }
  team_sync<S>(call, team, false);
}

// fcollect (by_block false) and alltoall (true): block j of dest comes from
// member j's source, at offset 0 (fcollect) or my_index * bytes (alltoall).
template <scope_t S>
SHOAL_COLL_LOOP_FN void gather_blocks(const char* call, int team, void* dest, const void* src,
                                      size_t bytes, bool by_block) {
  const Team& t = coll_team(call, team);
  if (bytes == 0) return;
  size_t total;
  check_bytes(call, bytes, static_cast<size_t>(t.size), &total);
  check_symmetric(call, dest, total, "dest");
  check_symmetric(call, src, by_block ? total : bytes, "source");
  team_sync<S>(call, team, true);
  const char* from = static_cast<const char*>(src) + (by_block ? t.my_index * bytes : 0);
  if (t.remote) {
    gather_remote<S>(call, t, static_cast<char*>(dest), bytes, from, bytes, -1);
    team_sync<S>(call, team, false);
    return;
  }
  for (int k = 0; k < t.size; ++k) {
    const int j = (t.my_index + k) % t.size;
    copy<S>(static_cast<char*>(dest) + j * bytes, route(call, from, bytes, t.members[j], "source"),
            bytes);
  }
  team_sync<S>(call, team, false);
}

template <scope_t S>
SHOAL_COLL_LOOP_FN void fcollect(const char* call, int team, void* dest, const void* src,
                                 size_t bytes) {
  gather_blocks<S>(call, team, dest, src, bytes, false);
}

template <scope_t S>
SHOAL_COLL_LOOP_FN void alltoall(const char* call, int team, void* dest, const void* src,
                                 size_t bytes) {
  gather_blocks<S>(call, team, dest, src, bytes, true);
}

// Same-representation types share one instantiation (int, int32 and, on
// LP64, long and int64 reduce alike), which keeps the device code small.
template <class T, class = void>
struct canon {
  using type = T;
};
template <class T>
struct canon<T, std::enable_if_t<std::is_integral_v<T>>> {
  using type = std::conditional_t<
      std::is_signed_v<T>,
      std::conditional_t<sizeof(T) == 1, int8_t,
                         std::conditional_t<sizeof(T) == 2, int16_t,
                                            std::conditional_t<sizeof(T) == 4, int32_t, int64_t>>>,
      std::conditional_t<sizeof(T) == 1, uint8_t,
                         std::conditional_t<sizeof(T) == 2, uint16_t,
                                            std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>>;
};
template <class T>
using canon_t = typename canon<T>::type;

// The element loop of a reduction, called through a pointer so that the
// algorithms below exist once per scope rather than once per type x op x
// scope: dest[e - lo] = op over members m (in team order) of member m's
// element e, for e in [lo, hi), split across the `g` threads of the group
// (this one is `r`). Member m's element e is
//   stride == 0 (P2P path): src[e] on member m, loaded through its P2P
//     mapping (every member's range is routed, checked reachable, once);
//   stride != 0 (remote path): src[m * stride + e], this PE's gathered
//     copy in its scratch.
using reduce_range_fn = void (*)(const Team& t, const char* call, void* dest, const void* src,
                                 size_t lo, size_t hi, size_t stride, unsigned r, unsigned g);

template <class T, class Op>
SHOAL_COLL_LOOP_FN void reduce_range(const Team& t, const char* call, void* dest_v,
                                     const void* src_v, size_t lo, size_t hi, size_t stride,
                                     unsigned r, unsigned g) {
  T* dest = static_cast<T*>(dest_v);
  const T* src = static_cast<const T*>(src_v);
  if (stride != 0) {
    for (size_t e = lo + r; e < hi; e += g) {
      T acc = src[e];
      for (int m = 1; m < t.size; ++m) acc = Op::apply(acc, src[m * stride + e]);
      dest[e - lo] = acc;
    }
    return;
  }
  const State& s = state();
  for (unsigned m = r; m < static_cast<unsigned>(t.size); m += g)
    route(call, src + lo, (hi - lo) * sizeof(T), t.members[m], "source");
  const size_t off = reinterpret_cast<const char*>(src) - s.heap_base;
  for (size_t e = lo + r; e < hi; e += g) {
    T acc = reinterpret_cast<const T*>(s.peer_base[t.members[0]] + off)[e];
    for (int m = 1; m < t.size; ++m)
      acc = Op::apply(acc, reinterpret_cast<const T*>(s.peer_base[t.members[m]] + off)[e]);
    dest[e - lo] = acc;
  }
}

template <class T, class Op>
SHOAL_ARCH_FN reduce_range_fn reduce_loop() {
  return &reduce_range<canon_t<T>, Op>;
}

// Remote path of reduce and reducescatter: dest[0, n) = op over members of
// their [src, +n) elements, chunk by chunk through this PE's scratch.
// in_place (dest == src): a barrier per chunk before dest is overwritten.
template <scope_t S>
SHOAL_COLL_LOOP_FN void reduce_remote(const char* call, int team, const Team& t, char* dest,
                                      const char* src, size_t n, size_t elem, bool in_place,
                                      reduce_range_fn loop) {
  char* scratch = state().heap_base + t.scratch_offset;
  const size_t slice = t.scratch_bytes / (elem * static_cast<size_t>(t.size));
  if (slice == 0)
    SHOAL_DEVICE_FAIL("%s: the team's scratch (%llu bytes) holds no element per member (%d); "
                      "raise SHOAL_COLL_SCRATCH_SIZE", call,
                      static_cast<unsigned long long>(t.scratch_bytes), t.size);
  const unsigned r = Group<S>::rank(), g = Group<S>::size();
  for (size_t base = 0; base < n; base += slice) {
    const size_t count = n - base < slice ? n - base : slice;
    gather_remote<S>(call, t, scratch, slice * elem, src + base * elem, count * elem, -1);
    if (in_place) team_sync<S>(call, team, false);  // every member has this chunk of my source
    loop(t, call, dest + base * elem, scratch, 0, count, slice, r, g);
    Group<S>::sync();  // the scratch is read before the next chunk's gather
  }
}

template <scope_t S>
SHOAL_COLL_LOOP_FN void reduce(const char* call, int team, void* dest_v, const void* src_v,
                          size_t nreduce, size_t elem, reduce_range_fn loop) {
  const Team& t = coll_team(call, team);
  if (nreduce == 0) return;
  char* dest = static_cast<char*>(dest_v);
  const char* src = static_cast<const char*>(src_v);
  size_t bytes;
  check_bytes(call, nreduce, elem, &bytes);
  check_symmetric(call, dest, bytes, "dest");
  check_symmetric(call, src, bytes, "source");
  check_aligned(call, dest, elem, "dest");
  check_aligned(call, src, elem, "source");
  const bool in_place = overlap(dest, bytes, src, bytes);
  if (in_place && dest != src)
    SHOAL_DEVICE_FAIL("%s: dest %p and source %p overlap without being equal", call,
                      static_cast<void*>(dest), static_cast<const void*>(src));
  const unsigned r = Group<S>::rank(), g = Group<S>::size();
  team_sync<S>(call, team, true);
  if (t.remote) {
    reduce_remote<S>(call, team, t, dest, src, nreduce, elem, in_place, loop);
    team_sync<S>(call, team, false);
    return;
  }
  if (!in_place && bytes <= kReduceOneShotBytes) {
    loop(t, call, dest, src, 0, nreduce, 0, r, g);
    team_sync<S>(call, team, false);
    return;
  }
  const State& s = state();
  char* scratch = s.heap_base + t.scratch_offset;
  const size_t slice = t.scratch_bytes / elem;
  const size_t chunk = slice * static_cast<size_t>(t.size);
  for (size_t base = 0; base < nreduce; base += chunk) {
    const size_t end = nreduce - base < chunk ? nreduce : base + chunk;
    const size_t lo = base + t.my_index * slice;
    const size_t hi = lo + slice < end ? lo + slice : end;
    if (lo < hi) loop(t, call, scratch, src, lo, hi, 0, r, g);
    team_sync<S>(call, team, false);  // every slice is in its owner's scratch
    for (int k = 0; k < t.size; ++k) {
      const int j = (t.my_index + k) % t.size;
      const size_t jlo = base + j * slice;
      if (jlo >= end) continue;
      const size_t jbytes = ((jlo + slice < end ? jlo + slice : end) - jlo) * elem;
      copy<S>(dest + jlo * elem, route(call, scratch, jbytes, t.members[j], "scratch"), jbytes);
    }
    team_sync<S>(call, team, false);  // scratch and this chunk of source free again
  }
}

template <scope_t S>
SHOAL_COLL_LOOP_FN void reducescatter(const char* call, int team, void* dest, const void* src,
                                 size_t nreduce, size_t elem, reduce_range_fn loop) {
  const Team& t = coll_team(call, team);
  if (nreduce == 0) return;
  size_t bytes, total;
  check_bytes(call, nreduce, elem, &bytes);
  check_bytes(call, bytes, static_cast<size_t>(t.size), &total);
  check_symmetric(call, dest, bytes, "dest");
  check_symmetric(call, src, total, "source");
  check_aligned(call, dest, elem, "dest");
  check_aligned(call, src, elem, "source");
  if (overlap(dest, bytes, src, total))
    SHOAL_DEVICE_FAIL("%s: dest %p overlaps source %p (reducescatter has no in-place form)", call,
                      dest, src);
  team_sync<S>(call, team, true);
  if (t.remote)
    reduce_remote<S>(call, team, t, static_cast<char*>(dest),
                     static_cast<const char*>(src) + t.my_index * bytes, nreduce, elem, false, loop);
  else
    loop(t, call, dest, src, t.my_index * nreduce, (t.my_index + 1) * nreduce, 0,
         Group<S>::rank(), Group<S>::size());
  team_sync<S>(call, team, false);
}

}  // namespace shoal::device
