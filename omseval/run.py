"""The Hydra app's runs: validated runs -> each experiment's build, then its task under eval_set -> summary.

A run ends in one of the exit codes docs/running.md lists: 0 done; 1 a service or the machine's environment
failing (rerun the same command to resume); 2 a rejected key; 3 a fault, whose traceback is printed. Ctrl-C and
SIGTERM propagate (exit 130 and 143); an eval that inspect cancelled is reported the same way.
"""

import asyncio
import itertools
import sys
import traceback
from collections.abc import Iterable
from typing import Literal

from filelock import FileLock
from inspect_ai import eval_set
from inspect_ai.log import EvalLog, list_eval_logs, read_eval_log
from inspect_ai.model import Model
from joblib import Parallel, delayed

from omseval.errors import FAULT, RERUN, Stopped, UserError, environment_failure
from omseval.local import serving
from omseval.models import KeyRejected, make_model
from omseval.run_summary import closing, run_summary
from omseval.tasks import run_task
from omseval.validation import Run

Result = tuple[str, int, str]  # a run's name, exit code and what to print
LOGGED = {"ServiceStopped": 1, "EnvironmentFailure": 1, "KeyRejected": 2}  # a logged error's class -> exit code


def run(runs: list[Run], jobs: int = 1, suite: str | None = None) -> int:
    """Validated runs, `jobs` at a time (each in a worker process when > 1); the exit code: the highest."""
    codes: dict[str, int] = {}
    first = runs[0]
    with serving(first.cfg) as served:  # model=local: llama.cpp's server, for these runs only
        model = make_model(first.cfg.model, served.model_args)
        logs = [finished_log(r) for r in runs]
        done: Iterable[Result] = [
            (r.name, 0, "reused the finished run: nothing to do\n" + run_summary(log))
            for r, log in zip(runs, logs, strict=True)
            if log
        ]
        pending = [r for r, log in zip(runs, logs, strict=True) if not log]
        if jobs == 1 or len(pending) < 2:
            rest: Iterable[Result] = (evaluate(r, model, display()) for r in pending)
        else:  # joblib's worker processes each import once and take runs in turn
            work = Parallel(n_jobs=jobs, return_as="generator_unordered")
            rest = work(delayed(evaluate_in_worker)(r, served.model_args) for r in pending)
        for n, (name, code, text) in enumerate(itertools.chain(done, rest), 1):
            print(f"\n[{n}/{len(runs)}] {name}\n{text}" if suite else f"\n{text}", flush=True)
            codes[name] = code
    if suite is not None:
        unfinished = [name for name, code in codes.items() if code]
        print(
            f"\nsuite {suite}: {len(runs) - len(unfinished)} of {len(runs)} runs complete"
            + (f"; not finished: {', '.join(unfinished)}" if unfinished else "")
        )
    print(closing(str(first.cfg.log_dir), single=runs[0].folder if len(runs) == 1 else None), flush=True)
    return max(codes.values(), default=0)


def display() -> Literal["plain"] | None:
    """inspect's display when stdout is a terminal; plain progress lines when it is not."""
    return None if sys.stdout.isatty() else "plain"


def evaluate_in_worker(run: Run, model_args: dict) -> Result:
    """One run of a suite in a worker process: no display of its own; the suite prints its summary."""
    return evaluate(run, make_model(run.cfg.model, model_args), "none")


def evaluate(run: Run, model: Model, shown: Literal["plain", "none"] | None) -> Result:
    """The run's build, then its task under eval_set, one such command at a time per run (a second waits, then
    reuses the finished log). A service or environment failure stops the run (exit 1: a rerun resumes it); a
    rejected key is a user's mistake (exit 2); any other exception is a fault (its traceback, exit 3)."""
    run.folder.parent.mkdir(parents=True, exist_ok=True)
    try:
        with FileLock(run.folder.parent / f"{run.key}.lock"):
            if log := finished_log(run):
                return run.name, 0, "reused the run another command finished\n" + run_summary(log)
            asyncio.run(run.experiment.build(run, model, live=shown != "none"))
            ok, logs = eval_set(
                run_task(run),
                model=model,
                log_dir=str(run.folder),
                max_samples=run.cfg.max_samples,
                retry_attempts=2,
                retry_wait=1,
                log_level_transcript="info",
                log_realtime=False,
                display=shown,
            )
    except KeyRejected as e:
        return run.name, 2, rejected(run, str(e))
    except (UserError, KeyboardInterrupt):
        raise
    except Exception as e:
        if isinstance(stopped := environment_failure(e, str(run.folder)) or e, Stopped):
            return run.name, 1, f"run stopped: {stopped}\n{RERUN}"
        traceback.print_exc()
        return run.name, FAULT, f"run stopped by a fault: {' '.join(str(e).split())} (traceback above)"
    if not logs or any(log.status == "cancelled" for log in logs):
        raise KeyboardInterrupt  # inspect cancelled the eval on Ctrl-C
    log = logs[0]
    if ok and log.status == "success":
        return run.name, 0, run_summary(log)
    where = f"log: {log.location.removeprefix('file://')}"
    kind, message = logged_error(log)
    code = LOGGED.get(kind, FAULT) if log.error is not None else 1
    if code == 2:
        return run.name, 2, rejected(run, message)
    if code == 1:
        return run.name, 1, f"run stopped: {message or f'its eval ended {log.status}'}\n{RERUN}\n{where}"
    print(log.error.traceback if log.error else "", file=sys.stderr)
    return run.name, FAULT, f"run stopped by a fault: {message} (traceback above)\n{where}"


def rejected(run: Run, message: str) -> str:
    key = run.cfg.model.api_key_env
    return f"error: {message}" + (f"; check the key in {key}" if key else "")


def logged_error(log: EvalLog) -> tuple[str, str]:
    """(the class of the error that ended an eval, its message), from the last line of the logged traceback."""
    if log.error is None:
        return "", ""
    last = next((x for x in reversed(log.error.traceback.strip().splitlines()) if x.strip()), "")
    kind, _, message = last.partition(": ")
    kind = kind.rsplit(".", 1)[-1]
    if kind == "OSError" and "No space left" in message:
        kind = "EnvironmentFailure"
    return kind, message or log.error.message


def finished_log(run: Run) -> EvalLog | None:
    """The header of the newest successful log in a run's own folder (its name is the run's identity), if any."""
    if not run.folder.is_dir():
        return None
    headers = [read_eval_log(info, header_only=True) for info in list_eval_logs(str(run.folder), recursive=False)]
    done = [h for h in headers if h.status == "success"]
    return max(done, key=lambda h: h.eval.created) if done else None
