// Loading of the bootstrap plugins (pmix, mpi) through the C ABI of
// bootstrap/plugin_abi.h, and the Bootstrap that forwards to one.
//
// Search order for libshoal_bootstrap_<name>.so: each folder of
// SHOAL_PLUGIN_PATH (':'-separated), then the folder of the binary holding
// this code (dladdr), its shoal/ subfolder, ../lib and ../lib/shoal next to
// it (build tree and install tree), then the install folder.
#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdarg>
#include <cstring>
#include <vector>

#include "base/env.h"
#include "base/log.h"
#include "bootstrap/internal.h"
#include "bootstrap/plugin_abi.h"
#include "bootstrap/plugin_path.h"
#include "bootstrap/uid.h"

#ifndef SHOAL_PLUGIN_INSTALL_FULLDIR
#define SHOAL_PLUGIN_INSTALL_FULLDIR "/usr/local/lib/shoal"
#endif

namespace shoal::bootstrap {
namespace {

void plugin_log(int level, const char* msg) {
  if (level < 1 || level > 5) level = 1;
  SHOAL_LOG(static_cast<LogLevel>(level), "%s", msg);
}

class PluginBootstrap final : public Bootstrap {
 public:
  PluginBootstrap(const shoal_bootstrap_plugin_v1_t* t, void* ctx, int rank, int size)
      : t_(t), ctx_(ctx) {
    info_.rank = rank;
    info_.size = size;
  }
  ~PluginBootstrap() override {
    // A plugin that was not finalized keeps its state: its library (PMIx, MPI)
    // may not survive a second init anyway, and the process is ending.
  }
  const char* name() const override { return t_->name; }
  Status allgather(const void* send, void* recv, std::size_t bytes) override {
    return wrap(t_->allgather(ctx_, send, recv, bytes), "allgather");
  }
  Status alltoall(const void* send, void* recv, std::size_t bytes) override {
    return wrap(t_->alltoall(ctx_, send, recv, bytes), "alltoall");
  }
  Status barrier() override { return wrap(t_->barrier(ctx_), "barrier"); }
  Status broadcast(void* buf, std::size_t bytes, int root) override {
    if (root < 0 || root >= info_.size) {
      SHOAL_ERROR("bootstrap broadcast: root %d is not a PE (0..%d)", root, info_.size - 1);
      return Status::invalid_argument;
    }
    return wrap(t_->broadcast(ctx_, buf, bytes, root), "broadcast");
  }
  [[noreturn]] void abort(int code, const char* msg) override {
    char line[700];
    std::snprintf(line, sizeof line, "shoal[PE %d] ABORT (code %d): %.600s\n", info_.rank, code,
                  msg);
    ssize_t rc = ::write(2, line, std::strlen(line));
    (void)rc;
    if (ctx_) t_->abort(ctx_, code, msg);
    exit_after_abort(code, msg, info_.rank);
  }
  Status finalize() override {
    if (!ctx_) return Status::ok;
    Status s = wrap(t_->finalize(ctx_), "finalize");
    ctx_ = nullptr;
    return s;
  }

 private:
  Status wrap(int rc, const char* what) {
    if (!ctx_) {
      SHOAL_ERROR("bootstrap %s: %s called after finalize", t_->name, what);
      return Status::invalid_state;
    }
    if (rc == 0) return Status::ok;
    if (rc < 0 || rc > static_cast<int>(Status::internal)) rc = static_cast<int>(Status::internal);
    return static_cast<Status>(rc);
  }
  const shoal_bootstrap_plugin_v1_t* t_;
  void* ctx_;
};

// pmix with the TCP data path (the default): PMIx gives identity, the
// rendezvous (one broadcast of a unique id) and job-wide abort; the
// collectives run over the uid star. PMIx's collecting fence re-sends all the
// data a PE has ever committed, so with PMIx alone every exchange gets slower
// than the last (docs/perf/bootstrap.md); the star also detects a dead peer at
// once (EOF) and bounds every wait. SHOAL_PMIX_COLLECTIVES=pmix keeps
// everything in PMIx.
class PmixTcpBootstrap final : public Bootstrap {
 public:
  PmixTcpBootstrap(std::unique_ptr<Bootstrap> control, std::unique_ptr<Bootstrap> data)
      : control_(std::move(control)), data_(std::move(data)) {
    info_ = control_->info();
  }
  const char* name() const override { return "pmix"; }
  Status allgather(const void* send, void* recv, std::size_t bytes) override {
    return data_->allgather(send, recv, bytes);
  }
  Status alltoall(const void* send, void* recv, std::size_t bytes) override {
    return data_->alltoall(send, recv, bytes);
  }
  Status barrier() override { return data_->barrier(); }
  Status broadcast(void* buf, std::size_t bytes, int root) override {
    return data_->broadcast(buf, bytes, root);
  }
  [[noreturn]] void abort(int code, const char* msg) override {
    // The others hear it over the star at once, naming this PE and the
    // message; PMIx_Abort then ends the job (the launcher may be slower).
    if (auto* star = dynamic_cast<StarBootstrap*>(data_.get())) star->tell_abort(code, msg);
    control_->abort(code, msg);
    exit_after_abort(code, msg, info_.rank);  // not reached: the plugin ends the job
  }
  Status watch(FailureFn fn, void* ctx) override { return data_->watch(fn, ctx); }
  void unwatch() override { data_->unwatch(); }
  Status finalize() override {
    Status s = data_->finalize();
    Status c = control_->finalize();
    return s != Status::ok ? s : c;
  }

 private:
  std::unique_ptr<Bootstrap> control_;
  std::unique_ptr<Bootstrap> data_;
};

Status add_tcp_data_path(std::unique_ptr<Bootstrap> control, std::unique_ptr<Bootstrap>* out_p) {
  const Info& ci = control->info();
  // Loopback when every PE runs on this host, else a routable address.
  char host[64] = {};
  ::gethostname(host, sizeof host - 1);
  std::vector<char> hosts(sizeof host * ci.size);
  SHOAL_CHECK(control->allgather(host, hosts.data(), sizeof host));
  bool one_host = true;
  for (int r = 0; r < ci.size; ++r)
    one_host &= std::memcmp(hosts.data() + r * sizeof host, host, sizeof host) == 0;
  unsigned char id[128] = {};
  if (ci.rank == 0) (void)uid_create_at(one_host ? "127.0.0.1" : "", id, sizeof id);
  SHOAL_CHECK(control->broadcast(id, sizeof id, 0));
  unsigned char zero[128] = {};
  if (std::memcmp(id, zero, sizeof id) == 0) {
    if (ci.rank != 0) SHOAL_ERROR("bootstrap pmix: rank 0 could not open its TCP rendezvous");
    return Status::io_error;
  }
  SHOAL_DEBUG("bootstrap pmix: TCP data path via %s", uid_address(id).c_str());
  Options o;
  o.uid = id;
  o.uid_bytes = sizeof id;
  o.uid_rank = ci.rank;
  o.uid_size = ci.size;
  std::unique_ptr<Bootstrap> data;
  SHOAL_CHECK(create_uid(o, &data));
  *out_p = std::make_unique<PmixTcpBootstrap>(std::move(control), std::move(data));
  return Status::ok;
}

std::string dir_of(const std::string& path) {
  auto p = path.rfind('/');
  return p == std::string::npos ? "." : path.substr(0, p);
}

std::vector<std::string> search_dirs() {
  std::vector<std::string> dirs;
  std::string env = env::get_string("SHOAL_PLUGIN_PATH");
  std::size_t start = 0;
  while (!env.empty() && start <= env.size()) {
    std::size_t end = env.find(':', start);
    if (end == std::string::npos) end = env.size();
    if (end > start) dirs.push_back(env.substr(start, end - start));
    start = end + 1;
  }
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&search_dirs), &info) && info.dli_fname) {
    std::string d = dir_of(info.dli_fname);
    dirs.push_back(d);
    dirs.push_back(d + "/shoal");
    dirs.push_back(d + "/../lib");
    dirs.push_back(d + "/../lib/shoal");
  }
  dirs.push_back(SHOAL_PLUGIN_INSTALL_FULLDIR);
  return dirs;
}

const char* what_to_install(const std::string& kind) {
  return kind == "pmix" ? "install libpmix-dev and rebuild shoal, or launch with shoalrun"
                        : "install an MPI (e.g. libopenmpi-dev) and rebuild shoal, or launch "
                          "with shoalrun";
}

}  // namespace

std::string find_plugin(const std::string& file, std::string* tried) {
  tried->clear();
  for (const std::string& d : search_dirs()) {
    std::string path = d + "/" + file;
    struct stat st;
    if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) return path;
    if (!tried->empty()) *tried += ":";
    *tried += d;
  }
  return "";
}

Status create_plugin(const std::string& kind, const Options& o, std::unique_ptr<Bootstrap>* out_p) {
  std::string file = "libshoal_bootstrap_" + kind + ".so";
  std::string tried;
  const std::string found = find_plugin(file, &tried);
  if (found.empty()) {
    SHOAL_ERROR("bootstrap '%s' needs %s (not found in %s) - %s; SHOAL_PLUGIN_PATH adds folders "
                "to search", kind.c_str(), file.c_str(), tried.c_str(), what_to_install(kind));
    return Status::not_found;
  }
  void* h = ::dlopen(found.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!h) {
    SHOAL_ERROR("bootstrap '%s': cannot load %s: %s - %s", kind.c_str(), found.c_str(), dlerror(),
                kind == "pmix" ? "install the PMIx library (libpmix2) it needs, or rebuild shoal"
                               : "install the MPI library it was built with, or rebuild shoal");
    return Status::not_found;
  }
  auto entry = reinterpret_cast<shoal_bootstrap_plugin_entry_v1_fn>(
      ::dlsym(h, SHOAL_BOOTSTRAP_PLUGIN_ENTRY));
  const shoal_bootstrap_plugin_v1_t* t = entry ? entry() : nullptr;
  if (!t || t->abi_version != SHOAL_BOOTSTRAP_PLUGIN_ABI_VERSION) {
    SHOAL_ERROR("bootstrap '%s': %s is not a shoal bootstrap plugin of ABI version %d (%s); "
                "rebuild it together with shoal", kind.c_str(), found.c_str(),
                SHOAL_BOOTSTRAP_PLUGIN_ABI_VERSION,
                t ? "its version differs" : "entry symbol " SHOAL_BOOTSTRAP_PLUGIN_ENTRY " missing");
    return Status::not_found;
  }
  shoal_bootstrap_plugin_args_v1_t args{};
  args.abi_version = SHOAL_BOOTSTRAP_PLUGIN_ABI_VERSION;
  args.timeout_s = bootstrap_timeout();
  args.mpi_comm = o.mpi_comm;
  args.log = plugin_log;
  void* ctx = nullptr;
  int rank = -1, size = 0;
  int rc = t->init(&args, &ctx, &rank, &size);
  if (rc != 0 || !ctx || size < 1 || rank < 0 || rank >= size) {
    SHOAL_ERROR("bootstrap '%s': init failed (rank %d, size %d)", kind.c_str(), rank, size);
    return rc != 0 && rc <= static_cast<int>(Status::internal) ? static_cast<Status>(rc)
                                                               : Status::internal;
  }
  SHOAL_DEBUG("bootstrap %s: loaded %s", kind.c_str(), found.c_str());
  auto plugin = std::make_unique<PluginBootstrap>(t, ctx, rank, size);
  if (kind == "pmix") {
    std::string path;
    SHOAL_CHECK(env::get_choice("SHOAL_PMIX_COLLECTIVES", {"tcp", "pmix"}, "tcp", &path));
    if (path == "tcp") return add_tcp_data_path(std::move(plugin), out_p);
  }
  *out_p = std::move(plugin);
  return Status::ok;
}

}  // namespace shoal::bootstrap
