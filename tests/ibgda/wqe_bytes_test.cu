// Byte-exact WQE encodings: every WQE kind shoal's device builder produces
// (device/include/shoal/device/mlx5/wqe.cuh, run in kernels at thread and at
// warp scope) must equal what rdma-core's mlx5dv.h helpers produce for the
// same randomised inputs: mlx5dv_set_ctrl_seg, mlx5dv_set_data_seg, and the
// raddr/atomic/inline segment structs filled by hand with htobe*. mlx5dv.h's
// helpers are header-only inline functions: nothing from rdma-core is linked.
#include <endian.h>
#include <infiniband/mlx5dv.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "shoal/device/mlx5/wqe.cuh"
#include "shoal/launch.h"
#include "tests/sim/test_util.h"

namespace {

namespace mlx5 = shoal::mlx5;
constexpr uint8_t kPoison = 0xa5;

__global__ void build_thread_scope(const mlx5::wqe_desc* d, int n, uint8_t* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) mlx5::wqe_write(out + static_cast<size_t>(i) * mlx5::wqe_bb_bytes, d[i]);
}

// Each warp writes 8 WQEs; lane l writes segment l%4 of WQE l/4.
__global__ void build_warp_scope(const mlx5::wqe_desc* d, int n, uint8_t* out) {
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
  const int i = warp * 8 + lane / 4;
  const uint32_t s = lane % 4;
  if (i < n && s < mlx5::wqe_ds(d[i]))
    reinterpret_cast<uint4*>(out + static_cast<size_t>(i) * mlx5::wqe_bb_bytes)[s] = mlx5::wqe_segment(d[i], s);
  __syncwarp();
}

// The reference: rdma-core's helpers and structs. Returns ds.
uint32_t reference(const mlx5::wqe_desc& d, uint8_t* bb) {
  uint32_t ds;
  if (d.opcode == +mlx5::op_nop) ds = 1;
  else if (d.opcode == +mlx5::op_atomic_fa || d.opcode == +mlx5::op_atomic_cs) ds = 4;
  else if (d.inline_data) ds = 2 + (sizeof(mlx5_wqe_inl_data_seg) + d.length + 15) / 16;
  else ds = 3;
  std::memset(bb, 0, ds * 16);
  auto* ctrl = reinterpret_cast<mlx5_wqe_ctrl_seg*>(bb);
  mlx5dv_set_ctrl_seg(ctrl, d.index, d.opcode, 0, d.qpn, d.fm_ce_se, static_cast<uint8_t>(ds), 0, d.imm);
  if (ds == 1) return ds;
  auto* raddr = reinterpret_cast<mlx5_wqe_raddr_seg*>(bb + sizeof(mlx5_wqe_ctrl_seg));
  raddr->raddr = htobe64(d.raddr);
  raddr->rkey = htobe32(d.rkey);
  raddr->reserved = 0;
  uint8_t* third = bb + sizeof(mlx5_wqe_ctrl_seg) + sizeof(mlx5_wqe_raddr_seg);
  if (d.opcode == +mlx5::op_atomic_fa || d.opcode == +mlx5::op_atomic_cs) {
    auto* atomic = reinterpret_cast<mlx5_wqe_atomic_seg*>(third);
    atomic->swap_add = htobe64(d.operand);
    atomic->compare = htobe64(d.opcode == +mlx5::op_atomic_cs ? d.compare : 0);
    mlx5dv_set_data_seg(reinterpret_cast<mlx5_wqe_data_seg*>(third + sizeof(mlx5_wqe_atomic_seg)), 8, d.lkey,
                        static_cast<uintptr_t>(d.laddr));
  } else if (d.inline_data) {
    auto* inl = reinterpret_cast<mlx5_wqe_inl_data_seg*>(third);
    inl->byte_count = htobe32(d.length | MLX5_INLINE_SEG);
    std::memcpy(third + sizeof(*inl), d.data, d.length);
  } else {
    mlx5dv_set_data_seg(reinterpret_cast<mlx5_wqe_data_seg*>(third), d.length, d.lkey, static_cast<uintptr_t>(d.laddr));
  }
  return ds;
}

std::vector<mlx5::wqe_desc> random_descs(std::mt19937_64& rng, int n) {
  const uint8_t flags[] = {0,
                           mlx5::ce_cqe_always,
                           mlx5::fm_initiator_small,
                           static_cast<uint8_t>(mlx5::fm_initiator_small | mlx5::ce_cqe_always),
                           mlx5::fm_fence_and_small,
                           static_cast<uint8_t>(mlx5::fm_strong_ordering | mlx5::ce_cqe_always | mlx5::se_solicited)};
  std::vector<mlx5::wqe_desc> out;
  for (int i = 0; i < n; ++i) {
    const auto idx = static_cast<uint16_t>(rng());
    const auto qpn = static_cast<uint32_t>(rng() & 0xffffff);
    const uint8_t f = flags[rng() % std::size(flags)];
    const uint64_t laddr = rng(), raddr = rng();
    const auto lkey = static_cast<uint32_t>(rng()), rkey = static_cast<uint32_t>(rng());
    mlx5::wqe_desc d;
    switch (i % 6) {
      case 0: d = mlx5::wqe_write_desc(idx, qpn, f, laddr, lkey, raddr, rkey, 1 + static_cast<uint32_t>(rng() % 0x7fffffff)); break;
      case 1: {
        uint8_t data[mlx5::max_inline_bytes];
        for (auto& b : data) b = static_cast<uint8_t>(rng());
        d = mlx5::wqe_write_inline_desc(idx, qpn, f, data, 1 + static_cast<uint32_t>(rng() % mlx5::max_inline_bytes), raddr, rkey);
        break;
      }
      case 2: d = mlx5::wqe_read_desc(idx, qpn, f, laddr, lkey, raddr, rkey, 1 + static_cast<uint32_t>(rng() % 0x7fffffff)); break;
      case 3: d = mlx5::wqe_fetch_add_desc(idx, qpn, f, laddr, lkey, raddr & ~7ull, rkey, rng()); break;
      case 4: d = mlx5::wqe_compare_swap_desc(idx, qpn, f, laddr, lkey, raddr & ~7ull, rkey, rng(), rng()); break;
      default: d = mlx5::wqe_nop(idx, qpn, f); break;
    }
    if (i % 6 == 0 && rng() % 2 == 0) d.imm = static_cast<uint32_t>(rng());
    out.push_back(d);
  }
  return out;
}

const char* kind(const mlx5::wqe_desc& d) {
  return d.inline_data ? "RDMA_WRITE inline" : mlx5::opcode_name(d.opcode);
}

void check_against_reference(bool warp_scope) {
  std::mt19937_64 rng(test_seed());
  constexpr int n = 6 * 400;
  const std::vector<mlx5::wqe_desc> descs = random_descs(rng, n);
  DeviceBuffer<mlx5::wqe_desc> d_descs(n);
  DeviceBuffer<uint8_t> d_out(static_cast<size_t>(n) * 64);
  CUDA_OK(cudaMemcpy(d_descs.p, descs.data(), d_descs.bytes(), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemset(d_out.p, kPoison, d_out.bytes()));
  if (warp_scope) {
    CUDA_OK(shoal::launch(build_warp_scope, dim3((n / 8 + 3) / 4), dim3(128), 0, nullptr, d_descs.p, n, d_out.p));
  } else {
    CUDA_OK(shoal::launch(build_thread_scope, dim3((n + 127) / 128), dim3(128), 0, nullptr, d_descs.p, n, d_out.p));
  }
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<uint8_t> got(d_out.n);
  CUDA_OK(cudaMemcpy(got.data(), d_out.p, d_out.bytes(), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n && bad < 5; ++i) {
    uint8_t want[64];
    std::memset(want, kPoison, sizeof want);
    const uint32_t ds = reference(descs[i], want);
    EXPECT_EQ(ds, mlx5::wqe_ds(descs[i])) << "WQE " << i << " (" << kind(descs[i]) << ")";
    for (uint32_t b = 0; b < 64; ++b) {
      if (got[i * 64 + b] != want[b]) {
        ADD_FAILURE() << "WQE " << i << " (" << kind(descs[i]) << ", ds " << ds << ", length " << descs[i].length
                      << "): byte " << b << " is 0x" << std::hex << int{got[i * 64 + b]} << ", rdma-core gives 0x"
                      << int{want[b]} << (b >= ds * 16 ? " (past the WQE: must stay untouched)" : "");
        ++bad;
        break;
      }
    }
  }
}

TEST(IbgdaWqe, ThreadScopeMatchesRdmaCore) { check_against_reference(false); }
TEST(IbgdaWqe, WarpScopeMatchesRdmaCore) { check_against_reference(true); }

// Decoding helpers agree with mlx5dv's accessors.
TEST(IbgdaWqe, CqeLayoutMatchesRdmaCore) {
  static_assert(sizeof(mlx5_cqe64) == sizeof(mlx5::cqe64));
  static_assert(offsetof(mlx5_cqe64, byte_cnt) == offsetof(mlx5::cqe64, byte_cnt));
  static_assert(offsetof(mlx5_cqe64, wqe_counter) == offsetof(mlx5::cqe64, wqe_counter));
  static_assert(offsetof(mlx5_cqe64, op_own) == offsetof(mlx5::cqe64, op_own));
  static_assert(offsetof(mlx5_cqe64, sop_drop_qpn) == offsetof(mlx5::cqe64, sop_drop_qpn));
  static_assert(offsetof(mlx5_err_cqe, syndrome) == mlx5::cqe_syndrome_offset);
  static_assert(offsetof(mlx5_err_cqe, vendor_err_synd) == mlx5::cqe_vendor_syndrome_offset);
  static_assert(offsetof(mlx5_err_cqe, s_wqe_opcode_qpn) == mlx5::cqe_wqe_opcode_qpn_offset);
  static_assert(MLX5_CQE_REQ == +mlx5::cqe_req && MLX5_CQE_REQ_ERR == +mlx5::cqe_req_err &&
                MLX5_CQE_INVALID == +mlx5::cqe_invalid);
  static_assert(MLX5_OPCODE_RDMA_WRITE == +mlx5::op_rdma_write && MLX5_OPCODE_RDMA_READ == +mlx5::op_rdma_read &&
                MLX5_OPCODE_ATOMIC_FA == +mlx5::op_atomic_fa && MLX5_OPCODE_ATOMIC_CS == +mlx5::op_atomic_cs &&
                MLX5_OPCODE_NOP == +mlx5::op_nop && MLX5_OPCODE_RDMA_WRITE_IMM == +mlx5::op_rdma_write_imm);
  static_assert(MLX5_WQE_CTRL_CQ_UPDATE == mlx5::ce_cqe_always && MLX5_WQE_CTRL_FENCE == mlx5::fm_fence_and_small &&
                MLX5_WQE_CTRL_INITIATOR_SMALL_FENCE == mlx5::fm_initiator_small &&
                MLX5_WQE_CTRL_SOLICITED == mlx5::se_solicited);
  static_assert(MLX5_SEND_WQE_BB == mlx5::wqe_bb_bytes && MLX5_INLINE_SEG == mlx5::inline_seg_flag &&
                MLX5_SND_DBR == mlx5::dbr_send && MLX5_RCV_DBR == mlx5::dbr_recv);
  static_assert(MLX5_CQE_SYNDROME_REMOTE_ACCESS_ERR == +mlx5::syn_remote_access &&
                MLX5_CQE_SYNDROME_LOCAL_PROT_ERR == +mlx5::syn_local_protection &&
                MLX5_CQE_SYNDROME_WR_FLUSH_ERR == +mlx5::syn_wr_flush &&
                MLX5_CQE_SYNDROME_REMOTE_INVAL_REQ_ERR == +mlx5::syn_remote_invalid_request);
  mlx5_cqe64 c{};
  c.op_own = (MLX5_CQE_REQ_ERR << 4) | 1;
  EXPECT_EQ(mlx5dv_get_cqe_opcode(&c), c.op_own >> 4);
  EXPECT_EQ(mlx5dv_get_cqe_owner(&c), c.op_own & 1);
}

}  // namespace
