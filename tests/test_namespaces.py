"""python -m omseval.namespaces: lists each store's namespaces with their counts, drops the ones asked for."""

import uuid

import pytest

from omseval.config import options
from omseval.namespaces import main
from omseval.oms.documents import to_statements
from omseval.oms.store import namespace
from tests.helpers.stores import DOC, neo4j_uri

STATEMENTS = len(to_statements("competitive-analysis", DOC))


def fill(store, corrections: int):
    store.load_skill("competitive-analysis", "Competitive analysis", to_statements("competitive-analysis", DOC))
    for n in range(corrections):
        store.record_correction(f"r/{n}", "competitive-analysis", "Use three dimensions.", n)
    store.close()


def listed(capsys, *settings) -> dict[str, tuple[int, int]]:
    assert main(["list", *settings]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert rows[0] == ["namespace", "statements", "corrections"]
    return {ns: (int(s), int(c)) for ns, s, c in rows[1:]}


def test_sqlite_builds_below_the_log_folder(tmp_path, capsys):
    from omseval.oms.sqlite_store import FILE, SQLiteStore

    folders = [tmp_path / "builds" / key for key in ("a1b2", "c3d4.partial")]
    for n, folder in enumerate(folders):
        folder.mkdir(parents=True)
        fill(SQLiteStore(folder), corrections=n + 1)
    a, c = (namespace(f) for f in folders)
    assert listed(capsys, f"log_dir={tmp_path}") == {a: (STATEMENTS, 1), c: (STATEMENTS, 2)}
    assert main(["drop", a, f"log_dir={tmp_path}"]) == 0
    assert capsys.readouterr().out == f"dropped {a}\n"
    assert not list(folders[0].iterdir()) and (folders[1] / FILE).exists()
    assert listed(capsys, f"log_dir={tmp_path}") == {c: (STATEMENTS, 2)}


@pytest.mark.parametrize(
    "args, message",
    [
        (["drop", "nowhere@00000000"], "error: no namespace 'nowhere@00000000' in this store"),
        (["list", "seed=3"], "error: seed=3: only store settings"),
        (["list", "store=mongo"], f"error: store=mongo is not an option; options: {', '.join(options('store'))}"),
        (["list", "store=neo4j", "store.uri=bolt//nohost"], "error: store.uri=bolt//nohost is not a Neo4j URI"),
    ],
)
def test_mistakes_are_one_line_and_exit_2(tmp_path, capsys, args, message):
    assert main([*args, f"log_dir={tmp_path}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1


def test_missing_log_folder(tmp_path, capsys):
    assert main(["list", f"log_dir={tmp_path / 'none'}"]) == 2
    assert capsys.readouterr().err == f"error: log_dir={tmp_path / 'none'} is not a folder\n"


def test_a_namespace_names_its_build_and_ignores_partial(tmp_path):
    from omseval.builders.artifact import folders

    key = "smaller-oms-seed-pack-order-0123456789ab"
    final, partial = folders(tmp_path, key)
    assert namespace(partial) == namespace(final)  # stable across the build's move to its final folder
    assert namespace(final) != namespace(folders(tmp_path / "other", key)[0])  # unique per log folder
    assert namespace(final).startswith(f"{key}@")  # readable: the build's path below builds/
    assert namespace(final / "seed11-p100").startswith(f"{key}/seed11-p100@")


@pytest.mark.neo4j
def test_neo4j_namespaces(tmp_path, capsys):
    from omseval.oms.neo4j_store import Neo4jStore

    uri = neo4j_uri()
    folders = [tmp_path / "builds" / f"test-housekeeping-{uuid.uuid4().hex[:8]}" for _ in range(2)]
    names = [namespace(folder) for folder in folders]
    try:
        for n, folder in enumerate(folders):
            fill(Neo4jStore(folder, uri), corrections=n)
        found = listed(capsys, "store=neo4j", f"store.uri={uri}")
        assert {name: found[name] for name in names} == {names[0]: (STATEMENTS, 0), names[1]: (STATEMENTS, 1)}
        assert main(["drop", names[0], "store=neo4j", f"store.uri={uri}"]) == 0
        capsys.readouterr()
        found = listed(capsys, "store=neo4j", f"store.uri={uri}")
        assert names[0] not in found and found[names[1]] == (STATEMENTS, 1)
    finally:
        for folder in folders:
            store = Neo4jStore(folder, uri)
            store.reset()
            store.close()
