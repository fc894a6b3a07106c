"""Guidance artifacts: the finished guidance of one build, saved where later runs reuse it.

<log_dir>/guidance/<key>/
  skills/<skill>.md (larger) or shared.md (smaller)   the guidance as the answering model sees it
  processing.jsonl                                     one line per message: what the builder decided
  journal.jsonl (text-file builders)                   one line per message: its decision and document changes
  calls.jsonl (builders that use the model)            one line per model call
  manifest.json                                        written last: what built it, and counts
A build in progress lives in <key>.partial/ and is resumed from there when rerun. Jobs sharing a log
folder take <key>.lock while they build: a second job needing the same build waits, then reuses it.
"""

import ast
import functools
import hashlib
import importlib.metadata
import importlib.util
import json
import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock

from omseval.config import seed_label

SHARED = "shared"
VERSION = importlib.metadata.version("omseval")


@dataclass
class Guidance:
    """The published documents of a build: skill -> text (`shared` for the smaller corpus)."""

    key: str
    path: Path
    documents: dict[str, str]
    manifest: dict

    def for_rule(self, rule) -> str:
        return self.documents.get(rule.skill, "")  # the smaller corpus's rules name the shared file as their skill


def artifact_key(parts: dict) -> str:
    digest = hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:12]
    subset = f"-rules-{parts['rules']}" if parts.get("rules") is not None else ""
    return f"{parts['corpus']['name']}-{parts['approach']['name']}-seed-{seed_label(parts['seed'])}{subset}-{digest}"


@functools.cache  # the code does not change while a process runs
def code_digest(module: str) -> str:
    """Digest of a module's source and of every omseval module it imports, directly or not."""
    sources, todo = {}, [module]
    while todo:
        name = todo.pop()
        if name in sources or not name.startswith("omseval"):
            continue
        parent = importlib.util.find_spec(name.rpartition(".")[0]) if "." in name else None
        if "." in name and (parent is None or parent.submodule_search_locations is None):
            continue  # `from module import name`: the name is no module (and finding it would import the module)
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.origin:
            continue
        sources[name] = Path(spec.origin).read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(sources[name])):
            if isinstance(node, ast.Import):
                todo += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                todo += [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
    return hashlib.sha256(json.dumps(sources, sort_keys=True).encode()).hexdigest()[:16]


def document_path(root: Path, name: str) -> Path:
    return root / (f"{SHARED}.md" if name == SHARED else f"skills/{name}.md")


def write_json_atomic(path: Path, data) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    os.replace(tmp, path)


def load(path: Path) -> Guidance | None:
    """The finished guidance in `path`; None when there is none (no manifest)."""
    return read(path) if (path / "manifest.json").is_file() else None


def read(path: Path) -> Guidance:
    meta = json.loads((path / "manifest.json").read_text(encoding="utf-8"))
    docs = {name: document_path(path, name).read_text(encoding="utf-8") for name in meta["documents"]}
    return Guidance(key=path.name, path=path, documents=docs, manifest=meta)


def finish(partial: Path, final: Path, documents: dict[str, str], log: list[dict], manifest: dict) -> Guidance:
    for name, text in documents.items():
        p = document_path(partial, name)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    with open(partial / "processing.jsonl", "w", encoding="utf-8") as f:
        f.writelines(json.dumps(e, ensure_ascii=False) + "\n" for e in log)
    complete(partial, final, manifest | {"documents": sorted(documents)})
    return read(final)


def folders(root: Path, key: str) -> tuple[Path, Path]:
    """(final, partial): a build works in <key>.partial/, which becomes <key>/ once complete."""
    return root / key, root / f"{key}.partial"


def complete(partial: Path, final: Path, manifest: dict) -> None:
    """Write the manifest last, then move the finished build to its final folder."""
    write_json_atomic(partial / "manifest.json", manifest)
    os.replace(partial, final)


@contextmanager
def exclusive(final: Path):
    """Hold the build lock of the artifact `final` (a file lock: the system frees it if its holder dies)."""
    final.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(final.parent / f"{final.name}.lock"):
        yield
