// Internal to ep/: the sizes of a low-latency buffer, where each piece lives,
// and the plain structs the host hands the kernels by value.
//
// Symmetric region (one shoal_malloc, same offsets on every rank):
//   header                      config fingerprint (creation checks it matches)
//   slot 0, slot 1, each:
//     disp_recv  [E_l][R][maxT] messages (16-byte header, payload, scales)
//     disp_flag  [E_l][R][maxT] u64  (epoch << 8) | k, written by the sender
//     disp_count [E_l][R]       u64  (epoch << 32) | rows, per source rank
//     comb_recv  [maxT][maxK][H] bf16, at the token's home rank
//     comb_flag  [maxT][maxK]   u64  epoch
//     disp_send  [maxT] messages (the sender's quantised tokens; put source)
//     comb_in    [E_l][R*maxT][H] bf16 (zero-copy combine input; optional)
// E_l * R = E, so the region does not depend on the number of ranks.
//
// Device control (cudaMalloc): epochs and arrival counters per (slot, op),
// the rank mask and rank -> PE table, and per slot the token/expert bit
// masks, the receive layout and the output tensors.
#pragma once

#include <cstddef>
#include <cstdint>

namespace shoal::ep::detail {

constexpr int kMsgHeader = 16;
// Threads per block the kernels are compiled for (__launch_bounds__): caps
// registers at 65536 / 512 = 128 per thread so a block always fits an SM.
constexpr int kMaxThreads = 512;
// Normal mode's routed and forwarding kernels (some peer through IBGDA or
// the proxy) are compiled for 256 threads: the runtime's out-of-line
// put/signal calls need more than 128 registers around them, and at 128
// they spilled (docs/perf/ep.md). They run with min(threads, this).
constexpr int kRemoteMaxThreads = 256;
constexpr std::size_t kAlign = 128;

constexpr std::size_t align_up(std::size_t x, std::size_t a = kAlign) { return (x + a - 1) / a * a; }

// Per-row payload and scale bytes for a dispatch dtype (0 bf16, 1 e4m3, 2 ue8m0).
constexpr std::size_t payload_bytes(int dtype, int hidden) {
  return dtype == 0 ? 2 * static_cast<std::size_t>(hidden) : static_cast<std::size_t>(hidden);
}
constexpr std::size_t scale_bytes(int dtype, int hidden) {
  return dtype == 0 ? 0 : dtype == 1 ? static_cast<std::size_t>(hidden / 128) * 4 : static_cast<std::size_t>((hidden / 128 + 3) / 4) * 4;
}
constexpr std::size_t msg_bytes(int dtype, int hidden) {
  return align_up(kMsgHeader + payload_bytes(dtype, hidden) + scale_bytes(dtype, hidden), 16);
}
constexpr int chunks(int tokens) { return (tokens + 31) / 32; }

struct SymLayout {
  std::size_t header = 0, slot_base[2] = {0, 0}, slot_bytes = 0, total = 0;
  // Offsets inside a slot.
  std::size_t disp_recv = 0, disp_flag = 0, disp_count = 0, comb_recv = 0, comb_flag = 0, disp_send = 0,
              comb_in = 0;
};

inline SymLayout sym_layout(int max_tokens, int hidden, int experts, int max_topk, int dtype, bool zero_copy) {
  SymLayout L;
  const std::size_t T = static_cast<std::size_t>(max_tokens), H = static_cast<std::size_t>(hidden),
                    E = static_cast<std::size_t>(experts), K = static_cast<std::size_t>(max_topk);
  const std::size_t msg = msg_bytes(dtype, hidden);
  L.header = kAlign * 4;
  std::size_t o = 0;
  L.disp_recv = o;
  o = align_up(o + E * T * msg);
  L.disp_flag = o;
  o = align_up(o + E * T * 8);
  L.disp_count = o;
  o = align_up(o + E * 8);
  L.comb_recv = o;
  o = align_up(o + T * K * H * 2);
  L.comb_flag = o;
  o = align_up(o + T * K * 8);
  L.disp_send = o;
  o = align_up(o + T * msg);
  L.comb_in = o;
  if (zero_copy) o = align_up(o + E * T * H * 2);
  L.slot_bytes = o;
  L.slot_base[0] = L.header;
  L.slot_base[1] = L.header + L.slot_bytes;
  L.total = L.header + 2 * L.slot_bytes;
  return L;
}

// Pointers of one slot as the kernels see them (symmetric ones are this
// PE's addresses; a remote write uses the same address with the PE).
struct SlotPtrs {
  unsigned char* disp_recv;
  std::uint64_t* disp_flag;
  std::uint64_t* disp_count;
  unsigned char* comb_recv;  // bf16
  std::uint64_t* comb_flag;
  unsigned char* disp_send;
  unsigned char* comb_in;  // bf16, or null
  // Device control of the slot.
  std::uint32_t* chunk_mask;  // [E][chunks(maxT)]
  std::int64_t* range;        // [E_l][R]
  int* recv_count;            // [E_l]
  int* src_rank;              // [E_l][R*maxT]
  int* src_token;
  int* src_k;
  unsigned char* recv_x;       // [E_l][R*maxT][payload]
  unsigned char* recv_scales;  // [E_l][R*maxT][scale bytes]
  unsigned char* out;          // [maxT][H] bf16
  std::uint64_t* epoch;        // [2]: dispatch, combine
  unsigned* arrive;            // [2]
};

struct Params {
  int max_tokens, hidden, experts, max_topk, local_experts, ranks, rank, dtype;
  long long msg, payload, scales;
  long long timeout_cycles;
  double clock_khz;
  int masking;
  int all_p2p;            // every rank's heap is load/store reachable (shoal_ptr)
  int* mask;              // [R] 0 active, 1 masked by the caller, 2 timed out, 3 failed
  const int* pe_of_rank;  // [R]
  SlotPtrs s;
};

// What one call passes besides the params.
struct Call {
  const void* x;     // dispatch: [T][H] bf16
  const void* topk;  // [T][K]
  const float* weights;
  const void* y;     // combine input [E_l][R*maxT][H] bf16
  void* out;         // combine output [T][H] bf16
  int tokens, topk_n, index32;
};

// Launchers (ll_kernels.cu); each returns the launch's error code.
int launch_dispatch_send(const Params& p, const Call& c, int blocks, int threads, void* stream);
int launch_dispatch_recv(const Params& p, int blocks, int threads, void* stream);
int launch_combine_send(const Params& p, const Call& c, int blocks, int threads, void* stream);
int launch_combine_recv(const Params& p, const Call& c, int blocks, int threads, void* stream);
// Blocks of `threads` threads of the cooperative dispatch send kernel that
// can be resident at once on this device (0 on error).
int max_dispatch_send_blocks(int threads, bool all_p2p);

}  // namespace shoal::ep::detail
