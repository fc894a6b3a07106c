"""What the peer builders share: the pinned library (refused in one line when missing or another version), the
run's model as the library calls it, the library's own log records kept in the build's folder, and, for the
builders whose state is a set of memories per skill, the journal that makes a build resumable.

Each skill is one chain (the base class's): its messages are processed in stream order, different skills at
once. In the larger corpus a skill's starting document goes in first, as a message of its own ("document:<skill>",
journaled in documents.jsonl), before the skill's first correction.
"""

import hashlib
import importlib.metadata
import logging
import sys
from typing import Any

from omseval.builders import jsonl
from omseval.builders.base import Build, Builder, quiet, starting_documents
from omseval.config import DocumentLayout
from omseval.errors import UserError
from omseval.pack_schema import Message
from omseval.peers.chat import REPAIR, PeerModel, outcome

JOURNAL, DOCUMENTS, LOG = "journal.jsonl", "documents.jsonl", "library.log"


def installed(library: str) -> str | None:
    """The installed version of a distribution; None when it is not installed."""
    try:
        return importlib.metadata.version(library)
    except importlib.metadata.PackageNotFoundError:
        return None


def require(library: str, version: str, extra: str) -> None:
    """Refuse, in one line, a library that is not installed or not the pinned version (the line names the library,
    not the approach: a suite refuses each missing extra once)."""
    found = installed(library)
    if found is None:
        raise UserError(f"{library}=={version} is needed and not installed: {extra}")
    if found != version:
        raise UserError(f"{library}=={version} is needed and {found} is installed: {extra}")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Peer:
    """A memory system as an approach: its library, pinned, and the run's model as the library calls it."""

    library = ""  # the distribution's name ("mem0ai")
    version = ""  # the pinned version, as the extra pins it
    extra = ""  # the install command that brings it
    loggers: tuple[str, ...] = ()  # the library's loggers, sent to the build's library.log
    phase = ""  # how calls.jsonl labels the library's calls

    uses_model = True
    recording = "always"  # handoff: every correction goes to the memory system, as a conversation would

    peer: PeerModel
    log_handler: logging.Handler

    @classmethod
    def validate_options(cls, options: dict) -> None:
        require(cls.library, cls.version, cls.extra)

    @classmethod
    def prompts(cls) -> dict:
        return {"repair": REPAIR, "library": f"{cls.library}=={cls.version}"}

    def start_peer(self, build: Build) -> None:
        self.peer = PeerModel(build.model, build.workdir, build.cache, build.connections)
        self.log_handler = quiet(build.workdir / LOG, self.loggers)

    def close_peer(self) -> None:
        self.peer.close()
        for name in self.loggers:
            logging.getLogger(name).removeHandler(self.log_handler)
        self.log_handler.close()


class MemoryBuilder(Peer, Builder):
    """A peer whose state is a memory per skill. `add` puts one text into a skill's memory (in the larger corpus
    the skill's starting document first); `apply` replays what `add` returned as the journal keeps it; `render`
    is a skill's guidance."""

    def __init__(self, build: Build, name: str):
        super().__init__(build, name)
        self.start_peer(build)
        self.journal, self.documents_journal = self.workdir / JOURNAL, self.workdir / DOCUMENTS
        starting = starting_documents(self.pack, self.corpus)
        self.titles = {skill: title for skill, (title, _) in starting.items()}
        self.texts = {skill: text for skill, (_, text) in starting.items()}
        documents = jsonl.read(self.documents_journal)
        lines = jsonl.read(self.journal)
        self.documents_done = {line["skill"] for line in documents}
        self.log = [line["entry"] for line in lines]
        self.last: dict[str, str] = {}  # skill -> the digest of the last text its memory took
        for line in documents + lines:
            self.apply(line["skill"], line["delta"])
            self.last[line["skill"]] = line["digest"]

    async def add(self, skill: str, text: str, position: int) -> tuple[dict, Any]:
        """Put `text` into the skill's memory: (what the log entry says of it, what the journal keeps to replay)."""
        raise NotImplementedError

    def apply(self, skill: str, delta: Any) -> None:
        """Replay one journaled `add` (a build that resumes)."""

    def render(self, skill: str) -> str:
        raise NotImplementedError

    def processed(self) -> set[str]:
        return {e["message_id"] for e in self.log}

    async def ingest(self, message_id: str, skill: str, text: str, position: int) -> tuple[dict, Any]:
        """One library call in its own session: the entry's fields (a loss's), and the delta (None for a loss)."""
        with self.peer.session(message_id, self.phase) as session:
            error: Exception | None = None
            try:
                fields, delta = await self.add(skill, text, position)
            except Exception as e:
                error = e
        lost = outcome(session, error)  # raises when the build must stop: nothing of the message is written
        return (lost, None) if lost else (fields, delta)

    async def document(self, skill: str) -> None:
        """The skill's starting document, before its first correction (the larger corpus), once."""
        if self.corpus.layout != DocumentLayout.skill_documents or skill in self.documents_done:
            return
        fields, delta = await self.ingest(f"document:{skill}", skill, self.texts[skill], 0)
        jsonl.append(self.documents_journal, self.line(skill, fields, delta, self.texts[skill]) | {"entry": fields})
        if "failure" in fields:
            print(f"processing loss at starting document {skill}: {fields['failure']}", file=sys.stderr)
        self.documents_done.add(skill)

    def line(self, skill: str, fields: dict, delta: Any, text: str) -> dict:
        """A journal line: what to replay (nothing for a loss)."""
        if "failure" in fields:
            return {"skill": skill, "delta": None, "digest": self.last.get(skill, "")}
        self.apply(skill, delta)
        self.last[skill] = digest(text)
        return {"skill": skill, "delta": delta, "digest": self.last[skill]}

    async def process(self, message: Message, prepared: Any) -> dict:
        await self.document(message.skill)
        fields, delta = await self.ingest(message.message_id, message.skill, message.text, message.position)
        entry = {"message_id": message.message_id, "position": message.position} | fields
        jsonl.append(self.journal, self.line(message.skill, fields, delta, message.text) | {"entry": entry})
        self.log.append(entry)
        return entry

    def in_stream_order(self, position: dict[str, int]) -> None:
        """The starting documents first, by skill (skills take theirs in at once), then the messages."""
        documents = sorted(self.documents_done)
        if self.documents_journal.exists():
            jsonl.rewrite(self.documents_journal, sorted(jsonl.read(self.documents_journal), key=lambda d: d["skill"]))
        jsonl.in_order(self.journal, position, lambda line: line["entry"]["message_id"])
        first = {f"document:{s}": n - len(documents) for n, s in enumerate(documents)}  # before every position
        self.peer.calls.in_stream_order(position | first)

    def snapshot(self) -> dict[str, str]:
        return {skill: self.render(skill) for skill in self.titles}

    async def publish(self) -> tuple[dict[str, str], list[dict]]:
        for skill in self.titles:  # a skill without corrections still has its starting document
            await self.document(skill)
        return self.snapshot(), sorted(self.log, key=lambda e: e["position"])

    def close(self) -> None:
        self.close_peer()


def bullets(title: str, header: str, items: list[str]) -> str:
    """A skill's guidance: its title, then each item as a bullet on one line under `header`."""
    body = "\n".join(f"- {' '.join(item.split())}" for item in items if item.strip())
    return f"# {title}\n\n{header}\n\n{body}\n" if body else f"# {title}\n"
