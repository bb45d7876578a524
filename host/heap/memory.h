// Platform-neutral backing of the symmetric heap: one PE's local segment,
// exported as a file descriptor that node-local peers import and map.
//
// sim:  a sparse memfd (physical pages committed on first touch) mapped
//       MAP_SHARED; peers mmap the received descriptor.
// cuda: CUDA VMM allocations exported as POSIX file descriptors (issue 6).
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>

#include "base/status.h"

namespace shoal {

// Where a PE's segment physically lives, as much as a peer needs to decide
// whether it can map it (cuda: the GPU's UUID; sim: all zero). Allgathered at
// init, so every PE knows every other PE's.
struct HeapLocation {
  unsigned char bytes[16];
  bool operator==(const HeapLocation& o) const { return std::memcmp(bytes, o.bytes, 16) == 0; }
};

class HeapMemory {
 public:
  virtual ~HeapMemory() = default;
  virtual const char* name() const = 0;

  // Creates and maps this PE's segment of at least `size` bytes (rounded up
  // to the backend's granularity, which it reports).
  virtual Status create(std::size_t size, void** base_p) = 0;
  // Where the local segment lives (valid after create()).
  virtual HeapLocation location() const = 0;
  // A new descriptor for the local segment (the caller closes it).
  virtual Status export_fd(int* fd_p) = 0;
  // Maps a peer's segment, living at `where`, from its descriptor (consumed:
  // closed here). Returns unavailable (logged at info) when this PE cannot
  // load/store the peer's memory (e.g. its GPU has no P2P path to ours); any
  // other failure is logged as an error.
  virtual Status import(int peer_pe, const HeapLocation& where, int fd, std::size_t size,
                        void** base_p) = 0;
  // Unmaps a peer's segment mapped by import().
  virtual void unmap_peer(void* base, std::size_t size) = 0;
  // Unmaps and frees the local segment.
  virtual void destroy() = 0;
};

// The backend for the configured platform, or an error saying why none is
// available.
Status heap_memory_create(std::unique_ptr<HeapMemory>* out_p);

}  // namespace shoal
