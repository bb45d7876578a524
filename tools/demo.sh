#!/usr/bin/env bash
# The README's main job: installs missing packages, builds the optimised sim
# platform, and runs the ring example on 4 PEs under shoalrun.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup-deps.sh
cmake --preset sim-release >/dev/null
cmake --build --preset sim-release
build/sim-release/bin/shoalrun -n 4 build/sim-release/bin/ring_put
