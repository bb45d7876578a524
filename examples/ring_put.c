/* ring_put: every PE sends a block of data to its right neighbour with
 * put_signal, waits for the block from its left neighbour, checks it, and
 * passes a token around the ring with atomics. Plain C, host API only.
 * The symmetric heap may be GPU memory (cuda platform): the host reads it
 * with shoal_get/shoal_g (from its own PE), never by dereferencing.
 *
 *   shoalrun -n 4 ./ring_put
 */
#include <shoal/shoal.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4096

int main(void) {
  if (shoal_init() != 0) return 1;
  int me = shoal_my_pe(), npes = shoal_n_pes();
  int right = (me + 1) % npes, left = (me + npes - 1) % npes;

  long* block = shoal_malloc(N * sizeof(long));    /* symmetric: same offset on every PE */
  uint64_t* ready = shoal_calloc(1, sizeof(uint64_t));
  long* token = shoal_calloc(1, sizeof(long));
  long* mine = malloc(N * sizeof(long));
  long* got = malloc(N * sizeof(long));
  if (!block || !ready || !token || !mine || !got) return 1;
  for (int i = 0; i < N; ++i) mine[i] = (long)me * 1000003L + i;

  /* Data first, then the signal: the receiver that sees ready == 1 sees the data. */
  shoal_long_put_signal(block, mine, N, ready, 1, SHOAL_SIGNAL_SET, right);
  shoal_signal_wait_until(ready, SHOAL_CMP_EQ, 1);
  shoal_long_get(got, block, N, me);
  int errors = 0;
  for (int i = 0; i < N; ++i)
    if (got[i] != (long)left * 1000003L + i) ++errors;

  /* The token goes round the ring once: PE k waits for k, then hands k+1 on. */
  if (me != 0) shoal_long_wait_until(token, SHOAL_CMP_EQ, me);
  shoal_long_atomic_add(token, me + 1, right); /* right's token becomes right (PE 0: npes) */
  if (me == 0) shoal_long_wait_until(token, SHOAL_CMP_EQ, npes);

  shoal_barrier_all();
  const long tok = shoal_long_g(token, me);
  printf("PE %d of %d: block from PE %d %s, token %ld\n", me, npes, left,
         errors ? "CORRUPT" : "ok", tok);
  int all_ok = errors == 0 && (me != 0 || tok == npes);
  shoal_barrier_all();
  if (me == 0 && all_ok) printf("ring_put: OK\n");
  free(got);
  free(mine);
  shoal_free(token);
  shoal_free(ready);
  shoal_free(block);
  shoal_finalize();
  return all_ok ? 0 : 1;
}
