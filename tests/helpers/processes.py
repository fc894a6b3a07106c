"""Watching a run in another process: what its build and its log have written so far."""

import sqlite3
import time
import zipfile

from inspect_ai.log import list_eval_logs


def wait_for(proc, condition, timeout=600):
    deadline = time.monotonic() + timeout
    while not condition():
        assert proc.poll() is None, "the run ended before the point to kill it"
        assert time.monotonic() < deadline
        time.sleep(0.02)


def recorded(log_dir) -> int:
    """Corrections the build in progress has recorded in its store."""
    db = next((log_dir / "builds").glob("*.partial/oms.sqlite"), None)
    if db is None:
        return 0
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as c:
            return c.execute("SELECT count(*) FROM correction").fetchone()[0]
    except sqlite3.Error:
        return 0


def eval_logs(log_dir):
    return [i for i in list_eval_logs(str(log_dir)) if "/builds/" not in i.name]


def samples_written(log_dir) -> int:
    """Samples the answering run has flushed to its .eval log so far (0 while it has none readable)."""
    try:
        [info] = eval_logs(log_dir)
        with zipfile.ZipFile(info.name.removeprefix("file://")) as z:
            return sum(n.startswith("samples/") for n in z.namelist())
    except (ValueError, OSError, zipfile.BadZipFile):
        return 0
