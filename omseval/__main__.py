"""python -m omseval experiment=... approach=... corpus=... model=... store=... [seed=N] [limit=N]

Exit codes (docs/running.md lists them): 0 done; 1 a service or the machine failing past its retries (rerun the
same command to resume); 2 a mistake in the command, config or input (Hydra's own refusals included), one line
before anything is written; 3 a fault, whose traceback is printed; 130 interrupted; 143 terminated (SIGTERM).
"""

import io
import os
import signal
import sys
import threading
import traceback

import hydra
from hydra.core.hydra_config import HydraConfig
from omegaconf import DictConfig

from omseval.config import SECRET, one_line, register
from omseval.errors import FAULT, INTERRUPTED, RERUN, TERMINATED, Stopped, UserError, environment_failure

register()


class _Stderr:
    """stderr held until the app starts, so that a refusal of Hydra's (several lines) is printed as one."""

    def __init__(self) -> None:
        self.real, self.held = sys.stderr, io.StringIO()

    def hold(self) -> None:
        sys.stderr = self.held

    def release(self) -> str:
        """Give stderr back; what was held."""
        if sys.stderr is self.held:
            sys.stderr = self.real
        return self.held.getvalue()

    def __reduce__(self):
        """A launcher's worker process (joblib, submitit) gets one of its own, holding nothing."""
        return (_Stderr, ())


stderr = _Stderr()
terminated = False


@hydra.main(version_base="1.3", config_path="pkg://omseval.conf", config_name="config")
def main(cfg: DictConfig) -> None:
    if held := stderr.release():
        print(held, end="", file=sys.stderr)
    try:
        code = start(cfg)
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        code = e.exit_code
    except Stopped as e:
        print(f"stopped: {e}", file=sys.stderr)
        code = e.exit_code
    except Exception as e:
        if (failure := environment_failure(e, str(cfg.log_dir))) is None:
            traceback.print_exc()
        print(f"stopped: {failure}" if failure else "", file=sys.stderr)
        code = failure.exit_code if failure else FAULT
    if code:
        sys.exit(code)


def start(cfg: DictConfig) -> int:
    """Validate the run (or every run of a suite) before any work, say what starts, and run it."""
    from omseval.suite import suite_runs
    from omseval.validation import validate

    if cfg.suite is None:
        runs, jobs = [validate(cfg)], 1
        what = runs[0].name
    else:
        runs, jobs = suite_runs(cfg.suite, list(HydraConfig.get().overrides.task)), cfg.suite.jobs
        what = f"suite {cfg.suite.name}: {len(runs)} runs, {jobs} at a time"
    first = runs[0]
    store = f", store {first.store.name}" if first.approach.uses_store else ""
    print(f"omseval: {what}, model {cfg.model.label}{store}: starting", file=sys.stderr, flush=True)
    if cfg.plan or cfg.budget_usd is not None:
        from omseval.plan import estimate

        plan = estimate(runs)
        if cfg.plan:
            print(plan.text())
            return 0
        plan.within(cfg.budget_usd)
    from omseval.run import run  # inspect-ai's run machinery: imported once the run is known to be sound

    suite = cfg.suite.name if cfg.suite is not None else None
    if cfg.budget_usd is None:
        return run(runs, jobs, suite)
    from omseval.models import budget

    with budget(cfg.budget_usd, plan.prices):  # the spend is counted, and the run stops once it reaches the budget
        return run(runs, jobs, suite)


def secrets_from_environment(argv: list[str]) -> list[str]:
    """The command line with each secret's value moved into an environment variable that the override names,
    so that Hydra, and every config it writes (multirun.yaml), sees `${oc.env:...}`, never the secret."""
    out = []
    for n, arg in enumerate(argv):
        key, sep, value = arg.partition("=")
        if sep and SECRET.search(key.lstrip("+~")) and value and not value.startswith("${"):
            os.environ[f"OMSEVAL_SECRET_{n}"] = value
            arg = f"{key}=${{oc.env:OMSEVAL_SECRET_{n}}}"
        out.append(arg)
    return out


def _terminate(*_) -> None:
    """SIGTERM (a cluster's time limit) is handled as Ctrl-C is, with its own line and exit code."""
    global terminated
    terminated = True
    os.kill(os.getpid(), signal.SIGINT)


def _unraisable(unraisable) -> None:
    """A Ctrl-C that C code calling back into Python swallowed ("Exception ignored", as a validator's callback does
    while it is built at start-up) is sent again, once back in Python, where it stops the run."""
    if not issubclass(unraisable.exc_type, KeyboardInterrupt):
        sys.__unraisablehook__(unraisable)
    elif sys.unraisablehook is _unraisable:  # not from within the hook itself, where it would be swallowed again
        threading.Timer(0.05, _interrupt_again).start()


def _interrupt_again() -> None:
    if sys.unraisablehook is _unraisable:  # the command has not ended meanwhile
        os.kill(os.getpid(), signal.SIGINT)


def cli() -> None:
    """Hydra's refusals (unknown option, bad override), several lines and exit 1, become one line and exit 2;
    Ctrl-C at any point: one line, exit 130; SIGTERM: one line, exit 143."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)  # piped or logged, progress lines appear as they are printed
    signal.signal(signal.SIGTERM, _terminate)
    # a run a script started in the background inherits SIGINT ignored; with Python's own handler asyncio cancels
    # the run cleanly on SIGINT and on SIGTERM (sent on as SIGINT), instead of raising it in whatever task it hits
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.unraisablehook = _unraisable
    sys.argv[1:] = secrets_from_environment(sys.argv[1:])
    stderr.hold()
    try:
        main()
    except SystemExit as e:
        held = stderr.release()
        if e.code and held and "Traceback (most recent call last)" in held:  # a fault before the app ran: shown whole
            print(held, end="", file=sys.stderr)
            raise SystemExit(FAULT) from None
        if e.code and held and not held.startswith("error: "):
            print(f"error: {one_line(held)}", file=sys.stderr)
            raise SystemExit(2) from None
        print(held, end="", file=sys.stderr)
        raise
    except KeyboardInterrupt:
        # CPython remembers a Ctrl-C that stopped code run from a string (dataclasses and namedtuples build their
        # methods so, at import) and exits by SIGINT whatever the exit code; running a string of its own forgets it
        exec("", {})
        stderr.release()
        what = "terminated (SIGTERM)" if terminated else "interrupted"
        print(f"{what}; {RERUN}", file=sys.stderr)
        raise SystemExit(TERMINATED if terminated else INTERRUPTED) from None
    finally:
        sys.unraisablehook = sys.__unraisablehook__
        stderr.release()


if __name__ == "__main__":
    cli()
