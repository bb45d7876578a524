"""A small MoE layer on shoal EP, in numpy (the sim platform):

    router -> top-k -> dispatch -> experts (numpy matmuls) -> combine

run twice, once with the low-latency kernels (DeepEP's batched layout,
weights applied by the combine) and once in normal mode (tokens once per
rank, weights applied by the experts' rank, unweighted combine), each
checked against the same layer computed locally without communication.

    shoalrun -n 4 python examples/python/moe_layer.py [--tokens 32] [--hidden 256]
"""
import argparse
import sys

import numpy as np

import shoal
from shoal.ep import Buffer

bf16, f32 = shoal.float32_to_bf16, shoal.bf16_to_float32


def calc_diff(x, y):
    x, y = np.asarray(x, np.float64) + 1, np.asarray(y, np.float64) + 1
    return float(1 - 2 * (x * y).sum() / (x * x + y * y).sum())


class Layer:
    """Router and expert weights, the same on every rank (one seed)."""

    def __init__(self, hidden, experts, topk, seed):
        g = np.random.default_rng(seed)
        self.topk = topk
        self.router = g.standard_normal((hidden, experts)).astype(np.float32) / np.sqrt(hidden)
        self.w = g.standard_normal((experts, hidden, hidden)).astype(np.float32) / np.sqrt(hidden)

    def route(self, x):
        logits = f32(x) @ self.router
        idx = np.argsort(-logits, axis=1, kind="stable")[:, : self.topk]
        top = np.take_along_axis(logits, idx, axis=1)
        w = np.exp(top - top.max(axis=1, keepdims=True))
        return idx.astype(np.int64), (w / w.sum(axis=1, keepdims=True)).astype(np.float32)

    def expert(self, e, rows):
        """bf16 rows -> bf16 expert output."""
        return bf16(np.maximum(f32(rows) @ self.w[e], 0))

    def reference(self, x, idx, w):
        out = np.zeros(x.shape, np.float32)
        for k in range(self.topk):
            for e in np.unique(idx[:, k]):
                sel = idx[:, k] == e
                out[sel] += w[sel, k, None] * f32(self.expert(e, x[sel]))
        return out


def low_latency(buf, layer, x, idx, w, max_tokens, experts):
    (recv_x, recv_count, handle, _, _) = buf.low_latency_dispatch(x, idx, max_tokens, experts, use_fp8=False)
    me, L = shoal.my_pe(), experts // shoal.n_pes()
    y = np.zeros(recv_x.shape, np.uint16)
    for e in range(L):
        n = int(recv_count[e])
        y[e, :n] = layer.expert(me * L + e, recv_x[e, :n])
    out, _, _ = buf.low_latency_combine(y, idx, w, handle)
    return f32(out)


def normal(buf, layer, x, idx, w, experts):
    per_rank, _, per_expert, in_rank, _ = buf.get_dispatch_layout(idx, experts)
    recv_x, recv_idx, recv_w, counts, handle, _ = buf.dispatch(
        x, num_tokens_per_rank=per_rank, is_token_in_rank=in_rank, num_tokens_per_expert=per_expert,
        topk_idx=idx, topk_weights=w)
    me, L = shoal.my_pe(), experts // shoal.n_pes()
    # Each received token once: the weighted sum of this rank's experts for it.
    y = np.zeros((recv_x.shape[0], x.shape[1]), np.float32)
    for k in range(recv_idx.shape[1]):
        for e in range(L):
            sel = recv_idx[:, k] == e
            if sel.any():
                y[sel] += recv_w[sel, k, None] * f32(layer.expert(me * L + e, recv_x[sel]))
    out, _, _ = buf.combine(bf16(y), handle)
    return f32(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tokens", type=int, default=32)
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--experts-per-rank", type=int, default=2)
    ap.add_argument("--topk", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args()

    shoal.init()
    me, R = shoal.my_pe(), shoal.n_pes()
    E = a.experts_per_rank * R
    layer = Layer(a.hidden, E, a.topk, a.seed)
    tokens = np.random.default_rng([a.seed, me])
    x = bf16(tokens.standard_normal((a.tokens - me % 3, a.hidden)).astype(np.float32))  # T differs per rank
    idx, w = layer.route(x)
    ref = layer.reference(x, idx, w)

    ll = Buffer(None, low_latency_mode=True)
    out_ll = low_latency(ll, layer, x, idx, w, a.tokens, E)
    nm = Buffer(None, num_nvl_bytes=1 << 20, hidden=a.hidden, num_max_tokens=a.tokens)
    out_nm = normal(nm, layer, x, idx, w, E)
    ll.destroy()
    nm.destroy()

    d_ll, d_nm = calc_diff(out_ll, ref), calc_diff(out_nm, ref)
    ok = d_ll < 1e-4 and d_nm < 1e-4 and np.isfinite(out_ll).all() and np.isfinite(out_nm).all()
    print(f"moe_layer: PE {me}/{R}: {x.shape[0]} tokens, hidden {a.hidden}, {E} experts, top-{a.topk}: "
          f"low-latency calc_diff {d_ll:.2e}, normal calc_diff {d_nm:.2e} against the local layer: "
          f"{'OK' if ok else 'FAILED'}", flush=True)
    shoal.finalize()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
