// Collectives of the star bootstraps (local and uid) in terms of one
// request/reply exchange with the hub.
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

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
  std::lock_guard<std::mutex> lock(io_mu_);
  if (client_) {
    Status s = client_->call(op, root, bytes, data, len, out, out_len);
    if (s == Status::peer_failed) fire(client_->failed_pe(), client_->failed_why());
    return s;
  }
  Hub::Request req;
  req.op = op;
  req.root = root;
  req.bytes = bytes;
  req.data = data;
  req.len = len;
  Status s = hub_->round(&req, out, out_len, Deadline::after(bootstrap_timeout()), -1);
  // A failed round (a peer gone, a mismatch, a timeout) told every PE why:
  // this PE's own waits hear it too.
  if (s != Status::ok && !hub_->last_error().empty()) fire(hub_->last_culprit(), hub_->last_error());
  return s;
}

// ---- liveness ----------------------------------------------------------------

StarBootstrap::~StarBootstrap() { unwatch(); }

void StarBootstrap::fire(int pe, const std::string& why) {
  if (fail_fn_ == nullptr || fired_.exchange(true)) return;
  fail_fn_(fail_ctx_, pe, why.c_str());
  const char b = 1;
  if (stop_pipe_[1] >= 0 && ::write(stop_pipe_[1], &b, 1) < 0) { /* the watch ends at unwatch */ }
}

Status StarBootstrap::watch(FailureFn fn, void* ctx) {
  std::lock_guard<std::mutex> lock(io_mu_);
  if (watcher_.joinable() || finalized_ || fn == nullptr) return Status::invalid_state;
  // The watch polls duplicates: the originals may be closed by a failing
  // collective, and their numbers reused, while it sleeps in poll().
  std::vector<int> fds;  // client: [hub]; hub: [rank] (-1 when absent)
  if (client_) {
    if (client_->fd() < 0) return Status::peer_failed;
    fds.push_back(::fcntl(client_->fd(), F_DUPFD_CLOEXEC, 0));
  } else {
    for (int r = 0; r < info_.size; ++r)
      fds.push_back(hub_->fd_of(r) >= 0 ? ::fcntl(hub_->fd_of(r), F_DUPFD_CLOEXEC, 0) : -1);
  }
  if (::pipe2(stop_pipe_, O_CLOEXEC) != 0) {
    SHOAL_ERROR("bootstrap %s: pipe for the liveness watch: %s", name(), std::strerror(errno));
    for (int fd : fds)
      if (fd >= 0) ::close(fd);
    return Status::io_error;
  }
  fail_fn_ = fn;
  fail_ctx_ = ctx;
  watcher_ = std::thread(&StarBootstrap::watch_loop, this, std::move(fds));
  return Status::ok;
}

void StarBootstrap::unwatch() {
  if (!watcher_.joinable()) return;
  const char b = 0;
  if (::write(stop_pipe_[1], &b, 1) < 0) { /* the pipe is ours: cannot fail */ }
  watcher_.join();
  ::close(stop_pipe_[0]);
  ::close(stop_pipe_[1]);
  stop_pipe_[0] = stop_pipe_[1] = -1;
}

// Between collectives the hub writes to a PE only to tell it the job failed,
// and a PE writes to the hub only to abort (it then exits); so readable (PE)
// or hung up (hub) means failure. While a collective is in flight its own
// call reads the connection, and the watch leaves it alone (try_lock).
void StarBootstrap::watch_loop(std::vector<int> fds) {
  const short events = client_ ? (POLLIN | POLLRDHUP) : POLLRDHUP;
  std::vector<pollfd> p;
  std::vector<int> who;
  for (;;) {
    p.clear();
    who.clear();
    for (std::size_t i = 0; i < fds.size(); ++i) {
      if (fds[i] < 0) continue;
      p.push_back({fds[i], events, 0});
      who.push_back(static_cast<int>(i));
    }
    p.push_back({stop_pipe_[0], POLLIN, 0});
    int rc = ::poll(p.data(), p.size(), -1);
    if (rc < 0 && errno == EINTR) continue;
    if (rc < 0 || p.back().revents) break;
    int hit = -1;
    for (std::size_t i = 0; i + 1 < p.size() && hit < 0; ++i)
      if (p[i].revents) hit = who[i];
    if (hit < 0) continue;
    std::unique_lock<std::mutex> lock(io_mu_, std::try_to_lock);
    if (!lock.owns_lock()) {  // the collective in flight will read it
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      continue;
    }
    if (fired_.load()) break;
    if (client_) {
      if (client_->fd() < 0) break;
      pollfd q{client_->fd(), POLLIN | POLLRDHUP, 0};
      if (::poll(&q, 1, 0) <= 0) continue;  // consumed by the collective that just ended
      std::string why;
      const int pe = client_->read_notice(&why);
      fire(pe, why);
      break;
    }
    if (hub_->fd_of(hit) < 0) {  // closed by a failed round, which reported it
      ::close(fds[hit]);
      fds[hit] = -1;
      continue;
    }
    std::string why = hub_->fail_hangup(hit);
    fire(hub_->last_culprit(), why);
    break;
  }
  for (int fd : fds)
    if (fd >= 0) ::close(fd);
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
  unwatch();
  Status s = exchange(Op::finalize, -1, 0, nullptr, 0, nullptr, 0);
  finalized_ = true;
  client_.reset();
  hub_.reset();
  return s;
}

void StarBootstrap::tell_abort(int code, const char* msg) {
  if (client_) client_->send_abort(code, msg);
  if (hub_) {
    char text[600];
    std::snprintf(text, sizeof text, "PE %d aborted the job (code %d): %.500s", info_.rank, code,
                  msg);
    hub_->fail_all(text, info_.rank);
  }
}

void StarBootstrap::abort(int code, const char* msg) {
  tell_abort(code, msg);
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
  std::_Exit(code != 0 || is_global_exit(msg) ? code : 1);
}

}  // namespace shoal::bootstrap
