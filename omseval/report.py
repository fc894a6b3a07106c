"""Tables from .eval logs: pass rates by question type, with n and exclusions."""

import pandas as pd
from inspect_ai.log import EvalLog

COLUMNS = ["question_type", "n", "first_attempt", "first_excluded", "eventual", "eventual_excluded", "corrective_messages"]


def sample_frame(log: EvalLog) -> pd.DataFrame:
    rows = []
    for s in log.samples or []:
        score = next(iter((s.scores or {}).values()), None)
        v = score.value if score is not None else {}
        rows.append({"question_id": s.id, "question_type": s.metadata["question_type"], "rule_id": s.metadata["rule_id"],
                     "first_attempt": v.get("first_attempt"), "eventual": v.get("eventual"),
                     "attempts": v.get("attempts"), "corrective_messages": v.get("corrective_messages")})
    return pd.DataFrame(rows, columns=["question_id", "question_type", "rule_id", "first_attempt", "eventual",
                                       "attempts", "corrective_messages"])


def summary(df: pd.DataFrame) -> pd.DataFrame:
    def row(name, g):
        first, eventual = g["first_attempt"].dropna(), g["eventual"].dropna()
        return {"question_type": name, "n": len(g),
                "first_attempt": first.mean() if len(first) else float("nan"), "first_excluded": len(g) - len(first),
                "eventual": eventual.mean() if len(eventual) else float("nan"), "eventual_excluded": len(g) - len(eventual),
                "corrective_messages": int(g["corrective_messages"].fillna(0).sum())}
    rows = [row(t, g) for t, g in df.groupby("question_type")] + [row("all", df)]
    return pd.DataFrame(rows, columns=COLUMNS)


def format_summary(table: pd.DataFrame) -> str:
    out = table.copy()
    for c in ("first_attempt", "eventual"):
        out[c] = out[c].map(lambda x: "-" if pd.isna(x) else f"{x:.1%}")
    return out.to_string(index=False)


def states_superseded(rule, document: str) -> bool:
    """Whether a document still states a superseded value of `rule` (a lexical audit).

    A sentence about the rule (sharing two content words with its versions) that carries a value of
    the source convention or the initial correction which the final rule does not have.
    """
    from omseval.heuristic import passages
    from omseval.heuristic_rules import content_terms, values

    stale = (values(rule.source_excerpt) | values(rule.initial_correction)) - values(rule.later_change)
    topic = content_terms(" ".join([rule.source_excerpt, rule.initial_correction, rule.later_change]))
    return bool(stale) and any(
        values(p) & stale and len(content_terms(p) & topic) >= 2 for p, _ in passages(document)
    )


def superseded_share(pack, corpus: str, guidance) -> float:
    """Share of the corpus's rules whose published guidance still states a superseded value."""
    rules = pack.rules_of(corpus)
    return sum(states_superseded(r, guidance.for_rule(r)) for r in rules) / len(rules)
