"""Core API on every PE: init state, teams, symmetric arrays, put/get/signal."""
import numpy as np
import pytest

import shoal


def test_init_state():
    assert shoal.initialized()
    assert 0 <= shoal.my_pe() < shoal.n_pes()
    assert shoal.n_pes() >= 2
    assert shoal.failed_pe() == -1
    assert shoal.platform in ("sim", "cuda")
    assert shoal.TEAM_WORLD.n_pes() == shoal.n_pes()
    assert shoal.TEAM_WORLD.my_pe() == shoal.my_pe()


def test_empty_is_symmetric_numpy():
    a = shoal.empty((3, 5), "int32")
    b = shoal.zeros(7, np.float64)
    local = np.zeros(4, np.int32)
    ok = (isinstance(a, np.ndarray) and a.shape == (3, 5) and a.dtype == np.int32 and a.flags.writeable,
          b.dtype == np.float64 and np.all(b == 0), shoal.is_symmetric(a), not shoal.is_symmetric(local),
          shoal.ptr(a, shoal.my_pe()) is not None)
    shoal.free(b)
    shoal.free(a)
    assert all(ok), ok


def test_put_get_ring(rng):
    me, n = shoal.my_pe(), shoal.n_pes()
    count = 1000
    data = [rng.standard_normal(count).astype(np.float32) for _ in range(n)]  # every PE's source
    dest = shoal.empty(count, "float32")
    dest[:] = np.nan  # poison
    shoal.barrier_all()
    shoal.put(dest, data[me], (me + 1) % n)
    shoal.barrier_all()
    got_put = dest.copy()
    back = np.full(count, np.nan, np.float32)
    shoal.get(back, dest, (me + 1) % n)  # the right neighbour holds my data
    shoal.barrier_all()
    shoal.free(dest)
    np.testing.assert_array_equal(got_put, data[(me - 1) % n])
    np.testing.assert_array_equal(back, data[me])


def test_put_nbi_quiet_and_on_stream(rng):
    me, n = shoal.my_pe(), shoal.n_pes()
    blocks = [rng.integers(0, 2**31, 256).astype(np.int32) for _ in range(n)]
    dest = shoal.zeros((n, 256), "int32")
    dest[:] = -7
    shoal.barrier_all()
    for pe in range(n):  # everyone writes its row on every PE
        shoal.put(dest[me], blocks[me], pe, nbi=True)
    shoal.quiet()
    shoal.barrier_all()
    got = dest.copy()
    dest[:] = -7
    shoal.barrier_all()
    for pe in range(n):
        shoal.put(dest[me], blocks[me], pe, stream=0)
    shoal.barrier_all(stream=0)
    shoal.stream_synchronize(0)
    got_stream = dest.copy()
    shoal.barrier_all()
    shoal.free(dest)
    np.testing.assert_array_equal(got, np.stack(blocks))
    np.testing.assert_array_equal(got_stream, np.stack(blocks))


def test_put_signal_and_wait(rng):
    me, n = shoal.my_pe(), shoal.n_pes()
    payload = [rng.standard_normal(64).astype(np.float32) for _ in range(n)]
    dest = shoal.zeros(64, "float32")
    sig = shoal.zeros(2, "uint64")
    shoal.barrier_all()
    shoal.put_signal(dest, payload[me], sig[0:1], 41 + me, (me + 1) % n)
    left = (me - 1) % n
    seen = shoal.signal_wait_until(sig[0:1], shoal.CMP_EQ, 41 + left)
    got = dest.copy()
    shoal.signal_op(sig[1:2], 5, (me + 1) % n, op=shoal.SIGNAL_ADD)
    shoal.signal_op(sig[1:2], 6, (me + 1) % n, op=shoal.SIGNAL_ADD, stream=0)
    shoal.signal_wait_until(sig[1:2], shoal.CMP_GE, 11, stream=0)
    shoal.stream_synchronize(0)
    fetched = shoal.signal_fetch(sig[1:2])
    shoal.barrier_all()
    shoal.free(sig)
    shoal.free(dest)
    assert seen == 41 + left
    np.testing.assert_array_equal(got, payload[left])
    assert fetched == 11


def test_team_split():
    me, n = shoal.my_pe(), shoal.n_pes()
    evens = shoal.TEAM_WORLD.split_strided(0, 2, (n + 1) // 2)
    member = me % 2 == 0
    info = None
    if evens is not None:
        info = (evens.my_pe(), evens.n_pes(), evens.translate_pe(evens.my_pe(), shoal.TEAM_WORLD))
        evens.barrier()
        evens.destroy()
    shoal.barrier_all()
    assert (evens is not None) == member
    if member:
        assert info == (me // 2, (n + 1) // 2, me)


@pytest.mark.parametrize("fn,args,msg", [
    ("put", lambda d, s: (d, s, 0), "not on the symmetric heap"),
    ("get", lambda d, s: (s, d, 0), "not on the symmetric heap"),
])
def test_rma_needs_heap(fn, args, msg):
    local = np.zeros(8, np.float32)
    other = np.zeros(8, np.float32)
    with pytest.raises(shoal.Error, match=msg) as e:
        getattr(shoal, fn)(*args(local, other))
    assert f"PE {shoal.my_pe()}" in str(e.value)


def test_rma_errors():
    me, n = shoal.my_pe(), shoal.n_pes()
    a = shoal.empty(16, "float32")
    errors = []
    for call in (lambda: shoal.put(a, np.zeros(16, np.float32), n),           # bad PE
                 lambda: shoal.put(a, np.zeros(15, np.float32), 0),           # size mismatch
                 lambda: shoal.put(a, np.zeros(32, np.float32)[::2], 0),      # strided source
                 lambda: shoal.put(a, [1, 2, 3], 0),                          # not an array
                 lambda: shoal.signal_op(a[0:1], 1, 0),                       # float signal
                 lambda: shoal.signal_wait_until(shoal.ptr, 0, 0)):           # nonsense
        try:
            call()
            errors.append(None)
        except shoal.Error as e:
            errors.append(str(e))
    shoal.barrier_all()
    shoal.free(a)
    with pytest.raises(shoal.Error, match="not a live"):
        shoal.free(np.zeros(4))
    assert f"pe {n} is outside 0..{n - 1}" in errors[0]
    assert "dest has 64 bytes and source 60" in errors[1]
    assert "contiguous" in errors[2]
    assert "must be an array" in errors[3]
    assert "uint64" in errors[4]
    assert errors[5] is not None
    assert all(f"PE {me}" in e for e in errors[:5])


class _DLPackOnly:
    """An array known only through the DLPack protocol (what torch and
    cupy tensors are to shoal)."""

    def __init__(self, a):
        self._a = a

    def __dlpack__(self, stream=None, **kwargs):
        return self._a.__dlpack__()

    def __dlpack_device__(self):
        return self._a.__dlpack_device__()


def test_dlpack_objects(rng):
    me, n = shoal.my_pe(), shoal.n_pes()
    data = [rng.integers(-2**40, 2**40, 64) for _ in range(n)]
    dest = shoal.empty(64, "int64", framework="dlpack")
    view = np.from_dlpack(dest)  # a read-only numpy view of the same memory
    shoal.barrier_all()
    shoal.put(dest, _DLPackOnly(data[me]), (me + 1) % n)
    shoal.barrier_all()
    got = view.copy()
    shoal.barrier_all()
    shoal.free(dest)
    assert dest.shape == (64,) and dest.dtype == "int64" and dest.__dlpack_device__()[0] == 1
    np.testing.assert_array_equal(got, data[(me - 1) % n])
