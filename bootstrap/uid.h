// The unique-id (TCP) bootstrap's public pieces, for shoal_get_uniqueid and
// scripts.
//
// A unique id (SHOAL_UNIQUEID_BYTES = 128 bytes, include/shoal/bootstrap.h)
// holds: "SHUI", version 1, address family, port, address and a 128-bit
// random secret. It is a credential: whoever holds it can join the job.
#pragma once

#include <cstddef>
#include <string>

#include "base/status.h"

namespace shoal::bootstrap {

// Creates a unique id for a job whose rank 0 is this process: binds and
// listens on SHOAL_BOOTSTRAP_IFADDR (address or interface name, default
// 127.0.0.1) and SHOAL_BOOTSTRAP_PORT (default 0: any free port) right away,
// and keeps the socket for the next uid bootstrap of rank 0 in this process
// (also across fork). len must be at least 128. Calling it again replaces
// the previous id.
Status uid_create(void* id_bytes, std::size_t len);
// Same, with another default than 127.0.0.1 when SHOAL_BOOTSTRAP_IFADDR is
// unset; "" means the first up, non-loopback IPv4 interface.
Status uid_create_at(const char* default_ifaddr, void* id_bytes, std::size_t len);
// Closes the socket kept by uid_create (rank 0 then binds the id's address
// and port itself at init).
void uid_release();
// Text form for environment variables: 256 lowercase hex digits.
std::string uid_to_string(const void* id_bytes);
Status uid_from_string(const char* text, void* id_bytes, std::size_t len);
// "127.0.0.1:40123" (for messages), or "" when the bytes are not a unique id.
std::string uid_address(const void* id_bytes);

}  // namespace shoal::bootstrap
