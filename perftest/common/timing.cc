#include "perftest/common/timing.h"

#include <algorithm>

namespace shoal::perftest {

Stats summarize(std::vector<double> s) {
  Stats r;
  r.count = s.size();
  if (s.empty()) return r;
  std::sort(s.begin(), s.end());
  r.min = s.front();
  r.max = s.back();
  std::size_t n = s.size();
  r.median = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  return r;
}

}  // namespace shoal::perftest
