"""Score a sample by recomputing every attempt's verdict from the answers the retry loop kept.

Values: `first_attempt` (1/0; None when the first attempt is missing), `eventual` (1/0; None when any
attempt is missing), `attempts` (int) and `corrective_messages` (int), the pack's check; the same two
measures of the strict verdict (`strict_first_attempt`, `strict_eventual`: the answer passes the check and
states no superseded value as what to do, see omseval.scorers.strict) and, when a judge runs
(`compliance(judge=<conf/model option>)`), of the judge (`judge_first_attempt`, `judge_eventual`). The retry
loop retries on the check alone, so every measure's `eventual` is its verdict of the same last answer.
Rates ignore None; the `_n` metrics count the questions with a verdict, so a summary needs nothing but the
log header. The score's metadata holds each attempt's verdicts and the answer and retry token usage.
"""

import math
from typing import Any

from inspect_ai.scorer import Metric, SampleScore, Score, Target, grouped, metric, scorer
from inspect_ai.solver import TaskState
from omseval.scorers.judge import Judge

from omseval.pack_schema.loader import Question
from omseval.record import ATTEMPTS_KEY, attempt_verdicts, phase_tokens, sample_values, strict

MEASURES = ("first_attempt", "eventual")


def _value_of(key: str):
    """The score value `key` of a sample (None when it has none)."""

    def value(s: SampleScore) -> Any:
        return s.score.value.get(key) if isinstance(s.score.value, dict) else None

    return value


@metric
def rate_of(key: str) -> Metric:
    """The mean of the score value `key` over the samples that have one."""

    def compute(scores: list[SampleScore]) -> float:
        values = [float(v) for v in map(_value_of(key), scores) if v is not None]
        return sum(values) / len(values) if values else math.nan

    return compute


@metric
def count_of(key: str) -> Metric:
    """The samples with a value `key` (the rest are missing evidence)."""

    def compute(scores: list[SampleScore]) -> float:
        return sum(v is not None for v in map(_value_of(key), scores))

    return compute


def _by_type(m: Metric, name: str) -> Metric:
    return grouped(m, "question_type", all_label=f"{name}_all", name_template=f"{name}_{{group_name}}")


def measure_metrics(prefix: str = "") -> list[Metric]:
    """Rates and counts of one measure's first attempt and eventual, by question type and over all."""
    keys = [prefix + m for m in MEASURES]
    return [_by_type(rate_of(k), k) for k in keys] + [_by_type(count_of(k), f"{k}_n") for k in keys]


@metric
def corrective_messages() -> Metric:
    return rate_of("corrective_messages")


# the judge's too: a run without a judge has them as NaN rates and zero counts (metrics are the scorer's own,
# so `inspect score` can rebuild them)
METRICS = [*measure_metrics(), corrective_messages(), *measure_metrics("strict_"), *measure_metrics("judge_")]


def handoff_metrics() -> list[Metric]:
    """Agent A's and, per recording probability, agent B's first-attempt rate and count (metadata `condition`),
    by the check and by the strict verdict."""
    return [
        grouped(m, "condition", all_label=f"{name}_all", name_template=f"{name}_{{group_name}}")
        for prefix in ("", "strict_")
        for m, name in (
            (rate_of(f"{prefix}first_attempt"), f"{prefix}followed"),
            (count_of(f"{prefix}first_attempt"), f"{prefix}followed_n"),
        )
    ]


def _outcome(verdict: bool | None) -> str:
    return {True: "pass", False: "fail", None: "missing"}[verdict]


@scorer(metrics=METRICS)
def compliance(judge: str | None = None, cache: bool = True):
    """`judge`: a conf/model option that also grades each answer (off by default); `cache`: inspect's cache
    for the judge's calls."""
    grader = Judge(judge, cache) if judge else None

    async def score(state: TaskState, target: Target) -> Score:
        question = Question(**state.metadata["check"])
        record: list[dict] = state.store.get(ATTEMPTS_KEY, [])
        passed = attempt_verdicts(question, record)
        strict_passed = strict(question, record, passed)
        judged = await grader.verdicts(question, record) if grader else None
        lines = []
        for i, (a, p, s) in enumerate(zip(record, passed, strict_passed, strict=True)):
            line = f"attempt {a['attempt']}: " + (
                _outcome(p) if p is not None else f"missing ({a['error'] or 'the check timed out'})"
            )
            line += f"; strict: {_outcome(s)}" + (f"; judge: {_outcome(judged[i])}" if judged is not None else "")
            lines.append(line)
        metadata = {"verdicts": passed, "strict_verdicts": strict_passed}
        if judged is not None:
            metadata["judge_verdicts"] = judged
        return Score(
            value=sample_values(passed, strict_passed, judged),
            answer=record[-1]["answer"] if record else None,
            explanation="\n".join(lines),
            metadata=metadata | phase_tokens(record),
        )

    return score
