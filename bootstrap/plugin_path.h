// Where shoal looks for its run-time plugins (bootstrap and transport):
// SHOAL_PLUGIN_PATH's folders, then the folder of libshoal and its shoal/,
// ../lib and ../lib/shoal neighbours, then the install folder.
#pragma once

#include <string>
#include <vector>

namespace shoal::bootstrap {

// The first regular file named `file` in those folders, or "" with `tried`
// set to the folders searched (colon-separated, for the error message).
std::string find_plugin(const std::string& file, std::string* tried);

}  // namespace shoal::bootstrap
