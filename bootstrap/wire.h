// The wire protocol of the star-shaped bootstraps (local: shoalrun is the
// hub; uid: rank 0 is the hub), and bounded socket I/O.
//
// Every message is a fixed header followed by `payload` bytes. Headers are in
// host byte order: hub and PEs of one job run on machines of one architecture
// (the uid bootstrap documents this). Every field is validated by the
// receiver before any payload is read (wire.cc, hub.cc, client.cc).
#pragma once

#include <sys/uio.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"

namespace shoal::bootstrap {

inline constexpr std::uint32_t kWireMagic = 0x53425348;  // "HSBS"
inline constexpr std::uint16_t kWireVersion = 1;
inline constexpr std::size_t kSecretBytes = 16;
// Largest payload one message may carry (a 16 MiB allgather over 64 PEs).
inline constexpr std::uint64_t kMaxPayload = 1ull << 30;
// Largest error/abort text.
inline constexpr std::uint64_t kMaxText = 4096;

enum class Op : std::uint16_t {
  hello = 1,      // PE -> hub: rank, root = job size, payload = secret
  welcome = 2,    // hub -> PE: authenticated
  allgather = 3,  // bytes = per-rank block
  alltoall = 4,   // bytes = per-pair block; request payload = size * bytes
  barrier = 5,
  broadcast = 6,  // root's request carries bytes, the others' none
  finalize = 7,
  abort = 8,      // PE -> hub: root = exit code, payload = message
  error = 9,      // hub -> PE: the job failed; payload = message
};
const char* op_name(std::uint16_t op);

struct WireHeader {
  std::uint32_t magic = kWireMagic;
  std::uint16_t version = kWireVersion;
  std::uint16_t op = 0;
  std::uint32_t seq = 0;  // collective sequence number, 1-based (hello: 0)
  std::int32_t rank = -1;
  std::int32_t root = -1;
  std::uint32_t reserved = 0;
  std::uint64_t bytes = 0;
  std::uint64_t payload = 0;
};
static_assert(sizeof(WireHeader) == 40);

using Clock = std::chrono::steady_clock;

// A point in time after which a wait fails with Status::timeout; `never()`
// for waits bounded by something else (shoalrun waits on its children).
class Deadline {
 public:
  static Deadline after(double seconds);
  static Deadline never() { return Deadline(); }
  bool is_never() const { return never_; }
  bool expired() const;
  // Milliseconds left, for poll(): -1 when never, 0 when expired.
  int poll_ms() const;
  double seconds_left() const;

 private:
  Deadline() = default;
  bool never_ = true;
  Clock::time_point at_{};
};

// Bounded I/O on a non-blocking socket. On failure the error text (what
// happened, without the peer's name) is stored in *why_p; the caller logs it
// with the peer's name. Status::io_error on EOF/reset, timeout on expiry.
Status io_send(int fd, const iovec* iov, int iovcnt, Deadline dl, std::string* why_p);
Status io_send(int fd, const void* buf, std::size_t len, Deadline dl, std::string* why_p);
Status io_recv(int fd, void* buf, std::size_t len, Deadline dl, std::string* why_p);

// Sends one message (header + payload pieces).
Status send_msg(int fd, const WireHeader& h, const iovec* pieces, int npieces, Deadline dl,
                std::string* why_p);
// Receives and checks a header's magic and version, and that payload is at
// most `max_payload`.
Status recv_header(int fd, WireHeader* h_p, std::uint64_t max_payload, Deadline dl,
                   std::string* why_p);

void set_nonblocking(int fd);
void set_cloexec(int fd);
bool secret_equal(const unsigned char* a, const unsigned char* b);  // constant time
// Reads the bootstrap timeout from SHOAL_BOOTSTRAP_TIMEOUT (seconds, default 120).
double bootstrap_timeout();
std::string hex_encode(const void* data, std::size_t len);
bool hex_decode(const char* text, void* out, std::size_t len);

}  // namespace shoal::bootstrap
