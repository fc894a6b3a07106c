"""python -m omseval.rescore --pack DIR ANSWERS.csv: verdicts for saved answers, as CSV on stdout.

ANSWERS.csv has columns question_id, answer (others ignored). Output: question_id, passed (the
pack's check) and strict_passed (the strict verdict: it passes the check and states no superseded value
as what to do), true/false, empty when a search timed out, in input order. Answers are read and checked a batch
at a time, so memory stays bounded; the output waits in a temporary file until every row has been
read, so a bad row leaves it empty.
"""

import argparse
import csv
import itertools
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
from omseval.scorers.check import batch_verdicts
from omseval.scorers.strict import strict_verdicts

BATCH = 2000  # answers per round trip to the workers: 500 and 2,000 measured alike, 10,000 overlaps less
PASSED = {True: "true", False: "false", None: ""}


def rescore(pack_dir: Path, answers: Path, out: TextIO | None = None) -> None:
    pack = load_pack(pack_dir)
    questions = {q.question_id: q for q in pack.questions}
    rows = stream_rows(answers, str(answers), ["question_id", "answer"])
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", newline="") as held, ThreadPoolExecutor(1) as checker:
        writer = csv.writer(held, lineterminator="\n")
        writer.writerow(["question_id", "passed", "strict_passed"])
        pending = None  # the batch the workers check while the next one is read
        while batch := list(itertools.islice(rows, BATCH)):
            for row in batch:
                if row["question_id"] not in questions:
                    raise PackError(
                        str(answers), f"unknown question id {row['question_id']!r}", row=row["#"], column="question_id"
                    )
            checks = [(questions[row["question_id"]], row["answer"]) for row in batch]
            pending, done = (checks, checker.submit(both, checks)), pending
            write(writer, done)
        write(writer, pending)
        held.seek(0)
        shutil.copyfileobj(held, out or sys.stdout)  # the stdout of the call, not of the import


def both(checks: list[tuple]) -> list[tuple[bool | None, bool | None]]:
    """The check's and the strict verdict of each (question, answer)."""
    passed = batch_verdicts(checks)
    return list(zip(passed, strict_verdicts(checks, passed), strict=True))


def write(writer, checked) -> None:
    """The rows of a batch sent to the workers, once its verdicts are back (nothing for None)."""
    if checked:
        checks, future = checked
        for (q, _), (passed, strict) in zip(checks, future.result(), strict=True):
            writer.writerow([q.question_id, PASSED[passed], PASSED[strict]])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m omseval.rescore", description=__doc__.splitlines()[0])
    parser.add_argument("--pack", type=Path, default=SHIPPED_PACK, help="pack folder (default: the shipped pack)")
    parser.add_argument("answers", type=Path, help="CSV with columns question_id, answer")
    args = parser.parse_args(argv)
    return run_command(rescore, args.pack, args.answers)


if __name__ == "__main__":
    sys.exit(main())
