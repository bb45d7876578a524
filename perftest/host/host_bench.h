// Helpers shared by the shoal host perftest programs (perftest/host/*.cc):
// start-up, pairing of PEs and the failure path for data checks.
#pragma once

#include <shoal/shoal.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

#include "perftest/common/options.h"

namespace shoal::perftest {

// Initialises shoal or exits 2 with a message.
inline void init_or_exit(const char* name) {
  if (shoal_init() != 0) {
    std::fprintf(stderr, "%s: shoal_init failed (run under shoalrun, mpirun or srun)\n", name);
    std::exit(2);
  }
}

// Programs that only issue from the host thread (bw and stream_latency take
// --issue on_stream; see stream_bench.h).
inline void require_host_issue(const Options& o, const char* name) {
  if (o.issue != Issue::host) {
    std::fprintf(stderr, "%s: only --issue host applies to this program\n", name);
    std::exit(2);
  }
}

// For pair programs: ends the job (exit 2 after finalize) below 2 PEs.
inline void require_two_pes(const char* name) {
  if (shoal_n_pes() >= 2) return;
  if (shoal_my_pe() == 0) std::fprintf(stderr, "%s: needs at least 2 PEs\n", name);
  shoal_finalize();
  std::exit(2);
}

// Pairs (0,1), (2,3), ...: the partner of `pe`, or -1 for the last PE of an
// odd count.
inline int pair_partner(int pe, int n) {
  int p = pe ^ 1;
  return p < n ? p : -1;
}

// A data check failed: say where and end the whole job non-zero.
[[noreturn]] inline void data_error(const char* fmt, ...) {
  std::va_list ap;
  va_start(ap, fmt);
  std::fprintf(stderr, "[PE %d] DATA CHECK FAILED: ", shoal_my_pe());
  std::vfprintf(stderr, fmt, ap);
  std::fputc('\n', stderr);
  va_end(ap);
  std::fflush(stderr);
  shoal_global_exit(3);
  std::abort();
}

}  // namespace shoal::perftest
