"""The offline model's roles for the memory systems (approach=mem0, langmem, langmem_prompt): NOT a language model.

Lexical and deterministic, and generic: each role reads the slots the library's prompt gives it and answers what
its schema or its tools ask, with no knowledge of any pack. A role is chosen by its reply schema's name or by the
tool a call offers, never by the prompt's wording.

mem0_extraction   Mem0's extraction (its reply schema): one fact per sentence of the new messages, each fact
                  Mem0 already holds left out.
Memory            LangMem's memory manager (its tools Memory, PatchDoc, RemoveDoc): a new memory per message (a
                  message of several lines, a starting document, one per statement), and, where deletions are
                  offered, RemoveDoc for each existing memory whose values the message replaces.
GeneralResponse   LangMem's prompt optimizer (kind prompt_memory): the prompt with each feedback's rule merged in
                  (the file editor's edit: the statement it replaces rewritten, or the rule added).
"""

import ast
import json
import re

from omseval.offline.answering import Request, json_role
from omseval.offline.files import edit
from omseval.offline.rules import _covers, _replaces, _same_count, _similarity, directive, negated_terms, units
from omseval.text import content_terms, passages, values

_SPEAKER = re.compile(r"(?m)^(?:user|assistant|system): ")
_INSTANCE = re.compile(r'<instance id=(\S+) schema_type="[^"]*">\n(.*?)\n</instance>', re.S)
_SESSION = re.compile(r"<session_([\w-]+)>\n(.*?)\n</session_\1>", re.S)
_BANNER = re.compile(r"(?m)^=+ (\w+) Message =+$")


def section(prompt: str, name: str, following: str) -> str | None:
    """The text of the prompt's last `## name` section, up to the `## following` section after it."""
    start = prompt.rfind(f"## {name}\n")
    if start < 0:
        return None
    start += len(name) + 4
    end = prompt.find(f"\n\n## {following}\n", start)
    return prompt[start : end if end >= 0 else len(prompt)]


def statements(text: str) -> list[str]:
    """A message's statements: its bullets, lines and sentences as standing instructions, headings left out."""
    return list(dict.fromkeys(directive(p) for p, _ in passages(text)))


def mem0_extraction(prompt: str) -> dict:
    """Mem0's reply: a fact per sentence of the new messages, except the facts it already holds."""
    new = _SPEAKER.sub("", section(prompt, "New Messages", "Observation Date") or "")
    try:
        existing = {m.get("text") for m in json.loads(section(prompt, "Existing Memories", "New Messages") or "[]")}
    except ValueError:
        existing = set()
    facts = [s for s in statements(new) if s not in existing]
    return {
        "memory": [
            {"id": str(i), "text": fact, "attributed_to": "user", "linked_memory_ids": []}
            for i, fact in enumerate(facts)
        ]
    }


def replaces(new: str, old: str) -> bool:
    """The new statement replaces the old one: about the same thing, it gives another value of a quantity the old
    one states ("3 days" for "48 hours"), or rejects what the old one says ("by role, not by name")."""
    if _similarity(new, old, set()) < 2:
        return False
    if content_terms(old) - negated_terms(old) & negated_terms(new):
        return True
    theirs, mine = values(old), values(new)
    same_quantity = _same_count(new, old) or bool(units(new) & units(old))
    return bool(mine and theirs) and not _covers(theirs, mine) and same_quantity and _replaces(new, old)


def existing_memories(prompt: str) -> list[tuple[str, str]]:
    """The memories the manager shows (its <instance> slots): (id, text)."""
    found = []
    for key, body in _INSTANCE.findall(prompt):
        try:
            content = ast.literal_eval(body)
        except (ValueError, SyntaxError):
            content = json.loads(body)
        found.append((key, str(content.get("content", "")) if isinstance(content, dict) else str(content)))
    return found


def new_messages(prompt: str) -> list[str]:
    """The human messages of the session the manager shows (the last <session_...> slot)."""
    sessions = _SESSION.findall(prompt)
    if not sessions:
        return []
    parts = _BANNER.split(sessions[-1][1])  # [before, role, text, role, text, ...]
    return [text.strip() for role, text in zip(parts[1::2], parts[2::2], strict=True) if role == "Human"]


def memory_manager(prompt: str, request: Request) -> list[tuple[str, dict]]:
    """LangMem's tool calls: RemoveDoc (where offered) for each memory a message replaces, then a Memory per
    message (per statement of a message of several lines), those it already holds left out."""
    existing = existing_memories(prompt)
    new = [
        s for text in new_messages(prompt) for s in (statements(text) if "\n" in text.strip() else [directive(text)])
    ]
    calls: list[tuple[str, dict]] = []
    if "RemoveDoc" in request.tools:
        calls += [("RemoveDoc", {"json_doc_id": key}) for key, old in existing if any(replaces(s, old) for s in new)]
    held = {old for _, old in existing}
    calls += [("Memory", {"content": s}) for s in new if s not in held] or [("Memory", {"content": s}) for s in new]
    return calls


def prompt_optimizer(prompt: str, request: Request) -> list[tuple[str, dict]]:
    """LangMem's prompt_memory reply: the current prompt with each feedback merged in (the file editor's edit)."""
    current = re.search(r"<current_prompt>\n(.*?)\n</current_prompt>", prompt, re.S)
    before = current.group(1) if current else ""
    after = before
    for feedback in re.findall(r"<feedback (\d+)>\n(.*?)\n</feedback \1>", prompt, re.S):
        if feedback[1].strip():
            after = edit(after, feedback[1].strip())
    changed = after != before
    logic = "The feedback's rule is merged into the prompt." if changed else "The prompt already says it."
    return [("GeneralResponse", {"logic": logic, "update_prompt": changed, "new_prompt": after if changed else ""})]


# registered in pyproject.toml (entry-point group omseval.offline_roles)
ROLES = {
    "mem0_extraction": json_role(mem0_extraction),
    "Memory": memory_manager,
    "GeneralResponse": prompt_optimizer,
}
