// The uid bootstrap: rank 0 listens on TCP and is the hub of a star; the
// other ranks connect to the address in the unique id and authenticate with
// its secret. Environment for scripts: SHOAL_UNIQUEID (hex), SHOAL_UID_RANK,
// SHOAL_UID_SIZE (falling back to RANK and WORLD_SIZE as torchrun sets them).
#include "bootstrap/uid.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <thread>

#include "base/env.h"
#include "base/log.h"
#include "base/random.h"
#include "bootstrap/internal.h"
#include "shoal/bootstrap.h"

namespace shoal::bootstrap {
namespace {

constexpr unsigned char kUidMagic[4] = {'S', 'H', 'U', 'I'};
constexpr std::size_t kUidBytes = SHOAL_UNIQUEID_BYTES;

struct UidFields {
  int family = 0;  // AF_INET or AF_INET6
  std::uint16_t port = 0;
  unsigned char addr[16] = {};
  unsigned char secret[kSecretBytes] = {};
};

void encode(const UidFields& f, unsigned char* out) {
  std::memset(out, 0, kUidBytes);
  std::memcpy(out, kUidMagic, 4);
  out[4] = 1;
  out[5] = f.family == AF_INET6 ? 6 : 4;
  out[6] = static_cast<unsigned char>(f.port >> 8);
  out[7] = static_cast<unsigned char>(f.port & 0xff);
  std::memcpy(out + 8, f.addr, 16);
  std::memcpy(out + 24, f.secret, kSecretBytes);
}

bool decode(const unsigned char* in, UidFields* f) {
  if (std::memcmp(in, kUidMagic, 4) != 0 || in[4] != 1 || (in[5] != 4 && in[5] != 6)) return false;
  f->family = in[5] == 6 ? AF_INET6 : AF_INET;
  f->port = static_cast<std::uint16_t>(in[6] << 8 | in[7]);
  std::memcpy(f->addr, in + 8, 16);
  std::memcpy(f->secret, in + 24, kSecretBytes);
  return true;
}

socklen_t to_sockaddr(const UidFields& f, sockaddr_storage* ss) {
  std::memset(ss, 0, sizeof *ss);
  if (f.family == AF_INET6) {
    auto* a = reinterpret_cast<sockaddr_in6*>(ss);
    a->sin6_family = AF_INET6;
    a->sin6_port = htons(f.port);
    std::memcpy(&a->sin6_addr, f.addr, 16);
    return sizeof *a;
  }
  auto* a = reinterpret_cast<sockaddr_in*>(ss);
  a->sin_family = AF_INET;
  a->sin_port = htons(f.port);
  std::memcpy(&a->sin_addr, f.addr, 4);
  return sizeof *a;
}

std::string addr_string(const sockaddr_storage& ss) {
  char host[INET6_ADDRSTRLEN] = "?";
  int port = 0;
  if (ss.ss_family == AF_INET6) {
    auto* a = reinterpret_cast<const sockaddr_in6*>(&ss);
    inet_ntop(AF_INET6, &a->sin6_addr, host, sizeof host);
    port = ntohs(a->sin6_port);
    return std::string("[") + host + "]:" + std::to_string(port);
  }
  auto* a = reinterpret_cast<const sockaddr_in*>(&ss);
  inet_ntop(AF_INET, &a->sin_addr, host, sizeof host);
  port = ntohs(a->sin_port);
  return std::string(host) + ":" + std::to_string(port);
}

std::string fields_address(const UidFields& f) {
  sockaddr_storage ss;
  to_sockaddr(f, &ss);
  return addr_string(ss);
}

// SHOAL_BOOTSTRAP_IFADDR: an IPv4/IPv6 literal or an interface name.
// An empty default_spec means: the first IPv4 address of an interface that
// is up and not loopback (for jobs spanning several hosts).
Status first_external_ipv4(UidFields* f) {
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return Status::not_found;
  Status s = Status::not_found;
  for (ifaddrs* i = list; i; i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || (i->ifa_flags & IFF_LOOPBACK) ||
        !(i->ifa_flags & IFF_UP))
      continue;
    std::memcpy(f->addr, &reinterpret_cast<sockaddr_in*>(i->ifa_addr)->sin_addr, 4);
    f->family = AF_INET;
    s = Status::ok;
    break;
  }
  freeifaddrs(list);
  return s;
}

Status resolve_ifaddr(UidFields* f, const char* default_spec) {
  std::string spec = env::get_string("SHOAL_BOOTSTRAP_IFADDR", default_spec);
  if (spec.empty()) {
    if (first_external_ipv4(f) == Status::ok) return Status::ok;
    SHOAL_ERROR("bootstrap: no network interface with an IPv4 address (other than loopback) "
                "found; set SHOAL_BOOTSTRAP_IFADDR");
    return Status::not_found;
  }
  if (inet_pton(AF_INET, spec.c_str(), f->addr) == 1) {
    f->family = AF_INET;
    return Status::ok;
  }
  if (inet_pton(AF_INET6, spec.c_str(), f->addr) == 1) {
    f->family = AF_INET6;
    return Status::ok;
  }
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) == 0) {
    for (ifaddrs* i = list; i; i = i->ifa_next) {
      if (!i->ifa_addr || spec != i->ifa_name) continue;
      if (i->ifa_addr->sa_family == AF_INET) {
        std::memcpy(f->addr, &reinterpret_cast<sockaddr_in*>(i->ifa_addr)->sin_addr, 4);
        f->family = AF_INET;
        freeifaddrs(list);
        return Status::ok;
      }
    }
    freeifaddrs(list);
  }
  SHOAL_ERROR("SHOAL_BOOTSTRAP_IFADDR='%s' is neither an IP address nor an interface with an "
              "IPv4 address", spec.c_str());
  return Status::invalid_argument;
}

// Binds and listens on f's address and port; fills in the port when 0.
Status listen_on(UidFields* f, int* fd_p) {
  sockaddr_storage ss;
  socklen_t len = to_sockaddr(*f, &ss);
  int fd = ::socket(f->family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    SHOAL_ERROR("bootstrap uid: socket(): %s", std::strerror(errno));
    return Status::io_error;
  }
  int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&ss), len) != 0 || ::listen(fd, 1024) != 0) {
    SHOAL_ERROR("bootstrap uid: cannot listen on %s: %s (set SHOAL_BOOTSTRAP_IFADDR / "
                "SHOAL_BOOTSTRAP_PORT)", fields_address(*f).c_str(), std::strerror(errno));
    ::close(fd);
    return Status::io_error;
  }
  len = sizeof ss;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &len);
  f->port = ntohs(ss.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&ss)->sin6_port
                                           : reinterpret_cast<sockaddr_in*>(&ss)->sin_port);
  set_nonblocking(fd);
  *fd_p = fd;
  return Status::ok;
}

// The socket uid_create bound, kept for rank 0's init.
std::mutex g_mutex;
int g_listen_fd = -1;
unsigned char g_id[kUidBytes];

class UidBootstrap final : public StarBootstrap {
 public:
  const char* name() const override { return "uid"; }
  Status init(const unsigned char* id, int rank, int size);

 private:
  Status init_root(const UidFields& f);
  Status init_peer(const UidFields& f);
};

Status UidBootstrap::init(const unsigned char* id, int rank, int size) {
  UidFields f;
  if (!decode(id, &f)) {
    SHOAL_ERROR("bootstrap uid: the unique id is not valid (wrong magic or version); pass the "
                "bytes from shoal_get_uniqueid on rank 0 unchanged");
    return Status::invalid_argument;
  }
  if (size < 1 || rank < 0 || rank >= size) {
    SHOAL_ERROR("bootstrap uid: rank %d / size %d is not valid", rank, size);
    return Status::invalid_argument;
  }
  set_rank_size(rank, size);
  return rank == 0 ? init_root(f) : init_peer(f);
}

Status UidBootstrap::init_root(const UidFields& f) {
  int lfd = -1;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    UidFields kept;
    if (g_listen_fd >= 0 && decode(g_id, &kept) &&
        secret_equal(kept.secret, f.secret) && kept.port == f.port) {
      lfd = g_listen_fd;
      g_listen_fd = -1;
    }
  }
  UidFields bound = f;
  if (lfd < 0) {
    if (f.port == 0) {
      SHOAL_ERROR("bootstrap uid: rank 0 holds no socket for this unique id and the id names no "
                  "port; create the id with shoal_get_uniqueid in rank 0's process");
      return Status::invalid_argument;
    }
    SHOAL_CHECK(listen_on(&bound, &lfd));
  }
  std::string where = fields_address(bound);
  hub_ = std::make_unique<Hub>("uid root", info_.size, 0, f.secret);
  Deadline dl = Deadline::after(bootstrap_timeout());
  Status s = Status::ok;
  while (!hub_->all_connected()) {
    pollfd p{lfd, POLLIN, 0};
    int rc = ::poll(&p, 1, dl.poll_ms());
    if (rc < 0 && errno == EINTR) continue;
    if (rc == 0 && dl.expired()) {
      SHOAL_ERROR("bootstrap uid: timed out after %.0f s waiting for PE(s) %s to connect to %s "
                  "(SHOAL_BOOTSTRAP_TIMEOUT)",
                  bootstrap_timeout(), hub_->missing_ranks().c_str(), where.c_str());
      s = Status::timeout;
      break;
    }
    if (rc <= 0) continue;
    sockaddr_storage peer;
    socklen_t plen = sizeof peer;
    int fd = ::accept4(lfd, reinterpret_cast<sockaddr*>(&peer), &plen, SOCK_CLOEXEC);
    if (fd < 0) continue;
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    // A stalled or hostile connection may hold up the others for a short while only.
    Deadline hello_dl = Deadline::after(std::min(10.0, dl.seconds_left()));
    (void)hub_->admit(fd, addr_string(peer), hello_dl);
  }
  ::close(lfd);
  if (s != Status::ok) hub_->fail_all("bootstrap uid: rank 0 gave up waiting for PE(s) to connect");
  return s;
}

Status UidBootstrap::init_peer(const UidFields& f) {
  {
    // A socket inherited from a parent that created this id (fork) is rank
    // 0's business only: close our copy so the port stops listening once
    // rank 0 is done.
    std::lock_guard<std::mutex> lock(g_mutex);
    UidFields kept;
    if (g_listen_fd >= 0 && decode(g_id, &kept) && secret_equal(kept.secret, f.secret)) {
      ::close(g_listen_fd);
      g_listen_fd = -1;
    }
  }
  sockaddr_storage ss;
  socklen_t len = to_sockaddr(f, &ss);
  std::string where = "rank 0 at " + fields_address(f);
  Deadline dl = Deadline::after(bootstrap_timeout());
  int fd = -1;
  // Rank 0 may not be listening yet when it binds at init (SHOAL_UNIQUEID
  // from a script): retry refused connections until the deadline.
  for (;;) {
    fd = ::socket(f.family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
      SHOAL_ERROR("bootstrap uid: socket(): %s", std::strerror(errno));
      return Status::io_error;
    }
    if (::connect(fd, reinterpret_cast<sockaddr*>(&ss), len) == 0) break;
    int err = errno;
    ::close(fd);
    if ((err == ECONNREFUSED || err == EINTR || err == ETIMEDOUT) && !dl.expired()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      continue;
    }
    SHOAL_ERROR("bootstrap uid: cannot connect to %s: %s", where.c_str(),
                dl.expired() ? "timed out (SHOAL_BOOTSTRAP_TIMEOUT)" : std::strerror(err));
    return dl.expired() ? Status::timeout : Status::io_error;
  }
  int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  client_ = std::make_unique<Client>(info_.rank, info_.size, where, bootstrap_timeout(), 0);
  SHOAL_CHECK(client_->hello(fd, f.secret));
  return Status::ok;
}

}  // namespace

Status uid_create(void* id_bytes, std::size_t len) { return uid_create_at("127.0.0.1", id_bytes, len); }

Status uid_create_at(const char* default_ifaddr, void* id_bytes, std::size_t len) {
  if (!id_bytes || len < kUidBytes) {
    SHOAL_ERROR("uid_create: need a buffer of %zu bytes, got %zu", kUidBytes, len);
    return Status::invalid_argument;
  }
  UidFields f;
  SHOAL_CHECK(resolve_ifaddr(&f, default_ifaddr));
  long long port = 0;
  SHOAL_CHECK(env::get_int("SHOAL_BOOTSTRAP_PORT", 0, 0, 65535, &port));
  f.port = static_cast<std::uint16_t>(port);
  if (int e = random_bytes(f.secret, sizeof f.secret)) {
    SHOAL_ERROR("uid_create: getrandom failed: %s", std::strerror(e));
    return Status::io_error;
  }
  int fd = -1;
  SHOAL_CHECK(listen_on(&f, &fd));
  unsigned char id[kUidBytes];
  encode(f, id);
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    if (g_listen_fd >= 0) ::close(g_listen_fd);
    g_listen_fd = fd;
    std::memcpy(g_id, id, kUidBytes);
  }
  std::memcpy(id_bytes, id, kUidBytes);
  SHOAL_DEBUG("uid_create: listening on %s", fields_address(f).c_str());
  return Status::ok;
}

void uid_release() {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_listen_fd >= 0) ::close(g_listen_fd);
  g_listen_fd = -1;
}

std::string uid_to_string(const void* id_bytes) { return hex_encode(id_bytes, kUidBytes); }

Status uid_from_string(const char* text, void* id_bytes, std::size_t len) {
  UidFields f;
  if (len < kUidBytes || !hex_decode(text, id_bytes, kUidBytes) ||
      !decode(static_cast<unsigned char*>(id_bytes), &f)) {
    SHOAL_ERROR("SHOAL_UNIQUEID is not a shoal unique id: expected %zu hex digits as printed by "
                "uid_to_string / shoal_uniqueid_to_string", 2 * kUidBytes);
    return Status::invalid_argument;
  }
  return Status::ok;
}

std::string uid_address(const void* id_bytes) {
  UidFields f;
  if (!decode(static_cast<const unsigned char*>(id_bytes), &f)) return "";
  return fields_address(f);
}

Status create_uid(const Options& o, std::unique_ptr<Bootstrap>* out_p) {
  unsigned char id[kUidBytes];
  int rank = o.uid_rank, size = o.uid_size;
  if (o.uid) {
    if (o.uid_bytes < kUidBytes) {
      SHOAL_ERROR("bootstrap uid: the unique id has %zu bytes, expected %zu", o.uid_bytes,
                  kUidBytes);
      return Status::invalid_argument;
    }
    std::memcpy(id, o.uid, kUidBytes);
  } else {
    std::string text = env::get_string("SHOAL_UNIQUEID");
    if (text.empty()) {
      SHOAL_ERROR("bootstrap 'uid' needs a unique id: pass it to shoal_init_attr, or set "
                  "SHOAL_UNIQUEID (hex), SHOAL_UID_RANK and SHOAL_UID_SIZE");
      return Status::invalid_argument;
    }
    SHOAL_CHECK(uid_from_string(text.c_str(), id, sizeof id));
    long long r = -1, n = 0;
    const char* rank_var = std::getenv("SHOAL_UID_RANK") ? "SHOAL_UID_RANK" : "RANK";
    const char* size_var = std::getenv("SHOAL_UID_SIZE") ? "SHOAL_UID_SIZE" : "WORLD_SIZE";
    SHOAL_CHECK(env::get_int(size_var, 0, 1, 1 << 24, &n));
    SHOAL_CHECK(env::get_int(rank_var, -1, 0, n > 0 ? n - 1 : 0, &r));
    if (n < 1 || r < 0) {
      SHOAL_ERROR("bootstrap uid: set SHOAL_UID_RANK and SHOAL_UID_SIZE (or RANK and WORLD_SIZE)");
      return Status::invalid_argument;
    }
    rank = static_cast<int>(r);
    size = static_cast<int>(n);
  }
  auto b = std::make_unique<UidBootstrap>();
  SHOAL_CHECK(b->init(id, rank, size));
  *out_p = std::move(b);
  return Status::ok;
}

}  // namespace shoal::bootstrap
