"""A build's model calls: each one recorded in calls.jsonl (prompt, reply, decision, token usage).

`ask` parses a reply with the caller's `parse`; an unusable reply gets one repair request. A reply still unusable
after the repair, or a request the model's API refuses as invalid, ends the correction as a processing loss
(`Loss`). A service failure or a rejected key stops the build (omseval.models); any other exception propagates.
"""

import asyncio
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from inspect_ai.model import ChatMessageUser, GenerateConfig, Model, ModelOutput, ResponseSchema
from inspect_ai.util import JSONSchema

from omseval.builders import jsonl
from omseval.models import cache_policy, refusal
from omseval.pack_schema.loader import fill

CALLS = "calls.jsonl"
USAGE = ("input_tokens", "output_tokens", "total_tokens")


class Loss(Exception):
    """A correction the builder could not process: the model's reply stayed unusable, or its API refused it.
    Its text starts with its cause (UNUSABLE or REFUSED)."""

    def __init__(self, cause: str, detail: str):
        super().__init__(f"{cause}: {detail}")
        self.cause = cause


UNUSABLE, REFUSED = "unusable reply", "request refused"  # the model's own failures: processing losses


class Calls:
    def __init__(self, model: Model, workdir: Path, cache: bool, connections: asyncio.Semaphore | None = None):
        self.model, self.path, self.cache = model, Path(workdir) / CALLS, cache_policy(cache)
        self.connections = connections or asyncio.Semaphore(1)  # the build's model calls at once
        jsonl.read(self.path)  # drops a line torn by a build that died mid-write

    async def ask(
        self,
        message_id: str,
        phase: str,
        prompt: str,
        parse: Callable[[ModelOutput], Any],
        repair: str | None = None,
        schema: ResponseSchema | None = None,
        role: str | None = None,
    ) -> Any:
        """parse(output) -> the decision, or ValueError naming what makes the reply unusable.

        `repair` (a template with {problem} and {prompt}) asks once more after an unusable reply. `role` declares
        the call's role to a model that reads it (the offline model) when the reply has no schema to name it.
        """
        config = GenerateConfig(response_schema=schema)
        text = prompt
        while True:
            output = await self.generate(message_id, phase, text, config, role)
            try:
                decision = parse(output)
            except ValueError as e:
                self.record(message_id, phase, text, output, problem=str(e))
                if repair is None:
                    raise Loss(UNUSABLE, str(e)) from None
                if text != prompt:
                    raise Loss(UNUSABLE, f"{e} (after one repair request)") from None
                text = fill(repair, problem=str(e), prompt=prompt)
                continue
            self.record(message_id, phase, text, output, decision=decision)
            return decision

    async def generate(
        self, message_id: str, phase: str, prompt: str, config: GenerateConfig, role: str | None = None
    ) -> ModelOutput:
        message = ChatMessageUser(content=prompt, metadata={"role": role} if role else None)
        try:
            async with self.connections:
                return await self.model.generate([message], config=config, cache=self.cache)
        except Exception as e:  # a service failure stops the build: nothing of this message is recorded
            refused = refusal(self.model, e)
            self.record(message_id, phase, prompt, None, error=refused)
            raise Loss(REFUSED, refused) from None

    def record(self, message_id: str, phase: str, prompt: str, output: ModelOutput | None, **outcome) -> None:
        usage = output.usage.model_dump(include=set(USAGE)) if output is not None and output.usage else {}
        line = {
            "message_id": message_id,
            "phase": phase,
            "prompt": prompt,
            "reply": output.completion if output is not None else None,
            **outcome,
            "usage": usage,
        }
        jsonl.append(self.path, line)

    def in_stream_order(self, position: dict[str, int]) -> None:
        """Only the calls of the messages in `position` (the processed ones), in their stream order (each
        message's own calls are made one after another)."""
        jsonl.in_order(self.path, position, lambda call: call["message_id"])


def token_totals(workdir: Path) -> dict[str, dict[str, int]]:
    """Token usage per phase over every call recorded in a build's calls.jsonl."""
    totals: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(USAGE, 0))
    for call in jsonl.read(Path(workdir) / CALLS):
        for k in USAGE:
            totals[call["phase"]][k] += call["usage"].get(k) or 0
    return dict(totals)


def string(**extra) -> JSONSchema:
    return JSONSchema(type="string", **extra)


def reply_schema(name: str, **properties: JSONSchema) -> ResponseSchema:
    """A reply that is one JSON object with exactly these properties, all required."""
    return ResponseSchema(
        name=name,
        json_schema=JSONSchema(
            type="object", properties=properties, required=list(properties), additionalProperties=False
        ),
    )
