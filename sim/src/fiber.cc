// Fibers of one block: stacks, the block runner, thread exit, warp
// collective completion, the spin backoff and the diagnostics.
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "base/env.h"
#include "base/log.h"
#include "shoal/sim/idle_hook.h"
#include "shoal/sim/timeout_hook.h"
#include "sim/src/sim.h"

#if defined(SHOAL_SIM_ASAN)
#include <sanitizer/asan_interface.h>
#endif

__thread uint3 threadIdx;
__thread uint3 blockIdx;
__thread dim3 blockDim;
__thread dim3 gridDim;

namespace shoal::sim {

__thread Block* t_block = nullptr;
__thread unsigned char* t_dynamic_smem = nullptr;

namespace {

#if defined(SHOAL_SIM_ASAN)
constexpr size_t k_default_stack = 256 * 1024;
#else
constexpr size_t k_default_stack = 64 * 1024;
#endif

Config load_config() {
  Config c{};
  long long v = 0;
  if (env::get_int("SHOAL_SIM_SM_COUNT", 8, 1, 1024, &v) != Status::ok) fatal("bad SHOAL_SIM_SM_COUNT");
  c.sm_count = static_cast<unsigned>(v);
  if (env::get_int("SHOAL_SIM_DEVICES", 8, 1, 64, &v) != Status::ok) fatal("bad SHOAL_SIM_DEVICES (1 to 64)");
  c.device_count = static_cast<unsigned>(v);
  uint64_t sz = 0;
  if (env::get_size("SHOAL_SIM_STACK_SIZE", k_default_stack, &sz) != Status::ok || sz < 16 * 1024)
    fatal("bad SHOAL_SIM_STACK_SIZE (a size of at least 16k, e.g. 64k)");
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  c.stack_size = (sz + page - 1) / page * page;
  if (env::get_seconds("SHOAL_TIMEOUT", 300, &c.timeout_s) != Status::ok) fatal("bad SHOAL_TIMEOUT");
  const std::string seed = env::get_string("SHOAL_SIM_SEED");
  if (!seed.empty()) {
    char* end = nullptr;
    c.seed = std::strtoull(seed.c_str(), &end, 0);
    if (*end != '\0') fatal("bad SHOAL_SIM_SEED '%s' (an unsigned integer)", seed.c_str());
    c.seeded = true;
  }
  return c;
}

struct Stack {
  void* base;  // lowest usable address; the guard page lies just below
  size_t size;
};

// Per OS thread: reusable fiber records and stacks of the blocks it runs.
struct WorkerState {
  std::vector<Fiber> fibers;
  std::vector<Warp> warps;
  std::vector<Stack> stacks;
  unsigned char* smem = nullptr;
  size_t smem_cap = 0;
  Block block;
  bool main_known = false;

  WorkerState() : fibers(k_max_threads_per_block), warps(k_max_threads_per_block / 32) {}
  ~WorkerState() {
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    for (Stack& s : stacks) munmap(static_cast<char*>(s.base) - page, s.size + page);
    std::free(smem);
  }
};

thread_local WorkerState t_worker;

#if !defined(SHOAL_SIM_ASAN)
// A fault in the guard page below the running fiber's stack is a stack
// overflow: say so, then let the previous handler (or the default) act.
// (Under ASan, its own handler reports the overflow.)
struct sigaction g_prev_segv;
size_t g_page = 4096;

void on_segv(int, siginfo_t* si, void*) {
  const Block* b = t_block;
  if (b != nullptr && b->cur != nullptr && b->cur != &b->main) {
    const char* addr = static_cast<const char*>(si->si_addr);
    const char* base = static_cast<const char*>(b->cur->stack_base);
    if (addr < base && addr >= base - g_page) {
      char msg[512];
      const int len = std::snprintf(msg, sizeof(msg),
                                    "shoal sim: stack overflow in kernel %s, block (%u,%u,%u), thread (%u,%u,%u): "
                                    "the fiber stack (%zu bytes) is too small; raise SHOAL_SIM_STACK_SIZE\n",
                                    b->launch->spec->name.c_str(), b->block_idx.x, b->block_idx.y, b->block_idx.z,
                                    b->cur->tid.x, b->cur->tid.y, b->cur->tid.z, b->cur->stack_size);
      if (len > 0) (void)!write(STDERR_FILENO, msg, static_cast<size_t>(len));
    }
  }
  sigaction(SIGSEGV, &g_prev_segv, nullptr);  // the faulting access repeats under it
}

void install_overflow_handler() {
  static std::once_flag once;
  std::call_once(once, [] {
    g_page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    struct sigaction sa{};
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, &g_prev_segv);
  });
  // The handler cannot run on the overflowed stack.
  thread_local bool has_altstack = false;
  if (!has_altstack) {
    const size_t size = 64 * 1024;
    void* m = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m != MAP_FAILED) {
      stack_t ss{};
      ss.ss_sp = m;
      ss.ss_size = size;
      sigaltstack(&ss, nullptr);
    }
    has_altstack = true;
  }
}
#endif

void ensure_stacks(WorkerState& w, unsigned n) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
#if !defined(SHOAL_SIM_ASAN)
  install_overflow_handler();
#endif
  const size_t size = config().stack_size;
  while (w.stacks.size() < n) {
    void* m = mmap(nullptr, size + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK,
                   -1, 0);
    if (m == MAP_FAILED)
      fatal("sim: cannot map a %zu-byte fiber stack (%zu live): %s; lower SHOAL_SIM_STACK_SIZE or the block size",
            size, w.stacks.size(), std::strerror(errno));
    if (mprotect(m, page, PROT_NONE) != 0) fatal("sim: mprotect of a stack guard page failed: %s", std::strerror(errno));
    w.stacks.push_back(Stack{static_cast<char*>(m) + page, size});
  }
}

void ensure_smem(WorkerState& w, size_t bytes) {
  if (bytes <= w.smem_cap && w.smem != nullptr) return;
  std::free(w.smem);
  w.smem_cap = std::max<size_t>(bytes, 256);
  w.smem = static_cast<unsigned char*>(std::aligned_alloc(128, (w.smem_cap + 127) / 128 * 128));
  if (w.smem == nullptr) fatal("sim: cannot allocate %zu bytes of dynamic shared memory", bytes);
}

const unsigned k_never = 0;

void complete_barrier(Block* b) {
  b->bar_result = b->bar_acc;
  b->bar_arrived = 0;
  ++b->bar_gen;
}

[[noreturn]] void fiber_exit(Block* b) {
  Fiber* self = b->cur;
  self->wait_word = &k_never;
  self->wait_value = 0;
  self->wait_what = "exited";
  Warp& w = b->warps[self->warp];
  const unsigned bit = 1u << self->lane;
  w.live_mask &= ~bit;
  if ((w.claimed & bit) != 0) {
    // Group leaders hold a non-zero mask while their group is in flight.
    unsigned leader = 0;
    while (leader < 32 && (w.mask[leader] & bit) == 0) ++leader;
    if (leader < 32)
      report_warp_misuse(b, self, w.op[leader], w.mask[leader], w.site[leader],
                         "the thread exited while other lanes wait for it in this collective");
  }
  --b->live;
  Fiber* start = self->next;
  self->prev->next = self->next;
  self->next->prev = self->prev;
  // Exited threads no longer count toward __syncthreads (as on the hardware).
  if (b->live > 0 && b->bar_arrived > 0 && b->bar_arrived == b->live) complete_barrier(b);
  Fiber* n = &b->main;
  if (b->live > 0) {
    n = find_runnable(start);
    if (n == nullptr) report_deadlock(b, "a thread exited and the remaining threads cannot proceed");
  }
  b->cur = n;
  threadIdx = n->tid;
#if defined(SHOAL_SIM_ASAN)
  __sanitizer_start_switch_fiber(nullptr, n->stack_base, n->stack_size);
#endif
  boost::context::detail::jump_fcontext(n->ctx, self);
  __builtin_unreachable();
}

void fiber_entry(boost::context::detail::transfer_t t) {
#if defined(SHOAL_SIM_ASAN)
  __sanitizer_finish_switch_fiber(nullptr, nullptr, nullptr);
#endif
  static_cast<Fiber*>(t.data)->ctx = t.fctx;
  Block* b = t_block;
  b->launch->spec->call->run();
  fiber_exit(b);
}

void run_block(Launch& L, unsigned linear_block, WorkerState& w) {
  const LaunchSpec& s = *L.spec;
  const unsigned n = L.nthreads;
  blockIdx = uint3{linear_block % s.grid.x, (linear_block / s.grid.x) % s.grid.y, linear_block / (s.grid.x * s.grid.y)};
  blockDim = s.block;
  gridDim = s.grid;
  ensure_stacks(w, n);
  ensure_smem(w, s.dynamic_smem);

  Block& b = w.block;
  b.launch = &L;
  b.fibers = w.fibers.data();
  b.warps = w.warps.data();
  b.nthreads = n;
  b.live = n;
  b.bar_arrived = 0;
  b.bar_gen = 0;
  b.spin_streak = 0;
  b.backoff = 0;
  b.block_idx = blockIdx;
  if (!w.main_known) {
    pthread_attr_t attr;
    pthread_getattr_np(pthread_self(), &attr);
    pthread_attr_getstack(&attr, &b.main.stack_base, &b.main.stack_size);
    pthread_attr_destroy(&attr);
    w.main_known = true;
  }
  for (unsigned i = 0; i < n; ++i) {
    Fiber& f = w.fibers[i];
    const Stack& st = w.stacks[i];
#if defined(SHOAL_SIM_ASAN)
    // A finished fiber never unwound its frames; clear their poisoning.
    __asan_unpoison_memory_region(st.base, st.size);
#endif
    f.tid = uint3{i % s.block.x, (i / s.block.x) % s.block.y, i / (s.block.x * s.block.y)};
    f.linear = i;
    f.lane = i & 31;
    f.warp = i >> 5;
    f.wait_word = nullptr;
    f.wait_what = nullptr;
    f.stack_base = st.base;
    f.stack_size = st.size;
    f.asan_fake_stack = nullptr;
    f.ctx = boost::context::detail::make_fcontext(static_cast<char*>(st.base) + st.size, st.size, fiber_entry);
  }
  // Schedule ring: index order, or a seeded permutation.
  std::vector<unsigned> order(n);
  for (unsigned i = 0; i < n; ++i) order[i] = i;
  if (config().seeded) {
    std::mt19937_64 rng(config().seed ^ (L.serial * 0x9e3779b97f4a7c15ull) ^ (uint64_t{linear_block} << 32));
    std::shuffle(order.begin(), order.end(), rng);
  }
  for (unsigned i = 0; i < n; ++i) {
    Fiber& f = w.fibers[order[i]];
    f.next = &w.fibers[order[(i + 1) % n]];
    f.prev = &w.fibers[order[(i + n - 1) % n]];
  }
  const unsigned nwarps = (n + 31) / 32;
  for (unsigned i = 0; i < nwarps; ++i) {
    Warp& wp = w.warps[i];
    const unsigned lanes = std::min(32u, n - i * 32);
    wp.live_mask = lanes == 32 ? 0xffffffffu : ((1u << lanes) - 1);
    wp.arrived = 0;
    wp.claimed = 0;
    std::memset(wp.mask, 0, sizeof(wp.mask));
    std::memset(wp.seq, 0, sizeof(wp.seq));
  }
  t_block = &b;
  t_dynamic_smem = w.smem;
  switch_to(&b, &b.main, &w.fibers[order[0]]);
  t_block = nullptr;
  t_dynamic_smem = nullptr;
}

void print_fiber_states(const Block* b) {
  // Group consecutive threads that wait at the same place.
  const Fiber* fibers = b->fibers;
  unsigned i = 0;
  while (i < b->nthreads) {
    const Fiber& f = fibers[i];
    unsigned j = i + 1;
    while (j < b->nthreads && fibers[j].wait_what == f.wait_what &&
           fibers[j].wait_site.line() == f.wait_site.line() &&
           std::strcmp(fibers[j].wait_site.file_name(), f.wait_site.file_name()) == 0)
      ++j;
    const char* what = f.wait_what != nullptr ? f.wait_what : "running (not at a barrier, collective or spin hook)";
    char range[64];
    if (j - i == 1)
      std::snprintf(range, sizeof(range), "thread (%u,%u,%u)", f.tid.x, f.tid.y, f.tid.z);
    else
      std::snprintf(range, sizeof(range), "threads %u..%u (linear)", i, j - 1);
    if (f.wait_what == nullptr || std::strcmp(f.wait_what, "exited") == 0)
      std::fprintf(stderr, "shoal sim:   %s: %s\n", range, what);
    else
      std::fprintf(stderr, "shoal sim:   %s: waiting in %s at %s:%u (in %s)\n", range, what, f.wait_site.file_name(),
                   static_cast<unsigned>(f.wait_site.line()), f.wait_site.function_name());
    i = j;
  }
}

}  // namespace

const Config& config() {
  static const Config c = load_config();
  return c;
}

void run_blocks(Launch& L, unsigned slot) {
  WorkerState& w = t_worker;
  for (;;) {
    const unsigned blk = L.next_block.fetch_add(1, std::memory_order_relaxed);
    if (blk >= L.nblocks) break;
    L.active[slot].store(&w.block, std::memory_order_release);
    run_block(L, blk, w);
    weak_drain();  // the block's stores are complete when it ends
    L.active[slot].store(nullptr, std::memory_order_release);
  }
}

void warp_complete(Warp& w, unsigned mask, WarpOp op) {
  uint64_t all = 0;
  switch (op) {
    case WarpOp::sync: break;
    case WarpOp::shfl:
      for (unsigned m = mask; m != 0; m &= m - 1) {
        const unsigned l = static_cast<unsigned>(__builtin_ctz(m));
        // A source lane outside the mask is undefined on the GPU; sim returns
        // whatever that lane last contributed.
        w.out[l] = w.in[w.arg[l]];
      }
      break;
    case WarpOp::ballot:
    case WarpOp::any:
    case WarpOp::all: {
      unsigned ballot = 0;
      for (unsigned m = mask; m != 0; m &= m - 1) {
        const unsigned l = static_cast<unsigned>(__builtin_ctz(m));
        if (w.in[l] != 0) ballot |= 1u << l;
      }
      all = op == WarpOp::ballot ? ballot : op == WarpOp::any ? ballot != 0 : ballot == mask;
      break;
    }
    case WarpOp::match_any:
      for (unsigned m = mask; m != 0; m &= m - 1) {
        const unsigned l = static_cast<unsigned>(__builtin_ctz(m));
        unsigned same = 0;
        for (unsigned k = mask; k != 0; k &= k - 1) {
          const unsigned o = static_cast<unsigned>(__builtin_ctz(k));
          if (w.in[o] == w.in[l]) same |= 1u << o;
        }
        w.out[l] = same;
      }
      break;
    case WarpOp::match_all: {
      const uint64_t first = w.in[__builtin_ctz(mask)];
      all = mask;
      for (unsigned m = mask; m != 0; m &= m - 1)
        if (w.in[__builtin_ctz(m)] != first) all = 0;
      break;
    }
    default: {
      const unsigned l0 = static_cast<unsigned>(__builtin_ctz(mask));
      uint32_t acc = static_cast<uint32_t>(w.in[l0]);
      for (unsigned m = mask & (mask - 1); m != 0; m &= m - 1) {
        const uint32_t v = static_cast<uint32_t>(w.in[__builtin_ctz(m)]);
        switch (op) {
          case WarpOp::reduce_add: acc += v; break;
          case WarpOp::reduce_min_u: acc = std::min(acc, v); break;
          case WarpOp::reduce_max_u: acc = std::max(acc, v); break;
          case WarpOp::reduce_min_s:
            acc = static_cast<uint32_t>(std::min(static_cast<int32_t>(acc), static_cast<int32_t>(v)));
            break;
          case WarpOp::reduce_max_s:
            acc = static_cast<uint32_t>(std::max(static_cast<int32_t>(acc), static_cast<int32_t>(v)));
            break;
          case WarpOp::reduce_and: acc &= v; break;
          case WarpOp::reduce_or: acc |= v; break;
          case WarpOp::reduce_xor: acc ^= v; break;
          default: break;
        }
      }
      all = acc;
      break;
    }
  }
  const bool per_lane = op == WarpOp::shfl || op == WarpOp::match_any;
  for (unsigned m = mask; m != 0; m &= m - 1) {
    const unsigned l = static_cast<unsigned>(__builtin_ctz(m));
    if (!per_lane) w.out[l] = all;
    ++w.seq[l];
  }
}

namespace {
std::atomic<IdleHook> g_idle_fn{nullptr};
std::atomic<void*> g_idle_ctx{nullptr};
std::atomic<int> g_idle_running{0};

int run_idle_hook(bool will_sleep) {
  if (g_idle_fn.load(std::memory_order_relaxed) == nullptr) return 0;
  g_idle_running.fetch_add(1, std::memory_order_seq_cst);
  const IdleHook fn = g_idle_fn.load(std::memory_order_seq_cst);
  const int work = fn != nullptr ? fn(g_idle_ctx.load(std::memory_order_relaxed), will_sleep ? 1 : 0) : 0;
  g_idle_running.fetch_sub(1, std::memory_order_release);
  return work;
}
}  // namespace

void set_idle_hook(IdleHook fn, void* ctx) {
  if (fn == nullptr) {
    g_idle_fn.store(nullptr, std::memory_order_seq_cst);
    while (g_idle_running.load(std::memory_order_acquire) != 0) sched_yield();
    return;
  }
  g_idle_ctx.store(ctx, std::memory_order_relaxed);
  g_idle_fn.store(fn, std::memory_order_seq_cst);
}

// Backoff of a block whose fibers all spin, by time waited: yield the CPU
// for the first kYieldNs of a wait (a ping-pong's reply usually comes
// within it), then sleep a quarter of the time waited beyond that (1 us ..
// 250 us), so the CPU goes to whoever must progress (a long wait that woke
// every 50 us cost the proxy threads moving its data ~40 % of their
// bandwidth on 2 cores, docs/perf/proxy.md). A wait starts with the first
// backoff after a barrier, or when the block ran for kNewWaitNs without
// backing off (its fibers did other
// work in between: the previous spin loop ended). Sleeps use a 1 us timer
// slack (Linux's default 50 us would make every nap at least that long).
void os_backoff(Block* b) {
  constexpr int64_t kYieldNs = 100'000, kNewWaitNs = 200'000, kMaxSleepNs = 250'000;
  static thread_local const bool slack_set = prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0) == 0;
  (void)slack_set;
  Launch* L = b->launch;
  const auto now = std::chrono::steady_clock::now();
  if (L->has_deadline && now > L->deadline) report_timeout(*L);
  const auto ns = [](std::chrono::steady_clock::time_point t) {
    return static_cast<int64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count());
  };
  const int64_t t = ns(now);
  if (b->backoff == 0 || t - b->last_backoff_ns > kNewWaitNs) {
    b->backoff = 0;
    b->wait_since_ns = t;
  }
  ++b->backoff;
  const int64_t waited = t - b->wait_since_ns;
  if (run_idle_hook(waited >= kYieldNs) > 0) {
    // The hook did work for a waiter (sim/idle_hook.h): look again first.
  } else if (waited < kYieldNs) {
    sched_yield();
  } else {
    const long sleep_ns = static_cast<long>(std::clamp<int64_t>((waited - kYieldNs) / 4, 1000, kMaxSleepNs));
    timespec ts{0, sleep_ns};
    nanosleep(&ts, nullptr);
  }
  b->last_backoff_ns = ns(std::chrono::steady_clock::now());
}

static void print_where(const Block* b, const Fiber* f) {
  std::fprintf(stderr, "shoal sim: kernel %s, block (%u,%u,%u), thread (%u,%u,%u)\n", b->launch->spec->name.c_str(),
               b->block_idx.x, b->block_idx.y, b->block_idx.z, f->tid.x, f->tid.y, f->tid.z);
}

void report_deadlock(Block* b, const char* why) {
  std::fprintf(stderr, "shoal sim: deadlock in kernel %s, block (%u,%u,%u): %s\n", b->launch->spec->name.c_str(),
               b->block_idx.x, b->block_idx.y, b->block_idx.z, why);
  print_fiber_states(b);
  fatal("sim: deadlock in kernel %s block (%u,%u,%u)", b->launch->spec->name.c_str(), b->block_idx.x,
        b->block_idx.y, b->block_idx.z);
}

void report_divergent_barrier(Block* b, Fiber* self, std::source_location loc) {
  print_where(b, self);
  std::fprintf(stderr,
               "shoal sim: divergent __syncthreads: this thread reached the barrier at %s:%u while %u thread(s) of "
               "the block wait at %s:%u\n",
               loc.file_name(), static_cast<unsigned>(loc.line()), b->bar_arrived, b->bar_site.file_name(),
               static_cast<unsigned>(b->bar_site.line()));
  print_fiber_states(b);
  fatal("sim: divergent __syncthreads in kernel %s block (%u,%u,%u) thread (%u,%u,%u)", b->launch->spec->name.c_str(),
        b->block_idx.x, b->block_idx.y, b->block_idx.z, self->tid.x, self->tid.y, self->tid.z);
}

void report_warp_misuse(Block* b, Fiber* self, WarpOp op, unsigned mask, std::source_location loc, const char* why) {
  const Warp& w = b->warps[self->warp];
  print_where(b, self);
  std::fprintf(stderr, "shoal sim: %s(mask 0x%08x) at %s:%u by lane %u: %s\n", warp_op_name(op), mask,
               loc.file_name(), static_cast<unsigned>(loc.line()), self->lane, why);
  for (unsigned l = 0; l < 32; ++l) {
    if (w.mask[l] == 0) continue;
    std::fprintf(stderr, "shoal sim:   lanes 0x%08x wait in %s(mask 0x%08x) at %s:%u; lanes present 0x%08x\n",
                 w.arrived & w.mask[l], warp_op_name(w.op[l]), w.mask[l], w.site[l].file_name(),
                 static_cast<unsigned>(w.site[l].line()), w.live_mask);
  }
  fatal("sim: bad warp collective in kernel %s block (%u,%u,%u) thread (%u,%u,%u) (warp %u lane %u)",
        b->launch->spec->name.c_str(), b->block_idx.x, b->block_idx.y, b->block_idx.z, self->tid.x, self->tid.y,
        self->tid.z, self->warp, self->lane);
}

void report_trap(const char* what, std::source_location loc) {
  Block* b = t_block;
  if (b == nullptr) fatal("sim: %s at %s:%u (host code)", what, loc.file_name(), static_cast<unsigned>(loc.line()));
  print_where(b, b->cur);
  fatal("sim: %s at %s:%u in kernel %s block (%u,%u,%u) thread (%u,%u,%u)", what, loc.file_name(),
        static_cast<unsigned>(loc.line()), b->launch->spec->name.c_str(), b->block_idx.x, b->block_idx.y,
        b->block_idx.z, b->cur->tid.x, b->cur->tid.y, b->cur->tid.z);
}

namespace {
std::mutex g_hooks_mu;
std::vector<std::pair<TimeoutHook, void*>> g_hooks;
}  // namespace

void add_timeout_hook(TimeoutHook fn, void* ctx) {
  std::lock_guard<std::mutex> lk(g_hooks_mu);
  g_hooks.emplace_back(fn, ctx);
}

void remove_timeout_hook(TimeoutHook fn, void* ctx) {
  std::lock_guard<std::mutex> lk(g_hooks_mu);
  std::erase(g_hooks, std::make_pair(fn, ctx));
}

void report_timeout(Launch& L) {
  if (L.reported.exchange(true)) {
    for (;;) pause();  // another thread is reporting and will end the process
  }
  std::fprintf(stderr, "shoal sim: kernel %s still running after SHOAL_TIMEOUT=%g s (+ %g s grace); blocked threads:\n",
               L.spec->name.c_str(), config().timeout_s, watchdog_grace_s());
  for (auto& slot : L.active) {
    const Block* b = slot.load(std::memory_order_acquire);
    if (b == nullptr) continue;
    std::fprintf(stderr, "shoal sim:  block (%u,%u,%u):\n", b->block_idx.x, b->block_idx.y, b->block_idx.z);
    print_fiber_states(b);  // racy snapshot of a running block; diagnostics only
  }
  {
    std::lock_guard<std::mutex> lk(g_hooks_mu);
    for (const auto& [fn, ctx] : g_hooks) fn(ctx);
  }
  fatal("sim: kernel %s timed out (SHOAL_TIMEOUT=%g s)", L.spec->name.c_str(), config().timeout_s);
}

}  // namespace shoal::sim

long long clock64() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
