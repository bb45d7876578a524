#include "host/config.h"

#include "base/env.h"
#include "base/log.h"

namespace shoal {

namespace {
constexpr std::uint64_t kDefaultSymmetricSize = 1ull << 30;
constexpr std::uint64_t kMinSymmetricSize = 4ull << 20;  // internal region + room
}  // namespace

Status config_load(Config* cfg_p) {
  Config cfg;
  SHOAL_CHECK(env::get_size("SHOAL_SYMMETRIC_SIZE", kDefaultSymmetricSize, &cfg.symmetric_size));
  if (cfg.symmetric_size < kMinSymmetricSize) {
    SHOAL_ERROR("SHOAL_SYMMETRIC_SIZE=%llu is too small: the minimum is %llu bytes (4m)",
                static_cast<unsigned long long>(cfg.symmetric_size),
                static_cast<unsigned long long>(kMinSymmetricSize));
    return Status::invalid_argument;
  }
  SHOAL_CHECK(env::get_seconds("SHOAL_TIMEOUT", 300.0, &cfg.timeout_s));
  SHOAL_CHECK(env::get_bool("SHOAL_CHECKS", true, &cfg.checks));
  SHOAL_CHECK(env::get_bool("SHOAL_DISABLE_P2P", false, &cfg.disable_p2p));
  *cfg_p = cfg;
  return Status::ok;
}

const EnvVarDoc* env_var_table() {
  static const EnvVarDoc table[] = {
      {"SHOAL_SYMMETRIC_SIZE", "1g",
       "Size of each PE's symmetric heap; k/m/g/t suffixes (powers of 1024). Physical memory is "
       "committed as it is touched. Must be equal on all PEs."},
      {"SHOAL_TIMEOUT", "300",
       "Seconds a wait (wait_until, signal_wait_until, barriers, sim kernels) may block before "
       "shoal reports what it waits for and ends the job. 0 = never."},
      {"SHOAL_CHECKS", "1",
       "Argument checks in the host API (PE range, heap bounds, alignment, sizes)."},
      {"SHOAL_DISABLE_P2P", "0",
       "Map no peer heaps: every other PE is reached through the remote transport."},
      {"SHOAL_DEBUG", "warn", "Log level on stderr: none|error|warn|info|debug|trace."},
      {"SHOAL_BOOTSTRAP", "(detect)",
       "Bootstrap: local (shoalrun), uid, pmix or mpi. Unset: shoalrun's environment, then "
       "PMIx's."},
      {"SHOAL_NODE_ID", "(hostname)",
       "Overrides this PE's node identity (tests: simulate several nodes on one machine)."},
      {nullptr, nullptr, nullptr},
  };
  return table;
}

}  // namespace shoal
