// The bootstrap interface: out-of-band collectives among the PEs of a job,
// used at init (exchange of heap handles, keys, addresses) and for host-side
// synchronisation. Not a data path.
//
// Implementations: local (shoalrun), uid (TCP unique id), and the run-time
// loaded plugins pmix and mpi (bootstrap/plugin_abi.h). Every call is
// collective over all ranks unless stated; every wait is bounded by the
// bootstrap timeout (SHOAL_BOOTSTRAP_TIMEOUT) and a peer that dies makes the
// others fail with Status::peer_failed instead of hanging.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "base/status.h"

namespace shoal::bootstrap {

struct Options;
class Bootstrap;
Status create(const Options& options, std::unique_ptr<Bootstrap>* out_p);

struct Info {
  int rank = -1;
  int size = 0;
  int local_rank = -1;  // rank among the PEs on this node
  int local_size = 0;
  int node_id = -1;     // 0..num_nodes-1, dense, ordered by the lowest rank on each node
  int num_nodes = 0;
};

class Bootstrap {
 public:
  virtual ~Bootstrap() = default;

  const Info& info() const { return info_; }
  // "local", "uid", "pmix" or "mpi".
  virtual const char* name() const = 0;

  // recv holds size * bytes; rank r's contribution lands at recv + r * bytes.
  // send may alias recv + rank * bytes (in place).
  virtual Status allgather(const void* send, void* recv, std::size_t bytes) = 0;
  // send and recv hold size * bytes; block r of send goes to rank r, and
  // block s of recv comes from rank s.
  virtual Status alltoall(const void* send, void* recv, std::size_t bytes) = 0;
  virtual Status barrier() = 0;
  // Root's buffer is copied into every other rank's buffer.
  virtual Status broadcast(void* buf, std::size_t bytes, int root) = 0;
  // Ends the whole job with `code` after printing `msg` (may be called by one
  // rank alone; never returns).
  [[noreturn]] virtual void abort(int code, const char* msg) = 0;
  // Collective; after it only the destructor may be called.
  virtual Status finalize() = 0;

  // Liveness. From this call on, fn(ctx, pe, why) is called once when the
  // job has failed: another PE died, disconnected or aborted, or this PE lost
  // its hub. `pe` is the PE to blame (-1 when unknown), `why` one line. It is
  // called from the bootstrap's watch thread while no collective is in
  // flight, or from the collective that found out; it must only record the
  // failure and return. Returns unavailable when this bootstrap cannot tell
  // (mpi, pmix with SHOAL_PMIX_COLLECTIVES=pmix: the launcher ends the job).
  using FailureFn = void (*)(void* ctx, int pe, const char* why);
  virtual Status watch(FailureFn fn, void* ctx) {
    (void)fn;
    (void)ctx;
    return Status::unavailable;
  }
  // Stops the watch; PEs leaving after this (finalize) are not failures.
  virtual void unwatch() {}

 protected:
  Info info_;

 private:
  // create() fills in the node topology (local rank/size, node id) the same
  // way for every implementation.
  friend Status create(const Options& options, std::unique_ptr<Bootstrap>* out_p);
};

// Which bootstrap to create and its inputs.
struct Options {
  // "local", "uid", "pmix", "mpi", or "" to pick from SHOAL_BOOTSTRAP and the
  // environment (shoalrun -> local, PMIx variables -> pmix, else an error
  // naming the options).
  std::string kind;
  // mpi: pointer to the application's MPI_Comm.
  const void* mpi_comm = nullptr;
  // uid: the unique id bytes (see include/shoal/bootstrap.h), this rank and size.
  const void* uid = nullptr;
  std::size_t uid_bytes = 0;
  int uid_rank = -1;
  int uid_size = 0;
};

Status create(const Options& options, std::unique_ptr<Bootstrap>* out_p);

// Rank 0 of a uid job: creates the unique id (root address, port, 128-bit
// secret) into `id` (len bytes, SHOAL_UNIQUEID_BYTES) and binds the root's
// listening socket now, kept for the following create() in this process.
Status uid_create(void* id, std::size_t len);

}  // namespace shoal::bootstrap
