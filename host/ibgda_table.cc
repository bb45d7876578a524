#include "host/ibgda_table.h"

#include <cstdint>
#include <vector>

#include "host/liveness.h"
#include "host/runtime.h"

namespace shoal {

std::string ibgda_agree(Runtime& r, const std::string& mine) {
  std::uint8_t ok = mine.empty() ? 1 : 0;
  std::vector<std::uint8_t> oks(static_cast<std::size_t>(r.n_pes));
  if (r.boot->allgather(&ok, oks.data(), 1) != Status::ok) return "the bootstrap allgather failed";
  if (!mine.empty()) return mine;
  for (int pe = 0; pe < r.n_pes; ++pe)
    if (!oks[static_cast<std::size_t>(pe)])
      return "PE " + std::to_string(pe) + " could not set up IBGDA (its log says why)";
  return "";
}

ibgda::TableArgs ibgda_table_args(const Runtime& r) {
  ibgda::TableArgs a;
  a.my_pe = r.my_pe;
  a.n_pes = r.n_pes;
  a.remote.assign(static_cast<std::size_t>(r.n_pes), false);
  for (int pe = 0; pe < r.n_pes; ++pe)
    a.remote[static_cast<std::size_t>(pe)] = pe != r.my_pe && r.heap.peer_base(pe) == nullptr;
  a.qps_per_pe = r.cfg.ibgda_qps_per_pe;
  a.sq_depth = r.cfg.ibgda_sq_depth;
  a.heap = r.heap.base();
  a.heap_bytes = r.heap.size();
  a.cpu_doorbell = r.cfg.ibgda_doorbell == "cpu";
  a.timeout_ns = static_cast<std::uint64_t>(r.cfg.timeout_s * 1e9);
  a.job_failed = liveness_device_word();
  return a;
}

std::string ibgda_build_table(Runtime& r, ibgda::Backend& backend, const ibgda::TableArgs& a,
                              ibgda::Table* out) {
  ibgda::TableBuilder b(backend, a);
  std::vector<std::uint8_t> mine;
  const std::string prepared = b.prepare(&mine);
  std::vector<std::uint8_t> all(mine.size() * static_cast<std::size_t>(r.n_pes));
  if (r.boot->allgather(mine.data(), all.data(), mine.size()) != Status::ok) return "the bootstrap allgather failed";
  const std::string e = ibgda_agree(r, b.finish(all.data()));
  if (!e.empty()) return prepared.empty() ? e : prepared;
  *out = b.release();
  return "";
}

}  // namespace shoal
