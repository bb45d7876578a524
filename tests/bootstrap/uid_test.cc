// The uid bootstrap against hostile and broken peers: raw sockets send
// malformed, truncated, oversized and unauthenticated messages to a live
// rank 0, which must reject each with a clear message and still complete the
// job with the legitimate rank 1. Also: the unique id's text form and the
// in-process path (uid_create keeps the socket for rank 0's init, across fork).
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "bootstrap/bootstrap.h"
#include "bootstrap/uid.h"
#include "bootstrap/wire.h"
#include "shoal/bootstrap.h"

using namespace shoal;
using namespace shoal::bootstrap;

namespace {

int port_of(const shoal_uniqueid_t& id) { return id.internal[6] << 8 | id.internal[7]; }

int raw_connect(const shoal_uniqueid_t& id) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<uint16_t>(port_of(id)));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  EXPECT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0) << strerror(errno);
  timeval tv{10, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  return fd;
}

// Reads the reply to a rejected hello: an error message, then EOF.
std::string read_rejection(int fd) {
  WireHeader h;
  std::string text;
  ssize_t n = recv(fd, &h, sizeof h, MSG_WAITALL);
  if (n == static_cast<ssize_t>(sizeof h) && h.magic == kWireMagic &&
      h.op == static_cast<uint16_t>(Op::error) && h.payload < 4096) {
    text.resize(h.payload);
    if (recv(fd, text.data(), text.size(), MSG_WAITALL) != static_cast<ssize_t>(text.size()))
      text = "(short)";
  }
  char c;
  EXPECT_EQ(recv(fd, &c, 1, 0), 0) << "connection should be closed after a rejection";
  close(fd);
  return text;
}

WireHeader hello(int rank, int size, uint64_t payload) {
  WireHeader h;
  h.op = static_cast<uint16_t>(Op::hello);
  h.rank = rank;
  h.root = size;
  h.payload = payload;
  return h;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// Forks a PE of a 2-PE uid job; its stderr goes to `log`. The child runs
// `body` on the created bootstrap and exits with its result.
template <typename F>
pid_t fork_pe(const shoal_uniqueid_t& id, int rank, const std::string& log, F body) {
  pid_t pid = fork();
  if (pid == 0) {
    int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(fd, 2);
    setenv("SHOAL_BOOTSTRAP_TIMEOUT", "20", 1);
    Options o;
    o.kind = "uid";
    o.uid = id.internal;
    o.uid_bytes = sizeof id.internal;
    o.uid_rank = rank;
    o.uid_size = 2;
    std::unique_ptr<Bootstrap> b;
    if (create(o, &b) != Status::ok) _exit(10);
    _exit(body(*b));
  }
  return pid;
}

int wait_exit(pid_t pid) {
  int st = 0;
  waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

std::string tmp_log(const char* name) {
  const char* t = getenv("TMPDIR");
  return std::string(t && *t ? t : "/tmp") + "/shoal_uid_test_" + name + "_" +
         std::to_string(getpid()) + ".log";
}

}  // namespace

TEST(UidText, RoundTripAndRejects) {
  shoal_uniqueid_t id;
  ASSERT_EQ(uid_create(id.internal, sizeof id.internal), Status::ok);
  std::string s = uid_to_string(id.internal);
  EXPECT_EQ(s.size(), 256u);
  shoal_uniqueid_t back;
  ASSERT_EQ(uid_from_string(s.c_str(), back.internal, sizeof back.internal), Status::ok);
  EXPECT_EQ(memcmp(id.internal, back.internal, sizeof id.internal), 0);
  EXPECT_EQ(uid_address(id.internal), "127.0.0.1:" + std::to_string(port_of(id)));
  EXPECT_EQ(uid_from_string("abc", back.internal, sizeof back.internal), Status::invalid_argument);
  std::string bad = s;
  bad[0] = '0';  // magic
  EXPECT_EQ(uid_from_string(bad.c_str(), back.internal, sizeof back.internal),
            Status::invalid_argument);
  char small[64];
  EXPECT_EQ(uid_create(small, sizeof small), Status::invalid_argument);
  // Two ids differ in their secret (bytes 24..39).
  shoal_uniqueid_t id2;
  ASSERT_EQ(uid_create(id2.internal, sizeof id2.internal), Status::ok);
  EXPECT_NE(memcmp(id.internal + 24, id2.internal + 24, 16), 0);
  uid_release();
}

TEST(UidAttack, MalformedAndUnauthenticatedConnectionsAreRejected) {
  shoal_uniqueid_t id;
  ASSERT_EQ(uid_create(id.internal, sizeof id.internal), Status::ok);
  std::string root_log = tmp_log("root");
  // Rank 0 inherits the listening socket (the in-process path of shoal_get_uniqueid).
  pid_t root = fork_pe(id, 0, root_log, [](Bootstrap& b) {
    int v = 42, all[2] = {0, 0};
    if (b.allgather(&v, all, sizeof v) != Status::ok || all[0] != 42 || all[1] != 43) return 1;
    return b.finalize() == Status::ok ? 0 : 2;
  });
  uid_release();  // the parent's copy

  const unsigned char* secret = id.internal + 24;
  {  // garbage: bad magic
    int fd = raw_connect(id);
    char junk[40];
    memset(junk, 'x', sizeof junk);
    ASSERT_EQ(send(fd, junk, sizeof junk, 0), 40);
    EXPECT_EQ(read_rejection(fd), "connection refused by uid root: bad magic 0x78787878 (not a shoal bootstrap peer)");
  }
  {  // truncated header, then close
    int fd = raw_connect(id);
    WireHeader h = hello(1, 2, 16);
    ASSERT_EQ(send(fd, &h, 10, 0), 10);
    shutdown(fd, SHUT_WR);
    read_rejection(fd);
  }
  {  // oversized payload announced
    int fd = raw_connect(id);
    WireHeader h = hello(1, 2, 1ull << 40);
    ASSERT_EQ(send(fd, &h, sizeof h, 0), static_cast<ssize_t>(sizeof h));
    EXPECT_EQ(read_rejection(fd),
              "connection refused by uid root: hello message announces 1099511627776 payload "
              "bytes, at most 16 allowed");
  }
  {  // wrong secret
    int fd = raw_connect(id);
    WireHeader h = hello(1, 2, 16);
    unsigned char s[16];
    memcpy(s, secret, 16);
    s[15] ^= 1;
    ASSERT_EQ(send(fd, &h, sizeof h, 0), static_cast<ssize_t>(sizeof h));
    ASSERT_EQ(send(fd, s, 16, 0), 16);
    EXPECT_EQ(read_rejection(fd), "connection refused by uid root: authentication failed (wrong secret)");
  }
  {  // right secret, rank out of range
    int fd = raw_connect(id);
    WireHeader h = hello(7, 2, 16);
    ASSERT_EQ(send(fd, &h, sizeof h, 0), static_cast<ssize_t>(sizeof h));
    ASSERT_EQ(send(fd, secret, 16, 0), 16);
    EXPECT_EQ(read_rejection(fd),
              "connection refused by uid root: rank 7 is not a valid peer rank for a job of 2");
  }
  {  // right secret, wrong job size
    int fd = raw_connect(id);
    WireHeader h = hello(1, 5, 16);
    ASSERT_EQ(send(fd, &h, sizeof h, 0), static_cast<ssize_t>(sizeof h));
    ASSERT_EQ(send(fd, secret, 16, 0), 16);
    EXPECT_EQ(read_rejection(fd), "connection refused by uid root: job size 5 does not match the hub's 2");
  }
  {  // not a hello
    int fd = raw_connect(id);
    WireHeader h = hello(1, 2, 0);
    h.op = static_cast<uint16_t>(Op::allgather);
    ASSERT_EQ(send(fd, &h, sizeof h, 0), static_cast<ssize_t>(sizeof h));
    EXPECT_EQ(read_rejection(fd), "connection refused by uid root: expected hello, got allgather (op 3)");
  }
  // The legitimate rank 1 still completes the job with rank 0.
  pid_t peer = fork_pe(id, 1, tmp_log("peer"), [](Bootstrap& b) {
    int v = 43, all[2] = {0, 0};
    if (b.allgather(&v, all, sizeof v) != Status::ok || all[0] != 42 || all[1] != 43) return 1;
    return b.finalize() == Status::ok ? 0 : 2;
  });
  EXPECT_EQ(wait_exit(peer), 0);
  EXPECT_EQ(wait_exit(root), 0) << slurp(root_log);
  std::string log = slurp(root_log);
  EXPECT_NE(log.find("bad magic 0x78787878"), std::string::npos) << log;
  EXPECT_NE(log.find("connection closed in the middle of a message (10 of 40 bytes)"), std::string::npos) << log;
  EXPECT_NE(log.find("announces 1099511627776 payload bytes"), std::string::npos) << log;
  EXPECT_NE(log.find("authentication failed (wrong secret)"), std::string::npos) << log;
  unlink(root_log.c_str());
  unlink(tmp_log("peer").c_str());
}

// An authenticated peer that then sends a malformed collective makes rank 0
// fail that collective with a message naming it (and not crash).
TEST(UidAttack, MalformedCollectiveFromAuthenticatedPeer) {
  struct Bad {
    const char* what;
    WireHeader h;
    std::size_t send_payload;
    const char* expect;
  };
  auto mk = [](Op op, uint32_t seq, uint64_t bytes, uint64_t payload, int root = -1) {
    WireHeader h;
    h.op = static_cast<uint16_t>(op);
    h.seq = seq;
    h.rank = 1;
    h.root = root;
    h.bytes = bytes;
    h.payload = payload;
    return h;
  };
  // The topology allgather at create() is call #1; the test's barrier is #2.
  Bad cases[] = {
      {"payload mismatch", mk(Op::allgather, 2, 8, 3), 3,
       "bad message from PE 1: allgather of 8 bytes carries 3 payload bytes, expected 8"},
      {"wrong sequence", mk(Op::barrier, 9, 0, 0), 0,
       "bad message from PE 1: barrier (op 5) seq 9 rank 1, expected a collective with seq 2 from rank 1"},
      {"unknown op", mk(static_cast<Op>(77), 2, 0, 0), 0, "bad message from PE 1: unknown (op 77)"},
      {"broadcast root", mk(Op::broadcast, 2, 4, 0, 99), 0,
       "bad message from PE 1: broadcast root 99 out of range"},
      {"truncated payload", mk(Op::allgather, 2, 100000, 100000), 50,
       "PE 1: connection closed in the middle of a message (50 of 100000 bytes) while receiving its allgather"},
  };
  for (const Bad& c : cases) {
    SCOPED_TRACE(c.what);
    shoal_uniqueid_t id;
    ASSERT_EQ(uid_create(id.internal, sizeof id.internal), Status::ok);
    std::string root_log = tmp_log("root2");
    pid_t root = fork_pe(id, 0, root_log, [](Bootstrap& b) {
      // Expect the barrier to fail because of PE 1.
      return b.barrier() == Status::ok ? 1 : 42;
    });
    uid_release();
    int fd = raw_connect(id);
    WireHeader h = hello(1, 2, 16);
    ASSERT_EQ(send(fd, &h, sizeof h, 0), static_cast<ssize_t>(sizeof h));
    ASSERT_EQ(send(fd, id.internal + 24, 16, 0), 16);
    WireHeader w;
    ASSERT_EQ(recv(fd, &w, sizeof w, MSG_WAITALL), static_cast<ssize_t>(sizeof w));
    ASSERT_EQ(w.op, static_cast<uint16_t>(Op::welcome));
    // Take part honestly in the topology allgather (call #1): 72-byte node keys.
    WireHeader t = mk(Op::allgather, 1, 72, 72);
    char key[72] = {};
    memset(key, 0xff, 8);  // node id -1: compare host names
    gethostname(key + 8, 63);
    ASSERT_EQ(send(fd, &t, sizeof t, 0), static_cast<ssize_t>(sizeof t));
    ASSERT_EQ(send(fd, key, sizeof key, 0), static_cast<ssize_t>(sizeof key));
    WireHeader r;
    ASSERT_EQ(recv(fd, &r, sizeof r, MSG_WAITALL), static_cast<ssize_t>(sizeof r));
    std::string drain(r.payload, '\0');
    ASSERT_EQ(recv(fd, drain.data(), drain.size(), MSG_WAITALL), static_cast<ssize_t>(drain.size()));
    // Now the malformed collective.
    ASSERT_EQ(send(fd, &c.h, sizeof c.h, 0), static_cast<ssize_t>(sizeof c.h));
    std::string junk(c.send_payload, 'j');
    if (!junk.empty()) {
      ASSERT_EQ(send(fd, junk.data(), junk.size(), 0), static_cast<ssize_t>(junk.size()));
    }
    if (c.send_payload < c.h.payload) shutdown(fd, SHUT_WR);
    EXPECT_EQ(wait_exit(root), 42);
    close(fd);
    std::string log = slurp(root_log);
    EXPECT_NE(log.find(c.expect), std::string::npos) << log;
    unlink(root_log.c_str());
  }
}
