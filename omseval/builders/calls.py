"""A build's model calls: each one recorded in calls.jsonl (prompt, reply, decision, token usage).

`ask` parses a reply with the caller's `parse`; an unusable reply gets one repair request. A model
error that survived inspect's retries, or a reply still unusable after the repair, ends the
correction as a processing loss (`Loss`); any other exception propagates.
"""

import asyncio
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from inspect_ai.model import GenerateConfig, Model, ModelOutput, ResponseSchema
from inspect_ai.util import JSONSchema

from omseval.guidance import journal
from omseval.models import cache_policy, describe, model_error
from omseval.pack_schema.loader import fill

CALLS = "calls.jsonl"
USAGE = ("input_tokens", "output_tokens", "total_tokens")


class Loss(Exception):
    """A correction the builder could not process: the model failed, or its reply stayed unusable."""


class Calls:
    def __init__(self, model: Model, workdir: Path, cache: bool, connections: asyncio.Semaphore | None = None):
        self.model, self.path, self.cache = model, Path(workdir) / CALLS, cache_policy(cache)
        self.connections = connections or asyncio.Semaphore(1)  # the build's model calls at once
        journal.read(self.path)  # drops a line torn by a build that died mid-write

    async def ask(
        self,
        message_id: str,
        phase: str,
        prompt: str,
        parse: Callable[[ModelOutput], Any],
        repair: str | None = None,
        schema: ResponseSchema | None = None,
    ) -> Any:
        """parse(output) -> the decision, or ValueError naming what makes the reply unusable.

        `repair` (a template with {problem} and {prompt}) asks once more after an unusable reply.
        """
        config = GenerateConfig(response_schema=schema)
        text = prompt
        while True:
            output = await self.generate(message_id, phase, text, config)
            try:
                decision = parse(output)
            except ValueError as e:
                self.record(message_id, phase, text, output, problem=str(e))
                if repair is None:
                    raise Loss(str(e)) from None
                if text != prompt:
                    raise Loss(f"unusable reply after one repair request: {e}") from None
                text = fill(repair, problem=str(e), prompt=prompt)
                continue
            self.record(message_id, phase, text, output, decision=decision)
            return decision

    async def generate(self, message_id: str, phase: str, prompt: str, config: GenerateConfig) -> ModelOutput:
        try:
            async with self.connections:
                return await self.model.generate(prompt, config=config, cache=self.cache)
        except Exception as e:
            if not model_error(self.model, e):
                raise
            error = describe(e)
            self.record(message_id, phase, prompt, None, error=error)
            raise Loss(f"model error past inspect's retries: {error}") from None

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
        journal.append(self.path, line)


def in_stream_order(workdir: Path, position: dict[str, int]) -> None:
    """Rewrite calls.jsonl with only the calls of the messages in `position` (the processed ones), in their
    stream order: messages processed concurrently, or redone after a build died mid-message, leave the file
    a one-at-a-time build leaves (each message's own calls are made one after another)."""
    path = Path(workdir) / CALLS
    if not path.exists():
        return
    calls = [c for c in journal.read(path) if c["message_id"] in position]
    journal.rewrite(path, sorted(calls, key=lambda c: position[c["message_id"]]))


def token_totals(workdir: Path) -> dict[str, dict[str, int]]:
    """Token usage per phase over every call recorded in a build's calls.jsonl."""
    totals: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(USAGE, 0))
    for call in journal.read(Path(workdir) / CALLS):
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
