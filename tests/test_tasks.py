"""The registered tasks under `inspect eval` from an empty folder, `inspect score` reproducing a log's
verdicts, and the retry loop's line between missing evidence and a fault."""

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import MemoryDataset
from inspect_ai.log import list_eval_logs, read_eval_log
from inspect_ai.solver import solver
from omseval.scorers.compliance import compliance
from omseval.solvers import retry_loop

from omseval.errors import UserError
from omseval.pack_schema import load_pack
from omseval.samples import question_sample
from omseval.tasks import checked
from tests.conftest import PACK, inspect_score, run_module


def inspect_cli(tmp_path, *args):
    """`inspect ...` run in `tmp_path`, with its logs in `logs/` there (guidance artifacts go there too)."""
    return run_module("inspect_ai", *args, cwd=tmp_path, env={"INSPECT_LOG_DIR": "logs"})


@pytest.mark.slow
def test_replay_from_an_empty_folder_and_inspect_score_reproduces_it(tmp_path):
    result = inspect_cli(
        tmp_path,
        "eval",
        "omseval/replay",
        "-T",
        "approach=verbatim",
        "-T",
        "corpus=smaller",
        "-T",
        f"pack={PACK}",
        "-T",
        "limit=6",
        "--model",
        "omseval/heuristic",
        "--display",
        "none",
    )
    assert result.returncode == 0, result.stderr
    [info] = list_eval_logs(str(tmp_path / "logs"))
    log = read_eval_log(info)
    assert log.status == "success" and len(log.samples) == 6 and log.eval.task_registry_name == "omseval/replay"
    assert log.eval.metadata["config"]["approach"]["name"] == "verbatim"
    assert log.eval.metadata["config"]["model"]["name"] == "omseval/heuristic"  # the model group follows --model
    assert (tmp_path / "logs" / "guidance").is_dir()
    values = {s.id: s.scores["compliance"].value for s in log.samples}
    assert {v["first_attempt"] for v in values.values()} == {0, 1}  # both verdicts occur

    rescored = tmp_path / "rescored.eval"
    result = inspect_score(info.name, rescored, cwd=tmp_path, env={"INSPECT_LOG_DIR": "logs"})
    assert result.returncode == 0, result.stderr
    again = read_eval_log(str(rescored))
    assert {s.id: s.scores["compliance"].value for s in again.samples} == values
    for s in again.samples:  # each attempt's verdict recomputed from its kept answer
        verdicts = s.scores["compliance"].metadata["verdicts"]
        assert len(verdicts) == s.scores["compliance"].value["attempts"] and verdicts[-1] is not None


@pytest.mark.slow
def test_handoff_and_guidance_tasks_are_registered(tmp_path):
    result = inspect_cli(
        tmp_path,
        "eval",
        "omseval/handoff",
        "-T",
        "approach=verbatim",
        "-T",
        "seed=11",
        "-T",
        'overrides=["experiment.probabilities=[0,100]"]',
        "--model",
        "omseval/heuristic",
        "--display",
        "none",
    )
    assert result.returncode == 0, result.stderr
    log = read_eval_log(list_eval_logs(str(tmp_path / "logs"))[0])
    agents = [s.metadata["agent"] for s in log.samples]
    assert agents.count("A") == 33 and agents.count("B") == 66
    assert {s.metadata["probability"] for s in log.samples if s.metadata["agent"] == "B"} == {0, 100}
    report = run_module("omseval.report", str(tmp_path / "logs"))
    assert report.returncode == 0, report.stderr
    assert "agent A" in report.stdout and "agent B" in report.stdout and "arrived_new" in report.stdout

    wrong = inspect_cli(
        tmp_path, "eval", "omseval/guidance", "-T", "approach=nope", "--model", "omseval/heuristic", "--display", "none"
    )
    assert wrong.returncode != 0 and "nope" in wrong.stderr


@solver
def failing(error: Exception):
    async def solve(state, generate):
        raise error

    return solve


def run_with(error: Exception):
    pack = load_pack(PACK)
    q = pack.questions_of("smaller")[0]
    task = Task(
        dataset=MemoryDataset([question_sample(q, q.question_id, "", "none")]),
        solver=retry_loop(failing(error), pack.templates["retry"]),
        scorer=compliance(),
    )
    return eval(task, model="mockllm/model", display="none", fail_on_error=False)[0]


def test_a_time_out_is_missing_evidence():
    log = run_with(TimeoutError("the model took too long"))
    [sample] = log.samples
    assert sample.error is None
    assert sample.scores["compliance"].value == {
        "first_attempt": None,
        "eventual": None,
        "attempts": 1,
        "corrective_messages": 0,
        "strict_first_attempt": None,
        "strict_eventual": None,
    }
    assert "TimeoutError" in sample.scores["compliance"].explanation


def test_a_service_failure_past_inspects_retries_is_missing_evidence():
    """inspect raises tenacity's RetryError once its retries run out; the last error is what the record shows."""
    from tenacity import Future, RetryError

    last = Future(1)
    last.set_exception(ConnectionError("overloaded"))
    [sample] = run_with(RetryError(last)).samples
    assert sample.error is None
    assert sample.scores["compliance"].value["first_attempt"] is None
    assert "ConnectionError: overloaded" in sample.scores["compliance"].explanation


@pytest.mark.parametrize("error", [KeyError("guidance"), TypeError("a programming error")])
def test_a_programming_error_propagates(error):
    [sample] = run_with(error).samples
    assert sample.error is not None and type(error).__name__ in sample.error.message and not sample.scores


def test_a_misspelled_task_argument_is_named():
    with pytest.raises(UserError, match="no task argument 'aproach'; the tasks take approach, corpus, seed"):
        checked({"aproach": "verbatim"})
    assert checked({"approach": "verbatim", "limit": 2}) == {"approach": "verbatim", "limit": 2}
