#!/usr/bin/env bash
# The README's main job: installs missing packages, builds what the demo
# needs on the optimised sim platform (not the test suites), then runs
#   1. ep_bench --check: MoE low-latency dispatch/combine on 4 PEs under
#      shoalrun, the decode config (128 tokens/rank, hidden 7168, top-8,
#      256 experts, FP8), every received row and every combined element
#      checked against the host reference, then timed (CPU/sim times);
#   2. the examples: ring_put (host API), device_ring (kernels) and ep_moe
#      (a MoE layer: dispatch, an expert kernel, combine; checked exactly);
#   3. the Python package (pip install ./python into build/venv) and
#      examples/python/moe_layer.py: a MoE layer in numpy on shoal.ep.Buffer
#      (DeepEP's API), low-latency and normal mode, checked on 4 PEs.
# About 2 GiB of shared memory and 2 GiB of host memory; under a minute of
# run time on 2 cores once built.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup-deps.sh
cmake --preset sim-release >/dev/null
cmake --build build/sim-release -j"$(nproc)" --target shoalrun ep_bench ring_put device_ring ep_moe
bin=build/sim-release/bin
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "== ep_bench: 4 PEs, decode config, FP8 dispatch, --check"
$bin/shoalrun -n 4 $bin/ep_bench --mode ll --tokens 128 --hidden 7168 --topk 8 --experts 256 \
  --dispatch-dtype fp8 --iters 5 --warmup 1 --check --json "$out/ep_bench.json" | tee "$out/ep_bench.txt"
echo "== examples"
$bin/shoalrun -n 4 $bin/ring_put
$bin/shoalrun -n 4 $bin/device_ring
$bin/shoalrun -n 4 $bin/ep_moe
echo "== Python: pip install ./python (build/venv), examples/python/moe_layer.py"
tools/python-install.sh sim
build/venv/bin/shoalrun -n 4 build/venv/bin/python examples/python/moe_layer.py | tee "$out/moe_layer.txt"
echo
echo "demo: checked EP dispatch/combine on 4 PEs (decode config, FP8) against the host reference:"
grep '^check:' "$out/ep_bench.txt"
echo "demo: sim times per phase (CPU/sim, not GPU speed): $(awk '/^(dispatch|combine)/ {printf "%s%s %s us", sep, $1 ($2 ~ /^(send|recv)$/ ? " " $2 : ""), ($2 ~ /^(send|recv)$/ ? $3 : $2); sep=", "}' "$out/ep_bench.txt")"
echo "demo: examples ring_put, device_ring and ep_moe passed on 4 PEs"
echo "demo: Python MoE layer (shoal.ep.Buffer) checked on $(grep -o ': OK' "$out/moe_layer.txt" | wc -l) of 4 PEs"
