// Unguessable bytes from the kernel (getrandom), for secrets and private
// names: job secrets, socket names, unique ids.
#pragma once

#include <cstddef>

namespace shoal {

// Fills buf with n random bytes; retries on EINTR and short reads. Returns 0,
// or the errno of the failure (the caller names what it needed them for).
int random_bytes(void* buf, std::size_t n);

}  // namespace shoal
