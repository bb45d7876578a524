// The symmetric heap of this PE: its local segment, the mappings of node-local
// peers' segments, and the collective deterministic allocator.
//
// Layout of every PE's segment (identical on all PEs):
//   [0, kInternalBytes)   runtime-internal symmetric objects (team sync
//                         flags, ...), carved at init by internal_alloc()
//   [kInternalBytes, size) user allocations (shoal_malloc & co.)
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "base/status.h"
#include "bootstrap/bootstrap.h"
#include "host/heap/allocator.h"
#include "host/heap/memory.h"

namespace shoal {

// Test hook (host/testing.h): PE importer's import of PE exporter's heap
// fails as unreachable.
void heap_refuse_import_for_testing(int importer, int exporter);

class SymmetricHeap {
 public:
  static constexpr std::uint64_t kInternalBytes = 1ull << 20;
  static constexpr std::uint64_t kMinAlign = 64;

  SymmetricHeap() = default;
  ~SymmetricHeap() { destroy(); }

  // Collective: creates the local segment and maps node-local peers'
  // (unless disable_p2p). node_of_pe[pe] is each PE's node. A peer whose
  // segment cannot be mapped (no P2P path) stays unmapped on both sides.
  Status create(bootstrap::Bootstrap& boot, std::uint64_t size, const std::vector<int>& node_of_pe,
                bool disable_p2p, double timeout_s);
  void destroy();

  char* base() const { return base_; }
  std::uint64_t size() const { return size_; }
  // Whether [p, p+bytes) is a symmetric address range: inside the heap, or
  // inside the program's data segment once bind_data_segment() made it an
  // alias of a heap region (then offset_of() and peer_ptr() translate it).
  bool contains(const void* p, std::uint64_t bytes = 1) const {
    if (__builtin_expect(in_range(p, bytes, base_, size_), 1)) return true;
    return alias_bytes_ != 0 && in_range(p, bytes, alias_, alias_bytes_);
  }
  std::uint64_t offset_of(const void* p) const {
    auto* c = static_cast<const char*>(p);
    if (__builtin_expect(alias_bytes_ != 0, 0) && in_range(p, 1, alias_, alias_bytes_))
      return alias_offset_ + static_cast<std::uint64_t>(c - alias_);
    return static_cast<std::uint64_t>(c - base_);
  }
  // Whether PEs a and b map each other's segments, as every PE agrees
  // (decided from an allgather at create; a == b is always true).
  bool mapped_between(int a, int b) const {
    return reach_[static_cast<std::size_t>(a) * peers_.size() + b] != 0;
  }
  // Base of `pe`'s segment in this process, or nullptr when not mapped.
  char* peer_base(int pe) const { return peers_[pe]; }
  // Address of the symmetric object at `p` (in this PE's heap) on `pe`.
  char* peer_ptr(const void* p, int pe) const {
    return peers_[pe] ? peers_[pe] + offset_of(p) : nullptr;
  }

  // Collective (every PE, same program): makes the executable's writable
  // data (.data and .bss, after RELRO) a symmetric object. The segment's
  // pages are copied into a user allocation of the heap, which is then
  // mapped over them (MAP_FIXED, MAP_SHARED from the heap's descriptor): a
  // global's address now reaches the heap pages, and peers and transports
  // reach it at the same offset as any heap object. sim platform only
  // (unavailable on cuda, whose heap is GPU memory). destroy() copies the
  // pages back into private memory at the same addresses. Every PE fails
  // alike (logged) when the segments differ in size (different programs).
  Status bind_data_segment(bootstrap::Bootstrap& boot);
  bool data_segment_bound() const { return alias_bytes_ != 0; }

  // A new descriptor for the local segment (the caller closes it): the IBGDA
  // emulator maps every PE's heap on the machine with it, as a NIC's DMA
  // reaches them (host/ibgda.cc).
  Status export_fd(int* fd_p) const { return memory_->export_fd(fd_p); }

  // Runtime-internal symmetric allocation at init (every PE does the same
  // sequence, so offsets match without communication).
  Status internal_alloc(std::uint64_t size, std::uint64_t* offset_p);

  // Takes `bytes` (a multiple of kMinAlign) from the top of the user region
  // for the team pool (host/team_pool.cc); init calls it once, before any
  // user allocation, identically on every PE. *offset_p: start of the area.
  Status reserve_top(std::uint64_t bytes, std::uint64_t* offset_p);

  // The collective user allocator. `call` names the API function for
  // messages. Returns nullptr (on every PE alike) on exhaustion or a
  // mismatch between PEs, after logging why.
  void* allocate(bootstrap::Bootstrap& boot, const char* call, std::uint64_t size,
                 std::uint64_t align);
  // Returns false (after logging) if ptr is not a live allocation, or PEs
  // disagree.
  bool release(bootstrap::Bootstrap& boot, const char* call, void* ptr);
  std::uint64_t allocation_size(const void* ptr) const;

  std::uint64_t user_bytes_used() const;
  std::size_t user_live_allocations() const;

 private:
  struct CollectiveRecord;
  static bool in_range(const void* p, std::uint64_t bytes, const char* lo, std::uint64_t size) {
    auto a = reinterpret_cast<std::uintptr_t>(p), b = reinterpret_cast<std::uintptr_t>(lo);
    return a >= b && a - b < size && bytes <= size - (a - b);
  }
  // The heap proper (not the data-segment alias): what the allocator owns.
  bool in_heap(const void* p) const { return in_range(p, 1, base_, size_); }
  std::uint64_t heap_offset(const void* p) const {
    return static_cast<std::uint64_t>(static_cast<const char*>(p) - base_);
  }
  void unbind_data_segment();
  bool agree(bootstrap::Bootstrap& boot, const CollectiveRecord& mine);
  Status agree_reachability(bootstrap::Bootstrap& boot, const std::vector<std::uint8_t>& mapped);

  std::unique_ptr<HeapMemory> memory_;
  char* base_ = nullptr;
  std::uint64_t size_ = 0;
  std::vector<char*> peers_;  // index = PE; peers_[me] == base_
  std::vector<std::uint8_t> reach_;  // n*n, see mapped_between()
  int me_ = -1;
  std::uint64_t internal_next_ = 0;
  OffsetAllocator user_;
  std::uint64_t seq_ = 0;  // number of collective heap calls so far
  char* alias_ = nullptr;  // bind_data_segment: the data segment's first page
  std::uint64_t alias_bytes_ = 0;   // its length (whole pages); 0 = not bound
  std::uint64_t alias_offset_ = 0;  // heap offset of the region behind it
  mutable std::mutex mutex_;
};

}  // namespace shoal
