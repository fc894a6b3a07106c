"""epochs=N: each question asked N times, a fresh model call per epoch, and a rerun served by the cache."""

import itertools

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from inspect_ai.solver import generate

from omseval.errors import UserError
from omseval.models import cache_policy
from omseval.scorers.epochs import epochs
from tests.helpers import config, validated


def counting_model():
    """mockllm answering 'answer 1', 'answer 2', ... : a new call gives a new answer."""

    def outputs():
        for n in itertools.count(1):
            out = ModelOutput.from_content("mockllm", f"answer {n}")
            out.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
            yield out

    return get_model("mockllm/model", custom_outputs=outputs())


def answers(log) -> list[str]:
    return sorted(s.output.completion for s in log.samples)


def test_each_epoch_is_a_fresh_call_and_a_rerun_reuses_them(tmp_path):
    task = Task(
        dataset=[Sample(input="the question", id="q")], solver=generate(cache=cache_policy(True)), epochs=epochs(3)
    )
    first = eval(task, model=counting_model(), log_dir=str(tmp_path), display="none")[0]
    assert answers(first) == ["answer 1", "answer 2", "answer 3"]  # the cache is kept per epoch
    again = eval(task, model=counting_model(), log_dir=str(tmp_path), display="none")[0]
    assert answers(again) == answers(first)  # every epoch's answer from the cache, no new call


def test_epochs_is_a_top_level_key_checked_before_any_work(tmp_path):
    assert config(tmp_path).epochs == 1
    assert validated(tmp_path, "epochs=3").identity["epochs"] == 3  # a run's identity: its own log folder
    assert validated(tmp_path, "epochs=3").key != validated(tmp_path).key
    with pytest.raises(UserError, match="epochs must be a positive integer, got 0"):
        validated(tmp_path, "epochs=0")
    assert list(tmp_path.iterdir()) == []
