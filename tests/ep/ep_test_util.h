// Small helpers shared by the EP gtest programs (not by ep_bench).
#pragma once

#include <shoal/ep.h>

#include <string>

namespace shoal_ep_test {

// The text of the shoal::ep::Error that f() throws, or "no error".
template <class F>
std::string error_text(F&& f) {
  try {
    f();
  } catch (const shoal::ep::Error& e) {
    return std::string(e.what());
  }
  return std::string("no error");
}

}  // namespace shoal_ep_test
