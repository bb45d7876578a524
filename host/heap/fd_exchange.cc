#include "host/heap/fd_exchange.h"

#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>

#include "base/log.h"
#include "base/random.h"

namespace shoal {
namespace {

constexpr std::uint32_t kMagic = 0x73686c66;  // "shlf"
constexpr std::size_t kNameBytes = 40;

struct Endpoint {
  char name[kNameBytes];  // abstract socket name without the leading NUL
};

struct Hello {
  std::uint32_t magic;
  std::int32_t rank;
  unsigned char secret[16];
};

socklen_t make_addr(const char* name, sockaddr_un* addr) {
  std::memset(addr, 0, sizeof *addr);
  addr->sun_family = AF_UNIX;
  std::size_t len = strnlen(name, kNameBytes);
  std::memcpy(addr->sun_path + 1, name, len);  // sun_path[0] == 0: abstract
  return static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + len);
}

bool secrets_equal(const unsigned char* a, const unsigned char* b) {
  unsigned char d = 0;
  for (int i = 0; i < 16; ++i) d |= a[i] ^ b[i];
  return d == 0;
}

int ms_left(std::chrono::steady_clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                  deadline - std::chrono::steady_clock::now()).count();
  return left < 0 ? 0 : static_cast<int>(left > 1000000 ? 1000000 : left);
}

Status send_fd(int sock, const Hello& hello, int fd) {
  iovec iov{const_cast<Hello*>(&hello), sizeof hello};
  alignas(cmsghdr) char ctrl[CMSG_SPACE(sizeof(int))] = {};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = ctrl;
  msg.msg_controllen = sizeof ctrl;
  cmsghdr* c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int));
  std::memcpy(CMSG_DATA(c), &fd, sizeof fd);
  for (;;) {
    ssize_t n = sendmsg(sock, &msg, MSG_NOSIGNAL);
    if (n == static_cast<ssize_t>(sizeof hello)) return Status::ok;
    if (n < 0 && errno == EINTR) continue;
    SHOAL_ERROR("sending a heap descriptor failed: %s", n < 0 ? std::strerror(errno) : "short write");
    return Status::io_error;
  }
}

// Receives one Hello and one descriptor; validates everything.
Status recv_fd(int sock, Hello* hello_p, int* fd_p) {
  alignas(cmsghdr) char ctrl[CMSG_SPACE(sizeof(int) * 4)] = {};
  iovec iov{hello_p, sizeof *hello_p};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = ctrl;
  msg.msg_controllen = sizeof ctrl;
  ssize_t n;
  do {
    n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC | MSG_WAITALL);
  } while (n < 0 && errno == EINTR);
  int fd = -1, extra = 0;
  for (cmsghdr* c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    std::size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    for (std::size_t i = 0; i < count; ++i) {
      int f;
      std::memcpy(&f, CMSG_DATA(c) + i * sizeof(int), sizeof f);
      if (fd < 0) fd = f; else { close(f); ++extra; }
    }
  }
  if (n != static_cast<ssize_t>(sizeof *hello_p) || (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) ||
      fd < 0 || extra) {
    if (fd >= 0) close(fd);
    SHOAL_ERROR("malformed heap-descriptor message (%zd bytes, %s descriptor%s)", n,
                fd < 0 ? "no" : "a", extra ? ", extra descriptors" : "");
    return Status::protocol_error;
  }
  *fd_p = fd;
  return Status::ok;
}

}  // namespace

Status fd_exchange(bootstrap::Bootstrap& boot, const std::vector<int>& node_of_pe, int my_fd,
                   double timeout_s, std::vector<int>* peer_fds_p) {
  const int me = boot.info().rank, n = boot.info().size;
  std::vector<int>& fds = *peer_fds_p;
  fds.assign(n, -1);

  int expected = 0;
  for (int pe = 0; pe < n; ++pe)
    if (pe != me && node_of_pe[pe] == node_of_pe[me]) ++expected;

  // The job secret: rank 0's random bytes.
  unsigned char secret[16];
  if (int e = random_bytes(secret, sizeof secret)) {
    SHOAL_ERROR("heap handle exchange: getrandom for the job secret failed: %s", std::strerror(e));
    return Status::io_error;
  }
  SHOAL_CHECK(boot.broadcast(secret, sizeof secret, 0));

  // Listen on a random abstract name.
  Endpoint mine{};
  unsigned char rnd[16];
  if (int e = random_bytes(rnd, sizeof rnd)) {
    SHOAL_ERROR("heap handle exchange: getrandom for the socket name failed: %s", std::strerror(e));
    return Status::io_error;
  }
  std::snprintf(mine.name, sizeof mine.name, "shoal-");
  for (int i = 0; i < 16; ++i) std::snprintf(mine.name + 6 + 2 * i, 3, "%02x", rnd[i]);

  int lsock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (lsock < 0) {
    SHOAL_ERROR("socket(AF_UNIX) failed: %s", std::strerror(errno));
    return Status::io_error;
  }
  sockaddr_un addr;
  socklen_t alen = make_addr(mine.name, &addr);
  if (bind(lsock, reinterpret_cast<sockaddr*>(&addr), alen) != 0 ||
      listen(lsock, expected + 1) != 0) {
    SHOAL_ERROR("listening on the descriptor-exchange socket failed: %s", std::strerror(errno));
    close(lsock);
    return Status::io_error;
  }

  std::vector<Endpoint> all(n);
  Status s = boot.allgather(&mine, all.data(), sizeof mine);
  if (s != Status::ok) {
    close(lsock);
    return s;
  }

  // Send ours to every node-local peer. connect() completes from the backlog
  // without the peer calling accept(), so the order does not matter.
  Hello hello{kMagic, me, {}};
  std::memcpy(hello.secret, secret, sizeof secret);
  for (int pe = 0; pe < n && s == Status::ok; ++pe) {
    if (pe == me || node_of_pe[pe] != node_of_pe[me]) continue;
    all[pe].name[kNameBytes - 1] = 0;
    int c = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un peer;
    socklen_t plen = make_addr(all[pe].name, &peer);
    if (c < 0 || connect(c, reinterpret_cast<sockaddr*>(&peer), plen) != 0) {
      SHOAL_ERROR("connecting to PE %d's descriptor-exchange socket failed: %s (are PE %d and PE "
                  "%d in the same network namespace?)", pe, std::strerror(errno), me, pe);
      s = Status::io_error;
    } else {
      s = send_fd(c, hello, my_fd);
    }
    if (c >= 0) close(c);
  }

  // Receive one from every node-local peer.
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::milliseconds(static_cast<long long>(timeout_s * 1000));
  for (int got = 0; got < expected && s == Status::ok;) {
    pollfd p{lsock, POLLIN, 0};
    int r = poll(&p, 1, ms_left(deadline));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) {
      SHOAL_ERROR("timed out after %.0f s waiting for heap descriptors: %d of %d node-local peers "
                  "sent theirs", timeout_s, got, expected);
      s = Status::timeout;
      break;
    }
    int c = accept4(lsock, nullptr, nullptr, SOCK_CLOEXEC);
    if (c < 0) continue;
    ucred cred{};
    socklen_t clen = sizeof cred;
    Hello h{};
    int fd = -1;
    if (getsockopt(c, SOL_SOCKET, SO_PEERCRED, &cred, &clen) != 0 || cred.uid != getuid()) {
      SHOAL_WARN("rejected a descriptor-exchange connection from uid %u (pid %d)",
                 static_cast<unsigned>(cred.uid), static_cast<int>(cred.pid));
      close(c);
      continue;
    }
    Status rs = recv_fd(c, &h, &fd);
    close(c);
    if (rs != Status::ok) continue;  // logged; keep waiting for the real peers
    if (h.magic != kMagic || !secrets_equal(h.secret, secret) || h.rank < 0 || h.rank >= n ||
        h.rank == me || node_of_pe[h.rank] != node_of_pe[me] || fds[h.rank] >= 0) {
      SHOAL_WARN("rejected a descriptor-exchange message (claimed rank %d): bad magic, secret, "
                 "rank or duplicate", h.rank);
      close(fd);
      continue;
    }
    fds[h.rank] = fd;
    ++got;
  }
  close(lsock);
  if (s != Status::ok) {
    for (int& fd : fds)
      if (fd >= 0) close(fd), fd = -1;
  }
  return s;
}

}  // namespace shoal
