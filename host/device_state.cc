#include "host/device_state.h"

#include <cuda_runtime_api.h>

#include <mutex>
#include <vector>

#include "base/log.h"
#include "host/proxy.h"
#include "host/runtime.h"
#include "shoal/device/state.cuh"

namespace shoal {
namespace {

std::mutex g_mutex;
std::vector<shoal_device_state_upload_fn> g_uploaders;
device::State g_published{};  // what the last publish produced (cuda re-uploads it to late modules)
bool g_live = false;

// Device-visible copies of the arrays the state points to.
void* g_peer_array = nullptr;
std::vector<void*> g_member_arrays;

Status device_copy(const void* src, size_t bytes, void** out_p) {
  void* d = nullptr;
  if (cudaMalloc(&d, bytes ? bytes : 1) != cudaSuccess) {
    SHOAL_ERROR("cudaMalloc of %zu bytes for the device state failed: %s", bytes,
                cudaGetErrorString(cudaGetLastError()));
    return Status::no_memory;
  }
  if (bytes && cudaMemcpy(d, src, bytes, cudaMemcpyHostToDevice) != cudaSuccess) {
    SHOAL_ERROR("copying the device state failed: %s", cudaGetErrorString(cudaGetLastError()));
    cudaFree(d);
    return Status::io_error;
  }
  *out_p = d;
  return Status::ok;
}

void free_arrays() {
  if (g_peer_array) cudaFree(g_peer_array);
  g_peer_array = nullptr;
  for (void* p : g_member_arrays) cudaFree(p);
  g_member_arrays.clear();
}

}  // namespace

Status device_state_publish(Runtime& r) {
  std::lock_guard<std::mutex> lock(g_mutex);
  device::State s{};
  s.my_pe = r.my_pe;
  s.n_pes = r.n_pes;
  s.heap_base = r.heap.base();
  s.heap_size = r.heap.size();
  s.timeout_ns = static_cast<uint64_t>(r.cfg.timeout_s * 1e9);
  s.proxy = proxy_ring_device(r);

  std::vector<char*> peers(r.n_pes);
  for (int pe = 0; pe < r.n_pes; ++pe) peers[pe] = r.heap.peer_base(pe);
  SHOAL_CHECK(device_copy(peers.data(), peers.size() * sizeof(char*), &g_peer_array));
  s.peer_base = static_cast<char* const*>(g_peer_array);

  s.n_teams = 0;
  for (std::size_t t = 0; t < r.teams.size() && t < device::kMaxDeviceTeams; ++t) {
    Team& team = r.teams[t];
    std::uint64_t off = 0;
    SHOAL_CHECK(r.heap.internal_alloc((device::kBarrierRounds + 1) * sizeof(uint64_t), &off));
    void* members = nullptr;
    SHOAL_CHECK(device_copy(team.members.data(), team.members.size() * sizeof(int), &members));
    g_member_arrays.push_back(members);
    s.teams[t] = device::Team{team.size(), team.my_index, static_cast<const int*>(members), off};
    ++s.n_teams;
  }
  s.initialised = 1;

#if defined(SHOAL_PLATFORM_SIM)
  device::g_sim_state = s;
#endif
  for (auto upload : g_uploaders) {
    int rc = upload(&s, sizeof s);
    if (rc != 0) {
      SHOAL_ERROR("uploading the device state into a CUDA module failed (error %d)", rc);
      return Status::io_error;
    }
  }
  g_published = s;
  g_live = true;
  return Status::ok;
}

void device_state_clear(Runtime&) {
  std::lock_guard<std::mutex> lock(g_mutex);
  device::State empty{};
#if defined(SHOAL_PLATFORM_SIM)
  device::g_sim_state = empty;
#endif
  for (auto upload : g_uploaders) upload(&empty, sizeof empty);
  free_arrays();
  g_published = empty;
  g_live = false;
}

}  // namespace shoal

extern "C" int shoal_device_state_register(shoal_device_state_upload_fn upload) {
  std::lock_guard<std::mutex> lock(shoal::g_mutex);
  shoal::g_uploaders.push_back(upload);
  // A module loaded after init gets the live state at once.
  if (shoal::g_live) return upload(&shoal::g_published, sizeof shoal::g_published);
  return 0;
}
