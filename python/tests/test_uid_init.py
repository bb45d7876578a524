"""shoal.init_from_uid without a launcher: two processes, rank 0's unique id
handed over in a file (as torch.distributed would broadcast it). Runs
outside shoalrun: SHOAL_PYTEST_STANDALONE=1 python -m pytest test_uid_init.py"""
import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(not os.environ.get("SHOAL_PYTEST_STANDALONE"),
                                reason="runs outside shoalrun (ctest python.uid_init)")

CHILD = textwrap.dedent("""
    import os, sys, time
    import numpy as np
    import shoal
    rank, world, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    if rank == 0:
        uid = shoal.get_uniqueid()
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
