// The request rings between a PE's producers and its host proxy thread (the
// one consumer). Plain layout shared by the device API
// (shoal/device/proxy.cuh), the host runtime (host/proxy.cc) and the
// transport plugin (transport/proxy/), so it includes nothing CUDA-specific.
//
// Two rings, one kind of writer per counter: the device ring (the Ring the
// device state points to) takes device code's requests, its `head`
// advanced by GPU threads only; the host ring (`Ring::host`, same layout)
// takes host API calls, its `head` advanced by CPU threads only. A
// fetch_add on one word of pinned host memory from both a CPU and a GPU is
// not atomic where the link lacks host-native atomics
// (cudaDevAttrHostNativeAtomicSupported = 0: x86 PCIe machines). On sim both
// kinds of producer are CPU threads; the split is the same. Every other
// shared word has one writer at a time (see the protocol below:
// seq and done hand a slot over, error/sleeping are the proxy's, or the
// waiter's by turns). docs/cuda.md lists every word host and device share.
// The proxy consumes both rings, each in ticket order; a fence or quiet
// taken from one ring is issued only after everything already published
// in the other, so a quiet covers the PE's earlier requests of both kinds.
// The device ring's header alone holds `sleeping`, the doorbell, the assist
// hook and the error; the host ring uses only head, capacity, mask, slots
// and completions.
//
// Protocol (a bounded multi-producer queue with one sequence word per slot):
//   reserve: ticket = atomic fetch_add(head, 1); slot = slots[ticket & mask].
//   wait until slot.seq == ticket (the slot is free for this round; when the
//     ring is full this is the back-pressure: spin, never overwrite).
//   fill the descriptor, then store seq = ticket + 1 with release: published.
//   The proxy reads slots in ticket order; it reads slot t once seq == t + 1
//     (acquire).
//   Completion: for requests without kWait the proxy frees the slot itself
//     (seq = ticket + capacity) once the network operation completed
//     locally. For kWait requests it stores done = ticket + 1 (release) after
//     `result` is written; the waiting thread reads `result` and then frees
//     the slot.
//   Doorbell: an idle proxy sets `sleeping`, looks at the ring once more and
//     naps on its network event fd and `doorbell_fd`. Producers running on
//     the CPU (host API; device code on sim) write the eventfd after
//     publishing when they see `sleeping`; GPU producers cannot, so an idle
//     proxy notices their requests within its nap (50 us).
//   Assist: a CPU thread of the PE that posts, or waits on the proxy, may
//     run one pass of the proxy itself through `assist` (host memory, never
//     called from a GPU): it takes the proxy's lock if it is free, issues
//     what is published (and when waiting, progresses the network), and
//     returns the work done, or -1 when another thread holds the lock. A
//     poster whose assist ran needs no doorbell: its request is issued.
//     The second argument says who calls (AssistKind): a waiter that will
//     sleep next hands the network back to the proxy thread.
//     Null when SHOAL_PROXY_ASSIST=0 (the proxy thread does everything).
//     Posters assist only for requests that move at most kAssistMaxBytes
//     (assist_on_post): a larger transfer is bandwidth, not latency, and
//     the proxy thread copies it on another core while the poster goes on.
//   Errors: the first failed operation fills `error` (device-visible); every
//     device wait on the proxy, and every wait_until/barrier, reports it.
#pragma once

#include <stdint.h>

namespace shoal::proxy {

enum Op : uint32_t {
  kOpPut = 1,         // local -> remote_offset on pe, size bytes (local == 0: inline `value`)
  kOpGet = 2,         // remote_offset on pe -> local, size bytes
  kOpAmo = 3,         // atomic `amo` on the 4/8-byte word at remote_offset; fetch -> result
  kOpPutSignal = 4,   // put, then (ordered after the data) signal at value2 with sig_op/value
  kOpSignal = 5,      // signal_op: sig_op SET/ADD `value` at remote_offset
  kOpFence = 6,       // later operations to a PE are delivered after earlier ones
  kOpQuiet = 7,       // done once every earlier operation completed remotely
  // Strided (iput/iget): `value` elements of `sub` bytes; the remote side
  // starts at remote_offset with a stride of `value2` bytes, the local side
  // at `local` with a stride of `size` bytes. One request for the whole
  // transfer; the proxy issues its elements a window at a time, and later
  // requests wait until it has issued them all (ticket order).
  kOpIput = 8,        // local elements -> remote elements
  kOpIget = 9,        // remote elements -> local elements
};

enum Amo : uint32_t {
  kAmoAdd = 0,    // fetching or not (kFetch)
  kAmoAnd = 1,
  kAmoOr = 2,
  kAmoXor = 3,
  kAmoSwap = 4,   // set = swap without using the result
  kAmoCswap = 5,  // compare value2, swap in value
};

enum Flags : uint32_t {
  kWait = 1,   // a thread waits for `done` (gets, fetches, blocking puts, quiet)
  kFetch = 2,  // atomics: return the old value in `result`
};

// One descriptor: 64 bytes.
struct Request {
  uint64_t seq;            // the protocol word above
  uint32_t op;             // Op
  int32_t pe;              // target PE
  uint64_t remote_offset;  // heap offset on pe
  uint64_t local;          // local address (source of puts, destination of gets); 0 = inline
  uint64_t size;           // bytes (atomics: 4 or 8; strided: the local stride in bytes)
  uint64_t value;          // inline data, atomic operand, signal value (strided: elements)
  uint64_t value2;         // compare value (cswap), signal heap offset (put_signal),
                           // remote stride in bytes (strided)
  uint32_t sub;            // Amo for kOpAmo; SHOAL_SIGNAL_SET/ADD for signals;
                           // element bytes (strided)
  uint32_t flags;          // Flags
};
static_assert(sizeof(Request) == 64, "descriptor is 64 bytes");

// Written by the proxy where a waiting thread reads it (one per slot).
struct Completion {
  uint64_t done;    // ticket + 1 once complete
  uint64_t result;  // fetched value
};

constexpr int kErrorText = 192;

struct Ring {
  uint64_t head;              // next ticket (this ring's producers, one kind: see above)
  uint64_t pad0[7];
  uint32_t capacity;          // power of two
  uint32_t mask;
  Request* slots;             // [capacity], device-visible
  Completion* completions;    // [capacity], device-visible
  uint32_t sleeping;          // 1 while the proxy naps (nothing to do)
  int32_t doorbell_fd;        // eventfd that wakes it; host-side posters ring it when sleeping
  int (*assist)(void* ctx, int kind);  // see Assist above (kind: AssistKind); null: off
  void* assist_ctx;
  Ring* host;                 // the host producers' ring (null: this ring takes everyone's)
  uint64_t sent_bytes;        // written into other PEs' memory for this ring's requests: put
                              // payloads, the word of each signal or atomic (the transport adds, relaxed)
  uint64_t sent_ops;          // operations issued to other PEs (fence and quiet not counted)
  uint32_t error;             // 0, or 1 once an operation failed
  int32_t error_pe;           // target PE of the failed operation
  char error_text[kErrorText];  // "<op> to PE <n> failed: <UCX status>"
};

constexpr uint64_t kAssistMaxBytes = 16384;

// The assist's caller (its second argument).
enum AssistKind : int {
  kAssistPost = 0,          // a poster: issue what is published
  kAssistWait = 1,          // a waiter that polls again soon: also progress the network
  kAssistWaitSleeping = 2,  // a waiter that sleeps next: progress, then the proxy thread serves
};

// Whether a CPU-side poster runs a pass for this request (Assist above).
inline bool assist_on_post(const Request& r) {
  switch (r.op) {
    case kOpPut:
    case kOpGet:
    case kOpPutSignal: return r.size <= kAssistMaxBytes;
    case kOpIput:
    case kOpIget: return r.value * r.sub <= kAssistMaxBytes;
    default: return true;
  }
}

// The op's name for messages.
inline const char* op_name(uint32_t op) {
  switch (op) {
    case kOpPut: return "put";
    case kOpGet: return "get";
    case kOpAmo: return "atomic";
    case kOpPutSignal: return "put_signal";
    case kOpSignal: return "signal_op";
    case kOpFence: return "fence";
    case kOpQuiet: return "quiet";
    case kOpIput: return "iput";
    case kOpIget: return "iget";
  }
  return "?";
}

}  // namespace shoal::proxy
