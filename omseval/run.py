"""The Hydra app's runs: the composed config -> the experiment's task under eval_set -> summary.

A run ends in one of the exit codes the README lists: 0 done; 1 a model or service failure past its
retries (rerun the same command to resume); 3 a fault, whose traceback is printed. Ctrl-C propagates as
KeyboardInterrupt (exit 130); an eval that inspect cancelled is reported the same way.
"""

import hashlib
import itertools
import json
import sys
import traceback
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

from hydra.core.hydra_config import HydraConfig
from inspect_ai import eval_set
from inspect_ai.log import EvalLog, list_eval_logs, read_eval_log
from inspect_ai.model import Model
from joblib import Parallel, delayed

from omseval.config import resolved, seed_label
from omseval.errors import FAULT, ServiceStopped, UserError
from omseval.guidance import artifact
from omseval.local import serving
from omseval.models import describe, make_model, model_error
from omseval.pack_schema import Pack
from omseval.refusals import check, check_approach
from omseval.run_summary import run_summary
from omseval.suite import suite_runs
from omseval.tasks import experiment_task

Result = tuple[str, int, str]  # a run's name, exit code and what to print


def run_key(cfg, pack: Pack, model: Model) -> str:
    """A run's log folder: what changes its results, so a rerun resumes or reuses it."""
    config = resolved(cfg)
    keys = ("experiment", "approach", "corpus", "seed", "limit", "rules", "epochs", "store", "cache")
    parts = {k: config[k] for k in keys}
    parts |= {
        "model": [config["model"]["name"], model.api.base_url, config["model"]["temperature"]],
        "pack": pack.checksum,
        "version": artifact.VERSION,
        "code": artifact.code_digest("omseval.tasks"),
    }
    if cfg.judge:  # the judge changes the scores; a run without one keeps its key
        parts["judge"] = config["judge"]
    digest = hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:10]
    subset = f"-rules-{cfg.rules}" if cfg.rules is not None else ""  # a quick subset: never a full run's folder
    return f"{run_name(cfg, '-')}-seed-{seed_label(cfg.seed)}{subset}-{digest}"


def run(cfg, pack: Pack) -> int:
    """One run of `cfg` (the quick checks passed and loaded `pack`), or a suite's runs, every one checked
    before the first starts. The exit code: the highest of the runs'."""
    if cfg.suite is None:
        check_approach(cfg)
        runs = [(cfg, pack)]
        jobs = 1
    else:
        runs = [(c, check(c)) for c, _ in suite_runs(cfg.suite, list(HydraConfig.get().overrides.task))]
        jobs = cfg.suite.jobs
        print(f"suite {cfg.suite.name}: {len(runs)} runs, {jobs} at a time", flush=True)
    codes: dict[str, int] = {}
    with serving(cfg) as served:  # model=local: llama.cpp's server, for these runs only
        model = make_model(cfg, served.model_args)
        logs = [finished_log(Path(c.log_dir) / run_key(c, p, model)) for c, p in runs]
        done: Iterable[Result] = [
            (run_name(c), 0, run_summary(log)) for (c, _), log in zip(runs, logs, strict=True) if log
        ]
        pending = [(c, p) for (c, p), log in zip(runs, logs, strict=True) if not log]
        if jobs == 1 or len(pending) < 2:
            rest: Iterable[Result] = (evaluate(c, p, model, display()) for c, p in pending)
        else:  # joblib's worker processes each import once and take runs in turn
            work = Parallel(n_jobs=jobs, return_as="generator_unordered")
            rest = work(delayed(evaluate_in_worker)(c, p, served.model_args) for c, p in pending)
        for n, (name, code, text) in enumerate(itertools.chain(done, rest), 1):
            print(f"\n[{n}/{len(runs)}] {name}\n{text}" if cfg.suite is not None else f"\n{text}", flush=True)
            codes[name] = code
    if cfg.suite is not None:
        unfinished = [name for name, code in codes.items() if code]
        print(
            f"\nsuite {cfg.suite.name}: {len(runs) - len(unfinished)} of {len(runs)} runs complete"
            + (f"; not finished: {', '.join(unfinished)}" if unfinished else "")
            + f"\nreport: python -m omseval.report {cfg.log_dir}"
        )
    return max(codes.values(), default=0)


def display() -> Literal["plain"] | None:
    """inspect's display when stdout is a terminal; plain progress lines when it is not."""
    return None if sys.stdout.isatty() else "plain"


def evaluate_in_worker(cfg, pack: Pack, model_args: dict) -> Result:
    """One run of a suite in a worker process: no display of its own; the suite prints its summary."""
    return evaluate(cfg, pack, make_model(cfg, model_args), "none")


def run_name(cfg, sep: str = " ") -> str:
    return sep.join((cfg.experiment.name, cfg.corpus.name.value, cfg.approach.name))


def evaluate(cfg, pack: Pack, model: Model, display: Literal["plain", "none"] | None) -> Result:
    """The experiment's task under eval_set. A model or service failure past its retries stops the run
    (exit code 1: a rerun resumes it); any other exception is a fault (its traceback, exit code 3)."""
    name = run_name(cfg)
    try:
        ok, logs = eval_set(
            experiment_task(cfg, pack, model),
            model=model,
            log_dir=str(Path(cfg.log_dir) / run_key(cfg, pack, model)),
            max_samples=cfg.max_samples,
            retry_attempts=2,
            retry_wait=1,
            log_level_transcript="info",
            log_realtime=False,
            display=display,
        )
    except UserError:
        raise
    except Exception as e:
        if isinstance(e, ServiceStopped) or model_error(model, e) or service_error(e):
            return name, 1, f"run stopped: {describe(e)}\nrerun the same command to resume"
        traceback.print_exc()
        return name, FAULT, f"run stopped by a fault: {describe(e)} (traceback above)"
    if not logs or any(log.status == "cancelled" for log in logs):
        raise KeyboardInterrupt  # inspect cancelled the eval on Ctrl-C
    log = logs[0]
    if ok and log.status == "success":
        return name, 0, run_summary(log)
    where = f"Log: {log.location}"
    if log.error is None or stopped_by_service(log.error.traceback):
        return name, 1, f"run incomplete ({log.status}); rerun the same command to resume. {where}"
    print(log.error.traceback, file=sys.stderr)
    return name, FAULT, f"run stopped by a fault: {log.error.message} (traceback above). {where}"


def service_error(e: Exception) -> bool:
    """A store's server that stopped answering past its driver's retries."""
    from neo4j.exceptions import ServiceUnavailable, SessionExpired

    return isinstance(e, ServiceUnavailable | SessionExpired)


def stopped_by_service(text: str) -> bool:
    """Whether a logged traceback ends in a ServiceStopped error."""
    last = text.strip().splitlines()[-1] if text.strip() else ""
    return last.split(":", 1)[0] in (ServiceStopped.__name__, f"{ServiceStopped.__module__}.{ServiceStopped.__name__}")


def finished_log(log_dir: Path) -> EvalLog | None:
    """The header of the newest successful log in a run's own folder (its name keys the run), if any: a
    finished run is summarised without eval_set, which would build its task again to find it done."""
    if not log_dir.is_dir():
        return None
    headers = [read_eval_log(info, header_only=True) for info in list_eval_logs(str(log_dir), recursive=False)]
    done = [h for h in headers if h.status == "success"]
    return max(done, key=lambda h: h.eval.created) if done else None
