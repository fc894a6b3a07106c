"""The handoff experiment: schedule-driven recording, marker arrival, agent B's guidance, resumption."""

import asyncio
import itertools

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from omseval.builders import jsonl
from omseval.builders.file_edit import FileEdit
from omseval.handoff import TEXTS, build_handoff, handoff_key
from omseval.models import make_model
from omseval.pack_schema import load_pack
from omseval.pack_schema.ordering import recording_schedule
from tests.helpers import PACK, run_module, validated

pack = load_pack(PACK)


def handoff(tmp_path, *overrides):
    return validated(tmp_path, "experiment=handoff", *overrides)


def build(run):
    return asyncio.run(build_handoff(run, make_model(run.cfg.model)))


def test_oms_submits_every_correction(tmp_path):
    run = handoff(tmp_path, "approach=oms", "experiment.seeds=[11]")
    assert run.cfg.corpus.name == "smaller"
    snaps = build(run)
    assert len(snaps) == 33 and {s.probability for s in snaps} == {100} and all(s.recorded for s in snaps)
    order, _ = recording_schedule([c.case_id for c in pack.handoff], 11)
    assert [s.case_id for s in snaps] == order  # the seed's processing order
    assert sum(s.arrived for s in snaps) >= 28
    assert all(len(a.guidance) <= len(b.guidance) * 1.5 for a, b in itertools.pairwise(snaps))  # guidance accumulates


def test_text_file_records_as_scheduled(tmp_path):
    options = ["approach=file_edit", "experiment.seeds=[23]", "experiment.probabilities=[0,50,100]"]
    snaps = build(handoff(tmp_path, *options))
    by_p = {p: [s for s in snaps if s.probability == p] for p in (0, 50, 100)}
    assert not any(s.recorded or s.arrived for s in by_p[0]) and all(s.guidance == "" for s in by_p[0])
    assert all(s.recorded for s in by_p[100])
    assert [s.recorded for s in by_p[50]] == [pack.schedule[23][s.case_id][50] for s in by_p[50]]
    for s in by_p[50]:
        if s.arrived and not s.present_before:
            assert s.recorded  # a correction that was never recorded cannot arrive


def test_identical_guidance_is_stored_once(tmp_path):
    run = handoff(tmp_path, "approach=verbatim", "experiment.seeds=[23]", "experiment.probabilities=[0,100]")
    snaps = build(run)
    key, _ = handoff_key(run)
    texts = jsonl.read(tmp_path / "builds" / key / TEXTS)
    assert sorted(t["text"] for t in texts) == sorted({s.guidance for s in snaps})  # "" once, for all of p=0
    assert len(texts) < len(snaps) and build(run) == snaps


def test_a_build_that_dies_resumes_without_redoing_work(tmp_path, monkeypatch):
    options = ["approach=file_edit", "experiment.seeds=[41]", "experiment.probabilities=[100]"]
    whole = build(handoff(tmp_path / "a", *options))
    calls, original = [], FileEdit.process

    async def dying(self, message, prepared):
        if len(calls) == 10:
            raise RuntimeError("the machine went away")
        calls.append(message.message_id)
        return await original(self, message, prepared)

    run = handoff(tmp_path / "b", *options)
    monkeypatch.setattr(FileEdit, "process", dying)
    with pytest.raises(RuntimeError):
        build(run)
    monkeypatch.setattr(FileEdit, "process", original)
    processed = []

    async def counting(self, message, prepared):
        processed.append(message.message_id)
        return await original(self, message, prepared)

    monkeypatch.setattr(FileEdit, "process", counting)
    resumed = build(run)
    assert resumed == whole
    assert len(processed) == 33 - 10 and not set(processed) & set(calls)


def test_limit_runs_the_first_cases_of_each_seed(tmp_path):
    """limit=N: each condition stops after the first N cases of its seed's order, as the whole run began."""
    options = ["approach=verbatim", "experiment.seeds=[11,23]", "experiment.probabilities=[0,100]"]
    whole = build(handoff(tmp_path / "whole", *options))
    first = build(handoff(tmp_path / "first", *options, "limit=3"))
    assert first == [s for s in whole if s.order <= 3] and len(first) == 2 * 2 * 3


@pytest.mark.slow
def test_handoff_cli(tmp_path):
    result = run_module(
        "omseval",
        f"log_dir={tmp_path}",
        "experiment=handoff",
        "approach=verbatim",
        "experiment.seeds=[11]",
        "experiment.probabilities=[0,100]",
    )
    assert result.returncode == 0, result.stderr
    assert "arrived" in result.stdout and "present_before" in result.stdout
    log = read_eval_log(list_eval_logs(str(tmp_path))[0])
    agents = [s.metadata["agent"] for s in log.samples]
    assert agents.count("A") == 33 and agents.count("B") == 66
    b100 = [s for s in log.samples if s.metadata["agent"] == "B" and s.metadata["probability"] == 100]
    assert all(s.metadata["arrived"] for s in b100)  # verbatim keeps the correction, marker and all
    assert all(s.metadata["guidance"] == "" for s in log.samples if s.metadata["agent"] == "A")
    limited = run_module(
        "omseval",
        f"log_dir={tmp_path / 'limited'}",
        "experiment=handoff",
        "approach=verbatim",
        "experiment.seeds=[11]",
        "experiment.probabilities=[0,100]",
        "limit=2",
    )
    assert limited.returncode == 0, limited.stderr
    samples = read_eval_log(list_eval_logs(str(tmp_path / "limited"))[0]).samples
    order, _ = recording_schedule([c.case_id for c in pack.handoff], 11)
    assert sorted(s.id for s in samples) == sorted(
        [f"{c}/A" for c in order[:2]] + [f"{c}/B/seed11/p{p}" for c in order[:2] for p in (0, 100)]
    )


@pytest.mark.slow
def test_handoff_refuses_the_larger_corpus(tmp_path):
    result = run_module("omseval", f"log_dir={tmp_path}", "experiment=handoff", "corpus=larger")
    assert result.returncode == 2 and "smaller corpus" in result.stderr and "Traceback" not in result.stderr
