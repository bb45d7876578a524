// The UCX proxy transport (libshoal_transport_ucx.so): one host thread per
// PE drains the PE's request rings (shoal/layout/proxy_ring.h: device and
// host producers') and turns each descriptor into ucp_put_nbx / ucp_get_nbx /
// ucp_atomic_op_nbx on the
// target's heap, which every PE registered with UCX at start (rkeys and
// worker addresses exchanged through the bootstrap). The same thread keeps
// the worker progressing, so peers' operations on this PE's heap complete
// over transports that need the target's help (tcp); when idle it arms the
// worker's event fd and sleeps in ppoll.
//
// Ordering as docs/transport-proxy.md states it: requests are issued in
// ticket order; kOpFence and put_signal's data-before-signal use
// ucp_worker_fence; kOpQuiet completes after ucp_worker_flush_nbx.
#include <poll.h>
#include <sys/prctl.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include <sched.h>
#include <time.h>

#include <ucp/api/ucp.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "shoal/layout/proxy_ring.h"
#include "transport/proxy/plugin_abi.h"
#if SHOAL_HAVE_TOPO
#include "transport/topo/topo.h"
#endif

namespace shoal::proxy::ucx {
namespace {

void (*g_log)(int, const char*) = nullptr;

void logf(int level, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
void logf(int level, const char* fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (g_log)
    g_log(level, buf);
  else
    std::fprintf(stderr, "shoal ucx: %s\n", buf);
}

struct Proxy;

// Proxy-side bookkeeping of one ring slot while its operations are in flight.
struct Slot {
  Proxy* proxy = nullptr;
  Ring* ring = nullptr;  // the ring it belongs to (device or host producers')
  uint32_t index = 0;
  uint32_t pending = 0;  // UCX operations (+1 while issuing) not yet completed
  uint64_t ticket = 0;
  uint32_t op = 0;
  uint32_t flags = 0;
  int pe = -1;
  uint64_t operand = 0;  // inline put data / atomic operand (must outlive the operation)
  uint64_t scratch = 0;  // reply of swaps whose result nobody wants
};

struct Proxy {
  shoal_transport_args_v1_t args{};
  std::string bind_cpus;  // the proxy thread's CPUs ("": unbound)
  std::string bind_why;   // where they come from, for the log
  std::string chosen_nic;  // NET_DEVICES set by place() ("": UCX's or the user's choice)
  Ring* ring = nullptr;
  ucp_context_h context = nullptr;
  ucp_worker_h worker = nullptr;
  ucp_mem_h memh = nullptr;
  int efd = -1;
  int doorbell = -1;  // eventfd, see the ring's doorbell protocol
  std::vector<ucp_ep_h> eps;
  std::vector<ucp_rkey_h> rkeys;
  std::vector<uint64_t> remote_base;
  // The rings it consumes (proxy_ring.h): 0 device producers', 1 host
  // producers' (Ring::host), each in ticket order.
  struct Lane {
    Ring* ring = nullptr;
    std::vector<Slot> slots;
    uint64_t tail = 0;
  };
  Lane lanes[2];
  int n_lanes = 1;
  std::thread thread;
  std::atomic<bool> stop{false};
  std::atomic<int> connected{0};  // 0 pending, 1 ok, -1 failed

  std::atomic<bool> error_claimed{false};
  std::atomic<bool> quiesced{false};

  // The pass lock (the ring's Assist protocol): the proxy thread and any
  // assisting thread run drain() and worker progress only while holding it,
  // so UCX (a SERIALIZED worker) and every field above see one thread at a
  // time. Never waited for: a thread that finds it taken goes on.
  std::atomic<bool> busy{false};
  // When a waiting thread last ran a pass with progress (steady ns): while
  // that is recent the proxy thread leaves the network to it (run()).
  std::atomic<int64_t> last_assist_ns{0};
  uint64_t issued_by_thread = 0, issued_by_assist = 0;  // under the lock

  // The sim's weak-order option (SHOAL_SIM_WEAK_ORDER, docs/sim.md), honoured
  // when the heap is host memory (sim): puts are held back and issued in a
  // seeded random order at the next request that orders them (anything but
  // a put: fence, quiet, put_signal, signal, atomic, get) or when a pass
  // finds nothing new, so puts not separated by a fence reach the target in
  // any order. Under the lock.
  bool weak = false;
  std::mt19937_64 weak_rng;
  struct Held {
    Request r;
    Lane* lane;
    uint64_t ticket;
  };
  std::vector<Held> held;

  void issue_held() {
    if (held.empty()) return;
    std::shuffle(held.begin(), held.end(), weak_rng);
    for (std::size_t i = 0; i < held.size(); ++i) {
      issue(held[i].r, *held[i].lane, held[i].ticket);
      // A window in which the target holds this put and not the later ones.
      if (i + 1 < held.size()) {
        const auto until = now_ns() + static_cast<int64_t>(weak_rng() % 50'000);
        while (now_ns() < until) ucp_worker_progress(worker);
      }
    }
    held.clear();
  }

  bool try_lock() {
    return !busy.load(std::memory_order_relaxed) && !busy.exchange(true, std::memory_order_acquire);
  }
  void unlock() { busy.store(false, std::memory_order_release); }

  static int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }

  void fail(int pe, uint32_t op, ucs_status_t st) {
    fail_as(pe, op_name(op), st);
    if (st == UCS_ERR_CANCELED && args.peer_failure && (op == kOpAmo || op == kOpSignal || op == kOpPutSignal))
      logf(1, "if UCX logged `cannot find remote protocol for ... amo_fetch` just before: UCX 1.22 over tcp "
              "has no fetching atomics on endpoints that detect peer failure; SHOAL_PROXY_PEER_FAILURE=0 "
              "turns the detection off (docs/transport-proxy.md)");
  }
  void fail_as(int pe, const char* what, ucs_status_t st) {
    uint32_t zero = 0;
    std::atomic_ref<uint32_t> err(ring->error);
    char text[kErrorText];
    std::snprintf(text, sizeof text, "PE %d: %s to PE %d failed: %s (UCX status %d)", args.my_pe,
                  what, pe, ucs_status_string(st), static_cast<int>(st));
    logf(1, "%s", text);
    // The first error is the one reported; the text is written before the
    // flag is set (release), so readers of the flag see it whole.
    if (error_claimed.exchange(true)) return;
    std::memcpy(ring->error_text, text, sizeof text);
    ring->error_pe = pe;
    err.compare_exchange_strong(zero, 1u, std::memory_order_release);
  }

  void complete(Slot& s) {
    if (s.flags & kWait)
      std::atomic_ref<uint64_t>(s.ring->completions[s.index].done)
          .store(s.ticket + 1, std::memory_order_release);
    else
      std::atomic_ref<uint64_t>(s.ring->slots[s.index].seq)
          .store(s.ticket + s.ring->capacity, std::memory_order_release);
  }

  void release(Slot& s) {
    if (--s.pending == 0) complete(s);
  }

  static void on_done(void* request, ucs_status_t st, void* user_data) {
    Slot& s = *static_cast<Slot*>(user_data);
    if (st != UCS_OK) s.proxy->fail(s.pe, s.op, st);
    s.proxy->release(s);
    ucp_request_free(request);
  }

  // Accounts for one issued operation's status pointer.
  void track(Slot& s, ucs_status_ptr_t r) {
    if (r == nullptr) {
      release(s);
    } else if (UCS_PTR_IS_ERR(r)) {
      fail(s.pe, s.op, UCS_PTR_STATUS(r));
      release(s);
    }  // else: on_done releases it
  }

  ucp_request_param_t param(Slot& s, uint32_t dt_bytes = 0, void* reply = nullptr) {
    ucp_request_param_t p{};
    p.op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK | UCP_OP_ATTR_FIELD_USER_DATA;
    p.cb.send = &Proxy::on_done;
    p.user_data = &s;
    if (dt_bytes) {
      p.op_attr_mask |= UCP_OP_ATTR_FIELD_DATATYPE;
      p.datatype = ucp_dt_make_contig(dt_bytes);
    }
    if (reply) {
      p.op_attr_mask |= UCP_OP_ATTR_FIELD_REPLY_BUFFER;
      p.reply_buffer = reply;
    }
    return p;
  }

  void atomic(Slot& s, ucp_atomic_op_t op, uint64_t operand, uint64_t offset, uint32_t bytes,
              void* reply) {
    s.operand = operand;
    ++s.pending;
    ucp_request_param_t p = param(s, bytes, reply);
    track(s, ucp_atomic_op_nbx(eps[s.pe], op, &s.operand, 1, remote_base[s.pe] + offset,
                               rkeys[s.pe], &p));
  }

  // Quiets: at most one worker flush is in flight (UCX counts flushes per
  // endpoint in 8 bits; a block of threads each calling quiet would
  // overflow it). A quiet that arrives while a flush runs joins the next
  // batch; when the running flush completes, one new flush serves the whole
  // batch: it starts after every operation those quiets follow was issued.
  // Always a new flush, even with nothing issued since the last one: that
  // one may still be in flight, and this quiet must not finish first.
  std::vector<Slot*> flushing, next_flush;
  bool flush_running = false;

  void quiet(Slot& s) {
    next_flush.push_back(&s);
    if (!flush_running) start_flush();
  }

  void start_flush() {
    flushing.swap(next_flush);
    next_flush.clear();
    flush_running = true;
    ucp_request_param_t p{};
    p.op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK | UCP_OP_ATTR_FIELD_USER_DATA;
    p.cb.send = &Proxy::on_flushed;
    p.user_data = this;
    ucs_status_ptr_t r = ucp_worker_flush_nbx(worker, &p);
    if (r == nullptr) {
      flushed(UCS_OK);
    } else if (UCS_PTR_IS_ERR(r)) {
      flushed(UCS_PTR_STATUS(r));
    }  // else: on_flushed
  }

  void flushed(ucs_status_t st) {
    for (Slot* q : flushing) {
      if (st != UCS_OK) fail(q->pe, q->op, st);
      release(*q);
    }
    flushing.clear();
    flush_running = false;
    if (!next_flush.empty()) start_flush();
  }

  static void on_flushed(void* request, ucs_status_t st, void* user_data) {
    static_cast<Proxy*>(user_data)->flushed(st);
    ucp_request_free(request);
  }

  void put(Slot& s, const void* src, uint64_t bytes, uint64_t offset) {
    ++s.pending;
    ucp_request_param_t p = param(s);
    track(s, ucp_put_nbx(eps[s.pe], src, bytes, remote_base[s.pe] + offset, rkeys[s.pe], &p));
  }

  void signal(Slot& s, uint32_t sig_op, uint64_t value, uint64_t offset) {
    // SET (0) swaps (8-byte atomic store), ADD (1) adds.
    if (sig_op == 0)
      atomic(s, UCP_ATOMIC_OP_SWAP, value, offset, 8, &s.scratch);
    else
      atomic(s, UCP_ATOMIC_OP_ADD, value, offset, 8, nullptr);
  }

  // The strided request being issued (kOpIput/kOpIget): its elements go out
  // a window at a time, so a long transfer cannot flood UCX's request pool
  // (the per-element requests it replaces were bounded by the ring); the
  // requests after it wait in the ring until every element is issued.
  static constexpr uint32_t kStrideWindow = 256;
  struct Strided {
    Slot* slot = nullptr;  // null: none
    Request r{};
    uint64_t next = 0;     // next element
  } strided;

  void start_strided(Slot& s, const Request& r) {
    const uint64_t elem = r.sub, n = r.value;
    if (r.size == elem && r.value2 == elem) {
      // Contiguous on both sides: one operation.
      ++s.pending;
      ucp_request_param_t p = param(s);
      const uint64_t remote = remote_base[s.pe] + r.remote_offset;
      void* local = reinterpret_cast<void*>(r.local);
      track(s, r.op == kOpIput ? ucp_put_nbx(eps[s.pe], local, n * elem, remote, rkeys[s.pe], &p)
                               : ucp_get_nbx(eps[s.pe], local, n * elem, remote, rkeys[s.pe], &p));
      release(s);
      return;
    }
    strided.slot = &s;
    strided.r = r;
    strided.next = 0;
    step_strided();
  }

  // Issues the strided request's next elements while fewer than the window
  // are in flight; returns how many. Releases the slot's issuing hold once
  // the last is issued.
  unsigned step_strided() {
    Slot& s = *strided.slot;
    const Request& r = strided.r;
    const uint64_t elem = r.sub;
    unsigned n = 0;
    // s.pending counts the element operations in flight plus the issuing hold.
    while (strided.next < r.value && s.pending <= kStrideWindow) {
      const uint64_t i = strided.next++;
      char* local = reinterpret_cast<char*>(r.local) + i * r.size;
      const uint64_t remote = remote_base[s.pe] + r.remote_offset + i * r.value2;
      ++s.pending;
      ucp_request_param_t p = param(s);
      track(s, r.op == kOpIput ? ucp_put_nbx(eps[s.pe], local, elem, remote, rkeys[s.pe], &p)
                               : ucp_get_nbx(eps[s.pe], local, elem, remote, rkeys[s.pe], &p));
      ++n;
    }
    if (strided.next == r.value) {
      strided.slot = nullptr;
      release(s);
    }
    return n;
  }

  bool valid_target(const Request& r) const {
    return r.pe >= 0 && r.pe < args.n_pes && eps[r.pe] != nullptr;
  }

  // What a request writes into the target's memory (shoal_transport_counters):
  // put payloads, the word of a signal or atomic; gets write nothing there.
  static void count_sent(Ring& ring, const Request& r) {
    uint64_t bytes = 0;
    switch (r.op) {
      case kOpFence:
      case kOpQuiet: return;
      case kOpPut: bytes = r.size; break;
      case kOpPutSignal: bytes = r.size + 8; break;
      case kOpIput: bytes = r.value * r.sub; break;
      case kOpAmo: bytes = r.size; break;  // a 4- or 8-byte word
      case kOpSignal: bytes = 8; break;
      default: break;
    }
    std::atomic_ref<uint64_t>(ring.sent_bytes).fetch_add(bytes, std::memory_order_relaxed);
    std::atomic_ref<uint64_t>(ring.sent_ops).fetch_add(1, std::memory_order_relaxed);
  }

  void issue(const Request& r, Lane& lane, uint64_t ticket) {
    Slot& s = lane.slots[ticket & lane.ring->mask];
    s.ticket = ticket;
    s.op = r.op;
    s.flags = r.flags;
    s.pe = r.pe;
    s.pending = 1;  // released after issuing
    Completion& c = lane.ring->completions[s.index];
    count_sent(*lane.ring, r);
    switch (r.op) {
      case kOpFence:
        ucp_worker_fence(worker);
        break;
      case kOpQuiet:
        ++s.pending;
        quiet(s);
        break;
      default:
        if (!valid_target(r)) {
          fail(r.pe, r.op, UCS_ERR_UNREACHABLE);
          break;
        }
        switch (r.op) {
          case kOpPut:
            if (r.local) {
              put(s, reinterpret_cast<const void*>(r.local), r.size, r.remote_offset);
            } else {
              s.operand = r.value;
              put(s, &s.operand, r.size, r.remote_offset);
            }
            break;
          case kOpGet: {
            void* dest = reinterpret_cast<void*>(r.local);
            if (!dest) {
              c.result = 0;
              dest = &c.result;
            }
            ++s.pending;
            ucp_request_param_t p = param(s);
            track(s, ucp_get_nbx(eps[s.pe], dest, r.size, remote_base[s.pe] + r.remote_offset,
                                 rkeys[s.pe], &p));
            break;
          }
          case kOpAmo: {
            const uint32_t bytes = static_cast<uint32_t>(r.size);
            void* reply = (r.flags & kFetch) ? static_cast<void*>(&c.result) : nullptr;
            c.result = 0;
            ucp_atomic_op_t op = UCP_ATOMIC_OP_ADD;
            switch (r.sub) {
              case kAmoAdd: op = UCP_ATOMIC_OP_ADD; break;
              case kAmoAnd: op = UCP_ATOMIC_OP_AND; break;
              case kAmoOr: op = UCP_ATOMIC_OP_OR; break;
              case kAmoXor: op = UCP_ATOMIC_OP_XOR; break;
              case kAmoSwap: op = UCP_ATOMIC_OP_SWAP; break;
              case kAmoCswap: op = UCP_ATOMIC_OP_CSWAP; break;
            }
            uint64_t operand = r.value;
            if (op == UCP_ATOMIC_OP_SWAP || op == UCP_ATOMIC_OP_CSWAP) {
              if (!reply) reply = &s.scratch;
              if (op == UCP_ATOMIC_OP_CSWAP) {
                // UCX: buffer holds the compare value, the reply buffer the
                // new value going in and the old value coming back.
                operand = r.value2;
                std::memcpy(reply, &r.value, 8);
              }
            }
            atomic(s, op, operand, r.remote_offset, bytes, reply);
            break;
          }
          case kOpSignal:
            signal(s, r.sub, r.value, r.remote_offset);
            break;
          case kOpIput:
          case kOpIget:
            if (r.value != 0 && r.sub != 0) return start_strided(s, r);  // it releases s
            break;
          case kOpPutSignal:
            if (r.size) put(s, reinterpret_cast<const void*>(r.local), r.size, r.remote_offset);
            // The signal must not overtake the data.
            ucp_worker_fence(worker);
            signal(s, r.sub, r.value, r.value2);
            break;
          default:
            fail(r.pe, r.op, UCS_ERR_INVALID_PARAM);
        }
    }
    release(s);
  }

  // Issues what is published in both rings; returns how many.
  unsigned drain() {
    unsigned n = 0;
    if (strided.slot) {
      n = step_strided();
      if (strided.slot) return n;  // window full: later requests wait
    }
    for (int i = 0; i < n_lanes; ++i) n += drain_lane(i, true, nullptr);
    if (weak && (n == 0 || held.size() >= 64)) issue_held();  // nothing new (or many): they go now
    return n;
  }

  // Issues lane i's published requests in ticket order, at most 256; *all
  // (when given) says whether it issued everything published. With `sync`,
  // a fence or quiet first issues everything already published in the other
  // ring (plainly, in its order), and waits for a later pass if that is
  // more than fits now: a quiet covers the PE's earlier requests of both
  // kinds (proxy_ring.h).
  unsigned drain_lane(int i, bool sync, bool* all) {
    Lane& l = lanes[i];
    unsigned n = 0;
    for (unsigned k = 0; k < 256; ++k) {
      if (strided.slot) break;  // the request just issued is strided and not all out
      Request* r = &l.ring->slots[l.tail & l.ring->mask];
      if (std::atomic_ref<uint64_t>(r->seq).load(std::memory_order_acquire) != l.tail + 1) {
        if (all) *all = true;
        return n;
      }
      const Request copy = *r;
      if (sync && n_lanes == 2 && (copy.op == kOpFence || copy.op == kOpQuiet)) {
        bool other_all = false;
        n += drain_lane(1 - i, false, &other_all);
        if (!other_all) break;
      }
      if (weak) {
        if (copy.op == kOpPut) {
          held.push_back({copy, &l, l.tail});
          ++l.tail;
          ++n;
          continue;
        }
        issue_held();  // everything else orders the puts before it
      }
      issue(copy, l, l.tail);
      ++l.tail;
      ++n;
    }
    if (all) *all = false;
    return n;
  }

  // Flushes every endpoint once, forcing the connections up, so an
  // unreachable peer is reported at init.
  bool connect_all() {
    const double limit = args.timeout_s > 0 ? args.timeout_s : 60.0;
    const auto start = std::chrono::steady_clock::now();
    for (int pe = 0; pe < args.n_pes; ++pe) {
      if (!eps[pe]) continue;
      ucp_request_param_t p{};
      ucs_status_ptr_t r = ucp_ep_flush_nbx(eps[pe], &p);
      ucs_status_t st = UCS_OK;
      if (UCS_PTR_IS_ERR(r)) {
        st = UCS_PTR_STATUS(r);
      } else if (r != nullptr) {
        while ((st = ucp_request_check_status(r)) == UCS_INPROGRESS) {
          ucp_worker_progress(worker);
          if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > limit) {
            st = UCS_ERR_TIMED_OUT;
            break;
          }
          sched_yield();
        }
        if (st != UCS_ERR_TIMED_OUT) ucp_request_free(r);
      }
      if (st != UCS_OK) {
        logf(1, "UCX cannot reach PE %d: %s (check UCX_TLS and UCX_NET_DEVICES; `ucx_info -d` "
                "lists the transports)", pe, ucs_status_string(st));
        return false;
      }
    }
    return true;
  }

  // One pass by a thread that posts (kAssistPost: issue what is published)
  // or waits (kAssistWait*: also progress the network). A waiter that polls
  // again soon keeps the proxy thread off the network (run()'s idle policy);
  // one that sleeps next hands it back at once, waking a napping proxy.
  // Posts do not count: a poster that goes back to computing leaves the
  // network to the proxy thread.
  int assist(int kind) {
    if (!try_lock()) return -1;
    unsigned issued = drain();
    issued_by_assist += issued;
    unsigned work = issued;
    if (kind != kAssistPost) {
      while (ucp_worker_progress(worker)) ++work;
      if (kind == kAssistWait) {
        last_assist_ns.store(now_ns(), std::memory_order_relaxed);
      } else if (last_assist_ns.exchange(0, std::memory_order_relaxed) != 0) {
        std::atomic_thread_fence(std::memory_order_seq_cst);
        if (std::atomic_ref<uint32_t>(ring->sleeping).load(std::memory_order_relaxed)) {
          const uint64_t one = 1;
          if (::write(doorbell, &one, sizeof one) < 0) { /* the nap ends by itself */ }
        }
      }
    }
    unlock();
    return static_cast<int>(std::min<unsigned>(work, 1u << 30));
  }

  // A waiter that polls again soon assisted within kAssistedNs: the proxy
  // thread naps on the doorbell and a timer only (kAssistedNapNs), so that
  // network events do not wake it to race the waiter for work the waiter
  // does anyway (each wake-up takes the core from the waiter when they
  // share one: 200 us naps measured ~12 % slower than 1 ms ones in the
  // 8-byte ping-pong on 2 cores, docs/perf/proxy.md). A waiter about to
  // sleep rings the doorbell, so the proxy serves the network again at
  // once; after a wait that simply ended, the network waits for the next
  // poster or waiter, or at most kAssistedNs plus one nap (~1.2 ms) for the
  // proxy thread. With GPU producers (cuda), which cannot ring the doorbell,
  // the nap is 50 us as usual.
  static constexpr int64_t kAssistedNs = 200'000, kAssistedNapNs = 1'000'000;

  void run() {
    // Naps below are 50 us; Linux's default timer slack would stretch each
    // to ~100 us.
    prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
    bind_thread();
    // The pass lock guards every use of the worker. Nobody can assist yet
    // (host/proxy.cc sets the ring's hook after start returns), so it is free.
    while (!try_lock()) sched_yield();
    const bool ok = connect_all();
    unlock();
    connected.store(ok ? 1 : -1, std::memory_order_release);
    // Idle policy: poll with sched_yield until poll_us passed since the last
    // work (a request, a completion, a network event), then nap. Time-based,
    // so a ping-pong that pauses for a round trip finds the proxy still
    // polling. Every idle pass yields: a pass (drain + worker progress, which
    // polls the tcp sockets) costs about a microsecond, and where the proxy
    // shares a core with the PE's own threads (sim; an oversubscribed host)
    // spinning 64 passes before the first yield cost ~40 us per hop of a
    // ping-pong (docs/perf/proxy.md, third run). While waiting threads
    // assist (kAssistedNs) the proxy naps as soon as it is idle.
    using clock = std::chrono::steady_clock;
    const auto window = std::chrono::nanoseconds(static_cast<long long>(args.poll_us * 1000.0));
    auto last_work = clock::now();
    unsigned idle = 0;
    std::atomic_ref<uint32_t> sleeping(ring->sleeping);
    while (!stop.load(std::memory_order_relaxed)) {
      unsigned work = 0;
      if (try_lock()) {
        const unsigned issued = drain();
        issued_by_thread += issued;
        work = issued;
        while (ucp_worker_progress(worker)) ++work;
        unlock();
      }
      if (work) {
        idle = 0;
        last_work = clock::now();
        continue;
      }
      ++idle;
      const bool assisted = now_ns() - last_assist_ns.load(std::memory_order_relaxed) < kAssistedNs;
      if (!assisted && (idle < 256 || clock::now() - last_work < window)) {
        sched_yield();
        continue;
      }
      // Idle: nap until a CPU-side producer rings the doorbell, the network
      // has something (unless a waiter assists), or the nap's time is up
      // (GPU producers cannot ring). The look at the ring after `sleeping`
      // is set must hold the lock, or a pass running now may have missed a
      // request whose poster saw `sleeping` still 0.
      sleeping.store(1, std::memory_order_seq_cst);
      if (!try_lock()) {
        sleeping.store(0, std::memory_order_relaxed);
        sched_yield();
        continue;
      }
      const unsigned late = drain();
      issued_by_thread += late;
      const bool armed = assisted || ucp_worker_arm(worker) == UCS_OK;
      unlock();
      if (late != 0 || !armed) {
        sleeping.store(0, std::memory_order_relaxed);
        idle = 0;
        continue;
      }
      pollfd pfd[2] = {{doorbell, POLLIN, 0}, {efd, POLLIN, 0}};
      timespec nap{0, static_cast<long>(assisted && !args.heap_is_device ? kAssistedNapNs : 50'000)};
      ppoll(pfd, assisted ? 1 : 2, &nap, nullptr);
      sleeping.store(0, std::memory_order_relaxed);
      if (pfd[0].revents & POLLIN) {
        uint64_t v;
        if (::read(doorbell, &v, sizeof v) < 0) { /* nothing to clear */ }
      }
    }
  }

  // Where the proxy runs (SHOAL_PROXY_CPU, SHOAL_PROXY_NIC): the CPUs to bind
  // its thread to, and UCX's NET_DEVICES when the node has several RDMA
  // devices and the user chose none.
  void place(const shoal_transport_args_v1_t& a, ucp_config_t* cfg) {
    const std::string gpu = a.gpu_pci_bus_id ? a.gpu_pci_bus_id : "";
    const std::string cpu = a.cpu_bind ? a.cpu_bind : "auto";
    const bool want_nic = a.nic && std::strcmp(a.nic, "auto") == 0 && !gpu.empty() &&
                          !std::getenv("UCX_NET_DEVICES");
    if (cpu != "auto" && cpu != "none") {
      bind_cpus = cpu;
      bind_why = "SHOAL_PROXY_CPU";
    }
    if (!want_nic && !(cpu == "auto" && !gpu.empty())) return;
#if SHOAL_HAVE_TOPO
    std::string why;
    const auto t = shoal::topo::Topology::load(nullptr, &why);
    if (!t) {
      logf(2, "ucx proxy: no machine topology (%s): NIC and CPUs left to UCX and the OS", why.c_str());
      return;
    }
    if (cpu == "auto") {
      bind_cpus = t->local_cpus(gpu.c_str());
      bind_why = "local to GPU " + gpu;
    }
    const std::vector<std::string> devs = want_nic ? t->rdma_devices() : std::vector<std::string>{};
    if (devs.size() < 2) return;
    const shoal::topo::Choice c = shoal::topo::nearest(*t, gpu.c_str(), devs);
    if (c.distance < 0) return;
    const std::string dev = devs[static_cast<size_t>(c.index)] + ":1";
    const ucs_status_t st = ucp_config_modify(cfg, "NET_DEVICES", dev.c_str());
    if (st == UCS_OK) chosen_nic = dev;
    if (st == UCS_OK)
      logf(3, "ucx proxy: NIC %s, the nearest of %zu RDMA devices to GPU %s (%d hops); UCX_NET_DEVICES "
           "or SHOAL_PROXY_NIC=ucx choose otherwise", dev.c_str(), devs.size(), gpu.c_str(), c.distance);
    else
      logf(2, "ucx proxy: cannot set NET_DEVICES=%s: %s", dev.c_str(), ucs_status_string(st));
#else
    logf(3, "ucx proxy: built without hwloc (libhwloc-dev): NIC and CPUs left to UCX and the OS");
#endif
  }

  void bind_thread() {
    if (bind_cpus.empty()) return;
#if SHOAL_HAVE_TOPO
    std::string got, why;
    if (shoal::topo::bind_this_thread(bind_cpus, &got, &why))
      logf(3, "ucx proxy: thread bound to CPUs %s (%s)", got.c_str(), bind_why.c_str());
    else
      logf(2, "ucx proxy: thread left unbound (%s): %s", bind_why.c_str(), why.c_str());
#else
    logf(2, "ucx proxy: thread left unbound (%s): built without hwloc (libhwloc-dev)", bind_why.c_str());
#endif
  }

  int start(const shoal_transport_args_v1_t& a);
  void shutdown();
};

#define UCX_CHECK(expr, what)                                                  \
  do {                                                                         \
    ucs_status_t st_ = (expr);                                                 \
    if (st_ != UCS_OK) {                                                       \
      logf(1, "%s failed: %s", what, ucs_status_string(st_));                 \
      return 1;                                                                \
    }                                                                          \
  } while (0)

struct EpErrorArg {
  Proxy* proxy;
  int pe;
};
std::vector<std::unique_ptr<EpErrorArg>> g_ep_args;

void on_peer_error(void* arg, ucp_ep_h, ucs_status_t st) {
  auto* a = static_cast<EpErrorArg*>(arg);
  if (a->proxy->quiesced.load()) {
    logf(4, "PE %d closed its connection (%s) during finalize", a->pe, ucs_status_string(st));
    return;
  }
  a->proxy->fail_as(a->pe, "the connection", st);
}

int Proxy::start(const shoal_transport_args_v1_t& a) {
  args = a;
  if (const char* w = std::getenv("SHOAL_SIM_WEAK_ORDER"); w && *w && std::strcmp(w, "0") != 0 && !a.heap_is_device) {
    weak = true;
    weak_rng.seed(std::strtoull(w, nullptr, 0) * 0x9e3779b97f4a7c15ull + static_cast<uint64_t>(a.my_pe));
    logf(4, "ucx proxy: weakly ordered puts (SHOAL_SIM_WEAK_ORDER=%s)", w);
  }
  ring = static_cast<Ring*>(a.ring);
  const int n = a.n_pes;
  lanes[0].ring = ring;
  lanes[1].ring = ring->host;
  n_lanes = ring->host ? 2 : 1;
  for (int l = 0; l < n_lanes; ++l) {
    Lane& lane = lanes[l];
    lane.slots.resize(lane.ring->capacity);
    for (uint32_t i = 0; i < lane.ring->capacity; ++i) {
      lane.slots[i].proxy = this;
      lane.slots[i].ring = lane.ring;
      lane.slots[i].index = i;
    }
  }

  ucp_config_t* cfg = nullptr;
  UCX_CHECK(ucp_config_read(nullptr, nullptr, &cfg), "ucp_config_read");
  place(a, cfg);
  args.gpu_pci_bus_id = args.cpu_bind = args.nic = nullptr;  // the caller's strings: not kept
  ucp_params_t params{};
  params.field_mask = UCP_PARAM_FIELD_FEATURES;
  params.features = UCP_FEATURE_RMA | UCP_FEATURE_AMO32 | UCP_FEATURE_AMO64 | UCP_FEATURE_WAKEUP;
  ucs_status_t st = ucp_init(&params, cfg, &context);
  ucp_config_release(cfg);
  if (st != UCS_OK && !chosen_nic.empty())
    logf(1, "ucx proxy: UCX cannot use %s, the NIC chosen for this PE's GPU; UCX_NET_DEVICES=<devices> "
         "or SHOAL_PROXY_NIC=ucx choose otherwise", chosen_nic.c_str());
  UCX_CHECK(st, "ucp_init");

  ucp_worker_params_t wp{};
  wp.field_mask = UCP_WORKER_PARAM_FIELD_THREAD_MODE;
  wp.thread_mode = UCS_THREAD_MODE_SERIALIZED;
  UCX_CHECK(ucp_worker_create(context, &wp, &worker), "ucp_worker_create");
  UCX_CHECK(ucp_worker_get_efd(worker, &efd), "ucp_worker_get_efd");
  doorbell = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (doorbell < 0) {
    logf(1, "eventfd for the proxy's doorbell failed: %s", std::strerror(errno));
    return 1;
  }
  ring->doorbell_fd = doorbell;

  if (!a.peer_failure)
    logf(3, "peer failure detection is off (SHOAL_PROXY_PEER_FAILURE=0): an operation to a PE that died "
            "may wait until SHOAL_TIMEOUT");
  ucp_mem_map_params_t mp{};
  mp.field_mask = UCP_MEM_MAP_PARAM_FIELD_ADDRESS | UCP_MEM_MAP_PARAM_FIELD_LENGTH;
  mp.address = a.heap_base;
  mp.length = a.heap_size;
  if (a.heap_is_device) {
    // GPU memory: UCX must have CUDA support (cuda_copy to read and write
    // it, and a network transport that registers it: GPUDirect RDMA for
    // InfiniBand, or staging through host memory).
    ucp_context_attr_t ca{};
    ca.field_mask = UCP_ATTR_FIELD_MEMORY_TYPES;
    UCX_CHECK(ucp_context_query(context, &ca), "ucp_context_query");
    if ((ca.memory_types & UCS_BIT(UCS_MEMORY_TYPE_CUDA)) == 0) {
      logf(1, "this UCX has no CUDA support, so it cannot reach the symmetric heap in GPU memory: "
              "install a CUDA-enabled UCX (`ucx_info -d` lists cuda_copy), or set "
              "SHOAL_REMOTE_TRANSPORT=none when every PE is load/store reachable");
      return 1;
    }
    mp.field_mask |= UCP_MEM_MAP_PARAM_FIELD_MEMORY_TYPE;
    mp.memory_type = UCS_MEMORY_TYPE_CUDA;
  }
  UCX_CHECK(ucp_mem_map(context, &mp, &memh), "ucp_mem_map of the symmetric heap");

  void* rkey_buf = nullptr;
  size_t rkey_len = 0;
  UCX_CHECK(ucp_rkey_pack(context, memh, &rkey_buf, &rkey_len), "ucp_rkey_pack");
  ucp_address_t* addr = nullptr;
  size_t addr_len = 0;
  st = ucp_worker_get_address(worker, &addr, &addr_len);
  if (st != UCS_OK) {
    ucp_rkey_buffer_release(rkey_buf);
    UCX_CHECK(st, "ucp_worker_get_address");
  }

  // Exchange: sizes and heap bases first, then the padded blobs.
  struct Sizes {
    uint64_t addr_len, rkey_len, heap_base;
  };
  std::vector<Sizes> sizes(n);
  Sizes mine{addr_len, rkey_len, reinterpret_cast<uint64_t>(a.heap_base)};
  int rc = a.allgather(a.boot, &mine, sizes.data(), sizeof mine);
  size_t max_addr = 0, max_rkey = 0;
  for (const Sizes& s : sizes) {
    max_addr = std::max<size_t>(max_addr, s.addr_len);
    max_rkey = std::max<size_t>(max_rkey, s.rkey_len);
  }
  const size_t blob = max_addr + max_rkey;
  std::vector<unsigned char> send(blob, 0), recv(blob * n, 0);
  std::memcpy(send.data(), addr, addr_len);
  std::memcpy(send.data() + max_addr, rkey_buf, rkey_len);
  ucp_worker_release_address(worker, addr);
  ucp_rkey_buffer_release(rkey_buf);
  if (rc == 0) rc = a.allgather(a.boot, send.data(), recv.data(), blob);
  if (rc != 0) {
    logf(1, "exchanging UCX addresses through the bootstrap failed");
    return 1;
  }

  eps.assign(n, nullptr);
  rkeys.assign(n, nullptr);
  remote_base.assign(n, 0);
  for (int pe = 0; pe < n; ++pe) {
    if (!a.proxied[pe]) continue;
    remote_base[pe] = sizes[pe].heap_base;
    g_ep_args.push_back(std::make_unique<EpErrorArg>(EpErrorArg{this, pe}));
    ucp_ep_params_t ep{};
    ep.field_mask = UCP_EP_PARAM_FIELD_REMOTE_ADDRESS | UCP_EP_PARAM_FIELD_ERR_HANDLING_MODE |
                    UCP_EP_PARAM_FIELD_ERR_HANDLER;
    ep.address = reinterpret_cast<const ucp_address_t*>(recv.data() + pe * blob);
    ep.err_mode = a.peer_failure ? UCP_ERR_HANDLING_MODE_PEER : UCP_ERR_HANDLING_MODE_NONE;
    ep.err_handler.cb = on_peer_error;
    ep.err_handler.arg = g_ep_args.back().get();
    st = ucp_ep_create(worker, &ep, &eps[pe]);
    if (st != UCS_OK) {
      logf(1, "ucp_ep_create to PE %d failed: %s (check UCX_TLS and UCX_NET_DEVICES)", pe,
           ucs_status_string(st));
      return 1;
    }
    st = ucp_ep_rkey_unpack(eps[pe], recv.data() + pe * blob + max_addr, &rkeys[pe]);
    if (st != UCS_OK) {
      logf(1, "unpacking PE %d's heap key failed: %s", pe, ucs_status_string(st));
      return 1;
    }
  }

  // The thread connects (it progresses the worker, so peers' connections to
  // this PE complete too), then serves the ring.
  thread = std::thread([this] { run(); });
  while (connected.load(std::memory_order_acquire) == 0)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  int ok = connected.load() == 1 ? 1 : 0;
  std::vector<int> all(n);
  if (a.allgather(a.boot, &ok, all.data(), sizeof ok) != 0) return 1;
  for (int pe = 0; pe < n; ++pe)
    if (!all[pe]) {
      logf(1, "PE %d could not connect to its remote peers over UCX (its log says which)", pe);
      return 1;
    }
  logf(3, "ucx proxy: connected to %d remote PEs", static_cast<int>(std::count_if(
                                                      eps.begin(), eps.end(),
                                                      [](ucp_ep_h e) { return e != nullptr; })));
  return 0;
}

void Proxy::shutdown() {
  if (thread.joinable()) {
    stop.store(true);
    thread.join();
    logf(4, "ucx proxy: %llu requests issued by the proxy thread, %llu by threads that posted or waited "
            "(SHOAL_PROXY_ASSIST)", static_cast<unsigned long long>(issued_by_thread),
         static_cast<unsigned long long>(issued_by_assist));
  }
  for (int pe = 0; pe < static_cast<int>(eps.size()); ++pe) {
    if (rkeys[pe]) ucp_rkey_destroy(rkeys[pe]);
    if (!eps[pe]) continue;
    ucp_request_param_t p{};
    p.op_attr_mask = UCP_OP_ATTR_FIELD_FLAGS;
    p.flags = UCP_EP_CLOSE_FLAG_FORCE;
    ucs_status_ptr_t r = ucp_ep_close_nbx(eps[pe], &p);
    if (r != nullptr && !UCS_PTR_IS_ERR(r)) {
      while (ucp_request_check_status(r) == UCS_INPROGRESS) ucp_worker_progress(worker);
      ucp_request_free(r);
    }
  }
  eps.clear();
  rkeys.clear();
  if (doorbell >= 0) ::close(doorbell);
  doorbell = -1;
  if (memh) ucp_mem_unmap(context, memh);
  if (worker) ucp_worker_destroy(worker);
  if (context) ucp_cleanup(context);
  memh = nullptr;
  worker = nullptr;
  context = nullptr;
}

int plugin_start(const shoal_transport_args_v1_t* args, void** ctx_p) {
  g_log = args->log;
  auto p = std::make_unique<Proxy>();
  if (p->start(*args) != 0) {
    p->shutdown();
    return 1;
  }
  *ctx_p = p.release();
  return 0;
}

int plugin_stop(void* ctx) {
  auto* p = static_cast<Proxy*>(ctx);
  p->shutdown();
  delete p;
  g_ep_args.clear();
  return 0;
}

int plugin_quiesce(void* ctx) {
  static_cast<Proxy*>(ctx)->quiesced.store(true);
  return 0;
}

int plugin_assist(void* ctx, int kind) { return static_cast<Proxy*>(ctx)->assist(kind); }

const shoal_transport_plugin_v1_t kPlugin = {SHOAL_TRANSPORT_ABI_VERSION, "ucx", plugin_start,
                                             plugin_stop, plugin_quiesce, plugin_assist};

}  // namespace
}  // namespace shoal::proxy::ucx

extern "C" __attribute__((visibility("default"))) const shoal_transport_plugin_v1_t*
shoal_transport_plugin_v1(void) {
  return &shoal::proxy::ucx::kPlugin;
}
