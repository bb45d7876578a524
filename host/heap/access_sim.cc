// sim: the heap is host memory shared between the PE processes.
#include <atomic>
#include <cstring>

#include "base/log.h"
#include "host/heap/access.h"
#include "shoal/sim/weak_order.h"
#include "shoal/types.h"

namespace shoal {

// Every access but put_to_heap is an ordering point of the weak-order option.
void copy_to_heap(const char*, void* heap_dst, const void* src, std::size_t bytes) {
  sim::weak_drain();
  std::memcpy(heap_dst, src, bytes);
}

void put_to_heap(const char*, void* heap_dst, const void* src, std::size_t bytes) {
  sim::weak_store(heap_dst, src, bytes);
}

void copy_from_heap(const char*, void* dst, const void* heap_src, std::size_t bytes) {
  sim::weak_drain();
  std::memcpy(dst, heap_src, bytes);
}

void zero_heap(const char*, void* heap_dst, std::size_t bytes) {
  sim::weak_drain();
  std::memset(heap_dst, 0, bytes);
}

namespace {

template <class W>
std::uint64_t amo(void* word, HeapAmo op, W v, W c) {
  static_assert(std::atomic_ref<W>::is_always_lock_free, "cross-process atomics need lock-free");
  std::atomic_ref<W> a(*static_cast<W*>(word));
  constexpr auto kRelaxed = std::memory_order_relaxed;
  switch (op) {
    case HeapAmo::fetch: return a.load(kRelaxed);
    case HeapAmo::set: a.store(v, kRelaxed); return 0;
    case HeapAmo::swap: return a.exchange(v, kRelaxed);
    case HeapAmo::compare_swap: a.compare_exchange_strong(c, v, kRelaxed); return c;  // the old value
    case HeapAmo::add: return a.fetch_add(v, kRelaxed);
    case HeapAmo::and_: return a.fetch_and(v, kRelaxed);
    case HeapAmo::or_: return a.fetch_or(v, kRelaxed);
    case HeapAmo::xor_: return a.fetch_xor(v, kRelaxed);
  }
  return 0;
}

}  // namespace

std::uint64_t heap_atomic(const char* call, void* word, unsigned bytes, HeapAmo op,
                          std::uint64_t value, std::uint64_t cond) {
  sim::weak_drain();
  if (bytes == 4)
    return amo<std::uint32_t>(word, op, static_cast<std::uint32_t>(value),
                              static_cast<std::uint32_t>(cond));
  if (bytes == 8) return amo<std::uint64_t>(word, op, value, cond);
  fatal("%s: no %u-byte host atomics", call, bytes);
}

void heap_signal(const char*, std::uint64_t* sig, std::uint64_t value, int sig_op) {
  sim::weak_drain();
  std::atomic_ref<std::uint64_t> a(*sig);
  if (sig_op == SHOAL_SIGNAL_SET)
    a.store(value, std::memory_order_release);
  else
    a.fetch_add(value, std::memory_order_release);
}

std::uint64_t heap_load_acquire(const char* call, const void* word, unsigned bytes) {
  sim::weak_drain();
  void* w = const_cast<void*>(word);
  constexpr auto kAcquire = std::memory_order_acquire;
  switch (bytes) {
    case 2: return std::atomic_ref<std::uint16_t>(*static_cast<std::uint16_t*>(w)).load(kAcquire);
    case 4: return std::atomic_ref<std::uint32_t>(*static_cast<std::uint32_t*>(w)).load(kAcquire);
    case 8: return std::atomic_ref<std::uint64_t>(*static_cast<std::uint64_t*>(w)).load(kAcquire);
  }
  fatal("%s: no %u-byte host loads", call, bytes);
}

}  // namespace shoal
