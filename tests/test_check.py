"""Scorer fidelity: omseval.scorers.check.verdict must give the schema's verdict, which is defined with
Python's `re` (re.search, re.MULTILINE only, other flags inline; present/absent; required_pattern)."""

import csv
import io
import os
import re
import signal
import time
from types import SimpleNamespace

import pytest

from omseval.pack_schema import FILES, load_pack
from omseval.pack_schema._csv import BOM, read_rows, write_rows
from omseval.pack_schema.lint import CONTROL_KINDS
from omseval.scorers import check
from omseval.scorers.check import verdict


def Q(pattern: str, expect: str = "present", required_pattern: str = "") -> SimpleNamespace:
    return SimpleNamespace(pattern=pattern, expect=expect, required_pattern=required_pattern)


def re_verdict(q, text: str) -> bool:
    """The schema's definition, with Python's `re`."""

    def found(p):
        return re.search(p, text, re.MULTILINE) is not None

    return found(q.pattern) == (q.expect == "present") and (not q.required_pattern or found(q.required_pattern))


# ---------------------------------------------------------------------------------------------
# flags


@pytest.mark.parametrize(
    "pattern, text, expected",
    [
        (r"^b", "a\nb", True),  # ^ matches after a newline
        (r"a$", "a\nb", True),  # $ matches before a newline
        (r"^b$", "a\nb\nc", True),
        (r"^b", "ab", False),
        (r"a$", "ab", False),
        (r"\Ab", "a\nb", False),  # \A and \Z stay string anchors
        (r"a\Z", "a\nb", False),
        (r"^- item$", "List:\n- item\nend", True),
    ],
)
def test_multiline_anchors(pattern, text, expected):
    assert verdict(Q(pattern), text) is expected
    assert re_verdict(Q(pattern), text) is expected


@pytest.mark.parametrize(
    "pattern, text, expected",
    [
        (r"(?i)four dimensions", "FOUR Dimensions", True),
        (r"four dimensions", "FOUR Dimensions", False),  # case-sensitive by default
        (r"Four", "four", False),
        (r"(?i:four) Dimensions", "FOUR Dimensions", True),
        (r"(?i:four) Dimensions", "FOUR DIMENSIONS", False),
    ],
)
def test_case_sensitivity(pattern, text, expected):
    assert verdict(Q(pattern), text) is expected


@pytest.mark.parametrize(
    "pattern, text, expected",
    [
        (r"a.b", "a\nb", False),  # DOTALL is not on
        (r"a.b", "a-b", True),
        (r"start.*end", "start\nmiddle\nend", False),
        (r"(?s)start.*end", "start\nmiddle\nend", True),  # unless asked for inline
        (r"a b", "a b", True),  # VERBOSE is not on: spaces count
        (r"a b", "ab", False),
        (r"(?x)a b", "ab", True),
    ],
)
def test_no_dotall_no_verbose(pattern, text, expected):
    assert verdict(Q(pattern), text) is expected


@pytest.mark.parametrize(
    "pattern, text, expected",
    [
        (r"b", "abc", True),  # search, not fullmatch or match
        (r"abc", "xx abc yy", True),
        (r"c", "abc", True),
        (r"^abc$", "xabc", False),
        (r"\b3\b", "use 3 axes", True),
    ],
)
def test_search_not_fullmatch(pattern, text, expected):
    assert verdict(Q(pattern), text) is expected


# ---------------------------------------------------------------------------------------------
# present / absent / required


def test_present():
    q = Q(r"(?i)\b(4|four)\b[^.\n]{0,40}\b(dimensions?|axes|axis)\b")
    assert verdict(q, "Draw it with four dimensions, one per axis.") is True
    assert verdict(q, "Draw it with three dimensions.") is False
    assert verdict(q, "") is False


def test_absent_and_required():
    q = Q(r"(?i)\b(two|three|2|3)[ -](dimensions?|axes)\b", "absent", r"(?i)\b(map|chart|axes)\b")
    assert verdict(q, "Build a positioning map with four axes.") is True  # absent, required found
    assert verdict(q, "Use four of them.") is False  # absent, required missing
    assert verdict(q, "Build a positioning map with three axes.") is False  # stale value present
    assert verdict(q, "") is False


def test_absent_without_required_passes_when_not_found():
    q = Q(r"(?i)\bthree\b", "absent")
    assert verdict(q, "four") is True
    assert verdict(q, "") is True
    assert verdict(q, "THREE") is False


def test_present_with_required():
    q = Q(r"\bmagenta\b", "present", r"(?i)\bcells?\b")
    assert verdict(q, "Make the input cells magenta.") is True
    assert verdict(q, "Make them magenta.") is False
    assert verdict(q, "Make the input cells blue.") is False


def test_required_pattern_uses_multiline_too():
    q = Q(r"x", "present", r"^evidence$")
    assert verdict(q, "x\nevidence\nmore") is True


def test_verdict_is_a_bool():
    assert verdict(Q("a"), "a") is True
    assert verdict(Q("a"), "b") is False


# ---------------------------------------------------------------------------------------------
# patterns stored in a pack: spreadsheet protection


def test_apostrophe_protected_pattern_from_a_pack_file(pack_copy):
    name = FILES["questions"]
    path = pack_copy / name
    rows = read_rows(path, name, [])
    columns = [c for c in rows[0] if c != "#"]
    patterns = {1: r"=\s*SUM\(", 2: r"'=\d", 3: r"-{2,}>", 4: r"@@[A-Za-z_][A-Za-z0-9_]*@@"}
    for row, pattern in patterns.items():
        rows[row - 1]["pattern"] = pattern
        rows[row - 1]["expect"] = "present"
        rows[row - 1]["required_pattern"] = ""
    write_rows(path, columns, rows)
    raw = path.read_bytes().decode("utf-8")
    assert raw.startswith(BOM)
    stored = list(csv.reader(io.StringIO(raw.removeprefix(BOM), newline="")))
    i = stored[0].index("pattern")
    assert [stored[n][i] for n in patterns] == [r"'=\s*SUM\(", r"''=\d", r"'-{2,}>", r"'@@[A-Za-z_][A-Za-z0-9_]*@@"]

    questions = load_pack(pack_copy).questions
    for row, pattern in patterns.items():
        assert questions[row - 1].pattern == pattern
    q1, q2, q3, q4 = questions[:4]
    assert verdict(q1, "Total: =SUM(A1:A9)") is True
    assert verdict(q1, "Total: 'SUM(A1:A9)") is False
    assert verdict(q2, "type '=5 in the cell") is True
    assert verdict(q2, "type =5 in the cell") is False  # the apostrophe is part of the pattern
    assert verdict(q3, "a --> b") is True
    assert verdict(q4, "Hello @@first_name@@") is True


# ---------------------------------------------------------------------------------------------
# bounded matching


@pytest.mark.parametrize("pattern", [r"(a|aa)+$", r"(a+)+$", r"^(a|a)+$"])
def test_catastrophic_backtracking_gives_no_verdict(pattern):
    text = "a" * 5000 + "b"
    start = time.monotonic()
    assert verdict(Q(pattern), text, timeout=0.2) is None
    assert time.monotonic() - start < 2.0


def test_timeout_in_required_pattern_gives_no_verdict():
    start = time.monotonic()
    assert verdict(Q("a", "present", r"(a|aa)+$"), "a" * 5000 + "b", timeout=0.2) is None
    assert time.monotonic() - start < 2.0


def test_timeout_applies_per_call_not_globally():
    """A quick check right after a timed-out one still gets a verdict."""
    verdict(Q(r"(a|aa)+$"), "a" * 5000 + "b", timeout=0.2)
    assert verdict(Q(r"a+b"), "a" * 5000 + "b", timeout=0.2) is True


# ---------------------------------------------------------------------------------------------
# agreement with Python's re


def test_verdict_agrees_with_re_on_every_control_answer(shipped):
    pack, controls = shipped
    disagreements, n = [], 0
    for q in pack.questions:
        for kind, answers in controls.get(q.question_id, {}).items():
            for control in answers:
                n += 1
                if verdict(q, control.answer) != re_verdict(q, control.answer):
                    disagreements.append((q.question_id, kind, control.answer[:60]))
    assert n > 0
    assert disagreements == []


def test_controls_pass_and_fail_as_labelled(shipped):
    pack, controls = shipped
    for q in pack.questions:
        for kind, answers in controls.get(q.question_id, {}).items():
            for control in answers:
                if CONTROL_KINDS[kind] is not None:  # commit_old and hedge may pass the check (not the strict verdict)
                    assert verdict(q, control.answer) is CONTROL_KINDS[kind], (q.question_id, kind, control.answer)


@pytest.mark.filterwarnings("ignore:Possible nested set:FutureWarning")
@pytest.mark.parametrize(
    "pattern, text",
    [
        (r"\bm\b", "The room is 20 m² in size."),  # re: '²' is a word character
        (r"^\W", "½ cup of sugar"),  # re: '½' is a word character
        (r"a\sb", "a\x1cb"),  # re: '\x1c' is whitespace
        (r"[[:digit:]]", "call extension 5"),  # re: a plain set of '[', ':', 'd', ... then ']'
        (r"\ud800", "a lone surrogate \ud800 here"),  # a str that is not valid UTF-8 still matches
        (r"^\U0001F600$", "emoji\n\U0001f600"),
    ],
)
def test_verdict_agrees_with_re_on_unicode_classes(pattern, text):
    assert verdict(Q(pattern), text) == re_verdict(Q(pattern), text)


# ---------------------------------------------------------------------------------------------
# batches


def _ended(pid: int) -> bool:
    """Whether a worker's process has ended (it is reaped by the fork server as it ends)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.01)
    return False


def test_batch_with_a_time_out_in_the_middle():
    """The stuck search gets None, every other one its verdict, in order; its worker is killed."""
    for worker in check._workers:  # every worker started
        worker.ready()
    before = [w.pid for w in check._workers]
    stuck = "a" * 5000 + "b"
    checks = [
        (Q(r"^b", "present"), "a\nb"),
        (Q("x"), "y"),
        (Q(r"\d", "absent"), "none"),
        (Q("a+b"), stuck),
        (Q(r"(a|aa)+$"), stuck),
        (Q("y", "present", r"(a|aa)+$"), "y" + stuck),
        (Q("c"), "abc"),
        (Q("z", "absent"), "z"),
        (Q(r"(?i)B$"), "ab"),
        (Q("q", "absent", "r"), "r"),
    ]
    start = time.monotonic()
    assert check.batch_verdicts(checks, timeout=0.2) == [True, False, True, True, None, None, True, False, True, True]
    assert time.monotonic() - start < 4.0
    killed = [pid for pid in before if pid not in {w.pid for w in check._workers}]
    assert killed and all(_ended(pid) for pid in killed)
    again = [(q, text + " ") for q, text in checks[:4]]  # new jobs, not the ones done before
    assert check.batch_verdicts(again, timeout=0.2) == [True, False, True, True]  # fresh workers answer


def test_searches_keep_order_and_length():
    jobs = [(f"^{i}$", "\n".join(map(str, range(0, 50, 2)))) for i in range(50)]
    assert check.searches(jobs) == [i % 2 == 0 for i in range(50)]
    assert check.searches([]) == []


def test_bad_pattern_is_an_error_not_a_lost_verdict():
    with pytest.raises(re.error):
        check.batch_verdicts([(Q("a"), "a"), (Q("("), "a")])
    assert check.verdict(Q("a"), "a") is True


def test_batch_verdicts_agree_with_re_on_pack_answers(shipped):
    """Every control answer, alone and inside long answers, also with a required pattern."""
    pack, controls = shipped
    texts = [c.answer for q in pack.questions for answers in controls.get(q.question_id, {}).values() for c in answers]
    long = ["\n\n".join(texts[i : i + 40]) for i in range(0, len(texts), 40)]
    checks = []
    for n, q in enumerate(pack.questions):
        sample = [c.answer for answers in controls.get(q.question_id, {}).values() for c in answers]
        sample += [long[n % len(long)]]
        checks += [(q, a) for a in sample]
        checks += [(Q(q.pattern, "absent", r"(?i)^\w+ (is|are)\b"), a) for a in sample]
    assert len(checks) > 1000
    expected = [re_verdict(q, a) for q, a in checks]
    assert check.batch_verdicts(checks) == expected
    assert {True, False} <= set(expected)


def test_a_worker_that_died_between_batches_is_started_again():
    for w in check._workers:
        w.ready()
        assert w.pid is not None
        os.kill(w.pid, signal.SIGKILL)
        assert _ended(w.pid)
    n = len(check._workers)
    assert check.batch_verdicts([(Q("a"), "a "), (Q("b"), "a ")] * n) == [True, False] * n


def test_a_fork_server_that_died_is_started_again():
    """Workers are forked by one server; if it dies, the next worker needed starts a new one."""
    for w in check._workers:
        w.ready()
    server = check._forks.proc
    assert server is not None
    server.kill()
    server.wait()
    for w in check._workers:  # each worker is needed again (orphaned, it is no longer the server's to reap)
        assert w.pid is not None
        os.kill(w.pid, signal.SIGKILL)
        deadline = time.monotonic() + 5
        while w.alive() and time.monotonic() < deadline:  # the end of its results, which is what the parent reads
            time.sleep(0.01)
        assert not w.alive()
    n = len(check._workers)
    assert check.batch_verdicts([(Q("c"), "c "), (Q("d"), "c ")] * n) == [True, False] * n
    assert check._forks.proc is not server
