"""Benchmark: what an approach did with the stream's stale restatements (a rule's older value, restated after
the rule changed), read from finished guidance builds' processing logs and documents (<log_dir>/builds/<key>/).

For OMS: the decision on each stale restatement (`stale` keeps the newer rule in force; `supersedes`
re-activates the older value). For Graphiti: whether the stale restatement's episode invalidated a current
fact, added a current fact, and whether a fact it added is still in the published guidance.

    python bench/bench_stale.py logs/builds/<oms build> logs/builds/<graphiti build> [--pack DIR]
"""

import argparse
import json
from collections import Counter
from pathlib import Path

from omseval.builders.artifact import load, manifest
from omseval.pack_schema import load_pack
from omseval.paths import SHIPPED_PACK


def stale_outcomes(folder: Path, stale: set[str]) -> Counter:
    guidance = load(folder)
    if guidance is None:
        raise SystemExit(f"{folder}: not a finished guidance build")
    published = "\n".join(guidance.documents.values())
    counts: Counter = Counter()
    for line in (folder / "processing.jsonl").read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry["message_id"] not in stale:
            continue
        counts["stale restatements"] += 1
        if "failure" in entry:
            counts["lost"] += 1
        elif "decision" in entry:  # OMS
            counts[f"decision {entry['decision']}"] += 1
        else:  # Graphiti
            counts["invalidated a current fact"] += bool(entry["invalidated"])
            counts["added a current fact"] += bool(entry["facts"])
            counts["an added fact still published"] += any(f"- {f}\n" in published for f in entry["facts"])
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("builds", nargs="+", type=Path)
    parser.add_argument("--pack", type=Path, default=SHIPPED_PACK)
    args = parser.parse_args()
    pack = load_pack(args.pack)
    for folder in args.builds:
        meta = manifest(folder)
        if meta is None:
            raise SystemExit(f"{folder}: not a finished guidance build")
        corpus, seed = meta["corpus"], meta["seed"]  # a build's identity names its corpus and approach
        stream = pack.sequence_of(corpus) if seed is None else None
        if stream is None:
            raise SystemExit(f"{folder}: only builds of the pack's own order (seed null) are read here")
        stale = {m.message_id for m in stream if m.stale}
        print(f"{folder.name} ({meta['approach']}, {corpus}):")
        for what, n in sorted(stale_outcomes(folder, stale).items()):
            print(f"  {what}: {n}")


if __name__ == "__main__":
    main()
