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
def serving(handler: type[FakeAnthropic]) -> Iterator[str]:
    """The handler served on a free loopback port: its base URL, for as long as the block runs."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
