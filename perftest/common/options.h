// perftest command-line options, shared by every perftest program (host
// programs now, device programs later). The option letters, meanings and
// defaults follow NVSHMEM's perftest so that runs compare line by line:
//   -b min size [4]   -e max size [4M]   -f step factor [2]
//   -n iterations [10]  -w warm-up iterations [5]
//   -c CTAs [32]  -t threads per CTA [256]  -d datatype [int]  -o reduce op [sum]
//   -s scope thread|warp|block|all [all]  -i stride [1]  -a atomic op [fetch_add]
//   --bidir  --dir read|write [write]  --issue on_stream|host [on_stream]
//   --cudagraph
// plus shoal's: -r repetitions [3], --ws working-set bytes [0: program's
// choice], --ref (bandwidth programs: also time a local memcpy of the same
// slots, interleaved with the timed repetitions), --json FILE, -h/--help.
// Sizes accept k/K, m/M, g/G suffixes (powers of 1024, as NVSHMEM's).
// A program may change defaults (ProgramSpec) and restrict values; the
// usage line it prints shows its own defaults.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace shoal::perftest {

enum class Scope { thread, warp, block, all };
enum class Dir { write, read };
enum class Issue { on_stream, host };

const char* scope_name(Scope s);
const char* dir_name(Dir d);
const char* issue_name(Issue i);

struct Options {
  std::uint64_t min_size = 4;
  std::uint64_t max_size = 4ull << 20;
  std::uint64_t step = 2;
  std::uint64_t iters = 10;
  std::uint64_t warmup = 5;
  std::uint64_t ctas = 32;
  std::uint64_t threads = 256;
  std::string datatype = "int";
  std::string reduce_op = "sum";
  Scope scope = Scope::all;
  std::uint64_t stride = 1;
  std::string atomic_op = "fetch_add";
  bool bidir = false;
  Dir dir = Dir::write;
  Issue issue = Issue::on_stream;
  bool cudagraph = false;
  // shoal additions
  std::uint64_t reps = 3;        // timed repetitions per size (median/min/max)
  std::uint64_t working_set = 0; // bytes the buffers rotate over; 0 = program default
  std::string json_path;         // empty: no JSON
  bool reference = false;        // --ref: bandwidth programs also time a
                                 // local memcpy, interleaved (ref_bw, ratio)
};

// What a program accepts; the parser rejects values outside these sets.
struct ProgramSpec {
  std::string name;                   // e.g. "shoal_host_put_bw"
  std::string summary;                // one line: what it measures
  Options defaults;                   // the program's defaults
  std::vector<std::string> datatypes; // empty: -d accepted as any string
  std::vector<std::string> reduce_ops;
  std::vector<std::string> atomic_ops;
  std::vector<Scope> scopes;          // empty: all four
};

enum class ParseStatus { ok, help, error };

struct ParseResult {
  ParseStatus status = ParseStatus::ok;
  std::string message;  // for error: what was wrong (one line, no newline)
};

// Parses argv into *opts (which starts from spec.defaults). Never prints
// and never exits: callers (and the unit tests) decide. Checks: sizes > 0,
// min <= max, step >= 2, iters >= 1, reps >= 1, values in the spec's sets.
ParseResult parse_options(int argc, const char* const* argv, const ProgramSpec& spec,
                          Options* opts);

// "usage: NAME [-b min] ..." with the spec's defaults (one line), then the
// option table.
std::string usage_text(const ProgramSpec& spec);

// For main(): parses; on help prints usage to stdout and exits 0; on error
// prints "NAME: MESSAGE" and the usage line to stderr and exits 2.
Options parse_or_exit(int argc, char** argv, const ProgramSpec& spec);

// "4M" -> 4194304. Returns false on junk, zero-length, overflow.
bool parse_size(const std::string& text, std::uint64_t* out);

// The sweep: min, min*step, ... while <= max (always at least min).
std::vector<std::uint64_t> size_sweep(const Options& o);

// The options as a flat list of (name, value) strings, for the JSON context.
std::vector<std::pair<std::string, std::string>> options_as_pairs(const Options& o);

}  // namespace shoal::perftest
