"""Scorers: the pack's deterministic regex checks."""

from omseval.scorers.check import verdict
from omseval.scorers.compliance import compliance

__all__ = ["compliance", "verdict"]
