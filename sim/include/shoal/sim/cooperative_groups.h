// cooperative_groups for the sim platform (the toolkit's header is empty
// outside nvcc). Covers this_thread_block, tiled_partition<N> (N = 1..32,
// power of two), this_grid (cooperative launches only) and the free sync().
#pragma once

#include "shoal/sim/device.h"

namespace shoal::sim {
// Grid-wide barrier of a cooperative launch (src/launch.cc); aborts when the
// kernel was not launched cooperatively.
void grid_sync(std::source_location loc);
unsigned long long grid_thread_rank();
}  // namespace shoal::sim

namespace cooperative_groups {

class thread_block {
 public:
  void sync(std::source_location loc = std::source_location::current()) const { __syncthreads(loc); }
  unsigned thread_rank() const { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }
  unsigned size() const { return blockDim.x * blockDim.y * blockDim.z; }
  unsigned num_threads() const { return size(); }
  dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  dim3 dim_threads() const { return blockDim; }
  dim3 group_dim() const { return blockDim; }
};
inline thread_block this_thread_block() { return thread_block(); }

// ParentT only names the group a tile came from, as in CUDA; tiles with any
// parent convert to each other.
template <unsigned N, class ParentT = void>
class thread_block_tile {
  static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0, "tile size must be a power of two up to 32");

 public:
  thread_block_tile() = default;
  template <class OtherParent>
  thread_block_tile(const thread_block_tile<N, OtherParent>&) {}  // NOLINT: implicit, as in CUDA

  static constexpr unsigned num_threads() { return N; }
  static constexpr unsigned size() { return N; }
  unsigned thread_rank() const { return shoal::sim::lane_id() & (N - 1); }
  unsigned meta_group_rank() const { return thread_block().thread_rank() / N; }
  unsigned meta_group_size() const { return (thread_block().size() + N - 1) / N; }
  void sync(std::source_location loc = std::source_location::current()) const { __syncwarp(mask(), loc); }
  template <class T>
  T shfl(T v, int src, std::source_location loc = std::source_location::current()) const {
    return __shfl_sync(mask(), v, src, N, loc);
  }
  template <class T>
  T shfl_up(T v, unsigned d, std::source_location loc = std::source_location::current()) const {
    return __shfl_up_sync(mask(), v, d, N, loc);
  }
  template <class T>
  T shfl_down(T v, unsigned d, std::source_location loc = std::source_location::current()) const {
    return __shfl_down_sync(mask(), v, d, N, loc);
  }
  template <class T>
  T shfl_xor(T v, int m, std::source_location loc = std::source_location::current()) const {
    return __shfl_xor_sync(mask(), v, m, N, loc);
  }
  // Bits are relative to the tile: bit i is the tile's thread i.
  unsigned ballot(int pred, std::source_location loc = std::source_location::current()) const {
    return __ballot_sync(mask(), pred, loc) >> base();
  }
  int any(int pred, std::source_location loc = std::source_location::current()) const {
    return __any_sync(mask(), pred, loc);
  }
  int all(int pred, std::source_location loc = std::source_location::current()) const {
    return __all_sync(mask(), pred, loc);
  }

 private:
  static unsigned base() { return shoal::sim::lane_id() & ~(N - 1); }
  static unsigned mask() { return (N == 32 ? 0xffffffffu : ((1u << N) - 1)) << base(); }
};

template <unsigned N, class Parent>
inline thread_block_tile<N, Parent> tiled_partition(const Parent&) { return thread_block_tile<N, Parent>(); }

class grid_group {
 public:
  void sync(std::source_location loc = std::source_location::current()) const { shoal::sim::grid_sync(loc); }
  unsigned long long thread_rank() const { return shoal::sim::grid_thread_rank(); }
  unsigned long long size() const {
    return 1ull * gridDim.x * gridDim.y * gridDim.z * blockDim.x * blockDim.y * blockDim.z;
  }
  unsigned long long num_threads() const { return size(); }
  unsigned long long num_blocks() const { return 1ull * gridDim.x * gridDim.y * gridDim.z; }
  unsigned long long block_rank() const {
    return blockIdx.x + 1ull * gridDim.x * (blockIdx.y + 1ull * gridDim.y * blockIdx.z);
  }
  bool is_valid() const;
};
inline grid_group this_grid() { return grid_group(); }

template <class Group>
inline void sync(const Group& g, std::source_location loc = std::source_location::current()) { g.sync(loc); }

}  // namespace cooperative_groups
