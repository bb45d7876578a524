/* Symmetric global and static variables (shoal_symmetric_globals, the
 * mechanism behind OpenSHMEM's symmetric data objects): a C program whose
 * remote targets are its own globals, initialised and zero ones, a static
 * in a function, a multi-page BSS array, run under shoalrun on one node
 * (P2P) and on simulated nodes (the proxy).
 *
 *   symmetric_globals [seed]     every check below; exit 1 on a wrong value
 *   symmetric_globals unbound    a put to a global without the call: must
 *                                end with the error naming it
 *
 * Every PE fills its globals from a seeded generator of (seed, PE), and
 * checks what it reads from, or finds written by, other PEs element by
 * element against the same generator. */
#include <shoal/shoal.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE 1000
#define BIG (3u << 20) /* spans many pages of .bss */

int table[TABLE] = {7, 7, 7};          /* .data */
long counter;                          /* .bss */
static double dstatic[64];             /* static .bss */
unsigned char big[BIG];                /* large .bss */
uint64_t sig;                          /* signal word */
long after_finalize = 42;              /* read and written after finalize */

static int me, npes, failures;

static uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
static uint64_t seed;
static int table_value(int pe, int i) { return (int)(mix(seed * 1000003u + (uint64_t)pe * 7919u + (uint64_t)i) & 0x7fffffff); }
static unsigned char big_value(int pe, size_t i) { return (unsigned char)mix(seed ^ ((uint64_t)pe << 40) ^ i); }

static void expect(int ok, const char* what, long long index, long long got, long long want) {
  if (ok) return;
  if (++failures <= 10)
    fprintf(stderr, "symmetric_globals: PE %d: %s[%lld] is %lld, expected %lld\n", me, what, index,
            got, want);
}

static int* local_flag(void) {
  static int flag; /* a static inside a function is symmetric too */
  return &flag;
}

int main(int argc, char** argv) {
  if (shoal_init() != 0) return 2;
  me = shoal_my_pe();
  npes = shoal_n_pes();
  if (argc > 1 && strcmp(argv[1], "unbound") == 0) {
    int v = 1;
    shoal_int_put(&table[0], &v, 1, (me + 1) % npes); /* must end the job with the message */
    fprintf(stderr, "symmetric_globals: the put to an unbound global returned\n");
    return 1;
  }
  seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 20261207u;
  if (me == 0) printf("symmetric_globals: seed %llu, %d PEs\n", (unsigned long long)seed, npes);
  if (table[0] != 7 || table[1] != 7 || table[3] != 0) {
    fprintf(stderr, "symmetric_globals: initialised data changed before binding\n");
    return 1;
  }
  if (shoal_symmetric_globals() != 0) return 1;
  /* The initialiser survived the move into the heap. */
  expect(table[0] == 7 && table[2] == 7 && table[3] == 0, "table after binding", 0, table[0], 7);
  const int next = (me + 1) % npes, prev = (me + npes - 1) % npes;

  /* get: every element of the next PE's .data array. */
  for (int i = 0; i < TABLE; ++i) table[i] = table_value(me, i);
  shoal_barrier_all();
  int* got = malloc(sizeof(int) * TABLE);
  for (int i = 0; i < TABLE; ++i) got[i] = -1; /* poison */
  shoal_int_get(got, table, TABLE, next);
  for (int i = 0; i < TABLE; ++i) expect(got[i] == table_value(next, i), "get table", i, got[i], table_value(next, i));
  for (int i = 0; i < TABLE; i += 97) {
    int g = shoal_int_g(&table[i], prev);
    expect(g == table_value(prev, i), "g table", i, g, table_value(prev, i));
  }

  /* put: the whole multi-page BSS array into the next PE, then a strided
   * part of a static array. */
  unsigned char* src = malloc(BIG);
  for (size_t i = 0; i < BIG; ++i) src[i] = big_value(me, i);
  memset(big, 0xEE, BIG); /* poison: every byte is overwritten by prev */
  shoal_barrier_all();
  shoal_putmem(big, src, BIG, next);
  double d[32];
  for (int i = 0; i < 32; ++i) d[i] = me * 100.0 + i;
  shoal_double_iput(dstatic, d, 2, 1, 32, next);
  shoal_barrier_all();
  for (size_t i = 0; i < BIG; ++i)
    if (big[i] != big_value(prev, i)) expect(0, "big", (long long)i, big[i], big_value(prev, i));
  for (int i = 0; i < 64; ++i) {
    double want = i % 2 == 0 ? prev * 100.0 + i / 2 : 0.0;
    expect(dstatic[i] == want, "dstatic", i, (long long)dstatic[i], (long long)want);
  }

  /* atomics on a global at PE 0; put_signal into a function's static. */
  shoal_long_atomic_add(&counter, me + 1, 0);
  long before = shoal_long_atomic_fetch_add(&counter, 1000, 0);
  const long want = (long)npes * (npes + 1) / 2 + 1000L * npes;
  expect(before >= 0 && before < want, "counter fetch_add", 0, before, 0);
  int token = 1000 + me;
  shoal_int_put_signal(local_flag(), &token, 1, &sig, 1, SHOAL_SIGNAL_ADD, next);
  shoal_signal_wait_until(&sig, SHOAL_CMP_GE, 1);
  expect(*local_flag() == 1000 + prev, "local_flag", 0, *local_flag(), 1000 + prev);
  shoal_barrier_all();
  if (me == 0) expect(counter == want, "counter", 0, counter, want);

  /* Queries agree with the mechanism: a global is reachable by load/store
   * on the same node, a stack variable never is. */
  int on_stack = 0;
  expect(shoal_ptr(&counter, me) != NULL, "shoal_ptr(global, me)", 0, 0, 1);
  expect(shoal_ptr(&on_stack, me) == NULL, "shoal_ptr(stack, me)", 0, 1, 0);
  long* peer = (long*)shoal_ptr(&counter, 0);
  if (peer) expect(*peer == want, "load through shoal_ptr(counter, 0)", 0, *peer, want);

  shoal_barrier_all();
  shoal_finalize();
  /* Private again, contents kept: the program's globals outlive shoal. */
  expect(table[5] == table_value(me, 5), "table after finalize", 5, table[5], table_value(me, 5));
  after_finalize += me;
  expect(after_finalize == 42 + me, "after_finalize", 0, after_finalize, 42 + me);
  free(got);
  free(src);
  if (failures) {
    fprintf(stderr, "symmetric_globals: PE %d: %d wrong values\n", me, failures);
    return 1;
  }
  printf("symmetric_globals: PE %d OK\n", me);
  return 0;
}
