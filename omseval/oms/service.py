"""OMS as a guidance builder: ingestion -> compiler -> scripted review -> publication, over a graph store."""

import hashlib
from fnmatch import fnmatch
from pathlib import Path

from omseval.guidance.artifact import SHARED
from omseval.guidance.base import Builder
from omseval.oms.compiler import CompileError, Compiler
from omseval.oms.documents import render, to_statements
from omseval.oms.store import Decision, Store

STARTED = "store-initialised"


def open_store(cfg, workdir) -> Store:
    """The configured store for one build: its namespace is the artifact key."""
    if cfg.store.kind.value == "neo4j":
        from omseval.oms.neo4j_store import Neo4jStore

        s = cfg.store
        return Neo4jStore(s.uri, namespace(workdir), s.user, s.password, s.database)
    from omseval.oms.sqlite_store import SQLiteStore

    return SQLiteStore(workdir / "oms.sqlite")


def namespace(workdir) -> str:
    """The build's path below `guidance/` plus a digest of its folder: unique per build and log folder,
    stable across restarts (`.partial` is ignored)."""
    parts = [p.removesuffix(".partial") for p in Path(workdir).resolve().parts]
    start = len(parts) - 1 - parts[::-1].index("guidance") if "guidance" in parts else len(parts) - 1
    digest = hashlib.sha256("/".join(parts).encode()).hexdigest()[:8]
    return "/".join(parts[start + 1:]) + "@" + digest


def review(decision: Decision, message_id: str, reject: list[str]) -> Decision:
    """Scripted review: approve everything except messages matching a `reject` pattern."""
    if any(fnmatch(message_id, p) for p in reject):
        return Decision("rejected", decision.target, None, f"rejected in review (was: {decision.action})")
    return decision


class OMS(Builder):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.store = open_store(self.cfg, self.workdir)
        if not (self.workdir / STARTED).exists():
            self.store.reset()
            if self.corpus == "smaller":
                self.store.load_skill(SHARED, "Shared guidance", [])
            for d in self.pack.documents if self.corpus == "larger" else []:
                self.store.load_skill(d.skill, d.title, to_statements(d.skill, d.text))
            (self.workdir / STARTED).touch()
        a = self.cfg.approach
        self.compiler = Compiler(self.model, a.retrieval, a.top_k, self.cfg.cache)

    def processed(self) -> set[str]:
        return self.store.done()

    async def process(self, message) -> dict:
        skill = SHARED if self.corpus == "smaller" else message.skill
        self.store.record_correction(message.message_id, skill, message.text, message.position)  # ingestion
        try:
            decision = await self.compiler.compile(message.message_id, message.text, skill, message.position, self.store)
        except CompileError as e:
            self.store.fail(message.message_id, str(e))
            return {"message_id": message.message_id, "failure": str(e)}
        decision = review(decision, message.message_id, list(self.cfg.approach.reject))
        self.store.apply(message.message_id, decision, at=message.position)
        return {"message_id": message.message_id, "decision": decision.action, "target": decision.target}

    def snapshot(self) -> dict[str, str]:
        return {skill: render(self.store.statements(skill)) for skill in self.store.skills()}

    async def publish(self) -> tuple[dict[str, str], list[dict]]:
        documents = {}
        for skill in self.store.skills():
            text = render(self.store.statements(skill))
            documents[skill] = text
            self.store.record_publication(skill, self.store.publication_version(skill) + 1,
                                          hashlib.sha256(text.encode()).hexdigest())
        log = [{k: v for k, v in c.items() if v is not None} | ({"failure": c["why"]} if c["status"] == "failed" else {})
               for c in self.store.corrections()]
        return documents, log

    def close(self) -> None:
        self.store.close()
