/* OpenSHMEM programs, written with OpenSHMEM's names only (<shmem.h>),
 * built with oshcc and started with oshrun (tests/compat/CMakeLists.txt).
 * Remote targets are global and static variables as often as heap objects,
 * as OpenSHMEM test suites use them.
 *
 *   openshmem_programs CASE [seed]
 *     rma     typed, sized, mem, strided and _nbi puts and gets, p/g
 *     amo     every 1.5 atomic on int and long, the deprecated names, the
 *             non-blocking fetching forms
 *     signal  put_signal (set, add), signal_fetch, signal_wait_until
 *     wait    wait_until and its _all/_any/_some/_vector forms, test, the
 *             deprecated untyped waits
 *     team    split_strided, team queries, translate_pe, team_sync
 *     coll    sum/max reduce, broadcast, fcollect, alltoall (typed and mem)
 *             over the world team and a strided team, on globals and heap
 *     collect team collect (typed, mem, C11 generic; a different count per
 *             PE, some 0), alltoalls (strides 1..3) and complexd sum/prod
 *             reduce over the world and the odd PEs
 *     aset    the deprecated active-set calls on every other PE from PE 1
 *             and on all: shmem_barrier, broadcast32/64, fcollect, collect,
 *             alltoall, alltoalls, and/max/sum _to_all on int, long, double
 *             and float _Complex,
 *             pSync reused and checked back to SHMEM_SYNC_VALUE
 *     bad_aset an active-set call from a PE outside the set: error
 *     global_exit  the last PE calls shmem_global_exit(3) while the others
 *             wait in a barrier: the job ends with exit status 3
 *     lock    a get-add-put counter at PE 0 under shmem_set_lock (no
 *             update lost), shmem_test_lock while another PE holds it
 *     ctx     contexts: a world context's puts, atomics and quiet; a team
 *             context whose PE numbers are the team's; the default one
 *     bad_ctx_pe   a team context's put to a PE outside the team: error
 *     generic the C11 type-generic names (shmem_put, shmem_g, shmem_atomic_*,
 *             shmem_wait_until, shmem_sum_reduce, ...), with and without a
 *             context, on long, int, double and unsigned int globals
 *     query   init_thread, pe/addr accessibility, shmem_ptr, info
 *     bad_pe, bad_addr   a put to PE n_pes / to a stack variable: must end
 *             the job with shoal's message naming the call and the value
 *
 * Each PE exits 1 with "expected" in a message on a wrong value. Values come
 * from a seeded generator of (seed, PE, index). */
#include <shmem.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 512

long gl[N];                 /* .bss */
int gi[N] = {1};            /* .data */
static double gd[N];        /* static */
uint64_t gsig;              /* signal word */
static long gcount;         /* atomics target */
static int me, npes, failures;
static uint64_t seed = 5;

static uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
static long val(int pe, int i) { return (long)(mix(seed * 131u + (uint64_t)pe * 65537u + (uint64_t)i) >> 2); }

#define EXPECT(cond, what, idx, got, want)                                                           \
  do {                                                                                               \
    if (!(cond) && ++failures <= 10)                                                                 \
      fprintf(stderr, "openshmem_programs: PE %d: %s[%d] is %lld, expected %lld\n", me, what,        \
              (int)(idx), (long long)(got), (long long)(want));                                      \
  } while (0)

static void rma(void) {
  const int next = (me + 1) % npes, prev = (me + npes - 1) % npes;
  long* hl = shmem_malloc(N * sizeof(long));
  long src[N], got[N];
  for (int i = 0; i < N; ++i) src[i] = val(me, i);
  for (int i = 0; i < N; ++i) gl[i] = hl[i] = -1;
  shmem_barrier_all();
  shmem_long_put(gl, src, N, next);           /* typed, into a global */
  shmem_put64(hl, src, N / 2, next);          /* sized, into the heap */
  shmem_putmem_nbi(hl + N / 2, src + N / 2, (N / 2) * sizeof(long), next);
  shmem_quiet();
  shmem_barrier_all();
  for (int i = 0; i < N; ++i) {
    EXPECT(gl[i] == val(prev, i), "long_put gl", i, gl[i], val(prev, i));
    EXPECT(hl[i] == val(prev, i), "put64/putmem_nbi hl", i, hl[i], val(prev, i));
  }
  for (int i = 0; i < N; ++i) got[i] = -7;
  shmem_long_get(got, gl, N, next); /* next's gl holds my values */
  for (int i = 0; i < N; ++i) EXPECT(got[i] == val(me, i), "long_get gl", i, got[i], val(me, i));
  for (int i = 0; i < N; ++i) got[i] = -7;
  shmem_getmem_nbi(got, hl, N * sizeof(long), prev);
  shmem_quiet();
  for (int i = 0; i < N; ++i) EXPECT(got[i] == val((prev + npes - 1) % npes, i), "getmem_nbi hl", i, got[i], 0);
  /* strided: every third element of a static double array */
  double d[N / 3];
  for (int i = 0; i < N / 3; ++i) d[i] = (double)val(me, i);
  shmem_barrier_all();
  for (int i = 0; i < N; ++i) gd[i] = -1.0;
  shmem_barrier_all();
  shmem_double_iput(gd, d, 3, 1, N / 3, next);
  shmem_barrier_all();
  for (int i = 0; i < N; ++i) {
    double want = (i % 3 == 0 && i / 3 < N / 3) ? (double)val(prev, i / 3) : -1.0;
    EXPECT(gd[i] == want, "double_iput gd", i, gd[i], want);
  }
  double back[N / 3];
  shmem_double_iget(back, gd, 1, 3, N / 3, next);
  for (int i = 0; i < N / 3; ++i) EXPECT(back[i] == (double)val(me, i), "double_iget", i, back[i], val(me, i));
  /* p/g on an initialised .data global */
  shmem_barrier_all();
  shmem_int_p(&gi[7], 1000 + me, next);
  shmem_barrier_all();
  EXPECT(gi[7] == 1000 + prev, "int_p gi", 7, gi[7], 1000 + prev);
  EXPECT(shmem_int_g(&gi[0], next) == 1, "int_g gi", 0, shmem_int_g(&gi[0], next), 1);
  shmem_barrier_all();
  shmem_free(hl);
}

static void amo(void) {
  int* hi = shmem_calloc(4, sizeof(int));
  gcount = 0;
  shmem_barrier_all();
  /* every PE adds to PE 0: 1.5 names, deprecated names, nbi fetches */
  shmem_long_atomic_add(&gcount, 1, 0);
  shmem_long_add(&gcount, 10, 0);
  shmem_long_atomic_inc(&gcount, 0);
  shmem_long_inc(&gcount, 0);
  long f1 = shmem_long_atomic_fetch_add(&gcount, 100, 0);
  long f2 = shmem_long_fadd(&gcount, 1000, 0);
  long f3 = -1;
  shmem_long_atomic_fetch_add_nbi(&f3, &gcount, 10000, 0);
  shmem_quiet();
  EXPECT(f1 >= 0 && f2 > f1 && f3 > f2, "fetch_add order", 0, f3, f2);
  long finc = shmem_long_atomic_fetch_inc(&gcount, 0);
  long finc2 = shmem_long_finc(&gcount, 0);
  EXPECT(finc > f3 && finc2 > finc, "fetch_inc, finc", 0, finc2, finc);
  shmem_barrier_all();
  const long want = (long)npes * (1 + 10 + 1 + 1 + 100 + 1000 + 10000 + 1 + 1);
  if (me == 0) EXPECT(gcount == want, "gcount", 0, gcount, want);
  long fetched = shmem_long_atomic_fetch(&gcount, 0), dep = shmem_long_fetch(&gcount, 0), nb = -1;
  shmem_long_atomic_fetch_nbi(&nb, &gcount, 0);
  shmem_quiet();
  EXPECT(fetched == want && dep == want && nb == want, "atomic_fetch", 0, fetched, want);
  shmem_barrier_all();
  /* compare_swap election on a heap int: exactly one PE wins */
  int won = shmem_int_atomic_compare_swap(&hi[0], 0, me + 1, 0) == 0;
  int swapped = -1;
  shmem_int_atomic_swap_nbi(&swapped, &hi[1], me + 1, 0);
  shmem_quiet();
  EXPECT(swapped >= 0 && swapped <= npes, "swap_nbi", 1, swapped, 0);
  shmem_int_atomic_set(&hi[2], 5, (me + 1) % npes);
  shmem_barrier_all();
  int winners = shmem_int_g(&hi[0], 0);
  EXPECT(winners >= 1 && winners <= npes, "compare_swap winner", 0, winners, 1);
  EXPECT(won == (winners == me + 1), "compare_swap result", me, won, winners == me + 1);
  EXPECT(hi[2] == 5, "atomic_set", 2, hi[2], 5);
  EXPECT(shmem_int_swap(&hi[2], 9, me) == 5 && shmem_int_cswap(&hi[2], 9, 11, me) == 9, "deprecated swap/cswap", 2, hi[2], 11);
  /* bitwise on a uint64 global word */
  shmem_barrier_all();
  gsig = 0;
  shmem_barrier_all();
  shmem_uint64_atomic_or(&gsig, 1ull << me, 0);
  uint64_t before = 0;
  shmem_uint64_atomic_fetch_xor_nbi(&before, &gsig, 0, 0);
  shmem_quiet();
  shmem_barrier_all();
  if (me == 0) EXPECT(gsig == (npes >= 64 ? ~0ull : (1ull << npes) - 1), "atomic_or gsig", 0, gsig, (1ull << npes) - 1);
  shmem_barrier_all();
  shmem_free(hi);
}

static void signal_case(void) {
  const int next = (me + 1) % npes, prev = (me + npes - 1) % npes;
  long src[N];
  for (int i = 0; i < N; ++i) src[i] = val(me, i);
  gsig = 0;
  shmem_barrier_all();
  shmem_long_put_signal(gl, src, N, &gsig, 1, SHMEM_SIGNAL_ADD, next);
  uint64_t s = shmem_signal_wait_until(&gsig, SHMEM_CMP_GE, 1);
  EXPECT(s == 1 && shmem_signal_fetch(&gsig) == 1, "signal", 0, s, 1);
  for (int i = 0; i < N; ++i) EXPECT(gl[i] == val(prev, i), "put_signal gl", i, gl[i], val(prev, i));
  shmem_barrier_all();
  shmem_putmem_signal_nbi(gd, src, 8 * sizeof(long), &gsig, 42, SHMEM_SIGNAL_SET, next);
  shmem_signal_wait_until(&gsig, SHMEM_CMP_EQ, 42);
  EXPECT(memcmp(gd, (long[8]){val(prev, 0), val(prev, 1), val(prev, 2), val(prev, 3), val(prev, 4), val(prev, 5),
                              val(prev, 6), val(prev, 7)}, 8 * sizeof(long)) == 0, "putmem_signal_nbi gd", 0, 0, 0);
  shmem_barrier_all();
}

static void wait_case(void) {
  const int next = (me + 1) % npes;
  int* flags = shmem_calloc(8, sizeof(int));
  gl[0] = 0;
  shmem_barrier_all();
  for (int i = 0; i < 8; ++i) shmem_int_atomic_set(&flags[i], i + 1, next);
  shmem_long_atomic_set(&gl[0], 77, next);
  shmem_int_wait_until_all(flags, 8, NULL, SHMEM_CMP_GT, 0);
  for (int i = 0; i < 8; ++i) EXPECT(flags[i] == i + 1, "wait_until_all", i, flags[i], i + 1);
  int status[8] = {1, 1, 1, 0, 1, 1, 1, 1};
  size_t any = shmem_int_wait_until_any(flags, 8, status, SHMEM_CMP_EQ, 4);
  EXPECT(any == 3, "wait_until_any", 0, any, 3);
  size_t idx[8];
  size_t some = shmem_int_test_some(flags, 8, idx, NULL, SHMEM_CMP_GE, 6);
  EXPECT(some == 3 && idx[0] == 5 && idx[2] == 7, "test_some", 0, some, 3);
  int want[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  shmem_int_wait_until_all_vector(flags, 8, NULL, SHMEM_CMP_EQ, want);
  EXPECT(shmem_int_test(&flags[0], SHMEM_CMP_EQ, 1) == 1 && shmem_int_test(&flags[0], SHMEM_CMP_NE, 1) == 0, "test", 0, 0, 1);
  shmem_wait_until(&gl[0], SHMEM_CMP_EQ, 77); /* deprecated untyped form */
  shmem_long_wait(&gl[0], 0);                /* deprecated: while == 0 */
  EXPECT(gl[0] == 77, "wait_until gl", 0, gl[0], 77);
  shmem_barrier_all();
  shmem_free(flags);
}

static void team_case(void) {
  shmem_team_t evens = SHMEM_TEAM_INVALID;
  const int size = (npes + 1) / 2;
  if (shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, size, NULL, 0, &evens) != 0) {
    fprintf(stderr, "openshmem_programs: PE %d: team_split_strided failed (expected 0)\n", me);
    ++failures;
    return;
  }
  if (me % 2 == 0) {
    EXPECT(shmem_team_my_pe(evens) == me / 2, "team_my_pe", 0, shmem_team_my_pe(evens), me / 2);
    EXPECT(shmem_team_n_pes(evens) == size, "team_n_pes", 0, shmem_team_n_pes(evens), size);
    int back = shmem_team_translate_pe(evens, shmem_team_my_pe(evens), SHMEM_TEAM_WORLD);
    EXPECT(back == me, "team_translate_pe", 0, back, me);
    shmem_team_sync(evens);
  } else {
    EXPECT(evens == SHMEM_TEAM_INVALID, "non-member handle", 0, evens, SHMEM_TEAM_INVALID);
  }
  EXPECT(shmem_team_my_pe(SHMEM_TEAM_WORLD) == me, "world my_pe", 0, shmem_team_my_pe(SHMEM_TEAM_WORLD), me);
  shmem_team_destroy(evens);
  shmem_barrier_all();
}

#define CN 64
long cdst[CN * 8], csrc[CN * 8]; /* globals: 8 PEs at most for the gathers */

static void coll_case(void) {
  if (npes > 8) return;
  for (int i = 0; i < CN * 8; ++i) {
    csrc[i] = val(me, i) % 1000;
    cdst[i] = -1;
  }
  shmem_barrier_all();
  /* sum and max reduce on globals, every element against the reference */
  EXPECT(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, cdst, csrc, CN) == 0, "sum_reduce rc", 0, 1, 0);
  for (int i = 0; i < CN; ++i) {
    long sum = 0;
    for (int pe = 0; pe < npes; ++pe) sum += val(pe, i) % 1000;
    EXPECT(cdst[i] == sum, "sum_reduce", i, cdst[i], sum);
  }
  EXPECT(shmem_long_max_reduce(SHMEM_TEAM_WORLD, cdst, csrc, CN) == 0, "max_reduce rc", 0, 1, 0);
  for (int i = 0; i < CN; ++i) {
    long mx = val(0, i) % 1000;
    for (int pe = 1; pe < npes; ++pe) mx = val(pe, i) % 1000 > mx ? val(pe, i) % 1000 : mx;
    EXPECT(cdst[i] == mx, "max_reduce", i, cdst[i], mx);
  }
  /* broadcast from the last PE into a heap object */
  long* h = shmem_malloc(CN * sizeof(long));
  for (int i = 0; i < CN; ++i) h[i] = -1;
  shmem_barrier_all();
  shmem_long_broadcast(SHMEM_TEAM_WORLD, h, csrc, CN, npes - 1);
  for (int i = 0; i < CN; ++i) EXPECT(h[i] == val(npes - 1, i) % 1000, "broadcast", i, h[i], val(npes - 1, i) % 1000);
  /* fcollect: every PE's CN elements in PE order */
  for (int i = 0; i < CN * 8; ++i) cdst[i] = -1;
  shmem_barrier_all();
  shmem_long_fcollect(SHMEM_TEAM_WORLD, cdst, csrc, CN);
  for (int pe = 0; pe < npes; ++pe)
    for (int i = 0; i < CN; ++i)
      EXPECT(cdst[pe * CN + i] == val(pe, i) % 1000, "fcollect", pe * CN + i, cdst[pe * CN + i], val(pe, i) % 1000);
  /* alltoallmem: block j of my source goes to PE j's block me */
  for (int i = 0; i < CN * 8; ++i) cdst[i] = -1;
  shmem_barrier_all();
  shmem_alltoallmem(SHMEM_TEAM_WORLD, cdst, csrc, 4 * sizeof(long));
  for (int pe = 0; pe < npes; ++pe)
    for (int i = 0; i < 4; ++i)
      EXPECT(cdst[pe * 4 + i] == val(pe, me * 4 + i) % 1000, "alltoallmem", pe * 4 + i, cdst[pe * 4 + i],
             val(pe, me * 4 + i) % 1000);
  /* a reduce over the odd PEs only */
  shmem_team_t odds = SHMEM_TEAM_INVALID;
  if (npes >= 2 && shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, npes / 2, NULL, 0, &odds) == 0 && me % 2 == 1) {
    shmem_long_sum_reduce(odds, cdst, csrc, CN);
    for (int i = 0; i < CN; ++i) {
      long sum = 0;
      for (int pe = 1; pe < npes; pe += 2) sum += val(pe, i) % 1000;
      EXPECT(cdst[i] == sum, "sum_reduce(odds)", i, cdst[i], sum);
    }
  }
  shmem_team_destroy(odds);
  shmem_barrier_all();
  shmem_free(h);
}

/* collect and alltoalls: PE p contributes cnt(p) elements (0 for some). */
static int cnt(int pe) { return (pe * 7 + 3) % 11; }
int gcoll_src[16 * 3 * 8];
int gcoll_dst[16 * 3 * 8];

/* Every member's cnt(pe) elements in team order, and nothing past them. */
static void expect_collected(shmem_team_t team, const int* dst, const char* name) {
  int at = 0;
  for (int m = 0; m < shmem_team_n_pes(team); ++m) {
    const int pe = shmem_team_translate_pe(team, m, SHMEM_TEAM_WORLD);
    for (int i = 0; i < cnt(pe); ++i, ++at) EXPECT(dst[at] == (int)(val(pe, i) % 100000), name, at, dst[at], val(pe, i) % 100000);
  }
  EXPECT(dst[at] == -1, "collect wrote past the end", at, dst[at], -1);
}

static void collect_one(shmem_team_t team, const char* name) {
  const int tn = shmem_team_n_pes(team), tme = shmem_team_my_pe(team);
  if (tme < 0) return;
  int* hdst = shmem_malloc(sizeof(int) * 11 * 8);
  for (int i = 0; i < 16; ++i) gcoll_src[i] = (int)(val(me, i) % 100000);
  for (int i = 0; i < 11 * 8; ++i) hdst[i] = -1;
  shmem_team_sync(team);
  EXPECT(shmem_int_collect(team, hdst, gcoll_src, (size_t)cnt(me)) == 0, name, 0, 1, 0);
  expect_collected(team, hdst, name);
  /* collectmem, bytes, into a global */
  for (int i = 0; i < 16 * 3 * 8; ++i) gcoll_dst[i] = -1;
  shmem_team_sync(team);
  shmem_collectmem(team, gcoll_dst, gcoll_src, (size_t)cnt(me) * sizeof(int));
  expect_collected(team, gcoll_dst, "collectmem");
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
  for (int i = 0; i < 16 * 3 * 8; ++i) gcoll_dst[i] = -1;
  shmem_team_sync(team);
  EXPECT(shmem_collect(team, gcoll_dst, gcoll_src, (size_t)cnt(me)) == 0, "generic collect rc", 0, 1, 0); /* C11: int */
  expect_collected(team, gcoll_dst, "generic collect");
#endif
  /* alltoalls: element i of the block for member j sits at source[sst*(j*n+i)],
   * lands at dest[dst*(me*n+i)] on j. */
  const int n = 3;
  for (int dst = 1; dst <= 2; ++dst)
    for (int sst = 1; sst <= 3; sst += 2) {
      for (int i = 0; i < 16 * 3 * 8; ++i) {
        gcoll_src[i] = (int)(val(me, i + 1000 * sst) % 100000);
        gcoll_dst[i] = -1;
      }
      shmem_team_sync(team);
      EXPECT(shmem_int_alltoalls(team, gcoll_dst, gcoll_src, dst, sst, (size_t)n) == 0, "alltoalls rc", 0, 1, 0);
      for (int m = 0; m < tn; ++m) {
        const int pe = shmem_team_translate_pe(team, m, SHMEM_TEAM_WORLD);
        for (int i = 0; i < n; ++i) {
          const int got = gcoll_dst[dst * (m * n + i)], want = (int)(val(pe, sst * (tme * n + i) + 1000 * sst) % 100000);
          EXPECT(got == want, "alltoalls", dst * (m * n + i), got, want);
        }
        for (int i = 0; i < n && dst > 1; ++i)
          EXPECT(gcoll_dst[dst * (m * n + i) + 1] == -1, "alltoalls gap", dst * (m * n + i) + 1,
                 gcoll_dst[dst * (m * n + i) + 1], -1);
      }
    }
  shmem_team_sync(team);
  shmem_free(hdst); /* world-collective: every PE calls collect_one */
}

/* Complex sum and prod over a team: small exact values (parts k/4), so the
 * reference is exact in the fixed team order. */
double _Complex gz_src[8], gz_dst[8];
static void complex_one(shmem_team_t team) {
  const int tn = shmem_team_n_pes(team);
  if (shmem_team_my_pe(team) < 0) return;
  for (int i = 0; i < 8; ++i) gz_src[i] = (double)(val(me, i) % 9 - 4) / 4 + (double)(val(me, i + 8) % 5 - 2) / 4 * 1.0i;
  shmem_team_sync(team);
  EXPECT(shmem_complexd_sum_reduce(team, gz_dst, gz_src, 8) == 0, "complexd_sum_reduce rc", 0, 1, 0);
  double _Complex want[8];
  for (int i = 0; i < 8; ++i) {
    want[i] = 0;
    for (int m = 0; m < tn; ++m) {
      const int pe = shmem_team_translate_pe(team, m, SHMEM_TEAM_WORLD);
      want[i] += (double)(val(pe, i) % 9 - 4) / 4 + (double)(val(pe, i + 8) % 5 - 2) / 4 * 1.0i;
    }
    EXPECT(gz_dst[i] == want[i], "complexd_sum_reduce", i, (long long)(__real__ gz_dst[i] * 4), (long long)(__real__ want[i] * 4));
  }
  shmem_complexd_prod_reduce(team, gz_src, gz_src, 8); /* in place */
  for (int i = 0; i < 8; ++i) {
    const int pe0 = shmem_team_translate_pe(team, 0, SHMEM_TEAM_WORLD);
    double _Complex p = (double)(val(pe0, i) % 9 - 4) / 4 + (double)(val(pe0, i + 8) % 5 - 2) / 4 * 1.0i;
    for (int m = 1; m < tn; ++m) {
      const int pe = shmem_team_translate_pe(team, m, SHMEM_TEAM_WORLD);
      p *= (double)(val(pe, i) % 9 - 4) / 4 + (double)(val(pe, i + 8) % 5 - 2) / 4 * 1.0i;
    }
    EXPECT(gz_src[i] == p, "complexd_prod_reduce", i, (long long)(__imag__ gz_src[i] * 64), (long long)(__imag__ p * 64));
  }
  shmem_team_sync(team);
}

static void collect_case(void) {
  if (npes > 8) return;
  complex_one(SHMEM_TEAM_WORLD);
  collect_one(SHMEM_TEAM_WORLD, "collect(world)");
  shmem_team_t odds = SHMEM_TEAM_INVALID;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, npes / 2, NULL, 0, &odds);
  if (odds != SHMEM_TEAM_INVALID) {
    complex_one(odds);
    collect_one(odds, "collect(odds)");
  } else {
    int* h = shmem_malloc(sizeof(int) * 11 * 8); /* the odd PEs' allocation */
    shmem_free(h);
  }
  shmem_team_destroy(odds);
  shmem_barrier_all();
}

long gpsync[SHMEM_REDUCE_SYNC_SIZE];
long gpwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
int ga_src[64], ga_dst[64 * 8];
long gl_src[64], gl_dst[64 * 8];
double gd_src[64], gd_dst[64];

static void aset_one(int start, int log_stride, int size) {
  const int stride = 1 << log_stride;
  if (me < start || (me - start) % stride || (me - start) / stride >= size) return;
  const int idx = (me - start) / stride;
#define ASET_PE(i) (start + (i) * stride)
  for (int round = 0; round < 3; ++round) shmem_barrier(start, log_stride, size, gpsync);
  /* broadcast32 and 64 from the set's last member */
  for (int i = 0; i < 64; ++i) {
    ga_src[i] = (int)(val(me, i) % 1000);
    gl_src[i] = val(me, i + 64);
    ga_dst[i] = -1;
    gl_dst[i] = -1;
  }
  shmem_broadcast32(ga_dst, ga_src, 64, size - 1, start, log_stride, size, gpsync);
  shmem_broadcast64(gl_dst, gl_src, 64, size - 1, start, log_stride, size, gpsync);
  for (int i = 0; i < 64 && idx != size - 1; ++i) {
    EXPECT(ga_dst[i] == (int)(val(ASET_PE(size - 1), i) % 1000), "broadcast32", i, ga_dst[i], val(ASET_PE(size - 1), i) % 1000);
    EXPECT(gl_dst[i] == val(ASET_PE(size - 1), i + 64), "broadcast64", i, gl_dst[i], val(ASET_PE(size - 1), i + 64));
  }
  /* fcollect64, collect32 (cnt(pe) each), alltoall32, alltoalls64 */
  shmem_fcollect64(gl_dst, gl_src, 8, start, log_stride, size, gpsync);
  for (int m = 0; m < size; ++m)
    for (int i = 0; i < 8; ++i)
      EXPECT(gl_dst[m * 8 + i] == val(ASET_PE(m), i + 64), "fcollect64", m * 8 + i, gl_dst[m * 8 + i], val(ASET_PE(m), i + 64));
  for (int i = 0; i < 64 * 8; ++i) ga_dst[i] = -1;
  shmem_collect32(ga_dst, ga_src, (size_t)cnt(me), start, log_stride, size, gpsync);
  int at = 0;
  for (int m = 0; m < size; ++m)
    for (int i = 0; i < cnt(ASET_PE(m)); ++i, ++at)
      EXPECT(ga_dst[at] == (int)(val(ASET_PE(m), i) % 1000), "collect32", at, ga_dst[at], val(ASET_PE(m), i) % 1000);
  EXPECT(ga_dst[at] == -1, "collect32 wrote past the end", at, ga_dst[at], -1);
  shmem_alltoall32(ga_dst, ga_src, 4, start, log_stride, size, gpsync);
  for (int m = 0; m < size; ++m)
    for (int i = 0; i < 4; ++i)
      EXPECT(ga_dst[m * 4 + i] == (int)(val(ASET_PE(m), idx * 4 + i) % 1000), "alltoall32", m * 4 + i, ga_dst[m * 4 + i],
             val(ASET_PE(m), idx * 4 + i) % 1000);
  for (int i = 0; i < 64 * 8; ++i) gl_dst[i] = -1;
  shmem_alltoalls64(gl_dst, gl_src, 2, 3, 2, start, log_stride, size, gpsync);
  for (int m = 0; m < size; ++m)
    for (int i = 0; i < 2; ++i)
      EXPECT(gl_dst[2 * (m * 2 + i)] == val(ASET_PE(m), 3 * (idx * 2 + i) + 64), "alltoalls64", 2 * (m * 2 + i),
             gl_dst[2 * (m * 2 + i)], val(ASET_PE(m), 3 * (idx * 2 + i) + 64));
  /* reductions, dest aliasing source for the double sum */
  for (int i = 0; i < 16; ++i) gd_src[i] = (double)(val(me, i) % 1000) / 8;
  shmem_int_and_to_all(ga_dst, ga_src, 16, start, log_stride, size, (int*)gpwrk, gpsync);
  shmem_long_max_to_all(gl_dst, gl_src, 16, start, log_stride, size, gpwrk, gpsync);
  shmem_double_sum_to_all(gd_src, gd_src, 16, start, log_stride, size, (double*)gpwrk, gpsync);
  for (int i = 0; i < 16; ++i) {
    int a = (int)(val(start, i) % 1000);
    long mx = val(start, i + 64);
    double sum = 0;
    for (int m = 0; m < size; ++m) {
      a &= (int)(val(ASET_PE(m), i) % 1000);
      mx = val(ASET_PE(m), i + 64) > mx ? val(ASET_PE(m), i + 64) : mx;
      sum += (double)(val(ASET_PE(m), i) % 1000) / 8;
    }
    EXPECT(ga_dst[i] == a, "int_and_to_all", i, ga_dst[i], a);
    EXPECT(gl_dst[i] == mx, "long_max_to_all", i, gl_dst[i], mx);
    EXPECT(gd_src[i] == sum, "double_sum_to_all", i, (long long)(gd_src[i] * 8), (long long)(sum * 8));
  }
  float _Complex zs[4], zd[4], zw[4];
  for (int i = 0; i < 4; ++i) zs[i] = (float)(val(me, i) % 7) + (float)(val(me, i + 4) % 3) * 1.0fi;
  static float _Complex gzs[4], gzd[4];
  for (int i = 0; i < 4; ++i) gzs[i] = zs[i];
  shmem_complexf_sum_to_all(gzd, gzs, 4, start, log_stride, size, (float _Complex*)gpwrk, gpsync);
  for (int i = 0; i < 4; ++i) {
    zw[i] = 0;
    for (int m = 0; m < size; ++m) zw[i] += (float)(val(ASET_PE(m), i) % 7) + (float)(val(ASET_PE(m), i + 4) % 3) * 1.0fi;
    zd[i] = gzd[i];
    EXPECT(zd[i] == zw[i], "complexf_sum_to_all", i, (long long)__real__ zd[i], (long long)__real__ zw[i]);
  }
  for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; ++i) EXPECT(gpsync[i] == SHMEM_SYNC_VALUE, "pSync", i, gpsync[i], SHMEM_SYNC_VALUE);
#undef ASET_PE
}

static void aset_case(void) {
  if (npes > 8) return;
  aset_one(0, 0, npes);
  shmem_barrier_all();
  if (npes >= 2) aset_one(1, 1, npes / 2);
  shmem_barrier_all();
  aset_one(npes - 1, 0, 1);
  shmem_barrier_all();
}

long glock;     /* the lock: a symmetric long, zero */
long gshared;   /* updated under the lock with a get and a put */

static void lock_case(void) {
  const int rounds = 40;
  shmem_barrier_all();
  for (int r = 0; r < rounds; ++r) {
    shmem_set_lock(&glock);
    long v = shmem_long_g(&gshared, 0);
    for (volatile int k = 0; k < 20000; ++k) {
    } /* widen the window a missing lock would lose updates in */
    shmem_long_p(&gshared, v + 1, 0);
    shmem_clear_lock(&glock);
  }
  shmem_barrier_all();
  if (me == 0) EXPECT(gshared == (long)rounds * npes, "gshared", 0, gshared, (long)rounds * npes);
  /* test_lock: PE 0 holds it, every other PE must see it taken */
  if (me == 0) EXPECT(shmem_test_lock(&glock) == 0, "test_lock (free)", 0, 1, 0);
  shmem_barrier_all();
  if (me != 0) EXPECT(shmem_test_lock(&glock) == 1, "test_lock (held)", 0, 0, 1);
  shmem_barrier_all();
  if (me == 0) shmem_clear_lock(&glock);
  shmem_barrier_all();
}

static void ctx_case(void) {
  const int next = (me + 1) % npes, prev = (me + npes - 1) % npes;
  shmem_ctx_t ctx = SHMEM_CTX_INVALID;
  if (shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) != 0 || ctx == SHMEM_CTX_INVALID) {
    fprintf(stderr, "openshmem_programs: PE %d: shmem_ctx_create failed (expected 0)\n", me);
    ++failures;
    return;
  }
  shmem_team_t t = SHMEM_TEAM_INVALID;
  EXPECT(shmem_ctx_get_team(ctx, &t) == 0 && t == SHMEM_TEAM_WORLD, "ctx_get_team", 0, t, SHMEM_TEAM_WORLD);
  long src[N];
  for (int i = 0; i < N; ++i) src[i] = val(me, i);
  for (int i = 0; i < N; ++i) gl[i] = -1;
  gcount = 0;
  shmem_barrier_all();
  shmem_ctx_long_put_nbi(ctx, gl, src, N, next);
  shmem_ctx_long_atomic_add(ctx, &gcount, me + 1, 0);
  long f = -1;
  shmem_ctx_long_atomic_fetch_add_nbi(ctx, &f, &gcount, 0, 0);
  shmem_ctx_quiet(ctx);
  EXPECT(f >= 0, "ctx fetch_add_nbi", 0, f, 0);
  shmem_barrier_all();
  for (int i = 0; i < N; ++i) EXPECT(gl[i] == val(prev, i), "ctx_long_put_nbi gl", i, gl[i], val(prev, i));
  if (me == 0) EXPECT(gcount == (long)npes * (npes + 1) / 2, "ctx atomic_add", 0, gcount, (long)npes * (npes + 1) / 2);
  EXPECT(shmem_ctx_long_g(SHMEM_CTX_DEFAULT, &gl[5], next) == val(me, 5), "default ctx g", 5,
         shmem_ctx_long_g(SHMEM_CTX_DEFAULT, &gl[5], next), val(me, 5));
  shmem_ctx_destroy(ctx);
  /* a context of the odd PEs: team PE 0 is world PE 1 */
  shmem_team_t odds = SHMEM_TEAM_INVALID;
  shmem_ctx_t octx = SHMEM_CTX_INVALID;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, npes / 2, NULL, 0, &odds);
  gi[9] = -1;
  shmem_barrier_all();
  if (me % 2 == 1) {
    EXPECT(shmem_team_create_ctx(odds, 0, &octx) == 0, "team_create_ctx", 0, 1, 0);
    const int tme = shmem_team_my_pe(odds), tn = shmem_team_n_pes(odds);
    shmem_ctx_int_p(octx, &gi[9], 500 + me, (tme + 1) % tn); /* to the next odd PE */
    shmem_ctx_quiet(octx);
  }
  shmem_barrier_all();
  if (me % 2 == 1) {
    const int tn = shmem_team_n_pes(odds), from = 2 * ((shmem_team_my_pe(odds) + tn - 1) % tn) + 1;
    EXPECT(gi[9] == 500 + from, "team ctx int_p gi", 9, gi[9], 500 + from);
    shmem_ctx_destroy(octx);
  } else {
    EXPECT(gi[9] == -1, "even PE untouched gi", 9, gi[9], -1);
  }
  shmem_team_destroy(odds);
  shmem_barrier_all();
}

unsigned int gu[4];

static void generic_case(void) {
  const int next = (me + 1) % npes, prev = (me + npes - 1) % npes;
  long src[N];
  double dsrc[8];
  for (int i = 0; i < N; ++i) src[i] = val(me, i);
  for (int i = 0; i < 8; ++i) dsrc[i] = (double)val(me, i) / 7.0;
  for (int i = 0; i < N; ++i) gl[i] = -1;
  for (int i = 0; i < 8; ++i) gd[i] = -1.0;
  gcount = 0;
  gu[0] = 0;
  gi[11] = 0;
  shmem_barrier_all();
  shmem_put(gl, src, N, next);                  /* long */
  shmem_put(SHMEM_CTX_DEFAULT, gd, dsrc, 8, next); /* double, with a context */
  shmem_atomic_add(&gcount, (long)me + 1, 0);
  shmem_atomic_or(&gu[0], 1u << me, 0);         /* unsigned int */
  shmem_barrier_all();
  for (int i = 0; i < N; ++i) EXPECT(gl[i] == val(prev, i), "generic put gl", i, gl[i], val(prev, i));
  for (int i = 0; i < 8; ++i) EXPECT(gd[i] == (double)val(prev, i) / 7.0, "generic ctx put gd", i, gd[i] * 7, val(prev, i));
  long g = shmem_g(&gl[3], next);
  EXPECT(g == val(me, 3), "generic g", 3, g, val(me, 3));
  if (me == 0) {
    EXPECT(shmem_atomic_fetch(&gcount, 0) == (long)npes * (npes + 1) / 2, "generic atomic_fetch", 0,
           shmem_atomic_fetch(&gcount, 0), (long)npes * (npes + 1) / 2);
    EXPECT(gu[0] == (npes >= 32 ? ~0u : (1u << npes) - 1), "generic atomic_or gu", 0, gu[0], (1u << npes) - 1);
  }
  int token = 0;
  shmem_atomic_fetch_add_nbi(&token, &gi[11], 1, next); /* int, non-blocking fetch */
  shmem_quiet();
  shmem_wait_until(&gi[11], SHMEM_CMP_EQ, 1);
  EXPECT(token == 0 && gi[11] == 1, "generic fetch_add_nbi / wait_until gi", 11, gi[11], 1);
  for (int i = 0; i < 4; ++i) cdst[i] = -1;
  shmem_barrier_all();
  shmem_sum_reduce(SHMEM_TEAM_WORLD, cdst, gl, 4);
  for (int i = 0; i < 4; ++i) {
    long sum = 0;
    for (int pe = 0; pe < npes; ++pe) sum += val(pe, i);
    EXPECT(cdst[i] == sum, "generic sum_reduce", i, cdst[i], sum);
  }
  shmem_barrier_all();
}

static void query_case(void) {
  int provided = -1;
  shmem_query_thread(&provided);
  EXPECT(provided == SHMEM_THREAD_MULTIPLE, "query_thread", 0, provided, SHMEM_THREAD_MULTIPLE);
  EXPECT(shmem_pe_accessible(npes - 1) && !shmem_pe_accessible(npes) && !shmem_pe_accessible(-1), "pe_accessible", 0, 0, 1);
  long on_stack = 0;
  long* h = shmem_malloc_with_hints(64, SHMEM_MALLOC_ATOMICS_REMOTE);
  for (int pe = 0; pe < npes; ++pe) {
    EXPECT(shmem_addr_accessible(&gl[3], pe) == 1, "addr_accessible(global)", pe, 0, 1);
    EXPECT(shmem_addr_accessible(h, pe) == 1, "addr_accessible(heap)", pe, 0, 1);
    EXPECT(shmem_addr_accessible(&on_stack, pe) == 0, "addr_accessible(stack)", pe, 1, 0);
  }
  EXPECT(shmem_addr_accessible(&gl[3], npes) == 0, "addr_accessible(bad pe)", 0, 1, 0);
  /* shmem_ptr: a global of a PE on this node is loadable */
  gl[3] = 300 + me;
  shmem_barrier_all();
  long* peer = shmem_ptr(&gl[3], (me + 1) % npes);
  if (peer) EXPECT(*peer == 300 + (me + 1) % npes, "shmem_ptr load", 3, *peer, 300 + (me + 1) % npes);
  int major = 0, minor = 0;
  char name[SHMEM_MAX_NAME_LEN];
  shmem_info_get_version(&major, &minor);
  shmem_info_get_name(name);
  EXPECT(major == SHMEM_MAJOR_VERSION && minor == SHMEM_MINOR_VERSION, "info_get_version", 0, major * 10 + minor, 15);
  EXPECT(strlen(name) > 0, "info_get_name", 0, 0, 1);
  shmem_barrier_all();
  shmem_free(h);
}

int main(int argc, char** argv) {
  int provided = -1;
  if (shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) != 0) return 2;
  me = shmem_my_pe();
  npes = shmem_n_pes();
  const char* c = argc > 1 ? argv[1] : "";
  if (argc > 2) seed = strtoull(argv[2], NULL, 10);
  if (me == 0) printf("openshmem_programs %s: seed %llu, %d PEs\n", c, (unsigned long long)seed, npes);
  if (strcmp(c, "rma") == 0) rma();
  else if (strcmp(c, "amo") == 0) amo();
  else if (strcmp(c, "signal") == 0) signal_case();
  else if (strcmp(c, "wait") == 0) wait_case();
  else if (strcmp(c, "team") == 0) team_case();
  else if (strcmp(c, "query") == 0) query_case();
  else if (strcmp(c, "coll") == 0) coll_case();
  else if (strcmp(c, "lock") == 0) lock_case();
  else if (strcmp(c, "ctx") == 0) ctx_case();
  else if (strcmp(c, "generic") == 0) generic_case();
  else if (strcmp(c, "collect") == 0) collect_case();
  else if (strcmp(c, "aset") == 0) aset_case();
  else if (strcmp(c, "global_exit") == 0) {
    if (me == npes - 1) shmem_global_exit(3); /* the job's exit status is 3 */
    shmem_barrier_all();
    fprintf(stderr, "openshmem_programs: PE %d passed the barrier after shmem_global_exit\n", me);
    return 1;
  }
  else if (strcmp(c, "bad_aset") == 0) {
    if (me == 0) shmem_barrier(1, 0, npes - 1, gpsync); /* PE 0 is not in PEs 1..n-1 */
    else shmem_barrier_all();                            /* ends when PE 0 fails */
    fprintf(stderr, "openshmem_programs: the bad active-set barrier returned\n");
    return 1;
  }
  else if (strcmp(c, "bad_ctx_pe") == 0) {
    shmem_team_t evens = SHMEM_TEAM_INVALID;
    shmem_ctx_t ectx = SHMEM_CTX_INVALID;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0, &evens);
    if (me == 0 && shmem_team_create_ctx(evens, 0, &ectx) == 0)
      shmem_ctx_long_p(ectx, &gl[0], 1, shmem_team_n_pes(evens)); /* one past the team */
    shmem_barrier_all();
    if (me == 0) {
      fprintf(stderr, "openshmem_programs: the bad context put returned\n");
      return 1;
    }
    shmem_finalize();
    return 0;
  }
  else if (strcmp(c, "bad_pe") == 0 || strcmp(c, "bad_addr") == 0) {
    long on_stack[4] = {0};
    if (c[4] == 'p') shmem_long_put(gl, on_stack, 4, npes);
    else shmem_long_put(on_stack, gl, 4, 0);
    fprintf(stderr, "openshmem_programs: the bad put returned\n");
    return 1;
  }
  else {
    fprintf(stderr, "openshmem_programs: unknown case '%s'\n", c);
    return 2;
  }
  shmem_finalize();
  if (failures) return 1;
  printf("openshmem_programs %s: PE %d OK\n", c, me);
  return 0;
}
