"""Faults of the model's API, through the real Anthropic client against a local fake Messages API that answers as
the offline model does: an API that is down, one that rejects the key, one that goes down mid-build or while
answering and comes back. An outage never becomes a finished result: the run stops (exit 1), and a rerun makes
the requests it missed and ends where a run that never had an outage ends."""

import json
import socket

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from omseval.report.logs import runs, samples
from tests.helpers import run_module
from tests.helpers.fake_anthropic import OfflineMessages, serving

ARGS = ["experiment=replay", "approach=oms", "corpus=smaller", "model=sonnet", "model.max_retries=0"]
KEY = "test-key"
RERUN = "rerun the same command to resume"


def omseval(tmp_path, logs: str, url: str, *args: str, key: str = KEY):
    """`python -m omseval` against the API at `url`, writing to tmp_path/<logs> with a cache of its own."""
    env = {"ANTHROPIC_API_KEY": key, "INSPECT_CACHE_DIR": str(tmp_path / f"{logs}-cache")}
    return run_module(
        "omseval", f"log_dir={tmp_path / logs}", f"model.base_url={url}", *ARGS, *args, cwd=tmp_path, env=env
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def builds(logs) -> list:
    root = logs / "builds"
    return [p for p in root.iterdir() if p.is_dir() and not p.name.endswith(".partial")] if root.is_dir() else []


def successes(logs) -> list:
    return [i for i in list_eval_logs(str(logs)) if read_eval_log(i, header_only=True).status == "success"]


def finished(logs):
    """(documents, processing log, build counts, scores by question) of a finished run."""
    [built] = builds(logs)
    docs = {str(p.relative_to(built)): p.read_text() for p in built.rglob("*.md")}
    counts = {k: v for k, v in json.loads((built / "manifest.json").read_text()).items() if k in ("losses", "failures")}
    df = samples(runs(str(logs))).set_index("question_id").sort_index()
    scores = df[["first_attempt", "eventual", "attempts", "corrective_messages"]].to_dict("index")
    return docs, (built / "processing.jsonl").read_text(), counts, scores


def assert_stopped(result, logs) -> None:
    """Exit 1 with one line naming the model's service and asking for a rerun; nothing that looks finished."""
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    [line] = [x for x in result.stdout.splitlines() if x.startswith("run stopped:")]
    assert line.startswith("run stopped: anthropic/claude-sonnet-4-5 at http://127.0.0.1:")
    assert "failed past its retries" in line
    assert RERUN in result.stdout
    assert not successes(logs)


@pytest.fixture
def api():
    OfflineMessages.reset()
    with serving(OfflineMessages) as url:
        yield url


@pytest.mark.slow
def test_an_api_that_is_down_stops_the_run_and_a_rerun_once_it_is_back_ends_as_if_it_never_was(tmp_path):
    port = free_port()  # nothing listens here until the API comes back
    url = f"http://127.0.0.1:{port}"
    down = omseval(tmp_path, "down", url)
    assert_stopped(down, tmp_path / "down")
    assert "APIConnectionError" in down.stdout and not builds(tmp_path / "down")

    OfflineMessages.reset()
    with serving(OfflineMessages, port):
        assert omseval(tmp_path, "never-down", url).returncode == 0
        uninterrupted = len(OfflineMessages.requests)
        OfflineMessages.reset()
        again = omseval(tmp_path, "down", url)
    assert again.returncode == 0, again.stdout + again.stderr
    assert len(OfflineMessages.requests) == uninterrupted  # every call made again: the outage cached nothing
    assert finished(tmp_path / "down") == finished(tmp_path / "never-down")


@pytest.mark.slow
def test_an_api_down_mid_build_stops_it_and_the_rerun_makes_the_requests_it_missed(tmp_path, api):
    assert omseval(tmp_path, "never-down", api).returncode == 0
    OfflineMessages.reset(fault=lambda n, prompt: 503 if n > 8 else None)
    stopped = omseval(tmp_path, "outage", api)
    assert_stopped(stopped, tmp_path / "outage")
    assert "InternalServerError" in stopped.stdout or "503" in stopped.stdout
    assert not builds(tmp_path / "outage") and list((tmp_path / "outage" / "builds").glob("*.partial"))
    missed = [OfflineMessages.requests[n - 1] for n in OfflineMessages.failed]

    OfflineMessages.reset()
    again = omseval(tmp_path, "outage", api)
    assert again.returncode == 0, again.stdout + again.stderr
    assert set(missed) <= set(OfflineMessages.requests)  # the rerun sent what the outage lost
    assert finished(tmp_path / "outage") == finished(tmp_path / "never-down")
    assert finished(tmp_path / "outage")[2]["failures"] == 0  # no loss from the outage in the finished build


@pytest.mark.slow
def test_an_api_down_while_answering_finishes_no_log_and_the_rerun_answers_what_it_missed(tmp_path, api):
    assert omseval(tmp_path, "never-down", api).returncode == 0
    answered = {"n": 0}

    def fault(n, prompt):  # the 4th question onwards
        if "<task>" in prompt:
            answered["n"] += 1
            return 529 if answered["n"] > 3 else None
        return None

    OfflineMessages.reset(fault=fault)
    stopped = omseval(tmp_path, "outage", api)
    assert_stopped(stopped, tmp_path / "outage")
    assert builds(tmp_path / "outage")  # the build was done before the outage, and is kept
    missed = [OfflineMessages.requests[n - 1] for n in OfflineMessages.failed]

    OfflineMessages.reset()
    again = omseval(tmp_path, "outage", api)
    assert again.returncode == 0, again.stdout + again.stderr
    assert set(missed) <= set(OfflineMessages.requests)
    assert finished(tmp_path / "outage") == finished(tmp_path / "never-down")


@pytest.mark.slow
def test_a_rejected_key_is_one_line_naming_its_variable_at_the_first_calls(tmp_path, api):
    OfflineMessages.reset(key="the-right-key")
    result = omseval(tmp_path, "logs", api, key="a-wrong-key")
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    [line] = [x for x in result.stdout.splitlines() if x.startswith("error:")]
    assert "rejected the key" in line and line.endswith("check the key in ANTHROPIC_API_KEY")
    assert "a-wrong-key" not in result.stdout + result.stderr
    assert len(OfflineMessages.requests) == 0  # refused before any answer (requests counts accepted keys)
    assert not builds(tmp_path / "logs") and not successes(tmp_path / "logs")


@pytest.mark.slow
def test_losses_are_counted_by_cause_in_the_manifest_and_the_summary(tmp_path, api):
    def fault(n, prompt):  # the model's own failures, chosen by the prompt: the same in every run
        if "<correction>" not in prompt:
            return None
        h = sum(map(ord, prompt))
        return 400 if h % 7 == 0 else "not the reply asked for" if h % 7 == 1 else None

    OfflineMessages.reset(fault=fault)
    result = omseval(tmp_path, "logs", api)
    assert result.returncode == 0, result.stdout + result.stderr
    [built] = builds(tmp_path / "logs")
    manifest = json.loads((built / "manifest.json").read_text())
    log = [json.loads(line) for line in (built / "processing.jsonl").read_text().splitlines()]
    causes: dict[str, int] = {}
    for entry in log:
        if entry.get("failure"):
            causes[entry["cause"]] = causes.get(entry["cause"], 0) + 1
    assert manifest["losses"] == causes and sum(causes.values()) == manifest["failures"]
    assert set(causes) == {"request refused", "unusable reply"}
    for cause, n in causes.items():
        assert f"{n} {cause}" in result.stdout
