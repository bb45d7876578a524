"""Tests that start their own processes (run outside shoalrun:
SHOAL_PYTEST_STANDALONE=1 python -m pytest test_standalone.py):
shoal.init_from_uid without a launcher (two processes, rank 0's unique id
handed over in a file, as torch.distributed would broadcast it), and how a
Python PE ends: finalize at a normal exit, a prompt job failure naming the
PE after an unhandled exception."""
import os
import subprocess
import sys
import textwrap
import time

import pytest

pytestmark = pytest.mark.skipif(not os.environ.get("SHOAL_PYTEST_STANDALONE"),
                                reason="runs outside shoalrun (ctest python.standalone)")

CHILD = textwrap.dedent("""
    import os, sys, time
    import numpy as np
    import shoal
    rank, world, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    if rank == 0:
        uid = shoal.get_uniqueid()
        assert isinstance(uid, bytes) and len(uid) == 128 and any(uid), uid
        with open(path + ".tmp", "wb") as f:
            f.write(uid)
        os.rename(path + ".tmp", path)
    else:
        for _ in range(2000):
            if os.path.exists(path):
                break
            time.sleep(0.005)
        uid = open(path, "rb").read()
    shoal.init_from_uid(uid, rank, world)
    assert (shoal.my_pe(), shoal.n_pes()) == (rank, world)
    a = shoal.zeros(4, "int64")
    shoal.barrier_all()
    shoal.put(a, np.arange(4, dtype=np.int64) + 10 * rank, (rank + 1) % world)
    shoal.barrier_all()
    print("rank", rank, "got", a.tolist())
    try:
        shoal.init_from_uid(uid, rank, world)
    except shoal.Error as e:
        print("reinit:", e)
    shoal.finalize()
""")


def test_two_processes(tmp_path):
    path = str(tmp_path / "uid")
    env = dict(os.environ)
    for k in [k for k in env if k.startswith("SHOAL_") and k not in ("SHOAL_DEBUG", "SHOAL_TIMEOUT")]:
        del env[k]
    procs = [subprocess.Popen([sys.executable, "-c", CHILD, str(r), "2", path], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True) for r in range(2)]
    outs = [p.communicate(timeout=120)[0] for p in procs]
    for r, (p, out) in enumerate(zip(procs, outs)):
        assert p.returncode == 0, out
        left = (r - 1) % 2
        assert f"rank {r} got {[10 * left + i for i in range(4)]}" in out, out
        assert "already initialised" in out, out


def test_bad_uid():
    with pytest.raises(Exception, match="128"):
        import shoal
        shoal.init_from_uid(b"short", 0, 1)


def _shoalrun(tmp_path, body, n=2, timeout=60):
    script = tmp_path / "prog.py"
    script.write_text(textwrap.dedent(body))
    shoalrun = os.environ.get("SHOAL_PY_SHOALRUN") or os.path.join(os.path.dirname(sys.executable), "shoalrun")
    t0 = time.monotonic()
    p = subprocess.run([shoalrun, "-n", str(n), "--tag-output", sys.executable, str(script)], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=timeout)
    return p.returncode, p.stdout, time.monotonic() - t0


def test_exit_without_finalize_is_clean(tmp_path):
    rc, out, _ = _shoalrun(tmp_path, """
        import shoal
        shoal.init()
        a = shoal.zeros(4, "int32")
        shoal.barrier_all()
        print("PE", shoal.my_pe(), "finished")
    """)
    assert rc == 0, out
    assert "PE 0 finished" in out and "PE 1 finished" in out, out
    assert "disconnected" not in out and "ERROR" not in out, out


def test_unhandled_exception_fails_the_job_at_once(tmp_path):
    rc, out, took = _shoalrun(tmp_path, """
        import shoal
        shoal.init()
        shoal.barrier_all()
        if shoal.my_pe() == 1:
            raise ValueError("boom on PE 1")
        shoal.barrier_all()
        print("PE 0 passed the barrier")
    """)
    assert rc != 0, out
    assert took < 10, (took, out)
    assert "boom on PE 1" in out, out
    assert "PE 0 passed the barrier" not in out, out
    assert "PE 1" in out and "barrier" in out, out
