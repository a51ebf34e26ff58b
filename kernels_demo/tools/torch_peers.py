#!/usr/bin/env python3
"""Measures PyTorch's own kernels at the shapes of recorded demo results and adds them to each
result's "peers" list, so a demo reads "x times PyTorch" beside "y % of the limit".

    python3 kernels_demo/tools/torch_peers.py RESULT.json [RESULT.json ...]

Each peer's figure uses the demo's own accounting: the bytes or FLOPs of the variant it is held
against (work.bytes / work.flops in the result) over PyTorch's median time, so the two numbers
differ only by time. Timing: CUDA events around batches of back-to-back calls after a 200 ms
warm-up, median of 20 batches, as the runner does. Where PyTorch (or its CUDA build, or an
operation) is missing, the peer is recorded as absent with the reason, never left out silently.
"""
import json
import math
import sys
import time


def load_torch():
    try:
        import torch  # noqa: F401
    except Exception as e:  # ImportError, or a broken install
        return None, "PyTorch is not importable here (%s)" % e.__class__.__name__
    import torch
    if not torch.cuda.is_available():
        return None, "PyTorch %s has no usable CUDA device here" % torch.__version__
    return torch, None


def median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])


def time_ms(torch, fn, warmup_ms=200.0, samples=20, batch_ms=2.0):
    """Median milliseconds per call."""
    fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    while (time.perf_counter() - t0) * 1e3 < warmup_ms:
        fn()
        torch.cuda.synchronize()
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    stop.record()
    stop.synchronize()
    one = max(start.elapsed_time(stop), 1e-3)
    reps = max(1, min(1000, int(batch_ms / one)))
    out = []
    for _ in range(samples):
        start.record()
        for _ in range(reps):
            fn()
        stop.record()
        stop.synchronize()
        out.append(start.elapsed_time(stop) / reps)
    return median(out)


# Each entry: demo id -> list of (our variant id, operation in words, builder). A builder gets
# torch and the result and returns a zero-argument callable that runs the operation once.

def softmax(torch, r):
    x = torch.randn(r["demo"]["size"], 16384, device="cuda")
    return lambda: torch.softmax(x, dim=-1)


def rmsnorm(torch, r):
    x = torch.randn(r["demo"]["size"], 4096, device="cuda")
    w = torch.randn(4096, device="cuda")
    if hasattr(torch.nn.functional, "rms_norm"):
        return lambda: torch.nn.functional.rms_norm(x, (4096,), w, 1e-6)
    return lambda: x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * w


def transpose(torch, r):
    n = r["demo"]["size"]
    x = torch.randn(n, n, device="cuda")
    return lambda: x.t().contiguous()


def reduction(torch, r):
    x = torch.randint(0, 256, (r["demo"]["size"],), device="cuda", dtype=torch.int32)
    return lambda: x.sum()


def sgemm(torch, r):
    n = r["demo"]["size"]
    torch.backends.cuda.matmul.allow_tf32 = False
    a, b = torch.rand(n, n, device="cuda") * 2 - 1, torch.rand(n, n, device="cuda") * 2 - 1
    return lambda: a @ b


def bf16_gemm(torch, n):
    a = (torch.rand(n, n, device="cuda") * 2 - 1).to(torch.bfloat16)
    b = (torch.rand(n, n, device="cuda") * 2 - 1).to(torch.bfloat16)
    return lambda: a @ b


def gemm_bf16(torch, r):
    n = min(8192, 2 * r["demo"]["size"])
    return bf16_gemm(torch, n)


def tc_gemm(torch, r):
    return bf16_gemm(torch, r["demo"]["size"])


def fp8_gemm(torch, r):
    n = r["demo"]["size"]
    if not hasattr(torch, "_scaled_mm"):
        raise RuntimeError("this PyTorch has no torch._scaled_mm")
    a = torch.randn(n, n, device="cuda").to(torch.float8_e4m3fn)
    b = torch.randn(n, n, device="cuda").to(torch.float8_e4m3fn).t()  # column-major, as _scaled_mm asks
    one = torch.tensor(1.0, device="cuda")
    return lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)


def attention_shape(r):
    # The flash-attention demo's problem: batch x heads = 32 at the default size, head dim 64.
    bh = int(r.get("_bh", 32))
    return bh, r["demo"]["size"], 64


def sdpa(backend_name):
    def build(torch, r):
        from torch.nn.attention import SDPBackend, sdpa_kernel
        bh, s, d = attention_shape(r)
        q, k, v = (torch.randn(1, bh, s, d, device="cuda", dtype=torch.bfloat16) for _ in range(3))
        backend = getattr(SDPBackend, backend_name)

        def run():
            with sdpa_kernel(backend):
                return torch.nn.functional.scaled_dot_product_attention(q, k, v)
        return run
    return build


def cumsum(torch, r):
    x = torch.randint(0, 16, (r["demo"]["size"],), device="cuda", dtype=torch.int32)
    return lambda: torch.cumsum(x, 0, dtype=torch.int32)


def bincount(torch, r):
    x = torch.randint(0, 256, (r["demo"]["size"],), device="cuda", dtype=torch.uint8)
    return lambda: torch.bincount(x.to(torch.int32), minlength=256)


PEERS = {
    "softmax": [("fused", "torch.softmax, fp32", softmax)],
    "rmsnorm-fusion": [("fused", "torch.nn.functional.rms_norm, fp32", rmsnorm)],
    "transpose": [("padded", "x.t().contiguous(), fp32", transpose)],
    "reduction": [(None, "torch.sum over int32", reduction)],
    "gemm": [("register-blocked", "torch.matmul, fp32, TF32 off", sgemm),
             ("cublaslt-bf16", "torch.matmul, bf16", gemm_bf16)],
    "tensor-core-gemm": [("mma-pipelined", "torch.matmul, bf16", tc_gemm)],
    "fp8-gemm": [("fp8-e4m3", "torch._scaled_mm, e4m3 in, bf16 out", fp8_gemm)],
    "flash-attention": [("flash-wmma", "scaled_dot_product_attention, math backend", sdpa("MATH")),
                        ("flash-wmma", "scaled_dot_product_attention, flash backend", sdpa("FLASH_ATTENTION"))],
    "prefix-scan": [("decoupled-lookback", "torch.cumsum over int32", cumsum)],
    "histogram": [(None, "torch.bincount over 256 bins", bincount)],
}


def best_hand_variant(r):
    """The fastest checked hand-written variant (no library), for demos whose peer compares
    against whichever of ours is best."""
    best = None
    for v in r["variants"]:
        if v.get("library") or v.get("skipped") or not v["correctness"]["passed"]:
            continue
        if v["time_ms"]["median"] is None:
            continue
        if best is None or v["time_ms"]["median"] < best["time_ms"]["median"]:
            best = v
    return best


def main(paths):
    torch, missing = load_torch()
    version = "PyTorch %s" % torch.__version__ if torch else "PyTorch"
    for path in paths:
        with open(path) as f:
            r = json.load(f)
        did = r.get("demo", {}).get("id")
        if did not in PEERS or not r.get("variants"):
            continue
        peers = [p for p in r.get("peers", []) if not p.get("library", "").startswith("PyTorch")]
        for ours_id, op, build in PEERS[did]:
            ours = next((v for v in r["variants"] if v["id"] == ours_id), None) if ours_id else best_hand_variant(r)
            entry = {"ours": ours["id"] if ours else (ours_id or ""), "peer": op, "library": version,
                     "source": "same machine, same call (kernels_demo/tools/torch_peers.py)",
                     "present": False, "absent_why": None, "peer_value": None,
                     "unit": r["demo"]["metric"], "times": None}
            if ours is None or ours.get("skipped") or ours["metric"]["value"] is None:
                entry["absent_why"] = "our variant did not run, so there is nothing to hold it against"
            elif missing:
                entry["absent_why"] = missing
            else:
                try:
                    ms = time_ms(torch, build(torch, r))
                    unit = ours["metric"]["unit"]
                    if unit == "GB/s":
                        value = ours["work"]["bytes"] / (ms * 1e-3) / 1e9
                        times = ours["metric"]["value"] / value
                    elif unit == "TFLOP/s":
                        value = ours["work"]["flops"] / (ms * 1e-3) / 1e12
                        times = ours["metric"]["value"] / value
                    else:  # time in microseconds: smaller is better
                        value = ms * 1e3
                        times = value / ours["metric"]["value"]
                    entry.update(present=True, peer_value=value, unit=unit, times=times,
                                 note="%.4f ms per call, measured with the demo's own byte/FLOP count" % ms)
                except Exception as e:  # an operation this PyTorch or GPU does not offer
                    entry["absent_why"] = "%s failed: %s" % (op, str(e).splitlines()[0][:200] if str(e) else type(e).__name__)
                finally:
                    torch.cuda.empty_cache()
            if entry["present"] and not math.isfinite(entry["times"]):
                entry.update(present=False, absent_why="non-finite comparison", times=None)
            peers.append(entry)
            print("%s/%s vs %s: %s" % (did, entry["ours"], op,
                  "%.2fx" % entry["times"] if entry["present"] else "absent: " + entry["absent_why"]))
        r["peers"] = peers
        with open(path, "w") as f:
            json.dump(r, f, separators=(",", ":"))
            f.write("\n")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: torch_peers.py RESULT.json [RESULT.json ...]")
    main(sys.argv[1:])
