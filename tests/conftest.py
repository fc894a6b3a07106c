"""Tests run offline and deterministically: inspect-ai's home, cache and logs point at temp dirs."""

import os
import shutil
from pathlib import Path

import pytest

from tests.helpers import PACK


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
    """The shipped pack and its control answers (pack/controls.csv)."""
    from omseval.pack_schema import load_pack
    from omseval.pack_schema.lint import CONTROLS, load_controls

    pack = load_pack(PACK)
    return pack, load_controls(PACK / CONTROLS, pack)


@pytest.fixture
def report(request):
    """Report a measured number in the session's summary: reported, not asserted."""
    return lambda line: request.node.user_properties.append(("measured", line))


def pytest_terminal_summary(terminalreporter):
    """The measured lines of every test, in test order, whichever process ran it."""
    reports = [r for kind in ("passed", "failed") for r in terminalreporter.stats.get(kind, []) if r.when == "call"]
    lines = [v for r in sorted(reports, key=lambda r: r.nodeid) for k, v in r.user_properties if k == "measured"]
    if lines:
        terminalreporter.section("measured, not asserted")
        for line in lines:
            terminalreporter.write_line(line)


@pytest.fixture(autouse=True)
def _marks(request, monkeypatch):
    """Whether the running test is marked slow, kept in the environment (this module is imported twice:
    as pytest's conftest and as tests.conftest)."""
    monkeypatch.setenv("OMSEVAL_TEST_SLOW", "1" if request.node.get_closest_marker("slow") else "")
