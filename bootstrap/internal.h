// Pieces shared by the bootstrap implementations; not part of the interface.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "bootstrap/bootstrap.h"
#include "bootstrap/client.h"
#include "bootstrap/hub.h"

namespace shoal::bootstrap {

// A bootstrap whose collectives go through a hub (local, uid): either as a
// client, or (uid rank 0) as the hub itself.
class StarBootstrap : public Bootstrap {
 public:
  Status allgather(const void* send, void* recv, std::size_t bytes) override;
  Status alltoall(const void* send, void* recv, std::size_t bytes) override;
  Status barrier() override;
  Status broadcast(void* buf, std::size_t bytes, int root) override;
  Status finalize() override;
  [[noreturn]] void abort(int code, const char* msg) override;
  // Tells the hub (or, as the hub, every PE) that this PE aborts the job,
  // without ending the process (pmix: PMIx_Abort ends it next).
  void tell_abort(int code, const char* msg);
  // A thread polls the connection(s) for what arrives between collectives:
  // the hub's failure notice or the hub's end (PEs); a PE hanging up (the
  // uid root, which is the hub).
  Status watch(FailureFn fn, void* ctx) override;
  void unwatch() override;
  ~StarBootstrap() override;

 protected:
  Status exchange(Op op, int root, std::uint64_t bytes, const void* data, std::size_t len,
                  void* out, std::size_t out_len);
  void set_rank_size(int rank, int size) {
    info_.rank = rank;
    info_.size = size;
  }

  std::unique_ptr<Client> client_;  // PEs
  std::unique_ptr<Hub> hub_;        // uid root
  bool finalized_ = false;

 private:
  void watch_loop(std::vector<int> fds);
  void fire(int pe, const std::string& why);

  // Held by every exchange, and by the watch while it reads.
  std::mutex io_mu_;
  FailureFn fail_fn_ = nullptr;
  void* fail_ctx_ = nullptr;
  std::atomic<bool> fired_{false};
  std::thread watcher_;
  int stop_pipe_[2] = {-1, -1};
};

Status create_local(std::unique_ptr<Bootstrap>* out_p);
Status create_uid(const Options& o, std::unique_ptr<Bootstrap>* out_p);
Status create_plugin(const std::string& kind, const Options& o, std::unique_ptr<Bootstrap>* out_p);

// Fills local_rank/local_size/node_id/num_nodes by an allgather of each PE's
// node key: SHOAL_NODE_ID when set (a test hook that simulates several
// nodes), else the host name.
Status derive_topology(Bootstrap* b, Info* info);

// The abort message of shoal_global_exit: the PE exits with the status it
// was given (0 included), and shoalrun ends the job with that status.
inline constexpr const char* kGlobalExitMessage = "shoal_global_exit";
inline bool is_global_exit(const char* msg) { return msg && std::string_view(msg) == kGlobalExitMessage; }

// Prints one line and ends the process (the tail of every abort()): with
// `code`, or 1 when code is 0, except for shoal_global_exit (exactly `code`).
[[noreturn]] void exit_after_abort(int code, const char* msg, int rank);

}  // namespace shoal::bootstrap
