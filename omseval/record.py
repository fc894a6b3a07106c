"""The attempt record the retry loop keeps per sample, and the verdicts read from it.

The solver keeps each attempt's answer (or the error that lost it) and its token usage; the scorer
recomputes every verdict from those answers, so `inspect score` and `rescore` reproduce a log.
"""

from inspect_ai.model import ModelOutput

from omseval.scorers.check import verdict

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


def sample_values(passed: list[bool | None]) -> dict:
    """first_attempt (None when missing), eventual (None when any attempt is missing), attempts, corrective messages."""
    first = passed[0] if passed else None
    last = None if any(p is None for p in passed) else passed[-1] if passed else None
    return {
        "first_attempt": None if first is None else int(first),
        "eventual": None if last is None else int(last),
        "attempts": len(passed),
        "corrective_messages": max(len(passed) - 1, 0),
    }


def phase_tokens(record: list[dict]) -> dict:
    """Token usage of the first answer and of the retries."""
    phases = {"answer": record[:1], "retry": record[1:]}
    return {
        f"{phase}_{kind}_tokens": sum(a.get(f"{kind}_tokens", 0) for a in attempts)
        for phase, attempts in phases.items()
        for kind in ("input", "output")
    }
