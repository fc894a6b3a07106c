"""The strict verdict: does an answer *commit* to the final rule, or does it only name it?

An answer commits when it passes the pack's check and states no superseded value as what to do.
The pack's optional `superseded_pattern` (03) matches a statement of a superseded value (the source's,
the initial correction's, the restatements'). A match is allowed only where the answer marks it as
former or rejected: inside the scope of a marker such as "not", "instead of", "no longer", "old",
"previously", "was", or before a predicate such as "is outdated" / "no longer applies". A marker's
scope ends at the end of its clause (sentence ends, line breaks, `;`, `:`, `,`, dashes and words such as
"but" or "because"). A negation before a limit ("never more than 12") commits to the limit. A clause that
hedges ("either", "both", "still", "as well", a final "too"; or, without a negation, "also", "works",
"acceptable", "fine") marks nothing, so "the old 12 is still fine" is a hedge, not context.

The masking below uses fixed patterns of this module (linear, no back-tracking on user text); the
pack's `superseded_pattern` then runs once on the masked answer through the check's time-bounded
workers, with the same `re` semantics (MULTILINE, other flags inline) as every other pattern.
"""

import re

from omseval.scorers.check import CHECK_TIMEOUT, searches

# A clause ends at these; a marker's scope never crosses one. A comma inside a list ("375, 768 and 1440")
# does not end a clause.
_BOUNDARY = re.compile(
    r"[.!?](?=\s|$)|\n|;|:(?=\s)|,(?=\s)(?!\s*[\w.%$-]+\s*(?:,|\band\b|\bor\b))|\s[—–-]{1,2}\s"
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
    r"formerly|previously|" + _USED_TO + r"|used(?=[^.\n]{0,60}\bbefore\s*$)|originally|abandon(?:ed|ing)?|"
    r"replaced|replaces|replacing|supersed(?:e|es|ed|ing)|stopped|dropped|isn't|aren't|wasn't|"
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
    r"abandoned|changed|before|earlier)(?![\w-])"
    r"|\bno longer\b|\b(?:isn't|aren't|wasn't|" + _USED_TO + r"|went away|any ?more)\b"
    r"|\b(?:doesn't|does not|don't|do not) apply\b|\bwould(?:n't| not| be too| have| mean)\b"
    r"|\b(?:must|should|may|can)(?:n't| not) be (?:used|given|applied|followed)\b|\bthing of the past\b"
    r"|\b(?:many|most|other|some) (?:teams|people|companies|places|guides|style guides|orgs|organisations)\b"
)
# A clause that offers the value as acceptable marks nothing: "the old 12 is still fine". The weak words only
# count in a clause without a negation or a counterfactual ("12 is no longer acceptable" and "12 would have
# been fine" mark 12; so does "we don't use 12 either").
_HEDGE = re.compile(
    r"(?i)\b(?:both|still|as well|whichever)\b|\btoo\s*$|(?:\bnot|n't)(?: be)? (?:a problem|an issue|wrong|unsafe|"
    r"out of the question|bad|unreasonable|incorrect)\b"
)
_WEAK_HEDGE = re.compile(r"(?i)\b(?:either|also|works?|acceptable|fine|okay|ok|allowed|permitted|alright)\b")
_NEGATION = re.compile(r"(?i)\b(?:not|no|never|no longer|would have|would've|could have)\b|n't\b")
_SCOPE = 80  # characters a clause-wide marker reaches at most
_MASK = "\n"  # masked text: a line break, which no value spans


def _clauses(text: str) -> list[tuple[int, int]]:
    """(start, end) of each clause, in order, covering the text."""
    spans, start = [], 0
    for m in _BOUNDARY.finditer(text):
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    return spans


def masked(answer: str) -> str:
    """The answer with every stretch that a marker marks as former or rejected replaced by line breaks."""
    chars = list(answer)
    for start, end in _clauses(answer):
        clause = answer[start:end]
        if _HEDGE.search(clause) or (_WEAK_HEDGE.search(clause) and not _NEGATION.search(clause)):
            continue
        for m in _BEFORE.finditer(clause):
            for i in range(start + m.end(), min(end, start + m.end() + _SCOPE)):
                chars[i] = _MASK
        for m in _ADJECTIVE.finditer(clause):
            reach = _WORDS.match(clause, m.end())
            for i in range(start + m.end(), start + (reach.end() if reach else m.end())):
                chars[i] = _MASK
        for m in _AFTER.finditer(clause):
            for i in range(max(start, start + m.start() - _SCOPE), start + m.start()):
                chars[i] = _MASK
    return "".join(chars)


def strict_verdicts(
    checks: list[tuple], passed: list[bool | None], timeout: float = CHECK_TIMEOUT
) -> list[bool | None]:
    """The strict verdict of each (question, answer) whose check verdict is in `passed`: True when it
    passed and states no superseded value unmarked; None when either search had no verdict. A question
    without `superseded_pattern` gets the check's verdict."""
    jobs = [
        (q.superseded_pattern, masked(answer))
        for (q, answer), ok in zip(checks, passed, strict=True)
        if ok and q.superseded_pattern
    ]
    states = iter(searches(jobs, timeout))
    out: list[bool | None] = []
    for (q, _), ok in zip(checks, passed, strict=True):
        if not ok or not q.superseded_pattern:
            out.append(ok)
            continue
        stated = next(states)
        out.append(None if stated is None else not stated)
    return out
