// Host-side completion of IBGDA work over a real NIC (DevxBackend::drain,
// for host quiet, barriers and finalize): only device code polls a QP's CQ
// (its consumer index is device-side state, and on cuda the CQ is GPU
// memory), so the host runs the device quiet on every QP in a kernel.
#pragma once

#include <cstdint>
#include <string>

#include "shoal/layout/mlx5_qp.h"

namespace shoal {

// Runs mlx5::quiet on each of qps[0, n) (entries with a null SQ skipped) in
// one kernel on a non-blocking stream of GPU `device`, so it neither waits
// for nor blocks kernels on other streams; waits at most timeout_s for it.
// "" or what failed (the launch, or the kernel still running). Each QP's
// own wait reports and fails the QP after its timeout_ns.
std::string ibgda_quiet_on_device(mlx5::qp* qps, std::uint32_t n, double timeout_s, int device);

}  // namespace shoal
