"""The server store: Neo4j 5 through the official driver, parameterised Cypher only.

Every node carries the run's namespace `ns` and a unique `uid` (ns + id), so several runs share one
server; statements are found through a full-text index.
"""

from neo4j import GraphDatabase
from neo4j.exceptions import AuthError, ServiceUnavailable

from omseval.errors import UserError
from omseval.oms.store import Decision, Statement, Store

SCHEMA = [
    "CREATE CONSTRAINT oms_skill IF NOT EXISTS FOR (n:Skill) REQUIRE n.uid IS UNIQUE",
    "CREATE CONSTRAINT oms_statement IF NOT EXISTS FOR (n:Statement) REQUIRE n.uid IS UNIQUE",
    "CREATE CONSTRAINT oms_correction IF NOT EXISTS FOR (n:Correction) REQUIRE n.uid IS UNIQUE",
    "CREATE FULLTEXT INDEX oms_statement_text IF NOT EXISTS FOR (n:Statement) ON EACH [n.text, n.section] "
    "OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}",
]
FIELDS = ["id", "skill", "text", "status", "kind", "block", "position", "prefix", "section", "origin"]
_LUCENE_SPECIAL = set('+-&|!(){}[]^"~*?:\\/')


def connect(uri: str, user: str | None, password: str | None, database: str | None):
    driver = GraphDatabase.driver(uri, auth=(user or "neo4j", password or ""), notifications_min_severity="OFF")
    try:
        driver.verify_connectivity()
    except (ServiceUnavailable, AuthError, OSError, ValueError) as e:
        driver.close()
        raise UserError(f"cannot reach Neo4j at {uri} (store.uri): {e}") from None
    return driver


def _escape(term: str) -> str:
    return "".join("\\" + c if c in _LUCENE_SPECIAL else c for c in term)


class Neo4jStore(Store):
    def __init__(self, uri: str, namespace: str, user=None, password=None, database=None):
        self.driver = connect(uri, user, password, database)
        self.database, self.ns = database, namespace
        self.session = self.driver.session(database=database)  # auto-commit: one round trip per query
        for q in SCHEMA:
            self._run(q)
        self._run("CALL db.awaitIndexes(60)")

    def _run(self, query: str, **params) -> list:
        return list(self.session.run(query, params | {"ns": self.ns}))

    def reset(self) -> None:
        self._run("MATCH (n {ns: $ns}) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 1000 ROWS")

    def load_skill(self, skill: str, title: str, statements: list[Statement]) -> None:
        self._run(
            "MERGE (k:Skill {uid: $ns + ':' + $skill}) ON CREATE SET k.ns = $ns, k.name = $skill, k.title = $title, "
            "k.version = 0, k.fresh = true WITH k WHERE k.fresh REMOVE k.fresh "
            "WITH k UNWIND $rows AS r CREATE (k)-[:HAS]->(s:Statement) SET s = r, s.ns = $ns, s.uid = $ns + ':' + r.id",
            skill=skill, title=title, rows=[{f: getattr(s, f) for f in FIELDS} for s in statements])

    def skills(self) -> list[str]:
        return [r["name"] for r in self._run("MATCH (k:Skill {ns: $ns}) RETURN k.name AS name ORDER BY name")]

    def record_correction(self, message_id: str, skill: str, text: str, position: int) -> None:
        self._run("MERGE (c:Correction {uid: $ns + ':' + $id}) ON CREATE SET c.ns = $ns, c.message_id = $id, "
                  "c.skill = $skill, c.text = $text, c.position = $position, c.status = 'received'",
                  id=message_id, skill=skill, text=text, position=position)

    def done(self) -> set[str]:
        rows = self._run("MATCH (c:Correction {ns: $ns}) WHERE c.status <> 'received' RETURN c.message_id AS id")
        return {r["id"] for r in rows}

    def corrections(self) -> list[dict]:
        rows = self._run("MATCH (c:Correction {ns: $ns}) RETURN c.message_id AS message_id, c.position AS position, "
                         "c.status AS status, c.decision AS decision, c.target AS target, c.why AS why ORDER BY position")
        return [dict(r) for r in rows]

    def search(self, query: list[str], skill: str, k: int, other_k: int) -> list[Statement]:
        if not query:
            return []
        rows = self._run(
            "CALL db.index.fulltext.queryNodes('oms_statement_text', $q) YIELD node, score "
            "WHERE node.ns = $ns AND node.kind = 'text' "
            "WITH node, node.skill = $skill AS same ORDER BY score DESC, node.id "
            "WITH same, collect(node) AS nodes "
            "WITH same, nodes[..(CASE WHEN same THEN $k ELSE $other_k END)] AS nodes "
            "UNWIND range(0, size(nodes) - 1) AS rank WITH same, rank, nodes[rank] AS node "
            "OPTIONAL MATCH (n:Statement)-[:SUPERSEDES]->(node) "
            "RETURN node, n.id AS successor ORDER BY same DESC, rank",
            q=" OR ".join(f'"{_escape(t)}"' for t in query), skill=skill, k=k, other_k=other_k)
        return [self._statement(r["node"], r["successor"]) for r in rows]

    @staticmethod
    def _statement(node, successor) -> Statement:
        return Statement(**{f: node[f] for f in FIELDS}, superseded_by=successor)

    def apply(self, message_id: str, d: Decision, at: int) -> None:
        new = {f: getattr(d.statement, f) for f in FIELDS} if d.statement else None
        self._run(
            "MATCH (c:Correction {uid: $ns + ':' + $mid}) "
            "SET c.status = 'processed', c.decision = $action, c.target = $target, c.why = $why "
            "WITH c CALL (c) { WITH c WHERE $new IS NOT NULL "
            "  MATCH (k:Skill {uid: $ns + ':' + $new.skill}) "
            "  CREATE (k)-[:HAS]->(s:Statement) SET s = $new, s.ns = $ns, s.uid = $ns + ':' + $new.id "
            "  CREATE (c)-[:ASSERTS {at: $at, why: $why}]->(s) "
            "  WITH s WHERE $action = 'supersedes' "
            "  MATCH (old:Statement {uid: $ns + ':' + $target}) SET old.status = 'superseded' "
            "  CREATE (s)-[:SUPERSEDES {at: $at, why: $why, correction: $mid}]->(old) } "
            "WITH c CALL (c) { WITH c WHERE $action IN ['restates', 'stale'] "
            "  MATCH (t:Statement {uid: $ns + ':' + $target}) CREATE (c)-[:RESTATES {at: $at, why: $why}]->(t) }",
            mid=message_id, action=d.action, target=d.target, why=d.why, new=new, at=at)

    def fail(self, message_id: str, reason: str) -> None:
        self._run("MATCH (c:Correction {uid: $ns + ':' + $mid}) SET c.status = 'failed', c.why = $why",
                  mid=message_id, why=reason)

    def statements(self, skill: str) -> list[Statement]:
        rows = self._run("MATCH (s:Statement {ns: $ns, skill: $skill}) "
                         "OPTIONAL MATCH (n:Statement)-[:SUPERSEDES]->(s) "
                         "RETURN s AS node, n.id AS successor ORDER BY s.position, s.id", skill=skill)
        return [self._statement(r["node"], r["successor"]) for r in rows]

    def record_publication(self, skill: str, version: int, sha256: str) -> None:
        self._run("MATCH (k:Skill {uid: $ns + ':' + $skill}) SET k.version = $v, k.sha256 = $sha",
                  skill=skill, v=version, sha=sha256)

    def publication_version(self, skill: str) -> int:
        rows = self._run("MATCH (k:Skill {uid: $ns + ':' + $skill}) RETURN k.version AS v", skill=skill)
        return rows[0]["v"] if rows else 0

    def close(self) -> None:
        self.session.close()
        self.driver.close()
