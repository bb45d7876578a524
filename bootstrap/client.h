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
  Client(int rank, int size, std::string hub_name, double timeout_s)
      : rank_(rank), size_(size), hub_(std::move(hub_name)), timeout_(timeout_s) {}
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

 private:
  Status read_error(const WireHeader& h, Deadline dl, const char* during);

  int fd_ = -1;
  int rank_;
  int size_;
  std::string hub_;
  double timeout_;
  std::uint32_t seq_ = 1;
};

}  // namespace shoal::bootstrap
