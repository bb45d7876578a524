"""Arrays across the boundary: what an input array is (address, shape,
dtype, device; any DLPack or buffer-protocol object), checks with messages
that name the call and the argument, and shoal-owned memory handed out as an
array of the caller's framework (numpy, torch, cupy, or a plain DLPack
object). No framework is imported unless the caller already uses it."""

import sys
from typing import NamedTuple, Optional, Sequence

from . import _shoal as _C

# DLPack device types and dtype codes.
KDL_CPU, KDL_CUDA, KDL_CUDA_HOST, KDL_CUDA_MANAGED = 1, 2, 3, 13
_INT, _UINT, _FLOAT, _BFLOAT, _BOOL, _F8_E4M3FN = 0, 1, 2, 4, 6, 10

# name -> (code, bits) as shoal hands it out. bfloat16 and float8 need the
# framework's own dtype, which numpy has not: numpy gets uint16 / uint8
# (the raw bits; shoal.bf16_to_float32 and friends convert).
DTYPES = {
    "bool": (_BOOL, 8),
    "int8": (_INT, 8), "int16": (_INT, 16), "int32": (_INT, 32), "int64": (_INT, 64),
    "uint8": (_UINT, 8), "uint16": (_UINT, 16), "uint32": (_UINT, 32), "uint64": (_UINT, 64),
    "float16": (_FLOAT, 16), "float32": (_FLOAT, 32), "float64": (_FLOAT, 64),
    "bfloat16": (_BFLOAT, 16), "float8_e4m3fn": (_F8_E4M3FN, 8),
}
_NAMES = {v: k for k, v in DTYPES.items()}
# What a raw-bits stand-in may look like when the framework lacks the type.
_STAND_INS = {"bfloat16": {(_UINT, 16), (_INT, 16)}, "float8_e4m3fn": {(_UINT, 8), (_INT, 8)}}


# shoal.Error (a RuntimeError): raised for bad arguments and failed calls,
# from Python and from the C library alike; the message names the PE, the
# call and the bad value.
Error = _C.Error


def _pe() -> str:
    return f"PE {_C.my_pe()}" if _C.initialized() else "PE ?"


def fail(call: str, msg: str):
    raise Error(f"{call}: {_pe()}: {msg}")


class ArrayInfo(NamedTuple):
    ptr: int
    shape: tuple
    strides: tuple  # in elements
    code: int
    bits: int
    device_type: int
    device_id: int
    framework: str

    @property
    def dtype(self) -> str:
        return _NAMES.get((self.code, self.bits), f"dlpack(code={self.code}, bits={self.bits})")

    @property
    def itemsize(self) -> int:
        return (self.bits + 7) // 8

    @property
    def numel(self) -> int:
        n = 1
        for s in self.shape:
            n *= s
        return n

    @property
    def nbytes(self) -> int:
        return self.numel * self.itemsize

    @property
    def contiguous(self) -> bool:
        expect = 1
        for size, stride in zip(reversed(self.shape), reversed(self.strides)):
            if size != 1 and stride != expect:
                return False
            expect *= size
        return True


def framework_of(a) -> str:
    mod = type(a).__module__ or ""
    for name in ("numpy", "torch", "cupy"):
        if mod == name or mod.startswith(name + "."):
            return name
    return "dlpack"


def _raw_view(a):
    """numpy arrays of ml_dtypes' bfloat16/float8 as their raw bits."""
    if framework_of(a) == "numpy":
        name = getattr(a.dtype, "name", "")
        if name == "bfloat16":
            return a.view("uint16")
        if name.startswith("float8"):
            return a.view("uint8")
    return a


def info(a, call: str, name: str) -> ArrayInfo:
    try:
        raw = _C.array_info(_raw_view(a))
    except TypeError:
        fail(call, f"{name} must be an array (numpy, torch, cupy or any DLPack object), got {type(a).__name__}")
    return ArrayInfo(*raw, framework_of(a))


def expected_device() -> int:
    return KDL_CPU if _C.platform == "sim" else KDL_CUDA


def check(a, call: str, name: str, dtype=None, shape: Optional[Sequence] = None, ndim: Optional[int] = None,
          contiguous: bool = True, device: bool = True) -> ArrayInfo:
    """Checks an input array. dtype: a name or a set of names; shape: a
    tuple with None for any size; device: on the platform's memory (host
    memory on sim, GPU memory on cuda)."""
    i = info(a, call, name)
    if dtype is not None:
        names = {dtype} if isinstance(dtype, str) else set(dtype)
        ok = i.dtype in names or any((i.code, i.bits) in _STAND_INS.get(n, ()) for n in names)
        if not ok:
            want = " or ".join(sorted(names))
            hint = ""
            if any(n in _STAND_INS for n in names) and i.framework == "numpy":
                hint = " (numpy: pass the raw bits as uint16 for bfloat16, uint8 for float8)"
            fail(call, f"{name} must be {want}, got {i.dtype}{hint}")
    if ndim is not None and len(i.shape) != ndim:
        fail(call, f"{name} must have {ndim} dimensions, got shape {list(i.shape)}")
    if shape is not None:
        if len(i.shape) != len(shape) or any(s is not None and s != d for s, d in zip(shape, i.shape)):
            want = "[" + ", ".join("*" if s is None else str(s) for s in shape) + "]"
            fail(call, f"{name} must have shape {want}, got {list(i.shape)}")
    if contiguous and not i.contiguous:
        fail(call, f"{name} must be contiguous (row-major), got strides {list(i.strides)} for shape "
                   f"{list(i.shape)}: pass a contiguous copy")
    if device and i.numel > 0:
        want = expected_device()
        if i.device_type not in (want, KDL_CUDA_MANAGED if want == KDL_CUDA else want):
            where = "host memory" if want == KDL_CPU else "CUDA device memory"
            got = {KDL_CPU: "host memory", KDL_CUDA: "CUDA device memory", KDL_CUDA_HOST: "pinned host memory"}
            fail(call, f"{name} must be in {where} on the {_C.platform} platform, got "
                       f"{got.get(i.device_type, f'DLPack device {i.device_type}')}")
    return i


def default_framework() -> str:
    if _C.platform == "sim":
        return "numpy"
    if "torch" in sys.modules:
        return "torch"
    if "cupy" in sys.modules:
        return "cupy"
    try:
        import torch  # noqa: F401
        return "torch"
    except ImportError:
        pass
    try:
        import cupy  # noqa: F401
        return "cupy"
    except ImportError:
        return "dlpack"


def wrap(ptr: int, shape: Sequence[int], dtype: str, framework: str, owner):
    """shoal-owned memory as an array of `framework` (kept alive by owner)."""
    shape = [int(s) for s in shape]
    code, bits = DTYPES[dtype]
    dev = expected_device()
    dev_id = _C.get_device() if dev == KDL_CUDA else 0
    if framework == "numpy" and dev != KDL_CPU:
        framework = default_framework() if default_framework() != "numpy" else "dlpack"
    if framework == "numpy":
        if dtype in _STAND_INS:
            code, bits = _UINT, bits
        return _C.wrap_numpy(ptr, shape, code, bits, dev, dev_id, owner)
    if framework == "torch":
        if dtype == "float8_e4m3fn":
            import torch
            return _C.wrap_torch(ptr, shape, _UINT, 8, dev, dev_id, owner).view(torch.float8_e4m3fn)
        return _C.wrap_torch(ptr, shape, code, bits, dev, dev_id, owner)
    if framework == "cupy":
        if dtype in _STAND_INS:
            code = _UINT
        return _C.wrap_cupy(ptr, shape, code, bits, dev, dev_id, owner)
    return DLPackArray(ptr, shape, code, bits, dev, dev_id, owner)


class DLPackArray:
    """shoal memory for any framework: implements __dlpack__ (a fresh
    capsule per call) and __dlpack_device__, e.g. torch.from_dlpack(a)."""

    __slots__ = ("_args", "shape", "dtype")

    def __init__(self, ptr, shape, code, bits, dev, dev_id, owner):
        self._args = (ptr, list(shape), code, bits, dev, dev_id, owner)
        self.shape = tuple(shape)
        self.dtype = _NAMES.get((code, bits), f"dlpack(code={code}, bits={bits})")

    def __dlpack__(self, stream=None, **kwargs):
        return _C.wrap_dlpack(*self._args)

    def __dlpack_device__(self):
        return (self._args[4], self._args[5])

    def __repr__(self):
        return f"shoal.DLPackArray(shape={list(self.shape)}, dtype={self.dtype})"


def stream_handle(stream) -> int:
    """cudaStream_t of `stream`: None (torch's current stream when torch
    uses CUDA, else the default stream 0), an int, or an object with
    __cuda_stream__ / cuda_stream / ptr (torch, cupy, cuda-python)."""
    if stream is None:
        if _C.platform == "cuda" and "torch" in sys.modules:
            torch = sys.modules["torch"]
            if torch.cuda.is_initialized():
                return int(torch.cuda.current_stream().cuda_stream)
        return 0
    if isinstance(stream, int):
        return stream
    if hasattr(stream, "__cuda_stream__"):
        return int(stream.__cuda_stream__()[1])
    for attr in ("cuda_stream", "ptr", "handle"):
        if hasattr(stream, attr):
            return int(getattr(stream, attr))
    raise Error(f"shoal: stream must be None, an int (cudaStream_t) or a stream object, got {type(stream).__name__}")


# ---------------------------------------------------------------- bfloat16 on numpy

def float32_to_bf16(a):
    """numpy float32 -> bfloat16 bits (uint16), round to nearest even."""
    import numpy as np
    u = np.ascontiguousarray(a, dtype=np.float32).view(np.uint32)
    rounded = u + (0x7FFF + ((u >> 16) & 1))
    out = (rounded >> 16).astype(np.uint16)
    nan = np.isnan(np.asarray(a, dtype=np.float32))
    out[nan] = 0x7FC0
    return out


def bf16_to_float32(b):
    """bfloat16 bits (uint16 numpy array) -> float32."""
    import numpy as np
    return (np.asarray(b).astype(np.uint32) << 16).view(np.float32)
