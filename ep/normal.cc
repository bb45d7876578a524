// The host half of shoal EP normal mode: sizes and defaults, the buffer's
// normal-mode memory, argument checks, layout slots and handles, kernel
// launches. Kernels: normal_kernels.cu; memory map: normal.h.
#include <shoal/ep.h>
#include <shoal/shoal.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "ep/buffer.h"
#include "ep/normal.h"

namespace shoal::ep::detail {

namespace {

// Defaults (docs/ep.md, "Normal mode"): 10 channels = 20 SMs of a GPU, 128
// entries per ring; on sim, small ones so that the rings wrap in tests.
#if defined(SHOAL_PLATFORM_SIM)
constexpr int kDefaultChannels = 2, kDefaultRing = 32;
#else
constexpr int kDefaultChannels = 10, kDefaultRing = 128;
#endif

// Cuts the normal-mode device memory out of `o` (or, with base 0, counts it).
struct Carve {
  std::uintptr_t o;
  unsigned char* take(std::size_t n) {
    auto* p = reinterpret_cast<unsigned char*>(o);
    o += align_up(n);
    return p;
  }
};

void carve(Carve& k, const shoal_ep_config_t& c, int R, int CS, int cap, NormalState* st, NormalParams* p) {
  const std::size_t r = static_cast<std::size_t>(R), rc = r * static_cast<std::size_t>(CS),
                    T = static_cast<std::size_t>(c.max_tokens_per_rank), H = static_cast<std::size_t>(c.hidden),
                    K = static_cast<std::size_t>(c.max_topk), n = static_cast<std::size_t>(cap),
                    words = static_cast<std::size_t>(mask_words(c.max_tokens_per_rank));
  NormalParams q{};
  NormalState s;
  NormalParams& P = p ? *p : q;
  NormalState& S = st ? *st : s;
  P.epoch = reinterpret_cast<std::uint64_t*>(k.take(64));
  P.arrive = reinterpret_cast<unsigned*>(P.epoch + 1);
  P.status = reinterpret_cast<int*>(P.epoch + 2);
  P.cepoch = P.epoch + 4;
  P.d_sent = reinterpret_cast<std::uint64_t*>(k.take(rc * 8));
  P.d_recvd = reinterpret_cast<std::uint64_t*>(k.take(rc * 8));
  P.c_sent = reinterpret_cast<std::uint64_t*>(k.take(rc * 8));
  P.c_recvd = reinterpret_cast<std::uint64_t*>(k.take(rc * 8));
  S.node_of_rank = reinterpret_cast<int*>(k.take(r * 4));
  for (auto& sl : S.slot) {
    sl.mask = reinterpret_cast<std::uint32_t*>(k.take(r * words * 4));
    sl.prefix = reinterpret_cast<int*>(k.take(r * words * 4));
    sl.tokens_per_rank = reinterpret_cast<int*>(k.take(r * 4));
    sl.tokens_per_expert = reinterpret_cast<int*>(k.take(static_cast<std::size_t>(c.num_experts) * 4));
    sl.tokens_per_node = reinterpret_cast<int*>(k.take(r * 4));
    sl.in_rank = k.take(T * r);
    sl.r_count = reinterpret_cast<int*>(k.take(rc * 4));
    sl.r_begin = reinterpret_cast<int*>(k.take(rc * 4));
  }
  P.recv_x = k.take(n * H * 2);
  P.recv_scales = reinterpret_cast<float*>(k.take(n * (H / 128) * 4));
  P.recv_idx = k.take(n * K * 8);
  P.recv_w = reinterpret_cast<float*>(k.take(n * K * 4));
  P.recv_src = reinterpret_cast<int*>(k.take(n * 4));
  P.rank_range = reinterpret_cast<std::int64_t*>(k.take(r * 8));
  P.expert_count = reinterpret_cast<int*>(k.take(static_cast<std::size_t>(c.num_experts / R) * 4));
  P.num_recv = reinterpret_cast<int*>(k.take(16));
  P.out_default = k.take(T * H * 2);
}

NormalParams params_for(const shoal_ep_buffer* b, int slot) {
  const NormalState& n = b->normal;
  NormalParams p = n.base;
  const auto& s = n.slot[slot];
  p.rank_mask = s.mask;
  p.rank_prefix = s.prefix;
  p.tokens_per_rank = s.tokens_per_rank;
  p.tokens_per_expert = s.tokens_per_expert;
  p.tokens_per_node = s.tokens_per_node;
  p.in_rank = s.in_rank;
  p.r_count = s.r_count;
  p.r_begin = s.r_begin;
  p.node_mask = s.node_mask;
  p.node_prefix = s.node_prefix;
  p.f_cnt = s.f_cnt;
  p.f_beg = s.f_beg;
  p.f_dmask = s.f_dmask;
  return p;
}

int check_normal(const char* call, const shoal_ep_buffer* b) {
  if (check_buffer(call, b) != 0) return -1;
  if (!b->normal.on) return fail(call, "the buffer was created without SHOAL_EP_MODE_NORMAL in config.modes");
  return 0;
}

int check_layout(const char* call, const shoal_ep_buffer* b, const shoal_ep_layout_t& l) {
  if (l.buffer != b)
    return fail(call, "the layout belongs to another buffer (%p, not %p)", static_cast<void*>(l.buffer),
                static_cast<const void*>(b));
  if (l.slot < 0 || l.slot > 1 || l.seq == 0) return fail(call, "the layout is not from shoal_ep_layout (slot %d)", l.slot);
  if (b->normal.slot[l.slot].seq != l.seq)
    return fail(call, "the layout #%llu is stale: its slot %d now holds layout #%llu (a layout stays valid until the "
                "second shoal_ep_layout after it)",
                static_cast<unsigned long long>(l.seq), l.slot, static_cast<unsigned long long>(b->normal.slot[l.slot].seq));
  return 0;
}

}  // namespace

int normal_resolve(const char* call, const shoal_ep_config_t& c, int ranks, int* channels, int* ring, int* cap) {
  *channels = c.normal_channels ? c.normal_channels : kDefaultChannels;
  *ring = c.normal_ring_tokens ? c.normal_ring_tokens : kDefaultRing;
  const long long all = static_cast<long long>(ranks) * c.max_tokens_per_rank;
  if (c.max_recv_tokens > all)
    return fail(call, "max_recv_tokens %d is more than ranks x max_tokens_per_rank = %lld (a rank cannot receive more)",
                c.max_recv_tokens, all);
  *cap = c.max_recv_tokens ? c.max_recv_tokens : static_cast<int>(all);
  if (ranks > 1024) return fail(call, "normal mode supports up to 1024 ranks, not %d", ranks);
  return 0;
}

std::size_t normal_device_bytes(const shoal_ep_config_t& c, int ranks, int channels, int cap) {
  Carve k{0};
  carve(k, c, ranks, channels, cap, nullptr, nullptr);
  return k.o;
}

namespace {

// Cuts forwarding's device state out of `k` (or, with base 0, counts it).
void fwd_carve(Carve& k, const shoal_ep_config_t& c, int R, int N, int CS, NormalState* n, NormalParams* p,
               int** local, int** node_rank, int** order) {
  const std::size_t nc = static_cast<std::size_t>(N) * static_cast<std::size_t>(CS),
                    words = static_cast<std::size_t>(mask_words(c.max_tokens_per_rank)),
                    T = static_cast<std::size_t>(c.max_tokens_per_rank), r = static_cast<std::size_t>(R);
  p->n_sent = reinterpret_cast<std::uint64_t*>(k.take(nc * 8));
  p->n_recvd = reinterpret_cast<std::uint64_t*>(k.take(nc * 8));
  *local = reinterpret_cast<int*>(k.take(r * 4));
  *node_rank = reinterpret_cast<int*>(k.take(r * 4));
  *order = reinterpret_cast<int*>(k.take(static_cast<std::size_t>(N) * 4));
  for (auto& sl : n->slot) {
    sl.node_mask = reinterpret_cast<std::uint32_t*>(k.take(static_cast<std::size_t>(N) * words * 4));
    sl.node_prefix = reinterpret_cast<int*>(k.take(static_cast<std::size_t>(N) * words * 4));
    sl.f_cnt = reinterpret_cast<int*>(k.take(nc * 4));
    sl.f_beg = reinterpret_cast<int*>(k.take(nc * 4));
    sl.f_dmask = reinterpret_cast<std::uint32_t*>(k.take(static_cast<std::size_t>(N) * T * 4));
  }
}

// Forwarding's tables, symmetric region and device state (normal_setup).
// Collective: every rank calls it, with ok false where an earlier step
// failed (it then only allocates with the others and meets their barrier).
int fwd_setup(const char* call, shoal_ep_buffer* b, const int* node_of, bool ok) {
  NormalState& n = b->normal;
  NormalParams& p = n.base;
  const shoal_ep_config_t& c = b->cfg;
  const int R = b->ranks, N = n.nodes, L = R / N;
  std::vector<int> local(static_cast<std::size_t>(R)), node_rank(static_cast<std::size_t>(R)),
      fill(static_cast<std::size_t>(N), 0), order(static_cast<std::size_t>(N));
  for (int r = 0; r < R; ++r) {
    const int nd = node_of[r];
    local[static_cast<std::size_t>(r)] = fill[static_cast<std::size_t>(nd)];
    node_rank[static_cast<std::size_t>(nd * L + fill[static_cast<std::size_t>(nd)]++)] = r;
  }
  p.fwd = 1;
  p.node_size = L;
  p.my_node = node_of[b->rank];
  p.my_local = local[static_cast<std::size_t>(b->rank)];
  for (int i = 0; i < N; ++i) order[static_cast<std::size_t>(i)] = i;
  std::sort(order.begin(), order.end(), [&](int x, int y) {
    return node_rank[static_cast<std::size_t>(x * L + p.my_local)] < node_rank[static_cast<std::size_t>(y * L + p.my_local)];
  });
  n.FL = normal_fwd_layout(N, L, n.stride, n.ring, c.max_tokens_per_rank, c.hidden, c.max_topk);
  n.fsym = static_cast<unsigned char*>(shoal_malloc(n.FL.total));
  if (!n.fsym)  // on every rank alike (the heap's allocations are collective)
    return !ok ? -1
               : fail(call, "normal mode: the symmetric heap refused the %zu bytes (%.1f MiB) of forwarding across %d "
                      "nodes (the heap's message above says why): raise SHOAL_SYMMETRIC_SIZE (shoal_ep_bytes_needed "
                      "counts them), or set SHOAL_EP_NORMAL_FORWARD=0",
                      n.FL.total, n.FL.total / 1048576.0, N);
  Carve k{0};
  int *d_local = nullptr, *d_node_rank = nullptr, *d_order = nullptr;
  fwd_carve(k, c, R, N, n.stride, &n, &p, &d_local, &d_node_rank, &d_order);
  // Every step runs only if the ones before worked, and the barrier below
  // runs whatever happened (the other ranks wait in it).
  const std::size_t bytes = k.o, r = static_cast<std::size_t>(R);
  cudaError_t e = ok ? cudaMalloc(reinterpret_cast<void**>(&n.fctl), bytes) : cudaErrorNotReady;
  if (e != cudaSuccess) n.fctl = nullptr;
  if (e == cudaSuccess) e = cudaMemset(n.fctl, 0, bytes);
  if (e == cudaSuccess) {
    k.o = reinterpret_cast<std::uintptr_t>(n.fctl);
    fwd_carve(k, c, R, N, n.stride, &n, &p, &d_local, &d_node_rank, &d_order);
    e = cudaMemset(n.fsym, 0, n.FL.total);
  }
  if (e == cudaSuccess) e = cudaMemcpy(d_local, local.data(), r * 4, cudaMemcpyHostToDevice);
  if (e == cudaSuccess) e = cudaMemcpy(d_node_rank, node_rank.data(), r * 4, cudaMemcpyHostToDevice);
  if (e == cudaSuccess) e = cudaMemcpy(d_order, order.data(), static_cast<std::size_t>(N) * 4, cudaMemcpyHostToDevice);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  // No rank writes into another's region before that one cleared it (the
  // heap may hand back a freed buffer's words).
  shoal_barrier_all();
  if (!ok) return -1;
  if (e != cudaSuccess) return cuda_fail(call, "setting up forwarding's device state and tables", e);
  p.local_of_rank = d_local;
  p.node_rank = d_node_rank;
  p.src_order = d_order;
  unsigned char* f = n.fsym;
  p.n_ring = f + n.FL.n_ring;
  p.n_flag = reinterpret_cast<std::uint64_t*>(f + n.FL.n_flag);
  p.n_count = reinterpret_cast<std::uint64_t*>(f + n.FL.n_count);
  p.n_ack = reinterpret_cast<std::uint64_t*>(f + n.FL.n_ack);
  p.n_credit = reinterpret_cast<std::uint64_t*>(f + n.FL.n_credit);
  p.f_ready = reinterpret_cast<std::uint64_t*>(f + n.FL.f_ready);
  p.f_scale = reinterpret_cast<float*>(f + n.FL.f_scale);
  p.s_stage = reinterpret_cast<float*>(f + n.FL.s_stage);
  p.p_stage = f + n.FL.p_stage;
  n.fwd = true;
  return 0;
}

}  // namespace

std::size_t normal_fwd_device_bytes(const shoal_ep_config_t& c, int ranks, int nodes, int channels) {
  Carve k{0};
  NormalState n;
  NormalParams p{};
  int *a = nullptr, *b = nullptr, *d = nullptr;
  fwd_carve(k, c, ranks, nodes, channels, &n, &p, &a, &b, &d);
  return k.o;
}

int normal_setup(const char* call, shoal_ep_buffer* b, unsigned char* sym, const int* node_of_rank_host, int nodes,
                 bool fwd, bool ok) {
  // A rank that failed before only takes part in forwarding's collective
  // steps.
  NormalState& n = b->normal;
  n.nodes = nodes;
  if (!ok) {
    if (fwd) fwd_setup(call, b, node_of_rank_host, false);
    return -1;
  }
  const shoal_ep_config_t& c = b->cfg;
  n.on = true;
  n.L = normal_sym_layout(b->ranks, n.stride, n.ring, c.max_tokens_per_rank, c.hidden, c.max_topk);
  n.sym = sym;
  NormalParams& p = n.base;
  Carve k{reinterpret_cast<std::uintptr_t>(n.ctl)};
  carve(k, c, b->ranks, n.stride, n.cap, &n, &p);
  p.ranks = b->ranks;
  p.rank = b->rank;
  p.experts = c.num_experts;
  p.local_experts = b->local_experts;
  p.hidden = c.hidden;
  p.max_tokens = c.max_tokens_per_rank;
  p.max_topk = c.max_topk;
  p.channels = n.channels;
  p.cstride = n.stride;
  p.ring = n.ring;
  p.cap = n.cap;
  p.words = mask_words(c.max_tokens_per_rank);
  p.nodes = nodes;
  p.entry = static_cast<long long>(n.L.entry);
  p.timeout_cycles = b->timeout_cycles;
  p.clock_khz = b->clock_khz;
  p.all_p2p = b->all_p2p;
  p.pe_of_rank = b->pe_of_rank;
  p.node_of_rank = n.node_of_rank;
  p.d_ring = sym + n.L.d_ring;
  p.d_flag = reinterpret_cast<std::uint64_t*>(sym + n.L.d_flag);
  p.d_count = reinterpret_cast<std::uint64_t*>(sym + n.L.d_count);
  p.d_credit = reinterpret_cast<std::uint64_t*>(sym + n.L.d_credit);
  p.d_ack = reinterpret_cast<std::uint64_t*>(sym + n.L.d_ack);
  p.c_ring = sym + n.L.c_ring;
  p.c_flag = reinterpret_cast<std::uint64_t*>(sym + n.L.c_flag);
  p.c_credit = reinterpret_cast<std::uint64_t*>(sym + n.L.c_credit);
  p.staging = sym + n.L.staging;
  n.node_of_rank_host = new int[static_cast<std::size_t>(b->ranks)];
  std::memcpy(n.node_of_rank_host, node_of_rank_host, static_cast<std::size_t>(b->ranks) * 4);
  const cudaError_t e = cudaMemcpy(n.node_of_rank, node_of_rank_host, static_cast<std::size_t>(b->ranks) * 4,
                                   cudaMemcpyHostToDevice);
  const int rc = e == cudaSuccess ? 0 : cuda_fail(call, "cudaMemcpy of the node table", e);
  if (fwd && fwd_setup(call, b, node_of_rank_host, rc == 0) != 0) return -1;
  return rc;
}

void normal_teardown(shoal_ep_buffer* b) {
  NormalState& n = b->normal;
  delete[] n.node_of_rank_host;
  n.node_of_rank_host = nullptr;
  if (n.fctl) cudaFree(n.fctl);
  n.fctl = nullptr;
  if (n.fsym) shoal_free(n.fsym);
  n.fsym = nullptr;
  n.fwd = false;
  if (n.counts_event) cudaEventDestroy(static_cast<cudaEvent_t>(n.counts_event));
  n.counts_event = nullptr;
  n.on = false;
}

}  // namespace shoal::ep::detail

using namespace shoal::ep::detail;

extern "C" {

const int* shoal_ep_node_of_rank(shoal_ep_buffer_t b, int* num_nodes) {
  if (check_normal("shoal_ep_node_of_rank", b) != 0) return nullptr;
  if (num_nodes) *num_nodes = b->normal.nodes;
  return b->normal.node_of_rank_host;
}

int shoal_ep_normal_forwarding(shoal_ep_buffer_t b) {
  if (check_normal("shoal_ep_normal_forwarding", b) != 0) return -1;
  return b->normal.fwd ? 1 : 0;
}

int shoal_ep_layout(shoal_ep_buffer_t b, const void* topk_idx, int num_tokens, int topk, int index_type,
                    cudaStream_t stream, shoal_ep_layout_t* layout_p, shoal_ep_layout_result_t* result_p) {
  static const char* call = "shoal_ep_layout";
  if (check_normal(call, b) != 0) return -1;
  if (!layout_p) return fail(call, "layout_p is NULL");
  if (num_tokens < 0 || num_tokens > b->cfg.max_tokens_per_rank)
    return fail(call, "num_tokens %d is out of range (0..max_tokens_per_rank %d)", num_tokens,
                b->cfg.max_tokens_per_rank);
  if (topk < 1 || topk > b->cfg.max_topk) return fail(call, "topk %d is out of range (1..max_topk %d)", topk, b->cfg.max_topk);
  if (index_type != SHOAL_EP_INDEX_INT64 && index_type != SHOAL_EP_INDEX_INT32)
    return fail(call, "index_type %d is neither SHOAL_EP_INDEX_INT64 (0) nor SHOAL_EP_INDEX_INT32 (1)", index_type);
  if (num_tokens > 0 && !topk_idx) return fail(call, "topk_idx is NULL with %d tokens", num_tokens);
  NormalState& n = b->normal;
  const int s = n.next_slot;
  NormalParams p = params_for(b, s);
  NormalCall c{nullptr, nullptr, topk_idx, nullptr, nullptr, nullptr, num_tokens, topk,
               index_type == SHOAL_EP_INDEX_INT32, 0};
  const int e = launch_layout(p, c, stream);
  if (e != 0) return cuda_fail(call, "launching the layout kernels", static_cast<cudaError_t>(e));
  n.next_slot ^= 1;
  auto& sl = n.slot[s];
  sl.seq = ++n.seq;
  sl.tokens = num_tokens;
  sl.topk = topk;
  sl.index_type = index_type;
  sl.channels = 0;
  *layout_p = shoal_ep_layout_t{b, s, num_tokens, topk, index_type, 0, sl.seq};
  if (result_p)
    *result_p = shoal_ep_layout_result_t{sl.tokens_per_rank, sl.tokens_per_node, sl.tokens_per_expert, sl.in_rank,
                                         n.nodes};
  return 0;
}

int shoal_ep_dispatch(shoal_ep_buffer_t b, const void* x, const void* topk_idx, const float* topk_weights,
                      shoal_ep_layout_t l, const shoal_ep_normal_dispatch_args_t* a, cudaStream_t stream,
                      shoal_ep_normal_dispatch_result_t* result_p) {
  static const char* call = "shoal_ep_dispatch";
  if (check_normal(call, b) != 0) return -1;
  if (!a || !result_p) return fail(call, "args or result_p is NULL");
  if (check_layout(call, b, l) != 0) return -1;
  NormalState& n = b->normal;
  auto& sl = n.slot[l.slot];
  if (sl.tokens > 0 && (!x || !topk_idx))
    return fail(call, "x (%p) or topk_idx (%p) is NULL with %d tokens", x, topk_idx, sl.tokens);
  if (reinterpret_cast<uintptr_t>(x) % 16 != 0) return fail(call, "x %p is not 16-byte aligned", x);
  int channels = n.channels;
  if (a->num_sms != 0) {
    const int bpc = normal_blocks_per_channel(n.fwd);
    if (a->num_sms < bpc || a->num_sms % bpc != 0 || a->num_sms / bpc > n.channels)
      return fail(call, "num_sms %d is not a multiple of %d from %d to %d (%d x the buffer's channels%s)", a->num_sms,
                  bpc, bpc, bpc * n.channels, bpc, n.fwd ? "; forwarding across nodes takes 3 blocks a channel" : "");
    channels = a->num_sms / bpc;
  }
  if (a->cached && sl.channels == 0)
    return fail(call, "cached dispatch needs a layout that already had a dispatch (layout #%llu had none)",
                static_cast<unsigned long long>(l.seq));
  if (a->cached && channels != sl.channels)
    return fail(call, "a cached dispatch must use the %d channels of the layout's first dispatch, not %d "
                "(num_sms %d)", sl.channels, channels, a->num_sms);
  NormalParams p = params_for(b, l.slot);
  p.channels = channels;
  NormalCall c{x, a->x_scales, topk_idx, topk_weights, nullptr, nullptr, sl.tokens, sl.topk,
               sl.index_type == SHOAL_EP_INDEX_INT32, a->cached ? 1 : 0};
  int e = launch_normal_dispatch(p, c, b->threads, stream);
  if (e != 0) return cuda_fail(call, "launching the dispatch kernel", static_cast<cudaError_t>(e));
  sl.channels = channels;
  shoal_ep_normal_dispatch_result_t& r = *result_p;
  r = {};
  if (a->host_expert_counts) {
    if (!n.counts_event) {
      cudaEvent_t ev = nullptr;
      cudaError_t ce = cudaEventCreateWithFlags(&ev, cudaEventDisableTiming);
      if (ce != cudaSuccess) return cuda_fail(call, "cudaEventCreateWithFlags", ce);
      n.counts_event = ev;
    }
    cudaError_t ce = cudaMemcpyAsync(a->host_expert_counts, p.expert_count,
                                     static_cast<size_t>(b->local_experts) * 4, cudaMemcpyDeviceToHost, stream);
    if (ce == cudaSuccess) ce = cudaEventRecord(static_cast<cudaEvent_t>(n.counts_event), stream);
    if (ce != cudaSuccess) return cuda_fail(call, "copying the expert counts to the host", ce);
    r.host_counts_ready = static_cast<cudaEvent_t>(n.counts_event);
  }
  r.recv_x = p.recv_x;
  r.recv_scales = a->x_scales ? p.recv_scales : nullptr;
  r.recv_topk_idx = p.recv_idx;
  r.recv_topk_weights = p.recv_w;
  r.recv_src_token = p.recv_src;
  r.recv_rank_range = p.rank_range;
  r.recv_expert_count = p.expert_count;
  r.num_recv = p.num_recv;
  r.capacity = n.cap;
  r.handle = l;
  r.handle.channels = channels;
  return 0;
}

int shoal_ep_combine(shoal_ep_buffer_t b, const void* y, const void* topk_idx, const float* topk_weights,
                     shoal_ep_layout_t h, void* out, cudaStream_t stream, void** out_p) {
  static const char* call = "shoal_ep_combine";
  if (check_normal(call, b) != 0) return -1;
  if (check_layout(call, b, h) != 0) return -1;
  NormalState& n = b->normal;
  auto& sl = n.slot[h.slot];
  if (sl.channels == 0)
    return fail(call, "layout #%llu has had no dispatch to combine", static_cast<unsigned long long>(h.seq));
  if (!y) return fail(call, "y is NULL");
  if (sl.tokens > 0 && !topk_idx) return fail(call, "topk_idx is NULL with %d tokens", sl.tokens);
  NormalParams p = params_for(b, h.slot);
  p.channels = sl.channels;
  void* o = out ? out : p.out_default;
  if (reinterpret_cast<uintptr_t>(o) % 16 != 0 || reinterpret_cast<uintptr_t>(y) % 16 != 0)
    return fail(call, "out %p or y %p is not 16-byte aligned", o, y);
  NormalCall c{nullptr, nullptr, topk_idx, topk_weights, y, o, sl.tokens, sl.topk,
               sl.index_type == SHOAL_EP_INDEX_INT32, 0};
  const int e = launch_normal_combine(p, c, b->threads, stream);
  if (e != 0) return cuda_fail(call, "launching the combine kernel", static_cast<cudaError_t>(e));
  if (out_p) *out_p = o;
  return 0;
}

int shoal_ep_normal_status(shoal_ep_buffer_t b, shoal_ep_normal_status_t* status, cudaStream_t stream) {
  static const char* call = "shoal_ep_normal_status";
  if (check_normal(call, b) != 0) return -1;
  if (!status) return fail(call, "status is NULL");
  int st[4] = {0, 0, 0, 0};
  cudaError_t e = cudaMemcpyAsync(st, b->normal.base.status, sizeof st, cudaMemcpyDeviceToHost, stream);
  if (e == cudaSuccess) e = cudaMemsetAsync(b->normal.base.status, 0, sizeof st, stream);
  if (e == cudaSuccess) e = cudaStreamSynchronize(stream);
  if (e != cudaSuccess) return cuda_fail(call, "reading the status", e);
  *status = shoal_ep_normal_status_t{st[0], st[2]};
  return 0;
}

}  // extern "C"
