"""Reports: pass-rate tables with exclusions, and exact McNemar tests paired by question."""

import pandas as pd
import pytest

from omseval.report import mcnemar, rates, summary
from tests.conftest import run_module


def frame(approach, first, qtype="familiar", eventual=None):
    n = len(first)
    return pd.DataFrame({
        "question_id": [f"q{i}" for i in range(n)], "question_type": qtype, "rule_id": [f"r{i}" for i in range(n)],
        "first_attempt": first, "eventual": eventual if eventual is not None else first, "attempts": 1,
        "corrective_messages": 0, "experiment": "replay", "corpus": "smaller", "model": "m", "seed": "pack",
        "approach": approach, "language_model": True,
    })


def test_summary_excludes_missing_evidence():
    df = frame("oms", [1, 0, None, 1], eventual=[1, None, None, 1])
    row = summary(df).set_index("question_type").loc["all"]
    assert row["n"] == 4 and row["first_excluded"] == 1 and row["first_attempt"] == pytest.approx(2 / 3)
    assert row["eventual_excluded"] == 2 and row["eventual"] == 1.0


def test_exact_mcnemar_on_discordant_pairs():
    df = pd.concat([frame("oms", [1, 1, 1, 1, 1, 0, 1]), frame("verbatim", [0, 0, 0, 0, 0, 0, 1])])
    test = mcnemar(df, "oms").iloc[0]
    assert (test["baseline_only"], test["approach_only"], test["pairs"]) == (5, 0, 7)
    assert test["p_value"] == pytest.approx(2 * 0.5 ** 5)  # two-sided exact binomial on 5 discordant pairs
    table = rates(df)
    assert set(table["approach"]) == {"oms", "verbatim"}


def test_missing_pairs_are_dropped():
    df = pd.concat([frame("oms", [1, None, 0]), frame("none", [0, 0, 0])])
    assert mcnemar(df, "oms").iloc[0]["pairs"] == 2


@pytest.mark.slow
def test_report_cli_over_real_logs(tmp_path):
    for approach in ("oms", "none"):
        result = run_module("omseval", f"log_dir={tmp_path}", "experiment=guidance", "corpus=smaller",
                            f"approach={approach}", "limit=6")
        assert result.returncode == 0, result.stderr
    report = run_module("omseval.report", str(tmp_path), "--csv", str(tmp_path / "rates.csv"))
    assert report.returncode == 0, report.stderr
    assert "Exact McNemar tests on first_attempt" in report.stdout and "not a language model" in report.stdout
    rates_csv = pd.read_csv(tmp_path / "rates.csv")
    assert set(rates_csv["approach"]) == {"oms", "none"} and set(rates_csv["n"]) >= {6}
