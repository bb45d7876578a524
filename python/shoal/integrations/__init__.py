"""shoal.integrations: shoal as the DeepEP backend of vLLM and SGLang.

    shoal.integrations.vllm     all-to-all managers and prepare/finalize classes
    shoal.integrations.sglang   a token dispatcher (dispatch/combine, _a/_b stages)

Neither framework is imported until a function needs it: with vLLM, SGLang
and torch absent these modules still import and work on numpy arrays (the
sim platform). This module holds what both share: array operations for
numpy and torch (FP8 e4m3 quantisation per 128 channels, top-k weighting,
in-place copies) and a post-import hook that patches a framework module as
soon as it is imported. See docs/python-integrations.md.
"""

import importlib
import importlib.abc
import importlib.util
import sys

from .._arrays import Error, bf16_to_float32, float32_to_bf16, framework_of

__all__ = ["Error", "framework_of", "quantize_fp8_per_128", "dequantize_fp8_per_128", "float32_to_fp8_e4m3",
           "fp8_e4m3_to_float32", "scale_rows", "weight_and_reduce", "copy_into", "ones_like", "int32_array",
           "as_int64", "mn_major", "is_fp8_dtype", "on_import", "install_hooks", "installed", "alias_deep_ep",
           "FP8_BLOCK"]

FP8_BLOCK = 128
"""Channels per FP8 scale (DeepEP's and shoal's dispatch quantisation)."""
_E4M3_MAX = 448.0
_AMAX_FLOOR = 1e-4  # as shoal's dispatch kernel: scale = max(amax, 1e-4) / 448


def _fail(call, msg):
    raise Error(f"{call}: {msg}")


def _is_torch(a):
    return framework_of(a) == "torch"


def is_fp8_dtype(dtype) -> bool:
    """True for an FP8 e4m3 quantisation dtype: torch.float8_e4m3fn(uz), or
    the strings 'fp8' / 'float8_e4m3fn'."""
    return dtype is not None and ("float8_e4m3" in str(dtype) or str(dtype) == "fp8")


# ------------------------------------------------------------------ FP8 e4m3 on numpy

_E4M3_TABLE = None


def _e4m3_table():
    """float32 values of the positive finite e4m3 codes 0..126, ascending."""
    global _E4M3_TABLE
    if _E4M3_TABLE is None:
        import numpy as np
        c = np.arange(127)
        e, m = (c >> 3) & 0xF, (c & 7).astype(np.float64)
        v = np.where(e == 0, m / 8.0 * 2.0 ** -6, (1.0 + m / 8.0) * 2.0 ** (e - 7.0))
        _E4M3_TABLE = v.astype(np.float32)
    return _E4M3_TABLE


def fp8_e4m3_to_float32(bits):
    """e4m3 bits (uint8 numpy array) -> float32 (0x7F/0xFF: NaN)."""
    import numpy as np
    b = np.asarray(bits).astype(np.uint8)
    mag = np.append(_e4m3_table(), np.float32(np.nan))[b & 0x7F]
    return np.where(b & 0x80, -mag, mag).astype(np.float32)


def float32_to_fp8_e4m3(a):
    """float32 (numpy) -> e4m3 bits (uint8), round to nearest even,
    saturating at +-448; NaN stays NaN."""
    import numpy as np
    a = np.asarray(a, dtype=np.float32)
    table = _e4m3_table()
    mag = np.minimum(np.abs(a), np.float32(_E4M3_MAX))
    hi = np.clip(np.searchsorted(table, mag), 1, len(table) - 1)
    lo = hi - 1
    d_lo, d_hi = mag - table[lo], table[hi] - mag
    code = np.where((d_hi < d_lo) | ((d_hi == d_lo) & (hi % 2 == 0)), hi, lo).astype(np.uint8)
    code = np.where(mag <= table[0], 0, code).astype(np.uint8)
    code = np.where(np.signbit(a), code | 0x80, code).astype(np.uint8)
    return np.where(np.isnan(a), np.uint8(0x7F), code).astype(np.uint8)


def quantize_fp8_per_128(x, call="shoal.integrations.quantize_fp8_per_128"):
    """x [T, H] bf16 (numpy: uint16 bits; torch: torch.bfloat16), H a
    multiple of 128 -> (q [T, H] e4m3 (numpy uint8 bits / torch
    float8_e4m3fn), scales [T, H/128] float32): per token and 128-channel
    block, scale = max(amax, 1e-4) / 448 and q = x / scale, as shoal's and
    DeepEP's dispatch quantise."""
    T, H = x.shape
    if H % FP8_BLOCK:
        _fail(call, f"hidden {H} is not a multiple of {FP8_BLOCK}")
    if _is_torch(x):
        import torch
        xf = x.float().view(T, H // FP8_BLOCK, FP8_BLOCK)
        amax = xf.abs().amax(dim=-1, keepdim=True).clamp(min=_AMAX_FLOOR)
        q = (xf * (_E4M3_MAX / amax)).to(torch.float8_e4m3fn).view(T, H)
        return q, (amax / _E4M3_MAX).squeeze(-1).contiguous()
    import numpy as np
    xf = bf16_to_float32(x).reshape(T, H // FP8_BLOCK, FP8_BLOCK)
    amax = np.maximum(np.abs(xf).max(axis=-1, keepdims=True, initial=0.0), np.float32(_AMAX_FLOOR))
    q = float32_to_fp8_e4m3(xf * (np.float32(_E4M3_MAX) / amax)).reshape(T, H)
    return q, np.ascontiguousarray((amax / np.float32(_E4M3_MAX))[..., 0], dtype=np.float32)


def dequantize_fp8_per_128(q, scales):
    """(q [..., H] e4m3, scales [..., H/128] float32) -> float32 [..., H]."""
    if _is_torch(q):
        shape = q.shape
        qf = q.float().view(*shape[:-1], shape[-1] // FP8_BLOCK, FP8_BLOCK)
        return (qf * scales.float().unsqueeze(-1)).view(shape)
    import numpy as np
    qf = fp8_e4m3_to_float32(q)
    shape = qf.shape
    qf = qf.reshape(*shape[:-1], shape[-1] // FP8_BLOCK, FP8_BLOCK)
    return (qf * np.asarray(scales, dtype=np.float32)[..., None]).reshape(shape)


def mn_major(scales):
    """The same values with the last two dimensions column-major (DeepEP's
    low-latency scale layout, what DeepGEMM's masked grouped GEMM reads)."""
    if _is_torch(scales):
        return scales.transpose(-1, -2).contiguous().transpose(-1, -2)
    import numpy as np
    return np.ascontiguousarray(np.swapaxes(scales, -1, -2)).swapaxes(-1, -2)


# ------------------------------------------------------------------ weights and copies

def scale_rows(x, w):
    """x [T, H] bf16 times w [T, 1] (or [T]) float32 rounded to bf16, per
    row, back to bf16 (vLLM's apply_router_weight_on_input with top-1)."""
    if _is_torch(x):
        return x * w.reshape(-1, 1).to(x.dtype)
    import numpy as np
    wf = bf16_to_float32(float32_to_bf16(np.asarray(w, dtype=np.float32).reshape(-1, 1)))
    return float32_to_bf16(bf16_to_float32(x) * wf)


def weight_and_reduce(y, topk_weights, apply_router_weight_on_input=False):
    """y [M, K, H] (or [M*K, H]) bf16, the unweighted output of each
    (row, selection) -> [M, H] bf16 = sum_k w[m, k] * y[m, k] in float32
    (plain sum when the weights were applied on the input)."""
    M, K = topk_weights.shape[0], topk_weights.shape[1]
    H = y.shape[-1]
    if _is_torch(y):
        yf = y.reshape(M, K, H).float()
        if not apply_router_weight_on_input:
            yf = yf * topk_weights.float().unsqueeze(-1)
        return yf.sum(dim=1).to(y.dtype)
    import numpy as np
    yf = bf16_to_float32(np.asarray(y).reshape(M, K, H))
    if not apply_router_weight_on_input:
        yf = yf * np.asarray(topk_weights, dtype=np.float32)[..., None]
    return float32_to_bf16(yf.sum(axis=1, dtype=np.float32))


def copy_into(dst, src):
    """dst[...] = src in place (torch: stream-ordered, non-blocking)."""
    if _is_torch(dst):
        dst.copy_(src, non_blocking=True)
    else:
        dst[...] = src


def ones_like(a):
    if _is_torch(a):
        import torch
        return torch.ones_like(a)
    import numpy as np
    return np.ones_like(a)


def as_int64(ids):
    if _is_torch(ids):
        import torch
        return ids.to(torch.int64)
    import numpy as np
    return np.ascontiguousarray(ids, dtype=np.int64)


def int32_array(values, like):
    """An int32 array of `values` in like's framework and device."""
    if _is_torch(like):
        import torch
        return torch.tensor(list(values), dtype=torch.int32, device=like.device)
    if framework_of(like) == "cupy":
        import cupy
        return cupy.asarray(list(values), dtype=cupy.int32)
    import numpy as np
    return np.asarray(list(values), dtype=np.int32)


def where(cond, a, b):
    if _is_torch(cond):
        import torch
        return torch.where(cond, a, b)
    import numpy as np
    return np.where(cond, a, b)


# ------------------------------------------------------------------ post-import hooks

class _HookedLoader(importlib.abc.Loader):
    def __init__(self, loader, name, hooks):
        self._loader, self._name, self._hooks = loader, name, hooks

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        mod = sys.modules.get(self._name, module)  # a module may replace itself (compat shims)
        for hook in self._hooks:
            hook(mod)

    def __getattr__(self, name):
        return getattr(self._loader, name)


class _PostImportFinder(importlib.abc.MetaPathFinder):
    """Runs callbacks right after a named module has been executed."""

    def __init__(self):
        self.hooks = {}

    def find_spec(self, name, path=None, target=None):
        hooks = self.hooks.get(name)
        if not hooks:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        if spec.loader is None:
            return None
        del self.hooks[name]
        spec.loader = _HookedLoader(spec.loader, name, hooks)
        return spec


_finder = None


def on_import(module_name: str, callback) -> None:
    """callback(module) once `module_name` is imported: now if it already
    is, else right after its code has run (before the importer sees it)."""
    global _finder
    mod = sys.modules.get(module_name)
    if mod is not None:
        callback(mod)
        return
    if _finder is None:
        _finder = _PostImportFinder()
        sys.meta_path.insert(0, _finder)
    _finder.hooks.setdefault(module_name, []).append(callback)


_installed = set()


def install_hooks(framework: str, deep_ep_alias: bool, hooks) -> bool:
    """What each framework's install() does: alias_deep_ep() if asked, then,
    once per framework, on_import(module, callback) for every (modules,
    callback) in hooks. True the first time, False when already installed."""
    if deep_ep_alias:
        alias_deep_ep()
    if framework in _installed:
        return False
    _installed.add(framework)
    for modules, callback in hooks:
        for name in modules:
            on_import(name, callback)
    return True


def installed(framework: str) -> bool:
    """Whether install_hooks(framework, ...) has run in this process."""
    return framework in _installed


def alias_deep_ep() -> bool:
    """When the real deep_ep package is not installed, registers shoal.ep
    under the name deep_ep (the frameworks' "is DeepEP installed?" checks
    then pass and `import deep_ep` gives shoal.ep). True if it did."""
    if "deep_ep" in sys.modules or importlib.util.find_spec("deep_ep") is not None:
        return False
    from .. import ep
    sys.modules["deep_ep"] = ep
    return True


def optional_import(name):
    """The module, or None when it (or what it imports) is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None
