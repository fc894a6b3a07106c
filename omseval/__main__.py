"""python -m omseval experiment=... approach=... corpus=... model=... store=... [seed=N] [limit=N]

Exit codes: 0 done, 1 a run that did not finish (rerun to resume), 2 a mistake in the command, config
or input (Hydra's own refusals included), reported before anything is written.
"""

import sys

import hydra
from hydra.errors import CompactHydraException
from omegaconf import DictConfig

from omseval.config import register
from omseval.errors import run_command
from omseval.refusals import check_quick

register()


@hydra.main(version_base="1.3", config_path="pkg://omseval.conf", config_name="config")
def main(cfg: DictConfig) -> None:
    if code := run_command(check_quick, cfg):  # a mistake is one line, before any other
        sys.exit(code)
    what = (
        f"suite {cfg.suite.name}"
        if cfg.suite
        else f"{cfg.experiment.name.value} {cfg.corpus.name.value} {cfg.approach.name}"
    )
    print(
        f"omseval: {what}, model {cfg.model.label}, store {cfg.store.kind.value}: starting", file=sys.stderr, flush=True
    )  # progress goes to stderr, results to stdout
    from omseval.run import run  # inspect-ai's import takes seconds: said after the line above

    if code := run_command(run, cfg):
        sys.exit(code)


def cli() -> None:
    """Hydra reports its refusals (unknown option, bad override) with exit 1; they are user mistakes: 2."""
    sys.stdout.reconfigure(line_buffering=True)  # piped or logged, progress lines appear as they are printed
    try:
        main()
    except SystemExit as e:
        if e.code == 1 and isinstance(e.__context__, CompactHydraException):
            raise SystemExit(2) from None
        raise


if __name__ == "__main__":
    cli()
