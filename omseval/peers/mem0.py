"""Mem0 (mem0ai 2.2.1) as a guidance approach: `approach=mem0`.

Each correction is added, in stream order, to the memory of its skill (Mem0's user_id: the build's namespace and
the skill); in the larger corpus the skill's starting document goes in first. The guidance for a question is its
skill's memories rendered as a document: every memory, oldest first (`guidance: all`, the default, what every
other approach hands over: guidance built once, before any question).

Mem0 runs as it is. In 2.x `Memory.add` makes one model call (its additive extraction prompt) and only ever ADDS
memories: it never updates or deletes one, so a correction is stored beside the statement it corrects and both
stay in the guidance. A reply that is not the JSON Mem0 asks for would be taken by Mem0 as "nothing to add": the
adapter checks it (one repair request, then a processing loss).

Each skill's memory is its own Mem0 instance: an embedded Qdrant store and Mem0's history database in the build's
folder (mem0/<n>/), used only from that skill's own worker thread (Mem0's API is synchronous; its model calls are
bridged to the build's event loop), so skills are processed in parallel. The embedder is hashed word stems (NOT a
neural embedder). Telemetry is off (MEM0_TELEMETRY=False and MEM0_DIR, the build's folder, set before Mem0 is
imported); spaCy and fastembed are not installed, so Mem0 searches by vector similarity only.
"""

import asyncio
import contextvars
import functools
import json
import os
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from inspect_ai.model import ChatMessage, ChatMessageSystem, ChatMessageUser, ModelOutput, ResponseSchema
from inspect_ai.util import JSONSchema

from omseval.builders.base import Build, PlannedCall
from omseval.builders.calls import reply_schema, string
from omseval.config import DocumentLayout
from omseval.errors import UserError
from omseval.oms.store import namespace
from omseval.pack_schema import Message, Pack
from omseval.peers.base import MemoryBuilder, bullets, digest
from omseval.peers.chat import Stopped
from omseval.peers.embedding import hashed_stems

# Mem0 reads MEM0_TELEMETRY once, when first imported, and any import of it (a test's, say) would otherwise turn its
# telemetry on for the whole process: this module is imported at validation, before Mem0 ever is.
os.environ["MEM0_TELEMETRY"] = "False"

EXTRA = 'pip install -e ".[mem0]"'
HEADER = "What the team's memory holds, oldest first:"
POSITION = "omseval_position"  # the stream position a memory came from (0: a starting document), in its metadata
EVERYTHING = 100_000  # get_all's top_k for "every memory"
GUIDANCE = ("all", "search")
SCHEMA: ResponseSchema = reply_schema(
    "mem0_extraction",
    memory=JSONSchema(
        type="array",
        items=JSONSchema(
            type="object",
            properties={
                "id": string(),
                "text": string(),
                "attributed_to": string(enum=["user", "assistant"]),
                "linked_memory_ids": JSONSchema(type="array", items=string()),
            },
            required=["id", "text", "attributed_to", "linked_memory_ids"],
            additionalProperties=False,
        ),
    ),
)


def parse(output: ModelOutput) -> dict:
    """Mem0's extraction reply: {"memory": [{"text": ..., ...}]}; ValueError when Mem0 could not use it."""
    text = output.completion.strip().removeprefix("```json").removeprefix("```").removesuffix("```").strip()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"not JSON ({e.msg})") from None
    if not isinstance(data, dict) or not isinstance(data.get("memory"), list):
        raise ValueError('not a JSON object with a "memory" list')
    for item in data["memory"]:
        if not isinstance(item, dict) or not isinstance(item.get("text"), str) or not item["text"].strip():
            raise ValueError('an item of "memory" is not an object with a "text"')
    return data


def chat_of(messages: list[dict]) -> list[ChatMessage]:
    return [
        ChatMessageSystem(content=m["content"]) if m["role"] == "system" else ChatMessageUser(content=m["content"])
        for m in messages
    ]


def memory_classes() -> tuple[Any, Any, Any]:
    """Mem0's Memory and its LLM and embedder bases (imported here: the extra is optional). Importing mem0 turns
    every DeprecationWarning of the process on (mem0.client); the warning filters are restored after it."""
    with warnings.catch_warnings():
        from mem0 import Memory
        from mem0.embeddings.base import EmbeddingBase
        from mem0.llms.base import LLMBase
        from mem0.memory import main

    if main.MEM0_TELEMETRY:  # imported before MEM0_TELEMETRY=False was set: it would send telemetry
        raise UserError("mem0 was imported with its telemetry on: set MEM0_TELEMETRY=False in the environment")
    return Memory, LLMBase, EmbeddingBase


class Mem0(MemoryBuilder):
    """Mem0 2.2.1 over the run's model: Memory.add per correction (ADD only), get_all per skill."""

    library, version, extra = "mem0ai", "2.2.1", EXTRA
    loggers = ("mem0", "qdrant_client", "posthog")
    phase = "mem0 add"

    def __init__(self, build: Build, name: str, guidance: str = "all", top_k: int = 10, dimensions: int = 256):
        os.environ["MEM0_TELEMETRY"] = "False"  # read once, when mem0 is first imported
        os.environ["MEM0_DIR"] = str(build.workdir)  # mem0 writes its config.json there when first imported
        self.guidance, self.top_k, self.dimensions = guidance, top_k, dimensions
        self.memories: dict[str, Any] = {}  # skill -> its Mem0 instance, used only in the skill's thread
        self.threads: dict[str, ThreadPoolExecutor] = {}
        super().__init__(build, name)
        self.namespace = namespace(self.workdir)
        self.folders = {skill: n for n, skill in enumerate(sorted(self.titles))}
        self.classes = memory_classes()
        self.loop: asyncio.AbstractEventLoop | None = None

    @classmethod
    def validate_options(cls, options: dict) -> None:
        super().validate_options(options)
        if options.get("guidance", "all") not in GUIDANCE:
            raise UserError(f"approach.guidance must be one of {', '.join(GUIDANCE)}, got {options['guidance']}")
        if options.get("guidance") == "search":
            raise UserError(
                "approach.guidance=search needs each question at answering time, which omseval does not hand to a "
                "build (its guidance is built once, before any question): use approach.guidance=all"
            )
        for key in ("top_k", "dimensions"):
            if options.get(key, 1) < 1:
                raise UserError(f"approach.{key} must be a positive integer, got {options[key]}")

    @classmethod
    def prompts(cls) -> dict:
        return super().prompts() | {"header": HEADER, "schema": SCHEMA.model_dump(exclude_none=True)}

    @classmethod
    def planned_calls(cls, pack: Pack, corpus, messages: list[Message], options: dict) -> list[PlannedCall]:
        """One call per message (Memory.add's extraction), in its skill's chain; in the larger corpus the skill's
        starting document first. Each prompt: Mem0's extraction instructions and sections with up to 10 retrieved
        memories and the skill's last 10 messages, assumed 35,500 characters as measured with the offline model,
        plus the text; each reply: the text's facts as JSON, assumed 1.2 times the text plus 100 characters."""
        texts = [(d.skill, d.text) for d in pack.documents] if corpus.layout == DocumentLayout.skill_documents else []
        texts += [(m.skill, m.text) for m in messages]
        return [PlannedCall(cls.phase, 35_500 + len(t), int(1.2 * len(t)) + 100, skill, True) for skill, t in texts]

    def user(self, skill: str) -> str:
        """The skill's Mem0 user_id: the build's namespace and the skill."""
        return f"{self.namespace}/{skill}"

    def thread(self, skill: str) -> ThreadPoolExecutor:
        """The skill's own worker thread, where its Mem0 instance lives."""
        if skill not in self.threads:
            self.threads[skill] = ThreadPoolExecutor(1, thread_name_prefix=f"mem0-{self.folders[skill]}")
        return self.threads[skill]

    async def in_thread(self, skill: str, function, *args) -> Any:
        """Run `function(*args)` in the skill's own worker thread, in this message's context."""
        call = functools.partial(contextvars.copy_context().run, function, *args)
        return await asyncio.get_running_loop().run_in_executor(self.thread(skill), call)

    def memory(self, skill: str) -> Any:
        """The skill's Mem0 instance (in its thread): opened on first use, in mem0/<n>/ of the build's folder."""
        if skill not in self.memories:
            Memory, LLMBase, EmbeddingBase = self.classes
            folder = Path(self.workdir) / "mem0" / str(self.folders[skill])
            folder.mkdir(parents=True, exist_ok=True)
            unused = {"provider": "openai", "config": {"api_key": "unused"}}  # constructed, then replaced: no call
            memory = Memory.from_config(
                {
                    "llm": unused,
                    "embedder": unused,
                    "vector_store": {
                        "provider": "qdrant",
                        "config": {
                            "collection_name": "memories",
                            "path": str(folder / "qdrant"),
                            "embedding_model_dims": self.dimensions,
                            "on_disk": True,
                        },
                    },
                    "history_db_path": str(folder / "history.db"),
                }
            )
            memory.llm = inspect_llm(LLMBase)(self)
            memory.embedding_model = hashed_embedder(EmbeddingBase)(self.dimensions)
            self.memories[skill] = memory
        return self.memories[skill]

    async def add(self, skill: str, text: str, position: int) -> tuple[dict, Any]:
        self.loop = asyncio.get_running_loop()
        added, recovered = await self.in_thread(skill, self.add_now, skill, text, position, self.last.get(skill))
        return {"added": added} | ({"recovered": True} if recovered else {}), None

    def add_now(self, skill: str, text: str, position: int, last: str | None) -> tuple[list[str], bool]:
        """Memory.add (in the skill's thread): the memories it added, and whether a build that died had already
        added them (then nothing is added again)."""
        from mem0.memory.main import _build_session_scope

        memory, user = self.memory(skill), self.user(skill)
        message = {"role": "user", "content": text}
        scope = _build_session_scope({"user_id": user})
        found = memory.get_all(filters={"user_id": user, POSITION: position}, top_k=EVERYTHING)["results"]
        saved = memory.db.get_last_messages(scope, limit=1)
        finished = bool(saved) and saved[-1]["content"] == text and digest(text) != last
        if found or finished:  # a build that died after Mem0 wrote this message's memories (or its message)
            for m in found:  # Mem0 stores a memory, then records it in its history: the dead build may have missed that
                if not memory.db.get_history(m["id"]):
                    stamps = {"created_at": m.get("created_at"), "updated_at": m.get("updated_at")}
                    memory.db.add_history(m["id"], None, m["memory"], "ADD", **stamps)
            if not finished:
                memory.db.save_messages([message], scope)  # Mem0's own last step, which the dead build missed
            return [m["memory"] for m in sorted(found, key=lambda m: m["created_at"])], True
        result = memory.add([message], user_id=user, metadata={POSITION: position})
        return [r["memory"] for r in result["results"]], False

    def everything(self, skill: str) -> list[str]:
        """Every memory of the skill, oldest first (in its thread)."""
        found = self.memory(skill).get_all(filters={"user_id": self.user(skill)}, top_k=EVERYTHING)["results"]
        return [m["memory"] for m in sorted(found, key=lambda m: (m["created_at"], m["id"]))]

    def search(self, skill: str, question: str) -> list[str]:
        """The skill's `top_k` memories most similar to the question (guidance=search, in its thread)."""
        found = self.memory(skill).search(question, top_k=self.top_k, filters={"user_id": self.user(skill)})
        return [m["memory"] for m in found["results"]]

    def render(self, skill: str) -> str:
        return bullets(self.titles[skill], HEADER, self.thread(skill).submit(self.everything, skill).result())

    async def publish(self) -> tuple[dict[str, str], list[dict]]:
        for skill in self.titles:
            await self.document(skill)
        documents = {}
        for skill in self.titles:  # a resumed build's skills too, whose memories a dead build stored
            documents[skill] = bullets(self.titles[skill], HEADER, await self.in_thread(skill, self.everything, skill))
        return documents, sorted(self.log, key=lambda e: e["position"])

    def close(self) -> None:
        super().close()  # model calls still waiting for a thread are cancelled first
        for skill, thread in self.threads.items():
            if skill in self.memories:
                thread.submit(close_memory, self.memories[skill])
            thread.shutdown(wait=True, cancel_futures=False)


def close_memory(memory: Any) -> None:
    """Release the skill's store: Mem0's close() closes its history database only, not Qdrant's folder lock."""
    memory.vector_store.client.close()
    memory.close()


def inspect_llm(base: Any) -> Any:
    """Mem0's LLM over the run's model (a subclass of Mem0's LLMBase, made once Mem0 is imported)."""

    class InspectLLM(base):
        def __init__(self, builder: Mem0):
            super().__init__({"model": builder.peer.model.name})
            self.builder = builder

        def generate_response(self, messages, tools=None, tool_choice="auto", response_format=None, **kwargs):
            peer, loop = self.builder.peer, self.builder.loop
            try:
                if tools or loop is None:
                    raise NotImplementedError("this LLM serves Memory.add's extraction (no tools) within a build")
                return json.dumps(peer.bridge(peer.ask(chat_of(messages), parse, schema=SCHEMA), loop))
            except Stopped:
                raise
            except Exception as e:  # this adapter's own error: a fault, though Mem0 wraps it in its LLMError
                peer.fault(e)
                raise

    return InspectLLM


def hashed_embedder(base: Any) -> Any:
    """Mem0's embedder: hashed word stems, NOT a neural embedder (a subclass of Mem0's EmbeddingBase)."""

    class HashedStems(base):
        def __init__(self, dimensions: int):
            super().__init__()
            self.dimensions = dimensions

        def embed(self, text, memory_action=None):
            return hashed_stems(text, self.dimensions)

    return HashedStems
