"""Repeated samples: a question asked in several epochs, its scores reduced to one per question.

inspect's `mean` reducer turns a missing verdict (None) into 0, a fail; here each value is the mean of the
epochs that have one, and stays None (missing evidence) when none has. The per-epoch scores stay in the log.
"""

from inspect_ai import Epochs
from inspect_ai.scorer import Score, ScoreReducer, score_reducer


@score_reducer(name="mean_answered")
def mean_answered() -> ScoreReducer:
    """Per key, the mean over the epochs with a value (a per-question pass fraction); None when none has one."""

    def reduce(scores: list[Score]) -> Score:
        values = [s.value for s in scores if isinstance(s.value, dict)]
        keys = dict.fromkeys(k for v in values for k in v)
        reduced = {}
        for key in keys:
            answered = [v[key] for v in values if isinstance(v.get(key), int | float)]
            reduced[key] = sum(answered) / len(answered) if answered else None
        first = scores[0]
        return Score(value=reduced, answer=first.answer, explanation=first.explanation, metadata=first.metadata)

    return reduce


def epochs(n: int) -> Epochs:
    """Each question asked `n` times, reduced by `mean_answered`."""
    return Epochs(n, mean_answered())
