"""Rates under both measures, the pack's check and the strict verdict, for every approach.

Runs `python -m omseval experiment=E corpus=C approach=A model=M` for each approach into its own log folder
(a finished run is reused) and prints the report's pass-rate table over those runs: per approach and question
type, the first-attempt and eventual rates of each measure and the share of first answers that pass the check
but not the strict verdict ("check only"). The offline model (the default) is not a language model: its rates
describe a lexical procedure.

    python bench/strict_rates.py [--experiment maintain|replay] [--corpus smaller|larger] [--model offline]
                                 [--log-dir DIR] [-- other overrides]
"""

import argparse
import subprocess
import sys

from omseval.config import compose, options
from omseval.errors import UserError
from omseval.report.render import text_table
from omseval.report.summary import report
from omseval.validation import validate


def approaches(overrides: list[str]) -> list[str]:
    """Every approach option (conf/approach and installed plug-ins) that this environment can run with these
    overrides; the others are named on stderr with the reason (a missing extra, a server)."""
    runnable = []
    for approach in options("approach"):
        try:
            validate(compose([f"approach={approach}", *overrides]))
        except UserError as e:
            print(f"skipped approach={approach}: {e}", file=sys.stderr)
            continue
        runnable.append(approach)
    return runnable


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--experiment", default="maintain")
    parser.add_argument("--corpus", default="smaller")
    parser.add_argument("--model", default="offline")
    parser.add_argument("--log-dir", help="default: logs/strict-rates/<experiment>-<corpus>-<model>")
    parser.add_argument("overrides", nargs="*")
    args = parser.parse_args()
    log_dir = args.log_dir or f"logs/strict-rates/{args.experiment}-{args.corpus}-{args.model}"
    chosen = [f"experiment={args.experiment}", f"corpus={args.corpus}", f"model={args.model}", *args.overrides]
    runnable = approaches([*chosen, f"log_dir={log_dir}"])
    if not runnable:
        print("error: no approach can run with these options", file=sys.stderr)
        return 2
    for approach in runnable:
        command = [
            sys.executable,
            "-m",
            "omseval",
            f"experiment={args.experiment}",
            f"corpus={args.corpus}",
            f"approach={approach}",
            f"model={args.model}",
            f"log_dir={log_dir}",
            *args.overrides,
        ]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode:
            print(done.stderr, file=sys.stderr)
            return done.returncode
    print(f"experiment {args.experiment}, corpus {args.corpus}, model {args.model}")
    print(text_table(report(log_dir).pass_rates()), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
