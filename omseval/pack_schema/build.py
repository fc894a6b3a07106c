"""`pack build` writes the derived files (02, 07, 05's checksums, CHECKSUMS.sha256); `pack verify` checks them."""

import hashlib
from dataclasses import asdict
from pathlib import Path

from omseval.errors import PackError
from omseval.pack_schema import loader
from omseval.pack_schema._csv import has_bom, read_rows, write_rows
from omseval.pack_schema.loader import FILES, SCHEDULE_COLUMNS, SEQUENCE_COLUMNS, load_pack
from omseval.pack_schema.ordering import PROBABILITIES, correction_sequence, recording_schedule

DEFAULT_SEEDS = {"larger": 11, "smaller": 7}
DEFAULT_HANDOFF_SEEDS: tuple[int, ...] = (11, 23, 41)


def sequence_rows(rules, seeds: dict[str, int]) -> list[dict]:
    rows = []
    for corpus in loader.CORPORA:
        of_corpus = [r for r in rules if r.corpus == corpus]
        if of_corpus:
            rows += [asdict(m) for m in correction_sequence(of_corpus, corpus, seeds[corpus])]
    return rows


def schedule_rows(case_ids: list[str], seeds) -> list[dict]:
    rows = []
    for seed in seeds:
        _, recorded = recording_schedule(case_ids, seed)
        rows += [{"seed": seed, "case_id": c} | {f"p{p}": recorded[c][p] for p in PROBABILITIES} for c in case_ids]
    return rows


def _seed(name: str, row: dict) -> int:
    try:
        return int(row["seed"])
    except ValueError:
        raise PackError(name, f"{row['seed']!r} is not an integer", row=row["#"], column="seed") from None


def _existing_seeds(root: Path) -> tuple[dict[str, int], tuple[int, ...]]:
    """The seeds a pack already uses (02 per corpus, 07), else the benchmark's."""
    seeds, handoff_seeds = dict(DEFAULT_SEEDS), DEFAULT_HANDOFF_SEEDS
    if (root / FILES["sequence"]).exists():
        for row in read_rows(root / FILES["sequence"], FILES["sequence"], ["corpus", "seed"]):
            seeds[row["corpus"]] = _seed(FILES["sequence"], row)
    if (root / FILES["schedule"]).exists():
        found = [_seed(FILES["schedule"], r) for r in read_rows(root / FILES["schedule"], FILES["schedule"], ["seed"])]
        handoff_seeds = tuple(dict.fromkeys(found)) or DEFAULT_HANDOFF_SEEDS
    return seeds, handoff_seeds


def listed_files(root: Path) -> list[str]:
    names = [p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()]
    return sorted(n for n in names if n != "CHECKSUMS.sha256" and not n.startswith("."))


def build(root: Path) -> str:
    root = loader.require_folder(root)
    seeds, handoff_seeds = _existing_seeds(root)
    docs_file = root / FILES["documents"]
    rows = read_rows(docs_file, FILES["documents"], ["skill", "path", "sha256"])
    columns = [c for c in rows[0] if c != "#"] if rows else loader.columns(loader.SkillDocument)
    for row in rows:
        file = root / row["path"]
        if not file.is_file():
            raise PackError(FILES["documents"], f"{row['path']} not found in the pack", row=row["#"], column="path")
        row["sha256"] = hashlib.sha256(file.read_bytes()).hexdigest()
    write_rows(docs_file, columns, rows)
    skills = {r["skill"] for r in rows}
    rules = loader._load_rules(root, skills)
    questions = loader._load_questions(root, rules)
    cases = loader._load_handoff(root, rules, questions)
    write_rows(root / FILES["sequence"], SEQUENCE_COLUMNS, sequence_rows(list(rules.values()), seeds))
    write_rows(root / FILES["schedule"], SCHEDULE_COLUMNS, schedule_rows([c.case_id for c in cases], handoff_seeds))
    write_checksums(root)
    return verify(root)


def write_checksums(root: Path) -> None:
    lines = [f"{hashlib.sha256((root / n).read_bytes()).hexdigest()}  {n}\n" for n in listed_files(root)]
    (root / "CHECKSUMS.sha256").write_text("".join(lines), encoding="utf-8")


def check_checksums(root: Path) -> None:
    name = "CHECKSUMS.sha256"
    if not (root / name).is_file():
        raise PackError(name, "file not found (run `python -m omseval.pack_schema build`)")
    listed = {}
    for n, line in enumerate((root / name).read_text(encoding="utf-8").splitlines(), start=1):
        digest, sep, rel = line.partition("  ")
        if not sep or len(digest) != 64:
            raise PackError(name, f"line {n} is not '<sha256>  <path>'")
        listed[rel] = digest
    changed = []
    for rel, digest in listed.items():
        file = root / rel
        if not file.is_file():
            raise PackError(name, f"lists {rel}, which is not in the pack")
        if hashlib.sha256(file.read_bytes()).hexdigest() != digest:
            changed.append(rel)
    if changed:
        raise PackError(
            name,
            f"the content of {len(changed)} file(s) no longer matches its checksum: {', '.join(changed)} "
            "(after an edit, run `python -m omseval.pack_schema build`)",
        )
    for rel in listed_files(root):
        if rel not in listed:
            raise PackError(name, f"does not list {rel}")


def verify(root: Path) -> str:
    """Check encoding, schema, references, checksums and the regenerated 02/07; return a summary."""
    root = loader.require_folder(root)
    for name in FILES.values():
        if not (root / name).is_file():
            raise PackError(name, "file not found")
        if not has_bom(loader.inside(root, name, name)):
            raise PackError(name, "does not start with a UTF-8 byte-order mark")
    pack = load_pack(root)  # first: it names the file, row and column of a mistake, and a file outside the pack
    check_checksums(root)
    seeds = {m.corpus: m.seed for m in pack.sequence}
    expected = sequence_rows(pack.rules, seeds | {c: DEFAULT_SEEDS[c] for c in loader.CORPORA if c not in seeds})
    _compare(FILES["sequence"], expected, [asdict(m) for m in pack.sequence])
    case_ids = [c.case_id for c in pack.handoff]
    expected = schedule_rows(case_ids, list(pack.schedule) or DEFAULT_HANDOFF_SEEDS)
    actual = [
        {"seed": s, "case_id": c} | {f"p{p}": v for p, v in rec.items()}
        for s, cases in pack.schedule.items()
        for c, rec in cases.items()
    ]
    _compare(FILES["schedule"], expected, actual)
    counts = {
        "01": len(pack.rules),
        "02": len(pack.sequence),
        "03": len(pack.questions),
        "04": len(pack.handoff),
        "05": len(pack.documents),
        "06": len(pack.templates),
        "07": len(actual),
    }
    return "pack ok: " + " ".join(f"{k}={v}" for k, v in counts.items()) + " rows"


def _compare(name: str, expected: list[dict], actual: list[dict]) -> None:
    for n, (e, a) in enumerate(zip(expected, actual, strict=False), start=1):  # lengths compared below
        for column, value in e.items():
            if a[column] != value:
                raise PackError(name, f"is {a[column]!r}, the deterministic rule gives {value!r}", row=n, column=column)
    if len(expected) != len(actual):
        raise PackError(name, f"has {len(actual)} rows, the deterministic rule gives {len(expected)}")
