"""Benchmark: how a text-file build's time grows with the length of the correction stream.

The larger corpus's stream is repeated (fresh message ids, positions continued) to 1, 2 and 4 times its
length, and each approach's whole build (processing, publishing, the finished artifact) is timed in a
fresh log folder with the offline model: the median of --repeats runs, after one short untimed build.
A linear build takes at most about twice as long per doubling. Each processed message is synced to disk
(fsync), so a disk busy with other work shows in the times.

    python bench/bench_build.py [--approach verbatim file_edit] [--repeats 3] [--times 1 2 4]
"""

import argparse
import asyncio
import dataclasses
import statistics
import tempfile
import time
from pathlib import Path

from hydra import compose, initialize_config_dir

from omseval.config import register
from omseval.guidance.build import build_guidance
from omseval.models import make_model
from omseval.pack_schema import load_pack
from omseval.paths import SHIPPED_PACK

ROOT = Path(__file__).resolve().parent.parent
CORPUS = "larger"


def repeated(pack, times: int):
    """The pack with its stream for CORPUS repeated `times` times."""
    stream = pack.sequence_of(CORPUS)
    longer = [
        dataclasses.replace(m, message_id=f"{m.message_id}#{r}", position=r * len(stream) + m.position)
        for r in range(times)
        for m in stream
    ]
    return dataclasses.replace(pack, sequence=[m for m in pack.sequence if m.corpus != CORPUS] + longer)


def seconds(approach: str, pack) -> float:
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        with tempfile.TemporaryDirectory() as tmp:
            cfg = compose(
                config_name="config",
                overrides=[
                    f"approach={approach}",
                    f"corpus={CORPUS}",
                    "model=offline",
                    "cache=false",
                    f"log_dir={tmp}",
                ],
            )
            model = make_model(cfg)
            start = time.perf_counter()
            asyncio.run(build_guidance(cfg, pack, model))
            return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--approach", nargs="+", default=["verbatim", "file_edit"])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--times", type=int, nargs="+", default=[1, 2, 4], help="stream lengths, in shipped streams")
    args = parser.parse_args()
    register()
    pack = load_pack(SHIPPED_PACK)
    for approach in args.approach:
        seconds(
            approach, dataclasses.replace(pack, sequence=pack.sequence_of(CORPUS)[:20])
        )  # one-time imports and set-up
        previous = None
        for times in args.times:
            p = repeated(pack, times)
            s = statistics.median(seconds(approach, p) for _ in range(args.repeats))
            ratio = f"  x{s / previous:.2f}" if previous else ""
            print(f"{approach:10} {len(p.sequence_of(CORPUS)):5} messages  {s:6.2f} s{ratio}", flush=True)
            previous = s


if __name__ == "__main__":
    main()
