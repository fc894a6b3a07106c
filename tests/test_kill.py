"""kill -9: a run killed during its guidance build, then during answering, and rerun, ends where an
uninterrupted run ends: the same guidance, processing log and scores, no correction processed twice,
and the killed run's partial log is not counted by the report."""

import json
import os
import random
import signal
import subprocess
import sys

import pytest
from inspect_ai.log import read_eval_log

from omseval.report.logs import runs, samples
from tests.helpers.processes import eval_logs, recorded, samples_written, wait_for

ARGS = ["experiment=replay", "approach=oms", "corpus=smaller"]


def start(log_dir, cache):
    """`python -m omseval` in the background, its output to a file beside the log folder."""
    env = {**os.environ, "INSPECT_CACHE_DIR": str(cache)}
    with open(f"{log_dir}.out", "a") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "omseval", *ARGS, f"log_dir={log_dir}"],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )


def finished(log_dir):
    """(documents, processing log, scores by question) of the run's finished artifacts."""
    [built] = [p for p in (log_dir / "builds").iterdir() if p.is_dir()]
    docs = {p.relative_to(built): p.read_text() for p in built.rglob("*.md")}
    df = samples(runs(str(log_dir))).set_index("question_id").sort_index()
    df = df[["first_attempt", "eventual", "attempts", "corrective_messages"]]
    return docs, (built / "processing.jsonl").read_text(), df


def kill(proc):
    proc.send_signal(signal.SIGKILL)
    proc.wait()


@pytest.mark.slow
def test_killed_build_and_answering_resume_to_the_uninterrupted_result(tmp_path):
    rng = random.Random(14)
    a, b = tmp_path / "a", tmp_path / "b"

    # uninterrupted
    assert start(a, tmp_path / "cache-a").wait() == 0
    expected_docs, expected_log, expected_scores = finished(a)
    messages = len(expected_log.splitlines())

    # killed while building guidance, after a random number of recorded corrections
    point = rng.randint(1, messages - 1)
    proc = start(b, tmp_path / "cache-b")
    wait_for(proc, lambda: recorded(b) >= point)
    kill(proc)
    assert list((b / "builds").glob("*.partial")) and not [
        p for p in (b / "builds").iterdir() if p.is_dir() and not p.name.endswith(".partial")
    ]

    # rerun, killed while answering, once its log holds a random number of samples (inspect flushes them
    # in batches, so the kill lands well before the last question)
    point = rng.randint(1, len(expected_scores) // 3)
    proc = start(b, tmp_path / "cache-b")
    wait_for(proc, lambda: samples_written(b) >= point)
    kill(proc)
    [dead] = eval_logs(b)
    assert read_eval_log(dead, header_only=True).status == "started"  # killed mid-answer

    assert start(b, tmp_path / "cache-b").wait() == 0
    docs, log, scores = finished(b)
    assert docs == expected_docs
    assert log == expected_log
    ids = [json.loads(line)["message_id"] for line in log.splitlines()]
    assert len(ids) == len(set(ids)) == messages  # no correction processed twice
    assert scores.equals(expected_scores)  # the report counts the resumed log only
    assert len(eval_logs(b)) >= 2  # ... although inspect keeps the killed log beside it
