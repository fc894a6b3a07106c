"""The offline heuristic's processing roles: extract a rule and reconcile it with statements.

Lexical and deterministic. Values (numbers, number words, code-like tokens, quoted text, ALL-CAPS
words) decide: the same values as the current statement -> restates; values seen only in a superseded
statement -> stale; new values -> supersedes. Wording decides when a message carries no value.
"""

import re

from omseval.heuristic import STOPWORDS, stem

NUMBERS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
NUMBERS |= {"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "seventy": "70", "eighty": "80",
            "ninety": "90", "hundred": "100", "first": "1", "second": "2", "third": "3", "fourth": "4",
            "fifth": "5", "sixth": "6", "seventh": "7", "eighth": "8", "ninth": "9", "tenth": "10",
            "single": "1", "once": "1", "twice": "2", "half": "50%", "quarter": "25%", "double": "2"}
CHANGE_WORDS = frozenset("""update updated change changed changes correction reminder note heads going forward from now
    on instead rather anymore longer new rule again remember keep always never please team our we use using""".split())
NEGATORS = r"(?:not|instead of|rather than|no longer|never|replacing|replaces|replace)"
UNITS = [
    {"second", "sec", "minute", "min", "hour", "hr", "day", "week", "month", "year", "quarter", "sprint"},
    {"character", "char", "word", "line", "sentence", "paragraph", "page", "slide"},
    {"px", "pixel", "pt", "point", "em", "rem", "inch", "cm", "mm"},
    {"percent", "%"},
]
_TOKEN = re.compile(r"`[^`]+`|\"[^\"]+\"|“[^”]+”|'[^' ]+(?: [^' ]+)?'|\S+")
_NUMBER = re.compile(r"^\d+(?:[.,:/x×-]\d+)*%?$")


def _clean(token: str) -> str:
    return token.strip(".,;:!?()\"'“”‘’`").strip()


def values(text: str) -> set[str]:
    """Value tokens of a text, without the values it negates ("three, not two" -> {3})."""
    found, negated = value_sets(text)
    return found - negated or negated


def value_sets(text: str) -> tuple[set[str], set[str]]:
    """(values stated, values negated) of a text."""
    found, negated = set(), set()
    words = _TOKEN.findall(_numbers_to_digits(text))
    for i, raw in enumerate(words):
        v = _value(raw)
        if v is None:
            continue
        before = " ".join(words[max(0, i - 3):i]).lower()
        if re.search(rf"\b{NEGATORS}\W*$", before) or re.search(r"\bfrom\W*$", before) and _to_follows(words, i):
            negated.add(v)
        else:
            found.add(v)
    return found, negated


_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}


def _numbers_to_digits(text: str) -> str:
    """"twenty-four" -> 24, "four hundred" -> 400, "1,000" -> 1000."""
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    text = re.sub(r"\b(%s)[- ](one|two|three|four|five|six|seven|eight|nine)\b" % "|".join(_TENS),
                  lambda m: str(_TENS[m.group(1).lower()] + int(NUMBERS[m.group(2).lower()])), text, flags=re.I)
    return re.sub(r"\b(\w+) hundred\b", lambda m: str(int(NUMBERS.get(m.group(1).lower(), m.group(1))) * 100)
                  if NUMBERS.get(m.group(1).lower(), m.group(1)).isdigit() else m.group(0), text, flags=re.I)


def _to_follows(words: list[str], i: int) -> bool:
    return any(w.lower() == "to" for w in words[i + 1:i + 4])


def _value(raw: str) -> str | None:
    if raw[:1] in "`\"“'" and len(raw) > 2:
        return raw.strip("`\"“”'")
    token = _clean(raw)
    low = token.lower()
    if not token:
        return None
    if low in NUMBERS:
        return NUMBERS[low]
    if m := re.match(r"^(\w+)-(?:point|day|hour|minute|week|month|year|character|line|word|px|dimensional)s?$", low):
        if m.group(1) in NUMBERS or m.group(1).isdigit():
            return NUMBERS.get(m.group(1), m.group(1))
    if _NUMBER.match(token) or re.match(r"^\d+(?:\.\d+)?[a-z%]{1,3}$", low):
        return re.sub(r"[a-z]+$", "", low) if re.match(r"^\d", low) else low
    if re.search(r"[^\w\s'’-]", token) and re.search(r"\w", token) or "_" in token:
        return token
    if re.search(r"\d", token) and re.search(r"[A-Za-z]", token):
        return token
    if len(token) >= 2 and token.isupper() and token.isalpha():
        return token
    return None


def content_terms(text: str, ignore: set[str] = frozenset()) -> set[str]:
    words = re.findall(r"[a-z]+", text.lower())
    return {stem(w) for w in words if w not in STOPWORDS and w not in CHANGE_WORDS and w not in NUMBERS
            and len(w) > 2} - ignore


def counted(text: str) -> set[str]:
    """The words that follow numbers ("48 hours", "eight tiles" -> {"hour", "tile"})."""
    pattern = r"(?:\d+|\b(?:%s))\s*-?\s*([a-z%%]+)" % "|".join(NUMBERS)
    return {stem(m.group(1)) for m in re.finditer(pattern, _numbers_to_digits(text).lower())}


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
            return {"decision": "stale", "target": stale[0]["id"], "reason": "values of a superseded version"}
        with_values = [c for c in current if values(c["text"])]
        if with_values or current:
            target = (with_values or current)[0]
            return {"decision": "supersedes", "target": target["id"], "reason": "new values for a current statement"}
        return {"decision": "new", "target": None, "reason": "related statements are all superseded"}
    best = related[0][1]
    if best["status"] != "current":
        return {"decision": "stale", "target": best["id"], "reason": "worded like a superseded version"}
    return {"decision": "restates", "target": best["id"], "reason": "worded like a current statement"}
