// Posting mlx5 WQEs and polling the CQ from device code, at thread and warp
// scope. One `qp` object (in device-visible memory, shared by every thread
// that posts to the QP) holds the queue addresses and the counters below.
//
// Posting protocol (all counters are 64-bit and never wrap; the NIC sees
// them mod 2^16 (WQE index, doorbell record) or mod the queue depth (slot)):
//   1. reserve: atomic_fetch_add(reserved, n) gives the caller WQE indices
//      [i, i+n); it then waits (polling the CQ) until i+n - completed <= depth,
//      i.e. the slots are free.
//   2. fill: the WQEs are written into their 64-byte slots (one thread, or
//      four lanes per WQE at warp scope).
//   3. publish, in index order: wait until posted == i; fence (sys) so the
//      WQEs are visible to the NIC; doorbell record := i+n (big-endian,
//      release); fence; doorbell: the first 8 bytes of the last WQE's ctrl
//      segment to the UAR (arch::st_mmio64), or, in cpu doorbell mode (no
//      UAR mapped), the same 8 bytes to `db_word` for the host thread that
//      rings; posted := i+n (release).
// Completion: a WQE asks for a CQE when (index+1) % signal_interval == 0, or
// when quiet() needs one (a signalled NOP). A CQE for WQE k completes every
// WQE up to k (RC completes in order). Pollers take `poll_lock` with a CAS,
// drain the valid CQEs (owner bit == pass parity, opcode != invalid), advance
// `completed` and write the CQ doorbell record (consumer index, big-endian).
// At most depth/signal_interval CQEs are ever outstanding, so a CQ with as
// many entries as the SQ has slots never overruns.
//
// Errors: an error CQE is decoded once (PE, QP, WQE index, opcode,
// syndrome) into a printed line and `qp::error`; every call on the QP then
// returns that error instead of waiting forever. A wait that lasts longer
// than `timeout_ns` (reserve, publish, quiet) prints what it waits for (the
// counters, the doorbell record, the next CQE's owner byte), marks the QP
// failed with syndrome `syn_timeout` and returns post_timeout. Once the
// job-failure word (`qp::job_failed`) is set, waits return post_job_failed
// (the QP is left as it is; the caller names the failed PE).
#pragma once

#include <cstdint>

#include "device/arch/atomic.h"
#include "device/arch/fence.h"
#include "device/arch/memory.h"
#include "device/arch/mmio.h"
#include "device/arch/spin.h"
#include "device/arch/timer.h"
#include "shoal/layout/mlx5_qp.h"
#include "shoal/device/mlx5/wqe.cuh"

namespace shoal::mlx5 {

enum post_status : int { post_ok = 0, post_qp_error = 1, post_timeout = 2, post_job_failed = 3 };

// qp_error::syndrome of a wait that timed out (not an mlx5 syndrome).
inline constexpr uint32_t syn_timeout = 0x100;

namespace detail {

SHOAL_ARCH_FN uint32_t log2_pow2(uint32_t v) {
  uint32_t l = 0;
  while ((1u << l) < v) ++l;
  return l;
}

// Marks the QP failed; true for the first failure only (which reports).
SHOAL_ARCH_FN bool claim_error(qp* q) { return arch::atomic_cas<arch::scope::sys>(&q->has_error, 0u, 1u) == 0; }

SHOAL_ARCH_FN void report_error(qp* q, const uint8_t* cqe) {
  if (!claim_error(q)) return;
  const uint32_t syn = cqe[cqe_syndrome_offset], vsyn = cqe[cqe_vendor_syndrome_offset];
  const uint32_t op_qpn = arch::bswap32(*reinterpret_cast<const uint32_t*>(cqe + cqe_wqe_opcode_qpn_offset));
  const uint32_t wqe = arch::bswap16(*reinterpret_cast<const uint16_t*>(cqe + offsetof(cqe64, wqe_counter)));
  const uint32_t op = op_qpn >> 24;
  q->error.syndrome = syn;
  q->error.vendor_syndrome = vsyn;
  q->error.opcode = op;
  q->error.wqe_index = wqe;
  printf("shoal[PE %d] ibgda error: QP 0x%x (to PE %d): WQE %u (%s) completed with syndrome 0x%x (%s), "
         "vendor syndrome 0x%x\n",
         q->pe, q->qpn, q->peer, wqe, opcode_name(static_cast<uint8_t>(op)), syn,
         syndrome_name(static_cast<uint8_t>(syn)), vsyn);
  arch::fence_acq_rel_sys();
}

// Bounded spinning: checks the job-failure word and the clock every 256 polls.
struct deadline {
  uint64_t start = 0;
  uint32_t polls = 0;
  bool job_failed = false;  // why expired() said so: the job failed (not the clock)
  SHOAL_ARCH_FN bool expired(const qp* q) {
    if ((++polls & 255u) != 0) return false;
    if (q->job_failed != nullptr && *q->job_failed != 0) return job_failed = true;
    const uint64_t limit = q->timeout_ns;
    if (limit == 0) return false;
    const uint64_t now = arch::globaltimer_ns();
    if (start == 0) start = now;
    return now - start > limit;
  }
};

SHOAL_ARCH_FN int report_timeout(qp* q, const char* wait, const char* until, uint64_t want) {
  if (claim_error(q)) {
    // Diagnostic reads only: the poller may move cq_ci concurrently.
    const uint64_t ci = arch::ld_relaxed_sys(&q->cq_ci);
    const uint8_t op_own = arch::ld_relaxed_sys(q->cq + (ci & (q->cq_depth - 1)) * cqe_bytes + 63);
    q->error.syndrome = syn_timeout;
    q->error.wqe_index = static_cast<uint32_t>(want & 0xffffu);
    printf("shoal[PE %d] ibgda timeout: QP 0x%x (to PE %d): %s waited %.1f s until %s %llu: reserved %llu, posted %llu, "
           "completed %llu, SQ doorbell record %u, CQ consumer index %llu, next CQE op_own 0x%02x (valid when "
           "owner bit is %u); is the NIC (or the emulator) processing this QP?\n",
           q->pe, q->qpn, q->peer, wait, static_cast<double>(q->timeout_ns) / 1e9, until, static_cast<unsigned long long>(want),
           static_cast<unsigned long long>(arch::ld_relaxed_sys(&q->reserved)),
           static_cast<unsigned long long>(arch::ld_relaxed_sys(&q->posted)),
           static_cast<unsigned long long>(arch::ld_relaxed_sys(&q->completed)),
           arch::bswap32(arch::ld_relaxed_sys(&q->dbr[dbr_send])), static_cast<unsigned long long>(ci), op_own,
           static_cast<unsigned>((ci >> log2_pow2(q->cq_depth)) & 1u));
    arch::fence_acq_rel_sys();
  }
  return post_timeout;
}

}  // namespace detail

// Drains the CQ if no other thread is doing so. Returns post_qp_error once
// the QP has failed. Any thread may call it at any time.
SHOAL_ARCH_FN int poll_cq(qp* q) {
  if (arch::ld_acquire_sys(&q->has_error) != 0) return post_qp_error;
  if (arch::atomic_cas<arch::scope::sys>(&q->poll_lock, 0u, 1u) != 0) return post_ok;
  arch::fence_acq_rel_sys();  // acquire the previous poller's cq_ci/completed
  const uint32_t log = detail::log2_pow2(q->cq_depth);
  uint64_t ci = q->cq_ci;
  uint64_t done = q->completed;
  bool failed = false;
  for (;;) {
    uint8_t* cqe = q->cq + (ci & (q->cq_depth - 1)) * cqe_bytes;
    // One acquire load of bytes 56..63 (qpn, wqe_counter, signature,
    // op_own): the NIC writes op_own last, so the CQE is complete if it is valid.
    const uint64_t tail = arch::ld_acquire_sys(reinterpret_cast<uint64_t*>(cqe + 56));
    const uint8_t op_own = static_cast<uint8_t>(tail >> 56);
    const uint8_t opcode = op_own >> 4;
    if (opcode == cqe_invalid || (op_own & 1u) != ((ci >> log) & 1u)) break;
    if (opcode != cqe_req) {
      detail::report_error(q, cqe);
      failed = true;
      ++ci;
      break;
    }
    const uint16_t wc = arch::bswap16(static_cast<uint16_t>(tail >> 32));
    done += static_cast<uint16_t>(wc + 1u - static_cast<uint16_t>(done));
    ++ci;
  }
  if (ci != q->cq_ci) {
    q->cq_ci = ci;
    arch::st_release_sys(&q->completed, done);
    arch::st_release_sys(&q->cq_dbr[0], arch::bswap32(static_cast<uint32_t>(ci) & 0xffffffu));
  }
  arch::st_release_sys(&q->poll_lock, 0u);
  return failed ? post_qp_error : post_ok;
}

// Reserves n (1..max_batch) consecutive WQE slots and waits until they are
// free. On success *index is the first WQE index.
SHOAL_ARCH_FN int reserve(qp* q, uint32_t n, uint64_t* index) {
  if (arch::ld_acquire_sys(&q->has_error) != 0) return post_qp_error;
  const uint64_t i = arch::atomic_fetch_add<arch::scope::sys>(&q->reserved, static_cast<uint64_t>(n));
  detail::deadline dl;
  while (i + n - arch::ld_acquire_sys(&q->completed) > q->sq_depth) {
    if (poll_cq(q) != post_ok) return post_qp_error;
    if (dl.expired(q)) return dl.job_failed ? post_job_failed : detail::report_timeout(q, "reserve (a free SQ slot)", "completed >=", i + n - q->sq_depth);
    arch::spin_pause();
  }
  *index = i;
  return post_ok;
}

// fm_ce_se for WQE `index`: the caller's fence/solicited bits plus a CQE
// request on every signal_interval-th WQE.
SHOAL_ARCH_FN uint8_t wqe_flags(const qp* q, uint64_t index, uint8_t flags) {
  return static_cast<uint8_t>(((index + 1) % q->signal_interval == 0) ? (flags | ce_cqe_always) : flags);
}

SHOAL_ARCH_FN uint8_t* wqe_slot(const qp* q, uint64_t index) {
  return q->sq + (index & (q->sq_depth - 1)) * wqe_bb_bytes;
}

// Publishes WQEs [index, index+n) once every earlier WQE is published, and
// rings the doorbell. Release: the WQE bytes written by this thread (or made
// visible to it by __syncwarp) are visible to the NIC before it.
SHOAL_ARCH_FN int publish(qp* q, uint64_t index, uint32_t n) {
  detail::deadline dl;
  while (arch::ld_acquire_sys(&q->posted) != index) {
    if (arch::ld_acquire_sys(&q->has_error) != 0) return post_qp_error;
    if (dl.expired(q)) return dl.job_failed ? post_job_failed : detail::report_timeout(q, "publish (earlier WQEs to be posted)", "posted ==", index);
    arch::spin_pause();
  }
  const uint64_t end = index + n;
  arch::fence_acq_rel_sys();
  arch::st_release_sys(&q->dbr[dbr_send], arch::bswap32(static_cast<uint32_t>(end) & 0xffffu));
  arch::fence_acq_rel_sys();
  const uint64_t doorbell = *reinterpret_cast<const uint64_t*>(wqe_slot(q, end - 1));
  if (q->uar != nullptr) arch::st_mmio64(q->uar, doorbell);
  else arch::st_relaxed_sys(&q->db_word, doorbell);  // the QP table is host memory: no PCIe read for the ringer
  arch::st_release_sys(&q->posted, end);
  return post_ok;
}

// Thread scope: post one WQE; desc_of(index) gives it (the index lets a WQE
// depend on its own slot, e.g. an atomic's result cell). The desc's index,
// QP number and CQE flag are filled in here; everything else comes from the
// caller (see wqe.cuh's *_desc builders, whose index argument may be 0).
// *index_p (if given): the WQE's 64-bit index (for wait_completed).
template <class DescFn>
SHOAL_ARCH_FN int post_indexed(qp* q, DescFn desc_of, uint64_t* index_p = nullptr) {
  uint64_t i;
  if (const int st = reserve(q, 1, &i); st != post_ok) return st;
  if (index_p != nullptr) *index_p = i;
  wqe_desc d = desc_of(i);
  d.index = static_cast<uint16_t>(i);
  d.qpn = q->qpn;
  d.fm_ce_se = wqe_flags(q, i, d.fm_ce_se);
  wqe_write(wqe_slot(q, i), d);
  return publish(q, i, 1);
}

SHOAL_ARCH_FN int post(qp* q, wqe_desc d, uint64_t* index_p = nullptr) {
  return post_indexed(q, [&](uint64_t) { return d; }, index_p);
}

// Thread scope: post two WQEs back to back in one reservation and one
// doorbell (put_signal: the data WRITE, then the signal atomic).
SHOAL_ARCH_FN int post2(qp* q, wqe_desc first, wqe_desc second, uint64_t* index_p = nullptr) {
  uint64_t i;
  if (const int st = reserve(q, 2, &i); st != post_ok) return st;
  if (index_p != nullptr) *index_p = i + 1;
  first.index = static_cast<uint16_t>(i);
  second.index = static_cast<uint16_t>(i + 1);
  first.qpn = second.qpn = q->qpn;
  first.fm_ce_se = wqe_flags(q, i, first.fm_ce_se);
  second.fm_ce_se = wqe_flags(q, i + 1, second.fm_ce_se);
  wqe_write(wqe_slot(q, i), first);
  wqe_write(wqe_slot(q, i + 1), second);
  return publish(q, i, 2);
}

// Warp scope: the whole warp (all 32 lanes, converged) posts `count` WQEs;
// desc_of(j) gives WQE j (0 <= j < count) and is called by the lanes that
// write it. Lane 0 reserves up to max_batch WQEs at a time; lane l writes
// segment l%4 of WQE l/4; lane 0 publishes. Returns the same status in
// every lane.
template <class DescFn>
SHOAL_ARCH_FN int post_warp(qp* q, uint32_t count, DescFn desc_of) {
  const uint32_t lane = threadIdx.x % 32;
  for (uint32_t base = 0; base < count; base += max_batch) {
    const uint32_t n = count - base < max_batch ? count - base : max_batch;
    uint64_t i = 0;
    int st = post_ok;
    if (lane == 0) st = reserve(q, n, &i);
    st = __shfl_sync(0xffffffffu, st, 0);
    if (st != post_ok) return st;
    i = __shfl_sync(0xffffffffu, i, 0);
    const uint32_t w = lane / 4, s = lane % 4;
    if (w < n) {
      wqe_desc d = desc_of(base + w);
      d.index = static_cast<uint16_t>(i + w);
      d.qpn = q->qpn;
      d.fm_ce_se = wqe_flags(q, i + w, d.fm_ce_se);
      if (s < wqe_ds(d)) reinterpret_cast<uint4*>(wqe_slot(q, i + w))[s] = wqe_segment(d, s);
    }
    __syncwarp();
    if (lane == 0) st = publish(q, i, n);
    st = __shfl_sync(0xffffffffu, st, 0);
    if (st != post_ok) return st;
  }
  return post_ok;
}

// Waits until every WQE with index < target has completed (a signalled WQE
// at or after target-1 must have been posted), polling the CQ.
SHOAL_ARCH_FN int wait_completed(qp* q, uint64_t target) {
  detail::deadline dl;
  while (arch::ld_acquire_sys(&q->completed) < target) {
    if (poll_cq(q) != post_ok) return post_qp_error;
    if (dl.expired(q)) return dl.job_failed ? post_job_failed : detail::report_timeout(q, "quiet (WQE completions)", "completed >=", target);
    arch::spin_pause();
  }
  return post_ok;
}

// Quiet: returns once every WQE posted to q before the call has completed
// (its data placed at the target, its fetched values delivered), or the QP
// has failed. If the last posted WQE asked for no CQE, a signalled NOP is
// posted behind it. Thread scope; any number of threads may call it.
SHOAL_ARCH_FN int quiet(qp* q) {
  uint64_t target = arch::ld_acquire_sys(&q->posted);
  if (target == 0) return post_ok;
  if (target % q->signal_interval != 0 && arch::ld_acquire_sys(&q->completed) < target) {
    uint64_t i;
    if (const int st = reserve(q, 1, &i); st != post_ok) return st;
    wqe_write(wqe_slot(q, i), wqe_nop(static_cast<uint16_t>(i), q->qpn, ce_cqe_always));
    if (const int st = publish(q, i, 1); st != post_ok) return st;
    target = i + 1;
  }
  return wait_completed(q, target);
}

}  // namespace shoal::mlx5
