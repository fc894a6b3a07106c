"""The strict verdict's marker vocabulary (scorers/markers.tsv): loaded and checked once, compiled per kind and
scope into one bounded regular expression each.

A line of the file is one entry: kind, scope, pattern (a case-insensitive regular-expression fragment matched at
word edges) and an optional note. A malformed file is refused with its file, line and field.
"""

import functools
import re
import re._parser as _parser
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from omseval.errors import UserError
from omseval.scorers.prefilter import fold, holds, requirements

VOCABULARY = Path(__file__).with_name("markers.tsv")
SCOPES = {  # kind -> the scopes it may have
    "boundary": {"clause"},
    "negation": {"after"},
    "limit": {"after"},
    "former": {"after", "words", "before", "clause", "sentence", "reply"},
    "condition": {"sentence", "fix"},
    "replace": {"until"},
    "leftover": {"after", "clause"},
    "hedge": {"sentence", "clause", "weak", "answer"},
    "back": {"clause"},
    "retired": {"clause"},
    "reversal": {"answer"},
    "then": {"clause"},
    "current": {"clause"},
    "now": {"clause"},
    "past": {"clause"},
    "status": {"former", "current", "line", "item"},
    "heading": {"former", "history"},
    "column": {"former", "current"},
    "becomes": {"block", "fix", "clause"},
    "code": {"search", "former", "current", "deny"},
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


_LONG = 400  # characters of text past which a search runs each entry whose own strings the text holds


class Marker:
    """One kind and scope of the vocabulary: its expression (`re`'s search, match and finditer, with pos and
    endpos), run only on a stretch of text that holds a string one of which every match contains (see
    omseval.scorers.prefilter): most clauses hold no marker, and a substring test is cheaper than the expression.
    Over a long stretch, each of its `entries` (its alternatives, in order) whose own strings the stretch holds is
    searched on its own, with the same matches: the first to start wins, the earlier entry on a tie."""

    def __init__(self, pattern: str, entries: tuple[str, ...] = ()):
        self.compiled = re.compile(pattern)
        # shortest strings first: the commonest, so that a clause holding one is told soonest
        self.requirements = [sorted(needs, key=len) for needs in requirements(pattern)]
        self.alternatives = entries

    @functools.cached_property
    def entries(self) -> list[tuple[re.Pattern, list[list[str]]]]:
        """Each entry compiled, with its own strings (on the first long search: most processes make none)."""
        if any(_parser.parse(e).getwidth()[0] == 0 for e in self.alternatives):  # one may match empty: as `re` does
            return []
        return [(re.compile(e), [sorted(needs, key=len) for needs in requirements(e)]) for e in self.alternatives]

    def _possible(self, text: str, pos: int, endpos: int) -> bool:
        return holds(self.requirements, fold(text[pos:endpos]))

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match | None:
        return next(self.finditer(text, pos, endpos), None)

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match | None:
        return self.compiled.match(text, pos, endpos) if self._possible(text, pos, endpos) else None

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match]:
        folded = fold(text[pos:endpos])
        if not holds(self.requirements, folded):
            return iter(())
        if len(self.alternatives) > 1 and len(folded) > _LONG and self.entries:
            return self._each(text, pos, endpos, folded)
        return self.compiled.finditer(text, pos, endpos)

    def _each(self, text: str, pos: int, endpos: int, folded: str) -> Iterator[re.Match]:
        """finditer over a long stretch (`folded`), entry by entry: each entry's next match kept until the search
        passes it."""
        live = [compiled for compiled, needs in self.entries if holds(needs, folded)]
        nexts = [compiled.search(text, pos, endpos) for compiled in live]
        at = pos
        while True:
            for n, m in enumerate(nexts):
                if m is not None and m.start() < at:
                    nexts[n] = live[n].search(text, at, endpos)
            found = [(m.start(), n, m) for n, m in enumerate(nexts) if m is not None]
            if not found:
                return
            first = min(found, key=lambda f: f[:2])[2]
            yield first
            at = first.end()


def _marker(patterns: list[str]) -> Marker:
    """The entries of a kind and scope as one marker: longest first, each matched at word edges."""
    ordered = sorted(patterns, key=len, reverse=True)
    return Marker(_edged("|".join(ordered)), tuple(map(_edged, ordered)))


def _edged(alternatives: str) -> str:
    return r"(?i)(?<![\w'])(?:" + alternatives + r")(?![\w'])"


class Vocabulary:
    """The compiled vocabulary: `vocabulary[kind, scope]` is one case-insensitive expression of its entries (longest
    first), matched at word edges; a kind and scope with no entry never matches."""

    def __init__(self, entries: list[Entry]):
        grouped: dict[tuple[str, str], list[str]] = {}
        for e in entries:
            grouped.setdefault((e.kind, e.scope), []).append(e.pattern)
        self.compiled = {key: _marker(pats) for key, pats in grouped.items()}
        self.never = Marker(r"(?!)")

    def __getitem__(self, key: tuple[str, str]) -> Marker:
        return self.compiled.get(key, self.never)


VOCAB = Vocabulary(load())
