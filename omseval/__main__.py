"""python -m omseval experiment=... approach=... corpus=... model=... store=... [seed=N] [limit=N]"""

import sys

import hydra
from omegaconf import DictConfig

from omseval.config import register
from omseval.errors import UserError

register()


@hydra.main(version_base="1.3", config_path="pkg://omseval.conf", config_name="config")
def main(cfg: DictConfig) -> None:
    from omseval.run import run

    try:
        code = run(cfg)
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(e.exit_code)
    if code:
        sys.exit(code)


if __name__ == "__main__":
    main()
