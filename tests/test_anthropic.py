"""model=sonnet runs the real Anthropic client through inspect-ai, against a local fake Messages API."""

import json

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from tests.helpers import run_module
from tests.helpers.fake_anthropic import FakeAnthropic, serving

ANSWER = "Draw the positioning map with four dimensions, one per axis."


class FakeMessages(FakeAnthropic):
    requests: list[dict] = []

    def answer(self, body: dict) -> None:
        bearer = (self.headers.get("authorization") or "").removeprefix("Bearer ")
        key = self.headers.get("x-api-key") or bearer  # the SDK sends one or the other
        FakeMessages.requests.append({"path": self.path, "body": body, "key": key})
        self.reply(ANSWER)


@pytest.fixture
def fake_api():
    FakeMessages.requests = []
    with serving(FakeMessages) as url:
        yield url


@pytest.mark.slow
def test_sonnet_through_the_anthropic_client(tmp_path, fake_api):
    args = [
        "omseval",
        f"log_dir={tmp_path / 'logs'}",
        "model=sonnet",
        f"model.base_url={fake_api}",
        "model.max_retries=0",
        "approach=verbatim",
        "limit=3",
    ]
    env = {"ANTHROPIC_API_KEY": "test-key"}
    result = run_module(*args, cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    assert "not a language model" not in result.stdout and "model sonnet" in result.stdout
    calls = FakeMessages.requests
    assert calls and all(c["path"].endswith("/v1/messages") for c in calls)
    assert {c["body"]["model"] for c in calls} == {"claude-sonnet-4-5"}
    assert {c["key"] for c in calls} == {"test-key"}  # the key from ANTHROPIC_API_KEY, on every request
    assert "<guidance>" in json.dumps(calls[0]["body"]["messages"][0]["content"])
    log = read_eval_log(list_eval_logs(str(tmp_path / "logs"))[0])
    assert log.eval.model == "anthropic/claude-sonnet-4-5" and len(log.samples) == 3
    attempts = [s.scores["compliance"].value["attempts"] for s in log.samples]
    assert len(calls) == sum(attempts)  # one request per attempt, retries included

    n = len(calls)
    (tmp_path / "logs2").mkdir()
    again = run_module(*[a.replace("logs", "logs2") for a in args], cwd=tmp_path, env=env)
    assert again.returncode == 0, again.stderr
    assert len(FakeMessages.requests) == n  # every call was answered from inspect's cache
