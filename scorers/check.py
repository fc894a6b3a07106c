"""The pack's check: `re.search` with MULTILINE only (other flags inline), present/absent, required_pattern.

Matching uses Python's `re`, as the schema defines, in a worker process so every match is bounded
in time: a match past the limit kills the worker and gives no verdict (None), which counts as
missing evidence, neither pass nor fail.
"""

import json
import re
import select
import subprocess
import sys
import threading

CHECK_TIMEOUT = 2.0  # seconds per pattern


def serve() -> None:
    """The worker: "ready" once started, then one "1" or "0" line per JSON [pattern, text] input line."""
    compiled: dict[str, re.Pattern] = {}
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    for line in sys.stdin:
        pattern, text = json.loads(line)
        if pattern not in compiled:
            compiled[pattern] = re.compile(pattern, re.MULTILINE)
        sys.stdout.write("1\n" if compiled[pattern].search(text) else "0\n")
        sys.stdout.flush()


class _Matcher:
    """One worker process answering `re.search` requests; restarted after a time-out."""

    def __init__(self):
        self._lock = threading.Lock()
        self._proc: subprocess.Popen | None = None

    def search(self, pattern: str, text: str, timeout: float) -> bool:
        with self._lock:
            if self._proc is None or self._proc.poll() is not None:
                self._proc = subprocess.Popen([sys.executable, "-c", "from omseval.scorers.check import serve; serve()"],
                                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
                self._proc.stdout.readline()  # started: the time limit covers the match, not the start-up
            self._proc.stdin.write(json.dumps([pattern, text]) + "\n")
            self._proc.stdin.flush()
            if select.select([self._proc.stdout], [], [], timeout)[0]:
                return self._proc.stdout.readline().strip() == "1"
            self._proc.kill()
            self._proc.wait()
            self._proc = None
            raise TimeoutError(f"pattern took longer than {timeout} s: {pattern[:60]!r}")


_matcher = _Matcher()


def found(pattern: str, text: str, timeout: float = CHECK_TIMEOUT) -> bool:
    """Whether `pattern` occurs in `text`; raises TimeoutError past `timeout` seconds."""
    return _matcher.search(pattern, text, timeout)


def verdict(question, answer: str, timeout: float = CHECK_TIMEOUT) -> bool | None:
    """Pass (True), fail (False) or no verdict (None, the check timed out) for `answer` to `question`."""
    try:
        main = found(question.pattern, answer, timeout) == (question.expect == "present")
        required = not question.required_pattern or found(question.required_pattern, answer, timeout)
    except TimeoutError:
        return None
    return main and required
