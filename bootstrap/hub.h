// The hub of a star bootstrap: shoalrun (serving every PE) or the uid root
// (serving the other PEs and taking part itself). It authenticates
// connections, then runs collectives in rounds: one request from every PE,
// all checked against each other (same collective, same sizes), then one
// reply to each. A PE that disconnects, aborts or sends anything malformed
// fails the round, and every other PE is told why (Op::error) so none hangs.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "bootstrap/wire.h"

namespace shoal::bootstrap {

class Hub {
 public:
  struct Request {
    Op op = Op::barrier;
    int root = -1;
    std::uint64_t bytes = 0;
    const void* data = nullptr;
    std::size_t len = 0;
  };
  struct AbortInfo {
    int rank = -1;
    int code = 0;
    std::string msg;
  };

  // self_rank: the hub's own rank (uid root: 0) or -1 (shoalrun).
  Hub(const char* label, int size, int self_rank, const unsigned char* secret);
  ~Hub();
  Hub(const Hub&) = delete;
  Hub& operator=(const Hub&) = delete;

  // Reads and checks the hello of a new connection (takes ownership of fd).
  // Accepted: replies welcome and returns ok. Otherwise logs why (naming
  // `peer`), replies an error, closes it and returns protocol_error; the hub
  // stays usable.
  Status admit(int fd, const std::string& peer, Deadline dl);
  bool all_connected() const { return connected_ == size_ - (self_rank_ >= 0 ? 1 : 0); }
  // Ranks still missing, e.g. "1, 3" (for timeout messages).
  std::string missing_ranks() const;

  // One collective. `self`/`self_out` for the hub's own rank (else null).
  // wake_fd (or -1): readable means stop (returns invalid_state).
  Status round(const Request* self, void* self_out, std::size_t self_out_len, Deadline dl,
               int wake_fd);

  // Sends Op::error with `msg` to every connected PE except `except`, which
  // the message names as the PE to blame (-1: none).
  void fail_all(const std::string& msg, int except = -1);
  // Liveness: the connection of each PE (-1 when absent), for a watch to poll.
  int fd_of(int rank) const { return fds_[rank]; }
  // A watch saw rank's connection hang up between rounds: reads what it left
  // (an abort, or requests of a round the others have not reached) and fails
  // the job because of it, telling every other PE. Returns the one-line reason.
  std::string fail_hangup(int rank);
  // The rank the last failed round blames (-1: none or unknown).
  int last_culprit() const { return last_culprit_; }
  void close_all();

  bool finalized() const { return finalized_; }
  const AbortInfo& abort_info() const { return abort_; }
  // Where to publish the rank of the first PE a round fails because of, before
  // the others are told (so a launcher that sees them exit knows whom to blame).
  void publish_culprit_to(std::atomic<int>* out) { culprit_out_ = out; }
  // The reason of the last failed round, one line.
  const std::string& last_error() const { return last_error_; }

 private:
  Status fail_round(Status s, int rank, const std::string& msg);
  Status read_request(int rank, Deadline dl);
  std::uint64_t expected_payload(const WireHeader& h, int rank) const;

  std::string label_;
  int size_;
  int self_rank_;
  unsigned char secret_[kSecretBytes];
  std::vector<int> fds_;  // by rank, -1 when absent
  int connected_ = 0;
  std::uint32_t seq_ = 1;
  bool finalized_ = false;
  std::vector<WireHeader> hdr_;
  std::vector<std::vector<char>> data_;
  AbortInfo abort_;
  std::string last_error_;
  int last_culprit_ = -1;
  std::atomic<int>* culprit_out_ = nullptr;
};

}  // namespace shoal::bootstrap
