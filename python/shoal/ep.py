"""shoal.ep: MoE expert-parallel dispatch and combine with DeepEP's Buffer API.

    from shoal.ep import Buffer          # instead of: from deep_ep import Buffer
    buf = Buffer(group, num_rdma_bytes=Buffer.get_low_latency_rdma_size_hint(128, 7168, R, 256),
                 low_latency_mode=True)
    recv_x, recv_count, handle, event, hook = buf.low_latency_dispatch(x, topk_idx, 128, 256)
    out, event, hook = buf.low_latency_combine(y, topk_idx, topk_weights, handle)

Methods, argument names and return tuples follow DeepEP's Buffer; the
differences (what shoal sizes at creation, what it does not support) are in
docs/python.md. Underneath, each distinct shape (max tokens, hidden,
experts, top-k, dispatch dtype, mode) gets its own C buffer
(include/shoal/ep.h), created collectively on first use, so every rank must
make the same calls in the same order, as DeepEP requires too.

Arrays: numpy on the sim platform (bfloat16 as uint16 bits, float8 as
uint8), torch or cupy on cuda. Results come back in the framework of `x`.
With numpy (host code, no stream order) every call returns after its
stream has finished.
"""

import array as _array

from . import _shoal as _C
from . import _arrays as _A
from ._arrays import Error, fail as _fail, stream_handle as _stream

__all__ = ["Buffer", "EventOverlap", "EventHandle", "Config", "LowLatencyHandle", "NormalHandle", "Error",
           "topk_idx_t"]

topk_idx_t = "int64"
"""DeepEP's topk_idx_t: int64 (int32 index arrays work too)."""

_INDEX = {"int64": _C.EP_INDEX_INT64, "int32": _C.EP_INDEX_INT32}


class Config:
    """DeepEP's tuning Config: accepted and ignored (shoal tunes channels at
    creation: Buffer(normal_channels=...), SHOAL_EP_* variables)."""

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs


# ------------------------------------------------------------------ events

class EventHandle:
    """A CUDA event recorded on `stream` (default: the current stream)."""

    def __init__(self, stream=None):
        self._stream = _stream(stream)
        self._ev = _C.event_create()
        _C.event_record(self._ev, self._stream)

    def current_stream_wait(self, stream=None) -> None:
        _C.stream_wait_event(_stream(stream), self._ev)

    def synchronize(self) -> None:
        _C.event_synchronize(self._ev)

    def query(self) -> bool:
        return _C.event_query(self._ev)

    def __del__(self):
        ev, self._ev = getattr(self, "_ev", 0), 0
        if ev and _C is not None:
            try:
                _C.event_destroy(ev)
            except Exception:  # interpreter shutdown
                pass


class EventOverlap:
    """DeepEP's EventOverlap: `event.current_stream_wait()`, or
    `with event: ...` (the current stream waits on leaving)."""

    def __init__(self, event=None, extra_tensors=None):
        self.event = event
        self.extra_tensors = extra_tensors
        self.hook_after_wait = None

    def current_stream_wait(self, release_handle: bool = False) -> None:
        assert self.event is not None, "EventOverlap: no event (pass async_finish=True)"
        self.event.current_stream_wait()
        if self.hook_after_wait is not None:
            hook, self.hook_after_wait = self.hook_after_wait, None
            hook()
        if release_handle:
            self.event = None

    def register_hook_after_wait(self, hook) -> None:
        assert self.hook_after_wait is None, "EventOverlap: a hook is already registered"
        self.hook_after_wait = hook

    def __call__(self, release_handle: bool = False) -> "EventOverlap":
        return self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.event is not None:
            self.current_stream_wait()
        return False


# ------------------------------------------------------------------ handles

class LowLatencyHandle(tuple):
    """DeepEP's low-latency handle: (src_info, layout_range,
    num_max_dispatch_tokens_per_rank, hidden, num_experts); src_info is
    the [L, R*max_tokens] int32 source-token index per received row."""

    def __new__(cls, rt, h, src_info, layout_range, src_rank, max_tokens, hidden, num_experts):
        t = super().__new__(cls, (src_info, layout_range, max_tokens, hidden, num_experts))
        t._rt, t._h, t.src_rank = rt, h, src_rank
        return t


class NormalHandle(tuple):
    """Normal mode's handle (opaque; pass it to combine or to a cached
    dispatch). Fields: is_token_in_rank, num_recv (None until known),
    recv_src_token, recv_rank_range."""

    def __new__(cls, rt, layout, topk_idx, topk_weights, idx_info, is_token_in_rank, recv_src_token,
                recv_rank_range, num_recv, rows):
        t = super().__new__(cls, (recv_rank_range, recv_src_token, is_token_in_rank))
        t._rt, t._layout, t._topk_idx, t._topk_weights, t._idx = rt, layout, topk_idx, topk_weights, idx_info
        t.is_token_in_rank, t.recv_src_token, t.recv_rank_range = is_token_in_rank, recv_src_token, recv_rank_range
        t.num_recv, t.rows = num_recv, rows
        return t


# ------------------------------------------------------------------ runtime (one C buffer)

class _Runtime:
    """One C buffer (shoal_ep_buffer_t) and its shape."""

    def __init__(self, config: dict, key):
        self.key = key
        self.config = dict(config)
        self.c = _C.EpBuffer(config)
        self.config = self.c.config()
        self.rank = self.c.rank()
        self.num_ranks = self.c.num_ranks()
        self.local_experts = self.c.num_local_experts()
        self.layouts = {}
        from . import _at_finalize
        _at_finalize.append(self)

    def _release(self):
        if self.c.alive:
            self.c.destroy()

    def release(self):
        from . import _at_finalize
        if self in _at_finalize:
            _at_finalize.remove(self)
        self._release()


def _group_to_team(group, comm, call):
    """The shoal team for DeepEP's `group` (a torch ProcessGroup), an
    mpi4py `comm`, a shoal.Team, or None (every PE). Initialises shoal
    through a unique id broadcast over the group when it is not yet."""
    import shoal
    if isinstance(group, shoal.Team):
        if not shoal.initialized():
            raise Error(f"{call}: shoal is not initialised (shoal.init()) and a Team was given")
        return group
    if group is None and comm is None:
        if not shoal.initialized():
            shoal.init()
        return shoal.TEAM_WORLD
    if group is not None:
        rank, size = group.rank(), group.size()

        def bcast(obj):
            import torch.distributed as dist
            box = [obj]
            dist.broadcast_object_list(box, src=dist.get_global_rank(group, 0), group=group)
            return box[0]
    else:
        rank, size = comm.Get_rank(), comm.Get_size()

        def bcast(obj):
            return comm.bcast(obj, root=0)
    if not shoal.initialized():
        uid = shoal.get_uniqueid() if rank == 0 else None
        shoal.init_from_uid(bcast(uid), rank, size)
    if size != shoal.n_pes() or rank != shoal.my_pe():
        raise Error(f"{call}: PE {shoal.my_pe()}: the group (rank {rank} of {size}) is not shoal's world "
                    f"({shoal.n_pes()} PEs): pass a shoal.Team made with shoal.TEAM_WORLD.split_strided "
                    "on every PE")
    return shoal.TEAM_WORLD


class Buffer:
    """Expert-parallel dispatch/combine over a group of ranks (DeepEP's Buffer).

    DeepEP's arguments are accepted; num_nvl_bytes, num_rdma_bytes,
    num_qps_per_rank, allow_nvlink_for_low_latency_mode and allow_mnnvl do
    not size anything (shoal computes what each shape needs:
    shoal.ep.Buffer.bytes_needed). enable_shrink turns rank masking on.
    shoal's own keywords:
      team: a shoal.Team instead of group;
      num_max_dispatch_tokens_per_rank, hidden, num_experts, num_topk:
        create the C buffer now (else on first use, from the call);
        for normal mode, hidden here saves a layout kernel on the first
        dispatch of each shape (its layout call has no x);
      num_max_tokens: normal mode's token cap per rank (default 4096);
      num_max_recv_tokens: normal mode's receive capacity (default
        ranks x tokens; DeepEP's num_worst_tokens must equal it);
      allow_zero_copy: allocate the symmetric combine input that
        get_next_low_latency_combine_buffer returns;
      timeout_s, num_blocks, threads, normal_channels: as in shoal_ep_config_t.
    """

    num_sms: int = 20
    _num_sms_set = False

    def __init__(self, group=None, num_nvl_bytes: int = 0, num_rdma_bytes: int = 0,
                 low_latency_mode: bool = False, num_qps_per_rank: int = 24,
                 allow_nvlink_for_low_latency_mode: bool = True, allow_mnnvl: bool = False,
                 explicitly_destroy: bool = False, enable_shrink: bool = False, comm=None, *,
                 team=None, num_max_dispatch_tokens_per_rank: int = None, hidden: int = None,
                 num_experts: int = None, num_topk: int = None, use_fp8: bool = None, use_ue8m0: bool = False,
                 num_max_tokens: int = None, num_max_recv_tokens: int = 0, allow_zero_copy: bool = False,
                 timeout_s: float = 0.0, num_blocks: int = 0, threads: int = 0, normal_channels: int = 0):
        call = "shoal.ep.Buffer"
        self._team = _group_to_team(team if team is not None else group, comm, call)
        self.group = group if group is not None else comm
        self.rank = self._team.my_pe()
        self.group_size = self._team.n_pes()
        self.num_nvl_bytes, self.num_rdma_bytes = num_nvl_bytes, num_rdma_bytes
        self.low_latency_mode = low_latency_mode
        self.explicitly_destroy = explicitly_destroy
        self.enable_shrink = enable_shrink
        self._normal = (not low_latency_mode) or num_nvl_bytes > 0
        self._hidden = hidden
        self._seen_hidden = None
        self._num_topk = num_topk
        self._num_max_tokens = num_max_tokens
        self._max_recv = int(num_max_recv_tokens or 0)
        self._zero_copy = bool(allow_zero_copy)
        self._extra = {"timeout_s": float(timeout_s), "num_blocks": int(num_blocks), "threads": int(threads),
                       "normal_channels": int(normal_channels)}
        self._runtimes = {}
        self._masked = [0] * self.group_size
        self._destroyed = False
        if num_max_dispatch_tokens_per_rank is not None and hidden is not None and num_experts is not None:
            dtype = _C.EP_BF16 if use_fp8 is False else (_C.EP_FP8_UE8M0 if use_ue8m0 else _C.EP_FP8_E4M3)
            self._ll_runtime(num_max_dispatch_tokens_per_rank, hidden, num_experts, num_topk or 8, dtype)

    # --- lifetime

    def destroy(self) -> None:
        """Collective: releases this Buffer's memory (every rank, same order)."""
        for rt in self._runtimes.values():
            rt.release()
        self._runtimes.clear()
        self._destroyed = True

    def _live(self, call):
        if self._destroyed:
            raise Error(f"shoal.ep.Buffer.{call}: PE {_C.my_pe()}: the buffer was destroyed")

    # --- runtimes

    def _runtime(self, call, modes, max_tokens, hidden, num_experts, topk, dtype):
        self._live(call)
        key = (modes, max_tokens, hidden, num_experts, topk, dtype)
        rt = self._runtimes.get(key)
        if rt is None:
            cfg = {"max_tokens_per_rank": int(max_tokens), "hidden": int(hidden), "num_experts": int(num_experts),
                   "max_topk": int(topk), "dispatch_dtype": int(dtype), "team": self._team.handle,
                   "modes": int(modes), "enable_masking": int(bool(self.enable_shrink)),
                   "zero_copy": int(self._zero_copy and (modes & _C.EP_MODE_LOW_LATENCY) != 0)}
            cfg.update(self._extra)
            if modes & _C.EP_MODE_NORMAL:
                cfg["max_recv_tokens"] = self._max_recv
            else:
                cfg["normal_channels"] = 0
            rt = _Runtime(cfg, key)
            self._runtimes[key] = rt
            if any(self._masked):
                rt.c.set_masked_ranks(self._masked, 0)
        return rt

    def _ll_runtime(self, max_tokens, hidden, num_experts, topk, dtype):
        return self._runtime("low_latency_dispatch", _C.EP_MODE_LOW_LATENCY, max_tokens, hidden, num_experts,
                             max(int(topk), int(self._num_topk or 0)), dtype)

    # Normal mode's hidden size: Buffer(hidden=...), else the last dispatch's;
    # before any dispatch the layout runs on a small buffer (hidden 128) and
    # the dispatch repeats it on the buffer of x's hidden size (one layout
    # kernel more, once per shape).
    _LAYOUT_HIDDEN = 128

    def _normal_runtime(self, call, num_tokens, num_experts, topk, hidden=None):
        cap = int(self._num_max_tokens or max(4096, num_tokens))
        if num_tokens > cap:
            _fail(f"shoal.ep.Buffer.{call}", f"{num_tokens} tokens exceed num_max_tokens={cap}")
        hidden = hidden or self._hidden or self._seen_hidden or self._LAYOUT_HIDDEN
        return self._runtime(call, _C.EP_MODE_NORMAL, cap, hidden, num_experts,
                             max(int(topk), int(self._num_topk or 0)), _C.EP_BF16)

    # --- DeepEP's static helpers

    @staticmethod
    def get_low_latency_rdma_size_hint(num_max_dispatch_tokens_per_rank: int, hidden: int, num_ranks: int,
                                       num_experts: int) -> int:
        """Symmetric bytes a low-latency buffer of this shape takes (BF16
        dispatch, top-8: the larger case), per rank."""
        return _C.ep_bytes_needed({"max_tokens_per_rank": num_max_dispatch_tokens_per_rank, "hidden": hidden,
                                   "num_experts": num_experts, "max_topk": 8, "dispatch_dtype": _C.EP_BF16},
                                  num_ranks)

    @staticmethod
    def bytes_needed(num_ranks: int, **config) -> int:
        """Symmetric bytes for a config (keys of shoal_ep_config_t)."""
        return _C.ep_bytes_needed(config, num_ranks)

    @staticmethod
    def set_num_sms(new_num_sms: int) -> None:
        assert new_num_sms % 2 == 0, "The SM count must be even"
        Buffer.num_sms = new_num_sms
        Buffer._num_sms_set = True

    @staticmethod
    def capture() -> EventOverlap:
        return EventOverlap(EventHandle())

    @staticmethod
    def is_sm90_compiled() -> bool:
        return _C.platform == "cuda"

    @staticmethod
    def get_dispatch_config(num_ranks: int) -> Config:
        return Config(num_ranks)

    @staticmethod
    def get_combine_config(num_ranks: int) -> Config:
        return Config(num_ranks)

    def get_comm_stream(self):
        """shoal runs on the caller's stream: the current one."""
        import torch
        return torch.cuda.current_stream()

    def get_local_buffer_tensor(self, *args, **kwargs):
        raise Error("shoal.ep.Buffer.get_local_buffer_tensor: not supported (shoal's buffers are per shape; "
                    "use get_next_low_latency_combine_buffer or shoal.empty for symmetric memory)")

    # --- helpers

    @staticmethod
    def _wait_previous(previous_event, s):
        if previous_event is not None and previous_event.event is not None:
            previous_event.event.current_stream_wait(s)

    @staticmethod
    def _finish(fw, s, async_finish, tensors=None):
        if fw == "numpy":
            _C.stream_synchronize(s)
        return EventOverlap(EventHandle(s), tensors) if async_finish else EventOverlap(None)

    def _index(self, call, topk_idx, rows=None):
        i = _A.check(topk_idx, call, "topk_idx", dtype=("int64", "int32"), ndim=2)
        if rows is not None and i.shape[0] != rows:
            _fail(call, f"topk_idx has {i.shape[0]} rows, x has {rows}")
        if not 1 <= i.shape[1] <= _C.EP_MAX_TOPK:
            _fail(call, f"topk_idx has {i.shape[1]} columns (top-k), expected 1..{_C.EP_MAX_TOPK}")
        return i

    # ------------------------------------------------------------------ low latency

    def clean_low_latency_buffer(self, num_max_dispatch_tokens_per_rank: int, hidden: int,
                                 num_experts: int) -> None:
        """Nothing to clean: shoal's receive flags carry the dispatch's epoch."""
        self._live("clean_low_latency_buffer")

    def low_latency_dispatch(self, x, topk_idx, num_max_dispatch_tokens_per_rank: int, num_experts: int,
                             cumulative_local_expert_recv_stats=None, dispatch_wait_recv_cost_stats=None,
                             use_fp8: bool = True, round_scale: bool = False, use_ue8m0: bool = False,
                             async_finish: bool = False, return_recv_hook: bool = False, *, stream=None):
        """x [T, H] bf16, topk_idx [T, K] int64/int32 (-1: none) ->
        (recv_x, recv_count, handle, event, hook); recv_x is
        (e4m3 [L, R*max_tokens, H], scales) with use_fp8, else bf16
        [L, R*max_tokens, H]; scales fp32 [L, R*max_tokens, H/128] (row-major),
        or with use_ue8m0 int32 [L, R*max_tokens, ceil(H/512)]."""
        call = "shoal.ep.Buffer.low_latency_dispatch"
        xi = _A.check(x, call, "x", dtype="bfloat16", ndim=2)
        ii = self._index(call, topk_idx, xi.shape[0])
        if dispatch_wait_recv_cost_stats is not None:
            _fail(call, "dispatch_wait_recv_cost_stats is not supported (shoal's timeouts name the late rank)")
        if round_scale and not use_ue8m0:
            _fail(call, "round_scale without use_ue8m0 (fp32 power-of-two scales) is not supported: pass "
                        "use_ue8m0=True for packed UE8M0 scales, or round_scale=False")
        if use_ue8m0 and not use_fp8:
            _fail(call, "use_ue8m0 needs use_fp8=True")
        dtype = _C.EP_BF16 if not use_fp8 else (_C.EP_FP8_UE8M0 if use_ue8m0 else _C.EP_FP8_E4M3)
        T, H, K = xi.shape[0], xi.shape[1], ii.shape[1]
        if T > num_max_dispatch_tokens_per_rank:
            _fail(call, f"x has {T} tokens, more than num_max_dispatch_tokens_per_rank="
                        f"{num_max_dispatch_tokens_per_rank}")
        stats = None
        if cumulative_local_expert_recv_stats is not None:
            stats = _A.check(cumulative_local_expert_recv_stats, call, "cumulative_local_expert_recv_stats",
                             dtype="int32", ndim=1)
        rt = self._ll_runtime(num_max_dispatch_tokens_per_rank, H, num_experts, K, dtype)
        L, R = rt.local_experts, rt.num_ranks
        if stats is not None and stats.shape[0] != L:
            _fail(call, f"cumulative_local_expert_recv_stats has {stats.shape[0]} entries for {L} local experts")
        s = _stream(stream)
        r = rt.c.dispatch_ll(xi.ptr, ii.ptr, T, K, _INDEX[ii.dtype], bool(return_recv_hook), s)
        fw = xi.framework
        rows = R * num_max_dispatch_tokens_per_rank
        if dtype == _C.EP_BF16:
            recv_x = _A.wrap(r["recv_x"], (L, rows, H), "bfloat16", fw, rt)
        else:
            data = _A.wrap(r["recv_x"], (L, rows, H), "float8_e4m3fn", fw, rt)
            if dtype == _C.EP_FP8_E4M3:
                scales = _A.wrap(r["recv_scales"], (L, rows, H // 128), "float32", fw, rt)
            else:
                scales = _A.wrap(r["recv_scales"], (L, rows, (H + 511) // 512), "int32", fw, rt)
            recv_x = (data, scales)
        recv_count = _A.wrap(r["recv_count"], (L,), "int32", fw, rt)
        src_info = _A.wrap(r["recv_src_token"], (L, rows), "int32", fw, rt)
        src_rank = _A.wrap(r["recv_src_rank"], (L, rows), "int32", fw, rt)
        layout_range = _A.wrap(r["layout_range"], (L, R), "int64", fw, rt)
        handle = LowLatencyHandle(rt, r["handle"], src_info, layout_range, src_rank,
                                  num_max_dispatch_tokens_per_rank, H, num_experts)
        hook = None
        if return_recv_hook:
            raw_hook = r["hook"]

            def hook():
                raw_hook.run(s)
                if fw == "numpy":
                    _C.stream_synchronize(s)
                if stats is not None:
                    _accumulate(cumulative_local_expert_recv_stats, recv_count)
        event = self._finish(fw, s, async_finish, (x, topk_idx))
        if stats is not None and not return_recv_hook:
            _accumulate(cumulative_local_expert_recv_stats, recv_count)
        return recv_x, recv_count, handle, event, hook

    def low_latency_combine(self, x, topk_idx, topk_weights, handle, use_logfmt: bool = False,
                            zero_copy: bool = False, async_finish: bool = False, return_recv_hook: bool = False,
                            out=None, combine_wait_recv_cost_stats=None, *, stream=None):
        """x [L, R*max_tokens, H] bf16 (the experts' outputs in dispatch's
        layout), topk_idx / topk_weights [T, K] as dispatched ->
        (combined_x [T, H] bf16, event, hook): the top-k weighted sum."""
        call = "shoal.ep.Buffer.low_latency_combine"
        if not isinstance(handle, LowLatencyHandle):
            _fail(call, f"handle must come from low_latency_dispatch, got {type(handle).__name__}")
        if use_logfmt:
            _fail(call, "use_logfmt is not supported (combine sends bf16)")
        if combine_wait_recv_cost_stats is not None:
            _fail(call, "combine_wait_recv_cost_stats is not supported")
        rt, h = handle._rt, handle._h
        if not rt.c.alive:
            _fail(call, "the handle's buffer was destroyed")
        _, _, max_tokens, H, _ = handle
        L, R = rt.local_experts, rt.num_ranks
        ii = self._index(call, topk_idx, h.num_tokens)
        if ii.shape[1] != h.topk:
            _fail(call, f"topk_idx has {ii.shape[1]} columns, the dispatch had {h.topk}")
        wi = _A.check(topk_weights, call, "topk_weights", dtype="float32", shape=(h.num_tokens, h.topk))
        xi = None
        if not zero_copy:
            xi = _A.check(x, call, "x", dtype="bfloat16", shape=(L, R * max_tokens, H))
        oi = None
        if out is not None:
            oi = _A.check(out, call, "out", dtype="bfloat16", shape=(h.num_tokens, H))
        s = _stream(stream)
        o, raw_hook = rt.c.combine_ll(xi.ptr if xi else 0, ii.ptr, wi.ptr, h, _INDEX[ii.dtype], bool(zero_copy),
                                      bool(return_recv_hook), oi.ptr if oi else 0, s)
        fw = (xi or ii).framework
        combined = out if out is not None else _A.wrap(o, (h.num_tokens, H), "bfloat16", fw, rt)
        hook = None
        if return_recv_hook:
            def hook():
                raw_hook.run(s)
                if fw == "numpy":
                    _C.stream_synchronize(s)
        event = self._finish(fw, s, async_finish, (x, topk_idx, topk_weights))
        return combined, event, hook

    def get_next_low_latency_combine_buffer(self, handle):
        """The symmetric [L, R*max_tokens, H] bf16 region the next
        low_latency_combine(..., zero_copy=True) of this handle reads
        (needs Buffer(allow_zero_copy=True))."""
        call = "shoal.ep.Buffer.get_next_low_latency_combine_buffer"
        if not isinstance(handle, LowLatencyHandle):
            _fail(call, f"handle must come from low_latency_dispatch, got {type(handle).__name__}")
        rt = handle._rt
        if not rt.config["zero_copy"]:
            _fail(call, "the buffer has no zero-copy region: create it with Buffer(..., allow_zero_copy=True)")
        _, _, max_tokens, H, _ = handle
        fw = _A.framework_of(handle[0])
        return _A.wrap(rt.c.combine_input(handle._h), (rt.local_experts, rt.num_ranks * max_tokens, H),
                       "bfloat16", fw, rt)

    # --- masking (DeepEP's shrink mode: Buffer(enable_shrink=True))

    def low_latency_update_mask_buffer(self, rank_to_mask: int, mask: bool = False) -> None:
        call = "shoal.ep.Buffer.low_latency_update_mask_buffer"
        self._live("low_latency_update_mask_buffer")
        if not self.enable_shrink:
            _fail(call, "masking needs Buffer(..., enable_shrink=True)")
        if not 0 <= rank_to_mask < self.group_size:
            _fail(call, f"rank {rank_to_mask} is outside 0..{self.group_size - 1}")
        self._masked[rank_to_mask] = 1 if mask else 0
        for rt in self._runtimes.values():
            rt.c.set_masked_ranks(self._masked, _stream(None))

    def low_latency_clean_mask_buffer(self) -> None:
        self._live("low_latency_clean_mask_buffer")
        self._masked = [0] * self.group_size
        for rt in self._runtimes.values():
            rt.c.set_masked_ranks(self._masked, _stream(None))

    def query_mask(self, stream=None):
        """Per rank: 0 active, 1 masked by the caller, 2 timed out, 3 failed
        (its PE died or left); the worst over this Buffer's shapes."""
        self._live("query_mask")
        status = list(self._masked)
        for rt in self._runtimes.values():
            status = [max(a, b) for a, b in zip(status, rt.c.query_mask(_stream(stream)))]
        return status

    def low_latency_query_mask_buffer(self, mask_status) -> None:
        """Fills mask_status ([R] int32) with 1 for masked ranks (by the
        caller, timed out or failed), 0 for active ones."""
        call = "shoal.ep.Buffer.low_latency_query_mask_buffer"
        mi = _A.check(mask_status, call, "mask_status", dtype="int32", shape=(self.group_size,))
        host = _array.array("i", [1 if v else 0 for v in self.query_mask()])
        hi = _C.array_info(host)
        _C.memcpy(mi.ptr, hi[0], 4 * self.group_size, 0)
        _C.stream_synchronize(0)

    # ------------------------------------------------------------------ normal mode

    def get_dispatch_layout(self, topk_idx, num_experts: int, previous_event=None, async_finish: bool = False,
                            allocate_on_comm_stream: bool = False, *, stream=None):
        """topk_idx [T, K] -> (num_tokens_per_rank [R] int32,
        num_tokens_per_rdma_rank [nodes] int32 or None on one node,
        num_tokens_per_expert [E] int32, is_token_in_rank [T, R] bool, event)."""
        call = "shoal.ep.Buffer.get_dispatch_layout"
        ii = self._index(call, topk_idx)
        T, K = ii.shape
        rt = self._normal_runtime("get_dispatch_layout", T, num_experts, K)
        s = _stream(stream)
        self._wait_previous(previous_event, s)
        layout, r = rt.c.layout(ii.ptr, T, K, _INDEX[ii.dtype], s)
        fw = ii.framework
        R, nodes = rt.num_ranks, r["num_nodes"]
        per_rank = _A.wrap(r["tokens_per_rank"], (R,), "int32", fw, rt)
        per_node = _A.wrap(r["tokens_per_node"], (nodes,), "int32", fw, rt) if nodes > 1 else None
        per_expert = _A.wrap(r["tokens_per_expert"], (num_experts,), "int32", fw, rt)
        in_rank = _A.wrap(r["is_token_in_rank"], (T, R), "bool", fw, rt)
        rt.layouts[r["tokens_per_rank"]] = (layout, topk_idx, ii)
        event = self._finish(fw, s, async_finish, (topk_idx,))
        return per_rank, per_node, per_expert, in_rank, event

    def dispatch(self, x, handle=None, num_tokens_per_rank=None, num_tokens_per_rdma_rank=None,
                 is_token_in_rank=None, num_tokens_per_expert=None, topk_idx=None, topk_weights=None,
                 expert_alignment: int = 1, num_worst_tokens: int = 0, config=None, previous_event=None,
                 async_finish: bool = False, allocate_on_comm_stream: bool = False, *, stream=None):
        """Normal-mode dispatch -> (recv_x or (recv_x, recv_scales),
        recv_topk_idx, recv_topk_weights, num_recv_tokens_per_expert_list,
        handle, event). Without num_worst_tokens the receive count is read
        back (a host sync) and the outputs have exactly that many rows; with
        num_worst_tokens (= the Buffer's num_max_recv_tokens) nothing syncs,
        the outputs have that many rows and the list is empty."""
        call = "shoal.ep.Buffer.dispatch"
        x, x_scales = x if isinstance(x, tuple) else (x, None)
        fp8 = x_scales is not None
        xi = _A.check(x, call, "x", dtype="float8_e4m3fn" if fp8 else "bfloat16", ndim=2)
        T, H = xi.shape
        si = None
        if fp8:
            si = _A.check(x_scales, call, "x_scales", dtype="float32", shape=(T, H // 128))
        if self._hidden is not None and H != self._hidden:
            _fail(call, f"x has hidden {H}, the Buffer was created with hidden={self._hidden}")
        if H % 128 or not 128 <= H <= _C.EP_MAX_HIDDEN:
            _fail(call, f"x has hidden {H}: shoal needs a multiple of 128 from 128 to {_C.EP_MAX_HIDDEN}")
        if expert_alignment < 1:
            _fail(call, f"expert_alignment must be >= 1, got {expert_alignment}")
        s = _stream(stream)
        self._wait_previous(previous_event, s)
        cached = handle is not None
        if cached:
            if not isinstance(handle, NormalHandle):
                _fail(call, f"handle must come from dispatch, got {type(handle).__name__}")
            if topk_idx is not None or topk_weights is not None:
                _fail(call, "a cached dispatch (handle=) takes no topk_idx / topk_weights")
            rt, layout, ii = handle._rt, handle._layout, handle._idx
            topk_idx, wi = handle._topk_idx, None
        else:
            if num_tokens_per_rank is None or is_token_in_rank is None or topk_idx is None:
                _fail(call, "needs num_tokens_per_rank, is_token_in_rank and topk_idx from get_dispatch_layout "
                            "(or handle= for a cached dispatch)")
            pi = _A.check(num_tokens_per_rank, call, "num_tokens_per_rank", dtype="int32", ndim=1)
            rt = None
            for cand in self._runtimes.values():
                if pi.ptr in cand.layouts:
                    rt = cand
            if rt is None:
                _fail(call, "num_tokens_per_rank does not come from this Buffer's get_dispatch_layout")
            layout, _, ii_layout = rt.layouts[pi.ptr]
            ii = self._index(call, topk_idx, T)
            if ii.ptr != ii_layout.ptr or ii.shape != ii_layout.shape:
                _fail(call, "topk_idx is not the array passed to get_dispatch_layout")
            wi = None
            if topk_weights is not None:
                wi = _A.check(topk_weights, call, "topk_weights", dtype="float32", shape=(T, ii.shape[1]))
            if rt.config["hidden"] != H:
                # The layout ran before the hidden size was known: again on x's buffer.
                rt = self._normal_runtime("dispatch", T, rt.config["num_experts"], rt.config["max_topk"], hidden=H)
                layout, _ = rt.c.layout(ii.ptr, T, ii.shape[1], _INDEX[ii.dtype], s)
            self._seen_hidden = H
        if T != layout.num_tokens:
            _fail(call, f"x has {T} tokens, the layout {layout.num_tokens}")
        cap = None
        if num_worst_tokens:
            cap = rt.c.config()["max_recv_tokens"]
            if num_worst_tokens != cap:
                _fail(call, f"num_worst_tokens={num_worst_tokens} differs from the receive capacity {cap}: create "
                            f"the Buffer with num_max_recv_tokens={num_worst_tokens}")
        num_sms = Buffer.num_sms if Buffer._num_sms_set else 0
        r = rt.c.dispatch(xi.ptr, ii.ptr, wi.ptr if wi else 0, layout, si.ptr if si else 0, cached, num_sms, 0, s)
        fw = xi.framework
        L, K = rt.local_experts, ii.shape[1]
        capacity = r["capacity"]
        counts_list = []
        if num_worst_tokens:
            rows, num_recv = capacity, None
        else:
            _C.stream_synchronize(s)
            host = _array.array("i", [0] * (1 + L))
            hi = _C.array_info(host)
            _C.memcpy(hi[0], r["num_recv"], 4, s)
            _C.memcpy(hi[0] + 4, r["recv_expert_count"], 4 * L, s)
            _C.stream_synchronize(s)
            num_recv = host[0]
            if num_recv > capacity:
                _fail(call, f"this rank receives {num_recv} tokens, more than its capacity {capacity}: the rows past "
                            f"it were dropped; create the Buffer with num_max_recv_tokens>={num_recv}")
            rows = num_recv
            a = expert_alignment
            counts_list = [(c + a - 1) // a * a for c in host[1:]]
        idx_dtype = ii.dtype
        recv_x = _A.wrap(r["recv_x"], (rows, H), "float8_e4m3fn" if fp8 else "bfloat16", fw, rt)
        if fp8:
            recv_x = (recv_x, _A.wrap(r["recv_scales"], (rows, H // 128), "float32", fw, rt))
        recv_src = _A.wrap(r["recv_src_token"], (rows,), "int32", fw, rt)
        recv_range = _A.wrap(r["recv_rank_range"], (rt.num_ranks,), "int64", fw, rt)
        new_handle = NormalHandle(rt, r["handle"], topk_idx, topk_weights if not cached else handle._topk_weights,
                                  ii, is_token_in_rank if not cached else handle.is_token_in_rank, recv_src,
                                  recv_range, num_recv, rows)
        event = self._finish(fw, s, async_finish, (x, topk_idx))
        if cached:
            return recv_x, None, None, None, None, event
        recv_topk_idx = _A.wrap(r["recv_topk_idx"], (rows, K), idx_dtype, fw, rt)
        recv_topk_weights = _A.wrap(r["recv_topk_weights"], (rows, K), "float32", fw, rt)
        return recv_x, recv_topk_idx, recv_topk_weights, counts_list, new_handle, event

    def combine(self, x, handle, topk_weights=None, bias=None, config=None, previous_event=None,
                async_finish: bool = False, allocate_on_comm_stream: bool = False, *, stream=None, out=None):
        """x [rows, H] bf16 (row i: the expert output of received row i) ->
        (combined_x [T, H] bf16: the unweighted sum of each token's rows over
        the ranks it went to, in rank order, in fp32; combined_topk_weights
        (the dispatch's topk_weights with 0 where topk_idx is -1: each
        selection lives on one rank) or None; event)."""
        call = "shoal.ep.Buffer.combine"
        if not isinstance(handle, NormalHandle):
            _fail(call, f"handle must come from dispatch, got {type(handle).__name__}")
        if bias is not None:
            _fail(call, "bias is not supported (add it to the combined output)")
        rt, layout = handle._rt, handle._layout
        if not rt.c.alive:
            _fail(call, "the handle's buffer was destroyed")
        H = rt.config["hidden"]
        xi = _A.check(x, call, "x", dtype="bfloat16", ndim=2)
        if xi.shape[1] != H or xi.shape[0] < handle.rows:
            _fail(call, f"x must have shape [{handle.rows}, {H}] (the dispatch's received rows), got {list(xi.shape)}")
        T = layout.num_tokens
        oi = None
        if out is not None:
            oi = _A.check(out, call, "out", dtype="bfloat16", shape=(T, H))
        s = _stream(stream)
        self._wait_previous(previous_event, s)
        o = rt.c.combine(xi.ptr, handle._idx.ptr, 0, layout, oi.ptr if oi else 0, s)
        fw = xi.framework
        combined = out if out is not None else _A.wrap(o, (T, H), "bfloat16", fw, rt)
        weights = None
        if topk_weights is not None and handle._topk_weights is not None:
            weights = _masked_weights(handle._topk_weights, handle._topk_idx)
        event = self._finish(fw, s, async_finish, (x,))
        return combined, weights, event

    def normal_status(self, stream=None):
        """(overflow_needed, dropped_rows) over this Buffer's normal-mode
        shapes since the last call (reads and clears; syncs the stream)."""
        worst, dropped = 0, 0
        for rt in self._runtimes.values():
            if rt.key[0] & _C.EP_MODE_NORMAL:
                o, d = rt.c.normal_status(_stream(stream))
                worst, dropped = max(worst, o), dropped + d
        return worst, dropped

    def launch_info(self):
        """How each C buffer launches its kernels (blocks, threads, ...)."""
        return {rt.key: rt.c.launch_info() for rt in self._runtimes.values()}


def _masked_weights(w, idx):
    fw = _A.framework_of(w)
    if fw == "numpy":
        import numpy as np
        return np.where(np.asarray(idx) >= 0, w, np.float32(0))
    if fw == "torch":
        return w.masked_fill(idx < 0, 0)
    if fw == "cupy":
        import cupy
        return cupy.where(idx >= 0, w, cupy.float32(0))
    return w


def _accumulate(stats, counts):
    """stats += counts in place, in the caller's framework (stream-ordered
    for torch/cupy; numpy after the stream synchronised)."""
    stats[...] += counts
