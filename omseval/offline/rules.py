"""The offline model's processing roles: extract a rule and reconcile it with statements.

Lexical and deterministic. Values (numbers, number words, names, code-like tokens, quoted text, ALL-CAPS
words) decide: the same values as the current statement -> restates; values seen only in a superseded
statement -> outdated; new values -> supersedes. A unit and its other names are one quantity ("45 mins" =
"45 minutes"; hours, days and weeks are all time). Wording decides when a message carries no value: it
supersedes the statement whose words it negates, and is outdated when it is closer to a superseded version
than to the current one.
"""

import re

from omseval.text import (
    NEGATORS,
    NUMBERS,
    STOPWORDS,
    UNIT_NAMES,
    UNITS,
    content_terms,
    numbers_to_digits,
    stem,
    value_sets,
    values,
)

_COUNTED = re.compile(r"(?:\d|\b(?:" + "|".join(NUMBERS) + r")\b)[\d.,:/x×]*\s*-?\s*((?:[a-z%]+\W{0,2}){1,3})")


def counted(text: str) -> set[str]:
    """What the numbers of a text count: the unit among the next few words, else the next word
    ("48 hours", "15 business days", "eight tiles" -> {"hour", "day", "tile"})."""
    found = set()
    for m in _COUNTED.finditer(numbers_to_digits(text).lower()):
        words = [stem(w) for w in re.findall(r"[a-z]+|%", m.group(1)) if w not in STOPWORDS]
        found |= {next((w for w in words if _unit(w) is not None), words[0])} if words else set()
    return found


def _unit(word: str) -> int | None:
    return next((i for i, group in enumerate(UNITS) if word in group), None)


def units(text: str) -> set[int]:
    """Unit groups of what the numbers of a text count ("48 hours" -> time)."""
    return {u for word in counted(text) if (u := _unit(word)) is not None}


def negated_terms(text: str) -> set[str]:
    """Content words a text rejects ("by role, not by name" -> {"name"})."""
    rejected = re.findall(rf"\b{NEGATORS}\b((?:\W+\w+){{1,3}})|\bfrom\b((?:\W+\w+){{1,3}}?)\W+to\b", text, flags=re.I)
    return content_terms(" ".join(" ".join(r) for r in rejected))


def directive(text: str) -> str:
    """The correction as a standing instruction: lead-in words such as "Update:" removed."""
    text = re.sub(
        r"^\s*(?:update|change|correction|reminder|note|heads[- ]up|quick reminder|new rule)\s*[:\u2014-]\s*",
        "",
        text.strip(),
        flags=re.I,
    )
    return text[:1].upper() + text[1:]


def extract(correction: str, skill: str) -> dict:
    """The rule: its subject words (and every name of the units it counts), the directive, the scope."""
    words = [w for w in re.findall(r"[a-z]+", correction.lower()) if content_terms(w, content_terms(skill))]
    counts = counted(correction)
    units = [
        n
        for unit in dict.fromkeys(UNIT_NAMES.values())
        if stem(unit) in counts
        for n in (unit, *(a for a, b in UNIT_NAMES.items() if b == unit))
        if n.isalpha()
    ]
    return {"subject": " ".join(dict.fromkeys(words + units)), "directive": directive(correction), "scope": skill}


def _words(text: str, ignore: set[str]) -> set[str]:
    """Content words outside code-like tokens ("{{env.NAME}}" names no topic)."""
    return content_terms(re.sub(r"\S*(?:[_{}$@<>=/\\]|\w\.\w)\S*", " ", text), ignore)


def _codes(found: set[str]) -> set[str]:
    """Values that are names, codes or formats: letters with something else ("Ops Desk", "en-XZ", "S014-KM")."""
    return {v for v in found if re.search(r"[A-Za-z]", v) and re.search(r"[^A-Za-z]", v)}


def _similarity(correction: str, text: str, ignore: set[str]) -> float:
    """Shared content words, plus a bonus for counting the same quantity or naming the same value (stated or
    negated); 0 unless clearly about the same thing: two shared words, one with a bonus, the same number
    counting the same quantity, or the same code."""
    shared = len(_words(correction, ignore) & _words(text, ignore))
    same_count = bool(counted(correction) & counted(text) or units(correction) & units(text))
    named = set().union(*value_sets(correction)) & set().union(*value_sets(text))
    bonus = 1.5 * same_count + 1.0 * bool(named) + 1.0 * bool(_codes(named))
    related = shared >= 2 or shared == 1 and bonus or same_count and named or _codes(named)
    return shared + bonus if related else 0.0


def _like(a: str, b: str) -> bool:
    """One value is the other, or a concrete instance of the other as a format ("2026-03-07" of
    "YYYY-MM-DD", "LAB/2026/014" of "LAB/<year>/<nnn>")."""
    for template, value in ((a, b), (b, a)):
        if re.search(r"[<>{}\[\]]", value) or not re.search(r"\d", value) or re.search(r"\d", template):
            continue
        if "<" in template and re.fullmatch(re.sub(r"<[^<>]+>", r"\\w+", re.escape(template)), value):
            return True
        if (
            len(template) == len(value)
            and re.search(r"[^\w\s]", template)
            and all(x == y or x.isalpha() and y.isalnum() for x, y in zip(template, value, strict=True))
        ):
            return True
    return a == b


def _covers(found: set[str], wanted: set[str]) -> bool:
    return all(any(_like(w, f) for f in found) for w in wanted)


def _same_count(a: str, b: str) -> bool:
    """Numbers in both count the same unit (or one of them counts nothing): "18 days" is not "18 months"."""
    ca, cb = counted(a), counted(b)
    return not ca or not cb or bool(ca & cb)


def _kinds(found: set[str]) -> set[str]:
    """The kinds of values: a plain number, or a code (a name, code or format: "Ops Desk", "2026-03-07")."""
    return {"number" if re.fullmatch(r"[-+]?[\d.,]*\d%?", v) else "code" for v in found}


def _replaces(correction: str, text: str) -> bool:
    """The correction's values can replace the statement's: numbers replace numbers, and names, codes or
    formats replace their like; a statement without values can take any."""
    theirs = values(text)
    return not theirs or bool(_kinds(set().union(*value_sets(correction))) & _kinds(theirs))


def reconcile(correction: str, skill: str, candidates: list[dict], outdated: bool = True) -> dict:
    """candidates: {id, status, skill, text}; returns {decision, target, reason}; `outdated`: whether the
    prompt offers that decision."""
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
    current = [(sim, c) for sim, c in related if c["status"] == "current"]
    old = [(sim, c) for sim, c in related if c["status"] != "current"]
    if not related:
        return {"decision": "new", "target": None, "reason": "no related statement"}
    said, rejected = content_terms(correction) - negated_terms(correction), negated_terms(correction)
    rejecting = [c for _, c in current if rejected & (content_terms(c["text"]) - negated_terms(c["text"]))]
    if new_values:
        same = [c for _, c in current if _covers(values(c["text"]), new_values) and _same_count(correction, c["text"])]
        if same:
            return {"decision": "restates", "target": same[0]["id"], "reason": "same values as a current statement"}
        older = [c for _, c in old if _covers(values(c["text"]), new_values)]
        if older:
            return {"decision": "outdated", "target": older[0]["id"], "reason": "values of a superseded version"}
        denied = [c for _, c in current if (new_values - values(c["text"])) & value_sets(c["text"])[1]]
        if denied and (outdated or old):
            target = old[0][1] if old else denied[0]
            return {"decision": "outdated", "target": target["id"], "reason": "values a current statement rejects"}
        if replaced := rejecting + [c for _, c in current if _replaces(correction, c["text"])]:
            return {
                "decision": "supersedes",
                "target": replaced[0]["id"],
                "reason": "new values for a current statement",
            }
        if not current and (replaced := [c for _, c in old if value_sets(correction)[1] & values(c["text"])]):
            return {
                "decision": "supersedes",
                "target": replaced[0]["id"],
                "reason": "replaces a value of an older version",
            }
        return {"decision": "new", "target": None, "reason": "no current statement with values like these"}
    if rejecting:
        return {
            "decision": "supersedes",
            "target": rejecting[0]["id"],
            "reason": "rejects what a current statement says",
        }
    if current and said & negated_terms(current[0][1]["text"]) and old:
        return {"decision": "outdated", "target": old[0][1]["id"], "reason": "says what the current statement rejects"}
    if old and (not current or old[0][0] > current[0][0]):
        return {"decision": "outdated", "target": old[0][1]["id"], "reason": "worded like a superseded version"}
    return {"decision": "restates", "target": current[0][1]["id"], "reason": "worded like a current statement"}
