// Selection of the bootstrap and the node topology common to all of them.
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>

#include "base/env.h"
#include "base/log.h"
#include "bootstrap/internal.h"

namespace shoal::bootstrap {

namespace {

constexpr const char* kHowToLaunch =
    "launch with `shoalrun -n N prog` (local), `mpirun`/`srun --mpi=pmix` (pmix), or set "
    "SHOAL_BOOTSTRAP=uid with SHOAL_UNIQUEID, SHOAL_UID_RANK and SHOAL_UID_SIZE";

bool env_set(const char* name) {
  const char* v = std::getenv(name);
  return v && *v;
}

Status pick_kind(const Options& o, std::string* kind_p) {
  if (!o.kind.empty()) {
    *kind_p = o.kind;
  } else if (env_set("SHOAL_BOOTSTRAP")) {
    *kind_p = std::getenv("SHOAL_BOOTSTRAP");
  } else if (o.uid) {
    *kind_p = "uid";
  } else if (o.mpi_comm) {
    *kind_p = "mpi";
  } else if (env_set("SHOALRUN_SOCKET")) {
    *kind_p = "local";
  } else if (env_set("PMIX_RANK") || env_set("PMIX_NAMESPACE")) {
    *kind_p = "pmix";
  } else if (env_set("SHOAL_UNIQUEID")) {
    *kind_p = "uid";
  } else {
    SHOAL_ERROR("no bootstrap found: not started by shoalrun, mpirun or srun --mpi=pmix; %s",
                kHowToLaunch);
    return Status::not_found;
  }
  static const char* kinds[] = {"local", "uid", "pmix", "mpi"};
  for (const char* k : kinds)
    if (*kind_p == k) return Status::ok;
  SHOAL_ERROR("SHOAL_BOOTSTRAP='%s' is not a bootstrap: expected one of local|uid|pmix|mpi; %s",
              kind_p->c_str(), kHowToLaunch);
  return Status::invalid_argument;
}

struct NodeKey {
  std::int64_t id;  // SHOAL_NODE_ID, or -1: compare host names
  char host[64];
};

}  // namespace

Status derive_topology(Bootstrap* b, Info* info) {
  NodeKey mine{};
  long long id = -1;
  SHOAL_CHECK(env::get_int("SHOAL_NODE_ID", -1, 0, 1ll << 40, &id));
  // Simulated nodes on one machine: consecutive ranks in groups of
  // SHOAL_SIM_PES_PER_NODE (tests of the inter-node paths).
  long long per_node = 0;
  SHOAL_CHECK(env::get_int("SHOAL_SIM_PES_PER_NODE", 0, 0, 1 << 20, &per_node));
  if (id < 0 && per_node > 0) id = info->rank / per_node;
  mine.id = id;
  if (id < 0) {
    if (::gethostname(mine.host, sizeof mine.host - 1) != 0) std::strcpy(mine.host, "?");
  }
  std::vector<NodeKey> all(info->size);
  SHOAL_CHECK(b->allgather(&mine, all.data(), sizeof mine));
  std::map<std::pair<std::int64_t, std::string>, int> node_of;  // key -> dense node id
  int local_rank = 0, local_size = 0;
  auto key = [](const NodeKey& k) {
    return std::make_pair(k.id, std::string(k.host, strnlen(k.host, sizeof k.host)));
  };
  auto my_key = key(all[info->rank]);
  for (int r = 0; r < info->size; ++r) {
    auto k = key(all[r]);
    if (!node_of.count(k)) {
      int n = static_cast<int>(node_of.size());
      node_of[k] = n;
    }
    if (k == my_key) {
      if (r < info->rank) ++local_rank;
      ++local_size;
    }
  }
  info->node_id = node_of[my_key];
  info->num_nodes = static_cast<int>(node_of.size());
  info->local_rank = local_rank;
  info->local_size = local_size;
  return Status::ok;
}

Status create(const Options& options, std::unique_ptr<Bootstrap>* out_p) {
  double timeout = 0;
  SHOAL_CHECK(env::get_seconds("SHOAL_BOOTSTRAP_TIMEOUT", 120, &timeout));
  if (timeout <= 0 || timeout >= 1e9) {
    SHOAL_ERROR("SHOAL_BOOTSTRAP_TIMEOUT='%s' is not valid: expected a positive number of seconds",
                std::getenv("SHOAL_BOOTSTRAP_TIMEOUT"));
    return Status::invalid_argument;
  }
  std::string kind;
  SHOAL_CHECK(pick_kind(options, &kind));
  std::unique_ptr<Bootstrap> b;
  if (kind == "local") {
    SHOAL_CHECK(create_local(&b));
  } else if (kind == "uid") {
    SHOAL_CHECK(create_uid(options, &b));
  } else {
    SHOAL_CHECK(create_plugin(kind, options, &b));
  }
  Info info = b->info();
  SHOAL_CHECK(derive_topology(b.get(), &info));
  b->info_ = info;
  SHOAL_DEBUG("bootstrap %s: rank %d of %d, node %d of %d, local rank %d of %d", b->name(),
              info.rank, info.size, info.node_id, info.num_nodes, info.local_rank,
              info.local_size);
  *out_p = std::move(b);
  return Status::ok;
}

}  // namespace shoal::bootstrap
