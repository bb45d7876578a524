#!/usr/bin/env python3
"""tools/check-layers: the source tree passes; a made-up tree with one
include against the layering (each kind the checker reads: quoted path,
<shoal/device/...>, <shoal/...> from base/) fails naming file, line and
edge; allowed edges and the per-file exception pass."""
import atexit
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = sys.argv[1]
TOOL = os.path.join(ROOT, "tools", "check-layers")
failures = 0


def expect(cond, what):
    global failures
    print(("ok: " if cond else "FAILED: ") + what)
    failures += 0 if cond else 1


def run(root):
    p = subprocess.run([sys.executable, TOOL, root], capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


rc, out = run(ROOT)
expect(rc == 0, f"the source tree follows the layering (rc {rc}): {out.strip()}")


def tree(files):
    d = tempfile.mkdtemp(prefix="check_layers_")
    atexit.register(shutil.rmtree, d, True)
    for rel, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(d, rel)), exist_ok=True)
        with open(os.path.join(d, rel), "w") as f:
            f.write(text)
    return d


GOOD = {
    "host/a.cc": '#include "transport/ibgda/table.h"\n#include "shoal/device/state.cuh"\n#include <vector>\n',
    "transport/proxy/u.cc": '#include "shoal/layout/proxy_ring.h"\n#include "base/status.h"\n',
    "include/shoal/device.h": '#include "shoal/device/entry.cuh"\n',
    "tests/t.cc": '#include "host/runtime.h"\n',
    "ep/e.cu": "#include <shoal/ep.h>\n",
}
rc, out = run(tree(GOOD))
expect(rc == 0, f"allowed edges pass (rc {rc}): {out.strip()}")

for rel, text, edge in [
        ("transport/proxy/u.cc", '// x\n#include "shoal/device/proxy.cuh"\n', "transport/proxy/u.cc:2: transport -> device"),
        ("transport/ibgda/t.h", '#include "device/arch/atomic.h"\n', "transport/ibgda/t.h:1: transport -> device"),
        ("base/log.h", "#include <shoal/shoal.h>\n", "base/log.h:1: base -> include"),
        ("bootstrap/b.cc", '#include "host/runtime.h"\n', "bootstrap/b.cc:1: bootstrap -> host"),
        ("ep/e.cu", '#include "host/team.h"\n', "ep/e.cu:1: ep -> host"),
        ("include/shoal/ep.h", '#include "shoal/device/entry.cuh"\n', "include/shoal/ep.h:1: include -> device")]:
    files = dict(GOOD)
    files[rel] = text
    rc, out = run(tree(files))
    expect(rc == 1 and edge in out, f"{edge!r} reported (rc {rc}): {out.strip()}")

print(f"check_layers_test: {failures} failure(s)")
sys.exit(1 if failures else 0)
