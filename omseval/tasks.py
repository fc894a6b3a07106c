"""The benchmark's experiments as inspect-ai tasks: `omseval/guidance`, `omseval/replay`, `omseval/handoff`.

    inspect eval omseval/replay -T approach=verbatim -T corpus=smaller --model omseval/heuristic

Each task composes the Hydra config (`conf/`) from its arguments, builds or reuses the approach's
guidance with the task's model once, in the task function, and returns the questions as a dataset.
`python -m omseval` runs these same functions. `overrides` takes any other config override, e.g.
`-T overrides='["approach.top_k=3"]'`.
"""

import asyncio
import contextvars
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from importlib.resources import files

from hydra import compose, initialize_config_module
from hydra.core.global_hydra import GlobalHydra
from hydra.errors import HydraException
from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import get_model
from inspect_ai.solver import chain, generate
from omegaconf import OmegaConf

from omseval.audit import audits
from omseval.config import register
from omseval.errors import UserError
from omseval.guidance.artifact import Guidance
from omseval.guidance.build import approach_class, build_guidance
from omseval.handoff import build_handoff
from omseval.models import cache_policy
from omseval.pack import Pack, load_pack
from omseval.paths import SHIPPED_PACK
from omseval.refusals import check as refuse_mistakes
from omseval.scorers.compliance import compliance, handoff_metrics
from omseval.solvers import question_prompt, retry_loop
from omseval.subset import restrict


@task
def guidance(
    approach: str | None = None,
    corpus: str | None = None,
    seed: int | None = None,
    pack: str | None = None,
    store: str | None = None,
    limit: int | None = None,
    overrides: list[str] | None = None,
) -> Task:
    """Build the guidance from the correction stream, then ask each question once."""
    return experiment_task(compose_config("guidance", approach, corpus, seed, pack, store, limit, overrides))


@task
def replay(
    approach: str | None = None,
    corpus: str | None = None,
    seed: int | None = None,
    pack: str | None = None,
    store: str | None = None,
    limit: int | None = None,
    overrides: list[str] | None = None,
) -> Task:
    """Answer with the finished guidance, retrying a failed answer with the corrective message."""
    return experiment_task(compose_config("replay", approach, corpus, seed, pack, store, limit, overrides))


@task
def handoff(
    approach: str | None = None,
    corpus: str | None = None,
    seed: int | None = None,
    pack: str | None = None,
    store: str | None = None,
    limit: int | None = None,
    overrides: list[str] | None = None,
) -> Task:
    """Agent B answers with the guidance after a correction taught once, per recording probability."""
    return experiment_task(compose_config("handoff", approach, corpus, seed, pack, store, limit, overrides))


TASKS = {"guidance": guidance, "replay": replay, "handoff": handoff}


def compose_config(experiment: str, approach, corpus, seed, pack, store, limit, overrides):
    """The run's config: conf/ with the task's arguments and overrides; the model group follows the task's model."""
    named = {"approach": approach, "corpus": corpus, "seed": seed, "pack.path": pack, "store": store, "limit": limit}
    given = [f"experiment={experiment}", *(f"{k}={v}" for k, v in named.items() if v is not None), *(overrides or [])]
    if not any(o.startswith("model=") for o in given):
        given += model_overrides(str(get_model()))
    register()
    try:
        if GlobalHydra.instance().is_initialized():  # inside the Hydra app
            return compose(config_name="config", overrides=given)
        with initialize_config_module("omseval.conf", version_base="1.3"):
            return compose(config_name="config", overrides=given)
    except HydraException as e:
        raise UserError(str(e).splitlines()[0]) from None


def model_overrides(name: str) -> list[str]:
    """The conf/model option for the inspect model `name`; any other model is named as itself."""
    for option in sorted((files("omseval.conf") / "model").iterdir(), key=lambda f: f.name):
        if option.name.endswith(".yaml") and OmegaConf.create(option.read_text()).get("name") == name:
            return [f"model={option.name.removesuffix('.yaml')}"]
    return [f"model.name={name}", f"model.label={name}", "model.language_model=true", "model.price=null"]


def check_run(cfg) -> Pack:
    """Refuse config mistakes, a bad pack and an unreachable store before any work; the pack when all is well."""
    refuse_mistakes(cfg)
    pack = restrict(load_pack(cfg.pack.path or SHIPPED_PACK), cfg.corpus.name.value, cfg.rules)  # rules=N
    if approach_class(cfg).uses_store and cfg.store.kind.value == "neo4j":
        from omseval.oms.neo4j_store import connect

        connect(cfg.store.uri, cfg.store.user, cfg.store.password, cfg.store.database).close()
    return pack


def experiment_task(cfg) -> Task:
    """Build (or reuse) what the experiment needs with the task's model, then the task over its questions."""
    pack = check_run(cfg)
    model = get_model()
    approach, corpus = cfg.approach.name, cfg.corpus.name.value
    if cfg.experiment.name.value == "handoff":
        key, snapshots = run_coroutine(build_handoff(cfg, pack, model))
        samples, built = handoff_samples(pack, snapshots, approach), {"handoff": key, "arrival": arrival(snapshots)}
        metrics = handoff_metrics()
    else:
        built_guidance = run_coroutine(build_guidance(cfg, pack, model))
        samples = question_samples(pack, corpus, built_guidance, approach, cfg.limit)
        built, metrics = {"guidance": built_guidance.manifest, "audit": audit_summary(samples)}, None
    metadata = {
        "config": OmegaConf.to_container(cfg, resolve=True, enum_to_str=True),
        "pack_checksum": pack.checksum,
        "model_label": cfg.model.label,
        "language_model": cfg.model.language_model,
        "questions": dict(Counter(s.metadata["question_type"] for s in samples)),
    } | built
    name = f"{cfg.experiment.name.value}_{corpus}_{approach}"
    return answer_task(name, samples, pack, cfg.experiment.attempts, cfg.cache, metadata, metrics)


def run_coroutine(coroutine):
    """Run a build to completion from the task function, inside or outside a running event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with ThreadPoolExecutor(1) as pool:  # `inspect eval` resolves tasks inside its loop
        return pool.submit(contextvars.copy_context().run, asyncio.run, coroutine).result()


def question_sample(q, sample_id: str, guidance: str, approach: str, **extra) -> Sample:
    """A question as a sample: the solver reads the guidance and the check from its metadata."""
    return Sample(
        id=sample_id,
        input=q.question,
        target=q.intended_rule,
        metadata={
            "question_type": q.question_type,
            "rule_id": q.rule_id,
            "approach": approach,
            "corpus": q.corpus,
            "question": q.question,
            "guidance": guidance,
            "guidance_chars": len(guidance),
            "check": q.__dict__,
        }
        | extra,
    )


def question_samples(pack: Pack, corpus: str, guidance: Guidance, approach: str, limit: int | None) -> list[Sample]:
    asked = [(q, pack.rule(q.rule_id)) for q in pack.questions_of(corpus)[:limit]]
    texts = [guidance.for_rule(rule) for _, rule in asked]
    found = audits([(q, rule, text) for (q, rule), text in zip(asked, texts)])
    return [question_sample(q, q.question_id, text, approach, **a) for (q, _), text, a in zip(asked, texts, found)]


def audit_summary(samples: list[Sample]) -> dict:
    """The guidance audit per rule: final value found (every question's check passes on the guidance) and
    superseded value stated (for any question)."""
    final, stated = {}, {}
    for s in samples:
        rule = s.metadata["rule_id"]
        final[rule] = final.get(rule, True) and s.metadata["audit_check_passes"] is True
        stated[rule] = stated.get(rule, False) or s.metadata["audit_superseded"] is True
    return {
        "rules": len(final),
        "final_value_found": sum(final.values()),
        "superseded_value_stated": sum(stated.values()),
    }


def arrival(snapshots) -> dict:
    """Per recording probability, the share of agent B's cases (over every schedule seed) where the case's
    correction was recorded, its marker arrived, was present before, and arrived without being there before."""
    by_probability: dict[str, list] = {}
    for s in snapshots:
        by_probability.setdefault(str(s.probability), []).append(s)
    return {
        p: {"n": len(group)}
        | {
            k: sum(bool(f(s)) for s in group) / len(group)
            for k, f in (
                ("recorded", lambda s: s.recorded),
                ("arrived", lambda s: s.arrived),
                ("present_before", lambda s: s.present_before),
                ("arrived_new", lambda s: s.arrived and not s.present_before),
            )
        }
        for p, group in by_probability.items()
    }


def handoff_samples(pack: Pack, snapshots, approach: str) -> list[Sample]:
    """Agent A: each case's familiar question without guidance (one sample, reused by every condition
    through the model cache); agent B: the situational question with the guidance after the case."""
    by_id = {q.question_id: q for q in pack.questions}
    cases = {c.case_id: c for c in pack.handoff}
    asked = {s.case_id for s in snapshots}  # every case, or the first N of each seed's order (limit)
    samples = [
        question_sample(
            by_id[c.agent_a_question_id],
            f"{c.case_id}/A",
            "",
            approach,
            agent="A",
            case_id=c.case_id,
            condition="agent A",
        )
        for c in pack.handoff
        if c.case_id in asked
    ]
    for s in snapshots:
        samples.append(
            question_sample(
                by_id[cases[s.case_id].agent_b_question_id],
                f"{s.case_id}/B/seed{s.seed}/p{s.probability}",
                s.guidance,
                approach,
                agent="B",
                case_id=s.case_id,
                condition=f"agent B p{s.probability}",
                seed=s.seed,
                probability=s.probability,
                order=s.order,
                recorded=s.recorded,
                arrived=s.arrived,
                present_before=s.present_before,
            )
        )
    return samples


def answer_task(
    name: str, samples: list[Sample], pack: Pack, attempts: int, cache: bool, metadata: dict, metrics=None
) -> Task:
    """Answer each question with its guidance; retry a failed answer up to `attempts` attempts in all.
    `metrics`: in place of the scorer's own (handoff groups by agent and probability)."""
    answer = chain(question_prompt(pack.templates["question"]), generate(cache=cache_policy(cache)))
    return Task(
        name=name,
        dataset=MemoryDataset(samples, name=name),
        solver=retry_loop(answer, pack.templates["retry"], attempts=attempts, cache=cache),
        scorer=compliance(),
        metrics=metrics,
        metadata=metadata,
    )
