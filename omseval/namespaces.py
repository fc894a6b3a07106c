"""Housekeeping for OMS's graph store: list the namespaces (one per OMS build), drop finished ones.

    python -m omseval.namespaces list [store=neo4j store.uri=... | log_dir=...]
    python -m omseval.namespaces drop NAMESPACE [NAMESPACE ...] [the same settings]

The settings are a run's own (conf/store, `log_dir`): `store=neo4j` with `store.uri`, `store.user` and
`store.database` (the password from NEO4J_PASSWORD) reads a Neo4j server; `store=sqlite` (the default) reads the builds'
SQLite files below `log_dir`. A finished build's documents stay in its guidance folder; dropping its
namespace frees the graph it was built in. Drop only namespaces of finished builds: a build resumed
after its namespace was dropped has lost its graph.
"""

import argparse
import sys
from pathlib import Path

from omseval.config import compose
from omseval.errors import UserError, run_command
from omseval.validation import store_of

SETTINGS = ("store", "log_dir")  # the only overrides that mean anything here


def housekeep(command: str, names: list[str], overrides: list[str]) -> None:
    for o in overrides:
        if o.split("=", 1)[0].split(".", 1)[0] not in SETTINGS:
            raise UserError(f"{o}: only store settings (store=..., store.uri=...) and log_dir apply here")
    cfg = compose(overrides)
    store, settings = store_of(cfg)
    found, drop, close = store.namespaces(settings, Path(cfg.log_dir))
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
        epilog="settings: store=neo4j|sqlite, store.uri=..., store.user=..., store.database=..., log_dir=... "
        "(the password: the environment variable NEO4J_PASSWORD)",
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
