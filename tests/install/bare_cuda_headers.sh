#!/usr/bin/env bash
# The sim platform on a machine without a CUDA toolkit: CUDA's headers from
# PyPI (tools/setup-deps.sh --cuda-headers), the toolkit hidden from CMake
# (CMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit), then a configure and a build of
# the sim runtime and of the EP kernels (the most header-hungry device
# source: bf16, fp8, cooperative groups, libcu++). Run by .ci/run; about 20 s.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$root/tools/setup-deps.sh" --cuda-headers "$tmp/cuda"
cmake -S "$root" -B "$tmp/build" -DSHOAL_PLATFORM=sim -DCMAKE_BUILD_TYPE=Release -DSHOAL_WERROR=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=ON -DSHOAL_CUDA_HEADERS="$tmp/cuda/include" >"$tmp/configure.log" 2>&1 ||
  { cat "$tmp/configure.log"; echo "bare_cuda_headers: FAIL: configure"; exit 1; }
grep -q "No CUDA toolkit: the sim platform builds against the CUDA headers in $tmp/cuda/include" "$tmp/configure.log" ||
  { cat "$tmp/configure.log"; echo "bare_cuda_headers: FAIL: the toolkit was not hidden"; exit 1; }
if grep -rq '/usr/local/cuda' "$tmp/build/ep/CMakeFiles/shoal_ep.dir/flags.make"; then
  echo "bare_cuda_headers: FAIL: the build still uses /usr/local/cuda"; exit 1
fi
if ! cmake --build "$tmp/build" -j "$(nproc)" --target shoal_sim >"$tmp/build.log" 2>&1 ||
   ! make -s -C "$tmp/build/ep" ll_kernels.cu.o >>"$tmp/build.log" 2>&1; then
  tail -30 "$tmp/build.log"
  echo "bare_cuda_headers: FAIL: build"
  exit 1
fi
echo "bare_cuda_headers: PASS (sim runtime and EP kernels built against PyPI's CUDA headers, no toolkit)"
