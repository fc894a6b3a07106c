"""Failures that tell the truth: a model or service failure past its retries asks for a rerun (exit 1);
any other exception is a fault with its traceback (exit 3); Ctrl-C at any point is one line and exit
130 and leaves nothing that looks finished; a launcher that cannot run here is refused (exit 2)."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from omseval.errors import FAULT, INTERRUPTED, UserError
from omseval.run import LOGGED, logged_error
from omseval.validation import validate_launcher
from tests.helpers import ROOT, run_module, stderr_lines
from tests.helpers.processes import recorded, samples_written, wait_for

INTERRUPTED_LINE = "interrupted; rerun the same command to resume"
SMALL = ["experiment=maintain", "corpus=smaller"]
FAILING = "tests.helpers.faults"  # approaches that fail on purpose, for approach._target_


def omseval(tmp_path, *args):
    env = {"PYTHONPATH": str(ROOT)}  # this module, for approach._target_
    return run_module("omseval", f"log_dir={tmp_path / 'logs'}", *args, cwd=tmp_path, env=env)


def logged(traceback: str, message: str = "the message"):
    """An eval log's header whose error is `traceback` (empty: no error)."""
    error = SimpleNamespace(traceback=traceback, message=message) if traceback else None
    return SimpleNamespace(error=error)


def test_a_logged_service_stop_is_told_from_a_fault():
    stop = "Traceback (most recent call last):\n  ...\nomseval.errors.ServiceStopped: the server stopped answering\n"
    assert logged_error(logged(stop)) == ("ServiceStopped", "the server stopped answering")
    assert LOGGED["ServiceStopped"] == 1  # a rerun resumes
    key = "Traceback (most recent call last):\n  ...\nomseval.models.KeyRejected: anthropic: the API rejected the key\n"
    assert LOGGED[logged_error(logged(key))[0]] == 2  # the user's mistake
    full = "Traceback (most recent call last):\n  ...\nOSError: [Errno 28] No space left on device\n"
    assert LOGGED[logged_error(logged(full))[0]] == 1  # the machine's environment
    bug = logged_error(logged("Traceback (most recent call last):\n  ...\nKeyError: 'x'\n"))
    assert bug == ("KeyError", "'x'") and bug[0] not in LOGGED  # a fault
    assert logged_error(logged("")) == ("", "")


def test_slurm_is_refused_where_srun_is_missing(monkeypatch):
    monkeypatch.setattr("shutil.which", lambda name: None)
    slurm = {"_target_": "hydra_plugins.hydra_submitit_launcher.submitit_launcher.SlurmLauncher"}
    with pytest.raises(UserError, match="^hydra/launcher=slurm needs SLURM: srun is not on this machine's PATH$"):
        validate_launcher(slurm)
    validate_launcher({"_target_": "hydra_plugins.hydra_submitit_launcher.submitit_launcher.LocalLauncher"})


@pytest.mark.slow
def test_a_fault_shows_its_traceback_and_its_own_exit_code(tmp_path):
    result = omseval(tmp_path, *SMALL, "approach=verbatim", f"approach._target_={FAILING}.Buggy")
    assert result.returncode == FAULT == 3
    assert "Traceback" in result.stderr and "KeyError: 'a key the builder forgot'" in result.stderr
    assert "rerun the same command" not in result.stdout + result.stderr


@pytest.mark.slow
def test_a_service_stopped_past_its_retries_asks_for_a_rerun(tmp_path):
    result = omseval(tmp_path, *SMALL, "approach=verbatim", f"approach._target_={FAILING}.ServiceDown")
    assert result.returncode == 1
    assert "run stopped: the service stopped answering" in result.stdout
    assert "rerun the same command to resume" in result.stdout and "Traceback" not in result.stderr
    # nothing of the failed message, nor of any after it, is recorded: the build stays unfinished
    logs = tmp_path / "logs"
    assert not finished_builds(logs) and list_eval_logs(str(logs)) == []
    [partial] = (logs / "builds").glob("*.partial")
    journal = [json.loads(line)["entry"] for line in (partial / "journal.jsonl").read_text().splitlines()]
    assert sorted(e["position"] for e in journal) == [1, 2]


@pytest.mark.slow
def test_slurm_sweep_without_slurm_writes_nothing(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    env = {"PATH": str(Path(sys.executable).parent)}  # no srun
    result = run_module(
        "omseval", "-m", "hydra/launcher=slurm", "seed=11,23", f"log_dir={tmp_path / 'logs'}", cwd=work, env=env
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr and result.stdout == ""
    assert stderr_lines(result) == ["error: hydra/launcher=slurm needs SLURM: srun is not on this machine's PATH"]
    assert [p.relative_to(tmp_path) for p in tmp_path.rglob("*")] == [Path("work")]


def start(tmp_path, *args) -> subprocess.Popen:
    """`python -m omseval` in its own process group, as a terminal runs it (Ctrl-C reaches the whole group)."""
    return subprocess.Popen(
        [sys.executable, "-m", "omseval", f"log_dir={tmp_path / 'logs'}", *args],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as from a terminal, even if we are not
        env={**os.environ, "INSPECT_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)},
    )


def interrupt(proc: subprocess.Popen) -> tuple[int, str]:
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err


def assert_interrupted(code: int, err: str) -> None:
    assert code == INTERRUPTED == 130, err
    assert "Traceback" not in err and err.strip().splitlines()[-1] == INTERRUPTED_LINE
    assert err.count(INTERRUPTED_LINE) == 1


def finished_builds(logs: Path) -> list[Path]:
    return [p for p in (logs / "builds").glob("*") if p.is_dir() and not p.name.endswith(".partial")]


@pytest.mark.slow
def test_ctrl_c_at_start_up(tmp_path):
    proc = start(tmp_path, *SMALL, "approach=verbatim")
    time.sleep(1.5)  # importing, before any work
    assert_interrupted(*interrupt(proc))
    assert not (tmp_path / "logs").exists() or not finished_builds(tmp_path / "logs")


@pytest.mark.slow
def test_ctrl_c_inside_generated_code_exits_130(tmp_path):
    """Python would exit by SIGINT (-2 to a script) once a Ctrl-C stopped code built from a string, as at import."""
    proc = start(tmp_path, *SMALL, "approach=verbatim", f"approach._target_={FAILING}.InterruptedInGeneratedCode")
    _, err = proc.communicate(timeout=120)
    assert_interrupted(proc.returncode, err)


@pytest.mark.slow
def test_ctrl_c_swallowed_by_a_callback_exits_130(tmp_path):
    """A Ctrl-C that C code calling back into Python reports as "Exception ignored" and drops still stops the run."""
    proc = start(tmp_path, *SMALL, "approach=verbatim", f"approach._target_={FAILING}.InterruptedInCallback")
    _, err = proc.communicate(timeout=120)
    assert_interrupted(proc.returncode, err)
    assert not (tmp_path / "logs").exists() or not finished_builds(tmp_path / "logs")


@pytest.mark.slow
def test_ctrl_c_while_building(tmp_path):
    logs = tmp_path / "logs"
    proc = start(tmp_path, "experiment=replay", "corpus=smaller", "approach=oms")
    wait_for(proc, lambda: recorded(logs) >= 5)
    assert_interrupted(*interrupt(proc))
    assert list((logs / "builds").glob("*.partial")) and not finished_builds(logs)
    assert list_eval_logs(str(logs)) == []


@pytest.mark.slow
def test_ctrl_c_while_answering(tmp_path):
    logs = tmp_path / "logs"
    proc = start(tmp_path, "experiment=replay", "corpus=smaller", "approach=verbatim")
    wait_for(proc, lambda: samples_written(logs) >= 1)
    assert_interrupted(*interrupt(proc))
    assert [read_eval_log(i, header_only=True).status for i in list_eval_logs(str(logs))] != ["success"]
    assert all(read_eval_log(i, header_only=True).status != "success" for i in list_eval_logs(str(logs)))
