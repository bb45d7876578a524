#include "shoal/sim/weak_order.h"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "base/cpu.h"

namespace shoal::sim {

namespace {

std::uint64_t g_seed = 0;

bool read_env() {
  const char* v = std::getenv("SHOAL_SIM_WEAK_ORDER");
  if (v == nullptr || *v == '\0' || (v[0] == '0' && v[1] == '\0')) return false;
  char* end = nullptr;
  g_seed = std::strtoull(v, &end, 0);
  if (*end != '\0' || g_seed == 0) {
    std::fprintf(stderr, "shoal sim: SHOAL_SIM_WEAK_ORDER='%s' is not a seed (a positive integer; 0 or unset: off)\n", v);
    std::_Exit(2);
  }
  return true;
}

// Buffers larger than this reach memory at once (entries / bytes).
constexpr std::size_t kMaxEntries = 64;
constexpr std::size_t kMaxBytes = 256 << 10;

struct Entry {
  void* dst;
  std::size_t off, n;
};

std::atomic<unsigned> g_threads{0};
std::atomic<bool> g_announced{false};

struct Buffer {
  std::vector<Entry> entries;
  std::vector<char> bytes;
  std::mt19937_64 rng;
  bool draining = false;
  Buffer() : rng(g_seed * 0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(::getpid()) * 1000003u + g_threads.fetch_add(1)) {}
  ~Buffer();  // a thread that ends: its stores land (as they would on a GPU)
};

thread_local Buffer t_buf;

}  // namespace

std::atomic<bool> g_weak_order{read_env()};

void weak_store_slow(void* dst, const void* src, std::size_t n) {
  if (!g_announced.exchange(true))
    std::fprintf(stderr, "shoal sim: weakly ordered stores, seed %llu (SHOAL_SIM_WEAK_ORDER; pid %d)\n",
                 static_cast<unsigned long long>(g_seed), static_cast<int>(::getpid()));
  Buffer& b = t_buf;
  if (n > kMaxBytes) {  // too large to hold: earlier ones first, then this one in place
    weak_drain_slow();
    std::memcpy(dst, src, n);
    return;
  }
  if (b.entries.size() >= kMaxEntries || b.bytes.size() + n > kMaxBytes) weak_drain_slow();
  // Stores to one location stay in program order (coherence, as on a GPU):
  // one that overlaps a buffered store lands after it.
  const auto* lo = static_cast<const char*>(dst);
  for (const Entry& e : b.entries) {
    const auto* elo = static_cast<const char*>(e.dst);
    if (lo < elo + e.n && elo < lo + n) {
      weak_drain_slow();
      break;
    }
  }
  b.entries.push_back({dst, b.bytes.size(), n});
  b.bytes.insert(b.bytes.end(), static_cast<const char*>(src), static_cast<const char*>(src) + n);
}

Buffer::~Buffer() {
  if (!entries.empty()) weak_drain_slow();
}

void weak_drain_slow() {
  Buffer& b = t_buf;
  if (b.entries.empty() || b.draining) return;
  b.draining = true;
  std::vector<Entry> e;
  e.swap(b.entries);
  std::shuffle(e.begin(), e.end(), b.rng);
  for (std::size_t i = 0; i < e.size(); ++i) {
    std::atomic_thread_fence(std::memory_order_seq_cst);
    std::memcpy(e[i].dst, b.bytes.data() + e[i].off, e[i].n);
    std::atomic_thread_fence(std::memory_order_seq_cst);
    // A window in which an observer sees this store and not the later ones.
    if (i + 1 < e.size()) {
      const unsigned spins = static_cast<unsigned>(b.rng() % 1024);
      for (unsigned k = 0; k < spins; ++k) cpu_relax();
    }
  }
  b.bytes.clear();
  e.clear();
  if (b.entries.empty()) b.entries.swap(e);  // keep the capacity
  b.draining = false;
}

}  // namespace shoal::sim
