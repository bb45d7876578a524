// The device-side state of a PE: what kernels need to reach other PEs. The
// host runtime fills it at shoal_init (host/device_state.cc) and uploads it.
//
// Where it lives:
//   cuda: a __constant__ copy per translation unit that includes this header
//         (no relocatable device code needed). Each TU registers an upload
//         function at load time; shoal_init calls every registered one, and a
//         module loaded after init is uploaded at registration.
//   sim:  one global inside libshoal, where the sim build of the device code
//         lives (kernels call into it).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime.h>

#include "device/arch/platform.h"

namespace shoal::proxy {
struct Ring;  // shoal/layout/proxy_ring.h
}  // namespace shoal::proxy

namespace shoal::device {

struct Ibgda;  // shoal/layout/ibgda_table.h

constexpr int kBarrierRounds = 32;

// One entry of the device team table (index = team handle). size 0: no
// such team on this PE (destroyed, never created, or not a member).
struct Team {
  int size;            // members
  int my_index;        // this PE's index, -1 if not a member
  const int* members;  // world PE of each member (device memory)
  uint64_t sync_offset;  // heap offset: kBarrierRounds uint64 flags + 1 uint64 epoch (device barriers)
  uint64_t scratch_offset;  // heap offset of the team's collective scratch
  uint64_t scratch_bytes;
  int remote;  // 1: some pair of members has no P2P mapping between them (agreed by all
               //   members), so the collectives take their remote path (coll.cuh)
};

struct State {
  int my_pe;
  int n_pes;
  char* heap_base;           // this PE's heap (device address)
  uint64_t heap_size;
  char* const* peer_base;    // [n_pes] peer heap bases in this PE's address space, null if not P2P
  const Team* teams;         // [n_teams] device team table (device memory); grows by
  int n_teams;               //   re-allocation and re-upload (host/device_state.cc)
  uint64_t timeout_ns;       // waits trap after this long (0 = never)
  proxy::Ring* proxy;        // request ring of the host proxy; null = not running
  const Ibgda* ibgda;        // IBGDA queue pairs and keys; null = not running
  const volatile uint32_t* failed;  // job-failure word (host-mapped, written by the host only):
                                    //   0, or 1 + the PE that failed (n_pes: unknown); waits poll it
  uint32_t initialised;      // 1 once uploaded
};

}  // namespace shoal::device

extern "C" {
// Called by each CUDA translation unit's registrar (cuda) so shoal_init can
// upload the state into that TU's __constant__ copy. Returns 0.
typedef int (*shoal_device_state_upload_fn)(const void* state, size_t bytes);
int shoal_device_state_register(shoal_device_state_upload_fn upload);
}

#if defined(SHOAL_PLATFORM_SIM)
namespace shoal::device {
extern State g_sim_state;  // defined in libshoal
SHOAL_ARCH_FN const State& state() { return g_sim_state; }
}  // namespace shoal::device
#elif defined(__CUDACC__)
#include <cuda_runtime_api.h>
static __constant__ shoal::device::State shoal_device_state_;
namespace {
struct ShoalDeviceStateRegistrar {
  static int upload(const void* state, size_t bytes) {
    return static_cast<int>(cudaMemcpyToSymbol(shoal_device_state_, state, bytes));
  }
  ShoalDeviceStateRegistrar() { shoal_device_state_register(&upload); }
};
[[maybe_unused]] const ShoalDeviceStateRegistrar shoal_device_state_registrar_;
}  // namespace
namespace shoal::device {
SHOAL_ARCH_FN const State& state() { return shoal_device_state_; }
}  // namespace shoal::device
#endif
