// Parsing of SHOAL_* environment variables. Each parser reads one variable,
// falls back to the default when it is unset or empty, and on a bad value
// logs one error naming the variable, the value and the accepted form, then
// returns Status::invalid_argument (the caller decides whether that is fatal).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "base/status.h"

namespace shoal::env {

// Sizes: a non-negative integer with an optional suffix k, m, g, t (powers of
// 1024, case-insensitive, optional trailing 'b'/'ib'): "1g", "512M", "4096".
Status get_size(const char* name, std::uint64_t def, std::uint64_t* out_p);
Status get_int(const char* name, long long def, long long min, long long max, long long* out_p);
// Non-negative decimal seconds ("0.5", "300").
Status get_seconds(const char* name, double def, double* out_p);
// 1/0, true/false, yes/no, on/off.
Status get_bool(const char* name, bool def, bool* out_p);
// One of `choices`; *out_p is the chosen string (the default when unset).
Status get_choice(const char* name, std::initializer_list<const char*> choices, const char* def,
                  std::string* out_p);
// Raw string ("" when unset).
std::string get_string(const char* name, const char* def = "");

// The parsers used by the above, exposed for tests and for other inputs.
bool parse_size(const char* text, std::uint64_t* out_p);
bool parse_bool(const char* text, bool* out_p);
// A CPU list: comma-separated CPU numbers and ranges ("3", "0-3,8,10-11"),
// CPUs 0..4095; the CPUs in ascending order without repeats.
bool parse_cpu_list(const char* text, std::vector<int>* cpus_p);
// The inverse: ascending CPUs as a list with ranges ("0-3,8").
std::string format_cpu_list(const std::vector<int>& cpus);

}  // namespace shoal::env
