"""python -m omseval.rescore --pack DIR ANSWERS.csv [--explain]: verdicts for saved answers, as CSV on stdout.

ANSWERS.csv has columns question_id, answer (others ignored). Output: question_id, passed (the pack's check) and
strict_passed (the strict verdict: it passes the check and states no superseded value as what to do),
true/false, empty when a search timed out, in input order; with --explain, check_why and strict_why say what
decided each. Answers are read and checked a batch at a time, so memory stays bounded; the output waits in a
temporary file until every row has been read, so a bad row leaves it empty.
"""

import argparse
import csv
import itertools
import os
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TextIO

from omseval.errors import PackError, run_command
from omseval.pack_schema import load_pack
from omseval.pack_schema._csv import stream_rows
from omseval.paths import SHIPPED_PACK
from omseval.scorers import check
from omseval.scorers.check import verdicts

BATCH = 5000  # answers read and sent to the workers at a time: 5,000 ran faster than 1,000, 2,000 or 10,000
PASSED = {True: "true", False: "false", None: ""}


def rescore(pack_dir: Path, answers: Path, out: TextIO | None = None, explain: bool = False) -> None:
    check.start()
    pack = load_pack(pack_dir)
    questions = {q.question_id: q for q in pack.questions}
    rows = stream_rows(answers, str(answers), ["question_id", "answer"])
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", newline="") as held, ThreadPoolExecutor(2) as checker:
        writer = csv.writer(held, lineterminator="\n")
        writer.writerow(["question_id", "passed", "strict_passed", *(["check_why", "strict_why"] if explain else [])])
        pending = None  # the batch checked while the next one is read and readied, so the workers never wait
        while batch := list(itertools.islice(rows, BATCH)):
            for row in batch:
                if row["question_id"] not in questions:
                    raise PackError(
                        str(answers), f"unknown question id {row['question_id']!r}", row=row["#"], column="question_id"
                    )
            checks = [(questions[row["question_id"]], row["answer"]) for row in batch]
            pending, done = (checks, checker.submit(verdicts, checks, explain)), pending
            write(writer, done, explain)
        write(writer, pending, explain)
        held.seek(0)
        shutil.copyfileobj(held, out or sys.stdout)  # the stdout of the call, not of the import


def write(writer, checked, explain: bool) -> None:
    """The rows of a batch sent to the workers, once its verdicts are back (nothing for None)."""
    if checked:
        checks, future = checked
        for (q, _), v in zip(checks, future.result(), strict=True):
            writer.writerow(
                [q.question_id, PASSED[v.check], PASSED[v.strict], *([v.check_why, v.strict_why] if explain else [])]
            )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m omseval.rescore", description=__doc__.splitlines()[0])
    parser.add_argument("--pack", type=Path, default=SHIPPED_PACK, help="pack folder (default: the shipped pack)")
    parser.add_argument("answers", type=Path, help="CSV with columns question_id, answer")
    parser.add_argument("--explain", action="store_true", help="add what decided each verdict (check_why, strict_why)")
    args = parser.parse_args(argv)
    try:
        return run_command(rescore, args.pack, args.answers, None, args.explain)
    except BrokenPipeError:  # the reader stopped early (`| head`): what it read is what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error as Python flushes at exit
        return 0


if __name__ == "__main__":
    sys.exit(main())
