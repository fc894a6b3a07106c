"""The offline model's answering role, and the dispatch of a call to its roles by the role it declares: the name
of its reply's schema, the role its message declares, or a tool it offers. Each role reads the prompt's slots.

Answers rank guidance passages against the task; not a language model.

Roles are pluggable: besides its own (ROLES), the offline model takes every role of the entry-point group
`omseval.offline_roles`, each entry point a dict role name -> function(prompt, request) returning the reply's
text, or a list of (tool name, arguments) for a call that offers tools. omseval registers Graphiti's and the
memory systems' roles that way (pyproject.toml), and a plug-in package can add roles for its own schemas.
"""

import functools
import hashlib
import importlib.util
import json
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path

from inspect_ai.model import ChatCompletionChoice, ChatMessageAssistant, ModelOutput, ResponseSchema
from inspect_ai.tool import ToolCall, ToolChoice, ToolFunction, ToolInfo

from omseval.offline import files, judging, rules
from omseval.pack_schema.lint import GENERIC_ANSWER
from omseval.text import passages, terms

GROUP = "omseval.offline_roles"


@dataclass(frozen=True)
class Request:
    """What a call asks for besides its prompt: a reply of a schema (structured output), or a call of one of the
    tools it offers (`tool_choice`: "auto", "any", or the name of the one tool it must call)."""

    schema: ResponseSchema | None = None
    tools: tuple[str, ...] = ()
    tool_choice: str | None = None


Reply = str | list[tuple[str, dict]]  # the reply's text, or its tool calls (tool name, arguments)
Role = Callable[[str, Request], Reply]


def json_role(operation: Callable[[str], dict]) -> Role:
    """A role whose reply is the JSON of `operation(prompt)` (a structured reply)."""
    return lambda prompt, _request: json.dumps(operation(prompt))


_TAG = r"(?m)^\s*<{0}>(.*?)</{0}>"


def tagged(prompt: str, tag: str) -> str | None:
    """Text inside <tag>...</tag> (the opening tag at the start of a line) in the prompt, or None."""
    m = re.search(_TAG.format(tag), prompt, re.S)
    return m.group(1).strip() if m else None


def rank(guidance: str, query: str) -> list[tuple[float, int, str]]:
    """Passages sharing a word with the query, scored by idf-weighted overlap (heading words count half)."""
    items = passages(guidance)
    if not items:
        return []
    docs = [(Counter(terms(p)), set(terms(h))) for p, h in items]
    df = Counter(t for body, head in docs for t in set(body) | head)
    idf = {t: math.log(1 + len(docs) / n) for t, n in df.items()}
    wanted = set(terms(query))
    scored = []
    for i, ((p, _), (body, head)) in enumerate(zip(items, docs, strict=True)):
        if shared := wanted & set(body):
            # summed exactly (fsum): a set's order varies from one process to the next, a rounded sum with it
            s = math.fsum(idf[t] for t in shared) + 0.5 * math.fsum(idf[t] for t in wanted & (head - set(body)))
            scored.append((s, i, p))
    return sorted(scored, key=lambda x: (-x[0], x[1]))


def answer(guidance: str, task: str, top: int = 3) -> str:
    """Answer `task` with the guidance passages most relevant to it, in guidance order."""
    best = sorted(rank(guidance, task)[:top], key=lambda x: x[1])
    if not best:
        return GENERIC_ANSWER
    return "Following the team's guidance:\n" + "\n".join(f"- {p}" for _, _, p in best)


def retry_answer(guidance: str, task: str, correction: str) -> str:
    """A second attempt: the corrective message first, then the relevant guidance."""
    return f"Understood. {correction}\n\n" + answer(guidance, task)


def reconcile(prompt: str, request: Request) -> str:
    candidates = [
        {"id": i, "status": st, "skill": sk, "text": t}
        for i, st, sk, t in re.findall(
            r'<statement id="([^"]*)" status="([^"]*)" skill="([^"]*)">(.*?)</statement>', prompt, re.S
        )
    ]
    decision = (request.schema.json_schema.properties or {}).get("decision") if request.schema else None
    offered = (decision.enum if decision else None) or []  # the decisions the reply's schema offers
    decided = rules.reconcile(
        tagged(prompt, "correction") or "", tagged(prompt, "skill") or "", candidates, "outdated" in offered
    )
    return json.dumps(decided)


def question(prompt: str, _request: Request) -> str:
    guidance, task = tagged(prompt, "guidance") or "", tagged(prompt, "task")
    if task is None:
        return GENERIC_ANSWER
    correction = tagged(prompt, "correction")
    return retry_answer(guidance, task, correction) if correction is not None else answer(guidance, task)


# The offline model's own roles, by name: a reply schema's name, or the role a message declares.
ROLES: dict[str, Role] = {
    "file_selection": lambda p, _: json.dumps(
        {"file": files.select(tagged(p, "files") or "", tagged(p, "correction") or "")}
    ),
    "extract": lambda p, _: json.dumps(rules.extract(tagged(p, "correction") or "", tagged(p, "skill") or "")),
    "judge": lambda p, _: json.dumps(judging.judge(tagged(p, "intended_rule") or "", tagged(p, "answer") or "")),
    "reconcile": reconcile,
    "edit": lambda p, _: files.edit(tagged(p, "document") or "", tagged(p, "correction") or ""),
    "answer": question,
    "retry": question,
}


@functools.cache
def roles() -> dict[str, Role]:
    """Every role: the offline model's own and those of the `omseval.offline_roles` entry points."""
    found = dict(ROLES)
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        for name, role in point.load().items():
            if name in found:
                raise ValueError(f"the offline role {name!r} of entry point {point.name} ({point.value}) is taken")
            found[name] = role
    return found


def roles_fingerprint() -> str:
    """A digest of the entry-point roles' modules: the offline model's replies depend on them, beyond its own code
    (omseval.models.endpoint). A module's own source only: omseval's role modules import nothing that the offline
    model's own code does not."""
    sources = []
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        spec = importlib.util.find_spec(point.module)
        source = Path(spec.origin).read_text(encoding="utf-8") if spec is not None and spec.origin else ""
        sources.append(f"{point.name}={point.value}\n{source}")
    return hashlib.sha256("\n".join(sources).encode()).hexdigest()[:16]


def reply(prompt: str, role: str | None, request: Request = Request()) -> Reply:
    """The reply of the role a call declares (its reply schema's name, or its message's role); else, when it offers
    tools, of the tool it must call or the first tool offered that names a role; else a question's answer."""
    known = roles()
    if role is None and request.tools:
        wanted = [request.tool_choice] if request.tool_choice in request.tools else request.tools
        role = next((t for t in wanted if t in known), None)
        if role is None:
            tools = ", ".join(request.tools)
            raise NotImplementedError(
                f"the offline model has no role for the tools {tools} (it is not a language model)"
            )
    if role is not None and role not in known:
        raise NotImplementedError(f"the offline model has no role {role!r} (it is not a language model)")
    return known[role or "answer"](prompt, request)


def respond(prompt: str, role: str | None, schema: ResponseSchema | None = None) -> str:
    """The text reply of the role a call declares (its reply schema's name, or its message's role); a call with no
    role is answered as a question."""
    text = reply(prompt, role, Request(schema=schema))
    if not isinstance(text, str):
        raise NotImplementedError(f"the offline role {role!r} answers with tool calls, and this call offers no tools")
    return text


def output(
    model: str,
    prompt: str,
    role: str | None,
    schema: ResponseSchema | None = None,
    tools: list[ToolInfo] | None = None,
    tool_choice: ToolChoice | None = None,
) -> ModelOutput:
    """The offline model's output for a call: its text, or its tool calls when it offers tools."""
    offered = tuple(t.name for t in tools or []) if tool_choice != "none" else ()
    choice = tool_choice.name if isinstance(tool_choice, ToolFunction) else tool_choice
    answer = reply(prompt, role, Request(schema, offered, choice))
    if isinstance(answer, str):
        return ModelOutput.from_content(model=model, content=answer)
    calls = [
        ToolCall(id=call_id(prompt, i, name, args), function=name, arguments=args)
        for i, (name, args) in enumerate(answer)
    ]
    message = ChatMessageAssistant(content="", model=model, source="generate", tool_calls=calls)
    return ModelOutput(model=model, choices=[ChatCompletionChoice(message=message, stop_reason="tool_calls")])


def call_id(prompt: str, n: int, name: str, arguments: dict) -> str:
    """A tool call's id: unique within a reply and across replies, and the same for the same call."""
    key = json.dumps([prompt, n, name, arguments], sort_keys=True)
    return "call_" + hashlib.sha256(key.encode()).hexdigest()[:16]
