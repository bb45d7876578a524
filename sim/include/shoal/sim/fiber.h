// The sim platform's scheduler: one block's CUDA threads are fibers on one OS
// thread. This header holds the data the inline hot paths (barriers, warp
// collectives, the spin hook) touch; slow paths live in src/fiber.cc.
//
// Contract: a fiber only ever runs on the OS thread that created it (the
// compiler caches addresses of thread-locals such as threadIdx and
// __shared__ variables), and switches happen only at barriers, warp
// collectives and the spin hook.
#pragma once

#include <cstddef>
#include <cstdint>
#include <source_location>

#include <boost/context/detail/fcontext.hpp>
#include <vector_types.h>

#include "shoal/sim/weak_order.h"

#if defined(__SANITIZE_ADDRESS__)
#define SHOAL_SIM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SHOAL_SIM_ASAN 1
#endif
#endif

#if defined(SHOAL_SIM_ASAN)
extern "C" {
void __sanitizer_start_switch_fiber(void** fake_stack_save, const void* bottom, size_t size);
void __sanitizer_finish_switch_fiber(void* fake_stack_save, const void** bottom_old, size_t* size_old);
}
#endif

// CUDA's built-in variables. Thread-locals of the block's OS thread; threadIdx
// is rewritten on every fiber switch, the others once per block.
extern __thread uint3 threadIdx;
extern __thread uint3 blockIdx;
extern __thread dim3 blockDim;
extern __thread dim3 gridDim;
constexpr int warpSize = 32;

namespace shoal::sim {

struct Launch;

// One CUDA thread.
struct Fiber {
  boost::context::detail::fcontext_t ctx = nullptr;
  // Blocked while *wait_word == wait_value; runnable when wait_word is null.
  const unsigned* wait_word = nullptr;
  unsigned wait_value = 0;
  Fiber* next = nullptr;  // schedule ring (shuffled under SHOAL_SIM_SEED)
  Fiber* prev = nullptr;
  uint3 tid{};
  unsigned linear = 0, lane = 0, warp = 0;
  // What the fiber waits on, for diagnostics (nullptr while running).
  const char* wait_what = nullptr;
  std::source_location wait_site;
  void* stack_base = nullptr;  // lowest usable address (for ASan)
  size_t stack_size = 0;
  void* asan_fake_stack = nullptr;
};

enum class WarpOp : unsigned {
  sync, shfl, ballot, any, all, match_any, match_all,
  reduce_add, reduce_min_u, reduce_max_u, reduce_min_s, reduce_max_s, reduce_and, reduce_or, reduce_xor,
};
inline const char* warp_op_name(WarpOp op) {
  static constexpr const char* k_names[] = {
      "__syncwarp",        "__shfl*_sync",      "__ballot_sync",     "__any_sync",        "__all_sync",
      "__match_any_sync",  "__match_all_sync",  "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync",
      "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync",  "__reduce_xor_sync",
  };
  return k_names[static_cast<unsigned>(op)];
}

// Collectives in progress in one warp. Several may be in flight at once
// when their masks are disjoint (tiles); a group is keyed by the lowest lane
// of its mask. Inputs are written by each lane on arrival; the lane that
// completes a group computes every member's output and bumps its seq, which
// wakes it.
struct Warp {
  unsigned live_mask = 0;  // lanes present and not exited
  unsigned arrived = 0;    // lanes waiting in some group
  unsigned claimed = 0;    // union of the masks of the groups in flight
  WarpOp op[32];           // per group leader
  unsigned mask[32];       // per group leader; 0 when no group is led by the lane
  std::source_location site[32];
  uint64_t in[32];
  uint32_t arg[32];
  uint64_t out[32];
  unsigned seq[32];
};

enum class BarrierKind : unsigned { plain, count, and_, or_ };

struct Block {
  Launch* launch = nullptr;
  Fiber* cur = nullptr;
  Fiber main;              // the OS thread's own context
  Fiber* fibers = nullptr;
  Warp* warps = nullptr;
  unsigned nthreads = 0;
  unsigned live = 0;       // fibers not yet exited
  // __syncthreads
  unsigned bar_arrived = 0;
  unsigned bar_gen = 0;
  int bar_acc = 0;
  int bar_result = 0;
  BarrierKind bar_kind = BarrierKind::plain;
  std::source_location bar_site;
  // spin hook
  unsigned spin_streak = 0;
  unsigned backoff = 0;          // os_backoff calls in this wait (0: none yet)
  int64_t wait_since_ns = 0;     // when this wait's first os_backoff ran
  int64_t last_backoff_ns = 0;   // when the latest os_backoff returned
  uint3 block_idx{};
};

extern __thread Block* t_block;
extern __thread unsigned char* t_dynamic_smem;

// Slow paths (src/fiber.cc). All of them name the kernel, block and thread.
[[noreturn]] void report_deadlock(Block* b, const char* why);
[[noreturn]] void report_divergent_barrier(Block* b, Fiber* self, std::source_location loc);
[[noreturn]] void report_warp_misuse(Block* b, Fiber* self, WarpOp op, unsigned mask,
                                     std::source_location loc, const char* why);
[[noreturn]] void report_trap(const char* what, std::source_location loc);
void os_backoff(Block* b);
void warp_complete(Warp& w, unsigned mask, WarpOp op);

inline void switch_to(Block* b, Fiber* self, Fiber* next) {
  b->cur = next;
  threadIdx = next->tid;
#if defined(SHOAL_SIM_ASAN)
  __sanitizer_start_switch_fiber(&self->asan_fake_stack, next->stack_base, next->stack_size);
#endif
  boost::context::detail::transfer_t t = boost::context::detail::jump_fcontext(next->ctx, self);
#if defined(SHOAL_SIM_ASAN)
  __sanitizer_finish_switch_fiber(self->asan_fake_stack, nullptr, nullptr);
#endif
  static_cast<Fiber*>(t.data)->ctx = t.fctx;
}

inline bool runnable(const Fiber* f) { return f->wait_word == nullptr || *f->wait_word != f->wait_value; }

// First runnable fiber in ring order starting at `start` (inclusive), or null.
inline Fiber* find_runnable(Fiber* start) {
  Fiber* f = start;
  do {
    if (runnable(f)) return f;
    f = f->next;
  } while (f != start);
  return nullptr;
}

// Block the current fiber until its wait condition (already set) clears.
inline void block_wait(Block* b, Fiber* self) {
  Fiber* n = find_runnable(self->next);
  if (n == nullptr) report_deadlock(b, "no thread of the block can proceed");
  if (n != self) switch_to(b, self, n);
  // Only runnable fibers are resumed, so the condition holds now.
  self->wait_word = nullptr;
  self->wait_what = nullptr;
}

inline int block_barrier(BarrierKind kind, int pred, std::source_location loc) {
  weak_drain();  // the block's threads see each other's stores after a barrier
  Block* b = t_block;
  Fiber* self = b->cur;
  if (b->bar_arrived == 0) {
    b->bar_site = loc;
    b->bar_kind = kind;
    b->bar_acc = kind == BarrierKind::and_ ? 1 : 0;
  } else if (b->bar_site.line() != loc.line() || b->bar_kind != kind) {
    report_divergent_barrier(b, self, loc);
  }
  switch (kind) {
    case BarrierKind::plain: break;
    case BarrierKind::count: b->bar_acc += pred != 0; break;
    case BarrierKind::and_: b->bar_acc &= pred != 0; break;
    case BarrierKind::or_: b->bar_acc |= pred != 0; break;
  }
  if (++b->bar_arrived == b->live) {
    b->bar_result = b->bar_acc;
    b->bar_arrived = 0;
    ++b->bar_gen;
    b->spin_streak = 0;
    b->backoff = 0;
    return b->bar_result;
  }
  self->wait_word = &b->bar_gen;
  self->wait_value = b->bar_gen;
  self->wait_what = "__syncthreads";
  self->wait_site = loc;
  block_wait(b, self);
  // Valid until the next barrier completes, which needs this fiber first.
  return b->bar_result;
}

inline uint64_t warp_collective(WarpOp op, unsigned mask, uint64_t value, uint32_t arg,
                                std::source_location loc) {
  weak_drain();  // as for block barriers
  Block* b = t_block;
  Fiber* self = b->cur;
  const unsigned lane = self->lane;
  Warp& w = b->warps[self->warp];
  if (((mask >> lane) & 1u) == 0) report_warp_misuse(b, self, op, mask, loc, "mask does not include the calling lane");
  if ((mask & ~w.live_mask) != 0) report_warp_misuse(b, self, op, mask, loc, "mask names lanes that exited or do not exist");
  const unsigned leader = static_cast<unsigned>(__builtin_ctz(mask));
  if ((w.arrived & mask) == 0) {
    if ((w.claimed & mask) != 0)
      report_warp_misuse(b, self, op, mask, loc, "lanes of this mask wait in another collective with a different mask");
    w.claimed |= mask;
    w.op[leader] = op;
    w.mask[leader] = mask;
    w.site[leader] = loc;
  } else if (w.mask[leader] != mask || w.op[leader] != op) {
    report_warp_misuse(b, self, op, mask, loc, "lanes of the warp are in a different collective or pass a different mask");
  }
  w.in[lane] = value;
  w.arg[lane] = arg;
  w.arrived |= 1u << lane;
  if ((w.arrived & mask) == mask) {
    warp_complete(w, mask, op);
    w.arrived &= ~mask;
    w.claimed &= ~mask;
    w.mask[leader] = 0;
    b->spin_streak = 0;
    b->backoff = 0;
    return w.out[lane];
  }
  self->wait_word = &w.seq[lane];
  self->wait_value = w.seq[lane];
  self->wait_what = warp_op_name(op);
  self->wait_site = loc;
  block_wait(b, self);
  return w.out[lane];
}

// A new wait starts (arch::spin_begin): the block's backoff starts over.
inline void spin_begin() {
  if (Block* b = t_block) b->backoff = 0;
}

// The spin hook: let the block's other fibers run; when every fiber of the
// block is spinning or blocked, give the CPU to other blocks and processes.
inline void spin_pause(std::source_location loc = std::source_location::current()) {
  Block* b = t_block;
  if (b == nullptr) return;  // host code
  Fiber* self = b->cur;
  self->wait_what = "a spin loop";
  self->wait_site = loc;
  Fiber* n = find_runnable(self->next);
  if (n == self || ++b->spin_streak >= b->live) {
    b->spin_streak = 0;
    os_backoff(b);
  }
  if (n != self) switch_to(b, self, n);
  self->wait_what = nullptr;
}

}  // namespace shoal::sim
