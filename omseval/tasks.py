"""The benchmark's experiments as inspect-ai tasks: `omseval/maintain`, `omseval/replay`, `omseval/handoff`,
and `omseval/experiment` for any experiment of conf/experiment (`-T experiment=NAME`).

    inspect eval omseval/replay -T approach=verbatim -T corpus=smaller --model omseval/heuristic

Every run's task comes from `run_task`, given a validated run: `python -m omseval` validates the config Hydra
composed, a registered task the config composed from its arguments, where the model group follows the task's
model and `log_dir` follows inspect's log folder. `overrides` takes any other config override, e.g.
`-T overrides='["approach.top_k=3"]'`. Making the task does no model work: the build runs once, when the first
sample needs it (`from_build`), and is reused from the log folder's builds/ when finished.
"""

import asyncio
import os
import sys
from collections.abc import Callable
from inspect import signature
from pathlib import Path
from typing import Any

import click
from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset
from inspect_ai.model import Model, get_model
from inspect_ai.solver import Generate, Solver, TaskState, chain, generate, solver

from omseval.config import SECRET, compose, options, plain
from omseval.errors import UserError
from omseval.models import cache_policy
from omseval.scorers.compliance import compliance
from omseval.scorers.epochs import epochs
from omseval.solvers import question_prompt, retry_loop
from omseval.validation import Run, validate


@task
def experiment(
    experiment: str = "replay",
    approach: str | None = None,
    corpus: str | None = None,
    seed: int | None = None,
    pack: str | None = None,
    store: str | None = None,
    limit: int | None = None,
    overrides: list[str] | None = None,
) -> Task:
    """Any experiment of conf/experiment, by name, with the task's model."""
    return refused(lambda: task_of(experiment, approach, corpus, seed, pack, store, limit, overrides))


@task
def maintain(**arguments: Any) -> Task:
    """Build the guidance from the correction stream, then ask each question once."""
    return refused(lambda: task_of("maintain", **known(arguments)))


@task
def replay(**arguments: Any) -> Task:
    """Answer with the finished guidance, retrying a failed answer with the corrective message."""
    return refused(lambda: task_of("replay", **known(arguments)))


@task
def handoff(**arguments: Any) -> Task:
    """Agent B answers with the guidance after a correction taught once, per recording probability."""
    return refused(lambda: task_of("handoff", **known(arguments)))


def refused(make: Callable[[], Task]) -> Task:
    """The task `make` makes; a mistake in its arguments or config is, under `inspect eval`, one line on stderr and
    exit 2, as `python -m omseval` refuses it (inspect would print the traceback of its task group around it);
    called from Python, the UserError."""
    try:
        return make()
    except UserError as e:
        if click.get_current_context(silent=True) is None:
            raise
        print(f"error: {e}", file=sys.stderr, flush=True)
        os._exit(e.exit_code)


def known(arguments: dict[str, Any]) -> dict[str, Any]:
    """A registered task's arguments: a name the tasks do not take is a mistake, in one line."""
    names = [name for name in signature(task_of).parameters if name != "experiment"]
    if unknown := sorted(set(arguments) - set(names)):
        raise UserError(f"no task argument {unknown[0]!r}; the tasks take {', '.join(names)}")
    return arguments


def task_of(
    experiment: str,
    approach: str | None = None,
    corpus: str | None = None,
    seed: int | None = None,
    pack: str | None = None,
    store: str | None = None,
    limit: int | None = None,
    overrides: list[str] | None = None,
) -> Task:
    """A registered task's run: the config composed from its arguments, validated, then its task."""
    named = {"approach": approach, "corpus": corpus, "seed": seed, "pack.path": pack, "store": store, "limit": limit}
    given = [f"experiment={experiment}", *(f"{k}={v}" for k, v in named.items() if v is not None), *(overrides or [])]
    for override in given:
        key, _, value = override.partition("=")
        if SECRET.search(key.strip("+~")) and value and not value.startswith("${"):
            raise UserError(f"{key}: task arguments are written to the log; give a secret through the environment")
    model = get_model()
    chosen = [] if any(o.startswith("model=") for o in given) else model_overrides(model)
    return run_task(validate(compose([f"log_dir={inspect_log_dir()}", *given, *chosen])))


def inspect_log_dir() -> str:
    """The log folder of the eval making this task: `inspect eval --log-dir` (click's context), else inspect's
    default. A run's builds go under it, beside its logs."""
    context = click.get_current_context(silent=True)
    if context is not None and isinstance(context.params.get("log_dir"), str):
        return context.params["log_dir"]
    return os.environ.get("INSPECT_LOG_DIR", "./logs")


def model_overrides(model: Model) -> list[str]:
    """The conf/model option for the inspect model, by name; any other model is named as itself."""
    name = str(model)
    for option in options("model"):
        if compose([f"model={option}"]).model.name == name:
            return [f"model={option}"]
    return [f"model.name={name}", f"model.label={name}", "model.language_model=true", "model.price=null"]


_built: dict[tuple[str, str], dict[str, dict]] = {}  # (log folder, build key) -> each sample's extras, per process


@solver
def from_build(run: Run) -> Solver:
    """Give each sample what it gets from the run's build (its guidance first of all). The first sample to ask
    builds it with the task's model (reused when finished: the app builds before the eval starts); the others
    wait for it. Set up once per process and build."""
    key = (str(Path(run.cfg.log_dir).resolve()), run.experiment.build_key(run))
    building = asyncio.Lock()

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        async with building:
            if key not in _built:
                _built[key] = run.experiment.extras(run, await run.experiment.build(run, get_model()))
        state.metadata |= _built[key][str(state.sample_id)]
        return state

    return solve


def run_task(run: Run) -> Task:
    """The run's task: its samples come from its build; each question is answered with its guidance, `epochs`
    times (the model cache is kept per epoch), a failed answer retried up to the experiment's attempts."""
    pack, cfg = run.pack, run.cfg
    answer = chain(question_prompt(pack.templates["question"]), generate(cache=cache_policy(cfg.cache)))
    metadata = {
        "identity": run.identity,
        "key": run.key,
        "build": run.experiment.build_key(run),
        "config": plain(cfg),
        "pack_checksum": pack.checksum,
        "model_label": cfg.model.label,
        "language_model": cfg.model.language_model,
    } | run.experiment.metadata(run)
    name = f"{run.experiment.name}_{cfg.corpus.name}_{run.approach_name}"
    return Task(
        name=name,
        dataset=MemoryDataset(run.experiment.samples(run), name=name),
        setup=from_build(run),
        solver=retry_loop(answer, pack.templates["retry"], attempts=run.experiment.attempts, cache=cfg.cache),
        scorer=compliance(judge=cfg.judge, cache=cfg.cache),
        metrics=run.experiment.metrics(run),
        metadata=metadata,
        epochs=epochs(cfg.epochs),
    )
