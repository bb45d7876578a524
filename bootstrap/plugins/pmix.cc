// The pmix bootstrap plugin (libshoal_bootstrap_pmix.so): collectives on
// PMIx key/value exchange. Works under OpenMPI's mpirun and Slurm's
// srun --mpi=pmix. Loaded at run time through bootstrap/plugin_abi.h, so the
// core does not link PMIx.
//
//   allgather: each PE Puts its block under a fresh key, Commit, Fence with
//              PMIX_COLLECT_DATA, then Gets every other PE's key (local
//              after the collecting fence);
//   alltoall:  one key per destination, Get only the keys addressed to us;
//   broadcast: the root Puts, everybody fences, the others Get;
//   barrier:   Fence without data.
// Every Fence and Get carries PMIX_TIMEOUT (the bootstrap timeout).
#include <pmix.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "bootstrap/plugin_abi.h"

namespace {

// shoal::Status values (base/status.h) without linking the core.
enum { kOk = 0, kInvalidArgument = 1, kTimeout = 4, kIoError = 5, kPeerFailed = 9 };

struct Ctx {
  pmix_proc_t me{};
  pmix_proc_t all{};  // this namespace, wildcard rank
  int rank = -1;
  int size = 0;
  unsigned long long seq = 0;
  int timeout_s = 120;
  void (*log)(int, const char*) = nullptr;
  std::map<std::string, size_t> chunks_used;  // key name -> chunks last written
};

void logf(const Ctx* c, int level, const char* fmt, ...) __attribute__((format(printf, 3, 4)));
void logf(const Ctx* c, int level, const char* fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (c && c->log) c->log(level, buf);
  else std::fprintf(stderr, "shoal pmix: %s\n", buf);
}

int fail(const Ctx* c, pmix_status_t rc, const char* what) {
  logf(c, SHOAL_PLUGIN_LOG_ERROR, "bootstrap pmix: %s failed: %s", what, PMIx_Error_string(rc));
  if (rc == PMIX_ERR_TIMEOUT) return kTimeout;
  if (rc == PMIX_ERR_PROC_ABORTED || rc == PMIX_ERR_PROC_ABORTING || rc == PMIX_ERR_LOST_CONNECTION ||
      rc == PMIX_ERR_UNREACH)
    return kPeerFailed;
  return kIoError;
}

int fence(Ctx* c, bool collect, const char* what) {
  pmix_info_t info[2];
  PMIX_INFO_CONSTRUCT(&info[0]);
  PMIX_INFO_CONSTRUCT(&info[1]);
  bool yes = true;
  PMIX_INFO_LOAD(&info[0], PMIX_TIMEOUT, &c->timeout_s, PMIX_INT);
  PMIX_INFO_LOAD(&info[1], PMIX_COLLECT_DATA, &yes, PMIX_BOOL);
  pmix_status_t rc = PMIx_Fence(&c->all, 1, info, collect ? 2 : 1);
  PMIX_INFO_DESTRUCT(&info[0]);
  PMIX_INFO_DESTRUCT(&info[1]);
  if (rc != PMIX_SUCCESS) return fail(c, rc, what);
  return kOk;
}

// Values travel under fixed key names that every collective of a kind
// reuses: a collecting fence sends all data a PE has committed so far, so
// fresh keys per call would make every call slower than the last. Each value
// starts with the call's sequence number, which the reader checks, so a stale
// value is an error, never silent data. Values are chunked (at most kChunk
// bytes each) because PMIx's shared-memory store (gds/ds21) limits one value
// to its data segment, and chunks a smaller call no longer needs are
// overwritten with empty values so they stop travelling.
constexpr size_t kChunk = 1 << 16;
constexpr size_t kSeqBytes = sizeof(unsigned long long);

size_t chunks_of(size_t bytes) { return bytes == 0 ? 1 : (bytes + kChunk - 1) / kChunk; }

std::string chunk_key(const std::string& name, size_t i) {
  return "shoal." + name + "." + std::to_string(i);
}

int put_value(Ctx* c, const std::string& name, const void* data, size_t bytes,
              unsigned long long seq) {
  size_t n = chunks_of(bytes);
  size_t& high = c->chunks_used[name];
  std::vector<char> buf(kSeqBytes + std::min(kChunk, bytes));
  std::memcpy(buf.data(), &seq, kSeqBytes);
  for (size_t i = 0; i < std::max(n, high); ++i) {
    size_t len = i < n ? std::min(kChunk, bytes - i * kChunk) : 0;
    if (len) std::memcpy(buf.data() + kSeqBytes, static_cast<const char*>(data) + i * kChunk, len);
    pmix_value_t v;
    PMIX_VALUE_CONSTRUCT(&v);
    v.type = PMIX_BYTE_OBJECT;
    // PMIx_Put copies the bytes; v is not destructed, so buf is not freed twice.
    v.data.bo.bytes = buf.data();
    v.data.bo.size = kSeqBytes + len;
    pmix_status_t rc = PMIx_Put(PMIX_GLOBAL, chunk_key(name, i).c_str(), &v);
    if (rc != PMIX_SUCCESS) return fail(c, rc, "PMIx_Put");
  }
  high = n;
  return kOk;
}

int commit(Ctx* c) {
  pmix_status_t rc = PMIx_Commit();
  return rc == PMIX_SUCCESS ? kOk : fail(c, rc, "PMIx_Commit");
}

int get_chunk(Ctx* c, int from, const std::string& key, char* out, size_t bytes,
              unsigned long long seq) {
  pmix_proc_t p;
  PMIX_PROC_CONSTRUCT(&p);
  PMIX_LOAD_PROCID(&p, c->me.nspace, static_cast<pmix_rank_t>(from));
  pmix_info_t info;
  PMIX_INFO_CONSTRUCT(&info);
  PMIX_INFO_LOAD(&info, PMIX_TIMEOUT, &c->timeout_s, PMIX_INT);
  pmix_value_t* v = nullptr;
  pmix_status_t rc = PMIx_Get(&p, key.c_str(), &info, 1, &v);
  PMIX_INFO_DESTRUCT(&info);
  if (rc != PMIX_SUCCESS) {
    std::string what = "PMIx_Get of " + key + " from PE " + std::to_string(from);
    return fail(c, rc, what.c_str());
  }
  int res = kOk;
  unsigned long long got_seq = 0;
  if (v->type == PMIX_BYTE_OBJECT && v->data.bo.size >= kSeqBytes)
    std::memcpy(&got_seq, v->data.bo.bytes, kSeqBytes);
  if (v->type != PMIX_BYTE_OBJECT || v->data.bo.size != kSeqBytes + bytes || got_seq != seq) {
    logf(c, SHOAL_PLUGIN_LOG_ERROR,
         "bootstrap pmix: PE %d's value %s is from call #%llu with %zu bytes, expected call #%llu "
         "with %zu: the PEs called different collectives or sizes",
         from, key.c_str(), got_seq,
         v->type == PMIX_BYTE_OBJECT && v->data.bo.size >= kSeqBytes ? v->data.bo.size - kSeqBytes : 0,
         seq, bytes);
    res = kPeerFailed;
  } else if (bytes) {
    std::memcpy(out, v->data.bo.bytes + kSeqBytes, bytes);
  }
  PMIX_VALUE_RELEASE(v);
  return res;
}

int get_value(Ctx* c, int from, const std::string& name, void* out, size_t bytes,
              unsigned long long seq) {
  for (size_t i = 0; i < chunks_of(bytes); ++i) {
    if (int r = get_chunk(c, from, chunk_key(name, i), static_cast<char*>(out) + i * kChunk,
                          std::min(kChunk, bytes - i * kChunk), seq))
      return r;
  }
  return kOk;
}

int p_init(const shoal_bootstrap_plugin_args_v1_t* args, void** ctx_p, int* rank_p, int* size_p) {
  auto* c = new Ctx;
  c->log = args->log;
  c->timeout_s = args->timeout_s >= 1 ? static_cast<int>(args->timeout_s) : 1;
  pmix_status_t rc = PMIx_Init(&c->me, nullptr, 0);
  if (rc != PMIX_SUCCESS) {
    logf(c, SHOAL_PLUGIN_LOG_ERROR,
         "bootstrap pmix: PMIx_Init failed: %s; start the job with mpirun or srun --mpi=pmix, "
         "or use shoalrun", PMIx_Error_string(rc));
    delete c;
    return kIoError;
  }
  PMIX_PROC_CONSTRUCT(&c->all);
  PMIX_LOAD_PROCID(&c->all, c->me.nspace, PMIX_RANK_WILDCARD);
  pmix_value_t* v = nullptr;
  rc = PMIx_Get(&c->all, PMIX_JOB_SIZE, nullptr, 0, &v);
  if (rc != PMIX_SUCCESS || !v) {
    int r = fail(c, rc, "PMIx_Get(PMIX_JOB_SIZE)");
    PMIx_Finalize(nullptr, 0);
    delete c;
    return r;
  }
  c->size = v->type == PMIX_UINT32 ? static_cast<int>(v->data.uint32) : -1;
  PMIX_VALUE_RELEASE(v);
  c->rank = static_cast<int>(c->me.rank);
  if (c->size < 1 || c->rank < 0 || c->rank >= c->size) {
    logf(c, SHOAL_PLUGIN_LOG_ERROR, "bootstrap pmix: bad rank %d / job size %d from PMIx", c->rank,
         c->size);
    PMIx_Finalize(nullptr, 0);
    delete c;
    return kIoError;
  }
  *ctx_p = c;
  *rank_p = c->rank;
  *size_p = c->size;
  return kOk;
}

int p_allgather(void* ctx, const void* send, void* recv, size_t bytes) {
  auto* c = static_cast<Ctx*>(ctx);
  unsigned long long seq = ++c->seq;
  if (bytes == 0) return fence(c, false, "PMIx_Fence (allgather)");
  if (int r = put_value(c, "ag." + std::to_string(seq), send, bytes, seq)) return r;
  if (int r = commit(c)) return r;
  if (int r = fence(c, true, "PMIx_Fence (allgather)")) return r;
  auto* out = static_cast<char*>(recv);
  std::memmove(out + static_cast<size_t>(c->rank) * bytes, send, bytes);
  for (int r = 0; r < c->size; ++r) {
    if (r == c->rank) continue;
    if (int e = get_value(c, r, "ag." + std::to_string(seq), out + static_cast<size_t>(r) * bytes, bytes, seq)) return e;
  }
  return kOk;
}

int p_alltoall(void* ctx, const void* send, void* recv, size_t bytes) {
  auto* c = static_cast<Ctx*>(ctx);
  unsigned long long seq = ++c->seq;
  if (bytes == 0) return fence(c, false, "PMIx_Fence (alltoall)");
  const auto* in = static_cast<const char*>(send);
  auto* out = static_cast<char*>(recv);
  for (int d = 0; d < c->size; ++d) {
    if (d == c->rank) continue;
    std::string name = "a2a." + std::to_string(seq) + "." + std::to_string(d);
    if (int r = put_value(c, name, in + static_cast<size_t>(d) * bytes, bytes, seq)) return r;
  }
  if (int r = commit(c)) return r;
  if (int r = fence(c, true, "PMIx_Fence (alltoall)")) return r;
  std::memmove(out + static_cast<size_t>(c->rank) * bytes, in + static_cast<size_t>(c->rank) * bytes,
               bytes);
  std::string mine = "a2a." + std::to_string(seq) + "." + std::to_string(c->rank);
  for (int s = 0; s < c->size; ++s) {
    if (s == c->rank) continue;
    if (int e = get_value(c, s, mine, out + static_cast<size_t>(s) * bytes, bytes, seq)) return e;
  }
  return kOk;
}

int p_barrier(void* ctx) {
  auto* c = static_cast<Ctx*>(ctx);
  ++c->seq;
  return fence(c, false, "PMIx_Fence (barrier)");
}

int p_broadcast(void* ctx, void* buf, size_t bytes, int root) {
  auto* c = static_cast<Ctx*>(ctx);
  unsigned long long seq = ++c->seq;
  if (bytes == 0) return fence(c, false, "PMIx_Fence (broadcast)");
  if (c->rank == root) {
    if (int r = put_value(c, "bc." + std::to_string(seq), buf, bytes, seq)) return r;
    if (int r = commit(c)) return r;
  }
  if (int r = fence(c, true, "PMIx_Fence (broadcast)")) return r;
  if (c->rank == root) return kOk;
  return get_value(c, root, "bc." + std::to_string(seq), buf, bytes, seq);
}

void p_abort(void* ctx, int code, const char* msg) {
  (void)ctx;
  PMIx_Abort(code, msg, nullptr, 0);  // the whole namespace
  std::_Exit(code ? code : 1);
}

int p_finalize(void* ctx) {
  auto* c = static_cast<Ctx*>(ctx);
  pmix_status_t rc = PMIx_Finalize(nullptr, 0);
  int r = rc == PMIX_SUCCESS ? kOk : fail(c, rc, "PMIx_Finalize");
  delete c;
  return r;
}

const shoal_bootstrap_plugin_v1_t kTable = {
    SHOAL_BOOTSTRAP_PLUGIN_ABI_VERSION, "pmix", p_init, p_allgather, p_alltoall, p_barrier,
    p_broadcast, p_abort, p_finalize,
};

}  // namespace

extern "C" __attribute__((visibility("default"))) const shoal_bootstrap_plugin_v1_t*
shoal_bootstrap_plugin_v1(void) {
  return &kTable;
}
