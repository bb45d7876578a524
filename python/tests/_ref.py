"""numpy references for the EP tests: every PE builds every PE's inputs
from one seeded generator and computes what each rank must receive."""
import numpy as np

import shoal

bf16 = shoal.float32_to_bf16
f32 = shoal.bf16_to_float32


def e4m3_to_float32(q):
    """float8 e4m3fn bits (uint8) -> float32."""
    q = np.asarray(q).astype(np.uint32)
    sign = np.where(q & 0x80, -1.0, 1.0).astype(np.float32)
    exp = (q >> 3) & 0xF
    man = (q & 7).astype(np.float32)
    normal = (1.0 + man / 8.0) * np.exp2(exp.astype(np.float32) - 7.0)
    sub = man / 8.0 * np.float32(2.0 ** -6)
    v = np.where(exp == 0, sub, normal).astype(np.float32) * sign
    return np.where((q & 0x7F) == 0x7F, np.float32(np.nan), v).astype(np.float32)


def calc_diff(x, y):
    """DeepEP's similarity measure: 1 - 2 sum((x+1)(y+1)) / sum((x+1)^2 + (y+1)^2)."""
    x = np.asarray(x, dtype=np.float64) + 1
    y = np.asarray(y, dtype=np.float64) + 1
    return float(1 - 2 * (x * y).sum() / (x * x + y * y).sum())


class Inputs:
    """Every rank's x (bf16 bits), topk_idx (int64, some -1) and weights."""

    def __init__(self, rng, ranks, max_tokens, hidden, experts, topk, min_tokens=0, drop=0.1):
        self.ranks, self.hidden, self.experts, self.topk = ranks, hidden, experts, topk
        self.tokens = [int(rng.integers(min_tokens, max_tokens + 1)) for _ in range(ranks)]
        self.x, self.idx, self.w = [], [], []
        for t in self.tokens:
            self.x.append(bf16(rng.standard_normal((t, hidden)).astype(np.float32)))
            idx = np.stack([rng.choice(experts, size=topk, replace=False) for _ in range(t)]).astype(np.int64) \
                if t else np.zeros((0, topk), np.int64)
            idx[rng.random(idx.shape) < drop] = -1
            self.idx.append(idx)
            self.w.append(rng.random((t, topk)).astype(np.float32))

    def ll_expected(self, rank):
        """Per local expert of `rank`: [(src_rank, token)] in dispatch order."""
        L = self.experts // self.ranks
        out = [[] for _ in range(L)]
        for src in range(self.ranks):
            for t in range(self.tokens[src]):
                for e in self.idx[src][t]:
                    if e >= 0 and e // L == rank:
                        out[e % L].append((src, t))
        return out

    def normal_expected(self, rank):
        """Tokens `rank` receives in normal mode: [(src_rank, token)]."""
        L = self.experts // self.ranks
        rows = []
        for src in range(self.ranks):
            for t in range(self.tokens[src]):
                if any(e >= 0 and e // L == rank for e in self.idx[src][t]):
                    rows.append((src, t))
        return rows


def expert_fn(rows_bf16, global_expert):
    """The tests' "expert": x * (e + 1) / 8, rounded to bf16."""
    return bf16(f32(rows_bf16) * np.float32((global_expert + 1) / 8.0))


def normal_combine_of_x(x_bf16, is_token_in_rank):
    """Normal-mode combine of the dispatched rows sent back unchanged: each
    token is x times the number of ranks it went to. A token sent nowhere
    combines to +0, as a sum starting at zero does (x * 0 would keep x's
    sign and give -0 for negative x)."""
    sends = np.asarray(is_token_in_rank).sum(axis=1).astype(np.float32)
    return bf16(f32(x_bf16) * sends[:, None] + np.float32(0))
