#!/usr/bin/env bash
# The EP kernels' code generation, as the cuda build makes it: the ptxas
# resource report (-Xptxas -v) of ep/ll_kernels.cu and ep/normal_kernels.cu
# for the architectures in SHOAL_CODEGEN_ARCHS. Fails when a P2P kernel, a
# low-latency receive kernel or any normal-mode kernel spills (their hot
# loops must not touch local memory; the stack they have is the printf
# arguments of diagnostics and the call ABI's saves, docs/perf/ep.md) or a
# kernel needs more registers than its launch bound allows (128 at 512
# threads; 255 for normal mode's routed and forwarding kernels, compiled for
# 256).
#   codegen_check.sh ROOT              compiles both files with nvcc (CTest
#                                      ep.codegen; default arch 90)
#   codegen_check.sh ROOT --from DIR   reads the reports a cuda build kept in
#                                      DIR (SHOAL_EP_PTXAS_REPORT=DIR,
#                                      tools/ptxas-report; default archs
#                                      90 100): .ci/run checks its own cuda
#                                      build this way instead of compiling
#                                      the kernels a second time
# Skipped (77) without nvcc when compiling.
set -euo pipefail
root=$1
from=
if [ "${2:-}" = --from ]; then from=${3:?codegen_check: --from needs a folder}; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
if [ -n "$from" ]; then
  archs=${SHOAL_CODEGEN_ARCHS:-90 100}
else
  nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
  [ -x "$nvcc" ] || { echo "codegen_check: no nvcc: skipped"; exit 77; }
  archs=${SHOAL_CODEGEN_ARCHS:-90}
fi
for arch in $archs; do
for mode in ll normal; do
  if [ -n "$from" ]; then
    report="$from/${mode}_kernels.cu.o.ptxas"
    [ -s "$report" ] || { echo "codegen_check: FAIL: no ptxas report $report (a cuda build with SHOAL_EP_PTXAS_REPORT=$from)"; exit 1; }
    cp "$report" "$tmp/ptxas.txt"
  else
    "$nvcc" -std=c++20 --expt-relaxed-constexpr -O2 -DNDEBUG -arch=sm_$arch -I"$root" -I"$root/include" \
      -I"$root/device/include" -Xptxas -v -c "$root/ep/${mode}_kernels.cu" -o "$tmp/k.o" 2>"$tmp/ptxas.txt" ||
      { cat "$tmp/ptxas.txt"; echo "codegen_check: FAIL: nvcc sm_$arch ${mode}_kernels.cu"; exit 1; }
  fi
  python3 - "$tmp/ptxas.txt" "$arch" "$mode" >>"$tmp/verdict.txt" <<'PY' || bad=1
import re, sys
lines, arch, mode = open(sys.argv[1]).read().splitlines(), sys.argv[2], sys.argv[3]
# A report of several architectures holds one section per ptxas run, each
# starting with its "bytes gmem" line: keep the sections for this one.
sections, cur = [], []
for line in lines:
    if "bytes gmem" in line and cur:
        sections.append(cur); cur = []
    cur.append(line)
sections.append(cur)
text = [l for sec in sections if any(f"for 'sm_{arch}'" in l for l in sec) for l in sec]
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
