// Symmetric global and static data (OpenSHMEM's "symmetric data objects" in
// the data and BSS segments): SymmetricHeap::bind_data_segment and its undo.
//
// The executable's writable PT_LOAD segment, from the end of its RELRO part
// (read-only after relocation, left alone) to the end of .bss, is the same
// length and layout in every PE running the same program, whatever address
// ASLR gave it. Its pages are copied into one user allocation of the heap and
// that allocation is mapped over them, so the program's own loads and stores
// of globals and every peer's and transport's accesses at the heap offset
// meet in the same pages. Copies go through raw pread/pwrite system calls on
// the heap's descriptor: the segment holds sanitizer redzones that an
// instrumented memcpy would report.
#include <link.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstring>
#include <vector>

#include "base/log.h"
#include "host/heap/heap.h"

namespace shoal {

namespace {

struct Segment {
  std::uintptr_t lo = 0, hi = 0;  // page-aligned span
  int writable_loads = 0;
  bool relro_unaligned = false;
};

[[maybe_unused]] int find_main_segment(dl_phdr_info* info, std::size_t, void* arg) {
  auto* seg = static_cast<Segment*>(arg);
  // The first object reported is the executable itself.
  const std::uintptr_t page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  std::uintptr_t relro_end = 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_GNU_RELRO) relro_end = info->dlpi_addr + ph.p_vaddr + ph.p_memsz;
  }
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD || !(ph.p_flags & PF_W)) continue;
    ++seg->writable_loads;
    std::uintptr_t first = info->dlpi_addr + ph.p_vaddr, end = first + ph.p_memsz;
    if (relro_end > first && relro_end <= end) {
      if (relro_end % page != 0) seg->relro_unaligned = true;
      first = relro_end;
    }
    seg->lo = first & ~(page - 1);
    seg->hi = (end + page - 1) & ~(page - 1);
  }
  return 1;  // the executable only
}

bool copy_all(bool to_fd, int fd, void* mem, std::uint64_t bytes, std::uint64_t offset) {
  auto* p = static_cast<char*>(mem);
  while (bytes != 0) {
    long n = to_fd ? syscall(SYS_pwrite64, fd, p, bytes, static_cast<off_t>(offset))
                   : syscall(SYS_pread64, fd, p, bytes, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    offset += static_cast<std::uint64_t>(n);
    bytes -= static_cast<std::uint64_t>(n);
  }
  return true;
}

}  // namespace

Status SymmetricHeap::bind_data_segment(bootstrap::Bootstrap& boot) {
  constexpr const char* kCall = "shoal_symmetric_globals";
  if (alias_bytes_ != 0) return Status::ok;
#if defined(SHOAL_PLATFORM_CUDA)
  (void)boot;
  SHOAL_ERROR("%s: symmetric global variables need the sim platform (on cuda the heap is GPU "
              "memory): allocate with shoal_malloc instead",
              kCall);
  return Status::unavailable;
#else
  Segment seg;
  dl_iterate_phdr(find_main_segment, &seg);
  std::uint64_t bytes = seg.hi - seg.lo;
  const char* why = nullptr;
  if (seg.writable_loads != 1) why = "the executable has no single writable segment";
  else if (seg.relro_unaligned) why = "the executable's RELRO part does not end on a page";
  if (why) {
    // Still collective: the allocation below fails alike on every PE.
    SHOAL_ERROR("%s: %s (%d writable PT_LOAD segments): globals stay private", kCall, why,
                seg.writable_loads);
    bytes = 0;
  }
  const std::uint64_t page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
  // Collective and checked: PEs running programs whose segments differ in
  // size fail here alike, named by the allocator's mismatch message.
  char* region = static_cast<char*>(allocate(boot, kCall, bytes, page));
  if (!region) {
    if (bytes != 0) SHOAL_ERROR("%s: no heap region for the %" PRIu64 "-byte data segment", kCall, bytes);
    return Status::no_memory;
  }
  const std::uint64_t off = heap_offset(region);
  int fd = -1;
  Status st = memory_->export_fd(&fd);
  void* lo = reinterpret_cast<void*>(seg.lo);
  if (st == Status::ok && !copy_all(true, fd, lo, bytes, off)) {
    SHOAL_ERROR("%s: copying the data segment into the heap failed: %s", kCall, std::strerror(errno));
    st = Status::io_error;
  }
  bool mapped = false;
  if (st == Status::ok &&
      !(mapped = mmap(lo, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd,
                      static_cast<off_t>(off)) != MAP_FAILED)) {
    // MAP_FIXED failing leaves the old mapping in place (nothing is lost).
    SHOAL_ERROR("%s: mapping the heap over the data segment [%p, +%" PRIu64 ") failed: %s", kCall,
                lo, bytes, std::strerror(errno));
    st = Status::io_error;
  }
  if (fd >= 0) close(fd);
  // Agree, so that no PE writes into another's globals before its copy is in
  // place, and so that every PE fails alike.
  const std::uint64_t mine = st == Status::ok ? 0 : 1;
  std::vector<std::uint64_t> all(static_cast<std::size_t>(boot.info().size));
  if (boot.allgather(&mine, all.data(), sizeof mine) != Status::ok) st = Status::peer_failed;
  bool everyone = st == Status::ok;
  for (std::uint64_t v : all) everyone = everyone && v == 0;
  if (mapped) {  // also when the agreement failed: unbound again below
    alias_ = static_cast<char*>(lo);
    alias_bytes_ = bytes;
    alias_offset_ = off;
  }
  if (!everyone) {
    unbind_data_segment();
    if (st == Status::ok) SHOAL_ERROR("%s: another PE could not bind its data segment", kCall);
    release(boot, kCall, region);
    return st == Status::ok ? Status::peer_failed : st;
  }
  SHOAL_INFO("%s: data segment [%p, +%" PRIu64 ") is symmetric (heap offset 0x%" PRIx64 ")", kCall,
             lo, bytes, off);
  return Status::ok;
#endif
}

void SymmetricHeap::unbind_data_segment() {
  if (alias_bytes_ == 0) return;
  // Private pages again, with the current contents, at the same addresses:
  // the program's globals outlive the heap (static destructors, atexit).
  // Anonymous pages replace the shared ones, then the contents come back
  // from the heap's descriptor (no mremap: UCX's memory hooks, loaded by
  // the proxy, mishandle its MREMAP_FIXED form).
  int fd = -1;
  bool ok = memory_->export_fd(&fd) == Status::ok &&
            mmap(alias_, alias_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) !=
                MAP_FAILED &&
            copy_all(false, fd, alias_, alias_bytes_, alias_offset_);
  if (!ok)
    SHOAL_WARN("restoring the data segment [%p, +%" PRIu64 ") to private memory failed: %s",
               static_cast<void*>(alias_), alias_bytes_, std::strerror(errno));
  if (fd >= 0) close(fd);
  alias_ = nullptr;
  alias_bytes_ = 0;
  alias_offset_ = 0;
}

}  // namespace shoal
