"""One run: compose -> load the pack -> build (or reuse) guidance -> inspect-ai eval -> summary."""

import asyncio
import sys
import hashlib
import json
from pathlib import Path

from inspect_ai import eval_set
from inspect_ai.log import read_eval_log
from omegaconf import OmegaConf

from omseval.errors import UserError
from omseval.guidance import build_guidance
from omseval.models import check_environment, make_model
from omseval.pack import load_pack
from omseval.paths import SHIPPED_PACK
from omseval.report import format_summary, sample_frame, summary, superseded_share
from omseval.tasks import answer_task, question_samples


def run_key(cfg, pack, guidance, model) -> str:
    """A run's log folder: what changes its results, so a rerun resumes or reuses it."""
    resolved = OmegaConf.to_container(cfg, resolve=True, enum_to_str=True)
    parts = {k: resolved[k] for k in ("experiment", "approach", "corpus", "seed", "limit")}
    parts |= {"model": [resolved["model"]["name"], model.api.base_url], "pack": pack.checksum, "guidance": guidance.key,
              "guidance_sha": hashlib.sha256(json.dumps(guidance.documents, sort_keys=True).encode()).hexdigest()}
    digest = hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:10]
    return f"{cfg.experiment.name.value}-{cfg.corpus.name.value}-{cfg.approach.name.value}-seed{cfg.seed}-{digest}"


def check_store(cfg) -> None:
    """Refuse before any work when the approach needs a Neo4j server that cannot be reached."""
    if cfg.approach.uses_store and cfg.store.kind.value == "neo4j":
        from omseval.oms.neo4j_store import connect

        connect(cfg.store.uri, cfg.store.user, cfg.store.password, cfg.store.database).close()


def check_values(cfg) -> None:
    for key, value in (("limit", cfg.limit), ("experiment.attempts", cfg.experiment.attempts),
                       ("approach.top_k", cfg.approach.top_k)):
        if value is not None and value < 1:
            raise UserError(f"{key} must be a positive integer, got {value}")


def run(cfg) -> int:
    check_values(cfg)
    check_environment(cfg)
    pack = load_pack(cfg.pack.path or SHIPPED_PACK)
    if cfg.experiment.name.value == "handoff":
        raise UserError("experiment=handoff is not available in this version of omseval")
    check_store(cfg)
    model = make_model(cfg)
    try:
        guidance = asyncio.run(build_guidance(cfg, pack, model))
    except UserError:
        raise
    except Exception as e:  # e.g. the model's service failed past its retries: the build resumes on rerun
        print(f"guidance build stopped: {type(e).__name__}: {e}\nrerun the same command to resume "
              "from the next unprocessed correction", file=sys.stderr)
        return 1
    corpus, approach = cfg.corpus.name.value, cfg.approach.name.value
    samples = question_samples(pack, corpus, guidance, approach, cfg.limit)
    name = f"{cfg.experiment.name.value}_{corpus}_{approach}"
    metadata = {
        "config": OmegaConf.to_container(cfg, resolve=True, enum_to_str=True),
        "pack_checksum": pack.checksum,
        "guidance": guidance.manifest,
        "model_label": cfg.model.label,
        "language_model": cfg.model.language_model,
    }
    task = answer_task(name, samples, pack, cfg.experiment.attempts, cfg.cache, metadata)
    log_dir = Path(cfg.log_dir) / run_key(cfg, pack, guidance, model)
    ok, logs = eval_set(task, model=model, log_dir=str(log_dir), max_samples=cfg.max_samples,
                        display="none" if cfg.limit is not None else None, retry_attempts=2, retry_wait=1,
                        log_level_transcript="info")
    log = logs[0]
    if not ok or log.status != "success":
        print(f"run incomplete ({log.status}); rerun the same command to resume. Log: {log.location}")
        return 1
    print(f"\n{name}: {len(samples)} questions, model {cfg.model.label}, guidance {guidance.key}")
    m = guidance.manifest
    print(f"guidance built from {m['messages']} corrections: {m['processed']} processed, "
          f"{m['failures']} processing losses")
    if not cfg.model.language_model:
        print("note: this model is not a language model; these numbers describe it, not a model's results")
    print(format_summary(summary(sample_frame(read_eval_log(log.location)))))
    share = superseded_share(pack, corpus, guidance)
    print(f"rules whose guidance is still stating a superseded value: {share:.1%} (lexical audit)")
    print(f"log: {log.location}")
    return 0
