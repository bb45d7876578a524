#!/usr/bin/env bash
# The README's test command: installs missing packages, then configures,
# builds (warnings are errors) and runs every test on the sim platform under
# AddressSanitizer + UBSan, and the Python suite against the package
# installed in build/venv. Extra arguments go to ctest (e.g. -R heap).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup-deps.sh
cmake --preset sim
cmake --build --preset sim
# The Python package (release build of the libraries, in build/venv): the
# python.* tests run it.
tools/python-install.sh sim
ctest --preset sim "$@"
