#include "base/random.h"

#include <sys/random.h>

#include <cerrno>

namespace shoal {

int random_bytes(void* buf, std::size_t n) {
  auto* p = static_cast<unsigned char*>(buf);
  while (n) {
    const ssize_t r = ::getrandom(p, n, 0);
    if (r < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    p += r;
    n -= static_cast<std::size_t>(r);
  }
  return 0;
}

}  // namespace shoal
