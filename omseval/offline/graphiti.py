"""The offline model's roles for Graphiti's operations, chosen by the reply's schema (Graphiti's response model).

Lexical and deterministic, NOT a language model, and generic: each role reads the slots Graphiti's prompt
gives it and answers what the schema asks, with no knowledge of any pack. Entities are the first and last
runs of content words of each sentence; a fact is a sentence between two of the listed entities; a new fact
duplicates an existing one that states the same values, and contradicts a related one whose values it
replaces (the same quantity, another value) or whose words it rejects ("by role, not by name").
"""

import ast
import json
import re
from collections.abc import Callable

from omseval.offline.answering import json_role
from omseval.offline.rules import _covers, _replaces, _same_count, _similarity, directive, negated_terms, units
from omseval.text import NUMBERS, STOPWORDS, content_terms, passages, values

_WORD = re.compile(r"[A-Za-z][\w'’/&-]*|\S")
RELATION = "APPLIES_TO"


def slot(prompt: str, tag: str) -> str | None:
    """The text between <TAG> and </TAG> on lines of their own, or None."""
    m = re.search(rf"(?m)^<{re.escape(tag)}>\n(.*?)\n?</{re.escape(tag)}>", prompt, re.S)
    return m.group(1) if m else None


def _listing(text: str | None) -> list:
    """A slot holding a JSON list, or a Python list of dicts (Graphiti writes some slots with str())."""
    if not text or not text.strip():
        return []
    try:
        found = json.loads(text)
    except ValueError:
        found = ast.literal_eval(text.strip())
    return found if isinstance(found, list) else []


def _sentences(text: str) -> list[str]:
    """Statements of a message or document: its bullets, lines and sentences, headings left out."""
    return [directive(p) for p, _ in passages(text)]


def _content(word: str) -> bool:
    w = word.lower()
    return w[:1].isalpha() and w not in STOPWORDS and w not in NUMBERS and len(w) > 2


def phrases(sentence: str) -> list[str]:
    """Runs of content words, in order (at most three words each: the run's end, where English puts its head)."""
    runs, run = [], []
    for token in [*_WORD.findall(sentence), "."]:
        if _content(token):
            run.append(token)
        elif run:
            runs.append(" ".join(run[-3:]))
            run = []
    return runs


def extract_entities(prompt: str) -> dict:
    text = next((t for tag in ("CURRENT MESSAGE", "TEXT", "JSON") if (t := slot(prompt, tag)) is not None), "")
    names: dict[str, str] = {}
    for sentence in _sentences(text):
        found = phrases(sentence)
        for name in found[:1] + found[-1:]:
            names.setdefault(name.lower(), name)
    return {"extracted_entities": [{"name": n, "entity_type_id": 0, "episode_indices": [0]} for n in names.values()]}


def resolve_entities(prompt: str) -> dict:
    """Each entity is the existing one with the same content words, or new (-1)."""
    existing = _listing(slot(prompt, "EXISTING ENTITIES"))
    out = []
    for entity in _listing(slot(prompt, "ENTITIES")):
        words = content_terms(entity["name"])
        same = [c["candidate_id"] for c in existing if words and content_terms(c["name"]) == words]
        out.append({"id": entity["id"], "name": entity["name"], "duplicate_candidate_id": same[0] if same else -1})
    return {"entity_resolutions": out}


def _mentions(sentence: str, name: str) -> int | None:
    """Where the sentence names the entity (its words in order), or None."""
    m = re.search(r"(?<!\w)" + r"\W+".join(map(re.escape, name.lower().split())) + r"(?!\w)", sentence.lower())
    return m.start() if m else None


def extract_edges(prompt: str) -> dict:
    """A fact per sentence naming two of the entities (one named alone pairs with the message's first entity)."""
    text = slot(prompt, "CURRENT_MESSAGE") or ""
    names = [e["name"] for e in _listing(slot(prompt, "ENTITIES"))]
    when = (slot(prompt, "REFERENCE_TIME") or "").split("#")[0].strip() or None
    edges = []
    for sentence in _sentences(text):
        named = sorted((at, n) for n in names if (at := _mentions(sentence, n)) is not None)
        pair = [n for _, n in named]
        if len(pair) == 1 and names and names[0] != pair[0]:
            pair = [names[0], pair[0]]
        if len(pair) >= 2 and pair[0] != pair[-1]:
            edges.append(
                {
                    "source_entity_name": pair[0],
                    "target_entity_name": pair[-1],
                    "relation_type": RELATION,
                    "fact": sentence,
                    "valid_at": when,
                    "invalid_at": None,
                    "episode_indices": [0],
                }
            )
    return {"edges": edges}


def _same_values(a: str, b: str) -> bool:
    va, vb = values(a), values(b)
    if va or vb:
        return _covers(va, vb) and _covers(vb, va) and _same_count(a, b)
    wa, wb = content_terms(a), content_terms(b)
    return bool(wa) and len(wa & wb) / len(wa | wb) >= 0.7


def _contradicts(new: str, old: str) -> bool:
    """Both cannot hold: the new fact gives another value of the same quantity, or rejects what the old one says."""
    if content_terms(old) - negated_terms(old) & negated_terms(new):
        return True
    theirs, mine = values(old), values(new)
    same_quantity = _same_count(new, old) or bool(units(new) & units(old))  # "3 days" replaces "48 hours"
    return bool(mine and theirs) and not _covers(theirs, mine) and same_quantity and _replaces(new, old)


def resolve_edge(prompt: str) -> dict:
    """Duplicates among the existing facts (same values); contradictions among all related facts."""
    new = (slot(prompt, "NEW FACT") or "").strip()
    existing = _listing(slot(prompt, "EXISTING FACTS"))
    candidates = existing + _listing(slot(prompt, "FACT INVALIDATION CANDIDATES"))
    related = [c for c in candidates if _similarity(new, c["fact"], set()) >= 2]
    duplicates = [c["idx"] for c in related if c in existing and _same_values(new, c["fact"])]
    contradicted = [c["idx"] for c in related if c["idx"] not in duplicates and _contradicts(new, c["fact"])]
    return {"duplicate_facts": duplicates, "contradicted_facts": contradicted}


def timestamps(prompt: str) -> dict:
    """A standing rule holds from its reference time, with no end."""
    return {"valid_at": (slot(prompt, "REFERENCE TIME") or "").strip() or None, "invalid_at": None}


def summarize(prompt: str) -> dict:
    """Each entity's summary: the current message's statements that name it."""
    region = slot(prompt, "MESSAGES") or slot(prompt, "EPISODES") or ""
    text = ""
    for line in region.splitlines():
        try:
            found = json.loads(line)
        except ValueError:
            continue
        text = found if isinstance(found, str) else text
    summaries = []
    for entity in _listing(slot(prompt, "ENTITIES")):
        said = [s for s in _sentences(text) if _mentions(s, entity["name"]) is not None]
        if said:
            summaries.append({"name": entity["name"], "summary": " ".join(said)[:500]})
    return {"summaries": summaries}


OPERATIONS: dict[str, Callable[[str], dict]] = {
    "ExtractedEntities": extract_entities,
    "NodeResolutions": resolve_entities,
    "ExtractedEdges": extract_edges,
    "EdgeDuplicate": resolve_edge,
    "EdgeTimestamps": timestamps,
    "SummarizedEntities": summarize,
}
# the offline model's roles for Graphiti, by response model (registered in pyproject.toml: omseval.offline_roles)
ROLES = {name: json_role(operation) for name, operation in OPERATIONS.items()}
