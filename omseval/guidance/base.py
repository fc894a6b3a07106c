"""The builder interface, and the durable state shared by the builders that keep plain files.

An approach is a builder class named by `_target_` in conf/approach/<name>.yaml; the file's other
keys are the class's keyword options, and Hydra instantiates it once per build.
"""

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from omseval.config import GuidanceLayout
from omseval.guidance.artifact import SHARED, write_json_atomic
from omseval.pack import Message, Pack


@dataclass
class Build:
    """What one build works with: the pack, the corpus's config, its folder, and the run's model and store."""

    pack: Pack
    corpus: Any  # conf/corpus: name, guidance layout, templates
    workdir: Path
    model: Any = None  # inspect-ai Model
    store: Any = None  # conf/store
    cache: bool = True


class Builder:
    """Turns the correction stream into guidance documents, one message at a time.

    `process` must record its effect durably before it returns, so that a build that dies
    resumes with the next unprocessed message and never processes one twice.
    """

    uses_model = False  # calls the model while processing corrections
    uses_store = False  # keeps its state in the graph store
    recording = "schedule"  # handoff: corrections recorded "always", by the "schedule" (07), or "never"

    def __init__(self, build: Build, name: str):
        self.name, self.pack, self.corpus, self.workdir = name, build.pack, build.corpus, build.workdir
        self.model, self.cache = build.model, build.cache

    @classmethod
    def check_options(cls, options: dict) -> None:
        """Refuse, before any work, option values that the option's type allows but the approach does not."""

    @classmethod
    def prompts(cls) -> dict:
        """The approach's own prompts, beyond the pack's templates (a build's key covers them)."""
        return {}

    def processed(self) -> set[str]:
        raise NotImplementedError

    async def process(self, message: Message) -> dict:
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
    """Keeps documents as plain text; its whole state is saved atomically after every message."""

    def __init__(self, build: Build, name: str):
        super().__init__(build, name)
        self.state_file = self.workdir / "state.json"
        if self.state_file.exists():
            state = json.loads(self.state_file.read_text(encoding="utf-8"))
        else:
            state = {"documents": self.starting_documents(), "log": []}
        self.documents: dict[str, str] = state["documents"]
        self.log: list[dict] = state["log"]

    def starting_documents(self) -> dict[str, str]:
        if self.corpus.guidance == GuidanceLayout.shared_file:
            return {SHARED: ""}
        return {d.skill: d.text for d in self.pack.documents}

    def processed(self) -> set[str]:
        return {e["message_id"] for e in self.log}

    def snapshot(self) -> dict[str, str]:
        return dict(self.documents)

    async def process(self, message: Message) -> dict:
        entry = {"message_id": message.message_id, "position": message.position} | await self.apply(message)
        self.log.append(entry)
        write_json_atomic(self.state_file, {"documents": self.documents, "log": self.log})
        return entry

    async def apply(self, message: Message) -> dict:
        raise NotImplementedError

    async def publish(self) -> tuple[dict[str, str], list[dict]]:
        self.state_file.unlink(missing_ok=True)
        return self.documents, self.log
