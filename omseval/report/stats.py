"""The report's tests and intervals, on scipy's machinery: exact McNemar (binomial), a paired permutation test
and a cluster bootstrap (scipy.stats.permutation_test, scipy.stats.bootstrap), Holm's adjustment, McNemar's
power (Connor 1987) and Cohen's kappa. Wilson intervals are the run summary's own (omseval.run_summary), so the
summary and the report agree.
"""

import math
from statistics import NormalDist

import numpy as np
from scipy.optimize import brentq
from scipy.stats import binomtest, bootstrap, permutation_test

RESAMPLES = 2000  # bootstrap resamples
PERMUTATIONS = 9999  # permutation test resamples (exact when 2^n is smaller)
SEED = 0  # every resampling starts from this seed: a report is reproducible
ALPHA, POWER = 0.05, 0.80


def mcnemar(b: int, c: int) -> float:
    """Exact two-sided McNemar p-value from the discordant pairs: b (baseline only), c (other only)."""
    return float(binomtest(b, b + c, 0.5).pvalue) if b + c else 1.0


def holm(pvalues: list[float]) -> list[float]:
    """Holm's step-down adjustment of a family of p-values (family-wise error), in input order."""
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    adjusted, running = [0.0] * len(pvalues), 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(pvalues) - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def cluster_bootstrap(passed: np.ndarray, answered: np.ndarray) -> tuple[float, float]:
    """95% percentile interval of the mean over columns (seeds) of each column's pass rate, resampling rows
    (clusters: questions or cases) with replacement; `passed` and `answered` are clusters x columns counts,
    so every observation of a cluster (its epochs, its seeds) moves with it."""
    passed, answered = np.asarray(passed, dtype=float), np.asarray(answered, dtype=float)
    if len(passed) < 2:
        return math.nan, math.nan
    columns = passed.shape[1]

    def statistic(*samples: np.ndarray, axis: int = -1) -> np.ndarray:
        with np.errstate(invalid="ignore", divide="ignore"):
            rates = [samples[i].sum(axis=axis) / samples[columns + i].sum(axis=axis) for i in range(columns)]
        return np.nanmean(np.stack(rates), axis=0)

    data = [*passed.T, *answered.T]
    if _constant(passed, answered):  # every resample gives the same rate
        value = float(statistic(*data))
        return value, value
    result = bootstrap(
        data,
        statistic,
        n_resamples=RESAMPLES,
        paired=True,
        vectorized=True,
        method="percentile",
        rng=np.random.default_rng(SEED),
    )
    return float(result.confidence_interval.low), float(result.confidence_interval.high)


def _constant(passed: np.ndarray, answered: np.ndarray) -> bool:
    """Every cluster has the same pass rate: each resample gives the same statistic."""
    with np.errstate(invalid="ignore", divide="ignore"):
        rates = passed.sum(axis=1) / answered.sum(axis=1)
    rates = rates[~np.isnan(rates)]
    return len(rates) == 0 or bool(np.all(rates == rates[0]))


def mean_interval(values: np.ndarray) -> tuple[float, float]:
    """95% percentile bootstrap interval of a mean, resampling its values (one per question)."""
    if len(values) < 2 or np.all(values == values[0]):
        return (float(values[0]),) * 2 if len(values) else (math.nan, math.nan)
    result = bootstrap((values,), np.mean, n_resamples=RESAMPLES, method="percentile", rng=np.random.default_rng(SEED))
    return float(result.confidence_interval.low), float(result.confidence_interval.high)


def paired_permutation(differences: np.ndarray) -> float:
    """Two-sided p-value of a paired permutation test of mean difference 0: the sign of each question's
    difference (other minus baseline, in per-question pass fractions) is flipped at random."""
    if len(differences) < 2 or not np.any(differences):  # one question: its two sign flips give p = 1
        return 1.0
    result = permutation_test(
        (np.sort(differences),),  # sorted: the same p-value whatever order the questions come in
        np.mean,
        permutation_type="samples",
        n_resamples=PERMUTATIONS,
        rng=np.random.default_rng(SEED),
    )
    return float(result.pvalue)


def _z(p: float) -> float:
    return NormalDist().inv_cdf(p)


def pairs_needed(delta: float, discordance: float, alpha: float = ALPHA, power: float = POWER) -> float:
    """Independent pairs for McNemar's test to detect a difference `delta` in pass rates at the given power,
    when a share `discordance` of pairs disagree (Connor 1987, Biometrics 43:207)."""
    if not 0 < delta <= discordance <= 1:
        return math.inf
    root = _z(1 - alpha / 2) * math.sqrt(discordance) + _z(power) * math.sqrt(discordance - delta**2)
    return root**2 / delta**2


def detectable(pairs: float, discordance: float, alpha: float = ALPHA, power: float = POWER) -> float:
    """The smallest difference McNemar's test detects with `pairs` independent pairs at the given power
    (the inverse of `pairs_needed`); nan when no difference up to the discordance is detectable."""
    if pairs <= 0 or not 0 < discordance <= 1 or pairs_needed(discordance, discordance, alpha, power) > pairs:
        return math.nan
    if pairs_needed(1e-9, discordance, alpha, power) <= pairs:
        return 0.0
    return float(brentq(lambda d: pairs_needed(d, discordance, alpha, power) - pairs, 1e-9, discordance))


def design_effect(means: np.ndarray, pairs: np.ndarray, per_question: float) -> float:
    """How many times fewer independent pairs the repeated pairs of a question (its seeds and epochs) are
    worth: m * Var(per-question mean difference) / Var(one pair's difference), i.e. 1 + (m - 1) * rho with rho
    the intra-question correlation; kept within [1, m]. `means`: one per question; `pairs`: every pair's
    difference (-1, 0, 1); `per_question`: m, pairs per question."""
    m = per_question
    if m <= 1 or len(means) < 2 or np.var(pairs) == 0:
        return 1.0
    return float(min(max(m * np.var(means) / np.var(pairs), 1.0), m))


def cohen_kappa(a: np.ndarray, b: np.ndarray) -> float:
    """Cohen's kappa of two binary raters over the same items; nan when chance agreement is complete."""
    a, b = np.asarray(a, dtype=bool), np.asarray(b, dtype=bool)
    observed = np.mean(a == b)
    chance = a.mean() * b.mean() + (1 - a.mean()) * (1 - b.mean())
    return math.nan if chance == 1 else float((observed - chance) / (1 - chance))


def bootstrap_kappa(pairs: list[tuple[bool, bool]]) -> tuple[float, float, float]:
    """Cohen's kappa of (rater, label) pairs and its 95% percentile bootstrap interval, resampling pairs."""
    if not pairs:
        return math.nan, math.nan, math.nan
    a, b = (np.array(x, dtype=bool) for x in zip(*pairs, strict=True))
    value = cohen_kappa(a, b)
    if len(pairs) < 2 or math.isnan(value):
        return value, math.nan, math.nan
    rng = np.random.default_rng(SEED)
    picks = rng.integers(0, len(pairs), size=(RESAMPLES, len(pairs)))
    values = np.array([cohen_kappa(a[p], b[p]) for p in picks])
    values = values[~np.isnan(values)]
    return value, float(np.percentile(values, 2.5)), float(np.percentile(values, 97.5))
