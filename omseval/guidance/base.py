"""The builder interface, and the durable state shared by the builders that keep plain files."""

import json
from pathlib import Path

from omseval.guidance.artifact import SHARED, write_json_atomic
from omseval.pack import Message, Pack


class Builder:
    """Turns the correction stream into guidance documents, one message at a time.

    `process` must record its effect durably before it returns, so that a build that dies
    resumes with the next unprocessed message and never processes one twice.
    """

    def __init__(self, pack: Pack, corpus: str, workdir: Path, cfg, model=None):
        self.pack, self.corpus, self.workdir, self.cfg, self.model = pack, corpus, workdir, cfg, model

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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.state_file = self.workdir / "state.json"
        if self.state_file.exists():
            state = json.loads(self.state_file.read_text(encoding="utf-8"))
        else:
            state = {"documents": self.starting_documents(), "log": []}
        self.documents: dict[str, str] = state["documents"]
        self.log: list[dict] = state["log"]

    def starting_documents(self) -> dict[str, str]:
        if self.corpus == "smaller":
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

    def target(self, message: Message) -> str:
        return SHARED if self.corpus == "smaller" else message.skill
