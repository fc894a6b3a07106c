"""inspect-ai entry point: the offline heuristic model provider and the benchmark's tasks."""

from omseval.offline import heuristic_provider

__all__ = ["heuristic_provider"]
