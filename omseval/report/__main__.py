"""python -m omseval.report LOG_DIR [--out DIR] [--baseline APPROACH] [--measure first_attempt|eventual]"""

import argparse
import sys
from pathlib import Path

from omseval.errors import run_command
from omseval.report.summary import report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m omseval.report", description="Report over a folder of omseval logs."
    )
    parser.add_argument("log_dir", help="a folder of .eval logs (searched recursively)")
    parser.add_argument("--out", type=Path, help="write report.md, CSV tables and PNG plots to this folder")
    parser.add_argument("--baseline", help="approach the others are compared with (default: oms, when present)")
    parser.add_argument("--measure", default="first_attempt", help="first_attempt (default) or eventual")
    args = parser.parse_args(argv)

    def command():
        r = report(args.log_dir, args.baseline, args.measure)
        print(r.text())
        if args.out:
            written = r.write(args.out)
            print(f"\nwrote {len(written)} files to {args.out}")

    return run_command(command)


if __name__ == "__main__":
    sys.exit(main())
