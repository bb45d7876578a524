"""shoal.integrations.vllm / .sglang on numpy (sim), against a numpy
reference: every PE builds every PE's inputs from the session's seed
(conftest.py prints it), so each checks what it received and what came back
for its tokens. Every test makes the same shoal calls on every PE, copies
the results out of the buffers, destroys them, and only then asserts."""
import importlib.util
import os
import subprocess
import sys
import tempfile
import textwrap

import numpy as np
import pytest

import shoal
from shoal import integrations as shi
from shoal.integrations import sglang as sgl
from shoal.integrations import vllm as vl
from _ref import Inputs, bf16, calc_diff, expert_fn, f32

MAX_TOKENS, HIDDEN, TOPK = 12, 256, 3
FP8_QC = vl.QuantConfig(quant_dtype="fp8", block_shape=[128, 128])


def _shape():
    R = shoal.n_pes()
    return R, shoal.my_pe(), 2 * R, 2  # ranks, me, experts, local experts


def _ll_kwargs(R, E, L):
    return dict(max_num_tokens_per_dp_rank=MAX_TOKENS, token_hidden_size=HIDDEN, num_ep_ranks=R,
                num_global_experts=E, num_local_experts=L)


def _combined_reference(inp, rank):
    """[T, H] float32 sum_k w * expert(x) for `rank`'s tokens, and the sum of
    the terms' magnitudes (the scale of the rounding error)."""
    x, idx, w = inp.x[rank], inp.idx[rank], inp.w[rank]
    ref = np.zeros((len(x), inp.hidden), np.float32)
    mag = np.zeros_like(ref)
    for t in range(len(x)):
        for k, e in enumerate(idx[t]):
            if e >= 0:
                term = w[t, k] * f32(expert_fn(x[t], e))
                ref[t] += term
                mag[t] += np.abs(term)
    return ref, mag


def _assert_bf16_close(out, ref, mag, ulps=2):
    err = np.abs(f32(out) - ref)
    tol = ulps * 2.0 ** -8 * mag + 1e-6
    bad = np.argwhere(err > tol)
    assert bad.size == 0, f"{len(bad)} elements off, first {bad[0]}: {f32(out)[tuple(bad[0])]} vs {ref[tuple(bad[0])]}"


def _assert_fp8_close(deq, src):
    """deq (float32) within e4m3's rounding of src (bf16 bits), per 128-channel block."""
    s = f32(src)
    n, H = s.shape
    amax = np.abs(s).reshape(n, H // 128, 128).max(axis=2, initial=0)
    scale = np.repeat(np.maximum(amax, 1e-4) / 448, 128, axis=1)
    assert np.all(np.abs(deq - s) <= 2.0 ** -4 * np.abs(s) + 2.0 ** -9 * scale + 1e-12)


def _ll_rows(inp, me):
    return [(len(rows), np.stack([inp.x[s][t] for s, t in rows]) if rows else np.zeros((0, HIDDEN), np.uint16))
            for rows in inp.ll_expected(me)]


# ------------------------------------------------------------------ no framework needed

def test_import_without_frameworks():
    absent = [m for m in ("vllm", "sglang") if importlib.util.find_spec(m) is None]
    if len(absent) < 2:
        pytest.skip("vLLM or SGLang is installed: the plain classes are not what the factories return")
    assert vl.make_prepare_finalize_classes() == (vl.ShoalLLPrepareAndFinalize, vl.ShoalHTPrepareAndFinalize)
    assert vl.make_all2all_manager_classes() == (vl.ShoalLLAll2AllManager, vl.ShoalHTAll2AllManager)
    assert sgl.make_dispatcher_class() is sgl.ShoalDispatcher
    assert "vllm" not in sys.modules and "sglang" not in sys.modules
    assert sgl.DeepEPLLDispatchOutput(*[None] * 6).format == "deepep_ll"
    assert sgl.DeepEPNormalCombineInput(None, None, None).format == "deepep_normal"


def test_shape_helpers():
    assert vl.ll_batched_shape(4, 8, 128, 7168) == (4, 1024, 7168)
    assert vl.ll_scale_shape(4, 8, 128, 7168) == (4, 1024, 56)
    assert vl.ll_scale_shape(4, 8, 128, 7168, use_ue8m0=True) == (4, 1024, 14)
    assert vl.ShoalLLPrepareAndFinalize.maybe_roundup_layer_hidden_size(2880) == 2944
    assert vl.ShoalHTPrepareAndFinalize.maybe_roundup_layer_hidden_size(4096, None) == 4096
    assert sgl.expected_m(16, 4, 8, 256) == (16 * 4 * 8 + 256) // 256
    assert sgl.DeepEPMode.AUTO.resolve(True) is sgl.DeepEPMode.NORMAL
    assert sgl.DeepEPMode.AUTO.resolve(False) is sgl.DeepEPMode.LOW_LATENCY
    assert sgl.DeepEPMode.NORMAL.enable_normal() and not sgl.DeepEPMode.NORMAL.enable_low_latency()
    with pytest.raises(shoal.Error, match="deepep_mode"):
        sgl.ShoalDispatcher(None, 2, num_experts=4, hidden_size=128, deepep_mode="fast")
    with pytest.raises(shoal.Error, match="multiple of 128"):
        sgl.ShoalDispatcher(None, 2, num_experts=4, hidden_size=100)


def test_fp8_and_weight_helpers():
    codes = np.arange(256, dtype=np.uint8)
    vals = shi.fp8_e4m3_to_float32(codes)
    back = shi.float32_to_fp8_e4m3(vals)
    assert np.all((back == codes) | np.isnan(vals))
    assert vals[0x7E] == 448 and vals[0x08] == 2.0 ** -6 and vals[0x01] == 2.0 ** -9
    assert shi.float32_to_fp8_e4m3(np.float32([1000, -1000, 1.0625, 1.1875]))[:4].tolist() == [0x7E, 0xFE, 0x38, 0x3A]
    rng = np.random.default_rng(7)
    x = bf16((rng.standard_normal((5, 256)) * rng.choice([1e-3, 1, 50], (5, 1))).astype(np.float32))
    q, s = shi.quantize_fp8_per_128(x)
    assert q.dtype == np.uint8 and q.shape == (5, 256) and s.shape == (5, 2) and s.dtype == np.float32
    _assert_fp8_close(shi.dequantize_fp8_per_128(q, s), x)
    s3 = rng.random((2, 6, 3)).astype(np.float32)
    m = shi.mn_major(s3)
    assert np.array_equal(m, s3) and m.strides[1] == 4
    y = bf16(rng.standard_normal((4, 3, 128)).astype(np.float32))
    w = rng.random((4, 3)).astype(np.float32)
    want = (f32(y) * w[..., None]).sum(axis=1)
    np.testing.assert_array_equal(shi.weight_and_reduce(y, w), bf16(want))
    np.testing.assert_array_equal(shi.weight_and_reduce(y.reshape(12, 128), w, True), bf16(f32(y).sum(axis=1)))
    np.testing.assert_array_equal(shi.scale_rows(y[:, 0], w[:, :1]), bf16(f32(y[:, 0]) * f32(bf16(w[:, :1]))))


def _run_python(modules, code, pth_line, env_var):
    """Runs `code` in a fresh interpreter (no shoal.init) with stand-in
    framework modules {dotted name: source} and a .pth file holding
    pth_line in a site directory, env_var=1 set."""
    with tempfile.TemporaryDirectory() as root:
        with open(os.path.join(root, "shoal-test.pth"), "w") as f:
            f.write(pth_line + "\n")
        for mod, text in modules.items():
            parts = mod.split(".")
            for i in range(1, len(parts)):
                init = os.path.join(root, *parts[:i], "__init__.py")
                os.makedirs(os.path.dirname(init), exist_ok=True)
                open(init, "a").close()
            with open(os.path.join(root, *parts) + ".py", "w") as f:
                f.write(textwrap.dedent(text))
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([root] + sys.path), SHOAL_STANDIN_ROOT=root)
        env[env_var] = "1"
        code = "import os, site; site.addsitedir(os.environ['SHOAL_STANDIN_ROOT'])\n" + textwrap.dedent(code)
        r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


_FAKE_VLLM = {
    "vllm.distributed.device_communicators.base_device_communicator": """
        class All2AllManagerBase:
            def __init__(self, cpu_group, tcp_store_group=None):
                self.cpu_group, self.tcp_store_group = cpu_group, tcp_store_group
                self.rank, self.world_size = cpu_group.rank(), cpu_group.size()
                self.dp_world_size, self.internode = self.world_size, False
    """,
    "vllm.distributed.device_communicators.all2all":
        "class DeepEPLLAll2AllManager: pass\nclass DeepEPHTAll2AllManager: pass\n",
    "vllm.model_executor.layers.fused_moe.modular_kernel": """
        from abc import ABC, abstractmethod
        from dataclasses import dataclass
        from enum import Enum
        class FusedMoEActivationFormat(Enum):
            Standard = ("standard",)
            BatchedExperts = ("batched_experts",)
        @dataclass
        class ExpertTokensMetadata:
            expert_num_tokens: object
            expert_num_tokens_cpu: object
            psum_recv_per_rank: object = None
        class FusedMoEPrepareAndFinalize(ABC):
            @property
            @abstractmethod
            def activation_format(self): ...
            @abstractmethod
            def topk_indices_dtype(self): ...
            @abstractmethod
            def max_num_tokens_per_rank(self): ...
            @abstractmethod
            def num_dispatchers(self): ...
            @abstractmethod
            def output_is_reduced(self): ...
        class FusedMoEPrepareAndFinalizeModular(FusedMoEPrepareAndFinalize):
            @abstractmethod
            def prepare(self, *args): ...
            @abstractmethod
            def finalize(self, *args): ...
    """,
    "vllm.model_executor.layers.fused_moe.all2all_utils": """
        import importlib.util
        HAS = importlib.util.find_spec("deep_ep") is not None
        def pick(ll):
            return DeepEPLLPrepareAndFinalize if ll else DeepEPHTPrepareAndFinalize
    """,
}


def test_vllm_install_with_stand_in_vllm():
    """PTH_LINE (install()) before (a stand-in) vLLM is imported; the classes subclass its bases."""
    out = _run_python(_FAKE_VLLM, """
        import sys
        from shoal import integrations
        from shoal.integrations import vllm as v
        assert integrations.installed("vllm") and "vllm" not in sys.modules
        v.install()
        from vllm.distributed.device_communicators import all2all
        from vllm.distributed.device_communicators.base_device_communicator import All2AllManagerBase
        from vllm.model_executor.layers.fused_moe import all2all_utils as u, modular_kernel as mk
        class Group:
            def rank(self): return 1
            def size(self): return 2
        m = all2all.DeepEPLLAll2AllManager(Group(), "store")
        assert isinstance(m, All2AllManagerBase) and type(m).__name__ == "ShoalLLAll2AllManager"
        assert (m.rank, m.world_size, m.tcp_store_group, m.support_fault_tolerance) == (1, 2, "store", False)
        assert issubclass(all2all.DeepEPHTAll2AllManager, All2AllManagerBase)
        LL, HT = u.pick(True), u.pick(False)
        assert issubclass(LL, mk.FusedMoEPrepareAndFinalizeModular) and (LL, HT) == v.make_prepare_finalize_classes()
        ll = LL(None, max_tokens_per_rank=8, num_dispatchers=2)
        ht = HT(None, num_dispatchers=2, dp_size=2, rank_expert_offset=4)
        assert ll.activation_format is mk.FusedMoEActivationFormat.BatchedExperts
        assert ht.activation_format is mk.FusedMoEActivationFormat.Standard
        assert type(v._metadata(1)) is mk.ExpertTokensMetadata
        assert u.HAS and sys.modules["deep_ep"].Buffer is v.Buffer
        print(sorted(v.patched))
    """, vl.PTH_LINE, "SHOAL_VLLM")
    assert "DeepEPLLPrepareAndFinalize" in out and "DeepEPHTAll2AllManager" in out


_FAKE_SGLANG = {
    "sglang.srt.layers.moe.token_dispatcher.base": """
        from abc import ABC, abstractmethod
        from enum import Enum
        class DispatchOutputFormat(Enum):
            DEEPEP_NORMAL = "deepep_normal"
            DEEPEP_LL = "deepep_ll"
        class CombineInputFormat(Enum):
            DEEPEP_NORMAL = "deepep_normal"
            DEEPEP_LL = "deepep_ll"
        class BaseDispatcher(ABC):
            @abstractmethod
            def dispatch(self, hidden_states, topk_output, **kwargs): ...
            @abstractmethod
            def combine(self, combine_input, **kwargs): ...
    """,
    "sglang.srt.layers.moe.token_dispatcher.deepep": """
        from typing import NamedTuple, Any
        class DeepEPLLDispatchOutput(NamedTuple):
            hidden_states: Any
            hidden_states_scale: Any
            topk_ids: Any
            topk_weights: Any
            masked_m: Any
            expected_m: int
        class DeepEPDispatcher: pass
        class DeepEPBuffer:
            _buffer = None
            @classmethod
            def clean_buffer(cls):
                return cls._buffer.low_latency_mode
    """,
    "sglang.srt.batch_overlap.two_batch_overlap":
        "from sglang.srt.layers.moe.token_dispatcher.deepep import DeepEPDispatcher\n",
}


def test_sglang_install_with_stand_in_sglang():
    out = _run_python(_FAKE_SGLANG, """
        from shoal import integrations
        from shoal.integrations import sglang as s
        assert integrations.installed("sglang")
        s.install()
        from sglang.srt.batch_overlap import two_batch_overlap as tbo
        from sglang.srt.layers.moe.token_dispatcher import base, deepep
        D = deepep.DeepEPDispatcher
        assert D is tbo.DeepEPDispatcher and issubclass(D, base.BaseDispatcher) and D is s.make_dispatcher_class()
        d = D(None, 2, num_experts=4, num_local_experts=2, hidden_size=128, deepep_mode="auto")
        assert s._out_type(s.DeepEPLLDispatchOutput) is deepep.DeepEPLLDispatchOutput
        assert s._out_type(s.DeepEPNormalDispatchOutput) is s.DeepEPNormalDispatchOutput
        assert s.DeepEPNormalDispatchOutput(*[None] * 5).format is base.DispatchOutputFormat.DEEPEP_NORMAL
        assert s.DeepEPLLCombineInput(None, None, None).format is base.CombineInputFormat.DEEPEP_LL
        assert deepep.DeepEPBuffer.clean_buffer() is None
        print(s.patched)
    """, sgl.PTH_LINE, "SHOAL_SGLANG")
    assert "two_batch_overlap" in out


# ------------------------------------------------------------------ vLLM, low latency

@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_vllm_ll_bf16(rng, use_async):
    R, me, E, L = _shape()
    inp = Inputs(rng, R, MAX_TOKENS, HIDDEN, E, TOPK)
    mgr = vl.ShoalLLAll2AllManager(None)
    buf = mgr.get_handle(_ll_kwargs(R, E, L))
    same = mgr.get_handle(_ll_kwargs(R, E, L))
    pf = vl.ShoalLLPrepareAndFinalize(buf, max_tokens_per_rank=MAX_TOKENS, num_dispatchers=R)
    a1, w, ids = inp.x[me], inp.w[me], inp.idx[me]
    if use_async:
        hook, receiver = pf.prepare_async(a1, w, ids, E, None, False, vl.QuantConfig())
        hook()
        x, scales, meta, out_ids, out_w = receiver()
    else:
        x, scales, meta, out_ids, out_w = pf.prepare(a1, w, ids, E, None, False, vl.QuantConfig())
    x, counts = x.copy(), np.array(meta.expert_num_tokens)
    y = np.zeros_like(x)
    for e in range(L):
        y[e, :counts[e]] = expert_fn(x[e, :counts[e]], me * L + e)
    out = np.full((len(a1), HIDDEN), 0xFFFF, np.uint16)
    try:
        pf.finalize(out, y, w, ids, False, object())  # an expert that reduces: refused before any communication
        refused = None
    except shoal.Error as err:
        refused = str(err)
    if use_async:
        hook, receiver = pf.finalize_async(out, y, w, ids, False, vl.TopKWeightAndReduceDelegate())
        hook()
        receiver()
    else:
        pf.finalize(out, y, w, ids, False, vl.TopKWeightAndReduceDelegate())
    mask = np.array(mgr.query_active_mask())
    fault = bool(mgr.query_fault())
    mgr.destroy()

    assert same is buf and pf.activation_format is vl.FusedMoEActivationFormat.BatchedExperts
    assert x.shape == vl.ll_batched_shape(L, R, MAX_TOKENS, HIDDEN) and x.dtype == np.uint16
    assert scales is None and out_ids is None and out_w is None and meta.expert_num_tokens_cpu is None
    for e, (n, want) in enumerate(_ll_rows(inp, me)):
        assert counts[e] == n
        np.testing.assert_array_equal(x[e, :n], want, err_msg=f"local expert {e}")
    assert refused and "TopKWeightAndReduceDelegate" in refused
    _assert_bf16_close(out, *_combined_reference(inp, me))
    assert mask.tolist() == [0] * R and mask.dtype == np.int32 and not fault


def test_vllm_ll_fp8(rng):
    R, me, E, L = _shape()
    inp = Inputs(rng, R, MAX_TOKENS, HIDDEN, E, TOPK)
    mgr = vl.ShoalLLAll2AllManager(None)
    pf = vl.ShoalLLPrepareAndFinalize(mgr.get_handle(_ll_kwargs(R, E, L)), MAX_TOKENS, R, use_fp8_dispatch=True)
    a1, w, ids = inp.x[me], inp.w[me], inp.idx[me]
    x, scales, meta, _, _ = pf.prepare(a1, w, ids, E, None, False, FP8_QC)
    strides = scales.strides
    x, scales, counts = x.copy(), np.array(scales), np.array(meta.expert_num_tokens)
    y = np.zeros(x.shape, np.uint16)
    deq = [shi.dequantize_fp8_per_128(x[e, :counts[e]], scales[e, :counts[e]]) for e in range(L)]
    for e in range(L):
        y[e, :counts[e]] = expert_fn(bf16(deq[e]), me * L + e)
    out = np.zeros((len(a1), HIDDEN), np.uint16)
    pf.finalize(out, y, w, ids, False, None)
    mgr.destroy()

    assert x.dtype == np.uint8 and scales.shape == vl.ll_scale_shape(L, R, MAX_TOKENS, HIDDEN)
    assert strides[1] == 4, "scales are column-major in the last two dimensions (DeepEP's layout)"
    for e, (n, want) in enumerate(_ll_rows(inp, me)):
        assert counts[e] == n
        q, s = shi.quantize_fp8_per_128(want)
        np.testing.assert_array_equal(x[e, :n], q)  # shoal's dispatch quantises as quantize_fp8_per_128
        np.testing.assert_array_equal(scales[e, :n], s)
        _assert_fp8_close(deq[e], want)
    ref, mag = _combined_reference(inp, me)
    if len(out):
        assert calc_diff(f32(out), ref) < 1e-3
    assert np.all(np.abs(f32(out) - ref) <= 2.0 ** -3 * mag + 1e-3)


def test_vllm_ll_router_weight_on_input(rng):
    R, me, E, L = _shape()
    inp = Inputs(rng, R, MAX_TOKENS, HIDDEN, E, 1, drop=0)
    mgr = vl.ShoalLLAll2AllManager(None)
    pf = vl.ShoalLLPrepareAndFinalize(mgr.get_handle(_ll_kwargs(R, E, L)), MAX_TOKENS, R)
    a1, w, ids = inp.x[me], inp.w[me], inp.idx[me]
    x, _, meta, _, _ = pf.prepare(a1, w, ids, E, None, True, None)
    x, counts = x.copy(), np.array(meta.expert_num_tokens)
    y = np.zeros_like(x)
    for e in range(L):
        y[e, :counts[e]] = expert_fn(x[e, :counts[e]], me * L + e)
    out = np.zeros((len(a1), HIDDEN), np.uint16)
    pf.finalize(out, y, w, ids, True, None)
    mgr.destroy()

    for t in range(len(a1)):
        e = ids[t, 0]
        want = expert_fn(bf16(f32(a1[t]) * f32(bf16(w[t, 0]))), e)  # weight (bf16) on the input, combine with 1
        np.testing.assert_array_equal(out[t], want)


# ------------------------------------------------------------------ vLLM, high throughput

@pytest.mark.parametrize("fp8", [False, True], ids=["bf16", "fp8"])
@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_vllm_ht(rng, fp8, use_async):
    R, me, E, L = _shape()
    inp = Inputs(rng, R, 16, HIDDEN, E, TOPK)
    mgr = vl.ShoalHTAll2AllManager(None)
    pool = mgr.get_handle({"max_num_tokens_per_dp_rank": 16})  # vLLM passes {}: shoal's default capacity
    pf = vl.ShoalHTPrepareAndFinalize(pool, num_dispatchers=R, dp_size=R, rank_expert_offset=me * L)
    a1, w, ids = inp.x[me], inp.w[me], inp.idx[me]
    qc = FP8_QC if fp8 else None
    if use_async:
        x, scales, meta, rids, rw = pf.prepare_async(a1, w, ids, E, None, False, qc)()
    else:
        x, scales, meta, rids, rw = pf.prepare(a1, w, ids, E, None, False, qc)
    x, rids, rw = x.copy(), rids.copy(), rw.copy()
    scales = None if scales is None else scales.copy()
    counts, counts_cpu = np.array(meta.expert_num_tokens), np.array(meta.expert_num_tokens_cpu)
    rows_bf16 = bf16(shi.dequantize_fp8_per_128(x, scales)) if fp8 else x
    M = len(x)
    y = np.zeros((M, TOPK, HIDDEN), np.uint16)
    for m in range(M):
        for k in range(TOPK):
            if me * L <= rids[m, k] < (me + 1) * L:
                y[m, k] = expert_fn(rows_bf16[m], rids[m, k])
    out = np.zeros((len(a1), HIDDEN), np.uint16)
    if use_async:
        pf.finalize_async(out, y, rw, rids, False, vl.TopKWeightAndReduceDelegate())()
    else:
        pf.finalize(out, y, rw, rids, False, None)
    mgr.destroy()

    assert pf.activation_format is vl.FusedMoEActivationFormat.Standard and pf.max_num_tokens_per_rank() is None
    rows = inp.normal_expected(me)
    assert M == len(rows)
    fill = E - 1 if me == 0 else 0
    want_counts = np.zeros(L, np.int64)
    for m, (s, t) in enumerate(rows):
        if fp8:
            q, sc = shi.quantize_fp8_per_128(inp.x[s][t:t + 1])
            np.testing.assert_array_equal(x[m], q[0])
            np.testing.assert_array_equal(scales[m], sc[0])
        else:
            np.testing.assert_array_equal(x[m], inp.x[s][t])
        for k, e in enumerate(inp.idx[s][t]):
            local = e >= 0 and e // L == me
            assert rids[m, k] == (e if local else fill), (m, k)
            assert rw[m, k] == (inp.w[s][t, k] if local else 0), (m, k)
            want_counts[e % L] += local
    np.testing.assert_array_equal(counts, want_counts)
    np.testing.assert_array_equal(counts_cpu, want_counts)
    assert (scales is not None) == fp8 and rids.dtype == np.int64
    ref, mag = _combined_reference(inp, me)
    if fp8:
        assert np.all(np.abs(f32(out) - ref) <= 2.0 ** -3 * mag + 1e-3)
    else:
        _assert_bf16_close(out, ref, mag, ulps=3)


def test_vllm_rank_without_tokens(rng):
    """Rank 0 has no tokens (an idle DP rank): LL and HT still run everywhere."""
    R, me, E, L = _shape()
    inp = Inputs(rng, R, MAX_TOKENS, HIDDEN, E, TOPK, min_tokens=1)
    inp.tokens[0], inp.x[0], inp.idx[0], inp.w[0] = 0, inp.x[0][:0], inp.idx[0][:0], inp.w[0][:0]
    a1, w, ids = inp.x[me], inp.w[me], inp.idx[me]
    ll_mgr, ht_mgr = vl.ShoalLLAll2AllManager(), vl.ShoalHTAll2AllManager()
    ll = vl.ShoalLLPrepareAndFinalize(ll_mgr.get_handle(_ll_kwargs(R, E, L)), MAX_TOKENS, R)
    ht = vl.ShoalHTPrepareAndFinalize(ht_mgr.get_handle({"max_num_tokens_per_dp_rank": MAX_TOKENS}), R, R, me * L)
    outs = []
    for pf in (ll, ht):
        x, _, meta, rids, rw = pf.prepare(a1, w, ids, E, None, False, None)
        x = x.copy()
        if rids is None:
            y = np.zeros_like(x)
            for e in range(L):
                n = int(meta.expert_num_tokens[e])
                y[e, :n] = expert_fn(x[e, :n], me * L + e)
        else:
            y = np.zeros((len(x), TOPK, HIDDEN), np.uint16)
            for m in range(len(x)):
                for k in range(TOPK):
                    if me * L <= rids[m, k] < (me + 1) * L:
                        y[m, k] = expert_fn(x[m], rids[m, k])
        out = np.zeros((len(a1), HIDDEN), np.uint16)
        pf.finalize(out, y, rw if rw is not None else w, rids if rids is not None else ids, False, None)
        outs.append(out)
    ll_mgr.destroy()
    ht_mgr.destroy()

    ref, mag = _combined_reference(inp, me)
    assert outs[0].shape == (0 if me == 0 else inp.tokens[me], HIDDEN)
    for out in outs:
        _assert_bf16_close(out, ref, mag, ulps=3)


def test_vllm_manager_arguments():
    R, me, E, L = _shape()
    ll, ht = vl.ShoalLLAll2AllManager(), vl.ShoalHTAll2AllManager()
    assert (ll.rank, ll.world_size, ll.max_sms_used()) == (me, R, 0)
    with pytest.raises(shoal.Error, match="num_ep_ranks"):
        ll.get_handle(dict(_ll_kwargs(R, E, L), num_ep_ranks=R + 1))
    with pytest.raises(shoal.Error, match="unknown"):
        ll.get_handle(dict(_ll_kwargs(R, E, L), bogus=1))
    with pytest.raises(shoal.Error, match="multiple of 128"):
        ht.get_handle({"token_hidden_size": 100})
    with pytest.raises(shoal.Error, match="get_handle first"):
        ll.query_active_mask()
    assert isinstance(ht.get_handle({}), vl.NormalBufferPool) and ht.get_handle({}) is ht.get_handle({})
    ht.destroy()


# ------------------------------------------------------------------ SGLang

def _dispatcher(mode, **kw):
    R, me, E, L = _shape()
    return sgl.ShoalDispatcher(None, router_topk=TOPK, num_experts=E, num_local_experts=L, hidden_size=HIDDEN,
                               params_dtype="bfloat16", deepep_mode=mode,
                               num_max_dispatch_tokens_per_rank=MAX_TOKENS, **kw)


def _sglang_normal_expert(d):
    """Per received row: sum over its local selections of w * expert(x), in float32, to bf16."""
    _, me, _, L = _shape()
    y = np.zeros(d.hidden_states.shape, np.float32)
    for m in range(len(y)):
        for k, le in enumerate(d.topk_ids[m]):
            if le >= 0:
                y[m] += d.topk_weights[m, k] * f32(expert_fn(d.hidden_states[m], me * L + le))
    return bf16(y)


@pytest.mark.parametrize("return_recv_hook", [False, True], ids=["event", "hook"])
def test_sglang_low_latency(rng, return_recv_hook):
    R, me, E, L = _shape()
    inp = Inputs(rng, R, MAX_TOKENS, HIDDEN, E, TOPK)
    disp = _dispatcher("low_latency", return_recv_hook=return_recv_hook, async_finish=not return_recv_hook)
    d = disp.dispatch(inp.x[me], sgl.TopKOutput(inp.w[me], inp.idx[me].astype(np.int32)))
    x, masked_m = d.hidden_states.copy(), np.array(d.masked_m)
    y = np.zeros_like(x)
    for e in range(L):
        y[e, :masked_m[e]] = expert_fn(x[e, :masked_m[e]], me * L + e)
    out = disp.combine(sgl.DeepEPLLCombineInput(y, d.topk_ids, d.topk_weights)).copy()
    sgl.ShoalDispatcher.destroy_buffers()

    assert isinstance(d, sgl.DeepEPLLDispatchOutput) and d.format == "deepep_ll"
    assert d.hidden_states_scale is None and d.topk_ids.dtype == np.int64
    assert d.expected_m == sgl.expected_m(len(inp.x[me]), R, TOPK, E)
    for e, (n, want) in enumerate(_ll_rows(inp, me)):
        assert masked_m[e] == n
        np.testing.assert_array_equal(x[e, :n], want)
    _assert_bf16_close(out, *_combined_reference(inp, me))


@pytest.mark.parametrize("fp8", [False, True], ids=["bf16", "fp8"])
def test_sglang_normal_two_stage(rng, fp8):
    R, me, E, L = _shape()
    inp = Inputs(rng, R, 16, HIDDEN, E, TOPK)
    disp = _dispatcher("normal", use_fp8=fp8, async_finish=True)
    disp.dispatch_a(inp.x[me], sgl.TopKOutput(inp.w[me], inp.idx[me]))
    d = disp.dispatch_b()
    if fp8:
        d = d._replace(hidden_states=bf16(shi.dequantize_fp8_per_128(d.hidden_states, d.hidden_states_scale)))
    x, counts = d.hidden_states.copy(), list(d.num_recv_tokens_per_expert)
    y = _sglang_normal_expert(d)
    disp.combine_a(sgl.DeepEPNormalCombineInput(y, d.topk_ids, d.topk_weights))
    out = disp.combine_b().copy()
    sgl.ShoalDispatcher.destroy_buffers()

    rows = inp.normal_expected(me)
    assert d.format == "deepep_normal" and len(x) == len(rows)
    want_counts = [0] * L
    for m, (s, t) in enumerate(rows):
        if fp8:
            _assert_fp8_close(f32(x[m:m + 1]), inp.x[s][t:t + 1])
        else:
            np.testing.assert_array_equal(x[m], inp.x[s][t])
        for e in inp.idx[s][t]:
            if e >= 0 and e // L == me:
                want_counts[e % L] += 1
    assert counts == want_counts
    ref, mag = _combined_reference(inp, me)
    if fp8:
        assert np.all(np.abs(f32(out) - ref) <= 2.0 ** -3 * mag + 1e-3)
    else:
        _assert_bf16_close(out, ref, mag, ulps=3)


def test_sglang_auto_and_stage_order(rng):
    R, me, E, L = _shape()
    inp = Inputs(rng, R, MAX_TOKENS, HIDDEN, E, TOPK)
    errors = []
    lonely = _dispatcher("auto")
    for bad in (lonely.dispatch_b, lambda: lonely.combine_a((None, None, None))):
        try:
            bad()
        except shoal.Error as err:
            errors.append(str(err))
    try:
        lonely.dispatch_a(inp.x[me], sgl.TopKOutput(inp.w[me], inp.idx[me]))  # auto without SGLang's state
    except shoal.Error as err:
        errors.append(str(err))
    disp = _dispatcher("auto")
    results = []
    for extend in (True, False):
        disp.dispatch_a(inp.x[me], sgl.TopKOutput(inp.w[me], inp.idx[me]), is_extend_in_batch=extend)
        d = disp.dispatch_b()
        if extend:
            y = _sglang_normal_expert(d)
            ci = sgl.DeepEPNormalCombineInput(y, d.topk_ids, d.topk_weights)
        else:
            y = np.zeros_like(d.hidden_states)
            for e in range(L):
                y[e, :d.masked_m[e]] = expert_fn(d.hidden_states[e, :d.masked_m[e]], me * L + e)
            ci = sgl.DeepEPLLCombineInput(y, d.topk_ids, d.topk_weights)
        results.append((type(d).__name__, disp.combine(ci).copy()))
    sgl.ShoalDispatcher.destroy_buffers()

    assert len(errors) == 3 and "expected after dispatch_a" in errors[0] and "expected after dispatch_b" in errors[1]
    assert "is_extend_in_batch" in errors[2]
    assert [name for name, _ in results] == ["DeepEPNormalDispatchOutput", "DeepEPLLDispatchOutput"]
    ref, mag = _combined_reference(inp, me)
    for _, out in results:
        _assert_bf16_close(out, ref, mag, ulps=3)


def test_wheel_registers_the_vllm_plugin():
    from importlib.metadata import PackageNotFoundError, distribution, entry_points
    try:
        distribution("shoal")
    except PackageNotFoundError:
        pytest.skip("shoal imported from a build tree, not an installed wheel")
    values = [e.value for e in entry_points(group="vllm.general_plugins") if e.name == "shoal"]
    assert values == ["shoal.integrations.vllm:plugin"]
    import shoal.integrations.vllm as v
    assert callable(v.plugin)
