"""Parallel builds: documents processed concurrently, up to the model's max_connections, make exactly the
one-at-a-time build (decisions, documents, processing log, journal and calls log), for every approach, on
both stores, with model faults, and after a kill -9; the handoff's conditions likewise.

The parallel build runs first: inspect keeps, per process, the connection limit a model was first used with,
and the builds' own limit (the one tested) is checked below inspect's."""

import asyncio
import dataclasses
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from omseval.guidance.build import build_guidance
from omseval.handoff import build_handoff
from omseval.models import make_model
from omseval.pack_schema import load_pack
from tests.conftest import PACK, ROOT, config
from tests.test_store import neo4j_uri

pack = load_pack(PACK)
APPROACHES = ["oms", "oms_no_retrieval", "file_edit", "file_edit_hinted", "verbatim", "none"]
FILES = ("processing.jsonl", "calls.jsonl", "journal.jsonl")


def slice_of(corpus: str, n: int):
    """The pack with the first `n` messages of the corpus's stream (many documents, several per document)."""
    return dataclasses.replace(pack, sequence=pack.sequence_of(corpus)[:n])


class ServiceDown(ConnectionError):
    pass


def built(log_dir, small, *overrides, faults=(), counter=None) -> dict:
    """A build's documents and logs; `faults`: corrections whose every model call fails with a service error;
    `counter`: records the model calls in flight (`peak`)."""
    cfg = config(log_dir, "cache=false", "model.max_retries=0", *overrides)
    model = make_model(cfg)
    model.api.should_retry = lambda e: isinstance(e, ServiceDown)  # how a provider marks a service failure
    generate = model.api.generate

    async def faulty(input, tools, tool_choice, config):
        prompt = "\n\n".join(m.text for m in input)
        if any(text in prompt for text in faults):
            raise ServiceDown("503 from the provider")
        if counter is None:
            return await generate(input, tools, tool_choice, config)
        counter["now"] += 1
        counter["peak"] = max(counter["peak"], counter["now"])
        try:
            await asyncio.sleep(0.002)
            return await generate(input, tools, tool_choice, config)
        finally:
            counter["now"] -= 1

    model.api.generate = faulty
    try:
        g = asyncio.run(build_guidance(cfg, small, model))
    finally:
        model.api.generate = generate  # get_model keeps one instance per model for the whole process
    files = {name: (g.path / name).read_text() for name in FILES if (g.path / name).exists()}
    return {"documents": g.documents, "manifest": {k: g.manifest[k] for k in ("processed", "failures")}} | files


@pytest.mark.parametrize("approach", APPROACHES)
def test_a_parallel_build_is_the_one_at_a_time_build(tmp_path, approach):
    small = slice_of("larger", 96)
    faults = [small.sequence[n].text for n in (3, 17, 40)]  # lost corrections: each is lost on its own
    counter = {"now": 0, "peak": 0}
    many = built(
        tmp_path / "many", small, f"approach={approach}", "model.max_connections=16", faults=faults, counter=counter
    )
    one = built(tmp_path / "one", small, f"approach={approach}", "model.max_connections=1", faults=faults)
    assert many == one
    assert counter["peak"] > 1 or approach in ("verbatim", "none")  # the parallel build did run calls at once
    if approach not in ("verbatim", "none"):
        assert one["manifest"] == {"processed": 93, "failures": 3}
        lost = [json.loads(line) for line in one["processing.jsonl"].splitlines() if "failure" in line]
        assert [e["message_id"] for e in lost] == [small.sequence[n].message_id for n in (3, 17, 40)]


@pytest.mark.neo4j
@pytest.mark.parametrize("approach", ["oms", "oms_no_retrieval"])
def test_a_parallel_build_on_neo4j_is_the_one_at_a_time_build_on_sqlite(tmp_path, approach):
    from omseval.oms.service import open_store

    small = slice_of("larger", 96)
    faults = [small.sequence[7].text]
    store = ["store=neo4j", f"store.uri={neo4j_uri()}", "model.max_connections=16"]
    many = built(tmp_path / "many", small, f"approach={approach}", *store, faults=faults)
    one = built(tmp_path / "one", small, f"approach={approach}", "model.max_connections=1", faults=faults)
    try:
        assert many == one and one["manifest"] == {"processed": 95, "failures": 1}
    finally:
        cfg = config(tmp_path / "many", f"approach={approach}", *store)
        for folder in (tmp_path / "many" / "guidance").iterdir():
            if folder.is_dir():
                graph = open_store(cfg.store, folder)
                graph.reset()
                graph.close()


@pytest.mark.parametrize("approach", ["oms", "file_edit"])
def test_model_calls_in_flight_never_exceed_max_connections(tmp_path, approach):
    counter = {"now": 0, "peak": 0}
    built(tmp_path, slice_of("larger", 64), f"approach={approach}", "model.max_connections=3", counter=counter)
    assert counter["peak"] == 3  # concurrent, and never more than allowed


def test_handoff_conditions_run_concurrently_with_the_one_at_a_time_result(tmp_path):
    def handoff(log_dir, connections):
        overrides = ["experiment=handoff", "approach=file_edit", "cache=false", f"model.max_connections={connections}"]
        cfg = config(log_dir, *overrides, "experiment.seeds=[11]")
        key, snapshots = asyncio.run(build_handoff(cfg, pack, make_model(cfg)))
        folder = log_dir / "guidance" / key
        logs = {p.relative_to(folder): p.read_text() for p in sorted(folder.rglob("*.jsonl"))}
        return snapshots, logs

    many = handoff(tmp_path / "many", 8)  # first: inspect keeps a process's first connection limit per model
    assert handoff(tmp_path / "one", 1) == many


def test_oms_never_changes_another_skills_document(tmp_path):
    """Two skills hold near-duplicate rules (touch targets of 44 px, corrected to 50 and to 40): each
    correction is decided against its own document only, and each document keeps its own value."""
    rules = {"r-a11y-touch-target", "r-frontend-touch-target"}
    skills = {pack.rule(r).skill for r in rules}
    pair = dataclasses.replace(
        pack,
        rules=[r for r in pack.rules if r.rule_id in rules],
        sequence=[m for m in pack.sequence if m.rule_id in rules],
        documents=[d for d in pack.documents if d.skill in skills],
    )
    cfg = config(tmp_path, "approach=oms")
    g = asyncio.run(build_guidance(cfg, pair, make_model(cfg)))
    skill_of = {m.message_id: m.skill for m in pair.sequence}
    log = [json.loads(line) for line in (g.path / "processing.jsonl").read_text().splitlines()]
    targets = [(e["message_id"], e["target"]) for e in log if e.get("target")]
    assert targets and all(
        (skill_of[t[2:]] if t.startswith("c:") else t.split("#")[0]) == skill_of[m] for m, t in targets
    )
    candidates = [
        c
        for line in (g.path / "calls.jsonl").read_text().splitlines()
        if (c := json.loads(line))["phase"] == "reconcile"
    ]
    assert all(f'skill="{skill_of[c["message_id"]]}"' in c["prompt"] for c in candidates)
    assert not any(f'skill="{s}"' in c["prompt"] for c in candidates for s in skills - {skill_of[c["message_id"]]})
    assert (
        "56 by 56 px" in g.documents["accessibility-review"] and "44 by 44" not in g.documents["accessibility-review"]
    )
    assert "56px by 56px" in g.documents["frontend-components"] and "44px" not in g.documents["frontend-components"]


def test_without_history_reconcile_sees_no_superseded_statement_nor_the_outdated_decision(tmp_path):
    small = slice_of("smaller", 60)
    cfg = config(tmp_path, "approach=oms", "corpus=smaller", "approach.history=false")
    g = asyncio.run(build_guidance(cfg, small, make_model(cfg)))
    calls = [json.loads(line) for line in (g.path / "calls.jsonl").read_text().splitlines()]
    reconcile = [c["prompt"] for c in calls if c["phase"] == "reconcile"]
    assert reconcile and not any('status="superseded"' in p or '"outdated"' in p for p in reconcile)
    log = [json.loads(line) for line in (g.path / "processing.jsonl").read_text().splitlines()]
    assert g.manifest["failures"] == 0 and "stale" not in {e["decision"] for e in log}
    with_history = asyncio.run(
        build_guidance(c := config(tmp_path, "approach=oms", "corpus=smaller"), small, make_model(c))
    )
    assert with_history.key != g.key


BUILD = """
import asyncio, dataclasses, sys
from omseval.guidance.build import build_guidance
from omseval.models import make_model
from omseval.pack_schema import load_pack
from tests.conftest import PACK, config
pack = load_pack(PACK)
cfg = config(sys.argv[1], *sys.argv[2:])
asyncio.run(build_guidance(cfg, dataclasses.replace(pack, sequence=pack.sequence_of("larger")[:160]), make_model(cfg)))
"""


def done(log_dir, approach) -> int:
    """Messages the build in progress has recorded as done."""
    partial = next((log_dir / "guidance").glob("*.partial"), None)
    if partial is None:
        return 0
    if approach != "oms":
        journal = partial / "journal.jsonl"
        return journal.read_bytes().count(b"\n") if journal.exists() else 0
    try:
        with sqlite3.connect(f"file:{partial / 'oms.sqlite'}?mode=ro", uri=True) as c:
            return c.execute("SELECT count(*) FROM correction WHERE status != 'received'").fetchone()[0]
    except sqlite3.Error:
        return 0


@pytest.mark.slow
@pytest.mark.parametrize("approach", ["oms", "file_edit"])
def test_a_parallel_build_killed_midway_resumes_to_the_same_result(tmp_path, approach):
    args = [f"approach={approach}", "model.latency=0.01", "model.max_connections=8"]

    def start(log_dir):
        return subprocess.Popen([sys.executable, "-c", BUILD, str(log_dir), *args], cwd=ROOT, env=os.environ.copy())

    whole = start(tmp_path / "whole")
    assert whole.wait(timeout=600) == 0
    killed = start(tmp_path / "killed")
    deadline = time.monotonic() + 600
    while done(tmp_path / "killed", approach) < 40:
        assert killed.poll() is None and time.monotonic() < deadline
        time.sleep(0.01)
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    assert subprocess.run([sys.executable, "-c", BUILD, str(tmp_path / "killed"), *args], cwd=ROOT).returncode == 0

    def result(log_dir):
        [folder] = [p for p in (log_dir / "guidance").iterdir() if p.is_dir()]
        return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.suffix in (".md", ".jsonl")}

    assert result(tmp_path / "killed") == result(tmp_path / "whole")


def test_the_offline_model_with_latency_waits_and_replies_the_same(tmp_path):
    from omseval.refusals import check as check_run

    prompt = "<guidance>Use UTC.</guidance>\n<task>Which time zone?</task>"
    plain = asyncio.run(make_model(config(tmp_path, "cache=false")).generate(prompt)).completion
    slow = make_model(config(tmp_path, "cache=false", "model.latency=0.3"))
    began = time.monotonic()
    assert asyncio.run(slow.generate(prompt)).completion == plain
    assert time.monotonic() - began >= 0.3
    with pytest.raises(Exception, match="model.latency"):
        check_run(config(tmp_path, "model=mock", "model.latency=1"))  # a language model's latency is its own
