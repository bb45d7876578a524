// Where shoal looks for its run-time plugins (bootstrap and transport):
// SHOAL_PLUGIN_PATH's folders, then the folder of libshoal and its shoal/,
// ../lib and ../lib/shoal neighbours, then the install folder.
#pragma once

#include <string>
#include <vector>

namespace shoal::bootstrap {

std::vector<std::string> plugin_search_dirs();

}  // namespace shoal::bootstrap
