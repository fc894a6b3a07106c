"""An approach in a package of its own (tests/plugin_example): installed into a folder of its own, with no network,
it is an option of the approach group (Hydra finds its conf through its search-path plug-in), and it runs offline
(the offline model finds the role its calls declare through its omseval.offline_roles entry point)."""

import json
import os
import shutil
import subprocess
import sys

import pytest

from tests.helpers import ROOT, run_module

EXAMPLE = ROOT / "tests" / "plugin_example"
PROBE = (
    "import json; from omseval.config import options; from omseval.offline.answering import roles; "
    "print(json.dumps({'approaches': options('approach'), 'roles': sorted(roles())}))"
)


@pytest.fixture
def installed(tmp_path):
    """The example installed into tmp_path/site, as `pip install --target` installs a package: the folder to put
    on PYTHONPATH. It is built from a copy (a setuptools build writes build/ and egg-info beside its sources)."""
    source, site = tmp_path / "source", tmp_path / "site"
    shutil.copytree(EXAMPLE, source)
    command = [sys.executable, "-m", "pip", "install", "--no-build-isolation", "--no-deps", "--no-index", "--quiet"]
    done = subprocess.run([*command, "--target", str(site), str(source)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return site


@pytest.mark.slow
def test_an_installed_plugin_approach_is_an_option_and_runs_offline(tmp_path, installed):
    env = {"PYTHONPATH": str(installed)}
    probe = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, env={**os.environ, **env}, cwd=tmp_path
    )
    assert probe.returncode == 0, probe.stderr
    found = json.loads(probe.stdout)
    assert "plugin_example" in found["approaches"] and "mem0" in found["approaches"]  # beside conf/approach's
    assert "restate" in found["roles"] and "Memory" in found["roles"]  # beside omseval's own entry points

    result = run_module(
        "omseval", "approach=plugin_example", "corpus=smaller", "experiment=maintain", "rules=3", cwd=tmp_path, env=env
    )
    assert result.returncode == 0, result.stderr
    assert "12 corrections, 12 processed, 0 processing losses" in result.stdout
    [folder] = [p for p in (tmp_path / "logs" / "builds").iterdir() if p.is_dir()]
    document = (folder / "shared.md").read_text()
    assert document.startswith("## Corrections, restated\n- ") and len(document.splitlines()) == 13
    assert not (EXAMPLE / "build").exists() and not list(EXAMPLE.glob("*.egg-info"))  # the sources stay clean
