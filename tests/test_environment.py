"""The machine's part in a run: a full disk, SIGTERM (a cluster's time limit) and two identical commands at once.
Each ends in its own class and line, leaves nothing that looks finished, and a rerun finishes the run."""

import os
import signal
import subprocess
import sys
import textwrap

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from omseval.errors import TERMINATED
from tests.helpers import run_module
from tests.helpers.fake_anthropic import OfflineMessages, serving
from tests.helpers.processes import recorded, wait_for

SMALL = ["experiment=replay", "corpus=smaller", "approach=oms"]

# Injected by a sitecustomize module: from the FULL_AFTER-th file opened for writing under the builds folder,
# every such open fails as a full disk does.
FULL_DISK = """
import builtins, errno, os
_open, _os_open, _count = builtins.open, os.open, [0]
def _refuse(file, writing):
    if writing and "/builds/" in str(file):
        _count[0] += 1
        if _count[0] >= int(os.environ["FULL_AFTER"]):
            raise OSError(errno.ENOSPC, "No space left on device", str(file))
def _full(file, mode="r", *args, **kwargs):
    _refuse(file, any(c in mode for c in "wax+"))
    return _open(file, mode, *args, **kwargs)
def _os_full(path, flags, *args, **kwargs):
    _refuse(path, flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))
    return _os_open(path, flags, *args, **kwargs)
builtins.open, os.open = _full, _os_full
"""


def finished_builds(logs) -> list:
    root = logs / "builds"
    return [p for p in root.iterdir() if p.is_dir() and not p.name.endswith(".partial")] if root.is_dir() else []


def successes(folder) -> list:
    return [i for i in list_eval_logs(str(folder)) if read_eval_log(i, header_only=True).status == "success"]


@pytest.mark.slow
def test_a_full_disk_stops_the_run_in_one_line_naming_the_path_and_a_rerun_finishes_it(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(textwrap.dedent(FULL_DISK))
    logs = tmp_path / "logs"
    full = run_module(
        "omseval", *SMALL, f"log_dir={logs}", cwd=tmp_path, env={"PYTHONPATH": str(site), "FULL_AFTER": "40"}
    )
    assert full.returncode == 1, full.stdout + full.stderr
    assert "Traceback" not in full.stderr
    [line] = [x for x in (full.stdout + full.stderr).splitlines() if "No space left on device" in x]
    assert f"cannot write {logs}/builds/" in line and line.endswith("free space and rerun the same command to resume")
    assert not finished_builds(logs) and not successes(logs)

    again = run_module("omseval", *SMALL, f"log_dir={logs}", cwd=tmp_path)
    assert again.returncode == 0, again.stdout + again.stderr
    assert len(finished_builds(logs)) == 1 and len(successes(logs)) == 1


@pytest.mark.slow
def test_sigterm_is_its_own_line_and_exit_code_and_leaves_nothing_finished(tmp_path):
    logs = tmp_path / "logs"
    proc = subprocess.Popen(
        [sys.executable, "-m", "omseval", *SMALL, f"log_dir={logs}"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "INSPECT_CACHE_DIR": str(tmp_path / "cache")},
    )
    wait_for(proc, lambda: recorded(logs) >= 3)
    proc.send_signal(signal.SIGTERM)  # to the process alone, as a cluster's time limit does
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == TERMINATED == 143, err
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1] == "terminated (SIGTERM); rerun the same command to resume"
    assert not finished_builds(logs) and not successes(logs)


@pytest.mark.slow
def test_two_identical_commands_at_once_answer_once(tmp_path):
    def answers() -> int:
        return sum("<task>" in prompt for prompt in OfflineMessages.requests)

    OfflineMessages.reset()
    with serving(OfflineMessages) as url:
        args = [*SMALL, "approach=verbatim", "model=sonnet", f"model.base_url={url}", f"log_dir={tmp_path / 'logs'}"]
        env = {"ANTHROPIC_API_KEY": "k", "INSPECT_CACHE_DIR": str(tmp_path / "cache-alone")}
        alone = run_module("omseval", *args[:-1], f"log_dir={tmp_path / 'alone'}", cwd=tmp_path, env=env)
        assert alone.returncode == 0, alone.stdout + alone.stderr
        once = answers()
        OfflineMessages.reset()
        procs = [
            subprocess.Popen(  # each with a cache of its own: only the lock can keep the second from answering
                [sys.executable, "-m", "omseval", *args],
                cwd=tmp_path,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env={**os.environ, "ANTHROPIC_API_KEY": "k", "INSPECT_CACHE_DIR": str(tmp_path / f"cache-{n}")},
            )
            for n in range(2)
        ]
        outs = [p.communicate(timeout=900) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    assert answers() == once  # the questions were answered by one of the two
    assert sum("reused the run another command finished" in out for out, _ in outs) == 1
    [folder] = [p for p in (tmp_path / "logs").iterdir() if p.is_dir() and p.name not in ("builds",)]
    assert len(successes(folder)) == 1
