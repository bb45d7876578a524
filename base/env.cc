#include "base/env.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <strings.h>

#include "base/log.h"

namespace shoal::env {
namespace {

const char* lookup(const char* name) {
  const char* v = std::getenv(name);
  return (v && *v) ? v : nullptr;
}

}  // namespace

bool parse_size(const char* text, std::uint64_t* out_p) {
  if (!text || !*text || *text == '-' || *text == '+') return false;
  errno = 0;
  char* end = nullptr;
  unsigned long long v = std::strtoull(text, &end, 10);
  if (errno != 0 || end == text) return false;
  unsigned shift = 0;
  if (*end) {
    switch (*end) {
      case 'k': case 'K': shift = 10; break;
      case 'm': case 'M': shift = 20; break;
      case 'g': case 'G': shift = 30; break;
      case 't': case 'T': shift = 40; break;
      case 'b': case 'B': shift = 0; --end; break;
      default: return false;
    }
    ++end;
    if (strcasecmp(end, "") != 0 && strcasecmp(end, "b") != 0 && strcasecmp(end, "ib") != 0)
      return false;
  }
  if (shift && v > (~0ull >> shift)) return false;
  *out_p = static_cast<std::uint64_t>(v) << shift;
  return true;
}

bool parse_bool(const char* text, bool* out_p) {
  static const char* yes[] = {"1", "true", "yes", "on", "y"};
  static const char* no[] = {"0", "false", "no", "off", "n"};
  for (const char* y : yes)
    if (strcasecmp(text, y) == 0) return *out_p = true, true;
  for (const char* n : no)
    if (strcasecmp(text, n) == 0) return *out_p = false, true;
  return false;
}

bool parse_cpu_list(const char* text, std::vector<int>* cpus_p) {
  constexpr long kMaxCpu = 4095;
  std::vector<bool> seen(kMaxCpu + 1);
  const char* p = text;
  if (!p || !*p) return false;
  auto number = [&](long* v) {
    if (*p < '0' || *p > '9') return false;
    char* end = nullptr;
    errno = 0;
    *v = std::strtol(p, &end, 10);
    if (errno || *v > kMaxCpu) return false;
    p = end;
    return true;
  };
  for (;;) {
    long lo = 0, hi = 0;
    if (!number(&lo)) return false;
    hi = lo;
    if (*p == '-') {
      ++p;
      if (!number(&hi) || hi < lo) return false;
    }
    for (long c = lo; c <= hi; ++c) seen[static_cast<std::size_t>(c)] = true;
    if (*p == '\0') break;
    if (*p++ != ',') return false;
  }
  cpus_p->clear();
  for (int c = 0; c <= kMaxCpu; ++c)
    if (seen[static_cast<std::size_t>(c)]) cpus_p->push_back(c);
  return true;
}

std::string format_cpu_list(const std::vector<int>& cpus) {
  std::string out;
  for (std::size_t i = 0; i < cpus.size();) {
    std::size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(cpus[i]);
    if (j > i) out += '-' + std::to_string(cpus[j]);
    i = j + 1;
  }
  return out;
}

Status get_size(const char* name, std::uint64_t def, std::uint64_t* out_p) {
  const char* v = lookup(name);
  if (!v) return *out_p = def, Status::ok;
  if (!parse_size(v, out_p)) {
    SHOAL_ERROR("%s='%s' is not a size: expected a number with an optional k/m/g/t suffix "
                "(e.g. 1g, 512m, 4096)", name, v);
    return Status::invalid_argument;
  }
  return Status::ok;
}

Status get_int(const char* name, long long def, long long min, long long max, long long* out_p) {
  const char* v = lookup(name);
  if (!v) return *out_p = def, Status::ok;
  errno = 0;
  char* end = nullptr;
  long long x = std::strtoll(v, &end, 0);
  if (errno != 0 || end == v || *end || x < min || x > max) {
    SHOAL_ERROR("%s='%s' is not valid: expected an integer in [%lld, %lld]", name, v, min, max);
    return Status::invalid_argument;
  }
  *out_p = x;
  return Status::ok;
}

Status get_seconds(const char* name, double def, double* out_p) {
  const char* v = lookup(name);
  if (!v) return *out_p = def, Status::ok;
  errno = 0;
  char* end = nullptr;
  double x = std::strtod(v, &end);
  if (errno != 0 || end == v || *end || !(x >= 0) || !std::isfinite(x)) {
    SHOAL_ERROR("%s='%s' is not valid: expected a non-negative number of seconds", name, v);
    return Status::invalid_argument;
  }
  *out_p = x;
  return Status::ok;
}

Status get_bool(const char* name, bool def, bool* out_p) {
  const char* v = lookup(name);
  if (!v) return *out_p = def, Status::ok;
  if (!parse_bool(v, out_p)) {
    SHOAL_ERROR("%s='%s' is not valid: expected 1/0, true/false, yes/no or on/off", name, v);
    return Status::invalid_argument;
  }
  return Status::ok;
}

Status get_choice(const char* name, std::initializer_list<const char*> choices, const char* def,
                  std::string* out_p) {
  const char* v = lookup(name);
  if (!v) return *out_p = def, Status::ok;
  for (const char* c : choices) {
    if (std::strcmp(v, c) == 0) return *out_p = c, Status::ok;
  }
  std::string accepted;
  for (const char* c : choices) {
    if (!accepted.empty()) accepted += "|";
    accepted += c;
  }
  SHOAL_ERROR("%s='%s' is not valid: expected one of %s", name, v, accepted.c_str());
  return Status::invalid_argument;
}

std::string get_string(const char* name, const char* def) {
  const char* v = lookup(name);
  return v ? std::string(v) : std::string(def);
}

}  // namespace shoal::env
