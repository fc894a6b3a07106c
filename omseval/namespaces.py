"""Housekeeping for OMS's graph store: list the namespaces (one per OMS build), drop finished ones.

    python -m omseval.namespaces list [store=neo4j store.uri=... | log_dir=...]
    python -m omseval.namespaces drop NAMESPACE [NAMESPACE ...] [the same settings]

The settings are a run's own (conf/store, `log_dir`): `store=neo4j` with `store.uri`, `store.user`,
`store.password` and `store.database` reads a Neo4j server; `store=sqlite` (the default) reads the builds'
SQLite files below `log_dir`. A finished build's documents stay in its guidance folder; dropping its
namespace frees the graph it was built in. Drop only namespaces of finished builds: a build resumed
after its namespace was dropped has lost its graph.
"""

import argparse
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

from hydra import compose, initialize_config_module
from hydra.errors import HydraException
from omegaconf.errors import OmegaConfBaseException

from omseval.config import register
from omseval.errors import UserError, run_command

SETTINGS = ("store", "log_dir")  # the only overrides that mean anything here


def settings(overrides: list[str]):
    """The run's config with `overrides` applied: its store and log folder."""
    for o in overrides:
        if o.split("=", 1)[0].split(".", 1)[0] not in SETTINGS:
            raise UserError(f"{o}: only store settings (store=..., store.uri=...) and log_dir apply here")
    register()
    try:
        with initialize_config_module("omseval.conf", version_base="1.3"):
            return compose("config", overrides)
    except (HydraException, OmegaConfBaseException) as e:
        raise UserError(str(e).splitlines()[0]) from None


# a store's namespaces with their counts (statements, corrections), how to drop one, and how to close the store
Namespaces = tuple[dict[str, tuple[int, int]], Callable[[str], None], Callable[[], None]]


def neo4j_namespaces(store) -> Namespaces:
    """The server's namespaces, and how to drop one."""
    from omseval.oms import neo4j_store
    from omseval.refusals import check_uri

    check_uri(store.uri)
    driver = neo4j_store.connect(store.uri, store.user, store.password, store.database)
    return (
        neo4j_store.namespaces(driver, store.database),
        lambda ns: neo4j_store.drop(driver, ns, store.database),
        driver.close,
    )


def sqlite_namespaces(log_dir: str) -> Namespaces:
    """The namespaces of the SQLite builds below the log folder, and how to drop one."""
    from omseval.oms import sqlite_store

    root = Path(log_dir)
    if not root.is_dir():
        raise UserError(f"log_dir={log_dir} is not a folder")
    try:
        found = sqlite_store.namespaces(root)
    except sqlite3.DatabaseError as e:
        raise UserError(f"a {sqlite_store.FILE} below {log_dir} is not an OMS store: {e}") from None
    return (
        {ns: (statements, corrections) for ns, (_, statements, corrections) in found.items()},
        lambda ns: sqlite_store.drop(found[ns][0]),
        lambda: None,
    )


def housekeep(command: str, names: list[str], overrides: list[str]) -> None:
    cfg = settings(overrides)
    if cfg.store.kind.value == "neo4j":
        found, drop, close = neo4j_namespaces(cfg.store)
    else:
        found, drop, close = sqlite_namespaces(cfg.log_dir)
    try:
        if command == "list":
            width = max((len(ns) for ns in found), default=9)
            print(
                "\n".join(
                    [
                        f"{'namespace':{width}}  statements  corrections",
                        *(f"{ns:{width}}  {s:10}  {c:11}" for ns, (s, c) in found.items()),
                    ]
                )
            )
            return
        if unknown := [ns for ns in names if ns not in found]:
            raise UserError(f"no namespace {unknown[0]!r} in this store (python -m omseval.namespaces list shows them)")
        for ns in names:
            drop(ns)
            print(f"dropped {ns}")
    finally:
        close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m omseval.namespaces",
        description=__doc__.splitlines()[0],
        epilog="settings: store=neo4j|sqlite, store.uri=..., store.user=..., "
        "store.password=..., store.database=..., log_dir=...",
    )
    parser.add_argument("command", choices=["list", "drop"])
    parser.add_argument("args", nargs="*", help="drop: the namespaces; then any settings as key=value")
    args = parser.parse_args(argv)
    overrides = [a for a in args.args if "=" in a]
    names = [a for a in args.args if "=" not in a]
    if args.command == "list" and names:
        parser.error(f"list takes no namespace, got {names[0]!r}")
    if args.command == "drop" and not names:
        parser.error("drop needs at least one namespace")
    return run_command(housekeep, args.command, names, overrides)


if __name__ == "__main__":
    sys.exit(main())
