#include "perftest/common/options.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace shoal::perftest {

const char* scope_name(Scope s) {
  switch (s) {
    case Scope::thread: return "thread";
    case Scope::warp: return "warp";
    case Scope::block: return "block";
    case Scope::all: return "all";
  }
  return "?";
}
const char* dir_name(Dir d) { return d == Dir::write ? "write" : "read"; }
const char* issue_name(Issue i) { return i == Issue::on_stream ? "on_stream" : "host"; }

bool parse_size(const std::string& text, std::uint64_t* out) {
  if (text.empty()) return false;
  std::uint64_t v = 0;
  std::size_t i = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
    if (v > (UINT64_MAX - 9) / 10) return false;
    v = v * 10 + static_cast<std::uint64_t>(text[i] - '0');
  }
  if (i == 0) return false;
  unsigned shift = 0;
  if (i < text.size()) {
    switch (text[i]) {
      case 'k': case 'K': shift = 10; break;
      case 'm': case 'M': shift = 20; break;
      case 'g': case 'G': shift = 30; break;
      default: return false;
    }
    ++i;
    if (i < text.size() && (text[i] == 'b' || text[i] == 'B')) ++i;  // "4MB"
  }
  if (i != text.size()) return false;
  if (shift && v > (UINT64_MAX >> shift)) return false;
  *out = v << shift;
  return true;
}

namespace {

bool in(const std::vector<std::string>& set, const std::string& v) {
  return set.empty() || std::find(set.begin(), set.end(), v) != set.end();
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : "|") + x;
  return s;
}

std::string fmt_size(std::uint64_t v) {
  char b[32];
  if (v && v % (1ull << 30) == 0) std::snprintf(b, sizeof b, "%lluG", (unsigned long long)(v >> 30));
  else if (v && v % (1ull << 20) == 0) std::snprintf(b, sizeof b, "%lluM", (unsigned long long)(v >> 20));
  else if (v && v % (1ull << 10) == 0) std::snprintf(b, sizeof b, "%lluK", (unsigned long long)(v >> 10));
  else std::snprintf(b, sizeof b, "%llu", (unsigned long long)v);
  return b;
}

ParseResult fail(std::string m) { return {ParseStatus::error, std::move(m)}; }

}  // namespace

ParseResult parse_options(int argc, const char* const* argv, const ProgramSpec& spec,
                          Options* opts) {
  Options o = spec.defaults;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    std::string val;
    bool has_inline = false;
    // --name=value
    if (a.rfind("--", 0) == 0) {
      auto eq = a.find('=');
      if (eq != std::string::npos) {
        val = a.substr(eq + 1);
        a = a.substr(0, eq);
        has_inline = true;
      }
    }
    auto need = [&](std::string* out) -> bool {
      if (has_inline) {
        *out = val;
        return true;
      }
      if (i + 1 >= argc) return false;
      *out = argv[++i];
      return true;
    };
    auto size_opt = [&](std::uint64_t* dst) -> ParseResult {
      std::string v;
      if (!need(&v)) return fail("option " + a + " needs a value");
      if (!parse_size(v, dst)) return fail("option " + a + ": '" + v + "' is not a size (e.g. 64, 4K, 4M)");
      return {};
    };
    auto flag_no_value = [&]() -> bool { return !has_inline; };

    ParseResult r;
    if (a == "-h" || a == "--help") return {ParseStatus::help, ""};
    else if (a == "-b") r = size_opt(&o.min_size);
    else if (a == "-e") r = size_opt(&o.max_size);
    else if (a == "-f") r = size_opt(&o.step);
    else if (a == "-n") r = size_opt(&o.iters);
    else if (a == "-w") r = size_opt(&o.warmup);
    else if (a == "-c") r = size_opt(&o.ctas);
    else if (a == "-t") r = size_opt(&o.threads);
    else if (a == "-i") r = size_opt(&o.stride);
    else if (a == "-r" || a == "--reps") r = size_opt(&o.reps);
    else if (a == "--ws") r = size_opt(&o.working_set);
    else if (a == "-d" || a == "-o" || a == "-a") {
      std::string v;
      if (!need(&v) || v.empty()) return fail("option " + a + " needs a value");
      const std::vector<std::string>& set =
          a == "-d" ? spec.datatypes : a == "-o" ? spec.reduce_ops : spec.atomic_ops;
      if (!in(set, v))
        return fail("option " + a + ": '" + v + "' is not one of " + join(set));
      (a == "-d" ? o.datatype : a == "-o" ? o.reduce_op : o.atomic_op) = v;
    } else if (a == "-s") {
      std::string v;
      if (!need(&v)) return fail("option -s needs a value");
      Scope s;
      if (v == "thread") s = Scope::thread;
      else if (v == "warp") s = Scope::warp;
      else if (v == "block") s = Scope::block;
      else if (v == "all") s = Scope::all;
      else return fail("option -s: '" + v + "' is not one of thread|warp|block|all");
      if (!spec.scopes.empty() &&
          std::find(spec.scopes.begin(), spec.scopes.end(), s) == spec.scopes.end()) {
        std::string allowed;
        for (Scope x : spec.scopes) allowed += (allowed.empty() ? "" : "|") + std::string(scope_name(x));
        return fail("option -s: '" + v + "' is not supported by " + spec.name + " (" + allowed + ")");
      }
      o.scope = s;
    } else if (a == "--bidir") {
      if (!flag_no_value()) return fail("option --bidir takes no value");
      o.bidir = true;
    } else if (a == "--ref") {
      if (!flag_no_value()) return fail("option --ref takes no value");
      o.reference = true;
    } else if (a == "--cudagraph") {
      if (!flag_no_value()) return fail("option --cudagraph takes no value");
      o.cudagraph = true;
    } else if (a == "--dir") {
      std::string v;
      if (!need(&v)) return fail("option --dir needs a value");
      if (v == "write") o.dir = Dir::write;
      else if (v == "read") o.dir = Dir::read;
      else return fail("option --dir: '" + v + "' is not one of read|write");
    } else if (a == "--issue") {
      std::string v;
      if (!need(&v)) return fail("option --issue needs a value");
      if (v == "on_stream") o.issue = Issue::on_stream;
      else if (v == "host") o.issue = Issue::host;
      else return fail("option --issue: '" + v + "' is not one of on_stream|host");
    } else if (a == "--json") {
      std::string v;
      if (!need(&v) || v.empty()) return fail("option --json needs a file name");
      o.json_path = v;
    } else {
      return fail("unknown option '" + std::string(argv[i]) + "'");
    }
    if (r.status != ParseStatus::ok) return r;
  }
  if (o.min_size == 0 && spec.defaults.min_size != 0) return fail("-b must be at least 1");
  if (o.max_size < o.min_size) return fail("-e (max size) is smaller than -b (min size)");
  if (o.step < 2) return fail("-f (step factor) must be at least 2");
  if (o.iters < 1) return fail("-n (iterations) must be at least 1");
  if (o.reps < 1) return fail("-r (repetitions) must be at least 1");
  if (o.ctas < 1 || o.threads < 1) return fail("-c and -t must be at least 1");
  if (o.stride < 1) return fail("-i (stride) must be at least 1");
  *opts = o;
  return {};
}

std::string usage_text(const ProgramSpec& spec) {
  const Options& d = spec.defaults;
  std::string s = "usage: " + spec.name +
                  " [-b min_size] [-e max_size] [-f step] [-n iters] [-w warmup] [-r reps]"
                  " [-c ctas] [-t threads] [-d type] [-o op] [-s scope] [-i stride] [-a op]"
                  " [--bidir] [--dir read|write] [--issue on_stream|host] [--cudagraph]"
                  " [--ws bytes] [--ref] [--json FILE] [-h]\n";
  if (!spec.summary.empty()) s += "  " + spec.summary + "\n";
  auto line = [&](const char* opt, const std::string& what) {
    char b[256];
    std::snprintf(b, sizeof b, "  %-22s %s\n", opt, what.c_str());
    s += b;
  };
  line("-b SIZE", "minimum message size [" + fmt_size(d.min_size) + "] (suffixes K M G)");
  line("-e SIZE", "maximum message size [" + fmt_size(d.max_size) + "]");
  line("-f N", "size step factor [" + std::to_string(d.step) + "]");
  line("-n N", "timed iterations per repetition [" + std::to_string(d.iters) + "]");
  line("-w N", "warm-up iterations [" + std::to_string(d.warmup) + "]");
  line("-r N, --reps N", "timed repetitions per size; median, min, max reported [" + std::to_string(d.reps) + "]");
  line("-c N", "CTAs (device programs) [" + std::to_string(d.ctas) + "]");
  line("-t N", "threads per CTA (device programs) [" + std::to_string(d.threads) + "]");
  line("-d TYPE", "datatype [" + d.datatype + "]" +
                      (spec.datatypes.empty() ? "" : " (" + join(spec.datatypes) + ")"));
  line("-o OP", "reduce op [" + d.reduce_op + "]" +
                    (spec.reduce_ops.empty() ? "" : " (" + join(spec.reduce_ops) + ")"));
  line("-s SCOPE", std::string("scope thread|warp|block|all [") + scope_name(d.scope) + "]");
  line("-i N", "stride in elements [" + std::to_string(d.stride) + "]");
  line("-a OP", "atomic op [" + d.atomic_op + "]" +
                    (spec.atomic_ops.empty() ? "" : " (" + join(spec.atomic_ops) + ")"));
  line("--bidir", "bidirectional traffic");
  line("--dir read|write", std::string("direction [") + dir_name(d.dir) + "]");
  line("--issue on_stream|host", std::string("who issues the operation [") + issue_name(d.issue) + "]");
  line("--cudagraph", "capture the timed loop in a CUDA graph (device programs)");
  line("--ws SIZE", "bytes the buffers rotate over (cache effects) [" +
                        (d.working_set ? fmt_size(d.working_set) : std::string("program default")) + "]");
  line("--ref", "bandwidth programs: also time a local memcpy of the same slots, interleaved");
  line("--json FILE", "also write every row and the run's context as JSON");
  line("-h, --help", "this text");
  return s;
}

Options parse_or_exit(int argc, char** argv, const ProgramSpec& spec) {
  Options o;
  ParseResult r = parse_options(argc, argv, spec, &o);
  if (r.status == ParseStatus::help) {
    std::fputs(usage_text(spec).c_str(), stdout);
    std::exit(0);
  }
  if (r.status == ParseStatus::error) {
    std::string u = usage_text(spec);
    std::fprintf(stderr, "%s: %s\n%s", spec.name.c_str(), r.message.c_str(),
                 u.substr(0, u.find('\n') + 1).c_str());
    std::exit(2);
  }
  return o;
}

std::vector<std::uint64_t> size_sweep(const Options& o) {
  std::vector<std::uint64_t> v;
  std::uint64_t s = o.min_size;
  for (;;) {
    v.push_back(s);
    if (s == 0) break;  // programs with no size dimension (barrier) use -b 0 -e 0
    if (s > o.max_size / o.step) break;
    s *= o.step;
    if (s > o.max_size) break;
  }
  return v;
}

std::vector<std::pair<std::string, std::string>> options_as_pairs(const Options& o) {
  return {{"min_size", std::to_string(o.min_size)},
          {"max_size", std::to_string(o.max_size)},
          {"step", std::to_string(o.step)},
          {"iters", std::to_string(o.iters)},
          {"warmup", std::to_string(o.warmup)},
          {"reps", std::to_string(o.reps)},
          {"ctas", std::to_string(o.ctas)},
          {"threads", std::to_string(o.threads)},
          {"datatype", o.datatype},
          {"reduce_op", o.reduce_op},
          {"scope", scope_name(o.scope)},
          {"stride", std::to_string(o.stride)},
          {"atomic_op", o.atomic_op},
          {"bidir", o.bidir ? "true" : "false"},
          {"dir", dir_name(o.dir)},
          {"issue", issue_name(o.issue)},
          {"cudagraph", o.cudagraph ? "true" : "false"},
          {"working_set", std::to_string(o.working_set)},
          {"reference", o.reference ? "true" : "false"}};
}

}  // namespace shoal::perftest
