// An OpenSHMEM program in C++ (built with oshc++): each PE writes its number
// into a global array on every PE, then checks all of them.
#include <shmem.h>
#include <shmemx.h>

#include <cstdio>

int seen[64];

int main() {
  shmem_init();
  const int me = shmem_my_pe(), n = shmem_n_pes();
  if (n > 64) return 2;
  for (int pe = 0; pe < n; ++pe) seen[pe] = -1;
  shmem_barrier_all();
  for (int pe = 0; pe < n; ++pe) shmem_int_p(&seen[me], 100 + me, pe);
  shmem_barrier_all();
  int bad = 0;
  for (int pe = 0; pe < n; ++pe)
    if (seen[pe] != 100 + pe) {
      std::fprintf(stderr, "openshmem_hello: PE %d: seen[%d] is %d, expected %d\n", me, pe, seen[pe], 100 + pe);
      bad = 1;
    }
  shmem_team_t node = SHMEMX_TEAM_NODE;
  const int node_pes = shmem_team_n_pes(node);
  shmem_finalize();
  if (!bad) std::printf("openshmem_hello: PE %d of %d OK (%d on this node)\n", me, n, node_pes);
  return bad;
}
