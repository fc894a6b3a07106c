"""One contract for both stores: embedded SQLite and a real Neo4j server (started by scripts/test)."""

import uuid

import pytest

from omseval.oms.documents import render, to_statements
from omseval.oms.store import Decision
from tests.helpers.stores import DOC, neo4j_uri, new_statement


@pytest.fixture(params=["sqlite", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def make_store(request, tmp_path):
    opened = []

    def make(name="run"):
        if request.param == "sqlite":
            from omseval.oms.sqlite_store import SQLiteStore

            folder = tmp_path / "builds" / name  # a build's folder: the store keeps its file in it
            folder.mkdir(parents=True)
            store = SQLiteStore(folder)
        else:
            from omseval.oms.neo4j_store import Neo4jStore

            store = Neo4jStore(tmp_path / "builds" / f"test-{name}-{uuid.uuid4().hex[:8]}", neo4j_uri())
        store.reset()
        opened.append(store)
        return store

    yield make
    for store in opened:
        store.reset()
        store.close()


def loaded(make_store, name="run"):
    store = make_store(name)
    store.load_skill("competitive-analysis", "Competitive analysis", to_statements("competitive-analysis", DOC))
    store.load_skill("other", "Other", to_statements("other", "# Other\n\nMaps of the office are on the wiki.\n"))
    return store


def test_load_is_idempotent_and_renders_back(make_store):
    store = loaded(make_store)
    store.load_skill("competitive-analysis", "Competitive analysis", to_statements("competitive-analysis", DOC))
    assert store.skills() == ["competitive-analysis", "other"]
    assert render(store.statements("competitive-analysis")) == DOC


def test_search_stems_and_reads_only_the_skills_document(make_store):
    store = loaded(make_store)
    hits = store.search(["dimension", "maps"], "competitive-analysis", k=5)
    assert hits and hits[0].text.startswith("Plot competitors") and all(h.skill == "competitive-analysis" for h in hits)
    assert [h.skill for h in store.search(["office", "wiki", "maps"], "other", k=5)] == ["other"]
    assert store.search(["office", "wiki"], "competitive-analysis", k=5) == []  # the other document's words only
    assert store.search([], "competitive-analysis", 5) == []


def test_search_without_history_finds_only_current_statements(make_store):
    store = loaded(make_store)
    source = store.search(["dimensions"], "competitive-analysis", 1)[0]
    store.record_correction("r/initial", "competitive-analysis", "Use three dimensions.", 1)
    three = new_statement("r/initial", "Positioning maps use three dimensions.", source)
    store.apply("r/initial", Decision("supersedes", source.id, three, "new value"), at=1)
    assert source.id in [h.id for h in store.search(["dimensions"], "competitive-analysis", 5)]
    current = store.search(["dimensions"], "competitive-analysis", 5, history=False)
    assert three.id in [h.id for h in current] and {h.status for h in current} == {"current"}


def test_corrections_are_idempotent_and_durable(make_store):
    store = loaded(make_store)
    store.record_correction("r/initial", "competitive-analysis", "Use three dimensions.", 1)
    store.record_correction("r/initial", "competitive-analysis", "Use three dimensions.", 1)
    assert store.done() == set()  # received, not yet processed
    store.record_correction("r/change", "competitive-analysis", "Use four dimensions.", 2)
    store.fail("r/change", "unusable reply")
    assert store.done() == {"r/change"}
    assert [(c["message_id"], c["status"]) for c in store.corrections()] == [
        ("r/initial", "received"),
        ("r/change", "failed"),
    ]


def test_supersede_restate_and_stale(make_store):
    store = loaded(make_store)
    source = store.search(["dimensions"], "competitive-analysis", 1)[0]
    store.record_correction("r/initial", "competitive-analysis", "Use three dimensions.", 1)
    three = new_statement("r/initial", "Positioning maps use three dimensions.", source)
    store.apply("r/initial", Decision("supersedes", source.id, three, "new value"), at=1)
    store.record_correction("r/change", "competitive-analysis", "Now four.", 2)
    four = new_statement("r/change", "Positioning maps use four dimensions.", three)
    store.apply("r/change", Decision("supersedes", three.id, four, "new value"), at=2)
    store.record_correction("r/restatement-1", "competitive-analysis", "Three axes.", 3)
    store.apply("r/restatement-1", Decision("stale", three.id, None, "old version"), at=3)

    by_id = {s.id: s for s in store.statements("competitive-analysis")}
    assert by_id[source.id].status == "superseded" and by_id[source.id].superseded_by == three.id
    assert by_id[three.id].status == "superseded" and by_id[three.id].superseded_by == four.id
    assert by_id[four.id].status == "current" and by_id[four.id].superseded_by is None
    assert store.done() == {"r/initial", "r/change", "r/restatement-1"}
    doc = render(store.statements("competitive-analysis"))
    assert "- Positioning maps use four dimensions. Label both axes.\n" in doc  # in place of the old sentence
    assert "two dimensions" not in doc and "three" not in doc
    decisions = {c["message_id"]: (c["decision"], c["target"]) for c in store.corrections()}
    assert decisions["r/restatement-1"] == ("stale", three.id)


def test_new_statement_goes_under_team_corrections(make_store):
    store = loaded(make_store)
    store.record_correction("x/initial", "competitive-analysis", "Name every map file MAP-<n>.", 1)
    s = new_statement("x/initial", "Name every map file MAP-<n>.")
    store.apply("x/initial", Decision("new", None, s, "nothing related"), at=1)
    doc = render(store.statements("competitive-analysis"))
    assert doc.endswith("## Team corrections\n\n- Name every map file MAP-<n>.\n")
    assert [h.id for h in store.search(["file"], "competitive-analysis", 5)] == [s.id]  # found by its terms


def test_publication_versions(make_store):
    store = loaded(make_store)
    assert store.publication_version("competitive-analysis") == 0
    store.record_publication("competitive-analysis", 1, "a" * 64)
    store.record_publication("competitive-analysis", 2, "b" * 64)
    assert store.publication_version("competitive-analysis") == 2


def test_namespaces_are_separate(make_store):
    a, b = loaded(make_store, "a"), make_store("b")
    assert b.skills() == [] and a.skills()
    b.reset()
    assert a.skills() == ["competitive-analysis", "other"]
