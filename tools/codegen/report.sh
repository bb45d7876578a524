#!/usr/bin/env bash
# Compiles tools/codegen/hot_paths.cu for sm_90 and prints, per kernel, the
# registers, stack, spills (ptxas -v) and the memory instructions of the PTX
# (vector widths, .sys scopes, acquire/release). Needs only nvcc. With
# cuobjdump (CUOBJDUMP=path, PATH or the toolkit's bin/; the toolkit here has
# none: `pip download nvidia-cuda-cuobjdump` and unzip the wheel) it also
# prints the SASS memory instructions per kernel and the local-memory
# instructions on the straight-line path (before the first EXIT; the cold
# error reporters' blocks follow it).
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

cuobjdump=${CUOBJDUMP:-$(command -v cuobjdump || echo "$(dirname "$nvcc")/cuobjdump")}
if [ -x "$cuobjdump" ]; then
  "$cuobjdump" -sass "$out/h.o" >"$out/h.sass"
  echo
  echo "## SASS memory instructions per kernel ($("$cuobjdump" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p' | head -1))"
  python3 - "$out/h.sass" <<'PY'
import re, sys, collections
k = None
ops = collections.defaultdict(collections.Counter)
total = collections.Counter()
hot_local = collections.Counter()
exited = set()
for line in open(sys.argv[1]):
    m = re.search(r"Function : _Z(\d+)(\w+)", line)
    if m:
        k = m.group(2)[:int(m.group(1))]
        continue
    m = re.search(r"/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]+)", line)
    if not (k and m):
        continue
    op = m.group(1)
    total[k] += 1
    if op == "EXIT":
        exited.add(k)
    if re.match(r"(LD|ST|ATOM|RED|MEMBAR|FENCE|CCTL|ERRBAR|YIELD|NANOSLEEP|BAR)", op) and not op.startswith(("LDC", "LDS", "STS")):
        ops[k][op] += 1
    if op.startswith(("LDL", "STL")) and k not in exited:
        hot_local[k] += 1
for k in ops:
    print(f"{k:16} {total[k]:5} instructions; local memory before the first EXIT: {hot_local[k]}")
    print(" " * 17 + ", ".join(f"{o} x{c}" for o, c in sorted(ops[k].items())))
PY
else
  echo
  echo "## SASS: no cuobjdump (set CUOBJDUMP; see the comment at the top)"
fi
