// The local bootstrap: PEs started by shoalrun connect to its Unix socket
// and shoalrun serves the collectives (tools/shoalrun). shoalrun passes
// SHOALRUN_RANK, SHOALRUN_SIZE, SHOALRUN_SOCKET and SHOALRUN_SECRET.
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "base/env.h"
#include "base/log.h"
#include "bootstrap/internal.h"

namespace shoal::bootstrap {
namespace {

class LocalBootstrap final : public StarBootstrap {
 public:
  const char* name() const override { return "local"; }
  Status init();
};

Status LocalBootstrap::init() {
  long long rank = -1, size = 0;
  SHOAL_CHECK(env::get_int("SHOALRUN_SIZE", 0, 1, 1 << 20, &size));
  SHOAL_CHECK(env::get_int("SHOALRUN_RANK", -1, 0, size - 1, &rank));
  std::string path = env::get_string("SHOALRUN_SOCKET");
  std::string secret_hex = env::get_string("SHOALRUN_SECRET");
  unsigned char secret[kSecretBytes];
  if (size < 1 || rank < 0 || path.empty() || !hex_decode(secret_hex.c_str(), secret, kSecretBytes)) {
    SHOAL_ERROR("bootstrap 'local' needs the environment shoalrun sets (SHOALRUN_RANK, "
                "SHOALRUN_SIZE, SHOALRUN_SOCKET, SHOALRUN_SECRET); launch with "
                "`shoalrun -n N prog`, or pick another bootstrap with SHOAL_BOOTSTRAP");
    return Status::invalid_argument;
  }
  set_rank_size(static_cast<int>(rank), static_cast<int>(size));
  sockaddr_un sa{};
  sa.sun_family = AF_UNIX;
  if (path.size() >= sizeof sa.sun_path) {
    SHOAL_ERROR("SHOALRUN_SOCKET='%s' is too long for a Unix socket path", path.c_str());
    return Status::invalid_argument;
  }
  std::memcpy(sa.sun_path, path.c_str(), path.size() + 1);
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    SHOAL_ERROR("bootstrap local: socket(): %s", std::strerror(errno));
    return Status::io_error;
  }
  if (::connect(fd, reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0) {
    SHOAL_ERROR("bootstrap local: cannot connect to shoalrun at %s: %s (did shoalrun exit?)",
                path.c_str(), std::strerror(errno));
    ::close(fd);
    return Status::io_error;
  }
  client_ = std::make_unique<Client>(info_.rank, info_.size, "shoalrun", bootstrap_timeout());
  SHOAL_CHECK(client_->hello(fd, secret));
  return Status::ok;
}

}  // namespace

Status create_local(std::unique_ptr<Bootstrap>* out_p) {
  auto b = std::make_unique<LocalBootstrap>();
  SHOAL_CHECK(b->init());
  *out_p = std::move(b);
  return Status::ok;
}

}  // namespace shoal::bootstrap
