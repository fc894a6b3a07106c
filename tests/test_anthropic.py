"""model=sonnet runs the real Anthropic client through inspect-ai, against a local fake Messages API."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from tests.conftest import run_module

ANSWER = "Draw the positioning map with four dimensions, one per axis."


class FakeMessages(BaseHTTPRequestHandler):
    requests: list[dict] = []

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        bearer = (self.headers.get("authorization") or "").removeprefix("Bearer ")
        key = self.headers.get("x-api-key") or bearer  # the SDK sends one or the other
        FakeMessages.requests.append({"path": self.path, "body": body, "key": key})
        reply = {
            "id": f"msg_{len(FakeMessages.requests)}",
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "content": [{"type": "text", "text": ANSWER}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 12},
        }
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def fake_api():
    FakeMessages.requests = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeMessages)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


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
