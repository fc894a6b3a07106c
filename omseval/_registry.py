"""inspect-ai entry point: the offline and local (llama.cpp) model providers and the benchmark's tasks."""

from inspect_ai.model import ModelAPI, modelapi

from omseval.local import PROVIDER
from omseval.offline.provider import heuristic_provider
from omseval.scorers.compliance import compliance
from omseval.tasks import guidance, handoff, replay

__all__ = ["compliance", "guidance", "handoff", "heuristic_provider", "local_provider", "replay"]


@modelapi(name=PROVIDER)
def local_provider() -> type[ModelAPI]:
    from omseval.local_provider import LocalAPI

    return LocalAPI
