"""OMS as a guidance builder: ingestion -> compiler -> scripted review -> publication, over a graph store."""

import hashlib
from fnmatch import fnmatch
from typing import Any, cast

from hydra.utils import instantiate
from inspect_ai.model import ResponseSchema
from omegaconf import OmegaConf

from omseval.config import GuidanceLayout
from omseval.errors import UserError
from omseval.guidance.artifact import SHARED
from omseval.guidance.base import Build, Builder
from omseval.guidance.calls import Calls, Loss
from omseval.oms import prompts
from omseval.oms.compiler import Compiler
from omseval.oms.documents import render, to_statements
from omseval.oms.store import Decision, Store

STARTED = "store-initialised"


def open_store(store, workdir) -> Store:
    """The store conf/store's `_target_` names, for one build (its namespace is the build's folder); the
    file's other settings that are set are its keyword options."""
    options = cast(dict, OmegaConf.to_container(store))
    settings = {k: v for k, v in options.items() if k != "kind" and v is not None}
    return instantiate(settings, workdir=workdir)


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

    def __init__(
        self,
        build: Build,
        name: str,
        retrieval: bool = True,
        top_k: int = 5,
        reject: tuple[str, ...] = (),
        history: bool = True,
    ):
        super().__init__(build, name)
        self.retrieval = retrieval
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
        calls = Calls(self.model, self.workdir, self.cache, self.connections)
        self.compiler = Compiler(calls, retrieval, top_k, history)

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

    async def prepare(self, message) -> dict | Loss:
        """The correction's extracted rule (or its loss): extraction reads no guidance, so it runs ahead."""
        try:
            return await self.compiler.extract(message.message_id, message.text, message.skill)
        except Loss as e:
            return e

    def chain(self, message, prepared: Any) -> str:
        """A correction reads and changes only its own document; without retrieval it reads nothing."""
        return message.skill if self.retrieval else message.message_id

    async def process(self, message, prepared: Any = None) -> dict:
        skill = message.skill
        self.store.record_correction(message.message_id, skill, message.text, message.position)  # ingestion
        try:
            rule = prepared if prepared is not None else await self.prepare(message)
            if isinstance(rule, Loss):
                raise rule
            decision = await self.compiler.compile(
                message.message_id, message.text, skill, message.position, self.store, rule
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
