"""python -m omseval.report LOG_DIR [--out DIR] [--baseline APPROACH] [--measure MEASURE]
python -m omseval.report --plan --questions N [--epochs E] [--seeds S] [--discordance D] [--icc R]"""

import argparse
import sys
from pathlib import Path

from omseval.errors import UserError, run_command
from omseval.report.rates import MEASURES

EXAMPLES = """\
examples (each runs offline: the default model is the offline heuristic, which needs no key):
  python -m omseval experiment=replay corpus=smaller approach=oms log_dir=logs
  python -m omseval experiment=replay corpus=smaller approach=verbatim log_dir=logs
  python -m omseval.report logs --out logs/report
  python -m omseval.report logs --baseline verbatim --measure strict_first_attempt
  python -m omseval.report --plan --questions 66 --seeds 3 --epochs 2
how to read the report: docs/report.md"""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m omseval.report",
        description="Report over a folder of omseval logs: pass rates with intervals, paired tests, handoff, judge, "
        "effort, guidance size and audit, tokens and cost.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("log_dir", nargs="?", help="a folder of .eval logs (searched recursively), or one log")
    p.add_argument("--out", type=Path, help="write report.md, CSV tables and PNG plots to this folder")
    p.add_argument("--baseline", help="approach the others are compared with (default: oms, when present)")
    p.add_argument("--measure", default="first_attempt", help=f"one of {', '.join(MEASURES)} (default first_attempt)")
    plan = p.add_argument_group("a planned study (--plan): its power, without running it")
    plan.add_argument("--plan", action="store_true", help="print the power of a planned study; reads no log")
    plan.add_argument("--questions", type=int, help="questions asked of each approach")
    plan.add_argument("--epochs", type=int, default=1, help="times each question is asked (default 1)")
    plan.add_argument("--seeds", type=int, default=1, help="correction-stream seeds (default 1)")
    plan.add_argument("--discordance", type=float, default=0.3, help="expected share of discordant pairs (0.3)")
    plan.add_argument(
        "--icc", type=float, default=1.0, help="correlation of a question's repeated pairs (1: repeats add nothing)"
    )
    return p


def check(args) -> None:
    """Every option is checked before any log is read."""
    if args.measure not in MEASURES:
        raise UserError(f"--measure: unknown measure {args.measure!r}; one of: {', '.join(MEASURES)}")
    if args.plan:
        if args.questions is None or args.questions < 1:
            raise UserError("--plan needs --questions, a positive integer")
        if args.epochs < 1 or args.seeds < 1:
            raise UserError("--epochs and --seeds must be positive integers")
        if not 0 < args.discordance <= 1 or not 0 <= args.icc <= 1:
            raise UserError("--discordance must be in (0, 1] and --icc in [0, 1]")
        return
    from omseval.config import options

    approaches = options("approach")
    if args.baseline is not None and args.baseline not in approaches:
        raise UserError(f"--baseline: unknown approach {args.baseline!r}; one of: {', '.join(approaches)}")
    if args.log_dir is None:
        raise UserError("give a log folder (or --plan)")
    if not Path(args.log_dir).exists():
        raise UserError(f"no such log folder or file: {args.log_dir}")
    if args.out is not None and args.out.exists() and not args.out.is_dir():
        raise UserError(f"--out: {args.out} is a file, not a folder")


def main(argv=None) -> int:
    args = parser().parse_args(argv)

    def command():
        check(args)
        if args.plan:
            from omseval.report.plan import plan

            print(plan(args.questions, args.epochs, args.seeds, args.discordance, args.icc))
            return
        from omseval.report.summary import report

        r = report(args.log_dir, args.baseline, args.measure)
        print(r.text())
        if args.out:
            written = r.write(args.out)
            print(f"\nwrote {len(written)} files to {args.out}")

    return run_command(command)


if __name__ == "__main__":
    sys.exit(main())
