// Exchange of file descriptors among the PEs of one node (heap segments on
// sim, CUDA VMM handles on cuda) over Unix sockets with SCM_RIGHTS.
//
// Each PE listens on an abstract-namespace socket with a random 128-bit name
// (nothing appears in the file system, nothing survives the process), the
// names travel through the bootstrap, and every message carries a job secret
// chosen by rank 0 and checked together with the sender's credentials
// (SO_PEERCRED: same uid). Collective over all PEs of the job.
#pragma once

#include <vector>

#include "base/status.h"
#include "bootstrap/bootstrap.h"

namespace shoal {

// Sends `my_fd` to every other PE of this node and returns theirs in
// (*peer_fds_p)[pe] (-1 for this PE and PEs on other nodes). node_of_pe[pe]
// names each PE's node as every PE sees it (derived from allgathered data,
// so all sides agree on who exchanges with whom). The caller owns the
// received descriptors.
Status fd_exchange(bootstrap::Bootstrap& boot, const std::vector<int>& node_of_pe, int my_fd,
                   double timeout_s, std::vector<int>* peer_fds_p);

}  // namespace shoal
