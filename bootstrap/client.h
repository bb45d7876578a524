// A PE's side of a star bootstrap: one authenticated connection to the hub
// (shoalrun or the uid root). Every call is bounded by the bootstrap timeout;
// an error reply from the hub (a peer died, aborted or misbehaved) is logged
// and returned as Status::peer_failed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "bootstrap/wire.h"

namespace shoal::bootstrap {

class Client {
 public:
  // hub_rank: the hub's own rank (uid root: 0), or -1 (shoalrun).
  Client(int rank, int size, std::string hub_name, double timeout_s, int hub_rank = -1)
      : rank_(rank), size_(size), hub_(std::move(hub_name)), timeout_(timeout_s),
        hub_rank_(hub_rank) {}
  ~Client();
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // Takes ownership of a connected socket and authenticates with `secret`.
  Status hello(int fd, const unsigned char* secret);
  // One collective: sends the request, receives exactly out_len bytes.
  Status call(Op op, int root, std::uint64_t bytes, const void* data, std::size_t len, void* out,
              std::size_t out_len);
  // Best effort: tells the hub this PE aborts the job.
  void send_abort(int code, const char* msg);
  void close();

  // The connection (-1 once lost or closed), for a liveness watch to poll.
  int fd() const { return fd_; }
  // With no call in flight the hub writes only to say the job failed: reads
  // that notice (or the end of the connection), logs it and closes. Returns
  // the PE to blame (-1 when unknown) and the reason in *why_p.
  int read_notice(std::string* why_p);
  // Why the last call failed with peer_failed, and whom to blame (-1: unknown).
  int failed_pe() const { return failed_pe_; }
  const std::string& failed_why() const { return failed_why_; }

 private:
  // Reads an Op::error's text; logs it unless `during` is null (the watch:
  // the runtime logs the failure it reports).
  Status read_error(const WireHeader& h, Deadline dl, const char* during);

  int fd_ = -1;
  int rank_;
  int size_;
  std::string hub_;
  double timeout_;
  std::uint32_t seq_ = 1;
  int hub_rank_;
  int failed_pe_ = -1;
  std::string failed_why_;
};

}  // namespace shoal::bootstrap
