"""Score a replay sample from the retry loop's record of attempts.

Values: `first_attempt` (1/0; None when the first attempt is missing), `eventual` (1/0; None when any
attempt is missing), `attempts` (int) and `corrective_messages` (int). Rates ignore None.
"""

import math

from inspect_ai.scorer import Metric, SampleScore, Score, Target, grouped, metric, scorer
from inspect_ai.solver import TaskState

from omseval.solvers.retry import ATTEMPTS_KEY


def sample_values(record: list[dict]) -> dict:
    first = record[0]["passed"] if record else None
    missing = any(a["passed"] is None for a in record) or not record
    return {
        "first_attempt": None if first is None else int(first),
        "eventual": None if missing else int(record[-1]["passed"]),
        "attempts": len(record),
        "corrective_messages": max(len(record) - 1, 0),
    }


def _mean_of(key: str) -> Metric:
    def compute(scores: list[SampleScore]) -> float:
        values = [s.score.value[key] for s in scores if s.score.value.get(key) is not None]
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


def _by_type(m: Metric, name: str) -> Metric:
    return grouped(m, "question_type", all_label=f"{name}_all", name_template=f"{name}_{{group_name}}")


@scorer(metrics=[_by_type(first_attempt(), "first_attempt"), _by_type(eventual(), "eventual"), corrective_messages()])
def compliance():
    async def score(state: TaskState, target: Target) -> Score:
        record = state.store.get(ATTEMPTS_KEY, [])
        values = sample_values(record)
        lines = [f"attempt {a['attempt']}: " + ({True: "pass", False: "fail"}.get(a["passed"]) or f"missing ({a['error']})")
                 for a in record]
        return Score(value=values, answer=record[-1]["answer"] if record else None, explanation="\n".join(lines))

    return score
