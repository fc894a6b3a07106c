"""The offline model's judge role: NOT a language model. A lexical stand-in that lets `judge=offline` run
with no key and no network.

It reads only the intended rule and the answer from the judge's prompt: the answer is correct when it states
every value of the intended rule (not negated), or, for a rule without values, shares at least half of its
content words, and it offers no alternative ("either", "both", "whichever", "A or B" between values).
"""

import re

from omseval.text import content_terms, numbers_to_digits, value_sets, values

_HEDGE = re.compile(r"(?i)\b(?:either|both|whichever)\b|\d\S*\s+or\s+\S*\d")


def judge(intended_rule: str, answer: str) -> dict:
    """A reply of the judge's schema: a reason and the verdict."""
    wanted = values(intended_rule)
    if wanted:
        stated, _ = value_sets(answer)
        plain = numbers_to_digits(answer).lower()
        missing = sorted(v for v in wanted if v not in stated and (v[:1].isdigit() or v.lower() not in plain))
        found = not missing
        reason = f"values of the intended rule not stated: {', '.join(missing)}" if missing else "states its values"
    else:
        words = content_terms(intended_rule)
        shared = words & content_terms(answer)
        found = 2 * len(shared) >= len(words)
        reason = f"shares {len(shared)} of the intended rule's {len(words)} content words"
    hedge = _HEDGE.search(answer)
    if hedge:
        reason += f"; offers alternatives ({hedge.group(0)!r})"
    return {"reason": f"lexical judge, not a language model: {reason}", "correct": found and not hedge}
