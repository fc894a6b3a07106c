"""inspect-ai entry point: the offline model provider and the benchmark's tasks."""

from omseval.offline.provider import heuristic_provider

__all__ = ["heuristic_provider"]
