"""User mistakes: one line, exit 2, no traceback, nothing written — for a single run and for a sweep."""

import pytest

from tests.helpers import run_module, stderr_lines

pytestmark = pytest.mark.slow  # every test here runs the CLI

REFUSALS = [
    (["aproach=verbatim"], "error: unknown config key aproach; did you mean approach?"),
    (
        ["+aproach=verbatim"],
        "error: unknown config key aproach ('+' cannot add keys to omseval's config); did you mean approach?",
    ),
    (["++approach.top=3"], "error: approach.top: Key 'top' not in 'OMSOptions' (approach=oms)"),
    (
        ["++experiment.atempts=2"],
        "error: experiment.atempts: Key 'atempts' not in 'QuestionsOptions' (experiment=replay)",
    ),
    (
        ["store=neo4j", "store.uri=notaurl"],
        "error: store.uri=notaurl is not a Neo4j URI (URI scheme '' is not supported); "
        "expected bolt://host:port or neo4j://host:port",
    ),
    (["seed=-1"], "error: seed must be zero or a positive integer, got -1"),
    (
        ["experiment=handoff", "experiment.seeds=[2,-5]"],
        "error: experiment.seeds must be zero or a positive integer, got -5",
    ),
]


def omseval(tmp_path, *args):
    """Run from an empty working folder with the log folder beside it; return (result, files written)."""
    work = tmp_path / "work"
    work.mkdir()
    result = run_module("omseval", *args, cwd=work)
    written = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p != work)
    return result, written


def assert_refused(result, line: str | None = None):
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    if line is not None:
        assert stderr_lines(result) == [line]


@pytest.mark.parametrize("overrides,line", REFUSALS)
def test_refused_in_one_line(tmp_path, overrides, line):
    result, written = omseval(tmp_path, f"log_dir={tmp_path / 'logs'}", *overrides)
    assert_refused(result, line)
    assert written == []


def test_unwritable_log_folder(tmp_path):
    (tmp_path / "file").write_text("")
    for log_dir, line in [
        (
            tmp_path / "file" / "logs",
            f"error: log_dir={tmp_path / 'file' / 'logs'} is not writable: {tmp_path / 'file'} is not a folder",
        ),
        (
            "/proc/omseval/logs",
            "error: log_dir=/proc/omseval/logs is not writable: cannot create a folder in /proc "
            "(No such file or directory)",
        ),
    ]:
        result = run_module("omseval", f"log_dir={log_dir}", cwd=tmp_path)
        assert_refused(result, line)
    assert [p.name for p in tmp_path.iterdir()] == ["file"]


@pytest.mark.parametrize(
    "overrides,message",
    [
        (["approach=nope"], "error: approach=nope is not an option; options: file_edit, file_edit_hinted, "),
        (["seed=abc"], "could not be converted to Integer"),
        (["+approach=verbatim"], "Multiple values for approach"),
        (["limit="], "limit"),
        (["approach=oms,"], "mismatched input"),
    ],
)
def test_hydra_refusals_exit_2(tmp_path, overrides, message):
    result, written = omseval(tmp_path, f"log_dir={tmp_path / 'logs'}", *overrides)
    assert_refused(result)
    assert message in result.stderr
    assert written == []


@pytest.mark.parametrize(
    "sweep,line",
    [
        ("seed=3,-1", "error: seed must be zero or a positive integer, got -1"),
        ("+aproach=oms,verbatim", REFUSALS[1][1]),
        ("++approach.top=3,4", REFUSALS[2][1]),
        ("limit=2,0", "error: limit must be a positive integer, got 0"),
        (
            "model=offline,sonnet",
            "error: model=sonnet needs the environment variable ANTHROPIC_API_KEY (an API key); it is not set",
        ),
    ],
)
def test_sweep_refused_before_its_first_run(tmp_path, sweep, line):
    """The second run is the bad one: nothing of the first is written, no multirun.yaml either."""
    result, written = omseval(tmp_path, "-m", f"log_dir={tmp_path / 'logs'}", "limit=1", sweep)
    assert_refused(result, line)
    assert written == []


def test_sweep_with_hydra_refusal_writes_nothing(tmp_path):
    result, written = omseval(tmp_path, "-m", f"log_dir={tmp_path / 'logs'}", "seed=3,abc")
    assert_refused(result, "error: seed=abc: Value 'abc' of type 'str' could not be converted to Integer")
    assert written == []
