#!/usr/bin/env bash
# Installs the current build into a temporary prefix, builds examples/ against
# it as an outside project would (find_package(shoal); shoal::ep for ep_moe),
# and runs them under the installed shoalrun. Fails on any step.
#   check_install.sh <build dir> <source dir>
set -euo pipefail
build=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
test -x "$tmp/prefix/bin/shoalrun"
test -f "$tmp/prefix/lib/pkgconfig/shoal.pc"
cmake -S "$src/examples" -B "$tmp/ex" -DCMAKE_PREFIX_PATH="$tmp/prefix" >"$tmp/configure.log" 2>&1 ||
  { cat "$tmp/configure.log"; exit 1; }
cmake --build "$tmp/ex" -j2 >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; exit 1; }
"$tmp/prefix/bin/shoalrun" -n 2 "$tmp/ex/ring_put"
"$tmp/prefix/bin/shoalrun" -n 3 "$tmp/ex/device_ring"
"$tmp/prefix/bin/shoalrun" -n 2 "$tmp/ex/ep_moe" | grep "ep_moe: OK" >/dev/null  # shoal::ep from the package
# An NVSHMEM program through shoal::nvshmem from the package.
"$tmp/prefix/bin/shoalrun" -n 2 "$tmp/ex/nvshmem_ring" | grep "nvshmem_ring: OK" >/dev/null
# pkg-config sees the packages too.
PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig" pkg-config --libs shoal | grep -- -lshoal >/dev/null
PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig" pkg-config --libs shoal-ep | grep -- -lshoal_ep >/dev/null
PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig" pkg-config --cflags shoal-nvshmem | grep -- /include/shoal/compat >/dev/null
test -f "$tmp/prefix/include/shoal/compat/nvshmemx.h"
# An OpenSHMEM program with global variables, built with the installed
# oshcc (moved with the prefix: the wrappers find it from their folder) and
# started with the installed oshrun.
"$tmp/prefix/bin/oshcc" -std=c11 -o "$tmp/osh" "$src/tests/compat/openshmem_programs.c"
"$tmp/prefix/bin/oshrun" -np 2 "$tmp/osh" rma | grep "openshmem_programs rma: PE 1 OK" >/dev/null
test -f "$tmp/prefix/include/shoal/openshmem/shmemx.h"
echo "install check: PASSED"
