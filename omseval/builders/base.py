"""The builder interface, and the durable state shared by the builders that keep plain files.

An approach is a builder class named by `_target_` in conf/approach/<name>.yaml; the file's other keys are the
class's keyword options, checked against its constructor before any work. A builder owns the files of its build
folder (its journal, its model calls, its store) and the build loop knows it only through this interface.
"""

import asyncio
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from omseval.builders import jsonl
from omseval.config import DocumentLayout
from omseval.pack_schema import SHARED_SKILL, Message, Pack

if TYPE_CHECKING:
    from omseval.builders.calls import Calls
    from omseval.oms.store import Store
    from omseval.validation import Run

JOURNAL = "journal.jsonl"


class PlannedCall(NamedTuple):
    """One model call a build will make, as `Builder.planned_calls` lists it for `plan=true` (omseval.plan)."""

    phase: str  # the phase its calls.jsonl line will name (e.g. "extract", "edit")
    prompt_chars: int  # characters of the prompt, as sent
    reply_chars: int  # characters of the expected reply (the plan caps it at the model's max_tokens)
    chain: str | None = None  # calls of one chain run one after another; None: it runs ahead (`prepare`)
    repair: bool = False  # an unusable reply gets one repair request (the plan's bound counts it)


@dataclass
class Build:
    """What one build works with: the pack, the corpus's config, its folder, the run's model and its store."""

    pack: Pack
    corpus: Any  # conf/corpus: name, document layout, templates
    workdir: Path
    model: Any = None  # inspect-ai Model
    store: "type[Store] | None" = None  # the run's store class ...
    store_settings: dict = field(default_factory=dict)  # ... and its settings
    cache: bool = True
    connections: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(1))  # model calls at once

    def open_store(self) -> "Store":
        if self.store is None:
            raise RuntimeError("this build has no store")
        return self.store(self.workdir, **self.store_settings)


def starting_documents(pack: Pack, corpus) -> dict[str, tuple[str, str]]:
    """skill -> (title, text) of the documents a build starts from: the pack's skill documents (05), or the smaller
    corpus's one shared file, empty."""
    if corpus.layout == DocumentLayout.shared_file:
        return {SHARED_SKILL: ("Shared guidance", "")}
    return {d.skill: (d.title, d.text) for d in pack.documents}


class Builder:
    """Turns the correction stream into guidance documents.

    `process` must record its effect durably before it returns, so that a build that dies resumes with the next
    unprocessed message and never processes one twice. A build runs ahead, concurrently, the part of each message
    that reads no guidance (`prepare`, whose result `process` is given), then processes the messages of one chain
    (`chain`: by default the message's document) in stream order and different chains concurrently. A message may
    change only its chain's document, so the result is the one-at-a-time build's.
    """

    uses_model = False  # calls the model while processing corrections
    uses_store = False  # keeps its state in the run's store
    recording = "schedule"  # handoff: corrections recorded "always", by the "schedule" (07), or "never"

    def __init__(self, build: Build, name: str):
        self.name, self.pack, self.corpus, self.workdir = name, build.pack, build.corpus, build.workdir
        self.model, self.cache, self.connections = build.model, build.cache, build.connections

    @classmethod
    def validate_options(cls, options: dict) -> None:
        """Refuse, before any work, option values that the option's type allows but the approach does not."""

    @classmethod
    def validate_environment(cls, run: "Run") -> None:
        """Refuse, before any work, a run whose environment the approach cannot work in (an extra, a server)."""

    @classmethod
    def prompts(cls) -> dict:
        """The approach's own prompts, beyond the pack's templates (a build's identity covers them)."""
        return {}

    @classmethod
    def planned_calls(cls, pack: Pack, corpus: Any, messages: list[Message], options: dict) -> list[PlannedCall] | None:
        """The model calls a fresh build of `messages` will make, estimated from texts alone (no model, no store,
        no file): `plan=true` prints them and `budget_usd` checks them before any work.

        `pack` is the run's pack, `corpus` its conf/corpus (layout, templates), `messages` the stream the build
        processes, in order, from the starting documents (`starting_documents(pack, corpus)`), and `options`
        the approach's options (conf/approach/<name>.yaml beside `_target_` and `name`). List one
        `PlannedCall` per call in the order the build makes them: its phase, the prompt's characters as the
        builder would fill it, the reply's characters as expected, its chain (the calls of one chain run one
        after another, as `chain` orders the messages; give the calls a message makes in `prepare` chain None)
        and whether an unusable reply gets a repair request. Where a call depends on what the model replies
        (a retrieval's candidates, a file chosen), assume the likely case and say so in the docstring.

        Default: no calls for a builder that calls no model; None ("no estimate for approach X's build", and
        `budget_usd` refuses the run as unknown) for one that does and does not say.
        """
        return None if cls.uses_model else []

    def processed(self) -> set[str]:
        """The ids of the messages already processed (a resumed build skips them)."""
        raise NotImplementedError

    async def prepare(self, message: Message) -> Any:
        """What can be done for a message without reading the guidance (it runs ahead of the stream)."""
        return None

    def chain(self, message: Message, prepared: Any) -> str:
        """Messages of one chain are processed in stream order; a message changes only its chain's document."""
        return message.skill

    async def process(self, message: Message, prepared: Any) -> dict:
        """Process one message, given what `prepare` made of it; its log entry ("failure" for a processing loss)."""
        raise NotImplementedError

    def in_stream_order(self, position: dict[str, int]) -> None:
        """Keep, in the builder's own files, only the lines of the messages in `position`, in stream order:
        messages processed concurrently, or redone after a build died mid-message, leave the files a one-at-a-time
        build leaves."""

    async def publish(self) -> tuple[dict[str, str], list[dict]]:
        """The finished documents and the processing log."""
        raise NotImplementedError

    def snapshot(self) -> dict[str, str]:
        """The documents as they stand now (the handoff experiment reads them between corrections)."""
        raise NotImplementedError

    def close(self) -> None:
        pass


class FileBuilder(Builder):
    """Keeps documents as plain text. Each processed message appends one line to its journal: the log entry
    and what the message changed in the documents (the text that differs, not the whole document). A build
    that resumes replays the journal, so saving costs what the message changed, not the whole state."""

    calls: "Calls | None" = None  # a builder that calls the model keeps its Calls here

    def __init__(self, build: Build, name: str):
        super().__init__(build, name)
        self.journal = self.workdir / JOURNAL
        self.documents: dict[str, str] = self.starting_documents()
        self.log: list[dict] = []
        for line in jsonl.read(self.journal):
            self.log.append(line["entry"])
            for doc, delta in line["changes"].items():
                self.documents[doc] = apply_delta(self.documents.get(doc), delta)
        self.done = {e["message_id"] for e in self.log}

    def starting_documents(self) -> dict[str, str]:
        return {skill: text for skill, (_, text) in starting_documents(self.pack, self.corpus).items()}

    def processed(self) -> set[str]:
        return set(self.done)

    def snapshot(self) -> dict[str, str]:
        return dict(self.documents)

    async def process(self, message: Message, prepared: Any) -> dict:
        doc = self.chain(message, prepared)  # the one document this message may change
        before = self.documents.get(doc)
        entry = {"message_id": message.message_id, "position": message.position} | await self.apply(message, prepared)
        after = self.documents.get(doc)
        changes = {doc: delta(before, after)} if after is not None and after != before else {}
        jsonl.append(self.journal, {"entry": entry, "changes": changes})
        self.log.append(entry)
        self.done.add(message.message_id)
        return entry

    async def apply(self, message: Message, prepared: Any) -> dict:
        """Change the message's document; the log entry."""
        raise NotImplementedError

    def in_stream_order(self, position: dict[str, int]) -> None:
        jsonl.in_order(self.journal, position, lambda line: line["entry"]["message_id"])
        if self.calls is not None:
            self.calls.in_stream_order(position)

    async def publish(self) -> tuple[dict[str, str], list[dict]]:
        return self.documents, sorted(self.log, key=lambda e: e["position"])


def delta(old: str | None, new: str) -> dict:
    """A document's change as the journal keeps it: the text between the start and end it shares with
    the old text (`head`, `tail` characters), which `apply_delta` puts back together."""
    old = old or ""
    if new.startswith(old):  # appended to: no search
        return {"head": len(old), "tail": 0, "text": new[len(old) :]}
    head = shared(lambda n: old[:n] == new[:n], min(len(old), len(new)))
    tail = shared(lambda n: old[len(old) - n :] == new[len(new) - n :], min(len(old), len(new)) - head)
    return {"head": head, "tail": tail, "text": new[head : len(new) - tail]}


def apply_delta(old: str | None, change: dict) -> str:
    """The new text of a document from its old text and a `delta`."""
    old = old or ""
    return old[: change["head"]] + change["text"] + old[len(old) - change["tail"] :]


def shared(same, most: int) -> int:
    """The largest n <= most with same(n) (true up to some n, false beyond), by bisection."""
    low, high = 0, most
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if same(mid) else (low, mid - 1)
    return low


def quiet(path: Path, loggers: tuple[str, ...]) -> logging.Handler:
    """Send the `loggers`' records (a library's warnings about optional packages, the errors it logs and carries on
    after, its driver's server notices) to `path` while a build runs, never to the terminal; what a message lost is
    in the build's journal. A builder over a library removes the handler when it closes."""
    handler = logging.FileHandler(path, encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    for name in loggers:
        logger = logging.getLogger(name)
        if not logger.handlers:
            logger.addHandler(logging.NullHandler())  # between builds, too
        logger.propagate = False
        logger.addHandler(handler)
    return handler
