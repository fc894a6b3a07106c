"""The benchmark's experiments. Each is a class that conf/experiment/<name>.yaml names with `_target_`; the
file's other keys are the class's options, validated (names and types, then `validate_options`) before any work.

An experiment's samples are known before any model work (`samples`). Its model work is its build (`build`: the
guidance, or the handoff's snapshots), made once per run and reused when finished; what each sample gets from it
(its guidance, and what the build says of it) is `extras`. Making the run's task does no model work.
"""

from collections import Counter
from typing import Any

from omseval.errors import UserError


class Experiment:
    """Ask each question with the guidance, with up to `attempts` answers in all (a retry carries the
    corrective message)."""

    def __init__(self, name: str, attempts: int = 1) -> None:
        self.name, self.attempts = name, attempts

    @classmethod
    def validate_options(cls, options: dict[str, Any]) -> None:
        """Refuse, before any work, option values that the option's type allows but the experiment does not."""
        if (attempts := options.get("attempts")) is not None and attempts < 1:
            raise UserError(f"experiment.attempts must be a positive integer, got {attempts}")

    def validate_run(self, run) -> None:
        """Refuse, before any work, a run the experiment cannot make of this pack and corpus."""

    def build_key(self, run) -> str:
        """The folder of the run's build under its log folder's builds/ (known before it is built)."""
        raise NotImplementedError

    async def build(self, run, model, live: bool = False) -> Any:
        """The run's build with `model`, reused when finished, resumed when partial."""
        raise NotImplementedError

    def samples(self, run) -> list:
        """The inspect-ai samples the run answers (without their guidance, which comes from the build)."""
        raise NotImplementedError

    def extras(self, run, built) -> dict[str, dict]:
        """Per sample id: what its metadata gets from the build (its guidance first of all)."""
        raise NotImplementedError

    def metrics(self, run) -> list | None:
        """Metrics in place of the scorer's own (None: the scorer's)."""
        return None

    def metadata(self, run) -> dict:
        """What the task's metadata adds, known before the build."""
        return {}


class Questions(Experiment):
    """Build the guidance from the correction stream, then ask the corpus's questions with it (`maintain`: once;
    `replay`: up to three attempts)."""

    def build_key(self, run) -> str:
        from omseval.builders.build import build_parts
        from omseval.identity import build_key

        return build_key(build_parts(run))

    async def build(self, run, model, live: bool = False):
        from omseval.builders.build import build_guidance

        return await build_guidance(run, model, live)

    def samples(self, run) -> list:
        from omseval.samples import question_samples

        return question_samples(run.pack, run.cfg.corpus.name, run.approach_name, run.cfg.limit)

    def extras(self, run, built) -> dict[str, dict]:
        from omseval.samples import question_extras

        return question_extras(run.pack, run.cfg.corpus.name, run.cfg.limit, built)

    def metadata(self, run) -> dict:
        asked = [s.metadata for s in self.samples(run)]  # what this experiment asks (a subclass may ask fewer)
        return {
            "questions": dict(Counter(m["question_type"] for m in asked)),
            "superseded_patterns": sum(bool(m["scoring"].get("superseded_pattern")) for m in asked),
        }

    def metrics(self, run) -> list | None:
        from omseval.scorers.compliance import question_metrics

        return question_metrics(judged=run.judge is not None)


class Handoff(Experiment):
    """Agent A's task is followed by a correction taught once; agent B, in a fresh session, answers another
    task with the resulting guidance, per schedule seed (empty: every seed of 07) and recording probability."""

    def __init__(
        self, name: str, attempts: int = 1, seeds: list[int] | None = None, probabilities: list[int] | None = None
    ) -> None:
        super().__init__(name, attempts)
        self.seeds, self.probabilities = seeds or [], probabilities or []

    @classmethod
    def validate_options(cls, options: dict[str, Any]) -> None:
        super().validate_options(options)
        if negative := [s for s in options.get("seeds") or [] if s < 0]:
            raise UserError(f"experiment.seeds must be zero or a positive integer, got {negative[0]}")
        if bad := [p for p in options.get("probabilities") or [] if p not in range(0, 101, 10)]:
            raise UserError(f"experiment.probabilities must be multiples of 10 from 0 to 100, got {bad}")

    def validate_run(self, run) -> None:
        corpus = run.cfg.corpus.name
        if cases_of := {run.pack.rule(c.rule_id).corpus for c in run.pack.handoff} - {corpus}:
            corpora = ", ".join(sorted(cases_of))
            raise UserError(f"experiment=handoff uses the {corpora} corpus's handoff cases; drop corpus={corpus}")

    def build_key(self, run) -> str:
        from omseval.handoff import handoff_key

        return handoff_key(run)[0]

    async def build(self, run, model, live: bool = False):
        from omseval.handoff import build_handoff

        return await build_handoff(run, model, live)

    def samples(self, run) -> list:
        from omseval.handoff import case_order, conditions
        from omseval.samples import handoff_samples

        cases = [(seed, p, case_order(run, seed)) for seed, p in conditions(run)]
        return handoff_samples(run.pack, cases, run.approach_name)

    def extras(self, run, built) -> dict[str, dict]:
        from omseval.samples import handoff_extras

        return handoff_extras(run.pack, built)

    def metrics(self, run) -> list | None:
        from omseval.scorers.compliance import handoff_metrics

        return handoff_metrics()
