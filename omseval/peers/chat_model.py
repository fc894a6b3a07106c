"""The run's inspect model as a LangChain chat model, for LangMem (the `langmem` extra brings LangChain).

Tool calling goes through inspect's own `tools` and `tool_choice`, so that every model is called the same way:
the offline model, Anthropic through inspect, a local model. A reply is unusable (one repair request, then a
processing loss) when it calls no tool where one is required, calls a tool it was not offered, or leaves out a
tool's required argument; what the arguments mean is the library's to check (trustcall repairs them itself).
Only the async path is served: LangMem's `ainvoke` never takes the sync one.

LangMem's memory manager wraps the conversation in <session_UUID> tags with a fresh random uuid4 per call; the
adapter writes a uuid derived from the call's own text in its place (in those tags only), so that the same call is
the same prompt: inspect's cache can serve it, and a build is reproducible (a parallel build is the one-at-a-time
build, calls.jsonl included).
"""

import hashlib
import re
import uuid
from collections.abc import Sequence
from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageTool,
    ChatMessageUser,
    ModelOutput,
)
from inspect_ai.tool import ToolCall, ToolChoice, ToolFunction, ToolInfo, ToolParams
from inspect_ai.util import JSONSchema
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import ConfigDict

from omseval.peers.chat import PeerModel, Stopped


def text_of(content: Any) -> str:
    """A LangChain message's content as text (a string, or a list of strings and text blocks)."""
    if isinstance(content, str):
        return content
    parts = [c if isinstance(c, str) else c.get("text", "") for c in content or [] if isinstance(c, str | dict)]
    return "".join(parts)


def inline(schema: Any, definitions: dict | None = None) -> Any:
    """A JSON schema with its `$defs` references written in place (inspect's tool parameters have no refs)."""
    if definitions is None and isinstance(schema, dict):
        definitions = schema.get("$defs", {})
    if isinstance(schema, dict):
        if "$ref" in schema:
            return inline(definitions[schema["$ref"].rsplit("/", 1)[1]], definitions)  # type: ignore[index]
        return {k: inline(v, definitions) for k, v in schema.items() if k != "$defs"}
    if isinstance(schema, list):
        return [inline(v, definitions) for v in schema]
    return schema


def tool_info(tool: dict) -> ToolInfo:
    """An OpenAI-format tool (LangChain's convert_to_openai_tool) as inspect's ToolInfo."""
    function = tool["function"]
    parameters = inline(function.get("parameters") or {})
    return ToolInfo(
        name=function["name"],
        description=function.get("description") or function["name"],
        parameters=ToolParams(
            properties={k: JSONSchema.model_validate(v) for k, v in (parameters.get("properties") or {}).items()},
            required=list(parameters.get("required") or []),
        ),
    )


def choice(tool_choice: Any, tools: list[ToolInfo]) -> ToolChoice | None:
    """LangChain's tool_choice as inspect's: None or "auto" -> the model's choice, "any" (or "required", or True)
    -> some tool, a tool's name -> that tool."""
    if not tools:
        return None
    if tool_choice in (None, "auto"):
        return "auto"
    if tool_choice in ("any", "required", True):
        return "any"
    if tool_choice == "none":
        return "none"
    if isinstance(tool_choice, dict):
        tool_choice = (tool_choice.get("function") or {}).get("name") or tool_choice.get("name")
    if isinstance(tool_choice, str) and tool_choice in {t.name for t in tools}:
        return ToolFunction(name=tool_choice)
    raise ValueError(f"a tool_choice this adapter does not know: {tool_choice!r}")


SESSION_TAG = re.compile(r"(</?session_)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(>)")


def stable_sessions(texts: list[str]) -> list[str]:
    """The texts with each <session_UUID> tag's random uuid replaced by one derived from the texts themselves."""
    found = list(dict.fromkeys(m.group(2) for t in texts for m in SESSION_TAG.finditer(t)))
    if not found:
        return texts
    blank = hashlib.sha256("\0".join(SESSION_TAG.sub(r"\1\3", t) for t in texts).encode()).hexdigest()
    stable = {u: str(uuid.uuid5(uuid.NAMESPACE_OID, f"{blank}:{n}")) for n, u in enumerate(found)}
    return [SESSION_TAG.sub(lambda m: m.group(1) + stable[m.group(2)] + m.group(3), t) for t in texts]


def to_inspect(messages: Sequence[BaseMessage]) -> list[ChatMessage]:
    """LangChain's messages as inspect's (an assistant's tool calls and the tools' results included)."""
    called: dict[str, str] = {}  # tool call id -> the tool's name
    chat: list[ChatMessage] = []
    texts = stable_sessions([text_of(m.content) for m in messages])
    for m, text in zip(messages, texts, strict=True):
        if isinstance(m, SystemMessage):
            chat.append(ChatMessageSystem(content=text))
        elif isinstance(m, HumanMessage):
            chat.append(ChatMessageUser(content=text))
        elif isinstance(m, AIMessage):
            calls = [ToolCall(id=c["id"] or "", function=c["name"], arguments=c["args"]) for c in m.tool_calls]
            called |= {c.id: c.function for c in calls}
            chat.append(ChatMessageAssistant(content=text, tool_calls=calls or None))
        elif isinstance(m, ToolMessage):
            function = called.get(m.tool_call_id)
            chat.append(ChatMessageTool(content=text, tool_call_id=m.tool_call_id, function=function))
        else:
            raise TypeError(f"a LangChain message this adapter does not serve: {type(m).__name__}")
    return chat


def parse(output: ModelOutput, tools: list[ToolInfo], tool_choice: ToolChoice | None) -> dict:
    """The reply as {content, tool_calls}; ValueError when it is unusable (see the module)."""
    offered = {t.name: t for t in tools}
    calls = output.message.tool_calls or []
    for c in calls:
        if c.parse_error:
            raise ValueError(f"the arguments of the {c.function} call are not JSON: {c.parse_error}")
        if c.function not in offered:
            raise ValueError(f"it calls {c.function}, which is not among the tools offered ({', '.join(offered)})")
        if missing := [k for k in offered[c.function].parameters.required if k not in c.arguments]:
            raise ValueError(f"its {c.function} call leaves out {', '.join(missing)}")
    if tool_choice == "any" and not calls:
        raise ValueError(f"it calls no tool; it must call one of {', '.join(offered)}")
    if isinstance(tool_choice, ToolFunction) and not any(c.function == tool_choice.name for c in calls):
        raise ValueError(f"it does not call {tool_choice.name}, which it must call")
    return {
        "content": output.completion,
        "tool_calls": [{"name": c.function, "args": c.arguments, "id": c.id} for c in calls],
    }


class InspectChat(BaseChatModel):
    """The run's model (a PeerModel) as a LangChain chat model."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    peer: PeerModel

    def __init__(self, peer: PeerModel):
        fields: dict[str, Any] = {"peer": peer, "cache": False}  # inspect's cache serves, never LangChain's
        super().__init__(**fields)

    @property
    def _llm_type(self) -> str:
        return "omseval-inspect"

    def bind_tools(self, tools: Sequence[Any], *, tool_choice: Any = None, **kwargs: Any) -> Any:
        """A binding whose `.bound` is this model (trustcall rebinds through it)."""
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], tool_choice=tool_choice, **kwargs)

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any):
        raise NotImplementedError("the run's model serves LangChain's async path only (ainvoke)")

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> ChatResult:
        try:
            chat = to_inspect(messages)
            tools = [tool_info(t) for t in kwargs.get("tools") or []]
            tool_choice = choice(kwargs.get("tool_choice"), tools)
            reply = await self.peer.ask(
                chat, lambda out: parse(out, tools, tool_choice), tools=tools, tool_choice=tool_choice
            )
        except Stopped:
            raise
        except Exception as e:  # this adapter's own error: a fault, whatever the library does with it
            self.peer.fault(e)
            raise
        calls = [
            {"name": c["name"], "args": c["args"], "id": c["id"], "type": "tool_call"} for c in reply["tool_calls"]
        ]
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=reply["content"], tool_calls=calls))])
