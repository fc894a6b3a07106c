"""Helpers shared by the tests: the project's folders, commands run as a user runs them, configs and runs."""

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PACK = ROOT / "pack"


def run_module(*args, cwd=None, env=None) -> subprocess.CompletedProcess:
    """Run `python -m <args>` as a user would, capturing output; only slow tests do (`-m "not slow"` runs no CLI)."""
    assert os.environ.get("OMSEVAL_TEST_SLOW"), "a test that runs a command in a subprocess is marked slow"
    return subprocess.run(
        [sys.executable, "-m", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, **(env or {})},
        timeout=900,
    )


def inspect_score(log: str, out: Path, *scorer_args, cwd, env=None) -> subprocess.CompletedProcess:
    """`inspect score` of a log with omseval's scorer (its `-S` arguments), written to `out`, with no prompt."""
    return run_module(
        "inspect_ai",
        "score",
        log.removeprefix("file://"),
        "--scorer",
        "omseval/compliance",
        *scorer_args,
        "--action",
        "overwrite",
        "--output-file",
        str(out),
        "--display",
        "none",
        cwd=cwd,
        env=env,
    )


def run_main(main, *args, cwd=None) -> subprocess.CompletedProcess:
    """A command's `main(argv)` called in this process as `python -m` would call it: exit code and output."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(cwd or os.getcwd()), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as e:  # argparse's refusals
            code = e.code if isinstance(e.code, int) else 1
    return subprocess.CompletedProcess(args, code or 0, out.getvalue(), err.getvalue())


def stderr_lines(result) -> list[str]:
    """A run's stderr lines after its first line (`omseval: ... starting`), when it printed one."""
    lines = result.stderr.splitlines()
    return lines[1:] if lines and lines[0].startswith("omseval: ") and lines[0].endswith(": starting") else lines


def config(log_dir=None, *overrides: str):
    """The config `python -m omseval <overrides>` composes, writing under `log_dir` when given."""
    from omseval.config import compose

    return compose([*overrides, *([f"log_dir={log_dir}"] if log_dir else [])])


def validated(log_dir=None, *overrides: str):
    """The validated run of `python -m omseval <overrides>`, writing under `log_dir` when given."""
    from omseval.validation import validate

    return validate(config(log_dir, *overrides))


def builder(run, workdir, model=None):
    """A fresh builder of the run's approach working in `workdir`."""
    from omseval.builders.build import make_builder

    return make_builder(run, workdir, model)
