// A kernel that misuses the device API must end with a message naming the
// PE, the call and the bad value (checked builds). Run by CTest with the
// mode as argument; the test passes on the expected message.
#include <shoal/launch.h>
#include <shoal/shoal.h>

#include <cstdio>
#include <cstring>

#include <signal.h>
#include <unistd.h>

namespace {

__global__ void bad_pe(int* sym) { shoal_int_p(sym, 1, shoal_n_pes() + 5); }
__global__ void outside_heap(int* local) { shoal_int_put(local, local, 4, 0); }
__global__ void bad_sig_op(uint64_t* sig) { shoal_signal_op(sig, 1, 7, 0); }
__global__ void misaligned(char* sym) { shoal_int_atomic_add(reinterpret_cast<int*>(sym + 2), 1, 0); }
// Hang diagnoses (run with SHOAL_TIMEOUT=1): a value that never comes, a
// barrier a PE never enters.
__global__ void wait_timeout(int* sym) { shoal_int_wait_until(sym + 3, SHOAL_CMP_EQ, 5); }
__global__ void wait_any_timeout(int* sym) { shoal_int_wait_until_any(sym + 4, 4, nullptr, SHOAL_CMP_GE, 9); }
__global__ void barrier_timeout() { shoal_barrier_all(); }
// A get through the proxy from a PE whose process is stopped (its worker
// never answers): the wait on the proxy's completion reports.
__global__ void proxy_get(int* sym, int* out) { *out = shoal_int_g(sym, 1); }

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: device_trap bad-pe|outside-heap|bad-sig-op|misaligned|wait-timeout|"
                         "wait-any-timeout|barrier-timeout|proxy-timeout\n");
    return 2;
  }
  if (shoal_init() != 0) return 3;
  auto* sym = static_cast<int*>(shoal_calloc(16, sizeof(int)));
  int* local = nullptr;
  cudaMalloc(&local, 64);
  cudaError_t e = cudaErrorInvalidValue;
  if (!std::strcmp(argv[1], "bad-pe")) e = shoal::launch(bad_pe, 1, 1, 0, nullptr, sym);
  if (!std::strcmp(argv[1], "outside-heap")) e = shoal::launch(outside_heap, 1, 1, 0, nullptr, local);
  if (!std::strcmp(argv[1], "bad-sig-op"))
    e = shoal::launch(bad_sig_op, 1, 1, 0, nullptr, reinterpret_cast<uint64_t*>(sym));
  if (!std::strcmp(argv[1], "misaligned"))
    e = shoal::launch(misaligned, 1, 1, 0, nullptr, reinterpret_cast<char*>(sym));
  if (!std::strcmp(argv[1], "wait-timeout")) e = shoal::launch(wait_timeout, 1, 1, 0, nullptr, sym);
  if (!std::strcmp(argv[1], "wait-any-timeout")) e = shoal::launch(wait_any_timeout, 1, 1, 0, nullptr, sym);
  if (!std::strcmp(argv[1], "barrier-timeout")) {
    if (shoal_my_pe() != 0) {  // PE 1 never enters the barrier
      sleep(4);
      std::printf("device_trap: PE %d did not enter the barrier\n", shoal_my_pe());
      std::fflush(stdout);
      _exit(0);
    }
    e = shoal::launch(barrier_timeout, 1, 1, 0, nullptr);
  }
  if (!std::strcmp(argv[1], "proxy-timeout")) {  // with SHOAL_DISABLE_P2P=1: PE 1 is proxied
    if (shoal_my_pe() == 1) shoal_int_p(sym + 8, static_cast<int>(getpid()), 0);
    shoal_barrier_all();
    if (shoal_my_pe() == 1) {
      shoal_quiet();  // its barrier traffic is out before it stops
      raise(SIGSTOP);
      _exit(0);
    }
    // Wait (up to 30 s) until PE 1's process is stopped ('T' in /proc/PID/stat).
    const int pid = shoal_int_g(sym + 8, 0);
    for (int i = 0; i < 3000; ++i) {
      char path[64], buf[256] = {};
      std::snprintf(path, sizeof path, "/proc/%d/stat", pid);
      FILE* f = std::fopen(path, "r");
      if (f) {
        const size_t n = std::fread(buf, 1, sizeof buf - 1, f);
        std::fclose(f);
        const char* close_paren = std::strrchr(buf, ')');
        if (n > 0 && close_paren && close_paren[1] == ' ' && close_paren[2] == 'T') break;
      }
      usleep(10000);
    }
    e = shoal::launch(proxy_get, 1, 1, 0, nullptr, sym, local);
  }
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  std::printf("device_trap: kernel returned (%s)\n", cudaGetErrorString(e));
  shoal_finalize();
  return 0;
}
