#!/usr/bin/env bash
# compare_openshmem.sh: shoal's host perftests against Open MPI's OpenSHMEM
# (oshmem) on this machine, side by side in one invocation.
#
#   perftest/compare_openshmem.sh [-o DIR] [--rounds N] [--np "2 4"] [--quick|--goals-only]
#
# Builds the shoal host perftests (preset sim-release, reconfigured so the
# JSON carries the current commit) and perftest/openshmem/oshmem_host_bench
# (oshc++), then for each round and PE count runs each experiment with shoal
# and with oshmem back to back (the order alternates between rounds), and
# prints the goal table:
#   - host putmem bandwidth at >= 1 MiB vs single-thread memcpy (goal >= 0.9):
#     against shoal_host_memcpy_bw run alone, and against the memcpy timed
#     inside the same PE, interleaved with the repetitions (--ref);
#   - 8-byte putmem_nbi+quiet latency and barrier_all latency vs oshmem
#     (goal: shoal no worse, i.e. shoal/oshmem <= 1);
#   - fetch_add latency and getmem bandwidth (information).
# shoal and reference columns are medians over rounds of per-run medians;
# ratio = shoal median / reference median; the per-round ratios follow.
# DIR/sweep.md has the whole size sweep (median over rounds), DIR/report.md
# and DIR/*.png the per-run tables and plots (tools/perf-report).
# --goals-only runs only the sizes the goals name (>= 1 MiB, 8 B): faster.
# Needs: cmake, g++, openmpi-bin + libopenmpi-dev (oshc++, oshrun).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

OUT=build/compare-openshmem
ROUNDS=2
NPS="2 4"
QUICK=0
while [ $# -gt 0 ]; do
  case "$1" in
    -o) OUT=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --np) NPS=$2; shift 2 ;;
    --quick) QUICK=1; shift ;;
    --goals-only) QUICK=2; shift ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "compare_openshmem.sh: unknown argument '$1'" >&2; sed -n '4p' "$0" >&2; exit 2 ;;
  esac
done
for t in oshc++ oshrun cmake; do
  command -v $t >/dev/null || { echo "compare_openshmem.sh: $t not found (apt install openmpi-bin libopenmpi-dev cmake)" >&2; exit 2; }
done

echo "== building (sim-release, oshc++)" >&2
cmake --preset sim-release >/dev/null
cmake --build --preset sim-release --target shoal_host_perftests >/dev/null
mkdir -p build/oshmem "$OUT"
COMMIT=$(git rev-parse --short=12 HEAD)$(git diff --quiet HEAD || echo -dirty)
oshc++ -std=c++20 -O2 -g -I"$ROOT" -DSHOAL_PERFTEST_PLATFORM='"host"' \
  -DSHOAL_PERFTEST_GIT_COMMIT="\"$COMMIT\"" \
  perftest/openshmem/oshmem_host_bench.cc perftest/common/options.cc perftest/common/timing.cc \
  perftest/common/report.cc -o build/oshmem/oshmem_host_bench

BIN=build/sim-release/bin
OSH=build/oshmem/oshmem_host_bench
# Open MPI's oshmem crashes at exit without OMPI_MCA_osc=^rdma; spml ucx is
# the only SPML in Debian's build (UCX picks shared-memory transports here).
export OMPI_MCA_osc='^rdma'
export OMPI_MCA_spml=ucx
OSHRUN=(oshrun --allow-run-as-root --oversubscribe)
export SHOAL_SYMMETRIC_SIZE=1g

if [ $QUICK = 1 ]; then
  BW="-b 1 -e 4M -f 16 -n 10 -w 2 -r 3"; LAT="-b 8 -e 64K -f 8 -n 200 -w 20 -r 3"; ONE="-n 200 -w 20 -r 3"
elif [ $QUICK = 2 ]; then
  BW="-b 1M -e 64M -f 4 -n 20 -w 3 -r 5"; LAT="-b 8 -e 8 -n 2000 -w 200 -r 5"; ONE="-n 2000 -w 200 -r 5"
else
  BW="-b 1 -e 64M -f 4 -n 20 -w 3 -r 5"; LAT="-b 8 -e 1M -f 8 -n 2000 -w 200 -r 5"; ONE="-n 2000 -w 200 -r 5"
fi

run_shoal() { # np test json args...
  local np=$1 t=$2 j=$3; shift 3
  "$BIN/shoalrun" -n "$np" --timeout 600 "$BIN/shoal_host_$t" "$@" --json "$j" >/dev/null
}
run_osh() {
  local np=$1 t=$2 j=$3; shift 3
  "${OSHRUN[@]}" -np "$np" "$OSH" "$t" "$@" --json "$j" >/dev/null
}

for r in $(seq 1 "$ROUNDS"); do
  for np in $NPS; do
    echo "== round $r, $np PEs" >&2
    "$BIN/shoal_host_memcpy_bw" $BW --json "$OUT/memcpy_bw.np$np.r$r.json" >/dev/null
    for t in put_bw get_bw put_latency barrier_latency atomic_latency; do
      case $t in
        put_bw|get_bw) args="$BW --ref" ;;
        put_latency) args=$LAT ;;
        *) args=$ONE ;;
      esac
      if [ $((r % 2)) = 1 ]; then
        run_shoal "$np" "$t" "$OUT/shoal_$t.np$np.r$r.json" $args
        run_osh "$np" "$t" "$OUT/oshmem_$t.np$np.r$r.json" $args
      else
        run_osh "$np" "$t" "$OUT/oshmem_$t.np$np.r$r.json" $args
        run_shoal "$np" "$t" "$OUT/shoal_$t.np$np.r$r.json" $args
      fi
    done
  done
done

python3 - "$OUT" "$ROUNDS" "$NPS" <<'PY' | tee "$OUT/goals.md"
import json, os, statistics, sys
out, rounds, nps = sys.argv[1], int(sys.argv[2]), sys.argv[3].split()

def rows(prefix, t, np):
    res = []
    for r in range(1, rounds + 1):
        p = os.path.join(out, "%s_%s.np%s.r%d.json" % (prefix, t, np, r))
        with open(p) as f:
            res.append({row["size"]: row for row in json.load(f)["rows"]})
    return res

def med(vals):
    vals = [v for v in vals if v is not None]
    return statistics.median(vals) if vals else float("nan")

def per_round(runs, size, key="value"):
    return [run[size].get(key) if size in run else None for run in runs]

def f(v, d=3):
    return "%.*f" % (d, v)

def ratio(a, b):
    return a / b if b else float("nan")

print("| PEs | measure | size | shoal | reference | ratio | goal | per-round ratios |")
print("|---|---|---|---|---|---|---|---|")
for np in nps:
    mc = rows("memcpy", "bw", np)
    put = rows("shoal", "put_bw", np)
    for size in sorted(s for s in put[0] if s >= (1 << 20)):
        sv, mv = per_round(put, size), per_round(mc, size)
        ratios = [a / b for a, b in zip(sv, mv)]
        rm = ratio(med(sv), med(mv))
        print("| %s | putmem BW (GB/s) vs memcpy_bw run alone | %d MiB | %s | %s | %s | >= 0.9 %s | %s |" % (
            np, size >> 20, f(med(sv)), f(med(mv)), f(rm), "met" if rm >= 0.9 else "MISSED",
            " ".join(f(x) for x in ratios)))
        rr = per_round(put, size, "ratio_vs_memcpy")
        rb = per_round(put, size, "ref_bw")
        rm = ratio(med(sv), med(rb))
        print("| %s | putmem BW (GB/s) vs memcpy in the same PE, interleaved | %d MiB | %s | %s | %s | >= 0.9 %s | %s |" % (
            np, size >> 20, f(med(sv)), f(med(rb)), f(rm), "met" if rm >= 0.9 else "MISSED",
            " ".join(f(x) for x in rr)))
    for t, label, size in (("put_latency", "8 B putmem_nbi+quiet latency (us)", 8),
                           ("barrier_latency", "barrier_all latency (us)", 0),
                           ("atomic_latency", "int fetch_add latency (us)", 4)):
        sh, os_ = rows("shoal", t, np), rows("oshmem", t, np)
        sv, ov = per_round(sh, size), per_round(os_, size)
        ratios = [a / b for a, b in zip(sv, ov)]
        rm = ratio(med(sv), med(ov))
        goal = ("<= 1 " + ("met" if rm <= 1 else "MISSED")) if t != "atomic_latency" else "(info)"
        print("| %s | %s vs oshmem | %d B | %s | %s | %s | %s | %s |" % (
            np, label, size, f(med(sv)), f(med(ov)), f(rm), goal, " ".join(f(x) for x in ratios)))
    sh, os_ = rows("shoal", "get_bw", np), rows("oshmem", "get_bw", np)
    for size in sorted(s for s in sh[0] if s >= (1 << 20)):
        sv, ov = per_round(sh, size), per_round(os_, size)
        ratios = [a / b for a, b in zip(sv, ov)]
        print("| %s | getmem BW (GB/s) vs oshmem getmem | %d MiB | %s | %s | %s | (info) | %s |" % (
            np, size >> 20, f(med(sv)), f(med(ov)), f(ratio(med(sv), med(ov))), " ".join(f(x) for x in ratios)))

# The whole sweep, median over rounds.
with open(os.path.join(out, "sweep.md"), "w") as md:
    for np in nps:
        put, mc = rows("shoal", "put_bw", np), rows("memcpy", "bw", np)
        oput, get, oget = rows("oshmem", "put_bw", np), rows("shoal", "get_bw", np), rows("oshmem", "get_bw", np)
        md.write("\n%s PEs, bandwidth (GB/s; PE 0's pair, aggregate = all pairs)\n\n" % np)
        md.write("| size(B) | memcpy alone | shoal put | shoal put aggregate | shoal put / memcpy in PE | oshmem put | shoal get | oshmem get |\n|---|---|---|---|---|---|---|---|\n")
        for s in sorted(put[0]):
            md.write("| %d | %s | %s | %s | %s | %s | %s | %s |\n" % (s, f(med(per_round(mc, s))), f(med(per_round(put, s))),
                     f(med(per_round(put, s, "aggregate_bw"))), f(med(per_round(put, s, "ratio_vs_memcpy"))),
                     f(med(per_round(oput, s))), f(med(per_round(get, s))), f(med(per_round(oget, s)))))
        lat, olat = rows("shoal", "put_latency", np), rows("oshmem", "put_latency", np)
        md.write("\n%s PEs, putmem_nbi + quiet latency (us)\n\n| size(B) | shoal | oshmem |\n|---|---|---|\n" % np)
        for s in sorted(lat[0]):
            md.write("| %d | %s | %s |\n" % (s, f(med(per_round(lat, s))), f(med(per_round(olat, s)))))
PY
echo >&2
echo "JSON, goals.md, report.md and plots: $OUT (tools/perf-report -o $OUT $OUT/*.json)" >&2
tools/perf-report -q -o "$OUT" "$OUT"/*.json >/dev/null
