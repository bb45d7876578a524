// shoalrun: starts N PEs of a shoal program on this machine and serves their
// bootstrap (the "local" bootstrap, bootstrap/local.cc) over a Unix socket.
//
//   shoalrun -n N [--timeout S] [--tag-output] [--] prog args...
//
// The socket lives in a private 0700 folder under $TMPDIR (or /tmp), is 0600,
// accepts only connections from this user (SO_PEERCRED) that present the
// job's 128-bit secret, and is removed at exit. Each PE gets SHOALRUN_RANK,
// SHOALRUN_SIZE, SHOALRUN_SOCKET and SHOALRUN_SECRET.
//
// Exit status: 0 when every PE exited 0. Otherwise the first failure decides:
// its exit status, 128+signal when it was killed, 124 after --timeout,
// 128+signal when shoalrun itself got SIGINT/SIGTERM. On the first failure
// of a PE the rendezvous server tells the others (their waits end with a
// line naming it, docs/failures.md); those still running 4 s later get
// SIGTERM, and SIGKILL 3 s after that. A timeout or a signal to shoalrun
// terminates them at once.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "base/log.h"
#include "base/random.h"
#include "bootstrap/hub.h"
#include "bootstrap/internal.h"
#include "bootstrap/wire.h"

extern char** environ;

namespace {

using shoal::Status;
using namespace shoal::bootstrap;

constexpr double kKillGraceSeconds = 3.0;
// After a PE fails, the others are told by the rendezvous server and end by
// themselves (SHOAL_FAILURE_GRACE, 3 s by default, for a PE not waiting in
// shoal); shoalrun terminates those still running after this.
constexpr double kTellGraceSeconds = 4.0;

struct Args {
  int n = 0;
  double timeout = 0;  // 0: none
  bool tag_output = false;
  std::vector<char*> argv;
};

[[noreturn]] void usage(int code) {
  std::fprintf(code ? stderr : stdout,
               "usage: shoalrun -n N [--timeout S] [--tag-output] [--] prog [args...]\n"
               "  -n, --np N        number of PEs (processes) to start on this machine\n"
               "  --timeout S       kill the job after S seconds (exit status 124)\n"
               "  --tag-output      prefix every output line with [PE n]\n"
               "Each PE gets SHOALRUN_RANK, SHOALRUN_SIZE, SHOALRUN_SOCKET, SHOALRUN_SECRET.\n");
  std::exit(code);
}

Args parse(int argc, char** argv) {
  Args a;
  int i = 1;
  for (; i < argc; ++i) {
    std::string s = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "shoalrun: %s needs a value\n", s.c_str());
        usage(2);
      }
      return argv[++i];
    };
    if (s == "--") {
      ++i;
      break;
    } else if (s == "-n" || s == "-np" || s == "--np") {
      const char* v = value();
      char* end = nullptr;
      long n = std::strtol(v, &end, 10);
      if (*end || n < 1 || n > 4096) {
        std::fprintf(stderr, "shoalrun: -n '%s' is not a PE count in 1..4096\n", v);
        usage(2);
      }
      a.n = static_cast<int>(n);
    } else if (s == "--timeout") {
      const char* v = value();
      char* end = nullptr;
      double t = std::strtod(v, &end);
      if (*end || !(t > 0)) {
        std::fprintf(stderr, "shoalrun: --timeout '%s' is not a positive number of seconds\n", v);
        usage(2);
      }
      a.timeout = t;
    } else if (s == "--tag-output") {
      a.tag_output = true;
    } else if (s == "-h" || s == "--help") {
      usage(0);
    } else if (!s.empty() && s[0] == '-') {
      std::fprintf(stderr, "shoalrun: unknown option '%s'\n", s.c_str());
      usage(2);
    } else {
      break;
    }
  }
  if (a.n == 0) {
    std::fprintf(stderr, "shoalrun: -n N is required\n");
    usage(2);
  }
  if (i >= argc) {
    std::fprintf(stderr, "shoalrun: no program given\n");
    usage(2);
  }
  for (; i < argc; ++i) a.argv.push_back(argv[i]);
  a.argv.push_back(nullptr);
  return a;
}

int g_signal_pipe[2] = {-1, -1};

void on_signal(int sig) {
  int saved = errno;
  unsigned char b = static_cast<unsigned char>(sig);
  ssize_t rc = ::write(g_signal_pipe[1], &b, 1);
  (void)rc;
  errno = saved;
}

const char* signal_name(int sig) {
  const char* n = sigabbrev_np(sig);
  return n ? n : "?";
}

// The rendezvous server: accepts the N PEs, then serves collectives until
// they finalize (and again if they create another bootstrap), a PE fails,
// or shoalrun wakes it to stop.
class Server {
 public:
  Server(int n, int listen_fd, const unsigned char* secret, int wake_fd, std::atomic<int>* culprit,
         std::atomic<int>* global_exit_rank, std::atomic<int>* global_exit_code)
      : n_(n), lfd_(listen_fd), wake_fd_(wake_fd), culprit_(culprit), ge_rank_(global_exit_rank),
        ge_code_(global_exit_code) {
    std::memcpy(secret_, secret, kSecretBytes);
  }
  void run() {
    while (serve_one_job()) {
    }
  }

 private:
  bool serve_one_job() {
    Hub hub("shoalrun", n_, -1, secret_);
    hub.publish_culprit_to(culprit_);
    while (!hub.all_connected()) {
      pollfd p[2] = {{lfd_, POLLIN, 0}, {wake_fd_, POLLIN, 0}};
      int rc = ::poll(p, 2, -1);
      if (rc < 0 && errno == EINTR) continue;
      if (rc < 0 || p[1].revents) return false;
      if (!p[0].revents) continue;
      int fd = ::accept4(lfd_, nullptr, nullptr, SOCK_CLOEXEC);
      if (fd < 0) continue;
      ucred cred{};
      socklen_t len = sizeof cred;
      if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 || cred.uid != ::getuid()) {
        SHOAL_ERROR("shoalrun: rejected a connection from uid %u (pid %d): not this user",
                    cred.uid, cred.pid);
        ::close(fd);
        continue;
      }
      (void)hub.admit(fd, "pid " + std::to_string(cred.pid), Deadline::after(10));
    }
    while (!hub.finalized()) {
      if (hub.round(nullptr, nullptr, 0, Deadline::never(), wake_fd_) != Status::ok) {
        // shoal_global_exit(status): the job ends with that status.
        const auto& a = hub.abort_info();
        if (a.rank >= 0 && shoal::bootstrap::is_global_exit(a.msg.c_str())) {
          ge_code_->store(a.code, std::memory_order_relaxed);
          ge_rank_->store(a.rank, std::memory_order_release);
        }
        return false;
      }
    }
    return true;
  }

  int n_;
  int lfd_;
  int wake_fd_;
  std::atomic<int>* culprit_;
  std::atomic<int>* ge_rank_;
  std::atomic<int>* ge_code_;
  unsigned char secret_[kSecretBytes];
};

struct Pe {
  pid_t pid = -1;
  bool done = false;
  int status = 0;
  int out_fd = -1, err_fd = -1;  // --tag-output pipes
  std::string out_buf, err_buf;
};

class Launcher {
 public:
  explicit Launcher(Args a) : a_(std::move(a)), pes_(a_.n) {}
  int run();

 private:
  bool make_socket();
  void cleanup_socket();
  bool spawn(int rank, const std::vector<std::string>& env);
  void reap();
  void blame(bool force);
  void terminate(int sig);
  int live() const;
  void forward_output(Pe& pe, int rank, bool is_err);
  void flush_partial(Pe& pe, int rank, bool is_err);

  Args a_;
  std::vector<Pe> pes_;
  std::string dir_, path_;
  int lfd_ = -1;
  unsigned char secret_[kSecretBytes];
  int exit_code_ = 0;
  bool failed_ = false;
  bool terminating_ = false;
  std::chrono::steady_clock::time_point kill_at_{};
  bool killed_ = false;
  bool term_pending_ = false;  // a PE failed: SIGTERM the others at term_at_
  std::chrono::steady_clock::time_point term_at_{};
  // The first PE that failed before the job was told to end, while its blame
  // is pending (-1: none): see blame().
  int pending_ = -1;
  std::chrono::steady_clock::time_point pending_until_{};
  // The first PE the rendezvous server saw fail (disconnect, abort), or -1.
  std::atomic<int> culprit_{-1};
  // The PE that called shoal_global_exit and its status (-1: none).
  std::atomic<int> global_exit_rank_{-1};
  std::atomic<int> global_exit_code_{0};
};

bool Launcher::make_socket() {
  if (int e = shoal::random_bytes(secret_, sizeof secret_)) {
    std::fprintf(stderr, "shoalrun: getrandom failed: %s\n", std::strerror(e));
    return false;
  }
  const char* tmp = std::getenv("TMPDIR");
  std::string base = tmp && *tmp ? tmp : "/tmp";
  if (base.size() + 32 >= sizeof(sockaddr_un{}.sun_path)) base = "/tmp";
  std::string templ = base + "/shoalrun-XXXXXX";
  std::vector<char> t(templ.begin(), templ.end());
  t.push_back('\0');
  if (!::mkdtemp(t.data())) {  // mkdtemp creates the folder 0700
    std::fprintf(stderr, "shoalrun: cannot create a private folder in %s: %s\n", base.c_str(),
                 std::strerror(errno));
    return false;
  }
  dir_ = t.data();
  path_ = dir_ + "/rendezvous.sock";
  lfd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_un sa{};
  sa.sun_family = AF_UNIX;
  std::memcpy(sa.sun_path, path_.c_str(), path_.size() + 1);
  mode_t old = ::umask(0177);
  int rc = ::bind(lfd_, reinterpret_cast<sockaddr*>(&sa), sizeof sa);
  ::umask(old);
  if (rc != 0 || ::chmod(path_.c_str(), 0600) != 0 || ::listen(lfd_, a_.n + 16) != 0) {
    std::fprintf(stderr, "shoalrun: cannot listen on %s: %s\n", path_.c_str(),
                 std::strerror(errno));
    cleanup_socket();
    return false;
  }
  return true;
}

void Launcher::cleanup_socket() {
  if (lfd_ >= 0) ::close(lfd_);
  lfd_ = -1;
  if (!path_.empty()) ::unlink(path_.c_str());
  if (!dir_.empty()) ::rmdir(dir_.c_str());
}

bool Launcher::spawn(int rank, const std::vector<std::string>& env_strings) {
  std::vector<char*> envp;
  for (const auto& s : env_strings) envp.push_back(const_cast<char*>(s.c_str()));
  envp.push_back(nullptr);
  int out[2] = {-1, -1}, err[2] = {-1, -1};
  if (a_.tag_output && (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0)) {
    std::fprintf(stderr, "shoalrun: pipe: %s\n", std::strerror(errno));
    return false;
  }
  pid_t parent = ::getpid();
  // Signals stay blocked across fork until the child has reset their
  // handlers: shoalrun's handler must never run in a child (it would report
  // a signal to shoalrun through the inherited pipe).
  sigset_t all, old;
  sigfillset(&all);
  ::sigprocmask(SIG_BLOCK, &all, &old);
  pid_t pid = ::fork();
  if (pid != 0) ::sigprocmask(SIG_SETMASK, &old, nullptr);
  if (pid < 0) {
    std::fprintf(stderr, "shoalrun: fork: %s\n", std::strerror(errno));
    return false;
  }
  if (pid == 0) {
    // Child: only async-signal-safe calls until exec.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive shoalrun
    if (::getppid() != parent) ::_exit(127);
    for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD}) ::signal(sig, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    if (a_.tag_output) {
      ::dup2(out[1], 1);
      ::dup2(err[1], 2);
    }
    ::execvpe(a_.argv[0], a_.argv.data(), envp.data());
    // One write, so the lines of several failing PEs do not interleave.
    const char* parts[] = {"shoalrun: cannot run '", a_.argv[0], "': ", std::strerror(errno), "\n"};
    char line[1024];
    std::size_t n = 0;
    for (const char* p : parts)
      for (std::size_t k = 0; p[k] && n < sizeof line - 1; ++k) line[n++] = p[k];
    if (line[n - 1] != '\n') line[n++] = '\n';
    ssize_t rc = ::write(2, line, n);
    (void)rc;
    ::_exit(127);
  }
  pes_[rank].pid = pid;
  if (a_.tag_output) {
    ::close(out[1]);
    ::close(err[1]);
    pes_[rank].out_fd = out[0];
    pes_[rank].err_fd = err[0];
  }
  return true;
}

int Launcher::live() const {
  int n = 0;
  for (const Pe& p : pes_) n += p.pid > 0 && !p.done;
  return n;
}

void Launcher::terminate(int sig) {
  if (!terminating_) {
    terminating_ = true;
    kill_at_ = std::chrono::steady_clock::now() +
               std::chrono::milliseconds(static_cast<int>(kKillGraceSeconds * 1000));
  }
  for (const Pe& p : pes_)
    if (p.pid > 0 && !p.done) ::kill(p.pid, sig);
}

bool failed_status(int st) { return !(WIFEXITED(st) && WEXITSTATUS(st) == 0); }

void Launcher::reap() {
  for (;;) {
    int st = 0;
    pid_t pid = ::waitpid(-1, &st, WNOHANG);
    if (pid <= 0) break;
    for (int r = 0; r < a_.n; ++r) {
      Pe& p = pes_[r];
      if (p.pid != pid) continue;
      p.done = true;
      p.status = st;
      if (!failed_status(st) || failed_ || pending_ >= 0) break;
      if (terminating_) {  // a consequence of a timeout or signal: already reported
        failed_ = true;
        break;
      }
      pending_ = r;
      pending_until_ = std::chrono::steady_clock::now() + std::chrono::seconds(1);
      break;
    }
  }
  if (pending_ >= 0) blame(false);
}

// Reports the PE that ended the job and terminates the others. When one PE
// fails, the rendezvous server tells the others, and they exit too, maybe
// before shoalrun reaps the first (waitpid(-1) returns them in any order). So
// the PE the server saw fail first is blamed when it has failed too; if it is
// still running, the report waits for it, at most a second (or until forced).
void Launcher::blame(bool force) {
  if (failed_) {  // a timeout or signal ended the job meanwhile, and said so
    pending_ = -1;
    return;
  }
  int r = pending_;
  int c = culprit_.load(std::memory_order_acquire);
  if (c >= 0 && c < a_.n && c != r) {
    if (!pes_[c].done && !force && std::chrono::steady_clock::now() < pending_until_) return;
    if (pes_[c].done && failed_status(pes_[c].status)) r = c;
  }
  pending_ = -1;
  failed_ = true;
  int st = pes_[r].status;
  char how[96];
  if (WIFEXITED(st)) {
    std::snprintf(how, sizeof how, "exited with status %d", WEXITSTATUS(st));
    exit_code_ = WEXITSTATUS(st);
  } else {
    int sig = WTERMSIG(st);
    std::snprintf(how, sizeof how, "was killed by signal %d (SIG%s)", sig, signal_name(sig));
    exit_code_ = 128 + sig;
  }
  int others = a_.n - 1;
  for (const Pe& p : pes_)
    others -= p.done && &p != &pes_[r] && !failed_status(p.status);  // ended well before
  if (others)
    std::fprintf(stderr, "shoalrun: PE %d (pid %d) %s; terminating the other %d PE%s\n", r,
                 static_cast<int>(pes_[r].pid), how, others, others == 1 ? "" : "s");
  else
    std::fprintf(stderr, "shoalrun: PE %d (pid %d) %s\n", r, static_cast<int>(pes_[r].pid), how);
  std::fflush(stderr);
  term_pending_ = true;
  term_at_ = std::chrono::steady_clock::now() +
             std::chrono::milliseconds(static_cast<int>(kTellGraceSeconds * 1000));
}

void Launcher::forward_output(Pe& pe, int rank, bool is_err) {
  int& fd = is_err ? pe.err_fd : pe.out_fd;
  std::string& buf = is_err ? pe.err_buf : pe.out_buf;
  char chunk[65536];
  ssize_t n = ::read(fd, chunk, sizeof chunk);
  if (n < 0 && (errno == EINTR || errno == EAGAIN)) return;
  if (n <= 0) {
    flush_partial(pe, rank, is_err);
    ::close(fd);
    fd = -1;
    return;
  }
  buf.append(chunk, static_cast<std::size_t>(n));
  std::string out;
  std::size_t start = 0, nl;
  std::string tag = "[PE " + std::to_string(rank) + "] ";
  while ((nl = buf.find('\n', start)) != std::string::npos) {
    out += tag;
    out.append(buf, start, nl - start + 1);
    start = nl + 1;
  }
  buf.erase(0, start);
  if (!out.empty()) {
    ssize_t rc = ::write(is_err ? 2 : 1, out.data(), out.size());
    (void)rc;
  }
}

void Launcher::flush_partial(Pe& pe, int rank, bool is_err) {
  std::string& buf = is_err ? pe.err_buf : pe.out_buf;
  if (buf.empty()) return;
  std::string out = "[PE " + std::to_string(rank) + "] " + buf + "\n";
  buf.clear();
  ssize_t rc = ::write(is_err ? 2 : 1, out.data(), out.size());
  (void)rc;
}

int Launcher::run() {
  if (!make_socket()) return 1;
  if (::pipe2(g_signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return 1;
  int wake[2];
  if (::pipe2(wake, O_CLOEXEC) != 0) return 1;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
  for (int s : {SIGCHLD, SIGINT, SIGTERM, SIGHUP}) ::sigaction(s, &sa, nullptr);
  ::signal(SIGPIPE, SIG_IGN);

  // Environment of each PE: ours minus stale SHOALRUN_* plus the job's.
  std::vector<std::string> base_env;
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, "SHOALRUN_", 9) != 0) base_env.emplace_back(*e);
  std::string secret_hex = hex_encode(secret_, sizeof secret_);
  bool ok = true;
  for (int r = 0; r < a_.n && ok; ++r) {
    std::vector<std::string> env = base_env;
    env.push_back("SHOALRUN_RANK=" + std::to_string(r));
    env.push_back("SHOALRUN_SIZE=" + std::to_string(a_.n));
    env.push_back("SHOALRUN_SOCKET=" + path_);
    env.push_back("SHOALRUN_SECRET=" + secret_hex);
    ok = spawn(r, env);
  }
  if (!ok) {
    failed_ = true;
    exit_code_ = 1;
    terminate(SIGKILL);
  }

  Server server(a_.n, lfd_, secret_, wake[0], &culprit_, &global_exit_rank_, &global_exit_code_);
  std::thread server_thread([&] { server.run(); });

  auto start = std::chrono::steady_clock::now();
  bool timed_out = false;
  for (;;) {
    reap();
    if (pending_ >= 0 && live() == 0) blame(true);
    bool pipes_open = false;
    for (const Pe& p : pes_) pipes_open |= p.out_fd >= 0 || p.err_fd >= 0;
    if (live() == 0 && !pipes_open) break;
    auto now = std::chrono::steady_clock::now();
    int wait_ms = -1;
    if (a_.timeout > 0 && !timed_out) {
      auto end = start + std::chrono::milliseconds(static_cast<long long>(a_.timeout * 1000));
      if (now >= end) {
        timed_out = true;
        if (!failed_) {
          failed_ = true;
          exit_code_ = 124;
          std::fprintf(stderr, "shoalrun: the job ran longer than --timeout %g s; terminating %d PE%s\n",
                       a_.timeout, live(), live() == 1 ? "" : "s");
        }
        terminate(SIGTERM);
        continue;
      }
      wait_ms = static_cast<int>(
          std::chrono::duration_cast<std::chrono::milliseconds>(end - now).count() + 1);
    }
    if (term_pending_ && !terminating_) {
      if (now >= term_at_) {
        terminate(SIGTERM);
        continue;
      }
      int ms = static_cast<int>(
          std::chrono::duration_cast<std::chrono::milliseconds>(term_at_ - now).count() + 1);
      wait_ms = wait_ms < 0 ? ms : std::min(wait_ms, ms);
    }
    if (terminating_ && !killed_) {
      if (now >= kill_at_) {
        killed_ = true;
        for (const Pe& p : pes_)
          if (p.pid > 0 && !p.done) ::kill(p.pid, SIGKILL);
        continue;
      }
      int ms = static_cast<int>(
          std::chrono::duration_cast<std::chrono::milliseconds>(kill_at_ - now).count() + 1);
      wait_ms = wait_ms < 0 ? ms : std::min(wait_ms, ms);
    }
    if (pending_ >= 0) {
      int ms = static_cast<int>(
          std::chrono::duration_cast<std::chrono::milliseconds>(pending_until_ - now).count() + 1);
      ms = std::max(ms, 0);
      wait_ms = wait_ms < 0 ? ms : std::min(wait_ms, ms);
    }
    if (live() == 0) wait_ms = wait_ms < 0 ? 1000 : std::min(wait_ms, 1000);  // drain pipes
    std::vector<pollfd> pfds{{g_signal_pipe[0], POLLIN, 0}};
    std::vector<std::pair<int, bool>> who;
    for (int r = 0; r < a_.n; ++r) {
      if (pes_[r].out_fd >= 0) pfds.push_back({pes_[r].out_fd, POLLIN, 0}), who.push_back({r, false});
      if (pes_[r].err_fd >= 0) pfds.push_back({pes_[r].err_fd, POLLIN, 0}), who.push_back({r, true});
    }
    int rc = ::poll(pfds.data(), pfds.size(), wait_ms);
    if (rc == 0 && live() == 0) {
      for (int r = 0; r < a_.n; ++r) {  // grandchildren hold the pipes: stop waiting
        for (bool is_err : {false, true}) {
          int& fd = is_err ? pes_[r].err_fd : pes_[r].out_fd;
          if (fd >= 0) flush_partial(pes_[r], r, is_err), ::close(fd), fd = -1;
        }
      }
    }
    if (rc <= 0) continue;
    if (pfds[0].revents) {
      unsigned char sigs[64];
      ssize_t n = ::read(g_signal_pipe[0], sigs, sizeof sigs);
      for (ssize_t i = 0; i < n; ++i) {
        int sig = sigs[i];
        if (sig == SIGCHLD) continue;
        if (!failed_) {
          failed_ = true;
          exit_code_ = 128 + sig;
          std::fprintf(stderr, "shoalrun: got SIG%s; forwarding it to %d PE%s\n", signal_name(sig),
                       live(), live() == 1 ? "" : "s");
        }
        terminate(sig == SIGHUP ? SIGTERM : sig);
      }
    }
    for (std::size_t i = 0; i < who.size(); ++i)
      if (pfds[i + 1].revents) forward_output(pes_[who[i].first], who[i].first, who[i].second);
  }

  char b = 1;
  ssize_t rc = ::write(wake[1], &b, 1);
  (void)rc;
  server_thread.join();
  cleanup_socket();
  ::close(wake[0]);
  ::close(wake[1]);
  if (const int ge = global_exit_rank_.load(std::memory_order_acquire); ge >= 0 && !timed_out) {
    const int code = global_exit_code_.load(std::memory_order_relaxed);
    std::fprintf(stderr, "shoalrun: PE %d called shoal_global_exit(%d): the job's exit status is %d\n", ge, code,
                 code & 0xff);
    return code & 0xff;
  }
  return failed_ ? (exit_code_ ? exit_code_ : 1) : 0;
}

}  // namespace

int main(int argc, char** argv) {
  Args a = parse(argc, argv);
  return Launcher(std::move(a)).run();
}
