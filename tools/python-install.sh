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
# One build folder per platform (the CMake cache holds the platform).
"$py" -m pip install --quiet --disable-pip-version-check --no-build-isolation ./python \
  --config-settings=cmake.define.SHOAL_PLATFORM="$platform" \
  --config-settings=build-dir="../build/python/$platform"
"$py" -c "import shoal; print('python-install: shoal', shoal.__version__, 'for', shoal.platform, 'in', shoal.prefix)"
