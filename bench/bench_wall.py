"""Benchmark: wall time with a simulated-latency model, parallel against one at a time.

The offline model (not a language model) with `model.latency` seconds per call waits without using the CPU,
as a served model's calls do, so the concurrency of a run is measured honestly on a small machine.

1. The OMS build of the larger corpus alone, parallel (the model's max_connections), with its model calls
   and the longest chain of calls within one document, which bounds the speed-up.
2. The same build one at a time (`model.max_connections=1`), measured on a quick subset (`--rules`, default
   10 rules; `--rules 0` measures the whole build, about calls x latency), parallel beside it.
3. The whole benchmark (`suite=benchmark`), parallel; its sequential time is estimated as calls x latency
   (one call at a time, each waiting `latency` seconds; the CPU time comes on top). Calls are the model
   calls made: the entries of a fresh model-call cache.

Goals on a 2-core machine at 1 s per call: the OMS larger build <= 90 s; the whole suite <= 15 minutes.

    python bench/bench_wall.py [--latency 1] [--rules 10] [--jobs 1] [--no-suite | --no-oms]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from omseval.pack_schema import load_pack
from omseval.paths import SHIPPED_PACK

ROOT = Path(__file__).resolve().parent.parent

BUILD = """
import asyncio, sys, time
from omseval.builders.build import build_guidance
from omseval.config import compose
from omseval.models import make_model
from omseval.validation import validate
run = validate(compose(sys.argv[1:]))
began = time.monotonic()
g = asyncio.run(build_guidance(run, make_model(run.cfg.model)))
print(time.monotonic() - began, g.path)
"""


def cached_calls(cache: Path) -> int:
    """Model calls made: the entries a fresh inspect model-call cache holds."""
    return sum(1 for p in cache.rglob("*") if p.is_file())


def build(tmp: Path, name: str, overrides: list[str]) -> tuple[float, Path]:
    """A guidance build in a fresh process, log folder and cache: (wall seconds, its folder under builds/)."""
    env = {**os.environ, "INSPECT_CACHE_DIR": str(tmp / f"{name}-cache")}
    args = [sys.executable, "-c", BUILD, f"log_dir={tmp / name}", *overrides]
    out = subprocess.run(args, env=env, capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    return float(out[-2]), Path(out[-1])


def chains(folder: Path) -> tuple[int, Counter]:
    """(model calls, calls per document that must follow one another): a document's reconcile calls and
    repairs in stream order, after the first extraction (the extractions run ahead)."""
    calls = [json.loads(line) for line in (folder / "calls.jsonl").read_text().splitlines()]
    skill = {m.message_id: m.skill for m in load_pack(SHIPPED_PACK).sequence}
    per_document = Counter(skill[c["message_id"]] for c in calls if c["phase"] != "extract")
    return len(calls), Counter({d: n + 1 for d, n in per_document.items()})


def oms(tmp: Path, latency: float, rules: int) -> None:
    common = ["approach=oms", "experiment=maintain", "corpus=larger", "cache=false", f"model.latency={latency}"]
    wall, folder = build(tmp, "oms-parallel", common)
    calls, per_document = chains(folder)
    document, longest = per_document.most_common(1)[0]
    print(f"OMS larger build, parallel: {calls} calls, wall {wall:.1f} s (goal <= 90 s at 1 s per call)")
    print(
        f"  longest per-document chain: {longest} calls ({document}) = {longest * latency:.0f} s at least; "
        f"calls x latency = {calls * latency:.0f} s one at a time"
    )
    subset = [f"rules={rules}"] if rules else []
    one, one_folder = build(tmp, "oms-one", [*common, *subset, "model.max_connections=1"])
    many, _ = build(tmp, "oms-many", [*common, *subset])
    n = chains(one_folder)[0]
    what = f"rules={rules} subset" if rules else "whole build"
    print(f"OMS larger {what}: {n} calls, one at a time {one:.1f} s, parallel {many:.1f} s, speed-up {one / many:.1f}x")
    if rules:
        print(f"  one at a time, whole build, estimated from the subset: {one / n * calls:.0f} s")


def suite(tmp: Path, latency: float, jobs: int) -> None:
    cache = tmp / "suite-cache"
    env = {**os.environ, "INSPECT_CACHE_DIR": str(cache)}
    args = ["suite=benchmark", f"log_dir={tmp / 'suite'}", f"model.latency={latency}", f"suite.jobs={jobs}"]
    began = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "omseval", *args], env=env, capture_output=True, text=True, cwd=ROOT)
    wall = time.monotonic() - began
    complete = [line for line in done.stdout.splitlines() if "runs complete" in line]
    calls = cached_calls(cache)
    print(f"suite=benchmark, parallel (suite.jobs={jobs}): {calls} calls, wall {wall:.0f} s (goal <= 900 s)")
    print(f"  {complete[-1] if complete else f'failed (exit {done.returncode})'}")
    print(
        f"  one at a time, estimated as calls x latency: {calls * latency:.0f} s; "
        f"speed-up {calls * latency / wall:.1f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=1.0, help="seconds per model call")
    parser.add_argument("--rules", type=int, default=10, help="the subset measured one at a time (0: all)")
    parser.add_argument("--jobs", type=int, default=1, help="the suite's runs at a time (suite.jobs)")
    parser.add_argument("--no-suite", action="store_true", help="only the OMS build")
    parser.add_argument("--no-oms", action="store_true", help="only the suite")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if not args.no_oms:
            oms(Path(tmp), args.latency, args.rules)
        if not args.no_suite:
            suite(Path(tmp), args.latency, args.jobs)


if __name__ == "__main__":
    main()
