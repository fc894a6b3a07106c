"""The builder interface, and the durable state shared by the builders that keep plain files.

An approach is a builder class named by `_target_` in conf/approach/<name>.yaml; the file's other
keys are the class's keyword options, and Hydra instantiates it once per build.
"""

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from omseval.config import GuidanceLayout
from omseval.guidance import journal
from omseval.guidance.artifact import SHARED
from omseval.pack_schema import Message, Pack

JOURNAL = "journal.jsonl"


@dataclass
class Build:
    """What one build works with: the pack, the corpus's config, its folder, and the run's model and store."""

    pack: Pack
    corpus: Any  # conf/corpus: name, guidance layout, templates
    workdir: Path
    model: Any = None  # inspect-ai Model
    store: Any = None  # conf/store
    cache: bool = True
    connections: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(1))  # model calls at once


class Builder:
    """Turns the correction stream into guidance documents.

    `process` must record its effect durably before it returns, so that a build that dies
    resumes with the next unprocessed message and never processes one twice.

    A build runs ahead, concurrently, the part of each message that reads no guidance (`prepare`), then
    processes the messages of one chain (`chain`: by default the message's document) in stream order and
    different chains concurrently. A message may change only its chain's document, so the result is the
    one-at-a-time build's.
    """

    uses_model = False  # calls the model while processing corrections
    uses_store = False  # keeps its state in the graph store
    recording = "schedule"  # handoff: corrections recorded "always", by the "schedule" (07), or "never"

    def __init__(self, build: Build, name: str):
        self.name, self.pack, self.corpus, self.workdir = name, build.pack, build.corpus, build.workdir
        self.model, self.cache, self.connections = build.model, build.cache, build.connections

    @classmethod
    def check_options(cls, options: dict) -> None:
        """Refuse, before any work, option values that the option's type allows but the approach does not."""

    @classmethod
    def check_ready(cls, cfg) -> None:
        """Refuse, before any work, a run whose environment the approach cannot work in (say, no server)."""

    @classmethod
    def prompts(cls) -> dict:
        """The approach's own prompts, beyond the pack's templates (a build's key covers them)."""
        return {}

    def processed(self) -> set[str]:
        raise NotImplementedError

    async def prepare(self, message: Message) -> Any:
        """What can be done for a message without reading the guidance (it runs ahead of the stream)."""
        return None

    def chain(self, message: Message, prepared: Any) -> str:
        """Messages of one chain are processed in stream order; a message changes only its chain's document."""
        return message.skill

    async def process(self, message: Message, prepared: Any = None) -> dict:
        raise NotImplementedError

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

    def __init__(self, build: Build, name: str):
        super().__init__(build, name)
        self.journal = self.workdir / JOURNAL
        self.documents: dict[str, str] = self.starting_documents()
        self.log: list[dict] = []
        for line in journal.read(self.journal):
            self.log.append(line["entry"])
            for doc, delta in line["changes"].items():
                self.documents[doc] = changed(self.documents.get(doc), delta)
        self.done = {e["message_id"] for e in self.log}

    def starting_documents(self) -> dict[str, str]:
        if self.corpus.guidance == GuidanceLayout.shared_file:
            return {SHARED: ""}
        return {d.skill: d.text for d in self.pack.documents}

    def processed(self) -> set[str]:
        return set(self.done)

    def snapshot(self) -> dict[str, str]:
        return dict(self.documents)

    async def process(self, message: Message, prepared: Any = None) -> dict:
        if prepared is None:
            prepared = await self.prepare(message)
        doc = self.chain(message, prepared)  # the one document this message may change
        before = self.documents.get(doc)
        entry = {"message_id": message.message_id, "position": message.position} | await self.apply(message)
        after = self.documents.get(doc)
        changes = {doc: change(before, after)} if after is not None and after != before else {}
        journal.append(self.journal, {"entry": entry, "changes": changes})
        self.log.append(entry)
        self.done.add(message.message_id)
        return entry

    async def apply(self, message: Message) -> dict:
        raise NotImplementedError

    async def publish(self) -> tuple[dict[str, str], list[dict]]:
        return self.documents, sorted(self.log, key=lambda e: e["position"])


def change(old: str | None, new: str) -> dict:
    """A document's change as the journal keeps it: the text between the start and end it shares with
    the old text (`head`, `tail` characters), which `changed` puts back together."""
    old = old or ""
    if new.startswith(old):  # appended to: no search
        return {"head": len(old), "tail": 0, "text": new[len(old) :]}
    head = shared(lambda n: old[:n] == new[:n], min(len(old), len(new)))
    tail = shared(lambda n: old[len(old) - n :] == new[len(new) - n :], min(len(old), len(new)) - head)
    return {"head": head, "tail": tail, "text": new[head : len(new) - tail]}


def changed(old: str | None, delta: dict) -> str:
    old = old or ""
    return old[: delta["head"]] + delta["text"] + old[len(old) - delta["tail"] :]


def shared(same, most: int) -> int:
    """The largest n <= most with same(n) (true up to some n, false beyond), by bisection."""
    low, high = 0, most
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if same(mid) else (low, mid - 1)
    return low
