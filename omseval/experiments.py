"""The benchmark's experiments. Each is a class that conf/experiment/<name>.yaml names with `_target_`; the
file's other keys are the class's options, checked (names and types, then `check_options`) before any work,
and Hydra instantiates the class once per run. `questions` builds (or reuses) what the experiment asks with
the run's model and returns the samples, what the task's metadata adds, and any metrics of its own.
"""

import asyncio
import contextvars
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from hydra.utils import instantiate

from omseval.errors import UserError
from omseval.targets import target_class


@dataclass
class Questions:
    samples: list  # inspect-ai Samples
    metadata: dict  # what the experiment adds to the task's metadata (its build, audit or arrival)
    metrics: list | None = None  # in place of the scorer's own (None: the scorer's)


class Experiment:
    """Ask each question with the guidance, with up to `attempts` answers in all (a retry carries the
    corrective message)."""

    def __init__(self, name: str, attempts: int = 1) -> None:
        self.name, self.attempts = name, attempts

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """Refuse, before any work, option values that the option's type allows but the experiment does not."""
        if (attempts := options.get("attempts")) is not None and attempts < 1:
            raise UserError(f"experiment.attempts must be a positive integer, got {attempts}")

    def questions(self, cfg, pack, model) -> Questions:
        raise NotImplementedError


class Guidance(Experiment):
    """Build the guidance from the correction stream, then ask each question once."""

    def questions(self, cfg, pack, model) -> Questions:
        from omseval.guidance.build import build_guidance
        from omseval.samples import audit_summary, question_samples

        guidance = run_coroutine(build_guidance(cfg, pack, model))
        samples = question_samples(pack, cfg.corpus.name.value, guidance, cfg.approach.name, cfg.limit)
        return Questions(samples, {"guidance": guidance.manifest, "audit": audit_summary(samples)})


class Replay(Guidance):
    """Answer with the finished guidance, retrying a failed answer with the corrective message."""

    def __init__(self, name: str, attempts: int = 3) -> None:
        super().__init__(name, attempts)


class Handoff(Experiment):
    """Agent A's task is followed by a correction taught once; agent B, in a fresh session, answers another
    task with the resulting guidance, per schedule seed (empty: every seed of 07) and recording probability."""

    def __init__(
        self, name: str, attempts: int = 1, seeds: list[int] | None = None, probabilities: list[int] | None = None
    ) -> None:
        super().__init__(name, attempts)
        self.seeds, self.probabilities = seeds or [], probabilities or []

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        super().check_options(options)
        if negative := [s for s in options.get("seeds") or [] if s < 0]:
            raise UserError(f"experiment.seeds must be zero or a positive integer, got {negative[0]}")
        if bad := [p for p in options.get("probabilities") or [] if p not in range(0, 101, 10)]:
            raise UserError(f"experiment.probabilities must be multiples of 10 from 0 to 100, got {bad}")

    def questions(self, cfg, pack, model) -> Questions:
        from omseval.handoff import build_handoff
        from omseval.samples import arrival, handoff_samples
        from omseval.scorers.compliance import handoff_metrics

        key, snapshots = run_coroutine(build_handoff(cfg, pack, model))
        metadata = {"handoff": key, "arrival": arrival(snapshots)}
        return Questions(handoff_samples(pack, snapshots, cfg.approach.name), metadata, handoff_metrics())


def experiment_class(cfg) -> type[Experiment]:
    """The experiment's class, with cfg.experiment checked against its options (names and types)."""
    cls, options = target_class("experiment", cfg.experiment, Experiment, "an experiment class")
    cls.check_options(options)
    return cls


def make_experiment(cfg) -> Experiment:
    experiment_class(cfg)
    return instantiate(cfg.experiment, _convert_="all")


def run_coroutine(coroutine):
    """Run a build to completion, inside or outside a running event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with ThreadPoolExecutor(1) as pool:  # `inspect eval` makes tasks inside its loop
        return pool.submit(contextvars.copy_context().run, asyncio.run, coroutine).result()
