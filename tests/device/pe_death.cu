// A PE that dies on purpose while the others are inside shoal: the others
// must end by themselves within seconds, non-zero, with a line naming the
// dead PE and what they waited for (docs/failures.md). Run by
// pe_death_test.py under shoalrun, uid_launch (no launcher teardown), mpirun
// and on two simulated nodes.
//
//   pe_death POINT VICTIM HOW
//     POINT  where the others are when VICTIM dies:
//            init            inside shoal_init (the victim dies in the middle of it)
//            wait            a kernel in shoal_int_wait_until on a variable nobody sets
//            device-barrier  a kernel in shoal_barrier_all
//            collective      shoal_int_sum_reduce_on_stream over the world team
//            host-barrier    shoal_barrier_all on the host
//            host-wait       shoal_int_wait_until on the host
//            compute         not in shoal at all (a sleep loop): ended by SHOAL_FAILURE_GRACE
//     HOW    kill (SIGKILL itself), exit (exit status 3 without finalize), abort (shoal_global_exit(5))
//   Survivors that return print "pe_death: PE n returned" and exit 0 (a test failure).
#include <shoal/launch.h>
#include <shoal/shoal.h>
#include <shoal/coll_on_stream.h>

#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "host/testing.h"

namespace {

__global__ void wait_kernel(int* flag) { shoal_int_wait_until(flag, SHOAL_CMP_EQ, 1); }
__global__ void barrier_kernel() { shoal_barrier_all(); }

int g_victim = -1;
std::string g_how;

void die(int pe) {
  if (pe != g_victim) return;
  std::fprintf(stderr, "pe_death: PE %d dies (%s)\n", pe, g_how.c_str());
  std::fflush(stderr);
  if (g_how == "kill") raise(SIGKILL);
  if (g_how == "exit") _exit(3);
  shoal_global_exit(5);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: pe_death init|wait|device-barrier|collective|host-barrier|host-wait|compute "
                         "VICTIM kill|exit|abort\n");
    return 2;
  }
  const std::string point = argv[1];
  g_victim = std::atoi(argv[2]);
  g_how = argv[3];
  if (g_how != "kill" && g_how != "exit" && g_how != "abort") return 2;
  if (point == "init") shoal::testing::set_init_hook(die);
  if (shoal_init() != 0) {
    std::fprintf(stderr, "pe_death: shoal_init failed\n");
    return 1;
  }
  const int me = shoal_my_pe();
  auto* sym = static_cast<int*>(shoal_calloc(64, sizeof(int)));
  shoal_barrier_all();
  if (me == g_victim) {
    usleep(300000);  // the others are inside by now
    die(me);
  }
  cudaStream_t s = nullptr;
  cudaStreamCreate(&s);
  cudaError_t e = cudaSuccess;
  if (point == "wait") {
    e = shoal::launch(wait_kernel, 1, 1, 0, s, sym);
  } else if (point == "device-barrier") {
    e = shoal::launch(barrier_kernel, 1, 1, 0, s);
  } else if (point == "collective") {
    shoal_int_sum_reduce_on_stream(SHOAL_TEAM_WORLD, sym + 16, sym, 8, s);
  } else if (point == "host-barrier") {
    shoal_barrier_all();
  } else if (point == "host-wait") {
    shoal_int_wait_until(sym, SHOAL_CMP_EQ, 1);
  } else if (point == "compute") {
    for (int i = 0; i < 600; ++i) usleep(100000);
  }
  if (e == cudaSuccess) e = cudaStreamSynchronize(s);
  std::printf("pe_death: PE %d returned (%s)\n", me, cudaGetErrorString(e));
  return 0;
}
