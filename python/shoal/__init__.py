"""shoal: GPU-initiated one-sided communication from Python.

    import shoal
    shoal.init()                          # under shoalrun, mpirun or srun
    x = shoal.empty((1024,), "float32")   # symmetric: every PE has one
    shoal.put(x, local, pe=(shoal.my_pe() + 1) % shoal.n_pes())
    shoal.barrier_all()

Arrays cross the boundary through DLPack (or the buffer protocol): numpy on
the sim platform, torch or cupy on cuda; shoal never imports a framework
the caller does not use. Streams: None (torch's current stream, else the
default stream), an int handle, or an object with __cuda_stream__ or
cuda_stream. Errors raise shoal.Error with shoal's message. See
docs/python.md.
"""

import atexit
import os
import sys

from . import _shoal as _C
from ._arrays import (Error, bf16_to_float32, check as _check, default_framework as _default_framework,
                      fail as _fail, float32_to_bf16, stream_handle as _stream, wrap as _wrap)

__all__ = [
    "Error", "platform", "prefix", "init", "init_from_uid", "get_uniqueid", "finalize", "initialized",
    "my_pe", "n_pes", "failed_pe", "Team", "TEAM_WORLD", "TEAM_SHARED", "TEAM_NODE", "team_split_strided",
    "empty", "zeros", "free", "is_symmetric", "ptr", "barrier_all", "sync_all", "barrier", "quiet", "fence",
    "put", "get", "put_signal", "signal_op", "signal_fetch", "signal_wait_until",
    "CMP_EQ", "CMP_NE", "CMP_GT", "CMP_GE", "CMP_LT", "CMP_LE", "SIGNAL_SET", "SIGNAL_ADD",
    "float32_to_bf16", "bf16_to_float32", "stream_synchronize",
]

platform = _C.platform
"""'sim' (kernels on CPU fibers, arrays in host memory) or 'cuda'."""
prefix = os.path.dirname(os.path.abspath(__file__))
"""Install prefix of the wheel's shoal: bin/shoalrun, lib/, include/, lib/cmake/shoal."""
__version__ = "%d.%d" % _C.version()

CMP_EQ, CMP_NE, CMP_GT, CMP_GE, CMP_LT, CMP_LE = (_C.CMP_EQ, _C.CMP_NE, _C.CMP_GT, _C.CMP_GE, _C.CMP_LT,
                                                  _C.CMP_LE)
SIGNAL_SET, SIGNAL_ADD = _C.SIGNAL_SET, _C.SIGNAL_ADD

# Live symmetric allocations (address -> bytes) and objects to release at
# finalize (EP buffers), in creation order: the same on every PE.
_heap = {}
_at_finalize = []


# ------------------------------------------------------------------ init

def init() -> None:
    """Initialise from the launcher's environment (shoalrun, mpirun, srun,
    or SHOAL_UNIQUEID/SHOAL_BOOTSTRAP). Collective."""
    if _C.initialized():
        _fail("shoal.init", "shoal is already initialised (shoal.finalize() first)")
    _C.init()


def get_uniqueid() -> bytes:
    """Rank 0 of your own group: the bytes every rank passes to
    init_from_uid (broadcast them with torch.distributed, MPI, a file...).
    They carry a secret that authenticates the job: treat as a credential."""
    return _C.get_uniqueid()


def init_from_uid(uid: bytes, rank: int, world_size: int) -> None:
    """Initialise as `rank` of `world_size` from rank 0's get_uniqueid()."""
    if _C.initialized():
        _fail("shoal.init_from_uid", "shoal is already initialised (shoal.finalize() first)")
    if not isinstance(uid, (bytes, bytearray)):
        raise Error(f"shoal.init_from_uid: uid must be bytes from shoal.get_uniqueid(), got {type(uid).__name__}")
    if not (0 <= rank < world_size):
        raise Error(f"shoal.init_from_uid: rank {rank} is outside 0..{world_size - 1}")
    _C.init_uid(bytes(uid), int(rank), int(world_size))


def finalize() -> None:
    """Collective: releases the EP buffers still alive (in creation order)
    and every symmetric array, then shuts shoal down. Called at a normal
    interpreter exit when the program did not (not after an unhandled
    exception, so the other PEs learn of the failure at once)."""
    if not _C.initialized():
        return
    while _at_finalize:
        _at_finalize.pop(0)._release()
    _heap.clear()
    _C.finalize()


# At a normal interpreter exit shoal finalizes by itself (a PE that exits
# without finalize counts as failed: the others' waits would end and, after
# SHOAL_FAILURE_GRACE, the PEs too). After an unhandled exception it does not:
# exiting without finalize is then what tells the other PEs, at once, which
# PE failed, instead of a collective they would wait in until the timeout.
_unhandled = False
_previous_excepthook = sys.excepthook


def _excepthook(kind, value, tb):
    global _unhandled
    _unhandled = True
    _previous_excepthook(kind, value, tb)


def _at_exit():
    if _C.initialized() and not _unhandled:
        finalize()


sys.excepthook = _excepthook
atexit.register(_at_exit)


def initialized() -> bool:
    return _C.initialized()


def my_pe() -> int:
    return _C.my_pe()


def n_pes() -> int:
    return _C.n_pes()


def failed_pe() -> int:
    """-1 while every PE is alive, else a PE that died or left."""
    return _C.failed_pe()


def _require_init(call):
    if not _C.initialized():
        raise Error(f"{call}: shoal is not initialised (call shoal.init() or shoal.init_from_uid())")


# ------------------------------------------------------------------ teams

class Team:
    """A team handle (shoal_team_t). Predefined: TEAM_WORLD, TEAM_SHARED
    (PEs whose memory this PE loads/stores directly), TEAM_NODE."""

    __slots__ = ("handle",)

    def __init__(self, handle: int):
        self.handle = int(handle)

    def __repr__(self):
        return f"shoal.Team({self.handle})"

    def __eq__(self, other):
        return isinstance(other, Team) and other.handle == self.handle

    def __hash__(self):
        return hash(self.handle)

    def my_pe(self) -> int:
        return _C.team_my_pe(self.handle)

    def n_pes(self) -> int:
        return _C.team_n_pes(self.handle)

    def translate_pe(self, pe: int, dest: "Team") -> int:
        return _C.team_translate_pe(self.handle, int(pe), dest.handle)

    def split_strided(self, start: int, stride: int, size: int):
        """Collective over this team: members start, start+stride, ...;
        returns the new Team, or None on PEs that are not members."""
        t = _C.team_split_strided(self.handle, int(start), int(stride), int(size))
        return None if t == _C.TEAM_INVALID else Team(t)

    def barrier(self, stream=None) -> None:
        _require_init("shoal.Team.barrier")
        rc = _C.barrier(self.handle) if stream is None else _C.barrier_on_stream(self.handle, _stream(stream))
        if rc != 0:
            _fail("shoal.Team.barrier", f"team {self.handle} is not valid on this PE")

    def destroy(self) -> None:
        """Collective over the members."""
        if self.handle > _C.TEAM_SAME_MYPE_NODE:
            _C.team_destroy(self.handle)
            self.handle = _C.TEAM_INVALID


TEAM_WORLD = Team(_C.TEAM_WORLD)
TEAM_SHARED = Team(_C.TEAM_SHARED)
TEAM_NODE = Team(_C.TEAM_NODE)


def team_split_strided(parent: Team, start: int, stride: int, size: int):
    return parent.split_strided(start, stride, size)


# ------------------------------------------------------------------ symmetric arrays

def _numel(shape):
    n = 1
    for s in shape:
        if int(s) < 0:
            raise Error(f"shoal.empty: negative dimension in shape {list(shape)}")
        n *= int(s)
    return n


def empty(shape, dtype="float32", framework=None):
    """A symmetric array (every PE allocates the same, collectively, in
    the same order): numpy on sim, torch (or cupy) on cuda; framework=
    'numpy' | 'torch' | 'cupy' | 'dlpack' chooses. Freed by shoal.free()
    (collective) or at finalize, never by the garbage collector (that
    would make a collective call at a different moment on every PE)."""
    from ._arrays import DTYPES
    _require_init("shoal.empty")
    if isinstance(shape, int):
        shape = (shape,)
    if isinstance(dtype, type):  # numpy scalar types (np.float32)
        dtype = dtype.__name__
    dtype = getattr(dtype, "name", None) or str(dtype).replace("torch.", "")
    if dtype not in DTYPES:
        raise Error(f"shoal.empty: unknown dtype '{dtype}' (one of {', '.join(DTYPES)})")
    nbytes = max(1, _numel(shape) * ((DTYPES[dtype][1] + 7) // 8))
    p = _C.malloc(nbytes)
    _heap[p] = nbytes
    return _wrap(p, shape, dtype, framework or _default_framework(), None)


def zeros(shape, dtype="float32", framework=None):
    a = empty(shape, dtype, framework)
    i = _check(a, "shoal.zeros", "array", device=False)
    _C.memset(i.ptr, 0, max(i.nbytes, 1), 0)
    _C.stream_synchronize(0)
    return a


def free(array) -> None:
    """Collective: every PE frees its copy, in the same order."""
    _require_init("shoal.free")
    i = _check(array, "shoal.free", "array", contiguous=False)
    if i.ptr not in _heap:
        _fail("shoal.free", f"array at {i.ptr:#x} is not a live shoal.empty() allocation (freed twice, or a view?)")
    del _heap[i.ptr]
    _C.free(i.ptr)


def _span_symmetric(ptr: int, nbytes: int) -> bool:
    me = _C.my_pe()
    return _C.ptr(ptr, me) != 0 and (nbytes <= 1 or _C.ptr(ptr + nbytes - 1, me) != 0)


def is_symmetric(array) -> bool:
    """True when the whole array lies in the symmetric heap."""
    _require_init("shoal.is_symmetric")
    i = _check(array, "shoal.is_symmetric", "array", contiguous=False, device=False)
    return _span_symmetric(i.ptr, i.nbytes)


def ptr(array, pe: int):
    """Address (int) through which this PE loads/stores `array` on `pe`, or None."""
    i = _check(array, "shoal.ptr", "array", contiguous=False)
    p = _C.ptr(i.ptr, _check_pe("shoal.ptr", pe))
    return p or None


def _check_pe(call, pe):
    if not isinstance(pe, int) or isinstance(pe, bool):
        _fail(call, f"pe must be an int, got {type(pe).__name__}")
    if not (0 <= pe < _C.n_pes()):
        _fail(call, f"pe {pe} is outside 0..{_C.n_pes() - 1}")
    return pe


def _sym(call, name, a, nbytes=None):
    i = _check(a, call, name)
    if not _span_symmetric(i.ptr, i.nbytes):
        _fail(call, f"{name} ({i.nbytes} bytes at {i.ptr:#x}) is not on the symmetric heap: "
                    "allocate it with shoal.empty()")
    return i


def _same_size(call, d, s):
    if d.nbytes != s.nbytes:
        _fail(call, f"dest has {d.nbytes} bytes and source {s.nbytes}: they must match")


def _signal(call, sig):
    i = _sym(call, "signal", sig)
    if i.dtype not in ("uint64", "int64") or i.numel != 1:
        _fail(call, f"signal must be one uint64 element of a symmetric array (e.g. sig[i:i+1]), got "
                    f"{i.dtype} with shape {list(i.shape)}")
    return i


# ------------------------------------------------------------------ synchronisation

def barrier_all(stream=None) -> None:
    """All PEs: completes this PE's puts, then waits for every PE. With a
    stream: enqueued on it (a kernel), the host does not wait."""
    _require_init("shoal.barrier_all")
    if stream is None:
        _C.barrier_all()
    else:
        _C.barrier_all_on_stream(_stream(stream))


def barrier(team: Team, stream=None) -> None:
    team.barrier(stream)


def sync_all() -> None:
    _require_init("shoal.sync_all")
    _C.sync_all()


def quiet(stream=None) -> None:
    """Completes this PE's outstanding puts, gets and signals."""
    _require_init("shoal.quiet")
    if stream is None:
        _C.quiet()
    else:
        _C.quiet_on_stream(_stream(stream))


def fence() -> None:
    _require_init("shoal.fence")
    _C.fence()


def stream_synchronize(stream=None) -> None:
    _C.stream_synchronize(_stream(stream))


# ------------------------------------------------------------------ RMA

def _rma(call, dest, source, pe, stream, nbi, host_fn, stream_fn, remote_is_dest):
    _require_init(call)
    _check_pe(call, pe)
    d = _sym(call, "dest", dest) if remote_is_dest else _check(dest, call, "dest")
    s = _check(source, call, "source") if remote_is_dest else _sym(call, "source", source)
    _same_size(call, d, s)
    if stream is None:
        host_fn(d.ptr, s.ptr, d.nbytes, pe, nbi)
    else:
        stream_fn(d.ptr, s.ptr, d.nbytes, pe, nbi, _stream(stream))


def put(dest, source, pe: int, *, stream=None, nbi: bool = False) -> None:
    """Copies source (local) into dest (symmetric) on `pe`. Blocking unless
    nbi (then quiet() completes it); with a stream, ordered on it."""
    _rma("shoal.put", dest, source, pe, stream, nbi, _C.putmem, _C.putmem_on_stream, True)


def get(dest, source, pe: int, *, stream=None, nbi: bool = False) -> None:
    """Copies source (symmetric) on `pe` into dest (local)."""
    _rma("shoal.get", dest, source, pe, stream, nbi, _C.getmem, _C.getmem_on_stream, False)


def put_signal(dest, source, signal, value: int, pe: int, *, op: int = SIGNAL_SET, stream=None,
               nbi: bool = False) -> None:
    """put, then applies op (SIGNAL_SET / SIGNAL_ADD) with value to the
    signal word on pe once the data is visible there."""
    call = "shoal.put_signal"
    _require_init(call)
    _check_pe(call, pe)
    d = _sym(call, "dest", dest)
    s = _check(source, call, "source")
    _same_size(call, d, s)
    g = _signal(call, signal)
    if op not in (SIGNAL_SET, SIGNAL_ADD):
        _fail(call, f"op must be shoal.SIGNAL_SET or shoal.SIGNAL_ADD, got {op}")
    if stream is None:
        _C.putmem_signal(d.ptr, s.ptr, d.nbytes, g.ptr, int(value), op, pe, nbi)
    else:
        _C.putmem_signal_on_stream(d.ptr, s.ptr, d.nbytes, g.ptr, int(value), op, pe, nbi, _stream(stream))


def signal_op(signal, value: int, pe: int, *, op: int = SIGNAL_SET, stream=None) -> None:
    call = "shoal.signal_op"
    _require_init(call)
    _check_pe(call, pe)
    g = _signal(call, signal)
    if op not in (SIGNAL_SET, SIGNAL_ADD):
        _fail(call, f"op must be shoal.SIGNAL_SET or shoal.SIGNAL_ADD, got {op}")
    if stream is None:
        _C.signal_op(g.ptr, int(value), op, pe)
    else:
        _C.signal_op_on_stream(g.ptr, int(value), op, pe, _stream(stream))


def signal_fetch(signal) -> int:
    _require_init("shoal.signal_fetch")
    return _C.signal_fetch(_signal("shoal.signal_fetch", signal).ptr)


def signal_wait_until(signal, cmp: int, value: int, *, stream=None):
    """Waits until the local signal word compares true with value; returns
    it (host), or enqueues the wait on the stream."""
    call = "shoal.signal_wait_until"
    _require_init(call)
    g = _signal(call, signal)
    if cmp not in (CMP_EQ, CMP_NE, CMP_GT, CMP_GE, CMP_LT, CMP_LE):
        _fail(call, f"cmp must be one of shoal.CMP_*, got {cmp}")
    if stream is None:
        return _C.signal_wait_until(g.ptr, cmp, int(value))
    _C.signal_wait_until_on_stream(g.ptr, cmp, int(value), _stream(stream))
    return None


from . import ep  # noqa: E402,F401  (shoal.ep.Buffer)
