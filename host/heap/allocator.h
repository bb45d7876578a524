// A deterministic first-fit allocator over offsets [0, size). Given the same
// sequence of calls it returns the same offsets on every PE, which is what
// makes symmetric allocation work without exchanging addresses.
//
// Not thread-safe: the heap serialises calls.
#pragma once

#include <cstdint>
#include <map>

namespace shoal {

class OffsetAllocator {
 public:
  OffsetAllocator() = default;
  explicit OffsetAllocator(std::uint64_t size);

  // size > 0; align a power of two. Returns false when no free range fits.
  // phase: the offset is aligned so that phase + offset is a multiple of
  // align (the heap's user region starts `phase` bytes into a base that is
  // itself aligned).
  bool allocate(std::uint64_t size, std::uint64_t align, std::uint64_t* offset_p, std::uint64_t phase = 0);
  // Returns false (and changes nothing) when `offset` is not the start of a
  // live allocation; *size_p gets the allocation's size otherwise.
  bool release(std::uint64_t offset, std::uint64_t* size_p = nullptr);
  // Size of the live allocation starting at offset, or 0.
  std::uint64_t allocation_size(std::uint64_t offset) const;

  std::uint64_t capacity() const { return size_; }
  std::uint64_t bytes_used() const { return used_bytes_; }
  std::uint64_t bytes_free() const { return size_ - used_bytes_; }
  std::uint64_t largest_free() const;
  std::size_t live_allocations() const { return used_.size(); }

 private:
  std::uint64_t size_ = 0;
  std::uint64_t used_bytes_ = 0;
  std::map<std::uint64_t, std::uint64_t> free_;  // offset -> length, coalesced
  std::map<std::uint64_t, std::uint64_t> used_;  // offset -> length
};

}  // namespace shoal
