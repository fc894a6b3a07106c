"""End to end through `python -m omseval`, as a user runs it."""

import json
import re

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from tests.helpers import run_module


def omseval(tmp_path, *args, env=None):
    flags = [a for a in args if a.startswith("-")]
    overrides = [a for a in args if not a.startswith("-")]
    return run_module("omseval", *flags, f"log_dir={tmp_path / 'logs'}", *overrides, cwd=tmp_path, env=env)


@pytest.mark.slow
def test_replay_offline_end_to_end(tmp_path):
    result = omseval(tmp_path, "experiment=replay", "approach=verbatim", "limit=8")
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[0] == (
        "omseval: replay larger verbatim, model offline-heuristic (not a language model): starting"
    )
    assert "not a language model" in result.stdout
    for word in ("familiar", "situational", "first_attempt", "eventual", "log:", "check", "strict"):
        assert word in result.stdout
    logs = list_eval_logs(str(tmp_path / "logs"))
    assert len(logs) == 1
    log = read_eval_log(logs[0])
    assert log.status == "success" and len(log.samples) == 8
    meta = log.eval.metadata
    assert meta["config"]["approach"]["name"] == "verbatim" and len(meta["pack_checksum"]) == 64
    assert meta["identity"]["approach"] == "verbatim" and meta["key"] == logs[0].name.split("/")[-2]
    built = json.loads((tmp_path / "logs" / "builds" / meta["build"] / "manifest.json").read_text())
    assert built["approach"] == "verbatim" and built["key"] == meta["build"]
    assert "guidance" not in meta and "manifest" not in meta  # the build's manifest stays in its folder
    for s in log.samples:
        value = s.scores["compliance"].value
        assert set(value) == {
            "first_attempt",
            "eventual",
            "attempts",
            "corrective_messages",
            "strict_first_attempt",
            "strict_eventual",
        }
        assert value["strict_first_attempt"] <= value["first_attempt"]  # strict: the check and more
        assert 1 <= value["attempts"] <= 3 and value["corrective_messages"] == value["attempts"] - 1
        assert value["eventual"] in (0, 1) and value["first_attempt"] in (0, 1)
        assert {"question_type", "rule_id", "approach", "corpus"} <= set(s.metadata)
        if value["first_attempt"] == 0:  # a failed first answer was retried with the corrective message
            assert value["attempts"] >= 2
    builds = sorted((tmp_path / "logs" / "builds").iterdir())
    assert [p.name for p in builds] == [meta["build"], meta["build"] + ".lock"]  # the build and its lock
    assert built["messages"] == 640
    logs_at = tmp_path / "logs" / meta["key"]
    assert f"inspect view --log-dir {logs_at}" in result.stdout
    assert f"python -m omseval.report {tmp_path / 'logs'}" in result.stdout

    again = omseval(tmp_path, "experiment=replay", "approach=verbatim", "limit=8")
    assert again.returncode == 0
    assert len(list_eval_logs(str(tmp_path / "logs"))) == 1  # the finished run is reused, not redone
    assert "reused the finished run: nothing to do" in again.stdout
    assert summary(again.stdout) == summary(result.stdout)  # the same summary, the same log, the same closing lines


def summary(stdout: str) -> list[str]:
    """A run's summary, from its first line to the closing lines, with the log named as a path."""
    lines = stdout.splitlines()
    start = lines.index("replay larger verbatim: model offline-heuristic (not a language model)")
    return [line.replace("log: file://", "log: ") for line in lines[start:]]


@pytest.mark.slow
def test_maintain_experiment_smaller_corpus(tmp_path):
    result = omseval(tmp_path, "experiment=maintain", "approach=oms", "corpus=smaller")
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[0] == (
        "omseval: maintain smaller oms, model offline-heuristic (not a language model), store sqlite: starting"
    )
    log = read_eval_log(list_eval_logs(str(tmp_path / "logs"))[0])
    assert len(log.samples) == 66
    assert all(s.scores["compliance"].value["attempts"] == 1 for s in log.samples)
    metrics = {k: m.value for s in log.results.scores for k, m in s.metrics.items()}
    stated, rules = int(metrics["audit_superseded_stated"]), int(metrics["audit_rules"])
    assert rules == 33  # the summary gives the guidance audit of every rule asked about
    said = " ".join(result.stdout.split())
    assert re.search(
        rf"still stat\w+ a superseded value\D*{stated} of {rules}\b|superseded value still stated\D*"
        rf"{stated} of {rules}\b",
        said,
    )  # how many rules' guidance still states a superseded value


@pytest.mark.slow
def test_missing_pack_writes_nothing(tmp_path):
    result = omseval(tmp_path, f"pack.path={tmp_path / 'nope'}")
    assert result.returncode == 2
    assert "pack folder not found" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "logs").exists()


@pytest.mark.slow
def test_corrupt_pack_names_file_row_column(tmp_path, pack_copy):
    path = pack_copy / "03-question-scoring.csv"
    path.write_bytes(path.read_bytes().replace(b",present,", b",presnt,", 1))
    result = omseval(tmp_path, f"pack.path={pack_copy}")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "03-question-scoring.csv, row" in result.stderr and "column expect" in result.stderr
    assert not (tmp_path / "logs").exists()


@pytest.mark.slow
def test_sonnet_without_key_refused_before_work(tmp_path):
    result = omseval(tmp_path, "model=sonnet", env={"ANTHROPIC_API_KEY": ""})
    assert result.returncode == 2
    assert "ANTHROPIC_API_KEY" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "logs").exists()


@pytest.mark.slow
def test_multirun_seed_sweep_keeps_log_events(tmp_path):
    result = omseval(tmp_path, "-m", "seed=3,5", "approach=verbatim", "experiment=replay", "limit=4")
    assert result.returncode == 0, result.stderr
    logs = list_eval_logs(str(tmp_path / "logs"))
    assert len(logs) == 2
    for info in logs:
        log = read_eval_log(info)
        assert log.status == "success"
        # Hydra's job logging would strip inspect's handler from the second job on
        assert any(
            e.event == "logger" and "corrective message" in e.message.message for s in log.samples for e in s.events
        )
    seeds = {read_eval_log(i).eval.metadata["config"]["seed"] for i in logs}
    assert seeds == {3, 5}


@pytest.mark.slow
def test_unreachable_neo4j_refused_before_work(tmp_path):
    result = omseval(tmp_path, "approach=oms", "store=neo4j", "store.uri=bolt://127.0.0.1:1")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "cannot reach Neo4j at bolt://127.0.0.1:1 (store.uri)" in result.stderr
    assert not (tmp_path / "logs").exists()


@pytest.mark.slow
def test_unusable_model_replies_are_counted_processing_losses(tmp_path):
    """mockllm answers every OMS prompt with plain text: each correction gets one repair request, then
    counts as a processing loss; the run still completes and says so."""
    result = omseval(tmp_path, "model=mock", "approach=oms", "corpus=smaller", "experiment=maintain", "limit=2")
    assert result.returncode == 0, result.stderr
    assert "132 corrections, 0 processed, 132 processing losses (132 unusable reply)" in result.stdout
    [key] = [p for p in (tmp_path / "logs" / "builds").iterdir() if p.is_dir()]
    log = [json.loads(line) for line in (key / "processing.jsonl").read_text().splitlines()]
    assert len(log) == 132
    assert all("after one repair request" in e["failure"] and e["cause"] == "unusable reply" for e in log)
    assert json.loads((key / "manifest.json").read_text())["losses"] == {"unusable reply": 132}
