"""The report's statistics against hand-worked cases and a simulation: cluster bootstrap, paired permutation
test, McNemar's power, the design effect, Cohen's kappa and the epoch reducer."""

import math

import numpy as np
import pandas as pd
import pytest
from inspect_ai.scorer import Score

from omseval.identity import COLUMNS
from omseval.report.compare import judge_agreement
from omseval.report.rates import handoff, interval, prepare, rates
from omseval.report.stats import (
    cluster_bootstrap,
    cohen_kappa,
    design_effect,
    detectable,
    mcnemar,
    mean_interval,
    paired_permutation,
    pairs_needed,
)
from omseval.run_summary import wilson
from omseval.scorers.epochs import mean_answered


def test_cluster_bootstrap_of_a_two_question_study_spans_both_outcomes():
    # resamples of questions (0, 1) give means 0, 0.5, 1 with chances 1/4, 1/2, 1/4: the 2.5% and 97.5% points are 0, 1
    assert cluster_bootstrap(np.array([[0], [1]]), np.array([[1], [1]])) == (0.0, 1.0)


def test_cluster_bootstrap_matches_the_binomial_quantiles_by_hand():
    # 20 questions, 10 pass: a resample's rate is k/20 with k ~ Binomial(20, 1/2), whose 2.5% and 97.5% points
    # are k = 6 and 14 (cdf(5) = 0.021, cdf(6) = 0.058; cdf(13) = 0.942, cdf(14) = 0.979)
    passed = np.array([[1]] * 10 + [[0]] * 10)
    low, high = cluster_bootstrap(passed, np.ones_like(passed))
    assert low == pytest.approx(0.30, abs=0.05) and high == pytest.approx(0.70, abs=0.05)


def test_repeating_a_question_does_not_narrow_its_interval():
    """Ten identical epochs of each of 40 questions: the interval is the one of 40 questions, not of 400
    independent answers."""
    passed = np.array([[1]] * 24 + [[0]] * 16)
    once = cluster_bootstrap(passed, np.ones_like(passed))
    repeated = cluster_bootstrap(passed * 10, np.full_like(passed, 10))
    assert repeated == pytest.approx(once)
    naive = wilson(240, 400)
    assert repeated[1] - repeated[0] > 1.5 * (naive[1] - naive[0])


def test_cluster_bootstrap_averages_seeds_and_is_reproducible():
    rng = np.random.default_rng(5)
    passed = rng.integers(0, 3, size=(30, 3))
    answered = np.full((30, 3), 2)
    first, again = cluster_bootstrap(passed, answered), cluster_bootstrap(passed, answered)
    assert first == again
    assert first[0] < (passed / answered).mean() < first[1]


def test_paired_permutation_by_hand():
    # five questions all better: 2 of the 2^5 sign patterns reach |mean| 1, so p = 2/32
    assert paired_permutation(np.ones(5)) == pytest.approx(2 / 32)
    # differences (1, -1, 0.5): every sign pattern reaches |sum| >= 0.5, so p = 1
    assert paired_permutation(np.array([1.0, -1.0, 0.5])) == pytest.approx(1.0)
    assert paired_permutation(np.zeros(4)) == 1.0
    # one question: +d and -d are equally extreme, so p = 1 (a two-question limit=1 run must not fail)
    assert paired_permutation(np.array([0.5])) == 1.0


def test_paired_permutation_on_single_answers_is_mcnemars_exact_test():
    """With one answer per question the differences are -1, 0, 1 and the sign-flip test is the exact McNemar."""
    for b, c, ties in ((1, 6, 5), (3, 3, 0), (0, 7, 2), (2, 9, 10)):
        differences = np.array([-1.0] * b + [1.0] * c + [0.0] * ties)
        assert paired_permutation(differences) == pytest.approx(mcnemar(b, c), abs=0.01)


def test_mean_interval_of_constant_differences_is_a_point():
    assert mean_interval(np.zeros(12)) == (0.0, 0.0)


def test_pairs_needed_matches_connors_formula_by_hand():
    # psi 0.3, delta 0.1: (1.959964 * sqrt(0.3) + 0.841621 * sqrt(0.29))^2 / 0.01 = 233.1
    assert pairs_needed(0.1, 0.3) == pytest.approx(233.1, abs=0.1)
    assert math.isinf(pairs_needed(0.2, 0.1))  # a difference larger than the discordance cannot happen


def test_detectable_difference_inverts_pairs_needed():
    for psi, delta in ((0.3, 0.1), (0.15, 0.05), (0.6, 0.2)):
        assert detectable(pairs_needed(delta, psi), psi) == pytest.approx(delta, rel=1e-6)
    assert math.isnan(detectable(5, 0.3))  # five pairs detect nothing at 80% power


def test_power_of_the_detectable_difference_by_simulation():
    """At the detectable difference, McNemar's test (normal approximation, alpha 0.05) rejects in about 80% of
    simulated studies with that many pairs and that discordance."""
    pairs, psi = 300, 0.3
    delta = detectable(pairs, psi)
    rng = np.random.default_rng(20261201)
    counts = rng.multinomial(pairs, [(psi - delta) / 2, (psi + delta) / 2, 1 - psi], size=20000)
    b, c = counts[:, 0], counts[:, 1]
    z = (c - b) / np.sqrt(np.maximum(b + c, 1))
    assert np.mean(np.abs(z) > 1.959964) == pytest.approx(0.80, abs=0.015)


def test_design_effect_counts_identical_repeats_once():
    rng = np.random.default_rng(1)
    per_question = rng.choice([-1.0, 0.0, 1.0], size=200)
    identical = np.repeat(per_question, 4)
    assert design_effect(per_question, identical, 4) == pytest.approx(4)
    independent = rng.choice([-1.0, 0.0, 1.0], size=(200, 4))
    assert design_effect(independent.mean(axis=1), independent.ravel(), 4) == pytest.approx(1, abs=0.35)
    assert design_effect(per_question, per_question, 1) == 1.0


def test_cohen_kappa_by_hand():
    # agreement 3/4; chance 0.5 * 0.25 + 0.5 * 0.75 = 0.5; kappa (0.75 - 0.5) / 0.5 = 0.5
    assert cohen_kappa(np.array([1, 1, 0, 0]), np.array([1, 0, 0, 0])) == pytest.approx(0.5)
    assert cohen_kappa(np.array([1, 0, 1]), np.array([1, 0, 1])) == pytest.approx(1.0)


def test_epochs_reduce_to_pass_fractions_and_keep_missing_evidence_apart():
    reduce = mean_answered()
    scores = [
        Score(value={"first_attempt": 1, "eventual": None, "attempts": 1}),
        Score(value={"first_attempt": 0, "eventual": None, "attempts": 3}),
        Score(value={"first_attempt": None, "eventual": 1, "attempts": 2}),
    ]
    assert reduce(scores).value == {"first_attempt": 0.5, "eventual": 1.0, "attempts": 2.0}
    assert reduce(scores[:2]).value["eventual"] is None  # missing evidence, never a fail


def test_rate_interval_says_what_it_resamples():
    once = pd.DataFrame({"question_id": list("abcd"), "seed": "11", "first_attempt": [1, 0, 1, 1]})
    assert interval(once, "first_attempt", "question_id", "seed")["ci"] == "Wilson (observations)"
    seeds = pd.concat([once.assign(seed=s) for s in ("11", "23")])
    row = interval(seeds, "first_attempt", "question_id", "seed")
    assert row["ci"] == "bootstrap (questions)" and row["rate"] == 0.75 and row["seed_sd"] == 0


RUN = dict.fromkeys(COLUMNS, "") | {  # one run's identity columns, as omseval.identity.columns gives them
    "experiment": "handoff",
    "corpus": "smaller",
    "approach": "file_edit",
    "model": "m",
    "temperature": "default",
    "judge": "none",
    "store": "-",
    "pack": "p",
    "seed": "pack-order",
    "limit": "all",
    "epochs": 1,
    "rules": "all",
    "code": "c",
}


def _handoff_frame() -> pd.DataFrame:
    rows = []
    for case in range(12):
        rows.append({"agent": "A", "case_id": f"h{case}", "case_seed": None, "probability": None, "first_attempt": 0})
        for schedule in (11, 23, 41):
            for p in (0, 100):
                arrived = p == 100 and case % 3 != 0
                rows.append(
                    {
                        "agent": "B",
                        "case_id": f"h{case}",
                        "case_seed": schedule,
                        "probability": p,
                        "first_attempt": int(arrived),
                        "arrived": arrived,
                        "present_before": False,
                        "recorded": p == 100,
                    }
                )
    return pd.DataFrame(rows).assign(**RUN)


def test_handoff_rows_per_probability_never_pool_agents_and_resample_cases():
    table = handoff(_handoff_frame())
    combined = table[table["level"] == "combined"].set_index(["agent", "probability"])
    assert set(combined.index) == {("agent A", "-"), ("agent B", 0), ("agent B", 100)}  # A and B never pooled
    full = combined.loc[("agent B", 100)]
    assert full["followed"] == pytest.approx(8 / 12) and full["cases"] == 12 and full["observations"] == 36
    assert full["ci"] == "bootstrap (cases)"
    # 12 cases seen under 3 schedules: wider than a Wilson interval over 36 independent answers
    naive = wilson(24, 36)
    assert full["followed_ci_high"] - full["followed_ci_low"] > naive[1] - naive[0]
    per_schedule = table[(table["agent"] == "agent B") & (table["level"] != "combined")]
    assert len(per_schedule) == 6


def _answers(first, strict, judge=None) -> pd.DataFrame:
    frame = pd.DataFrame(
        {
            "question_id": [f"q{i}" for i in range(len(first))],
            "question_type": "familiar",
            "seed": "11",
            "epoch": 1,
            "log": "a.eval",
            "first_attempt": first,
            "eventual": first,
            "strict_first_attempt": strict,
            "strict_eventual": strict,
        }
    )
    if judge is not None:
        frame = frame.assign(judge_first_attempt=judge, judge_eventual=judge)
    return frame.assign(**RUN | {"experiment": "replay", "seed": "11"})


def test_strict_verdict_is_kept_and_the_check_only_share_counted():
    df, held, from_check = prepare(_answers([1, 1, 1, 0], [1, 0, 0, 0]))
    assert not from_check and held == ["first_attempt", "eventual", "strict_first_attempt", "strict_eventual"]
    row = rates(df, held).set_index(["level", "questions", "measure"]).loc[("seed", "all", "strict_first_attempt")]
    assert row["rate"] == 0.25 and row["check_not_strict"] == 0.5  # two of four pass the check only


def test_logs_without_a_strict_verdict_get_the_check_and_say_so():
    df, _, from_check = prepare(_answers([1, 0, 1], [None, None, None]).drop(columns=["strict_eventual"]))
    assert from_check and list(df["strict_first_attempt"]) == [1, 0, 1] and list(df["strict_eventual"]) == [1, 0, 1]


def test_judge_agreement_with_both_verdicts():
    # judge (1,1,0,0) against the check (1,0,0,0): kappa 0.5 (worked above); against strict (1,1,0,0): 1
    table = judge_agreement(_answers([1, 0, 0, 0], [1, 1, 0, 0], judge=[1, 1, 0, 0]))
    row = table.set_index("verdict").loc["first_attempt"]
    assert row["kappa_check"] == pytest.approx(0.5) and row["kappa_strict"] == pytest.approx(1.0)
    assert (row["both_pass_check"], row["judge_only_check"], row["check_only"], row["both_fail_check"]) == (1, 1, 0, 2)
    assert row["judge_rate"] == 0.5


def test_a_rate_every_question_fails_still_has_an_upper_bound():
    """No resample of 20 failing questions passes; the interval is Wilson's over the 20 questions."""
    g = pd.concat(
        [pd.DataFrame({"question_id": [f"q{i}" for i in range(20)], "first_attempt": 0, "seed": s}) for s in "abc"]
    )
    row = interval(g, "first_attempt", "question_id", "seed")
    assert row["ci"] == "Wilson (questions)" and (row["ci_low"], row["ci_high"]) == pytest.approx(wilson(0, 20))
