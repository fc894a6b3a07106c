"""Exact McNemar tests and Holm's adjustment (scipy's exact binomial underneath); Wilson intervals are the
run summary's own (omseval.run_summary), so the summary and the report agree."""

from scipy.stats import binomtest


def mcnemar(b: int, c: int) -> float:
    """Exact two-sided McNemar p-value from the discordant pairs: b (baseline only), c (other only)."""
    return binomtest(b, b + c, 0.5).pvalue if b + c else 1.0


def holm(pvalues: list[float]) -> list[float]:
    """Holm's step-down adjustment of a family of p-values (family-wise error), in input order."""
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    adjusted, running = [0.0] * len(pvalues), 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(pvalues) - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted
