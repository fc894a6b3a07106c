"""The pack's CSV encoding: UTF-8 with a byte-order mark, RFC 4180 quoting, spreadsheet protection."""

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from omseval.errors import PackError

BOM = "\ufeff"
Row = dict[str, Any]  # a data row: its cells by column name, and "#": its row number (1 = the first data row)
_PROTECTED = re.compile(r"^'+[=+\-@]")  # reader: drop exactly one leading apostrophe
_NEEDS_PROTECTION = re.compile(r"^'*[=+\-@]")  # writer: add one


def unprotect(cell: str) -> str:
    return cell[1:] if cell[:1] == "'" and _PROTECTED.match(cell) else cell


def protect(cell: str) -> str:
    return "'" + cell if _NEEDS_PROTECTION.match(cell) else cell


def read_text(path: Path, name: str) -> str:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise PackError(name, "file not found") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise PackError(name, f"not valid UTF-8 (byte {e.start}, line {line})") from None


def read_rows(path: Path, name: str, required: list[str]) -> list[Row]:
    """Rows as dicts (extra columns kept, ignored by callers); a missing column is an error."""
    text = read_text(path, name).removeprefix(BOM)
    records: list[list[str]] = []
    try:
        for record in csv.reader(io.StringIO(text, newline=""), strict=True):
            records.append(record)
    except csv.Error as e:
        raise PackError(name, f"malformed CSV: {e}", row=len(records) or None) from None
    if not records:
        raise PackError(name, "empty file (no header row)")
    header = _header(records[0], name, required)
    return [row for n, record in enumerate(records[1:], start=1) if (row := _row(header, record, name, n))]


def stream_rows(path: Path, name: str, required: list[str]) -> Iterator[Row]:
    """read_rows' rows one at a time, for files too big to hold; an error stops at its row."""
    n = 0
    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            reader = csv.reader(f, strict=True)
            first = next(reader, None)
            if first is None:
                raise PackError(name, "empty file (no header row)")
            header = _header(first, name, required)
            for n, record in enumerate(reader, start=1):
                if row := _row(header, record, name, n):
                    yield row
    except FileNotFoundError:
        raise PackError(name, "file not found") from None
    except UnicodeDecodeError:
        read_text(path, name)  # raises, naming the first bad byte and its line
    except csv.Error as e:
        raise PackError(name, f"malformed CSV: {e}", row=n + 1) from None


def _header(record: list[str], name: str, required: list[str]) -> list[str]:
    header = [h.strip() for h in record]
    for column in required:
        if column not in header:
            raise PackError(name, "missing required column", column=column)
    return header


def _row(header: list[str], record: list[str], name: str, n: int) -> Row | None:
    """Data row `n` as a dict, None when blank."""
    if not any(cell and not cell.isspace() for cell in record):  # (isspace stops at the first other character)
        return None
    if len(record) != len(header):
        raise PackError(name, f"has {len(record)} cells, header has {len(header)}", row=n)
    row: Row = {h: unprotect(cell) for h, cell in zip(header, record, strict=True)}
    row["#"] = n
    return row


def has_bom(path: Path) -> bool:
    return path.read_bytes().startswith(BOM.encode())


def write_rows(path: Path, columns: list[str], rows: list[dict]) -> None:
    buf = io.StringIO(newline="")
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([protect(_cell(row[c])) for c in columns])
    path.write_bytes((BOM + buf.getvalue()).encode("utf-8"))


def _cell(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)
