#include "host/heap/allocator.h"

#include <iterator>

namespace shoal {

OffsetAllocator::OffsetAllocator(std::uint64_t size) : size_(size) {
  if (size) free_.emplace(0, size);
}

bool OffsetAllocator::allocate(std::uint64_t size, std::uint64_t align, std::uint64_t* offset_p,
                               std::uint64_t phase) {
  if (size == 0 || align == 0 || (align & (align - 1)) != 0) return false;
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    const std::uint64_t start = it->first, len = it->second;
    const std::uint64_t at = start + phase;
    if (at < start) continue;  // overflow
    const std::uint64_t aligned = ((at + align - 1) & ~(align - 1)) - phase;
    if (aligned < start) continue;  // overflow
    const std::uint64_t pad = aligned - start;
    if (pad > len || len - pad < size) continue;
    const std::uint64_t tail = len - pad - size;
    free_.erase(it);
    if (pad) free_.emplace(start, pad);
    if (tail) free_.emplace(aligned + size, tail);
    used_.emplace(aligned, size);
    used_bytes_ += size;
    *offset_p = aligned;
    return true;
  }
  return false;
}

bool OffsetAllocator::release(std::uint64_t offset, std::uint64_t* size_p) {
  auto u = used_.find(offset);
  if (u == used_.end()) return false;
  std::uint64_t start = offset, len = u->second;
  if (size_p) *size_p = len;
  used_bytes_ -= len;
  used_.erase(u);
  // Coalesce with the neighbours.
  auto next = free_.lower_bound(start);
  if (next != free_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == start) {
      start = prev->first;
      len += prev->second;
      free_.erase(prev);
    }
  }
  if (next != free_.end() && start + len == next->first) {
    len += next->second;
    free_.erase(next);
  }
  free_.emplace(start, len);
  return true;
}

std::uint64_t OffsetAllocator::allocation_size(std::uint64_t offset) const {
  auto u = used_.find(offset);
  return u == used_.end() ? 0 : u->second;
}

std::uint64_t OffsetAllocator::largest_free() const {
  std::uint64_t best = 0;
  for (const auto& [off, len] : free_)
    if (len > best) best = len;
  return best;
}

}  // namespace shoal
