"""The server store: Neo4j 5 through the official driver, parameterised Cypher only.

Every node carries the run's namespace `ns` (range-indexed) and a unique `uid` (ns + id), so several
runs share one server and every lookup reads only its own run's nodes through an index. Every query runs
in a managed transaction, which the driver retries on transient errors (two runs writing at once can
deadlock); `execute_query` sends BEGIN with the query, one round trip fewer. Each run keeps its own
inverted index: a text statement USES one (:Term {uid: ns + ' ' + stem}) per distinct stem, so retrieval's
pre-filter seeks the query's terms of its own run and reads only the statements sharing one: its cost
follows the candidates found, not the run's size nor the server's.
"""

import re
from pathlib import Path

from neo4j import GraphDatabase, RoutingControl
from neo4j.exceptions import AuthError, ClientError, ServiceUnavailable

from omseval.config import REDACTED
from omseval.errors import UserError
from omseval.oms.store import STORED, Candidate, Decision, Namespaces, Statement, Store, index_terms, namespace, stored

SCHEMA = [
    "CREATE CONSTRAINT oms_skill IF NOT EXISTS FOR (n:Skill) REQUIRE n.uid IS UNIQUE",
    "CREATE CONSTRAINT oms_statement IF NOT EXISTS FOR (n:Statement) REQUIRE n.uid IS UNIQUE",
    "CREATE CONSTRAINT oms_correction IF NOT EXISTS FOR (n:Correction) REQUIRE n.uid IS UNIQUE",
    "CREATE INDEX oms_skill_ns IF NOT EXISTS FOR (n:Skill) ON (n.ns)",
    "CREATE INDEX oms_statement_ns IF NOT EXISTS FOR (n:Statement) ON (n.ns)",
    "CREATE INDEX oms_correction_ns IF NOT EXISTS FOR (n:Correction) ON (n.ns)",
    "CREATE CONSTRAINT oms_term IF NOT EXISTS FOR (n:Term) REQUIRE n.uid IS UNIQUE",
    "CREATE INDEX oms_term_ns IF NOT EXISTS FOR (n:Term) ON (n.ns)",
]
LABELS = ("Statement", "Term", "Correction", "Skill")
# Another run created the same constraint or index at the same moment: the schema is in place.
ALREADY_THERE = {
    "Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists",
    "Neo.ClientError.Schema.ConstraintAlreadyExists",
    "Neo.ClientError.Schema.IndexAlreadyExists",
}


def connect(uri: str, user: str | None = None, password: str | None = None, database: str | None = None):
    """A driver connected to the server; a server that does not answer is refused in one line (without the
    password, even one written into the URI)."""
    driver = GraphDatabase.driver(uri, auth=(user or "neo4j", password or ""), notifications_min_severity="OFF")
    try:
        driver.verify_connectivity()
    except (ServiceUnavailable, AuthError, OSError, ValueError) as e:
        driver.close()
        reason = " ".join(str(e).split()).replace(password or "\0", REDACTED)
        hint = " (scripts/neo4j-server start runs one on this machine)" if isinstance(e, ServiceUnavailable) else ""
        raise UserError(f"cannot reach Neo4j at {shown(uri)} (store.uri): {reason}{hint}") from None
    return driver


def shown(uri: str) -> str:
    """A URI as it may be written: any password in it redacted."""
    return re.sub(r"(//[^/:@]*:)[^/@]*@", rf"\1{REDACTED}@", uri)


def check_uri(uri) -> None:
    """Parse the URI with the Neo4j driver itself (no connection is made); a password in it is refused."""
    from neo4j.exceptions import ConfigurationError

    if isinstance(uri, str) and shown(uri) != uri:
        raise UserError(f"store.uri={shown(uri)}: a password in the URI would be written; use store.password")
    try:
        GraphDatabase.driver(uri).close()
    except (ConfigurationError, ValueError, TypeError, AttributeError) as e:
        reason = str(e).split(". ")[0].rstrip(".")  # the driver's first sentence; the rest lists every scheme
        raise UserError(
            f"store.uri={uri} is not a Neo4j URI ({reason}); expected bolt://host:port or neo4j://host:port"
        ) from None


def namespaces(driver, database=None) -> dict[str, tuple[int, int]]:
    """Every namespace on the server: its numbers of statements and of corrections."""
    nodes = " UNION ALL ".join(
        f"MATCH (n:{label}) WHERE n.ns IS NOT NULL RETURN n.ns AS ns, "
        f"{int(label == 'Statement')} AS statement, {int(label == 'Correction')} AS correction"
        for label in LABELS
    )
    rows = driver.execute_query(
        f"CALL () {{ {nodes} }} RETURN ns, sum(statement) AS statements, sum(correction) AS corrections ORDER BY ns",
        routing_=RoutingControl.READ,
        database_=database,
    ).records
    return {r["ns"]: (r["statements"], r["corrections"]) for r in rows}


DROP = "MATCH (n:{label} {{ns: $ns}}) WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS n"


def drop(driver, ns: str, database=None) -> None:
    """Delete every node of the namespace, in batches."""
    for label in LABELS:
        while driver.execute_query(
            DROP.format(label=label), ns=ns, routing_=RoutingControl.WRITE, database_=database
        ).records[0]["n"]:
            pass


# Links statement `s` to the run's Term of each of its distinct stems (`{words}`), creating the missing ones.
INDEX_TERMS = (
    "UNWIND {words} AS w MERGE (t:Term {{uid: $ns + ' ' + w}}) ON CREATE SET t.ns = $ns CREATE (s)-[:USES]->(t)"
)
# Retrieval in one query: the skill document's size for BM25, and its text statements sharing a term with
# $words, each with everything `rank` and `Statement` need, found through the run's own terms.
RETRIEVE = (
    "OPTIONAL MATCH (k:Skill {uid: $ns + ':' + $skill}) WITH coalesce(k.texts, 0) AS count, "
    "coalesce(k.length, 0) AS length "
    "CALL () { UNWIND $terms AS term MATCH (t:Term {uid: term})<-[:USES]-(s:Statement) USING INDEX SEEK t:Term(uid) "
    "  WHERE s.skill = $skill WITH DISTINCT s "
    "  OPTIONAL MATCH (n:Statement)-[:SUPERSEDES]->(s) "
    f"  RETURN collect([s.stems, n.id, {', '.join(f's.{f}' for f in STORED)}]) AS found }} "
    "RETURN count, length, found"
)


class Neo4jStore(Store):
    """A Neo4j 5 server (conf/store/neo4j.yaml); the build's namespace is named after its folder."""

    name = "neo4j"
    server = True

    def __init__(self, workdir: Path, uri: str, user: str | None = None, password: str | None = None,
                 database: str | None = None):  # fmt: skip
        self.driver, self.database = connect(uri, user, password, database), database
        self.ns = namespace(workdir)
        for q in SCHEMA:
            try:
                self._write(q)
            except ClientError as e:
                if e.code not in ALREADY_THERE:
                    raise
        self._read("CALL db.awaitIndexes(60)")

    @classmethod
    def validate_settings(cls, settings: dict) -> None:
        check_uri(settings.get("uri"))

    @classmethod
    def reach(cls, settings: dict) -> None:
        connect(**settings).close()

    @classmethod
    def namespaces(cls, settings: dict, log_dir: Path) -> Namespaces:
        """The server's namespaces, and how to drop one."""
        driver = connect(**settings)
        database = settings.get("database")
        return namespaces(driver, database), lambda ns: drop(driver, ns, database), driver.close

    def _write(self, query: str, **params) -> list:
        return self.driver.execute_query(
            query, params | {"ns": self.ns}, routing_=RoutingControl.WRITE, database_=self.database
        ).records

    def _read(self, query: str, **params) -> list:
        return self.driver.execute_query(
            query, params | {"ns": self.ns}, routing_=RoutingControl.READ, database_=self.database
        ).records

    def _node(self, s: Statement) -> dict:
        return stored(s) | {"ns": self.ns, "uid": f"{self.ns}:{s.id}", "stems": index_terms(s)}

    @staticmethod
    def _words(node: dict) -> list[str]:
        return sorted(set(node["stems"].split())) if node["stems"] else []

    def reset(self) -> None:
        drop(self.driver, self.ns, self.database)

    def load_skill(self, skill: str, title: str, statements: list[Statement]) -> None:
        nodes = [self._node(s) for s in statements]
        texts = [n["stems"].split() for n in nodes if n["stems"] is not None]
        self._write(
            "MERGE (k:Skill {uid: $ns + ':' + $skill}) ON CREATE SET k.ns = $ns, k.name = $skill, k.title = $title, "
            "k.version = 0, k.texts = $texts, k.length = $length, k.fresh = true WITH k WHERE k.fresh REMOVE k.fresh "
            "WITH k UNWIND $rows AS r CREATE (k)-[:HAS]->(s:Statement) SET s = r.node WITH s, r "
            + INDEX_TERMS.format(words="r.words"),
            skill=skill,
            title=title,
            rows=[{"node": n, "words": self._words(n)} for n in nodes],
            texts=len(texts),
            length=sum(map(len, texts)),
        )

    def skills(self) -> list[str]:
        return [r["name"] for r in self._read("MATCH (k:Skill {ns: $ns}) RETURN k.name AS name ORDER BY name")]

    def record_correction(self, message_id: str, skill: str, text: str, position: int) -> None:
        self._write(
            "MERGE (c:Correction {uid: $ns + ':' + $id}) ON CREATE SET c.ns = $ns, c.message_id = $id, "
            "c.skill = $skill, c.text = $text, c.position = $position, c.status = 'received'",
            id=message_id,
            skill=skill,
            text=text,
            position=position,
        )

    def done(self) -> set[str]:
        rows = self._read("MATCH (c:Correction {ns: $ns}) WHERE c.status <> 'received' RETURN c.message_id AS id")
        return {r["id"] for r in rows}

    def corrections(self) -> list[dict]:
        rows = self._read(
            "MATCH (c:Correction {ns: $ns}) RETURN c.message_id AS message_id, c.position AS position, "
            "c.status AS status, c.decision AS decision, c.target AS target, c.why AS why "
            "ORDER BY position, message_id"
        )
        return [dict(r) for r in rows]

    def retrieve(self, words: list[str], skill: str, choose) -> list[Statement]:
        row = self._read(RETRIEVE, terms=[f"{self.ns} {w}" for w in words], skill=skill)[0]
        if not row["count"]:
            return []
        found = {}  # id -> (terms, the statement)
        for terms, successor, *values in row["found"]:
            s = Statement(**dict(zip(STORED, values, strict=True)), superseded_by=successor)
            found[s.id] = terms, s
        ids = choose(row["count"], row["length"], [Candidate(i, s.skill, terms) for i, (terms, s) in found.items()])
        return [found[i][1] for i in ids]

    @staticmethod
    def _statement(node, successor) -> Statement:
        return Statement(**{f: node[f] for f in STORED}, superseded_by=successor)

    def apply(self, message_id: str, d: Decision, at: int) -> None:
        new = self._node(d.statement) if d.statement else None
        size = len(new["stems"].split()) if new and new["stems"] is not None else None
        self._write(
            "MATCH (c:Correction {uid: $ns + ':' + $mid}) "
            "SET c.status = 'processed', c.decision = $action, c.target = $target, c.why = $why "
            "WITH c CALL (c) { WITH c WHERE $new IS NOT NULL "
            "  MATCH (k:Skill {uid: $ns + ':' + $new.skill}) "
            "  SET k.texts = k.texts + CASE WHEN $size IS NULL THEN 0 ELSE 1 END, "
            "  k.length = k.length + coalesce($size, 0) "
            "  CREATE (k)-[:HAS]->(s:Statement) SET s = $new "
            "  CREATE (c)-[:ASSERTS {at: $at, why: $why}]->(s) "
            "  WITH s CALL (s) { " + INDEX_TERMS.format(words="$words") + " } "
            "  WITH s WHERE $action = 'supersedes' "
            "  MATCH (old:Statement {uid: $ns + ':' + $target}) SET old.status = 'superseded' "
            "  CREATE (s)-[:SUPERSEDES {at: $at, why: $why, correction: $mid}]->(old) } "
            "WITH c CALL (c) { WITH c WHERE $action IN ['restates', 'stale'] "
            "  MATCH (t:Statement {uid: $ns + ':' + $target}) CREATE (c)-[:RESTATES {at: $at, why: $why}]->(t) }",
            mid=message_id,
            action=d.action,
            target=d.target,
            why=d.why,
            new=new,
            size=size,
            at=at,
            words=self._words(new) if new else [],
        )

    def fail(self, message_id: str, reason: str) -> None:
        self._write(
            "MATCH (c:Correction {uid: $ns + ':' + $mid}) SET c.status = 'failed', c.why = $why",
            mid=message_id,
            why=reason,
        )

    def statements(self, skill: str) -> list[Statement]:
        rows = self._read(
            "MATCH (:Skill {uid: $ns + ':' + $skill})-[:HAS]->(s:Statement) "
            "OPTIONAL MATCH (n:Statement)-[:SUPERSEDES]->(s) "
            "RETURN s AS node, n.id AS successor ORDER BY s.position, s.id",
            skill=skill,
        )
        return [self._statement(r["node"], r["successor"]) for r in rows]

    def record_publication(self, skill: str, version: int, sha256: str) -> None:
        self._write(
            "MATCH (k:Skill {uid: $ns + ':' + $skill}) SET k.version = $v, k.sha256 = $sha",
            skill=skill,
            v=version,
            sha=sha256,
        )

    def publication_version(self, skill: str) -> int:
        rows = self._read("MATCH (k:Skill {uid: $ns + ':' + $skill}) RETURN k.version AS v", skill=skill)
        return rows[0]["v"] if rows else 0

    def close(self) -> None:
        self.driver.close()
