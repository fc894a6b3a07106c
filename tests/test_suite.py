"""suite=benchmark: every experiment x approach x corpus in one command, and the run summary it prints."""

import subprocess
import sys

import pytest
from hydra import initialize_config_dir
from inspect_ai.log import list_eval_logs, read_eval_log
from scipy.stats import binomtest

from omseval.run_summary import wilson
from omseval.suite import suite_runs
from tests.conftest import ROOT, config, run_module

APPROACHES = {"oms", "oms_no_retrieval", "file_edit", "file_edit_hinted", "verbatim", "none", "graphiti"}


def test_the_benchmark_suite_is_every_run_once(tmp_path):
    given = ["suite=benchmark", "suite.jobs=2", "seed=7", "approach=none", f"log_dir={tmp_path}"]
    cfg = config(None, *given)
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        runs = suite_runs(cfg.suite, given)
    chosen = {(c.experiment.name, c.approach.name, c.corpus.name.value) for c, _ in runs}
    assert len(runs) == len(chosen) == 35
    assert {e for e, _, _ in chosen} == {"guidance", "replay", "handoff"}
    assert {a for _, a, _ in chosen} == APPROACHES
    assert {c for e, _, c in chosen if e == "handoff"} == {"smaller"}
    assert all(c.seed == 7 and c.log_dir == str(tmp_path) and c.suite is None for c, _ in runs)
    assert all(not any(o.startswith("suite") for o in job) for _, job in runs)


@pytest.mark.slow
def test_a_bad_suite_is_refused_before_any_run(tmp_path):
    result = run_module("omseval", "suite=benchmark", "suite.jobs=0", f"log_dir={tmp_path / 'logs'}")
    assert result.returncode == 2 and "suite.jobs must be a positive integer" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "logs").exists()
    result = run_module(
        "omseval",
        "suite=benchmark",
        "suite.blocks=[{experiment:[replay],approach:[nope],corpus:[smaller]}]",
        f"log_dir={tmp_path / 'logs'}",
    )
    assert result.returncode == 2 and "nope" in result.stderr and not (tmp_path / "logs").exists()


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_suite_runs_and_summarises_each_run(tmp_path, jobs):
    blocks = "suite.blocks=[{experiment:[replay,guidance],approach:[verbatim,none],corpus:[smaller]}]"
    result = run_module(
        "omseval", "suite=benchmark", blocks, f"suite.jobs={jobs}", "limit=4", f"log_dir={tmp_path / 'logs'}"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert result.stderr.startswith("omseval: suite benchmark")
    assert "suite benchmark: 4 of 4 runs complete" in out and out.count("log: ") == 4
    logs = [read_eval_log(i) for i in list_eval_logs(str(tmp_path / "logs"))]
    assert len(logs) == 4
    for log in logs:  # each summary's rates are the samples' own
        values = [s.scores["compliance"].value["first_attempt"] for s in log.samples]
        rate = sum(values) / len(values)
        low, high = wilson(sum(values), len(values))
        run = f"{log.eval.task.split('_')[0]} smaller {log.eval.metadata['config']['approach']['name']}"
        section = out[out.index(run + ": model") :]
        row = next(line for line in section.splitlines() if line.split()[:2] == ["check", "all"])
        assert f"{rate:.1%} [{low:.1%}, {high:.1%}]" in row
    again = run_module(
        "omseval", "suite=benchmark", blocks, f"suite.jobs={jobs}", "limit=4", f"log_dir={tmp_path / 'logs'}"
    )
    assert again.returncode == 0 and len(list_eval_logs(str(tmp_path / "logs"))) == 4  # reused, not redone


@pytest.mark.parametrize("passed,n", [(0, 1), (1, 1), (5, 17), (33, 66), (155, 160), (0, 320)])
def test_wilson_is_scipys(passed, n):
    ci = binomtest(passed, n).proportion_ci(method="wilson")
    assert wilson(passed, n) == pytest.approx((ci.low, ci.high), abs=1e-12)


@pytest.mark.slow
def test_the_run_path_loads_no_report_code_and_no_unused_provider(tmp_path):
    """An offline run imports neither the report's libraries (pandas, scipy, matplotlib) nor Anthropic's client."""
    code = (
        "import atexit, sys\n"
        "heavy = ('pandas', 'scipy', 'matplotlib', 'anthropic', 'omseval.report')\n"
        "atexit.register(lambda: print('LOADED', sorted(m for m in heavy if m in sys.modules)))\n"
        f"sys.argv = ['omseval', 'experiment=replay', 'approach=verbatim', 'corpus=smaller', 'limit=3', "
        f"'log_dir={tmp_path / 'logs'}']\n"
        "from omseval.__main__ import cli\ncli()\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr
    assert "LOADED []" in result.stdout
