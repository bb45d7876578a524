#!/usr/bin/env bash
# gpu-check: one command that verifies shoal on a GPU machine. It builds the
# cuda preset for the GPU present, runs the host and device tests and the
# examples with 2 and 4 PEs (several PEs per GPU when there are fewer GPUs),
# compute-sanitizer memcheck on a small subset, the perftests (when
# perftest/device/ exists) and a device-to-device cudaMemcpy roofline, and
# prints a summary table last. Full logs go to $OUT (when set) or to
# build/cuda/gpu-check/. See docs/cuda.md ("Running gpu-check").
#
#   tools/gpu-check.sh [--dry-run] [--gtest DIR] [--jobs N] [--no-build]
#
#   --dry-run   check prerequisites (GPU, nvcc, cmake, GoogleTest source) and
#               print the plan; build and run nothing
#   --gtest DIR GoogleTest source folder (default: third_party/googletest,
#               else /usr/src/googletest)
#   --jobs N    build parallelism (default: nproc)
#   --no-build  reuse build/cuda as it is
#
# GPU_CHECK_NVSHMEM=<dir>: NVSHMEM to compare against (default: python3's
# nvidia-nvshmem-cu* wheel when installed); GPU_CHECK_MPS=0: no MPS daemon;
# GPU_CHECK_PROXY_BENCH=1: also the UCX proxy benchmark from a carried
# build/proxy-bench-bundle (tools/proxy-bench-bundle.sh).
#
# It changes no GPU setting (no compute mode, clocks, MIG or reset). When
# nvidia-cuda-mps-control exists it starts a private MPS daemon (pipe and
# log folders under a temporary directory) and stops it at the end.
# Exit status: 0 when everything passed, 1 on a failure, 2 when the machine
# cannot run it (no GPU, no nvcc, no GoogleTest source).
set -u
cd "$(dirname "$0")/.." || exit 2
ROOT=$(pwd)

dry_run=0; gtest_dir=""; jobs=$(nproc 2>/dev/null || echo 4); build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) dry_run=1 ;;
    --gtest) gtest_dir=${2:?--gtest needs a folder}; shift ;;
    --jobs) jobs=${2:?--jobs needs a number}; shift ;;
    --no-build) build=0 ;;
    -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
    *) echo "gpu-check: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

die() { echo "gpu-check: $*" >&2; exit 2; }

# --- 1. the GPU: fail within seconds, in one line, when there is none -------
command -v nvidia-smi >/dev/null 2>&1 ||
  die "no GPU: nvidia-smi not found (no NVIDIA driver on this machine); run this on a GPU machine"
gpus=$(timeout 20 nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader 2>&1) ||
  die "no GPU: nvidia-smi failed: $(echo "$gpus" | head -1)"
n_gpus=$(echo "$gpus" | grep -c .)
[ "$n_gpus" -gt 0 ] || die "no GPU: nvidia-smi lists no devices"
arch=$(echo "$gpus" | head -1 | awk -F', *' '{gsub(/\./, "", $2); print $2}')
case "$arch" in ''|*[!0-9]*) arch="" ;; esac

# --- 2. tools and GoogleTest -------------------------------------------------
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc" ] || die "nvcc not found (PATH or /usr/local/cuda/bin)"
if [ -z "$arch" ] && [ -x "$(dirname "$nvcc")/__nvcc_device_query" ]; then
  arch=$("$(dirname "$nvcc")/__nvcc_device_query" | tr ',' '\n' | head -1)
fi
[ -n "$arch" ] || die "could not read the GPU's compute capability (nvidia-smi, __nvcc_device_query)"
command -v cmake >/dev/null 2>&1 || die "cmake not found"
if [ -z "$gtest_dir" ]; then
  for d in "$ROOT/third_party/googletest" /usr/src/googletest; do
    [ -f "$d/CMakeLists.txt" ] && { gtest_dir=$d; break; }
  done
fi
[ -f "${gtest_dir:-/nonexistent}/CMakeLists.txt" ] ||
  die "no GoogleTest source: copy Debian's /usr/src/googletest to third_party/googletest and carry it (docs/cuda.md)"
gtest_dir=$(cd "$gtest_dir" && pwd)

log_dir=${OUT:-$ROOT/build/cuda/gpu-check}
mkdir -p "$log_dir" || die "cannot create the log folder $log_dir"
have_sanitizer=0; command -v compute-sanitizer >/dev/null 2>&1 && have_sanitizer=1
have_mps=0; command -v nvidia-cuda-mps-control >/dev/null 2>&1 && have_mps=1
[ "${GPU_CHECK_MPS:-1}" = 0 ] && have_mps=0   # GPU_CHECK_MPS=0: run time-sliced

echo "gpu-check: $n_gpus GPU(s): $(echo "$gpus" | head -1) -> sm_$arch; nvcc $("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')"
echo "gpu-check: GoogleTest from $gtest_dir; logs in $log_dir; jobs $jobs; MPS available: $have_mps; compute-sanitizer: $have_sanitizer"
if [ "$dry_run" = 1 ]; then
  echo "gpu-check: dry run: would build build/cuda (sm_$arch), run host_test, device_test, stream_test, device_ring with 2 and 4 PEs, memcheck, perftests, roofline"
  exit 0
fi

# --- 3. build ----------------------------------------------------------------
# Warnings are not errors here (CI enforces them): a compiler on the GPU
# machine that warns differently must not cost the GPU session.
BIN=$ROOT/build/cuda/bin
declare -a rows=()      # "name|result|detail" for the summary
pass=0; fail=0
record() {  # name status detail
  rows+=("$1|$2|$3")
  case "$2" in pass) pass=$((pass + 1)) ;; skip) ;; *) fail=$((fail + 1)) ;; esac
}
t_start=$(date +%s)
if [ "$build" = 1 ]; then
  echo "gpu-check: configuring and building (log: $log_dir/build.log)"
  if cmake --preset cuda -DCMAKE_CUDA_ARCHITECTURES="$arch" -DCMAKE_CUDA_COMPILER="$nvcc" \
       -DSHOAL_GTEST_SOURCE_DIR="$gtest_dir" -DSHOAL_WERROR=OFF >"$log_dir/build.log" 2>&1 &&
     cmake --build build/cuda -j "$jobs" >>"$log_dir/build.log" 2>&1; then
    record build pass "sm_$arch, $(( $(date +%s) - t_start )) s"
  else
    record build FAIL "see build.log"
    tail -30 "$log_dir/build.log"
  fi
fi

# --- 4. MPS (private daemon; changes no GPU setting) ---------------------------
mps=off; mps_dir=""
stop_mps() {
  if [ "$mps" = on ]; then
    echo quit | CUDA_MPS_PIPE_DIRECTORY="$mps_dir/pipe" nvidia-cuda-mps-control >/dev/null 2>&1
    mps=stopped
  fi
  [ -n "$mps_dir" ] && cp -r "$mps_dir/log" "$log_dir/mps-log" 2>/dev/null
}
trap 'stop_mps' EXIT
if [ "$have_mps" = 1 ]; then
  mps_dir=$(mktemp -d /tmp/shoal-mps.XXXXXX)
  mkdir -p "$mps_dir/pipe" "$mps_dir/log"
  export CUDA_MPS_PIPE_DIRECTORY=$mps_dir/pipe CUDA_MPS_LOG_DIRECTORY=$mps_dir/log
  if nvidia-cuda-mps-control -d >"$log_dir/mps.log" 2>&1; then
    mps=on
  else
    unset CUDA_MPS_PIPE_DIRECTORY CUDA_MPS_LOG_DIRECTORY
    echo "gpu-check: MPS daemon did not start (see mps.log): PEs sharing a GPU time-slice"
  fi
fi

# --- 5. tests: a row per program and PE count -----------------------------------
# host_test runs what works on cuda (docs/cuda.md): not Teams (host
# barriers on non-world teams), most of Heap (plain host stores into heap
# objects) and HostErrors (its death tests fork; a forked child cannot use
# CUDA);
# host_reach_test and stream_test (the on_stream API, graph replay; reads
# through cudaMemcpy) are written for both platforms.
# GPU_CHECK_HOST_FILTER='*' runs all of host_test.
host_filter=${GPU_CHECK_HOST_FILTER:-HostRma*:HostAmo*:HostSignal.*:HostWait*:HostBarrier.*:HostOrdering.*:Heap.Exhaustion*:Heap.Mismatched*:Heap.FreeOfAForeign*:Info.*}
run() {  # name timeout_s command...
  local name=$1 limit=$2; shift 2
  local t0
  t0=$(date +%s)
  if timeout "$limit" "$@" >"$log_dir/$name.log" 2>&1; then
    record "$name" pass "$(( $(date +%s) - t0 )) s"
  else
    local rc=$?
    record "$name" FAIL "rc $rc, $(( $(date +%s) - t0 )) s, $(grep -m1 -i 'error\|fail\|fatal' "$log_dir/$name.log" | cut -c1-60)"
  fi
}
if [ -x "$BIN/shoalrun" ]; then
  for np in 2 4; do
    [ "$np" = 4 ] && run "host_reach_test.np3" 60 "$BIN/shoalrun" -n 3 --timeout 50 "$BIN/host_reach_test"
    run "host_test.np$np" 240 "$BIN/shoalrun" -n "$np" --timeout 200 "$BIN/host_test" --gtest_filter="$host_filter"
    run "device_test.np$np" 240 "$BIN/shoalrun" -n "$np" --timeout 200 "$BIN/device_test"
    run "stream_test.np$np" 240 "$BIN/shoalrun" -n "$np" --timeout 200 "$BIN/stream_test"
    # ring_put reads its symmetric block with plain host loads (invalid on GPU
    # memory; docs/cuda.md): not run here.
    run "device_ring.np$np" 60 "$BIN/shoalrun" -n "$np" --timeout 50 "$BIN/device_ring"
  done
  if [ "$have_sanitizer" = 1 ]; then
    # One PE under the memcheck tool: the heap's mapping and the device API on
    # a small subset (shoalrun forks the PE, which runs under the sanitizer).
    run "memcheck.device_ring.np1" 180 "$BIN/shoalrun" -n 1 --timeout 170 \
        compute-sanitizer --tool memcheck --error-exitcode 1 "$BIN/device_ring"
    run "memcheck.device_test.np2" 240 "$BIN/shoalrun" -n 2 --timeout 230 \
        compute-sanitizer --tool memcheck --error-exitcode 1 "$BIN/device_test" --gtest_filter='*Put*'
  else
    record memcheck skip "compute-sanitizer not found"
  fi
else
  record tests FAIL "no build/cuda/bin/shoalrun (build failed?)"
fi

# --- 6. perftests ---------------------------------------------------------------
# The core device perftests with 2 PEs (on one GPU when there is one: label
# the numbers with MPS on/off); each one's last row goes to the summary and
# its JSON under $log_dir.
perf_rows=""
perf_cases=(
  "shmem_put_bw|-s block -c 32 -t 1024 -b 1K -e 256M -f 4 -n 20 -w 5"
  "shmem_put_latency|-s thread -b 8 -e 8 -n 1000 -w 100"
  "shmem_put_signal_ping_pong_latency|-b 8 -e 8 -n 1000 -w 100"
  "shmem_atomic_latency|-a fetch_add -n 1000 -w 100"
  "shoal_host_stream_latency|-b 8 -e 1M -f 32 -n 200 -w 20"
  "shoal_host_put_bw|--issue on_stream -b 1K -e 256M -f 4 -n 20 -w 5"
)
for c in "${perf_cases[@]}"; do
  name=${c%%|*}
  args=${c#*|}
  if [ -x "$BIN/$name" ]; then
    # shellcheck disable=SC2086
    run "perf.$name" 150 "$BIN/shoalrun" -n 2 --timeout 140 "$BIN/$name" $args --json "$log_dir/$name.json"
    perf_rows+="$name: $(grep -v '^#' "$log_dir/perf.$name.log" | grep -E '^[0-9]' | tail -1)"$'\n'
  else
    record "perf.$name" skip "not built"
  fi
done

# --- 6b. the same perftests built against NVSHMEM -----------------------------------
# When NVIDIA's NVSHMEM is found (GPU_CHECK_NVSHMEM=<dir with include/ and
# lib/>, else the nvidia-nvshmem-cu* wheel of python3), the device perftests
# are built from the same source against it (build/cuda-nvshmem, bin/nvshmem/)
# and the core cases run with 2 PEs the same way; the summary prints
# shoal/NVSHMEM for each. NVSHMEM refusing the configuration (e.g. two PEs on
# one GPU without MPS) is reported verbatim and does not fail gpu-check.
nvshmem_home=${GPU_CHECK_NVSHMEM:-}
if [ -z "$nvshmem_home" ] && command -v python3 >/dev/null 2>&1; then
  nvshmem_home=$(python3 -c 'import importlib.util as u; s = u.find_spec("nvidia.nvshmem"); print(list(s.submodule_search_locations)[0] if s else "")' 2>/dev/null)
fi
vs_rows=""
if [ -n "$nvshmem_home" ] && [ -f "$nvshmem_home/include/nvshmem.h" ]; then
  NV_BIN=$ROOT/build/cuda-nvshmem/bin
  t0=$(date +%s)
  if cmake --preset cuda -B build/cuda-nvshmem -DCMAKE_CUDA_ARCHITECTURES="$arch" -DCMAKE_CUDA_COMPILER="$nvcc" \
       -DSHOAL_GTEST_SOURCE_DIR="$gtest_dir" -DSHOAL_WERROR=OFF -DSHOAL_NVSHMEM_HOME="$nvshmem_home" \
       >"$log_dir/build-nvshmem.log" 2>&1 &&
     cmake --build build/cuda-nvshmem -j "$jobs" --target shoal_nvshmem_perftests shoalrun \
       >>"$log_dir/build-nvshmem.log" 2>&1; then
    record build-nvshmem pass "$nvshmem_home, $(( $(date +%s) - t0 )) s"
    for c in "${perf_cases[@]}"; do
      name=${c%%|*}
      args=${c#*|}
      log="$log_dir/nvshmem.$name.log"
      # shellcheck disable=SC2086
      if LD_LIBRARY_PATH="$nvshmem_home/lib:${LD_LIBRARY_PATH:-}" timeout 150 "$NV_BIN/shoalrun" -n 2 --timeout 140 \
           "$NV_BIN/nvshmem/$name" $args --json "$log_dir/nvshmem.$name.json" >"$log" 2>&1; then
        rows+=("nvshmem.$name|pass|see summary ratios")
        vs_rows+=$(python3 - "$log_dir/$name.json" "$log_dir/nvshmem.$name.json" <<'PY'
import json, sys
try:
    a, b = (json.load(open(f)) for f in sys.argv[1:3])
except Exception as e:
    print(f"{sys.argv[1]}: no ratio ({e})"); sys.exit(0)
nb = {(r["size"], r["scope"]): r["value"] for r in b["rows"]}
common = [r for r in a["rows"] if (r["size"], r["scope"]) in nb]
if not common:
    print(f"{a['name']}: no common rows"); sys.exit(0)
r = common[-1]
v = nb[(r["size"], r["scope"])]
better = "higher" if a["metric"] != "latency" else "lower"
print(f"{a['name']} size {r['size']} {r['scope']}: shoal {r['value']:.4g} {a['unit']}, "
      f"{b['context']['library']} {v:.4g}, shoal/nvshmem {r['value'] / v:.3f} ({better} is better)")
PY
)$'\n'
      else
        rows+=("nvshmem.$name|n/a|NVSHMEM run failed: $(grep -m1 -i 'error\|fail\|abort\|refus\|not supported' "$log" | cut -c1-70)")
        vs_rows+="$name: NVSHMEM did not run this configuration; its words (nvshmem.$name.log):"$'\n'
        vs_rows+=$(grep -i -m3 'error\|fail\|not supported\|mps' "$log" | sed 's/^/    /')$'\n'
      fi
    done
  else
    rows+=("build-nvshmem|n/a|NVSHMEM build failed (build-nvshmem.log): $(grep -m1 -i 'error' "$log_dir/build-nvshmem.log" | cut -c1-60)")
  fi
else
  rows+=("nvshmem|skip|NVSHMEM not found (GPU_CHECK_NVSHMEM or python3 nvidia-nvshmem-cu* wheel)")
fi

# --- 6c. code generation of the hot paths (informational) -------------------------
# ptxas registers/spills and, when the toolkit has cuobjdump, the SASS memory
# instructions (docs/perf/device-codegen.md); never fails the check.
if NVCC="$nvcc" timeout 120 tools/codegen/report.sh >"$log_dir/codegen.txt" 2>&1; then
  rows+=("codegen|info|$(grep -c 'spill stores' "$log_dir/codegen.txt") kernels, nonzero spills: $(grep 'spill' "$log_dir/codegen.txt" | grep -vc ' 0 bytes spill stores, 0 bytes spill loads'); codegen.txt")
else
  rows+=("codegen|info|report.sh failed (codegen.txt)")
fi

# IBGDA WQE posting rate per warp into host-mapped queues (standalone, no PEs;
# the bound on IBGDA message rate) and the IBGDA tests through the emulator.
if [ -x "$BIN/ibgda_post_rate" ]; then
  run perf.ibgda_post_rate 120 "$BIN/ibgda_post_rate" -w 1,4,16,64 -n 65536
  perf_rows+="ibgda_post_rate (warps, WQEs/warp, WQEs/us, per warp): $(grep -E '^ *[0-9]' "$log_dir/perf.ibgda_post_rate.log" | tail -1)"$'\n'
fi
if [ -x "$BIN/ibgda_test" ]; then
  run ibgda_test 300 "$BIN/ibgda_test"
fi

# --- 6d. the proxy benchmark on this machine's cores (optional) --------------------
# GPU_CHECK_PROXY_BENCH=1 with build/proxy-bench-bundle carried (made here by
# tools/proxy-bench-bundle.sh make; sim fibers, UCX tcp loopback, no GPU
# involved): ucp_put_lat/ucp_put_bw against the proxy with a core for every
# busy thread (docs/perf/proxy.md). About 3 minutes with REPS=5.
if [ "${GPU_CHECK_PROXY_BENCH:-0}" = 1 ]; then
  if [ -d build/proxy-bench-bundle ]; then
    run proxy_bench 300 env REPS="${REPS:-5}" tools/proxy-bench-bundle.sh run
    perf_rows+="proxy (sim, tcp loopback): $(grep -E '^(8 B latency|1 MiB put bw)' "$log_dir/proxy_bench.log" | sed 's/ (runs: [^)]*)//g' | tr '\n' ' ')"$'\n'
  else
    record proxy_bench skip "no build/proxy-bench-bundle (tools/proxy-bench-bundle.sh make, then carry it)"
  fi
fi

# --- 7. roofline -----------------------------------------------------------------
roofline=n/a
if [ -x "$BIN/gpu-roofline" ]; then
  run roofline 120 "$BIN/gpu-roofline"
  roofline=$(sed -n 's/^roofline_GBps=//p' "$log_dir/roofline.log")
  [ -n "$roofline" ] || roofline=n/a
fi
stop_mps

# --- 8. summary (last) -------------------------------------------------------------
{
  echo
  echo "== gpu-check summary: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD 2>/dev/null || echo ?), $n_gpus x $(echo "$gpus" | head -1 | cut -d, -f1), sm_$arch, MPS $mps =="
  printf '%-28s %-6s %s\n' check result detail
  for r in "${rows[@]}"; do
    IFS='|' read -r n s d <<<"$r"
    printf '%-28s %-6s %s\n' "$n" "$s" "$d"
  done
  [ -n "$perf_rows" ] && printf '%s' "$perf_rows"
  [ -n "$vs_rows" ] && printf 'shoal vs NVSHMEM (same source, same options, 2 PEs):\n%s' "$vs_rows"
  echo "roofline (D2D cudaMemcpy, bytes copied): ${roofline} GB/s"
  echo "passed $pass, failed $fail (skips not counted), total $(( $(date +%s) - t_start )) s, logs in $log_dir"
} | tee "$log_dir/summary.txt"
[ "$fail" = 0 ]
