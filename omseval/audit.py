"""The guidance audit: a rule's own checks applied to the guidance its questions were answered with.

No model is involved. For each question, `check_passes` is the question's check applied to the
guidance as if the guidance were the answer (for a `present` check: the final value is there).
`superseded` says whether an older message of the rule (source excerpt, initial correction,
restatements) whose wording fails the same check, i.e. states a value the check rejects, still
stands in the guidance word for word.
"""

import re

from omseval.scorers.check import batch_verdicts, searches

_WORD = re.compile(r"\w+")


def _words(text: str) -> str:
    return " " + " ".join(_WORD.findall(text.lower())) + " "


def older_messages(rule) -> list[str]:
    return [t for t in (rule.source_excerpt, rule.initial_correction, rule.restatement_1, rule.restatement_2) if t]


def superseded(question, rule, guidance: str) -> bool | None:
    """Whether the guidance still states, word for word, an older message that fails the question's check."""
    return audits([(question, rule, guidance)])[0]["audit_superseded"]


def audit(question, rule, guidance: str) -> dict:
    return audits([(question, rule, guidance)])[0]


def audits(items: list[tuple]) -> list[dict]:
    """The audit of each (question, rule, guidance), every search of them in one batch."""
    words = {g: _words(g) for g in {g for _, _, g in items}}  # questions of one document share its text
    stated = [[m for m in older_messages(r) if _words(m) in words[g]] for _, r, g in items]
    passes = batch_verdicts([(q, g) for q, _, g in items])
    results = iter(searches([(q.pattern, m) for (q, _, _), ms in zip(items, stated, strict=True) for m in ms]))
    out = []
    for (q, _, _), ms, check_passes in zip(items, stated, passes, strict=True):
        found_in = [next(results) for _ in ms]
        fails = [f != (q.expect == "present") for f in found_in if f is not None]
        out.append(
            {
                "audit_check_passes": check_passes,
                "audit_superseded": True if any(fails) else None if None in found_in else False,
            }
        )
    return out


def superseded_share(pack, corpus: str, guidance) -> float:
    """Share of the corpus's rules whose guidance still states a superseded value for any of their questions."""
    rules = pack.rules_of(corpus)
    questions = pack.questions_of(corpus)
    return sum(
        any(superseded(q, r, guidance.for_rule(r)) for q in questions if q.rule_id == r.rule_id) for r in rules
    ) / len(rules)
