// The mpi bootstrap plugin (libshoal_bootstrap_mpi.so): collectives on a
// duplicate of the application's communicator (Options::mpi_comm, or
// MPI_COMM_WORLD), so an MPI application joins shoal with its own ranks.
// If MPI is not initialised yet the plugin initialises it and finalises it
// again at finalize. MPI offers no bounded waits: a dead peer ends the job
// through MPI's own failure handling (mpirun kills the job), not through
// SHOAL_BOOTSTRAP_TIMEOUT.
#include <mpi.h>

#include <climits>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "bootstrap/plugin_abi.h"

namespace {

enum { kOk = 0, kInvalidArgument = 1, kIoError = 5 };

struct Ctx {
  MPI_Comm comm = MPI_COMM_NULL;
  int rank = -1;
  int size = 0;
  bool we_initialised = false;
  void (*log)(int, const char*) = nullptr;
};

void logf(const Ctx* c, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
void logf(const Ctx* c, const char* fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (c->log) c->log(SHOAL_PLUGIN_LOG_ERROR, buf);
}

int check(const Ctx* c, int rc, const char* what) {
  if (rc == MPI_SUCCESS) return kOk;
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, text, &len);
  logf(c, "bootstrap mpi: %s failed: %s", what, text);
  return kIoError;
}

int count_of(const Ctx* c, size_t bytes, const char* what) {
  if (bytes > static_cast<size_t>(INT_MAX)) {
    logf(c, "bootstrap mpi: %s of %zu bytes exceeds MPI's int count", what, bytes);
    return -1;
  }
  return static_cast<int>(bytes);
}

int m_init(const shoal_bootstrap_plugin_args_v1_t* args, void** ctx_p, int* rank_p, int* size_p) {
  auto* c = new Ctx;
  c->log = args->log;
  int inited = 0, finalized = 0;
  MPI_Initialized(&inited);
  MPI_Finalized(&finalized);
  if (finalized) {
    logf(c, "bootstrap mpi: MPI is already finalized");
    delete c;
    return kIoError;
  }
  if (!inited) {
    int provided = 0;
    if (int r = check(c, MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &provided), "MPI_Init_thread")) {
      delete c;
      return r;
    }
    c->we_initialised = true;
  }
  MPI_Comm user = args->mpi_comm ? *static_cast<const MPI_Comm*>(args->mpi_comm) : MPI_COMM_WORLD;
  if (int r = check(c, MPI_Comm_dup(user, &c->comm), "MPI_Comm_dup")) {
    delete c;
    return r;
  }
  MPI_Comm_set_errhandler(c->comm, MPI_ERRORS_RETURN);
  MPI_Comm_rank(c->comm, &c->rank);
  MPI_Comm_size(c->comm, &c->size);
  *ctx_p = c;
  *rank_p = c->rank;
  *size_p = c->size;
  return kOk;
}

int m_allgather(void* ctx, const void* send, void* recv, size_t bytes) {
  auto* c = static_cast<Ctx*>(ctx);
  int n = count_of(c, bytes, "allgather");
  if (n < 0) return kInvalidArgument;
  const void* s = send == static_cast<char*>(recv) + static_cast<size_t>(c->rank) * bytes ? MPI_IN_PLACE : send;
  return check(c, MPI_Allgather(s, n, MPI_BYTE, recv, n, MPI_BYTE, c->comm), "MPI_Allgather");
}

int m_alltoall(void* ctx, const void* send, void* recv, size_t bytes) {
  auto* c = static_cast<Ctx*>(ctx);
  int n = count_of(c, bytes, "alltoall");
  if (n < 0) return kInvalidArgument;
  return check(c, MPI_Alltoall(send, n, MPI_BYTE, recv, n, MPI_BYTE, c->comm), "MPI_Alltoall");
}

int m_barrier(void* ctx) {
  auto* c = static_cast<Ctx*>(ctx);
  return check(c, MPI_Barrier(c->comm), "MPI_Barrier");
}

int m_broadcast(void* ctx, void* buf, size_t bytes, int root) {
  auto* c = static_cast<Ctx*>(ctx);
  int n = count_of(c, bytes, "broadcast");
  if (n < 0) return kInvalidArgument;
  return check(c, MPI_Bcast(buf, n, MPI_BYTE, root, c->comm), "MPI_Bcast");
}

void m_abort(void* ctx, int code, const char* msg) {
  (void)msg;  // the core printed it
  MPI_Abort(static_cast<Ctx*>(ctx)->comm, code ? code : 1);
  std::_Exit(code ? code : 1);
}

int m_finalize(void* ctx) {
  auto* c = static_cast<Ctx*>(ctx);
  int r = check(c, MPI_Comm_free(&c->comm), "MPI_Comm_free");
  if (c->we_initialised && r == kOk) r = check(c, MPI_Finalize(), "MPI_Finalize");
  delete c;
  return r;
}

const shoal_bootstrap_plugin_v1_t kTable = {
    SHOAL_BOOTSTRAP_PLUGIN_ABI_VERSION, "mpi", m_init, m_allgather, m_alltoall, m_barrier,
    m_broadcast, m_abort, m_finalize,
};

}  // namespace

extern "C" __attribute__((visibility("default"))) const shoal_bootstrap_plugin_v1_t*
shoal_bootstrap_plugin_v1(void) {
  return &kTable;
}
