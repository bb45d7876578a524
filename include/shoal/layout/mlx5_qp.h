// The `qp` object of the posting protocol (shoal/device/mlx5/queue.cuh): the queue addresses
// the host sets and the counters device code advances. A plain header so
// host code (host/ibgda.cc, the tests) can fill it without device headers.
#pragma once

#include <cstdint>

namespace shoal::mlx5 {

// Limits that keep the protocol deadlock-free: a batch never exceeds a
// quarter of the SQ, and a signalled WQE comes at least every depth/2.
inline constexpr uint32_t max_batch = 8;  // WQEs per warp-scope post (4 lanes each)

struct qp_error {
  uint32_t syndrome;       // 0: no error
  uint32_t vendor_syndrome;
  uint32_t opcode;         // opcode of the failing WQE
  uint32_t wqe_index;      // mod 2^16, as the CQE reports it
};

struct qp {
  // --- set by the host, read-only for device code -------------------------
  uint8_t* sq;             // depth * 64 bytes, 64-byte aligned
  uint32_t sq_depth;       // WQE slots, power of two, >= 4 * max_batch
  uint32_t qpn;
  uint32_t* dbr;           // doorbell record: dbr[dbr_send] = send counter (be32)
  uint64_t* uar;           // the UAR doorbell register (BlueFlame offset); null: cpu doorbell
                           // mode (a host thread rings it after the doorbell record moves)
  uint8_t* cq;             // cq_depth * 64 bytes, op_own initialised to cqe_op_own_init
  uint32_t cq_depth;       // power of two, >= sq_depth / signal_interval
  uint32_t* cq_dbr;        // CQ doorbell record: [0] = consumer index (be32, 24 bits)
  uint32_t signal_interval;  // a CQE every this many WQEs; 1 .. sq_depth/2
  uint64_t timeout_ns;     // a wait longer than this fails the QP; 0: wait forever
  const volatile uint32_t* job_failed;  // the job-failure word (docs/failures.md) or null: nonzero
                                        // ends every wait with post_job_failed
  int pe;                  // this PE and the QP's remote PE, for diagnostics
  int peer;
  // --- device-side counters (zero at start) -------------------------------
  uint64_t reserved;
  uint64_t posted;
  uint64_t db_word;        // cpu doorbell mode: the doorbell value (first 8 bytes of the last
                           // published WQE), stored before `posted` (queue.cuh, publish)
  uint64_t completed;
  uint64_t cq_ci;
  uint32_t poll_lock;
  uint32_t has_error;
  qp_error error;
};

}  // namespace shoal::mlx5
