// A PE program that misbehaves on purpose, for the failure tests
// (failure_test.py). Usage: bootstrap_fault MODE
//   ok        init, barrier, finalize; rank 0 prints "fault-ok"
//   exit3     rank 1 exits with status 3 after init; the others wait in a barrier
//   exit3-slow rank 1 drops its bootstrap connections, then exits with status 3
//             300 ms later: the others fail (and exit) before it does
//   kill9     rank 1 SIGKILLs itself while the others wait in a barrier
//   kill0     rank 0 (the uid hub) SIGKILLs itself while the others wait in a barrier
//   abort     rank 1 calls abort(5, ...) while the others wait in a barrier
//   hang      rank 1 sleeps 600 s instead of entering the barrier
//   mismatch  rank 0 calls allgather, the others barrier
//   sleep     everyone sleeps 600 s (shoalrun --timeout)
// A PE whose bootstrap call fails exits 1 after the bootstrap's own error line.
#include <dirent.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "bootstrap/bootstrap.h"
#include "base/log.h"

using shoal::Status;

namespace {

// Shuts down every socket of this process (its bootstrap connections).
void drop_sockets() {
  DIR* d = ::opendir("/proc/self/fd");
  if (!d) return;
  while (dirent* e = ::readdir(d)) {
    int fd = std::atoi(e->d_name);
    struct stat st {};
    if (e->d_name[0] != '.' && ::fstat(fd, &st) == 0 && S_ISSOCK(st.st_mode))
      ::shutdown(fd, SHUT_RDWR);
  }
  ::closedir(d);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: bootstrap_fault MODE\n");
    return 2;
  }
  std::string mode = argv[1];
  if (mode == "sleep") {
    ::sleep(600);
    return 0;
  }
  std::unique_ptr<shoal::bootstrap::Bootstrap> b;
  if (shoal::bootstrap::create({}, &b) != Status::ok) return 1;
  int rank = b->info().rank;
  shoal::log_set_pe(rank);
  if (rank == 0 && mode == "kill0") ::raise(SIGKILL);
  if (rank == 1) {
    if (mode == "exit3") std::_Exit(3);
    if (mode == "exit3-slow") {
      drop_sockets();
      ::usleep(300'000);
      std::_Exit(3);
    }
    if (mode == "kill9") ::raise(SIGKILL);
    if (mode == "abort") b->abort(5, "fault test abort");
    if (mode == "hang") ::sleep(600);
  }
  if (mode == "mismatch" && rank == 0) {
    long v = 0;
    long out[64];
    if (b->info().size <= 64 && b->allgather(&v, out, sizeof v) != Status::ok) return 1;
  } else if (b->barrier() != Status::ok) {
    return 1;
  }
  if (b->finalize() != Status::ok) return 1;
  if (rank == 0) std::printf("fault-ok\n");
  return 0;
}
