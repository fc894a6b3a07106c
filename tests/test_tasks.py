"""The registered tasks under `inspect eval` from an empty folder, `inspect score` reproducing a log's
verdicts, and the retry loop's line between missing evidence and a fault."""

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import MemoryDataset
from inspect_ai.log import list_eval_logs, read_eval_log
from inspect_ai.solver import solver

from omseval.errors import UserError
from omseval.pack_schema import load_pack
from omseval.samples import question_sample
from omseval.scorers.compliance import compliance
from omseval.solvers import retry_loop
from omseval.tasks import known
from tests.helpers import PACK, inspect_score, run_module


def inspect_cli(tmp_path, *args):
    """`inspect ...` run in `tmp_path`, with its logs in `logs/` there (its builds go there too)."""
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
    build = tmp_path / "logs" / "builds" / log.eval.metadata["build"]
    assert (build / "manifest.json").is_file()  # the task built its guidance under inspect's log folder
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
def test_handoff_and_maintain_tasks_are_registered(tmp_path):
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

    wrong = inspect_cli(
        tmp_path, "eval", "omseval/maintain", "-T", "approach=nope", "--model", "omseval/heuristic", "--display", "none"
    )
    assert wrong.returncode != 0 and "approach=nope is not an option" in wrong.stderr
    assert "Could not find 'omseval/maintain'" not in wrong.stderr and "not found" not in wrong.stderr


@pytest.mark.slow
def test_the_report_reads_a_handoff_tasks_log(tmp_path):
    result = inspect_cli(
        tmp_path,
        "eval",
        "omseval/handoff",
        "-T",
        "approach=verbatim",
        "-T",
        "limit=2",
        "-T",
        'overrides=["experiment.probabilities=[0,100]", "experiment.seeds=[11]"]',
        "--model",
        "omseval/heuristic",
        "--display",
        "none",
    )
    assert result.returncode == 0, result.stderr
    report = run_module("omseval.report", str(tmp_path / "logs"))
    assert report.returncode == 0, report.stderr
    assert "agent A" in report.stdout and "agent B" in report.stdout and "arrived new" in report.stdout


@solver
def failing(error: Exception):
    async def solve(state, generate):
        raise error

    return solve


def run_with(error: Exception, fail_on_error=False):
    pack = load_pack(PACK)
    q = pack.questions_of("smaller")[0]
    task = Task(
        dataset=MemoryDataset([question_sample(q, q.question_id, "none", guidance="")]),
        solver=retry_loop(failing(error), pack.templates["retry"]),
        scorer=compliance(),
    )
    return eval(task, model="mockllm/model", display="none", fail_on_error=fail_on_error)[0]


class Refused(Exception):
    """How a provider's client raises a request the API refuses as invalid (a 4xx but 401, 403, 408, 409, 425, 429)."""

    def __init__(self, message: str, status_code: int):
        super().__init__(message)
        self.status_code = status_code


def retries_ran_out(error: Exception):
    """inspect raises tenacity's RetryError once its retries run out; the last error is what counts."""
    from tenacity import Future, RetryError

    last = Future(1)
    last.set_exception(error)
    return RetryError(last)


def test_a_request_the_api_refuses_is_missing_evidence():
    log = run_with(Refused("prompt is too long", 400))
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
    assert "Refused: prompt is too long" in sample.scores["compliance"].explanation


@pytest.mark.parametrize(
    "error, says",
    [
        (TimeoutError("the model took too long"), "TimeoutError: the model took too long"),
        (retries_ran_out(ConnectionError("overloaded")), "ConnectionError: overloaded"),
        (retries_ran_out(Refused("overloaded", 529)), "Refused: overloaded"),
        (Refused("rate limited", 429), "Refused: rate limited"),
    ],
)
def test_a_service_failure_past_inspects_retries_stops_the_run(error, says):
    """Not missing evidence: the sample records no score, and the run (failing on its first error) stops."""
    [sample] = run_with(error).samples
    assert sample.error is not None and not sample.scores
    assert "ServiceStopped" in sample.error.message and "failed past its retries" in sample.error.message
    assert says in sample.error.message
    stopped = run_with(error, fail_on_error=True)
    assert stopped.status == "error" and "ServiceStopped" in stopped.error.message


def test_a_rejected_key_stops_the_run_as_the_users_mistake():
    [sample] = run_with(Refused("invalid x-api-key", 401)).samples
    assert sample.error is not None and not sample.scores
    assert "KeyRejected" in sample.error.traceback and "the API rejected the key" in sample.error.message


@pytest.mark.parametrize("error", [KeyError("guidance"), TypeError("a programming error")])
def test_a_programming_error_propagates(error):
    [sample] = run_with(error).samples
    assert sample.error is not None and type(error).__name__ in sample.error.message and not sample.scores


def test_a_misspelled_task_argument_is_named():
    with pytest.raises(UserError, match="no task argument 'aproach'; the tasks take approach, corpus, seed"):
        known({"aproach": "verbatim"})
    assert known({"approach": "verbatim", "limit": 2}) == {"approach": "verbatim", "limit": 2}


@pytest.mark.slow
@pytest.mark.parametrize(
    "argument, says",
    [("foo=1", "error: no task argument 'foo'"), ("approach=nope", "error: approach=nope is not an option")],
)
def test_inspect_eval_refuses_a_wrong_task_argument_in_one_line(tmp_path, argument, says):
    result = run_module(
        "inspect_ai", "eval", "omseval/replay", "-T", argument, "--model", "omseval/heuristic",
        "--log-dir", str(tmp_path / "logs"), cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 2 and result.stderr.startswith(says) and result.stderr.count("\n") == 1
    assert not (tmp_path / "logs").exists() or not list((tmp_path / "logs").rglob("*.eval"))
