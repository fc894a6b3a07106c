"""The report over log folders: runs kept apart by identity, intervals, exact McNemar with Holm, tables that fit
a terminal in one number format, metrics shown only where they apply, plots named for what they show, the
judge's calibration, and the table that ends a multirun."""

import csv
import importlib.util
import math
import re
import shlex
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import MemoryDataset
from inspect_ai.log import read_eval_log
from inspect_ai.solver import solver
from omegaconf import OmegaConf

from omseval.audit import audit
from omseval.config import options, plain
from omseval.errors import UserError
from omseval.identity import columns, identity
from omseval.record import ATTEMPTS_KEY
from omseval.report.__main__ import EXAMPLES
from omseval.report.__main__ import main as report_main
from omseval.report.stats import holm, mcnemar, paired_permutation, pairs_needed
from omseval.report.summary import report, write_csv
from omseval.run_summary import WIDTH, closing, run_summary, sweep_summary, wilson
from omseval.samples import question_sample
from omseval.scorers.compliance import compliance, question_metrics
from omseval.scorers.epochs import epochs as scorer_epochs
from omseval.validation import SweepCheck
from tests.helpers import ROOT, run_main, run_module, validated

INTERVAL = re.compile(r"\d+\.\d% \[\d+\.\d%, \d+\.\d%\]")  # 52.8% [44.2%, 59.5%]


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


REPLAY = ("experiment=replay", "corpus=smaller")


def test_the_report_keeps_apart_every_run_whose_identity_differs(tmp_path):
    """Each option that changes results gives the report another identity row; the log folder does not."""
    base = validated(tmp_path, *REPLAY, "model=mock", "approach=verbatim")
    row = columns(base.identity)
    assert row["seed"] == "pack-order" and row["limit"] == "all" and row["store"] == "-" and row["judge"] == "none"
    for overrides in (
        ["limit=3"],
        ["seed=11"],
        ["rules=5"],
        ["epochs=2"],
        ["approach=oms"],
        ["approach=oms", "approach.top_k=3"],
        ["experiment.attempts=1"],
        ["judge=offline"],
        ["model=offline"],
    ):
        other = validated(tmp_path, *REPLAY, "model=mock", "approach=verbatim", *overrides)
        assert columns(other.identity) != row, overrides
    elsewhere = validated(tmp_path / "elsewhere", *REPLAY, "model=mock", "approach=verbatim")
    assert columns(elsewhere.identity) == row
    oms = validated(tmp_path, *REPLAY, "model=mock", "approach=oms")
    config = plain(oms.cfg)
    stores = [identity(config, oms.pack.checksum, oms.endpoint, None, True, s) for s in ("sqlite", "neo4j")]
    assert columns(stores[0])["store"] == "sqlite" and columns(stores[0]) != columns(stores[1])


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


def synthetic_log(log_dir, shipped, approach, passing, *overrides, store=None, model="mock", epochs=1):
    """A log of the smaller corpus where questions in `passing` pass first time and the others fail, then pass
    after one corrective message; each question asked `epochs` times; written to the run's own folder under
    `log_dir`, its task and metadata as the app writes them (`store`: the identity's store, as a store-keeping
    approach on another store would have it)."""
    pack, controls = shipped
    run = validated(log_dir, *REPLAY, f"model={model}", f"approach={approach}", f"epochs={epochs}", *overrides)
    questions = run.pack.questions_of("smaller")[: run.cfg.limit]
    right = {q.question_id: controls[q.question_id]["positive"][0].answer for q in questions}
    wrong = {q.question_id: controls[q.question_id]["initial"][0].answer for q in questions}
    answers = {q: [right[q]] if q in passing else [wrong[q], right[q]] for q in right}
    rule = {r.rule_id: r for r in run.pack.rules}
    samples = [
        question_sample(
            q,
            q.question_id,
            approach,
            guidance=q.intended_rule,
            guidance_chars=len(q.intended_rule),
            **audit(q, rule[q.rule_id], q.intended_rule),
        )
        for q in questions
    ]
    ident = run.identity | ({"store": store} if store else {})
    metadata = {
        "identity": ident,
        "key": run.key,
        "build": "no-build",
        "config": plain(run.cfg),
        "pack_checksum": run.pack.checksum,
        "model_label": run.cfg.model.label,
        "language_model": run.cfg.model.language_model,
    } | run.experiment.metadata(run)
    task = Task(
        name=f"replay_smaller_{approach}",
        dataset=MemoryDataset(samples),
        solver=kept_answers(answers),
        scorer=compliance(judge=run.cfg.judge),
        metrics=question_metrics(judged=run.judge is not None),
        metadata=metadata,
        epochs=scorer_epochs(epochs),
    )
    folder = Path(log_dir) / (run.key + (f"-{store}" if store else ""))
    return eval(task, model=run.cfg.model.name, log_dir=str(folder), display="none")[0]


@pytest.fixture(scope="module")
def mixed(tmp_path_factory, shipped):
    """An older verbatim run and its rerun, a limit=3 verbatim run, none, and oms on two stores."""
    root = tmp_path_factory.mktemp("logs")
    ids = [q.question_id for q in shipped[0].questions_of("smaller")]
    synthetic_log(root / "old", shipped, "verbatim", set())  # superseded by the rerun below
    synthetic_log(root, shipped, "verbatim", set(ids))
    synthetic_log(root, shipped, "verbatim", set(ids[:1]), "limit=3")
    synthetic_log(root, shipped, "none", set(ids[::2]))
    synthetic_log(root, shipped, "oms", set(ids[:40]))
    synthetic_log(root, shipped, "oms", set(), store="neo4j")
    return root


@pytest.fixture(scope="module")
def mixed_report(mixed):
    return report(str(mixed), baseline="verbatim", measure="first_attempt")


def test_report_keeps_runs_apart(mixed_report):
    r = mixed_report
    assert len(r.runs) == 5  # the older rerun is used once: not at all
    rates = r.rates[r.rates["level"] == "seed"]
    every = rates[(rates["questions"] == "all") & (rates["measure"] == "first_attempt")]
    verbatim = every[every["approach"] == "verbatim"].set_index("limit")
    assert verbatim.loc["all", "observations"] == 66 and verbatim.loc["all", "rate"] == 1.0  # the newest full run
    assert verbatim.loc["3", "observations"] == 3 and verbatim.loc["3", "passed"] == 1
    oms = every[every["approach"] == "oms"].set_index("store")
    assert oms.loc["sqlite", "passed"] == 40 and oms.loc["neo4j", "passed"] == 0  # two stores: never pooled
    assert every.loc[every["approach"] == "none", "passed"].item() == 33
    row = verbatim.loc["all"]
    # a rule's two questions share its guidance: the interval counts the 33 rules, not 66 questions
    assert (row["ci_low"], row["ci_high"]) == pytest.approx(wilson(33, 33)) and row["ci"] == "Wilson (rules)"
    effort = r.effort[r.effort["level"] == "seed"].set_index(["approach", "store", "limit", "questions"])
    assert effort.loc[("none", "-", "all", "all"), "corrective_messages"] == 33
    assert effort.loc[("none", "-", "all", "all"), "corrective_messages_mean"] == 0.5


def test_comparisons_pair_within_identity_and_adjust(mixed_report):
    every = mixed_report.comparisons
    c = every[every["measure"] == "first_attempt"]
    assert set(c["approach"]) == {"none", "oms (store sqlite)", "oms (store neo4j)"}  # each store its own arm
    assert set(c["limit"]) == {"all"} and set(c["level"]) == {"combined"}  # one seed: no per-seed rows
    by_type = c[c["approach"] == "none"].set_index("questions")
    for qtype in ("familiar", "situational"):
        row = by_type.loc[qtype]
        assert row["pairs"] == 33 and row["approach_only"] == 0 and row["test"] == "McNemar exact"
        assert row["p_value"] == pytest.approx(mcnemar(row["baseline_only"], 0))
    assert by_type.loc["all", "pairs"] == 66
    neo4j = c[(c["approach"] == "oms (store neo4j)") & (c["questions"] == "all")].iloc[0]
    assert neo4j["baseline_only"] == 66 and neo4j["approach_rate"] == 0  # not pooled with the sqlite run's 40
    assert list(c["p_holm"]) == pytest.approx(holm(list(c["p_value"])))  # one family per measure
    eventual = every[every["measure"] == "eventual"]
    assert (eventual["baseline_only"] + eventual["approach_only"]).sum() == 0  # both pass after one retry


def test_a_comparison_that_cannot_tell_approaches_apart_says_why(mixed):
    """Every approach passes eventually (one corrective message each): the table stays, and a line says why no
    test can tell them apart."""
    text = report(str(mixed), baseline="verbatim", measure="eventual").text()
    section = " ".join(text[text.index("Paired comparisons (eventual)") :].split("\n\n")[0].split())
    assert "none vs verbatim" in section
    assert "Every pair agrees under eventual" in section and "no test can tell these approaches apart" in section


def test_no_baseline_in_the_logs_says_so_instead_of_an_empty_table(tmp_path, shipped):
    synthetic_log(tmp_path, shipped, "verbatim", set())
    synthetic_log(tmp_path, shipped, "none", set())
    r = report(str(tmp_path))
    assert r.baseline is None and r.comparisons.empty
    assert "No comparison: approach oms, the default baseline, is not in these logs" in r.text()


@pytest.mark.slow
def test_unknown_baseline_or_measure_lists_what_the_logs_hold(mixed):
    with pytest.raises(UserError, match="unknown baseline 'foo'; the logs hold approaches: none, oms, verbatim"):
        report(str(mixed), baseline="foo")
    result = run_module("omseval.report", str(mixed), "--measure", "speed")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "first_attempt, eventual" in result.stderr and "Traceback" not in result.stderr


def fits(text: str, width: int = WIDTH) -> bool:
    """Every line of a console text within `width` columns, but those naming a path of the test's (a path, and a
    command that holds one, is never wrapped)."""
    return all(len(line) <= width for line in text.splitlines() if "/pytest-of-" not in line)


def test_console_tables_fit_100_columns_by_choosing_columns(mixed_report):
    text = mixed_report.text()
    assert fits(text)
    # the paired comparisons hold more than fits: columns are left out and named, never wrapped into blocks
    section = text[text.index("Paired comparisons") :].split("\n\n")[0]
    assert "(not shown at 100 columns: " in section and "in comparisons.csv" in section
    assert "\\" not in text  # pandas' wrapped-block marker
    header = next(line for line in section.splitlines() if line.startswith("comparison"))
    assert "difference [95% CI]" in header and "b / c" in header
    # identity columns every row shares are said once above the table
    assert "experiment replay, corpus smaller, model mockllm/model" in text


def test_one_number_format_throughout(mixed_report):
    text = mixed_report.text()
    rates = text[text.index("Pass rates") :].split("\n\n")[0]
    assert "100.0% [89.6%, 100.0%]" in rates  # verbatim: 66 of 66 (33 rules), Wilson's interval in percent
    assert all(INTERVAL.search(line) for line in rates.splitlines() if line.startswith(("none", "verbatim", "oms")))
    tokens = text[text.index("Tokens and cost") :]
    assert "6,600" in tokens and "$0.00" in tokens  # 66 answers x 100 input tokens; the mock model costs nothing
    comparisons = text[text.index("Paired comparisons") :].split("\n\n")[0]
    assert re.search(r"-\d+\.\d% \[-\d+\.\d%, [-+]\d+\.\d%\]", comparisons)  # a difference: signed, in percent


def test_metrics_that_do_not_apply_are_not_shown(mixed_report, mixed):
    """No judge ran: no judge measure, section or row; one epoch: no epochs; one seed: no seed spread."""
    r = mixed_report
    assert not any(m.startswith("judge_") for m in r.rates["measure"]) and r.judge.empty
    text = " ".join(r.text().split())
    assert "judge" not in text.replace("no judge", "") and "nan" not in text
    assert "epochs" not in text.replace("epochs 1,", "") and "seed sd" not in text
    log = read_eval_log(next(mixed.glob("replay-smaller-none-*/*.eval")).as_posix(), header_only=True)
    summary = run_summary(log)
    assert fits(summary)
    assert not re.search(r"judge|epochs|nan|excluded", summary)
    assert re.search(r"^check +all +66 +50\.0% \[38\.3%, 61\.7%\] +100\.0% \[94\.5%, 100\.0%\]$", summary, re.M)


def test_the_run_summary_shows_exclusions_only_where_there_are_some():
    """A question without a verdict (missing evidence) is counted in an excluded column; none: no column."""
    from omseval.run_summary import _rates

    kinds = [f"{p}{m}" for p in ("", "strict_") for m in ("first_attempt", "eventual")]
    metrics = {f"{k}_{g}": 0.5 for k in kinds for g in ("familiar", "all")}
    metrics |= {f"{k}_n_{g}": 10 for k in kinds for g in ("familiar", "all")}
    assert "excluded" not in _rates({"familiar": 10}, metrics, judged=False)
    metrics["eventual_n_all"] = metrics["eventual_n_familiar"] = 8
    table = _rates({"familiar": 10}, metrics, judged=False)
    assert "excluded" in table and re.search(r"^check +all +10 .* 0 .* 2$", table, re.M)


@pytest.mark.slow
def test_out_writes_markdown_csv_and_plots_named_for_what_they_show(mixed, tmp_path):
    out = tmp_path / "out"
    result = run_module("omseval.report", str(mixed), "--baseline", "verbatim", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "not a language model" in result.stdout and "p (Holm)" in result.stdout
    names = {p.name for p in out.iterdir()}
    assert {"report.md", "rates.csv", "comparisons.csv", "effort.csv", "guidance.csv", "tokens.csv"} <= names
    plots = sorted(n for n in names if n.endswith(".png"))
    # experiment, corpus, model and subset in each name; the limit=3 runs are their own group; no numbering
    assert plots == [
        "guidance-size-replay-smaller-mockllm.png",
        "rates-replay-smaller-mockllm-limit-3.png",
        "rates-replay-smaller-mockllm.png",
    ]
    rates = pd.read_csv(out / "rates.csv")
    assert {"ci_low", "ci_high", "ci", "observations", "excluded", "epochs", "seeds"} <= set(rates.columns)
    assert rates["rate"].dtype == float  # CSVs keep raw numbers
    assert "p_holm" in pd.read_csv(out / "comparisons.csv").columns
    md = (out / "report.md").read_text()
    assert "Holm" in md and "![rates-replay-smaller-mockllm](rates-replay-smaller-mockllm.png)" in md
    # report.md keeps every column the terminal may leave out
    assert "questions for 5 pt" in md and "detectable" in md and "| test |" in md
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
    """oms and verbatim with the offline heuristic over three seeds, two epochs each: oms passes 40 questions
    (which ones moves with the seed), verbatim the first 30."""
    root = tmp_path_factory.mktemp("seeded")
    ids = [q.question_id for q in shipped[0].questions_of("smaller")]
    for seed, shift in ((11, 0), (23, 2), (41, 4)):
        passing = set(ids[shift : 40 + shift])
        synthetic_log(root, shipped, "oms", passing, f"seed={seed}", model="offline", epochs=2)
        synthetic_log(root, shipped, "verbatim", set(ids[:30]), f"seed={seed}", model="offline", epochs=2)
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
    assert oms["ci"] == "bootstrap (rules)" and oms["ci_low"] < oms["rate"] < oms["ci_high"]
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
def test_a_seed_sweep_report_says_its_seeds_once_and_what_the_offline_retry_does(seeded, tmp_path):
    out = tmp_path / "out"
    result = run_module("omseval.report", str(seeded[0]), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert fits(result.stdout)
    assert "seeds 11, 23, 41" in result.stdout and "epochs 2" in result.stdout
    assert "its retry restates the corrective message it is sent" in result.stdout
    plots = sorted(p.name for p in out.glob("*.png"))
    assert plots == [
        "guidance-size-replay-smaller-offline-heuristic-epochs-2-seeds-11-23-41.png",
        "rates-replay-smaller-offline-heuristic-epochs-2-seeds-11-23-41.png",
    ]
    md = (out / "report.md").read_text()
    assert "file_edit_hinted is the like-for-like comparison" in md and "resamples questions" in md
    rates_caption = md[md.index("(rates-replay") :].split("\n\n")[1]
    assert "offline-heuristic is not a language model: its retry restates the corrective message" in rates_caption


def test_plot_titles_say_each_thing_once(seeded_report, tmp_path):
    from omseval.report.plots import _names, _seeds

    runs = seeded_report.runs
    key = runs.iloc[0].to_dict()
    [(name, title, details)] = _names([key], [_seeds(runs["seed"])], runs)
    assert name == "replay-smaller-offline-heuristic-epochs-2-seeds-11-23-41"
    whole = f"{title}\n{details}"
    assert whole.count("11") == 1 and whole.count("not a language model") == 1 and whole.count("epochs") == 1
    subset = key | {"rules": "5", "epochs": 1}
    [(name, title, details)] = _names([subset], [["pack-order"]], runs)
    assert name == "replay-smaller-offline-heuristic-rules-5" and details == "rules 5 (a subset)"


@pytest.mark.slow
def test_a_handoff_report_reads_its_log_and_names_its_plot_once(tmp_path):
    """The app's handoff log: agent A and agent B per recording probability, its plot named and titled with
    'handoff' once; no comparison section (no question experiment)."""
    logs = tmp_path / "logs"
    run = run_module(
        "omseval",
        "experiment=handoff",
        "approach=verbatim",
        "limit=2",
        "experiment.seeds=[11]",
        "experiment.probabilities=[0,100]",
        f"log_dir={logs}",
    )
    assert run.returncode == 0, run.stderr
    assert fits(run.stdout[run.stdout.index("handoff smaller verbatim: model") :])  # the summary, after inspect's
    result = run_module("omseval.report", str(logs), "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert fits(result.stdout) and "Paired comparisons" not in result.stdout
    handoff = result.stdout[result.stdout.index("Handoff") :]
    assert re.search(r"^agent A +- ", handoff, re.M) and re.search(r"^agent B +100% ", handoff, re.M)
    assert [p.name for p in (tmp_path / "out").glob("*.png")] == ["handoff-smaller-offline-heuristic-limit-2.png"]


def test_one_guidance_size_figure_holds_every_comparison_group(mixed_report, tmp_path):
    written = mixed_report.write(tmp_path)
    figures = [p.name for p in written if p.name.startswith("guidance-size-")]
    assert figures == ["guidance-size-replay-smaller-mockllm.png"]  # the limit=3 group is a panel of it


@pytest.fixture(scope="module")
def judged(tmp_path_factory, shipped):
    """A run graded by judge=offline beside one without a judge."""
    root = tmp_path_factory.mktemp("judged")
    ids = [q.question_id for q in shipped[0].questions_of("smaller")]
    synthetic_log(root, shipped, "oms", set(ids[:40]), "judge=offline", "limit=10")
    synthetic_log(root, shipped, "verbatim", set(ids[:40]), "limit=10")
    return root


def test_judge_measures_only_for_the_judged_run_and_no_calibration_says_what_to_run(judged):
    r = report(str(judged))
    judge_rows = r.rates[r.rates["measure"].str.startswith("judge_")]
    assert set(judge_rows["approach"]) == {"oms"}  # the run without a judge has no judge rows (no nan, no 0)
    text = " ".join(r.text().split())
    assert f"Judge offline (omseval/heuristic): no calibration log of this judge model under {judged}" in text
    assert f"run: python -m omseval.calibrate judge=offline log_dir={judged}" in text


def test_the_judge_section_names_the_calibration_of_the_same_judge_model(judged, tmp_path):
    from omseval.calibrate import calibrate
    from tests.helpers import PACK

    logs = tmp_path / "logs"
    shutil.copytree(judged, logs)
    assert calibrate("offline", 14, 0, PACK, logs / "elsewhere") == 0  # anywhere under the report's folder
    r = report(str(logs))
    [row] = r.calibration.to_dict("records")
    assert row["judge"] == "offline" and row["judge_model"] == "omseval/heuristic"
    assert row["calibration"].startswith("elsewhere/calibration/offline-") and row["controls"] == 14
    assert 0 <= row["false_accept"] <= 1 and row["false_accept_ci_low"] <= row["false_accept"]
    text = " ".join(r.text().split())
    folder = str(Path(row["calibration"]).parent)
    assert f"Judge offline (omseval/heuristic): calibrated by the log in {folder}/ on 14 labelled controls" in text
    assert "Cohen's kappa with the labels" in text and "false accepts" in text and "false rejects" in text


def test_options_are_checked_before_any_log_is_read(tmp_path, capsys, monkeypatch):
    def no_reading(*_):
        raise AssertionError("a log was read")

    monkeypatch.setattr("omseval.report.logs.headers", no_reading)
    assert report_main([str(tmp_path), "--measure", "speed"]) == 2
    assert "unknown measure 'speed'" in capsys.readouterr().err
    assert report_main([str(tmp_path), "--baseline", "omz"]) == 2
    assert f"unknown approach 'omz'; one of: {', '.join(options('approach'))}" in capsys.readouterr().err
    assert report_main([str(tmp_path / "nothing-here")]) == 2
    assert "no such log folder" in capsys.readouterr().err


def test_plan_prints_the_power_of_a_planned_study(capsys):
    assert report_main(["--plan", "--questions", "320", "--discordance", "0.3"]) == 0
    out = capsys.readouterr().out
    planned = next(line for line in out.splitlines() if "<- planned" in line).split()
    # 320 independent pairs at 30% discordance: 8.5% detectable; a 5-point difference needs 940 pairs
    assert planned[:5] == ["1", "320", "320", "8.5%", "940"]
    assert fits(out)
    assert report_main(["--plan"]) == 2


def _commands(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("python -m omseval")]


@pytest.mark.slow
def test_every_command_of_the_help_and_the_docs_works_offline(tmp_path):
    """The report's --help examples, then docs/report.md's commands, as a user types them, in one folder."""
    docs = (ROOT / "docs" / "report.md").read_text(encoding="utf-8")
    commands = list(dict.fromkeys([*_commands(EXAMPLES), *_commands(docs)]))
    assert len(commands) >= 5 and any("omseval.calibrate" in c for c in commands)
    for command in commands:
        args = shlex.split(command)[2:]
        result = run_module(*args, cwd=tmp_path)
        assert result.returncode == 0, f"{command}\n{result.stderr[-2000:]}"
    assert (tmp_path / "logs" / "report" / "report.md").is_file()


def test_a_multirun_ends_with_one_table_of_its_runs(tmp_path, shipped, capsys):
    """SweepCheck validates a sweep's runs at its start and, at its end, reads each one's newest finished log:
    one table (a finished run's rates, an unfinished run said so), then the closing lines once."""
    log_dir = tmp_path / "logs"
    config = OmegaConf.create(
        {
            "log_dir": str(log_dir),
            "hydra": {
                "launcher": {"_target_": "hydra._internal.core_plugins.basic_launcher.BasicLauncher"},
                "sweep": {"dir": str(log_dir / "multirun")},
                "sweeper": {"_target_": "hydra._internal.core_plugins.basic_sweeper.BasicSweeper"},
                "overrides": {"task": [*REPLAY, "model=mock", "approach=verbatim", "seed=11,23", f"log_dir={log_dir}"]},
            },
        }
    )
    check = SweepCheck()
    check.on_multirun_start(config)
    assert [run.cfg.seed for _, run in check.validated] == [11, 23]
    ids = [q.question_id for q in shipped[0].questions_of("smaller")]
    synthetic_log(log_dir, shipped, "verbatim", set(ids[:33]), "seed=11")
    capsys.readouterr()
    check.on_multirun_end(config)
    out = capsys.readouterr().out
    assert fits(out)
    rows = {line.split()[0]: line for line in out.splitlines() if line.split()[:1] in (["11"], ["23"])}
    assert re.search(r"^11 +50\.0% +\d+\.\d% +100\.0% +replay-smaller-verbatim-seed-11-", rows["11"])
    assert "not finished" in rows["23"] and "replay-smaller-verbatim-seed-23-" in rows["23"]
    assert out.count("inspect view --log-dir") == 1 and out.count("python -m omseval.report") == 1


def test_the_sweep_table_fits_with_a_long_log_folder(tmp_path):
    folder = tmp_path / ("replay-larger-file_edit_hinted-seed-pack-order-rules-5-" + "0" * 30)
    text = sweep_summary([(["approach=file_edit_hinted", "seed=11"], folder)], [str(tmp_path)])
    assert fits(text) and "not finished" in text


def test_closing_lines_name_where_the_logs_are_and_the_report_command(tmp_path):
    text = closing(str(tmp_path / "logs"))
    assert f"inspect view --log-dir {tmp_path / 'logs'}" in text
    assert f"python -m omseval.report {tmp_path / 'logs'} --out {tmp_path / 'logs' / 'report'}" in text


@pytest.mark.slow
def test_a_sweep_from_the_command_line_ends_with_its_table(tmp_path):
    result = run_module(
        "omseval", "-m", *REPLAY, "rules=2", "seed=11,23", "approach=verbatim", f"log_dir={tmp_path / 'logs'}"
    )
    assert result.returncode == 0, result.stderr
    assert "GlobalHydra" not in result.stderr
    out = result.stdout
    assert "sweep of 2 runs:" in out and out.count("inspect view --log-dir") == 1  # the closing lines once
    table = out[out.index("sweep of 2 runs:") :]
    row = r"^11 +\d+\.\d% +\d+\.\d% +\d+\.\d% +0 +replay-smaller-verbatim-seed-11-"  # rates, no loss, its folder
    assert fits(table) and re.search(row, table, re.M)


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


def test_the_report_command_in_process(mixed):
    result = run_main(report_main, str(mixed), "--baseline", "verbatim")
    assert result.returncode == 0, result.stderr
    assert fits(result.stdout)
