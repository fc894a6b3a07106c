"""The strict verdict's marker vocabulary (scorers/markers.tsv): loaded and checked once, compiled per kind and
scope into one bounded regular expression each.

A line of the file is one entry: kind, scope, pattern (a case-insensitive regular-expression fragment matched at
word edges) and an optional note. A malformed file is refused with its file, line and field.
"""

import functools
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from omseval.errors import UserError
from omseval.scorers.prefilter import Finder, fold, holds

VOCABULARY = Path(__file__).with_name("markers.tsv")
SCOPES = {  # kind -> the scopes it may have
    "boundary": {"clause"},
    "negation": {"after"},
    "limit": {"after"},
    "former": {"after", "words", "before", "clause", "sentence", "reply", "draft", "stated"},
    "condition": {"sentence", "fix"},
    "replace": {"until"},
    "leftover": {"after", "clause"},
    "hedge": {"sentence", "clause", "weak", "answer", "limited", "kept"},
    "back": {"clause"},
    "reported": {"clause"},
    "retired": {"clause"},
    "reversal": {"answer"},
    "then": {"clause"},
    "current": {"clause"},
    "now": {"clause"},
    "past": {"clause"},
    "status": {"former", "current", "line", "item", "stage", "latest"},
    "heading": {"former", "history"},
    "column": {"former", "label", "current", "target"},
    "becomes": {"block", "fix", "clause", "corrected"},
    "code": {"search", "former", "current", "deny"},
    "described": {"request", "not", "state", "against"},
}


class VocabularyError(UserError):
    """A malformed marker vocabulary, located by file, line and field."""

    def __init__(self, file: Path, line: int, field: str, message: str):
        super().__init__(f"{file.name}, line {line}, field {field}: {message}")


@dataclass(frozen=True)
class Entry:
    kind: str
    scope: str
    pattern: str
    line: int


def load(path: Path = VOCABULARY) -> list[Entry]:
    """The file's entries, each checked: a known kind and scope, a pattern that compiles, no duplicate."""
    entries: list[Entry] = []
    seen: dict[tuple[str, str, str], int] = {}
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        fields = raw.split("\t")
        if len(fields) < 3:
            raise VocabularyError(path, n, "pattern", "expected kind, scope and pattern separated by tabs")
        if len(fields) > 4:
            raise VocabularyError(path, n, "note", "more than four fields: kind, scope, pattern and one note")
        kind, scope, pattern = fields[:3]
        if kind not in SCOPES:
            raise VocabularyError(path, n, "kind", f"{kind!r} is not one of {', '.join(SCOPES)}")
        if scope not in SCOPES[kind]:
            raise VocabularyError(path, n, "scope", f"{scope!r} is not a scope of {kind}: {', '.join(SCOPES[kind])}")
        if not pattern.strip():
            raise VocabularyError(path, n, "pattern", "empty")
        try:
            re.compile(pattern)
        except re.error as e:
            raise VocabularyError(path, n, "pattern", f"not a regular expression: {e}") from None
        if (kind, scope, pattern) in seen:
            raise VocabularyError(path, n, "pattern", f"the same entry as line {seen[kind, scope, pattern]}")
        seen[kind, scope, pattern] = n
        entries.append(Entry(kind, scope, pattern, n))
    return entries


_LONG = 400  # characters of text past which a search runs only where a match can start


class Marker:
    """One kind and scope of the vocabulary: its entries (longest first) as one case-insensitive expression, each
    matched at word edges (`re`'s search, match and finditer, with pos and endpos). It runs only on a stretch of
    text that holds a string one of which every match contains (see omseval.scorers.prefilter): most clauses hold no
    marker, and a substring test is cheaper than the expression. Over a long stretch, each entry is searched only
    where its own strings allow (the same expression as alternatives, each edged on its own: the same matches)."""

    def __init__(self, entries: list[str]):
        self.entries = sorted(entries, key=len, reverse=True)
        whole = Finder(r"(?i)(?<![\w'])(?:" + "|".join(self.entries) + r")(?![\w'])", flags=0)  # parsed once
        self.compiled = whole.compiled
        # shortest strings first: the commonest, so that a clause holding one is told soonest
        self.requirements = [sorted(needs, key=len) for needs in whole.requirements]

    @functools.cached_property
    def finder(self) -> Finder:
        """The entries as alternatives, each edged on its own (made on the first long search)."""
        return Finder("(?i)" + "|".join(r"(?<![\w'])(?:" + e + r")(?![\w'])" for e in self.entries), flags=0)

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match | None:
        return next(self.finditer(text, pos, endpos), None)

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match | None:
        return self.compiled.match(text, pos, endpos) if holds(self.requirements, fold(text[pos:endpos])) else None

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match]:
        folded = fold(text[pos:endpos])
        if not holds(self.requirements, folded):
            return iter(())
        if len(folded) <= _LONG:
            return self.compiled.finditer(text, pos, endpos)
        return self.finder.finditer(text, folded, pos, endpos)


class Vocabulary:
    """The compiled vocabulary: `vocabulary[kind, scope]` is one case-insensitive expression of its entries (longest
    first), matched at word edges; a kind and scope with no entry never matches."""

    def __init__(self, entries: list[Entry]):
        grouped: dict[tuple[str, str], list[str]] = {}
        for e in entries:
            grouped.setdefault((e.kind, e.scope), []).append(e.pattern)
        self.compiled = {key: Marker(pats) for key, pats in grouped.items()}
        self.never = Marker([r"(?!)"])

    def __getitem__(self, key: tuple[str, str]) -> Marker:
        return self.compiled.get(key, self.never)


VOCAB = Vocabulary(load())
