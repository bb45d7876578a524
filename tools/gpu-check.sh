#!/usr/bin/env bash
# gpu-check: one time-boxed command that verifies shoal on a GPU machine, in
# stages of falling priority; each stage writes its rows to $OUT/summary.txt
# as it finishes, so a run cut short still answers. See docs/cuda.md
# ("Running gpu-check").
#
#   tools/gpu-check.sh [--budget SECONDS] [--dry-run] [--stages LIST] [--gtest DIR]
#                      [--jobs N] [--no-build] [--arch SM] [--bin DIR]
#
# Stages (in order):
#   build      configure + build only what the chosen stages run (one arch)
#   tests      host/device/stream/EP tests, examples, IBGDA/proxy route tests: 2 PEs
#   perf       core device and host perftests, collectives, IBGDA post rate, D2D roofline
#   ep         ep_bench: low-latency decode config, FP8 and BF16, at 2, 4 and 8 PEs;
#              normal mode, prefill config (4096 tokens), FP8, at 2, 4 and 8 PEs
#   python     the Python package with torch tensors (python/tests/gpu_smoke.py) on
#              2 and 4 PEs; needs nanobind: carried in third_party/nanobind, or
#              installed for GPU_CHECK_PYTHON (default python3)
#   scale      the tests at 4 and 8 PEs (several PEs per GPU: MPS when available)
#   sanitizer  compute-sanitizer memcheck on a small subset
#   nvshmem    the perftests built against NVSHMEM, shoal/NVSHMEM ratios
#   codegen    ptxas registers/spills of the hot paths (informational)
#
#   --budget S  wall-clock seconds for the whole run (default 480); a stage
#               whose estimate (tools/gpu-check-times.txt) does not fit what is
#               left is SKIPPED (budget), and no command runs past the budget
#   --dry-run   no GPU needed: plan the stages (arch from --arch, default 90),
#               check which programs exist in the bin folder (NOT BUILT when
#               missing), print the summary; runs nothing, builds nothing
#   --stages L  comma-separated subset of the stages above (default: all)
#   --gtest DIR GoogleTest source (default: third_party/googletest, else
#               /usr/src/googletest)
#   --jobs N    build parallelism (default: nproc)
#   --no-build  reuse build/cuda as it is
#   --arch SM   compute capability without the dot (default: the GPU's)
#   --bin DIR   programs folder (default: build/cuda/bin)
#
# GPU_CHECK_NVSHMEM=<dir>: NVSHMEM to compare against (default: python3's
# nvidia-nvshmem-cu* wheel); GPU_CHECK_MPS=0: no MPS daemon;
# GPU_CHECK_HOST_FILTER: host_test's gtest filter.
#
# It changes no GPU setting (no compute mode, clocks, MIG or reset). When
# nvidia-cuda-mps-control exists it starts a private MPS daemon (pipe and log
# folders under a temporary directory) and stops it at the end.
# Logs: build/cuda/gpu-check/; with $OUT set, $OUT/summary.txt (after every
# row), $OUT/stage-times.txt and $OUT/logs.tar.gz (after every stage).
# Exit status: 0 when every row passed (skips not counted), 1 on a failure or
# a NOT BUILT program, 2 when the machine cannot run it (no GPU, no nvcc, no
# GoogleTest source) or an argument is bad. A dry run exits 0 after its plan.
set -u
cd "$(dirname "$0")/.." || exit 2
ROOT=$(pwd)

all_stages="build tests perf ep python scale sanitizer nvshmem codegen"
dry_run=0; gtest_dir=""; jobs=$(nproc 2>/dev/null || echo 4); build=1; budget=480
stages=$all_stages; arch=""; BIN=$ROOT/build/cuda/bin
die() { echo "gpu-check: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) dry_run=1 ;;
    --budget) budget=${2:?--budget needs seconds}; shift ;;
    --stages) stages=$(echo "${2:?--stages needs a list}" | tr ',' ' '); shift ;;
    --gtest) gtest_dir=${2:?--gtest needs a folder}; shift ;;
    --jobs) jobs=${2:?--jobs needs a number}; shift ;;
    --no-build) build=0 ;;
    --arch) arch=${2:?--arch needs a compute capability, e.g. 90}; shift ;;
    --bin) BIN=$(cd "${2:?--bin needs a folder}" 2>/dev/null && pwd) || die "--bin: no folder '$2'"; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
  shift
done
case "$budget" in ''|*[!0-9]*) die "--budget '$budget' is not a number of seconds" ;; esac
case "$jobs" in ''|*[!0-9]*|0) die "--jobs '$jobs' is not a positive number" ;; esac
case "$arch" in *[!0-9]*) die "--arch '$arch' is not a compute capability like 90 or 100" ;; esac
for s in $stages; do
  case " $all_stages " in *" $s "*) ;; *) die "--stages: unknown stage '$s' (stages: $all_stages)" ;; esac
done
[ "$build" = 0 ] && stages=$(echo " $stages " | sed 's/ build / /')
want() { case " $stages " in *" $1 "*) return 0 ;; esac; return 1; }

# --- the GPU and the tools: fail within seconds, in one line ------------------
gpus="no GPU probed"; n_gpus=0
if [ "$dry_run" = 0 ]; then
  command -v nvidia-smi >/dev/null 2>&1 ||
    die "no GPU: nvidia-smi not found (no NVIDIA driver on this machine); run this on a GPU machine"
  gpus=$(timeout 20 nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader 2>&1) ||
    die "no GPU: nvidia-smi failed: $(echo "$gpus" | head -1)"
  n_gpus=$(echo "$gpus" | grep -c .)
  [ "$n_gpus" -gt 0 ] || die "no GPU: nvidia-smi lists no devices"
  if [ -z "$arch" ]; then
    arch=$(echo "$gpus" | head -1 | awk -F', *' '{gsub(/\./, "", $2); print $2}')
    case "$arch" in ''|*[!0-9]*) arch="" ;; esac
  fi
fi
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
# The Python stage: the interpreter with torch, and nanobind (carried, or its own).
py_exe=$(command -v "${GPU_CHECK_PYTHON:-python3}" || echo python3)
nanobind_dir=""
if [ -f "$ROOT/third_party/nanobind/cmake/nanobind-config.cmake" ]; then
  nanobind_dir=$ROOT/third_party/nanobind/cmake
elif d=$("$py_exe" -m nanobind --cmake_dir 2>/dev/null) && [ -d "$d" ]; then
  nanobind_dir=$d
fi
if [ "$dry_run" = 0 ]; then
  [ -x "$nvcc" ] || die "nvcc not found (PATH or /usr/local/cuda/bin)"
  if [ -z "$arch" ] && [ -x "$(dirname "$nvcc")/__nvcc_device_query" ]; then
    arch=$("$(dirname "$nvcc")/__nvcc_device_query" | tr ',' '\n' | head -1)
  fi
  [ -n "$arch" ] || die "could not read the GPU's compute capability (nvidia-smi, __nvcc_device_query)"
  command -v cmake >/dev/null 2>&1 || die "cmake not found"
fi
arch=${arch:-90}
if want build; then
  if [ -z "$gtest_dir" ]; then
    for d in "$ROOT/third_party/googletest" /usr/src/googletest; do
      [ -f "$d/CMakeLists.txt" ] && { gtest_dir=$d; break; }
    done
  fi
  if [ -f "${gtest_dir:-/nonexistent}/CMakeLists.txt" ]; then
    gtest_dir=$(cd "$gtest_dir" && pwd)
  elif [ "$dry_run" = 0 ]; then
    die "no GoogleTest source: copy Debian's /usr/src/googletest to third_party/googletest and carry it (docs/cuda.md)"
  else
    gtest_dir="(none found)"
  fi
fi

# Logs go to build/cuda/gpu-check/ (a temporary folder for a dry run). With
# $OUT set (the device tool brings back at most 8 files from it), $OUT gets
# three: summary.txt after every row, stage-times.txt and logs.tar.gz (every
# log and JSON) after every stage.
out_dir=${OUT:-}
if [ "$dry_run" = 1 ]; then
  log_dir=$(mktemp -d /tmp/gpu-check-dry.XXXXXX) || die "cannot create a temporary folder"
else
  log_dir=$ROOT/build/cuda/gpu-check
  rm -rf "$log_dir"
fi
mkdir -p "$log_dir" || die "cannot create the log folder $log_dir"
if [ -n "$out_dir" ]; then mkdir -p "$out_dir" || die "cannot create \$OUT ($out_dir)"; fi
have_sanitizer=0; command -v compute-sanitizer >/dev/null 2>&1 && have_sanitizer=1
have_mps=0; command -v nvidia-cuda-mps-control >/dev/null 2>&1 && have_mps=1
[ "${GPU_CHECK_MPS:-1}" = 0 ] && have_mps=0
[ "$dry_run" = 1 ] && have_mps=0

# --- bookkeeping: rows, budget, the summary (rewritten after every row) --------
declare -a rows=()   # "name|result|detail"
perf_rows=""; vs_rows=""; ep_rows=""; times_rows=""
pass=0; fail=0; mps=off; mps_dir=""; summary_done=0
t_start=$(date +%s)
planned=0            # dry run: the seconds the stages so far would have taken
elapsed() { if [ "$dry_run" = 1 ]; then echo "$planned"; else echo $(( $(date +%s) - t_start )); fi; }
left() { local l=$(( budget - $(elapsed) )); [ "$l" -gt 0 ] && echo "$l" || echo 0; }

# Stage estimates in seconds: measured ones in tools/gpu-check-times.txt
# ("stage seconds", from an earlier run's $OUT/stage-times.txt), else these.
declare -A est=([build]=200 [tests]=120 [perf]=70 [ep]=90 [python]=60 [scale]=120 [sanitizer]=120 [nvshmem]=150 [codegen]=30)
est_src="estimated"
if [ -f "$ROOT/tools/gpu-check-times.txt" ]; then
  while read -r s t _; do
    case "$s" in ''|\#*) continue ;; esac
    case "$t" in ''|*[!0-9]*) continue ;; esac
    est[$s]=$t; est_src="tools/gpu-check-times.txt"
  done <"$ROOT/tools/gpu-check-times.txt"
fi

summary() {
  echo
  echo "== gpu-check summary: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD 2>/dev/null || echo ?), $([ "$dry_run" = 1 ] && echo "DRY RUN (no GPU probed)" || echo "${n_gpus} x $(echo "$gpus" | head -1 | cut -d, -f1)"), sm_$arch, MPS $mps, budget ${budget} s =="
  printf '%-34s %-10s %s\n' check result detail
  local r n s d
  for r in "${rows[@]}"; do
    IFS='|' read -r n s d <<<"$r"
    printf '%-34s %-10s %s\n' "$n" "$s" "$d"
  done
  [ -n "$perf_rows" ] && printf 'perftests (last row of each):\n%s' "$perf_rows"
  [ -n "$ep_rows" ] && printf 'ep_bench (median us, GB/s, fraction of the copy roofline; MPS %s):\n%s' "$mps" "$ep_rows"
  [ -n "$vs_rows" ] && printf 'shoal vs NVSHMEM (same source, same options, 2 PEs):\n%s' "$vs_rows"
  [ -n "$times_rows" ] && printf 'stage times (s; tools/gpu-check-times.txt holds the estimates, %s):\n%s' "$est_src" "$times_rows"
  echo "passed $pass, failed $fail (NOT BUILT counts as failed, skips do not), $(elapsed) s of ${budget} s, logs in $log_dir${out_dir:+ (and \$OUT/logs.tar.gz)}"
}
publish() {  # [all]: the summary; with "all" also the stage times and the logs
  [ -n "$out_dir" ] || return 0
  cp "$log_dir/summary.txt" "$out_dir/summary.txt" 2>/dev/null
  if [ "${1:-}" = all ]; then
    [ -f "$log_dir/stage-times.txt" ] && cp "$log_dir/stage-times.txt" "$out_dir/stage-times.txt"
    tar -czf "$out_dir/logs.tar.gz.part" -C "$log_dir" . 2>/dev/null && mv "$out_dir/logs.tar.gz.part" "$out_dir/logs.tar.gz"
  fi
  return 0
}
record() {  # name status detail
  rows+=("$1|$2|$3")
  case "$2" in pass) pass=$((pass + 1)) ;; FAIL|"NOT BUILT") fail=$((fail + 1)) ;; esac
  summary >"$log_dir/summary.txt"
  publish
}
stop_mps() {
  if [ "$mps" = on ]; then
    echo quit | CUDA_MPS_PIPE_DIRECTORY="$mps_dir/pipe" nvidia-cuda-mps-control >/dev/null 2>&1
    mps=stopped
  fi
  [ -n "$mps_dir" ] && cp -r "$mps_dir/log" "$log_dir/mps-log" 2>/dev/null
  [ -n "$mps_dir" ] && rm -rf "$mps_dir"
  mps_dir=""
}
finish() {
  stop_mps
  if [ "$summary_done" = 0 ]; then
    summary_done=1
    summary | tee "$log_dir/summary.txt"
    publish all
    [ "$dry_run" = 1 ] && rm -rf "$log_dir"
  fi
}
trap finish EXIT
trap 'record interrupted FAIL "signal: stopped at $(elapsed) s"; exit 1' INT TERM

# shoalrun with a per-program timeout below the row's limit.
pe_run() {  # name limit np prog args...
  local name=$1 limit=$2 np=$3 prog=$4; shift 4
  run "$name" "$limit" "$BIN/shoalrun" "$prog" -n "$np" --timeout $(( limit > 15 ? limit - 10 : limit )) "$prog" "$@"
}

# stage NAME: 0 when it runs; a SKIPPED row when its estimate does not fit.
stage_t0=0; cur_stage=""
stage() {
  cur_stage=$1
  local need=${est[$1]:-60} l; l=$(left)
  if [ "$need" -gt "$l" ]; then
    record "stage $1" SKIPPED "budget: needs ~${need} s ($est_src), ${l} s left"
    return 1
  fi
  echo "gpu-check: stage $1 (~${need} s, ${l} s left)"
  stage_t0=$(date +%s)
  return 0
}
stage_end() {
  local t
  if [ "$dry_run" = 1 ]; then t=${est[$cur_stage]:-60}; planned=$(( planned + t )); else t=$(( $(date +%s) - stage_t0 )); fi
  times_rows+="  $cur_stage $t"$'\n'
  [ "$dry_run" = 0 ] && echo "$cur_stage $t" >>"$log_dir/stage-times.txt"
  summary >"$log_dir/summary.txt"
  publish all
}

# run NAME LIMIT PROGRAM [CHECKED] ARGS...: one row. NOT BUILT when PROGRAM
# (and, for shoalrun, the CHECKED program it launches) is missing; the limit
# is cut to what is left of the budget.
run() {
  local name=$1 limit=$2 prog=$3; shift 3
  local check=("$prog")
  if [ "$prog" = "$BIN/shoalrun" ]; then check+=("$1"); shift; fi
  local p
  for p in "${check[@]}"; do
    if [ ! -x "$p" ]; then record "$name" "NOT BUILT" "${p#"$ROOT"/}"; return 1; fi
  done
  local l; l=$(left)
  [ "$l" -lt "$limit" ] && limit=$l
  if [ "$limit" -le 0 ]; then record "$name" SKIPPED "budget spent"; return 1; fi
  if [ "$dry_run" = 1 ]; then record "$name" planned "limit ${limit} s"; return 0; fi
  local t0 rc; t0=$(date +%s)
  timeout -k 5 "$limit" "$prog" "$@" >"$log_dir/$name.log" 2>&1; rc=$?
  if [ "$rc" = 0 ]; then
    record "$name" pass "$(( $(date +%s) - t0 )) s"
  else
    local why
    why=$(grep -m1 -i 'error\|fail\|fatal\|timed out\|abort' "$log_dir/$name.log" | cut -c1-70)
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then why="timed out after ${limit} s; $why"; fi
    record "$name" FAIL "rc $rc, $(( $(date +%s) - t0 )) s, $why"
  fi
  return "$rc"
}

echo "gpu-check: $([ "$dry_run" = 1 ] && echo "dry run" || echo "${n_gpus} GPU(s): $(echo "$gpus" | head -1)") -> sm_$arch; stages: $stages; budget ${budget} s; logs in $log_dir"
[ "$dry_run" = 0 ] && : >"$log_dir/stage-times.txt"

# What each stage runs (names are build targets and programs in $BIN).
core_tests="host_test device_test stream_test host_reach_test ep_test ep_normal_test pe_death"
examples="device_ring ring_put ep_moe"
# NVSHMEM programs through shoal's headers: CUDA's launch spellings, and the
# device perftests built with NVSHMEM's names (bin/nvshmem_compat/).
compat_progs="nvshmem_programs nvshmem_launch nvshmem_compat_shmem_put_bw nvshmem_compat_shmem_g_latency"
route_tests="ibgda_route_test proxy_test ibgda_test"
perf_progs="shmem_put_bw shmem_put_latency shmem_put_signal_ping_pong_latency shmem_atomic_latency
  shoal_host_stream_latency shoal_host_put_bw barrier_latency alltoall_latency reduction_latency
  ibgda_post_rate gpu-roofline"
host_filter=${GPU_CHECK_HOST_FILTER:-HostRma*:HostAmo*:HostSignal.*:HostWait*:HostBarrier.*:HostOrdering.*:Heap.Exhaustion*:Heap.Mismatched*:Heap.FreeOfAForeign*:Info.*}

# --- 1. build --------------------------------------------------------------------
# Only the targets the chosen stages run, one architecture, all cores; make
# -k keeps going past a target that fails (its programs show as NOT BUILT).
# Warnings are not errors here (CI enforces them).
if want build && stage build; then
  targets="shoalrun"
  want tests && targets+=" $core_tests $examples $route_tests $compat_progs"
  want scale && targets+=" host_test device_test stream_test ep_test ep_normal_test device_ring"
  want perf && targets+=" $perf_progs"
  want ep && targets+=" ep_bench"
  py_cfg=(-DSHOAL_BUILD_PYTHON=OFF)
  if want python; then
    if [ -n "$nanobind_dir" ]; then
      targets+=" _shoal"
      py_cfg=(-DSHOAL_BUILD_PYTHON=ON -DPython_EXECUTABLE="$py_exe" -Dnanobind_DIR="$nanobind_dir")
    else
      record python "NOT BUILT" "no nanobind: copy build/venv's nanobind to third_party/nanobind and carry it (docs/cuda.md)"
    fi
  fi
  want sanitizer && targets+=" device_ring device_test"
  targets=$(echo "$targets" | tr -s ' \n' '\n' | grep . | sort -u | tr '\n' ' ')
  if [ "$dry_run" = 1 ]; then
    record build planned "cmake --preset cuda -DCMAKE_CUDA_ARCHITECTURES=$arch (GoogleTest: $gtest_dir); targets: $targets"
  else
    t0=$(date +%s)
    l=$(left)
    echo "gpu-check: building $targets (log: $log_dir/build.log)"
    if timeout "$l" cmake --preset cuda -DCMAKE_CUDA_ARCHITECTURES="$arch" -DCMAKE_CUDA_COMPILER="$nvcc" \
         -DSHOAL_GTEST_SOURCE_DIR="$gtest_dir" -DSHOAL_WERROR=OFF "${py_cfg[@]}" >"$log_dir/build.log" 2>&1; then
      # shellcheck disable=SC2086
      timeout "$(left)" cmake --build build/cuda -j "$jobs" --target $targets -- -k >>"$log_dir/build.log" 2>&1
      rc=$?
      missing=""
      for t in $targets; do
        case "$t" in
          _shoal) ls "$ROOT"/build/cuda/python/shoal/_shoal*.so >/dev/null 2>&1 || missing+=" $t" ;;
          nvshmem_compat_*) [ -x "$BIN/nvshmem_compat/${t#nvshmem_compat_}" ] || missing+=" $t" ;;
          *) [ -x "$BIN/$t" ] || missing+=" $t" ;;
        esac
      done
      if [ "$rc" = 0 ]; then
        record build pass "sm_$arch, $(( $(date +%s) - t0 )) s"
      else
        record build FAIL "rc $rc, $(( $(date +%s) - t0 )) s; not built:${missing:- (none)}; build.log"
        grep -m5 -E 'error|Error' "$log_dir/build.log"
      fi
    else
      record build FAIL "configure failed (build.log): $(grep -m1 -i 'error' "$log_dir/build.log" | cut -c1-60)"
      tail -20 "$log_dir/build.log"
    fi
  fi
  stage_end
fi

# --- MPS (private daemon; changes no GPU setting) ----------------------------------
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

# --- 2. tests with 2 PEs (one GPU: both PEs on it) ---------------------------------
# host_test runs what works on cuda (docs/cuda.md): not Teams, most of Heap
# and HostErrors. ring_put must run on both platforms. The IBGDA route test
# needs a NIC on cuda (the emulator across PEs is sim-only: GPU heaps are not
# CPU-mapped): 2 simulated nodes x 2 PEs through the DevX plugin when an
# mlx5 device is there; ibgda_test posts from device code into the emulator
# within one process; proxy_test needs UCX (NOT BUILT without it).
if want tests && stage tests; then
  pe_run host_test.np2 200 2 "$BIN/host_test" --gtest_filter="$host_filter"
  pe_run device_test.np2 200 2 "$BIN/device_test"
  pe_run stream_test.np2 200 2 "$BIN/stream_test"
  pe_run ep_test.np2 200 2 "$BIN/ep_test"
  pe_run ep_normal_test.np2 120 2 "$BIN/ep_normal_test"
  pe_run host_reach_test.np3 60 3 "$BIN/host_reach_test"
  pe_run device_ring.np2 60 2 "$BIN/device_ring"
  pe_run ring_put.np2 60 2 "$BIN/ring_put"
  pe_run ep_moe.np2 60 2 "$BIN/ep_moe"
  # NVSHMEM programs, unchanged, through shoal's headers.
  pe_run nvshmem_programs.ring.np2 60 2 "$BIN/nvshmem_programs" ring
  pe_run nvshmem_launch.np2 60 2 "$BIN/nvshmem_launch"
  pe_run nvshmem_compat.shmem_put_bw.np2 60 2 "$BIN/nvshmem_compat/shmem_put_bw" -b 8 -e 1M -f 4 -n 10 -w 2
  pe_run nvshmem_compat.shmem_g_latency.np2 60 2 "$BIN/nvshmem_compat/shmem_g_latency" -n 200 -w 20 -e 4K -f 8
  # A PE killed inside kernel waits, barriers, collectives, EP dispatch:
  # the others end naming it (docs/failures.md; on a GPU the device line
  # needs the trapped kernel's printf to reach stderr).
  if [ -x "$BIN/pe_death" ]; then
    run pe_death.shoalrun 120 python3 "$ROOT/tests/device/pe_death_test.py" --bin-dir "$BIN" --prog "$BIN/pe_death" shoalrun
  else
    record pe_death.shoalrun "NOT BUILT" "${BIN#"$ROOT"/}/pe_death"
  fi
  if [ ! -x "$BIN/ibgda_route_test" ]; then
    record ibgda_route_test.np4.nic "NOT BUILT" "${BIN#"$ROOT"/}/ibgda_route_test"
  elif command -v ibv_devices >/dev/null 2>&1 && ibv_devices 2>/dev/null | grep -q mlx5; then
    SHOAL_SIM_PES_PER_NODE=2 SHOAL_REMOTE_TRANSPORT=ibgda pe_run ibgda_route_test.np4.nic 200 4 "$BIN/ibgda_route_test"
  else
    record ibgda_route_test.np4.nic SKIPPED "no mlx5 RDMA device (ibv_devices): on cuda the IBGDA route needs a NIC"
  fi
  run ibgda_test 200 "$BIN/ibgda_test"
  SHOAL_DISABLE_P2P=1 pe_run proxy_test.np2.no_p2p 200 2 "$BIN/proxy_test"
  stage_end
fi

# --- 3. perftests and the roofline ------------------------------------------------
perf_cases=(
  "shmem_put_bw|-s block -c 32 -t 1024 -b 1K -e 256M -f 4 -n 20 -w 5"
  "shmem_put_latency|-s thread -b 8 -e 8 -n 1000 -w 100"
  "shmem_put_signal_ping_pong_latency|-b 8 -e 8 -n 1000 -w 100"
  "shmem_atomic_latency|-a fetch_add -n 1000 -w 100"
  "shoal_host_stream_latency|-b 8 -e 1M -f 32 -n 200 -w 20"
  "shoal_host_put_bw|--issue on_stream -b 1K -e 256M -f 4 -n 20 -w 5"
  "barrier_latency|-n 200 -w 20"
  "alltoall_latency|-b 8 -e 1M -f 8 -n 50 -w 5"
  "reduction_latency|-b 8 -e 1M -f 8 -n 50 -w 5"
)
roofline=n/a
if want perf && stage perf; then
  for c in "${perf_cases[@]}"; do
    name=${c%%|*}; args=${c#*|}
    # shellcheck disable=SC2086
    if pe_run "perf.$name" 100 2 "$BIN/$name" $args --json "$log_dir/$name.json" && [ "$dry_run" = 0 ]; then
      perf_rows+="  $name: $(grep -v '^#' "$log_dir/perf.$name.log" | grep -E '^ *[0-9]' | tail -1)"$'\n'
    fi
  done
  if run perf.ibgda_post_rate 60 "$BIN/ibgda_post_rate" -w 1,4,16,64 -n 65536 && [ "$dry_run" = 0 ]; then
    perf_rows+="  ibgda_post_rate (warps, WQEs/warp, WQEs/us, per warp): $(grep -E '^ *[0-9]' "$log_dir/perf.ibgda_post_rate.log" | tail -1)"$'\n'
  fi
  if run roofline 60 "$BIN/gpu-roofline" && [ "$dry_run" = 0 ]; then
    roofline=$(sed -n 's/^roofline_GBps=//p' "$log_dir/roofline.log")
    perf_rows+="  roofline (D2D cudaMemcpy, bytes copied): ${roofline:-n/a} GB/s"$'\n'
  fi
  stage_end
fi

# --- 4. EP: ep_bench, decode config, at 2, 4 and 8 PEs -----------------------------
# All PEs on this GPU exchange through P2P stores (ep_bench's "# launch"
# line says so); the numbers mean something only with MPS on.
if want ep && stage ep; then
  for np in 2 4 8; do
    for dt in fp8 bf16; do
      name=ep_bench.np$np.$dt
      if pe_run "$name" 90 "$np" "$BIN/ep_bench" --mode ll --tokens 128 --hidden 7168 --topk 8 --experts 256 \
           --dispatch-dtype "$dt" --iters 50 --warmup 10 --check --json "$log_dir/$name.json" &&
         [ "$dry_run" = 0 ]; then
        ep_rows+="  np $np $dt: $(grep -E '^(dispatch|combine) ' "$log_dir/$name.log" | awk '$2 ~ /^[0-9]/ {printf "%s %s us %s GB/s %s; ", $1, $2, $6, $7}')"$'\n'
      fi
    done
  done
  # Normal mode, DeepEP's prefill config (GB/s with its counting: the rows
  # landing at a rank times the payload).
  for np in 2 4 8; do
    name=ep_bench.normal.np$np.fp8
    if pe_run "$name" 120 "$np" "$BIN/ep_bench" --mode normal --tokens 4096 --hidden 7168 --topk 8 --experts 256 \
         --dispatch-dtype fp8 --iters 10 --warmup 3 --check --json "$log_dir/$name.json" \
         --counts "$log_dir/$name.counts.json" && [ "$dry_run" = 0 ]; then
      ep_rows+="  normal np $np fp8: $(grep -E '^(layout|dispatch|combine) ' "$log_dir/$name.log" | awk '$NF ~ /^[0-9]/ {printf "%s %s us %s GB/s; ", ($2 == "cached" ? $1 " cached" : $1), $(NF-4), $NF}')"$'\n'
    fi
  done
  stage_end
fi

# --- 4b. Python: the package with torch tensors --------------------------------------
if want python && stage python; then
  if [ -z "$nanobind_dir" ]; then
    record python SKIPPED "not built (no nanobind)"
  elif [ "$dry_run" = 0 ] && ! ls "$ROOT"/build/cuda/python/shoal/_shoal*.so >/dev/null 2>&1; then
    record python "NOT BUILT" "build/cuda/python/shoal/_shoal*.so"
  elif [ "$dry_run" = 0 ] && ! "$py_exe" -c "import torch, numpy" 2>/dev/null; then
    record python SKIPPED "$py_exe has no torch or numpy"
  else
    export PYTHONPATH="$ROOT/build/cuda/python${PYTHONPATH:+:$PYTHONPATH}"
    for np in 2 4; do
      pe_run "python.gpu_smoke.np$np" 60 "$np" "$py_exe" "$ROOT/python/tests/gpu_smoke.py"
    done
  fi
  stage_end
fi

# --- 5. 4 and 8 PEs (several per GPU) ------------------------------------------------
if want scale && stage scale; then
  for np in 4 8; do
    pe_run "device_test.np$np" 120 "$np" "$BIN/device_test"
    pe_run "ep_test.np$np" 120 "$np" "$BIN/ep_test"
    pe_run "ep_normal_test.np$np" 120 "$np" "$BIN/ep_normal_test"
    pe_run "device_ring.np$np" 40 "$np" "$BIN/device_ring"
  done
  pe_run host_test.np4 120 4 "$BIN/host_test" --gtest_filter="$host_filter"
  pe_run stream_test.np4 120 4 "$BIN/stream_test"
  stage_end
fi

# --- 6. compute-sanitizer ------------------------------------------------------------
if want sanitizer && stage sanitizer; then
  san=$(command -v compute-sanitizer || echo /nonexistent/compute-sanitizer)
  if [ "$have_sanitizer" = 1 ] || [ "$dry_run" = 1 ]; then
    [ "$have_sanitizer" = 1 ] || san=compute-sanitizer
    if [ -x "$BIN/shoalrun" ] && [ -x "$BIN/device_ring" ] && [ -x "$BIN/device_test" ]; then
      if [ "$dry_run" = 1 ]; then
        record memcheck.device_ring.np1 planned "$san --tool memcheck"
        record memcheck.device_test.np2 planned "$san --tool memcheck, *Put*"
      else
        run memcheck.device_ring.np1 100 "$BIN/shoalrun" "$BIN/device_ring" -n 1 --timeout 90 \
          "$san" --tool memcheck --error-exitcode 1 "$BIN/device_ring"
        run memcheck.device_test.np2 120 "$BIN/shoalrun" "$BIN/device_test" -n 2 --timeout 110 \
          "$san" --tool memcheck --error-exitcode 1 "$BIN/device_test" --gtest_filter='*Put*'
      fi
    else
      record memcheck "NOT BUILT" "shoalrun, device_ring or device_test missing in ${BIN#"$ROOT"/}"
    fi
  else
    record memcheck SKIPPED "compute-sanitizer not found"
  fi
  stage_end
fi

# --- 7. the perftests built against NVSHMEM ------------------------------------------
# When NVSHMEM is found (GPU_CHECK_NVSHMEM=<dir with include/ and lib/>, else
# the nvidia-nvshmem-cu* wheel of python3) the device perftests are built
# from the same source against it (build/cuda-nvshmem) and the core cases run
# with 2 PEs; NVSHMEM refusing a configuration is quoted, not a failure.
if want nvshmem && stage nvshmem; then
  nvshmem_home=${GPU_CHECK_NVSHMEM:-}
  if [ -z "$nvshmem_home" ] && command -v python3 >/dev/null 2>&1; then
    nvshmem_home=$(python3 -c 'import importlib.util as u; s = u.find_spec("nvidia.nvshmem"); print(list(s.submodule_search_locations)[0] if s else "")' 2>/dev/null)
  fi
  if [ -z "$nvshmem_home" ] || [ ! -f "$nvshmem_home/include/nvshmem.h" ]; then
    record nvshmem SKIPPED "NVSHMEM not found (GPU_CHECK_NVSHMEM or python3 nvidia-nvshmem-cu* wheel)"
  elif [ "$dry_run" = 1 ]; then
    record build-nvshmem planned "$nvshmem_home"
  else
    NV_BIN=$ROOT/build/cuda-nvshmem/bin
    t0=$(date +%s)
    if timeout "$(left)" cmake --preset cuda -B build/cuda-nvshmem -DCMAKE_CUDA_ARCHITECTURES="$arch" \
         -DCMAKE_CUDA_COMPILER="$nvcc" -DSHOAL_GTEST_SOURCE_DIR="$gtest_dir" -DSHOAL_WERROR=OFF \
         -DSHOAL_NVSHMEM_HOME="$nvshmem_home" >"$log_dir/build-nvshmem.log" 2>&1 &&
       timeout "$(left)" cmake --build build/cuda-nvshmem -j "$jobs" --target shoal_nvshmem_perftests shoalrun \
         >>"$log_dir/build-nvshmem.log" 2>&1; then
      record build-nvshmem pass "$nvshmem_home, $(( $(date +%s) - t0 )) s"
      for c in "${perf_cases[@]:0:4}"; do
        name=${c%%|*}; args=${c#*|}
        log="$log_dir/nvshmem.$name.log"
        l=$(left); [ "$l" -gt 100 ] && l=100
        [ "$l" -le 5 ] && { record "nvshmem.$name" SKIPPED "budget spent"; continue; }
        # shellcheck disable=SC2086
        if LD_LIBRARY_PATH="$nvshmem_home/lib:${LD_LIBRARY_PATH:-}" timeout "$l" "$NV_BIN/shoalrun" -n 2 \
             --timeout $(( l - 5 )) "$NV_BIN/nvshmem/$name" $args --json "$log_dir/nvshmem.$name.json" >"$log" 2>&1; then
          record "nvshmem.$name" pass "see the ratios"
          vs_rows+="  "$(python3 - "$log_dir/$name.json" "$log_dir/nvshmem.$name.json" <<'PY'
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
          record "nvshmem.$name" n/a "NVSHMEM run failed: $(grep -m1 -i 'error\|fail\|abort\|refus\|not supported' "$log" | cut -c1-70)"
        fi
      done
    else
      record build-nvshmem n/a "NVSHMEM build failed (build-nvshmem.log): $(grep -m1 -i 'error' "$log_dir/build-nvshmem.log" | cut -c1-60)"
    fi
  fi
  stage_end
fi

# --- 8. code generation of the hot paths (informational) ----------------------------
if want codegen && stage codegen; then
  if [ "$dry_run" = 1 ]; then
    record codegen planned "tools/codegen/report.sh"
  elif NVCC="$nvcc" timeout "$(left)" tools/codegen/report.sh >"$log_dir/codegen.txt" 2>&1; then
    record codegen info "$(grep -c 'spill stores' "$log_dir/codegen.txt") kernels, nonzero spills: $(grep 'spill' "$log_dir/codegen.txt" | grep -vc ' 0 bytes spill stores, 0 bytes spill loads'); codegen.txt"
  else
    record codegen info "report.sh failed (codegen.txt)"
  fi
  stage_end
fi

stop_mps
finish
[ "$dry_run" = 1 ] && exit 0   # a plan: NOT BUILT rows say what a real run would miss
[ "$fail" = 0 ]
