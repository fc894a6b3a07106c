"""LangMem (langmem 0.0.30) as two guidance approaches, over the run's model as a LangChain chat model.

`approach=langmem`: LangMem's memory manager (create_memory_manager, enable_deletes=True) keeps a set of memories
per skill. Each correction, in stream order, is one manager call that sees the skill's memories and the
correction (as the user's message) and answers with tool calls: insert a memory (Memory), patch one (PatchDoc),
delete one (RemoveDoc). Deletions are applied. In the larger corpus the skill's starting document goes in first,
as a message of its own. The guidance is the skill's memories, in the order they were first recorded.

`approach=langmem_prompt`: LangMem's prompt optimizer (create_prompt_optimizer). Each skill's document is the
prompt and each correction is feedback on it (with an empty trajectory: there was no conversation); the optimizer
returns the whole new prompt, which is the skill's new document. The kind is prompt_memory: exactly one model
call per correction (metaprompt always makes max_reflection_steps calls, 5 by default, and gradient 2 to 6), and
it does not require the prompt's {...} to survive as template variables, which the skill documents' literal
braces ({{host}}, ${VAR}) would otherwise turn into repair calls. LangMem returns the new prompt re-escaped for
str.format (its braces doubled), which cannot be undone, so the builder takes the new prompt as the model wrote
it in that one call; an empty one (update_prompt false) leaves the document as it was.

Traps handled (NOTES of the integration): a failing model call is retried by trustcall up to langgraph's
recursion limit, so a stopped message fails every later call at once (omseval.peers.chat) and the manager runs
with a small recursion limit; LangSmith tracing is switched off before LangMem is imported.
"""

import os
import warnings
from typing import Any

from omseval.builders.base import Build, FileBuilder, PlannedCall, starting_documents
from omseval.config import DocumentLayout
from omseval.pack_schema import Message, Pack
from omseval.peers.base import MemoryBuilder, Peer, bullets
from omseval.peers.chat import outcome

EXTRA = 'pip install -e ".[langmem]"'
HEADER = "What the team's memory holds, in the order it was first recorded:"
RECURSION_LIMIT = 12  # langgraph steps of one manager call: extraction, validation and trustcall's repairs
LOGGERS = ("langmem", "trustcall", "langgraph", "langsmith", "langchain_core")
TRACING = ("LANGSMITH_TRACING", "LANGSMITH_TRACING_V2", "LANGCHAIN_TRACING", "LANGCHAIN_TRACING_V2")


def untraced() -> None:
    """LangSmith's tracing off: LangMem traces its calls with it, which would upload them."""
    for name in TRACING:
        os.environ[name] = "false"


def chat_model(peer):
    """The run's model as LangMem calls it."""
    from omseval.peers.chat_model import InspectChat

    return InspectChat(peer)


class LangMem(MemoryBuilder):
    """LangMem's memory manager, one set of memories per skill, deletions applied."""

    library, version, extra = "langmem", "0.0.30", EXTRA
    loggers = LOGGERS
    phase = "memory manager"

    def __init__(self, build: Build, name: str):
        untraced()
        self.memories: dict[str, dict[str, str]] = {}  # skill -> memory id -> its text, in recording order
        self.counter: dict[str, int] = {}  # skill -> the number of its next memory
        super().__init__(build, name)
        with warnings.catch_warnings():  # LangMem's dependencies change the process's warning filters
            from langmem import create_memory_manager
            from langmem.knowledge.extraction import Memory

        self.schema = Memory
        self.manager = create_memory_manager(chat_model(self.peer), enable_deletes=True)

    @classmethod
    def prompts(cls) -> dict:
        return super().prompts() | {"header": HEADER, "recursion_limit": RECURSION_LIMIT}

    @classmethod
    def planned_calls(cls, pack: Pack, corpus, messages: list[Message], options: dict) -> list[PlannedCall]:
        """One manager call per message, in its skill's chain; in the larger corpus the skill's starting document
        first. Each prompt: LangMem's instructions (2,200 characters), the tools offered (Memory alone, 500, while
        the skill holds no memory; with PatchDoc and RemoveDoc, 5,200) and the skill's memories, assumed 1.5 times
        its starting document plus 170 characters per earlier correction (as measured with the offline model),
        plus the text; each reply: the tool calls, assumed 300 characters (1.2 times a document)."""
        documents = {d.skill: d.text for d in pack.documents} if corpus.layout == DocumentLayout.skill_documents else {}
        held = {skill: int(1.5 * len(text)) for skill, text in documents.items()}
        planned = [PlannedCall(cls.phase, 2_700 + len(t), int(1.2 * len(t)), s, True) for s, t in documents.items()]
        for m in messages:
            memories = held.get(m.skill, 0)
            tools = 5_200 if memories else 500
            planned.append(PlannedCall(cls.phase, 2_200 + tools + memories + len(m.text), 300, m.skill, True))
            held[m.skill] = memories + 170
        return planned

    async def add(self, skill: str, text: str, position: int) -> tuple[dict, Any]:
        before = self.memories.get(skill, {})
        existing = [(key, self.schema(content=content)) for key, content in before.items()]
        state = await self.manager.ainvoke(
            {"messages": [{"role": "user", "content": text}], "existing": existing, "max_steps": 1},
            config={"recursion_limit": RECURSION_LIMIT},
        )
        delta: dict[str, list] = {"insert": [], "update": [], "remove": []}
        n = self.counter.get(skill, 1)
        for item in state:
            kind, content = type(item.content).__name__, getattr(item.content, "content", None)
            if kind == "RemoveDoc":
                if item.id in before:
                    delta["remove"].append(item.id)
            elif item.id not in before:
                delta["insert"].append([f"memory-{n}", str(content)])  # its own ids: LangMem's are random
                n += 1
            elif content != before[item.id]:
                delta["update"].append([item.id, str(content)])
        fields = {
            "inserted": [t for _, t in delta["insert"]],
            "updated": [t for _, t in delta["update"]],
            "removed": [before[k] for k in delta["remove"]],
        }
        return fields, delta

    def apply(self, skill: str, delta: Any) -> None:
        if delta is None:
            return
        memories = self.memories.setdefault(skill, {})
        for key, content in delta["update"]:
            memories[key] = content
        for key in delta["remove"]:
            memories.pop(key, None)
        for key, content in delta["insert"]:
            memories[key] = content
            self.counter[skill] = max(self.counter.get(skill, 1), int(key.rsplit("-", 1)[1]) + 1)

    def render(self, skill: str) -> str:
        return bullets(self.titles[skill], HEADER, list(self.memories.get(skill, {}).values()))


class LangMemPrompt(Peer, FileBuilder):
    """LangMem's prompt optimizer (kind prompt_memory): each skill document is the prompt, each correction is
    feedback, the optimized prompt is the new document."""

    library, version, extra = "langmem", "0.0.30", EXTRA
    loggers = LOGGERS
    phase = "prompt optimizer"

    @classmethod
    def prompts(cls) -> dict:
        return super().prompts() | {"kind": "prompt_memory"}

    @classmethod
    def planned_calls(cls, pack: Pack, corpus, messages: list[Message], options: dict) -> list[PlannedCall]:
        """One optimizer call per correction, in its document's chain. Each prompt: LangMem's template and tool
        (2,100 characters), the document as it stands, assumed its starting text plus 100 characters per earlier
        correction, and the correction; each reply: the whole new document and 200 characters of reasoning."""
        held = {skill: len(text) for skill, (_, text) in starting_documents(pack, corpus).items()}
        planned = []
        for m in messages:
            document = held.get(m.skill, 0)
            planned.append(PlannedCall(cls.phase, 2_100 + document + len(m.text), document + 300, m.skill, True))
            held[m.skill] = document + 100
        return planned

    def __init__(self, build: Build, name: str):
        untraced()
        super().__init__(build, name)
        self.start_peer(build)
        self.calls = self.peer.calls  # FileBuilder keeps it in stream order
        with warnings.catch_warnings():
            from langmem import create_prompt_optimizer

        self.optimizer = create_prompt_optimizer(chat_model(self.peer), kind="prompt_memory")

    async def apply(self, message: Message, prepared: Any) -> dict:
        doc = self.chain(message, prepared)
        with self.peer.session(message.message_id, self.phase) as session:
            error: Exception | None = None
            try:
                await self.optimizer.ainvoke({"trajectories": [([], message.text)], "prompt": self.documents[doc]})
            except Exception as e:
                error = e
        if lost := outcome(session, error):
            return lost
        calls = [c["args"] for d in session.decisions for c in d["tool_calls"] if c["name"] == "GeneralResponse"]
        reply = calls[-1] if calls else {}  # the optimizer's one call (a repair's reply, if it needed one)
        new = reply.get("new_prompt") if reply.get("update_prompt") else None
        if isinstance(new, str) and new.strip() and new != self.documents[doc]:
            self.documents[doc] = new if new.endswith("\n") else new + "\n"
            return {"changed": True}
        return {"changed": False}

    def close(self) -> None:
        self.close_peer()
