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

from omseval.builders.build import build_guidance
from omseval.config import options
from omseval.errors import UserError
from omseval.handoff import build_handoff, handoff_key
from omseval.models import make_model
from tests.helpers import ROOT, validated
from tests.helpers.stores import neo4j_uri

# every approach of conf/approach but graphiti, which needs a Neo4j server (tests/test_graphiti.py)
APPROACHES = [a for a in options("approach") if a != "graphiti"]
FILES = ("processing.jsonl", "calls.jsonl", "journal.jsonl")


class Refused(Exception):
    """The model's API refused the request as invalid (a 4xx other than a rejected key or a rate limit): the
    model's own failure, a processing loss in a build (a service failure would stop the build instead)."""

    status_code = 400


def built(log_dir, *overrides, faults=(), counter=None) -> dict:
    """A build of 24 rules (96 messages) of the larger corpus: its documents and logs; `faults`: positions in the
    stream of corrections whose every model call is refused; `counter`: records the model calls in flight (`peak`)."""
    run = validated(log_dir, "rules=24", "cache=false", "model.max_retries=0", *overrides)
    stream = run.pack.sequence_of(run.cfg.corpus.name)
    faulty_texts = [stream[n].text for n in faults]
    model = make_model(run.cfg.model)
    generate = model.api.generate

    async def faulty(input, tools, tool_choice, config):
        prompt = "\n\n".join(m.text for m in input)
        if any(text in prompt for text in faulty_texts):
            raise Refused("400: the request is invalid")
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
        g = asyncio.run(build_guidance(run, model))
    finally:
        model.api.generate = generate  # get_model keeps one instance per model for the whole process
    files = {name: (g.path / name).read_text() for name in FILES if (g.path / name).exists()}
    manifest = {k: g.manifest[k] for k in ("processed", "failures", "losses")}
    return {"documents": g.documents, "manifest": manifest, "stream": [m.message_id for m in stream]} | files


@pytest.mark.parametrize("approach", APPROACHES)
def test_a_parallel_build_is_the_one_at_a_time_build(tmp_path, approach):
    faults = (3, 17, 40)  # lost corrections: each is lost on its own
    counter = {"now": 0, "peak": 0}
    many = built(tmp_path / "many", f"approach={approach}", "model.max_connections=16", faults=faults, counter=counter)
    one = built(tmp_path / "one", f"approach={approach}", "model.max_connections=1", faults=faults)
    assert many == one and len(one["stream"]) == 96
    uses_model = validated(tmp_path, f"approach={approach}").approach.uses_model
    assert counter["peak"] > 1 or not uses_model  # the parallel build did run calls at once
    if uses_model:
        assert {k: one["manifest"][k] for k in ("processed", "failures")} == {"processed": 93, "failures": 3}
        assert sum(one["manifest"]["losses"].values()) == 3
        lost = [e for e in map(json.loads, one["processing.jsonl"].splitlines()) if e.get("failure")]
        assert [e["message_id"] for e in lost] == [one["stream"][n] for n in faults]


@pytest.mark.neo4j
@pytest.mark.parametrize("approach", ["oms", "oms_no_retrieval"])
def test_a_parallel_build_on_neo4j_is_the_one_at_a_time_build_on_sqlite(tmp_path, approach):
    store = ["store=neo4j", f"store.uri={neo4j_uri()}", "model.max_connections=16"]
    try:
        many = built(tmp_path / "many", f"approach={approach}", *store, faults=(7,))
        one = built(tmp_path / "one", f"approach={approach}", "model.max_connections=1", faults=(7,))
        assert many == one
        assert {k: one["manifest"][k] for k in ("processed", "failures")} == {"processed": 95, "failures": 1}
    finally:
        run = validated(tmp_path / "many", f"approach={approach}", *store)
        for folder in (tmp_path / "many" / "builds").iterdir():
            if folder.is_dir():
                graph = run.store(folder, **run.store_settings)
                graph.reset()
                graph.close()


@pytest.mark.parametrize("approach", ["oms", "file_edit"])
def test_model_calls_in_flight_never_exceed_max_connections(tmp_path, approach):
    counter = {"now": 0, "peak": 0}
    built(tmp_path, f"approach={approach}", "model.max_connections=3", counter=counter)
    assert counter["peak"] == 3  # concurrent, and never more than allowed


def test_handoff_conditions_run_concurrently_with_the_one_at_a_time_result(tmp_path):
    def handoff(log_dir, connections):
        overrides = ["experiment=handoff", "approach=file_edit", "cache=false", f"model.max_connections={connections}"]
        run = validated(log_dir, *overrides, "experiment.seeds=[11]")
        snapshots = asyncio.run(build_handoff(run, make_model(run.cfg.model)))
        folder = log_dir / "builds" / handoff_key(run)[0]
        logs = {p.relative_to(folder): p.read_text() for p in sorted(folder.rglob("*.jsonl"))}
        return snapshots, logs

    many = handoff(tmp_path / "many", 8)  # first: inspect keeps a process's first connection limit per model
    assert handoff(tmp_path / "one", 1) == many


def test_oms_never_changes_another_skills_document(tmp_path):
    """Two skills hold near-duplicate rules (touch targets of 44 px, corrected to 50 and to 40): each
    correction is decided against its own document only, and each document keeps its own value."""
    run = validated(tmp_path, "approach=oms")
    pack, rules = run.pack, {"r-a11y-touch-target", "r-frontend-touch-target"}
    skills = {pack.rule(r).skill for r in rules}
    pair = dataclasses.replace(  # the run as `rules=N` would make it, of these two rules
        pack,
        rules=[r for r in pack.rules if r.rule_id in rules],
        sequence=[m for m in pack.sequence if m.rule_id in rules],
        questions=[q for q in pack.questions if q.rule_id in rules],
        handoff=[c for c in pack.handoff if c.rule_id in rules],
        documents=[d for d in pack.documents if d.skill in skills],
    )
    g = asyncio.run(build_guidance(dataclasses.replace(run, pack=pair), make_model(run.cfg.model)))
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
    run = validated(tmp_path, "approach=oms", "corpus=smaller", "approach.history=false", "rules=15")
    g = asyncio.run(build_guidance(run, make_model(run.cfg.model)))
    calls = [json.loads(line) for line in (g.path / "calls.jsonl").read_text().splitlines()]
    reconcile = [c["prompt"] for c in calls if c["phase"] == "reconcile"]
    assert reconcile and not any('status="superseded"' in p or '"outdated"' in p for p in reconcile)
    log = [json.loads(line) for line in (g.path / "processing.jsonl").read_text().splitlines()]
    assert g.manifest["failures"] == 0 and "stale" not in {e["decision"] for e in log}
    with_history = asyncio.run(
        build_guidance(r := validated(tmp_path, "approach=oms", "corpus=smaller", "rules=15"), make_model(r.cfg.model))
    )
    assert with_history.key != g.key


BUILD = """
import asyncio, sys
from omseval.builders.build import build_guidance
from omseval.models import make_model
from tests.helpers import validated
run = validated(sys.argv[1], *sys.argv[2:], "rules=40")  # 160 messages
asyncio.run(build_guidance(run, make_model(run.cfg.model)))
"""


def done(log_dir, approach) -> int:
    """Messages the build in progress has recorded as done."""
    partial = next((log_dir / "builds").glob("*.partial"), None)
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
        [folder] = [p for p in (log_dir / "builds").iterdir() if p.is_dir()]
        return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.suffix in (".md", ".jsonl")}

    assert result(tmp_path / "killed") == result(tmp_path / "whole")


def test_the_offline_model_with_latency_waits_and_replies_the_same(tmp_path):
    prompt = "<guidance>Use UTC.</guidance>\n<task>Which time zone?</task>"
    plain = asyncio.run(make_model(validated(tmp_path, "cache=false").cfg.model).generate(prompt)).completion
    slow = make_model(validated(tmp_path, "cache=false", "model.latency=0.3").cfg.model)
    began = time.monotonic()
    assert asyncio.run(slow.generate(prompt)).completion == plain
    assert time.monotonic() - began >= 0.3
    with pytest.raises(UserError, match="model.latency"):
        validated(tmp_path, "model=mock", "model.latency=1")  # a language model's latency is its own
