// The host half of shoal EP: buffer creation (collective), and low-latency
// mode's argument checks, slot and handle bookkeeping, kernel launches.
// Kernels: ll_kernels.cu. Normal mode: normal.cc.
#include <shoal/ep.h>
#include <shoal/shoal.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <unistd.h>

#include "ep/buffer.h"
#include "ep/layout.h"

namespace shoal::ep::detail {

thread_local std::string g_error;

int fail(const char* call, const char* fmt, ...) {
  char msg[768];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  const int pe = shoal_init_status() ? shoal_my_pe() : -1;
  g_error = "shoal[PE " + std::to_string(pe) + "] " + call + ": " + msg;
  return -1;
}

int cuda_fail(const char* call, const char* what, cudaError_t e) {
  return fail(call, "%s failed: %s", what, cudaGetErrorString(e));
}

int check_buffer(const char* call, const shoal_ep_buffer* b) {
  if (!b) return fail(call, "buffer is NULL");
  return 0;
}

}  // namespace shoal::ep::detail

namespace {

using shoal::ep::detail::check_buffer;
using shoal::ep::detail::cuda_fail;
using shoal::ep::detail::fail;
using shoal::ep::detail::g_error;

using shoal::ep::detail::align_up;
using shoal::ep::detail::chunks;
using shoal::ep::detail::kAlign;
using shoal::ep::detail::Params;
using shoal::ep::detail::payload_bytes;
using shoal::ep::detail::scale_bytes;
using shoal::ep::detail::SlotPtrs;

int check_config(const char* call, const shoal_ep_config_t* c) {
  if (!c) return fail(call, "config is NULL");
  if (c->max_tokens_per_rank < 1 || c->max_tokens_per_rank > SHOAL_EP_MAX_TOKENS_PER_RANK)
    return fail(call, "max_tokens_per_rank %d is out of range (1..%d)", c->max_tokens_per_rank,
                SHOAL_EP_MAX_TOKENS_PER_RANK);
  if (c->hidden < 128 || c->hidden > SHOAL_EP_MAX_HIDDEN || c->hidden % 128 != 0)
    return fail(call, "hidden %d is not a multiple of 128 in 128..%d", c->hidden, SHOAL_EP_MAX_HIDDEN);
  if (c->num_experts < 1 || c->num_experts > SHOAL_EP_MAX_EXPERTS)
    return fail(call, "num_experts %d is out of range (1..%d)", c->num_experts, SHOAL_EP_MAX_EXPERTS);
  if (c->max_topk < 1 || c->max_topk > SHOAL_EP_MAX_TOPK)
    return fail(call, "max_topk %d is out of range (1..%d)", c->max_topk, SHOAL_EP_MAX_TOPK);
  if (c->dispatch_dtype < SHOAL_EP_BF16 || c->dispatch_dtype > SHOAL_EP_FP8_UE8M0)
    return fail(call, "dispatch_dtype %d is not SHOAL_EP_BF16 (0), SHOAL_EP_FP8_E4M3 (1) or SHOAL_EP_FP8_UE8M0 (2)",
                c->dispatch_dtype);
  if (c->num_blocks < 0) return fail(call, "num_blocks %d is negative", c->num_blocks);
  if (c->threads < 0 || c->threads % 32 != 0 || c->threads > shoal::ep::detail::kMaxThreads)
    return fail(call, "threads %d is not 0 or a multiple of 32 up to %d", c->threads, shoal::ep::detail::kMaxThreads);
  if (!(c->timeout_s >= 0) || !std::isfinite(c->timeout_s))
    return fail(call, "timeout_s %g is not a non-negative number of seconds", c->timeout_s);
  if (c->modes < 0 || c->modes > (SHOAL_EP_MODE_LOW_LATENCY | SHOAL_EP_MODE_NORMAL))
    return fail(call, "modes %d is not a combination of SHOAL_EP_MODE_LOW_LATENCY (1) and SHOAL_EP_MODE_NORMAL (2)",
                c->modes);
  if (c->max_recv_tokens < 0) return fail(call, "max_recv_tokens %d is negative", c->max_recv_tokens);
  if (c->normal_channels < 0 || c->normal_channels > 64)
    return fail(call, "normal_channels %d is out of range (0 for the default, or 1..64)", c->normal_channels);
  if (c->normal_ring_tokens != 0 && (c->normal_ring_tokens < 32 || c->normal_ring_tokens > 65536))
    return fail(call, "normal_ring_tokens %d is out of range (0 for the default, or 32..65536)",
                c->normal_ring_tokens);
  return 0;
}

bool ll_mode(const shoal_ep_config_t& c) { return c.modes == 0 || (c.modes & SHOAL_EP_MODE_LOW_LATENCY) != 0; }
bool normal_mode(const shoal_ep_config_t& c) { return (c.modes & SHOAL_EP_MODE_NORMAL) != 0; }

// The symmetric region: header, the low-latency slots (if on), the normal
// rings (if on).
size_t ll_sym_bytes(const shoal_ep_config_t& c) {
  const auto L = shoal::ep::detail::sym_layout(c.max_tokens_per_rank, c.hidden, c.num_experts, c.max_topk,
                                               c.dispatch_dtype, c.zero_copy != 0);
  return ll_mode(c) ? L.total : L.header;
}

// SHOAL_TIMEOUT as the runtime reads it (seconds; 0 = no limit).
double runtime_timeout_s() {
  const char* v = std::getenv("SHOAL_TIMEOUT");
  if (!v || !*v) return 300.0;
  char* end = nullptr;
  errno = 0;
  const double x = std::strtod(v, &end);
  return (errno || *end || !(x >= 0)) ? 300.0 : x;
}

size_t ll_device_bytes(const shoal_ep_config_t& c, int ranks) {
  using namespace shoal::ep::detail;
  const size_t T = static_cast<size_t>(c.max_tokens_per_rank), E = static_cast<size_t>(c.num_experts);
  const size_t El = E / static_cast<size_t>(ranks), rows = El * static_cast<size_t>(ranks) * T;
  size_t per_slot = align_up(E * static_cast<size_t>(chunks(c.max_tokens_per_rank)) * 4) +
                    align_up(El * static_cast<size_t>(ranks) * 8) + align_up(El * 4) + 3 * align_up(rows * 4) +
                    align_up(rows * payload_bytes(c.dispatch_dtype, c.hidden)) +
                    align_up(rows * scale_bytes(c.dispatch_dtype, c.hidden)) +
                    align_up(T * static_cast<size_t>(c.hidden) * 2);
  return kAlign + 2 * per_slot;
}

// Device memory of a buffer: the rank mask and rank -> PE table, the
// low-latency outputs and control (if on), the normal-mode state (if on).
size_t device_bytes(const shoal_ep_config_t& c, int ranks, int channels, int cap) {
  using namespace shoal::ep::detail;
  return 2 * align_up(static_cast<size_t>(ranks) * 4) + (ll_mode(c) ? ll_device_bytes(c, ranks) : 0) +
         (normal_mode(c) ? align_up(normal_device_bytes(c, ranks, channels, cap)) : 0);
}

// The fields every rank must agree on, as exchanged at creation.
struct Fingerprint {
  int32_t magic, max_tokens, hidden, experts, topk, dtype, zero_copy, masking, ranks, modes, cap, channels, ring;
};

// Which GPU a rank runs on: host name hash and PCI location. Ranks with the
// same key share the GPU's SMs.
struct GpuKey {
  uint64_t host;
  int32_t domain, bus, device, pad;
  bool operator==(const GpuKey&) const = default;
};

GpuKey gpu_key(int dev) {
  char name[256] = {};
  gethostname(name, sizeof name - 1);
  uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (const char* c = name; *c; ++c) h = (h ^ static_cast<unsigned char>(*c)) * 1099511628211ull;
  GpuKey k{h, 0, 0, 0, 0};
  cudaDeviceGetAttribute(&k.domain, cudaDevAttrPciDomainId, dev);
  cudaDeviceGetAttribute(&k.bus, cudaDevAttrPciBusId, dev);
  cudaDeviceGetAttribute(&k.device, cudaDevAttrPciDeviceId, dev);
  return k;
}

struct Hello {
  Fingerprint f;
  GpuKey gpu;
  int32_t ok;  // 0: this rank cannot create the buffer (it reports why)
  int32_t node;  // the world PE of node-local rank 0: ranks with the same value share a node
  int32_t normal_fit;  // normal-mode blocks this rank's device keeps resident (0: mode off)
  int32_t fwd_ok;      // normal mode may forward across nodes: my node's ranks are all load/store reachable
};

Params params_for(const shoal_ep_buffer* b, int slot) {
  Params p{};
  p.max_tokens = b->cfg.max_tokens_per_rank;
  p.hidden = b->cfg.hidden;
  p.experts = b->cfg.num_experts;
  p.max_topk = b->cfg.max_topk;
  p.local_experts = b->local_experts;
  p.ranks = b->ranks;
  p.rank = b->rank;
  p.dtype = b->cfg.dispatch_dtype;
  p.msg = static_cast<long long>(shoal::ep::detail::msg_bytes(p.dtype, p.hidden));
  p.payload = static_cast<long long>(shoal::ep::detail::payload_bytes(p.dtype, p.hidden));
  p.scales = static_cast<long long>(shoal::ep::detail::scale_bytes(p.dtype, p.hidden));
  p.timeout_cycles = b->timeout_cycles;
  p.clock_khz = b->clock_khz;
  p.masking = b->cfg.enable_masking ? 1 : 0;
  p.all_p2p = b->all_p2p;
  p.mask = b->mask;
  p.pe_of_rank = b->pe_of_rank;
  p.s = b->slot[slot];
  return p;
}

int check_handle(const char* call, const shoal_ep_buffer* b, const shoal_ep_handle_t& h) {
  if (h.buffer != b) return fail(call, "the handle belongs to another buffer (%p, not %p)", static_cast<void*>(h.buffer),
                                 static_cast<const void*>(b));
  if (h.slot < 0 || h.slot > 1 || h.seq == 0) return fail(call, "the handle is not from a dispatch (slot %d)", h.slot);
  if (b->slot_seq[h.slot] != h.seq)
    return fail(call, "the handle of dispatch #%llu is stale: its slot %d now holds dispatch #%llu (a result stays "
                "valid until the second dispatch after it)",
                static_cast<unsigned long long>(h.seq), h.slot, static_cast<unsigned long long>(b->slot_seq[h.slot]));
  return 0;
}

// The blocks a kernel of this buffer may have: what the cooperative
// dispatch send kernel keeps resident in one wave (the smaller of its two
// instances, P2P and routed). 0 with the error set when the config cannot
// launch here. Runs before the ranks compare notes, so that a rank that
// cannot launch makes every rank fail.
int launch_fit(const char* call, shoal_ep_buffer* b, const shoal_ep_config_t& c, int sms) {
  using namespace shoal::ep::detail;
  const int fit = std::min(max_dispatch_send_blocks(b->threads, true), max_dispatch_send_blocks(b->threads, false));
  if (fit < 1) {
    fail(call, "a block of %d threads of the dispatch kernel does not fit an SM of this device", b->threads);
    return 0;
  }
  if (c.num_blocks > fit) {
    fail(call, "num_blocks %d is more than the %d blocks of %d threads that the cooperative dispatch kernel "
         "can keep resident on this device (%d SMs)",
         c.num_blocks, fit, b->threads, sms);
    return 0;
  }
  return fit;
}

// Blocks per kernel. Ranks that share a GPU split its SMs, so that every
// rank's kernels can be resident at once: one rank's receive kernel spinning
// on every SM would otherwise keep another rank's send kernel, the one it
// waits for, from starting (MPS).
void pick_blocks(shoal_ep_buffer* b, const shoal_ep_config_t& c, int sms, int sharers, int fit) {
  sharers = std::max(1, sharers);
  b->gpu_sharers = sharers;
  b->blocks = c.num_blocks ? c.num_blocks : std::min(std::max(1, sms / sharers), fit);
}

// The node size forwarding across nodes would have for this config on this
// job (shoal initialised, the team's ranks on my node, 2..32 of them, more
// than one node, SHOAL_EP_NORMAL_FORWARD not 0), else 0: for the size
// queries, an upper bound (creation also needs the nodes equal and not every
// rank load/store reachable).
// SHOAL_EP_NORMAL_FORWARD is not "0" (docs/env.md).
bool fwd_allowed() {
  const char* env = std::getenv("SHOAL_EP_NORMAL_FORWARD");
  return !(env && std::strcmp(env, "0") == 0);
}

int fwd_node_size(const shoal_ep_config_t& c, int num_ranks) {
  if (!shoal_init_status() || num_ranks != shoal_team_n_pes(c.team) || !fwd_allowed()) return 0;
  int L = 0;
  for (int r = 0; r < num_ranks; ++r) L += shoal_team_translate_pe(c.team, r, SHOAL_TEAM_NODE) >= 0;
  return L >= 2 && L <= 32 && num_ranks % L == 0 && num_ranks / L > 1 ? L : 0;
}

// The buffer's device control region (dbytes at b->ctl): zeroed, carved
// into the low-latency slots' tables and outputs, the PE table filled;
// normal mode's part follows at b->normal.ctl.
void setup_control(shoal_ep_buffer* b, const shoal_ep_config_t& c, int ranks, size_t dbytes) {
  cudaMemset(b->ctl, 0, dbytes);
  unsigned char* o = b->ctl;
  auto take = [&o](size_t n) {
    unsigned char* p = o;
    o += align_up(n);
    return p;
  };
  b->mask = reinterpret_cast<int*>(take(static_cast<size_t>(ranks) * 4));
  b->pe_of_rank = reinterpret_cast<int*>(take(static_cast<size_t>(ranks) * 4));
  if (b->ll_on) {
    auto* epochs = reinterpret_cast<uint64_t*>(take(4 * 8 + 4 * 4));  // epoch[2 slots][2 ops], arrive[2][2]
    auto* arrive = reinterpret_cast<unsigned*>(epochs + 4);
    const size_t T = static_cast<size_t>(c.max_tokens_per_rank), rows = static_cast<size_t>(c.num_experts) * T;
    for (int s = 0; s < 2; ++s) {
      SlotPtrs& p = b->slot[s];
      unsigned char* base = b->sym + b->L.slot_base[s];
      p.disp_recv = base + b->L.disp_recv;
      p.disp_flag = reinterpret_cast<uint64_t*>(base + b->L.disp_flag);
      p.disp_count = reinterpret_cast<uint64_t*>(base + b->L.disp_count);
      p.comb_recv = base + b->L.comb_recv;
      p.comb_flag = reinterpret_cast<uint64_t*>(base + b->L.comb_flag);
      p.disp_send = base + b->L.disp_send;
      p.comb_in = c.zero_copy ? base + b->L.comb_in : nullptr;
      p.chunk_mask = reinterpret_cast<uint32_t*>(take(static_cast<size_t>(c.num_experts) * chunks(c.max_tokens_per_rank) * 4));
      p.range = reinterpret_cast<int64_t*>(take(static_cast<size_t>(b->local_experts) * ranks * 8));
      p.recv_count = reinterpret_cast<int*>(take(static_cast<size_t>(b->local_experts) * 4));
      p.src_rank = reinterpret_cast<int*>(take(rows * 4));
      p.src_token = reinterpret_cast<int*>(take(rows * 4));
      p.src_k = reinterpret_cast<int*>(take(rows * 4));
      p.recv_x = take(rows * payload_bytes(c.dispatch_dtype, c.hidden));
      p.recv_scales = c.dispatch_dtype == SHOAL_EP_BF16 ? nullptr : take(rows * scale_bytes(c.dispatch_dtype, c.hidden));
      p.out = take(T * static_cast<size_t>(c.hidden) * 2);
      p.epoch = epochs + 2 * s;
      p.arrive = arrive + 2 * s;
    }
  }
  std::vector<int> pes(static_cast<size_t>(ranks));
  for (int r = 0; r < ranks; ++r) pes[static_cast<size_t>(r)] = shoal_team_translate_pe(c.team, r, SHOAL_TEAM_WORLD);
  cudaMemcpy(b->pe_of_rank, pes.data(), pes.size() * 4, cudaMemcpyHostToDevice);
  b->normal.ctl = o;
}

// Collective over the team's ranks: -1 when every rank passes ok, else the
// first rank that did not. Each rank's word is the last 8 bytes of its
// symmetric header (zeroed at creation; after the Hello exchange nothing
// else reads them); success is 1, so a rank whose copy failed reads as
// failed.
int first_failed_rank(shoal_ep_buffer* b, shoal_team_t team, int ranks, bool ok) {
  static_assert(sizeof(Hello) + 8 <= 4 * kAlign, "the Hello and the agreement word share the symmetric header");
  auto* word = reinterpret_cast<int64_t*>(b->sym + 4 * kAlign - 8);
  const int64_t mine = ok ? 1 : 0;
  cudaMemcpy(word, &mine, sizeof mine, cudaMemcpyHostToDevice);
  cudaDeviceSynchronize();
  shoal_barrier_all();
  int bad = -1;
  for (int r = 0; r < ranks && bad < 0; ++r) {
    int64_t v = 0;
    shoal_getmem(&v, word, sizeof v, shoal_team_translate_pe(team, r, SHOAL_TEAM_WORLD));
    if (v != 1) bad = r;
  }
  shoal_barrier_all();
  return bad;
}

}  // namespace

extern "C" {

const char* shoal_ep_last_error(void) { return g_error.c_str(); }

size_t shoal_ep_bytes_needed_ranks(const shoal_ep_config_t* c, int num_ranks) {
  static const char* call = "shoal_ep_bytes_needed";
  using namespace shoal::ep::detail;
  if (check_config(call, c) != 0) return 0;
  size_t total = ll_sym_bytes(*c);
  if (normal_mode(*c)) {
    if (num_ranks < 1 || c->num_experts % num_ranks != 0) {
      fail(call, "num_experts %d is not divisible by %d ranks", c->num_experts, num_ranks);
      return 0;
    }
    int ch = 0, ring = 0, cap = 0;
    if (normal_resolve(call, *c, num_ranks, &ch, &ring, &cap) != 0) return 0;
    total = align_up(total) +
            normal_sym_layout(num_ranks, ch, ring, c->max_tokens_per_rank, c->hidden, c->max_topk).total;
    // Forwarding across nodes (a second allocation): counted when this
    // process can tell the node size and the buffer may forward (an upper
    // bound: it does not when all ranks are load/store reachable).
    if (const int L = fwd_node_size(*c, num_ranks))
      total = align_up(total) +
              normal_fwd_layout(num_ranks / L, L, ch, ring, c->max_tokens_per_rank, c->hidden, c->max_topk).total;
  }
  return total;
}

size_t shoal_ep_bytes_needed(const shoal_ep_config_t* c) {
  if (check_config("shoal_ep_bytes_needed", c) != 0) return 0;
  if (!normal_mode(*c)) return shoal_ep_bytes_needed_ranks(c, 1);
  if (!shoal_init_status()) {
    fail("shoal_ep_bytes_needed", "normal mode's rings depend on the number of ranks: call shoal_init first, or "
         "use shoal_ep_bytes_needed_ranks");
    return 0;
  }
  return shoal_ep_bytes_needed_ranks(c, shoal_team_n_pes(c->team));
}

size_t shoal_ep_device_bytes_needed(const shoal_ep_config_t* c, int num_ranks) {
  static const char* call = "shoal_ep_device_bytes_needed";
  if (check_config(call, c) != 0) return 0;
  if (num_ranks < 1 || c->num_experts % num_ranks != 0) {
    fail(call, "num_experts %d is not divisible by %d ranks", c->num_experts, num_ranks);
    return 0;
  }
  int ch = 0, ring = 0, cap = 0;
  if (normal_mode(*c) && shoal::ep::detail::normal_resolve(call, *c, num_ranks, &ch, &ring, &cap) != 0) return 0;
  size_t total = device_bytes(*c, num_ranks, ch, cap);
  if (normal_mode(*c))
    if (const int L = fwd_node_size(*c, num_ranks))
      total += shoal::ep::detail::align_up(shoal::ep::detail::normal_fwd_device_bytes(*c, num_ranks, num_ranks / L, ch));
  return total;
}

int shoal_ep_buffer_create(const shoal_ep_config_t* config, shoal_ep_buffer_t* buffer_p) {
  static const char* call = "shoal_ep_buffer_create";
  using namespace shoal::ep::detail;
  if (!buffer_p) return fail(call, "buffer_p is NULL");
  *buffer_p = nullptr;
  if (!shoal_init_status()) return fail(call, "shoal is not initialised (call shoal_init first)");
  if (check_config(call, config) != 0) return -1;
  const shoal_ep_config_t& c = *config;
  const int ranks = shoal_team_n_pes(c.team), rank = shoal_team_my_pe(c.team);
  if (ranks < 1 || rank < 0) return fail(call, "team %d is not a team this PE belongs to", c.team);
  if (c.num_experts % ranks != 0)
    return fail(call, "num_experts %d is not divisible by the team's %d ranks", c.num_experts, ranks);
  int n_channels = 0, n_ring = 0, n_cap = 0;
  if (normal_mode(c) && normal_resolve(call, c, ranks, &n_channels, &n_ring, &n_cap) != 0) return -1;
  const int n_stride = n_channels;  // channels the rings are laid out for

  auto* b = new shoal_ep_buffer;
  b->cfg = c;
  b->ranks = ranks;
  b->rank = rank;
  b->local_experts = c.num_experts / ranks;
  b->ll_on = ll_mode(c);
  b->L = sym_layout(c.max_tokens_per_rank, c.hidden, c.num_experts, c.max_topk, c.dispatch_dtype, c.zero_copy != 0);
  const size_t ll_bytes = ll_sym_bytes(c);
  const size_t normal_off = align_up(ll_bytes);
  size_t sym_total = ll_bytes;
  if (normal_mode(c))
    sym_total = normal_off + normal_sym_layout(ranks, n_stride, n_ring, c.max_tokens_per_rank, c.hidden, c.max_topk).total;

  int dev = 0, sms = 0, khz = 0;
  cudaGetDevice(&dev);
  if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || sms < 1) sms = 1;
  if (cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev) != cudaSuccess || khz < 1) khz = 1000000;
  b->clock_khz = khz;
#if defined(SHOAL_PLATFORM_SIM)
  const int default_threads = 128;
#else
  const int default_threads = kMaxThreads;
#endif
  b->threads = c.threads ? c.threads : default_threads;
  double tmo = c.timeout_s;
  if (tmo == 0) tmo = 0.9 * runtime_timeout_s();
  const double cyc = tmo * khz * 1e3;
  b->timeout_cycles = (tmo == 0 || cyc >= 9e18) ? LLONG_MAX : static_cast<long long>(cyc);

  // Symmetric region: collective over all PEs.
  b->sym = static_cast<unsigned char*>(shoal_malloc(sym_total));
  if (!b->sym) {
    delete b;
    return fail(call, "the symmetric heap refused the buffer's %zu bytes (%.1f MiB; the heap's message above says "
                "why): raise SHOAL_SYMMETRIC_SIZE to hold it (shoal_ep_bytes_needed gives the figure), or make "
                "every rank pass the same config",
                sym_total, sym_total / 1048576.0);
  }
  int rc = 0;
  cudaError_t e = cudaMemset(b->sym, 0, sym_total);
  if (e != cudaSuccess) rc = cuda_fail(call, "cudaMemset of the symmetric region", e);
  const int fit = rc == 0 && b->ll_on ? launch_fit(call, b, c, sms) : 1;
  if (rc == 0 && fit == 0) rc = -1;
  int normal_fit = 0;
  if (rc == 0 && normal_mode(c))
    normal_fit = std::min({max_normal_blocks(b->threads, ranks, 0), max_normal_blocks(b->threads, ranks, 1),
                           max_normal_blocks(b->threads, ranks, 2)});
  // Forwarding across nodes needs every rank of my node load/store
  // reachable (and not SHOAL_EP_NORMAL_FORWARD=0).
  int fwd_ok = 0;
  if (rc == 0 && normal_mode(c)) {
    fwd_ok = fwd_allowed();
    for (int r = 0; r < ranks && fwd_ok; ++r)
      if (shoal_team_translate_pe(c.team, r, SHOAL_TEAM_NODE) >= 0 &&
          !shoal_ptr(b->sym, shoal_team_translate_pe(c.team, r, SHOAL_TEAM_WORLD)))
        fwd_ok = 0;
  }
  const std::string my_error = rc != 0 ? g_error : std::string();
  const Hello hello{{0x45504c4c, c.max_tokens_per_rank, c.hidden, c.num_experts, c.max_topk, c.dispatch_dtype,
                     c.zero_copy != 0, c.enable_masking != 0, ranks, c.modes, n_cap, n_channels, n_ring},
                    gpu_key(dev), rc == 0 ? 1 : 0, shoal_team_translate_pe(SHOAL_TEAM_NODE, 0, SHOAL_TEAM_WORLD),
                    normal_fit, fwd_ok};
  const Fingerprint& mine = hello.f;
  if ((e = cudaMemcpy(b->sym, &hello, sizeof hello, cudaMemcpyHostToDevice)) != cudaSuccess && rc == 0)
    rc = cuda_fail(call, "cudaMemcpy of the fingerprint", e);
  cudaDeviceSynchronize();
  shoal_barrier_all();
  // Every rank compares every rank's config, so a mismatch fails everywhere,
  // counts the ranks on its GPU, and learns every rank's node and how many
  // normal-mode blocks its GPU share holds.
  int sharers = 0;
  b->all_p2p = 1;
  std::vector<Hello> all(static_cast<size_t>(ranks));
  for (int r = 0; r < ranks && rc == 0; ++r) {
    Hello& theirs = all[static_cast<size_t>(r)];
    const Fingerprint& other = theirs.f;
    const int pe = shoal_team_translate_pe(c.team, r, SHOAL_TEAM_WORLD);
    shoal_getmem(&theirs, b->sym, sizeof theirs, pe);
    sharers += theirs.gpu == hello.gpu;
    if (!shoal_ptr(b->sym, pe)) b->all_p2p = 0;
    if (!theirs.ok)
      rc = fail(call, "rank %d (PE %d) cannot create this buffer (its shoal_ep_last_error says why)", r, pe);
    else if (std::memcmp(&other, &mine, sizeof mine) != 0)
      rc = fail(call, "rank %d (PE %d) has a different config: max_tokens_per_rank %d/%d, hidden %d/%d, experts %d/%d, "
                "max_topk %d/%d, dtype %d/%d, zero_copy %d/%d, masking %d/%d, ranks %d/%d, modes %d/%d, "
                "max_recv_tokens %d/%d, normal_channels %d/%d, normal_ring_tokens %d/%d (theirs/ours, resolved)",
                r, pe, other.max_tokens, mine.max_tokens, other.hidden, mine.hidden, other.experts, mine.experts,
                other.topk, mine.topk, other.dtype, mine.dtype, other.zero_copy, mine.zero_copy, other.masking,
                mine.masking, other.ranks, mine.ranks, other.modes, mine.modes, other.cap, mine.cap, other.channels,
                mine.channels, other.ring, mine.ring);
  }
  shoal_barrier_all();
  if (!my_error.empty()) g_error = my_error;  // this rank's own reason first
  // Normal mode: every rank's node (numbered by first rank), whether to
  // forward across nodes (more than one node, not all load/store
  // reachable, equal nodes of 2..32 ranks, every rank able), and the
  // channels every rank's kernels can keep resident (each channel is 2
  // blocks, 3 with forwarding; ranks sharing a GPU split it), the same on all.
  std::vector<int> node_of(static_cast<size_t>(ranks), 0);
  int nodes = 0;
  bool fwd = false;
  if (rc == 0 && normal_mode(c)) {
    std::vector<int> leaders, size;
    bool all_ok = true;
    for (int r = 0; r < ranks; ++r) {
      const int leader = all[static_cast<size_t>(r)].node;
      auto it = std::find(leaders.begin(), leaders.end(), leader);
      node_of[static_cast<size_t>(r)] = static_cast<int>(it - leaders.begin());
      if (it == leaders.end()) {
        leaders.push_back(leader);
        size.push_back(0);
      }
      ++size[static_cast<size_t>(node_of[static_cast<size_t>(r)])];
      all_ok = all_ok && all[static_cast<size_t>(r)].fwd_ok;
    }
    nodes = static_cast<int>(leaders.size());
    const int L = ranks / nodes;
    fwd = nodes > 1 && !b->all_p2p && all_ok && L >= 2 && L <= 32 &&
          std::all_of(size.begin(), size.end(), [L](int n) { return n == L; });
    const int bpc = normal_blocks_per_channel(fwd);
    int limit = INT_MAX;
    for (int r = 0; r < ranks; ++r) {
      int share = 0;
      for (const Hello& h : all) share += h.gpu == all[static_cast<size_t>(r)].gpu;
      limit = std::min(limit, all[static_cast<size_t>(r)].normal_fit / (bpc * std::max(1, share)));
    }
    const int nthreads = normal_threads(b->threads, fwd ? 2 : b->all_p2p ? 1 : 0);
    if (limit < 1)
      rc = fail(call, "normal mode: the cooperative kernels of %d threads do not fit the SMs each rank's GPU share "
                "gives it (lower config.threads, or fewer ranks per GPU)", nthreads);
    else if (c.normal_channels > limit)
      rc = fail(call, "normal_channels %d is more than the %d channels (%d blocks of %d threads each) that every "
                "rank's GPU share keeps resident", c.normal_channels, limit, bpc, nthreads);
    n_channels = std::min(n_channels, std::max(limit, 1));  // the rings keep their stride, n_stride
  }
  if (rc == 0) pick_blocks(b, c, sms, sharers, fit);
  if (rc != 0) {
    shoal_free(b->sym);
    delete b;
    return rc;
  }

  // Device control. From here a rank that fails goes on to the collective
  // steps (forwarding's allocation, the barriers) and the agreement below,
  // so that every rank fails together and frees the symmetric memory
  // together, instead of leaving the others waiting.
  const size_t dbytes = device_bytes(c, ranks, n_stride, n_cap);
  if ((e = cudaMalloc(reinterpret_cast<void**>(&b->ctl), dbytes)) != cudaSuccess) {
    b->ctl = nullptr;
    rc = fail(call, "cudaMalloc of %zu bytes of device memory for outputs and control failed: %s", dbytes,
              cudaGetErrorString(e));
  }
  if (rc == 0) setup_control(b, c, ranks, dbytes);
  if (normal_mode(c)) {
    b->normal.channels = n_channels;
    b->normal.stride = n_stride;
    b->normal.ring = n_ring;
    b->normal.cap = n_cap;
    if (normal_setup(call, b, b->sym + normal_off, node_of.data(), nodes, fwd, rc == 0) != 0) rc = -1;
  }
  if (rc == 0 && (e = cudaDeviceSynchronize()) != cudaSuccess) rc = cuda_fail(call, "setting up device control", e);
  const int bad = first_failed_rank(b, c.team, ranks, rc == 0);
  if (bad >= 0) {
    if (rc == 0)
      rc = fail(call, "rank %d (PE %d) could not set up its device state (its shoal_ep_last_error says why)", bad,
                shoal_team_translate_pe(c.team, bad, SHOAL_TEAM_WORLD));
    normal_teardown(b);  // collective where it frees symmetric memory
    if (b->ctl) cudaFree(b->ctl);
    shoal_free(b->sym);
    delete b;
    return rc;
  }
  *buffer_p = b;
  return 0;
}

void shoal_ep_buffer_destroy(shoal_ep_buffer_t b) {
  if (!b) return;
  cudaDeviceSynchronize();
  shoal_barrier_all();
  shoal::ep::detail::normal_teardown(b);
  cudaFree(b->ctl);
  shoal_free(b->sym);
  delete b;
}

int shoal_ep_num_ranks(shoal_ep_buffer_t b) { return b ? b->ranks : 0; }
int shoal_ep_rank(shoal_ep_buffer_t b) { return b ? b->rank : -1; }
int shoal_ep_num_local_experts(shoal_ep_buffer_t b) { return b ? b->local_experts : 0; }
const shoal_ep_config_t* shoal_ep_config(shoal_ep_buffer_t b) { return b ? &b->cfg : nullptr; }

int shoal_ep_dispatch_ll(shoal_ep_buffer_t b, const void* x, const void* topk_idx, const shoal_ep_dispatch_args_t* a,
                         cudaStream_t stream, shoal_ep_dispatch_result_t* result_p) {
  static const char* call = "shoal_ep_dispatch_ll";
  using namespace shoal::ep::detail;
  if (check_buffer(call, b) != 0) return -1;
  if (!b->ll_on) return fail(call, "the buffer was created without SHOAL_EP_MODE_LOW_LATENCY in config.modes");
  if (!a || !result_p) return fail(call, "args or result_p is NULL");
  if (a->num_tokens < 0 || a->num_tokens > b->cfg.max_tokens_per_rank)
    return fail(call, "num_tokens %d is out of range (0..max_tokens_per_rank %d)", a->num_tokens,
                b->cfg.max_tokens_per_rank);
  if (a->topk < 1 || a->topk > b->cfg.max_topk)
    return fail(call, "topk %d is out of range (1..max_topk %d)", a->topk, b->cfg.max_topk);
  if (a->index_type != SHOAL_EP_INDEX_INT64 && a->index_type != SHOAL_EP_INDEX_INT32)
    return fail(call, "index_type %d is neither SHOAL_EP_INDEX_INT64 (0) nor SHOAL_EP_INDEX_INT32 (1)", a->index_type);
  if (a->num_tokens > 0 && (!x || !topk_idx))
    return fail(call, "x (%p) or topk_idx (%p) is NULL with %d tokens", x, topk_idx, a->num_tokens);
  if (reinterpret_cast<uintptr_t>(x) % 16 != 0)
    return fail(call, "x %p is not 16-byte aligned", x);
  const int s = b->next_slot;
  if (b->recv_pending[s][0] || b->recv_pending[s][1])
    return fail(call, "slot %d still holds dispatch #%llu whose %s receive hook has not run", s,
                static_cast<unsigned long long>(b->slot_seq[s]), b->recv_pending[s][0] ? "dispatch" : "combine");
  Params p = params_for(b, s);
  Call c{x, topk_idx, nullptr, nullptr, nullptr, a->num_tokens, a->topk, a->index_type == SHOAL_EP_INDEX_INT32};
  int e = launch_dispatch_send(p, c, b->blocks, b->threads, stream);
  if (e != 0) return cuda_fail(call, "launching the send kernel", static_cast<cudaError_t>(e));
  b->next_slot ^= 1;
  b->slot_seq[s] = ++b->seq;
  b->slot_tokens[s] = a->num_tokens;
  b->slot_topk[s] = a->topk;
  shoal_ep_dispatch_result_t& r = *result_p;
  r = {};
  r.recv_x = p.s.recv_x;
  r.recv_scales = p.s.recv_scales;
  r.recv_count = p.s.recv_count;
  r.recv_src_rank = p.s.src_rank;
  r.recv_src_token = p.s.src_token;
  r.layout_range = p.s.range;
  r.handle = shoal_ep_handle_t{b, s, a->num_tokens, a->topk, b->seq};
  if (a->return_recv_hook) {
    b->recv_pending[s][0] = true;
    r.hook = shoal_ep_hook_t{b, 0, s, b->seq};
    return 0;
  }
  e = launch_dispatch_recv(p, b->blocks, b->threads, stream);
  if (e != 0) return cuda_fail(call, "launching the receive kernel", static_cast<cudaError_t>(e));
  return 0;
}

int shoal_ep_launch_info(shoal_ep_buffer_t b, shoal_ep_launch_info_t* info) {
  static const char* call = "shoal_ep_launch_info";
  if (check_buffer(call, b) != 0) return -1;
  if (!info) return fail(call, "info is NULL");
  *info = shoal_ep_launch_info_t{b->blocks, b->threads, b->gpu_sharers, b->all_p2p};
  return 0;
}

int shoal_ep_combine_ll(shoal_ep_buffer_t b, const void* y, const void* topk_idx, const float* topk_weights,
                        shoal_ep_handle_t h, const shoal_ep_combine_args_t* a, cudaStream_t stream, void** out_p,
                        shoal_ep_hook_t* hook_p) {
  static const char* call = "shoal_ep_combine_ll";
  using namespace shoal::ep::detail;
  if (check_buffer(call, b) != 0) return -1;
  if (!b->ll_on) return fail(call, "the buffer was created without SHOAL_EP_MODE_LOW_LATENCY in config.modes");
  if (!a) return fail(call, "args is NULL");
  if (check_handle(call, b, h) != 0) return -1;
  const int s = h.slot;
  if (b->recv_pending[s][0])
    return fail(call, "the receive hook of dispatch #%llu has not run", static_cast<unsigned long long>(h.seq));
  if (b->recv_pending[s][1])
    return fail(call, "dispatch #%llu already has a combine whose receive hook has not run",
                static_cast<unsigned long long>(h.seq));
  if (a->index_type != SHOAL_EP_INDEX_INT64 && a->index_type != SHOAL_EP_INDEX_INT32)
    return fail(call, "index_type %d is neither SHOAL_EP_INDEX_INT64 (0) nor SHOAL_EP_INDEX_INT32 (1)", a->index_type);
  if (a->zero_copy && !b->cfg.zero_copy)
    return fail(call, "zero_copy combine needs a buffer created with config.zero_copy");
  if (!a->zero_copy && !y) return fail(call, "y is NULL (and zero_copy is off)");
  if (h.num_tokens > 0 && (!topk_idx || !topk_weights))
    return fail(call, "topk_idx (%p) or topk_weights (%p) is NULL with %d tokens", topk_idx,
                static_cast<const void*>(topk_weights), h.num_tokens);
  Params p = params_for(b, s);
  void* out = a->out ? a->out : p.s.out;
  if (reinterpret_cast<uintptr_t>(out) % 16 != 0 || reinterpret_cast<uintptr_t>(y) % 16 != 0)
    return fail(call, "out %p or y %p is not 16-byte aligned", out, y);
  Call c{nullptr, topk_idx, topk_weights, a->zero_copy ? p.s.comb_in : y, out, h.num_tokens, h.topk,
         a->index_type == SHOAL_EP_INDEX_INT32};
  int e = launch_combine_send(p, c, b->blocks, b->threads, stream);
  if (e != 0) return cuda_fail(call, "launching the send kernel", static_cast<cudaError_t>(e));
  if (out_p) *out_p = out;
  if (a->return_recv_hook) {
    if (!hook_p) return fail(call, "return_recv_hook is set and hook_p is NULL");
    b->recv_pending[s][1] = true;
    b->pending_call[s] = c;
    *hook_p = shoal_ep_hook_t{b, 1, s, h.seq};
    return 0;
  }
  e = launch_combine_recv(p, c, b->blocks, b->threads, stream);
  if (e != 0) return cuda_fail(call, "launching the receive kernel", static_cast<cudaError_t>(e));
  return 0;
}

void* shoal_ep_combine_input(shoal_ep_buffer_t b, shoal_ep_handle_t h) {
  if (check_buffer("shoal_ep_combine_input", b) != 0 || check_handle("shoal_ep_combine_input", b, h) != 0)
    return nullptr;
  if (!b->cfg.zero_copy) {
    fail("shoal_ep_combine_input", "the buffer was created without config.zero_copy");
    return nullptr;
  }
  return b->slot[h.slot].comb_in;
}

int shoal_ep_hook_run(shoal_ep_hook_t hook, cudaStream_t stream) {
  static const char* call = "shoal_ep_hook_run";
  using namespace shoal::ep::detail;
  shoal_ep_buffer* b = hook.buffer;
  if (check_buffer(call, b) != 0) return -1;
  if (hook.op < 0 || hook.op > 1 || hook.slot < 0 || hook.slot > 1) return fail(call, "the hook is not valid");
  if (b->slot_seq[hook.slot] != hook.seq || !b->recv_pending[hook.slot][hook.op])
    return fail(call, "the %s hook of dispatch #%llu has already run or is stale", hook.op ? "combine" : "dispatch",
                static_cast<unsigned long long>(hook.seq));
  Params p = params_for(b, hook.slot);
  const int e = hook.op == 0 ? launch_dispatch_recv(p, b->blocks, b->threads, stream)
                             : launch_combine_recv(p, b->pending_call[hook.slot], b->blocks, b->threads, stream);
  if (e != 0) return cuda_fail(call, "launching the receive kernel", static_cast<cudaError_t>(e));
  b->recv_pending[hook.slot][hook.op] = false;
  return 0;
}

int shoal_ep_set_masked_ranks(shoal_ep_buffer_t b, const int* masked, cudaStream_t stream) {
  static const char* call = "shoal_ep_set_masked_ranks";
  if (check_buffer(call, b) != 0) return -1;
  if (!masked) return fail(call, "masked is NULL");
  std::vector<int> m(static_cast<size_t>(b->ranks));
  for (int r = 0; r < b->ranks; ++r) m[static_cast<size_t>(r)] = masked[r] ? 1 : 0;
  if (m[static_cast<size_t>(b->rank)]) return fail(call, "rank %d cannot mask itself", b->rank);
  const cudaError_t e = cudaMemcpyAsync(b->mask, m.data(), m.size() * 4, cudaMemcpyHostToDevice, stream);
  if (e != cudaSuccess) return cuda_fail(call, "cudaMemcpyAsync", e);
  return cudaStreamSynchronize(stream) == cudaSuccess ? 0 : cuda_fail(call, "cudaStreamSynchronize", cudaGetLastError());
}

int shoal_ep_query_mask(shoal_ep_buffer_t b, int* status, cudaStream_t stream) {
  static const char* call = "shoal_ep_query_mask";
  if (check_buffer(call, b) != 0) return -1;
  if (!status) return fail(call, "status is NULL");
  cudaError_t e = cudaMemcpyAsync(status, b->mask, static_cast<size_t>(b->ranks) * 4, cudaMemcpyDeviceToHost, stream);
  if (e == cudaSuccess) e = cudaStreamSynchronize(stream);
  return e == cudaSuccess ? 0 : cuda_fail(call, "reading the mask", e);
}

const int* shoal_ep_device_mask(shoal_ep_buffer_t b) { return b ? b->mask : nullptr; }

}  // extern "C"
