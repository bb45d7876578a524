#!/usr/bin/env bash
# Installs the Debian 12 packages shoal builds and tests with, skipping those
# already present. Safe to run repeatedly; does nothing when all are there.
#
# The CUDA toolkit (nvcc, headers, CCCL) is expected in /usr/local/cuda (or on
# PATH): both platforms need its headers, and the cuda platform its compiler.
set -euo pipefail

packages=(
  build-essential cmake pkg-config git python3 python3-matplotlib
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
  echo "setup-deps: the CUDA toolkit (nvcc, headers) was not found in /usr/local/cuda or on PATH;" \
       "install NVIDIA's CUDA toolkit 12.8 or newer (both platforms need its headers)" >&2
  exit 1
fi
