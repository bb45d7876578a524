#!/usr/bin/env python3
"""A dead PE ends the job fast, with its name, also inside kernels.

    pe_death_test.py --bin-dir DIR --prog PE_DEATH [--mpirun PATH] LAUNCHER

LAUNCHER: shoalrun | uid (uid_launch: no launcher teardown) | mpirun (pmix
bootstrap) | two-nodes (uid_launch, 4 PEs on two simulated nodes: the
failure travels over TCP). For every point where the others can be when a PE
dies (pe_death.cu), the victim dies and the test checks, from the captured
output: every other PE ended within 10 s of the start, non-zero, none
returned from its wait, each printed a line naming the dead PE (and what it
waited for), and nothing new is left in /dev/shm."""
import argparse
import os
import re
import subprocess
import sys
import time

BOUND_S = 10.0

# point -> (how, regex every survivor's output must match; {v} = victim)
POINTS = {
    "wait": ("kill", r"shoal_int_wait_until: waiting for the variable at heap offset 0x[0-9a-f]+ to compare 0 "
                     r"against 1 \(current value 0\): gave up because PE {v} failed"),
    "device-barrier": ("kill", r"shoal_barrier_all: waiting in barrier round \d+ for PE \d+ .*gave up because PE {v} failed"),
    "collective": ("exit", r"shoal_reduce_on_stream: waiting in barrier round \d+ for PE \d+ .*gave up because PE {v} failed"),
    "host-barrier": ("kill", r"shoal_barrier_all: gave up waiting for .*the job failed: PE {v} disconnected"),
    "host-wait": ("abort", r"shoal_int_wait_until: gave up waiting for .*the job failed: PE {v} aborted the job \(code 5\)"),
    "init": ("kill", r"PE {v} disconnected"),
    "compute": ("kill", r"ending this PE \d+\.\d s after the job failed \(PE {v} disconnected"),
    "ep": ("kill", r"ep: dispatch recv: rank \d+ gave up waiting for rank {v} because PE {v} failed"),
    # Masking on: the others finish the dispatch without the victim.
    # (the host's line names the victim; query_mask shows it failed, 3)
    "ep-masked": ("kill", r"the job failed: PE {v} disconnected"),
    # two-nodes only: PE 0's quiet waits on a stalled IBGDA QP to the victim
    # (checked below), the others in wait_until after theirs completed.
    "ibgda-quiet": ("kill", r"(shoal_quiet: IBGDA quiet to PE {v}, QP 0x[0-9a-f]+|shoal_int_wait_until: waiting for the "
                            r"variable at heap offset 0x[0-9a-f]+ to compare 0 against 1 \(current value 0\)): gave up "
                            r"because PE {v} failed"),
}


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SHOALRUN_", "PMIX_", "OMPI_", "SLURM_", "PRTE_"))
           and k not in ("SHOAL_BOOTSTRAP", "SHOAL_UNIQUEID", "SHOAL_UID_RANK", "SHOAL_UID_SIZE",
                         "RANK", "WORLD_SIZE", "SHOAL_NODE_ID", "SHOAL_SIM_PES_PER_NODE")}
    env.update({k: str(v) for k, v in extra.items()})
    return env


def shm():
    # OpenMPI's shared-memory BTL segments belong to MPI programs of other
    # tests running at the same time (CTest -j): pe_death never calls MPI_Init.
    try:
        return {f for f in os.listdir("/dev/shm") if not f.startswith(("vader_segment.", "sm_segment."))}
    except OSError:
        return set()


def command(args, point, victim, how):
    prog = [args.prog, point, str(victim), how]
    if point == "ibgda-quiet":  # two simulated nodes, IBGDA through the emulator
        return ([os.path.join(args.bin_dir, "uid_launch"), "-n", "4", "--timeout", "60"] + prog, 4,
                {"SHOAL_SIM_PES_PER_NODE": 2, "UCX_TLS": "tcp", "SHOAL_IBGDA_EMULATE": 1,
                 "SHOAL_IBGDA_EMU_FAULT": f"0:{victim}:0:stall"})
    if args.launcher == "shoalrun":
        return [os.path.join(args.bin_dir, "shoalrun"), "-n", "3", "--timeout", "60"] + prog, 3, {}
    if args.launcher == "uid":
        return [os.path.join(args.bin_dir, "uid_launch"), "-n", "3", "--timeout", "60"] + prog, 3, {}
    if args.launcher == "two-nodes":
        return ([os.path.join(args.bin_dir, "uid_launch"), "-n", "4", "--timeout", "60"] + prog, 4,
                {"SHOAL_SIM_PES_PER_NODE": 2, "UCX_TLS": "tcp"})
    return ([args.mpirun, "--allow-run-as-root", "--oversubscribe", "--mca", "btl", "self,vader",
             "--mca", "btl_vader_single_copy_mechanism", "none", "-np", "3"] + prog, 3, {})


def pe_lines(text, pe):
    return "\n".join(l for l in text.splitlines() if re.search(rf"shoal\[PE {pe}\]", l))


def run_case(args, point, victim):
    how, pattern = POINTS[point]
    cmd, n, env = command(args, point, victim, how)
    env = clean_env(ASAN_OPTIONS="detect_leaks=0", SHOAL_BOOTSTRAP_TIMEOUT=30, SHOAL_TIMEOUT=60, **env)
    before = shm()
    t0 = time.monotonic()
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    dt = time.monotonic() - t0
    out = p.stdout + p.stderr
    print(f"$ {' '.join(cmd)}\n  -> rc={p.returncode} in {dt:.2f} s")
    print("  | " + out.rstrip().replace("\n", "\n  | "))
    errors = []

    def expect(cond, what):
        if cond:
            print(f"  ok: {what}")
        else:
            print(f"  FAILED: {what}")
            errors.append(what)

    expect(p.returncode != 0, "the job's exit status is non-zero")
    expect(dt < BOUND_S, f"every PE ended within {BOUND_S:.0f} s (start included)")
    if point == "ep-masked":
        for pe in [q for q in range(n) if q != victim]:
            expect(re.search(rf"pe_death: PE {pe} finished the masked dispatch \(mask of rank {victim}: 3\)", out),
                   f"PE {pe} finished the dispatch with rank {victim} masked as failed (3)")
    else:
        expect(re.search(r"pe_death: PE \d+ returned", out) is None,
               "no surviving PE returned from its wait as if nothing happened")
    leaked = shm() - before
    expect(not leaked, f"nothing new in /dev/shm ({sorted(leaked)})")
    survivors = [pe for pe in range(n) if pe != victim]
    if args.launcher in ("uid", "two-nodes") and point != "ep-masked":  # those finish and exit 0
        for pe in survivors:
            m = re.search(rf"uid_launch: rank {pe} (exited with status (\d+)|was killed by signal (\d+))", out)
            expect(m is not None and m.group(2) != "0", f"PE {pe} ended by itself, non-zero")
    if args.launcher == "mpirun":
        # mpirun kills the survivors when it sees the victim die; whoever
        # is first, the output names the dead PE.
        expect(re.search(rf"(PE {victim} (disconnected|aborted|failed)|rank {victim} with PID|PE {victim}\] ABORT)", out),
               f"a line names PE {victim}")
        return errors
    if point == "ibgda-quiet":
        expect(re.search(rf"shoal\[PE 0\] device error: shoal_quiet: IBGDA quiet to PE {victim}, QP 0x[0-9a-f]+: "
                         rf"gave up because PE {victim} failed", out), "PE 0's quiet on the stalled QP names the dead PE")
    rx = re.compile(pattern.format(v=victim))
    # Across nodes a survivor's remote transport may see the connection to
    # the victim fail first; it then waits for the liveness notice and names
    # the victim the same way (proxy.cuh fail_proxy, host/proxy.cc).
    via_transport = re.compile(rf"\w+: the remote transport reported an error \(PE \d+: .* to PE {victim} failed: .*\): "
                               rf"gave up because (PE {victim} failed|the job failed: PE {victim} )")
    for pe in survivors:
        lines = pe_lines(out, pe)
        ok = rx.search(lines) is not None or (args.launcher == "two-nodes" and via_transport.search(lines) is not None)
        expect(ok, f"PE {pe} names PE {victim} and what it waited for: /{rx.pattern}/")
    return errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--prog", required=True)
    ap.add_argument("--mpirun", default="")
    ap.add_argument("launcher", choices=["shoalrun", "uid", "mpirun", "two-nodes"])
    args = ap.parse_args()
    points = [p for p in POINTS if p != "ibgda-quiet"]
    if args.launcher == "mpirun":  # mpirun ends the job when a rank dies: nothing to mask for
        points.remove("ep-masked")
    # Victims: a non-root PE, and for uid the root (the hub) once.
    cases = [(pt, 1) for pt in points]
    if args.launcher in ("uid", "two-nodes"):
        cases.append(("wait", 0))
    if args.launcher == "two-nodes":  # a victim on the other node than PE 0
        cases = [(pt, 2 if v == 1 else v) for pt, v in cases]
        cases.append(("ibgda-quiet", 2))
    failed = 0
    for pt, v in cases:
        print(f"=== {args.launcher}: {pt}, victim PE {v} ===")
        errs = run_case(args, pt, v)
        failed += bool(errs)
    print(f"pe_death_test: {len(cases)} case(s), {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
