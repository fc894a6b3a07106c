"""Report v2: intervals, exact McNemar with Holm, run identities, and a report over a mixed log folder."""

import csv
import importlib.util
import math

import numpy as np
import pandas as pd
import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import MemoryDataset
from inspect_ai.solver import solver
from omegaconf import OmegaConf
from omseval.scorers.compliance import compliance
from omseval.scorers.epochs import epochs as scorer_epochs

from omseval.audit import audit
from omseval.errors import UserError
from omseval.record import ATTEMPTS_KEY
from omseval.report.__main__ import main as report_main
from omseval.report.logs import identity
from omseval.report.stats import holm, mcnemar, paired_permutation, pairs_needed
from omseval.report.summary import report, write_csv
from omseval.run_summary import wilson
from omseval.samples import question_sample
from omseval.tasks import compose_config
from tests.conftest import ROOT, run_module


@pytest.mark.parametrize(
    "passed, n, low, high", [(8, 10, 0.490162, 0.943318), (0, 5, 0.0, 0.434482), (5, 5, 0.565518, 1.0)]
)
def test_wilson_matches_hand_computed_intervals(passed, n, low, high):
    # centre (p + z²/2n) / (1 + z²/n), half-width z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n), z = 1.959964
    assert wilson(passed, n) == pytest.approx((low, high), abs=1e-6)


def test_wilson_of_nothing_is_undefined():
    assert all(pd.isna(x) for x in wilson(0, 0))


@pytest.mark.parametrize("b, c, p", [(5, 0, 2 * 0.5**5), (1, 4, 2 * 6 / 32), (3, 3, 1.0), (0, 0, 1.0)])
def test_exact_mcnemar_matches_the_binomial_by_hand(b, c, p):
    assert mcnemar(b, c) == pytest.approx(p)


def test_holm_steps_down_and_keeps_order():
    # sorted 0.005, 0.01, 0.03, 0.04 -> x4, x3, x2, x1 = 0.02, 0.03, 0.06, 0.04 -> monotone 0.02, 0.03, 0.06, 0.06
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.6]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []


def config(approach="verbatim", store=None, limit=None, seed=None, *overrides):
    """A resolved config of the smaller corpus's replay experiment (mock model)."""
    named = {"approach": approach, "store": store, "limit": limit, "seed": seed}
    given = [f"{k}={v}" for k, v in named.items() if v is not None]
    cfg = compose_config(["experiment=replay", "corpus=smaller", "model=mock", *given, *overrides])
    return OmegaConf.to_container(cfg, resolve=True, enum_to_str=True)


def test_identity_keeps_apart_what_changes_results():
    base = identity(config(), "m", "c" * 64)
    assert base["seed"] == "pack-order" and base["limit"] == "all" and base["store"] == "sqlite"
    for other in (
        config(store="neo4j"),
        config(limit=3),
        config(seed=11),
        config("oms"),
        config("oms", None, None, None, "approach.top_k=3"),
        config("verbatim", None, None, None, "experiment.attempts=1"),
    ):
        assert identity(other, "m", "c" * 64) != base
    assert identity(config(), "m", "d" * 64) != base and identity(config(), "other", "c" * 64) != base


@solver
def kept_answers(answers: dict):
    """Stands in for the retry loop: keeps a fixed list of answers per question."""

    async def solve(state, generate):
        state.store.set(
            ATTEMPTS_KEY,
            [
                {"attempt": n, "answer": a, "error": None, "input_tokens": 100, "output_tokens": 10}
                for n, a in enumerate(answers[state.sample_id], 1)
            ],
        )
        return state

    return solve


def synthetic_log(log_dir, shipped, approach, passing, limit=None, store=None, seed=None, epochs=1):
    """A log of the smaller corpus where questions in `passing` pass first time and the others fail,
    then pass after one corrective message; each question asked `epochs` times."""
    pack, controls = shipped
    cfg = config(approach, store, limit, seed, f"epochs={epochs}")
    questions = pack.questions_of("smaller")[:limit]
    right = {q.question_id: controls[q.question_id]["positive"][0].answer for q in questions}
    wrong = {q.question_id: controls[q.question_id]["initial"][0].answer for q in questions}
    answers = {q: [right[q]] if q in passing else [wrong[q], right[q]] for q in right}
    rule = {r.rule_id: r for r in pack.rules}
    samples = [
        question_sample(q, q.question_id, q.intended_rule, approach, **audit(q, rule[q.rule_id], q.intended_rule))
        for q in questions
    ]
    metadata = {
        "config": cfg,
        "pack_checksum": pack.checksum,
        "model_label": "mockllm",
        "language_model": False,
        "guidance": {},
    }
    task = Task(
        name=f"replay_smaller_{approach}",
        dataset=MemoryDataset(samples),
        solver=kept_answers(answers),
        scorer=compliance(),
        metadata=metadata,
        epochs=scorer_epochs(epochs),
    )
    return eval(task, model="mockllm/model", log_dir=str(log_dir), display="none")[0]


@pytest.fixture(scope="module")
def mixed(tmp_path_factory, shipped):
    """A full verbatim run, a limit=3 run, an older full run of the same identity, and full `none` runs on two
    stores."""
    root = tmp_path_factory.mktemp("logs")
    ids = [q.question_id for q in shipped[0].questions_of("smaller")]
    synthetic_log(root / "old", shipped, "verbatim", passing=set())  # superseded by the rerun below
    synthetic_log(root / "a", shipped, "verbatim", passing=set(ids))
    synthetic_log(root / "b", shipped, "verbatim", passing=set(ids[:1]), limit=3)
    synthetic_log(root / "c", shipped, "none", passing=set(ids[::2]))
    synthetic_log(root / "d", shipped, "none", passing=set(), store="neo4j")
    return root


@pytest.fixture(scope="module")
def mixed_report(mixed):
    return report(str(mixed), baseline="verbatim", measure="first_attempt")


def test_report_keeps_runs_apart(mixed_report):
    r = mixed_report
    assert len(r.runs) == 4  # the older rerun is used once: not at all
    rates = r.rates[r.rates["level"] == "seed"]
    every = rates[(rates["questions"] == "all") & (rates["measure"] == "first_attempt")]
    verbatim = every[every["approach"] == "verbatim"].set_index("limit")
    assert verbatim.loc["all", "observations"] == 66 and verbatim.loc["all", "rate"] == 1.0  # the newest full run
    assert verbatim.loc["3", "observations"] == 3 and verbatim.loc["3", "passed"] == 1
    none = every[every["approach"] == "none"].set_index("store")
    assert none.loc["sqlite", "passed"] == 33 and none.loc["neo4j", "passed"] == 0
    row = verbatim.loc["all"]
    assert (row["ci_low"], row["ci_high"]) == pytest.approx(wilson(66, 66))
    effort = r.effort[r.effort["level"] == "seed"].set_index(["approach", "store", "limit", "questions"])
    assert effort.loc[("none", "sqlite", "all", "all"), "corrective_messages"] == 33
    assert effort.loc[("none", "sqlite", "all", "all"), "corrective_messages_mean"] == 0.5


def test_comparisons_pair_within_identity_and_adjust(mixed, mixed_report):
    every = mixed_report.comparisons
    c = every[every["measure"] == "first_attempt"]
    assert set(c["approach"]) == {"none"} and set(c["store"]) == {"sqlite"} and set(c["limit"]) == {"all"}
    assert set(c["level"]) == {"combined"}  # one seed: no per-seed rows
    by_type = c.set_index("questions")
    for qtype in ("familiar", "situational"):
        row = by_type.loc[qtype]
        assert row["pairs"] == 33 and row["approach_only"] == 0 and row["test"] == "McNemar exact"
        assert row["p_value"] == pytest.approx(mcnemar(row["baseline_only"], 0))
    assert by_type.loc["all", "pairs"] == 66
    assert list(c["p_holm"]) == pytest.approx(holm(list(c["p_value"])))  # one family per measure
    eventual = every[every["measure"] == "eventual"]
    assert (eventual["baseline_only"] + eventual["approach_only"]).sum() == 0  # both pass after one retry


@pytest.mark.slow
def test_unknown_baseline_or_measure_lists_what_the_logs_hold(mixed):
    with pytest.raises(UserError, match="unknown baseline 'foo'; the logs hold approaches: none, verbatim"):
        report(str(mixed), baseline="foo")
    result = run_module("omseval.report", str(mixed), "--measure", "speed")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "first_attempt, eventual" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_out_writes_markdown_csv_and_plots(mixed, tmp_path):
    out = tmp_path / "out"
    result = run_module("omseval.report", str(mixed), "--baseline", "verbatim", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "not a language model" in result.stdout and "p_holm" in result.stdout
    names = {p.name for p in out.iterdir()}
    assert {"report.md", "rates.csv", "comparisons.csv", "effort.csv", "guidance.csv", "tokens.csv"} <= names
    assert any(n.startswith("rates-") and n.endswith(".png") for n in names)
    assert any(n.startswith("guidance-size-") for n in names)
    rates = pd.read_csv(out / "rates.csv")
    assert {"ci_low", "ci_high", "ci", "observations", "excluded", "epochs", "seeds"} <= set(rates.columns)
    assert "p_holm" in pd.read_csv(out / "comparisons.csv").columns
    md = (out / "report.md").read_text()
    assert "Holm" in md and "![rates-replay-smaller-1](rates-replay-smaller-1.png)" in md
    tokens = pd.read_csv(out / "tokens.csv")
    assert set(tokens["answer_input_tokens"]) == {100 * n for n in (66, 3)} and set(
        tokens["answer_retry_cost_usd"]
    ) == {0}


def test_csv_cells_are_protected_as_the_pack_protects_them(tmp_path):
    write_csv(
        pd.DataFrame({"a": ["=SUM(A1)", "+1", "-x", "@y", "plain", "'=z"], "n": [1, -2, 3, 4, 5, 6]}),
        tmp_path / "t.csv",
    )
    rows = list(csv.reader(open(tmp_path / "t.csv", newline="", encoding="utf-8")))
    assert [r[0] for r in rows[1:]] == ["'=SUM(A1)", "'+1", "'-x", "'@y", "plain", "''=z"]
    assert rows[2][1] == "-2"  # numbers are not text cells


@pytest.fixture(scope="module")
def seeded(tmp_path_factory, shipped):
    """oms and verbatim over three seeds, two epochs each: oms passes 40 questions (which ones moves with
    the seed), verbatim the first 30."""
    root = tmp_path_factory.mktemp("seeded")
    ids = [q.question_id for q in shipped[0].questions_of("smaller")]
    for seed, shift in ((11, 0), (23, 2), (41, 4)):
        synthetic_log(root / f"oms-{seed}", shipped, "oms", set(ids[shift : 40 + shift]), seed=seed, epochs=2)
        synthetic_log(root / f"verbatim-{seed}", shipped, "verbatim", set(ids[:30]), seed=seed, epochs=2)
    return root, ids


@pytest.fixture(scope="module")
def seeded_report(seeded):
    return report(str(seeded[0]), baseline="oms")


def test_seeds_combine_into_one_row_per_approach(seeded_report):
    rates = seeded_report.rates
    first = rates[(rates["measure"] == "first_attempt") & (rates["questions"] == "all")]
    combined = first[first["level"] == "combined"].set_index("approach")
    assert list(combined.index) == ["oms", "verbatim"]  # one row per approach
    oms = combined.loc["oms"]
    assert oms["seeds"] == 3 and oms["epochs"] == 2 and oms["observations"] == 66 * 3 * 2
    assert oms["rate"] == pytest.approx(40 / 66) and oms["seed_sd"] == 0
    assert oms["ci"] == "bootstrap (questions)" and oms["ci_low"] < oms["rate"] < oms["ci_high"]
    naive = wilson(40 * 6, 66 * 6)  # as if the 396 answers were independent
    assert oms["ci_high"] - oms["ci_low"] > naive[1] - naive[0]
    per_seed = first[first["level"] == "seed"]
    assert sorted(per_seed.loc[per_seed["approach"] == "oms", "seed"]) == ["11", "23", "41"]  # kept in the CSV


def test_per_question_pass_fractions_over_seeds_and_epochs(seeded, seeded_report):
    _, ids = seeded
    q = seeded_report.questions.set_index(["approach", "question_id"])
    # ids[0] passes for oms under seed 11 only, ids[3] under 11 and 23, ids[10] under all three
    assert q.loc[("oms", ids[0]), "first_attempt_fraction"] == pytest.approx(1 / 3)
    assert q.loc[("oms", ids[3]), "first_attempt_fraction"] == pytest.approx(2 / 3)
    assert q.loc[("oms", ids[10]), "first_attempt_fraction"] == 1
    assert q.loc[("oms", ids[0]), "answers"] == 6 and q.loc[("oms", ids[0]), "seeds"] == 3


def test_comparisons_across_seeds_pair_by_question_with_a_permutation_test(seeded, seeded_report):
    _, ids = seeded
    c = seeded_report.comparisons
    c = c[(c["measure"] == "first_attempt") & (c["questions"] == "all")]
    row = c[c["level"] == "combined"].iloc[0]
    assert row["test"] == "permutation" and row["pairs"] == 66 * 3 * 2 and row["questions_n"] == 66
    # per-question pass fractions over seeds x epochs, worked out from the passing sets above
    oms = np.array([sum(q in ids[s : 40 + s] for s in (0, 2, 4)) / 3 for q in ids])
    verbatim = np.array([1.0 if q in ids[:30] else 0.0 for q in ids])
    assert row["difference"] == pytest.approx((verbatim - oms).mean())
    assert row["p_value"] == pytest.approx(paired_permutation(verbatim - oms))
    assert len(c[c["level"] == "seed"]) == 3  # per-seed tests stay in the CSV
    assert 1 <= row["design_effect"] <= 6 and 0 < row["detectable_80"] < 1
    discordance = (row["baseline_only"] + row["approach_only"]) / row["pairs"]
    needed = pairs_needed(0.05, discordance) * row["design_effect"]
    assert row["questions_for_5pt"] == math.ceil(needed / 6)


@pytest.mark.slow
def test_console_fits_120_columns_and_markdown_tables_ten(seeded, tmp_path):
    out = tmp_path / "out"
    result = run_module("omseval.report", str(seeded[0]), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert max(len(line) for line in result.stdout.splitlines()) <= 120
    assert "seeds 11 23 41, epochs 2" in result.stdout
    md = (out / "report.md").read_text()
    headers = [line for line in md.splitlines() if line.startswith("| ")]
    assert headers and max(line.count(" | ") + 1 for line in headers) <= 10
    assert "file_edit_hinted is the like-for-like comparison" in md and "resamples questions" in md


def test_options_are_checked_before_any_log_is_read(tmp_path, capsys, monkeypatch):
    def no_reading(*_):
        raise AssertionError("a log was read")

    monkeypatch.setattr("omseval.report.logs.runs", no_reading)
    assert report_main([str(tmp_path), "--measure", "speed"]) == 2
    assert "unknown measure 'speed'" in capsys.readouterr().err
    assert report_main([str(tmp_path), "--baseline", "omz"]) == 2
    assert "unknown approach 'omz'; one of: file_edit, file_edit_hinted, graphiti, none, oms" in capsys.readouterr().err
    assert report_main([str(tmp_path / "nothing-here")]) == 2
    assert "no such log folder" in capsys.readouterr().err


def test_plan_prints_the_power_of_a_planned_study(capsys):
    assert report_main(["--plan", "--questions", "320", "--discordance", "0.3"]) == 0
    out = capsys.readouterr().out
    planned = next(line for line in out.splitlines() if "<- planned" in line).split()
    # 320 independent pairs at 30% discordance: 8.5% detectable; a 5-point difference needs 940 pairs
    assert planned[:5] == ["1", "320", "320", "8.5%", "940"]
    assert max(len(line) for line in out.splitlines()) <= 120
    assert report_main(["--plan"]) == 2


def _results_table():
    spec = importlib.util.spec_from_file_location("results_table", ROOT / "bench" / "results_table.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_readme_results_block_is_written_from_logs_with_their_pack(seeded, shipped, tmp_path):
    results = _results_table()
    readme = tmp_path / "README.md"
    readme.write_text(f"# title\n\nbefore\n{results.BEGIN}\nold table\n{results.END}\nafter\n", encoding="utf-8")
    plot = tmp_path / "rates.png"
    assert results.main([str(seeded[0]), "--readme", str(readme), "--plot", str(plot)]) == 0
    text = readme.read_text(encoding="utf-8")
    assert text.startswith("# title\n\nbefore\n" + results.BEGIN) and text.endswith(results.END + "\nafter\n")
    assert "old table" not in text and f"pack {shipped[0].checksum[:12]}" in text
    assert "| oms | all | 66 |" in text and plot.stat().st_size > 0
    readme.write_text("no markers\n", encoding="utf-8")
    assert results.main([str(seeded[0]), "--readme", str(readme)]) == 2
    assert readme.read_text(encoding="utf-8") == "no markers\n"
