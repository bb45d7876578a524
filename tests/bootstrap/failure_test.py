#!/usr/bin/env python3
"""Failure behaviour of shoalrun and the bootstraps: exact exit codes,
messages and time bounds. One case per CTest test:

    failure_test.py --bin-dir DIR CASE

DIR holds shoalrun, bootstrap_fault and uid_launch."""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

CASES = {}


def case(fn):
    CASES[fn.__name__.replace("_", "-")] = fn
    return fn


class Failure(Exception):
    pass


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SHOALRUN_", "PMIX_", "OMPI_", "SLURM_", "PRTE_"))
           and k not in ("SHOAL_BOOTSTRAP", "SHOAL_UNIQUEID", "SHOAL_UID_RANK",
                         "SHOAL_UID_SIZE", "RANK", "WORLD_SIZE", "SHOAL_NODE_ID")}
    env.update({k: str(v) for k, v in extra.items()})
    return env


def run(cmd, env=None, timeout=60):
    t0 = time.monotonic()
    p = subprocess.run(cmd, env=env or clean_env(), capture_output=True, text=True,
                       timeout=timeout)
    dt = time.monotonic() - t0
    print(f"$ {' '.join(cmd)}\n  -> rc={p.returncode} in {dt:.2f} s")
    print("  stdout:", p.stdout.rstrip().replace("\n", "\n          "))
    print("  stderr:", p.stderr.rstrip().replace("\n", "\n          "))
    return p.returncode, p.stdout, p.stderr, dt


def expect(cond, what):
    if not cond:
        raise Failure(what)
    print(f"  ok: {what}")


def bins(d):
    return (os.path.join(d, "shoalrun"), os.path.join(d, "bootstrap_fault"),
            os.path.join(d, "uid_launch"))


# --- shoalrun -----------------------------------------------------------------
def expect_pe1_exit3(d, mode):
    sr, fault, _ = bins(d)
    rc, _, err, dt = run([sr, "-n", "4", fault, mode])
    expect(rc == 3, "shoalrun exits with PE 1's status 3")
    expect(dt < 5, "within 5 s")
    expect(re.search(r"^shoalrun: PE 1 \(pid \d+\) exited with status 3; terminating the other 3 PEs$",
                     err, re.M), "one line names PE 1 and its exit status")
    expect(not re.search(r"^shoalrun: PE [023] ", err, re.M), "no other PE is blamed")


@case
def shoalrun_exit3(d):
    expect_pe1_exit3(d, "exit3")


@case
def shoalrun_exit3_slow(d):
    # PE 1 drops its connection, the others fail because of it and exit 1
    # before PE 1 exits 3: shoalrun still blames PE 1, not the first reaped.
    expect_pe1_exit3(d, "exit3-slow")


@case
def shoalrun_kill9(d):
    sr, fault, _ = bins(d)
    rc, _, err, dt = run([sr, "-n", "4", fault, "kill9"], env=clean_env(SHOAL_BOOTSTRAP_TIMEOUT=10))
    expect(rc == 128 + 9, "shoalrun exits 137 (128 + SIGKILL)")
    expect(dt < 5, "nobody hangs: the job ends within 5 s")
    expect(re.search(r"^shoalrun: PE 1 \(pid \d+\) was killed by signal 9 \(SIGKILL\)", err, re.M),
           "one line names PE 1 and the signal")


@case
def shoalrun_abort(d):
    sr, fault, _ = bins(d)
    rc, _, err, dt = run([sr, "-n", "3", fault, "abort"])
    expect(rc == 5, "shoalrun exits with the abort code 5")
    expect(dt < 5, "within 5 s")
    expect("shoal[PE 1] ABORT (code 5): fault test abort" in err, "the abort message is shown")
    expect(re.search(r"^shoalrun: PE 1 \(pid \d+\) exited with status 5; terminating the other 2 PEs$",
                     err, re.M), "shoalrun names the PE")


@case
def shoalrun_timeout(d):
    sr, fault, _ = bins(d)
    rc, _, err, dt = run([sr, "-n", "2", "--timeout", "1", fault, "sleep"])
    expect(rc == 124, "exit status 124 after --timeout")
    expect(1 <= dt < 4, "killed about 1 s after start")
    expect("shoalrun: the job ran longer than --timeout 1 s; terminating 2 PEs" in err, "message")


@case
def shoalrun_hang(d):
    sr, fault, _ = bins(d)
    rc, _, err, dt = run([sr, "-n", "3", fault, "hang"], env=clean_env(SHOAL_BOOTSTRAP_TIMEOUT=2))
    expect(rc == 1, "the waiting PEs fail with status 1, so does shoalrun")
    expect(dt < 8, "ends within the 2 s bootstrap timeout plus the kill grace")
    expect(re.search(r"bootstrap barrier \(call #\d+\) timed out after 2 s", err), "timeout message")


@case
def shoalrun_mismatch(d):
    sr, fault, _ = bins(d)
    rc, _, err, dt = run([sr, "-n", "2", fault, "mismatch"])
    expect(rc == 1, "exit status 1")
    expect(re.search(r"collective mismatch in call #\d+: PE 0 called allgather\(bytes=8, root=-1\) "
                     r"but PE 1 called barrier", err), "names both calls")


def forwards_signal(d, sig, name):
    sr, fault, _ = bins(d)
    tmp = tempfile.mkdtemp()
    p = subprocess.Popen([sr, "-n", "2", fault, "sleep"], env=clean_env(TMPDIR=tmp),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(0.5)
    expect(len(os.listdir(tmp)) == 1, "the private socket folder exists while running")
    t0 = time.monotonic()
    p.send_signal(sig)
    _, err = p.communicate(timeout=10)
    dt = time.monotonic() - t0
    print("  stderr:", err)
    expect(p.returncode == 128 + sig, f"exit status {128 + sig}")
    expect(dt < 5, "PEs ended within 5 s")
    expect(f"shoalrun: got {name}; forwarding it to 2 PEs" in err, "message")
    expect(os.listdir(tmp) == [], "socket folder removed")
    os.rmdir(tmp)


@case
def shoalrun_sigterm(d):
    forwards_signal(d, signal.SIGTERM, "SIGTERM")


@case
def shoalrun_sigint(d):
    forwards_signal(d, signal.SIGINT, "SIGINT")


@case
def shoalrun_socket_private(d):
    sr, _, _ = bins(d)
    tmp = tempfile.mkdtemp()
    rc, out, _, _ = run([sr, "-n", "1", "sh", "-c",
                         'stat -c "%a %U" "$(dirname "$SHOALRUN_SOCKET")" "$SHOALRUN_SOCKET"; '
                         'echo "$SHOALRUN_RANK $SHOALRUN_SIZE ${#SHOALRUN_SECRET}"'],
                        env=clean_env(TMPDIR=tmp))
    me = subprocess.run(["id", "-un"], capture_output=True, text=True).stdout.strip()
    expect(rc == 0, "runs")
    expect(out.split("\n")[:3] == [f"700 {me}", f"600 {me}", "0 1 32"],
           "folder 0700, socket 0600, rank/size/secret passed")
    expect(os.listdir(tmp) == [], "socket folder removed at exit")
    os.rmdir(tmp)


@case
def shoalrun_tag_output(d):
    sr, fault, _ = bins(d)
    rc, out, err, _ = run([sr, "-n", "2", "--tag-output", fault, "ok"])
    expect(rc == 0, "exit 0")
    expect(out == "[PE 0] fault-ok\n", "stdout lines prefixed with [PE n]")
    rc, out, _, _ = run([sr, "-n", "3", "--tag-output", "sh", "-c", "printf 'a\\nb'; echo c >&2"])
    expect(sorted(out.splitlines()) == ["[PE 0] a", "[PE 0] b", "[PE 1] a", "[PE 1] b",
                                        "[PE 2] a", "[PE 2] b"], "partial last lines flushed")


@case
def shoalrun_exec_fail(d):
    sr, _, _ = bins(d)
    rc, _, err, _ = run([sr, "-n", "2", "/nonexistent/prog"])
    expect(rc == 127, "exit status 127")
    expect("shoalrun: cannot run '/nonexistent/prog': No such file or directory" in err, "message")


@case
def shoalrun_usage(d):
    sr, _, _ = bins(d)
    rc, _, err, _ = run([sr, "-n", "0", "true"])
    expect(rc == 2 and "-n '0' is not a PE count" in err, "bad -n rejected")
    rc, _, err, _ = run([sr, "-n", "2"])
    expect(rc == 2 and "no program given" in err, "missing program rejected")


# --- uid ------------------------------------------------------------------------
@case
def uid_kill9(d):
    _, fault, ul = bins(d)
    rc, _, err, dt = run([ul, "-n", "4", "--timeout", "30", fault, "kill9"],
                         env=clean_env(SHOAL_BOOTSTRAP_TIMEOUT=10))
    expect(rc == 1, "the others fail (no hang: uid_launch status 1, not 124)")
    expect(dt < 10, "within the bootstrap timeout")
    expect("PE 1 disconnected (it exited or was killed)" in err, "names the dead PE")
    for r in (0, 2, 3):
        expect(f"uid_launch: rank {r} exited with status 1" in err, f"rank {r} failed cleanly")


@case
def uid_kill_root(d):
    _, fault, ul = bins(d)
    rc, _, err, dt = run([ul, "-n", "3", "--timeout", "30", fault, "kill0"],
                         env=clean_env(SHOAL_BOOTSTRAP_TIMEOUT=10))
    expect(rc == 1 and dt < 10, "the others fail at once (no hang)")
    expect("uid_launch: rank 0 was killed by signal 9 (SIGKILL)" in err, "rank 0 died")
    for r in (1, 2):
        expect(re.search(rf"shoal\[PE {r}\] ERROR .*bootstrap barrier \(call #2\) failed: rank 0 at "
                         r"127\.0\.0\.1:\d+: connection closed", err), f"rank {r} names the lost root")
        expect(f"uid_launch: rank {r} exited with status 1" in err, f"rank {r} exits 1")


@case
def uid_hang(d):
    _, fault, ul = bins(d)
    rc, _, err, dt = run([ul, "-n", "3", "--timeout", "8", fault, "hang"],
                         env=clean_env(SHOAL_BOOTSTRAP_TIMEOUT=2))
    expect("timed out after 2 s waiting for PE(s) 1" in err, "root names the missing PE")
    expect("uid_launch: rank 0 exited with status 1" in err, "rank 0 gave up")
    expect("uid_launch: rank 2 exited with status 1" in err, "rank 2 gave up")
    idx = err.find("rank 1 still running")
    expect(idx > err.find("rank 2 exited"), "ranks 0 and 2 ended before the hung rank was killed")


@case
def uid_abort(d):
    _, fault, ul = bins(d)
    rc, _, err, dt = run([ul, "-n", "3", "--timeout", "30", fault, "abort"])
    expect(rc == 1 and dt < 10, "job ends")
    expect("uid_launch: rank 1 exited with status 5" in err, "aborting rank exits with its code")
    expect("PE 1 aborted the job (code 5): fault test abort" in err, "the others are told")


@case
def uid_wrong_secret(d):
    _, fault, ul = bins(d)
    rc, _, err, dt = run([ul, "-n", "2", "--timeout", "30", "--bad-secret-rank", "1", fault, "ok"],
                         env=clean_env(SHOAL_BOOTSTRAP_TIMEOUT=3))
    expect(rc == 1, "fails")
    expect("connection refused by uid root: authentication failed (wrong secret)" in err,
           "the impostor is told why")
    expect(re.search(r"uid root: rejected connection from 127\.0\.0\.1:\d+: authentication failed",
                     err), "root logs the rejection")
    expect("signal" not in err, "no crash")
    expect("timed out after 3 s waiting for PE(s) 1 to connect" in err, "root gives up in time")


# --- pmix under mpirun ------------------------------------------------------------
def mpirun(np, *args):
    # Options for mpirun itself (-x ...) come before the program in args.
    return ["mpirun", "--allow-run-as-root", "--oversubscribe", "-np", str(np), *args]


@case
def pmix_kill9(d):
    _, fault, _ = bins(d)
    rc, out, err, dt = run(mpirun(4, fault, "kill9"),
                           env=clean_env(SHOAL_BOOTSTRAP_TIMEOUT=10, ASAN_OPTIONS="detect_leaks=0"))
    expect(rc != 0, "the job fails")
    expect(dt < 10, "nobody hangs: within the bootstrap timeout")
    expect("uid root: PE 1 disconnected (it exited or was killed)" in out + err, "names the dead PE")


@case
def pmix_abort(d):
    _, fault, _ = bins(d)
    rc, out, err, dt = run(mpirun(3, fault, "abort"), env=clean_env(ASAN_OPTIONS="detect_leaks=0"))
    expect(rc != 0 and dt < 10, "the job ends")
    expect("shoal[PE 1] ABORT (code 5): fault test abort" in out + err, "the abort message is shown")


@case
def mpi_abort(d):
    _, fault, _ = bins(d)
    rc, out, err, dt = run(mpirun(3, "-x", "SHOAL_BOOTSTRAP=mpi", fault, "abort"),
                           env=clean_env(ASAN_OPTIONS="detect_leaks=0"))
    expect(rc == 5 and dt < 10, "MPI_Abort ends the job with the code")
    expect("shoal[PE 1] ABORT (code 5): fault test abort" in out + err, "the abort message is shown")


# --- selection ----------------------------------------------------------------------
def one_line(err, pattern, what):
    lines = [l for l in err.splitlines() if l.strip()]
    expect(len(lines) == 1, "exactly one line of error output")
    expect(pattern in lines[0], what)


@case
def unknown_bootstrap(d):
    _, fault, _ = bins(d)
    rc, _, err, _ = run([fault, "ok"], env=clean_env(SHOAL_BOOTSTRAP="bogus"))
    expect(rc == 1, "exit 1")
    one_line(err, "SHOAL_BOOTSTRAP='bogus' is not a bootstrap: expected one of local|uid|pmix|mpi; "
             "launch with `shoalrun -n N prog`", "names the options and how to launch")


@case
def bad_timeout(d):
    sr, fault, _ = bins(d)
    rc, _, err, _ = run([sr, "-n", "2", fault, "ok"], env=clean_env(SHOAL_BOOTSTRAP_TIMEOUT="soon"))
    expect(rc == 1, "exit 1")
    expect(re.search(r"SHOAL_BOOTSTRAP_TIMEOUT='soon' is not valid: expected a non-negative number of "
                     r"seconds", err), "names the variable, the value and the form")


@case
def no_launcher(d):
    _, fault, _ = bins(d)
    rc, _, err, _ = run([fault, "ok"])
    expect(rc == 1, "exit 1")
    one_line(err, "no bootstrap found: not started by shoalrun, mpirun or srun --mpi=pmix",
             "says how to launch")


@case
def missing_plugin(d):
    _, fault, _ = bins(d)
    tmp = tempfile.mkdtemp()
    try:
        copy = os.path.join(tmp, "bootstrap_fault")
        shutil.copy(fault, copy)
        for kind, hint in (("pmix", "install libpmix-dev and rebuild shoal, or launch with shoalrun"),
                           ("mpi", "install an MPI (e.g. libopenmpi-dev) and rebuild shoal")):
            rc, _, err, _ = run([copy, "ok"], env=clean_env(SHOAL_BOOTSTRAP=kind,
                                                            SHOAL_PLUGIN_PATH=tmp + "/none"))
            expect(rc == 1, "exit 1")
            one_line(err, f"bootstrap '{kind}' needs libshoal_bootstrap_{kind}.so (not found in "
                     f"{tmp}/none:{tmp}:", "names the file and where it looked")
            expect(hint in err, "says what to install")
    finally:
        shutil.rmtree(tmp)


@case
def broken_plugin(d):
    _, fault, _ = bins(d)
    tmp = tempfile.mkdtemp()
    try:
        with open(os.path.join(tmp, "libshoal_bootstrap_pmix.so"), "w") as f:
            f.write("not a shared library\n")
        # A real shared library without the entry symbol stands for a stale plugin.
        libc = next(p for p in ("/lib/x86_64-linux-gnu/libz.so.1", "/usr/lib/x86_64-linux-gnu/libz.so.1",
                                "/lib/x86_64-linux-gnu/libm.so.6") if os.path.exists(p))
        shutil.copy(libc, os.path.join(tmp, "libshoal_bootstrap_mpi.so"))
        rc, _, err, _ = run([fault, "ok"], env=clean_env(SHOAL_BOOTSTRAP="pmix", SHOAL_PLUGIN_PATH=tmp))
        expect(rc == 1, "exit 1")
        one_line(err, f"bootstrap 'pmix': cannot load {tmp}/libshoal_bootstrap_pmix.so: ",
                 "names the file and the loader's reason")
        expect("install the PMIx library (libpmix2)" in err, "says what to install")
        rc, _, err, _ = run([fault, "ok"], env=clean_env(SHOAL_BOOTSTRAP="mpi", SHOAL_PLUGIN_PATH=tmp))
        expect(rc == 1, "exit 1")
        one_line(err, f"bootstrap 'mpi': {tmp}/libshoal_bootstrap_mpi.so is not a shoal bootstrap plugin "
                 "of ABI version 1 (entry symbol shoal_bootstrap_plugin_v1 missing); rebuild it together "
                 "with shoal", "refuses a stale plugin")
    finally:
        shutil.rmtree(tmp)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("case", choices=sorted(CASES))
    a = ap.parse_args()
    try:
        CASES[a.case](a.bin_dir)
    except (Failure, subprocess.TimeoutExpired) as e:
        print(f"FAILED: {e}")
        return 1
    print("PASSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
