// shoal-info: prints the build configuration and every environment variable
// shoal reads, with its default and the value set now.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "host/config.h"
#include "shoal/shoal.h"

#ifndef SHOAL_INFO_PLATFORM
#define SHOAL_INFO_PLATFORM "unknown"
#endif
#ifndef SHOAL_INFO_BUILD_TYPE
#define SHOAL_INFO_BUILD_TYPE "unknown"
#endif

int main(int argc, char** argv) {
  bool markdown = argc > 1 && std::strcmp(argv[1], "--markdown") == 0;
  if (argc > 1 && !markdown) {
    std::fprintf(stderr, "usage: shoal-info [--markdown]\n");
    return 2;
  }
  char name[SHOAL_MAX_NAME_LEN];
  shoal_info_get_name(name);
  if (!markdown) {
    std::printf("%s\nplatform:   %s\nbuild type: %s\n\nenvironment variables:\n", name,
                SHOAL_INFO_PLATFORM, SHOAL_INFO_BUILD_TYPE);
  } else {
    std::printf("| variable | default | meaning |\n|---|---|---|\n");
  }
  for (const shoal::EnvVarDoc* v = shoal::env_var_table(); v->name; ++v) {
    if (markdown) {
      std::printf("| `%s` | `%s` | %s |\n", v->name, v->default_value, v->description);
    } else {
      const char* now = std::getenv(v->name);
      std::printf("  %-26s default %-12s %s%s\n      %s\n", v->name, v->default_value,
                  now ? "set to " : "", now ? now : "", v->description);
    }
  }
  return 0;
}
