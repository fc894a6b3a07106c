"""OMS as a guidance builder: ingestion -> compiler -> scripted review -> publication, over a graph store."""

import hashlib
from fnmatch import fnmatch

from inspect_ai.model import ResponseSchema

from omseval.config import GuidanceLayout
from omseval.errors import UserError
from omseval.guidance.artifact import SHARED
from omseval.guidance.base import Build, Builder
from omseval.guidance.calls import Calls, Loss
from omseval.oms import prompts
from omseval.oms.compiler import Compiler
from omseval.oms.documents import render, to_statements
from omseval.oms.store import Decision, Store, namespace

STARTED = "store-initialised"


def open_store(store, workdir) -> Store:
    """The configured store (conf/store) for one build: its namespace is the build's folder."""
    if store.kind.value == "neo4j":
        from omseval.oms.neo4j_store import Neo4jStore

        return Neo4jStore(store.uri, namespace(workdir), store.user, store.password, store.database)
    from omseval.oms.sqlite_store import FILE, SQLiteStore

    return SQLiteStore(workdir / FILE)


def review(decision: Decision, message_id: str, reject: list[str]) -> Decision:
    """Scripted review: approve everything except messages matching a `reject` pattern."""
    if any(fnmatch(message_id, p) for p in reject):
        return Decision("rejected", decision.target, None, f"rejected in review (was: {decision.action})")
    return decision


class OMS(Builder):
    """oms and oms_no_retrieval (every correction becomes a new statement)."""

    uses_model = True
    uses_store = True
    recording = "always"  # a correction is submitted to OMS, not recorded by hand

    def __init__(self, build: Build, name: str, retrieval: bool = True, top_k: int = 5, reject: tuple[str, ...] = ()):
        super().__init__(build, name)
        self.reject = list(reject)
        self.store = open_store(build.store, self.workdir)
        if not (self.workdir / STARTED).exists():
            self.store.reset()
            if self.corpus.guidance == GuidanceLayout.shared_file:
                self.store.load_skill(SHARED, "Shared guidance", [])
            else:
                for d in self.pack.documents:
                    self.store.load_skill(d.skill, d.title, to_statements(d.skill, d.text))
            (self.workdir / STARTED).touch()
        self.compiler = Compiler(Calls(self.model, self.workdir, self.cache), retrieval, top_k)

    @classmethod
    def check_options(cls, options: dict) -> None:
        if options.get("top_k", 1) < 1:
            raise UserError(f"approach.top_k must be a positive integer, got {options['top_k']}")

    @classmethod
    def prompts(cls) -> dict:
        return {
            k: v.model_dump(exclude_none=True) if isinstance(v, ResponseSchema) else v
            for k, v in vars(prompts).items()
            if k.isupper()
        }

    def processed(self) -> set[str]:
        return self.store.done()

    async def process(self, message) -> dict:
        skill = message.skill
        self.store.record_correction(message.message_id, skill, message.text, message.position)  # ingestion
        try:
            decision = await self.compiler.compile(
                message.message_id, message.text, skill, message.position, self.store
            )
        except Loss as e:
            self.store.fail(message.message_id, str(e))
            return {"message_id": message.message_id, "failure": str(e)}
        decision = review(decision, message.message_id, self.reject)
        self.store.apply(message.message_id, decision, at=message.position)
        return {"message_id": message.message_id, "decision": decision.action, "target": decision.target}

    def snapshot(self) -> dict[str, str]:
        return {skill: render(self.store.statements(skill)) for skill in self.store.skills()}

    async def publish(self) -> tuple[dict[str, str], list[dict]]:
        documents = {}
        for skill in self.store.skills():
            text = render(self.store.statements(skill))
            documents[skill] = text
            self.store.record_publication(
                skill, self.store.publication_version(skill) + 1, hashlib.sha256(text.encode()).hexdigest()
            )
        log = [
            {k: v for k, v in c.items() if v is not None} | ({"failure": c["why"]} if c["status"] == "failed" else {})
            for c in self.store.corrections()
        ]
        return documents, log

    def close(self) -> None:
        self.store.close()
