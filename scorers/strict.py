"""The strict verdict: does an answer *commit* to the final rule, or does it only name it?

An answer commits when it passes the pack's check and states no superseded value as what to do. The pack's optional
`superseded_pattern` (03) matches a statement of a superseded value (the source's, the initial correction's, the
restatements'). A match counts unless the answer marks it as former or rejected: the answer is read by its structure
and its words (omseval.scorers.reading), and the pattern runs on that reading with every stretch read as former
masked, and on the same with a unit that a range or list shares written after each value ("24 or 36 hours" -> "24
hours or 36 hours"), so a superseded value hedged in a range still counts; a value joined to its words by a hyphen
("a two-retry limit") is read with a space there too. The pattern runs with the same `re` semantics as every other
pattern (MULTILINE, other flags inline). A value whose first mention a marker names as former is the same former
value where it recurs ("16:9 was the original standard ... a 16:9 deck gets letterbox bands"), unless a hedge offers
it there. An answer that, anywhere, accepts more than one value ("both are acceptable", "your call") still offers
what it tells as former: a superseded value it names counts.

Every verdict explains itself: a failure names the superseded text it found and why nothing marked it (no marker,
or a hedge); a pass that read a superseded text as former names what marked it.
"""

import functools
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass

from omseval.scorers.markers import VOCAB
from omseval.scorers.prefilter import Finder, finder, fold
from omseval.scorers.reading import Reading, Zone, own_alternatives, read, retired_around
from omseval.text import fragment

EXPLAINED = 3  # superseded texts a passing verdict names


@dataclass(frozen=True)
class Strict:
    """The strict verdict of one answer (None: no verdict) and why."""

    passed: bool | None
    why: str


_NUMBER_WORD = re.compile(
    r"(?i)one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|teen|twenty|thirty|fifty"
)


@functools.lru_cache(maxsize=4096)
def _counts(pattern: str) -> tuple[bool, bool]:
    """Whether a pattern can match a number (digits; number words): only then can a unit spelled out after each
    value of a range or list make it match where the answer as written does not."""
    return bool(re.search(r"\\d|\d|\[0-9", pattern)), bool(_NUMBER_WORD.search(pattern))


def strict(superseded_pattern: str, answer: str, passed: bool | None, folded: str | None = None) -> Strict:
    """The strict verdict of `answer`, whose check verdict is `passed` (`folded`: the answer as the prefilter
    compares it, when the caller has it)."""
    if passed is not True:
        return Strict(passed, "the check failed" if passed is False else "no verdict from the check")
    if not superseded_pattern:
        return Strict(True, "no superseded_pattern for this question: the strict verdict is the check")
    pattern = finder(superseded_pattern)
    folded = fold(answer) if folded is None else folded
    named = list(pattern.finditer(answer, folded)) if pattern.possible(folded) else []
    if joins := _joins(answer, folded, pattern.pattern):  # "a two-retry limit" states "two retry" too
        named = _with(named, pattern, _joined(answer, joins), joins)
    if not named and (pattern.uncreated_absent(folded) or not _spelled_match(pattern, answer, folded)):
        bare = _bare(pattern, answer, folded, [(0, len(answer))]) if len(answer) <= _BARE_READ else []
        if not bare:
            return Strict(True, "names no superseded value")
        reading = read(answer, [(start, end) for start, end, _ in bare])
        offered = _offered_bare(bare, reading)
        return Strict(False, offered) if offered else Strict(True, "names no superseded value")
    return _judged(pattern, answer, folded, named, joins, [m.span() for m in named] if named else None)


def _judged(
    pattern: Finder,
    answer: str,
    folded: str,
    named: list[re.Match],
    joins: list[tuple[int, int]],
    focus: list[tuple[int, int]] | None,
) -> Strict:
    """The strict verdict of an answer that names a superseded value or makes one by spelling out a shared unit,
    read where `focus` says (None: everywhere)."""
    reading = read(answer, focus)
    masked = reading.masked()
    former = _named_former(named, reading)

    def recurs(m: re.Match, where: tuple[int, int]) -> bool:  # a former value where it recurs, unless a hedge offers it
        return _same(m.group(0)) in former and reading.covering(*where, reading.hedges) is None

    left = next((m for m in pattern.finditer(masked) if not recurs(m, m.span())), None)
    if left is None and joins:
        left = next((m for _, m in pattern.near(_joined(masked, joins), joins) if not recurs(m, m.span())), None)
    if left is None and (found := _spelled_match(pattern, masked, excused=recurs)):
        if reading.focus is not None:  # spelled out, it matches where the reading did not look: read it all
            return _judged(pattern, answer, folded, named, joins, None)
        return Strict(False, f"states {fragment(found.group(0))} (a range or list sharing its unit): nothing marks it")
    if left is not None:
        hedge = reading.covering(left.start(), left.end(), reading.hedges)
        why = hedge.why if hedge else "nothing marks it as former"
        return Strict(False, f"states {fragment(answer[left.start() : left.end()])}: {why}")
    bare = _bare(pattern, answer, folded, [(z.start, z.end) for z in reading.hedges]) if reading.hedges else []
    if offered := _offered_bare(bare, reading, masked):  # a value offered without its unit in a hedge read
        return Strict(False, offered)
    if named and (offer := _offer(reading, answer, pattern)):  # what it tells as former, it still offers
        why = f"the answer offers alternatives ({fragment(offer)})"
        return Strict(False, f"states {fragment(answer[named[0].start() : named[0].end()])}: {why}")
    marked = []
    for m in named[:EXPLAINED] or _LISTED.finditer(answer):  # a value only a shared unit made: its list's zone
        if zone := reading.covering(m.start(), m.end(), reading.zones):
            why = zone.why
        elif (first := former.get(_same(m.group(0)))) is not None:
            why = f"as where it is first named: {first.why}"
        else:
            why = "markdown syntax, not a value"
        marked.append(f"{fragment(answer[m.start() : m.end()])} read as former ({why})")
        if len(marked) == EXPLAINED:
            break
    more = f" (and {len(named) - EXPLAINED} more)" if len(named) > EXPLAINED else ""
    return Strict(True, "; ".join(dict.fromkeys(marked)) + more)


def _bare(pattern: Finder, answer: str, folded: str, stretches: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """The values the pattern names that the answer writes bare within the stretches, each with a unit the answer
    gives a number before them that makes the pattern match there ("12 characters, though 18 is still fine": "18
    characters"): a value whose unit the answer gives once. It counts only where a clause or sentence offers it
    (`_offered_bare`)."""
    if len(folded) != len(answer):
        return []
    spans: set[tuple[int, int]] = set()
    for begin, finish in stretches:
        for value in _values(pattern.pattern):
            at = folded.find(value, begin, finish)
            while at >= 0:
                end = at + len(value)
                if not (at and _GOES_ON.match(folded, at - 1)) and _BARE_END.match(folded, end):
                    spans.add((at, end))
                at = folded.find(value, end, finish)
    found = []
    for at, end in sorted(spans):
        if unit := _unit(pattern, answer, folded, at, end):
            found.append((at, end, unit))
    return found


def _unit(pattern: Finder, answer: str, folded: str, at: int, end: int) -> str | None:
    """The first unit, nearest first, that the answer gives a number in the stretch before a bare value (`at` to
    `end`) and that makes the pattern match the value's line with it written after the value. Only a unit holding a
    piece of each requirement the line lacks can (as for `spelled_out`: copied text makes no new piece)."""
    start = answer.rfind("\n", 0, at) + 1
    stop = len(answer) if (n := answer.find("\n", end)) < 0 else n
    before = max(0, at - _UNIT_REACH)
    lacking = [pieces for pieces in pattern.pieces if not any(p in folded[start:stop] for p in pieces)]
    if not all(any(p in folded[before:at] for p in pieces) for pieces in lacking):
        return None
    found = reversed(list(_UNITED.finditer(answer, before, at)))  # nearest first: its word, then its two words
    units = (u for m in found for u in (m.group(1), m.group(2) and answer[m.start(1) : m.end(2)]) if u)
    for unit in dict.fromkeys(units):
        if not all(any(p in " " + unit.lower() for p in pieces) for pieces in lacking):
            continue
        text = answer[start:end] + " " + unit + answer[end:stop]
        if any(m.start() <= at - start and m.end() > end - start for m in pattern.finditer(text)):
            return unit
    return None


def _offered_bare(bare: list[tuple[int, int, str]], reading: Reading, masked: str | None = None) -> str:
    """Why the first bare value that a hedge offers, and nothing marks as former or its clause as retired, fails the
    answer ("" if none)."""
    masked = reading.masked() if masked is None else masked
    for start, end, unit in bare:
        hedge = reading.covering(start, end, reading.hedges)
        if hedge and masked[start:end] == reading.text[start:end] and not retired_around(reading.text, start):
            value = fragment(reading.text[start:end])
            return f"states {value} ({unit}, the unit given before it): {hedge.why}"
    return ""


def _named_former(named: list[re.Match], reading: Reading) -> dict[str, Zone]:
    """The values whose first mention a marker names as former, each with that zone: where such a value recurs it is
    the same former value ("16:9 was the original standard. ... a 16:9 deck gets letterbox bands"), unless a hedge
    offers it there. A first mention read as former only by where it stands (a clause pointing back, a section, a
    list, a cleanup) makes nothing former elsewhere."""
    first: dict[str, Zone | None] = {}
    for m in named:
        if (value := _same(m.group(0))) not in first:
            first[value] = reading.covering(m.start(), m.end(), [z for z in reading.zones if z.named])
    return {value: zone for value, zone in first.items() if zone is not None}


def _with(named: list[re.Match], pattern: Finder, joined: str, joins: list[tuple[int, int]]) -> list[re.Match]:
    """The matches `named` and, in order among them, those of the answer `joined` at its joins that overlap none."""
    more = {m.span(): m for _, m in pattern.near(joined, joins)}
    new = [m for m in more.values() if not any(n.start() < m.end() and m.start() < n.end() for n in named)]
    return sorted(named + new, key=lambda m: m.start()) if new else named


_NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred single".split()
)
_VALUE_ENDS = frozenset(w[-3:] for w in _NUMBER_WORDS)  # how a number word ends: a quick test before reading it
_CHAIN = re.compile(r"(?:-[^\W\d_]+)+")  # the hyphened words after a value ("-business-day")


def _joins(text: str, folded: str, pattern: str) -> list[tuple[int, int]]:
    """Where hyphens join a value to words that `pattern` names ("a two-retry limit", "the one-business-day
    window"): the text with them read as spaces (`_joined`) states the value too, and keeps its length."""
    joins: list[tuple[int, int]] = []
    stems = _stems(pattern)
    if stems is None or len(folded) != len(text):
        return joins
    for m in stems.finditer(folded):  # a hyphen before a word the pattern names
        start = i = m.start()
        if joins and start < joins[-1][1]:
            continue
        if not (text[start - 1 : start].isdigit() or folded[start - 3 : start] in _VALUE_ENDS):
            continue
        while i and text[i - 1].isalpha():
            i -= 1
        word = folded[i:start]  # empty after a digit
        if word and (word not in _NUMBER_WORDS or i and text[i - 1].isalnum()):
            continue  # no number ("follow-up"), or the end of a longer word ("someone-else")
        joins.append((start, _CHAIN.match(text, start).end()))  # type: ignore[union-attr]
    return joins


@functools.lru_cache(maxsize=4096)
def _stems(pattern: str) -> re.Pattern | None:
    """A search for a hyphen before the first letters of a word the pattern names other than a number ("-ret");
    None when it names none."""
    words = set(re.findall(r"[^\W\d_]{3,}", re.sub(r"\\[^\W\d_]", " ", pattern.lower()))) - _NUMBER_WORDS
    stems = sorted({re.escape("-" + word[:3]) for word in words})
    return re.compile("|".join(stems)) if stems else None


def _joined(text: str, joins: list[tuple[int, int]]) -> str:
    parts, at = [], 0
    for start, end in joins:
        parts += [text[at:start], text[start:end].replace("-", " ")]
        at = end
    return "".join([*parts, text[at:]])


def _same(value: str) -> str:
    """A value as it recurs: case, spaces and hyphens aside ("14-day", "14 Day")."""
    return _SPACING.sub(" ", value.lower()).strip()


_SPACING = re.compile(r"[\s\-–—]+")


def _offer(reading: Reading, answer: str, pattern: Finder) -> str | None:
    """Where the answer accepts more than one value, in its own words (not in an FAQ's question: "Who do I ask if
    I'm unsure?"; not alternatives it names, none of them superseded: "Padding or a hit-area extension both work"),
    or accepts what it points at ("That form is still fine")."""
    found = ((m.start(), m.group(0)) for m in VOCAB["hedge", "answer"].finditer(answer) if not _its_own(m, pattern))
    offers = itertools.chain(found, reading.offers)
    return next((text for at, text in offers if not any(a <= at < b for a, b in reading.asked)), None)


def _its_own(hedge: re.Match, pattern: Finder) -> bool:
    """Whether an acceptance names what it accepts before it, and no superseded value among it."""
    lead = own_alternatives(hedge.string, hedge.start())
    if lead is None or pattern.search(hedge.string, None, *lead) is not None:
        return False
    named = {m.group(0).lower() for m in _NUMERAL.finditer(hedge.string, *lead)}  # nor a value it names bare
    return not named.intersection(_values(pattern.pattern))


_DIGIT_WORD = r"(?:one|two|three|four|five|six|seven|eight|nine)"
_NUMBER = (  # atomic, so "1,2" is one number and a list of numbers reads only one way
    r"(?>\d+(?:[.,:]\d+)*|zero|" + _DIGIT_WORD + r"|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|"
    r"(?:twen|thir|for|fif|six|seven|eigh|nine)ty(?:[- ]" + _DIGIT_WORD + r")?|hundred)"
)
_NOT_A_UNIT = (
    r"and|or|to|of|the|a|an|is|are|was|were|be|if|in|on|at|for|per|but|so|as|by|with|from|than|then|now|it|its|this|"
    r"that|not|no|we|you|they|either|both|each|should|would|will|can|could|may|might|must|works?|fine|okay|ok"
)
# Values in a range or a list that share one unit: "24 or 36 hours", "10–15 years", "2, 3 or 4 decimal places"
# (the unit, with the separator before it, follows the last value); or "$25 or 40" (a currency before the first).
_SHARED_UNIT = re.compile(
    rf"(?i)(?<![\w.,:$£€])((?:{_NUMBER}(?![- ]{_DIGIT_WORD}\b)\s*-?\s*"
    rf"(?:,|or|and|to|through|-|–|—|/)\s*(?:or\s+|and\s+|to\s+)?-?(?={_NUMBER})){{1,8}}+){_NUMBER}"
    rf"(\s*-?\s*)(?!(?:{_NOT_A_UNIT})\b)(%|[a-z]+(?:-[a-z]+)?\b)"  # "5-to-8 business-day"
)
_SHARED_CURRENCY = re.compile(
    rf"(?i)([$£€]|\b(?:USD|EUR|GBP)\s?){_NUMBER}(?:\s*(?:,|or|and|to|-|–|—|/)\s*(?:or\s+|and\s+)?{_NUMBER}(?![\d.,])){{1,8}}+"
)
_VALUE = re.compile(rf"(?i)(?<![\w.,:]){_NUMBER}(?![\w.,:]*\d)")

_NUMERAL = re.compile(
    r"(?i)(?<![\w.])(?:\d+(?:[.,:]\d+)*|" + "|".join(sorted(_NUMBER_WORDS - {"one", "single"})) + r")(?!\w)"
)
_GOES_ON = re.compile(r"[\w.,:$£€\-'#/]")  # a character before a numeral that makes it part of more ("$18", "2025")
# where a value ends bare: not within a longer number, and followed by no unit (the end of a clause, or a word that
# is none: "18 is still fine", "stick with 18.")
_NOT_ITS_UNIT = "threshold|limit|cap|bar|cutoff|ceiling|floor|minimum|maximum|rule"  # "the old 100 threshold"
_BARE_END = re.compile(
    rf"(?![\w%])(?![.,:]\d)(?=[*_`]*(?:[ \t]*(?:[.,;:!?()]|$)|\s+(?:{_NOT_A_UNIT}|{_NOT_ITS_UNIT}|still|also|too|"
    rf"like|suits?|fits?|feels?|sounds?|seems?|\w+n't)\b))",
    re.MULTILINE,
)
_UNITED = re.compile(  # "12 characters", "180 changed lines", "11 per segment", "6 or more customers"
    rf"(?i)(?<![\w.,:]){_NUMBER}[*_`]*[ -](?:or (?:more|fewer|less|above|over) |and (?:up|over|above) )?"
    rf"((?:per )?(?!(?:{_NOT_A_UNIT})\b)[a-z]+)\b"
    rf"(?:[ -]((?!(?:{_NOT_A_UNIT})\b)[a-z]+)\b)?"  # "8 business-day": its two words
)
_UNIT_REACH = 400  # characters before a bare value in which the answer gives its unit
# bare values are looked for in the hedges read in an answer that names a superseded value, and anywhere in one
# that names none of up to this many characters (about 200 words: short and medium), where a number without its
# unit is about the quantity the answer discusses. A longer one that offers an old value names it in full (no
# held-out long answer's verdict needs it read bare), and looking costs a search of each value in the whole answer.
_BARE_READ = 1200
_PATTERN_ESCAPES = re.compile(r"\\(?:[a-zA-Z]|\d+)|\{\d*,?\d*\}")  # classes, back-references, counted repeats


@functools.lru_cache(maxsize=4096)
def _values(pattern: str) -> tuple[str, ...]:
    """The numerals a pattern names ("12", "2.5", "twelve"; not "one", mostly a pronoun), folded."""
    text = re.sub(r"\\(.)", r"\1", _PATTERN_ESCAPES.sub(" ", pattern))
    return tuple(dict.fromkeys(v.lower() for v in _NUMERAL.findall(text)))


# a quick look for a range or a list of values (digits, or number words), before spelling out their shared unit
_LISTED = re.compile(r"\d[\d.,:]*\s*-?\s*(?:,|or|and|to|through|-|–|—|/)\s*(?:or\s+|and\s+|to\s+)?-?[$£€]?\d")
_LISTED_WORDS = re.compile(  # the first words grouped by their first letter, in order: a faster scan, same matches
    r"(?:one|t(?:wo|hree|en|welve|een|y)|f(?:our|ive)|s(?:ix|even)|e(?:ight|leven)|nine)\s*-?\s*(?:,|or|and|to|-|–|/)\s*"
    r"(?:or\s+|and\s+|to\s+)?(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|\w+ty)\b"
)


_REACH = (48, 64)  # characters a list of values and its unit reach before and after a pair of them


def listed(answer: str, pattern: str) -> bool:
    """Whether the answer may hold a range or a list of values that share a unit, of a kind `pattern` can match."""
    digits, words = _counts(pattern)
    return bool(digits and _LISTED.search(answer) or words and _LISTED_WORDS.search(answer.lower()))


def spelled_out(answer: str) -> str:
    """The answer with a unit that a range or a list shares written after (or a currency before) each value:
    "24 or 36 hours" -> "24 hours or 36 hours", so a superseded "24 hours" is seen in a hedge. Only the stretches
    around a range or list are rewritten (linear in the answer, cheap where there is none)."""
    return _rewritten(answer, _list_windows(answer))[0]


def _spelled_match(
    pattern: Finder,
    answer: str,
    folded: str | None = None,
    excused: Callable[[re.Match, tuple[int, int]], bool] | None = None,
) -> re.Match | None:
    """A match of the pattern that only spelling out a shared unit makes (the answer itself has none): searched
    where a stretch was rewritten, and only in stretches that can hold one (near a string the pattern requires, when
    no rewrite can make such a string); the first that `excused` (given the stretch as the answer has it) does not
    excuse."""
    folded = fold(answer) if folded is None else folded
    if not pattern.requirements:
        if not listed(answer, pattern.pattern):
            return None
        windows = _list_windows(answer, pattern.pattern)
    elif pattern.reach is not None:
        near = pattern.reach + _REACH[0] + _REACH[1]
        regions = _merged([(max(0, h - near), min(len(answer), h + near)) for h in pattern.hits_uncreated(folded)])
        windows = _list_windows(answer, pattern.pattern, regions)
    else:  # an unbounded pattern: the lines that hold a required string (a list and its unit share a line)
        windows = _list_windows(answer, pattern.pattern, _lines_holding(answer, folded, pattern.pieces[0]))
    if not windows:
        return None
    text, changed, origins = _rewritten(answer, windows)
    for n, m in pattern.near(text, changed):
        if excused is None or not excused(m, _origin(m.span(), changed[n], origins[n])):
            return m
    return None


def _origin(span: tuple[int, int], changed: tuple[int, int], origin: tuple[int, int]) -> tuple[int, int]:
    """Where the answer holds what a span of a rewritten stretch was made from: a rewrite only inserts, so the
    inserted length bounds how far back it starts."""
    inserted = (changed[1] - changed[0]) - (origin[1] - origin[0])
    start = origin[0] + span[0] - changed[0] - inserted
    return max(origin[0], start), min(origin[1], origin[0] + span[1] - changed[0])


def _lines_holding(answer: str, folded: str, strings: list[str]) -> list[tuple[int, int]]:
    """The lines on which one of the strings starts (found in the answer folded), in order."""
    starts = []
    for string in strings:
        at = folded.find(string)
        while at >= 0:
            starts.append(at)
            at = folded.find("\n", at)  # one start a line is enough: the next string found on a later line
            at = -1 if at < 0 else folded.find(string, at + 1)
    lines: list[tuple[int, int]] = []
    for at in sorted(starts):
        if not lines or at > lines[-1][1]:
            lines.append(_line(answer, at, at))
    return lines


def _line(text: str, start: int, end: int) -> tuple[int, int]:
    """The line(s) of text[start:end]."""
    stop = text.find("\n", end)
    return text.rfind("\n", 0, start) + 1, len(text) if stop < 0 else stop


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(end, out[-1][1]))
        else:
            out.append((start, end))
    return out


def _list_windows(
    answer: str, pattern: str | None = None, regions: list[tuple[int, int]] | None = None
) -> list[tuple[int, int]]:
    """The stretches around each range or list of values (of a kind `pattern` can match), within `regions`."""
    digits, words = _counts(pattern) if pattern is not None else (True, True)
    lower = answer.lower() if words else ""
    found = []
    for start, end in regions if regions is not None else [(0, len(answer))]:
        if digits:
            found += [m.span() for m in _LISTED.finditer(answer, start, end)]
        if words and len(lower) == len(answer):
            found += [m.span() for m in _LISTED_WORDS.finditer(lower, start, end)]
    return _windows(answer, sorted(found)) if found else []


def _rewritten(answer: str, windows: list[tuple[int, int]]) -> tuple[str, list[tuple[int, int]], list[tuple[int, int]]]:
    """The answer with the windows spelled out, where the text changed (in the new text), and where each of those
    stretches is in the answer."""

    def after(m: re.Match) -> str:
        unit = m.group(2) + m.group(3)
        return _VALUE.sub(lambda v: v.group(0) + unit, m.group(1)) + m.group(0)[len(m.group(1)) :]

    def before(m: re.Match) -> str:
        head = m.group(1)
        return head + _VALUE.sub(lambda v: head + v.group(0), m.group(0)[len(head) :])[len(head) :]

    out: list[str] = []
    changed: list[tuple[int, int]] = []
    origins: list[tuple[int, int]] = []
    at, size = 0, 0
    for start, end in windows:
        part = answer[start:end]
        new = _SHARED_CURRENCY.sub(before, _SHARED_UNIT.sub(after, part))
        size += start - at
        if new != part:
            changed.append((size, size + len(new)))
            origins.append((start, end))
        out += [answer[at:start], new]
        size += len(new)
        at = end
    return "".join([*out, answer[at:]]), changed, origins


def _windows(answer: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans widened to a list's reach (whole words, a line at most) and merged."""
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        start = max(answer.rfind("\n", 0, start) + 1, start - _REACH[0])
        end = min(len(answer) if (n := answer.find("\n", end)) < 0 else n, end + _REACH[1])
        while start > 0 and not answer[start - 1].isspace() and start > spans[0][0] - 2 * _REACH[0]:
            start -= 1
        while end < len(answer) and not answer[end].isspace() and end < spans[-1][1] + 2 * _REACH[1]:
            end += 1
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged
