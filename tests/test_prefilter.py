"""The prefilter skips work, never a match: Finder.finditer and Finder.search give what Python's `re` gives
(MULTILINE, or the flags a Finder is made with), whether the pattern is searched whole or in parts (its
alternatives), on any text and any stretch of it."""

import random
import re
from pathlib import Path

import pytest

from omseval.pack_schema import load_pack
from omseval.scorers.prefilter import Finder

SECOND = Path(__file__).parent / "packs" / "second"


def spans(found) -> list[tuple[int, int]]:
    return [m.span() for m in found]


def agrees(pattern: str, text: str, finder: Finder | None = None) -> bool:
    finder = finder or Finder(pattern)
    expected = spans(re.finditer(pattern, text, re.MULTILINE))
    first = finder.search(text)
    return spans(finder.finditer(text)) == expected and (first.span() if first else None) == next(iter(expected), None)


@pytest.mark.parametrize(
    "pattern, text",
    [
        (r"ab|abc|\d+", "abc 123 ab"),  # at one start the first alternative wins, not the longest
        (r"abc|ab|\d+", "abc 123 ab"),
        (r"\d+|12x|x", "12x x 9"),  # an alternative with no string to look for, first
        (r"(?i)old|OLD value|\bv\d\b", "Old value: V2, old"),
        (r"(?<!a)b|ab|c", "ab b c abc"),  # a lookbehind sees the text before where a part searches
        (r"(?i)k|straße", "\u212a STRASSE straße"),  # case folding beyond lowercase
        (r"^x|y$|z", "x\ny\nzz x"),  # anchors on every line
        (r"(a)\1|(b)\2|c", "aa bb c ab"),  # back-references keep their groups in a part
        (r"a(?=b)|ab|b", "abab b"),  # lookaheads
        (r"\bone\b|\b1\b|\bun\b", "one 1 un one1 done"),
        (r"x*|y", "yxxy"),  # empty matches
    ],
)
def test_a_pattern_finds_what_re_finds(pattern, text):
    assert agrees(pattern, text)


def test_every_pack_pattern_finds_what_re_finds_on_its_controls_and_on_long_mixed_answers(shipped):
    pack, controls = shipped
    second = load_pack(SECOND)
    texts = {
        q.question_id: [c.answer for cs in controls.get(q.question_id, {}).values() for c in cs] for q in pack.questions
    }
    everything = [t for ts in texts.values() for t in ts]
    draw = random.Random(7)
    wrong = []
    for q in [*pack.questions, *second.questions]:
        mixed = ["\n\n".join(draw.sample(everything, 12)) for _ in range(3)]
        for pattern in filter(None, (q.pattern, q.required_pattern, q.superseded_pattern)):
            finder = Finder(pattern)
            for text in [*texts.get(q.question_id, []), *mixed]:
                if not agrees(pattern, text, finder):
                    wrong.append((q.question_id, pattern[:60], text[:60]))
    assert wrong == []


@pytest.mark.parametrize(
    "pattern, text",
    [
        (r"(?<!a)b|ab|c", "ab b c abc ab"),  # a lookbehind sees the text before pos
        (r"\bone\b|\b1\b|\bun\b", "one 1 un one1 done one"),  # a word edge at endpos
        (r"^x|y$|z", "x\ny\nzz x\ny"),  # without MULTILINE, ^ and $ at the text's (and endpos's) ends only
        (r"(?i)old(?= value)|former|\d+ days", "Old value, FORMER 30 days, old values, 2 days"),
        (r"(?i)(?<![\w'])(?:no longer|not)(?![\w'])|(?<![\w'])(?:never)(?![\w'])", "I'm not; never, not now"),
    ],
)
def test_a_pattern_finds_what_re_finds_in_any_stretch(pattern, text):
    for flags in (re.MULTILINE, 0):
        finder = Finder(pattern, flags=flags)
        for pos in range(len(text) + 1):
            for endpos in range(pos, len(text) + 1):
                expected = spans(re.compile(pattern, flags).finditer(text, pos, endpos))
                assert spans(finder.finditer(text, None, pos, endpos)) == expected, (flags, pos, endpos)
                first = finder.search(text, None, pos, endpos)
                assert (first.span() if first else None) == next(iter(expected), None)
