// The mlx5 emulator core, driven deterministically with step(). WQEs here
// are built on the host with rdma-core's own mlx5dv.h helpers (not shoal's
// builder), so the emulator is checked against the reference encoding.
#include <endian.h>
#include <infiniband/mlx5dv.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "transport/ibgda/emu/backend.h"
#include "transport/ibgda/emu/nic.h"

namespace {

using shoal::ibgda::emu::EmuBackend;
using shoal::ibgda::emu::Keys;
using shoal::ibgda::emu::Nic;
using shoal::ibgda::emu::QpConfig;

uint64_t seed() {
  const char* s = std::getenv("SHOAL_TEST_SEED");
  const uint64_t v = s != nullptr ? std::strtoull(s, nullptr, 0) : std::random_device{}();
  std::printf("[ seed     ] SHOAL_TEST_SEED=%llu\n", static_cast<unsigned long long>(v));
  return v;
}

struct Aligned {
  explicit Aligned(size_t n) : p(static_cast<uint8_t*>(std::aligned_alloc(64, (n + 63) / 64 * 64))), n(n) {}
  ~Aligned() { std::free(p); }
  uint8_t* p;
  size_t n;
};

// One QP's queue memory plus a host-side poster that speaks mlx5dv.
struct HostQp {
  HostQp(Nic& nic, uint32_t qpn, uint32_t sq_depth, uint32_t cq_depth)
      : sq(sq_depth * 64ull), cq(cq_depth * 64ull), qpn(qpn), sq_depth(sq_depth), cq_depth(cq_depth) {
    cfg.qpn = qpn;
    cfg.pe = 0;
    cfg.peer = 1;
    cfg.mem = {sq.p, sq_depth, dbr, cq.p, cq_depth, cq_dbr, &uar};
    Nic::init_queues(cfg.mem);
    ok = nic.add_qp(cfg);
  }
  uint8_t* slot() { return sq.p + (pi % sq_depth) * 64; }
  mlx5_wqe_ctrl_seg* ctrl(uint8_t opcode, uint8_t ds, uint8_t flags) {
    uint8_t* w = slot();
    std::memset(w, 0, 64);
    auto* c = reinterpret_cast<mlx5_wqe_ctrl_seg*>(w);
    mlx5dv_set_ctrl_seg(c, static_cast<uint16_t>(pi), opcode, 0, qpn, flags, ds, 0, 0);
    return c;
  }
  void raddr(uint64_t addr, uint32_t rkey) {
    auto* r = reinterpret_cast<mlx5_wqe_raddr_seg*>(slot() + 16);
    r->raddr = htobe64(addr);
    r->rkey = htobe32(rkey);
  }
  void rdma(uint8_t op, void* local, uint32_t lkey, void* remote, uint32_t rkey, uint32_t len,
            uint8_t flags = MLX5_WQE_CTRL_CQ_UPDATE) {
    ctrl(op, 3, flags);
    raddr(reinterpret_cast<uintptr_t>(remote), rkey);
    mlx5dv_set_data_seg(reinterpret_cast<mlx5_wqe_data_seg*>(slot() + 32), len, lkey, reinterpret_cast<uintptr_t>(local));
    ++pi;
  }
  void inline_write(const void* src, uint32_t len, void* remote, uint32_t rkey) {
    ctrl(MLX5_OPCODE_RDMA_WRITE, static_cast<uint8_t>(2 + (4 + len + 15) / 16), MLX5_WQE_CTRL_CQ_UPDATE);
    raddr(reinterpret_cast<uintptr_t>(remote), rkey);
    reinterpret_cast<mlx5_wqe_inl_data_seg*>(slot() + 32)->byte_count = htobe32(len | MLX5_INLINE_SEG);
    std::memcpy(slot() + 36, src, len);
    ++pi;
  }
  void atomic(uint8_t op, void* result, uint32_t lkey, void* remote, uint32_t rkey, uint64_t swap_add, uint64_t compare) {
    ctrl(op, 4, MLX5_WQE_CTRL_CQ_UPDATE);
    raddr(reinterpret_cast<uintptr_t>(remote), rkey);
    auto* a = reinterpret_cast<mlx5_wqe_atomic_seg*>(slot() + 32);
    a->swap_add = htobe64(swap_add);
    a->compare = htobe64(compare);
    mlx5dv_set_data_seg(reinterpret_cast<mlx5_wqe_data_seg*>(slot() + 48), 8, lkey, reinterpret_cast<uintptr_t>(result));
    ++pi;
  }
  void nop(uint8_t flags) {
    ctrl(MLX5_OPCODE_NOP, 1, flags);
    ++pi;
  }
  void ring() { __atomic_store_n(&dbr[MLX5_SND_DBR], htobe32(static_cast<uint32_t>(pi) & 0xffff), __ATOMIC_RELEASE); }
  // The next CQE if the device owns it, else nullptr; consumes it.
  mlx5_cqe64* next_cqe() {
    auto* c = reinterpret_cast<mlx5_cqe64*>(cq.p + (ci % cq_depth) * 64);
    const uint8_t own = __atomic_load_n(&c->op_own, __ATOMIC_ACQUIRE);
    if ((own >> 4) == MLX5_CQE_INVALID || (own & 1) != ((ci / cq_depth) & 1)) return nullptr;
    ++ci;
    cq_dbr[0] = htobe32(static_cast<uint32_t>(ci) & 0xffffff);
    return c;
  }

  Aligned sq, cq;
  uint32_t dbr[2] = {}, cq_dbr[2] = {};
  uint64_t uar = 0;
  uint32_t qpn, sq_depth, cq_depth;
  QpConfig cfg;
  bool ok = false;
  uint64_t pi = 0, ci = 0;
};

struct Mem {
  Mem(Nic& nic, size_t n) : buf(n) { keys = nic.register_region(buf.p, n); }
  Aligned buf;
  Keys keys;
};

TEST(IbgdaEmu, PerformsEveryKindAndWritesCqes) {
  std::mt19937_64 rng(seed());
  Nic nic(0);
  Mem local(nic, 4096), remote(nic, 4096);
  for (size_t i = 0; i < 4096; ++i) {
    local.buf.p[i] = static_cast<uint8_t>(rng());
    remote.buf.p[i] = static_cast<uint8_t>(rng());
  }
  std::vector<uint8_t> l0(local.buf.p, local.buf.p + 4096), r0(remote.buf.p, remote.buf.p + 4096);
  HostQp q(nic, 0x1234, 64, 64);
  ASSERT_TRUE(q.ok);
  uint8_t inl[28];
  for (auto& b : inl) b = static_cast<uint8_t>(rng());
  const uint64_t add = rng(), cmp_hit = 0, swap = rng();
  auto* counter = reinterpret_cast<uint64_t*>(remote.buf.p + 3072);
  auto* cas_word = reinterpret_cast<uint64_t*>(remote.buf.p + 3080);
  const uint64_t counter0 = *counter;
  *cas_word = cmp_hit;
  q.rdma(MLX5_OPCODE_RDMA_WRITE, local.buf.p, local.keys.lkey, remote.buf.p + 100, remote.keys.rkey, 700);
  q.inline_write(inl, 28, remote.buf.p + 1000, remote.keys.rkey);
  q.rdma(MLX5_OPCODE_RDMA_READ, local.buf.p + 2048, local.keys.lkey, remote.buf.p + 2048, remote.keys.rkey, 512);
  q.atomic(MLX5_OPCODE_ATOMIC_FA, local.buf.p + 3000, local.keys.lkey, counter, remote.keys.rkey, add, 0);
  q.atomic(MLX5_OPCODE_ATOMIC_CS, local.buf.p + 3008, local.keys.lkey, cas_word, remote.keys.rkey, swap, cmp_hit);
  q.atomic(MLX5_OPCODE_ATOMIC_CS, local.buf.p + 3016, local.keys.lkey, cas_word, remote.keys.rkey, 1, cmp_hit);
  q.nop(MLX5_WQE_CTRL_CQ_UPDATE);
  q.nop(0);  // unsignalled: consumed, no CQE
  EXPECT_EQ(nic.step(), 0u) << "nothing is announced before the doorbell record";
  q.ring();
  EXPECT_EQ(nic.step(), 8u);

  EXPECT_EQ(0, std::memcmp(remote.buf.p + 100, l0.data(), 700));
  EXPECT_EQ(0, std::memcmp(remote.buf.p + 1000, inl, 28));
  EXPECT_EQ(0, std::memcmp(local.buf.p + 2048, r0.data() + 2048, 512));
  EXPECT_EQ(*counter, counter0 + add);
  EXPECT_EQ(be64toh(*reinterpret_cast<uint64_t*>(local.buf.p + 3000)), counter0) << "fetched value, big-endian";
  EXPECT_EQ(be64toh(*reinterpret_cast<uint64_t*>(local.buf.p + 3008)), cmp_hit);
  EXPECT_EQ(be64toh(*reinterpret_cast<uint64_t*>(local.buf.p + 3016)), swap) << "second CAS misses and returns the swapped value";
  EXPECT_EQ(*cas_word, swap);
  EXPECT_EQ(remote.buf.p[99], r0[99]);
  EXPECT_EQ(remote.buf.p[800], r0[800]);

  const uint32_t bytes[] = {700, 28, 512, 8, 8, 8, 0};
  for (uint32_t i = 0; i < 7; ++i) {
    mlx5_cqe64* c = q.next_cqe();
    ASSERT_NE(c, nullptr) << "CQE " << i;
    EXPECT_EQ(mlx5dv_get_cqe_opcode(c), MLX5_CQE_REQ) << "CQE " << i;
    EXPECT_EQ(be16toh(c->wqe_counter), i);
    EXPECT_EQ(be32toh(c->byte_cnt), bytes[i]) << "CQE " << i;
    EXPECT_EQ(be32toh(c->sop_drop_qpn) & 0xffffff, 0x1234u);
  }
  EXPECT_EQ(q.next_cqe(), nullptr) << "the unsignalled NOP wrote a CQE";
  EXPECT_TRUE(nic.errors().empty());
}

// SQ depth 64 and CQ depth 8 cycled many times: owner bits flip on every CQ
// pass, WQE counters wrap at 2^16, and the CQ never overruns.
TEST(IbgdaEmu, WrapsAroundSqAndCq) {
  std::mt19937_64 rng(seed());
  Nic nic(0);
  Mem local(nic, 1 << 16), remote(nic, 1 << 16);
  HostQp q(nic, 0x77, 64, 8);
  ASSERT_TRUE(q.ok);
  uint64_t signalled = 0, cqes = 0;
  for (uint64_t round = 0; round < 20000; ++round) {
    const uint32_t n = 1 + static_cast<uint32_t>(rng() % 8);
    for (uint32_t k = 0; k < n; ++k) {
      const uint32_t off = static_cast<uint32_t>(rng() % 60000);
      const bool sig = (q.pi + 1) % 8 == 0;
      signalled += sig;
      q.rdma(MLX5_OPCODE_RDMA_WRITE, local.buf.p + off, local.keys.lkey, remote.buf.p + off, remote.keys.rkey,
             1 + static_cast<uint32_t>(rng() % 1000), sig ? MLX5_WQE_CTRL_CQ_UPDATE : 0);
    }
    q.ring();
    ASSERT_EQ(nic.step(), n);
    while (mlx5_cqe64* c = q.next_cqe()) {
      ASSERT_EQ(mlx5dv_get_cqe_opcode(c), MLX5_CQE_REQ);
      ASSERT_EQ(be16toh(c->wqe_counter), static_cast<uint16_t>((cqes + 1) * 8 - 1));
      ++cqes;
    }
  }
  EXPECT_GT(q.pi, 65536u * 1) << "the 16-bit WQE counter wrapped";
  EXPECT_EQ(cqes, signalled);
  EXPECT_EQ(nic.stats().cq_overruns, 0u);
  EXPECT_TRUE(nic.errors().empty());
}

struct ErrorCase {
  const char* name;
  uint8_t syndrome;
  const char* log_part;
};

// Each malformed WQE is the third on its QP: two good WQEs complete, the bad
// one yields an error CQE naming it, and later WQEs are not performed.
void expect_error(const ErrorCase& ec, void (*post_bad)(HostQp&, Mem&, Mem&)) {
  SCOPED_TRACE(ec.name);
  Nic nic(3);
  Mem local(nic, 4096), remote(nic, 4096);
  HostQp q(nic, 0xabc, 64, 64);
  ASSERT_TRUE(q.ok);
  q.rdma(MLX5_OPCODE_RDMA_WRITE, local.buf.p, local.keys.lkey, remote.buf.p, remote.keys.rkey, 64);
  q.rdma(MLX5_OPCODE_RDMA_WRITE, local.buf.p, local.keys.lkey, remote.buf.p, remote.keys.rkey, 64);
  post_bad(q, local, remote);
  remote.buf.p[512] = 0;
  local.buf.p[512] = 0x5a;
  q.rdma(MLX5_OPCODE_RDMA_WRITE, local.buf.p + 512, local.keys.lkey, remote.buf.p + 512, remote.keys.rkey, 1);
  q.ring();
  nic.step();
  for (int i = 0; i < 2; ++i) {
    mlx5_cqe64* c = q.next_cqe();
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(mlx5dv_get_cqe_opcode(c), MLX5_CQE_REQ);
  }
  auto* e = reinterpret_cast<mlx5_err_cqe*>(q.next_cqe());
  ASSERT_NE(e, nullptr) << "no error CQE";
  EXPECT_EQ(e->op_own >> 4, MLX5_CQE_REQ_ERR);
  EXPECT_EQ(e->syndrome, ec.syndrome);
  EXPECT_EQ(be16toh(e->wqe_counter), 2u);
  EXPECT_EQ(be32toh(e->s_wqe_opcode_qpn) & 0xffffff, 0xabcu);
  EXPECT_EQ(q.next_cqe(), nullptr) << "the QP in error must not complete later WQEs";
  EXPECT_EQ(remote.buf.p[512], 0) << "a WQE after the failed one was performed";
  const auto errs = nic.errors();
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_NE(errs[0].find("PE 3 QP 0xabc (to PE 1) WQE 2"), std::string::npos) << errs[0];
  EXPECT_NE(errs[0].find(ec.log_part), std::string::npos) << errs[0];
  EXPECT_EQ(nic.stats().errors, 1u);
  EXPECT_EQ(nic.stats().dropped, 0u);
  q.nop(MLX5_WQE_CTRL_CQ_UPDATE);
  q.ring();
  nic.step();
  EXPECT_EQ(nic.stats().dropped, 2u) << "the WQE behind the failed one and the NOP";
}

TEST(IbgdaEmu, RejectsMalformedWqesLoudly) {
  expect_error({"unknown opcode", MLX5_CQE_SYNDROME_LOCAL_QP_OP_ERR, "unknown or unsupported opcode 0x0a"},
               [](HostQp& q, Mem& l, Mem& r) {
                 q.rdma(MLX5_OPCODE_SEND, l.buf.p, l.keys.lkey, r.buf.p, r.keys.rkey, 8);
               });
  expect_error({"bad ds", MLX5_CQE_SYNDROME_LOCAL_QP_OP_ERR, "ds 2 for RDMA_WRITE, expected 3"},
               [](HostQp& q, Mem& l, Mem& r) {
                 q.rdma(MLX5_OPCODE_RDMA_WRITE, l.buf.p, l.keys.lkey, r.buf.p, r.keys.rkey, 8);
                 auto* c = reinterpret_cast<mlx5_wqe_ctrl_seg*>(q.sq.p + (q.pi - 1) % q.sq_depth * 64);
                 c->qpn_ds = htobe32((q.qpn << 8) | 2);
               });
  expect_error({"multi-BB ds", MLX5_CQE_SYNDROME_LOCAL_QP_OP_ERR, "ds 9"}, [](HostQp& q, Mem& l, Mem& r) {
    q.rdma(MLX5_OPCODE_RDMA_WRITE, l.buf.p, l.keys.lkey, r.buf.p, r.keys.rkey, 8);
    auto* c = reinterpret_cast<mlx5_wqe_ctrl_seg*>(q.sq.p + (q.pi - 1) % q.sq_depth * 64);
    c->qpn_ds = htobe32((q.qpn << 8) | 9);
  });
  expect_error({"bad rkey", MLX5_CQE_SYNDROME_REMOTE_ACCESS_ERR, "rkey 0x"}, [](HostQp& q, Mem& l, Mem& r) {
    q.rdma(MLX5_OPCODE_RDMA_WRITE, l.buf.p, l.keys.lkey, r.buf.p, r.keys.rkey ^ 0x40, 8);
  });
  expect_error({"remote range", MLX5_CQE_SYNDROME_REMOTE_ACCESS_ERR, "+64)"}, [](HostQp& q, Mem& l, Mem& r) {
    q.rdma(MLX5_OPCODE_RDMA_READ, l.buf.p, l.keys.lkey, r.buf.p + 4090, r.keys.rkey, 64);
  });
  expect_error({"lkey", MLX5_CQE_SYNDROME_LOCAL_PROT_ERR, "lkey 0x"}, [](HostQp& q, Mem& l, Mem& r) {
    q.rdma(MLX5_OPCODE_RDMA_WRITE, l.buf.p, r.keys.lkey + 0x1000, r.buf.p, r.keys.rkey, 8);
  });
  expect_error({"zero length means 2 GiB", MLX5_CQE_SYNDROME_REMOTE_ACCESS_ERR, "+2147483648)"},
               [](HostQp& q, Mem& l, Mem& r) {
                 q.rdma(MLX5_OPCODE_RDMA_WRITE, l.buf.p, l.keys.lkey, r.buf.p, r.keys.rkey, 0);
               });
  expect_error({"misaligned atomic", MLX5_CQE_SYNDROME_REMOTE_INVAL_REQ_ERR, "is not 8-byte aligned"},
               [](HostQp& q, Mem& l, Mem& r) {
                 q.atomic(MLX5_OPCODE_ATOMIC_FA, l.buf.p, l.keys.lkey, r.buf.p + 4, r.keys.rkey, 1, 0);
               });
  expect_error({"wrong WQE index", MLX5_CQE_SYNDROME_LOCAL_QP_OP_ERR, "ctrl WQE index 7, expected 2"},
               [](HostQp& q, Mem& l, Mem& r) {
                 q.rdma(MLX5_OPCODE_RDMA_WRITE, l.buf.p, l.keys.lkey, r.buf.p, r.keys.rkey, 8);
                 auto* c = reinterpret_cast<mlx5_wqe_ctrl_seg*>(q.sq.p + (q.pi - 1) % q.sq_depth * 64);
                 c->opmod_idx_opcode = htobe32((7u << 8) | MLX5_OPCODE_RDMA_WRITE);
               });
}

TEST(IbgdaEmu, InjectsErrors) {
  Nic nic(0);
  Mem local(nic, 256), remote(nic, 256);
  HostQp q(nic, 0x9, 64, 64);
  ASSERT_TRUE(q.ok);
  nic.inject_error(0x9, 1, MLX5_CQE_SYNDROME_TRANSPORT_RETRY_EXC_ERR);
  q.nop(MLX5_WQE_CTRL_CQ_UPDATE);
  q.rdma(MLX5_OPCODE_RDMA_WRITE, local.buf.p, local.keys.lkey, remote.buf.p, remote.keys.rkey, 8, 0);
  q.ring();
  nic.step();
  ASSERT_NE(q.next_cqe(), nullptr);
  auto* e = reinterpret_cast<mlx5_err_cqe*>(q.next_cqe());
  ASSERT_NE(e, nullptr) << "an injected error needs a CQE even on an unsignalled WQE";
  EXPECT_EQ(e->syndrome, MLX5_CQE_SYNDROME_TRANSPORT_RETRY_EXC_ERR);
  EXPECT_EQ(be32toh(e->s_wqe_opcode_qpn) >> 24, MLX5_OPCODE_RDMA_WRITE);
  ASSERT_EQ(nic.errors().size(), 1u);
  EXPECT_NE(nic.errors()[0].find("injected error"), std::string::npos);
}

// SHOAL_IBGDA_EMU_FAULT's spec is parsed by the emulator itself; a bad
// one is refused naming the value (what makes shoal_init fail with it),
// a good one for another PE leaves this PE's emulator alone. What a fault
// does on a QP: InjectsErrors above, and the ibgda.route.error_cqe /
// stall_diagnosed runs through the runtime.
TEST(IbgdaEmu, ParsesTheFaultSpec) {
  EmuBackend b(/*pe=*/1, /*consume_on_uar=*/true);
  for (const char* bad : {"1", "1:2", "x:2:3", "1:2:3:", "1:2:3:stal", "1:2:3:stallx", "1:2:3 "}) {
    const std::string e = b.inject_faults(bad);
    EXPECT_NE(e.find(std::string("SHOAL_IBGDA_EMU_FAULT='") + bad + "'"), std::string::npos) << bad << ": " << e;
    EXPECT_NE(e.find("pe:peer:wqe"), std::string::npos) << e;
  }
  for (const char* good : {"", "0:2:3", "0:2:3:stall", "1:0:0", "1:2:7:stall"})
    EXPECT_EQ(b.inject_faults(good), "") << good;
}

TEST(IbgdaEmu, DetectsCqOverrun) {
  Nic nic(0);
  HostQp q(nic, 0x5, 64, 4);
  ASSERT_TRUE(q.ok);
  for (int i = 0; i < 5; ++i) q.nop(MLX5_WQE_CTRL_CQ_UPDATE);
  q.ring();
  nic.step();  // 4 CQEs fit, the 5th finds the consumer index still 0
  EXPECT_EQ(nic.stats().cq_overruns, 1u);
  ASSERT_EQ(nic.errors().size(), 1u);
  EXPECT_NE(nic.errors()[0].find("CQ overrun"), std::string::npos) << nic.errors()[0];
}

TEST(IbgdaEmu, RejectsBadQueueConfig) {
  Nic nic(0);
  HostQp q(nic, 0x5, 48, 4);
  EXPECT_FALSE(q.ok);
}

}  // namespace
