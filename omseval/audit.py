"""The guidance audit: a rule's own checks applied to the guidance its questions were answered with.

No model is involved. For each question, `check_passes` is the question's check applied to the
guidance as if the guidance were the answer (for a `present` check: the final value is there).
`superseded` says whether an older message of the rule (source excerpt, initial correction,
restatements) whose wording fails the same check, i.e. states a value the check rejects, still
stands in the guidance word for word.
"""

import re

from omseval.scorers.check import found, verdict

_WORD = re.compile(r"\w+")


def _words(text: str) -> str:
    return " " + " ".join(_WORD.findall(text.lower())) + " "


def older_messages(rule) -> list[str]:
    return [t for t in (rule.source_excerpt, rule.initial_correction, rule.restatement_1, rule.restatement_2) if t]


def superseded(question, rule, guidance: str) -> bool | None:
    """Whether the guidance still states, word for word, an older message that fails the question's check."""
    text = _words(guidance)
    try:
        return any(_words(m) in text and found(question.pattern, m) != (question.expect == "present")
                   for m in older_messages(rule))
    except TimeoutError:
        return None


def audit(question, rule, guidance: str) -> dict:
    return {"audit_check_passes": verdict(question, guidance), "audit_superseded": superseded(question, rule, guidance)}


def superseded_share(pack, corpus: str, guidance) -> float:
    """Share of the corpus's rules whose guidance still states a superseded value for any of their questions."""
    rules = pack.rules_of(corpus)
    questions = pack.questions_of(corpus)
    return sum(any(superseded(q, r, guidance.for_rule(r)) for q in questions if q.rule_id == r.rule_id)
               for r in rules) / len(rules)
