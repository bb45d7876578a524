// shoal_init & co.: the public entry points of the runtime's life cycle.
#include <cstdlib>
#include <cstring>

#include "base/log.h"
#include "host/ibgda.h"
#include "host/liveness.h"
#include "host/proxy.h"
#include "host/runtime.h"
#include "host/api/sim_dispatch.h"
#include "shoal/shoal.h"

using namespace shoal;

extern "C" {

int shoal_init(void) { return shoal_init_attr(0, nullptr); }

int shoal_init_attr(unsigned int flags, shoal_init_attr_t* attr) {
  bootstrap::Options opt;
  const unsigned known = SHOAL_INIT_WITH_MPI_COMM | SHOAL_INIT_WITH_UNIQUEID;
  if (flags & ~known) {
    SHOAL_ERROR("shoal_init_attr: unknown flags 0x%x", flags & ~known);
    return 1;
  }
  if (flags && !attr) {
    SHOAL_ERROR("shoal_init_attr: flags 0x%x need an attr, got NULL", flags);
    return 1;
  }
  if (attr && attr->version != SHOAL_INIT_ATTR_VERSION) {
    SHOAL_ERROR("shoal_init_attr: attr->version is %d, expected %d (initialise it with "
                "SHOAL_INIT_ATTR_INITIALIZER)", attr->version, SHOAL_INIT_ATTR_VERSION);
    return 1;
  }
  if ((flags & SHOAL_INIT_WITH_MPI_COMM) && (flags & SHOAL_INIT_WITH_UNIQUEID)) {
    SHOAL_ERROR("shoal_init_attr: SHOAL_INIT_WITH_MPI_COMM and SHOAL_INIT_WITH_UNIQUEID exclude "
                "each other");
    return 1;
  }
  if (flags & SHOAL_INIT_WITH_MPI_COMM) {
    if (!attr->mpi_comm) {
      SHOAL_ERROR("shoal_init_attr: SHOAL_INIT_WITH_MPI_COMM with attr->mpi_comm == NULL");
      return 1;
    }
    opt.kind = "mpi";
    opt.mpi_comm = attr->mpi_comm;
  }
  if (flags & SHOAL_INIT_WITH_UNIQUEID) {
    const auto& u = attr->uid_args;
    if (!u.id || u.nranks <= 0 || u.rank < 0 || u.rank >= u.nranks) {
      SHOAL_ERROR("shoal_init_attr: bad unique-id arguments (rank %d, nranks %d, id %p); use "
                  "shoal_set_attr_uniqueid_args", u.rank, u.nranks,
                  static_cast<const void*>(u.id));
      return 1;
    }
    opt.kind = "uid";
    opt.uid = u.id->internal;
    opt.uid_bytes = sizeof u.id->internal;
    opt.uid_rank = u.rank;
    opt.uid_size = u.nranks;
  }
  Status s = runtime_init(opt);
  if (s != Status::ok) {
    SHOAL_ERROR("shoal_init failed: %s", status_str(s));
    return 1;
  }
  return 0;
}

void shoal_finalize(void) { runtime_finalize(); }

void shoal_global_exit(int status) {
  Runtime* r = runtime_or_null();
  if (r && r->boot) r->boot->abort(status, "shoal_global_exit");
  std::_Exit(status);
}

int shoal_init_status(void) { return runtime_or_null() ? 1 : 0; }

int shoal_get_uniqueid(shoal_uniqueid_t* id) {
  if (!id) {
    SHOAL_ERROR("shoal_get_uniqueid: id is NULL");
    return 1;
  }
  Status s = bootstrap::uid_create(id->internal, sizeof id->internal);
  return s == Status::ok ? 0 : 1;
}

int shoal_set_attr_uniqueid_args(int rank, int nranks, const shoal_uniqueid_t* id,
                                 shoal_init_attr_t* attr) {
  if (!attr || !id || nranks <= 0 || rank < 0 || rank >= nranks) {
    SHOAL_ERROR("shoal_set_attr_uniqueid_args: bad arguments (rank %d, nranks %d, id %p, attr %p)",
                rank, nranks, static_cast<const void*>(id), static_cast<void*>(attr));
    return 1;
  }
  attr->version = SHOAL_INIT_ATTR_VERSION;
  attr->uid_args.rank = rank;
  attr->uid_args.nranks = nranks;
  attr->uid_args.id = id;
  return 0;
}

void shoal_info_get_version(int* major, int* minor) {
  if (major) *major = SHOAL_MAJOR_VERSION;
  if (minor) *minor = SHOAL_MINOR_VERSION;
}

void shoal_info_get_name(char* name) {
  if (name) std::snprintf(name, SHOAL_MAX_NAME_LEN, "%s", SHOAL_VENDOR_STRING);
}

int shoal_my_pe(void) {
  SHOAL_SIM_DISPATCH(my_pe);
  return rt("shoal_my_pe").my_pe;
}

int shoal_n_pes(void) {
  SHOAL_SIM_DISPATCH(n_pes);
  return rt("shoal_n_pes").n_pes;
}

int shoal_failed_pe(void) {
  SHOAL_SIM_DISPATCH(failed_pe);
  const std::uint32_t w = job_failure_word();
  return w == 0 ? -1 : static_cast<int>(w - 1);
}

int shoal_transport_counters(shoal_transport_counters_t* out) {
  Runtime* r = runtime_or_null();
  if (!r || !out) {
    SHOAL_ERROR("shoal_transport_counters: %s", !r ? "called before shoal_init" : "out is NULL");
    return 1;
  }
  *out = shoal_transport_counters_t{0, 0, 1};
  proxy_sent(*r, &out->bytes, &out->ops);
  if (!ibgda_sent(*r, &out->bytes, &out->ops)) out->counted = 0;
  return 0;
}

int shoal_team_my_pe(shoal_team_t team) {
  SHOAL_SIM_DISPATCH(team_my_pe, team);
  Runtime* r = runtime_or_null();
  if (!r || team < 0 || static_cast<std::size_t>(team) >= r->teams.size() || !r->teams[team].live)
    return -1;
  return r->teams[team].my_index;
}

int shoal_team_n_pes(shoal_team_t team) {
  SHOAL_SIM_DISPATCH(team_n_pes, team);
  Runtime* r = runtime_or_null();
  if (!r || team < 0 || static_cast<std::size_t>(team) >= r->teams.size() || !r->teams[team].live)
    return -1;
  return r->teams[team].size();
}

int shoal_team_translate_pe(shoal_team_t src_team, int src_pe, shoal_team_t dest_team) {
  SHOAL_SIM_DISPATCH(team_translate_pe, src_team, src_pe, dest_team);
  Runtime* r = runtime_or_null();
  if (!r) return -1;
  auto valid = [&](int t) {
    return t >= 0 && static_cast<std::size_t>(t) < r->teams.size() && r->teams[t].live;
  };
  if (!valid(src_team) || !valid(dest_team)) return -1;
  const Team& s = r->teams[src_team];
  if (src_pe < 0 || src_pe >= s.size()) return -1;
  return r->teams[dest_team].index_of(s.members[src_pe]);
}

}  // extern "C"
