"""python -m omseval.pack {verify,build,lint} [DIR]"""

import argparse
import sys
from pathlib import Path

from omseval.errors import UserError
from omseval.paths import SHIPPED_PACK


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m omseval.pack", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_ in [
        ("verify", "check checksums, schema, references and the regenerated 02 and 07"),
        ("build", "write 02, 07, the sha256 column of 05 and CHECKSUMS.sha256 from the other files"),
        ("lint", "check that every question's regex check is fair, with control answers"),
    ]:
        p = sub.add_parser(name, help=help_)
        p.add_argument("dir", nargs="?", default=str(SHIPPED_PACK), type=Path)
        if name == "lint":
            p.add_argument("--controls", type=Path, default=Path("tests/pack_controls.csv"),
                           help="CSV of control answers: question_id, kind (positive|source|initial), answer")
    args = parser.parse_args(argv)
    try:
        if args.command == "verify":
            from omseval.pack.build import verify

            print(verify(args.dir))
        elif args.command == "build":
            from omseval.pack.build import build

            print(build(args.dir))
        else:
            from omseval.pack.lint import lint, load_controls
            from omseval.pack.loader import load_pack

            pack = load_pack(args.dir)
            findings = lint(pack, load_controls(args.controls, pack))
            print("\n".join(findings), file=sys.stderr) if findings else None
            n = len(pack.questions)
            if findings:
                print(f"lint: {len(findings)} finding(s) in {n} questions", file=sys.stderr)
                return 1
            absent = sum(q.expect == "absent" for q in pack.questions)
            print(f"lint ok: {n} questions ({n - absent} presence, {absent} absence checks), {len(pack.rules)} rules")
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        return e.exit_code
    return 0


if __name__ == "__main__":
    sys.exit(main())
