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

from omseval.builders.build import build_guidance
from omseval.config import compose
from omseval.models import make_model
from omseval.pack_schema import Pack
from omseval.validation import Run, validate

CORPUS = "larger"


def repeated(pack: Pack, times: int) -> Pack:
    """The pack with its stream for CORPUS repeated `times` times."""
    stream = pack.sequence_of(CORPUS)
    longer = [
        dataclasses.replace(m, message_id=f"{m.message_id}#{r}", position=r * len(stream) + m.position)
        for r in range(times)
        for m in stream
    ]
    return dataclasses.replace(pack, sequence=[m for m in pack.sequence if m.corpus != CORPUS] + longer)


def validated(approach: str, log_dir: str) -> Run:
    """The run whose build is timed: the approach on CORPUS with the offline model, its cache off."""
    return validate(
        compose([f"approach={approach}", f"corpus={CORPUS}", "model=offline", "cache=false", f"log_dir={log_dir}"])
    )


def seconds(approach: str, pack: Pack) -> float:
    """Wall seconds of one whole build of `pack`'s stream in a fresh log folder (the validated run with its pack
    replaced: its identity still names the shipped pack, which is harmless in a folder no other build shares)."""
    with tempfile.TemporaryDirectory() as tmp:
        run = dataclasses.replace(validated(approach, tmp), pack=pack)
        model = make_model(run.cfg.model)
        start = time.perf_counter()
        asyncio.run(build_guidance(run, model))
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--approach", nargs="+", default=["verbatim", "file_edit"])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--times", type=int, nargs="+", default=[1, 2, 4], help="stream lengths, in shipped streams")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pack = validated(args.approach[0], tmp).pack  # the shipped pack, as a run loads it
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
