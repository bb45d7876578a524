// Compiled by compat.nvshmem.unsupported_is_a_compile_error, which expects
// this to fail with the header's reason (nvshmemx_mc_ptr is not implemented).
#include <nvshmem.h>
#include <nvshmemx.h>

void* multicast_address(nvshmem_team_t team, void* p) { return static_cast<void*>(nvshmemx_mc_ptr(team, p)); }
