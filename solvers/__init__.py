"""Solvers: the approach's guidance put to the answering model, and the retry loop around it."""

from omseval.solvers.question import question_prompt
from omseval.solvers.retry import retry_loop

__all__ = ["question_prompt", "retry_loop"]
