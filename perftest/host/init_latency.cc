// init_latency: wall time from launching a job to the first completed
// bootstrap barrier on every PE, for 2, 4 and 8 PEs under shoalrun and mpirun.
//
//   init_latency [--np 2,4,8] [--reps 5] [--launchers shoalrun,mpirun] [--what bootstrap|shoal]
//
// The driver notes the time, starts `<launcher> -n N init_latency --pe`, and
// each PE reports when its first barrier returned (CLOCK_REALTIME, one host);
// the job's latency is the latest PE's time minus the launch time, so it
// includes the launcher's own start. --what bootstrap (default) times the bare
// bootstrap; --what shoal times the whole shoal_init + shoal_barrier_all
// (init_latency_shoal), which is what an application waits for.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "bootstrap/bootstrap.h"

namespace {

long long now_ns() {
  timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return t.tv_sec * 1000000000ll + t.tv_nsec;
}

int pe_main() {
  std::unique_ptr<shoal::bootstrap::Bootstrap> b;
  if (shoal::bootstrap::create({}, &b) != shoal::Status::ok) return 1;
  if (b->barrier() != shoal::Status::ok) return 1;
  long long t = now_ns();
  std::vector<long long> all(b->info().size);
  if (b->allgather(&t, all.data(), sizeof t) != shoal::Status::ok) return 1;
  if (b->info().rank == 0)
    std::printf("INIT_DONE_NS %lld %s\n", *std::max_element(all.begin(), all.end()), b->name());
  std::fflush(stdout);
  return b->finalize() == shoal::Status::ok ? 0 : 1;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::size_t p = 0;
  while (p <= s.size()) {
    std::size_t q = s.find(',', p);
    if (q == std::string::npos) q = s.size();
    if (q > p) out.push_back(s.substr(p, q - p));
    p = q + 1;
  }
  return out;
}

// Runs one job; returns seconds from launch to the last PE's first barrier, or -1.
double run_once(const std::string& launcher, int np, const std::string& pe_cmd) {
  std::string cmd;
  if (launcher == "shoalrun") {
    cmd = std::string(SHOALRUN_PATH) + " -n " + std::to_string(np) + " " + pe_cmd;
  } else {
    cmd = "mpirun --oversubscribe" + std::string(getuid() == 0 ? " --allow-run-as-root" : "") +
          " -np " + std::to_string(np) + " " + pe_cmd;
  }
  long long t0 = now_ns();
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return -1;
  char line[256];
  long long done = -1;
  while (std::fgets(line, sizeof line, p)) {
    long long v;
    if (std::sscanf(line, "INIT_DONE_NS %lld", &v) == 1) done = v;
  }
  int st = pclose(p);
  if (done < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) return -1;
  return (done - t0) / 1e9;
}

}  // namespace

int main(int argc, char** argv) {
  std::string nps = "2,4,8", launchers = "shoalrun,mpirun", what = "bootstrap";
  int reps = 5;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--pe") return pe_main();
    if (a == "--np" && i + 1 < argc) nps = argv[++i];
    else if (a == "--reps" && i + 1 < argc) reps = std::atoi(argv[++i]);
    else if (a == "--launchers" && i + 1 < argc) launchers = argv[++i];
    else if (a == "--what" && i + 1 < argc && (std::string(argv[i + 1]) == "bootstrap" ||
                                                std::string(argv[i + 1]) == "shoal")) what = argv[++i];
    else {
      std::fprintf(stderr, "usage: init_latency [--np 2,4,8] [--reps N] [--launchers shoalrun,mpirun] "
                           "[--what bootstrap|shoal]\n");
      return 2;
    }
  }
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return 1;
  self[n] = '\0';
  std::string pe_cmd = what == "shoal" ? std::string(INIT_LATENCY_SHOAL_PATH) : std::string(self) + " --pe";
  std::printf("%-9s %3s %9s %9s %9s   (seconds from launch to the first %s barrier on every PE, %d runs)\n",
              "launcher", "PEs", "median", "min", "max", what == "shoal" ? "shoal_init +" : "bootstrap", reps);
  int rc = 0;
  for (const std::string& l : split(launchers)) {
    for (const std::string& np : split(nps)) {
      std::vector<double> t;
      for (int r = 0; r < reps; ++r) {
        double s = run_once(l, std::atoi(np.c_str()), pe_cmd);
        if (s < 0) {
          std::fprintf(stderr, "init_latency: %s -n %s failed\n", l.c_str(), np.c_str());
          rc = 1;
          break;
        }
        t.push_back(s);
      }
      if (t.empty()) continue;
      std::sort(t.begin(), t.end());
      std::printf("%-9s %3s %9.3f %9.3f %9.3f\n", l.c_str(), np.c_str(), t[t.size() / 2], t.front(),
                  t.back());
      std::fflush(stdout);
    }
  }
  return rc;
}
