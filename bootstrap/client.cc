#include "bootstrap/client.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "base/log.h"

namespace shoal::bootstrap {

Client::~Client() { close(); }

void Client::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

Status Client::read_error(const WireHeader& h, Deadline dl, const char* during) {
  std::string text(std::min<std::uint64_t>(h.payload, kMaxText), '\0');
  std::string why;
  if (io_recv(fd_, text.data(), text.size(), dl, &why) != Status::ok) text = "(no reason given)";
  for (char& c : text)
    if (c == '\n' || (static_cast<unsigned char>(c) < 32 && c != '\t')) c = ' ';
  if (during) SHOAL_ERROR("bootstrap %s failed: %s", during, text.c_str());
  // The hub names the PE the job failed because of in the rank field.
  failed_pe_ = h.rank >= 0 && h.rank < size_ && h.rank != rank_ ? h.rank : -1;
  failed_why_ = text;
  close();
  return Status::peer_failed;
}

int Client::read_notice(std::string* why_p) {
  Deadline dl = Deadline::after(std::min(timeout_, 5.0));
  WireHeader h;
  std::string why;
  Status s = recv_header(fd_, &h, kMaxText, dl, &why);
  if (s == Status::ok && h.op == static_cast<std::uint16_t>(Op::error)) {
    (void)read_error(h, dl, nullptr);
  } else {
    failed_pe_ = hub_rank_;
    if (s == Status::ok) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "unexpected %s (op %u) from %s between collectives",
                    op_name(h.op), h.op, hub_.c_str());
      failed_why_ = buf;
    } else {
      failed_why_ = "lost the connection to " + hub_ + ": " + why;
    }
    close();
  }
  *why_p = failed_why_;
  return failed_pe_;
}

Status Client::hello(int fd, const unsigned char* secret) {
  fd_ = fd;
  set_nonblocking(fd_);
  set_cloexec(fd_);
  Deadline dl = Deadline::after(timeout_);
  WireHeader h;
  h.op = static_cast<std::uint16_t>(Op::hello);
  h.rank = rank_;
  h.root = size_;
  h.payload = kSecretBytes;
  iovec v{const_cast<unsigned char*>(secret), kSecretBytes};
  std::string why;
  Status s = send_msg(fd_, h, &v, 1, dl, &why);
  WireHeader r;
  if (s == Status::ok) s = recv_header(fd_, &r, kMaxText, dl, &why);
  if (s != Status::ok) {
    SHOAL_ERROR("bootstrap: handshake with %s failed: %s", hub_.c_str(), why.c_str());
    close();
    return s == Status::timeout ? s : Status::io_error;
  }
  if (r.op == static_cast<std::uint16_t>(Op::error)) {
    std::string during = "handshake with " + hub_;
    read_error(r, dl, during.c_str());
    return Status::protocol_error;
  }
  if (r.op != static_cast<std::uint16_t>(Op::welcome) || r.rank != rank_ || r.payload != 0) {
    SHOAL_ERROR("bootstrap: handshake with %s failed: unexpected reply %s (op %u)", hub_.c_str(),
                op_name(r.op), r.op);
    close();
    return Status::protocol_error;
  }
  return Status::ok;
}

Status Client::call(Op op, int root, std::uint64_t bytes, const void* data, std::size_t len,
                    void* out, std::size_t out_len) {
  if (fd_ < 0) {
    SHOAL_ERROR("bootstrap: %s called after the connection to %s was lost or closed",
                op_name(static_cast<std::uint16_t>(op)), hub_.c_str());
    return Status::invalid_state;
  }
  char during[96];
  std::snprintf(during, sizeof during, "%s (call #%u)", op_name(static_cast<std::uint16_t>(op)),
                seq_);
  Deadline dl = Deadline::after(timeout_);
  WireHeader h;
  h.op = static_cast<std::uint16_t>(op);
  h.seq = seq_;
  h.rank = rank_;
  h.root = root;
  h.bytes = bytes;
  h.payload = len;
  iovec v{const_cast<void*>(data), len};
  std::string why;
  Status s = send_msg(fd_, h, &v, len ? 1 : 0, dl, &why);
  WireHeader r;
  if (s != Status::ok) {
    // The hub may have failed the job and closed before this request
    // arrived (a PE died while this one was on its way to the collective):
    // the reason it sent first is still readable; report that.
    std::string ignored;
    if (recv_header(fd_, &r, kMaxText, Deadline::after(1), &ignored) == Status::ok &&
        r.op == static_cast<std::uint16_t>(Op::error))
      return read_error(r, dl, during);
  }
  if (s == Status::ok) s = recv_header(fd_, &r, std::max<std::uint64_t>(out_len, kMaxText), dl, &why);
  if (s == Status::ok && r.op == static_cast<std::uint16_t>(Op::error))
    return read_error(r, dl, during);
  if (s == Status::ok && (r.op != h.op || r.seq != seq_ || r.rank != rank_ ||
                          r.bytes != bytes || r.payload != out_len)) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "unexpected reply %s seq %u rank %d with %llu bytes (expected %llu)",
                  op_name(r.op), r.seq, r.rank, static_cast<unsigned long long>(r.payload),
                  static_cast<unsigned long long>(out_len));
    why = buf;
    s = Status::protocol_error;
  }
  if (s == Status::ok) s = io_recv(fd_, out, out_len, dl, &why);
  if (s != Status::ok) {
    if (s == Status::timeout)
      SHOAL_ERROR("bootstrap %s timed out after %.0f s waiting for %s; a PE may be missing, "
                  "stuck or dead (SHOAL_BOOTSTRAP_TIMEOUT)",
                  during, timeout_, hub_.c_str());
    else
      SHOAL_ERROR("bootstrap %s failed: %s: %s", during, hub_.c_str(), why.c_str());
    failed_pe_ = hub_rank_;
    failed_why_ = "lost the connection to " + hub_ + ": " + why;
    close();
    return s == Status::timeout ? s : Status::peer_failed;
  }
  ++seq_;
  if (op == Op::finalize) close();
  return Status::ok;
}

void Client::send_abort(int code, const char* msg) {
  if (fd_ < 0) return;
  WireHeader h;
  h.op = static_cast<std::uint16_t>(Op::abort);
  h.seq = seq_;
  h.rank = rank_;
  h.root = code;
  std::size_t n = std::min<std::size_t>(std::strlen(msg), kMaxText);
  h.payload = n;
  iovec v{const_cast<char*>(msg), n};
  std::string why;
  (void)send_msg(fd_, h, &v, 1, Deadline::after(2), &why);
}

}  // namespace shoal::bootstrap
