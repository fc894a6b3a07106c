"""Graphiti's LLM client over the run's inspect model, with the same cache, retries and fault rules as OMS's calls.

Each call asks for Graphiti's pydantic response model as a `response_schema` named after it, and is recorded
in calls.jsonl. An unusable reply gets one repair request. A model error past inspect's retries, or a reply
still unusable after the repair, loses the correction (`Lost`).
"""

import asyncio
import json
from pathlib import Path
from typing import Any, NoReturn

from graphiti_core.llm_client import LLMClient
from graphiti_core.llm_client.config import DEFAULT_MAX_TOKENS, LLMConfig, ModelSize
from graphiti_core.prompts.models import Message
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    GenerateConfig,
    Model,
    ResponseSchema,
)
from inspect_ai.util import JSONSchema
from pydantic import BaseModel

from omseval.builders.calls import REFUSED, UNUSABLE, Calls, Loss
from omseval.models import describe, failure, stop

REPAIR = "Your reply could not be used: {problem}\n\nReply again with one JSON object of the requested format only."


class Lost(BaseException):
    """An episode stopped: its correction lost (`error`, a Loss) or the build stopped (a service failure, a rejected
    key). A BaseException, so that none of Graphiti's `except Exception` handlers (which log and carry on) can
    swallow it: the episode stops before anything is written."""

    def __init__(self, error: Exception):
        super().__init__(str(error))
        self.error = error


class Unservable(BaseException):
    """A call this adapter cannot serve (no response model, or token ids to embed): the build stops."""


def response_schema(model: type[BaseModel]) -> ResponseSchema:
    """The response model's JSON schema with its `$defs` references written in place (inspect's schema has no refs)."""
    raw = model.model_json_schema()
    defs = raw.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return inline(defs[node["$ref"].rsplit("/", 1)[1]])
            return {k: inline(v) for k, v in node.items()}
        return [inline(v) for v in node] if isinstance(node, list) else node

    return ResponseSchema(name=model.__name__, json_schema=JSONSchema.model_validate(inline(raw)))


def parse(completion: str, model: type[BaseModel]) -> dict:
    """The reply as the response model's fields; ValueError (pydantic's ValidationError is one) if unusable."""
    text = completion.strip().removeprefix("```json").removeprefix("```").removesuffix("```").strip()
    return model.model_validate(json.loads(text)).model_dump()


class InspectClient(LLMClient):
    """Serves Graphiti's structured calls with the run's inspect model. `message_id` names the correction (or
    starting document) being processed: it labels the calls, never the prompts."""

    def __init__(self, model: Model, workdir: Path, cache: bool):
        super().__init__(LLMConfig(model=model.name, temperature=0), cache=False)  # inspect's cache serves
        self.calls = Calls(model, workdir, cache)
        self.message_id = ""
        self.lost: Exception | None = None  # why the current episode stopped: its other calls stop too
        self.in_flight = 0

    async def _generate_response(
        self,
        messages: list[Message],
        response_model: type[BaseModel] | None = None,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        model_size: ModelSize = ModelSize.medium,
        *,
        model: str | None = None,
    ) -> dict[str, Any]:
        if response_model is None:
            raise Unservable("Graphiti asked for a reply without a response model; this adapter serves only those")
        self.in_flight += 1
        try:
            return await self._ask(messages, response_model)
        finally:
            self.in_flight -= 1

    async def _ask(self, messages: list[Message], response_model: type[BaseModel]) -> dict[str, Any]:
        phase, config = response_model.__name__, GenerateConfig(response_schema=response_schema(response_model))
        chat: list[ChatMessage] = [
            ChatMessageSystem(content=m.content) if m.role == "system" else ChatMessageUser(content=m.content)
            for m in messages
        ]
        repaired = False
        while True:
            if self.lost is not None:
                raise Lost(self.lost)
            text = "\n\n".join(m.text for m in chat)
            try:
                output = await self.calls.model.generate(chat, config=config, cache=self.calls.cache)
            except Exception as e:
                kind = failure(self.calls.model, e)
                if kind is None:
                    raise
                if kind != "refused":
                    self.lose(stop(self.calls.model, e, kind))
                self.calls.record(self.message_id, phase, text, None, error=describe(e))
                self.lose(Loss(REFUSED, describe(e)))
            try:
                reply = parse(output.completion, response_model)
            except ValueError as e:
                problem = " ".join(str(e).split())[:300]
                self.calls.record(self.message_id, phase, text, output, problem=problem)
                if repaired:
                    self.lose(Loss(UNUSABLE, f"{phase} reply: {problem} (after one repair request)"))
                repair = ChatMessageUser(content=REPAIR.format(problem=problem))
                chat, repaired = [*chat, ChatMessageAssistant(content=output.completion), repair], True
                continue
            self.calls.record(self.message_id, phase, text, output, decision=reply)
            return reply

    def lose(self, error: Exception) -> NoReturn:
        self.lost = error
        raise Lost(error)

    def start(self, message_id: str) -> None:
        self.message_id, self.lost = message_id, None

    async def settle(self) -> None:
        """Wait until calls still running for a lost episode have stopped (Graphiti gathers calls and does not
        cancel the others when one fails)."""
        while self.in_flight:
            await asyncio.sleep(0.01)
