// uid_launch: starts N PEs "by hand" for the uid bootstrap, as a torchrun-like
// launcher would: creates a unique id, passes it to every PE through the
// environment (SHOAL_BOOTSTRAP=uid, SHOAL_UNIQUEID, SHOAL_UID_RANK,
// SHOAL_UID_SIZE) and waits for all of them. Unlike shoalrun it does not kill
// the others when one fails: the tests check that the PEs end by themselves.
//
//   uid_launch -n N [--timeout S] [--bad-secret-rank R] [--] prog args...
// Exit 0 when all exit 0; 1 when any fails (one line per failed PE); 124 when
// any is still running after S seconds (then all are killed).
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "bootstrap/uid.h"
#include "shoal/bootstrap.h"

int main(int argc, char** argv) {
  int n = 0, bad = -1;
  double timeout = 300;
  int i = 1;
  for (; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-n" && i + 1 < argc) n = std::atoi(argv[++i]);
    else if (a == "--timeout" && i + 1 < argc) timeout = std::atof(argv[++i]);
    else if (a == "--bad-secret-rank" && i + 1 < argc) bad = std::atoi(argv[++i]);
    else if (a == "--") { ++i; break; }
    else break;
  }
  if (n < 1 || i >= argc) {
    std::fprintf(stderr, "usage: uid_launch -n N [--timeout S] [--bad-secret-rank R] [--] prog args...\n");
    return 2;
  }
  shoal_uniqueid_t id;
  if (shoal::bootstrap::uid_create(id.internal, sizeof id.internal) != shoal::Status::ok) return 1;
  // The PEs are separate programs: rank 0 binds the id's port itself.
  shoal::bootstrap::uid_release();
  std::string hex = shoal::bootstrap::uid_to_string(id.internal);
  shoal_uniqueid_t wrong = id;
  wrong.internal[24] ^= 0x5a;  // first byte of the secret
  std::string bad_hex = shoal::bootstrap::uid_to_string(wrong.internal);
  std::vector<pid_t> pids(n);
  for (int r = 0; r < n; ++r) {
    pid_t pid = fork();
    if (pid == 0) {
      setenv("SHOAL_BOOTSTRAP", "uid", 1);
      setenv("SHOAL_UNIQUEID", r == bad ? bad_hex.c_str() : hex.c_str(), 1);
      setenv("SHOAL_UID_RANK", std::to_string(r).c_str(), 1);
      setenv("SHOAL_UID_SIZE", std::to_string(n).c_str(), 1);
      execvp(argv[i], argv + i);
      std::fprintf(stderr, "uid_launch: cannot run %s: %s\n", argv[i], std::strerror(errno));
      _exit(127);
    }
    pids[r] = pid;
  }
  auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout);
  int left = n, rc = 0;
  std::vector<bool> done(n, false);
  while (left > 0) {
    int st;
    pid_t pid = waitpid(-1, &st, WNOHANG);
    if (pid <= 0) {
      if (std::chrono::steady_clock::now() > end) {
        for (int r = 0; r < n; ++r) {
          if (done[r]) continue;
          std::fprintf(stderr, "uid_launch: rank %d still running after %g s (hang); killing it\n", r, timeout);
          kill(pids[r], SIGKILL);
        }
        while (wait(nullptr) > 0) {
        }
        return 124;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      continue;
    }
    for (int r = 0; r < n; ++r) {
      if (pids[r] != pid) continue;
      done[r] = true;
      --left;
      if (WIFEXITED(st) && WEXITSTATUS(st) == 0) break;
      rc = 1;
      if (WIFEXITED(st))
        std::fprintf(stderr, "uid_launch: rank %d exited with status %d\n", r, WEXITSTATUS(st));
      else
        std::fprintf(stderr, "uid_launch: rank %d was killed by signal %d (SIG%s)\n", r,
                     WTERMSIG(st), sigabbrev_np(WTERMSIG(st)));
    }
  }
  return rc;
}
