"""OMS as a guidance builder: ingestion -> compiler -> scripted review -> publication, over a graph store."""

import hashlib
import json
from fnmatch import fnmatch
from typing import Any

from inspect_ai.model import ResponseSchema

from omseval.builders.base import Build, Builder, PlannedCall, starting_documents
from omseval.builders.calls import Calls, Loss
from omseval.errors import UserError
from omseval.oms import prompts
from omseval.oms.compiler import Compiler
from omseval.oms.documents import render, to_statements
from omseval.oms.store import Decision
from omseval.pack_schema import Message, Pack
from omseval.pack_schema.loader import fill

STARTED = "store-initialised"


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
        self.store = build.open_store()
        if not (self.workdir / STARTED).exists():
            self.store.reset()
            for skill, (title, text) in starting_documents(self.pack, self.corpus).items():
                self.store.load_skill(skill, title, to_statements(skill, text))
            (self.workdir / STARTED).touch()
        self.calls = Calls(self.model, self.workdir, self.cache, self.connections)
        self.compiler = Compiler(self.calls, retrieval, top_k, history)

    @classmethod
    def validate_options(cls, options: dict) -> None:
        if options.get("top_k", 1) < 1:
            raise UserError(f"approach.top_k must be a positive integer, got {options['top_k']}")

    @classmethod
    def prompts(cls) -> dict:
        return {
            k: v.model_dump(exclude_none=True) if isinstance(v, ResponseSchema) else v
            for k, v in vars(prompts).items()
            if k.isupper()
        }

    @classmethod
    def planned_calls(cls, pack: Pack, corpus, messages: list[Message], options: dict) -> list[PlannedCall]:
        """Per correction: its extraction (ahead of the stream), then, with retrieval, one reconcile whenever its
        document holds a statement (the starting document's, or an earlier correction's), shown min(top_k, the
        document's statements) candidates of the document's mean statement length. Assumed: every correction adds
        one statement of its own length (superseded ones stay in the history), a rule's subject and scope take
        40 and 20 characters, a reconcile's reason 120."""
        retrieval, top_k = options.get("retrieval", True), options.get("top_k", 5)
        template = prompts.RECONCILE if options.get("history", True) else prompts.RECONCILE_CURRENT
        statements = {
            skill: [len(s.text) for s in to_statements(skill, text) if s.kind == "text"]
            for skill, (_, text) in starting_documents(pack, corpus).items()
        }
        calls = []
        for m in messages:
            rule = json.dumps({"subject": "s" * 40, "directive": m.text, "scope": "s" * 20}, ensure_ascii=False)
            extract = fill(prompts.EXTRACT, skill=m.skill, correction=m.text)
            calls.append(PlannedCall("extract", len(extract), len(rule), None, True))
            known = statements.setdefault(m.skill, [])
            if retrieval and known:
                shown = min(top_k, len(known))
                mean = sum(known) // len(known)
                candidates = "\n".join(
                    f'<statement id="s{n}" status="current" skill="{m.skill}">{"x" * mean}</statement>'
                    for n in range(1, shown + 1)
                )
                prompt = fill(template, skill=m.skill, correction=m.text, rule=rule, candidates=candidates)
                reply = json.dumps({"decision": "supersedes", "target": "s1", "reason": "r" * 120})
                calls.append(PlannedCall("reconcile", len(prompt), len(reply), m.skill, True))
            known.append(len(m.text))
        return calls

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

    async def process(self, message, prepared: Any) -> dict:
        skill = message.skill
        self.store.record_correction(message.message_id, skill, message.text, message.position)  # ingestion
        try:
            rule = prepared
            if isinstance(rule, Loss):
                raise rule
            decision = await self.compiler.compile(
                message.message_id, message.text, skill, message.position, self.store, rule
            )
        except Loss as e:
            self.store.fail(message.message_id, str(e))
            return {"message_id": message.message_id, "failure": str(e), "cause": e.cause}
        decision = review(decision, message.message_id, self.reject)
        self.store.apply(message.message_id, decision, at=message.position)
        return {"message_id": message.message_id, "decision": decision.action, "target": decision.target}

    def in_stream_order(self, position: dict[str, int]) -> None:
        self.calls.in_stream_order(position)  # the store keeps the rest, by message

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
            {k: v for k, v in c.items() if v is not None}
            | ({"failure": c["why"], "cause": c["why"].partition(":")[0]} if c["status"] == "failed" else {})
            for c in self.store.corrections()
        ]
        return documents, log

    def close(self) -> None:
        self.store.close()
