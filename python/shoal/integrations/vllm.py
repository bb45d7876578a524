"""shoal.integrations.vllm: shoal as vLLM's DeepEP all-to-all backend.

    from shoal.integrations import vllm as shoal_vllm
    shoal_vllm.install()     # in every vLLM process, before the model is built

replaces vLLM's DeepEPLLAll2AllManager / DeepEPHTAll2AllManager and
DeepEPLLPrepareAndFinalize / DeepEPHTPrepareAndFinalize with the classes
below, so `--all2all-backend deepep_low_latency` (or deepep_high_throughput)
runs on shoal.ep.Buffer. docs/python-integrations.md says how to get
install() into every process and what is unverified.

Contracts (vLLM's modular kernel, FusedMoEPrepareAndFinalizeModular):
  low latency (ShoalLLPrepareAndFinalize, BatchedExperts format):
    prepare(a1 [T, H] bf16, topk_weights [T, K] f32, topk_ids [T, K] int64, ...)
      -> (x [L, num_dispatchers*max_tokens, H] bf16 or e4m3, scales
          [L, rows, H/128] f32 (column-major in the last two dims) or None,
          ExpertTokensMetadata(expert_num_tokens=[L] int32 on the device), None, None)
    finalize(output [T, H], fused_expert_output [L, rows, H] bf16, ...): the
      combine applies the top-k weights (TopKWeightAndReduceDelegate) and
      writes `output` in place.
  high throughput (ShoalHTPrepareAndFinalize, Standard format):
    prepare(...) -> (x [M, H], scales [M, H/128] or None, ExpertTokensMetadata
      (per local expert, device and host copies), topk_ids [M, K] int64 global
      ids (a selection on another rank is replaced by an expert off this rank:
      num_experts-1 on rank 0, else 0), topk_weights [M, K] f32 (0 off rank))
    finalize(output [T, H], fused_expert_output [M, K, H] bf16, ...): weights
      applied and the K selections summed here, per received row, in f32
      (TopKWeightAndReduceContiguous unless the experts gave another
      reducer), then the unweighted combine; `output` written in place.
  *_async variants: LL prepare_async -> (hook, receiver), finalize_async ->
    (hook, receiver); HT prepare_async -> receiver, finalize_async -> receiver.
"""

import inspect
import os
import sys
from dataclasses import dataclass
from enum import Enum

import shoal
from shoal.ep import Buffer

from . import (FP8_BLOCK, Error, as_int64, copy_into, int32_array, is_fp8_dtype, mn_major, ones_like,
               optional_import, quantize_fp8_per_128, scale_rows, weight_and_reduce, where)

__all__ = ["ShoalLLPrepareAndFinalize", "ShoalHTPrepareAndFinalize", "ShoalLLAll2AllManager",
           "ShoalHTAll2AllManager", "NormalBufferPool", "make_prepare_finalize_classes",
           "make_all2all_manager_classes", "install", "plugin", "PTH_LINE", "ll_batched_shape", "ll_scale_shape",
           "ExpertTokensMetadata", "FusedMoEActivationFormat", "TopKWeightAndReduceDelegate", "QuantConfig"]


def _fail(call, msg):
    raise Error(f"shoal.integrations.vllm.{call}: {msg}")


# ------------------------------------------------------------------ vLLM's types, or stand-ins

class FusedMoEActivationFormat(Enum):
    """Stand-in for vLLM's enum when vLLM is absent."""
    Standard = ("standard",)
    BatchedExperts = ("batched_experts",)


@dataclass
class ExpertTokensMetadata:
    """Stand-in for vLLM's: tokens per local expert, on the device (and host)."""
    expert_num_tokens: object
    expert_num_tokens_cpu: object = None


class TopKWeightAndReduceDelegate:
    """Stand-in for vLLM's: the experts leave weighting and reduction to finalize."""

    def apply(self, output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input):
        raise Error("TopKWeightAndReduceDelegate.apply: a delegate is resolved by the prepare/finalize")


@dataclass
class QuantConfig:
    """The fields of vLLM's FusedMoEQuantConfig that these classes read."""
    quant_dtype: object = None          # None (bf16) or an FP8 e4m3 dtype ('fp8', torch.float8_e4m3fn)
    block_shape: object = None          # e.g. [128, 128]
    per_act_token_quant: bool = False
    a1_scale: object = None
    a2_scale: object = None

    @property
    def is_block_quantized(self) -> bool:
        return self.block_shape is not None


def _mk():
    """vLLM's modular_kernel module, or None."""
    return optional_import("vllm.model_executor.layers.fused_moe.modular_kernel")


def _formats():
    mk = _mk()
    return mk.FusedMoEActivationFormat if mk else FusedMoEActivationFormat


def _metadata(expert_num_tokens, expert_num_tokens_cpu=None):
    mk = _mk()
    cls = mk.ExpertTokensMetadata if mk else ExpertTokensMetadata
    return cls(expert_num_tokens=expert_num_tokens, expert_num_tokens_cpu=expert_num_tokens_cpu)


_UBATCH = []


def _ubatch_id() -> int:
    """vLLM's dual-batch-overlap micro-batch (0 without DBO or without vLLM)."""
    if not _UBATCH:
        u = optional_import("vllm.v1.worker.ubatching")
        _UBATCH.append(getattr(u, "dbo_current_ubatch_id", None) if u else None)
    return _UBATCH[0]() if _UBATCH[0] else 0


def _is_delegate(impl) -> bool:
    return impl is None or type(impl).__name__ == "TopKWeightAndReduceDelegate"


def _numel(a) -> int:
    n = getattr(a, "numel", None)
    return int(n() if callable(n) else a.size)


def _index_dtype():
    torch = sys.modules.get("torch") or optional_import("torch")
    if torch is not None:
        return torch.int64
    import numpy as np
    return np.dtype("int64")


def _host_int32(values):
    """A host (CPU) int32 array: torch when torch is loaded, else numpy."""
    torch = sys.modules.get("torch")
    if torch is not None and shoal.platform == "cuda":
        return torch.tensor(list(values), dtype=torch.int32)
    import numpy as np
    return np.asarray(list(values), dtype=np.int32)


def _block_k(qc):
    bs = getattr(qc, "block_shape", None)
    return bs[-1] if bs else None


def _quantize(x, qc, call):
    """vLLM's input quantisation of x [N, H] for qc -> (x, scales or None)."""
    if qc is None or getattr(qc, "quant_dtype", None) is None:
        return x, None
    if type(x).__module__.startswith("torch"):
        utils = optional_import("vllm.model_executor.layers.fused_moe.utils")
        if utils is not None:
            return utils.moe_kernel_quantize_input(x, qc.a1_scale, qc.quant_dtype, qc.per_act_token_quant,
                                                   qc.block_shape)
    if is_fp8_dtype(qc.quant_dtype) and _block_k(qc) == FP8_BLOCK and not qc.per_act_token_quant:
        return quantize_fp8_per_128(x, call)
    _fail(call, f"quantisation quant_dtype={qc.quant_dtype} block_shape={qc.block_shape} needs vLLM's "
                "moe_kernel_quantize_input (without vLLM: FP8 e4m3 with block_shape [*, 128] only)")


# ------------------------------------------------------------------ shapes

def ll_batched_shape(num_local_experts, num_dispatchers, max_tokens_per_rank, hidden):
    """The low-latency prepare's activations: [L, num_dispatchers*max_tokens, H]."""
    return (int(num_local_experts), int(num_dispatchers) * int(max_tokens_per_rank), int(hidden))


def ll_scale_shape(num_local_experts, num_dispatchers, max_tokens_per_rank, hidden, use_ue8m0=False):
    """Its scales: [L, rows, H/128] f32, or [L, rows, ceil(H/512)] int32 packed UE8M0."""
    L, rows, H = ll_batched_shape(num_local_experts, num_dispatchers, max_tokens_per_rank, hidden)
    return (L, rows, (H + 511) // 512 if use_ue8m0 else H // FP8_BLOCK)


def _roundup_hidden(hidden_size, *unused) -> int:
    """shoal takes any hidden size that is a multiple of 128 (up to 16384)."""
    return (int(hidden_size) + FP8_BLOCK - 1) // FP8_BLOCK * FP8_BLOCK


# ------------------------------------------------------------------ prepare/finalize

class _PrepareFinalizeCommon:
    def num_dispatchers(self) -> int:
        return self.num_dispatchers_

    def output_is_reduced(self) -> bool:
        return True

    def topk_indices_dtype(self):
        return _index_dtype()

    def supports_async(self) -> bool:
        return True

    def post_init_setup(self, fused_experts) -> None:
        pass

    def on_commit(self) -> None:
        pass

    def _handle(self, call):
        h = self.handles[_ubatch_id()]
        if h is None:
            _fail(call, f"no dispatch to combine for micro-batch {_ubatch_id()} (call prepare first)")
        return h

    def finalize(self, output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input,
                 weight_and_reduce_impl=None):
        self._finalize(output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input,
                       weight_and_reduce_impl, False)

    def finalize_async(self, output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input,
                       weight_and_reduce_impl=None):
        return self._finalize(output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input,
                              weight_and_reduce_impl, True)

    @staticmethod
    def _weight_on_input(a1, topk_weights, topk_ids, apply, call):
        if not apply:
            return a1
        if topk_ids.shape[1] != 1:
            _fail(call, f"apply_router_weight_on_input needs top-1, got top-{topk_ids.shape[1]}")
        return scale_rows(a1, topk_weights)


class _LLPrepareFinalize(_PrepareFinalizeCommon):
    """vLLM's low-latency (batched) prepare/finalize on shoal.ep.Buffer.

    buffer: from ShoalLLAll2AllManager.get_handle (a shoal.ep.Buffer);
    use_fp8_dispatch: dispatch e4m3 with one f32 scale per 128 channels
    (vLLM sets it for block-quantised [128, 128] FP8 models);
    global_to_physical [E] (EPLB): topk_ids are mapped through it."""

    maybe_roundup_layer_hidden_size = staticmethod(_roundup_hidden)

    def __init__(self, buffer, max_tokens_per_rank: int, num_dispatchers: int, use_fp8_dispatch: bool = False,
                 global_to_physical=None, physical_to_global=None, local_expert_global_ids=None):
        super().__init__()
        self.buffer = buffer
        self.max_tokens_per_rank = int(max_tokens_per_rank)
        self.num_dispatchers_ = int(num_dispatchers)
        self.use_fp8_dispatch = bool(use_fp8_dispatch)
        self.use_ue8m0_dispatch = False
        cast = (lambda t: None if t is None else as_int64(t))
        self.global_to_physical = cast(global_to_physical)
        self.physical_to_global = cast(physical_to_global)
        self.local_expert_global_ids = cast(local_expert_global_ids)
        self.handles = [None, None]  # per DBO micro-batch; shoal keeps two dispatches alive

    @property
    def activation_format(self):
        return _formats().BatchedExperts

    def max_num_tokens_per_rank(self):
        return self.max_tokens_per_rank

    def post_init_setup(self, fused_experts) -> None:
        ue8m0 = getattr(fused_experts, "supports_packed_ue8m0_act_scales", None)
        if ue8m0 is not None and ue8m0() and self.use_fp8_dispatch:
            self.use_ue8m0_dispatch = True

    def _ids(self, topk_ids):
        return topk_ids if self.global_to_physical is None else self.global_to_physical[topk_ids]

    def prepare_async(self, a1, topk_weights, topk_ids, num_experts, expert_map, apply_router_weight_on_input,
                      quant_config=None, defer_input_quant=False):
        call = "ShoalLLPrepareAndFinalize.prepare"
        if defer_input_quant:
            _fail(call, "defer_input_quant=True is not supported (the batched experts get quantised inputs)")
        H = a1.shape[1]
        if H % FP8_BLOCK:
            _fail(call, f"hidden {H} is not a multiple of {FP8_BLOCK} (maybe_roundup_layer_hidden_size)")
        for s in (getattr(quant_config, "a1_scale", None), getattr(quant_config, "a2_scale", None)):
            if s is not None and _numel(s) != 1:
                _fail(call, "per-token activation scales cannot be dispatched in low-latency mode")
        if self.use_fp8_dispatch and _block_k(quant_config) not in (None, FP8_BLOCK):
            _fail(call, f"use_fp8_dispatch gives one scale per {FP8_BLOCK} channels; quant_config's "
                        f"block_shape is {quant_config.block_shape}")
        a1 = self._weight_on_input(a1, topk_weights, topk_ids, apply_router_weight_on_input, call)
        recv_x, recv_count, handle, _, hook = self.buffer.low_latency_dispatch(
            a1, self._ids(topk_ids), self.max_tokens_per_rank, num_experts, use_fp8=self.use_fp8_dispatch,
            round_scale=self.use_ue8m0_dispatch, use_ue8m0=self.use_ue8m0_dispatch, async_finish=False,
            return_recv_hook=True)
        self.handles[_ubatch_id()] = handle
        return hook, lambda: self._receive(recv_x, recv_count, quant_config)

    def _receive(self, recv_x, recv_count, qc):
        if self.use_fp8_dispatch:
            x, scales = recv_x[0], mn_major(recv_x[1])
        else:
            L, rows, H = recv_x.shape
            x, scales = _quantize(recv_x.reshape(L * rows, H), qc, "ShoalLLPrepareAndFinalize.prepare")
            x = x.reshape(L, rows, H)
            if scales is not None and _numel(scales) != 1:
                scales = scales.reshape(L, rows, -1)
        return x, scales, _metadata(recv_count), None, None

    def prepare(self, a1, topk_weights, topk_ids, num_experts, expert_map, apply_router_weight_on_input,
                quant_config=None, defer_input_quant=False):
        hook, receiver = self.prepare_async(a1, topk_weights, topk_ids, num_experts, expert_map,
                                            apply_router_weight_on_input, quant_config, defer_input_quant)
        hook()
        return receiver()

    def _finalize(self, output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input,
                  weight_and_reduce_impl, do_async):
        call = "ShoalLLPrepareAndFinalize.finalize"
        if not _is_delegate(weight_and_reduce_impl):
            _fail(call, f"the low-latency combine applies the top-k weights; the experts must leave them to it "
                        f"(TopKWeightAndReduceDelegate), got {type(weight_and_reduce_impl).__name__}")
        weights = ones_like(topk_weights) if apply_router_weight_on_input else topk_weights
        _, _, hook = self.buffer.low_latency_combine(fused_expert_output, self._ids(topk_ids), weights,
                                                     self._handle(call), async_finish=False, zero_copy=False,
                                                     return_recv_hook=do_async, out=output)
        return (hook, lambda: None) if do_async else None


class _HTPrepareFinalize(_PrepareFinalizeCommon):
    """vLLM's high-throughput (standard format) prepare/finalize on shoal's
    normal mode. buffer: a shoal.ep.Buffer created with hidden=, or the
    NormalBufferPool that ShoalHTAll2AllManager.get_handle({}) returns
    (vLLM passes no hidden size; the pool makes one Buffer per size);
    rank_expert_offset: this rank's first global expert (rank * L)."""

    maybe_roundup_layer_hidden_size = staticmethod(_roundup_hidden)

    def __init__(self, buffer, num_dispatchers: int, dp_size: int, rank_expert_offset: int):
        super().__init__()
        self.buffer = buffer
        self.num_dispatchers_ = int(num_dispatchers)
        self.dp_size = int(dp_size)
        self.rank_expert_offset = int(rank_expert_offset)
        self.handles = [None, None]
        self._buffers = [None, None]

    @property
    def activation_format(self):
        return _formats().Standard

    def max_num_tokens_per_rank(self):
        return None

    def _buffer_for(self, hidden):
        return self.buffer.get(hidden) if isinstance(self.buffer, NormalBufferPool) else self.buffer

    def prepare_async(self, a1, topk_weights, topk_ids, num_experts, expert_map, apply_router_weight_on_input,
                      quant_config=None, defer_input_quant=False):
        call = "ShoalHTPrepareAndFinalize.prepare"
        a1 = self._weight_on_input(a1, topk_weights, topk_ids, apply_router_weight_on_input, call)
        block = getattr(quant_config, "is_block_quantized", False) and not defer_input_quant
        if block:
            if not (is_fp8_dtype(quant_config.quant_dtype) and _block_k(quant_config) == FP8_BLOCK):
                _fail(call, f"shoal's normal dispatch carries FP8 e4m3 with one scale per {FP8_BLOCK} channels; "
                            f"quant_config has quant_dtype={quant_config.quant_dtype} "
                            f"block_shape={quant_config.block_shape}")
            tokens = _quantize(a1, quant_config, call)
        else:
            tokens = a1
        buf = self._buffer_for(a1.shape[1])
        per_rank, per_node, per_expert, in_rank, _ = buf.get_dispatch_layout(topk_ids, num_experts)
        recv_x, recv_ids, recv_w, counts, handle, _ = buf.dispatch(
            tokens, num_tokens_per_rank=per_rank, num_tokens_per_rdma_rank=per_node, is_token_in_rank=in_rank,
            num_tokens_per_expert=per_expert, topk_idx=topk_ids, topk_weights=topk_weights, expert_alignment=1)
        u = _ubatch_id()
        self.handles[u], self._buffers[u] = handle, buf
        post_quant = None if (block or defer_input_quant) else quant_config
        return lambda: self._receive(recv_x, recv_ids, recv_w, counts, num_experts, post_quant)

    def _receive(self, recv_x, recv_ids, recv_w, counts, num_experts, qc):
        x, scales = recv_x if isinstance(recv_x, tuple) else (recv_x, None)
        fill = num_experts - 1 if self.rank_expert_offset == 0 else 0
        ids = where(recv_ids == -1, fill, recv_ids + self.rank_expert_offset)
        mk = _mk()
        if mk is not None and type(x).__module__.startswith("torch"):
            meta = mk.ExpertTokensMetadata.make_from_list(list(counts), device=x.device)
        else:
            meta = _metadata(int32_array(counts, x), _host_int32(counts))
        if qc is not None and x.shape[0] > 0:
            x, scales = _quantize(x, qc, "ShoalHTPrepareAndFinalize.prepare")
        return x, scales, meta, ids, recv_w

    def prepare(self, a1, topk_weights, topk_ids, num_experts, expert_map, apply_router_weight_on_input,
                quant_config=None, defer_input_quant=False):
        return self.prepare_async(a1, topk_weights, topk_ids, num_experts, expert_map,
                                  apply_router_weight_on_input, quant_config, defer_input_quant)()

    def _finalize(self, output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input,
                  weight_and_reduce_impl, do_async):
        call = "ShoalHTPrepareAndFinalize.finalize"
        handle = self._handle(call)
        buf = self._buffers[_ubatch_id()]
        y = fused_expert_output
        if _is_delegate(weight_and_reduce_impl):
            y = weight_and_reduce(y, topk_weights, apply_router_weight_on_input)
        else:
            y = weight_and_reduce_impl.apply(output=None, fused_expert_output=y, topk_weights=topk_weights,
                                             topk_ids=topk_ids,
                                             apply_router_weight_on_input=apply_router_weight_on_input)
        if len(y.shape) != 2:
            y = y.reshape(-1, output.shape[-1])
        combined, _, event = buf.combine(y, handle, topk_weights=None, async_finish=do_async)

        def receive():
            if event.event is not None:
                event.current_stream_wait()
            copy_into(output, combined)
        if do_async:
            return receive
        receive()
        return None


_PLAIN = "\n\n(The plain class; make_prepare_finalize_classes() gives vLLM's subclass.)"


class ShoalLLPrepareAndFinalize(_LLPrepareFinalize):
    __doc__ = _LLPrepareFinalize.__doc__ + _PLAIN


class ShoalHTPrepareAndFinalize(_HTPrepareFinalize):
    __doc__ = _HTPrepareFinalize.__doc__ + _PLAIN


_PF_CLASSES = []


def make_prepare_finalize_classes():
    """(LL, HT) prepare/finalize classes: subclasses of vLLM's
    FusedMoEPrepareAndFinalizeModular (or, in older vLLM,
    FusedMoEPrepareAndFinalize) when vLLM imports, else the plain classes."""
    mk = _mk()
    if mk is None:
        return ShoalLLPrepareAndFinalize, ShoalHTPrepareAndFinalize
    if not _PF_CLASSES:
        base = getattr(mk, "FusedMoEPrepareAndFinalizeModular", None) or mk.FusedMoEPrepareAndFinalize
        _PF_CLASSES.extend(type(name, (impl, base), {"__module__": __name__, "__doc__": impl.__doc__})
                           for name, impl in (("ShoalLLPrepareAndFinalize", _LLPrepareFinalize),
                                              ("ShoalHTPrepareAndFinalize", _HTPrepareFinalize)))
    return tuple(_PF_CLASSES)


# ------------------------------------------------------------------ all-to-all managers

class NormalBufferPool:
    """One normal-mode shoal.ep.Buffer per hidden size, made on first use
    (shoal sizes normal mode by hidden at creation; vLLM's HT manager is
    asked for a handle without one)."""

    def __init__(self, **buffer_kwargs):
        self.kwargs = buffer_kwargs
        self.buffers = {}

    def get(self, hidden: int) -> Buffer:
        b = self.buffers.get(int(hidden))
        if b is None:
            b = self.buffers[int(hidden)] = Buffer(hidden=int(hidden), **self.kwargs)
        return b

    def destroy(self) -> None:
        for b in self.buffers.values():
            b.destroy()
        self.buffers.clear()


class _ManagerCommon:
    """Common to both managers: cpu_group (a torch ProcessGroup, or None for
    shoal's world), rank, world_size, a handle cache and destroy()."""

    def _setup(self, cpu_group, enable_fault_tolerance):
        self.cpu_group = cpu_group
        if not hasattr(self, "rank"):  # plain class: no vLLM base to set these
            if cpu_group is None:
                if not shoal.initialized():
                    shoal.init()
                self.rank, self.world_size = shoal.my_pe(), shoal.n_pes()
            else:
                self.rank, self.world_size = cpu_group.rank(), cpu_group.size()
            self.dp_rank, self.dp_world_size, self.internode = self.rank, self.world_size, False
        if enable_fault_tolerance is None:
            cfg = optional_import("vllm.config")
            get = getattr(cfg, "get_current_vllm_config", None) if cfg else None
            pc = getattr(get(), "parallel_config", None) if get else None
            enable_fault_tolerance = bool(getattr(pc, "enable_fault_tolerance", False))
        self.support_fault_tolerance = bool(enable_fault_tolerance)
        self.handle_cache = {}
        self.num_sms = 20

    def _cached(self, key, make):
        h = self.handle_cache.get(key)
        if h is None:
            h = self.handle_cache[key] = make()
        return h

    @staticmethod
    def _check_keys(call, kwargs, allowed):
        bad = sorted(set(kwargs) - set(allowed))
        if bad:
            _fail(call, f"unknown argument(s) {bad} (expected some of {sorted(allowed)})")

    def destroy(self) -> None:
        """Collective: destroys every cached Buffer, in creation order."""
        for h in self.handle_cache.values():
            h.destroy()
        self.handle_cache.clear()

    def dispatch(self, *args, **kwargs):
        _fail(type(self).__name__ + ".dispatch", "DeepEP-style managers hand out buffers (get_handle); the "
                                                 "prepare/finalize classes dispatch")

    combine = dispatch


class _LLManager(_ManagerCommon):
    """vLLM's DeepEPLLAll2AllManager on shoal: get_handle(kwargs) returns a
    low-latency shoal.ep.Buffer, one per distinct kwargs (vLLM's keys:
    max_num_tokens_per_dp_rank, token_hidden_size, num_ep_ranks,
    num_global_experts, num_local_experts)."""

    _KEYS = ("max_num_tokens_per_dp_rank", "token_hidden_size", "num_ep_ranks", "num_global_experts",
             "num_local_experts")

    def get_handle(self, kwargs) -> Buffer:
        call = type(self).__name__ + ".get_handle"
        self._check_keys(call, kwargs, self._KEYS + ("stage",))
        missing = [k for k in self._KEYS if k not in kwargs]
        if missing:
            _fail(call, f"missing {missing}")
        R, E, H = kwargs["num_ep_ranks"], kwargs["num_global_experts"], kwargs["token_hidden_size"]
        if R != self.world_size:
            _fail(call, f"num_ep_ranks={R}, the group has {self.world_size} ranks")
        if E % R or kwargs["num_local_experts"] != E // R:
            _fail(call, f"num_global_experts={E} and num_local_experts={kwargs['num_local_experts']} do not "
                        f"split evenly over {R} ranks")
        if H % FP8_BLOCK:
            _fail(call, f"token_hidden_size={H} is not a multiple of {FP8_BLOCK}")
        T = kwargs["max_num_tokens_per_dp_rank"]

        def make():
            return Buffer(self.cpu_group, num_rdma_bytes=Buffer.get_low_latency_rdma_size_hint(T, H, R, E),
                          low_latency_mode=True, explicitly_destroy=True,
                          enable_shrink=self.support_fault_tolerance)
        self._last = self._cached(tuple(sorted((k, v) for k, v in kwargs.items() if k in self._KEYS)), make)
        return self._last

    def max_sms_used(self):
        return 0

    def query_active_mask(self):
        """[world_size] int32: 1 for a rank masked (by the caller, timed out
        or failed; Buffer.query_mask), 0 for an active one."""
        buf = getattr(self, "_last", None)
        if buf is None:
            _fail(type(self).__name__ + ".query_active_mask", "no buffer yet (get_handle first)")
        flags = [1 if s else 0 for s in buf.query_mask()]
        torch = sys.modules.get("torch")
        if shoal.platform == "cuda" and torch is not None:
            return torch.tensor(flags, dtype=torch.int32, device="cuda")
        import numpy as np
        return np.asarray(flags, dtype=np.int32)

    def query_fault(self):
        """True (as the mask's framework's scalar) when the mask changed since clean_buffers()."""
        current = self.query_active_mask()
        last = getattr(self, "_last_mask", None)
        if last is None:
            last = self._last_mask = current * 0
        return (current != last).any()

    def clean_buffers(self) -> None:
        buf = getattr(self, "_last", None)
        if buf is not None and buf.enable_shrink:
            buf.low_latency_clean_mask_buffer()
        self._last_mask = None


class _HTManager(_ManagerCommon):
    """vLLM's DeepEPHTAll2AllManager on shoal: get_handle({}) (what vLLM
    passes) returns a NormalBufferPool; with token_hidden_size (and
    optionally max_num_tokens_per_dp_rank, num_max_recv_tokens) a
    normal-mode shoal.ep.Buffer. The most tokens a rank dispatches at once:
    max_num_tokens_per_dp_rank, else $SHOAL_VLLM_HT_MAX_TOKENS, else
    shoal.ep.Buffer's default (4096, or the first call's count if larger)."""

    _KEYS = ("token_hidden_size", "max_num_tokens_per_dp_rank", "num_max_recv_tokens")

    def get_handle(self, kwargs):
        call = type(self).__name__ + ".get_handle"
        self._check_keys(call, kwargs, self._KEYS)
        cap = kwargs.get("max_num_tokens_per_dp_rank") or int(os.environ.get("SHOAL_VLLM_HT_MAX_TOKENS", 0)) or None
        common = dict(group=self.cpu_group, low_latency_mode=False, explicitly_destroy=True, num_max_tokens=cap,
                      num_max_recv_tokens=kwargs.get("num_max_recv_tokens", 0))
        key = tuple(sorted(kwargs.items()))
        if "token_hidden_size" not in kwargs:
            return self._cached(key, lambda: NormalBufferPool(**common))
        H = kwargs["token_hidden_size"]
        if H % FP8_BLOCK:
            _fail(call, f"token_hidden_size={H} is not a multiple of {FP8_BLOCK}")
        return self._cached(key, lambda: Buffer(hidden=H, **common))

    def set_num_sms(self, num_sms: int) -> None:
        Buffer.set_num_sms(min(int(num_sms), self.num_sms))


class ShoalLLAll2AllManager(_LLManager):
    __doc__ = _LLManager.__doc__

    def __init__(self, cpu_group=None, tcp_store_group=None, *, enable_fault_tolerance=False):
        self._setup(cpu_group, enable_fault_tolerance)


class ShoalHTAll2AllManager(_HTManager):
    __doc__ = _HTManager.__doc__

    def __init__(self, cpu_group=None, tcp_store_group=None):
        self._setup(cpu_group, False)


_MANAGER_CLASSES = []


def _base_manager():
    for name in ("vllm.distributed.device_communicators.base_device_communicator",
                 "vllm.backends.distributed.device_communicators.base_device_communicator"):
        m = optional_import(name)
        if m is not None and hasattr(m, "All2AllManagerBase"):
            return m.All2AllManagerBase
    return None


def make_all2all_manager_classes():
    """(LL, HT) manager classes: subclasses of vLLM's All2AllManagerBase
    (constructed as vLLM does: (cpu_group[, tcp_store_group])) when vLLM
    imports, else the plain classes."""
    base = _base_manager()
    if base is None:
        return ShoalLLAll2AllManager, ShoalHTAll2AllManager
    if not _MANAGER_CLASSES:
        takes_store = "tcp_store_group" in inspect.signature(base.__init__).parameters

        def init(self, cpu_group, tcp_store_group=None, *args, **kwargs):
            base.__init__(self, cpu_group, tcp_store_group) if takes_store else base.__init__(self, cpu_group)
            self._setup(cpu_group, None)
        _MANAGER_CLASSES.extend(type(name, (impl, base), {"__init__": init, "__module__": __name__,
                                                          "__doc__": impl.__doc__})
                                for name, impl in (("ShoalLLAll2AllManager", _LLManager),
                                                   ("ShoalHTAll2AllManager", _HTManager)))
    return tuple(_MANAGER_CLASSES)


# ------------------------------------------------------------------ selecting shoal inside vLLM

_A2A_MODULES = ("vllm.distributed.device_communicators.all2all",
                "vllm.backends.distributed.device_communicators.all2all")
_PF_MODULES = ("vllm.model_executor.layers.fused_moe.all2all_utils",)
patched = []
"""(module, attribute) pairs install() has replaced, for inspection."""


def _patch(module, names_to_values):
    for name, value in names_to_values.items():
        setattr(module, name, value)
        patched.append((module.__name__, name))


def _patch_managers(module):
    ll, ht = make_all2all_manager_classes()
    _patch(module, {"DeepEPLLAll2AllManager": ll, "DeepEPHTAll2AllManager": ht})


def _patch_prepare_finalize(module):
    ll, ht = make_prepare_finalize_classes()
    _patch(module, {"DeepEPLLPrepareAndFinalize": ll, "DeepEPHTPrepareAndFinalize": ht})
    if not hasattr(module, "DEEPEP_QUANT_BLOCK_SHAPE"):
        _patch(module, {"DEEPEP_QUANT_BLOCK_SHAPE": [FP8_BLOCK, FP8_BLOCK]})


def install(deep_ep_alias: bool = True) -> None:
    """Makes vLLM's deepep_low_latency / deepep_high_throughput backends run
    on shoal in this process: replaces the DeepEP manager classes in vLLM's
    all2all module and the DeepEP prepare/finalize classes in
    fused_moe.all2all_utils, now or as soon as vLLM imports them.
    deep_ep_alias: when the real deep_ep package is not installed, register
    shoal.ep under the name deep_ep so vLLM's has_deep_ep() checks pass.
    Idempotent; call it in every vLLM process (plugin() does)."""
    from . import install_hooks
    install_hooks("vllm", deep_ep_alias, [(_A2A_MODULES, _patch_managers), (_PF_MODULES, _patch_prepare_finalize)])


PTH_LINE = ('import os; os.environ.get("SHOAL_VLLM") == "1" and '
            '__import__("shoal.integrations.vllm").integrations.vllm.install()')
"""A line for a .pth file in site-packages: install() in every Python process started with SHOAL_VLLM=1."""


def plugin() -> None:
    """Entry point for vLLM's 'vllm.general_plugins' group (run in every
    vLLM process): install() when SHOAL_VLLM=1."""
    if os.environ.get("SHOAL_VLLM", "") in ("1", "true", "yes"):
        install()
