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
//            ep              an EP low-latency dispatch waiting for the victim's rows
//            ep-masked       the same with masking on: the others finish without the victim
//            ibgda-quiet     a kernel's quiet after a put to the victim over IBGDA (two simulated
//                            nodes, the emulator, PE 0's QP to the victim stalled by
//                            SHOAL_IBGDA_EMU_FAULT), then a wait_until
//     HOW    kill (SIGKILL itself), exit (exit status 3 without finalize), abort (shoal_global_exit(5))
//   Survivors that return print "pe_death: PE n returned" and exit 0 (a test failure).
#include <shoal/launch.h>
#include <shoal/shoal.h>
#include <shoal/coll_on_stream.h>
#include <shoal/ep.h>

#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "host/testing.h"

namespace {

__global__ void wait_kernel(int* flag) { shoal_int_wait_until(flag, SHOAL_CMP_EQ, 1); }
__global__ void barrier_kernel() { shoal_barrier_all(); }
__global__ void put_quiet_wait(int* sym, int victim) {
  shoal_int_p(sym + 1, 1, victim);
  shoal_quiet();
  shoal_int_wait_until(sym, SHOAL_CMP_EQ, 1);
}

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
  const int me = shoal_my_pe(), n = shoal_n_pes();
  auto* sym = static_cast<int*>(shoal_calloc(64, sizeof(int)));
  // EP: one expert per rank, every token to the next ranks' experts.
  const bool ep = point == "ep" || point == "ep-masked";
  constexpr int kTokens = 4, kHidden = 128;
  shoal::ep::Config cfg(kTokens, kHidden, n, 1, shoal::ep::DType::bf16);
  cfg.enable_masking = point == "ep-masked";
  cfg.num_blocks = 1;
  std::unique_ptr<shoal::ep::Buffer> buf;
  void* x = nullptr;
  void* idx = nullptr;
  if (ep) {
    buf = std::make_unique<shoal::ep::Buffer>(cfg);
    cudaMalloc(&x, kTokens * kHidden * 2);
    cudaMemset(x, 0, kTokens * kHidden * 2);
    std::vector<long long> topk(kTokens);
    for (int t = 0; t < kTokens; ++t) topk[t] = (me + 1 + t) % n;
    cudaMalloc(&idx, sizeof(long long) * kTokens);
    cudaMemcpy(idx, topk.data(), sizeof(long long) * kTokens, cudaMemcpyHostToDevice);
  }
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
  } else if (point == "ibgda-quiet") {
    e = shoal::launch(put_quiet_wait, 1, 1, 0, s, sym, g_victim);
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
  } else if (ep) {
    buf->dispatch_ll(x, idx, kTokens, 1, s);
  }
  if (e == cudaSuccess) e = cudaStreamSynchronize(s);
  if (point == "ep-masked") {
    std::vector<int> mask = buf->query_mask(s);
    std::printf("pe_death: PE %d finished the masked dispatch (mask of rank %d: %d)\n", me, g_victim,
                mask[g_victim]);
    std::fflush(stdout);
    _exit(0);
  }
  std::printf("pe_death: PE %d returned (%s)\n", me, cudaGetErrorString(e));
  return 0;
}
