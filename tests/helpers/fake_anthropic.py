"""A local stand-in for Anthropic's Messages API, for tests that drive the real Anthropic client against it."""

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeAnthropic(BaseHTTPRequestHandler):
    """A subclass answers `answer(body)` with `self.reply(text)` or `self.send(status, payload)`; it keeps what
    it was asked in its own `requests` list."""

    requests: list[dict] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        self.model = body.get("model", "")
        self.answer(body)

    def answer(self, body: dict) -> None:
        raise NotImplementedError

    def reply(self, text: str) -> None:
        """A message whose one text block is `text`, with token usage."""
        self.send(
            200,
            {
                "id": f"msg_{len(type(self).requests)}",
                "type": "message",
                "role": "assistant",
                "model": self.model,
                "content": [{"type": "text", "text": text}],
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 10, "output_tokens": 12},
            },
        )

    def send(self, status: int, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args) -> None:
        pass


@contextmanager
def serving(handler: type[FakeAnthropic], port: int = 0) -> Iterator[str]:
    """The handler served on a loopback port (0: a free one): its base URL, for as long as the block runs."""
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


class OfflineMessages(FakeAnthropic):
    """Anthropic's Messages API answering every request as the offline model answers it (the role told by a
    property of the reply schema or the prompt's slots), with injected faults: `fault(n, prompt)` for the n-th request
    (1-based) is None (answer it), an HTTP status (fail with it) or a text (reply with it instead); `key`, when
    set, is the only key accepted (401 otherwise). Its `requests` are the prompts it was sent, in order, and
    `failed` the n of those a fault failed."""

    requests: list[str] = []
    failed: list[int] = []
    fault = staticmethod(lambda n, prompt: None)
    key: str | None = None
    ROLES = {"directive": "extract", "decision": "reconcile", "file": "file_selection", "correct": "judge"}

    @classmethod
    def reset(cls, fault=lambda n, prompt: None, key: str | None = None) -> None:
        cls.requests, cls.failed, cls.fault, cls.key = [], [], staticmethod(fault), key

    def answer(self, body: dict) -> None:
        from omseval.offline.answering import respond

        cls = type(self)
        given = self.headers.get("x-api-key") or (self.headers.get("authorization") or "").removeprefix("Bearer ")
        if cls.key is not None and given != cls.key:
            error = {"type": "authentication_error", "message": "invalid x-api-key"}
            return self.send(401, {"type": "error", "error": error})
        text = "\n\n".join(
            c if isinstance(c, str) else "".join(b.get("text", "") for b in c)
            for c in (m["content"] for m in body["messages"])
        )
        cls.requests.append(text)
        fault = cls.fault(len(cls.requests), text)
        if isinstance(fault, int):
            cls.failed.append(len(cls.requests))
            kind = "invalid_request_error" if fault < 500 else "api_error"
            return self.send(fault, {"type": "error", "error": {"type": kind, "message": "injected fault"}})
        if isinstance(fault, str):
            return self.reply(fault)
        schema = (body.get("output_format") or {}).get("schema")
        if schema:
            role = next(role for field, role in self.ROLES.items() if field in schema["properties"])
        else:
            role = "edit" if "<document>" in text else None
        self.reply(respond(text, role, _Schema(schema) if schema else None))


class _Schema:
    """The reply schema's decisions, as the offline model reads them from inspect's ResponseSchema."""

    def __init__(self, schema: dict):
        decision = schema["properties"].get("decision", {})
        self.json_schema = type("S", (), {"properties": {"decision": type("D", (), {"enum": decision.get("enum")})}})
