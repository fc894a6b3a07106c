"""python -m omseval experiment=... approach=... corpus=... model=... store=... [seed=N] [limit=N]"""

import sys

import hydra
from omegaconf import DictConfig

from omseval.config import register
from omseval.errors import run_command

register()


@hydra.main(version_base="1.3", config_path="pkg://omseval.conf", config_name="config")
def main(cfg: DictConfig) -> None:
    from omseval.run import run

    if code := run_command(run, cfg):
        sys.exit(code)


if __name__ == "__main__":
    main()
