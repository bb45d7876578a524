// Internal to ep/: the buffer object both host files share (buffer.cc:
// creation and low-latency mode; normal.cc: normal mode) and their error
// helpers.
#pragma once

#include <shoal/ep.h>

#include <cstddef>
#include <cstdint>

#include "ep/layout.h"
#include "ep/normal.h"

namespace shoal::ep::detail {

// Normal-mode state of a buffer (config.modes & SHOAL_EP_MODE_NORMAL).
struct NormalState {
  bool on = false;
  int channels = 0, stride = 0, ring = 0, cap = 0, nodes = 0;  // stride: channels the memory is laid out for
  NormalSymLayout L;
  unsigned char* sym = nullptr;  // inside the buffer's symmetric region
  unsigned char* ctl = nullptr;  // one cudaMalloc
  NormalParams base{};           // everything but the slot's pointers
  struct Slot {
    std::uint32_t* mask;
    int *prefix, *tokens_per_rank, *tokens_per_expert, *tokens_per_node;
    unsigned char* in_rank;
    int *r_count, *r_begin;
    std::uint32_t *node_mask = nullptr, *f_dmask = nullptr;  // forwarding only (fctl)
    int *node_prefix = nullptr, *f_cnt = nullptr, *f_beg = nullptr;
    std::uint64_t seq;
    int tokens, topk, index_type, channels;  // channels: of the last dispatch (0: none yet)
  } slot[2]{};
  int next_slot = 0;
  std::uint64_t seq = 0;
  int* node_of_rank = nullptr;                  // device [R]
  int* node_of_rank_host = nullptr;             // [R]
  void* counts_event = nullptr;                 // cudaEvent_t, created on first use
  // Forwarding across nodes (ep/normal.h): its symmetric region (a second
  // collective allocation) and device tables and slot state (one cudaMalloc).
  bool fwd = false;
  NormalFwdLayout FL;
  unsigned char* fsym = nullptr;
  unsigned char* fctl = nullptr;
};

// Records "shoal[PE n] <call>: <message>" as the last error and returns -1.
__attribute__((format(printf, 2, 3))) int fail(const char* call, const char* fmt, ...);
int cuda_fail(const char* call, const char* what, cudaError_t e);
int check_buffer(const char* call, const shoal_ep_buffer* b);

// Normal mode's part of creation and destruction (normal.cc). Sizes first,
// then, once the symmetric region and the rank tables exist, its memory.
std::size_t normal_device_bytes(const shoal_ep_config_t& c, int ranks, int channels, int cap);
// Forwarding's device state across `nodes` nodes (a cudaMalloc of its own).
std::size_t normal_fwd_device_bytes(const shoal_ep_config_t& c, int ranks, int nodes, int channels);
int normal_resolve(const char* call, const shoal_ep_config_t& c, int ranks, int* channels, int* ring, int* cap);
// fwd: forward across nodes (every node has ranks / nodes ranks; creation
// decided it the same way on every rank). Collective when fwd: every rank
// calls it, ok false where creation already failed (then it only takes
// part in the collective steps). On failure the caller tears down, after
// every rank knows (normal_teardown frees symmetric memory collectively).
int normal_setup(const char* call, shoal_ep_buffer* b, unsigned char* sym, const int* node_of_rank_host, int nodes,
                 bool fwd, bool ok);
void normal_teardown(shoal_ep_buffer* b);

}  // namespace shoal::ep::detail

struct shoal_ep_buffer {
  shoal_ep_config_t cfg{};
  int ranks = 0, rank = 0, local_experts = 0, blocks = 0, threads = 0, gpu_sharers = 1, all_p2p = 0;
  bool ll_on = true;
  double clock_khz = 0;
  long long timeout_cycles = 0;
  shoal::ep::detail::SymLayout L;
  unsigned char* sym = nullptr;  // symmetric region
  unsigned char* ctl = nullptr;  // device control (one cudaMalloc)
  int* mask = nullptr;
  int* pe_of_rank = nullptr;
  shoal::ep::detail::SlotPtrs slot[2]{};
  int next_slot = 0;
  uint64_t seq = 0;                 // dispatches so far
  uint64_t slot_seq[2] = {0, 0};    // the dispatch each slot holds
  int slot_tokens[2] = {0, 0}, slot_topk[2] = {0, 0};
  bool recv_pending[2][2] = {};     // [slot][op]: a hook not yet run
  shoal::ep::detail::Call pending_call[2]{};  // combine recv arguments of a hook
  shoal::ep::detail::NormalState normal;
};
