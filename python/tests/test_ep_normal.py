"""EP normal mode through shoal.ep.Buffer (DeepEP's get_dispatch_layout /
dispatch / combine) against a numpy reference."""
import numpy as np
import pytest

import shoal
from shoal.ep import Buffer
from _ref import Inputs, bf16, calc_diff, e4m3_to_float32, f32, normal_combine_of_x

MAX_TOKENS, HIDDEN, TOPK = 16, 256, 3


def _layout_reference(inp, rank):
    R, E = inp.ranks, inp.experts
    L = E // R
    idx = inp.idx[rank]
    in_rank = np.zeros((inp.tokens[rank], R), bool)
    per_expert = np.zeros(E, np.int32)
    for t in range(inp.tokens[rank]):
        for e in idx[t]:
            if e >= 0:
                in_rank[t, e // L] = True
                per_expert[e] += 1
    return in_rank.sum(axis=0).astype(np.int32), per_expert, in_rank


def _recv_reference(inp, rank):
    L = inp.experts // inp.ranks
    rows = inp.normal_expected(rank)
    x = np.stack([inp.x[s][t] for s, t in rows]) if rows else np.zeros((0, HIDDEN), np.uint16)
    idx = np.full((len(rows), inp.topk), -1, np.int64)
    w = np.zeros((len(rows), inp.topk), np.float32)
    counts = np.zeros(L, np.int64)
    for r, (s, t) in enumerate(rows):
        for k, e in enumerate(inp.idx[s][t]):
            if e >= 0 and e // L == rank:
                idx[r, k] = e % L
                w[r, k] = inp.w[s][t, k]
                counts[e % L] += 1
    return rows, x, idx, w, counts


def _new_buffer(**kw):
    return Buffer(None, num_nvl_bytes=1 << 20, hidden=HIDDEN, num_max_tokens=MAX_TOKENS, **kw)


def test_normal_layout_dispatch_combine(rng):
    R, me = shoal.n_pes(), shoal.my_pe()
    E = 2 * R
    inp = Inputs(rng, R, MAX_TOKENS, HIDDEN, E, TOPK)
    buf = _new_buffer()
    x, idx, w = inp.x[me], inp.idx[me], inp.w[me]
    per_rank, per_node, per_expert, in_rank, event = buf.get_dispatch_layout(idx, E)
    layout = per_rank.copy(), per_node, per_expert.copy(), in_rank.copy()
    recv_x, recv_idx, recv_w, counts, handle, event = buf.dispatch(
        x, num_tokens_per_rank=per_rank, is_token_in_rank=in_rank, num_tokens_per_expert=per_expert,
        topk_idx=idx, topk_weights=w, expert_alignment=4)
    got = recv_x.copy(), recv_idx.copy(), recv_w.copy(), list(counts)
    # combine(dispatch(x)) = x times the number of ranks it went to.
    combined, combined_w, _ = buf.combine(recv_x, handle, topk_weights=recv_w)
    out = combined.copy()
    # Cached: the same routing, new data.
    x2 = bf16(rng.standard_normal(x.shape).astype(np.float32))
    recv2 = buf.dispatch(x2, handle=handle)
    got2 = recv2[0].copy()
    buf.destroy()

    ref_rank, ref_expert, ref_in = _layout_reference(inp, me)
    np.testing.assert_array_equal(layout[0], ref_rank)
    assert layout[1] is None  # one node
    np.testing.assert_array_equal(layout[2], ref_expert)
    np.testing.assert_array_equal(layout[3], ref_in)
    assert layout[3].dtype == np.bool_
    rows, rx, ridx, rw, rcounts = _recv_reference(inp, me)
    np.testing.assert_array_equal(got[0], rx)
    np.testing.assert_array_equal(got[1], ridx)
    np.testing.assert_array_equal(got[2], rw)
    assert got[3] == [int((c + 3) // 4 * 4) for c in rcounts]
    np.testing.assert_array_equal(out, normal_combine_of_x(x, ref_in))
    np.testing.assert_array_equal(combined_w, np.where(idx >= 0, w, 0))
    want2 = np.stack([x2[t] for s, t in rows if s == me]) if any(s == me for s, _ in rows) else None
    # Rows from other ranks carry their x2, which this rank does not know: check its own and the count.
    assert got2.shape == rx.shape
    if want2 is not None:
        mine = [r for r, (s, _) in enumerate(rows) if s == me]
        np.testing.assert_array_equal(got2[mine], want2)


def test_normal_fp8_and_worst_case(rng):
    R, me = shoal.n_pes(), shoal.my_pe()
    E = 2 * R
    inp = Inputs(rng, R, MAX_TOKENS, HIDDEN, E, TOPK, min_tokens=1)
    worst = R * MAX_TOKENS
    buf = _new_buffer(num_max_recv_tokens=worst)
    x = inp.x[me]
    xf = f32(x).reshape(-1, HIDDEN // 128, 128)
    scales = (np.abs(xf).max(axis=2) / 448).astype(np.float32)
    # e4m3 bits of x / scale by nearest decoded value (a small exact table).
    table = e4m3_to_float32(np.arange(256, dtype=np.uint8))
    finite = np.where(np.isnan(table), np.inf, table)
    q = np.abs((xf / scales[:, :, None]).reshape(-1)[:, None] - finite[None, :]).argmin(axis=1).astype(np.uint8)
    q = q.reshape(x.shape)
    per_rank, _, per_expert, in_rank, _ = buf.get_dispatch_layout(inp.idx[me], E)
    (rq, rs), ridx, rw, counts, handle, _ = buf.dispatch(
        (q, scales), num_tokens_per_rank=per_rank, is_token_in_rank=in_rank, num_tokens_per_expert=per_expert,
        topk_idx=inp.idx[me], topk_weights=inp.w[me], num_worst_tokens=worst)
    got = rq.copy(), rs.copy(), ridx.copy()
    status = buf.normal_status()
    buf.destroy()
    rows = inp.normal_expected(me)
    assert counts == [] and got[0].shape == (worst, HIDDEN) and got[1].shape == (worst, HIDDEN // 128)
    assert status == (0, 0)
    n = len(rows)
    # Sender-side quantisation is the caller's: check the bits arrived intact for this rank's own rows
    # and that every row dequantises close to its source.
    for r, (s, t) in enumerate(rows):
        deq = e4m3_to_float32(got[0][r]).reshape(-1, 128) * got[1][r][:, None]
        assert calc_diff(deq.reshape(-1), f32(inp.x[s][t])) < 9e-4, (r, s, t)
        if s == me:
            np.testing.assert_array_equal(got[0][r], q[t])
    np.testing.assert_array_equal(got[2][:n], _recv_reference(inp, me)[2])


def test_normal_errors(rng):
    R, me = shoal.n_pes(), shoal.my_pe()
    E = 2 * R
    buf = _new_buffer()
    idx = np.stack([rng.choice(E, 2, replace=False) for _ in range(4)]).astype(np.int64)
    x = bf16(rng.standard_normal((4, HIDDEN)).astype(np.float32))
    per_rank, _, per_expert, in_rank, _ = buf.get_dispatch_layout(idx, E)
    msgs = []
    for bad in (lambda: buf.dispatch(x),
                lambda: buf.dispatch(x, num_tokens_per_rank=np.zeros(R, np.int32), is_token_in_rank=in_rank,
                                     topk_idx=idx),
                lambda: buf.dispatch(x, num_tokens_per_rank=per_rank, is_token_in_rank=in_rank, topk_idx=idx.copy()),
                lambda: buf.dispatch(np.zeros((4, 128), np.uint16), num_tokens_per_rank=per_rank,
                                     is_token_in_rank=in_rank, topk_idx=idx),
                lambda: buf.dispatch(x, num_tokens_per_rank=per_rank, is_token_in_rank=in_rank, topk_idx=idx,
                                     num_worst_tokens=3),
                lambda: buf.combine(x, ("not", "a", "handle")),
                lambda: buf.dispatch(np.zeros((4, 200), np.uint16), num_tokens_per_rank=per_rank,
                                     is_token_in_rank=in_rank, topk_idx=idx)):
        with pytest.raises(shoal.Error) as e:
            bad()
        msgs.append(str(e.value))
    buf.destroy()
    assert "needs num_tokens_per_rank" in msgs[0]
    assert "does not come from this Buffer" in msgs[1]
    assert "not the array passed to get_dispatch_layout" in msgs[2]
    assert f"x has hidden 128, the Buffer was created with hidden={HIDDEN}" in msgs[3]
    assert "num_worst_tokens=3 differs from the receive capacity" in msgs[4]
    assert "handle must come from dispatch" in msgs[5]
    assert "x has hidden 200, the Buffer was created with hidden=256" in msgs[6]
    assert all(f"PE {me}" in m for m in msgs)


def test_normal_without_hidden_like_deepep(rng):
    """DeepEP's Buffer(group, num_nvl_bytes) learns hidden from x: the layout
    runs before it is known, the dispatch repeats it on x's buffer; a second
    round uses that buffer from the start."""
    R, me = shoal.n_pes(), shoal.my_pe()
    E = 2 * R
    buf = Buffer(None, num_nvl_bytes=1 << 20, num_max_tokens=MAX_TOKENS)
    outs = []
    for round_ in range(2):
        inp = Inputs(rng, R, MAX_TOKENS, HIDDEN, E, TOPK)
        x, idx = inp.x[me], inp.idx[me]
        per_rank, _, per_expert, in_rank, _ = buf.get_dispatch_layout(idx, E)
        ref_in = in_rank.copy()
        recv_x, _, _, _, handle, _ = buf.dispatch(x, num_tokens_per_rank=per_rank, is_token_in_rank=in_rank,
                                                  num_tokens_per_expert=per_expert, topk_idx=idx)
        got = recv_x.copy()
        combined, _, _ = buf.combine(recv_x, handle)
        outs.append((inp, got, combined.copy(), ref_in))
    buf.destroy()
    for inp, got, out, ref_in in outs:
        rows = inp.normal_expected(me)
        want = np.stack([inp.x[s][t] for s, t in rows]) if rows else np.zeros((0, HIDDEN), np.uint16)
        np.testing.assert_array_equal(got, want)
        np.testing.assert_array_equal(ref_in, _layout_reference(inp, me)[2])
        np.testing.assert_array_equal(out, normal_combine_of_x(inp.x[me], ref_in))
