"""The pack loader: CSV encoding rules (pack-schema.md, "Encoding rules") and every validation error.

Broken packs are made by editing a writable copy of the shipped pack (`pack_copy`) with the pack's
own CSV reader and writer, so only the cell under test changes. Row numbers are counted from the
first data row (1), as the schema requires; tests pick rows by content, never by hard-coded counts.
"""

import csv
import hashlib
import io
from pathlib import Path

import pytest

from omseval.errors import PackError
from omseval.pack_schema import FILES, load_pack
from omseval.pack_schema._csv import BOM, protect, read_rows, unprotect, write_rows
from omseval.pack_schema.build import build, verify, write_checksums
from omseval.pack_schema.loader import PLACEHOLDERS, fill

# ---------------------------------------------------------------------------------------------
# helpers


def header_of(path: Path) -> list[str]:
    text = path.read_bytes().decode("utf-8").removeprefix(BOM)
    return next(csv.reader(io.StringIO(text, newline="")))


def rows_of(pack: Path, key: str) -> list[dict]:
    return read_rows(pack / FILES[key], FILES[key], [])


def edit(pack: Path, key: str, change) -> None:
    """Read one CSV of `pack`, let `change(rows)` mutate the rows (or return new ones), write it back."""
    path = pack / FILES[key]
    columns = header_of(path)
    rows = rows_of(pack, key)
    result = change(rows)
    write_rows(path, columns, rows if result is None else result)


def set_cell(pack: Path, key: str, row: int, column: str, value: str) -> None:
    """Set `column` of data row `row` (1 = first data row)."""

    def change(rows):
        rows[row - 1][column] = value

    edit(pack, key, change)


def raw_records(path: Path) -> list[list[str]]:
    """The cells exactly as stored (no BOM, no unprotection)."""
    text = path.read_bytes().decode("utf-8").removeprefix(BOM)
    return list(csv.reader(io.StringIO(text, newline="")))


def write_raw(path: Path, records: list[list[str]], *, bom: bool = True, eol: str = "\r\n") -> None:
    buf = io.StringIO(newline="")
    csv.writer(buf, lineterminator=eol).writerows(records)
    path.write_bytes(((BOM if bom else "") + buf.getvalue()).encode("utf-8"))


def content(pack) -> dict:
    """Everything the loader produced, except where the pack lives and its checksum."""
    return {
        "rules": pack.rules,
        "sequence": pack.sequence,
        "questions": pack.questions,
        "handoff": pack.handoff,
        "documents": pack.documents,
        "templates": pack.templates,
        "schedule": pack.schedule,
    }


def pack_error(pack: Path) -> PackError:
    with pytest.raises(PackError) as info:
        load_pack(pack)
    return info.value


def assert_located(error: PackError, file: str, row: int, column: str, *words: str) -> None:
    """The error names the file, the row (1 = first data row) and the column, in its message too."""
    message = str(error)
    assert (error.file, error.row, error.column) == (file, row, column), message
    assert message.startswith(f"{file}, row {row}, column {column}: "), message
    for word in words:
        assert word in message, message


def first_row(rows: list[dict], **cells) -> int:
    """Row number (1-based) of the first row whose cells equal `cells`."""
    return next(r["#"] for r in rows if all(r[k] == v for k, v in cells.items()))


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    """One loaded snapshot of the shipped pack (copied first: others may be extending it)."""
    import shutil

    from tests.helpers import PACK

    dest = tmp_path_factory.mktemp("shipped") / "pack"
    shutil.copytree(PACK, dest)
    return dest, load_pack(dest)


# ---------------------------------------------------------------------------------------------
# encoding: byte-order mark


def test_shipped_csvs_start_with_bom(pack_copy):
    for name in FILES.values():
        assert (pack_copy / name).read_bytes().startswith(BOM.encode("utf-8")), name


def test_load_works_without_bom(pack_copy):
    original = content(load_pack(pack_copy))
    for name in FILES.values():
        path = pack_copy / name
        path.write_bytes(path.read_bytes().removeprefix(BOM.encode("utf-8")))
    assert content(load_pack(pack_copy)) == original


def test_first_header_cell_is_not_polluted_by_bom(pack_copy):
    rows = rows_of(pack_copy, "rules")
    assert "corpus" in rows[0] and "\ufeffcorpus" not in rows[0]


@pytest.mark.parametrize("key", list(FILES))
def test_verify_refuses_csv_without_bom(pack_copy, key):
    path = pack_copy / FILES[key]
    path.write_bytes(path.read_bytes().removeprefix(BOM.encode("utf-8")))
    write_checksums(pack_copy)  # the checksum is right: only the missing mark is wrong
    load_pack(pack_copy)  # the loader itself accepts it
    with pytest.raises(PackError) as info:
        verify(pack_copy)
    assert info.value.file == FILES[key]
    assert str(info.value).startswith(FILES[key]) and "byte-order mark" in str(info.value)


# ---------------------------------------------------------------------------------------------
# encoding: line ends


def test_shipped_csvs_use_crlf(pack_copy):
    data = (pack_copy / FILES["rules"]).read_bytes()
    assert data.count(b"\r\n") >= 2


@pytest.mark.parametrize("eol", ["\n", "\r\n"])
def test_lf_and_crlf_line_ends_load_the_same(pack_copy, eol):
    original = content(load_pack(pack_copy))
    for name in FILES.values():
        write_raw(pack_copy / name, raw_records(pack_copy / name), eol=eol)
    assert (b"\r\n" in (pack_copy / FILES["rules"]).read_bytes()) is (eol == "\r\n")
    assert content(load_pack(pack_copy)) == original


def test_mixed_line_ends_in_one_file(tmp_path):
    path = tmp_path / "x.csv"
    path.write_bytes((BOM + "a,b\r\n1,2\n3,4\r\n").encode())
    assert [(r["a"], r["b"]) for r in read_rows(path, "x.csv", ["a", "b"])] == [("1", "2"), ("3", "4")]


# ---------------------------------------------------------------------------------------------
# encoding: RFC 4180 quoting


def test_reader_rfc4180_quoted_cells(tmp_path):
    path = tmp_path / "q.csv"
    raw = BOM + 'id,text,other\r\n1,"a, b","say ""hi"""\r\n2,"line one\r\nline two\nline three",plain\r\n3,"",""""\r\n'
    path.write_bytes(raw.encode("utf-8"))
    rows = read_rows(path, "q.csv", ["id", "text", "other"])
    assert [r["text"] for r in rows] == ["a, b", "line one\r\nline two\nline three", ""]
    assert [r["other"] for r in rows] == ['say "hi"', "plain", '"']
    assert [r["#"] for r in rows] == [1, 2, 3]


def test_writer_quotes_and_round_trips(tmp_path):
    path = tmp_path / "w.csv"
    values = ["a, b", 'say "hi"', "line one\nline two", "cr\r\nlf", "lone\rcr", "", "plain", " spaced "]
    write_rows(path, ["id", "text"], [{"id": str(i), "text": v} for i, v in enumerate(values)])
    data = path.read_bytes()
    assert data.startswith(BOM.encode("utf-8"))
    assert b'"a, b"' in data and b'"say ""hi"""' in data and b'"line one\nline two"' in data
    assert [r["text"] for r in read_rows(path, "w.csv", ["text"])] == values


def test_row_numbers_count_records_not_lines(pack_copy):
    """A quoted cell with line breaks is still one row: the error below is reported on data row 2."""
    set_cell(pack_copy, "rules", 1, "source_excerpt", "first line\nsecond line\r\nthird line")
    set_cell(pack_copy, "rules", 2, "rule_id", "BAD ID")
    assert_located(pack_error(pack_copy), FILES["rules"], 2, "rule_id")


def test_multiline_cell_survives_load(pack_copy):
    text = 'first line\nsecond, with comma\r\n"quoted" third'
    set_cell(pack_copy, "rules", 1, "source_excerpt", text)
    assert load_pack(pack_copy).rules[0].source_excerpt == text


# ---------------------------------------------------------------------------------------------
# encoding: spreadsheet protection (apostrophes)


@pytest.mark.parametrize(
    "raw, value",
    [
        ("'=SUM(A1)", "=SUM(A1)"),
        ("'+1", "+1"),
        ("'-x", "-x"),
        ("'@home", "@home"),
        ("''=x", "'=x"),  # exactly one apostrophe removed
        ("'''-x", "''-x"),
        ("'hello", "'hello"),  # not followed by = + - @: untouched
        ("''hello", "''hello"),
        ("'", "'"),
        ("''", "''"),
        ("=x", "=x"),  # an unprotected formula-like cell is read as is
        ("a'=b", "a'=b"),
        (" '=x", " '=x"),
        ("", ""),
    ],
)
def test_unprotect(raw, value):
    assert unprotect(raw) == value


@pytest.mark.parametrize(
    "value, raw",
    [
        ("=SUM(A1)", "'=SUM(A1)"),
        ("+1", "'+1"),
        ("-x", "'-x"),
        ("@home", "'@home"),
        ("'=x", "''=x"),
        ("''@x", "'''@x"),
        ("'hello", "'hello"),
        ("'", "'"),
        ("plain", "plain"),
        ("a=b", "a=b"),
        (" =x", " =x"),
        ("", ""),
    ],
)
def test_protect(value, raw):
    assert protect(value) == raw


VALUES = [
    "=SUM(A1)",
    "+1",
    "-x",
    "@home",
    "'=x",
    "''=x",
    "'-",
    "'hello",
    "''hello",
    "'",
    "''",
    "plain",
    "a=b",
    "",
    "=",
    "-",
    "'@@[A-Za-z_]+@@",
    "\t=x",
    "=a\n=b",
]


def test_protection_round_trip_is_exact(tmp_path):
    path = tmp_path / "p.csv"
    write_rows(path, ["i", "v"], [{"i": str(i), "v": v} for i, v in enumerate(VALUES)])
    stored = [rec[1] for rec in raw_records(path)[1:]]
    assert stored == [protect(v) for v in VALUES]
    assert stored[VALUES.index("'=x")] == "''=x"
    assert stored[VALUES.index("'hello")] == "'hello"
    assert [r["v"] for r in read_rows(path, "p.csv", ["v"])] == VALUES


def test_protection_round_trip_through_a_pack(pack_copy):
    """Pack cells that look like formulas (or genuinely start with an apostrophe) load as written."""
    values = {
        "source_excerpt": "=HYPERLINK(x)",
        "restatement_1": "'=kept apostrophe",
        "restatement_2": "-dash first",
        "later_change": "'hello untouched",
    }
    for column, value in values.items():
        set_cell(pack_copy, "rules", 1, column, value)
    build(pack_copy)  # 02 carries the corrections' text: regenerate it
    stored = raw_records(pack_copy / FILES["rules"])
    header = stored[0]
    assert stored[1][header.index("source_excerpt")] == "'=HYPERLINK(x)"
    assert stored[1][header.index("restatement_1")] == "''=kept apostrophe"
    assert stored[1][header.index("later_change")] == "'hello untouched"
    pack = load_pack(pack_copy)
    rule = pack.rules[0]
    for column, value in values.items():
        assert getattr(rule, column) == value
    texts = {m.message_id: m.text for m in pack.sequence}
    assert texts[f"{rule.rule_id}/restatement-1"] == "'=kept apostrophe"
    assert texts[f"{rule.rule_id}/change"] == "'hello untouched"


# ---------------------------------------------------------------------------------------------
# encoding: booleans, extra columns, invalid UTF-8


def test_writer_spells_booleans_true_false(tmp_path):
    path = tmp_path / "b.csv"
    write_rows(path, ["a", "b", "c"], [{"a": True, "b": False, "c": None}])
    assert raw_records(path)[1] == ["true", "false", ""]


def test_booleans_load_as_bool(shipped):
    pack = shipped[1]
    stale = {m.stale for m in pack.sequence}
    assert stale <= {True, False} and all(isinstance(s, bool) for s in stale)
    for cases in pack.schedule.values():
        for rec in cases.values():
            assert all(type(v) is bool for v in rec.values())


@pytest.mark.parametrize("value", ["yes", "TRUE", "True", "1", "0", ""])
def test_non_boolean_in_07_is_an_error(pack_copy, value):
    set_cell(pack_copy, "schedule", 2, "p50", value)
    assert_located(pack_error(pack_copy), FILES["schedule"], 2, "p50", "true", "false")


def test_non_boolean_in_02_stale_is_an_error(pack_copy):
    set_cell(pack_copy, "sequence", 3, "stale", "no")
    assert_located(pack_error(pack_copy), FILES["sequence"], 3, "stale")


def test_unknown_extra_columns_are_ignored(pack_copy):
    original = content(load_pack(pack_copy))
    for name in FILES.values():
        records = raw_records(pack_copy / name)
        records = [["notes", *records[0], "zz_extra"]] + [
            [f"n{i}, {{x}}", *rec, "=extra"] for i, rec in enumerate(records[1:])
        ]
        write_raw(pack_copy / name, records)
    assert content(load_pack(pack_copy)) == original


def test_invalid_utf8_names_the_file_and_line(pack_copy):
    path = pack_copy / FILES["rules"]
    data = path.read_bytes()
    lines = data.split(b"\r\n")
    lines[2] = lines[2] + b"\xff\xfe"  # the second data row, third physical line
    path.write_bytes(b"\r\n".join(lines))
    error = pack_error(pack_copy)
    assert error.file == FILES["rules"]
    assert str(error).startswith(FILES["rules"]) and "UTF-8" in str(error) and "line 3" in str(error)


def test_invalid_utf8_in_a_skill_document(pack_copy):
    doc = rows_of(pack_copy, "documents")[0]
    file = pack_copy / doc["path"]
    file.write_bytes(file.read_bytes() + b"\n\xc3\x28 broken\n")
    set_cell(pack_copy, "documents", 1, "sha256", hashlib.sha256(file.read_bytes()).hexdigest())
    error = pack_error(pack_copy)
    assert error.file == doc["path"] and "UTF-8" in str(error)


def test_cell_count_mismatch_names_the_row(pack_copy):
    path = pack_copy / FILES["handoff"]
    records = raw_records(path)
    records[3] = records[3] + ["surplus"]
    write_raw(path, records)
    error = pack_error(pack_copy)
    assert (error.file, error.row) == (FILES["handoff"], 3)
    assert str(error).startswith(f"{FILES['handoff']}, row 3")


def test_malformed_quoting_names_the_row(pack_copy):
    path = pack_copy / FILES["handoff"]
    lines = path.read_bytes().split(b"\r\n")
    lines[3] = b'h-x,"broken"quote' + lines[3]  # third data row (no line breaks in 04 cells)
    path.write_bytes(b"\r\n".join(lines))
    error = pack_error(pack_copy)
    assert error.file == FILES["handoff"] and error.row == 3


# ---------------------------------------------------------------------------------------------
# validation errors: each names the file, the row (1 = first data row) and the column

REQUIRED = [
    ("rules", "later_change"),
    ("rules", "rule_id"),
    ("questions", "expect"),
    ("questions", "required_pattern"),
    ("sequence", "stale"),
    ("handoff", "marker"),
    ("documents", "sha256"),
    ("templates", "text"),
    ("schedule", "p50"),
]


@pytest.mark.parametrize("key, column", REQUIRED)
def test_missing_required_column(pack_copy, key, column):
    path = pack_copy / FILES[key]
    records = raw_records(path)
    i = records[0].index(column)
    write_raw(path, [rec[:i] + rec[i + 1 :] for rec in records])
    error = pack_error(pack_copy)
    # A missing column has no data row: the error names the file and the column.
    assert (error.file, error.column) == (FILES[key], column)
    assert str(error).startswith(f"{FILES[key]}, column {column}: missing required column")


@pytest.mark.parametrize(
    "key, column",
    [
        ("rules", "rule_id"),
        ("questions", "question_id"),
        ("handoff", "case_id"),
        ("documents", "skill"),
        ("sequence", "message_id"),
        ("templates", "template_id"),
    ],
)
def test_duplicate_id(pack_copy, key, column):
    rows = rows_of(pack_copy, key)
    set_cell(pack_copy, key, 3, column, rows[0][column])
    assert_located(pack_error(pack_copy), FILES[key], 3, column, "duplicate", repr(rows[0][column]))


def test_duplicate_schedule_case_for_one_seed(pack_copy):
    rows = rows_of(pack_copy, "schedule")
    second = next(r for r in rows if r["seed"] == rows[0]["seed"] and r["#"] > 1)
    set_cell(pack_copy, "schedule", second["#"], "case_id", rows[0]["case_id"])
    assert_located(pack_error(pack_copy), FILES["schedule"], second["#"], "case_id", "duplicate")


@pytest.mark.parametrize("bad", ["R-upper", "r_underscore", "rule-no-prefix", "r-", "r-sp ace", "r-ok/slash"])
def test_bad_rule_id_format(pack_copy, bad):
    set_cell(pack_copy, "rules", 2, "rule_id", bad)
    assert_located(pack_error(pack_copy), FILES["rules"], 2, "rule_id", repr(bad))


def test_bad_skill_id_format_in_05(pack_copy):
    set_cell(pack_copy, "documents", 2, "skill", "Bad_Skill")
    assert_located(pack_error(pack_copy), FILES["documents"], 2, "skill")


def test_unknown_skill(pack_copy):
    row = first_row(rows_of(pack_copy, "rules"), corpus="larger")
    set_cell(pack_copy, "rules", row, "skill", "no-such-skill")
    assert_located(pack_error(pack_copy), FILES["rules"], row, "skill", "'no-such-skill'", FILES["documents"])


def test_smaller_rule_with_skill_other_than_shared(pack_copy):
    skill = rows_of(pack_copy, "documents")[0]["skill"]
    row = first_row(rows_of(pack_copy, "rules"), corpus="smaller")
    set_cell(pack_copy, "rules", row, "skill", skill)
    assert_located(pack_error(pack_copy), FILES["rules"], row, "skill", "shared")


def test_bad_corpus(pack_copy):
    set_cell(pack_copy, "rules", 4, "corpus", "medium")
    assert_located(pack_error(pack_copy), FILES["rules"], 4, "corpus", "'medium'")


def test_empty_required_cell(pack_copy):
    set_cell(pack_copy, "rules", 2, "later_change", "   ")
    assert_located(pack_error(pack_copy), FILES["rules"], 2, "later_change", "empty")


def test_question_text_differing_from_01(pack_copy):
    rows = rows_of(pack_copy, "questions")
    set_cell(pack_copy, "questions", 2, "question", rows[1]["question"] + " (edited)")
    assert_located(pack_error(pack_copy), FILES["questions"], 2, "question", FILES["rules"], rows[1]["rule_id"])


def test_01_question_edited_without_03(pack_copy):
    """The same check seen from the other side: 01's situational question changed, 03 not."""
    rule = rows_of(pack_copy, "rules")[0]
    set_cell(pack_copy, "rules", 1, "situational_question", rule["situational_question"] + " Really?")
    row = first_row(rows_of(pack_copy, "questions"), rule_id=rule["rule_id"], question_type="situational")
    assert_located(pack_error(pack_copy), FILES["questions"], row, "question", "situational_question")


def test_dangling_rule_reference_in_03(pack_copy):
    set_cell(pack_copy, "questions", 4, "rule_id", "r-no-such-rule")
    assert_located(pack_error(pack_copy), FILES["questions"], 4, "rule_id", "'r-no-such-rule'", FILES["rules"])


def test_03_corpus_disagrees_with_01(pack_copy):
    row = rows_of(pack_copy, "questions")[0]
    other = "smaller" if row["corpus"] == "larger" else "larger"
    set_cell(pack_copy, "questions", 1, "corpus", other)
    assert_located(pack_error(pack_copy), FILES["questions"], 1, "corpus", row["rule_id"])


def test_rule_missing_its_situational_question(pack_copy):
    rule_id = rows_of(pack_copy, "rules")[-1]["rule_id"]
    edit(
        pack_copy,
        "questions",
        lambda rows: [r for r in rows if not (r["rule_id"] == rule_id and r["question_type"] == "situational")],
    )
    error = pack_error(pack_copy)
    # Nothing to point at: the row is missing. The error names the file, the rule and the question type.
    assert error.file == FILES["questions"]
    assert str(error).startswith(FILES["questions"])
    assert rule_id in str(error) and "situational" in str(error)


def test_rule_with_two_familiar_questions(pack_copy):
    rows = rows_of(pack_copy, "questions")
    sit = next(r for r in rows if r["question_type"] == "situational")
    set_cell(pack_copy, "questions", sit["#"], "question_type", "familiar")
    assert_located(pack_error(pack_copy), FILES["questions"], sit["#"], "question_type", sit["rule_id"])


@pytest.mark.parametrize(
    "column, bad",
    [
        ("pattern", "(unclosed"),
        ("pattern", "*x"),
        ("required_pattern", "[z-a]"),
        ("required_pattern", "(?P<n>a)(?P<n>b)"),
    ],
)
def test_invalid_regex(pack_copy, column, bad):
    set_cell(pack_copy, "questions", 3, column, bad)
    assert_located(pack_error(pack_copy), FILES["questions"], 3, column, "invalid regular expression")


def with_superseded_column(pack: Path, value: str = "", row: int = 1) -> None:
    """03 with a superseded_pattern column (added when absent): `value` in data row `row`, the rest empty."""
    path = pack / FILES["questions"]
    rows = rows_of(pack, "questions")
    for r in rows:
        r["superseded_pattern"] = value if r["#"] == row else ""
    write_rows(path, [c for c in header_of(path) if c != "superseded_pattern"] + ["superseded_pattern"], rows)


def test_superseded_pattern_column_is_optional(pack_copy):
    """A pack in the seed's schema (no superseded_pattern) loads; every question then has none."""
    path = pack_copy / FILES["questions"]
    write_rows(path, [c for c in header_of(path) if c != "superseded_pattern"], rows_of(pack_copy, "questions"))
    assert {q.superseded_pattern for q in load_pack(pack_copy).questions} == {""}


def test_superseded_pattern_is_loaded(pack_copy):
    with_superseded_column(pack_copy, r"(?i)\b(?:blue|orange)\b", row=2)
    questions = load_pack(pack_copy).questions
    assert questions[1].superseded_pattern == r"(?i)\b(?:blue|orange)\b"
    assert {q.superseded_pattern for i, q in enumerate(questions) if i != 1} == {""}


@pytest.mark.parametrize("bad", ["(unclosed", "[z-a]", "(?P<n>a)(?P<n>b)"])
def test_invalid_superseded_pattern(pack_copy, bad):
    with_superseded_column(pack_copy, bad, row=3)
    assert_located(pack_error(pack_copy), FILES["questions"], 3, "superseded_pattern", "invalid regular expression")


def test_empty_pattern_is_an_error_but_empty_required_pattern_is_not(pack_copy):
    set_cell(pack_copy, "questions", 1, "required_pattern", "")
    load_pack(pack_copy)
    set_cell(pack_copy, "questions", 1, "pattern", "")
    assert_located(pack_error(pack_copy), FILES["questions"], 1, "pattern", "empty")


@pytest.mark.parametrize("bad", ["maybe", "Present", "absent!", ""])
def test_bad_expect_value(pack_copy, bad):
    set_cell(pack_copy, "questions", 5, "expect", bad)
    assert_located(pack_error(pack_copy), FILES["questions"], 5, "expect", "present", "absent")


@pytest.mark.parametrize("agent", ["a", "b"])
def test_handoff_naming_a_question_of_another_rule(pack_copy, agent):
    case = rows_of(pack_copy, "handoff")[1]
    other = next(q for q in rows_of(pack_copy, "questions") if q["rule_id"] != case["rule_id"])
    set_cell(pack_copy, "handoff", 2, f"agent_{agent}_question_id", other["question_id"])
    assert_located(
        pack_error(pack_copy),
        FILES["handoff"],
        2,
        f"agent_{agent}_question_id",
        repr(other["question_id"]),
        case["rule_id"],
    )


def test_handoff_unknown_question(pack_copy):
    set_cell(pack_copy, "handoff", 1, "agent_a_question_id", "q-does-not-exist")
    assert_located(pack_error(pack_copy), FILES["handoff"], 1, "agent_a_question_id", "'q-does-not-exist'")


def test_handoff_rule_of_larger_corpus(pack_copy):
    larger = first_row(rows_of(pack_copy, "rules"), corpus="larger")
    rule_id = rows_of(pack_copy, "rules")[larger - 1]["rule_id"]
    set_cell(pack_copy, "handoff", 2, "rule_id", rule_id)
    assert_located(pack_error(pack_copy), FILES["handoff"], 2, "rule_id", "smaller")


def test_handoff_task_differing_from_03(pack_copy):
    case = rows_of(pack_copy, "handoff")[2]
    set_cell(pack_copy, "handoff", 3, "agent_b_task", case["agent_b_task"] + " now")
    assert_located(pack_error(pack_copy), FILES["handoff"], 3, "agent_b_task", FILES["questions"])


def test_handoff_agent_a_must_be_the_familiar_question(pack_copy):
    def swap(rows):
        r = rows[0]
        r["agent_a_question_id"], r["agent_b_question_id"] = r["agent_b_question_id"], r["agent_a_question_id"]
        r["agent_a_task"], r["agent_b_task"] = r["agent_b_task"], r["agent_a_task"]

    edit(pack_copy, "handoff", swap)
    assert_located(pack_error(pack_copy), FILES["handoff"], 1, "agent_a_question_id", "familiar")


def test_05_sha256_mismatch(pack_copy):
    set_cell(pack_copy, "documents", 3, "sha256", "0" * 64)
    path = rows_of(pack_copy, "documents")[2]["path"]
    assert_located(pack_error(pack_copy), FILES["documents"], 3, "sha256", path)


def test_05_sha256_mismatch_after_editing_a_document(pack_copy):
    doc = rows_of(pack_copy, "documents")[1]
    file = pack_copy / doc["path"]
    file.write_text(file.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    assert_located(pack_error(pack_copy), FILES["documents"], 2, "sha256", doc["path"])


def test_05_sha256_is_case_insensitive(pack_copy):
    doc = rows_of(pack_copy, "documents")[0]
    set_cell(pack_copy, "documents", 1, "sha256", doc["sha256"].upper())
    assert load_pack(pack_copy).documents[0].sha256 == doc["sha256"].lower()


@pytest.mark.parametrize(
    "path",
    [
        "skills/other-name.md",
        "docs/{skill}.md",
        "skills/{skill}.txt",
        "./skills/{skill}.md",
        "skills/../skills/{skill}.md",
    ],
)
def test_05_path_not_skills_skill_md(pack_copy, path):
    skill = rows_of(pack_copy, "documents")[1]["skill"]
    set_cell(pack_copy, "documents", 2, "path", path.format(skill=skill))
    assert_located(pack_error(pack_copy), FILES["documents"], 2, "path", f"skills/{skill}.md")


def test_05_document_file_missing(pack_copy):
    doc = rows_of(pack_copy, "documents")[3]
    (pack_copy / doc["path"]).unlink()
    assert_located(pack_error(pack_copy), FILES["documents"], 4, "path", "not found")


def _template_row(pack: Path, template_id: str) -> dict:
    return next(r for r in rows_of(pack, "templates") if r["template_id"] == template_id)


@pytest.mark.parametrize("template_id", list(PLACEHOLDERS))
def test_template_with_unknown_placeholder(pack_copy, template_id):
    row = _template_row(pack_copy, template_id)
    set_cell(pack_copy, "templates", row["#"], "text", row["text"] + "\n{answer}")
    assert_located(pack_error(pack_copy), FILES["templates"], row["#"], "text", "unknown placeholder {answer}")


@pytest.mark.parametrize("template_id, placeholder", [(t, p) for t, ps in PLACEHOLDERS.items() for p in sorted(ps)])
def test_template_with_missing_placeholder(pack_copy, template_id, placeholder):
    row = _template_row(pack_copy, template_id)
    assert "{" + placeholder + "}" in row["text"]
    set_cell(pack_copy, "templates", row["#"], "text", row["text"].replace("{" + placeholder + "}", "(gone)"))
    assert_located(
        pack_error(pack_copy), FILES["templates"], row["#"], "text", "missing placeholder {" + placeholder + "}"
    )


def test_unknown_template_id(pack_copy):
    set_cell(pack_copy, "templates", 2, "template_id", "greeting")
    assert_located(pack_error(pack_copy), FILES["templates"], 2, "template_id", "'greeting'")


@pytest.mark.parametrize("template_id", list(PLACEHOLDERS))
def test_missing_template(pack_copy, template_id):
    edit(pack_copy, "templates", lambda rows: [r for r in rows if r["template_id"] != template_id])
    error = pack_error(pack_copy)
    # No row to point at: the template's row is absent. The error names the file and the template.
    assert error.file == FILES["templates"]
    assert str(error).startswith(FILES["templates"]) and repr(template_id) in str(error)


def test_07_case_id_not_in_04(pack_copy):
    set_cell(pack_copy, "schedule", 3, "case_id", "h-999")
    assert_located(pack_error(pack_copy), FILES["schedule"], 3, "case_id", "'h-999'", FILES["handoff"])


def test_07_seed_not_an_integer(pack_copy):
    set_cell(pack_copy, "schedule", 2, "seed", "eleven")
    assert_located(pack_error(pack_copy), FILES["schedule"], 2, "seed", "integer")


def test_02_text_differing_from_01(pack_copy):
    row = rows_of(pack_copy, "sequence")[5]
    set_cell(pack_copy, "sequence", 6, "text", row["text"] + "!")
    assert_located(pack_error(pack_copy), FILES["sequence"], 6, "text", row["rule_id"], FILES["rules"])


def test_01_cell_edited_without_02(pack_copy):
    """Editing a correction in 01 without rebuilding: 02 no longer carries the same text."""
    rule = rows_of(pack_copy, "rules")[0]
    set_cell(pack_copy, "rules", 1, "later_change", rule["later_change"] + " (amended)")
    row = first_row(rows_of(pack_copy, "sequence"), message_id=f"{rule['rule_id']}/change")
    assert_located(pack_error(pack_copy), FILES["sequence"], row, "text")


def test_02_dangling_rule(pack_copy):
    def change(rows):
        rows[3]["message_id"] = "r-no-such-rule/initial"
        rows[3]["rule_id"] = "r-no-such-rule"

    edit(pack_copy, "sequence", change)
    assert_located(pack_error(pack_copy), FILES["sequence"], 4, "rule_id", FILES["rules"])


@pytest.mark.parametrize(
    "column, value",
    [("message_id", "r-x/final"), ("in_force", "not-a-message"), ("kind", "reminder"), ("position", "first")],
)
def test_02_values_outside_their_domain(pack_copy, column, value):
    set_cell(pack_copy, "sequence", 2, column, value)
    assert_located(pack_error(pack_copy), FILES["sequence"], 2, column)


def test_02_kind_disagrees_with_message_id(pack_copy):
    row = next(r for r in rows_of(pack_copy, "sequence") if r["kind"] == "restatement")
    set_cell(pack_copy, "sequence", row["#"], "kind", "change")
    assert_located(pack_error(pack_copy), FILES["sequence"], row["#"], "kind", row["message_id"])


def test_02_in_force_of_another_rule(pack_copy):
    rows = rows_of(pack_copy, "sequence")
    other = next(r for r in rows if r["rule_id"] != rows[0]["rule_id"])
    set_cell(pack_copy, "sequence", 1, "in_force", other["message_id"])
    assert_located(pack_error(pack_copy), FILES["sequence"], 1, "in_force", rows[0]["rule_id"])


def test_missing_csv_file(pack_copy):
    (pack_copy / FILES["templates"]).unlink()
    error = pack_error(pack_copy)
    assert error.file == FILES["templates"] and "not found" in str(error)


def test_missing_pack_folder(tmp_path):
    with pytest.raises(PackError) as info:
        load_pack(tmp_path / "nowhere")
    assert "nowhere" in str(info.value) and "not found" in str(info.value)


# ---------------------------------------------------------------------------------------------
# templates: plain substitution


def test_fill_is_plain_substitution():
    template = "<g>{guidance}</g><q>{question}</q>"
    out = fill(template, guidance="use {question} and {guidance} literally", question=r"why \1 \g<0> {x}?")
    assert out == r"<g>use {question} and {guidance} literally</g><q>why \1 \g<0> {x}?</q>"


def test_fill_leaves_non_placeholder_braces_alone():
    assert (
        fill('{"json": {question}} {{guidance}} {Question}', question="1", guidance="2") == '{"json": 1} {2} {Question}'
    )


def test_pack_render_substitutes_once(shipped):
    pack = shipped[1]
    guidance = "Rule: write {question} and {previous_answer} as-is; a dict: {'a': 1}"
    question = "What about {guidance}?"
    out = pack.render("question", guidance=guidance, question=question)
    assert guidance in out and question in out
    assert out == pack.templates["question"].replace("{guidance}", "\0").replace("{question}", question).replace(
        "\0", guidance
    )
    retry = pack.render(
        "retry", guidance="G{corrective_message}", question="Q", previous_answer="A {question}", corrective_message="C"
    )
    assert "G{corrective_message}" in retry and "A {question}" in retry


def test_shipped_templates_have_exactly_their_placeholders(shipped):
    import re

    for tid, text in shipped[1].templates.items():
        assert set(re.findall(r"\{([a-z_]+)\}", text)) == PLACEHOLDERS[tid]


# ---------------------------------------------------------------------------------------------
# a pack reads only its own files


def test_a_skill_document_linked_outside_the_pack_is_refused(pack_copy, tmp_path):
    outside = tmp_path / "outside.md"
    outside.write_text("# a file of the machine\n")
    doc = rows_of(pack_copy, "documents")[1]
    (pack_copy / doc["path"]).unlink()
    (pack_copy / doc["path"]).symlink_to(outside)
    assert_located(pack_error(pack_copy), FILES["documents"], 2, "path", "outside the pack folder")
    with pytest.raises(PackError, match="outside the pack folder"):
        verify(pack_copy)


def test_a_pack_file_linked_outside_the_pack_is_refused(pack_copy, tmp_path):
    name = FILES["questions"]
    (tmp_path / name).write_bytes((pack_copy / name).read_bytes())
    (pack_copy / name).unlink()
    (pack_copy / name).symlink_to(tmp_path / name)
    error = pack_error(pack_copy)
    assert error.file == name and "outside the pack folder" in str(error)


def test_a_link_that_stays_inside_the_pack_is_read(pack_copy):
    doc = rows_of(pack_copy, "documents")[1]
    kept = pack_copy / "kept.md"
    (pack_copy / doc["path"]).rename(kept)
    (pack_copy / doc["path"]).symlink_to(kept)
    assert load_pack(pack_copy).document(doc["skill"]).text == kept.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# every load checks the stream's structure the answer key rests on, as verify does


def test_a_change_before_its_initial_correction_is_refused_on_load(pack_copy):
    rows = rows_of(pack_copy, "sequence")
    initial = next(r for r in rows if r["kind"] == "initial")
    change = next(r for r in rows if r["rule_id"] == initial["rule_id"] and r["kind"] == "change")
    initial["position"], change["position"] = change["position"], initial["position"]
    edit(pack_copy, "sequence", lambda _: rows)
    write_checksums(pack_copy)
    assert_located(pack_error(pack_copy), FILES["sequence"], change["#"], "position", "before its initial")


def test_an_answer_key_the_order_contradicts_is_refused_on_load(pack_copy):
    restatement = next(r for r in rows_of(pack_copy, "sequence") if r["kind"] == "restatement")
    flipped = "false" if restatement["stale"] == "true" else "true"
    set_cell(pack_copy, "sequence", restatement["#"], "stale", flipped)
    write_checksums(pack_copy)
    assert_located(pack_error(pack_copy), FILES["sequence"], restatement["#"], "stale", "the stream's order gives")
