"""python -m omseval.pack_schema {verify,build,lint} [DIR]"""

import argparse
import sys
from pathlib import Path

from omseval.errors import run_command
from omseval.paths import SHIPPED_PACK

COMMANDS = {
    "verify": "check checksums, schema, references and the regenerated 02 and 07",
    "build": "write 02, 07, the sha256 column of 05 and CHECKSUMS.sha256 from the other files",
    "lint": "check that every question's regex check is fair, with control answers",
}


def verify(args) -> None:
    from omseval.pack_schema.build import verify

    print(verify(args.dir))


def build(args) -> None:
    from omseval.pack_schema.build import build

    print(build(args.dir))


def lint(args) -> int:
    from collections import Counter

    from omseval.pack_schema.lint import CONTROLS, lint, load_controls
    from omseval.pack_schema.loader import load_pack

    pack = load_pack(args.dir)
    controls = args.controls or args.dir / CONTROLS
    linted = lint(pack, load_controls(controls, pack), controls.name)
    findings, tested = linted.findings, linted.tested
    failed = Counter(f.kind for f in findings)
    counts = ", ".join(f"{kind} {tested[kind] - failed[kind]}/{tested[kind]}" for kind in tested)
    n, absent = len(pack.questions), sum(q.expect == "absent" for q in pack.questions)
    strict = sum(bool(q.superseded_pattern) for q in pack.questions)
    summary = (
        f"{n} questions ({n - absent} presence, {absent} absence checks; {strict} with a superseded_pattern), "
        f"{len(pack.rules)} rules; as labelled: {counts}"
    )
    errors = [f for f in findings if not f.warning]
    by_kind = ", ".join(f"{kind} {k}" for kind, k in sorted(failed.items()))
    if findings:
        print("\n".join(map(str, findings)), file=sys.stderr)
    if errors:
        print(f"lint: {len(errors)} finding(s) ({by_kind}); {summary}\n{strict_table(linted.strict)}", file=sys.stderr)
        return 1
    warned = f" ({len(findings)} warning(s): {by_kind})" if findings else ""
    print(f"lint ok{warned}: {summary}\n{strict_table(linted.strict)}")
    return 0


def strict_table(counts) -> str:
    """The strict verdict as labelled, by control kind and length."""
    from omseval.pack_schema.lint import LENGTHS, STRICT_KINDS

    lines = ["strict verdict as labelled, by kind and length (short < 60 words <= medium < 200 <= long):"]
    for kind in STRICT_KINDS:
        cells = [
            f"{name} {counts[kind, name, True]}/{counts[kind, name, True] + counts[kind, name, False]}"
            for _, name in LENGTHS
        ]
        lines.append(f"  {kind:<10} " + ", ".join(cells))
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m omseval.pack_schema", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_ in COMMANDS.items():
        p = sub.add_parser(name, help=help_)
        p.add_argument("dir", nargs="?", default=str(SHIPPED_PACK), type=Path)
        if name == "lint":
            p.add_argument(
                "--controls",
                type=Path,
                help="CSV of control answers: question_id, kind, answer (kinds: positive, context, source, initial, "
                "no-guidance, commit_old, hedge); default: the pack's own controls.csv",
            )
    args = parser.parse_args(argv)
    return run_command({"verify": verify, "build": build, "lint": lint}[args.command], args)


if __name__ == "__main__":
    sys.exit(main())
