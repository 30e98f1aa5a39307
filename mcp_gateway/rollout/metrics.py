"""Success metrics over repeated rollouts of one task (void rollouts excluded from n)."""

from __future__ import annotations

from math import comb


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k (Chen et al. 2021): P(some of k samples passes), from n samples with c passes."""
    if k > n or n == 0:
        return float("nan")
    if n - c < k:
        return 1.0
    return 1.0 - comb(n - c, k) / comb(n, k)


def pass_hat_k(n: int, c: int, k: int) -> float:
    """pass^k (τ-bench): P(all of k samples pass), estimated from n samples with c passes."""
    if k > n or n == 0:
        return float("nan")
    return comb(c, k) / comb(n, k)


def summarize(outcomes: list[str], ks: list[int]) -> dict[str, float | int]:
    """Counts plus pass@k and pass^k for each k (outcomes: pass, fail, invalid, void)."""
    scored = [o for o in outcomes if o != "void"]
    n, c = len(scored), scored.count("pass")
    out: dict[str, float | int] = {
        "n": n,
        "passes": c,
        "fails": scored.count("fail"),
        "invalid": scored.count("invalid"),
        "void": outcomes.count("void"),
    }
    for k in ks:
        out[f"pass@{k}"] = pass_at_k(n, c, k)
        out[f"pass^{k}"] = pass_hat_k(n, c, k)
    return out
