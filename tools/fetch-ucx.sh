#!/bin/bash
# fetch-ucx: a CUDA-aware UCX for runs of the proxy transport on a GPU
# machine (docs/transport-proxy.md, "On a GPU machine"). Debian's UCX has no
# CUDA support, and the GPU machines have no UCX at all, so this takes
# NVIDIA's UCX build from PyPI (the libucx-cu13 wheel: UCX with its cuda_copy
# / cuda_ipc transports, headers, pkg-config files and ucx_perftest with
# CUDA memory) and unpacks what a build and a run need into
# third_party/libucx (git-ignored; about 35 MB, small enough to carry to a
# GPU machine that cannot download).
#
#   tools/fetch-ucx.sh [WHEEL]    WHEEL: a downloaded .whl (default: pip download)
#   tools/fetch-ucx.sh --links    (re)create the .so / .so.0 links in an
#                                 unpacked folder (after carrying it)
#
# Then: PKG_CONFIG_PATH=third_party/libucx/lib/pkgconfig cmake --preset cuda ...
# builds libshoal_transport_ucx.so against it, and
# LD_LIBRARY_PATH=third_party/libucx/lib runs it (tools/gpu-check.sh does both).
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=${UCX_WHEEL_VERSION:-1.22.0}
DEST=third_party/libucx
# The loader wants lib*.so.0 (the sonames), the linker lib*.so; only the
# .so.0.0.0 files are real, so a copy that lost its links can be mended.
links() {
  for f in "$DEST"/lib/*.so.0.0.0 "$DEST"/lib/ucx/*.so.0.0.0; do
    base=${f%.so.0.0.0}
    ln -sf "$(basename "$f")" "$base.so.0"
    ln -sf "$(basename "$f")" "$base.so"
  done
  chmod +x "$DEST"/bin/*
}
if [ "${1:-}" = --links ]; then
  [ -d "$DEST/lib" ] || { echo "fetch-ucx: no $DEST (run tools/fetch-ucx.sh first)" >&2; exit 1; }
  links
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
wheel=${1:-}
if [ -z "$wheel" ]; then
  python3 -m pip download --quiet --no-deps --dest "$tmp" "libucx-cu13==$VERSION" ||
    { echo "fetch-ucx: pip could not download libucx-cu13==$VERSION (network?)" >&2; exit 1; }
  wheel=$(ls "$tmp"/libucx_cu13-*.whl)
fi
python3 - "$wheel" "$tmp/x" <<'PY'
import sys, zipfile
zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])
PY
src=$tmp/x/libucx
[ -f "$src/lib/libucp.so.0" ] || { echo "fetch-ucx: $wheel holds no libucx/lib/libucp.so.0" >&2; exit 1; }
rm -rf "$DEST"
mkdir -p "$DEST/lib/ucx" "$DEST/bin"
# Shared objects only (no static archives; the wheel's .so and .so.0 names
# are copies, not links).
cp "$src"/lib/*.so.0.0.0 "$DEST/lib/"
cp "$src"/lib/ucx/*.so.0.0.0 "$DEST/lib/ucx/"
# Libraries the wheel bundles under hashed names (libgomp for ucx_perftest,
# libcudart for the CUDA modules): found through LD_LIBRARY_PATH too.
cp "$tmp"/x/libucx_cu13.libs/*.so* "$DEST/lib/" 2>/dev/null || true
cp -r "$src/include" "$DEST/"
cp "$src/bin/ucx_perftest" "$src/bin/ucx_info" "$DEST/bin/"
cp -r "$src/etc" "$DEST/" 2>/dev/null || true
mkdir -p "$DEST/lib/pkgconfig"
# Relative prefix (pkg-config's pcfiledir): the folder can be carried anywhere.
for f in "$src"/lib/pkgconfig/*.pc; do
  sed 's|^prefix = .*|prefix = ${pcfiledir}/../..|' "$f" >"$DEST/lib/pkgconfig/$(basename "$f")"
done
links
echo "fetch-ucx: UCX $VERSION (CUDA) in $DEST ($(du -sh "$DEST" | cut -f1)): $(LD_LIBRARY_PATH=$DEST/lib "$DEST/bin/ucx_info" -v 2>&1 | grep -m1 -i 'version')"
