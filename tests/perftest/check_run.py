#!/usr/bin/env python3
"""Runs one perftest command and checks its results for sanity (not speed).

usage: check_run.py JSON_FILE -- command args...

Passes when the command exits 0, its stdout has the '#<name>' header and a
table row, and JSON_FILE has the expected shape: a name, a context with the
run's facts, and at least one row whose value is a positive finite number.
"""
import json
import math
import subprocess
import sys


def fail(msg):
    print("check_run: FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        fail("usage: check_run.py JSON_FILE -- command args...")
    path, cmd = sys.argv[1], sys.argv[3:]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    sys.stdout.write(p.stdout)
    if p.returncode != 0:
        fail("exit status %d from %s" % (p.returncode, " ".join(cmd)))
    lines = [l for l in p.stdout.splitlines() if l.strip()]
    headers = [i for i, l in enumerate(lines) if l.startswith("#")]
    if not headers:
        fail("no '#<name>' header on stdout")
    if len(lines) < headers[0] + 3:
        fail("no table row after the header")
    with open(path) as f:
        doc = json.load(f)
    if doc.get("schema") != "shoal-perftest/1":
        fail("schema is %r" % doc.get("schema"))
    if "#" + doc["name"] != lines[headers[0]].strip():
        fail("JSON name %r does not match the header %r" % (doc["name"], lines[headers[0]]))
    ctx = doc["context"]
    for k in ("platform", "cpu", "n_pes", "git_commit", "date", "options"):
        if k not in ctx or ctx[k] in ("", None):
            fail("context lacks %s" % k)
    if not doc["rows"]:
        fail("no rows in JSON")
    for r in doc["rows"]:
        for k in ("value", "min", "max"):
            v = r.get(k)
            if not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0:
                fail("row %r: %s is %r" % (r, k, v))
        if not r["min"] <= r["value"] <= r["max"]:
            fail("row %r: median outside [min, max]" % r)
    print("check_run: OK: %s, %d rows" % (doc["name"], len(doc["rows"])))


if __name__ == "__main__":
    main()
