// Representative device-API hot paths, compiled by tools/codegen/report.sh
// to check register use, spills and the instructions they become (PTX).
#include <shoal/shoal.h>

__global__ void put_block(char* dst, const char* src, size_t n, int pe) { shoal_putmem_block(dst, src, n, pe); }
__global__ void put_warp(char* dst, const char* src, size_t n, int pe) { shoal_putmem_warp(dst, src, n, pe); }
__global__ void put_thread(char* dst, const char* src, size_t n, int pe) { shoal_putmem(dst, src, n, pe); }
__global__ void put_signal_warp(char* dst, const char* src, size_t n, uint64_t* sig, int pe) {
  shoal_putmem_signal_nbi_warp(dst, src, n, sig, 1, SHOAL_SIGNAL_ADD, pe);
}
__global__ void p_int(int* dst, int v, int pe) { shoal_int_p(dst, v, pe); }
__global__ void signal_wait(uint64_t* sig, uint64_t v) { shoal_signal_wait_until(sig, SHOAL_CMP_GE, v); }
__global__ void fetch_add(unsigned long long* w, int pe) { shoal_ulonglong_atomic_fetch_add(w, 1, pe); }
__global__ void quiet() { shoal_quiet(); }
