// Hooks for shoal's own tests (exported by libshoal, not part of the public
// API): they let a forked death-test child end alone instead of taking the
// whole job down through the bootstrap.
#pragma once

namespace shoal::testing {

// From now on fatal errors in this process exit with `code` without telling
// the launcher or the other PEs.
void set_local_abort(int code);
// Overrides SHOAL_TIMEOUT for this process's waits.
void set_timeout(double seconds);
// Before shoal_init: PE `importer`'s import of PE `exporter`'s heap fails as
// if their GPUs had no P2P path (-1, -1: none). Tests the reachability
// agreement on any platform.
void refuse_heap_import(int importer, int exporter);
// Before shoal_init: fn(pe) runs inside shoal_init once the bootstrap is up
// and the GPU bound, before the heap is created (a PE can die in the middle
// of init while the others are in it). nullptr: none.
void set_init_hook(void (*fn)(int pe));

}  // namespace shoal::testing
