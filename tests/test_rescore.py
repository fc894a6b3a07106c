"""`python -m omseval.rescore --pack DIR ANSWERS.csv`: verdicts for saved answers, as CSV on stdout."""

import csv
import io
import shutil

import pytest

import omseval.rescore
from omseval.errors import PackError
from omseval.pack_schema import FILES
from omseval.pack_schema._csv import read_rows, write_rows
from omseval.pack_schema.lint import CONTROL_KINDS
from omseval.rescore import main, rescore
from omseval.scorers.check import verdict
from omseval.scorers.strict import strict
from tests.helpers import PACK, ROOT, run_main


@pytest.fixture(scope="module")
def snapshot(shipped):
    """The shipped pack's folder, the pack and its control answers."""
    return (PACK, *shipped)


def control_answers(pack, controls) -> list[dict]:
    """Every control answer, interleaved so positives and negatives alternate across questions."""
    rows = []
    for q in pack.questions:
        for kind, answers in sorted(controls.get(q.question_id, {}).items()):
            rows += [{"question_id": q.question_id, "kind": kind, "answer": c.answer} for c in answers]
    return rows[::-1]  # an order that is not the pack's


def parse(stdout: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(stdout, newline="")))


def run_rescore(*args, cwd=ROOT):
    return run_main(main, *map(str, args), cwd=cwd)


def test_cli_verdicts_on_control_answers(snapshot, tmp_path):
    pack_dir, pack, controls = snapshot
    rows = control_answers(pack, controls)
    assert rows
    answers = tmp_path / "answers.csv"
    # extra columns (before, between and after the two read ones) are ignored
    for i, row in enumerate(rows):
        row |= {"model": "sonnet", "attempt": str(i % 3 + 1), "notes": "=not a formula, {guidance}"}
    write_rows(answers, ["model", "question_id", "attempt", "answer", "kind", "notes"], rows)

    result = run_rescore("--pack", pack_dir, answers)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    out = parse(result.stdout)
    assert out[0] == ["question_id", "passed", "strict_passed"]
    assert [r[0] for r in out[1:]] == [r["question_id"] for r in rows]  # input order
    questions = {q.question_id: q for q in pack.questions}
    for row, (qid, passed, strict_passed) in zip(rows, out[1:], strict=True):
        if CONTROL_KINDS[row["kind"]] is not None:
            assert passed == str(CONTROL_KINDS[row["kind"]]).lower(), (qid, row["kind"], row["answer"])
        check = verdict(questions[qid], row["answer"])
        assert passed == str(check).lower()
        assert strict_passed == str(strict(questions[qid].superseded_pattern, row["answer"], check).passed).lower()


def test_cli_unknown_question_id(snapshot, tmp_path):
    pack_dir, pack, _ = snapshot
    answers = tmp_path / "answers.csv"
    qid = pack.questions[0].question_id
    write_rows(
        answers,
        ["question_id", "answer"],
        [
            {"question_id": qid, "answer": "anything"},
            {"question_id": "q-no-such-question", "answer": "anything"},
            {"question_id": qid, "answer": "anything"},
        ],
    )
    result = run_rescore("--pack", pack_dir, answers)
    assert result.returncode == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
    assert "row 2" in result.stderr and "q-no-such-question" in result.stderr and "answers.csv" in result.stderr
    assert result.stdout == ""  # nothing half-written


def test_in_process_matches_verdict(snapshot, tmp_path):
    pack_dir, pack, controls = snapshot
    picked = [r for r in control_answers(pack, controls) if r["kind"] in ("positive", "initial")][:200]
    answers = tmp_path / "answers.csv"
    write_rows(answers, ["question_id", "answer"], picked)
    out = io.StringIO()
    rescore(pack_dir, answers, out=out)
    rows = parse(out.getvalue())
    assert rows[0] == ["question_id", "passed", "strict_passed"] and len(rows) == len(picked) + 1
    assert [r[1] for r in rows[1:]] == ["true" if p["kind"] == "positive" else "false" for p in picked]


def pack_with_pattern(pack_dir, tmp_path, pattern: str):
    """A copy of the pack whose first question checks for `pattern` (present); returns (folder, question id)."""
    custom = tmp_path / "pack"
    shutil.copytree(pack_dir, custom)
    qrows = read_rows(custom / FILES["questions"], FILES["questions"], [])
    qrows[0] |= {"pattern": pattern, "expect": "present", "required_pattern": ""}
    write_rows(custom / FILES["questions"], [c for c in qrows[0] if c != "#"], qrows)
    return custom, qrows[0]["question_id"]


def test_answers_keep_their_text(snapshot, tmp_path):
    """Answers are read with the pack's CSV rules: quoted commas, quotes, line breaks and a protected
    leading '=' come back exactly, so the verdict is on the real text."""
    custom, qid = pack_with_pattern(snapshot[0], tmp_path, r"^=SUM\(A1\), \"total\"$")
    answers = tmp_path / "answers.csv"
    write_rows(
        answers,
        ["question_id", "answer"],
        [
            {"question_id": qid, "answer": 'First line\n=SUM(A1), "total"\nlast line'},
            {"question_id": qid, "answer": '=SUM(A1), "total" and more'},
            {"question_id": qid, "answer": '\'=SUM(A1), "total"'},
        ],
    )
    out = io.StringIO()
    rescore(custom, answers, out=out)
    assert parse(out.getvalue())[1:] == [[qid, "true", "true"], [qid, "false", "false"], [qid, "false", "false"]]


def test_timed_out_check_leaves_passed_empty(snapshot, tmp_path):
    custom, qid = pack_with_pattern(snapshot[0], tmp_path, r"(a|aa)+$")
    answers = tmp_path / "answers.csv"
    write_rows(
        answers,
        ["question_id", "answer"],
        [{"question_id": qid, "answer": "a" * 5000 + "b"}, {"question_id": qid, "answer": "aaa"}],
    )
    out = io.StringIO()
    rescore(custom, answers, out=out)
    assert parse(out.getvalue())[1:] == [[qid, "", ""], [qid, "true", "true"]]


def test_missing_answer_column(snapshot, tmp_path):
    pack_dir, pack, _ = snapshot
    answers = tmp_path / "answers.csv"
    write_rows(answers, ["question_id", "response"], [{"question_id": pack.questions[0].question_id, "response": "x"}])
    with pytest.raises(PackError) as info:
        rescore(pack_dir, answers, out=io.StringIO())
    assert info.value.column == "answer" and "answers.csv" in str(info.value)


def test_missing_answers_file(snapshot, tmp_path):
    pack_dir, _, _ = snapshot
    with pytest.raises(PackError) as info:
        rescore(pack_dir, tmp_path / "none.csv", out=io.StringIO())
    assert "none.csv" in str(info.value) and "not found" in str(info.value)


def test_no_answers_gives_only_the_header(snapshot, tmp_path):
    pack_dir, _, _ = snapshot
    answers = tmp_path / "answers.csv"
    write_rows(answers, ["question_id", "answer"], [])
    out = io.StringIO()
    rescore(pack_dir, answers, out=out)
    assert out.getvalue() == "question_id,passed,strict_passed\n"


def test_batches_keep_input_order(snapshot, tmp_path, monkeypatch):
    """Answers cross several batches (and a long one among them); verdicts come back in input order."""
    monkeypatch.setattr(omseval.rescore, "BATCH", 7)
    pack_dir, pack, controls = snapshot
    rows = control_answers(pack, controls)[:60]
    rows[30]["answer"] = "\n".join(r["answer"] for r in rows) + "\n" + rows[30]["answer"]
    answers = tmp_path / "answers.csv"
    write_rows(answers, ["question_id", "answer"], rows)
    out = io.StringIO()
    rescore(pack_dir, answers, out=out)
    questions = {q.question_id: q for q in pack.questions}
    assert [r[:2] for r in parse(out.getvalue())[1:]] == [
        [r["question_id"], str(verdict(questions[r["question_id"]], r["answer"])).lower()] for r in rows
    ]


def test_bad_row_in_a_later_batch_writes_nothing(snapshot, tmp_path, monkeypatch):
    monkeypatch.setattr(omseval.rescore, "BATCH", 5)
    pack_dir, pack, _ = snapshot
    qid = pack.questions[0].question_id
    rows = [{"question_id": qid, "answer": str(n)} for n in range(12)] + [{"question_id": "q-none", "answer": "x"}]
    answers = tmp_path / "answers.csv"
    write_rows(answers, ["question_id", "answer"], rows)
    out = io.StringIO()
    with pytest.raises(PackError) as info:
        rescore(pack_dir, answers, out=out)
    assert info.value.row == 13 and info.value.column == "question_id"
    assert out.getvalue() == ""


@pytest.mark.parametrize(
    "content, message",
    [
        (b"question_id,answer\nq,ok\nq,\xff\n", "not valid UTF-8 (byte 26, line 3)"),
        (b'question_id,answer\nq,"ok"\nq,"unclosed\n', "row 2: malformed CSV"),
        (b"question_id,answer\nq,ok,extra\n", "row 1: has 3 cells, header has 2"),
        (b"", "empty file"),
    ],
)
def test_cli_unreadable_answers(snapshot, tmp_path, content, message):
    answers = tmp_path / "answers.csv"
    answers.write_bytes(content)
    result = run_rescore("--pack", snapshot[0], answers)
    assert result.returncode == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1 and message in result.stderr
    assert result.stdout == ""
