"""Plain text utilities: words, stems, passages and values (numbers, codes, quoted text).

Lexical and deterministic; the OMS compiler, the pack's lint, the report's audit and the offline model
use them.
"""

import re
from collections.abc import Set as AbstractSet

STOPWORDS = frozenset(
    """a an and are as at be been but by can could do does for from had has have how i if in into is it its
    me my no not of on or our should so that the their them then there these they this to up us was we were
    what when where which who why will with would you your all any each every than too very just also
    about after before over under more most other some such only own same please new now""".split()
)
# Words that announce a correction rather than say what it is about.
CHANGE_WORDS = frozenset(
    """update updated change changed changes correction reminder note heads going forward from now
    on instead rather anymore longer new rule again remember keep always never please team our we use using""".split()
)
NUMBERS = {
    w: str(i)
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen twenty".split()
    )
}
NUMBERS |= {
    "thirty": "30",
    "forty": "40",
    "fifty": "50",
    "sixty": "60",
    "seventy": "70",
    "eighty": "80",
    "ninety": "90",
    "hundred": "100",
    "single": "1",
    "twice": "2",
    "double": "2",
}
ORDINALS = {
    w: str(i) for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth".split(), start=1)
}
# A unit's abbreviations and synonyms, read as the unit itself ("45 mins" counts what "45 minutes" counts).
UNIT_NAMES = {
    "sec": "second",
    "min": "minute",
    "hr": "hour",
    "wk": "week",
    "yr": "year",
    "px": "pixel",
    "pp": "page",
    "pg": "page",
    "pt": "point",
    "char": "character",
    "%": "percent",
    "pct": "percent",
    "secs": "second",
    "hrs": "hour",
    "wks": "week",
    "yrs": "year",
    "pts": "point",
    "pgs": "page",
    "ms": "millisecond",
    "msec": "millisecond",
    "h": "hour",
    "kb": "kilobyte",
    "mb": "megabyte",
    "gb": "gigabyte",
    "tb": "terabyte",
    "axis": "dimension",
    "axe": "dimension",
    "dimensional": "dimension",
}
NEGATORS = r"(?:not|instead of|rather than|no longer|never|replacing|replaces|replace)"
_TOKEN = re.compile(
    r"[A-Z][a-z]+ [A-HJ-Z](?![\w'’/&-])"  # a name with a letter: "Engineer A"
    r"|(?<=[a-z,;] )[A-Z][a-z]+(?: [A-Z][a-z]+)+"  # a proper name inside a sentence: "Ops Desk"
    r"|`[^`]+`|\"[^\"]+\"|“[^”]+”|'[^' ]+(?: [^' ]+)?'|\S+"
)
_NUMBER = re.compile(r"^[-+]?\d+(?:[.,:/x×-]\d+)*%?$")
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(`*])")  # after . ! ? before a capital, quote, ( ` or *
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}


def stem(word: str) -> str:
    """Light stemming: plural, verb and "-ion" endings and a final "e" off; a unit's other names read as the unit."""
    for suffix in ("ies", "es", "s", "ing", "ed", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith(("ss", "is", "us")):
            word = word[: -len(suffix)] + ("y" if suffix == "ies" else "")
            break
    word = UNIT_NAMES.get(word, word)
    if word.endswith("ion") and len(word) >= 7:  # "escalation" -> "escalat", as "escalated"
        word = word[:-3]
    return word.removesuffix("e")


# What numbers count, in groups of one kind of quantity ("48 hours" and "five business days" are both time).
UNITS = [
    {stem(w) for w in group.split()}
    for group in (
        "millisecond second minute hour day week fortnight month quarter year",
        "byte kilobyte megabyte gigabyte terabyte",
        "character word line sentence paragraph page slide",
        "pixel point em rem inch cm mm",
        "percent",
        "dimension",
    )
]


def terms(text: str) -> list[str]:
    """Stemmed words, "%" read as "percent"."""
    return [stem(w) for w in re.findall(r"[a-z0-9]+", text.lower().replace("%", " percent ")) if w not in STOPWORDS]


def content_terms(text: str, ignore: AbstractSet[str] = frozenset()) -> set[str]:
    """Stemmed words that say what a text is about: no stop words, change words or number words."""
    words = re.findall(r"[a-z]+", text.lower())
    return {
        stem(w) for w in words if w not in STOPWORDS and w not in CHANGE_WORDS and w not in NUMBERS and len(w) > 2
    } - ignore


def sentences(text: str) -> list[str]:
    """The sentences of a paragraph or bullet."""
    return [s for s in _SENTENCE_BREAK.split(text) if s.strip()]


def passages(guidance: str) -> list[tuple[str, str]]:
    """Split guidance into (passage, its section heading) — bullets, lines and sentences."""
    out, heading = [], ""
    for line in guidance.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
            continue
        line = re.sub(r"^([-*+]|\d+[.)])\s+", "", line)
        out += [(s, heading) for s in sentences(line)]
    return out


def values(text: str) -> set[str]:
    """Value tokens of a text, without the values it negates ("three, not two" -> {3})."""
    found, negated = value_sets(text)
    return found - negated or negated


def value_sets(text: str) -> tuple[set[str], set[str]]:
    """(values stated, values negated) of a text."""
    found, negated = set(), set()
    words = _TOKEN.findall(numbers_to_digits(text))
    for i, raw in enumerate(words):
        v = _value(raw, last=i + 1 == len(words))
        if v is None:
            continue
        before = " ".join(words[max(0, i - 3) : i]).lower()
        if (
            re.search(rf"\b{NEGATORS}\W*$", before)
            or re.search(r"\b(?:up|down) from\W*$", before)
            or re.search(r"\bfrom\W*$", before)
            and _to_follows(words, i)
        ):
            negated.add(v)
        else:
            found.add(v)
    return found, negated


def numbers_to_digits(text: str) -> str:
    """ "twenty-four" -> 24, "four hundred" -> 400, "1,000" -> 1000, "minus 19" -> -19, "six per cent" -> 6%."""
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text).replace("\u2212", "-")
    text = re.sub(r"(?<![\w.])\.(?=\d)", "0.", text)  # ".08" -> "0.08"
    text = re.sub(
        r"\b(" + "|".join(_TENS) + r")[- ](one|two|three|four|five|six|seven|eight|nine)\b",
        lambda m: str(_TENS[m.group(1).lower()] + int(NUMBERS[m.group(2).lower()])),
        text,
        flags=re.I,
    )
    text = re.sub(
        r"\b(\w+) hundred\b",
        lambda m: (
            str(int(NUMBERS.get(m.group(1).lower(), m.group(1))) * 100)
            if NUMBERS.get(m.group(1).lower(), m.group(1)).isdigit()
            else m.group(0)
        ),
        text,
        flags=re.I,
    )
    text = re.sub(r"\bminus (?=\d)", "-", text, flags=re.I)
    text = re.sub(
        r"\b(?:an? |one )?(quarter|half)(?= of\b| the\b)",
        lambda m: "25%" if m.group(1).lower() == "quarter" else "50%",
        text,
        flags=re.I,
    )  # "a quarter of", not "each quarter"
    text = re.sub(r"\bonce (?=a|an|per|each)\b", "1 ", text, flags=re.I)  # "once a week"; not "once every ten weeks"
    return re.sub(
        r"\b(\d+(?:\.\d+)?|" + "|".join(NUMBERS) + r") ?(?:percent|per cent|pct)\b",
        lambda m: NUMBERS.get(m.group(1).lower(), m.group(1)) + "%",
        text,
        flags=re.I,
    )


def _to_follows(words: list[str], i: int) -> bool:
    return any(w.lower() == "to" for w in words[i + 1 : i + 4])


def _clean(token: str) -> str:
    return token.strip(".,;:!?()\"'“”‘’`").strip()


def _value(raw: str, last: bool = False) -> str | None:
    if raw[:1] in "`\"“'" and len(raw) > 2:
        return raw.strip("`\"“”'")
    token = _clean(raw)
    low = token.lower()
    if not token or re.fullmatch(r"(?:[a-z]{1,2}\.)+[a-z]{0,2}", low):  # an abbreviation such as "e.g."
        return None
    if low in NUMBERS:
        return NUMBERS[low]
    if low in ORDINALS:  # "the third column", not "call them first."
        return None if last or token != raw else ORDINALS[low]
    if m := re.match(r"^(\w+)-([a-z]+)$", low):  # "48-hour", "three-dimensional"
        number = NUMBERS.get(m.group(1), m.group(1))
        if number.isdigit() and any(stem(m.group(2)) in group for group in UNITS):
            return number
    if _NUMBER.match(token) or re.match(r"^\d+(?:\.\d+)?[a-z%]{1,3}$", low):
        return re.sub(r"[a-z]+$", "", low) if re.match(r"^\d", low) else low
    if " " in token or re.search(r"[^\w\s'’-]", token) and re.search(r"\w", token) or "_" in token:
        return token  # a name, or a code or format: "Ops Desk", "LAB/<year>/<nnn>"
    if re.search(r"\d", token) and re.search(r"[A-Za-z]", token) or re.search(r"[A-Z]{2}", token) and "-" in token:
        return token  # "S014-KM", "YYYY-MM-DD", "DD-Mon-YYYY"
    if len(token) >= 2 and token.isupper() and token.isalpha():
        return token
    return None


def fragment(text: str) -> str:
    """A stretch of an answer as an explanation quotes it: a code span on one line (markdown shows it as written,
    `$` and `*` included), at most 60 characters."""
    text = " ".join(text.split())[:60]
    fence = "``" if "`" in text else "`"
    return f"{fence} {text} {fence}" if fence == "``" or text[:1] == "`" or text[-1:] == "`" else f"`{text}`"
