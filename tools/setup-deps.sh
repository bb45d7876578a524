#!/usr/bin/env bash
# Installs the Debian 12 packages shoal builds and tests with, skipping those
# already present. Safe to run repeatedly; does nothing when all are there.
#
# Both platforms need CUDA's headers, the cuda platform also its compiler:
# NVIDIA's toolkit in /usr/local/cuda (or nvcc on PATH) provides both. On a
# machine without it, this fetches the headers alone from PyPI (NVIDIA's
# runtime, CRT and CCCL wheels, CUDA 13.0) into third_party/cuda-headers/,
# which is enough for the sim platform (CMakeLists.txt finds them there).
#
#   tools/setup-deps.sh                     packages, CUDA headers when no toolkit, and
#                                           build/venv (the Python package's build tools)
#   tools/setup-deps.sh --cuda-headers DIR  only fetch the CUDA headers into DIR/include
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

cuda_wheels=("nvidia-cuda-runtime==13.0.*" "nvidia-cuda-crt==13.0.*" "nvidia-cuda-cccl==13.0.*")

# fetch_cuda_headers DIR: the wheels' include/ trees merged into DIR/include.
fetch_cuda_headers() {
  local dir=$1 tmp
  tmp=$(mktemp -d)
  python3 -m pip --version >/dev/null 2>&1 ||
    { echo "setup-deps: python3 -m pip is missing (Debian: python3-pip)" >&2; rm -rf "$tmp"; return 1; }
  if ! python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$tmp" "${cuda_wheels[@]}" >&2; then
    echo "setup-deps: could not download ${cuda_wheels[*]} from PyPI" >&2
    rm -rf "$tmp"
    return 1
  fi
  rm -rf "$dir/include"
  mkdir -p "$dir"
  python3 - "$tmp" "$dir" <<'PY'
import glob, os, shutil, sys, zipfile
tmp, dest = sys.argv[1], sys.argv[2]
for whl in sorted(glob.glob(os.path.join(tmp, "*.whl"))):
    with zipfile.ZipFile(whl) as z:
        for name in z.namelist():
            parts = name.split("/")
            if "include" not in parts or name.endswith("/"):
                continue
            rel = "/".join(parts[parts.index("include"):])
            out = os.path.join(dest, rel)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with z.open(name) as src, open(out, "wb") as dst:
                shutil.copyfileobj(src, dst)
PY
  rm -rf "$tmp"
  [[ -f "$dir/include/cuda_runtime_api.h" && -f "$dir/include/cccl/cuda/atomic" ]] ||
    { echo "setup-deps: the wheels did not contain the expected headers" >&2; return 1; }
  echo "setup-deps: CUDA headers from PyPI (${cuda_wheels[*]}) in $dir/include"
}

if [[ ${1:-} == --cuda-headers ]]; then
  fetch_cuda_headers "${2:?--cuda-headers needs a folder}"
  exit
fi

packages=(
  build-essential cmake pkg-config git python3 python3-matplotlib python3-pip
  python3-dev python3-venv python3-numpy python3-pytest
  libgtest-dev libgmock-dev libbenchmark-dev libboost-context-dev libhwloc-dev
  openmpi-bin libopenmpi-dev libpmix-dev
  libucx-dev ucx-utils
  libibverbs-dev rdma-core ibverbs-providers
  slurmctld slurmd slurm-client slurm-wlm-basic-plugins
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "setup-deps: installing ${missing[*]}"
  SUDO=""
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "setup-deps: not root and no sudo; install: ${missing[*]}" >&2; exit 1; }
    SUDO=sudo
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "setup-deps: all Debian packages present"
fi

if ! command -v nvcc >/dev/null && [[ ! -x /usr/local/cuda/bin/nvcc ]]; then
  echo "setup-deps: no CUDA toolkit (nvcc) in /usr/local/cuda or on PATH: the sim platform builds against" \
       "CUDA headers from PyPI; the cuda platform needs NVIDIA's CUDA toolkit 12.8 or newer"
  if [[ -f "$root/third_party/cuda-headers/include/cuda_runtime_api.h" ]]; then
    echo "setup-deps: CUDA headers present in third_party/cuda-headers"
  else
    fetch_cuda_headers "$root/third_party/cuda-headers"
  fi
fi

# The Python package (python/, docs/python.md) builds with nanobind and
# scikit-build-core, which Debian 12 does not package: a virtual environment
# in build/venv on Debian's python3 (its numpy and pytest seen through
# --system-site-packages) gets them from PyPI. tools/python-install.sh then
# installs shoal into it.
venv="$root/build/venv"
py_base=/usr/bin/python3
[[ -x $py_base ]] || py_base=$(command -v python3)
if [[ ! -x $venv/bin/python ]]; then
  echo "setup-deps: creating $venv ($py_base, with system site packages)"
  mkdir -p "$root/build"
  "$py_base" -m venv --system-site-packages "$venv"
fi
if ! "$venv/bin/python" -c "import nanobind, scikit_build_core, numpy, pytest" 2>/dev/null; then
  echo "setup-deps: installing nanobind, scikit-build-core (PyPI) into $venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "nanobind>=2.4,<4" "scikit-build-core>=0.10" \
    $("$venv/bin/python" -c "import numpy" 2>/dev/null || echo numpy) \
    $("$venv/bin/python" -c "import pytest" 2>/dev/null || echo pytest)
else
  echo "setup-deps: $venv has nanobind, scikit-build-core, numpy and pytest"
fi
