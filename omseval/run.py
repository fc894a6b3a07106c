"""One run of the Hydra app: the composed config -> the registered task function under eval_set -> summary."""

import hashlib
import json
import sys
from pathlib import Path

from hydra.core.hydra_config import HydraConfig
from inspect_ai import eval_set
from omegaconf import OmegaConf

from omseval.config import seed_label
from omseval.errors import UserError
from omseval.guidance import artifact
from omseval.local import serving
from omseval.models import make_model
from omseval.suite import suite_runs
from omseval.summary import run_summary
from omseval.tasks import TASKS, check_run


def run_key(cfg, pack, model) -> str:
    """A run's log folder: what changes its results, so a rerun resumes or reuses it."""
    resolved = OmegaConf.to_container(cfg, resolve=True, enum_to_str=True)
    parts = {k: resolved[k] for k in ("experiment", "approach", "corpus", "seed", "limit", "store", "cache")}
    parts |= {"model": [resolved["model"]["name"], model.api.base_url], "pack": pack.checksum,
              "version": artifact.VERSION, "code": artifact.code_digest("omseval.tasks")}
    digest = hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:10]
    return (f"{cfg.experiment.name.value}-{cfg.corpus.name.value}-{cfg.approach.name}"
            f"-seed-{seed_label(cfg.seed)}-{digest}")


def run(cfg, overrides: list[str] | None = None) -> int:
    """`cfg` composed from `overrides` (by default the Hydra app's command line): one run, or a suite's runs."""
    if overrides is None:
        overrides = list(HydraConfig.get().overrides.task)
    runs = [(cfg, overrides)] if cfg.suite is None else suite_runs(cfg.suite, overrides)
    packs = [check_run(c) for c, _ in runs]  # refused here, before inspect writes anything
    if cfg.suite is not None:
        print(f"suite {cfg.suite.name}: {len(runs)} runs", flush=True)
    failed = []
    with serving(cfg) as served:  # model=local: llama.cpp's server, for these runs only
        model = make_model(cfg, served.model_args)
        for n, ((c, job), pack) in enumerate(zip(runs, packs), 1):
            if cfg.suite is not None:
                print(f"\n[{n}/{len(runs)}] {run_name(c)}", flush=True)
            if evaluate(c, pack, model, job):
                failed.append(run_name(c))
    if cfg.suite is not None:
        print(f"\nsuite {cfg.suite.name}: {len(runs) - len(failed)} of {len(runs)} runs complete"
              + (f"; not finished (rerun to resume): {', '.join(failed)}" if failed else "")
              + f"\nreport: python -m omseval.report {cfg.log_dir}")
    return 1 if failed else 0


def run_name(cfg) -> str:
    return f"{cfg.experiment.name.value} {cfg.corpus.name.value} {cfg.approach.name}"


def evaluate(cfg, pack, model, overrides: list[str]) -> int:
    """The experiment's registered task function under eval_set, then the run's report."""
    overrides = [o for o in overrides if not o.startswith("experiment=")]
    log_dir = Path(cfg.log_dir) / run_key(cfg, pack, model)
    try:
        ok, logs = eval_set(TASKS[cfg.experiment.name.value], task_args={"overrides": overrides}, model=model,
                            log_dir=str(log_dir), max_samples=cfg.max_samples, retry_attempts=2, retry_wait=1,
                            log_level_transcript="info", log_realtime=False,
                            display=None if sys.stdout.isatty() else "plain")
    except UserError:
        raise
    except Exception as e:  # e.g. the model's service failed past its retries: the build resumes on rerun
        print(f"run stopped: {type(e).__name__}: {e}\nrerun the same command to resume "
              "from the next unprocessed correction", file=sys.stderr)
        return 1
    log = logs[0]
    if not ok or log.status != "success":
        print(f"run incomplete ({log.status}); rerun the same command to resume. Log: {log.location}")
        return 1
    print("\n" + run_summary(log))
    return 0
