"""One run: compose -> load the pack -> build (or reuse) guidance -> inspect-ai eval -> summary."""

import asyncio
import hashlib
import json
import sys
from pathlib import Path

from inspect_ai import eval_set
from inspect_ai.log import read_eval_log
from omegaconf import OmegaConf

from omseval.errors import UserError
from omseval.guidance import artifact
from omseval.guidance.build import approach_class, build_guidance
from omseval.handoff import build_handoff
from omseval.local import serving
from omseval.models import make_model
from omseval.pack import load_pack
from omseval.paths import SHIPPED_PACK
from omseval.refusals import check as refuse_mistakes
from omseval.report import format_summary, handoff_summary, sample_frame, summary, superseded_share
from omseval.tasks import answer_task, handoff_samples, question_samples


def run_key(cfg, pack, model, built: str) -> str:
    """A run's log folder: what changes its results, so a rerun resumes or reuses it."""
    resolved = OmegaConf.to_container(cfg, resolve=True, enum_to_str=True)
    parts = {k: resolved[k] for k in ("experiment", "approach", "corpus", "seed", "limit")}
    parts |= {"model": [resolved["model"]["name"], model.api.base_url], "pack": pack.checksum, "guidance": built,
              "version": artifact.VERSION, "code": artifact.code_digest("omseval.tasks")}
    digest = hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:10]
    return f"{cfg.experiment.name.value}-{cfg.corpus.name.value}-{cfg.approach.name}-seed{cfg.seed}-{digest}"


def check_store(cfg) -> None:
    """Refuse before any work when the approach needs a Neo4j server that cannot be reached."""
    if approach_class(cfg).uses_store and cfg.store.kind.value == "neo4j":
        from omseval.oms.neo4j_store import connect

        connect(cfg.store.uri, cfg.store.user, cfg.store.password, cfg.store.database).close()


async def prepare(cfg, pack, model):
    """(samples, metadata, key of what was built, summary lines) for the configured experiment."""
    approach, corpus = cfg.approach.name, cfg.corpus.name.value
    if cfg.experiment.name.value == "handoff":
        key, snapshots = await build_handoff(cfg, pack, model)
        return handoff_samples(pack, snapshots, approach), {"handoff": key}, key, []
    guidance = await build_guidance(cfg, pack, model)
    m = guidance.manifest
    lines = [f"guidance {guidance.key}: {m['messages']} corrections, {m['processed']} processed, "
             f"{m['failures']} processing losses",
             f"rules whose guidance is still stating a superseded value: "
             f"{superseded_share(pack, corpus, guidance):.1%} (lexical audit)"]
    built = guidance.key + hashlib.sha256(json.dumps(guidance.documents, sort_keys=True).encode()).hexdigest()
    return question_samples(pack, corpus, guidance, approach, cfg.limit), {"guidance": m}, built, lines


def run(cfg) -> int:
    refuse_mistakes(cfg)
    pack = load_pack(cfg.pack.path or SHIPPED_PACK)
    check_store(cfg)
    with serving(cfg) as served:  # model=local: llama.cpp's server, for this run only
        return evaluate(cfg, pack, make_model(cfg, served.model_args))


def evaluate(cfg, pack, model) -> int:
    try:
        samples, built_meta, built, lines = asyncio.run(prepare(cfg, pack, model))
    except UserError:
        raise
    except Exception as e:  # e.g. the model's service failed past its retries: the build resumes on rerun
        print(f"guidance build stopped: {type(e).__name__}: {e}\nrerun the same command to resume "
              "from the next unprocessed correction", file=sys.stderr)
        return 1
    name = f"{cfg.experiment.name.value}_{cfg.corpus.name.value}_{cfg.approach.name}"
    metadata = {
        "config": OmegaConf.to_container(cfg, resolve=True, enum_to_str=True),
        "pack_checksum": pack.checksum,
        "model_label": cfg.model.label,
        "language_model": cfg.model.language_model,
    } | built_meta
    task = answer_task(name, samples, pack, cfg.experiment.attempts, cfg.cache, metadata)
    log_dir = Path(cfg.log_dir) / run_key(cfg, pack, model, built)
    ok, logs = eval_set(task, model=model, log_dir=str(log_dir), max_samples=cfg.max_samples,
                        retry_attempts=2, retry_wait=1, log_level_transcript="info")
    log = logs[0]
    if not ok or log.status != "success":
        print(f"run incomplete ({log.status}); rerun the same command to resume. Log: {log.location}")
        return 1
    log = read_eval_log(log.location)
    print(f"\n{name}: {len(samples)} samples, model {cfg.model.label}")
    if not cfg.model.language_model:
        print("note: this model is not a language model; these numbers describe it, not a model's results")
    print(format_summary(handoff_summary(log) if cfg.experiment.name.value == "handoff" else summary(sample_frame(log))))
    print("\n".join([*lines, f"log: {log.location}"]))
    return 0
