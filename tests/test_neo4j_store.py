"""Neo4j: a run's queries read only its own nodes, each found through an index (no label scan, no search
of a server-wide full-text index)."""

import uuid

import pytest

from omseval.oms.documents import to_statements
from omseval.oms.store import Decision
from tests.helpers.stores import DOC, neo4j_uri, new_statement

pytestmark = pytest.mark.neo4j


def operators(plan: dict) -> list[str]:
    return [plan["operatorType"], *(op for child in plan.get("children", []) for op in operators(child))]


def test_every_query_of_a_run_seeks_an_index(tmp_path, monkeypatch):
    from omseval.oms import neo4j_store

    store = neo4j_store.Neo4jStore(tmp_path / "builds" / f"test-plans-{uuid.uuid4().hex[:8]}", neo4j_uri())
    sent = []
    for name in ("_read", "_write"):
        original = getattr(store, name)
        monkeypatch.setattr(
            store, name, lambda query, _run=original, **params: sent.append((query, params)) or _run(query, **params)
        )
    try:
        store.load_skill("competitive-analysis", "Competitive analysis", to_statements("competitive-analysis", DOC))
        source = store.search(["dimensions"], "competitive-analysis", 1)[0]
        for n, action in enumerate(["supersedes", "restates", "new"], 1):
            store.record_correction(f"r/{n}", "competitive-analysis", "Use three dimensions.", n)
            statement = new_statement(f"r/{n}", "Maps use three dimensions.", source) if action != "restates" else None
            store.apply(f"r/{n}", Decision(action, source.id if action != "new" else None, statement, "why"), at=n)
        store.record_correction("r/4", "competitive-analysis", "Unusable.", 4)
        store.fail("r/4", "unusable reply")
        store.done(), store.corrections(), store.skills(), store.statements("competitive-analysis")
        store.record_publication("competitive-analysis", 1, "a" * 64), store.publication_version("competitive-analysis")
        queries = {q: p for q, p in sent} | {neo4j_store.DROP.format(label=label): {} for label in neo4j_store.LABELS}
        assert neo4j_store.RETRIEVE in queries and len(queries) >= 12
        for query, params in queries.items():
            plan = store.driver.execute_query("EXPLAIN " + query, params | {"ns": store.ns}).summary.plan
            ops = operators(plan)
            assert [op for op in ops if "Scan" in op or "Procedure" in op] == [], query  # no full-text search either
            assert any("IndexSeek" in op for op in ops), query
    finally:
        store.reset()
    assert (
        store.driver.execute_query("MATCH (n) WHERE n.ns = $ns RETURN count(n) AS n", ns=store.ns).records[0]["n"] == 0
    )
    store.close()
