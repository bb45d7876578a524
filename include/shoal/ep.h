/* shoal EP: MoE expert-parallel dispatch and combine: low-latency mode
 * (decode; dispatch_ll/combine_ll) and normal mode (prefill, training;
 * layout/dispatch/combine below the low-latency calls).
 *
 * A buffer is created collectively over a team of R ranks from a config; it
 * owns a region of the symmetric heap (shoal_ep_bytes_needed says how large,
 * before anything is allocated) and device memory for the outputs.
 *
 *   dispatch_ll(x[T,H] bf16, topk_idx[T,K])            on every rank
 *     -> recv_x      [E/R, R*max_tokens, H]   dispatch dtype (BF16 or FP8 e4m3)
 *        recv_scales [E/R, R*max_tokens, H/128] fp32      (FP8 e4m3)
 *                    [E/R, R*max_tokens, ceil(H/512)] int32 (UE8M0, 4 per word)
 *        recv_count  [E/R] int32: rows received per local expert
 *        recv_src_rank, recv_src_token [E/R, R*max_tokens] int32
 *        layout_range [E/R, R] int64: (begin << 32) | count per source rank;
 *          rows of one local expert are grouped by source rank in rank order,
 *          and within a rank in ascending source-token order (deterministic).
 *   combine_ll(y[E/R, R*max_tokens, H] bf16, topk_idx, topk_weights[T,K] fp32)
 *     -> out[T,H] bf16 = sum_k w_k * y(token, expert_k), in k order, at the
 *        token's home rank. -1 in topk_idx: nothing sent, zero contribution.
 *
 * Everything is stream-ordered and GPU-driven (no host synchronisation, no
 * host-visible counts): the calls can be captured in a CUDA graph and
 * replayed. Dispatch results live in one of two slots that alternate per
 * dispatch: a result (and its handle) stays valid until two dispatches later
 * reuse its slot, so two micro-batches can be in flight at once.
 *
 * All ranks of the team call dispatch and combine in the same order. The
 * buffer's symmetric allocation is collective over all PEs (shoal_malloc).
 * Errors: every call returns 0 or a negative code; shoal_ep_last_error()
 * gives the message (naming the PE, the call and the bad value). The C++
 * wrapper throws shoal::ep::Error with that message. Device-side failures
 * (an index out of range, a wait past the timeout without masking) print
 * the phase, ranks, expert and expected/received values and trap.
 *
 * See docs/ep.md for formats, limits, memory and the mapping onto vLLM and
 * DeepEP. */
#ifndef SHOAL_EP_H
#define SHOAL_EP_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>
#include <shoal/types.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  SHOAL_EP_BF16 = 0,      /* dispatch in BF16 (no scales) */
  SHOAL_EP_FP8_E4M3 = 1,  /* e4m3 + one fp32 scale (amax/448) per 128 channels */
  SHOAL_EP_FP8_UE8M0 = 2, /* e4m3 + power-of-two scales, exponent bytes packed 4 per int32 */
} shoal_ep_dtype_t;

/* Which modes a buffer serves (config.modes). 0 means low latency only. */
typedef enum {
  SHOAL_EP_MODE_LOW_LATENCY = 1,
  SHOAL_EP_MODE_NORMAL = 2,
} shoal_ep_mode_t;

typedef enum {
  SHOAL_EP_INDEX_INT64 = 0,
  SHOAL_EP_INDEX_INT32 = 1,
} shoal_ep_index_t;

/* Limits (checked at creation). */
enum {
  SHOAL_EP_MAX_TOKENS_PER_RANK = 8192,
  SHOAL_EP_MAX_HIDDEN = 16384, /* any multiple of 128 from 128 */
  SHOAL_EP_MAX_EXPERTS = 1024,
  SHOAL_EP_MAX_TOPK = 32,
};

typedef struct {
  int max_tokens_per_rank; /* 1..8192: the most tokens any rank passes to one dispatch */
  int hidden;              /* multiple of 128, 128..16384 */
  int num_experts;         /* 1..1024, divisible by the team size */
  int max_topk;            /* 1..32 */
  int dispatch_dtype;      /* shoal_ep_dtype_t */
  int zero_copy;           /* nonzero: allocate a symmetric combine input (see shoal_ep_combine_input) */
  int enable_masking;      /* nonzero: a rank that times out is masked instead of trapping */
  int num_blocks;          /* 0: the GPU's SMs divided among the ranks that share it */
  int threads;             /* per block, multiple of 32 up to 512; 0: default (normal mode's kernels
                              with a peer through IBGDA or the proxy run at most 256) */
  double timeout_s;        /* device waits; 0: 0.9 x SHOAL_TIMEOUT (default 300 s) */
  shoal_team_t team;       /* SHOAL_TEAM_WORLD by default */
  /* Normal mode (modes & SHOAL_EP_MODE_NORMAL). */
  int modes;               /* shoal_ep_mode_t bits; 0: SHOAL_EP_MODE_LOW_LATENCY */
  int max_recv_tokens;     /* tokens one rank can receive per dispatch (the graph-safe worst case);
                              0: ranks x max_tokens_per_rank (never overflows) */
  int normal_channels;     /* channels (each takes 2 blocks per kernel); 0: default (docs/ep.md) */
  int normal_ring_tokens;  /* entries per ring (per channel and peer), >= 32; 0: default */
} shoal_ep_config_t;

/* max_tokens 128, hidden 7168, 256 experts, top-8, FP8 (the decode config). */
#define SHOAL_EP_CONFIG_INITIALIZER {128, 7168, 256, 8, SHOAL_EP_FP8_E4M3, 0, 0, 0, 0, 0.0, SHOAL_TEAM_WORLD, 0, 0, 0, 0}

typedef struct shoal_ep_buffer shoal_ep_buffer;
typedef shoal_ep_buffer* shoal_ep_buffer_t;

/* What combine needs from its dispatch. Plain data, copyable. */
typedef struct {
  shoal_ep_buffer_t buffer;
  int slot;
  int num_tokens;
  int topk;
  uint64_t seq; /* which dispatch (per buffer, from 1): stale handles are refused */
} shoal_ep_handle_t;

/* The receive half of a dispatch or combine, launched later by
 * shoal_ep_hook_run (return_recv_hook). Run each hook once, in call order. */
typedef struct {
  shoal_ep_buffer_t buffer;
  int op; /* 0 dispatch, 1 combine */
  int slot;
  uint64_t seq;
} shoal_ep_hook_t;

typedef struct {
  int num_tokens;       /* this rank's T, 0..max_tokens_per_rank (may differ per rank) */
  int topk;             /* K, 1..max_topk */
  int index_type;       /* shoal_ep_index_t of topk_idx */
  int return_recv_hook; /* nonzero: launch only the send half; *hook_p receives */
} shoal_ep_dispatch_args_t;

typedef struct {
  void* recv_x;
  void* recv_scales; /* NULL for BF16 */
  int* recv_count;
  int* recv_src_rank;
  int* recv_src_token;
  int64_t* layout_range;
  shoal_ep_handle_t handle;
  shoal_ep_hook_t hook; /* valid when return_recv_hook */
} shoal_ep_dispatch_result_t;

typedef struct {
  int index_type;       /* shoal_ep_index_t of topk_idx */
  int zero_copy;        /* nonzero: y is ignored, the input is shoal_ep_combine_input(handle) */
  int return_recv_hook;
  void* out;            /* [T,H] bf16 device memory, or NULL for the buffer's own */
} shoal_ep_combine_args_t;

/* Symmetric-heap bytes a buffer with this config allocates (per PE). The
 * normal mode's rings depend on the number of ranks: bytes_needed takes it
 * from config.team (shoal initialised), bytes_needed_ranks from the caller. */
size_t shoal_ep_bytes_needed(const shoal_ep_config_t* config);
size_t shoal_ep_bytes_needed_ranks(const shoal_ep_config_t* config, int num_ranks);
/* Device memory (cudaMalloc) a buffer allocates besides the heap (per PE). */
size_t shoal_ep_device_bytes_needed(const shoal_ep_config_t* config, int num_ranks);

/* Collective over the team (and, for the heap allocation, over all PEs).
 * Every rank passes the same config; mismatches are reported on every rank. */
int shoal_ep_buffer_create(const shoal_ep_config_t* config, shoal_ep_buffer_t* buffer_p);
/* Collective; waits for the buffer's work on the device to finish. */
void shoal_ep_buffer_destroy(shoal_ep_buffer_t buffer);

int shoal_ep_num_ranks(shoal_ep_buffer_t buffer);
int shoal_ep_rank(shoal_ep_buffer_t buffer);
int shoal_ep_num_local_experts(shoal_ep_buffer_t buffer);
const shoal_ep_config_t* shoal_ep_config(shoal_ep_buffer_t buffer);

/* How the kernels are launched, as chosen at creation. */
typedef struct {
  int num_blocks;  /* per kernel: config.num_blocks, or the SMs divided among the ranks on this GPU */
  int threads;     /* per block (at most 512) */
  int gpu_sharers; /* ranks of the team on this rank's GPU, this one included */
  int all_p2p;     /* 1: every rank load/store reachable (NVLink, same GPU): inline copies;
                      0: some go through IBGDA or the proxy */
} shoal_ep_launch_info_t;
int shoal_ep_launch_info(shoal_ep_buffer_t buffer, shoal_ep_launch_info_t* info);

/* x: [num_tokens, hidden] bf16; topk_idx: [num_tokens, topk] global expert
 * ids or -1. Both device memory; read by the kernels in stream order. */
int shoal_ep_dispatch_ll(shoal_ep_buffer_t buffer, const void* x, const void* topk_idx,
                         const shoal_ep_dispatch_args_t* args, cudaStream_t stream,
                         shoal_ep_dispatch_result_t* result_p);

/* y: [E/R, R*max_tokens, hidden] bf16 (rows as dispatch laid them out);
 * topk_idx and topk_weights [T,K] as passed to the dispatch of `handle`.
 * *out_p gets the output pointer. y must stay unchanged until every rank's
 * combine has received. */
int shoal_ep_combine_ll(shoal_ep_buffer_t buffer, const void* y, const void* topk_idx,
                        const float* topk_weights, shoal_ep_handle_t handle,
                        const shoal_ep_combine_args_t* args, cudaStream_t stream, void** out_p,
                        shoal_ep_hook_t* hook_p);

/* Zero-copy combine: the symmetric [E/R, R*max_tokens, hidden] bf16 region
 * the combine of `handle` reads when args.zero_copy is set (the expert
 * kernel writes its output there). Needs config.zero_copy. */
void* shoal_ep_combine_input(shoal_ep_buffer_t buffer, shoal_ep_handle_t handle);

int shoal_ep_hook_run(shoal_ep_hook_t hook, cudaStream_t stream);

/* Rank masking. masked[r] nonzero: rank r is skipped (nothing sent to it,
 * nothing awaited from it, its experts contribute zero). Stream-ordered. */
int shoal_ep_set_masked_ranks(shoal_ep_buffer_t buffer, const int* masked, cudaStream_t stream);
/* Per rank: 0 active, 1 masked by the caller, 2 timed out, 3 failed (its PE
 * died, left or aborted; shoal_failed_pe) (2 and 3: masking on).
 * Synchronises the stream. */
int shoal_ep_query_mask(shoal_ep_buffer_t buffer, int* status, cudaStream_t stream);
/* The device array behind the mask (int32 [R], same codes), for callers
 * that read it in their own kernels. */
const int* shoal_ep_device_mask(shoal_ep_buffer_t buffer);

/* ------------------------------------------------------------ normal mode
 *
 * layout(topk_idx[T,K])                                   on the device
 *   -> tokens_per_rank [R], tokens_per_node [nodes], tokens_per_expert [E]
 *      int32, is_token_in_rank [T,R] uint8 (0/1), and a layout handle.
 * dispatch(x, x_scales?, topk_idx, topk_weights?, layout)
 *   -> at every rank, the tokens that chose one of its experts, each once,
 *      grouped by source rank in rank order, in token order within a source:
 *      recv_x [num_recv, H] (bf16, or e4m3 when x_scales is given, with
 *      recv_scales [num_recv, H/128] fp32), recv_topk_idx [num_recv, K] local
 *      expert ids (-1: that selection is not on this rank), recv_topk_weights
 *      [num_recv, K] (0 where recv_topk_idx is -1), recv_src_token [num_recv], recv_rank_range [R]
 *      (begin << 32 | count), recv_expert_count [E/R], num_recv [1]; all
 *      device memory, capacity config.max_recv_tokens rows.
 * combine(y[num_recv, H] bf16, handle, topk_weights?)
 *   -> out[T,H] bf16 at each token's source rank: the sum of its rows over
 *      the ranks it went to, in ascending rank order, in fp32; with weights
 *      each rank's row is first multiplied by the sum (in k order) of the
 *      token's weights of that rank's experts. Bit-identical run to run.
 * No host synchronisation anywhere (graph-capturable); receive counts are on
 * the device, a host copy of recv_expert_count comes only when asked, with
 * an event. A dispatch that needs more than the capacity fills what fits,
 * reports the count it needed in num_recv and shoal_ep_normal_status, and
 * the dropped rows contribute zero to combine (never a hang or a crash).
 * Layouts alternate between two slots: a handle stays valid until the second
 * layout after it. The receive outputs are the buffer's, rewritten by every
 * dispatch. */
typedef struct {
  shoal_ep_buffer_t buffer;
  int slot;
  int num_tokens;
  int topk;
  int index_type;
  int channels;     /* of its dispatch (0 before one) */
  uint64_t seq;     /* which layout (per buffer, from 1): stale handles are refused */
} shoal_ep_layout_t;

typedef struct {
  int* tokens_per_rank;
  int* tokens_per_node;
  int* tokens_per_expert;
  unsigned char* is_token_in_rank;
  int num_nodes;
} shoal_ep_layout_result_t;

/* topk_idx: [num_tokens, topk] global expert ids or -1 (device memory). */
int shoal_ep_layout(shoal_ep_buffer_t buffer, const void* topk_idx, int num_tokens, int topk, int index_type,
                    cudaStream_t stream, shoal_ep_layout_t* layout_p, shoal_ep_layout_result_t* result_p);
/* Per rank of the team, its node (0..num_nodes-1, in order of first rank). */
const int* shoal_ep_node_of_rank(shoal_ep_buffer_t buffer, int* num_nodes);
/* 1 when normal mode forwards across nodes (one network transfer per token
   and node, relayed inside the node by the rank with the sender's local
   index; combine sums per node first), 0 when it sends to every rank
   directly, -1 on error. Decided at creation: more than one node of 2..32
   ranks each, all equal, not every rank load/store reachable, every node's
   ranks load/store reachable among themselves, SHOAL_EP_NORMAL_FORWARD not "0". */
int shoal_ep_normal_forwarding(shoal_ep_buffer_t buffer);

typedef struct {
  const float* x_scales;   /* NULL: x is bf16 [T,H]; else x is e4m3 [T,H] and this fp32 [T,H/128] */
  int cached;              /* nonzero: the layout already had a dispatch with the same routing:
                              skip the count exchange, reuse its receive layout */
  int num_sms;             /* 0: 2 x config channels; else an even number <= that */
  int* host_expert_counts; /* optional pinned host [E/R]: filled after the dispatch; wait on
                              result.host_counts_ready */
} shoal_ep_normal_dispatch_args_t;

typedef struct {
  void* recv_x;
  float* recv_scales;      /* NULL for bf16 */
  void* recv_topk_idx;     /* int64 or int32, as the layout's index_type */
  float* recv_topk_weights;
  int* recv_src_token;
  int64_t* recv_rank_range;
  int* recv_expert_count;
  int* num_recv;
  int capacity;            /* config.max_recv_tokens as resolved */
  cudaEvent_t host_counts_ready; /* recorded after the host copy, when asked */
  shoal_ep_layout_t handle;      /* the layout, with its dispatch recorded: pass to combine */
} shoal_ep_normal_dispatch_result_t;

/* x as args.x_scales says; topk_idx as passed to layout; topk_weights [T,K]
 * fp32 or NULL (recv_topk_weights then 0). */
int shoal_ep_dispatch(shoal_ep_buffer_t buffer, const void* x, const void* topk_idx, const float* topk_weights,
                      shoal_ep_layout_t layout, const shoal_ep_normal_dispatch_args_t* args, cudaStream_t stream,
                      shoal_ep_normal_dispatch_result_t* result_p);

/* y: [capacity, H] bf16, row i the expert output of received row i (rows
 * past num_recv are not read); topk_idx as passed to the dispatch;
 * topk_weights [T,K] or NULL (unweighted); out [T,H] bf16 or NULL for the
 * buffer's own; *out_p gets it. */
int shoal_ep_combine(shoal_ep_buffer_t buffer, const void* y, const void* topk_idx, const float* topk_weights,
                     shoal_ep_layout_t handle, void* out, cudaStream_t stream, void** out_p);

typedef struct {
  int overflow_needed; /* largest num_recv that exceeded this rank's capacity (0: none) */
  int dropped_rows;    /* combine rows this rank did not get because their receiver overflowed */
} shoal_ep_normal_status_t;
/* Reads and clears the status; synchronises the stream. */
int shoal_ep_normal_status(shoal_ep_buffer_t buffer, shoal_ep_normal_status_t* status, cudaStream_t stream);

/* Message of the last failed call on this thread. */
const char* shoal_ep_last_error(void);

#ifdef __cplusplus
}

#include <stdexcept>
#include <string>
#include <vector>

namespace shoal::ep {

enum class DType : int { bf16 = SHOAL_EP_BF16, fp8_e4m3 = SHOAL_EP_FP8_E4M3, fp8_ue8m0 = SHOAL_EP_FP8_UE8M0 };
enum class Index : int { int64 = SHOAL_EP_INDEX_INT64, int32 = SHOAL_EP_INDEX_INT32 };

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

namespace detail {
inline void check(int rc) {
  if (rc != 0) throw Error(shoal_ep_last_error());
}
}  // namespace detail

struct Config : shoal_ep_config_t {
  Config() : shoal_ep_config_t SHOAL_EP_CONFIG_INITIALIZER {}
  Config(int max_tokens, int hidden_size, int experts, int topk, DType dtype = DType::fp8_e4m3)
      : Config() {
    max_tokens_per_rank = max_tokens;
    hidden = hidden_size;
    num_experts = experts;
    max_topk = topk;
    dispatch_dtype = static_cast<int>(dtype);
  }
};

using Handle = shoal_ep_handle_t;

class Hook {
 public:
  Hook() : h_{} {}
  explicit Hook(shoal_ep_hook_t h) : h_(h) {}
  explicit operator bool() const { return h_.buffer != nullptr; }
  void operator()(cudaStream_t stream = nullptr) const { detail::check(shoal_ep_hook_run(h_, stream)); }
  const shoal_ep_hook_t& raw() const { return h_; }

 private:
  shoal_ep_hook_t h_;
};

struct DispatchOptions {
  Index index = Index::int64;
  bool return_recv_hook = false;
};

struct DispatchResult {
  void* recv_x = nullptr;
  void* recv_scales = nullptr;
  int* recv_count = nullptr;
  int* recv_src_rank = nullptr;
  int* recv_src_token = nullptr;
  int64_t* layout_range = nullptr;
  Handle handle{};
  Hook hook;
};

struct CombineOptions {
  Index index = Index::int64;
  bool zero_copy = false;
  bool return_recv_hook = false;
  void* out = nullptr;
};

struct CombineResult {
  void* out = nullptr;
  Hook hook;
};

// Normal mode.
using Layout = shoal_ep_layout_t;
using LayoutResult = shoal_ep_layout_result_t;

struct NormalDispatchOptions {
  const float* x_scales = nullptr;
  bool cached = false;
  int num_sms = 0;
  int* host_expert_counts = nullptr;
};

using NormalDispatchResult = shoal_ep_normal_dispatch_result_t;
using NormalStatus = shoal_ep_normal_status_t;

class Buffer {
 public:
  static size_t bytes_needed(const Config& c) { return shoal_ep_bytes_needed(&c); }
  explicit Buffer(const Config& c) { detail::check(shoal_ep_buffer_create(&c, &b_)); }
  ~Buffer() {
    if (b_) shoal_ep_buffer_destroy(b_);
  }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  int num_ranks() const { return shoal_ep_num_ranks(b_); }
  int rank() const { return shoal_ep_rank(b_); }
  int num_local_experts() const { return shoal_ep_num_local_experts(b_); }
  const shoal_ep_config_t& config() const { return *shoal_ep_config(b_); }
  shoal_ep_launch_info_t launch_info() const {
    shoal_ep_launch_info_t i{};
    detail::check(shoal_ep_launch_info(b_, &i));
    return i;
  }
  shoal_ep_buffer_t raw() const { return b_; }
  // Normal mode forwards across nodes (shoal_ep_normal_forwarding).
  bool normal_forwarding() const { return shoal_ep_normal_forwarding(b_) == 1; }

  DispatchResult dispatch_ll(const void* x, const void* topk_idx, int num_tokens, int topk,
                             cudaStream_t stream = nullptr, const DispatchOptions& o = {}) {
    shoal_ep_dispatch_args_t a{num_tokens, topk, static_cast<int>(o.index), o.return_recv_hook ? 1 : 0};
    shoal_ep_dispatch_result_t r{};
    detail::check(shoal_ep_dispatch_ll(b_, x, topk_idx, &a, stream, &r));
    DispatchResult d;
    d.recv_x = r.recv_x;
    d.recv_scales = r.recv_scales;
    d.recv_count = r.recv_count;
    d.recv_src_rank = r.recv_src_rank;
    d.recv_src_token = r.recv_src_token;
    d.layout_range = r.layout_range;
    d.handle = r.handle;
    if (o.return_recv_hook) d.hook = Hook(r.hook);
    return d;
  }

  CombineResult combine_ll(const void* y, const void* topk_idx, const float* topk_weights, const Handle& h,
                           cudaStream_t stream = nullptr, const CombineOptions& o = {}) {
    shoal_ep_combine_args_t a{static_cast<int>(o.index), o.zero_copy ? 1 : 0, o.return_recv_hook ? 1 : 0, o.out};
    CombineResult r;
    shoal_ep_hook_t hook{};
    detail::check(shoal_ep_combine_ll(b_, y, topk_idx, topk_weights, h, &a, stream, &r.out, &hook));
    if (o.return_recv_hook) r.hook = Hook(hook);
    return r;
  }

  void* combine_input(const Handle& h) const { return shoal_ep_combine_input(b_, h); }

  void set_masked_ranks(const std::vector<int>& masked, cudaStream_t stream = nullptr) {
    if (static_cast<int>(masked.size()) != num_ranks())
      throw Error("shoal::ep::Buffer::set_masked_ranks: " + std::to_string(masked.size()) + " entries for " +
                  std::to_string(num_ranks()) + " ranks");
    detail::check(shoal_ep_set_masked_ranks(b_, masked.data(), stream));
  }
  std::vector<int> query_mask(cudaStream_t stream = nullptr) const {
    std::vector<int> s(static_cast<size_t>(num_ranks()));
    detail::check(shoal_ep_query_mask(b_, s.data(), stream));
    return s;
  }
  const int* device_mask() const { return shoal_ep_device_mask(b_); }

  // Normal mode (config.modes & SHOAL_EP_MODE_NORMAL).
  Layout layout(const void* topk_idx, int num_tokens, int topk, cudaStream_t stream = nullptr,
                Index index = Index::int64, LayoutResult* result = nullptr) {
    Layout l{};
    LayoutResult r{};
    detail::check(shoal_ep_layout(b_, topk_idx, num_tokens, topk, static_cast<int>(index), stream, &l, &r));
    if (result) *result = r;
    return l;
  }
  NormalDispatchResult dispatch(const void* x, const void* topk_idx, const float* topk_weights, const Layout& l,
                                cudaStream_t stream = nullptr, const NormalDispatchOptions& o = {}) {
    shoal_ep_normal_dispatch_args_t a{o.x_scales, o.cached ? 1 : 0, o.num_sms, o.host_expert_counts};
    NormalDispatchResult r{};
    detail::check(shoal_ep_dispatch(b_, x, topk_idx, topk_weights, l, &a, stream, &r));
    return r;
  }
  void* combine(const void* y, const void* topk_idx, const float* topk_weights, const Layout& handle,
                cudaStream_t stream = nullptr, void* out = nullptr) {
    void* o = nullptr;
    detail::check(shoal_ep_combine(b_, y, topk_idx, topk_weights, handle, out, stream, &o));
    return o;
  }
  NormalStatus normal_status(cudaStream_t stream = nullptr) {
    NormalStatus st{};
    detail::check(shoal_ep_normal_status(b_, &st, stream));
    return st;
  }

 private:
  shoal_ep_buffer_t b_ = nullptr;
};

}  // namespace shoal::ep
#endif

#endif /* SHOAL_EP_H */
