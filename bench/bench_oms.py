"""Benchmark: OMS processing the larger correction stream with the offline heuristic.

Reports messages per second and store time per message (every store call, timed) for SQLite and,
when a server is reachable, Neo4j. Goals: <= 5 ms store time per message on SQLite, <= 25 ms on a
local Neo4j.

With --earlier, times Neo4j only: it fills the server with the namespaces of 0, 10, 40, ... earlier
runs (copies of one finished build's statements and corrections, under namespaces starting with
`bench-oms-`), times `--repeat` fresh runs at each level and prints their median store time per
message (goal: flat within 25%). It drops every namespace it created at the end.

    python bench/bench_oms.py [--neo4j bolt://127.0.0.1:7687] [--limit N]
    python bench/bench_oms.py --neo4j bolt://127.0.0.1:7687 --earlier 0,10,40 [--repeat 3] [--limit N]
"""

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import cast

from hydra import compose, initialize_config_dir

from omseval.config import register
from omseval.guidance.build import correction_stream, make_builder
from omseval.models import make_model
from omseval.oms.service import OMS
from omseval.oms.store import Store
from omseval.pack_schema import load_pack
from omseval.paths import SHIPPED_PACK

ROOT = Path(__file__).resolve().parent.parent
PREFIX = "bench-oms-"  # every namespace the benchmark creates


class Timed:
    """Wraps a store and adds up the wall time of every call."""

    def __init__(self, store):
        self.store, self.seconds = store, 0.0

    def __getattr__(self, name):
        method = getattr(self.store, name)

        def timed(*args, **kwargs):
            start = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - start

        return timed


def run(store: str, uri: str | None, limit: int | None, keep=None) -> dict:
    """One fresh build; `keep(store)` sees its finished graph before it is dropped."""
    register()
    overrides = ["approach=oms", f"store={store}", "cache=false"] + ([f"store.uri={uri}"] if uri else [])
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        cfg = compose(config_name="config", overrides=overrides)
    pack = load_pack(SHIPPED_PACK)
    messages = correction_stream(pack, "larger", None)[:limit]
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp) / f"{PREFIX}{store}-{time.time_ns()}.partial"
        workdir.mkdir()
        builder = cast(OMS, make_builder(cfg, pack, workdir, make_model(cfg)))
        timed = Timed(builder.store)
        builder.store = cast(Store, timed)  # from here: the starting documents are already loaded
        start = time.perf_counter()
        for m in messages:
            asyncio.run(builder.process(m))
        total, store_seconds = time.perf_counter() - start, timed.seconds
        publish_start = time.perf_counter()
        asyncio.run(builder.publish())
        publish = time.perf_counter() - publish_start
        if keep:
            keep(timed.store)
        builder.store.reset()
        builder.close()
    n = len(messages)
    return {
        "store": store,
        "messages": n,
        "messages_per_s": n / total,
        "store_ms_per_message": 1000 * store_seconds / n,
        "publish_s": publish,
    }


def copy_namespaces(uri: str, graph: dict, messages: list, names: list[str]) -> None:
    """Load a finished run's statements (`graph`: skill -> statements) and its corrections under each of `names`."""
    from omseval.oms.neo4j_store import Neo4jStore

    titles = {d.skill: d.title for d in load_pack(SHIPPED_PACK).documents}
    for name in names:
        target = Neo4jStore(uri, name)
        for skill, statements in graph.items():
            target.load_skill(skill, titles.get(skill, skill), statements)
        for m in messages:
            target.record_correction(m.message_id, m.skill, m.text, m.position)
        target.close()


def drop(uri: str, *names: str) -> None:
    """Drop the namespaces, or with none named, every namespace the benchmark created (an interrupted run's too)."""
    from omseval.oms import neo4j_store

    driver = neo4j_store.connect(uri, None, None, None)
    for name in names or [n for n in neo4j_store.namespaces(driver) if n.startswith(PREFIX)]:
        neo4j_store.drop(driver, name)
    driver.close()


def earlier(uri: str, levels: list[int], repeat: int, limit: int | None) -> None:
    graph: dict = {}
    names: list[str] = []
    rows: list[tuple] = []
    messages = correction_stream(load_pack(SHIPPED_PACK), "larger", None)[:limit]
    run("neo4j", uri, limit, keep=lambda s: graph.update({k: s.statements(k) for k in s.skills()}))  # and a warm-up
    try:
        for level in levels:  # in the order given: a level below the last drops namespaces
            while len(names) > level:
                drop(uri, names.pop())
            more = [f"{PREFIX}earlier-{n}" for n in range(len(names), level)]
            copy_namespaces(uri, graph, messages, more)
            names += more
            times = sorted(run("neo4j", uri, limit)["store_ms_per_message"] for _ in range(repeat))
            rows.append((level, statistics.median(times)))
            print(
                f"{level:3} earlier runs  store {rows[-1][1]:6.2f} ms/msg  "
                f"(runs: {', '.join(f'{t:.2f}' for t in times)};"
                f" load average {os.getloadavg()[0]:.2f})",
                flush=True,
            )
    finally:
        drop(uri)
    if len(rows) > 1:
        times = [t for _, t in rows]
        print(f"slowest / fastest level: {max(times) / min(times):.2f} (goal <= 1.25)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--neo4j", help="bolt URI of a Neo4j server (scripts/neo4j-server start)")
    parser.add_argument("--limit", type=int)
    parser.add_argument(
        "--earlier",
        help="numbers of earlier runs on the server, in order, e.g. 0,10,40 or "
        "0,10,40,10,0 to see drift (needs --neo4j)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="fresh runs timed at each level (default 3)")
    args = parser.parse_args()
    if args.earlier:
        if not args.neo4j:
            parser.error("--earlier needs --neo4j")
        earlier(args.neo4j, [int(n) for n in args.earlier.split(",")], args.repeat, args.limit)
        return
    rows = [run("sqlite", None, args.limit)] + ([run("neo4j", args.neo4j, args.limit)] if args.neo4j else [])
    for r in rows:
        print(
            f"{r['store']:7} {r['messages']} messages  {r['messages_per_s']:7.1f} msg/s  "
            f"store {r['store_ms_per_message']:6.2f} ms/msg  publish {r['publish_s']:.2f} s"
        )


if __name__ == "__main__":
    main()
