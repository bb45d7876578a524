// Device-side EP diagnoses, one per mode (run under shoalrun -n 2; the test
// matches the message):
//   timeout    rank 1 never dispatches: rank 0's receive names what it waits for
//   bad-index  an expert id out of range in topk_idx
//   duplicate  a token selecting the same expert twice
//   normal-timeout  normal mode: rank 1 never dispatches, rank 0's receive
//              names the count word it waits for
#include <shoal/ep.h>
#include <shoal/shoal.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: ep_trap timeout|bad-index|duplicate|normal-timeout\n");
    return 2;
  }
  const std::string mode = argv[1];
  if (shoal_init() != 0) return 1;
  const int me = shoal_my_pe();
  shoal::ep::Config cfg(8, 128, 8, 2, shoal::ep::DType::bf16);
  cfg.timeout_s = 2.0;
  const bool normal = mode == "normal-timeout";
  if (normal) cfg.modes = SHOAL_EP_MODE_NORMAL;
  shoal::ep::Buffer b(cfg);
  const int T = 4, K = 2;
  std::vector<long long> idx(T * K);
  for (int i = 0; i < T * K; ++i) idx[i] = i % 8;
  if (mode == "bad-index") idx[3 * K + 1] = 999;
  if (mode == "duplicate") idx[2 * K + 0] = idx[2 * K + 1] = 5;
  void *x = nullptr, *d_idx = nullptr;
  cudaMalloc(&x, T * 128 * 2);
  cudaMemset(x, 0, T * 128 * 2);
  cudaMalloc(&d_idx, idx.size() * 8);
  cudaMemcpy(d_idx, idx.data(), idx.size() * 8, cudaMemcpyHostToDevice);
  if ((mode == "timeout" || normal) && me == 1) {
    sleep(60);  // never arrives; rank 0's trap ends the job
    return 1;
  }
  if (normal) {
    const auto l = b.layout(d_idx, T, K);
    b.dispatch(x, d_idx, nullptr, l);
  } else {
    b.dispatch_ll(x, d_idx, T, K);
  }
  cudaDeviceSynchronize();
  std::printf("PE %d: kernel returned\n", me);
  shoal_finalize();
  return 1;
}
