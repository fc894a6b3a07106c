"""Tests run offline and deterministically: inspect-ai's home, cache and logs point at temp dirs."""

import contextlib
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACK = ROOT / "pack"


@pytest.fixture(scope="session", autouse=True)
def isolated_inspect(tmp_path_factory):
    base = tmp_path_factory.mktemp("inspect")
    for var in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "INSPECT_CACHE_DIR", "INSPECT_LOG_DIR"):
        os.environ[var] = str(base / var.lower())
    os.environ.pop("ANTHROPIC_API_KEY", None)
    yield


@pytest.fixture
def pack_copy(tmp_path) -> Path:
    """A writable copy of the shipped pack."""
    dest = tmp_path / "pack"
    shutil.copytree(PACK, dest)
    return dest


@pytest.fixture(scope="session")
def shipped():
    """The shipped pack and its control answers (tests/pack_controls.csv)."""
    from omseval.pack_schema import load_pack
    from omseval.pack_schema.lint import load_controls

    pack = load_pack(PACK)
    return pack, load_controls(ROOT / "tests" / "pack_controls.csv", pack)


_reported: list[str] = []


@pytest.fixture
def report():
    """Report a measured number in the session's summary: reported, not asserted."""
    return _reported.append


def pytest_terminal_summary(terminalreporter):
    if _reported:
        terminalreporter.section("measured, not asserted")
        for line in _reported:
            terminalreporter.write_line(line)


@pytest.fixture(autouse=True)
def _marks(request, monkeypatch):
    """Whether the running test is marked slow, kept in the environment (this module is imported twice:
    as pytest's conftest and as tests.conftest)."""
    monkeypatch.setenv("OMSEVAL_TEST_SLOW", "1" if request.node.get_closest_marker("slow") else "")


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
    from hydra import compose, initialize_config_dir

    from omseval.config import register

    register()
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        return compose(config_name="config", overrides=[*overrides, *([f"log_dir={log_dir}"] if log_dir else [])])


def builder(cfg, pack, workdir, model=None):
    """A fresh builder of `cfg`'s approach working in `workdir`."""
    from omseval.guidance.build import make_builder

    return make_builder(cfg, pack, workdir, model)
