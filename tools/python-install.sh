#!/usr/bin/env bash
# Installs the Python package (python/) into build/venv, the environment
# tools/setup-deps.sh makes: `pip install ./python` with the build tools
# already there (no build isolation, no download) and a persistent build
# folder (build/python/), so a reinstall after an edit takes seconds.
#   tools/python-install.sh [sim|cuda]   platform (default: sim without a GPU
#                                        driver, else cuda)
set -euo pipefail
cd "$(dirname "$0")/.."
platform=${1:-}
if [[ -z $platform ]]; then
  if [[ -e /dev/nvidiactl ]] && command -v nvcc >/dev/null; then platform=cuda; else platform=sim; fi
fi
py=build/venv/bin/python
[[ -x $py ]] || { echo "python-install: $py is missing: run tools/setup-deps.sh first" >&2; exit 1; }
# The sim package serves tests and examples on the CPU, not timings: -O1
# instead of the wheel's -O3 compiles the sim's device entry points three
# times faster (38 -> 12 s each on the 2-core CI machine; the whole install
# 104 -> 73 s). SHOAL_PYTHON_SIM_OPT=-O3 builds what `pip install ./python`
# builds.
opt=()
if [[ $platform == sim ]]; then
  opt=(--config-settings=cmake.define.CMAKE_CXX_FLAGS_RELEASE="${SHOAL_PYTHON_SIM_OPT:--O1} -DNDEBUG")
fi
# One build folder per platform (the CMake cache holds the platform).
"$py" -m pip install --quiet --disable-pip-version-check --no-build-isolation ./python \
  --config-settings=cmake.define.SHOAL_PLATFORM="$platform" \
  --config-settings=build-dir="../build/python/$platform" "${opt[@]}"
"$py" -c "import shoal; print('python-install: shoal', shoal.__version__, 'for', shoal.platform, 'in', shoal.prefix)"
