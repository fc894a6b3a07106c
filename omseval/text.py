"""Plain text utilities: words, stems, passages and values (numbers, codes, quoted text).

Lexical and deterministic; the OMS compiler, the pack's lint, the report's audit and the offline model
use them.
"""

import re

STOPWORDS = frozenset(
    """a an and are as at be been but by can could do does for from had has have how i if in into is it its
    me my no not of on or our should so that the their them then there these they this to up us was we were
    what when where which who why will with would you your all any each every than too very just also
    about after before over under more most other some such only own same please new now""".split()
)
# Words that announce a correction rather than say what it is about.
CHANGE_WORDS = frozenset("""update updated change changed changes correction reminder note heads going forward from now
    on instead rather anymore longer new rule again remember keep always never please team our we use using""".split())
NUMBERS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
NUMBERS |= {"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "seventy": "70", "eighty": "80",
            "ninety": "90", "hundred": "100", "first": "1", "second": "2", "third": "3", "fourth": "4",
            "fifth": "5", "sixth": "6", "seventh": "7", "eighth": "8", "ninth": "9", "tenth": "10",
            "single": "1", "once": "1", "twice": "2", "half": "50%", "quarter": "25%", "double": "2"}
NEGATORS = r"(?:not|instead of|rather than|no longer|never|replacing|replaces|replace)"
_TOKEN = re.compile(r"`[^`]+`|\"[^\"]+\"|“[^”]+”|'[^' ]+(?: [^' ]+)?'|\S+")
_NUMBER = re.compile(r"^\d+(?:[.,:/x×-]\d+)*%?$")
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(`*])")  # after . ! ? before a capital, quote, ( ` or *
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}


def stem(word: str) -> str:
    for suffix in ("ies", "es", "s", "ing", "ed", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)] + ("y" if suffix == "ies" else "")
            break
    return {"ax": "axis", "axe": "axis"}.get(word, word)


def terms(text: str) -> list[str]:
    return [stem(w) for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in STOPWORDS]


def content_terms(text: str, ignore: set[str] = frozenset()) -> set[str]:
    """Stemmed words that say what a text is about: no stop words, change words or number words."""
    words = re.findall(r"[a-z]+", text.lower())
    return {stem(w) for w in words if w not in STOPWORDS and w not in CHANGE_WORDS and w not in NUMBERS
            and len(w) > 2} - ignore


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
        v = _value(raw)
        if v is None:
            continue
        before = " ".join(words[max(0, i - 3):i]).lower()
        if re.search(rf"\b{NEGATORS}\W*$", before) or re.search(r"\bfrom\W*$", before) and _to_follows(words, i):
            negated.add(v)
        else:
            found.add(v)
    return found, negated


def numbers_to_digits(text: str) -> str:
    """"twenty-four" -> 24, "four hundred" -> 400, "1,000" -> 1000."""
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    text = re.sub(r"\b(%s)[- ](one|two|three|four|five|six|seven|eight|nine)\b" % "|".join(_TENS),
                  lambda m: str(_TENS[m.group(1).lower()] + int(NUMBERS[m.group(2).lower()])), text, flags=re.I)
    return re.sub(r"\b(\w+) hundred\b", lambda m: str(int(NUMBERS.get(m.group(1).lower(), m.group(1))) * 100)
                  if NUMBERS.get(m.group(1).lower(), m.group(1)).isdigit() else m.group(0), text, flags=re.I)


def _to_follows(words: list[str], i: int) -> bool:
    return any(w.lower() == "to" for w in words[i + 1:i + 4])


def _clean(token: str) -> str:
    return token.strip(".,;:!?()\"'“”‘’`").strip()


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
