#!/usr/bin/env bash
# run.sh PYTHON NP ARGS...: runs `PYTHON ARGS...` on NP PEs under shoalrun
# (NP 0: directly), after checking that PYTHON imports shoal. CTest's
# python.* tests use it (python/tests/CMakeLists.txt).
set -euo pipefail
py=$1 np=$2
shift 2
if ! "$py" -c "import shoal" 2>/dev/null; then
  echo "run.sh: $py cannot import shoal: run tools/setup-deps.sh and tools/python-install.sh" \
       "(tools/test.sh does both)" >&2
  "$py" -c "import shoal" || true
  exit 1
fi
if [[ $np == 0 ]]; then
  exec "$py" "$@"
fi
shoalrun=${SHOAL_PY_SHOALRUN:-$(dirname "$py")/shoalrun}
exec "$shoalrun" -n "$np" "$py" "$@"
