#!/usr/bin/env bash
# The README's main job: installs missing packages, builds the optimised sim
# platform, and runs the examples on 4 PEs under shoalrun: ring_put (host
# API) and device_ring (kernels: ring broadcast and reduction).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup-deps.sh
cmake --preset sim-release >/dev/null
cmake --build --preset sim-release
build/sim-release/bin/shoalrun -n 4 build/sim-release/bin/ring_put
build/sim-release/bin/shoalrun -n 4 build/sim-release/bin/device_ring
