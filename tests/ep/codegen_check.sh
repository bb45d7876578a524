#!/usr/bin/env bash
# The EP kernels' code generation, as the cuda build makes it: nvcc -Xptxas -v
# of ep/ll_kernels.cu and ep/normal_kernels.cu for the architectures in
# SHOAL_CODEGEN_ARCHS (default 90; CTest runs sm_90 only, to save CI time:
# the cuda preset compiles sm_100 anyway; SHOAL_CODEGEN_ARCHS="90 100" checks
# both). Fails when a P2P kernel, a low-latency receive kernel or any
# normal-mode kernel spills (their hot loops must not touch local memory;
# the stack they have is the printf arguments of diagnostics and the call
# ABI's saves, docs/perf/ep.md) or a kernel needs more registers than its
# launch bound allows (128 at 512 threads; 255 for normal mode's routed and
# forwarding kernels, compiled for 256).
# Skipped (77) without nvcc.
set -euo pipefail
root=$1
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$nvcc" ] || { echo "codegen_check: no nvcc: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
for arch in ${SHOAL_CODEGEN_ARCHS:-90}; do
for mode in ll normal; do
  "$nvcc" -std=c++20 --expt-relaxed-constexpr -O2 -DNDEBUG -arch=sm_$arch -I"$root" -I"$root/include" \
    -I"$root/device/include" -Xptxas -v -c "$root/ep/${mode}_kernels.cu" -o "$tmp/k.o" 2>"$tmp/ptxas.txt" ||
    { cat "$tmp/ptxas.txt"; echo "codegen_check: FAIL: nvcc sm_$arch ${mode}_kernels.cu"; exit 1; }
  python3 - "$tmp/ptxas.txt" "$arch" "$mode" >>"$tmp/verdict.txt" <<'PY' || bad=1
import re, sys
text, arch, mode = open(sys.argv[1]).read().splitlines(), sys.argv[2], sys.argv[3]
tag = "2ep6detail2ll" if mode == "ll" else "2ep6detail6normal"
kernels, entry, spills = [], None, {}
for i, line in enumerate(text):
    m = re.search(r"Compiling entry function '(\S+)'", line)
    if m:
        entry = m.group(1)
    m = re.search(r"Function properties for (\S+)", line)
    if m and i + 1 < len(text):
        s = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads", text[i + 1])
        if s:
            spills[m.group(1)] = (int(s.group(1)), int(s.group(2)))
    m = re.search(r"Used (\d+) registers", line)
    if m and entry:
        kernels.append((entry, int(m.group(1))))
        entry = None
bad = 0
ep = [(k, r) for k, r in kernels if tag in k]
if len(ep) < 6:
    print(f"codegen_check: FAIL: sm_{arch}: {len(ep)} EP {mode} kernels in the ptxas report"); sys.exit(1)
for k, regs in ep:
    name = mode + " " + re.sub(r"^\d+", "", k.split(tag, 1)[1].split("E", 1)[0])
    name = re.sub(r"\d+$", "", re.sub(r"I.*", "", name)) + ("<forwarding>" if "ILb0ELb1E" in k else "<P2P>" if "ILb1E" in k else "<routed>" if "ILb0E" in k else "")
    st, ld = spills.get(k, (-1, -1))
    print(f"sm_{arch} {name}: {regs} registers, spill stores {st} B, loads {ld} B")
    # Normal mode's routed and forwarding kernels are compiled for 256 threads.
    limit = 255 if mode == "normal" and ("ILb0E" in k) else 128
    if regs > limit:
        print(f"codegen_check: FAIL: sm_{arch} {name} needs {regs} registers (> {limit})"); bad = 1
    if ("ILb1E" in k or (mode == "ll" and "recv" in k) or mode == "normal") and (st != 0 or ld != 0):
        print(f"codegen_check: FAIL: sm_{arch} {name} spills"); bad = 1
sys.exit(bad)
PY
done
done
cat "$tmp/verdict.txt"
[ "$bad" = 0 ] && echo "codegen_check: PASS"
exit "$bad"
