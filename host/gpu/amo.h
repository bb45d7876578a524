// cuda: the kernel behind host atomics and signals on heap words
// (host/heap/access_cuda.cc). One thread applies a system-scope atomic to
// `word` (a device address in this process: this PE's heap or a peer's
// mapping) and stores the old value to `old_out` (device memory).
#pragma once

#include <cstdint>

#include <cuda_runtime_api.h>

#include "host/heap/access.h"

namespace shoal::gpu {

// With `release`, a system-scope fence precedes the atomic (signals).
cudaError_t enqueue_heap_amo(void* word, unsigned bytes, HeapAmo op, std::uint64_t value,
                             std::uint64_t cond, bool release, std::uint64_t* old_out,
                             cudaStream_t s);

}  // namespace shoal::gpu
