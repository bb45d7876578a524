#include "bootstrap/wire.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

#include "base/env.h"
#include "base/log.h"

namespace shoal::bootstrap {

const char* op_name(std::uint16_t op) {
  switch (static_cast<Op>(op)) {
    case Op::hello: return "hello";
    case Op::welcome: return "welcome";
    case Op::allgather: return "allgather";
    case Op::alltoall: return "alltoall";
    case Op::barrier: return "barrier";
    case Op::broadcast: return "broadcast";
    case Op::finalize: return "finalize";
    case Op::abort: return "abort";
    case Op::error: return "error";
  }
  return "unknown";
}

Deadline Deadline::after(double seconds) {
  Deadline d;
  d.never_ = false;
  d.at_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                             std::chrono::duration<double>(seconds));
  return d;
}

bool Deadline::expired() const { return !never_ && Clock::now() >= at_; }

double Deadline::seconds_left() const {
  if (never_) return 1e30;
  return std::max(0.0, std::chrono::duration<double>(at_ - Clock::now()).count());
}

int Deadline::poll_ms() const {
  if (never_) return -1;
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(at_ - Clock::now()).count();
  if (left <= 0) return 0;
  return static_cast<int>(std::min<long long>(left + 1, INT_MAX));
}

namespace {

// Waits for `events` on fd. ok, timeout, or io_error (POLLERR/POLLHUP without
// POLLIN for reads is reported by the following read as EOF).
Status wait_fd(int fd, short events, Deadline dl, std::string* why_p) {
  for (;;) {
    pollfd p{fd, events, 0};
    int ms = dl.poll_ms();
    int rc = ::poll(&p, 1, ms);
    if (rc > 0) return Status::ok;
    if (rc == 0) {
      if (dl.expired()) {
        *why_p = "timed out";
        return Status::timeout;
      }
      continue;
    }
    if (errno == EINTR) continue;
    *why_p = std::string("poll failed: ") + std::strerror(errno);
    return Status::io_error;
  }
}

}  // namespace

Status io_send(int fd, const iovec* iov_in, int iovcnt, Deadline dl, std::string* why_p) {
  std::vector<iovec> iov(iov_in, iov_in + iovcnt);
  std::size_t i = 0;
  while (i < iov.size()) {
    if (iov[i].iov_len == 0) {
      ++i;
      continue;
    }
    msghdr m{};
    m.msg_iov = &iov[i];
    m.msg_iovlen = std::min<std::size_t>(iov.size() - i, IOV_MAX);
    ssize_t n = ::sendmsg(fd, &m, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        SHOAL_CHECK(wait_fd(fd, POLLOUT, dl, why_p));
        continue;
      }
      *why_p = errno == EPIPE || errno == ECONNRESET
                   ? std::string("connection closed")
                   : std::string("send failed: ") + std::strerror(errno);
      return Status::io_error;
    }
    auto left = static_cast<std::size_t>(n);
    while (left > 0 && i < iov.size()) {
      std::size_t take = std::min(left, iov[i].iov_len);
      iov[i].iov_base = static_cast<char*>(iov[i].iov_base) + take;
      iov[i].iov_len -= take;
      left -= take;
      if (iov[i].iov_len == 0) ++i;
    }
  }
  return Status::ok;
}

Status io_send(int fd, const void* buf, std::size_t len, Deadline dl, std::string* why_p) {
  iovec v{const_cast<void*>(buf), len};
  return io_send(fd, &v, 1, dl, why_p);
}

Status io_recv(int fd, void* buf, std::size_t len, Deadline dl, std::string* why_p) {
  auto* p = static_cast<char*>(buf);
  std::size_t got = 0;
  while (got < len) {
    ssize_t n = ::recv(fd, p + got, len - got, 0);
    if (n > 0) {
      got += static_cast<std::size_t>(n);
      continue;
    }
    // A peer that dies with unread data makes its kernel answer with a reset
    // instead of an orderly close: the same event for us.
    if (n == 0 || (n < 0 && errno == ECONNRESET)) {
      *why_p = got ? "connection closed in the middle of a message (" + std::to_string(got) +
                         " of " + std::to_string(len) + " bytes)"
                   : "connection closed";
      return Status::io_error;
    }
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      SHOAL_CHECK(wait_fd(fd, POLLIN, dl, why_p));
      continue;
    }
    *why_p = std::string("receive failed: ") + std::strerror(errno);
    return Status::io_error;
  }
  return Status::ok;
}

Status send_msg(int fd, const WireHeader& h, const iovec* pieces, int npieces, Deadline dl,
                std::string* why_p) {
  std::vector<iovec> iov;
  iov.reserve(static_cast<std::size_t>(npieces) + 1);
  iov.push_back({const_cast<WireHeader*>(&h), sizeof h});
  for (int i = 0; i < npieces; ++i) iov.push_back(pieces[i]);
  return io_send(fd, iov.data(), static_cast<int>(iov.size()), dl, why_p);
}

Status recv_header(int fd, WireHeader* h_p, std::uint64_t max_payload, Deadline dl,
                   std::string* why_p) {
  SHOAL_CHECK(io_recv(fd, h_p, sizeof *h_p, dl, why_p));
  char buf[160];
  if (h_p->magic != kWireMagic) {
    std::snprintf(buf, sizeof buf, "bad magic 0x%08x (not a shoal bootstrap peer)", h_p->magic);
    *why_p = buf;
    return Status::protocol_error;
  }
  if (h_p->version != kWireVersion) {
    std::snprintf(buf, sizeof buf, "protocol version %u, expected %u", h_p->version,
                  kWireVersion);
    *why_p = buf;
    return Status::protocol_error;
  }
  if (h_p->payload > max_payload) {
    std::snprintf(buf, sizeof buf, "%s message announces %llu payload bytes, at most %llu allowed",
                  op_name(h_p->op), static_cast<unsigned long long>(h_p->payload),
                  static_cast<unsigned long long>(max_payload));
    *why_p = buf;
    return Status::protocol_error;
  }
  return Status::ok;
}

void set_nonblocking(int fd) {
  int fl = ::fcntl(fd, F_GETFL);
  if (fl >= 0) ::fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

void set_cloexec(int fd) {
  int fl = ::fcntl(fd, F_GETFD);
  if (fl >= 0) ::fcntl(fd, F_SETFD, fl | FD_CLOEXEC);
}

bool secret_equal(const unsigned char* a, const unsigned char* b) {
  // Constant time: no early exit, so timing does not reveal the prefix.
  volatile unsigned char diff = 0;
  for (std::size_t i = 0; i < kSecretBytes; ++i) diff = diff | (a[i] ^ b[i]);
  return diff == 0;
}

double bootstrap_timeout() {
  // Quiet: create() has already rejected a bad value with a message.
  const char* v = std::getenv("SHOAL_BOOTSTRAP_TIMEOUT");
  if (!v || !*v) return 120;
  char* end = nullptr;
  double t = std::strtod(v, &end);
  return (end != v && !*end && t > 0 && t < 1e9) ? t : 120;
}

std::string hex_encode(const void* data, std::size_t len) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  s.reserve(len * 2);
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < len; ++i) {
    s.push_back(digits[p[i] >> 4]);
    s.push_back(digits[p[i] & 15]);
  }
  return s;
}

bool hex_decode(const char* text, void* out, std::size_t len) {
  if (std::strlen(text) != 2 * len) return false;
  auto nib = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  auto* o = static_cast<unsigned char*>(out);
  for (std::size_t i = 0; i < len; ++i) {
    int hi = nib(text[2 * i]), lo = nib(text[2 * i + 1]);
    if (hi < 0 || lo < 0) return false;
    o[i] = static_cast<unsigned char>(hi << 4 | lo);
  }
  return true;
}

}  // namespace shoal::bootstrap
