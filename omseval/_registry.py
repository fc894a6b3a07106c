"""inspect-ai entry point: the offline and local (llama.cpp) model providers and the benchmark's tasks."""

from omseval.local import local_provider
from omseval.offline.provider import heuristic_provider

__all__ = ["heuristic_provider", "local_provider"]
