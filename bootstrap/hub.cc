#include "bootstrap/hub.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "base/log.h"

namespace shoal::bootstrap {

Hub::Hub(const char* label, int size, int self_rank, const unsigned char* secret)
    : label_(label), size_(size), self_rank_(self_rank), fds_(size, -1), hdr_(size),
      data_(size) {
  std::memcpy(secret_, secret, kSecretBytes);
}

Hub::~Hub() { close_all(); }

void Hub::close_all() {
  for (int& fd : fds_) {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
  connected_ = 0;
}

std::string Hub::missing_ranks() const {
  std::string s;
  int n = 0;
  for (int r = 0; r < size_; ++r) {
    if (r == self_rank_ || fds_[r] >= 0) continue;
    if (n++ == 8) {
      s += ", ...";
      break;
    }
    if (!s.empty()) s += ", ";
    s += std::to_string(r);
  }
  return s;
}

Status Hub::admit(int fd, const std::string& peer, Deadline dl) {
  set_nonblocking(fd);
  set_cloexec(fd);
  WireHeader h;
  std::string why;
  unsigned char secret[kSecretBytes];
  char buf[200];
  Status s = recv_header(fd, &h, kSecretBytes, dl, &why);
  if (s == Status::ok && h.op != static_cast<std::uint16_t>(Op::hello)) {
    std::snprintf(buf, sizeof buf, "expected hello, got %s (op %u)", op_name(h.op), h.op);
    why = buf, s = Status::protocol_error;
  }
  if (s == Status::ok && h.payload != kSecretBytes) {
    std::snprintf(buf, sizeof buf, "hello carries %llu bytes, expected %zu",
                  static_cast<unsigned long long>(h.payload), kSecretBytes);
    why = buf, s = Status::protocol_error;
  }
  if (s == Status::ok) s = io_recv(fd, secret, kSecretBytes, dl, &why);
  // Authenticate before looking at anything else the peer claims.
  if (s == Status::ok && !secret_equal(secret, secret_)) {
    why = "authentication failed (wrong secret)", s = Status::protocol_error;
  }
  if (s == Status::ok && h.root != size_) {
    std::snprintf(buf, sizeof buf, "job size %d does not match the hub's %d", h.root, size_);
    why = buf, s = Status::protocol_error;
  }
  if (s == Status::ok && (h.rank < 0 || h.rank >= size_ || h.rank == self_rank_)) {
    std::snprintf(buf, sizeof buf, "rank %d is not a valid peer rank for a job of %d", h.rank,
                  size_);
    why = buf, s = Status::protocol_error;
  }
  if (s == Status::ok && fds_[h.rank] >= 0) {
    std::snprintf(buf, sizeof buf, "rank %d is already connected", h.rank);
    why = buf, s = Status::protocol_error;
  }
  if (s != Status::ok) {
    SHOAL_ERROR("%s: rejected connection from %s: %s", label_.c_str(), peer.c_str(),
                why.c_str());
    if (s == Status::protocol_error) {
      WireHeader e;
      e.op = static_cast<std::uint16_t>(Op::error);
      std::string text = "connection refused by " + label_ + ": " + why;
      e.payload = text.size();
      iovec v{text.data(), text.size()};
      std::string ignored;
      (void)send_msg(fd, e, &v, 1, Deadline::after(1), &ignored);
    }
    ::close(fd);
    return Status::protocol_error;
  }
  WireHeader w;
  w.op = static_cast<std::uint16_t>(Op::welcome);
  w.rank = h.rank;
  w.root = size_;
  s = send_msg(fd, w, nullptr, 0, dl, &why);
  if (s != Status::ok) {
    SHOAL_ERROR("%s: PE %d (%s) went away during the handshake: %s", label_.c_str(), h.rank,
                peer.c_str(), why.c_str());
    ::close(fd);
    return Status::io_error;
  }
  fds_[h.rank] = fd;
  ++connected_;
  SHOAL_DEBUG("%s: PE %d connected from %s", label_.c_str(), h.rank, peer.c_str());
  return Status::ok;
}

void Hub::fail_all(const std::string& msg, int except) {
  WireHeader e;
  e.op = static_cast<std::uint16_t>(Op::error);
  e.rank = except;
  std::string text = msg.substr(0, kMaxText);
  e.payload = text.size();
  iovec v{text.data(), text.size()};
  for (int r = 0; r < size_; ++r) {
    if (r == except || fds_[r] < 0) continue;
    std::string ignored;
    (void)send_msg(fds_[r], e, &v, 1, Deadline::after(2), &ignored);
  }
}

Status Hub::fail_round(Status s, int rank, const std::string& msg) {
  last_error_ = msg;
  last_culprit_ = rank;
  SHOAL_ERROR("%s: %s", label_.c_str(), msg.c_str());
  if (culprit_out_ && rank >= 0) {
    int none = -1;
    culprit_out_->compare_exchange_strong(none, rank, std::memory_order_release);
  }
  fail_all(msg, rank);
  close_all();
  return s;
}

std::string Hub::fail_hangup(int r) {
  if (!last_error_.empty()) return last_error_;
  // A request it sent before hanging up is read like any other (a round's
  // worth at most), then the end of the connection fails the job.
  for (int i = 0; i < 4 && fds_[r] >= 0 && last_error_.empty(); ++i)
    (void)read_request(r, Deadline::after(1));
  if (last_error_.empty()) {
    char buf[120];
    std::snprintf(buf, sizeof buf, "PE %d hung up after sending requests ahead of the others", r);
    (void)fail_round(Status::peer_failed, r, buf);
  }
  return last_error_;
}

std::uint64_t Hub::expected_payload(const WireHeader& h, int rank) const {
  switch (static_cast<Op>(h.op)) {
    case Op::allgather: return h.bytes;
    case Op::alltoall: return h.bytes * static_cast<std::uint64_t>(size_);
    case Op::broadcast: return rank == h.root ? h.bytes : 0;
    default: return 0;
  }
}

Status Hub::read_request(int r, Deadline dl) {
  // A message that has started must finish within the bootstrap timeout even
  // when the round itself may wait forever (shoalrun).
  Deadline mdl = dl.is_never() ? Deadline::after(bootstrap_timeout()) : dl;
  WireHeader& h = hdr_[r];
  std::string why;
  char buf[300];
  Status s = recv_header(fds_[r], &h, kMaxPayload, mdl, &why);
  if (s == Status::io_error && why == "connection closed") {
    std::snprintf(buf, sizeof buf, "PE %d disconnected (it exited or was killed)", r);
    return fail_round(Status::peer_failed, r, buf);
  }
  if (s != Status::ok) {
    std::snprintf(buf, sizeof buf, "bad message from PE %d: %s", r, why.c_str());
    return fail_round(s == Status::timeout ? s : Status::peer_failed, r, buf);
  }
  if (h.op == static_cast<std::uint16_t>(Op::abort)) {
    std::string text(std::min<std::uint64_t>(h.payload, kMaxText), '\0');
    if (h.payload > kMaxText ||
        io_recv(fds_[r], text.data(), text.size(), mdl, &why) != Status::ok)
      text = "(message lost)";
    abort_ = {r, h.root, text};
    std::snprintf(buf, sizeof buf, "PE %d aborted the job (code %d): %.200s", r, h.root,
                  text.c_str());
    return fail_round(Status::peer_failed, r, buf);
  }
  bool known = h.op >= static_cast<std::uint16_t>(Op::allgather) &&
               h.op <= static_cast<std::uint16_t>(Op::finalize);
  if (!known || h.seq != seq_ || h.rank != r) {
    std::snprintf(buf, sizeof buf,
                  "bad message from PE %d: %s (op %u) seq %u rank %d, expected a collective "
                  "with seq %u from rank %d",
                  r, op_name(h.op), h.op, h.seq, h.rank, seq_, r);
    return fail_round(Status::peer_failed, r, buf);
  }
  if (h.op == static_cast<std::uint16_t>(Op::alltoall) &&
      h.bytes > kMaxPayload / static_cast<std::uint64_t>(size_)) {
    std::snprintf(buf, sizeof buf, "bad message from PE %d: alltoall block of %llu bytes too large",
                  r, static_cast<unsigned long long>(h.bytes));
    return fail_round(Status::peer_failed, r, buf);
  }
  if (h.op == static_cast<std::uint16_t>(Op::broadcast) && (h.root < 0 || h.root >= size_)) {
    std::snprintf(buf, sizeof buf, "bad message from PE %d: broadcast root %d out of range", r,
                  h.root);
    return fail_round(Status::peer_failed, r, buf);
  }
  if (h.payload != expected_payload(h, r)) {
    std::snprintf(buf, sizeof buf,
                  "bad message from PE %d: %s of %llu bytes carries %llu payload bytes, expected %llu",
                  r, op_name(h.op), static_cast<unsigned long long>(h.bytes),
                  static_cast<unsigned long long>(h.payload),
                  static_cast<unsigned long long>(expected_payload(h, r)));
    return fail_round(Status::peer_failed, r, buf);
  }
  data_[r].resize(h.payload);
  s = io_recv(fds_[r], data_[r].data(), h.payload, mdl, &why);
  if (s != Status::ok) {
    std::snprintf(buf, sizeof buf, "PE %d: %s while receiving its %s", r, why.c_str(),
                  op_name(h.op));
    return fail_round(s == Status::timeout ? s : Status::peer_failed, r, buf);
  }
  return Status::ok;
}

Status Hub::round(const Request* self, void* self_out, std::size_t self_out_len, Deadline dl,
                  int wake_fd) {
  char buf[400];
  if (!last_error_.empty()) {
    SHOAL_ERROR("%s: the job's bootstrap already failed: %s", label_.c_str(), last_error_.c_str());
    return Status::peer_failed;
  }
  if (finalized_ || (connected_ == 0 && self_rank_ < 0)) return Status::invalid_state;
  std::vector<bool> have(size_, false);
  int missing = connected_;
  std::vector<pollfd> pfds;
  std::vector<int> who;
  while (missing > 0) {
    pfds.clear();
    who.clear();
    for (int r = 0; r < size_; ++r) {
      if (fds_[r] >= 0 && !have[r]) {
        pfds.push_back({fds_[r], POLLIN, 0});
        who.push_back(r);
      }
    }
    if (wake_fd >= 0) pfds.push_back({wake_fd, POLLIN, 0});
    int rc = ::poll(pfds.data(), pfds.size(), dl.poll_ms());
    if (rc < 0) {
      if (errno == EINTR) continue;
      return fail_round(Status::io_error, -1, std::string("poll failed: ") + strerror(errno));
    }
    if (rc == 0) {
      if (!dl.expired()) continue;
      std::string late;
      for (int r = 0; r < size_; ++r)
        if (fds_[r] >= 0 && !have[r]) late += (late.empty() ? "" : ", ") + std::to_string(r);
      std::snprintf(buf, sizeof buf,
                    "collective #%u timed out after %.0f s waiting for PE(s) %s "
                    "(SHOAL_BOOTSTRAP_TIMEOUT)",
                    seq_, bootstrap_timeout(), late.c_str());
      return fail_round(Status::timeout, -1, buf);
    }
    if (wake_fd >= 0 && pfds.back().revents) return Status::invalid_state;
    for (std::size_t i = 0; i < who.size(); ++i) {
      if (!pfds[i].revents) continue;
      SHOAL_CHECK(read_request(who[i], dl));
      have[who[i]] = true;
      --missing;
    }
  }

  // Every PE must have called the same collective with the same arguments.
  int first = -1;
  WireHeader ref;
  if (self) {
    first = self_rank_;
    ref.op = static_cast<std::uint16_t>(self->op);
    ref.bytes = self->bytes;
    ref.root = self->root;
  }
  for (int r = 0; r < size_; ++r) {
    if (fds_[r] < 0) continue;
    const WireHeader& h = hdr_[r];
    if (first < 0) {
      first = r, ref = h;
      continue;
    }
    bool root_matters = h.op == static_cast<std::uint16_t>(Op::broadcast);
    if (h.op != ref.op || h.bytes != ref.bytes || (root_matters && h.root != ref.root)) {
      std::snprintf(buf, sizeof buf,
                    "collective mismatch in call #%u: PE %d called %s(bytes=%llu, root=%d) but "
                    "PE %d called %s(bytes=%llu, root=%d)",
                    seq_, first, op_name(ref.op), static_cast<unsigned long long>(ref.bytes),
                    ref.root, r, op_name(h.op), static_cast<unsigned long long>(h.bytes), h.root);
      return fail_round(Status::protocol_error, -1, buf);
    }
  }
  if (first < 0) return Status::invalid_state;
  const Op op = static_cast<Op>(ref.op);
  const std::uint64_t bytes = ref.bytes;
  auto block_src = [&](int s) -> const char* {
    return s == self_rank_ ? static_cast<const char*>(self->data) : data_[s].data();
  };

  // Replies.
  std::vector<iovec> iov;
  for (int d = 0; d < size_; ++d) {
    if (fds_[d] < 0) continue;
    WireHeader out;
    out.op = ref.op;
    out.seq = seq_;
    out.rank = d;
    out.root = ref.root;
    out.bytes = bytes;
    iov.clear();
    switch (op) {
      case Op::allgather:
        for (int s = 0; s < size_; ++s) iov.push_back({const_cast<char*>(block_src(s)), bytes});
        break;
      case Op::alltoall:
        for (int s = 0; s < size_; ++s)
          iov.push_back({const_cast<char*>(block_src(s)) + d * bytes, bytes});
        break;
      case Op::broadcast:
        if (d != ref.root) iov.push_back({const_cast<char*>(block_src(ref.root)), bytes});
        break;
      default: break;
    }
    for (const iovec& v : iov) out.payload += v.iov_len;
    std::string why;
    Deadline sdl = dl.is_never() ? Deadline::after(bootstrap_timeout()) : dl;
    Status s = send_msg(fds_[d], out, iov.data(), static_cast<int>(iov.size()), sdl, &why);
    if (s != Status::ok) {
      std::snprintf(buf, sizeof buf, "PE %d: %s while sending the %s reply", d, why.c_str(),
                    op_name(ref.op));
      return fail_round(Status::peer_failed, d, buf);
    }
  }
  if (self) {
    char* out = static_cast<char*>(self_out);
    switch (op) {
      case Op::allgather:
        if (self_out_len < size_ * bytes) return Status::invalid_argument;
        for (int s = 0; s < size_; ++s)
          if (out + s * bytes != block_src(s)) std::memmove(out + s * bytes, block_src(s), bytes);
        break;
      case Op::alltoall:
        if (self_out_len < size_ * bytes) return Status::invalid_argument;
        for (int s = 0; s < size_; ++s)
          std::memmove(out + s * bytes, block_src(s) + self_rank_ * bytes, bytes);
        break;
      case Op::broadcast:
        if (self_rank_ != ref.root) std::memcpy(out, block_src(ref.root), bytes);
        break;
      default: break;
    }
  }
  for (auto& d : data_) std::vector<char>().swap(d);
  ++seq_;
  if (op == Op::finalize) {
    finalized_ = true;
    close_all();
  }
  return Status::ok;
}

}  // namespace shoal::bootstrap
