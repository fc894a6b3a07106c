"""Score a sample by recomputing every attempt's verdict from the answers the retry loop kept.

Values: `first_attempt` (1/0; None when the first attempt is missing), `eventual` (1/0; None when any
attempt is missing), `attempts` (int) and `corrective_messages` (int), the pack's check; the same two
measures of the strict verdict (`strict_first_attempt`, `strict_eventual`: the answer passes the check and
states no superseded value as what to do, see omseval.scorers.strict) and, when a judge runs
(`compliance(judge=<conf/model option>)`), of the judge (`judge_first_attempt`, `judge_eventual`). The retry
loop retries on the check alone, so every measure's `eventual` is its verdict of the same last answer.
Rates ignore None; the `_n` metrics count the questions with a verdict, so a summary needs nothing but the
log header (the guidance audit and the handoff's arrival are metrics too). The score's metadata holds each
attempt's verdicts and the answer and retry token usage.
"""

import math
from typing import Any

from inspect_ai.scorer import Metric, SampleScore, Score, Target, grouped, metric, scorer
from inspect_ai.solver import TaskState

from omseval.pack_schema.loader import Question
from omseval.record import ATTEMPTS_KEY, judged, phase_tokens, sample_values
from omseval.scorers.judge import Judge

MEASURES = ("first_attempt", "eventual")
# what the sample got from the build that its metrics read, carried into the score (the audit, the arrival)
CARRIED = ("rule_id", "audit_check_passes", "audit_superseded", "recorded", "arrived", "present_before")


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


def _audit(scores: list[SampleScore]) -> tuple[dict[str, bool], dict[str, bool]]:
    """The guidance audit per rule (sample metadata `rule_id`, `audit_check_passes`, `audit_superseded`): whether
    every question's check passes on the guidance, and whether it states a superseded value (omseval.audit)."""
    final: dict[str, bool] = {}
    stated: dict[str, bool] = {}
    for s in scores:
        meta = s.score.metadata or {}
        rule = meta.get("rule_id", "")
        final[rule] = final.get(rule, True) and meta.get("audit_check_passes") is True
        stated[rule] = stated.get(rule, False) or meta.get("audit_superseded") is True
    return final, stated


@metric(name="audit_rules")
def audit_rules() -> Metric:
    """The rules audited."""

    def compute(scores: list[SampleScore]) -> float:
        return len(_audit(scores)[0])

    return compute


@metric(name="audit_final_value_found")
def audit_final_value_found() -> Metric:
    """Rules whose every question's check passes on the guidance itself."""

    def compute(scores: list[SampleScore]) -> float:
        return sum(_audit(scores)[0].values())

    return compute


@metric(name="audit_superseded_stated")
def audit_superseded_stated() -> Metric:
    """Rules whose guidance states, word for word, an older message that fails a check of theirs."""

    def compute(scores: list[SampleScore]) -> float:
        return sum(_audit(scores)[1].values())

    return compute


@metric
def share_of(key: str) -> Metric:
    """The share of samples whose metadata `key` is true (handoff: recorded, arrived, present before)."""

    def flag(meta: dict) -> bool:
        return bool(meta.get("arrived") and not meta.get("present_before") if key == "arrived_new" else meta.get(key))

    def compute(scores: list[SampleScore]) -> float:
        return sum(flag(s.score.metadata or {}) for s in scores) / len(scores) if scores else math.nan

    return compute


# every metric the scorer can give, so that `inspect score` can rebuild any run's; a run's task names the ones
# that apply to it (question_metrics, handoff_metrics)
METRICS = [*measure_metrics(), corrective_messages(), *measure_metrics("strict_"), *measure_metrics("judge_")]


def question_metrics(judged: bool) -> list[Metric]:
    """A question experiment's metrics: the check's and the strict verdict's measures, the judge's when one runs,
    corrective messages, and the guidance audit."""
    return [
        *measure_metrics(),
        corrective_messages(),
        *measure_metrics("strict_"),
        *(measure_metrics("judge_") if judged else []),
        audit_rules(),
        audit_final_value_found(),
        audit_superseded_stated(),
    ]


def handoff_metrics() -> list[Metric]:
    """Agent A's and, per recording probability, agent B's first-attempt rate and count (metadata `condition`),
    by the check and by the strict verdict, and the share of cases whose correction was recorded, whose marker
    arrived, was present before, and arrived new."""
    measures = [
        (m, name)
        for prefix in ("", "strict_")
        for m, name in (
            (rate_of(f"{prefix}first_attempt"), f"{prefix}followed"),
            (count_of(f"{prefix}first_attempt"), f"{prefix}followed_n"),
        )
    ]
    measures += [(share_of(k), k) for k in ("recorded", "arrived", "present_before", "arrived_new")]
    return [
        grouped(m, "condition", all_label=f"{name}_all", name_template=f"{name}_{{group_name}}") for m, name in measures
    ]


def _outcome(verdict: bool | None) -> str:
    return {True: "pass", False: "fail", None: "missing"}[verdict]


def _scored(values: dict) -> str:
    """Which attempts the score's values come from: "first attempt: fail; eventual (attempt 2): pass; ..."."""
    parts = []
    for prefix, name in (("", "check"), ("strict_", "strict"), ("judge_", "judge")):
        if f"{prefix}first_attempt" not in values:
            continue
        first, eventual = (values[f"{prefix}{m}"] for m in ("first_attempt", "eventual"))
        outcome = {1: "pass", 0: "fail", None: "missing"}
        parts.append(
            f"{name}: first attempt {outcome[first]}, eventual (attempt {values['attempts']}) {outcome[eventual]}"
        )
    return "; ".join(parts)


@scorer(metrics=METRICS)
def compliance(judge: str | None = None, cache: bool = True):
    """`judge`: a conf/model option that also grades each answer (off by default); `cache`: inspect's cache
    for the judge's calls."""
    grader = Judge(judge, cache) if judge else None

    async def score(state: TaskState, target: Target) -> Score:
        question = Question(**state.metadata["scoring"])
        record: list[dict] = state.store.get(ATTEMPTS_KEY, [])
        found = judged(question, record)
        passed, strict_passed = [v.check for v in found], [v.strict for v in found]
        graded = await grader.verdicts(question, record) if grader else None
        lines = []
        for i, (a, v) in enumerate(zip(record, found, strict=True)):
            if a["answer"] is None or v.check is None:
                lines.append(f"- attempt {a['attempt']}: missing ({a['error'] or 'the check timed out'})")
                continue
            line = f"- attempt {a['attempt']}: check {_outcome(v.check)} ({v.check_why})"
            line += f"; strict {_outcome(v.strict)} ({v.strict_why})" if v.check else ""
            lines.append(line + (f"; judge {_outcome(graded[i])}" if graded is not None else ""))
        values = sample_values(passed, strict_passed, graded)
        metadata = {"verdicts": passed, "strict_verdicts": strict_passed}
        if graded is not None:
            metadata["judge_verdicts"] = graded
        metadata |= {k: state.metadata[k] for k in CARRIED if k in state.metadata}
        return Score(
            value=values,
            answer=record[-1]["answer"] if record else None,
            explanation="\n".join([*lines, "", _scored(values)]),
            metadata=metadata | phase_tokens(record),
        )

    return score
