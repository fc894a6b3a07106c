"""Append-only JSON-lines files that survive kill -9 at any point.

`append` writes one whole line and syncs it before returning. A writer killed mid-line leaves a torn last
line (no newline yet): `read` drops it, cutting the file back to its last whole line so appends go on cleanly.
"""

import json
import os
from collections.abc import Callable
from pathlib import Path


def read(path: Path) -> list[dict]:
    """The file's whole lines, parsed; a torn last line is dropped from the file too."""
    if not path.exists():
        return []
    data = path.read_bytes()
    whole = data.rfind(b"\n") + 1
    if whole < len(data):
        os.truncate(path, whole)
    return [json.loads(line) for line in data[:whole].splitlines()]


def append(path: Path, record: dict) -> None:
    line = (json.dumps(record, ensure_ascii=False, default=str) + "\n").encode()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        while line:
            line = line[os.write(fd, line) :]
        os.fsync(fd)
    finally:
        os.close(fd)


def rewrite(path: Path, records: list[dict]) -> None:
    """Replace the file's lines with `records`, atomically (a kill leaves the old file or the new one)."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.writelines(json.dumps(r, ensure_ascii=False, default=str) + "\n" for r in records)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def in_order(path: Path, position: dict[str, int], message_id: Callable[[dict], str]) -> None:
    """Keep only the lines of the messages in `position` (by `message_id(line)`), in their stream order."""
    if path.exists():
        lines = [line for line in read(path) if message_id(line) in position]
        rewrite(path, sorted(lines, key=lambda line: position[message_id(line)]))
