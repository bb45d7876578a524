#!/usr/bin/env bash
# tools/gpu-check.sh --dry-run on a machine without a GPU: argument handling,
# stage planning against the budget, NOT BUILT for programs missing from the
# bin folder, the summary (printed last and kept in $OUT/summary.txt).
set -u
script=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p "$tmp/bin" "$tmp/out"
for p in shoalrun device_test ep_test ep_bench; do
  printf '#!/bin/sh\nexit 0\n' >"$tmp/bin/$p"; chmod +x "$tmp/bin/$p"
done

# Bad arguments: exit 2, one line naming the value.
for a in "--budget 12x" "--stages tests,bogus" "--jobs 0" "--arch 9.0" "--frobnicate"; do
  # shellcheck disable=SC2086
  out=$("$script" --dry-run $a 2>&1); rc=$?
  [ "$rc" = 2 ] || fail "'$a': exit $rc, expected 2: $out"
  [ "$(echo "$out" | wc -l)" = 1 ] || fail "'$a': more than one line: $out"
done
"$script" --dry-run --budget 12x 2>&1 | grep -q "budget '12x' is not a number" || fail "--budget message"
"$script" --dry-run --stages tests,bogus 2>&1 | grep -q "unknown stage 'bogus'" || fail "--stages message"

# A budget that holds build and ep (200 + 90 s estimated) but not tests
# (120 s) after the build, nor scale after ep.
out=$(OUT="$tmp/out" "$script" --dry-run --bin "$tmp/bin" --budget 300 --stages build,tests,ep,scale 2>&1); rc=$?
echo "$out"
[ "$rc" = 0 ] || fail "dry run exit $rc"
echo "$out" | grep -Eq '^build +planned .*targets:.* ep_bench .*shoalrun' || fail "build row with its targets"
echo "$out" | grep -Eq '^stage tests +SKIPPED +budget: needs ~120 s \(estimated\), 100 s left' || fail "tests stage skipped for the budget"
echo "$out" | grep -Eq '^ep_bench\.np8\.bf16 +planned' || fail "ep stage planned"
echo "$out" | grep -Eq '^stage scale +SKIPPED +budget' || fail "scale stage skipped"
echo "$out" | tail -1 | grep -q '^passed 0, failed 0 .*290 s of 300 s' || fail "last line: the totals"
[ "$(sed -n '/^== gpu-check summary/,$p' "$tmp/out/summary.txt")" = "$(echo "$out" | sed -n '/^== gpu-check summary/,$p')" ] ||
  fail "summary.txt differs from the printed summary"

# Everything, with programs missing: NOT BUILT names each one.
out=$(OUT="$tmp/out" "$script" --dry-run --bin "$tmp/bin" --budget 5000 2>&1); rc=$?
[ "$rc" = 0 ] || fail "full dry run exit $rc"
echo "$out" | grep -Eq '^device_test\.np2 +planned' || fail "device_test planned"
echo "$out" | grep -Eq '^host_test\.np2 +NOT BUILT +.*/host_test$' || fail "host_test NOT BUILT"
echo "$out" | grep -Eq '^ibgda_test +NOT BUILT' || fail "ibgda_test NOT BUILT"
echo "$out" | grep -Eq '^perf\.barrier_latency +NOT BUILT' || fail "collective perftest listed"
echo "$out" | grep -Eq '^ibgda_route_test\.np4\.nic +NOT BUILT' || fail "IBGDA route test listed"
echo "$out" | grep -Eq '^proxy_test\.np2\.no_p2p +NOT BUILT' || fail "proxy route test listed"
echo "$out" | grep -Eq '^memcheck +NOT BUILT|^memcheck +SKIPPED|^memcheck\.' || fail "sanitizer row"
n=$(echo "$out" | grep -Ec '^[^ ]+ +NOT BUILT')
echo "$out" | tail -1 | grep -q "^passed 0, failed $n " || fail "NOT BUILT rows counted as failures ($n)"
echo "PASS"
