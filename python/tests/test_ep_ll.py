"""EP low-latency mode through shoal.ep.Buffer (DeepEP's API) against a
numpy reference: every received row, count, source index and combined
element is checked; outputs are poisoned first."""
import numpy as np
import pytest

import shoal
from shoal.ep import Buffer, LowLatencyHandle
from _ref import Inputs, bf16, calc_diff, e4m3_to_float32, expert_fn, f32

MAX_TOKENS, HIDDEN, TOPK = 12, 256, 3


def _shape():
    R = shoal.n_pes()
    return R, 2 * R  # 2 local experts per rank


def _check_dispatch(inp, rank, recv_x, recv_count, handle, fp8_scales=None):
    R = inp.ranks
    L = inp.experts // R
    expected = inp.ll_expected(rank)
    src_info, layout_range, max_tokens, hidden, experts, src_rank = handle
    assert (max_tokens, hidden, experts) == (MAX_TOKENS, HIDDEN, inp.experts)
    np.testing.assert_array_equal(recv_count, [len(rows) for rows in expected])
    for e in range(L):
        rows = expected[e]
        n = len(rows)
        want = np.stack([inp.x[s][t] for s, t in rows]) if n else np.zeros((0, HIDDEN), np.uint16)
        if fp8_scales is None:
            np.testing.assert_array_equal(recv_x[e, :n], want, err_msg=f"local expert {e}")
        else:
            deq = e4m3_to_float32(recv_x[e, :n]).reshape(n, HIDDEN // 128, 128) * fp8_scales[e, :n, :, None]
            if n:
                assert calc_diff(deq.reshape(n, HIDDEN), f32(want)) < 9e-4
                amax = np.abs(f32(want)).reshape(n, HIDDEN // 128, 128).max(axis=2)
                np.testing.assert_allclose(fp8_scales[e, :n], np.maximum(amax, 1e-4) / 448, rtol=1e-6, atol=1e-10)
        np.testing.assert_array_equal(src_info[e, :n], [t for _, t in rows])
        np.testing.assert_array_equal(src_rank[e, :n], [s for s, _ in rows])
        begin = 0
        for s in range(R):
            count = sum(1 for src, _ in rows if src == s)
            assert layout_range[e, s] == (begin << 32) | count, (e, s)
            begin += count


def _snap(handle):
    """The handle's arrays copied (they live in the buffer)."""
    assert isinstance(handle, LowLatencyHandle)
    return (handle[0].copy(), handle[1].copy(), handle[2], handle[3], handle[4], handle.src_rank.copy())


def _expert_outputs(inp, rank, recv_count, handle):
    R = inp.ranks
    L = inp.experts // R
    y = np.zeros((L, R * MAX_TOKENS, HIDDEN), np.uint16)
    expected = inp.ll_expected(rank)
    for e in range(L):
        for row, (s, t) in enumerate(expected[e]):
            y[e, row] = expert_fn(inp.x[s][t], rank * L + e)
    return y


def _combine_reference(inp, rank):
    out = np.zeros((inp.tokens[rank], HIDDEN), np.float32)
    for t in range(inp.tokens[rank]):
        for k in range(inp.topk):
            e = inp.idx[rank][t, k]
            if e >= 0:
                out[t] += inp.w[rank][t, k] * f32(expert_fn(inp.x[rank][t], e))
    return out


@pytest.mark.parametrize("use_fp8", [False, True])
def test_low_latency_round_trip(rng, use_fp8):
    R, E = _shape()
    me = shoal.my_pe()
    inp = Inputs(rng, R, MAX_TOKENS, HIDDEN, E, TOPK)
    buf = Buffer(None, 0, Buffer.get_low_latency_rdma_size_hint(MAX_TOKENS, HIDDEN, R, E), low_latency_mode=True)
    x, idx, w = inp.x[me], inp.idx[me], inp.w[me]
    results = []
    for it in range(2):  # both result slots
        recv_x, recv_count, handle, event, hook = buf.low_latency_dispatch(x, idx, MAX_TOKENS, E, use_fp8=use_fp8)
        if use_fp8:
            data, scales = recv_x
            snap = (data.copy(), scales.copy())
        else:
            snap = (recv_x.copy(), None)
        y = _expert_outputs(inp, me, recv_count, handle)
        out = np.full((inp.tokens[me], HIDDEN), 0xFFFF, np.uint16)  # poison (NaN)
        combined, event2, hook2 = buf.low_latency_combine(y, idx, w, handle, out=out)
        results.append((snap, recv_count.copy(), _snap(handle), combined is out, out.copy()))
    buf.destroy()
    assert hook is None and hook2 is None and event.event is None
    for snap, counts, handle, same, out in results:
        _check_dispatch(inp, me, snap[0], counts, handle, snap[1])
        assert same
        ref = _combine_reference(inp, me)
        if inp.tokens[me]:
            assert calc_diff(f32(out), ref) < 1e-5
            np.testing.assert_allclose(f32(out), ref, rtol=2e-2, atol=2e-2)


def test_low_latency_hooks_and_zero_copy(rng):
    R, E = _shape()
    me = shoal.my_pe()
    inp = Inputs(rng, R, MAX_TOKENS, HIDDEN, E, TOPK, min_tokens=1)
    buf = Buffer(None, low_latency_mode=True, allow_zero_copy=True, num_max_dispatch_tokens_per_rank=MAX_TOKENS,
                 hidden=HIDDEN, num_experts=E, num_topk=TOPK, use_fp8=False)
    x, idx, w = inp.x[me], inp.idx[me], inp.w[me]
    stats = np.zeros(E // R, np.int32)
    recv_x, recv_count, handle, event, hook = buf.low_latency_dispatch(
        x, idx, MAX_TOKENS, E, use_fp8=False, return_recv_hook=True, async_finish=True,
        cumulative_local_expert_recv_stats=stats)
    hook()
    event.current_stream_wait()
    snap = recv_x.copy(), recv_count.copy(), _snap(handle)
    y_region = buf.get_next_low_latency_combine_buffer(handle)
    y_region[...] = _expert_outputs(inp, me, recv_count, handle)
    combined, event2, hook2 = buf.low_latency_combine(None, idx, w, handle, zero_copy=True, return_recv_hook=True)
    hook2()
    out = combined.copy()
    buf.destroy()
    _check_dispatch(inp, me, snap[0], snap[1], snap[2])
    np.testing.assert_array_equal(stats, snap[1])
    assert y_region.shape == (E // R, R * MAX_TOKENS, HIDDEN)
    assert calc_diff(f32(out), _combine_reference(inp, me)) < 1e-5


def test_low_latency_ue8m0(rng):
    R, E = _shape()
    me = shoal.my_pe()
    inp = Inputs(rng, R, MAX_TOKENS, HIDDEN, E, TOPK, min_tokens=1)
    buf = Buffer(None, low_latency_mode=True)
    (data, scales), recv_count, handle, _, _ = buf.low_latency_dispatch(
        inp.x[me], inp.idx[me], MAX_TOKENS, E, use_fp8=True, round_scale=True, use_ue8m0=True)
    data, scales, counts = data.copy(), scales.copy(), recv_count.copy()
    buf.destroy()
    L = E // R
    assert scales.dtype == np.int32 and scales.shape == (L, R * MAX_TOKENS, (HIDDEN + 511) // 512)
    expected = inp.ll_expected(me)
    np.testing.assert_array_equal(counts, [len(r) for r in expected])
    for e in range(L):
        for row, (s, t) in enumerate(expected[e]):
            exps = scales[e, row].view(np.uint8)[: HIDDEN // 128].astype(np.int32) - 127
            deq = e4m3_to_float32(data[e, row]).reshape(-1, 128) * np.exp2(exps.astype(np.float32))[:, None]
            assert calc_diff(deq.reshape(-1), f32(inp.x[s][t])) < 9e-4, (e, row)


def test_mask_update_and_query():
    R, me = shoal.n_pes(), shoal.my_pe()
    buf = Buffer(None, low_latency_mode=True, enable_shrink=True, num_max_dispatch_tokens_per_rank=4,
                 hidden=128, num_experts=R, num_topk=1, use_fp8=False)
    other = (me + 1) % R
    before = buf.query_mask()
    buf.low_latency_update_mask_buffer(other, True)
    status = np.full(R, -5, np.int32)
    buf.low_latency_query_mask_buffer(status)
    masked = buf.query_mask()
    buf.low_latency_clean_mask_buffer()
    after = buf.query_mask()
    with pytest.raises(shoal.Error, match=f"rank {me} cannot mask itself"):
        buf.low_latency_update_mask_buffer(me, True)
    buf.low_latency_clean_mask_buffer()
    buf.destroy()
    want = [1 if r == other else 0 for r in range(R)]
    assert before == [0] * R
    assert masked == want
    np.testing.assert_array_equal(status, want)
    assert after == [0] * R


def test_low_latency_errors(rng):
    R, E = _shape()
    me = shoal.my_pe()
    buf = Buffer(None, low_latency_mode=True)
    x = bf16(rng.standard_normal((4, HIDDEN)).astype(np.float32))
    idx = np.zeros((4, 2), np.int64)
    msgs = []
    for bad in (lambda: buf.low_latency_dispatch(x.astype(np.float32), idx, MAX_TOKENS, E),
                lambda: buf.low_latency_dispatch(np.zeros((4, 2 * HIDDEN), np.uint16)[:, ::2], idx, MAX_TOKENS, E),
                lambda: buf.low_latency_dispatch(x, idx[:3], MAX_TOKENS, E),
                lambda: buf.low_latency_dispatch(x, idx.astype(np.float32), MAX_TOKENS, E),
                lambda: buf.low_latency_dispatch(x, idx, 2, E),
                lambda: buf.low_latency_dispatch(x, idx, MAX_TOKENS, E, round_scale=True),
                lambda: buf.low_latency_combine(x, idx, idx, ("not", "a", "handle"))):
        with pytest.raises(shoal.Error) as e:
            bad()
        msgs.append(str(e.value))
    # An invalid shape reaches the C library, which fails on every rank alike.
    with pytest.raises(shoal.Error, match="hidden") as e:
        Buffer(None, low_latency_mode=True, num_max_dispatch_tokens_per_rank=8, hidden=100, num_experts=E)
    buf.destroy()
    assert "x must be bfloat16, got float32" in msgs[0]
    assert "contiguous" in msgs[1]
    assert "topk_idx has 3 rows, x has 4" in msgs[2]
    assert "topk_idx must be int32 or int64, got float32" in msgs[3]
    assert "more than num_max_dispatch_tokens_per_rank=2" in msgs[4]
    assert "round_scale" in msgs[5]
    assert "handle must come from low_latency_dispatch" in msgs[6]
    assert all(f"PE {me}" in m for m in msgs)
    assert "100" in str(e.value)


class _Group:
    """What shoal.ep.Buffer reads of a torch ProcessGroup."""

    def __init__(self, rank, size):
        self._rank, self._size = rank, size

    def rank(self):
        return self._rank

    def size(self):
        return self._size


def test_group_argument(rng):
    R, me = shoal.n_pes(), shoal.my_pe()
    buf = Buffer(_Group(me, R), low_latency_mode=True)
    team_buf = Buffer(team=shoal.TEAM_WORLD, low_latency_mode=True)
    ok = (buf.rank, buf.group_size, team_buf.rank, team_buf.group_size) == (me, R, me, R)
    buf.destroy()
    team_buf.destroy()
    with pytest.raises(shoal.Error, match=f"the group \\(rank {me} of {R + 1}\\) is not shoal's world"):
        Buffer(_Group(me, R + 1), low_latency_mode=True)
    assert ok
