"""The benchmark's experiments as inspect-ai tasks: `omseval/guidance`, `omseval/replay`, `omseval/handoff`,
and `omseval/experiment` for any experiment of conf/experiment (`-T experiment=NAME`).

    inspect eval omseval/replay -T approach=verbatim -T corpus=smaller --model omseval/heuristic

Every run reaches its task through `experiment_task`, with a config composed once and checked once:
`python -m omseval` passes the config Hydra composed, and a registered task the config composed from its
arguments, where the model group follows the task's model. `overrides` takes any other config override,
e.g. `-T overrides='["approach.top_k=3"]'`.
"""

from collections import Counter
from importlib.resources import files
from inspect import signature
from typing import Any

from hydra import compose, initialize_config_module
from hydra.errors import HydraException
from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import Model, get_model
from inspect_ai.solver import chain, generate
from omegaconf import DictConfig, OmegaConf

from omseval.config import register, resolved
from omseval.errors import UserError
from omseval.experiments import make_experiment
from omseval.models import cache_policy
from omseval.pack_schema import Pack
from omseval.refusals import check
from omseval.scorers.compliance import compliance
from omseval.scorers.epochs import epochs
from omseval.solvers import question_prompt, retry_loop


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
    return task_of(experiment, approach, corpus, seed, pack, store, limit, overrides)


@task
def guidance(**arguments: Any) -> Task:
    """Build the guidance from the correction stream, then ask each question once."""
    return task_of("guidance", **checked(arguments))


@task
def replay(**arguments: Any) -> Task:
    """Answer with the finished guidance, retrying a failed answer with the corrective message."""
    return task_of("replay", **checked(arguments))


@task
def handoff(**arguments: Any) -> Task:
    """Agent B answers with the guidance after a correction taught once, per recording probability."""
    return task_of("handoff", **checked(arguments))


def checked(arguments: dict[str, Any]) -> dict[str, Any]:
    """A registered task's arguments: a name the tasks do not take is a mistake, in one line."""
    known = [name for name in signature(task_of).parameters if name != "experiment"]
    if unknown := sorted(set(arguments) - set(known)):
        raise UserError(f"no task argument {unknown[0]!r}; the tasks take {', '.join(known)}")
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
    """A registered task's run: the config composed from its arguments (the model group follows the task's
    model), checked, then the experiment's task."""
    named = {"approach": approach, "corpus": corpus, "seed": seed, "pack.path": pack, "store": store, "limit": limit}
    given = [f"experiment={experiment}", *(f"{k}={v}" for k, v in named.items() if v is not None), *(overrides or [])]
    model = get_model()
    cfg = compose_config(given if any(o.startswith("model=") for o in given) else given + model_overrides(str(model)))
    return experiment_task(cfg, check(cfg), model)


def compose_config(overrides: list[str]) -> DictConfig:
    """conf/ with `overrides`, as `python -m omseval` composes it; Hydra's refusal in one line."""
    register()
    try:
        with initialize_config_module("omseval.conf", version_base="1.3"):
            return compose(config_name="config", overrides=overrides)
    except HydraException as e:
        raise UserError(str(e).splitlines()[0]) from None


def model_overrides(name: str) -> list[str]:
    """The conf/model option for the inspect model `name`; any other model is named as itself."""
    for option in sorted((files("omseval.conf") / "model").iterdir(), key=lambda f: f.name):
        node = OmegaConf.create(option.read_text()) if option.name.endswith(".yaml") else None
        if isinstance(node, DictConfig) and node.get("name") == name:
            return [f"model={option.name.removesuffix('.yaml')}"]
    return [f"model.name={name}", f"model.label={name}", "model.language_model=true", "model.price=null"]


def experiment_task(cfg: DictConfig, pack: Pack, model: Model) -> Task:
    """The run's task from its composed and checked config: the experiment builds (or reuses) what it needs
    with `model`, and the task answers its questions."""
    run = make_experiment(cfg)
    asked = run.questions(cfg, pack, model)
    metadata = {
        "config": resolved(cfg),
        "pack_checksum": pack.checksum,
        "model_label": cfg.model.label,
        "language_model": cfg.model.language_model,
        "questions": dict(Counter((s.metadata or {})["question_type"] for s in asked.samples)),
        "superseded_patterns": sum(bool((s.metadata or {})["check"]["superseded_pattern"]) for s in asked.samples),
    } | asked.metadata
    name = f"{run.name}_{cfg.corpus.name.value}_{cfg.approach.name}"
    return answer_task(
        name, asked.samples, pack, run.attempts, cfg.cache, metadata, asked.metrics, cfg.judge, cfg.epochs
    )


def answer_task(
    name: str,
    samples: list[Sample],
    pack: Pack,
    attempts: int,
    cache: bool,
    metadata: dict,
    metrics=None,
    judge: str | None = None,
    n_epochs: int = 1,
) -> Task:
    """Answer each question with its guidance, `n_epochs` times (the model cache is kept per epoch); retry a
    failed answer up to `attempts` attempts in all. `metrics`: in place of the scorer's own (handoff groups by
    agent and probability); `judge`: a conf/model option that also grades every answer."""
    answer = chain(question_prompt(pack.templates["question"]), generate(cache=cache_policy(cache)))
    return Task(
        name=name,
        dataset=MemoryDataset(samples, name=name),
        solver=retry_loop(answer, pack.templates["retry"], attempts=attempts, cache=cache),
        scorer=compliance(judge=judge, cache=cache),
        metrics=metrics,
        metadata=metadata,
        epochs=epochs(n_epochs),
    )
