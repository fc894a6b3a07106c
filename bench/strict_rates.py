"""Rates under both measures, the pack's check and the strict verdict, for every approach.

Runs `python -m omseval experiment=E corpus=C approach=A model=M` for each approach (a finished run is
reused) and prints, per approach and question type, the first-attempt and eventual rates of each measure
and the share of answers that pass the check but not the strict verdict. The offline model (the default)
is not a language model: its rates describe a lexical procedure.

    python bench/strict_rates.py [--experiment guidance|replay] [--corpus smaller|larger] [--model offline]
                                 [--log-dir DIR] [-- other overrides]
"""

import argparse
import math
import subprocess
import sys
from typing import cast

import pandas as pd
from inspect_ai.log import read_eval_log

APPROACHES = ["oms", "oms_no_retrieval", "file_edit", "file_edit_hinted", "verbatim", "none"]
GROUPS = ("familiar", "situational", "all")


def rows_of(log) -> list[dict]:
    """The rates of one run's log, from its header: per question type, each measure's first attempt and
    eventual, and the share (of questions with both verdicts) passing the check but not the strict verdict."""
    metrics = {k: m.value for s in log.results.scores for k, m in s.metrics.items()}
    samples = read_eval_log(log.location).samples or []
    rows = []
    for group in GROUPS:
        row: dict = {"approach": log.eval.metadata["config"]["approach"]["name"], "questions": group}
        for measure, prefix in (("check", ""), ("strict", "strict_")):
            for m in ("first_attempt", "eventual"):
                value, n = metrics.get(f"{prefix}{m}_{group}", math.nan), metrics.get(f"{prefix}{m}_n_{group}", 0)
                row[f"{measure} {m}"] = f"{value:.1%} ({int(n)})" if n else "-"
        values: list[dict] = [
            cast(dict, (s.scores or {})["compliance"].value)
            for s in samples
            if group == "all" or s.metadata["question_type"] == group
        ]
        both = [v for v in values if v["first_attempt"] is not None and v["strict_first_attempt"] is not None]
        gap = sum(v["first_attempt"] == 1 and v["strict_first_attempt"] == 0 for v in both)
        row["check, not strict (first)"] = f"{gap / len(both):.1%}" if both else "-"
        rows.append(row)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--experiment", default="guidance")
    parser.add_argument("--corpus", default="smaller")
    parser.add_argument("--model", default="offline")
    parser.add_argument("--log-dir", default="logs")
    parser.add_argument("overrides", nargs="*")
    args = parser.parse_args()
    rows = []
    for approach in APPROACHES:
        command = [
            sys.executable,
            "-m",
            "omseval",
            f"experiment={args.experiment}",
            f"corpus={args.corpus}",
            f"approach={approach}",
            f"model={args.model}",
            f"log_dir={args.log_dir}",
            *args.overrides,
        ]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode:
            print(done.stderr, file=sys.stderr)
            return done.returncode
        location = done.stdout.strip().splitlines()[-1].removeprefix("log: ")
        rows += rows_of(read_eval_log(location, header_only=True))
    table = pd.DataFrame(rows)
    print(f"experiment {args.experiment}, corpus {args.corpus}, model {args.model}")
    print(table.to_string(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
