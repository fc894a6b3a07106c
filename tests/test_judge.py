"""The opt-in judge (`judge=<model option>`): the real Anthropic client against a local fake Messages API that
checks what it is asked and replies with a JSON verdict; model errors and unusable replies as missing
evidence; the offline model in the judge's role; refusals before any work."""

import asyncio
import json
import re

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log
from inspect_ai.model import GenerateConfig, get_model

from omseval.errors import ServiceStopped
from omseval.models import KeyRejected
from omseval.pack_schema import load_pack
from omseval.scorers.judge import Judge
from tests.helpers import PACK, inspect_score, run_module
from tests.helpers.fake_anthropic import FakeAnthropic, serving
from tests.helpers.strict import CONTEXT, HEDGE, QID, SUPERSEDED, score_of, with_superseded

KEYWORD = re.compile(r"(?i)\b(?:use|keep|put|format|mark|write|set)\b")


def slot(prompt: str, tag: str) -> str:
    m = re.search(rf"<{tag}>\n(.*?)\n</{tag}>", prompt, re.S)
    assert m, f"no <{tag}> in the judge's prompt"
    return m.group(1)


def fake_verdict(intended_rule: str, answer: str) -> bool:
    """The fake judge's own rule, distinct from every verdict of the project: the answer repeats the intended
    rule's longest word."""
    return max(re.findall(r"[A-Za-z]+", intended_rule), key=len).lower() in answer.lower()


class FakeJudge(FakeAnthropic):
    requests: list[dict] = []
    status = 200
    text: str | None = None  # a reply to send in place of the verdict

    def answer(self, body: dict) -> None:
        content = body["messages"][0]["content"]
        prompt = content if isinstance(content, str) else "".join(b.get("text", "") for b in content)
        verdict = fake_verdict(slot(prompt, "intended_rule"), slot(prompt, "answer"))
        FakeJudge.requests.append({"path": self.path, "body": body, "prompt": prompt, "verdict": verdict})
        if FakeJudge.status != 200:
            self.send(FakeJudge.status, {"type": "error", "error": {"type": "overloaded_error", "message": "busy"}})
        else:
            self.reply(FakeJudge.text or json.dumps({"reason": "checked by the fake", "correct": verdict}))


@pytest.fixture
def fake_api(monkeypatch):
    FakeJudge.requests, FakeJudge.status, FakeJudge.text = [], 200, None
    with serving(FakeJudge) as url:
        monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        yield url


def assert_asked_for_a_verdict(request: dict, question, answer: str) -> None:
    """The judge asked for the schema's JSON object, about this question, its intended rule and this answer."""
    schema = json.dumps(request["body"])
    assert '"correct"' in schema and '"reason"' in schema and '"boolean"' in schema  # the response schema
    assert slot(request["prompt"], "question") == question.question
    assert slot(request["prompt"], "intended_rule") == question.intended_rule
    assert slot(request["prompt"], "answer") == answer
    for hidden in (question.rule_id, question.question_id, question.pattern):  # nothing else of the answer key
        assert hidden not in request["prompt"]


@pytest.mark.slow
def test_a_run_with_judge_sonnet_through_the_anthropic_client(tmp_path, fake_api):
    args = ["omseval", "experiment=replay", "corpus=smaller", "approach=verbatim", "limit=4", "judge=sonnet"]
    env = {"ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": fake_api}
    result = run_module(*args, f"log_dir={tmp_path / 'logs'}", cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    assert {tuple(line.split()[:2]) for line in result.stdout.splitlines()} >= {("judge", "all"), ("strict", "all")}
    [info] = [i for i in list_eval_logs(str(tmp_path / "logs")) if "guidance" not in i.name]
    log = read_eval_log(info)
    questions = {q.question_id: q for q in load_pack(PACK).questions}
    asked = FakeJudge.requests
    assert asked and all(r["path"].startswith("/v1/messages") for r in asked)
    assert {r["body"]["model"] for r in asked} == {"claude-sonnet-4-5"}
    attempts = 0
    for s in log.samples:
        score = s.scores["compliance"]
        answers = [a["answer"] for a in s.store["attempts"]]
        attempts += len(answers)
        expected = [fake_verdict(questions[s.id].intended_rule, a) for a in answers]
        assert score.metadata["judge_verdicts"] == expected
        assert score.value["judge_first_attempt"] == int(expected[0])
        assert score.value["judge_eventual"] == int(expected[-1])
        for answer in answers:
            request = next(r for r in asked if slot(r["prompt"], "answer") == answer)
            assert_asked_for_a_verdict(request, questions[s.id], answer)
    assert len(asked) == attempts  # one call per attempt

    again = run_module(*args, f"log_dir={tmp_path / 'logs2'}", cwd=tmp_path, env=env)
    assert again.returncode == 0, again.stderr
    assert len(FakeJudge.requests) == attempts  # every judge call was answered from inspect's cache


def judge_with_no_retries(url: str) -> Judge:
    judge = Judge("sonnet", cache=False)
    config = GenerateConfig(max_retries=0, max_tokens=100)
    judge.model = get_model("anthropic/claude-sonnet-4-5", config=config, base_url=url, memoize=False)
    return judge


def test_a_judge_service_failure_stops_the_run(fake_api):
    """A service failure past the retries is no verdict of the answer: it stops the run (a rerun resumes)."""
    FakeJudge.status = 529  # overloaded: a service failure
    q = next(q for q in load_pack(PACK).questions if q.question_id == QID)
    with pytest.raises(ServiceStopped, match="OverloadedError"):
        asyncio.run(judge_with_no_retries(fake_api).verdicts(q, [{"answer": CONTEXT}]))


def test_a_request_the_judges_api_refuses_is_missing_evidence(fake_api):
    FakeJudge.status = 400  # the API refuses this request: the judge's own failure, no verdict for it
    q = next(q for q in load_pack(PACK).questions if q.question_id == QID)
    assert asyncio.run(judge_with_no_retries(fake_api).verdicts(q, [{"answer": CONTEXT}, {"answer": None}])) == [
        None,
        None,
    ]
    # the answer was asked about (the client may retry); the missing answer was not
    assert FakeJudge.requests and {slot(r["prompt"], "answer") for r in FakeJudge.requests} == {CONTEXT}


def test_a_rejected_key_is_the_users_mistake(fake_api):
    FakeJudge.status = 401
    q = next(q for q in load_pack(PACK).questions if q.question_id == QID)
    with pytest.raises(KeyRejected, match="the API rejected the key"):
        asyncio.run(judge_with_no_retries(fake_api).verdicts(q, [{"answer": CONTEXT}]))


@pytest.mark.parametrize("text", ["yes, correct", '{"reason": "fine"}', '{"correct": "yes", "reason": ""}'])
def test_an_unusable_judge_reply_is_missing_evidence(fake_api, text):
    FakeJudge.text = text
    q = next(q for q in load_pack(PACK).questions if q.question_id == QID)
    assert asyncio.run(judge_with_no_retries(fake_api).verdict(q, CONTEXT)) is None
    assert_asked_for_a_verdict(FakeJudge.requests[0], q, CONTEXT)


def test_the_offline_model_serves_the_judge_role(pack_copy):
    """judge=offline: the offline model answers the judge's schema; its documented rule counts a hedge wrong."""
    score = score_of(with_superseded(pack_copy, {QID: SUPERSEDED}), HEDGE, judge="offline")
    assert score.value["judge_first_attempt"] == 0 and score.metadata["judge_verdicts"] == [False]
    attempt, _, scored = score.explanation.splitlines()
    assert attempt.endswith("; judge fail") and scored.endswith("judge: first attempt fail, eventual (attempt 1) fail")


@pytest.mark.slow
@pytest.mark.parametrize(
    "override, env, message",
    [
        ("judge=sonnet", {"ANTHROPIC_API_KEY": ""}, "judge=sonnet needs the environment variable ANTHROPIC_API_KEY"),
        ("judge=nope", {}, "judge=nope is not a model option; options: "),
        ("judge=local", {}, "judge=local: a local model serves only as the answering model"),
    ],
)
def test_a_judge_that_cannot_run_is_refused_before_any_work(tmp_path, override, env, message):
    result = run_module("omseval", override, f"log_dir={tmp_path / 'logs'}", cwd=tmp_path, env=env)
    assert result.returncode == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr and not (tmp_path / "logs").exists()


@pytest.mark.slow
def test_inspect_score_reproduces_a_judged_run(tmp_path):
    logs = tmp_path / "logs"
    args = ["omseval", "experiment=replay", "corpus=smaller", "approach=verbatim", "limit=4", "judge=offline"]
    result = run_module(*args, f"log_dir={logs}", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert any(line.startswith("judge: ") and "not a language model" in line for line in result.stdout.splitlines())
    [info] = [i for i in list_eval_logs(str(logs)) if "guidance" not in i.name]
    values = {s.id: s.scores["compliance"].value for s in read_eval_log(info).samples}
    assert all(v["judge_first_attempt"] in (0, 1) for v in values.values())
    rescored = tmp_path / "rescored.eval"
    again = inspect_score(info.name, rescored, "-S", "judge=offline", cwd=tmp_path)
    assert again.returncode == 0, again.stdout + again.stderr
    assert {s.id: s.scores["compliance"].value for s in read_eval_log(str(rescored)).samples} == values
