"""python -m omseval.rescore --pack DIR ANSWERS.csv: verdicts for saved answers, as CSV on stdout.

ANSWERS.csv has columns question_id, answer (others ignored). Output: question_id, passed
(true/false; empty when the check timed out), in input order.
"""

import argparse
import csv
import sys
from pathlib import Path

from omseval.errors import PackError, run_command
from omseval.pack import load_pack
from omseval.pack._csv import read_rows
from omseval.paths import SHIPPED_PACK
from omseval.scorers.check import verdict


def rescore(pack_dir: Path, answers: Path, out=sys.stdout) -> None:
    pack = load_pack(pack_dir)
    questions = {q.question_id: q for q in pack.questions}
    rows = read_rows(answers, str(answers), ["question_id", "answer"])
    for row in rows:
        if row["question_id"] not in questions:
            raise PackError(str(answers), f"unknown question id {row['question_id']!r}", row=row["#"], column="question_id")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["question_id", "passed"])
    for row in rows:
        v = verdict(questions[row["question_id"]], row["answer"])
        writer.writerow([row["question_id"], "" if v is None else str(v).lower()])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m omseval.rescore", description=__doc__.splitlines()[0])
    parser.add_argument("--pack", type=Path, default=SHIPPED_PACK, help="pack folder (default: the shipped pack)")
    parser.add_argument("answers", type=Path, help="CSV with columns question_id, answer")
    args = parser.parse_args(argv)
    return run_command(rescore, args.pack, args.answers)


if __name__ == "__main__":
    sys.exit(main())
