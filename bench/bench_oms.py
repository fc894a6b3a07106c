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
from collections.abc import Callable
from pathlib import Path
from typing import cast

from omseval.builders import artifact
from omseval.builders.build import correction_stream, make_builder
from omseval.config import compose
from omseval.models import make_model
from omseval.oms.neo4j_store import Neo4jStore
from omseval.oms.service import OMS
from omseval.oms.store import Store
from omseval.validation import Run, validate

PREFIX = "bench-oms-"  # every namespace the benchmark creates starts with it (a build folder's name)


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


def validated(store: str, uri: str | None, log_dir: str) -> Run:
    """The OMS run of the larger corpus with the offline heuristic on `store` (`uri`: the Neo4j server's), its
    model-call cache off."""
    overrides = ["approach=oms", "corpus=larger", "model=offline", f"store={store}", "cache=false"]
    return validate(compose([*overrides, f"log_dir={log_dir}", *([f"store.uri={uri}"] if uri else [])]))


async def timed_build(builder: OMS, messages: list, timed: Timed) -> tuple[float, float, float]:
    """Process the messages one at a time (each prepared, then processed), then publish: (processing seconds,
    store seconds while processing, publishing seconds)."""
    start = time.perf_counter()
    for m in messages:
        await builder.process(m, await builder.prepare(m))
    total, store_seconds = time.perf_counter() - start, timed.seconds
    publish_start = time.perf_counter()
    await builder.publish()
    return total, store_seconds, time.perf_counter() - publish_start


def run(store: str, uri: str | None, limit: int | None, keep: Callable[[Store], object] | None = None) -> dict:
    """One fresh build; `keep(store)` sees its finished graph before it is dropped."""
    with tempfile.TemporaryDirectory() as tmp:
        r = validated(store, uri, tmp)
        messages = correction_stream(r.pack, r.cfg.corpus.name, r.cfg.seed)[:limit]
        _, workdir = artifact.folders(tmp, f"{PREFIX}{store}-{time.time_ns()}")  # its namespace: the folder's name
        workdir.mkdir(parents=True)
        builder = cast(OMS, make_builder(r, workdir, make_model(r.cfg.model)))
        timed = Timed(builder.store)
        builder.store = cast(Store, timed)  # from here: the starting documents are already loaded
        try:
            total, store_seconds, publish = asyncio.run(timed_build(builder, messages, timed))
            if keep:
                keep(timed.store)
        finally:
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


def copy_namespaces(r: Run, graph: dict, messages: list, names: list[str]) -> list[str]:
    """Load a finished run's statements (`graph`: skill -> statements) and its corrections into a namespace for
    each of `names` (a build folder's name) on the server of `r`; the namespaces made."""
    titles = {d.skill: d.title for d in r.pack.documents}
    made = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            target = Neo4jStore(artifact.folders(tmp, name)[0], **r.store_settings)
            for skill, statements in graph.items():
                target.load_skill(skill, titles.get(skill, skill), statements)
            for m in messages:
                target.record_correction(m.message_id, m.skill, m.text, m.position)
            made.append(target.ns)
            target.close()
    return made


def drop(r: Run, *names: str) -> None:
    """Drop the namespaces, or with none named, every namespace the benchmark created (an interrupted run's too)."""
    found, drop_one, close = r.store.namespaces(r.store_settings, Path(r.cfg.log_dir))
    try:
        for name in names or [n for n in found if n.startswith(PREFIX)]:
            drop_one(name)
    finally:
        close()


def earlier(uri: str, levels: list[int], repeat: int, limit: int | None) -> None:
    graph: dict = {}
    names: list[str] = []  # the namespaces filled so far
    rows: list[tuple] = []
    with tempfile.TemporaryDirectory() as tmp:
        server = validated("neo4j", uri, tmp)  # the server's settings, and how to list and drop its namespaces
        messages = correction_stream(server.pack, server.cfg.corpus.name, server.cfg.seed)[:limit]
        run("neo4j", uri, limit, keep=lambda s: graph.update({k: s.statements(k) for k in s.skills()}))  # a warm-up
        try:
            for level in levels:  # in the order given: a level below the last drops namespaces
                while len(names) > level:
                    drop(server, names.pop())
                more = [f"{PREFIX}earlier-{n}" for n in range(len(names), level)]
                names += copy_namespaces(server, graph, messages, more)
                times = sorted(run("neo4j", uri, limit)["store_ms_per_message"] for _ in range(repeat))
                rows.append((level, statistics.median(times)))
                print(
                    f"{level:3} earlier runs  store {rows[-1][1]:6.2f} ms/msg  "
                    f"(runs: {', '.join(f'{t:.2f}' for t in times)};"
                    f" load average {os.getloadavg()[0]:.2f})",
                    flush=True,
                )
        finally:
            drop(server)
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
