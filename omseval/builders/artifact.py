"""A build's folder: the finished guidance of one build, saved where later runs reuse it.

<log_dir>/builds/<key>/
  skills/<skill>.md (larger) or shared.md (smaller)   the guidance as the answering model sees it
  processing.jsonl                                     one line per message: what the builder decided
  (the builder's own files: its journal, calls.jsonl of its model calls, its store)
  manifest.json                                        written last: what built it, and counts
A build in progress lives in <key>.partial/ and is resumed from there when rerun. Jobs sharing a log
folder take <key>.lock while they build: a second job needing the same build waits, then reuses it.
"""

import json
import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock

from omseval.pack_schema import SHARED_SKILL

BUILDS = "builds"  # a log folder's builds live in this folder of it
MANIFEST = "manifest.json"


@dataclass
class Guidance:
    """The published documents of a build: skill -> text (the smaller corpus's one shared file included)."""

    key: str
    path: Path
    documents: dict[str, str]
    manifest: dict

    def for_rule(self, rule) -> str:
        return self.documents.get(rule.skill, "")


def document_path(root: Path, name: str) -> Path:
    return root / (f"{SHARED_SKILL}.md" if name == SHARED_SKILL else f"skills/{name}.md")


def write_json_atomic(path: Path, data) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    os.replace(tmp, path)


def manifest(path: Path) -> dict | None:
    """The manifest of the finished build in `path`; None when there is none."""
    file = path / MANIFEST
    return json.loads(file.read_text(encoding="utf-8")) if file.is_file() else None


def load(path: Path) -> Guidance | None:
    """The finished guidance in `path`; None when there is none (no manifest)."""
    if (meta := manifest(path)) is None:
        return None
    docs = {name: document_path(path, name).read_text(encoding="utf-8") for name in meta["documents"]}
    return Guidance(key=path.name, path=path, documents=docs, manifest=meta)


def finish(partial: Path, final: Path, documents: dict[str, str], log: list[dict], meta: dict) -> Guidance:
    for name, text in documents.items():
        p = document_path(partial, name)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    with open(partial / "processing.jsonl", "w", encoding="utf-8") as f:
        f.writelines(json.dumps(e, ensure_ascii=False) + "\n" for e in log)
    complete(partial, final, meta | {"documents": sorted(documents)})
    guidance = load(final)
    assert guidance is not None  # complete() wrote its manifest
    return guidance


def folders(log_dir: str | Path, key: str) -> tuple[Path, Path]:
    """(final, partial): a build works in <key>.partial/, which becomes <key>/ once complete."""
    root = Path(log_dir) / BUILDS
    return root / key, root / f"{key}.partial"


def complete(partial: Path, final: Path, meta: dict) -> None:
    """Write the manifest last, then move the finished build to its final folder."""
    write_json_atomic(partial / MANIFEST, meta)
    os.replace(partial, final)


@contextmanager
def exclusive(final: Path):
    """Hold the build lock of the build `final` (a file lock: the system frees it if its holder dies)."""
    final.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(final.parent / f"{final.name}.lock"):
        yield
