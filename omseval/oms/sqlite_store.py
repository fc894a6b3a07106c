"""The embedded store: one SQLite file per build (its namespace), FTS5 as retrieval's pre-filter."""

import sqlite3
from pathlib import Path

from omseval.errors import UserError
from omseval.oms.store import STORED, Candidate, Decision, Namespaces, Statement, Store, index_terms, namespace, stored

FILE = "oms.sqlite"

SQL_TYPES = {str: "TEXT", int: "INTEGER", float: "REAL"}
SCHEMA = f"""
CREATE TABLE IF NOT EXISTS skill (
  name TEXT PRIMARY KEY, title TEXT, version INTEGER DEFAULT 0, sha256 TEXT, texts INTEGER DEFAULT 0,
  length INTEGER DEFAULT 0);
CREATE TABLE IF NOT EXISTS statement ({", ".join(f"{c} {SQL_TYPES[t]}" for c, t in STORED.items())}, PRIMARY KEY (id));
CREATE VIRTUAL TABLE IF NOT EXISTS statement_terms USING fts5(id UNINDEXED, skill UNINDEXED, terms);
CREATE TABLE IF NOT EXISTS correction (
  message_id TEXT PRIMARY KEY, skill TEXT, text TEXT, position INTEGER, status TEXT, decision TEXT, target TEXT,
  why TEXT);
CREATE TABLE IF NOT EXISTS relation (
  kind TEXT, source TEXT, target TEXT, at INTEGER, why TEXT, correction TEXT);
CREATE INDEX IF NOT EXISTS relation_target ON relation(kind, target);
"""
INSERT = f"INSERT INTO statement({', '.join(STORED)}) VALUES ({', '.join(':' + c for c in STORED)})"


class SQLiteStore(Store):
    """One SQLite file in the build's own folder (conf/store/sqlite.yaml)."""

    name = "sqlite"

    def __init__(self, workdir: Path):
        self.db = sqlite3.connect(Path(workdir) / FILE, isolation_level=None)
        self.db.row_factory = sqlite3.Row
        self.db.executescript("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;" + SCHEMA)

    @classmethod
    def namespaces(cls, settings: dict, log_dir: Path) -> Namespaces:
        """The namespaces of the SQLite builds below the log folder, and how to drop one."""
        if not log_dir.is_dir():
            raise UserError(f"log_dir={log_dir} is not a folder")
        try:
            found = namespaces(log_dir)
        except sqlite3.DatabaseError as e:
            raise UserError(f"a {FILE} below {log_dir} is not an OMS store: {e}") from None
        return (
            {ns: (statements, corrections) for ns, (_, statements, corrections) in found.items()},
            lambda ns: drop(found[ns][0]),
            lambda: None,
        )

    def _tx(self):
        return _Transaction(self.db)

    def reset(self) -> None:
        with self._tx():
            for table in ("skill", "statement", "statement_terms", "correction", "relation"):
                self.db.execute(f"DELETE FROM {table}")

    def load_skill(self, skill: str, title: str, statements: list[Statement]) -> None:
        with self._tx():
            if self.db.execute("SELECT 1 FROM skill WHERE name=?", (skill,)).fetchone():
                return
            self.db.execute("INSERT INTO skill(name, title) VALUES (?, ?)", (skill, title))
            for s in statements:
                self._insert(s)

    def skills(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT name FROM skill ORDER BY name")]

    def _insert(self, s: Statement) -> None:
        self.db.execute(INSERT, stored(s))
        if (words := index_terms(s)) is not None:
            self.db.execute("INSERT INTO statement_terms(id, skill, terms) VALUES (?,?,?)", (s.id, s.skill, words))
            self.db.execute(
                "UPDATE skill SET texts = texts + 1, length = length + ? WHERE name = ?", (len(words.split()), s.skill)
            )

    def record_correction(self, message_id: str, skill: str, text: str, position: int) -> None:
        self.db.execute(
            "INSERT OR IGNORE INTO correction(message_id, skill, text, position, status) VALUES (?,?,?,?, 'received')",
            (message_id, skill, text, position),
        )

    def done(self) -> set[str]:
        return {r[0] for r in self.db.execute("SELECT message_id FROM correction WHERE status != 'received'")}

    def corrections(self) -> list[dict]:
        rows = self.db.execute(
            "SELECT message_id, position, status, decision, target, why FROM correction ORDER BY position, message_id"
        )
        return [dict(r) for r in rows]

    def retrieve(self, words: list[str], skill: str, choose) -> list[Statement]:
        count, length = self.db.execute(
            "SELECT total(texts), total(length) FROM skill WHERE name=?", (skill,)
        ).fetchone()
        if not count:
            return []
        found = self.db.execute(
            "SELECT id, skill, terms FROM statement_terms WHERE statement_terms MATCH ? AND skill = ?",
            (" OR ".join(f'"{w}"' for w in words), skill),
        )
        ids = choose(int(count), int(length), [Candidate(*r) for r in found])
        rows = self.db.execute(f"SELECT * FROM statement WHERE id IN ({', '.join('?' * len(ids))})", ids)
        by_id = {r["id"]: self._statement(r) for r in rows}
        return [by_id[i] for i in ids]

    def _statement(self, row) -> Statement:
        s = Statement(**{c: row[c] for c in STORED})
        succ = self.db.execute("SELECT source FROM relation WHERE kind='SUPERSEDES' AND target=?", (s.id,)).fetchone()
        s.superseded_by = succ[0] if succ else None
        return s

    def apply(self, message_id: str, d: Decision, at: int) -> None:
        with self._tx():
            if d.statement is not None:  # new or supersedes
                self._insert(d.statement)
                self.db.execute(
                    "INSERT INTO relation VALUES ('ASSERTS', ?, ?, ?, ?, ?)",
                    (message_id, d.statement.id, at, d.why, message_id),
                )
                if d.action == "supersedes":
                    self.db.execute("UPDATE statement SET status='superseded' WHERE id=?", (d.target,))
                    self.db.execute(
                        "INSERT INTO relation VALUES ('SUPERSEDES', ?, ?, ?, ?, ?)",
                        (d.statement.id, d.target, at, d.why, message_id),
                    )
            if d.action in ("restates", "stale"):
                self.db.execute(
                    "INSERT INTO relation VALUES ('RESTATES', ?, ?, ?, ?, ?)",
                    (message_id, d.target, at, d.why, message_id),
                )
            self.db.execute(
                "UPDATE correction SET status='processed', decision=?, target=?, why=? WHERE message_id=?",
                (d.action, d.target, d.why, message_id),
            )

    def fail(self, message_id: str, reason: str) -> None:
        self.db.execute("UPDATE correction SET status='failed', why=? WHERE message_id=?", (reason, message_id))

    def statements(self, skill: str) -> list[Statement]:
        rows = self.db.execute("SELECT * FROM statement WHERE skill=? ORDER BY position, id", (skill,))
        return [self._statement(r) for r in rows]

    def record_publication(self, skill: str, version: int, sha256: str) -> None:
        self.db.execute("UPDATE skill SET version=?, sha256=? WHERE name=?", (version, sha256, skill))

    def publication_version(self, skill: str) -> int:
        row = self.db.execute("SELECT version FROM skill WHERE name=?", (skill,)).fetchone()
        return row[0] if row else 0

    def close(self) -> None:
        self.db.close()


def namespaces(root: Path) -> dict[str, tuple[Path, int, int]]:
    """Every build's store below `root` (a log folder), by namespace: its file, statements and corrections."""
    found = {}
    for path in sorted(root.rglob(FILE)):
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            found[namespace(path.parent)] = (
                path,
                *(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] for table in ("statement", "correction")),
            )
        finally:
            db.close()
    return found


def drop(path: Path) -> None:
    """Delete a build's store file (and SQLite's write-ahead log beside it)."""
    for suffix in ("-wal", "-shm", ""):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


class _Transaction:
    def __init__(self, db):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN")

    def __exit__(self, exc_type, *_):
        self.db.execute("ROLLBACK" if exc_type else "COMMIT")
