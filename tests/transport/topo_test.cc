// transport/topo: NIC-to-GPU distances and local CPUs on a made-up two-socket
// GPU node (data/two_socket_4gpu.xml, described there), and thread binding
// on this machine.
#include "transport/topo/topo.h"

#include <gtest/gtest.h>
#include <sched.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "base/env.h"

namespace shoal::topo {
namespace {

constexpr const char* kGpu0 = "0000:12:00.0";  // socket 0, switch A with mlx5_0 and mlx5_4
constexpr const char* kGpu1 = "0000:15:00.0";  // socket 0, switch B with mlx5_1
constexpr const char* kGpu2 = "0000:22:00.0";  // socket 1, switch C with mlx5_2
constexpr const char* kGpu3 = "0000:20:03.0";  // socket 1, on the host bridge

std::unique_ptr<Topology> fixture() {
  std::string why;
  auto t = Topology::load(SHOAL_TOPO_XML, &why);
  EXPECT_TRUE(t) << why;
  return t;
}

TEST(Topo, ListsRdmaDevicesOnly) {
  auto t = fixture();
  ASSERT_TRUE(t);
  // eth0 is a network device, not an RDMA (OpenFabrics) one.
  EXPECT_EQ(t->rdma_devices(), (std::vector<std::string>{"mlx5_0", "mlx5_4", "mlx5_1", "mlx5_2"}));
  EXPECT_EQ(t->bus_id_of("mlx5_2"), "0000:23:00.0");
  EXPECT_EQ(t->bus_id_of("mlx5_4"), "0000:13:00.1");
  EXPECT_EQ(t->bus_id_of("eth0"), "0000:10:02.0");
  EXPECT_EQ(t->bus_id_of("mlx5_9"), "");
  EXPECT_EQ(t->nvidia_gpus(), (std::vector<std::string>{kGpu0, kGpu1, kGpu2, kGpu3}));
}

TEST(Topo, DistancesFollowThePciTree) {
  auto t = fixture();
  ASSERT_TRUE(t);
  // GPU 0 -> its switch port -> switch A <- NIC port <- mlx5_0: 4 hops.
  EXPECT_EQ(t->distance(kGpu0, "mlx5_0"), 4);
  EXPECT_EQ(t->distance(kGpu0, "mlx5_4"), 4);
  // Across the host bridge to switch B: 3 up, 3 down.
  EXPECT_EQ(t->distance(kGpu0, "mlx5_1"), 6);
  // Across sockets: through both packages to the machine.
  EXPECT_EQ(t->distance(kGpu0, "mlx5_2"), 10);
  EXPECT_EQ(t->distance(kGpu3, "mlx5_2"), 4);
  EXPECT_EQ(t->distance("0000:99:00.0", "mlx5_0"), -1);  // no such GPU
  EXPECT_EQ(t->distance(kGpu0, "mlx5_9"), -1);            // no such NIC
  EXPECT_EQ(t->distance(nullptr, "mlx5_0"), -1);
  EXPECT_EQ(t->distance("", "mlx5_0"), -1);
}

TEST(Topo, NearestPicksTheClosestFirstOnTies) {
  auto t = fixture();
  ASSERT_TRUE(t);
  const std::vector<std::string> all = t->rdma_devices();
  struct Case { const char* gpu; const char* want; int distance; } cases[] = {
      {kGpu0, "mlx5_0", 4},  // mlx5_4 is as close: the first in the list wins
      {kGpu1, "mlx5_1", 4},
      {kGpu2, "mlx5_2", 4},
      {kGpu3, "mlx5_2", 4},  // no NIC on its switch: the one on its socket
  };
  for (const auto& c : cases) {
    const Choice got = nearest(*t, c.gpu, all);
    ASSERT_GE(got.index, 0);
    EXPECT_EQ(all[static_cast<size_t>(got.index)], c.want) << c.gpu;
    EXPECT_EQ(got.distance, c.distance) << c.gpu;
  }
  // The order of the candidates breaks ties (SHOAL_HCA_LIST's order).
  const Choice swapped = nearest(*t, kGpu0, {"mlx5_2", "mlx5_4", "mlx5_0"});
  EXPECT_EQ(swapped.index, 1);
  EXPECT_EQ(swapped.distance, 4);
  // Unknown GPU, or no candidate known: the first, distance -1.
  for (const char* gpu : {static_cast<const char*>(nullptr), "0000:99:00.0"}) {
    const Choice c = nearest(*t, gpu, all);
    EXPECT_EQ(c.index, 0);
    EXPECT_EQ(c.distance, -1);
  }
  const Choice none = nearest(*t, kGpu0, {"mlx5_8", "mlx5_1", "mlx5_9"});
  EXPECT_EQ(none.index, 1);
  EXPECT_EQ(none.distance, 6);
}

TEST(Topo, LocalCpusAreTheGpusSocket) {
  auto t = fixture();
  ASSERT_TRUE(t);
  EXPECT_EQ(t->local_cpus(kGpu0), "0-1");
  EXPECT_EQ(t->local_cpus(kGpu1), "0-1");
  EXPECT_EQ(t->local_cpus(kGpu2), "2-3");
  EXPECT_EQ(t->local_cpus(kGpu3), "2-3");
  EXPECT_EQ(t->local_cpus("0000:99:00.0"), "");
  EXPECT_EQ(t->local_cpus(nullptr), "");
}

TEST(Topo, LoadReportsABadFile) {
  std::string why;
  auto t = Topology::load("/nonexistent/topo.xml", &why);
  EXPECT_FALSE(t);
  EXPECT_NE(why.find("/nonexistent/topo.xml"), std::string::npos) << why;
}

TEST(Topo, ThisMachineLoads) {
  std::string why;
  auto t = Topology::load(nullptr, &why);
  ASSERT_TRUE(t) << why;
  EXPECT_EQ(t->local_cpus("0000:99:00.0"), "");
}

std::vector<int> affinity() {
  cpu_set_t s;
  CPU_ZERO(&s);
  EXPECT_EQ(sched_getaffinity(0, sizeof s, &s), 0);
  std::vector<int> cpus;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &s)) cpus.push_back(c);
  return cpus;
}

// Each case in a fresh thread: the binding is per thread.
template <class F>
void in_thread(F&& f) {
  std::thread th(std::forward<F>(f));
  th.join();
}

TEST(TopoBind, BindsWithinTheProcessAffinity) {
  const std::vector<int> allowed = affinity();
  ASSERT_FALSE(allowed.empty());
  std::printf("process affinity: %s\n", env::format_cpu_list(allowed).c_str());
  const int last = allowed.back();
  in_thread([&] {
    std::string bound, why;
    ASSERT_TRUE(bind_this_thread(std::to_string(last), &bound, &why)) << why;
    EXPECT_EQ(bound, std::to_string(last));
    EXPECT_EQ(affinity(), std::vector<int>{last});
  });
  // A wider list than the process may use: the intersection.
  in_thread([&] {
    std::string bound, why;
    ASSERT_TRUE(bind_this_thread("0-4095", &bound, &why)) << why;
    EXPECT_EQ(bound, env::format_cpu_list(allowed));
    EXPECT_EQ(affinity(), allowed);
  });
  // The calling thread was never touched.
  EXPECT_EQ(affinity(), allowed);
}

TEST(TopoBind, RefusesCpusOutsideTheAffinityAndBadLists) {
  const std::vector<int> allowed = affinity();
  int outside = -1;
  for (int c = 4095; c >= 0 && outside < 0; --c)
    if (std::find(allowed.begin(), allowed.end(), c) == allowed.end()) outside = c;
  ASSERT_GE(outside, 0);
  in_thread([&] {
    std::string bound = "untouched", why;
    EXPECT_FALSE(bind_this_thread(std::to_string(outside), &bound, &why));
    EXPECT_EQ(bound, "untouched");
    EXPECT_NE(why.find(std::to_string(outside)), std::string::npos) << why;
    EXPECT_NE(why.find(env::format_cpu_list(allowed)), std::string::npos) << why;
    EXPECT_EQ(affinity(), allowed);  // unchanged
  });
  in_thread([&] {
    std::string bound, why;
    EXPECT_FALSE(bind_this_thread("two", &bound, &why));
    EXPECT_NE(why.find("'two' is not a CPU list"), std::string::npos) << why;
    EXPECT_EQ(affinity(), allowed);
  });
}

}  // namespace
}  // namespace shoal::topo
