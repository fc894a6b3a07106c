"""The pack's check: `re.search` with MULTILINE only (other flags inline), present/absent, required_pattern.

Matching uses Python's `re`, as the schema defines, in a worker process so every search is bounded
in time: a search past the limit kills the worker and gives no verdict (None), which counts as
missing evidence, neither pass nor fail. Searches go to the workers (one per core) in batches and
each comes back as one byte as soon as it is done, so a batch costs one round trip and the time
limit still applies to each search: a worker that sends nothing for that long is stuck on its next.
"""

import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

CHECK_TIMEOUT = 2.0  # seconds per search


def serve() -> None:
    """The worker: b"r" once started, then b"1" or b"0" per search, unbuffered. A search comes as a
    line "<pattern bytes> <text bytes>" followed by the UTF-8 pattern and text."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; it stops the worker
    compiled: dict[bytes, re.Pattern] = {}
    read, readline = sys.stdin.buffer.read, sys.stdin.buffer.readline
    os.write(1, b"r")
    while header := readline():
        pattern_size, text_size = map(int, header.split())
        pattern, text = read(pattern_size), read(text_size).decode(errors="surrogatepass")
        if pattern not in compiled:
            compiled[pattern] = re.compile(pattern.decode(errors="surrogatepass"), re.MULTILINE)
        os.write(1, b"1" if compiled[pattern].search(text) else b"0")


class _Worker:
    """One `serve` process; killed when a search overruns and started again on the next batch."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.proc: subprocess.Popen | None = None

    def start(self) -> tuple[int, int]:
        """Start a worker: the file descriptors to send to and receive from."""
        self.proc = subprocess.Popen(
            [sys.executable, "-I", "-S", __file__],  # standard library only: quick to start
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=0,
        )
        send, receive = self.pipes()
        if os.read(receive, 1) != b"r":  # started: the time limit covers searches, not the start-up
            raise RuntimeError("the check's worker process did not start")
        os.set_blocking(send, False)
        return send, receive

    def pipes(self) -> tuple[int, int]:
        if self.proc is None or self.proc.stdin is None or self.proc.stdout is None:
            raise RuntimeError("the check's worker process is not running")
        return self.proc.stdin.fileno(), self.proc.stdout.fileno()

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def searches(self, lines: list[bytes], timeout: float) -> list[bool | None]:
        """A result for each of `lines`: None for one that overran, and the rest go to a fresh worker."""
        results: list[bool | None] = []
        with self.lock:
            while len(results) < len(lines):
                results += self.run(lines[len(results) :], timeout)
                if len(results) < len(lines):
                    results.append(None)
        return results

    def run(self, lines: list[bytes], timeout: float) -> list[bool]:
        """Results for `lines` in order, or for the ones before a search that overran `timeout` (or
        whose worker died): that one gets no result and the worker is stopped."""
        if self.proc is None or self.proc.poll() is not None:  # never started, stopped or died since
            send, receive = self.start()
        else:
            send, receive = self.pipes()
        data, sent, got = memoryview(b"".join(lines)), 0, bytearray()
        deadline = time.monotonic() + timeout
        try:
            while len(got) < len(lines):
                wait = [send] if sent < len(data) else []
                readable, writable, _ = select.select([receive], wait, [], max(0.0, deadline - time.monotonic()))
                if writable:
                    try:
                        sent += os.write(send, data[sent : sent + 65536])
                    except BrokenPipeError:  # the worker died: read what it answered, then end of file
                        sent = len(data)
                if readable:
                    chunk = os.read(receive, 65536)
                    if not chunk:
                        break
                    got += chunk
                    deadline = time.monotonic() + timeout  # the next search's time starts now at the latest
                elif not writable:
                    break
        except BaseException:  # interrupted: the worker's answers would be out of step
            self.stop()
            raise
        if len(got) < len(lines):
            self.stop()
        return [b == ord("1") for b in got]


_workers = [_Worker() for _ in range(os.cpu_count() or 1)]  # one per core, each started on first use
_pool = ThreadPoolExecutor(len(_workers))


def searches(jobs: list[tuple[str, str]], timeout: float = CHECK_TIMEOUT) -> list[bool | None]:
    """Whether each (pattern, text) pattern occurs in its text, in order; None for a search that took
    longer than `timeout` seconds (the rest of the batch goes on in a fresh worker)."""
    encoded = {}
    for pattern in {p for p, _ in jobs}:
        re.compile(pattern, re.MULTILINE)  # a bad pattern is the caller's error, not a lost verdict
        encoded[pattern] = pattern.encode(errors="surrogatepass")
    lines = []
    for pattern, text in jobs:
        p, t = encoded[pattern], text.encode(errors="surrogatepass")
        lines.append(b"%d %d\n%b%b" % (len(p), len(t), p, t))
    n = min(len(_workers), len(lines))
    if n <= 1:
        return _workers[0].searches(lines, timeout)
    results: list[bool | None] = [None] * len(lines)
    for i, part in enumerate(_pool.map(lambda w, i: w.searches(lines[i::n], timeout), _workers, range(n))):
        results[i::n] = part  # dealt out in turn, so long texts spread evenly
    return results


def found(pattern: str, text: str, timeout: float = CHECK_TIMEOUT) -> bool:
    """Whether `pattern` occurs in `text`; raises TimeoutError past `timeout` seconds."""
    result = searches([(pattern, text)], timeout)[0]
    if result is None:
        raise TimeoutError(f"pattern took longer than {timeout} s: {pattern[:60]!r}")
    return result


def batch_verdicts(checks: list[tuple], timeout: float = CHECK_TIMEOUT) -> list[bool | None]:
    """Pass (True), fail (False) or no verdict (None, a search timed out) for each (question, answer)."""
    jobs = []
    for q, answer in checks:
        jobs += [(q.pattern, answer)] + ([(q.required_pattern, answer)] if q.required_pattern else [])
    results = iter(searches(jobs, timeout))
    out = []
    for q, _ in checks:
        main, required = next(results), next(results) if q.required_pattern else True
        out.append(None if main is None or required is None else main == (q.expect == "present") and required)
    return out


def verdict(question, answer: str, timeout: float = CHECK_TIMEOUT) -> bool | None:
    """Pass (True), fail (False) or no verdict (None, the check timed out) for `answer` to `question`."""
    return batch_verdicts([(question, answer)], timeout)[0]


if __name__ == "__main__":
    serve()
