"""The Python package with torch tensors on a GPU (tools/gpu-check.sh, stage
"python"; no pytest needed): symmetric tensors and put/get, EP low-latency
(BF16 and FP8) and normal mode through shoal.ep.Buffer, each checked against
the numpy reference of the sim tests. Prints one line per check and exits 1
on the first failure.

    PYTHONPATH=build/cuda/python shoalrun -n 2 python3 python/tests/gpu_smoke.py
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import shoal  # noqa: E402
from shoal.ep import Buffer  # noqa: E402
from _ref import Inputs, calc_diff, e4m3_to_float32, expert_fn, f32, normal_combine_of_x  # noqa: E402

import torch  # noqa: E402


def dev(a, bf=False):
    t = torch.from_numpy(np.ascontiguousarray(a)).cuda()
    return t.view(torch.bfloat16) if bf else t


def host(t):
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).cpu().numpy().view(np.uint16)
    if t.dtype == getattr(torch, "float8_e4m3fn", None):
        return t.view(torch.uint8).cpu().numpy()
    return t.cpu().numpy()


def check(name, ok, detail=""):
    print(f"gpu_smoke: PE {shoal.my_pe()}: {name}: {'ok' if ok else 'FAILED'} {detail}", flush=True)
    if not ok:
        os._exit(1)  # no finalize: shoalrun ends the other PEs at once


def main():
    shoal.init()
    torch.cuda.set_device(shoal._C.get_device())
    me, R = shoal.my_pe(), shoal.n_pes()
    rng = np.random.default_rng(int(os.environ.get("SHOAL_TEST_SEED", "20261207")))

    # Symmetric tensors, put, get.
    data = [rng.standard_normal(4096).astype(np.float32) for _ in range(R)]
    dest = shoal.empty(4096, "float32")
    check("empty is a torch cuda tensor", isinstance(dest, torch.Tensor) and dest.is_cuda, str(type(dest)))
    dest.fill_(float("nan"))
    torch.cuda.synchronize()
    shoal.barrier_all()
    shoal.put(dest, dev(data[me]), (me + 1) % R)
    shoal.barrier_all()
    check("put ring", np.array_equal(host(dest), data[(me - 1) % R]))
    back = torch.full((4096,), float("nan"), device="cuda")
    shoal.get(back, dest, (me + 1) % R)
    check("get", np.array_equal(host(back), data[me]))
    shoal.barrier_all()
    shoal.free(dest)

    # EP low latency.
    T, H, K, E = 64, 1024, 4, 4 * R
    inp = Inputs(rng, R, T, H, E, K)
    L = E // R
    for use_fp8 in (False, True):
        buf = Buffer(None, low_latency_mode=True)
        x, idx, w = dev(inp.x[me], bf=True), dev(inp.idx[me]), dev(inp.w[me])
        recv_x, recv_count, handle, _, _ = buf.low_latency_dispatch(x, idx, T, E, use_fp8=use_fp8)
        counts = host(recv_count)
        expected = inp.ll_expected(me)
        ok = list(counts) == [len(r) for r in expected]
        y = np.zeros((L, R * T, H), np.uint16)
        data_h = host(recv_x[0] if use_fp8 else recv_x)
        scales_h = host(recv_x[1]) if use_fp8 else None
        for e in range(L):
            rows = expected[e]
            want = np.stack([inp.x[s][t] for s, t in rows]) if rows else np.zeros((0, H), np.uint16)
            if use_fp8:
                deq = e4m3_to_float32(data_h[e, :len(rows)]).reshape(len(rows), -1, 128) * scales_h[e, :len(rows), :, None]
                ok = ok and (not rows or calc_diff(deq.reshape(len(rows), H), f32(want)) < 9e-4)
            else:
                ok = ok and np.array_equal(data_h[e, :len(rows)], want)
            for row, (s, t) in enumerate(rows):
                y[e, row] = expert_fn(inp.x[s][t], me * L + e)
        out, _, _ = buf.low_latency_combine(dev(y, bf=True), idx, w, handle)
        ref = np.zeros((inp.tokens[me], H), np.float32)
        for t in range(inp.tokens[me]):
            for k in range(K):
                if inp.idx[me][t, k] >= 0:
                    ref[t] += inp.w[me][t, k] * f32(expert_fn(inp.x[me][t], inp.idx[me][t, k]))
        diff = calc_diff(f32(host(out)), ref) if inp.tokens[me] else 0.0
        buf.destroy()
        check(f"low-latency {'fp8' if use_fp8 else 'bf16'} dispatch rows and counts", ok)
        check(f"low-latency {'fp8' if use_fp8 else 'bf16'} combine", diff < 1e-5, f"calc_diff {diff:.2e}")

    # EP normal mode: combine(dispatch(x)) = x times the ranks it went to.
    buf = Buffer(None, num_nvl_bytes=1 << 20, hidden=H, num_max_tokens=T)
    x, idx, w = dev(inp.x[me], bf=True), dev(inp.idx[me]), dev(inp.w[me])
    per_rank, _, per_expert, in_rank, _ = buf.get_dispatch_layout(idx, E)
    recv_x, recv_idx, recv_w, counts, handle, _ = buf.dispatch(
        x, num_tokens_per_rank=per_rank, is_token_in_rank=in_rank, num_tokens_per_expert=per_expert,
        topk_idx=idx, topk_weights=w)
    rows = inp.normal_expected(me)
    want = np.stack([inp.x[s][t] for s, t in rows]) if rows else np.zeros((0, H), np.uint16)
    check("normal dispatch rows", np.array_equal(host(recv_x), want), f"{len(rows)} rows")
    combined, _, _ = buf.combine(recv_x, handle)
    check("normal combine", np.array_equal(host(combined), normal_combine_of_x(inp.x[me], host(in_rank))))
    buf.destroy()
    shoal.finalize()
    return 0


if __name__ == "__main__":
    sys.exit(main())
