// A kernel that calls a collective with bad arguments must end with a
// message naming the PE, the call and the bad value (checked builds). Run by
// CTest with the mode as argument; the test passes on the expected message.
#include <shoal/launch.h>
#include <shoal/shoal.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace {

__global__ void bad_team(int* sym) { shoal_int_sum_reduce(77, sym, sym + 4, 1); }
__global__ void bad_root(int* sym) { shoal_int_broadcast_warp(SHOAL_TEAM_WORLD, sym, sym + 4, 1, 9); }
__global__ void partial_overlap(int* sym) {
  shoal_int_max_reduce_block(SHOAL_TEAM_WORLD, sym + 1, sym, 4);
}
__global__ void scatter_in_place(int* sym) { shoal_int_sum_reducescatter(SHOAL_TEAM_WORLD, sym, sym, 1); }
__global__ void size_overflow(int* sym) {
  shoal_int_fcollect(SHOAL_TEAM_WORLD, sym, sym + 4, SIZE_MAX / 2);
}
__global__ void outside_heap(int* local) { shoal_alltoallmem(SHOAL_TEAM_WORLD, local, local, 4); }

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: coll_trap bad-team|bad-root|partial-overlap|scatter-in-place|"
                         "size-overflow|outside-heap\n");
    return 2;
  }
  if (shoal_init() != 0) return 3;
  auto* sym = static_cast<int*>(shoal_calloc(64, sizeof(int)));
  int* local = nullptr;
  cudaMalloc(&local, 256);
  struct Case {
    const char* mode;
    void (*kernel)(int*);
    int* arg;
  };
  const Case cases[] = {{"bad-team", bad_team, sym},
                        {"bad-root", bad_root, sym},
                        {"partial-overlap", partial_overlap, sym},
                        {"scatter-in-place", scatter_in_place, sym},
                        {"size-overflow", size_overflow, sym},
                        {"outside-heap", outside_heap, local}};
  cudaError_t e = cudaErrorInvalidValue;
  for (const Case& c : cases)
    if (!std::strcmp(argv[1], c.mode)) e = shoal::launch(c.kernel, 1, 32, 0, nullptr, c.arg);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  std::printf("coll_trap: kernel returned (%s)\n", cudaGetErrorString(e));
  shoal_finalize();
  return 0;
}
