"""Judge calibration: a judge grades a stratified sample of the pack's labelled controls, through any model;
tested through the real Anthropic client against a local fake API, and with the offline model."""

import json
import re

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from omseval.calibrate import KINDS, calibration_samples
from omseval.pack_schema import load_pack
from omseval.pack_schema.lint import CONTROLS, load_controls
from omseval.scorers.judge import PROMPT
from tests.helpers import PACK, run_module
from tests.helpers.fake_anthropic import FakeAnthropic, serving


class AlwaysCorrect(FakeAnthropic):
    """A judge that calls every answer correct (or fails with `status`)."""

    requests: list[dict] = []
    status = 200

    def answer(self, body: dict) -> None:
        AlwaysCorrect.requests.append(body)
        if AlwaysCorrect.status != 200:
            self.send(AlwaysCorrect.status, {"type": "error", "error": {"type": "overloaded_error", "message": "busy"}})
        else:
            self.reply(json.dumps({"reason": "looks right", "correct": True}))


@pytest.fixture
def fake_api():
    AlwaysCorrect.requests, AlwaysCorrect.status = [], 200
    with serving(AlwaysCorrect) as url:
        yield {"ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": url}


def test_the_sample_is_stratified_by_kind_and_seeded():
    samples = calibration_samples(PACK, 70, seed=3)
    kinds = [s.metadata["kind"] for s in samples]
    assert {k: kinds.count(k) for k in KINDS} == dict.fromkeys(KINDS, 10)
    assert [s.id for s in calibration_samples(PACK, 70, seed=3)] == [s.id for s in samples]
    assert [s.id for s in calibration_samples(PACK, 70, seed=4)] != [s.id for s in samples]
    # the judge sees what it sees in a run (the question, the intended rule and the answer), never the label
    pack = load_pack(PACK)
    questions = {q.question_id: q for q in pack.questions}
    answers = {
        c.row: c.answer for by in load_controls(PACK / CONTROLS, pack).values() for cs in by.values() for c in cs
    }
    for s in samples:
        q = questions[s.metadata["question_id"]]
        assert s.input == PROMPT.format(
            question=q.question, intended_rule=q.intended_rule, answer=answers[s.metadata["row"]]
        )


@pytest.mark.slow
def test_calibration_through_the_anthropic_client(tmp_path, fake_api):
    args = ["omseval.calibrate", "judge=sonnet", "size=14", f"log_dir={tmp_path / 'logs'}"]
    result = run_module(*args, cwd=tmp_path, env=fake_api)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    # a judge that accepts everything: right on the answers that follow the rule, wrong on every other kind
    assert re.search(r"accuracy on positive +100\.0% \[", out) and re.search(r"accuracy on commit_old +0\.0% \[", out)
    assert re.search(r"false accepts \(commit_old, hedge\): 100\.0% \[", out)
    assert re.search(r"false rejects \(context\): 0\.0% \[", out)
    assert "Cohen's kappa with the labels: 0.00" in out and "not a language model" not in out
    assert len(AlwaysCorrect.requests) == 14
    assert {r["model"] for r in AlwaysCorrect.requests} == {"claude-sonnet-4-5"}
    [info] = list_eval_logs(str(tmp_path / "logs" / "calibration"))
    log = read_eval_log(info)
    assert log.eval.task == "judge_calibration" and log.eval.model == "anthropic/claude-sonnet-4-5"
    assert len(log.samples) == 14 and log.results and log.results.scores

    again = run_module(*args, cwd=tmp_path, env=fake_api)  # a finished calibration is reused
    assert again.returncode == 0 and len(AlwaysCorrect.requests) == 14


@pytest.mark.slow
def test_a_judge_that_is_down_stops_the_calibration(tmp_path, fake_api):
    AlwaysCorrect.status = 529
    args = ["omseval.calibrate", "judge=sonnet", "size=7", "judge.max_retries=0", f"log_dir={tmp_path / 'logs'}"]
    result = run_module(*args, cwd=tmp_path, env=fake_api)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "rerun the same command to resume" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_the_offline_judge_is_calibrated_and_labelled(tmp_path):
    result = run_module("omseval.calibrate", "judge=offline", "size=21", f"log_dir={tmp_path / 'logs'}", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "not a language model" in result.stdout and "Cohen's kappa with the labels: " in result.stdout


@pytest.mark.slow
@pytest.mark.parametrize(
    "args, message",
    [
        ([], "give judge=NAME"),
        (["judge=nope"], "judge=nope is not a model option"),
        (["judge=offline", "size=0"], "size must be a positive integer"),
        (["judge=sonnet"], "judge=sonnet needs the environment variable ANTHROPIC_API_KEY"),
        (["judge=offline", "colour=blue"], "'colour=blue'"),
    ],
)
def test_a_calibration_that_cannot_run_is_refused_in_one_line(tmp_path, args, message):
    result = run_module("omseval.calibrate", *args, cwd=tmp_path, env={"ANTHROPIC_API_KEY": ""})
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
