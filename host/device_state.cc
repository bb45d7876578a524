#include "host/device_state.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <mutex>
#include <vector>

#include "base/log.h"
#include "host/ibgda.h"
#include "host/liveness.h"
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
device::Team* g_team_table = nullptr;  // [g_published.n_teams]
std::vector<void*> g_member_arrays;    // index = team handle

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
  if (g_team_table) cudaFree(g_team_table);
  g_team_table = nullptr;
  for (void* p : g_member_arrays)
    if (p) cudaFree(p);
  g_member_arrays.clear();
}

Status upload_all(const device::State& s) {
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
  return Status::ok;
}

// A table of `cap` entries holding the old table's entries; the state is
// re-uploaded to point at it (kernels must not run meanwhile: team creation
// is a host collective).
Status grow_table(int cap) {
  device::Team* t = nullptr;
  std::vector<device::Team> init(cap, device::Team{0, -1, nullptr, 0, 0, 0, 0});
  if (g_team_table)
    cudaMemcpy(init.data(), g_team_table, g_published.n_teams * sizeof(device::Team),
               cudaMemcpyDeviceToHost);
  SHOAL_CHECK(device_copy(init.data(), cap * sizeof(device::Team), reinterpret_cast<void**>(&t)));
  if (g_team_table) cudaFree(g_team_table);
  g_team_table = t;
  g_member_arrays.resize(cap, nullptr);
  device::State s = g_published;
  s.teams = t;
  s.n_teams = cap;
  return upload_all(s);
}

Status write_entry(Runtime& r, int h) {
  if (g_member_arrays[h]) cudaFree(g_member_arrays[h]);
  g_member_arrays[h] = nullptr;
  device::Team e{0, -1, nullptr, 0, 0, 0, 0};
  if (static_cast<std::size_t>(h) < r.teams.size() && r.teams[h].live) {
    const Team& team = r.teams[h];
    SHOAL_CHECK(device_copy(team.members.data(), team.members.size() * sizeof(int),
                            &g_member_arrays[h]));
    e = device::Team{team.size(), team.my_index, static_cast<const int*>(g_member_arrays[h]),
                     team.slot_offset + kSlotDeviceFlags,
                     team.slot_offset + r.team_pool.scratch_offset, r.team_pool.scratch_bytes,
                     team.all_mapped ? 0 : 1};
  }
  if (cudaMemcpy(&g_team_table[h], &e, sizeof e, cudaMemcpyHostToDevice) != cudaSuccess) {
    SHOAL_ERROR("writing device team table entry %d failed: %s", h,
                cudaGetErrorString(cudaGetLastError()));
    return Status::io_error;
  }
  return Status::ok;
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
  s.ibgda = ibgda_device(r);
  s.failed = liveness_device_word();

  std::vector<char*> peers(r.n_pes);
  for (int pe = 0; pe < r.n_pes; ++pe) peers[pe] = r.heap.peer_base(pe);
  SHOAL_CHECK(device_copy(peers.data(), peers.size() * sizeof(char*), &g_peer_array));
  s.peer_base = static_cast<char* const*>(g_peer_array);

  s.initialised = 1;
  g_published = s;
  SHOAL_CHECK(grow_table(static_cast<int>(std::max<std::size_t>(8, r.teams.size()))));
  for (std::size_t t = 0; t < r.teams.size(); ++t) SHOAL_CHECK(write_entry(r, static_cast<int>(t)));
  g_live = true;
  return Status::ok;
}

Status device_team_update(Runtime& r, int handle) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (handle >= g_published.n_teams) {
    int cap = g_published.n_teams;
    while (cap <= handle) cap *= 2;
    SHOAL_CHECK(grow_table(cap));
  }
  return write_entry(r, handle);
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
