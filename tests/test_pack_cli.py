"""`python -m omseval.pack_schema {verify,build,lint}` as a user runs it: exit codes, one-line messages,
no tracebacks, and `build` reproducing the shipped derived files byte for byte."""

import hashlib
import re
import shutil
from pathlib import Path

import pytest

from omseval.pack_schema import FILES, load_pack
from omseval.pack_schema.__main__ import main
from omseval.pack_schema._csv import read_rows, write_rows
from omseval.pack_schema.build import write_checksums
from omseval.pack_schema.lint import CONTROL_KINDS, STRICT_KINDS, required_kinds
from tests.helpers import PACK, ROOT, run_main, run_module

DERIVED = [FILES["sequence"], FILES["schedule"], FILES["documents"], "CHECKSUMS.sha256"]


def pack_cmd(*args, cwd=ROOT):
    return run_main(main, *map(str, args), cwd=cwd)


def assert_user_error(result, *words):
    """Exit 2, one `error:` message naming what is wrong, no traceback, nothing on stdout."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stderr.startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    for word in words:
        assert word in result.stderr, result.stderr


def edit(pack: Path, name: str, change) -> None:
    rows = read_rows(pack / name, name, [])
    columns = [c for c in rows[0] if c != "#"]
    result = change(rows)
    write_rows(pack / name, columns, rows if result is None else result)


def snapshot(pack: Path) -> dict[str, bytes]:
    return {p.relative_to(pack).as_posix(): p.read_bytes() for p in sorted(pack.rglob("*")) if p.is_file()}


# ---------------------------------------------------------------------------------------------
# verify


def test_verify_shipped_pack():
    result = pack_cmd("verify", PACK)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("pack ok:")
    assert result.stdout.count("\n") == 1 and result.stdout.endswith(" rows\n")
    assert result.stderr == ""


def test_verify_defaults_to_the_shipped_pack(tmp_path):
    result = pack_cmd("verify", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("pack ok:")


def test_verify_summary_counts(pack_copy):
    result = pack_cmd("verify", pack_copy)
    counts = dict(item.split("=") for item in result.stdout.removeprefix("pack ok: ").removesuffix(" rows\n").split())
    assert list(counts) == ["01", "02", "03", "04", "05", "06", "07"]
    n_rules = len(read_rows(pack_copy / FILES["rules"], FILES["rules"], []))
    assert int(counts["01"]) == n_rules and int(counts["02"]) == 4 * n_rules and int(counts["03"]) == 2 * n_rules
    assert int(counts["06"]) == 5 and int(counts["07"]) == 3 * int(counts["04"])


def test_verify_changed_cell_without_rebuild(pack_copy):
    def change(rows):
        rows[0]["marker"] = rows[0]["marker"] + "x"

    edit(pack_copy, FILES["handoff"], change)
    assert_user_error(pack_cmd("verify", pack_copy), FILES["handoff"], "checksum")


def test_verify_changed_skill_document_without_rebuild(pack_copy):
    doc = next((pack_copy / "skills").glob("*.md"))
    doc.write_bytes(doc.read_bytes() + b"\nAn extra line.\n")
    assert_user_error(pack_cmd("verify", pack_copy), f"skills/{doc.name}", "sha256", "pack_schema build")


def test_verify_02_row_swapped(pack_copy):
    def swap(rows):
        rows[0], rows[1] = rows[1], rows[0]

    edit(pack_copy, FILES["sequence"], swap)
    write_checksums(pack_copy)  # checksums agree: only the order is wrong
    assert_user_error(pack_cmd("verify", pack_copy), FILES["sequence"], "row 1", "deterministic rule")


def test_verify_02_row_swapped_with_positions_kept(pack_copy):
    """Swapping the contents of rows 3 and 4 but keeping the position column is still caught."""

    def swap(rows):
        rows[2], rows[3] = rows[3], rows[2]
        rows[2]["position"], rows[3]["position"] = "3", "4"

    edit(pack_copy, FILES["sequence"], swap)
    write_checksums(pack_copy)
    assert_user_error(pack_cmd("verify", pack_copy), FILES["sequence"], "row 3")


def test_verify_07_flipped_decision(pack_copy):
    def flip(rows):
        rows[4]["p50"] = "false" if rows[4]["p50"] == "true" else "true"

    edit(pack_copy, FILES["schedule"], flip)
    write_checksums(pack_copy)
    assert_user_error(pack_cmd("verify", pack_copy), FILES["schedule"], "row 5", "column p50")


def test_verify_02_stale_flag_wrong(pack_copy):
    def flip(rows):
        row = next(r for r in rows if r["stale"] == "true")
        row["stale"] = "false"
        return rows

    edit(pack_copy, FILES["sequence"], flip)
    write_checksums(pack_copy)
    assert_user_error(pack_cmd("verify", pack_copy), FILES["sequence"], "column stale")


def test_verify_02_missing_rows(pack_copy):
    edit(pack_copy, FILES["sequence"], lambda rows: rows[:-4])
    write_checksums(pack_copy)
    assert_user_error(pack_cmd("verify", pack_copy), FILES["sequence"])


def test_verify_unlisted_file(pack_copy):
    (pack_copy / "skills" / "stray.md").write_text("not listed\n", encoding="utf-8")
    assert_user_error(pack_cmd("verify", pack_copy), "CHECKSUMS.sha256", "skills/stray.md")


def test_verify_missing_checksums(pack_copy):
    (pack_copy / "CHECKSUMS.sha256").unlink()
    assert_user_error(pack_cmd("verify", pack_copy), "CHECKSUMS.sha256")


def test_verify_missing_pack_folder(tmp_path):
    assert_user_error(pack_cmd("verify", tmp_path / "no-such-pack"))


def test_verify_missing_pack_folder_names_the_folder(tmp_path):
    result = pack_cmd("verify", tmp_path / "no-such-pack")
    assert "no-such-pack" in result.stderr and "build" not in result.stderr


def test_verify_missing_csv_not_listed(pack_copy):
    (pack_copy / FILES["templates"]).unlink()
    write_checksums(pack_copy)
    assert_user_error(pack_cmd("verify", pack_copy), FILES["templates"])


def test_verify_empty_07(pack_copy):
    """A pack may choose its handoff seeds, but 04's cases need a schedule."""
    edit(pack_copy, FILES["schedule"], lambda rows: [])
    write_checksums(pack_copy)
    assert_user_error(pack_cmd("verify", pack_copy), FILES["schedule"])


# ---------------------------------------------------------------------------------------------
# build


def test_build_regenerates_derived_files_byte_for_byte(pack_copy):
    before = snapshot(pack_copy)
    for name in (FILES["sequence"], FILES["schedule"], "CHECKSUMS.sha256"):
        (pack_copy / name).unlink()
    result = pack_cmd("build", pack_copy)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("pack ok:") and result.stdout.count("\n") == 1
    after = snapshot(pack_copy)
    assert list(after) == list(before)
    for name in DERIVED:
        assert after[name] == before[name], name
    assert after == before


def test_build_repairs_scrambled_derived_files(pack_copy):
    before = snapshot(pack_copy)
    edit(pack_copy, FILES["sequence"], lambda rows: rows[::-1])
    edit(pack_copy, FILES["schedule"], lambda rows: [r | {"p50": "true", "p0": "true"} for r in rows])
    edit(pack_copy, FILES["documents"], lambda rows: [r | {"sha256": "0" * 64} for r in rows])
    (pack_copy / "CHECKSUMS.sha256").write_text("garbage\n", encoding="utf-8")
    result = pack_cmd("build", pack_copy)
    assert result.returncode == 0, result.stderr
    assert snapshot(pack_copy) == before


def test_build_output_matches_the_shipped_files(pack_copy):
    """Against the live shipped pack too (not only the copy made at the start of the test)."""
    result = pack_cmd("build", pack_copy)
    assert result.returncode == 0, result.stderr
    for name in DERIVED:
        assert (pack_copy / name).read_bytes() == (PACK / name).read_bytes(), name


def test_build_after_editing_a_skill_document(pack_copy):
    rows = read_rows(pack_copy / FILES["documents"], FILES["documents"], [])
    doc = rows[1]
    file = pack_copy / doc["path"]
    file.write_bytes(file.read_bytes() + b"\n## Added section\n\nA new convention.\n")
    assert pack_cmd("verify", pack_copy).returncode == 2

    result = pack_cmd("build", pack_copy)
    assert result.returncode == 0, result.stderr
    after = read_rows(pack_copy / FILES["documents"], FILES["documents"], [])
    assert after[1]["sha256"] == hashlib.sha256(file.read_bytes()).hexdigest() != doc["sha256"]
    assert [r["sha256"] for i, r in enumerate(after) if i != 1] == [r["sha256"] for i, r in enumerate(rows) if i != 1]
    listing = (pack_copy / "CHECKSUMS.sha256").read_text(encoding="utf-8")
    assert f"{hashlib.sha256(file.read_bytes()).hexdigest()}  {doc['path']}\n" in listing

    verified = pack_cmd("verify", pack_copy)
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith("pack ok:")


def test_checksums_format(pack_copy):
    lines = (pack_copy / "CHECKSUMS.sha256").read_text(encoding="utf-8").splitlines()
    paths = [line.split("  ", 1)[1] for line in lines]
    assert paths == sorted(paths)
    assert set(FILES.values()) <= set(paths)
    for line in lines:
        digest, rel = line.split("  ", 1)
        assert digest == hashlib.sha256((pack_copy / rel).read_bytes()).hexdigest()


def test_build_keeps_custom_seeds(pack_copy):
    """build reads the seeds from the existing 02 and 07 and keeps them."""
    edit(pack_copy, FILES["schedule"], lambda rows: [r | {"seed": "5"} for r in rows if r["seed"] == "11"])
    result = pack_cmd("build", pack_copy)
    assert result.returncode == 0, result.stderr
    seeds = {r["seed"] for r in read_rows(pack_copy / FILES["schedule"], FILES["schedule"], [])}
    assert seeds == {"5"}


def test_build_invalid_pack_is_a_user_error(pack_copy):
    edit(pack_copy, FILES["rules"], lambda rows: [rows[0] | {"rule_id": "BAD"}, *rows[1:]])
    assert_user_error(pack_cmd("build", pack_copy), FILES["rules"], "row 1", "column rule_id")


def test_build_missing_pack_folder(tmp_path):
    assert_user_error(pack_cmd("build", tmp_path / "no-such-pack"))


@pytest.mark.parametrize("name", [FILES["sequence"], FILES["schedule"]])
def test_build_with_a_bad_seed_cell(pack_copy, name):
    edit(pack_copy, name, lambda rows: [rows[0] | {"seed": "eleven"}, *rows[1:]])
    assert_user_error(pack_cmd("build", pack_copy), name, "row 1", "column seed")


def test_build_with_empty_05(pack_copy):
    edit(pack_copy, FILES["documents"], lambda rows: [])
    result = pack_cmd("build", pack_copy)
    assert "Traceback" not in result.stderr and result.returncode == 2


# ---------------------------------------------------------------------------------------------
# lint


def test_lint_shipped_pack():
    result = pack_cmd("lint", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    first, *table = result.stdout.splitlines()
    assert first.startswith("lint ok") and table[0].startswith("strict verdict as labelled, by kind and length")
    assert "Traceback" not in result.stderr and "warning: " not in result.stdout
    labels = []  # counts per kind of control (the check's, the strict verdict's), all as labelled
    for kind in required_kinds(load_pack(PACK)):
        labels += [kind] if CONTROL_KINDS[kind] is not None else []
        labels += [f"{kind} (strict)"] if kind in STRICT_KINDS else []
    assert "positive (strict)" in labels
    for label in labels:
        n = re.search(rf"(?<![\w-]){re.escape(label)} (\d+)/(\d+)", result.stdout)
        assert n and n.group(1) == n.group(2) and int(n.group(2)) > 0, (label, result.stdout)


def lint_findings(pack_dir: Path, controls: Path | None = None):
    """The findings other than warnings, in process: the CLI's import of the scorer costs seconds per call."""
    from omseval.pack_schema.build import build
    from omseval.pack_schema.lint import CONTROLS, lint, load_controls

    build(pack_dir)
    pack = load_pack(pack_dir)
    controls = controls or pack_dir / CONTROLS
    return [f for f in lint(pack, load_controls(controls, pack), controls.name).findings if not f.warning]


def set_cell(pack_dir: Path, name: str, key: str, value: str, column: str, text: str) -> int:
    """Set one cell of the row whose `key` column is `value`; returns that row's number."""
    found = []

    def change(rows):
        for row in rows:
            if row[key] == value:
                row[column] = text
                found.append(row["#"])

    edit(pack_dir, name, change)
    return found[0]


def test_lint_finds_a_question_that_passes_with_its_own_text(pack_copy):
    """The presence pattern and the required pattern are tried together on the question."""
    rules = read_rows(pack_copy / FILES["rules"], FILES["rules"], [])
    question = rules[0]["situational_question"]
    qid = f"q-{rules[0]['rule_id'][2:]}-situational"
    row = set_cell(pack_copy, FILES["questions"], "question_id", qid, "pattern", re.escape(question.split()[0]))
    set_cell(pack_copy, FILES["questions"], "question_id", qid, "required_pattern", re.escape(question.split()[-1]))
    found = [str(f) for f in lint_findings(pack_copy)]
    assert (
        f"{FILES['questions']}, row {row}, column pattern: its own question text as the answer passes {qid}: "
        f"{question[:70]!r}" in found
    )


def test_lint_finds_a_failing_corrective_message(pack_copy):
    qid = read_rows(pack_copy / FILES["questions"], FILES["questions"], [])[5]["question_id"]
    row = set_cell(
        pack_copy, FILES["questions"], "question_id", qid, "corrective_message", "Please check the guidance."
    )
    found = [str(f) for f in lint_findings(pack_copy)]
    assert (
        f"{FILES['questions']}, row {row}, column corrective_message: the corrective message fails {qid}: "
        "'Please check the guidance.'" in found
    )


def test_lint_finds_a_later_change_that_fails_its_familiar_question(pack_copy):
    rule_id = read_rows(pack_copy / FILES["rules"], FILES["rules"], [])[2]["rule_id"]
    row = set_cell(pack_copy, FILES["rules"], "rule_id", rule_id, "later_change", "The rule changes; ask the team.")
    found = [str(f) for f in lint_findings(pack_copy)]
    assert (
        f"{FILES['rules']}, row {row}, column later_change: the later change as an answer fails "
        f"q-{rule_id[2:]}-familiar: 'The rule changes; ask the team.'" in found
    )


@pytest.mark.parametrize(
    "kind, answer, outcome",
    [
        ("context", "Nothing relevant here, unlike the old rule.", "fails"),
        ("no-guidance", "{final}", "passes"),
        ("positive", "Nothing relevant here.", "fails"),
    ],
)
def test_lint_finds_a_mislabelled_control(tmp_path, kind, answer, outcome):
    """A context control that fails and a no-guidance control that passes are findings on their own row."""
    from omseval.pack_schema.lint import lint, load_controls

    pack = load_pack(PACK)
    q = pack.questions[7]
    text = answer.format(final=q.corrective_message)
    shutil.copy(PACK / "controls.csv", tmp_path / "controls.csv")
    rows = read_rows(tmp_path / "controls.csv", "controls.csv", [])
    edit(tmp_path, "controls.csv", lambda rows: rows + [{"question_id": q.question_id, "kind": kind, "answer": text}])
    found = [
        str(f)
        for f in lint(pack, load_controls(tmp_path / "controls.csv", pack), "controls.csv").findings
        if not f.warning
    ]
    # each finding names its row and what the check matched or missed
    assert len(found) == 1 and re.fullmatch(
        rf"controls\.csv, row {len(rows) + 1}, column answer: the {kind} control {outcome} {q.question_id} "
        rf"\((?:matched `.+`|missed its pattern `.+`)\): {re.escape(repr(text[:70]))}",
        found[0],
    ), found


def test_lint_requires_a_no_guidance_control_for_every_question(tmp_path):
    from omseval.pack_schema.lint import lint, load_controls

    pack = load_pack(PACK)
    qid = pack.questions[3].question_id
    shutil.copy(PACK / "controls.csv", tmp_path / "controls.csv")
    edit(
        tmp_path,
        "controls.csv",
        lambda rows: [r for r in rows if not (r["question_id"] == qid and r["kind"] == "no-guidance")],
    )
    found = [
        str(f)
        for f in lint(pack, load_controls(tmp_path / "controls.csv", pack), "controls.csv").findings
        if not f.warning
    ]
    assert found == [f"{FILES['questions']}, row 4, column question_id: no no-guidance control answer in controls.csv"]


@pytest.mark.parametrize(
    "marker, message",
    [
        ("18-day advance", "is not one token"),
        ("fortnight", "is not in the correction"),
    ],
)
def test_lint_finds_a_marker_a_restatement_can_lose(pack_copy, marker, message):
    row = set_cell(pack_copy, FILES["handoff"], "case_id", "h-12", "marker", marker)
    found = [str(f) for f in lint_findings(pack_copy)]
    assert f"{FILES['handoff']}, row {row}, column marker: {marker!r} {message}" in found


def test_lint_finds_a_marker_in_another_rules_messages(pack_copy):
    cases = read_rows(pack_copy / FILES["handoff"], FILES["handoff"], [])
    other = cases[1]
    set_cell(pack_copy, FILES["handoff"], "case_id", cases[0]["case_id"], "marker", other["marker"])
    found = [str(f) for f in lint_findings(pack_copy)]
    assert (
        f"{FILES['handoff']}, row 1, column marker: {other['marker']!r} also appears in the correction of "
        f"{other['case_id']}" in found
    )


def test_a_pack_that_fails_lint_still_loads(pack_copy):
    """Lint is a quality gate: verify passes, lint exits 1 with one line per finding naming file, row and column."""
    qid = read_rows(pack_copy / FILES["questions"], FILES["questions"], [])[0]["question_id"]
    set_cell(pack_copy, FILES["questions"], "question_id", qid, "corrective_message", "Please check the guidance.")
    assert pack_cmd("build", pack_copy).returncode == 0
    assert pack_cmd("verify", pack_copy).returncode == 0
    result = pack_cmd("lint", pack_copy, cwd=ROOT)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if not line.startswith(("warning: ", "  "))]
    *findings, summary, table = lines
    assert table.startswith("strict verdict as labelled, by kind and length")
    assert findings == [
        f"{FILES['questions']}, row 1, column corrective_message: the corrective message fails "
        f"{qid}: 'Please check the guidance.'"
    ]
    assert summary.startswith("lint: 1 finding(s) (") and "corrective message 1" in summary


@pytest.mark.parametrize(
    "marker, text, found",
    [
        ("48", "names have a 48-character limit", True),
        ("48", "labels are 148 x 210 mm", False),
        ("48", "$1,048 in fees", False),
        ("75", "HEALTHCHECK --interval=75s", True),
        ("hashtag", "exactly six Hashtags per post", True),
        ("hashtag", "#hashtagging", False),
        ("@@", "host: @@DB_HOST@@", True),
        ("Net 50", "terms are net 50 from today", True),
        ("RCV", "RCV-2025-0042", True),
        ("RCV", "RCVD on Monday", False),
    ],
)
def test_marker_matching(marker, text, found):
    """Ignoring case and a plural ending; never inside a longer word or number."""
    from omseval.pack_schema.loader import marker_found

    assert marker_found(marker, text) is found


@pytest.mark.slow
@pytest.mark.parametrize("fault", ["a document linked outside", "a change before its initial"])
def test_a_run_refuses_what_verify_refuses_in_the_same_line(tmp_path, pack_copy, fault):
    if fault == "a document linked outside":
        doc = next((pack_copy / "skills").glob("*.md"))
        (tmp_path / "elsewhere.md").write_bytes(doc.read_bytes())
        doc.unlink()
        doc.symlink_to(tmp_path / "elsewhere.md")
    else:
        rows = read_rows(pack_copy / FILES["sequence"], FILES["sequence"], [])
        initial = next(r for r in rows if r["kind"] == "initial")
        change = next(r for r in rows if r["rule_id"] == initial["rule_id"] and r["kind"] == "change")
        initial["position"], change["position"] = change["position"], initial["position"]
        edit(pack_copy, FILES["sequence"], lambda _: rows)
        write_checksums(pack_copy)
    verified = pack_cmd("verify", pack_copy)
    assert_user_error(verified, "row", "column")
    ran = run_module("omseval", f"pack.path={pack_copy}", f"log_dir={tmp_path / 'logs'}", cwd=tmp_path)
    assert ran.returncode == 2 and ran.stdout == "" and "Traceback" not in ran.stderr
    assert ran.stderr.splitlines()[-1] == verified.stderr.strip()
    assert not (tmp_path / "logs").exists()
