"""python -m omseval experiment=... approach=... corpus=... model=... store=... [seed=N] [limit=N]

Exit codes (the README lists them): 0 done; 1 a model or service failure past its retries (rerun the same
command to resume); 2 a mistake in the command, config or input (Hydra's own refusals included), reported
before anything is written; 3 a fault, whose traceback is printed; 130 interrupted (rerun to resume).
"""

import io
import sys
import traceback

import hydra
from hydra.errors import CompactHydraException
from omegaconf import DictConfig

from omseval.config import register
from omseval.errors import FAULT, INTERRUPTED, UserError
from omseval.refusals import check_quick

register()


@hydra.main(version_base="1.3", config_path="pkg://omseval.conf", config_name="config")
def main(cfg: DictConfig) -> None:
    try:
        pack = check_quick(cfg)  # a mistake is one line, before any other
        what = f"{cfg.experiment.name} {cfg.corpus.name.value} {cfg.approach.name}"
        print(
            f"omseval: {f'suite {cfg.suite.name}' if cfg.suite else what}, model {cfg.model.label}, "
            f"store {cfg.store.kind.value}: starting",
            file=sys.stderr,
            flush=True,
        )  # progress goes to stderr, results to stdout
        from omseval.run import run  # inspect-ai's import takes seconds: said after the line above

        code = run(cfg, pack)
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        code = e.exit_code
    except Exception:
        traceback.print_exc()
        code = FAULT
    if code:
        sys.exit(code)


def cli() -> None:
    """Hydra reports its refusals (unknown option, bad override) with exit 1; they are user mistakes: 2.
    Ctrl-C at any point: one line, exit 130."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)  # piped or logged, progress lines appear as they are printed
    try:
        main()
    except SystemExit as e:
        if e.code == 1 and isinstance(e.__context__, CompactHydraException):
            raise SystemExit(2) from None
        raise
    except KeyboardInterrupt:
        print("interrupted; rerun the same command to resume", file=sys.stderr)
        raise SystemExit(INTERRUPTED) from None


if __name__ == "__main__":
    cli()
