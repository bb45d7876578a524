// The device API's IBGDA path (docs/transport-ibgda.md): operations on PEs
// that are not load/store reachable become mlx5 WQEs on this PE's RC queue
// pairs to them (shoal/device/mlx5/queue.cuh), and the remote_* functions at
// the end route each remote operation to IBGDA or to the host proxy.
//
// Ordering contract for IBGDA targets (same as P2P, see api.cuh):
//   A thread's operations to one PE go to one QP (its warp's: qps[warp %
//   n_qps]); an RC QP executes its WQEs in order at the responder, so
//   fence() needs no WQE (per-QP ordering is the fence).
//   put/p/iput: inline WRITEs (<= 28 bytes: the source is copied into the
//     WQE) return at once; larger blocking puts wait for their CQE (source
//     reusable); put_nbi returns once posted (source untouched until quiet).
//     A larger source outside the registered heap is copied into the QP's
//     staging slots and WRITTEN from there; that put (nbi too) returns
//     completed.
//   get/g/iget, fetching atomics: wait for the CQE; the data is here (a
//     destination outside the heap: READ into staging slots, then copied).
//   put_signal: the data WRITE(s), then on the same QP the signal: an
//     ATOMIC fetch-add (ADD) or an 8-byte inline WRITE (SET); in-order
//     execution delivers the data before the signal.
//   quiet: every QP to every IBGDA peer has completed what was posted.
//   Errors: a failed CQE or a timed-out wait traps with the PE, QP, WQE and
//     operation (the queue layer prints the CQE's details first).
#pragma once

#include "device/arch/memory.h"
#include "shoal/device/check.cuh"
#include "shoal/layout/ibgda_table.h"
#include "shoal/device/mlx5/queue.cuh"
#include "shoal/device/proxy.cuh"
#include "shoal/types.h"

#include <string.h>

namespace shoal::device {

// The IBGDA entry of `pe`, or null when IBGDA does not serve it.
SHOAL_ARCH_FN const IbgdaPeer* ibgda_peer(int pe) {
  const State& s = state();
  if (s.ibgda == nullptr || s.peer_base[pe] != nullptr) return nullptr;
  const IbgdaPeer* p = &s.ibgda->peers[pe];
  return p->n_qps != 0 ? p : nullptr;
}

// A ring of `count` slots (result cells, staging buffers) handed out by
// ticket: ticket k uses slot k % count once the holder of ticket k - count
// has released it (seq[slot] == k; the host starts seq[c] at c). A holder
// owns its slots until it releases them, after reading them: nothing can
// reuse a slot underneath its reader, however many WQEs complete meanwhile.
// Deadlock-free: a thread takes its tickets (n consecutive ones, in one
// fetch-add) before it reserves SQ slots, holds one window at a time, and
// releases it without waiting for anything but its own completions; so a
// ticket waits only for lower tickets, whose holders make progress.
struct IbgdaPool {
  uint64_t* next;  // the ticket counter
  uint64_t* seq;   // [count]
  uint32_t count;  // a power of two
};

// The calling thread's QP to `p` and that QP's result cells and staging.
struct IbgdaQp {
  mlx5::qp* q;
  uint64_t* cells;  // [cells + 1]; the last one takes results nobody reads
  char* stage;      // [stage_slots * stage_bytes]
  IbgdaPool cell_pool, stage_pool;
};
SHOAL_ARCH_FN IbgdaQp ibgda_qp(const IbgdaPeer* p) {
  uint32_t k = 0;
  if (p->n_qps > 1) {
    const uint32_t warps = (blockDim.x * blockDim.y * blockDim.z + 31) / 32;
    const uint32_t tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const uint32_t block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    k = (block * warps + tid / 32) % p->n_qps;
  }
  const Ibgda& g = *state().ibgda;
  const IbgdaArea& a = g.area;
  char* area = p->areas + k * a.bytes;
  auto* counters = reinterpret_cast<uint64_t*>(area);
  return {&p->qps[k],
          reinterpret_cast<uint64_t*>(area + a.cells),
          area + a.stage,
          {&counters[0], reinterpret_cast<uint64_t*>(area + a.cell_seq), g.bounce_cells},
          {&counters[1], reinterpret_cast<uint64_t*>(area + a.stage_seq), g.stage_slots}};
}

[[noreturn]] SHOAL_DEVICE_COLD void fail_ibgda(const char* call, const char* op, int pe, const mlx5::qp* q,
                                               int status) {
  if (status == mlx5::post_job_failed)
    SHOAL_DEVICE_GAVE_UP(failed_pe(), "%s: IBGDA %s to PE %d, QP 0x%x", call, op, pe, q->qpn);
  if (status == mlx5::post_timeout || q->error.syndrome == mlx5::syn_timeout)
    SHOAL_DEVICE_FAIL("%s: IBGDA %s to PE %d: QP 0x%x timed out waiting for the NIC (see the line above)", call,
                      op, pe, q->qpn);
  SHOAL_DEVICE_FAIL("%s: IBGDA %s to PE %d failed: QP 0x%x, WQE %u (%s) completed with syndrome 0x%x (%s)", call,
                    op, pe, q->qpn, q->error.wqe_index, mlx5::opcode_name(static_cast<uint8_t>(q->error.opcode)),
                    q->error.syndrome, mlx5::syndrome_name(static_cast<uint8_t>(q->error.syndrome)));
  __builtin_unreachable();
}

SHOAL_ARCH_FN void ibgda_ok(const char* call, const char* op, int pe, const mlx5::qp* q, int status) {
  if (status != mlx5::post_ok) fail_ibgda(call, op, pe, q, status);
}

// Takes n (1..count) consecutive tickets of `pool` and waits until their
// slots are free; returns the first ticket. A wait longer than SHOAL_TIMEOUT
// traps naming the PE, the QP and the operation.
SHOAL_ARCH_FN uint64_t pool_acquire(const char* call, const char* op, int pe, const mlx5::qp* q,
                                    const IbgdaPool& pool, uint32_t n, const char* what) {
  const uint64_t k = arch::atomic_fetch_add<arch::scope::sys>(pool.next, static_cast<uint64_t>(n));
  for (uint64_t t = k; t < k + n; ++t) {
    arch::spin_begin();  // one wait per slot, as the device Deadline marks it
    mlx5::detail::deadline dl;
    while (arch::ld_acquire_sys(&pool.seq[t & (pool.count - 1)]) != t) {
      if (arch::ld_acquire_sys(&q->has_error) != 0) fail_ibgda(call, op, pe, q, mlx5::post_qp_error);
      if (dl.expired(q)) {
        if (dl.job_failed) fail_ibgda(call, op, pe, q, mlx5::post_job_failed);
        SHOAL_DEVICE_FAIL("%s: IBGDA %s to PE %d, QP 0x%x: waited %.1f s for %s %llu (ticket %llu) to be "
                          "released by ticket %llu's holder (slot now at ticket %llu)",
                          call, op, pe, q->qpn, static_cast<double>(q->timeout_ns) / 1e9, what,
                          static_cast<unsigned long long>(t & (pool.count - 1)), static_cast<unsigned long long>(t),
                          static_cast<unsigned long long>(t - pool.count),
                          static_cast<unsigned long long>(arch::ld_acquire_sys(&pool.seq[t & (pool.count - 1)])));
      }
      arch::spin_pause();
    }
  }
  return k;
}

// Hands tickets [k, k+n) on: their slots go to tickets k+count.. .
SHOAL_ARCH_FN void pool_release(const IbgdaPool& pool, uint64_t k, uint32_t n) {
  for (uint64_t t = k; t < k + n; ++t) arch::st_release_sys(&pool.seq[t & (pool.count - 1)], t + pool.count);
}

SHOAL_ARCH_FN uint64_t ibgda_raddr(const IbgdaPeer* p, const void* sym) {
  return p->heap_addr + static_cast<uint64_t>(static_cast<const char*>(sym) - state().heap_base);
}

// [a, a+n) lies in this PE's heap (registered: usable as a local buffer).
SHOAL_ARCH_FN bool in_local_heap(const void* a, size_t n) {
  const State& s = state();
  const uintptr_t x = reinterpret_cast<uintptr_t>(a), b = reinterpret_cast<uintptr_t>(s.heap_base);
  return x >= b && x - b <= s.heap_size && n <= s.heap_size - (x - b);
}

// Transfers between `local`, outside the registered heap, and the peer at
// raddr through the QP's staging slots: each round takes up to stage_slots
// slots (one ticket window), WRITEs from / READs into them (one CQE, on the
// round's last WQE), waits for it, copies out (get) and releases the slots.
// `signal` (put_signal; may be null) follows the last data WRITE in the same
// doorbell. Returns when the data (and signal) have completed.
SHOAL_ARCH_FN void ibgda_staged(const char* call, const char* op, bool is_get, char* local, uint64_t raddr,
                                size_t bytes, int pe, const IbgdaPeer* p, const IbgdaQp& t,
                                const mlx5::wqe_desc* signal) {
  const Ibgda& g = *state().ibgda;
  const size_t window = static_cast<size_t>(g.stage_slots) * g.stage_bytes;
  for (size_t off = 0; off < bytes;) {
    const size_t round = bytes - off < window ? bytes - off : window;
    const uint32_t n = static_cast<uint32_t>((round + g.stage_bytes - 1) / g.stage_bytes);
    const uint64_t k = pool_acquire(call, op, pe, t.q, t.stage_pool, n, "staging slot");
    const bool final_round = off + round >= bytes;
    uint64_t last = 0;
    for (uint32_t j = 0; j < n; ++j) {
      const size_t at = static_cast<size_t>(j) * g.stage_bytes;
      const uint32_t len = static_cast<uint32_t>(round - at < g.stage_bytes ? round - at : g.stage_bytes);
      char* slot = t.stage + ((k + j) & (g.stage_slots - 1)) * static_cast<size_t>(g.stage_bytes);
      const bool last_wqe = j + 1 == n;
      const bool then_signal = last_wqe && final_round && signal != nullptr;
      const uint8_t flags = last_wqe && !then_signal ? mlx5::ce_cqe_always : 0;
      const uint64_t slot_addr = reinterpret_cast<uint64_t>(slot);
      if (!is_get) memcpy(slot, local + off + at, len);
      const mlx5::wqe_desc d =
          is_get ? mlx5::wqe_read_desc(0, 0, flags, slot_addr, g.bounce_lkey, raddr + off + at, p->rkey, len)
                 : mlx5::wqe_write_desc(0, 0, flags, slot_addr, g.bounce_lkey, raddr + off + at, p->rkey, len);
      if (then_signal) {
        mlx5::wqe_desc sd = *signal;
        sd.fm_ce_se = static_cast<uint8_t>(sd.fm_ce_se | mlx5::ce_cqe_always);
        ibgda_ok(call, op, pe, t.q, mlx5::post2(t.q, d, sd, &last));
      } else {
        ibgda_ok(call, op, pe, t.q, mlx5::post(t.q, d, &last));
      }
    }
    ibgda_ok(call, op, pe, t.q, mlx5::wait_completed(t.q, last + 1));
    if (is_get)
      for (uint32_t j = 0; j < n; ++j) {
        const size_t at = static_cast<size_t>(j) * g.stage_bytes;
        const size_t len = round - at < g.stage_bytes ? round - at : g.stage_bytes;
        memcpy(local + off + at, t.stage + ((k + j) & (g.stage_slots - 1)) * static_cast<size_t>(g.stage_bytes), len);
      }
    pool_release(t.stage_pool, k, n);
    off += round;
  }
}

// put: WRITEs from the heap (registered), inline WRITEs (<= 28 bytes: the
// source is copied into the WQE), or WRITEs from staging slots (a larger
// source outside the heap).
SHOAL_ARCH_FN void ibgda_put(const char* call, void* dest, const void* src, size_t bytes, int pe,
                             const IbgdaPeer* p, bool wait) {
  const IbgdaQp t = ibgda_qp(p);
  const uint64_t raddr = ibgda_raddr(p, dest);
  if (bytes <= mlx5::max_inline_bytes) {
    ibgda_ok(call, "put", pe, t.q,
             mlx5::post(t.q, mlx5::wqe_write_inline_desc(0, 0, 0, src, static_cast<uint32_t>(bytes), raddr, p->rkey)));
    return;
  }
  if (!in_local_heap(src, bytes)) {
    ibgda_staged(call, "put", false, const_cast<char*>(static_cast<const char*>(src)), raddr, bytes, pe, p, t, nullptr);
    return;
  }
  const Ibgda& g = *state().ibgda;
  uint64_t last = 0;
  for (size_t off = 0; off < bytes; off += g.max_wqe_bytes) {
    const uint32_t n = static_cast<uint32_t>(bytes - off < g.max_wqe_bytes ? bytes - off : g.max_wqe_bytes);
    const uint8_t flags = (wait && off + n >= bytes) ? mlx5::ce_cqe_always : 0;
    ibgda_ok(call, "put", pe, t.q,
             mlx5::post(t.q,
                        mlx5::wqe_write_desc(0, 0, flags, reinterpret_cast<uint64_t>(src) + off, g.heap_lkey,
                                             raddr + off, p->rkey, n),
                        &last));
  }
  if (wait) ibgda_ok(call, "put", pe, t.q, mlx5::wait_completed(t.q, last + 1));
}

// Posts one WQE that lands 8 bytes in a result cell (desc_of(cell address)),
// waits for its CQE and returns the cell. The cell is this thread's from
// before the WQE is posted until it has been read.
template <class DescFn>
SHOAL_ARCH_FN uint64_t ibgda_fetch(const char* call, const char* op, int pe, const IbgdaQp& t, DescFn desc_of) {
  const uint64_t k = pool_acquire(call, op, pe, t.q, t.cell_pool, 1, "result cell");
  uint64_t* cell = &t.cells[k & (t.cell_pool.count - 1)];
  uint64_t i = 0;
  ibgda_ok(call, op, pe, t.q, mlx5::post(t.q, desc_of(reinterpret_cast<uint64_t>(cell)), &i));
  ibgda_ok(call, op, pe, t.q, mlx5::wait_completed(t.q, i + 1));
  const uint64_t v = arch::ld_relaxed_sys(cell);
  pool_release(t.cell_pool, k, 1);
  return v;
}

// g and small gets: an RDMA READ of 1..8 bytes into a result cell.
SHOAL_ARCH_FN uint64_t ibgda_get_small(const char* call, const void* src, size_t bytes, int pe,
                                       const IbgdaPeer* p) {
  const IbgdaQp t = ibgda_qp(p);
  const Ibgda& g = *state().ibgda;
  const uint64_t raddr = ibgda_raddr(p, src);
  return ibgda_fetch(call, "get", pe, t, [&](uint64_t cell) {
    return mlx5::wqe_read_desc(0, 0, mlx5::ce_cqe_always, cell, g.bounce_lkey, raddr, p->rkey,
                               static_cast<uint32_t>(bytes));
  });
}

// get: READs into the heap (registered), or into staging slots and from
// there to a destination outside the heap.
SHOAL_ARCH_FN void ibgda_get(const char* call, void* dest, const void* src, size_t bytes, int pe,
                             const IbgdaPeer* p) {
  const IbgdaQp t = ibgda_qp(p);
  const Ibgda& g = *state().ibgda;
  const uint64_t raddr = ibgda_raddr(p, src);
  if (!in_local_heap(dest, bytes)) {
    ibgda_staged(call, "get", true, static_cast<char*>(dest), raddr, bytes, pe, p, t, nullptr);
    return;
  }
  uint64_t last = 0;
  for (size_t off = 0; off < bytes; off += g.max_wqe_bytes) {
    const uint32_t n = static_cast<uint32_t>(bytes - off < g.max_wqe_bytes ? bytes - off : g.max_wqe_bytes);
    const uint8_t flags = off + n >= bytes ? mlx5::ce_cqe_always : 0;
    ibgda_ok(call, "get", pe, t.q,
             mlx5::post(t.q,
                        mlx5::wqe_read_desc(0, 0, flags, reinterpret_cast<uint64_t>(dest) + off, g.heap_lkey,
                                            raddr + off, p->rkey, n),
                        &last));
  }
  ibgda_ok(call, "get", pe, t.q, mlx5::wait_completed(t.q, last + 1));
}

// One 8-byte NIC atomic (FA: compare unused) at raddr; returns the old value
// when fetching (else 0, and the result goes to the discard cell).
SHOAL_ARCH_FN uint64_t ibgda_atomic8(const char* call, int pe, const IbgdaPeer* p, bool cas, uint64_t raddr,
                                     uint64_t operand, uint64_t compare, bool fetch) {
  const IbgdaQp t = ibgda_qp(p);
  const Ibgda& g = *state().ibgda;
  auto desc = [&](uint64_t cell, uint8_t flags) {
    return cas ? mlx5::wqe_compare_swap_desc(0, 0, flags, cell, g.bounce_lkey, raddr, p->rkey, compare, operand)
               : mlx5::wqe_fetch_add_desc(0, 0, flags, cell, g.bounce_lkey, raddr, p->rkey, operand);
  };
  if (!fetch) {
    ibgda_ok(call, "atomic", pe, t.q, mlx5::post(t.q, desc(reinterpret_cast<uint64_t>(&t.cells[g.bounce_cells]), 0)));
    return 0;
  }
  return mlx5::atomic_result(
      ibgda_fetch(call, "atomic", pe, t, [&](uint64_t cell) { return desc(cell, mlx5::ce_cqe_always); }));
}

SHOAL_ARCH_FN uint64_t amo_apply(uint32_t amo, uint64_t old, uint64_t v) {
  switch (amo) {
    case proxy::kAmoAdd: return old + v;
    case proxy::kAmoAnd: return old & v;
    case proxy::kAmoOr: return old | v;
    case proxy::kAmoXor: return old ^ v;
    default: return v;  // swap, compare-swap
  }
}

// An atomic on a 4- or 8-byte word (proxy::kAmo* codes, as the proxy takes
// them). Native: 8-byte add (fetch-add) and compare-swap. Everything else
// (and/or/xor/swap, and every 4-byte operation) is a compare-swap loop on
// the aligned 8-byte word holding the target; a 4-byte operation leaves the
// other half as it finds it. Returns the old value when fetching.
SHOAL_ARCH_FN uint64_t ibgda_amo(const char* call, const void* dest, size_t bytes, uint32_t amo, uint64_t value,
                                 uint64_t compare, bool fetch, int pe, const IbgdaPeer* p) {
  const uint64_t raddr = ibgda_raddr(p, dest);
  if (bytes == 8 && amo == proxy::kAmoAdd) return ibgda_atomic8(call, pe, p, false, raddr, value, 0, fetch);
  if (bytes == 8 && amo == proxy::kAmoCswap) return ibgda_atomic8(call, pe, p, true, raddr, value, compare, true);
  const uint64_t word = raddr & ~uint64_t{7};
  const uint32_t shift = static_cast<uint32_t>(raddr - word) * 8;
  const uint64_t mask = bytes == 8 ? ~uint64_t{0} : ((uint64_t{1} << (8 * bytes)) - 1);
  uint64_t cur = ibgda_atomic8(call, pe, p, false, word, 0, 0, true);  // an atomic read
  for (;;) {
    const uint64_t old = (cur >> shift) & mask;
    if (amo == proxy::kAmoCswap && old != (compare & mask)) return old;
    const uint64_t next = (cur & ~(mask << shift)) | ((amo_apply(amo, old, value) & mask) << shift);
    const uint64_t seen = ibgda_atomic8(call, pe, p, true, word, next, cur, true);
    if (seen == cur) return old;
    cur = seen;
  }
}

// The signal WQE of signal_op / put_signal: SET is an 8-byte inline WRITE,
// ADD an ATOMIC fetch-add whose result nobody reads.
SHOAL_ARCH_FN mlx5::wqe_desc ibgda_signal_desc(const IbgdaQp& t, const IbgdaPeer* p, const uint64_t* sig,
                                               uint64_t value, int sig_op, uint8_t flags) {
  const Ibgda& g = *state().ibgda;
  const uint64_t raddr = ibgda_raddr(p, sig);
  if (sig_op == SHOAL_SIGNAL_SET) return mlx5::wqe_write_inline_desc(0, 0, flags, &value, 8, raddr, p->rkey);
  return mlx5::wqe_fetch_add_desc(0, 0, flags, reinterpret_cast<uint64_t>(&t.cells[g.bounce_cells]), g.bounce_lkey,
                                  raddr, p->rkey, value);
}

SHOAL_ARCH_FN void ibgda_signal(const char* call, uint64_t* sig, uint64_t value, int sig_op, int pe,
                                const IbgdaPeer* p) {
  const IbgdaQp t = ibgda_qp(p);
  ibgda_ok(call, "signal", pe, t.q, mlx5::post(t.q, ibgda_signal_desc(t, p, sig, value, sig_op, 0)));
}

// put_signal: the data as ibgda_put sends it, then the signal on the same
// QP; the last data WQE and the signal go out in one doorbell (post2).
SHOAL_ARCH_FN void ibgda_put_signal(const char* call, void* dest, const void* src, size_t bytes, uint64_t* sig,
                                    uint64_t value, int sig_op, int pe, const IbgdaPeer* p, bool wait) {
  const bool inl = bytes <= mlx5::max_inline_bytes;
  const IbgdaQp t = ibgda_qp(p);
  const Ibgda& g = *state().ibgda;
  const uint64_t raddr = ibgda_raddr(p, dest);
  const uint8_t sflags = wait ? mlx5::ce_cqe_always : 0;
  const mlx5::wqe_desc signal = ibgda_signal_desc(t, p, sig, value, sig_op, sflags);
  uint64_t last = 0;
  if (bytes == 0) {
    ibgda_ok(call, "put_signal", pe, t.q, mlx5::post(t.q, signal, &last));
  } else if (inl) {
    ibgda_ok(call, "put_signal", pe, t.q,
             mlx5::post2(t.q, mlx5::wqe_write_inline_desc(0, 0, 0, src, static_cast<uint32_t>(bytes), raddr, p->rkey),
                         signal, &last));
  } else if (!in_local_heap(src, bytes)) {
    // Through staging slots, the signal behind the last data WRITE; returns completed.
    ibgda_staged(call, "put_signal", false, const_cast<char*>(static_cast<const char*>(src)), raddr, bytes, pe, p,
                 t, &signal);
    return;
  } else {
    for (size_t off = 0; off < bytes; off += g.max_wqe_bytes) {
      const uint32_t n = static_cast<uint32_t>(bytes - off < g.max_wqe_bytes ? bytes - off : g.max_wqe_bytes);
      const mlx5::wqe_desc data = mlx5::wqe_write_desc(0, 0, 0, reinterpret_cast<uint64_t>(src) + off, g.heap_lkey,
                                                       raddr + off, p->rkey, n);
      ibgda_ok(call, "put_signal", pe, t.q,
               off + n >= bytes ? mlx5::post2(t.q, data, signal, &last) : mlx5::post(t.q, data));
    }
  }
  if (wait) ibgda_ok(call, "put_signal", pe, t.q, mlx5::wait_completed(t.q, last + 1));
}

// quiet: every QP to every IBGDA peer completes what was posted to it.
SHOAL_DEVICE_OUTLINE void ibgda_quiet(const char* call) {
  const State& s = state();
  if (s.ibgda == nullptr) return;
  for (int pe = 0; pe < s.n_pes; ++pe) {
    const IbgdaPeer& p = s.ibgda->peers[pe];
    for (uint32_t k = 0; k < p.n_qps; ++k) ibgda_ok(call, "quiet", pe, &p.qps[k], mlx5::quiet(&p.qps[k]));
  }
}

// Reports a failed QP (waits call it as they spin: a failed put may be why
// nothing arrives).
SHOAL_DEVICE_OUTLINE void ibgda_check(const char* call) {
  const State& s = state();
  if (s.ibgda == nullptr) return;
  for (int pe = 0; pe < s.n_pes; ++pe) {
    const IbgdaPeer& p = s.ibgda->peers[pe];
    for (uint32_t k = 0; k < p.n_qps; ++k)
      if (arch::ld_acquire_sys(&p.qps[k].has_error) != 0) fail_ibgda(call, "operation", pe, &p.qps[k], mlx5::post_qp_error);
  }
}

// --- routing: IBGDA when it serves the PE, else the proxy ------------------
// Out of line (SHOAL_DEVICE_OUTLINE): the remote paths are compiled once per
// translation unit, not into every entry point that may take them.

SHOAL_DEVICE_OUTLINE void remote_put(const char* call, void* dest, const void* src, size_t bytes, int pe, bool wait) {
  if (const IbgdaPeer* p = ibgda_peer(pe)) return ibgda_put(call, dest, src, bytes, pe, p, wait);
  proxy_put(call, dest, src, bytes, pe, wait);
}

SHOAL_DEVICE_OUTLINE void remote_put_inline(const char* call, void* dest, uint64_t value, size_t bytes, int pe) {
  if (const IbgdaPeer* p = ibgda_peer(pe)) return ibgda_put(call, dest, &value, bytes, pe, p, false);
  proxy_put_inline(call, dest, value, bytes, pe);
}

SHOAL_DEVICE_OUTLINE void remote_get(const char* call, void* dest, const void* src, size_t bytes, int pe) {
  if (const IbgdaPeer* p = ibgda_peer(pe)) return ibgda_get(call, dest, src, bytes, pe, p);
  proxy_get(call, dest, src, bytes, pe);
}

SHOAL_DEVICE_OUTLINE uint64_t remote_get_inline(const char* call, const void* src, size_t bytes, int pe) {
  if (const IbgdaPeer* p = ibgda_peer(pe)) return ibgda_get_small(call, src, bytes, pe, p);
  return proxy_get_inline(call, src, bytes, pe);
}

SHOAL_DEVICE_OUTLINE uint64_t remote_amo(const char* call, const void* dest, size_t bytes, uint32_t amo, uint64_t value,
                                  uint64_t compare, bool fetch, int pe) {
  if (const IbgdaPeer* p = ibgda_peer(pe)) return ibgda_amo(call, dest, bytes, amo, value, compare, fetch, pe, p);
  return proxy_amo(call, dest, bytes, amo, value, compare, fetch, pe);
}

SHOAL_DEVICE_OUTLINE void remote_signal(const char* call, uint64_t* sig, uint64_t value, int sig_op, int pe) {
  if (const IbgdaPeer* p = ibgda_peer(pe)) return ibgda_signal(call, sig, value, sig_op, pe, p);
  proxy_signal(call, sig, value, sig_op, pe);
}

SHOAL_DEVICE_OUTLINE void remote_put_signal(const char* call, void* dest, const void* src, size_t bytes, uint64_t* sig,
                                     uint64_t value, int sig_op, int pe, bool wait) {
  if (const IbgdaPeer* p = ibgda_peer(pe))
    return ibgda_put_signal(call, dest, src, bytes, sig, value, sig_op, pe, p, wait);
  proxy_put_signal(call, dest, src, bytes, sig, value, sig_op, pe, wait);
}

}  // namespace shoal::device
