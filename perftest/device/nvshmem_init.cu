// Start-up of the NVSHMEM build of the device perftests (backend.h): shoal's
// bootstrap (shoalrun, or mpirun/srun through shoal's PMIx plugin) gives the
// job's ranks; rank 0's NVSHMEM unique id travels through it, and NVSHMEM is
// initialised from that id. No MPI and no NVSHMEM launcher are needed, so
// both builds of a perftest start the same way.
#include <cstdio>
#include <memory>

#include <cuda_runtime_api.h>

#include "bootstrap/bootstrap.h"
#include "perftest/device/backend.h"

namespace {

std::unique_ptr<shoal::bootstrap::Bootstrap> g_boot;
char g_library[64] = "nvshmem";

}  // namespace

int perftest_init() {
  if (shoal::bootstrap::create(shoal::bootstrap::Options{}, &g_boot) != shoal::Status::ok) {
    std::fprintf(stderr, "perftest (nvshmem build): shoal's bootstrap failed; run under shoalrun, mpirun or srun\n");
    return 1;
  }
  const shoal::bootstrap::Info& info = g_boot->info();
  int gpus = 0;
  if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus < 1) {
    std::fprintf(stderr, "[rank %d] perftest (nvshmem build): no CUDA GPU visible\n", info.rank);
    return 1;
  }
  if (cudaSetDevice(info.local_rank % gpus) != cudaSuccess) {
    std::fprintf(stderr, "[rank %d] perftest (nvshmem build): cudaSetDevice(%d) failed\n", info.rank,
                 info.local_rank % gpus);
    return 1;
  }
  nvshmemx_uniqueid_t id = NVSHMEMX_UNIQUEID_INITIALIZER;
  int rc = 0;
  if (info.rank == 0) rc = nvshmemx_get_uniqueid(&id);
  // Every rank takes part in the broadcast even when rank 0 failed, so the
  // others learn of it instead of waiting.
  if (g_boot->broadcast(&rc, sizeof rc, 0) != shoal::Status::ok ||
      g_boot->broadcast(&id, sizeof id, 0) != shoal::Status::ok) {
    std::fprintf(stderr, "[rank %d] perftest (nvshmem build): broadcasting the unique id failed\n", info.rank);
    return 1;
  }
  if (rc != 0) {
    std::fprintf(stderr, "[rank %d] perftest (nvshmem build): nvshmemx_get_uniqueid failed on rank 0 (%d)\n",
                 info.rank, rc);
    return 1;
  }
  nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER;
  rc = nvshmemx_set_attr_uniqueid_args(info.rank, info.size, &id, &attr);
  if (rc == 0) rc = nvshmemx_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID, &attr);
  if (rc != 0) {
    std::fprintf(stderr, "[rank %d] perftest (nvshmem build): nvshmemx_init_attr failed (%d)\n", info.rank, rc);
    return 1;
  }
  std::snprintf(g_library, sizeof g_library, "nvshmem %d.%d.%d", NVSHMEM_VENDOR_MAJOR_VERSION,
                NVSHMEM_VENDOR_MINOR_VERSION, NVSHMEM_VENDOR_PATCH_VERSION);
  return 0;
}

void perftest_finalize() {
  nvshmem_finalize();
  if (g_boot) {
    (void)g_boot->finalize();
    g_boot.reset();
  }
}

const char* perftest_library() { return g_library; }
