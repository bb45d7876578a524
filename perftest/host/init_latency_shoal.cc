// The PE side of `init_latency --what shoal`: the full shoal_init (bootstrap,
// configuration check, 1 GiB symmetric heap, descriptor exchange with
// node-local peers, teams, device state), then shoal_barrier_all. Prints,
// on PE 0, the latest PE's time at which its first barrier returned.
#include <shoal/shoal.h>

#include <algorithm>
#include <cstdio>
#include <ctime>

int main() {
  if (shoal_init() != 0) return 1;
  shoal_barrier_all();
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  long long t = ts.tv_sec * 1000000000ll + ts.tv_nsec;
  const int me = shoal_my_pe(), n = shoal_n_pes();
  auto* all = static_cast<long long*>(shoal_calloc(n, sizeof(long long)));
  shoal_longlong_p(&all[me], t, 0);
  shoal_barrier_all();
  if (me == 0) std::printf("INIT_DONE_NS %lld shoal\n", *std::max_element(all, all + n));
  std::fflush(stdout);
  shoal_free(all);
  shoal_finalize();
  return 0;
}
