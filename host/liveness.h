// Liveness: what a PE does when another PE of its job fails (dies,
// disconnects, aborts) or its hub is lost. The bootstrap's watch
// (bootstrap.h) reports it; the runtime records it in the job-failure word,
// which every host wait (host/wait.h) and, through the device state
// (State::failed, host-mapped memory written only by the host), every device
// wait polls. Waits then end at once with a line naming the failed PE and
// what they waited for. A PE that is not waiting in shoal ends
// SHOAL_FAILURE_GRACE seconds later, so no survivor outlives a dead peer by
// more than that (docs/failures.md).
#pragma once

#include <cstdint>

#include "base/status.h"

namespace shoal {

struct Runtime;

// Right after the bootstrap is created: starts its watch (nothing where the
// bootstrap cannot watch: mpi, pmix with PMIx collectives).
void liveness_start(Runtime& r);
// After the GPU is bound: the device-visible copy of the word.
Status liveness_map(Runtime& r);
// At the end of a successful init: from now on a failure also ends this PE
// after SHOAL_FAILURE_GRACE (a failed init only returns its error).
void liveness_arm();
// Where device code reads the word (null before liveness_map).
const volatile std::uint32_t* liveness_device_word();
// finalize (after the last barrier: PEs leaving later are not failures) and
// failed inits: stops the watch, frees the device word.
void liveness_stop(Runtime& r);

// 0 while the job is healthy; else 1 + the PE blamed (n_pes: unknown).
std::uint32_t job_failure_word();
inline bool job_failed() { return job_failure_word() != 0; }
// The failure in one line ("PE 1 disconnected (it exited or was killed)").
const char* job_failure_reason();

}  // namespace shoal
