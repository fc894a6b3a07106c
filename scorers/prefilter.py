"""A pattern's prefilter: strings one of which every match of the pattern contains, read from its parse tree with
where each can start within a match, so that a text holding none of them is known not to match without running the
pattern (as RE2's prefilter does), and a text holding some is matched only where a match could start (`Finder`).

Strings and texts are compared folded (lowercase, with the case equivalences `re` adds under IGNORECASE mapped to
one character), which only ever lets more texts through: the prefilter never changes a verdict, it skips work.
"""

import functools
import re
import re._casefix as _casefix
import re._compiler as _compiler
import re._constants as c
import re._parser as _parser
from collections.abc import Iterator

# each character `re` matches to another under IGNORECASE beyond lowercase ("ſ" and "s"), to the least of its class
_FOLD = str.maketrans(
    {chr(k): min(chr(k), *map(chr, v)) for k, v in _casefix._EXTRA_CASES.items() if min(chr(k), *map(chr, v)) != chr(k)}
)
_REPEATS = (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", c.MAX_REPEAT))
_SMALL_SET = 6  # a character class of at most this many literals counts as alternatives


_SPECIAL = re.compile("[" + re.escape("".join(map(chr, _FOLD))) + "]")


def fold(text: str) -> str:
    """A text as the prefilter compares it."""
    low = text.lower()
    return low if low.isascii() or not _SPECIAL.search(low) else low.translate(_FOLD)  # (every one is beyond ASCII)


Offsets = tuple[int, int | None]  # where a required string starts within a match: at least, at most (None: any)
Needs = dict[str, Offsets]  # strings one of which every match contains, each with where it starts
_KEPT = 4  # the requirements kept per pattern (every match meets each of them)


def _parsed(pattern: str):
    """The pattern's parse tree; None when `re`'s parser refuses it (too deep)."""
    try:
        return _parser.parse(pattern)
    except (re.error, RecursionError):
        return None


def holds(requirements, folded: str) -> bool:
    """Whether a text (folded) holds a string of every requirement: without, no match is possible."""
    for needs in requirements:  # loops, not all(any(...)): this runs for every clause and marker
        for need in needs:
            if need in folded:
                break
        else:
            return False
    return True


def needs_of(parsed) -> tuple[Needs, ...]:
    """Requirements of a parsed pattern, best first: each is folded strings one of which every match contains, with
    where each starts within the match. Empty when there is none (or the pattern is one the reading does not cover)."""
    try:
        found = _sequence(list(parsed), parsed.state) if parsed is not None else []
    except RecursionError:
        return ()
    return tuple(sorted(found, key=_rank, reverse=True)[:_KEPT])


_ONE_CHARACTER = (c.LITERAL, c.NOT_LITERAL, c.IN, c.ANY)
_NO_WIDTH = (c.AT, c.ASSERT, c.ASSERT_NOT)


def _width(items: list, state) -> Offsets:
    low, high = _parser.SubPattern(state, items).getwidth()
    return low, (high if high < c.MAXREPEAT - 1 else None)


def _shift(needs: Needs, by: Offsets) -> Needs:
    return {n: (lo + by[0], None if hi is None or by[1] is None else hi + by[1]) for n, (lo, hi) in needs.items()}


def _sequence(items: list, state) -> list[Needs]:
    """The requirements of a sequence: its literal runs and its items' requirements, placed by the width of what
    comes before them."""
    found: list[Needs] = []
    run: list[str] = []
    before: Offsets = (0, 0)  # the width of the items before the current one
    run_at: Offsets = (0, 0)

    def close() -> None:
        text = "".join(run)
        if text and len(fold(text)) == len(text):  # a letter whose lowercase is longer ("İ") requires nothing
            found.append({fold(text): run_at})
        run.clear()

    for item in items:
        op, av = item
        if op is c.LITERAL:
            if not run:
                run_at = before
            run.append(chr(av))
        else:
            close()
            if op is c.SUBPATTERN:
                inner = _sequence(list(av[-1]), state)
            elif op is c.ATOMIC_GROUP:
                inner = _sequence(list(av), state)
            elif op is c.BRANCH:
                inner = _branch(av[1], state)
            elif op in _REPEATS:
                inner = _sequence(list(av[2]), state) if av[0] >= 1 else []
            elif op is c.IN:
                inner = _chars(av)
            else:  # anchors, lookarounds, back-references, any character: no requirement of their own
                inner = []
            found += [_shift(needs, before) for needs in inner]
        width = (1, 1) if op in _ONE_CHARACTER else (0, 0) if op in _NO_WIDTH else _width([item], state)
        before = (before[0] + width[0], None if before[1] is None or width[1] is None else before[1] + width[1])
    close()
    return found


def _rank(needs: Needs) -> tuple:
    """Longer strings first (they are rarer), then placed, then fewer, then placed more exactly."""
    spread = _spread(needs)
    return min(min(map(len, needs)), 3), spread < 10**9, min(map(len, needs)), -len(needs), -spread


def _branch(alternatives: list, state) -> list[Needs]:
    """Two requirements, each alternative's best merged: by rank, and by how exactly it is placed."""
    options = [_sequence(list(alternative), state) for alternative in alternatives]
    if not all(options):
        return []
    by_rank = _merge([max(o, key=_rank) for o in options])
    by_place = _merge([min(o, key=lambda needs: (_spread(needs), -min(map(len, needs)))) for o in options])
    return [by_rank] if by_place == by_rank else [by_rank, by_place]


def _spread(needs: Needs) -> int:
    return max((hi - lo if hi is not None else 10**9) for lo, hi in needs.values())


def _merge(parts: list[Needs]) -> Needs:
    merged: Needs = {}
    for needs in parts:
        for n, (lo, hi) in needs.items():
            if n in merged:
                old = merged[n]
                hi = None if hi is None or old[1] is None else max(hi, old[1])
                lo = min(lo, old[0])
            merged[n] = (lo, hi)
    return merged


def _chars(members: list) -> list[Needs]:
    """A character class of a few literals, as alternatives; nothing for any other class."""
    if len(members) > _SMALL_SET or any(op is not c.LITERAL for op, _ in members):
        return []
    return [{fold(chr(av)): (0, 0) for _, av in members}]


def _hits(needs: Needs, folded: str) -> list[tuple[int, str]]:
    """Where each of the strings occurs in the text (overlapping occurrences included)."""
    found = []
    for need in needs:
        at = folded.find(need)
        while at >= 0:
            found.append((at, need))
            at = folded.find(need, at + 1)
    return found


# a string copying a shared unit could make: a copy adds a separator and a unit after a value, or a currency before
# it, so what it makes that the text near it lacks spans a value and its unit: a word character before a separator,
# a currency before a digit, a digit against a letter
_JUNCTION = re.compile(r"\w\W|\W\d|\d[^\W\d_]|[^\W\d_]\d")


def _piece(need: str) -> str:
    """The longest part of a string with no junction in it: copying a shared unit can only make such a part where
    the text near it already holds it (a copy's own parts are the text's own), so every match of a rewritten text
    holds the piece of one of the strings it requires near where the text held it."""
    cuts = [0, *(m.start() + 1 for m in _JUNCTION.finditer(need)), len(need)]
    return max((need[a:b] for a, b in zip(cuts, cuts[1:], strict=False)), key=len)


_FEW = 4  # possible starts this close together are each tried with `match`; wider, one bounded search and a check
_DENSE = 0.25  # possible starts over this share of a text: one search of the whole text is cheaper


@functools.lru_cache(maxsize=4096)
def finder(pattern: str) -> "Finder":
    """The pattern's Finder, made once per process."""
    return Finder(pattern)


class Finder:
    """`re.search` and `re.finditer` of one pattern (MULTILINE, as every pack pattern, unless `flags` say
    otherwise), with the same results, pos and endpos included, run only where a match can start: nowhere when the
    text lacks every string of one of the pattern's requirements, else at the starts the places of the fewest allow.
    Where those starts spread, one search bounded by how far a match reads (its width and its lookaheads) finds a
    candidate, confirmed by matching at its start in the whole text (a bound reads as the end of the text to `$`, a
    word edge or a lookahead)."""

    def __init__(
        self, pattern: str, tree=None, requirements: tuple[Needs, ...] | None = None, flags: int = re.MULTILINE
    ):
        """`tree`: one part of the pattern's parse tree (a run of its alternatives) to find instead of the whole,
        with its `requirements` when known."""
        whole = tree is None
        tree = _parsed(pattern) if whole else tree
        self.source = pattern
        self.tree = tree
        self.flags = int(flags)
        if tree is None:  # `re`'s parser refused it here (too deep): compiled now, so a bad pattern fails now
            self.compiled = re.compile(pattern, self.flags)
        self.requirements = needs_of(tree) if requirements is None else requirements
        self.pieces = [list(dict.fromkeys(map(_piece, needs))) for needs in self.requirements]
        # the requirements whose strings each start within a bounded distance of a match's start: they place it
        self.placed = [
            [(n, (lo, hi)) for n, (lo, hi) in needs.items() if hi is not None]
            for needs in self.requirements
            if all(hi is not None for _, hi in needs.values())
        ]
        self.whole = whole

    @functools.cached_property
    def compiled(self) -> re.Pattern:
        """Compiled from the tree (parsed once; int flags, as re.compile passes them) on first use: most texts
        lack a string the pattern requires, and most parts of a pattern never run."""
        return _compiler.compile(self.tree, self.flags)

    @functools.cached_property
    def parts(self) -> list["Finder"]:
        """The pattern's alternatives, each found on its own (made on first use)."""
        return _parts(self.source, self.tree, self.flags) if self.whole else []

    @functools.cached_property
    def reach(self) -> int | None:
        return _reach(self.tree)

    @property
    def pattern(self) -> str:
        return self.source

    def possible(self, folded: str) -> bool:
        """Whether a text (folded) may match: it holds a string of every requirement."""
        return holds(self.requirements, folded)

    def uncreated_absent(self, folded: str) -> bool:
        """Whether the text lacks the pieces (`_piece`) of every string of a requirement, so that no rewrite of it
        by `spelled_out` matches."""
        return not holds(self.pieces, folded)

    def hits_uncreated(self, folded: str) -> list[int]:
        """Where the pieces (`_piece`) of the strings of the first requirement occur: every match of the text
        rewritten by `spelled_out` is near one (a pattern with a requirement)."""
        return sorted(at for at, _ in _hits(dict.fromkeys(self.pieces[0], (0, 0)), folded))

    def search(self, text: str, folded: str | None = None, pos: int = 0, endpos: int | None = None) -> re.Match | None:
        return next(self.finditer(text, folded, pos, endpos), None)

    def finditer(
        self, text: str, folded: str | None = None, pos: int = 0, endpos: int | None = None
    ) -> Iterator[re.Match]:
        """The pattern's matches in `text` from `pos` to `endpos`, as `re` gives them (`folded`: that stretch of
        the text folded, when the caller has it)."""
        pos, endpos = max(0, pos), len(text) if endpos is None else min(endpos, len(text))
        folded = fold(text[pos:endpos]) if folded is None else folded
        if self.parts:
            yield from self._merged(text, folded, pos, endpos)
            return
        ranges = self._ranges(folded, pos, endpos)
        if ranges is None:
            yield from self.compiled.finditer(text, pos, endpos)
            return
        at = pos  # matches do not overlap: the next one starts where the last ended
        while (m := self._from(text, at, ranges, endpos)) is not None:
            yield m
            at = m.end() if m.end() > m.start() else m.end() + 1

    def _merged(self, text: str, folded: str, pos: int, endpos: int) -> Iterator[re.Match]:
        """finditer of a pattern split into parts (runs of its alternatives): at each start the first alternative
        that matches wins, so the match is the part's that starts first, the earlier part on a tie."""
        parts = [(part, part._ranges(folded, pos, endpos)) for part in self.parts if part.possible(folded)]
        firsts: list[re.Match | None] = [part._from(text, pos, ranges, endpos) for part, ranges in parts]
        at = pos
        while True:
            for n, m in enumerate(firsts):
                if m is not None and m.start() < at:
                    firsts[n] = parts[n][0]._from(text, at, parts[n][1], endpos)
            found = [(m.start(), n, m) for n, m in enumerate(firsts) if m is not None]
            if not found:
                return
            m = min(found, key=lambda f: f[:2])[2]
            yield m
            at = m.end()  # never empty: a pattern that matches empty is not split

    def _ranges(self, folded: str, pos: int, endpos: int) -> list[tuple[int, int]] | None:
        """Where a match may start (None: anywhere), in the text whose stretch from `pos` to `endpos` is `folded`."""
        if not self.requirements or len(folded) != endpos - pos:
            return None
        starts = self._starts(folded)
        return starts if starts is None or not pos else [(low + pos, high + pos) for low, high in starts]

    def _from(self, text: str, at: int, ranges: list[tuple[int, int]] | None, endpos: int) -> re.Match | None:
        """The first match starting at `at` or after, within `ranges` (None: anywhere)."""
        if ranges is None:
            return self.compiled.search(text, at, endpos)
        for low, high in ranges:
            if high < at:
                continue
            if (m := self._first(text, max(low, at), high, endpos=endpos)) is not None:
                return m
        return None

    def near(self, text: str, spans: list[tuple[int, int]]) -> Iterator[tuple[int, re.Match]]:
        """The matches that overlap one of `spans` (sorted), each with the index of its span, in order; for an
        unbounded pattern, those that start on a line of one of them."""
        for n, (start, end) in enumerate(spans):
            if self.reach is None:
                at = text.rfind("\n", 0, start) + 1
                stop = text.find("\n", end)
                stop = len(text) if stop < 0 else stop
                while at <= stop and (m := self._first(text, at, stop, bound=stop)) is not None:
                    yield n, m
                    at = m.start() + 1
                continue
            at = max(0, start - self.reach)
            while at < end and (m := self._first(text, at, end - 1)) is not None:
                if m.end() > start:
                    yield n, m
                at = m.start() + 1

    def _first(
        self, text: str, low: int, high: int, bound: int | None = None, endpos: int | None = None
    ) -> re.Match | None:
        """The first match of the text up to `endpos` that starts between `low` and `high` (searched up to
        `bound`, by default as far as a match reads)."""
        endpos = len(text) if endpos is None else endpos
        if bound is None and self.reach is not None:
            bound = min(endpos, high + self.reach)
        if high - low < _FEW or bound is None:
            for start in range(low, high + 1):
                if m := self.compiled.match(text, start, endpos):
                    return m
            return None
        while low <= high:
            m = self.compiled.search(text, low, bound)
            if m is None or m.start() > high:
                return None
            if real := self.compiled.match(text, m.start(), endpos):
                return real
            low = m.start() + 1
        return None

    def _starts(self, folded: str) -> list[tuple[int, int]] | None:
        """Where a match may start, as merged ranges, by the requirement that allows the fewest starts (none when
        the text lacks one); None when that is most of the text. A requirement is given up once it allows more."""
        best: list[tuple[int, int]] | None = None
        limit = _DENSE * len(folded) + _FEW
        for needs in self.placed:
            ranges: list[tuple[int, int]] = []
            size: float = 0
            for need, (lo, hi) in needs:
                at = folded.find(need)
                while at >= 0 and size <= limit:
                    if at >= lo:
                        ranges.append((at - hi if at > hi else 0, at - lo))
                        size += hi - lo + 1
                    at = folded.find(need, at + 1)
                if size > limit:
                    break
            if size > limit:
                continue
            if not ranges:
                return []
            merged = _merged(ranges)
            size = sum(h - lo + 1 for lo, h in merged)
            if size <= limit:
                best, limit = merged, size
                if size <= _FEW * 16:  # few enough: looking for fewer costs more than it saves
                    break
        return best


def _parts(pattern: str, tree, flags: int) -> list[Finder]:
    """A pattern of alternatives in parts, each found on its own (its own strings to look for): one part per
    alternative, except that a run of alternatives with no requirement stays one part (one search for all)."""
    if tree is None or len(tree.data) != 1 or tree.data[0][0] is not c.BRANCH or tree.getwidth()[0] == 0:
        return []  # not alternatives, or one that matches empty (whose next match `re` allows at the same place)
    runs: list[tuple[list, tuple[Needs, ...]]] = []
    for alternative in tree.data[0][1][1]:
        needs = needs_of(alternative)
        if runs and not needs and not runs[-1][1]:
            runs[-1][0].append(alternative)
        else:
            runs.append(([alternative], needs))
    if len(runs) < 2:
        return []
    return [
        Finder(pattern, run[0], needs, flags)
        if len(run) == 1
        else Finder(pattern, _parser.SubPattern(tree.state, [(c.BRANCH, (None, run))]), (), flags)
        for run, needs in runs
    ]


def _merged(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for low, high in sorted(ranges):
        if merged and low <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(high, merged[-1][1]))
        else:
            merged.append((low, high))
    return merged


def _reach(parsed) -> int | None:
    """The most characters a match of a parsed pattern reads from its start: its longest width plus the longest of
    its lookaheads; None when unbounded."""
    if parsed is None:
        return None
    width = parsed.getwidth()[1]
    ahead = sum(sub.getwidth()[1] for sub in _lookaheads(list(parsed)))
    total = width + ahead
    return total if total < c.MAXREPEAT - 1 and total < 10_000 else None


def _lookaheads(items: list) -> list:
    found = []
    for op, av in items:
        if op in (c.ASSERT, c.ASSERT_NOT):
            direction, sub = av
            if direction == 1:
                found.append(sub)
            found += _lookaheads(list(sub))
        elif op is c.SUBPATTERN:
            found += _lookaheads(list(av[-1]))
        elif op is c.ATOMIC_GROUP:
            found += _lookaheads(list(av))
        elif op is c.BRANCH:
            for alternative in av[1]:
                found += _lookaheads(list(alternative))
        elif op in _REPEATS:
            found += _lookaheads(list(av[2]))
    return found
