"""The attempt record the retry loop keeps per sample, and the verdicts read from it.

The solver keeps each attempt's answer (or the error that lost it) and its token usage; the scorer
recomputes every verdict from those answers, so `inspect score` and `rescore` reproduce a log.
"""

from inspect_ai.model import ModelOutput

from omseval.scorers.check import Verdict, verdict, verdicts

ATTEMPTS_KEY = "attempts"


def attempt(n: int, output: ModelOutput | None = None, error: str | None = None) -> dict:
    """One attempt: its answer and usage, or the error that left it without an answer."""
    usage = output.usage if output is not None else None
    return {
        "attempt": n,
        "answer": output.completion if output is not None else None,
        "error": error,
        "input_tokens": usage.input_tokens if usage else 0,
        "output_tokens": usage.output_tokens if usage else 0,
    }


def attempt_verdicts(question, record: list[dict]) -> list[bool | None]:
    """Each attempt's verdict; None (missing evidence) for a lost attempt or a check that timed out."""
    return [None if a["answer"] is None else verdict(question, a["answer"]) for a in record]


def judged(question, record: list[dict]) -> list[Verdict]:
    """Each attempt's check and strict verdicts, with why (a lost attempt has none)."""
    return verdicts([(question, a["answer"]) for a in record], explain=True)


def measure(verdicts: list[bool | None], prefix: str = "") -> dict:
    """first_attempt (None when missing) and eventual (None when any attempt is missing), named with `prefix`."""
    first, last = (verdicts[0], verdicts[-1]) if verdicts else (None, None)
    missing = last is None or any(v is None for v in verdicts)
    return {
        f"{prefix}first_attempt": None if first is None else int(first),
        f"{prefix}eventual": None if missing or last is None else int(last),
    }


def sample_values(
    passed: list[bool | None], strict: list[bool | None] | None = None, judged: list[bool | None] | None = None
) -> dict:
    """The check's measures, attempts and corrective messages; the strict verdict's and the judge's measures
    when given."""
    return (
        measure(passed)
        | {"attempts": len(passed), "corrective_messages": max(len(passed) - 1, 0)}
        | (measure(strict, "strict_") if strict is not None else {})
        | (measure(judged, "judge_") if judged is not None else {})
    )


def phase_tokens(record: list[dict]) -> dict:
    """Token usage of the first answer and of the retries."""
    phases = {"answer": record[:1], "retry": record[1:]}
    return {
        f"{phase}_{kind}_tokens": sum(a.get(f"{kind}_tokens", 0) for a in attempts)
        for phase, attempts in phases.items()
        for kind in ("input", "output")
    }
