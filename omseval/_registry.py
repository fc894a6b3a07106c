"""inspect-ai entry point: the offline and local (llama.cpp) model providers and the benchmark's tasks."""

from omseval.local import local_provider
from omseval.offline.provider import heuristic_provider
from omseval.scorers.compliance import compliance
from omseval.tasks import guidance, handoff, replay

__all__ = ["compliance", "guidance", "handoff", "heuristic_provider", "local_provider", "replay"]
