"""OMS's graph store: one interface, two backends (embedded SQLite, a Neo4j server).

Graph shape: (:Skill)-[:HAS]->(:Statement {status}); (:Correction)-[:ASSERTS|RESTATES]->(:Statement);
(:Statement)-[:SUPERSEDES {at, why, correction}]->(:Statement). Superseded statements are marked,
never deleted. Every build lives in its own namespace.

Retrieval is per document, the same in both: a backend only finds the text statements of one skill document
sharing a term with the query (a pre-filter over that document's statements alone); `rank` then scores them
with BM25 over that document and breaks ties by id, so both backends pick the same statements. Nothing of
another document takes part, so the documents of a build are independent: a correction never touches another
skill's document, and different documents can be processed concurrently with the same result.
"""

import hashlib
import math
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, ClassVar, get_type_hints

from omseval.builders.artifact import BUILDS
from omseval.text import terms


def namespace(workdir) -> str:
    """The build's path below the log folder's `builds/` plus a digest of its folder: unique per build and log
    folder, stable across restarts (`.partial` is ignored)."""
    parts = [p.removesuffix(".partial") for p in Path(workdir).resolve().parts]
    start = len(parts) - 1 - parts[::-1].index(BUILDS) if BUILDS in parts else len(parts) - 2
    digest = hashlib.sha256("/".join(parts).encode()).hexdigest()[:8]
    return "/".join(parts[start + 1 :]) + "@" + digest


@dataclass
class Statement:
    id: str
    skill: str
    text: str
    status: str = "current"  # current | superseded
    kind: str = "text"  # text | heading
    block: int = 0  # paragraph or bullet the statement belongs to (rendering)
    position: float = 0.0  # order in the document
    prefix: str = ""  # "- " for a bullet block
    section: str = ""  # heading of the section it sits in
    origin: str = "document"  # document | correction
    superseded_by: str | None = field(default=None, metadata={"derived": True})  # from the SUPERSEDES relation


# The stored fields of a statement, with their types: both backends build their schema from these.
STORED = {f.name: get_type_hints(Statement)[f.name] for f in fields(Statement) if not f.metadata.get("derived")}


def stored(s: Statement) -> dict:
    return {name: getattr(s, name) for name in STORED}


def index_terms(s: Statement) -> str | None:
    """What retrieval matches a statement by: the stems of its text and its section; None for a heading."""
    return " ".join(terms(f"{s.text} {s.section}")) if s.kind == "text" else None


@dataclass
class Candidate:
    """A statement found by the pre-filter: enough to rank it."""

    id: str
    skill: str
    terms: str


K1, B = 1.2, 0.75  # BM25's customary constants (Lucene's and SQLite FTS5's defaults)


def rank(words: list[str], found: list[Candidate], count: int, length: int) -> list[str]:
    """Ids of the `found` statements, best first.

    BM25 over the document's `count` text statements of `length` terms in all; `found` must hold every one
    of them that shares a term with `words`, so document frequencies are exact. Ties go to the smaller id.
    """
    if not found:
        return []
    split = {c.id: c.terms.split() for c in found}
    df = Counter(w for c in found for w in set(words).intersection(split[c.id]))
    idf = {w: math.log(1 + (count - df[w] + 0.5) / (df[w] + 0.5)) for w in words if df[w]}
    average = length / count

    def score(c: Candidate) -> float:
        terms = split[c.id]
        norm = K1 * (1 - B + B * len(terms) / average)
        return sum(idf[w] * tf * (K1 + 1) / (tf + norm) for w in idf if (tf := terms.count(w)))

    return [c.id for c in sorted(found, key=lambda c: (-score(c), c.id))]


@dataclass
class Decision:
    """What the compiler decided for one correction."""

    action: str  # new | restates | supersedes | stale | rejected
    target: str | None = None  # statement id
    statement: Statement | None = None  # the statement created (new, supersedes)
    why: str = ""
    extra: dict = field(default_factory=dict)


Namespaces = tuple[dict[str, tuple[int, int]], Callable[[str], None], Callable[[], None]]
"""A store's namespaces with their counts (statements, corrections), how to drop one, and how to close the store."""


class Store(ABC):
    """Operations OMS needs; `apply` and `fail` are atomic with marking the correction done. The class says what
    kind of store it is (`name`; `server`: a server reached over the network, or embedded in the build's folder)
    and checks its own settings. A store is constructed for one build: `Store(workdir, **settings)`."""

    name: ClassVar[str]
    server: ClassVar[bool] = False

    @abstractmethod
    def __init__(self, workdir: Path, **settings: Any) -> None:
        """Open the build's store: in `workdir` (embedded) or in its namespace on the server `settings` name."""

    @classmethod  # noqa: B027
    def validate_settings(cls, settings: dict) -> None:
        """Refuse malformed settings before any work (no connection is made); a store may have none to check."""

    @classmethod  # noqa: B027
    def reach(cls, settings: dict) -> None:
        """Refuse, before any work, a server that does not answer; an embedded store has none."""

    @classmethod
    @abstractmethod
    def namespaces(cls, settings: dict, log_dir: Path) -> Namespaces:
        """Every build's namespace in this kind of store (a server's, or the builds' files below `log_dir`)."""

    def search(self, query: list[str], skill: str, k: int, history: bool = True) -> list[Statement]:
        """The best `k` text statements of `skill`'s document for the query's words; superseded statements
        take part only with `history`."""
        words = sorted(set(terms(" ".join(query))))
        if not words:
            return []
        found = self.retrieve(words, skill, lambda count, length, found: rank(words, found, count, length))
        return [s for s in found if history or s.status == "current"][:k]

    @abstractmethod
    def retrieve(self, words: list[str], skill: str, choose) -> list[Statement]:
        """The statements `choose(count, length, found)` names, in its order: `count` text statements in
        `skill`'s document, `length` their terms in all, `found` every one of them sharing a term with `words`."""

    @abstractmethod
    def reset(self) -> None: ...
    @abstractmethod
    def load_skill(self, skill: str, title: str, statements: list[Statement]) -> None: ...
    @abstractmethod
    def skills(self) -> list[str]: ...
    @abstractmethod
    def record_correction(self, message_id: str, skill: str, text: str, position: int) -> None: ...
    @abstractmethod
    def done(self) -> set[str]: ...
    @abstractmethod
    def corrections(self) -> list[dict]: ...
    @abstractmethod
    def apply(self, message_id: str, decision: Decision, at: int) -> None: ...
    @abstractmethod
    def fail(self, message_id: str, reason: str) -> None: ...
    @abstractmethod
    def statements(self, skill: str) -> list[Statement]: ...
    @abstractmethod
    def record_publication(self, skill: str, version: int, sha256: str) -> None: ...
    @abstractmethod
    def publication_version(self, skill: str) -> int: ...
    @abstractmethod
    def close(self) -> None: ...
