"""Benchmark: OMS processing the larger correction stream with the offline heuristic.

Reports messages per second and store time per message (every store call, timed) for SQLite and,
when a server is reachable, Neo4j. Goals: <= 5 ms store time per message on SQLite, <= 25 ms on a
local Neo4j.

    python bench/bench_oms.py [--neo4j bolt://127.0.0.1:7687] [--limit N]
"""

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from hydra import compose, initialize_config_dir

from omseval.config import register
from omseval.guidance.build import correction_stream, make_builder
from omseval.models import make_model
from omseval.pack import load_pack
from omseval.paths import SHIPPED_PACK

ROOT = Path(__file__).resolve().parent.parent


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


def run(store: str, uri: str | None, limit: int | None) -> dict:
    register()
    overrides = ["approach=oms", f"store={store}", "cache=false"] + ([f"store.uri={uri}"] if uri else [])
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        cfg = compose(config_name="config", overrides=overrides)
    pack = load_pack(SHIPPED_PACK)
    messages = correction_stream(pack, "larger", None)[:limit]
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp) / f"bench-{store}-{time.time_ns()}.partial"
        workdir.mkdir()
        builder = make_builder(cfg, pack, workdir, make_model(cfg))
        builder.store = Timed(builder.store)
        builder.store.seconds = 0.0  # loading the starting documents is not per-message work
        start = time.perf_counter()
        for m in messages:
            asyncio.run(builder.process(m))
        total, store_seconds = time.perf_counter() - start, builder.store.seconds
        publish_start = time.perf_counter()
        asyncio.run(builder.publish())
        publish = time.perf_counter() - publish_start
        builder.store.reset()
        builder.close()
    n = len(messages)
    return {"store": store, "messages": n, "messages_per_s": n / total,
            "store_ms_per_message": 1000 * store_seconds / n, "publish_s": publish}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--neo4j", help="bolt URI of a Neo4j server (scripts/neo4j-server start)")
    parser.add_argument("--limit", type=int)
    args = parser.parse_args()
    rows = [run("sqlite", None, args.limit)] + ([run("neo4j", args.neo4j, args.limit)] if args.neo4j else [])
    for r in rows:
        print(f"{r['store']:7} {r['messages']} messages  {r['messages_per_s']:7.1f} msg/s  "
              f"store {r['store_ms_per_message']:6.2f} ms/msg  publish {r['publish_s']:.2f} s")


if __name__ == "__main__":
    main()
