"""The strict verdict beside the pack's check: scored per attempt, rescored, reproduced by `inspect score`,
summarised; and lint's control kinds for it (`commit_old`, `hedge`, `context`).

The packs here are copies of the shipped pack with a `superseded_pattern` written by the test, so the tests
hold whatever patterns the shipped pack carries.
"""

import csv
import io
import re
from pathlib import Path

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from omseval.pack_schema import load_pack
from omseval.pack_schema.__main__ import main as pack_main
from omseval.pack_schema._csv import read_rows, write_rows
from omseval.pack_schema.lint import CONTROLS, lint, load_controls
from omseval.rescore import rescore
from tests.helpers import PACK, inspect_score, run_main, run_module
from tests.helpers.strict import (
    COMMIT_OLD,
    CONTEXT,
    CONTEXT_UNMARKED,
    HEDGE,
    POSITIVE,
    QID,
    SUPERSEDED,
    generic_patterns,
    score_of,
    with_superseded,
    without_superseded,
)


@pytest.fixture
def strict_pack(pack_copy) -> Path:
    return with_superseded(pack_copy, {QID: SUPERSEDED})


# ---------------------------------------------------------------------------------------------
# the scorer


@pytest.mark.parametrize(
    "answers, expected, strict",
    [
        ([COMMIT_OLD], dict(first_attempt=1, eventual=1, strict_first_attempt=0, strict_eventual=0), [False]),
        ([HEDGE], dict(first_attempt=1, eventual=1, strict_first_attempt=0, strict_eventual=0), [False]),
        ([CONTEXT], dict(first_attempt=1, eventual=1, strict_first_attempt=1, strict_eventual=1), [True]),
        (
            ["Use orange font.", CONTEXT],  # retried on the check, then committing to the final rule
            dict(first_attempt=0, eventual=1, strict_first_attempt=0, strict_eventual=1),
            [False, True],
        ),
    ],
)
def test_the_scorer_records_the_strict_verdict_of_every_attempt(strict_pack, answers, expected, strict):
    score = score_of(strict_pack, *answers)
    assert {k: score.value[k] for k in expected} == expected
    assert score.value["attempts"] == len(strict) and score.metadata["strict_verdicts"] == strict
    assert "judge_first_attempt" not in score.value  # no judge unless asked for
    *lines, blank, scored = score.explanation.splitlines()
    assert len(lines) == len(strict) and all(
        line.startswith(f"- attempt {n}: check ") for n, line in enumerate(lines, 1)
    )
    for line, passed in zip(lines, strict, strict=True):
        # each attempt says what the check matched or looked for and, when it passed, what decided the strict verdict
        assert ("check pass (matched `" in line) or ("check fail (missed its pattern `" in line)
        if "check pass" in line:
            assert (f"strict {'pass' if passed else 'fail'} (" in line) and ("`" in line.split("; strict ", 1)[1])
        else:
            assert "strict" not in line
    # and the last line says which attempts the values come from
    outcome = {1: "pass", 0: "fail"}
    assert blank == "" and scored.startswith(
        f"check: first attempt {outcome[expected['first_attempt']]}, eventual (attempt {len(strict)}) "
        f"{outcome[expected['eventual']]}; strict: first attempt {outcome[expected['strict_first_attempt']]}"
    )


def test_the_retry_loop_retries_on_the_check_alone(strict_pack):
    """An answer that passes the check but not the strict verdict is not retried: the seed's procedure."""
    score = score_of(strict_pack, COMMIT_OLD, POSITIVE)
    assert score.value["attempts"] == 1 and score.metadata["verdicts"] == [True]


def test_without_superseded_pattern_the_strict_verdict_is_the_check(pack_copy):
    score = score_of(without_superseded(pack_copy), COMMIT_OLD)
    assert score.value["strict_first_attempt"] == score.value["first_attempt"] == 1


# ---------------------------------------------------------------------------------------------
# rescore


def test_rescore_writes_strict_passed_beside_passed(strict_pack, tmp_path):
    answers = tmp_path / "answers.csv"
    texts = [COMMIT_OLD, HEDGE, CONTEXT, POSITIVE, "Use orange font."]
    write_rows(answers, ["question_id", "answer"], [{"question_id": QID, "answer": a} for a in texts])
    out = io.StringIO()
    rescore(strict_pack, answers, out=out)
    assert out.getvalue().splitlines() == [
        "question_id,passed,strict_passed",
        f"{QID},true,false",
        f"{QID},true,false",
        f"{QID},true,true",
        f"{QID},true,true",
        f"{QID},false,false",
    ]


def test_rescore_explains_each_verdict(strict_pack, tmp_path):
    answers = tmp_path / "answers.csv"
    write_rows(answers, ["question_id", "answer"], [{"question_id": QID, "answer": a} for a in (COMMIT_OLD, CONTEXT)])
    out = io.StringIO()
    rescore(strict_pack, answers, out=out, explain=True)
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert [r["strict_passed"] for r in rows] == ["false", "true"]
    assert rows[0]["check_why"].startswith("matched `") and rows[0]["strict_why"].startswith("states `orange`")
    assert rows[1]["strict_why"].startswith("`orange` read as former (")


# ---------------------------------------------------------------------------------------------
# inspect score and the run summary


@pytest.mark.slow
def test_inspect_score_reproduces_the_strict_verdict_and_the_summary_shows_both(pack_copy, tmp_path):
    pack_dir = with_superseded(pack_copy, generic_patterns(load_pack(pack_copy)))
    logs = tmp_path / "logs"
    result = run_module(
        "omseval",
        "experiment=replay",
        "corpus=smaller",
        "approach=verbatim",
        f"pack.path={pack_dir}",
        f"log_dir={logs}",
    )
    assert result.returncode == 0, result.stderr
    rows = {tuple(line.split()[:2]) for line in result.stdout.splitlines()}
    assert {("check", "all"), ("strict", "all"), ("check", "familiar"), ("strict", "situational")} <= rows
    assert "the strict verdict equals the check" not in result.stdout
    [info] = [i for i in list_eval_logs(str(logs)) if "/builds/" not in i.name]
    log = read_eval_log(info)
    values_ = {s.id: s.scores["compliance"].value for s in log.samples}
    # the verbatim guidance keeps every correction, so some answers name a superseded value unmarked
    assert any(v["first_attempt"] == 1 and v["strict_first_attempt"] == 0 for v in values_.values())

    rescored = tmp_path / "rescored.eval"
    again = inspect_score(info.name, rescored, cwd=tmp_path)
    assert again.returncode == 0, again.stdout + again.stderr
    log2 = read_eval_log(str(rescored))
    assert {s.id: s.scores["compliance"].value for s in log2.samples} == values_
    for s in log2.samples:
        meta = s.scores["compliance"].metadata
        assert len(meta["strict_verdicts"]) == len(meta["verdicts"]) == s.scores["compliance"].value["attempts"]


# ---------------------------------------------------------------------------------------------
# lint


def controls_file(tmp_path: Path, rows: list[tuple[str, str]]) -> Path:
    path = tmp_path / "controls.csv"
    write_rows(path, ["question_id", "kind", "answer"], [{"question_id": QID, "kind": k, "answer": a} for k, a in rows])
    return path


LABELLED = [
    ("positive", POSITIVE),
    ("source", "Blue font for inputs, black for formulas."),
    ("initial", "Orange font for hard-coded inputs."),
    ("no-guidance", "Blue font for inputs and black for formulas, the usual banking convention."),
    ("commit_old", COMMIT_OLD),
    ("hedge", HEDGE),
    ("context", CONTEXT),
]


def findings_of(pack_dir: Path, controls: Path):
    pack = load_pack(pack_dir)
    linted = lint(pack, load_controls(controls, pack), controls.name)
    mine = [f for f in linted.findings if QID in f.message or f.file == controls.name]
    return mine, linted.tested, linted.findings


def test_lint_passes_controls_as_labelled_and_counts_the_strict_verdict(strict_pack, tmp_path):
    mine, tested, _ = findings_of(strict_pack, controls_file(tmp_path, LABELLED))
    assert [str(f) for f in mine] == []
    for kind in ("positive (strict)", "commit_old (strict)", "hedge (strict)", "context (strict)"):
        assert tested[kind] == 1


@pytest.mark.parametrize(
    "kind, answer",
    [
        ("commit_old", POSITIVE),  # commits to the final rule: labelled commit_old, it passes the strict verdict
        ("hedge", "Magenta font for inputs; formulas stay black."),
        ("positive", COMMIT_OLD),  # passes the check, fails the strict verdict
    ],
)
def test_lint_finds_a_control_the_strict_verdict_contradicts(strict_pack, tmp_path, kind, answer):
    rows = [r for r in LABELLED if r[0] != kind] + [(kind, answer)]
    mine, _, _ = findings_of(strict_pack, controls_file(tmp_path, rows))
    assert [f.kind for f in mine] == [f"{kind} (strict)"]
    assert not mine[0].warning and "strict verdict" in str(mine[0]) and mine[0].column == "answer"


def test_a_context_control_failing_the_strict_verdict_is_a_warning(strict_pack, tmp_path):
    rows = [r for r in LABELLED if r[0] != "context"] + [("context", CONTEXT_UNMARKED)]
    mine, _, _ = findings_of(strict_pack, controls_file(tmp_path, rows))
    assert [(f.kind, f.warning) for f in mine] == [("context (strict)", True)]
    assert str(mine[0]).startswith("warning: controls.csv, row ")


def test_commit_old_and_hedge_controls_are_required_only_with_superseded_patterns(pack_copy, tmp_path):
    controls = controls_file(tmp_path, [r for r in LABELLED if r[0] not in ("commit_old", "hedge")])
    _, _, findings = findings_of(without_superseded(pack_copy), controls)
    assert not [f for f in findings if f.kind in ("missing commit_old", "missing hedge")]
    _, _, findings = findings_of(with_superseded(pack_copy, {QID: SUPERSEDED}), controls)
    n = len(load_pack(pack_copy).questions)
    assert sum(f.kind == "missing commit_old" for f in findings) == n
    assert sum(f.kind == "missing hedge" for f in findings) == n


def test_lint_cli_exits_0_with_warnings_only(strict_pack, tmp_path):
    """A context warning alone keeps lint ok; the summary counts the strict verdict per kind."""
    pack = load_pack(strict_pack)
    rows = read_rows(PACK / CONTROLS, CONTROLS, [])
    rows = [{"question_id": r["question_id"], "kind": r["kind"], "answer": r["answer"]} for r in rows]
    rows = [r for r in rows if r["question_id"] != QID and r["kind"] not in ("commit_old", "hedge")] + [
        {"question_id": QID, "kind": k, "answer": a} for k, a in LABELLED
    ]
    rows.append({"question_id": QID, "kind": "context", "answer": CONTEXT_UNMARKED})
    for q in pack.questions:  # the pack gives a superseded_pattern, so every question needs these kinds
        if q.question_id != QID:
            rows += [
                {"question_id": q.question_id, "kind": "commit_old", "answer": "UNRELATED"},
                {"question_id": q.question_id, "kind": "hedge", "answer": "UNRELATED"},
            ]
    write_rows(tmp_path / "controls.csv", ["question_id", "kind", "answer"], rows)
    result = run_main(pack_main, "lint", str(strict_pack), "--controls", str(tmp_path / "controls.csv"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("lint ok (1 warning(s): context (strict) 1): ")
    assert "commit_old (strict) " in result.stdout and "1 with a superseded_pattern" in result.stdout
    assert result.stderr.startswith("warning: controls.csv, row ")
    assert "strict verdict as labelled, by kind and length" in result.stdout  # counts per kind and length
    assert re.search(r"context +short \d+/\d+, medium \d+/\d+, long \d+/\d+", result.stdout)


@pytest.mark.slow
def test_the_summary_says_when_the_strict_verdict_equals_the_check(pack_copy, tmp_path):
    pack_dir = without_superseded(pack_copy)
    args = ["omseval", "experiment=maintain", "corpus=smaller", "approach=verbatim", "limit=2"]
    result = run_module(*args, f"pack.path={pack_dir}", f"log_dir={tmp_path / 'logs'}", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "the strict verdict equals the check" in result.stdout
    assert {("check", "all"), ("strict", "all")} <= {tuple(line.split()[:2]) for line in result.stdout.splitlines()}
