"""suite=benchmark: every experiment x approach x corpus in one command, and the run summary it prints."""

import subprocess
import sys

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log
from scipy.stats import binomtest

from omseval.config import options
from omseval.run_summary import wilson
from omseval.suite import suite_runs
from tests.helpers import config, run_module, validated


def test_the_benchmark_suite_is_every_run_once(tmp_path):
    given = ["suite=benchmark", "suite.jobs=2", "seed=7", "approach=none", f"log_dir={tmp_path}"]
    cfg = config(None, *given)
    runs = suite_runs(cfg.suite, given)
    chosen = [(r.experiment.name, r.approach_name, r.cfg.corpus.name) for r in runs]
    listed = {
        (e, a, c) for b in cfg.suite.blocks for e in b.experiment for a in b.approach for c in b.corpus
    }  # the suite file's blocks, each the product of its lists
    assert len(chosen) == len(set(chosen)) and set(chosen) == listed  # every listed run, once
    assert len({r.key for r in runs}) == len(runs)  # each its own log folder
    approaches = {a for _, a, _ in chosen}
    handoff_corpora = {validated(tmp_path, "experiment=handoff").cfg.corpus.name}  # where its cases are
    expected = {
        (e, a, c)
        for e in options("experiment")
        for a in approaches
        for c in (handoff_corpora if e == "handoff" else options("corpus"))
    }
    assert set(chosen) == expected  # every experiment x corpus, each with the same approaches
    assert handoff_corpora == {"smaller"}
    assert "graphiti" not in approaches and all(not r.store.server for r in runs)  # on the embedded defaults
    assert {"oms", "none"} <= approaches  # the benchmark's own approach and its baseline
    assert all(r.cfg.seed == 7 and r.cfg.log_dir == str(tmp_path) and r.cfg.suite is None for r in runs)
    assert list(tmp_path.iterdir()) == []  # validated, nothing written


def test_every_approach_is_run_by_a_suite():
    suites = [config(None, f"suite={name}").suite for name in options("suite")]
    assert {a for suite in suites for block in suite.blocks for a in block.approach} == set(options("approach"))


@pytest.mark.slow
def test_a_bad_suite_is_refused_before_any_run(tmp_path):
    result = run_module("omseval", "suite=benchmark", "suite.jobs=0", f"log_dir={tmp_path / 'logs'}")
    assert result.returncode == 2 and "suite.jobs must be a positive integer" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "logs").exists()


@pytest.mark.slow
def test_a_suite_naming_an_unknown_option_is_refused_before_any_run(tmp_path):
    result = run_module(
        "omseval",
        "suite=benchmark",
        "suite.blocks=[{experiment:[replay],approach:[nope],corpus:[smaller]}]",
        f"log_dir={tmp_path / 'logs'}",
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "approach=nope is not an option" in result.stderr and not (tmp_path / "logs").exists()


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_suite_runs_and_summarises_each_run(tmp_path, jobs):
    blocks = "suite.blocks=[{experiment:[replay,maintain],approach:[verbatim,none],corpus:[smaller]}]"
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
        config_of = log.eval.metadata["config"]
        run = f"{config_of['experiment']['name']} smaller {config_of['approach']['name']}"
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
