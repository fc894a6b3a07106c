"""The offline model's processing roles: extract a rule and reconcile it with statements.

Lexical and deterministic. Values (numbers, number words, code-like tokens, quoted text, ALL-CAPS
words) decide: the same values as the current statement -> restates; values seen only in a superseded
statement -> outdated; new values -> supersedes. Wording decides when a message carries no value.
"""

import re

from omseval.text import NUMBERS, content_terms, numbers_to_digits, stem, value_sets, values

UNITS = [
    {"second", "sec", "minute", "min", "hour", "hr", "day", "week", "month", "year", "quarter", "sprint"},
    {"character", "char", "word", "line", "sentence", "paragraph", "page", "slide"},
    {"px", "pixel", "pt", "point", "em", "rem", "inch", "cm", "mm"},
    {"percent", "%"},
]


def counted(text: str) -> set[str]:
    """The words that follow numbers ("48 hours", "eight tiles" -> {"hour", "tile"})."""
    pattern = r"(?:\d+|\b(?:%s))\s*-?\s*([a-z%%]+)" % "|".join(NUMBERS)
    return {stem(m.group(1)) for m in re.finditer(pattern, numbers_to_digits(text).lower())}


def units(text: str) -> set[int]:
    """Unit groups of the words that follow numbers ("48 hours" -> time)."""
    return {i for word in counted(text) for i, g in enumerate(UNITS) if word in g}


def directive(text: str) -> str:
    """The correction as a standing instruction: lead-in words such as "Update:" removed."""
    text = re.sub(r"^\s*(?:update|change|correction|reminder|note|heads[- ]up|quick reminder|new rule)\s*[:\u2014-]\s*",
                  "", text.strip(), flags=re.I)
    return text[:1].upper() + text[1:]


def extract(correction: str, skill: str) -> dict:
    terms = sorted(content_terms(correction, content_terms(skill)))
    return {"subject": " ".join(terms[:8]), "directive": directive(correction), "scope": skill}


def _similarity(correction: str, text: str, ignore: set[str]) -> float:
    """Shared content words, plus a bonus for counting the same thing or naming the same value (stated or
    negated); 0 unless clearly about the same thing."""
    shared = len(content_terms(correction, ignore) & content_terms(text, ignore))
    same_count = counted(correction) & counted(text) or units(correction) & units(text)
    bonus = (1.5 if same_count else 0.0) + (1.0 if set().union(*value_sets(correction)) & values(text) else 0.0)
    return shared + bonus if shared >= 2 or shared == 1 and bonus else 0.0


def _same_count(a: str, b: str) -> bool:
    """Numbers in both count the same thing (or one of them counts nothing)."""
    ca, cb = counted(a), counted(b)
    return not ca or not cb or bool(ca & cb or units(a) & units(b))


def reconcile(correction: str, skill: str, candidates: list[dict]) -> dict:
    """candidates: {id, status, skill, text}; returns {decision, target, reason}."""
    ignore = content_terms(skill)
    new_values = values(correction)
    related = []
    for c in candidates:
        sim = _similarity(correction, c["text"], ignore)
        if sim >= 2:
            related.append((sim + (0.5 if c.get("skill") == skill else 0.0), c))
    related.sort(key=lambda x: -x[0])
    if any(c.get("skill") == skill for _, c in related):  # another document's statement only when this has none
        related = [(sim, c) for sim, c in related if c.get("skill") == skill]
    current = [c for _, c in related if c["status"] == "current"]
    old = [c for _, c in related if c["status"] != "current"]
    if not related:
        return {"decision": "new", "target": None, "reason": "no related statement"}
    if new_values:
        same = [c for c in current if new_values <= values(c["text"]) and _same_count(correction, c["text"])]
        if same:
            return {"decision": "restates", "target": same[0]["id"], "reason": "same values as a current statement"}
        stale = [c for c in old if new_values <= values(c["text"])]
        if stale:
            return {"decision": "outdated", "target": stale[0]["id"], "reason": "values of a superseded version"}
        with_values = [c for c in current if values(c["text"])]
        if with_values or current:
            target = (with_values or current)[0]
            return {"decision": "supersedes", "target": target["id"], "reason": "new values for a current statement"}
        return {"decision": "new", "target": None, "reason": "related statements are all superseded"}
    best = related[0][1]
    if best["status"] != "current":
        return {"decision": "outdated", "target": best["id"], "reason": "worded like a superseded version"}
    return {"decision": "restates", "target": best["id"], "reason": "worded like a current statement"}
