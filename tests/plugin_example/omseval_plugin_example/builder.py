"""approach=plugin_example: a builder class of another package."""

from typing import Any

from inspect_ai.model import ModelOutput

from omseval.builders.base import Build, FileBuilder
from omseval.builders.calls import Calls, Loss
from omseval.pack_schema import Message

PROMPT = (
    "Restate this correction to the team's guidance as one instruction.\n\n<correction>\n{correction}\n</correction>"
)
ROLE = "restate"  # the role its calls declare: the offline model answers it by this package's entry point


def restated(output: ModelOutput) -> str:
    text = " ".join(output.completion.split())
    if not text:
        raise ValueError("the reply is empty")
    return text


class Restated(FileBuilder):
    """Each correction restated by the model, appended under `heading` of its document (one model call each)."""

    uses_model = True

    def __init__(self, build: Build, name: str, heading: str = "## Corrections, restated"):
        super().__init__(build, name)
        self.heading = heading
        self.calls = Calls(self.model, self.workdir, self.cache, self.connections)

    @classmethod
    def prompts(cls) -> dict:
        return {"restate": PROMPT}

    async def apply(self, message: Message, prepared: Any) -> dict:
        prompt = PROMPT.format(correction=message.text)
        try:
            text = await self.calls.ask(message.message_id, ROLE, prompt, restated, role=ROLE)
        except Loss as e:
            return {"failure": str(e), "cause": e.cause}
        doc = self.chain(message, prepared)
        kept = (self.documents.get(doc) or "").rstrip("\n")
        if self.heading not in kept:
            kept = f"{kept}\n\n{self.heading}" if kept else self.heading
        self.documents[doc] = f"{kept}\n- {text}\n"
        return {"restated": text}
