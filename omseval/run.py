"""One run of the Hydra app: the composed config -> the registered task function under eval_set -> summary."""

import hashlib
import itertools
import json
import sys
from pathlib import Path

from hydra import initialize_config_module
from hydra.core.hydra_config import HydraConfig
from inspect_ai import eval_set
from inspect_ai.log import list_eval_logs, read_eval_log
from joblib import Parallel, delayed
from omegaconf import OmegaConf

from omseval.config import register, seed_label
from omseval.errors import UserError
from omseval.guidance import artifact
from omseval.local import serving
from omseval.models import make_model
from omseval.refusals import compose_job
from omseval.suite import suite_runs
from omseval.summary import run_summary
from omseval.tasks import TASKS, check_run


def run_key(cfg, pack, model) -> str:
    """A run's log folder: what changes its results, so a rerun resumes or reuses it."""
    resolved = OmegaConf.to_container(cfg, resolve=True, enum_to_str=True)
    parts = {k: resolved[k] for k in ("experiment", "approach", "corpus", "seed", "limit", "rules", "store", "cache")}
    parts |= {
        "model": [resolved["model"]["name"], model.api.base_url],
        "pack": pack.checksum,
        "version": artifact.VERSION,
        "code": artifact.code_digest("omseval.tasks"),
    }
    digest = hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:10]
    subset = f"-rules-{cfg.rules}" if cfg.rules is not None else ""  # a quick subset: never a full run's folder
    name = f"{cfg.experiment.name.value}-{cfg.corpus.name.value}-{cfg.approach.name}-seed-{seed_label(cfg.seed)}"
    return f"{name}{subset}-{digest}"


def run(cfg, overrides: list[str] | None = None) -> int:
    """`cfg` composed from `overrides` (by default the Hydra app's command line): one run, or a suite's runs."""
    if overrides is None:
        overrides = list(HydraConfig.get().overrides.task)
    runs = [(cfg, overrides)] if cfg.suite is None else suite_runs(cfg.suite, overrides)
    packs = [check_run(c) for c, _ in runs]  # refused here, before inspect writes anything
    jobs = cfg.suite.jobs if cfg.suite is not None else 1
    if cfg.suite is not None:
        print(f"suite {cfg.suite.name}: {len(runs)} runs, {jobs} at a time", flush=True)
    failed = []
    with serving(cfg) as served:  # model=local: llama.cpp's server, for these runs only
        model = make_model(cfg, served.model_args)
        finished = [finished_log(Path(c.log_dir) / run_key(c, pack, model)) for (c, _), pack in zip(runs, packs)]
        results = [(run_name(c), 0, run_summary(log)) for (c, _), log in zip(runs, finished) if log]
        pending = [(c, job, pack) for (c, job), pack, log in zip(runs, packs, finished) if not log]
        if jobs == 1 or len(pending) < 2:
            results = itertools.chain(results, (evaluate(c, pack, model, job, display()) for c, job, pack in pending))
        else:  # joblib's worker processes each import once and take runs in turn
            results = itertools.chain(
                results,
                Parallel(n_jobs=jobs, return_as="generator_unordered")(
                    delayed(evaluate_in_worker)(job, served.model_args) for _, job, _ in pending
                ),
            )
        for n, (name, code, text) in enumerate(results, 1):
            print(f"\n[{n}/{len(runs)}] {name}\n{text}" if cfg.suite is not None else f"\n{text}", flush=True)
            if code:
                failed.append(name)
    if cfg.suite is not None:
        print(
            f"\nsuite {cfg.suite.name}: {len(runs) - len(failed)} of {len(runs)} runs complete"
            + (f"; not finished (rerun to resume): {', '.join(failed)}" if failed else "")
            + f"\nreport: python -m omseval.report {cfg.log_dir}"
        )
    return 1 if failed else 0


def display() -> str | None:
    """inspect's display when stdout is a terminal; plain progress lines when it is not."""
    return None if sys.stdout.isatty() else "plain"


def evaluate_in_worker(overrides: list[str], model_args: dict) -> tuple[str, int, str]:
    """One run of a suite in a worker process: no display of its own; the suite prints its summary."""
    register()
    with initialize_config_module("omseval.conf", version_base="1.3"):
        cfg = compose_job("config", overrides)
    return evaluate(cfg, check_run(cfg), make_model(cfg, model_args), overrides, "none")


def run_name(cfg) -> str:
    return f"{cfg.experiment.name.value} {cfg.corpus.name.value} {cfg.approach.name}"


def evaluate(cfg, pack, model, overrides: list[str], display: str | None) -> tuple[str, int, str]:
    """The experiment's registered task function under eval_set: (the run's name, exit code, summary)."""
    name = run_name(cfg)
    overrides = [o for o in overrides if not o.startswith("experiment=")]
    log_dir = Path(cfg.log_dir) / run_key(cfg, pack, model)
    try:
        ok, logs = eval_set(
            TASKS[cfg.experiment.name.value],
            task_args={"overrides": overrides},
            model=model,
            log_dir=str(log_dir),
            max_samples=cfg.max_samples,
            retry_attempts=2,
            retry_wait=1,
            log_level_transcript="info",
            log_realtime=False,
            display=display,
        )
    except UserError:
        raise
    except Exception as e:  # e.g. the model's service failed past its retries: the build resumes on rerun
        print(f"run stopped: {type(e).__name__}: {e}", file=sys.stderr)
        return name, 1, "rerun the same command to resume from the next unprocessed correction"
    log = logs[0]
    if not ok or log.status != "success":
        return name, 1, f"run incomplete ({log.status}); rerun the same command to resume. Log: {log.location}"
    return name, 0, run_summary(log)


def finished_log(log_dir: Path):
    """The header of the newest successful log in a run's own folder (its name keys the run), if any: a
    finished run is summarised without eval_set, which would build its task again to find it done."""
    if not log_dir.is_dir():
        return None
    headers = [read_eval_log(info, header_only=True) for info in list_eval_logs(str(log_dir), recursive=False)]
    done = [h for h in headers if h.status == "success"]
    return max(done, key=lambda h: h.eval.created) if done else None
