#include "host/heap/heap.h"

#include <unistd.h>

#include <cinttypes>
#include <cstring>

#include "base/log.h"
#include "host/heap/access.h"
#include "host/heap/fd_exchange.h"

namespace shoal {

namespace {
constexpr std::uint64_t kNoOffset = ~0ull;
int g_refuse_importer = -1, g_refuse_exporter = -1;  // test hook
enum Op : std::uint32_t { kAlloc = 1, kFree = 2 };
}  // namespace

void heap_refuse_import_for_testing(int importer, int exporter) {
  g_refuse_importer = importer;
  g_refuse_exporter = exporter;
}

// What every PE contributes to a collective heap call, so that mismatched
// sizes or call orders are caught instead of corrupting memory.
struct SymmetricHeap::CollectiveRecord {
  std::uint32_t op;
  std::uint32_t pad;
  std::uint64_t seq;
  std::uint64_t size;    // alloc: requested size
  std::uint64_t align;   // alloc: alignment
  std::uint64_t offset;  // free: offset of the pointer, kNoOffset if not in the heap
  char call[32];         // the API function, for messages
};

Status SymmetricHeap::create(bootstrap::Bootstrap& boot, std::uint64_t size,
                             const std::vector<int>& node_of_pe, bool disable_p2p,
                             double timeout_s) {
  me_ = boot.info().rank;
  const int n = boot.info().size;
  SHOAL_CHECK(heap_memory_create(&memory_));
  void* base = nullptr;
  SHOAL_CHECK(memory_->create(size, &base));
  base_ = static_cast<char*>(base);
  size_ = size;
  peers_.assign(n, nullptr);
  peers_[me_] = base_;
  internal_next_ = 0;
  user_ = OffsetAllocator(size - kInternalBytes);
  seq_ = 0;

  // Every PE maps the segments of the PEs on its node, unless P2P is off
  // (then every PE counts as its own node here and nothing is exchanged).
  std::vector<int> map_group(node_of_pe);
  if (disable_p2p)
    for (int pe = 0; pe < n; ++pe) map_group[pe] = -1 - pe;

  // Every PE learns where every other PE's segment lives (its GPU on cuda),
  // so an importer can tell an unreachable peer from a failure.
  std::vector<HeapLocation> where(n);
  HeapLocation mine = memory_->location();
  SHOAL_CHECK(boot.allgather(&mine, where.data(), sizeof mine));

  int my_fd = -1;
  SHOAL_CHECK(memory_->export_fd(&my_fd));
  std::vector<int> fds;
  Status s = fd_exchange(boot, map_group, my_fd, timeout_s, &fds);
  close(my_fd);
  SHOAL_CHECK(s);
  // A peer whose segment cannot be mapped here (no P2P path between the
  // GPUs, or a failed import) is left unmapped: it is not load/store
  // reachable and goes to the remote transport (reach() reports it).
  std::vector<std::uint8_t> mapped(n, 0);
  for (int pe = 0; pe < n; ++pe) {
    if (fds[pe] < 0) continue;
    void* pb = nullptr;
    Status is = Status::unavailable;
    if (me_ == g_refuse_importer && pe == g_refuse_exporter)
      close(fds[pe]);
    else
      is = memory_->import(pe, where[pe], fds[pe], size, &pb);
    fds[pe] = -1;
    if (is != Status::ok) {
      SHOAL_INFO("PE %d's heap is not mapped here (%s): it is not load/store reachable from "
                 "this PE", pe, status_str(is));
      continue;
    }
    peers_[pe] = static_cast<char*>(pb);
    mapped[pe] = 1;
  }
  for (int fd : fds)
    if (fd >= 0) close(fd);
  return agree_reachability(boot, mapped);
}

// Reachability must be symmetric: a PE that maps a peer which cannot map it
// back would use load/store one way and the remote transport the other, and
// team barriers would disagree on which path a team takes. Each PE's map
// results are allgathered, and a pair stays mapped only when both sides
// mapped each other; the rest is unmapped here, so all PEs agree.
Status SymmetricHeap::agree_reachability(bootstrap::Bootstrap& boot,
                                         const std::vector<std::uint8_t>& mapped) {
  const int n = boot.info().size;
  std::vector<std::uint8_t> all(static_cast<std::size_t>(n) * n);
  SHOAL_CHECK(boot.allgather(mapped.data(), all.data(), static_cast<std::size_t>(n)));
  // reach_[a*n+b]: a and b mapped each other (every PE computes the same).
  reach_.assign(static_cast<std::size_t>(n) * n, 0);
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      reach_[static_cast<std::size_t>(a) * n + b] =
          a == b || (all[static_cast<std::size_t>(a) * n + b] && all[static_cast<std::size_t>(b) * n + a]);
  for (int pe = 0; pe < n; ++pe) {
    if (pe == me_ || !peers_[pe]) continue;
    if (all[static_cast<std::size_t>(pe) * n + me_]) continue;
    SHOAL_INFO("PE %d could not map this PE's heap: unmapping its heap here too, so both sides "
               "agree it is not load/store reachable", pe);
    memory_->unmap_peer(peers_[pe], size_);
    peers_[pe] = nullptr;
  }
  return Status::ok;
}

void SymmetricHeap::destroy() {
  if (!memory_) return;
  unbind_data_segment();
  for (std::size_t pe = 0; pe < peers_.size(); ++pe)
    if (peers_[pe] && static_cast<int>(pe) != me_) memory_->unmap_peer(peers_[pe], size_);
  peers_.clear();
  reach_.clear();
  memory_->destroy();
  memory_.reset();
  base_ = nullptr;
  size_ = 0;
}

Status SymmetricHeap::internal_alloc(std::uint64_t size, std::uint64_t* offset_p) {
  std::uint64_t off = (internal_next_ + kMinAlign - 1) & ~(kMinAlign - 1);
  if (off + size > kInternalBytes) {
    SHOAL_ERROR("the runtime's internal heap region (%" PRIu64 " bytes) is exhausted", kInternalBytes);
    return Status::no_memory;
  }
  internal_next_ = off + size;
  zero_heap("shoal_init", base_ + off, size);
  *offset_p = off;
  return Status::ok;
}

Status SymmetricHeap::reserve_top(std::uint64_t bytes, std::uint64_t* offset_p) {
  if (user_.live_allocations() != 0 || bytes % kMinAlign != 0 ||
      bytes >= user_.capacity() - user_.bytes_used()) {
    SHOAL_ERROR("cannot reserve %" PRIu64 " bytes at the top of the symmetric heap (%" PRIu64
                " bytes of user region)", bytes, user_.capacity());
    return Status::no_memory;
  }
  user_ = OffsetAllocator(user_.capacity() - bytes);
  *offset_p = size_ - bytes;
  return Status::ok;
}

bool SymmetricHeap::agree(bootstrap::Bootstrap& boot, const CollectiveRecord& mine) {
  const int n = boot.info().size;
  std::vector<CollectiveRecord> all(n);
  if (boot.allgather(&mine, all.data(), sizeof mine) != Status::ok) {
    SHOAL_ERROR("%s: exchanging arguments with the other PEs failed", mine.call);
    return false;
  }
  auto describe = [](const CollectiveRecord& r, char* buf, std::size_t len) {
    char callname[sizeof r.call + 1] = {};
    std::memcpy(callname, r.call, sizeof r.call);
    if (r.op == kAlloc)
      std::snprintf(buf, len, "%s(size=%" PRIu64 ", align=%" PRIu64 ") as collective heap call #%" PRIu64,
                    callname, r.size, r.align, r.seq);
    else if (r.offset == kNoOffset)
      std::snprintf(buf, len, "%s(pointer outside the heap) as collective heap call #%" PRIu64,
                    callname, r.seq);
    else
      std::snprintf(buf, len, "%s(heap offset 0x%" PRIx64 ") as collective heap call #%" PRIu64,
                    callname, r.offset, r.seq);
  };
  const CollectiveRecord& ref = all[0];
  for (int pe = 1; pe < n; ++pe) {
    const CollectiveRecord& r = all[pe];
    if (r.op == ref.op && r.seq == ref.seq && r.size == ref.size && r.align == ref.align &&
        r.offset == ref.offset)
      continue;
    if (me_ == 0 || me_ == pe) {
      char a[160], b[160];
      describe(ref, a, sizeof a);
      describe(r, b, sizeof b);
      SHOAL_ERROR("symmetric heap calls differ between PEs (every PE must make the same "
                  "calls in the same order): PE 0 called %s but PE %d called %s; nothing was "
                  "allocated or freed", a, pe, b);
    }
    return false;
  }
  return true;
}

void* SymmetricHeap::allocate(bootstrap::Bootstrap& boot, const char* call, std::uint64_t size,
                              std::uint64_t align) {
  std::lock_guard<std::mutex> lock(mutex_);
  CollectiveRecord rec{};
  rec.op = kAlloc;
  rec.seq = ++seq_;
  rec.size = size;
  rec.align = align < kMinAlign ? kMinAlign : align;
  rec.offset = 0;
  std::memcpy(rec.call, call, strnlen(call, sizeof rec.call));  // rec is zeroed
  if (!agree(boot, rec)) return nullptr;
  if (size == 0) return nullptr;
  std::uint64_t off = 0;
  // The base is aligned (sim: 1 GiB, host/heap/memfd_memory.cc), the user
  // region starts kInternalBytes into it: align the address, not the offset.
  if (!user_.allocate(size, rec.align, &off, kInternalBytes)) {
    if (me_ == 0)
      SHOAL_ERROR("%s: symmetric heap exhausted: requested %" PRIu64 " bytes (alignment %" PRIu64
                  "), %" PRIu64 " bytes free, largest free block %" PRIu64 " bytes of %" PRIu64
                  "; raise SHOAL_SYMMETRIC_SIZE (e.g. SHOAL_SYMMETRIC_SIZE=4g)",
                  call, size, rec.align, user_.bytes_free(), user_.largest_free(),
                  user_.capacity());
    return nullptr;
  }
  return base_ + kInternalBytes + off;
}

bool SymmetricHeap::release(bootstrap::Bootstrap& boot, const char* call, void* ptr) {
  std::lock_guard<std::mutex> lock(mutex_);
  CollectiveRecord rec{};
  rec.op = kFree;
  rec.seq = ++seq_;
  std::memcpy(rec.call, call, strnlen(call, sizeof rec.call));  // rec is zeroed
  if (ptr == nullptr) {
    rec.offset = kNoOffset - 1;  // free(NULL): agreed no-op
  } else if (in_heap(ptr) && heap_offset(ptr) >= kInternalBytes &&
             (alias_bytes_ == 0 || heap_offset(ptr) != alias_offset_) &&
             user_.allocation_size(heap_offset(ptr) - kInternalBytes) != 0) {
    rec.offset = heap_offset(ptr);
  } else {
    rec.offset = kNoOffset;
  }
  if (!agree(boot, rec)) return false;
  if (rec.offset == kNoOffset - 1) return true;
  if (rec.offset == kNoOffset) {
    SHOAL_ERROR("%s(%p): not a live allocation of the symmetric heap [%p, %p)", call, ptr,
                static_cast<void*>(base_), static_cast<void*>(base_ + size_));
    return false;
  }
  return user_.release(rec.offset - kInternalBytes);
}

std::uint64_t SymmetricHeap::allocation_size(const void* ptr) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!in_heap(ptr) || heap_offset(ptr) < kInternalBytes) return 0;
  return user_.allocation_size(heap_offset(ptr) - kInternalBytes);
}

std::uint64_t SymmetricHeap::user_bytes_used() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return user_.bytes_used();
}

std::size_t SymmetricHeap::user_live_allocations() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return user_.live_allocations();
}

}  // namespace shoal
