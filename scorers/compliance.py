"""Score a sample by recomputing every attempt's verdict from the answers the retry loop kept.

Values: `first_attempt` (1/0; None when the first attempt is missing), `eventual` (1/0; None when any
attempt is missing), `attempts` (int) and `corrective_messages` (int). Rates ignore None; the
`_n` metrics count the questions with a verdict, so a summary needs nothing but the log header. The
score's metadata holds the verdicts and the answer and retry token usage.
"""

import math

from inspect_ai.scorer import Metric, SampleScore, Score, Target, grouped, metric, scorer
from inspect_ai.solver import TaskState

from omseval.pack.loader import Question
from omseval.record import ATTEMPTS_KEY, attempt_verdicts, phase_tokens, sample_values


def _mean_of(key: str) -> Metric:
    def compute(scores: list[SampleScore]) -> float:
        values = [v[key] for s in scores if isinstance(v := s.score.value, dict) and v.get(key) is not None]
        return sum(values) / len(values) if values else math.nan

    return compute


@metric
def first_attempt() -> Metric:
    return _mean_of("first_attempt")


@metric
def eventual() -> Metric:
    return _mean_of("eventual")


@metric
def corrective_messages() -> Metric:
    return _mean_of("corrective_messages")


def _count_of(key: str) -> Metric:
    def compute(scores: list[SampleScore]) -> float:
        return sum(isinstance(v := s.score.value, dict) and v.get(key) is not None for s in scores)

    return compute


@metric
def first_attempt_n() -> Metric:
    """Questions with a first-attempt verdict (the rest are missing evidence)."""
    return _count_of("first_attempt")


@metric
def eventual_n() -> Metric:
    return _count_of("eventual")


def _by_type(m: Metric, name: str) -> Metric:
    return grouped(m, "question_type", all_label=f"{name}_all", name_template=f"{name}_{{group_name}}")


METRICS = [
    _by_type(first_attempt(), "first_attempt"),
    _by_type(eventual(), "eventual"),
    corrective_messages(),
    _by_type(first_attempt_n(), "first_attempt_n"),
    _by_type(eventual_n(), "eventual_n"),
]


def handoff_metrics() -> list[Metric]:
    """Agent A's and, per recording probability, agent B's first-attempt rate and count (metadata `condition`)."""
    return [
        grouped(m(), "condition", all_label=f"{name}_all", name_template=f"{name}_{{group_name}}")
        for m, name in ((first_attempt, "followed"), (first_attempt_n, "followed_n"))
    ]


@scorer(metrics=METRICS)
def compliance():
    async def score(state: TaskState, target: Target) -> Score:
        record: list[dict] = state.store.get(ATTEMPTS_KEY, [])
        passed = attempt_verdicts(Question(**state.metadata["check"]), record)
        lines = [
            f"attempt {a['attempt']}: "
            + (f"missing ({a['error'] or 'the check timed out'})" if p is None else "pass" if p else "fail")
            for a, p in zip(record, passed, strict=True)
        ]
        return Score(
            value=sample_values(passed),
            answer=record[-1]["answer"] if record else None,
            explanation="\n".join(lines),
            metadata={"verdicts": passed} | phase_tokens(record),
        )

    return score
