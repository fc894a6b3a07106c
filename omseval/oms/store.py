"""OMS's graph store: one interface, two backends (embedded SQLite, a Neo4j server).

Graph shape: (:Skill)-[:HAS]->(:Statement {status}); (:Correction)-[:ASSERTS|RESTATES]->(:Statement);
(:Statement)-[:SUPERSEDES {at, why, correction}]->(:Statement). Superseded statements are marked,
never deleted. Every run lives in its own namespace.
"""

from dataclasses import dataclass, field


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
    superseded_by: str | None = None


@dataclass
class Decision:
    """What the compiler decided for one correction."""

    action: str  # new | restates | supersedes | stale | rejected
    target: str | None = None  # statement id
    statement: Statement | None = None  # the statement created (new, supersedes)
    why: str = ""
    extra: dict = field(default_factory=dict)


class Store:
    """Operations OMS needs; `apply` and `fail` are atomic with marking the correction done."""

    def reset(self) -> None: ...
    def load_skill(self, skill: str, title: str, statements: list[Statement]) -> None: ...
    def skills(self) -> list[str]: ...
    def record_correction(self, message_id: str, skill: str, text: str, position: int) -> None: ...
    def done(self) -> set[str]: ...
    def corrections(self) -> list[dict]: ...
    def search(self, query: list[str], skill: str, k: int, other_k: int) -> list[Statement]: ...
    def apply(self, message_id: str, decision: Decision, at: int) -> None: ...
    def fail(self, message_id: str, reason: str) -> None: ...
    def statements(self, skill: str) -> list[Statement]: ...
    def record_publication(self, skill: str, version: int, sha256: str) -> None: ...
    def publication_version(self, skill: str) -> int: ...
    def close(self) -> None: ...
