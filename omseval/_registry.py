"""inspect-ai entry point: the offline model provider and the benchmark's tasks."""

from omseval.offline.provider import heuristic_provider
from omseval.scorers.compliance import compliance
from omseval.tasks import guidance, handoff, replay

__all__ = ["compliance", "guidance", "handoff", "heuristic_provider", "replay"]
