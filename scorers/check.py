"""The pack's check: `re.search` with MULTILINE only (other flags inline), present/absent, required_pattern; and
the strict verdict beside it (omseval.scorers.strict).

Matching uses Python's `re`, as the schema defines, in worker processes (one per core) so that every verdict is
bounded in time: a job past the limit kills its worker and gets no verdict (None), which counts as missing
evidence, neither pass nor fail. The workers are forked by one server process that has loaded the strict verdict's
reader, so a worker killed for a time-out is replaced in milliseconds rather than the time an interpreter takes to
start and load it. Jobs go to the workers in batches and each answer comes back as one line as soon as it is done,
so a batch costs one round trip and the time limit still applies to each job: a worker that sends nothing for that
long is stuck on its next. Two kinds of job: a search (a pattern in a text), and a verdict (the check and the strict
verdict of an answer to a question, with their explanations when asked).
"""

import collections
import json
import os
import queue
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import BinaryIO

from omseval.scorers.prefilter import Finder, finder, fold
from omseval.text import fragment

CHECK_TIMEOUT = 2.0  # seconds per job
OUTCOME = {b"1": True, b"0": False, b"-": None}


@dataclass(frozen=True)
class Verdict:
    """An answer's check and strict verdicts (None: no verdict), and, when asked, why."""

    check: bool | None
    strict: bool | None
    check_why: str = ""
    strict_why: str = ""


def check_of(
    pattern: Finder, expect: str, required: Finder | None, answer: str, folded: str | None = None
) -> tuple[bool, str]:
    """The check's verdict and what it matched or missed (`folded`: the answer folded, when the caller has it)."""
    folded = fold(answer) if folded is None else folded
    found = pattern.search(answer, folded)
    if expect == "present":
        passed = found is not None
        why = f"matched {fragment(found.group(0))}" if found else f"missed its pattern {fragment(pattern.pattern)}"
    else:
        passed = found is None
        why = f"found {fragment(found.group(0))}, which it rejects" if found else "found nothing it rejects"
    if required is not None and not required.search(answer, folded):
        return False, why + f"; missed its required pattern {fragment(required.pattern)}"
    return passed, why


def serve(jobs: int, results: int) -> None:
    """The worker, reading jobs from the file descriptor `jobs` and writing to `results`: b"r" once started, then
    one line per job. A job is a header line, "S <sizes>" (a search) or "V <expect> <explain> <sizes>" (a verdict),
    followed by its UTF-8 fields."""
    from omseval.scorers.strict import strict  # loaded by the fork server already

    source = os.fdopen(jobs, "rb")
    read, readline = source.read, source.readline
    os.write(results, b"r")
    while header := readline():
        kind, *numbers = header.split()
        if kind == b"S":
            text_of, answer = (read(int(n)).decode(errors="surrogatepass") for n in numbers)
            os.write(results, b"1\n" if finder(text_of).search(answer) else b"0\n")
            continue
        expect, explain, *sizes = numbers
        main, required, superseded, answer = (read(int(n)).decode(errors="surrogatepass") for n in sizes)
        folded = fold(answer)
        passed, check_why = check_of(
            finder(main), expect.decode(), finder(required) if required else None, answer, folded
        )
        judged = strict(superseded, answer, passed, folded)
        line = (b"1" if passed else b"0") + {True: b"1", False: b"0", None: b"-"}[judged.passed]
        if explain == b"1":
            line += b"\t" + json.dumps([check_why, judged.why]).encode()
        os.write(results, line + b"\n")


def fork_server(requests: socket.socket) -> None:
    """The fork server: loads the strict verdict's reader once, says b"r\n", then for each request (the two pipe
    ends of a new worker, passed over `requests`) forks a worker and answers its process id. It ends with its
    parent (the end of `requests`); its workers are reaped as they end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; it stops the workers
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    import omseval.scorers.strict  # noqa: F401  (loaded before any worker: each starts ready)

    requests.sendall(b"r\n")
    while True:
        _, fds, _, _ = socket.recv_fds(requests, 1, 2)
        if len(fds) != 2:
            return
        pid = os.fork()
        if pid == 0:
            requests.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            try:
                serve(*fds)
            finally:
                os._exit(0)
        for fd in fds:
            os.close(fd)
        requests.sendall(b"%d\n" % pid)


class _Forks:
    """The parent's side of the fork server: started on first use, and again if it died."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.proc: subprocess.Popen | None = None
        self.link: tuple[socket.socket, BinaryIO] | None = None  # requests to the server, its replies

    def fork(self) -> tuple[int, int, int]:
        """A new worker: its process id and the parent's ends of its pipes (to send jobs, to receive results)."""
        jobs, send = os.pipe()
        receive, results = os.pipe()
        try:
            with self.lock:
                try:
                    pid = self.request(jobs, results)
                except (OSError, ValueError):  # the server died since: started again, once
                    self.stop()
                    pid = self.request(jobs, results)
        except BaseException:
            os.close(send)
            os.close(receive)
            raise
        finally:
            os.close(jobs)  # the worker's ends are the worker's: its death reads as the end of its results
            os.close(results)
        return pid, send, receive

    def request(self, jobs: int, results: int) -> int:
        """Ask the server (started first if it is not running) to fork a worker with these pipe ends."""
        link = self.link if self.proc is not None and self.proc.poll() is None else None
        requests, replies = link or self.start()
        socket.send_fds(requests, [b"w"], [jobs, results])
        return int(replies.readline())

    def start(self) -> tuple[socket.socket, BinaryIO]:
        self.stop()
        ours, theirs = socket.socketpair()
        with theirs:
            self.proc = subprocess.Popen(  # not the caller's standard input and output (its CSV, a test's channel)
                [sys.executable, "-m", "omseval.scorers.check", str(theirs.fileno())],
                pass_fds=[theirs.fileno()],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
            )
        self.link = ours, ours.makefile("rb")
        if self.link[1].readline() != b"r\n":
            raise RuntimeError("the check's fork server did not start")
        return self.link

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
        for end in self.link or ():
            end.close()
        self.proc = self.link = None


_forks = _Forks()


class _Worker:
    """One `serve` process, forked by the fork server; killed when a job overruns, and forked again for the jobs
    after it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pid: int | None = None
        self.pipes: tuple[int, int] = (-1, -1)  # the parent's ends: to send jobs, to receive results

    def start(self) -> tuple[int, int]:
        """Start a worker: the file descriptors to send to and receive from."""
        self.pid, send, receive = _forks.fork()
        self.pipes = send, receive
        if os.read(receive, 1) != b"r":  # started: the time limit covers jobs, not the start-up
            self.stop()
            raise RuntimeError("the check's worker process did not start")
        os.set_blocking(send, False)
        return self.pipes

    def ready(self) -> None:
        """Started, if not already (under the lock: a job waits for it)."""
        with self.lock:
            self.running()

    def running(self) -> tuple[int, int]:
        """The pipes of the running worker, started first if it never was, was stopped or died since."""
        if self.pid is None or not self.alive():
            self.stop()
            return self.start()
        return self.pipes

    def alive(self) -> bool:
        """Whether the worker still holds its end of the results: when no job is pending, anything to read from
        it is the end of its results."""
        return not select.select([self.pipes[1]], [], [], 0)[0]

    def stop(self) -> None:
        """Kill the worker if it is still running (stuck on a job), and let go of its pipes."""
        if self.pid is not None:
            if self.alive():
                os.kill(self.pid, signal.SIGKILL)
            self.pid = None
            for fd in self.pipes:
                os.close(fd)
            self.pipes = (-1, -1)

    def answer(self, jobs: list[bytes], claim: Iterator[int], results: list[bytes | None], timeout: float) -> None:
        """Answer jobs taken one at a time from `claim` (their indices in `jobs`) while it has any, each result line
        into `results`: a job is taken when the worker has room for it, so the worker never waits on a round trip
        and another worker takes what this one has not. A job that overruns `timeout` (or whose worker dies) gets
        None, and the jobs sent after it go to a fresh worker."""
        pending: collections.deque[int] = collections.deque()  # the jobs sent, or to send, not answered yet
        with self.lock:
            while not self.run(jobs, claim, results, timeout, pending):
                pending.popleft()  # no result: it overran, or its worker died
                self.stop()

    def run(
        self,
        jobs: list[bytes],
        claim: Iterator[int],
        results: list[bytes | None],
        timeout: float,
        pending: collections.deque[int],
    ) -> bool:
        """Send `pending` and the jobs claimed after them to the running worker and file its answers; False when
        the oldest job still pending overran `timeout` or the worker died (the rest stay pending)."""
        send, receive = self.running()
        unsent, got = bytearray(b"".join(jobs[n] for n in pending)), bytearray()
        deadline = time.monotonic() + timeout
        try:
            while True:
                while len(unsent) < _AHEAD and (n := next(claim, None)) is not None:
                    pending.append(n)
                    unsent += jobs[n]
                if not pending:
                    return True
                wait = [send] if unsent else []
                readable, writable, _ = select.select([receive], wait, [], max(0.0, deadline - time.monotonic()))
                if writable:
                    try:
                        del unsent[: os.write(send, unsent[:65536])]
                    except BrokenPipeError:  # the worker died: read what it answered, then end of file
                        unsent.clear()
                if readable:
                    chunk = os.read(receive, 65536)
                    if not chunk:
                        return False
                    *done, rest = (got + chunk).split(b"\n")
                    got = bytearray(rest)
                    for line in done:
                        results[pending.popleft()] = bytes(line)
                    deadline = time.monotonic() + timeout  # the next job's time starts now at the latest
                    if unsent and not writable:  # a pipe full of jobs waits for the worker: let its answers gather
                        time.sleep(_GATHER)
                elif not writable:
                    return False
        except BaseException:  # interrupted: the worker's answers would be out of step
            self.stop()
            raise


_workers = [_Worker() for _ in range(os.cpu_count() or 1)]  # one per core, each started on first use
_pool = ThreadPoolExecutor(len(_workers))
_free: queue.SimpleQueue[_Worker] = queue.SimpleQueue()  # the workers no batch is using
for _worker in _workers:
    _free.put(_worker)


def start() -> None:
    """Start every worker now, in the background, so that their start-up overlaps the caller's own."""
    for worker in _workers:
        _pool.submit(worker.ready)


_AHEAD = 16384  # bytes of jobs a worker may have waiting beyond what its pipe holds
_GATHER = 0.001  # seconds to let answers gather while a worker has a full pipe of jobs: fewer wake-ups, same work


def _dealt(jobs: list[bytes], timeout: float) -> list[bytes | None]:
    """Each job's result line, in order: the jobs taken one at a time by whichever free worker has room, so a batch
    runs on every worker and one batch's last jobs overlap the next batch's first."""
    results: list[bytes | None] = [None] * len(jobs)
    claim = iter(range(len(jobs)))  # next() on a range iterator is atomic under the GIL

    def work() -> None:
        worker = _free.get()
        try:
            worker.answer(jobs, claim, results, timeout)
        finally:
            _free.put(worker)

    for done in [_pool.submit(work) for _ in range(min(len(_workers), len(jobs)))]:
        done.result()
    return results


def _field(text: str) -> bytes:
    return text.encode(errors="surrogatepass")


def searches(jobs: list[tuple[str, str]], timeout: float = CHECK_TIMEOUT) -> list[bool | None]:
    """Whether each (pattern, text) pattern occurs in its text, in order; None for a search that took longer than
    `timeout` seconds (the rest of the batch goes on in a fresh worker)."""
    encoded = {}
    for pattern in {p for p, _ in jobs}:
        re.compile(pattern, re.MULTILINE)  # a bad pattern is the caller's error, not a lost verdict
        encoded[pattern] = _field(pattern)
    lines = []
    for pattern, text in jobs:
        p, t = encoded[pattern], _field(text)
        lines.append(b"S %d %d\n%b%b" % (len(p), len(t), p, t))
    return [None if r is None else OUTCOME[r[:1]] for r in _once(lines, timeout)]


_DONE: dict[bytes, bytes] = {}  # results of short jobs done before, oldest first: the same answer is judged once
_DONE_MAX, _SHORT = 20_000, 2048  # jobs kept, and the longest job kept (bytes): 40 MB at most
_DONE_LOCK = threading.Lock()  # batches may be checked from several threads at once


def _once(lines: list[bytes], timeout: float) -> list[bytes | None]:
    """The workers' result of each job; a job that repeats one done before (or earlier in the batch) is done once."""
    unique = dict.fromkeys(lines)
    with _DONE_LOCK:
        known: dict[bytes, bytes | None] = {line: _DONE[line] for line in unique if line in _DONE}
    todo = [line for line in unique if line not in known]
    done = dict(zip(todo, _dealt(todo, timeout), strict=True))
    with _DONE_LOCK:
        for line, result in done.items():
            if result is not None and len(line) <= _SHORT:  # a time-out is not kept: a later batch tries again
                _DONE[line] = result
        while len(_DONE) > _DONE_MAX:
            del _DONE[next(iter(_DONE))]
    known.update(done)
    return [known[line] for line in lines]


def verdicts(checks: list[tuple], explain: bool = False, timeout: float = CHECK_TIMEOUT) -> list[Verdict]:
    """The check's and the strict verdict of each (question, answer) (an answer of None has none); with
    `explain`, why each is what it is."""
    jobs: dict[tuple[int, str], bytes] = {}  # each (question, answer) once, as its job
    heads: dict[int, tuple[bytes, bytes, bytes]] = {}  # per question: its header's start and end, its patterns
    for q, answer in checks:
        if answer is None or (id(q), answer) in jobs:
            continue
        if (head := heads.get(id(q))) is None:
            patterns = [_field(x) for x in (q.pattern, q.required_pattern, q.superseded_pattern)]
            start = b"V %b %d " % (q.expect.encode(), explain) + b"".join(b"%d " % len(f) for f in patterns)
            head = heads[id(q)] = (start, b"\n", b"".join(patterns))
        text = _field(answer)
        jobs[id(q), answer] = b"%b%d%b%b%b" % (head[0], len(text), head[1], head[2], text)
    results = dict(zip(jobs, _once(list(jobs.values()), timeout), strict=True))
    out = []
    for q, answer in checks:
        if answer is None:
            out.append(_NO_ANSWER)
            continue
        line = results[id(q), answer]
        if line is None:
            out.append(_NO_VERDICT)
        elif explain and len(line) > 2:
            out.append(Verdict(OUTCOME[line[:1]], OUTCOME[line[1:2]], *json.loads(line[3:])))
        else:  # one of nine: made once
            out.append(_VERDICTS[line[:2]])
    return out


_NO_ANSWER = Verdict(None, None, "no answer", "no answer")
_NO_VERDICT = Verdict(None, None, "no verdict: the check took too long", "no verdict")
_VERDICTS = {a + b: Verdict(OUTCOME[a], OUTCOME[b]) for a in OUTCOME for b in OUTCOME}


def batch_verdicts(checks: list[tuple], timeout: float = CHECK_TIMEOUT) -> list[bool | None]:
    """Pass (True), fail (False) or no verdict (None, a search timed out) of the check for each (question, answer)."""
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


def found(pattern: str, text: str, timeout: float = CHECK_TIMEOUT) -> bool:
    """Whether `pattern` occurs in `text`; raises TimeoutError past `timeout` seconds."""
    result = searches([(pattern, text)], timeout)[0]
    if result is None:
        raise TimeoutError(f"pattern took longer than {timeout} s: {pattern[:60]!r}")
    return result


if __name__ == "__main__":
    fork_server(socket.socket(fileno=int(sys.argv[1])))
