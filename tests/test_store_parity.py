"""SQLite and Neo4j make the same decisions: two OMS builds run at once on one Neo4j server (separate
processes and namespaces), and each matches a SQLite build correction by correction."""

import asyncio
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from omseval.builders.build import build_guidance
from omseval.models import make_model
from tests.helpers import validated
from tests.helpers.stores import neo4j_uri

pytestmark = [pytest.mark.neo4j, pytest.mark.slow]


def build(log_dir: str, store: str, uri: str | None = None, start=None) -> tuple[dict, dict]:
    """One offline OMS build of the smaller corpus: (decision and target per correction, documents)."""
    run = validated(log_dir, "approach=oms", "corpus=smaller", f"store={store}", *([f"store.uri={uri}"] if uri else []))
    if start is not None:
        start.wait(timeout=300)  # both builds set up the schema and write at the same moment
    g = asyncio.run(build_guidance(run, make_model(run.cfg.model)))
    assert g.manifest["store"] == store and g.manifest["failures"] == 0
    log = [json.loads(line) for line in (g.path / "processing.jsonl").read_text().splitlines()]
    graph = run.store(g.path, **run.store_settings)  # the build's graph, no longer needed
    graph.reset()
    graph.close()
    return {e["message_id"]: (e["decision"], e.get("target")) for e in log}, g.documents


def test_parallel_neo4j_builds_decide_as_sqlite_does(tmp_path):
    uri = neo4j_uri()
    expected, documents = build(str(tmp_path / "sqlite"), "sqlite")
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager, ProcessPoolExecutor(2, mp_context=context) as pool:
        start = manager.Barrier(2)
        runs = [pool.submit(build, str(tmp_path / f"neo4j-{n}"), "neo4j", uri, start) for n in (1, 2)]
        results = [run.result(timeout=900) for run in runs]
    assert len(expected) == 132
    for decisions, docs in results:
        assert [m for m in expected if decisions.get(m) != expected[m]] == []
        assert docs == documents
