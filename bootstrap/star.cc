// Collectives of the star bootstraps (local and uid) in terms of one
// request/reply exchange with the hub.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "base/log.h"
#include "bootstrap/internal.h"

namespace shoal::bootstrap {

Status StarBootstrap::exchange(Op op, int root, std::uint64_t bytes, const void* data,
                               std::size_t len, void* out, std::size_t out_len) {
  if (finalized_) {
    SHOAL_ERROR("bootstrap %s: %s called after finalize", name(),
                op_name(static_cast<std::uint16_t>(op)));
    return Status::invalid_state;
  }
  if (client_) return client_->call(op, root, bytes, data, len, out, out_len);
  Hub::Request req;
  req.op = op;
  req.root = root;
  req.bytes = bytes;
  req.data = data;
  req.len = len;
  return hub_->round(&req, out, out_len, Deadline::after(bootstrap_timeout()), -1);
}

namespace {
Status check_bytes(const char* who, std::size_t bytes, int size, std::uint64_t* total_p) {
  if (bytes > kMaxPayload / static_cast<std::uint64_t>(size)) {
    SHOAL_ERROR("bootstrap %s of %zu bytes per PE on %d PEs exceeds the %llu-byte message limit",
                who, bytes, size, static_cast<unsigned long long>(kMaxPayload));
    return Status::invalid_argument;
  }
  *total_p = bytes * static_cast<std::uint64_t>(size);
  return Status::ok;
}
}  // namespace

Status StarBootstrap::allgather(const void* send, void* recv, std::size_t bytes) {
  std::uint64_t total;
  SHOAL_CHECK(check_bytes("allgather", bytes, info_.size, &total));
  SHOAL_CHECK(exchange(Op::allgather, -1, bytes, send, bytes, recv, total));
  return Status::ok;
}

Status StarBootstrap::alltoall(const void* send, void* recv, std::size_t bytes) {
  std::uint64_t total;
  SHOAL_CHECK(check_bytes("alltoall", bytes, info_.size, &total));
  SHOAL_CHECK(exchange(Op::alltoall, -1, bytes, send, total, recv, total));
  return Status::ok;
}

Status StarBootstrap::barrier() {
  SHOAL_CHECK(exchange(Op::barrier, -1, 0, nullptr, 0, nullptr, 0));
  return Status::ok;
}

Status StarBootstrap::broadcast(void* buf, std::size_t bytes, int root) {
  if (root < 0 || root >= info_.size) {
    SHOAL_ERROR("bootstrap broadcast: root %d is not a PE (0..%d)", root, info_.size - 1);
    return Status::invalid_argument;
  }
  if (bytes > kMaxPayload) {
    SHOAL_ERROR("bootstrap broadcast of %zu bytes exceeds the message limit", bytes);
    return Status::invalid_argument;
  }
  bool me = root == info_.rank;
  SHOAL_CHECK(exchange(Op::broadcast, root, bytes, me ? buf : nullptr, me ? bytes : 0,
                       me ? nullptr : buf, me ? 0 : bytes));
  return Status::ok;
}

Status StarBootstrap::finalize() {
  if (finalized_) return Status::ok;
  Status s = exchange(Op::finalize, -1, 0, nullptr, 0, nullptr, 0);
  finalized_ = true;
  client_.reset();
  hub_.reset();
  return s;
}

void StarBootstrap::abort(int code, const char* msg) {
  if (client_) client_->send_abort(code, msg);
  if (hub_) {
    char text[600];
    std::snprintf(text, sizeof text, "PE %d aborted the job (code %d): %.500s", info_.rank, code,
                  msg);
    hub_->fail_all(text);
  }
  exit_after_abort(code, msg, info_.rank);
}

void exit_after_abort(int code, const char* msg, int rank) {
  char line[700];
  int n = std::snprintf(line, sizeof line, "shoal[PE %d] ABORT (code %d): %.600s\n", rank, code,
                        msg);
  if (n > 0) {
    ssize_t rc = ::write(2, line, std::min<std::size_t>(n, sizeof line - 1));
    (void)rc;
  }
  std::_Exit(code != 0 ? code : 1);
}

}  // namespace shoal::bootstrap
