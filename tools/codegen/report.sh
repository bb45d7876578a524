#!/usr/bin/env bash
# Compiles tools/codegen/hot_paths.cu for sm_90 and prints, per kernel, the
# registers, stack, spills (ptxas -v) and the memory instructions of the PTX
# (vector widths, .sys scopes, acquire/release). Needs only nvcc.
#   tools/codegen/report.sh [-DSHOAL_DEVICE_CHECKS=1]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
flags=(-std=c++20 -arch=sm_90 -O3 -I"$root/include" -I"$root/device/include" -I"$root" "$@")
"$nvcc" "${flags[@]}" -c "$root/tools/codegen/hot_paths.cu" -o "$out/h.o" -Xptxas -v 2>"$out/ptxas.txt"
"$nvcc" "${flags[@]}" -ptx "$root/tools/codegen/hot_paths.cu" -o "$out/h.ptx"
echo "## ptxas (sm_90): registers, stack, spills per kernel"
python3 - "$out/ptxas.txt" "$out/h.ptx" <<'PY'
import re, sys, collections
def short(mangled):
    m = re.match(r"_Z(?:N\w*?)?(\d+)(\w+)", mangled)
    if not m:
        return mangled
    n = int(m.group(1))
    return m.group(2)[:n]
name = None
for line in open(sys.argv[1]):
    if "Function properties for" in line:
        mangled = line.rsplit(" ", 1)[-1].strip()
        kind = "kernel" if mangled.startswith("_Z") and not mangled.startswith("_ZN") else "callee"
        name = f"{short(mangled)} ({kind})" if kind == "callee" else short(mangled)
    elif "Compiling entry function" in line:
        name = short(re.search(r"'(_Z\w+)'", line).group(1))
    elif name and ("Used" in line or "spill" in line):
        print(f"{name:34} {line.split(':', 1)[-1].strip()}")
print()
print("## memory instructions per kernel (PTX)")
counts = collections.defaultdict(collections.Counter)
k = None
for line in open(sys.argv[2]):
    m = re.match(r"\.visible \.entry _Z(\d+)(\w+)", line)
    if m:
        k = m.group(2)[:int(m.group(1))]
        continue
    t = line.strip().split()
    if k and t and re.match(r"(ld|st|atom|red|fence)\.", t[0].lstrip("@!%p0123456789 ")):
        counts[k][t[0]] += 1
    elif k and len(t) > 1 and t[0].startswith("@") and re.match(r"(ld|st|atom|red|fence)\.", t[1]):
        counts[k][t[1]] += 1
for k in counts:
    print(f"{k:16} " + ", ".join(f"{op} x{c}" for op, c in sorted(counts[k].items())))
PY
