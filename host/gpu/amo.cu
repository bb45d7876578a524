// cuda only (see amo.h): host atomics on GPU heap words as a one-thread
// kernel with system-scope atomics, so they are atomic with respect to the
// device API's atomics (also system scope) from any PE.
#include <shoal/launch.h>

#include "host/gpu/amo.h"

namespace shoal::gpu {
namespace {

template <class W>
__device__ W apply(W* p, HeapAmo op, W v, W c) {
  switch (op) {
    case HeapAmo::fetch: return atomicOr_system(p, W{0});
    case HeapAmo::set: return atomicExch_system(p, v);
    case HeapAmo::swap: return atomicExch_system(p, v);
    case HeapAmo::compare_swap: return atomicCAS_system(p, c, v);
    case HeapAmo::add: return atomicAdd_system(p, v);
    case HeapAmo::and_: return atomicAnd_system(p, v);
    case HeapAmo::or_: return atomicOr_system(p, v);
    case HeapAmo::xor_: return atomicXor_system(p, v);
  }
  return W{0};
}

__global__ void heap_amo_kernel(void* word, unsigned bytes, HeapAmo op, uint64_t value,
                                uint64_t cond, int release, uint64_t* old_out) {
  if (release) __threadfence_system();
  if (bytes == 4)
    *old_out = apply(static_cast<unsigned*>(word), op, static_cast<unsigned>(value),
                     static_cast<unsigned>(cond));
  else
    *old_out = apply(static_cast<unsigned long long*>(word), op,
                     static_cast<unsigned long long>(value), static_cast<unsigned long long>(cond));
}

}  // namespace

cudaError_t enqueue_heap_amo(void* word, unsigned bytes, HeapAmo op, uint64_t value, uint64_t cond,
                             bool release, uint64_t* old_out, cudaStream_t s) {
  return launch(heap_amo_kernel, dim3(1), dim3(1), 0, s, word, bytes, op, value, cond,
                release ? 1 : 0, old_out);
}

}  // namespace shoal::gpu
