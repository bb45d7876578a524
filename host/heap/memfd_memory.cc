// The sim platform's heap backing (the cuda platform's is vmm_memory.cc;
// CMake compiles one of the two): a sparse memfd per PE. Nothing is named in
// /dev/shm or elsewhere, so a crash leaks nothing: the memory is freed when
// the last process holding a mapping or descriptor exits.
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include "base/log.h"
#include "host/heap/memory.h"

namespace shoal {
namespace {

// Alignment of this PE's heap base: the largest alignment shoal_align
// honours as an address (1 GiB; address space only, nothing is reserved).
constexpr std::uintptr_t kBaseAlign = std::uintptr_t{1} << 30;

class MemfdMemory final : public HeapMemory {
 public:
  ~MemfdMemory() override { destroy(); }
  const char* name() const override { return "memfd"; }

  Status create(std::size_t size, void** base_p) override {
    fd_ = memfd_create("shoal-heap", MFD_CLOEXEC);
    if (fd_ < 0) {
      SHOAL_ERROR("memfd_create for the symmetric heap failed: %s", std::strerror(errno));
      return Status::io_error;
    }
    if (ftruncate(fd_, static_cast<off_t>(size)) != 0) {
      SHOAL_ERROR("sizing the symmetric heap to %zu bytes failed: %s", size, std::strerror(errno));
      destroy();
      return Status::no_memory;
    }
    // This PE's own mapping starts on a kBaseAlign boundary, so that an
    // offset aligned to A (the allocator's) is an address aligned to A for
    // any A up to it: shoal_align/shmem_align promise the address. Reserve
    // size + kBaseAlign of address space, keep the aligned part.
    void* reserve = mmap(nullptr, size + kBaseAlign, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    void* p = MAP_FAILED;
    if (reserve != MAP_FAILED) {
      const auto lo = reinterpret_cast<std::uintptr_t>(reserve);
      const std::uintptr_t at = (lo + kBaseAlign - 1) & ~(kBaseAlign - 1);
      if (at > lo) munmap(reserve, at - lo);
      if (lo + kBaseAlign > at) munmap(reinterpret_cast<void*>(at + size), lo + kBaseAlign - at);
      p = mmap(reinterpret_cast<void*>(at), size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE | MAP_FIXED,
               fd_, 0);
      if (p == MAP_FAILED) munmap(reinterpret_cast<void*>(at), size);
    }
    if (p == MAP_FAILED) {
      SHOAL_ERROR("mapping the %zu-byte symmetric heap failed: %s (lower SHOAL_SYMMETRIC_SIZE?)",
                  size, std::strerror(errno));
      destroy();
      return Status::no_memory;
    }
    base_ = p;
    size_ = size;
    *base_p = p;
    return Status::ok;
  }

  Status export_fd(int* fd_p) override {
    int fd = fcntl_dup(fd_);
    if (fd < 0) return Status::io_error;
    *fd_p = fd;
    return Status::ok;
  }

  HeapLocation location() const override { return HeapLocation{}; }

  Status import(int peer_pe, const HeapLocation&, int fd, std::size_t size,
                void** base_p) override {
    off_t actual = lseek(fd, 0, SEEK_END);
    if (actual < 0 || static_cast<std::size_t>(actual) < size) {
      SHOAL_ERROR("PE %d's heap descriptor holds %lld bytes, expected %zu", peer_pe,
                  static_cast<long long>(actual), size);
      close(fd);
      return Status::protocol_error;
    }
    void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
    int err = errno;
    close(fd);
    if (p == MAP_FAILED) {
      SHOAL_ERROR("mapping PE %d's %zu-byte heap failed: %s", peer_pe, size, std::strerror(err));
      return Status::no_memory;
    }
    *base_p = p;
    return Status::ok;
  }

  void unmap_peer(void* base, std::size_t size) override { munmap(base, size); }

  void destroy() override {
    if (base_) munmap(base_, size_);
    if (fd_ >= 0) close(fd_);
    base_ = nullptr;
    fd_ = -1;
    size_ = 0;
  }

 private:
  static int fcntl_dup(int fd) {
    int d = ::dup(fd);
    if (d < 0) SHOAL_ERROR("dup of the heap descriptor failed: %s", std::strerror(errno));
    return d;
  }

  int fd_ = -1;
  void* base_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace

Status heap_memory_create(std::unique_ptr<HeapMemory>* out_p) {
  *out_p = std::make_unique<MemfdMemory>();
  return Status::ok;
}

}  // namespace shoal
