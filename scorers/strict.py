"""The strict verdict: does an answer *commit* to the final rule, or does it only name it?

An answer commits when it passes the pack's check and states no superseded value as what to do.
The pack's optional `superseded_pattern` (03) matches a statement of a superseded value (the source's,
the initial correction's, the restatements'). A match is allowed only where the answer marks it as
former or rejected: inside the scope of a marker such as "not", "instead of", "no longer", "old",
"previously", "was", or before a predicate such as "is outdated" / "no longer applies". A marker's
scope ends at the end of its clause (sentence ends, line breaks, `;`, `:`, `,`, dashes and words such as
"but" or "because"). A negation before a limit ("never more than 12") commits to the limit. A clause that
hedges ("either", "both", "still", "as well", a final "too"; or, without a negation, "also", "works",
"acceptable", "fine") marks nothing, so "the old 12 is still fine" is a hedge, not context. A clause whose
subject points back ("That was retired.", "neither applies any more") marks the clause before it, and a
"then" after a former value ("it used to be 5%, then 12%") goes on marking. Values that share one unit in a
range or a list ("24 or 36 hours", "10-15 years") are read with the unit spelled out after each.

The masking below uses fixed patterns of this module (linear in the answer: bounded repeats, atomic
numbers); the pack's `superseded_pattern` then runs on the masked answer (and on its reading with shared
units spelled out, where that differs) through the check's time-bounded workers, with the same `re`
semantics (MULTILINE, other flags inline) as every other pattern.
"""

import re

from omseval.scorers.check import CHECK_TIMEOUT, searches

# A clause ends at these; a marker's scope never crosses one. A comma inside a list ("375, 768 and 1440")
# does not end a clause.
_BOUNDARY = re.compile(
    r"[.!?](?=\s|$)|\n|;|:(?=\s)(?!\s+(?:or|and|nor)\b)|,(?=\s)(?!\s*[\w.%$-]+\s*(?:,|\band\b|\bor\b|\)))|\s[—–-]{1,2}\s"
    r"|(?i:\b(?:but|however|whereas|although|though|since|because|while|so|yet)\b)"
)
# A negation followed by a limit ("not more than 12", "never go over 12", "don't let it go past 12",
# "shouldn't take longer than 12", "don't ship until 12") commits to 12 and marks nothing.
_LIMIT = (
    r"(?!(?:\s+[\w']+){0,6}?\s+(?:more|less|fewer|over|above|below|under|exceed\w*|greater|higher|lower|past|"
    r"beyond|longer|shorter|smaller|bigger|larger|earlier|later|older|newer|least|most)\b|(?:until|till|before|after)\b"
    r"(?!\s*$))"
)
_USED_TO = r"(?<!is )(?<!are )(?<!am )used to(?: be)?"  # "is used to" is "is accustomed to"
_NEGATOR = (
    r"not|never|forget|don't|do not|doesn't|does not|won't|shouldn't|should not|must not|mustn't|can't|cannot|avoid"
)
# Markers whose scope runs to the end of their clause: "not 12", "instead of 12", "was 12", "moved away from 12",
# "would have made it 12" (a counterfactual).
_BEFORE = re.compile(
    r"(?i)\b(?:(?:" + _NEGATOR + ")" + _LIMIT + "|"
    r"no longer(?!\s+than)|would have|would've|instead of|rather than|in place of|unlike|as opposed to|versus|vs|"
    r"formerly|previously|historically|in the past|back then|at one point|at first|gave up(?: on)?|got rid of|"
    r"scrapped|phased out|ditched|moved on from|" + _USED_TO + r"|"
    r"used(?=[^.\n]{0,60}\bbefore\s*$)|originally|abandon(?:ed|ing)?|"
    r"replaced|replaces|replacing|renamed|retired|supersed(?:e|es|ed|ing)|stopped|dropped|isn't|aren't|wasn't|"
    r"(?:was|were)(?!(?:\s+\w+)?\s+(?:set|raised|moved|shortened|lengthened|changed|lowered|increased|reduced|cut|"
    r"updated|extended|bumped|switched|tightened|relaxed)\s+(?:to|at)\b)|(?:changed|moved|switched|went|updated|raised|lowered|reduced|increased|"
    r"cut|bumped|shifted|up|down|away)(?:\s+[\w']+){0,2}?\s+(?:from|off))\b"
)
# Markers whose scope is the next few words: "the old 12-tile limit", "the previous limit of 12", "stricter
# than the textbook 12" (a contrast with the public convention, not an endorsement of it).
_ADJECTIVE = re.compile(
    r"(?i)\b(?:old|stale|older(?!\s+than)|former|earlier(?!\s+than)|previous|prior|legacy|outdated|obsolete|superseded|"
    r"deprecated|retired|(?:than|from|over) the(?:\s+\w+)? (?:textbook|usual|conventional|customary|typical|"
    r"traditional|default|standard|common)|\w+er than the|(?:more|less|fewer) than the|twice the)\b"
)
_WORDS = re.compile(r"(?:\s*\S+){1,5}")  # an adjective marker's reach
# Markers whose scope runs back to the start of their clause: "12 is no longer used", "12 was cut", "12 would
# not meet the rule", "the 300 ms many teams use".
_AFTER = re.compile(
    r"(?i)\b(?:is|are|was|were|has been|have been)\s+(?:[\w']+\s+){0,3}?(?:no longer|not|outdated|obsolete|"
    r"superseded|replaced|retired|deprecated|dropped|gone|wrong|old|former|previous|history|cut|out|removed|"
    r"abandoned|changed|before|earlier|legacy|renamed|shortened|lengthened|extended|lowered|raised|tightened|relaxed|"
    r"last (?:year|quarter|month|week|release|version)(?:'s)?)(?![\w-])"
    r"|\bno longer\b|\b(?:isn't|aren't|wasn't|" + _USED_TO + r"|went away|any ?more)\b"
    r"|\buntil (?:recently|last \w+|\w+ (?:\w+ )?ago|earlier this \w+)"
    r"|\b(?:doesn't|does not|don't|do not) apply\b|\bwould(?:n't| not| be too| have| mean)\b"
    r"|\b(?:must|should|may|can)(?:n't| not) (?:be (?:used|given|applied|followed)|appear)\b|\bthing of the past\b"
    r"|\b(?:many|most|other|some) (?:teams|people|companies|places|guides|style guides|orgs|organisations)\b"
)
# A clause that offers the value as acceptable marks nothing: "the old 12 is still fine". The weak words only
# count in a clause without a negation or a counterfactual ("12 is no longer acceptable" and "12 would have
# been fine" mark 12; so does "we don't use 12 either").
_HEDGE = re.compile(
    r"(?i)\b(?:both|still|as well|whichever)\b|\btoo\s*$|(?:\bnot|n't)(?: be)? (?:a problem|an issue|wrong|unsafe|"
    r"out of the question|bad|unreasonable|incorrect)\b"
)
_WEAK_HEDGE = re.compile(
    r"(?i)\b(?:either|also|works?|acceptable|fine|okay|ok|(?<!we )(?<!they )(?<!had )(?:allowed|permitted)|alright)\b"
)
_NEGATION = re.compile(r"(?i)\b(?:not|no|never|no longer|would have|would've|could have)\b|n't\b")
# A clause that names no value and says that what came before was retired or changed marks the clause before
# it: "That was retired.", "neither applies any more", ", so it was extended", ", which is why we changed it",
# ", hence the change" (but not "That hasn't been replaced.").
_BACK = re.compile(
    r"(?i)^\W*(?:and\s+)?(?:(?:which|that|this) is why\s+|that's why\s+)?(?:(?:that|this|it|those|these|neither|"
    r"none of (?:them|these|those))(?:'s|\s+(?:is|was|are|were|has|have|had|no|doesn't|does|don't|do|applies|apply)\b)"
    r"|(?:we|they)\s+(?:\w+\s+)?(?:retired|replaced|dropped|changed|renamed|abandoned|scrapped|removed|stopped using)"
    r"\s+(?:it|that|this|them|those)\b)"
)
_REVERSAL = re.compile(
    r"(?i)\b(?:revert\w*|rolled back|went back|undid|undone|(?:changed|switched|moved)(?: \w+)? back)\b"
)
_HENCE = re.compile(r"(?i)^\W*(?:and\s+)?(?:hence|therefore|thus)\b.*\bchange")
_GONE = re.compile(
    r"(?i)\bno longer\b(?!\s+(?:negotiable|optional|up for))|\bany ?more\b|\b(?:doesn't|does not|don't|do not) apply\b"
)
_RETIRED = re.compile(
    r"(?i)\b(?:retired|replaced|dropped|superseded|outdated|obsolete|withdrawn|deprecated|gone|history|out of date|"
    r"changed|cut|extended|shortened|lengthened|raised|lowered|tightened|relaxed|renamed|revised|updated)\b"
)
_DENIAL = re.compile(r"(?i)\b(?:not|never)\b|n't\b")
# A clause that goes on with a sequence of former values ("Previously it was once, then twice.").
_THEN = re.compile(r"(?i)^\W*(?:and\s+)?(?:then|later|after that)\b")
_FORMER = re.compile(r"(?i)\b(?:previously|formerly|originally|used to|was|were|had been|old|earlier|before)\b")
_ARROW = re.compile(r"\s(?:→|->|=>|⇒)\s")  # one arrow in a clause marks what it starts from: "N/A → NODATA"
_SCOPE = 80  # characters a clause-wide marker reaches at most
_MASK = "\n"  # masked text: a line break, which no value spans


_DIGIT_WORD = r"(?:one|two|three|four|five|six|seven|eight|nine)"
_NUMBER = (  # atomic, so "1,2" is one number and a list of numbers reads only one way
    r"(?>\d+(?:[.,:]\d+)*|zero|" + _DIGIT_WORD + r"|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|"
    r"(?:twen|thir|for|fif|six|seven|eigh|nine)ty(?:[- ]" + _DIGIT_WORD + r")?|hundred)"
)
_NOT_A_UNIT = (
    r"and|or|to|of|the|a|an|is|are|was|were|be|if|in|on|at|for|per|but|so|as|by|with|from|than|then|now|it|its|this|"
    r"that|not|no|we|you|they|either|both|each|is|should|would|will|can|may|must|works?|fine|okay|ok"
)
# Values in a range or a list that share one unit: "24 or 36 hours", "10–15 years", "2, 3 or 4 decimal places"
# (the unit, with the separator before it, follows the last value); or "$25 or 40" (a currency before the first).
_SHARED_UNIT = re.compile(
    rf"(?i)(?<![\w.,:$£€])((?:{_NUMBER}(?![- ]{_DIGIT_WORD}\b)\s*-?\s*"
    rf"(?:,|or|and|to|through|-|–|—|/)\s*(?:or\s+|and\s+|to\s+)?(?={_NUMBER})){{1,8}}+){_NUMBER}"
    rf"(\s*-?\s*)(?!(?:{_NOT_A_UNIT})\b)(%|[a-z]+\b)"
)
_SHARED_CURRENCY = re.compile(
    rf"(?i)([$£€]|\b(?:USD|EUR|GBP)\s?){_NUMBER}(?:\s*(?:,|or|and|to|-|–|—|/)\s*(?:or\s+|and\s+)?{_NUMBER}(?![\d.,])){{1,8}}+"
)
_VALUE = re.compile(rf"(?i)(?<![\w.,:]){_NUMBER}(?![\w.,:]*\d)")


def spelled_out(answer: str) -> str:
    """The answer with a unit that a range or a list shares written after (or a currency before) each value:
    "24 or 36 hours" -> "24 hours or 36 hours", so a superseded "24 hours" is seen in a hedge."""

    def after(m: re.Match) -> str:
        unit = m.group(2) + m.group(3)
        return _VALUE.sub(lambda v: v.group(0) + unit, m.group(1)) + m.group(0)[len(m.group(1)) :]

    def before(m: re.Match) -> str:
        head = m.group(1)
        return head + _VALUE.sub(lambda v: head + v.group(0), m.group(0)[len(head) :])[len(head) :]

    return _SHARED_CURRENCY.sub(before, _SHARED_UNIT.sub(after, answer))


def _clauses(text: str) -> list[tuple[int, int]]:
    """(start, end) of each clause, in order, covering the text."""
    spans, start = [], 0
    for m in _BOUNDARY.finditer(text):
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    return spans


def _retires_what_came_before(clause: str) -> bool:
    """A clause naming no value that says what came before was retired or changed (not denying it)."""
    if re.search(r"\d", clause):
        return False
    if _HENCE.search(clause):
        return True
    return bool(_BACK.search(clause)) and bool(
        _GONE.search(clause) or (_RETIRED.search(clause) and not _DENIAL.search(clause))
    )


def masked(answer: str) -> str:
    """The answer with every stretch that a marker marks as former or rejected replaced by line breaks."""
    chars = list(answer)
    reversal = _REVERSAL.search(answer)
    before = (0, 0)  # the previous clause
    for start, end in _clauses(answer):
        clause, previous = answer[start:end], answer[before[0] : before[1]]
        if not clause.strip():
            continue
        goes_on = bool(_THEN.search(clause) and _FORMER.search(previous))
        if goes_on or (not reversal and _retires_what_came_before(clause)):
            chars[before[0] : before[1]] = _MASK * (before[1] - before[0])
        if goes_on:
            chars[start:end] = _MASK * (end - start)
        before = (start, end)
        if _HEDGE.search(clause) or (_WEAK_HEDGE.search(clause) and not _NEGATION.search(clause)):
            continue
        for m in _BEFORE.finditer(clause):
            for i in range(start + m.end(), min(end, start + m.end() + _SCOPE)):
                chars[i] = _MASK
        for m in _ADJECTIVE.finditer(clause):
            reach = _WORDS.match(clause, m.end())
            for i in range(start + m.end(), start + (reach.end() if reach else m.end())):
                chars[i] = _MASK
        arrows = list(_ARROW.finditer(clause))
        for m in [*_AFTER.finditer(clause), *(arrows if len(arrows) == 1 else [])]:
            for i in range(max(start, start + m.start() - _SCOPE), start + m.start()):
                chars[i] = _MASK
    return "".join(chars)


def strict_verdicts(
    checks: list[tuple], passed: list[bool | None], timeout: float = CHECK_TIMEOUT
) -> list[bool | None]:
    """The strict verdict of each (question, answer) whose check verdict is in `passed`: True when it
    passed and states no superseded value unmarked; None when either search had no verdict. A question
    without `superseded_pattern` gets the check's verdict."""
    # each answer is searched as masked and, where a range or list shares a unit, with the unit spelled out
    # (so "1–6 scale" still matches a pattern that looks for the range)
    readings = [
        list(dict.fromkeys([read := masked(answer), spelled_out(read)])) if ok and q.superseded_pattern else []
        for (q, answer), ok in zip(checks, passed, strict=True)
    ]
    jobs = [(q.superseded_pattern, text) for (q, _), texts in zip(checks, readings, strict=True) for text in texts]
    states = iter(searches(jobs, timeout))
    out: list[bool | None] = []
    for ok, texts in zip(passed, readings, strict=True):
        if not texts:
            out.append(ok)
            continue
        stated = [next(states) for _ in texts]
        out.append(False if True in stated else None if None in stated else True)
    return out
