"""inspect-ai entry point: the offline and local (llama.cpp) model providers and the benchmark's tasks."""

from inspect_ai.model import ModelAPI, modelapi

from omseval.calibrate import judge_calibration
from omseval.local import PROVIDER
from omseval.offline.provider import heuristic_provider
from omseval.scorers.compliance import compliance
from omseval.tasks import experiment, handoff, maintain, replay

__all__ = [
    "compliance",
    "experiment",
    "handoff",
    "heuristic_provider",
    "judge_calibration",
    "local_provider",
    "maintain",
    "replay",
]


@modelapi(name=PROVIDER)
def local_provider() -> type[ModelAPI]:
    from omseval.local_provider import LocalAPI

    return LocalAPI
