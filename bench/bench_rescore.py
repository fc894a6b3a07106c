"""Benchmark: `rescore` verdicts per second on answers generated from a pack's questions.

The answers cycle through the questions; a seeded draw makes each one a corrective message (which
usually passes), the question itself (which usually fails) or, for a `--long` share of them, a long
answer (about 3 kB of other questions' text around the corrective message). Timed three ways, each run `--runs` times:
`rescore` in-process, `python -m omseval.rescore`, and, for comparison, plain `re.search` over the
same answers in this process (no CSV, no time limit). Prints the median of each and the load average.
Goal: both verdicts at 30,000 answers/s or more on the mixed set (the default) on 2 cores. With `--timeouts N`, also
times N searches that each overrun a 0.2 s limit (catastrophic backtracking), to show what a time-out costs beyond
its limit: each kills its worker, and the next job needs a fresh one.

    python bench/bench_rescore.py [--pack DIR] [--answers 50000] [--runs 3] [--long 0.2] [--timeouts 20]
"""

import argparse
import io
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from omseval.pack_schema import load_pack
from omseval.pack_schema._csv import write_rows
from omseval.paths import SHIPPED_PACK
from omseval.rescore import rescore
from omseval.scorers.check import searches


def answers(questions, n: int, long: float) -> list[dict]:
    draw = random.Random(0)
    rows = []
    for i in range(n):
        q = questions[i % len(questions)]
        kind = draw.choices(["passing", "failing", "long"], [(1 - long) / 2, (1 - long) / 2, long])[0]
        if kind == "passing":
            text = q.corrective_message
        elif kind == "failing":
            text = q.question
        else:
            filler = [o.question + " " + o.intended_rule for o in draw.sample(questions, 20)]
            text = "\n\n".join(filler[:10] + [q.corrective_message] + filler[10:])
        rows.append({"question_id": q.question_id, "answer": text})
    return rows


def unbounded(questions, rows) -> list[bool]:
    """The schema's verdicts with plain `re.search`: no worker, no time limit."""
    verdicts = []
    for row in rows:
        q, text = questions[row["question_id"]], row["answer"]
        main = (re.search(q.pattern, text, re.MULTILINE) is not None) == (q.expect == "present")
        required = not q.required_pattern or re.search(q.required_pattern, text, re.MULTILINE) is not None
        verdicts.append(main and required)
    return verdicts


def timeouts(n: int) -> None:
    """n searches that each overrun a 0.2 s limit, then one that does not: every one gets its verdict or None."""
    stuck = [(r"(a|aa)+$", "a" * (5000 + i) + "b") for i in range(n)]  # distinct texts: none answered from before
    found = searches(stuck + [("b", "ab")], timeout=0.2)
    assert found == [None] * n + [True]


def seconds(run) -> float:
    began = time.perf_counter()
    run()
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pack", type=Path, default=SHIPPED_PACK)
    parser.add_argument("--answers", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--long", type=float, default=0.2, help="share of long answers (default 0.2)")
    parser.add_argument("--timeouts", type=int, default=0, help="also time this many 0.2 s time-outs")
    args = parser.parse_args()
    pack = load_pack(args.pack)
    questions = {q.question_id: q for q in pack.questions}
    rows = answers(pack.questions, args.answers, args.long)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "answers.csv"
        write_rows(path, ["question_id", "answer"], rows)
        command = [sys.executable, "-m", "omseval.rescore", "--pack", str(args.pack), str(path)]
        ways = {
            "rescore in-process": lambda: rescore(args.pack, path, out=io.StringIO()),
            "python -m omseval.rescore": lambda: subprocess.run(command, check=True, stdout=subprocess.DEVNULL),
            "re.search in-process, unbounded": lambda: unbounded(questions, rows),
        }
        size = path.stat().st_size
        print(
            f"{len(rows)} answers, {args.long:.0%} long ({size / 1e6:.1f} MB), median of {args.runs} runs, "
            f"{os.cpu_count()} cores:"
        )
        for name, run in ways.items():
            median = statistics.median(seconds(run) for _ in range(args.runs))
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
            print(f"  {name}: {median:.2f} s, {len(rows) / median:,.0f} verdicts/s (load average {load})")
    if args.timeouts:
        searches([("a", "a b")] * (os.cpu_count() or 1))  # every worker started: what is timed is the time-outs
        took = seconds(lambda: timeouts(args.timeouts))
        print(f"  {args.timeouts} searches timing out at 0.2 s, then one more: {took:.2f} s on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
