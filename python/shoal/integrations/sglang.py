"""shoal.integrations.sglang: shoal as SGLang's DeepEP token dispatcher.

    from shoal.integrations import sglang as shoal_sglang
    shoal_sglang.install()   # in every SGLang process, before the model is built

replaces SGLang's DeepEPDispatcher (token_dispatcher/deepep.py, and the
name wherever SGLang imported it: two-batch overlap, the MoE layers) with
ShoalDispatcher, so `--moe-a2a-backend deepep --deepep-mode ...` runs on
shoal.ep.Buffer. docs/python-integrations.md says how and what is
unverified.

ShoalDispatcher has DeepEPDispatcher's constructor, dispatch/combine and the
two-stage dispatch_a/dispatch_b, combine_a/combine_b (dispatch_a must be
followed by dispatch_b, then combine_a, combine_b; shoal.Error otherwise):
  low_latency: dispatch -> DeepEPLLDispatchOutput(hidden_states [L, R*max, H]
    bf16 or e4m3, hidden_states_scale [L, R*max, H/128] f32 (column-major in
    the last two dims) or None, topk_ids [T, K] int64, topk_weights [T, K]
    (the caller's, for the combine), masked_m [L] int32 (rows per local
    expert, on the device), expected_m int); combine(DeepEPLLCombineInput(
    hidden_states [L, R*max, H] bf16, topk_ids, topk_weights)) -> [T, H] bf16,
    the top-k weighted sum (the combine applies the weights).
  normal: dispatch -> DeepEPNormalDispatchOutput(hidden_states [M, H],
    hidden_states_scale [M, H/128] or None, topk_ids [M, K] int64 local
    expert ids (-1: not on this rank), topk_weights [M, K] (0 there),
    num_recv_tokens_per_expert list[int]); combine(DeepEPNormalCombineInput(
    hidden_states [M, H] bf16, already weighted and summed over the row's
    local selections, ...)) -> [T, H] bf16, the sum over ranks.
  auto: normal when the batch has an extend (prefill), else low latency,
    from SGLang's forward state or dispatch_a(..., is_extend_in_batch=).
"""

import os
from enum import Enum
from typing import Any, List, NamedTuple, Optional

from shoal.ep import Buffer

from . import FP8_BLOCK, Error, as_int64, install_hooks, mn_major, optional_import, quantize_fp8_per_128

__all__ = ["ShoalDispatcher", "make_dispatcher_class", "install", "DeepEPMode", "TopKOutput",
           "DeepEPLLDispatchOutput", "DeepEPNormalDispatchOutput", "DeepEPLLOutput", "DeepEPNormalOutput",
           "DeepEPLLCombineInput", "DeepEPNormalCombineInput", "expected_m", "PTH_LINE"]


def _fail(call, msg):
    raise Error(f"shoal.integrations.sglang.{call}: {msg}")


class DeepEPMode(Enum):
    """SGLang's DeepEPMode (its enum, ours or the strings are accepted)."""
    NORMAL = "normal"
    LOW_LATENCY = "low_latency"
    AUTO = "auto"

    def enable_normal(self) -> bool:
        return self in (DeepEPMode.NORMAL, DeepEPMode.AUTO)

    def enable_low_latency(self) -> bool:
        return self in (DeepEPMode.LOW_LATENCY, DeepEPMode.AUTO)

    def resolve(self, is_extend_in_batch: bool) -> "DeepEPMode":
        if self is not DeepEPMode.AUTO:
            return self
        return DeepEPMode.NORMAL if is_extend_in_batch else DeepEPMode.LOW_LATENCY


def _mode(value, call) -> DeepEPMode:
    v = str(getattr(value, "value", value)).lower()
    try:
        return DeepEPMode(v)
    except ValueError:
        _fail(call, f"deepep_mode must be normal, low_latency or auto, got {value!r}")


# ------------------------------------------------------------------ outputs (SGLang's, or ours)

_FORMATS = {}
_BASE_MODULES = ("sglang.srt.layers.moe.token_dispatcher.base",
                 "sglang.srt.layers.moe.token_dispatcher.base_dispatcher")


def _format(enum_name, value):
    """SGLang's DispatchOutputFormat / CombineInputFormat member, or the string."""
    key = (enum_name, value)
    if key not in _FORMATS:
        fmt = value
        for mod in _BASE_MODULES:
            m = optional_import(mod)
            if m is not None and hasattr(m, enum_name):
                fmt = getattr(m, enum_name)(value)
                break
        _FORMATS[key] = fmt
    return _FORMATS[key]


class TopKOutput(NamedTuple):
    """SGLang's StandardTopKOutput: what dispatch reads is topk_weights and topk_ids."""
    topk_weights: Any
    topk_ids: Any
    router_logits: Any = None


class DeepEPNormalDispatchOutput(NamedTuple):
    hidden_states: Any
    hidden_states_scale: Optional[Any]
    topk_ids: Any
    topk_weights: Any
    num_recv_tokens_per_expert: List[int]

    @property
    def format(self):
        return _format("DispatchOutputFormat", "deepep_normal")


class DeepEPLLDispatchOutput(NamedTuple):
    hidden_states: Any
    hidden_states_scale: Optional[Any]
    topk_ids: Any
    topk_weights: Any
    masked_m: Any
    expected_m: int

    @property
    def format(self):
        return _format("DispatchOutputFormat", "deepep_ll")


DeepEPNormalOutput, DeepEPLLOutput = DeepEPNormalDispatchOutput, DeepEPLLDispatchOutput  # older SGLang names


class DeepEPNormalCombineInput(NamedTuple):
    hidden_states: Any
    topk_ids: Any
    topk_weights: Any

    @property
    def format(self):
        return _format("CombineInputFormat", "deepep_normal")


class DeepEPLLCombineInput(NamedTuple):
    hidden_states: Any
    topk_ids: Any
    topk_weights: Any

    @property
    def format(self):
        return _format("CombineInputFormat", "deepep_ll")


_OUT_TYPES = {}


def _out_type(ours):
    """SGLang's own NamedTuple of that name when it has the same fields (what
    its MoE runners check), else ours."""
    if ours not in _OUT_TYPES:
        m = optional_import("sglang.srt.layers.moe.token_dispatcher.deepep")
        theirs = getattr(m, ours.__name__, None) if m else None
        _OUT_TYPES[ours] = theirs if getattr(theirs, "_fields", None) == ours._fields else ours
    return _OUT_TYPES[ours]


def expected_m(num_tokens: int, num_ranks: int, topk: int, num_experts: int) -> int:
    """SGLang's expected rows per local expert in low-latency mode (a grouped-GEMM hint)."""
    return (num_tokens * num_ranks * topk + num_experts) // num_experts


# ------------------------------------------------------------------ the dispatcher

_STAGES = ("initial", "after dispatch_a", "after dispatch_b", "after combine_a")


class _Dispatcher:
    """SGLang's DeepEPDispatcher on shoal.ep.Buffer.

    group: a torch ProcessGroup spanning shoal's world, or None (shoal's
    world); num_experts, hidden_size (a multiple of 128) are required.
    shoal's keywords: num_max_dispatch_tokens_per_rank (default
    $SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK, else 128); use_fp8:
    dispatch e4m3 with one f32 scale per 128 channels (low latency: shoal
    quantises; normal: quantised here before the dispatch; default
    $SHOAL_SGLANG_FP8=1, else bf16: it must match the MoE runner); use_ue8m0:
    power-of-two scales packed 4 per int32 (low latency); expert_alignment:
    rounding of num_recv_tokens_per_expert (128 for DeepGEMM);
    num_max_tokens / num_max_recv_tokens: normal mode's capacities
    (shoal.ep.Buffer)."""

    _buffers = {}  # (id(group), hidden) -> Buffer: one per process, shared by all layers, as SGLang's DeepEPBuffer

    def __init__(self, group, router_topk: int, permute_fusion: bool = False, num_experts: int = None,
                 num_local_experts: int = None, hidden_size: int = None, params_dtype=None,
                 deepep_mode="auto", async_finish: bool = False, return_recv_hook: bool = False, *,
                 num_max_dispatch_tokens_per_rank: int = None, use_fp8: bool = None, use_ue8m0: bool = False,
                 expert_alignment: int = 1, num_max_tokens: int = None, num_max_recv_tokens: int = 0, **unused):
        super().__init__()
        call = "ShoalDispatcher"
        if num_experts is None or hidden_size is None:
            _fail(call, "num_experts and hidden_size are required")
        if hidden_size % FP8_BLOCK:
            _fail(call, f"hidden_size {hidden_size} is not a multiple of {FP8_BLOCK}")
        self.group, self.router_topk, self.permute_fusion = group, router_topk, permute_fusion
        self.num_experts, self.num_local_experts = int(num_experts), num_local_experts
        self.hidden_size, self.params_dtype = int(hidden_size), params_dtype
        self.deepep_mode = _mode(deepep_mode, call)
        self.async_finish, self.return_recv_hook = bool(async_finish), bool(return_recv_hook)
        mt = num_max_dispatch_tokens_per_rank or os.environ.get("SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK", 128)
        self.num_max_dispatch_tokens_per_rank = int(mt)
        if use_fp8 is None:
            use_fp8 = os.environ.get("SHOAL_SGLANG_FP8", "0") in ("1", "true", "yes")
        self.use_fp8, self.use_ue8m0 = bool(use_fp8), bool(use_ue8m0)
        self.expert_alignment = int(expert_alignment)
        self._capacity = dict(num_max_tokens=num_max_tokens, num_max_recv_tokens=num_max_recv_tokens)
        self.quant_config = {}
        self.overlap_args = self.meta_overlap_args = None
        self._hooks = {}
        self._stage, self._state, self._mode_used, self.handle = 0, None, None, None

    # --- buffers

    def _buffer(self) -> Buffer:
        key = (id(self.group), self.hidden_size)
        b = _Dispatcher._buffers.get(key)
        if b is None:
            b = _Dispatcher._buffers[key] = Buffer(self.group, low_latency_mode=self.deepep_mode.enable_low_latency(),
                                                   hidden=self.hidden_size, explicitly_destroy=True, **self._capacity)
        return b

    @staticmethod
    def destroy_buffers() -> None:
        """Collective: destroys the process's dispatch buffers (creation order)."""
        for b in _Dispatcher._buffers.values():
            b.destroy()
        _Dispatcher._buffers.clear()

    # --- stages

    def _advance(self, call, expect):
        if self._stage != expect:
            _fail(f"ShoalDispatcher.{call}", f"called {_STAGES[self._stage]}, expected {_STAGES[expect]} "
                                             "(order: dispatch_a, dispatch_b, combine_a, combine_b)")
        self._stage = (expect + 1) % len(_STAGES)

    def _resolve(self, is_extend_in_batch):
        if self.deepep_mode is not DeepEPMode.AUTO:
            return self.deepep_mode
        if is_extend_in_batch is None:
            m = optional_import("sglang.srt.layers.dp_attention")
            get = getattr(m, "get_is_extend_in_batch", None) if m else None
            if get is None:
                _fail("ShoalDispatcher.dispatch_a", "deepep_mode auto needs is_extend_in_batch= (every rank the "
                                                    "same) when SGLang's forward state is not available")
            is_extend_in_batch = get()
        return self.deepep_mode.resolve(bool(is_extend_in_batch))

    def dispatch(self, hidden_states, topk_output, **kwargs):
        self.dispatch_a(hidden_states, topk_output, **kwargs)
        for hook in list(self._hooks.values()):
            hook(self)
        return self.dispatch_b()

    def dispatch_a(self, hidden_states, topk_output, *, is_extend_in_batch=None, **unused):
        """hidden_states [T, H] bf16; topk_output: .topk_weights [T, K] f32, .topk_ids [T, K]."""
        mode = self._resolve(is_extend_in_batch)
        self._advance("dispatch_a", 0)
        self._mode_used = mode
        ids, weights = as_int64(topk_output.topk_ids), topk_output.topk_weights
        if mode is DeepEPMode.LOW_LATENCY:
            buf = self._buffer()
            T, K = ids.shape
            rh = self.return_recv_hook
            recv_x, count, self.handle, event, hook = buf.low_latency_dispatch(
                hidden_states, ids, self.num_max_dispatch_tokens_per_rank, self.num_experts, use_fp8=self.use_fp8,
                round_scale=self.use_ue8m0, use_ue8m0=self.use_ue8m0, async_finish=not rh, return_recv_hook=rh)
            self._state = (recv_x, ids, weights, count, expected_m(T, buf.group_size, K, self.num_experts),
                           event, hook)
        else:
            x = quantize_fp8_per_128(hidden_states, "ShoalDispatcher.dispatch_a") if self.use_fp8 else hidden_states
            self._state = (x, ids, weights)

    def dispatch_b(self):
        self._advance("dispatch_b", 1)
        state, self._state = self._state, None
        if self._mode_used is DeepEPMode.LOW_LATENCY:
            recv_x, ids, weights, count, exp_m, event, hook = state
            hook() if self.return_recv_hook else event.current_stream_wait()
            x, scale = (recv_x[0], mn_major(recv_x[1])) if isinstance(recv_x, tuple) else (recv_x, None)
            return _out_type(DeepEPLLDispatchOutput)(x, scale, ids, weights, count, exp_m)
        x, ids, weights = state
        buf = self._buffer()
        per_rank, per_node, per_expert, in_rank, _ = buf.get_dispatch_layout(ids, self.num_experts)
        recv_x, recv_ids, recv_w, counts, self.handle, event = buf.dispatch(
            x, num_tokens_per_rank=per_rank, num_tokens_per_rdma_rank=per_node, is_token_in_rank=in_rank,
            num_tokens_per_expert=per_expert, topk_idx=ids, topk_weights=weights,
            expert_alignment=self.expert_alignment, async_finish=self.async_finish)
        if self.async_finish:
            event.current_stream_wait()
        x, scale = recv_x if isinstance(recv_x, tuple) else (recv_x, None)
        return _out_type(DeepEPNormalDispatchOutput)(x, scale, recv_ids, recv_w, counts)

    def combine(self, combine_input, **kwargs):
        self.combine_a(combine_input)
        return self.combine_b()

    def combine_a(self, combine_input):
        """combine_input: (hidden_states, topk_ids, topk_weights), as dispatch's mode wants."""
        self._advance("combine_a", 2)
        hidden_states, ids, weights = tuple(combine_input)[:3]
        buf = self._buffer()
        if self._mode_used is DeepEPMode.LOW_LATENCY:
            rh = self.return_recv_hook
            out, event, hook = buf.low_latency_combine(hidden_states, as_int64(ids), weights, self.handle,
                                                       async_finish=not rh, return_recv_hook=rh)
            self._state = (out, event, hook)
        else:
            out, _, event = buf.combine(hidden_states, self.handle, async_finish=self.async_finish)
            self._state = (out, event, None)

    def combine_b(self):
        self._advance("combine_b", 3)
        (out, event, hook), self._state, self.handle = self._state, None, None
        if hook is not None:
            hook()
        elif event.event is not None:
            event.current_stream_wait()
        return out

    # --- what SGLang's MoE layers also call

    def set_quant_config(self, quant_config: dict) -> None:
        self.quant_config = dict(quant_config or {})

    def set_overlap_args(self, combine_overlap_args, meta_overlap_args) -> None:
        self.overlap_args, self.meta_overlap_args = combine_overlap_args, meta_overlap_args

    def clear_overlap_args(self) -> None:
        self.overlap_args = self.meta_overlap_args = None

    def register_deepep_dispatch_hook(self, hook):
        """hook(dispatcher) runs between dispatch_a and dispatch_b inside dispatch(); returns a handle with remove()."""
        key = object()
        self._hooks[key] = hook
        hooks = self._hooks

        class _Handle:
            def remove(self):
                hooks.pop(key, None)
        return _Handle()


class ShoalDispatcher(_Dispatcher):
    __doc__ = _Dispatcher.__doc__ + "\n\n(The plain class; make_dispatcher_class() gives SGLang's subclass.)"


_CLASS = []


def make_dispatcher_class():
    """ShoalDispatcher as a subclass of SGLang's BaseDispatcher when SGLang imports, else the plain class."""
    base = None
    for mod in _BASE_MODULES:
        m = optional_import(mod)
        if m is not None and hasattr(m, "BaseDispatcher"):
            base = m.BaseDispatcher
            break
    if base is None:
        return ShoalDispatcher
    if not _CLASS:
        _CLASS.append(type("ShoalDispatcher", (_Dispatcher, base), {"__module__": __name__,
                                                                     "__doc__": _Dispatcher.__doc__}))
    return _CLASS[0]


# ------------------------------------------------------------------ selecting shoal inside SGLang

_MODULES = ("sglang.srt.layers.moe.token_dispatcher.deepep", "sglang.srt.layers.moe.token_dispatcher",
            "sglang.srt.batch_overlap.two_batch_overlap", "sglang.srt.two_batch_overlap",
            "sglang.srt.layers.moe.fused_moe_triton.layer", "sglang.srt.layers.moe.ep_moe.layer")
patched = []
"""Module names whose DeepEPDispatcher install() has replaced."""


def _patch(module):
    if hasattr(module, "DeepEPDispatcher"):
        module.DeepEPDispatcher = make_dispatcher_class()
        patched.append(module.__name__)
    holder = getattr(module, "DeepEPBuffer", None)
    if holder is not None and getattr(holder, "_buffer", None) is None:
        holder.clean_buffer = classmethod(lambda cls: None)  # SGLang's own buffer is never made


def install(deep_ep_alias: bool = True) -> None:
    """Makes SGLang's DeepEP a2a backend run on shoal in this process: every
    module above that holds the name DeepEPDispatcher gets ShoalDispatcher,
    now or as soon as it is imported. deep_ep_alias: register shoal.ep as
    deep_ep when DeepEP is not installed (alias_deep_ep). Idempotent; call
    it in every SGLang process (the scheduler subprocesses included)."""
    install_hooks("sglang", deep_ep_alias, [(_MODULES, _patch)])


PTH_LINE = ('import os; os.environ.get("SHOAL_SGLANG") == "1" and '
            '__import__("shoal.integrations.sglang").integrations.sglang.install()')
"""A line for a .pth file in site-packages: install() in every Python process started with SHOAL_SGLANG=1."""
