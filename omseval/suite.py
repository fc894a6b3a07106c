"""A suite: many runs in one process, `python -m omseval suite=benchmark [model=... store=... seed=...]`.

conf/suite/<name>.yaml lists blocks; each block runs the product of its experiments, approaches and corpora,
with the command's other overrides and the block's own (`overrides`). The runs share the process: imports, the
model (and a local model's server), and guidance builds between experiments.
"""

import itertools

from omseval.config import compose
from omseval.errors import UserError
from omseval.validation import Run, validate

CHOSEN = ("experiment", "approach", "corpus")


def suite_runs(suite, overrides: list[str]) -> list[Run]:
    """Every run of the suite, validated before the first starts: the command's overrides but the suite's, then
    the block's choices. What stops any of them is refused at once, one line per distinct refusal."""
    if not isinstance(suite.get("jobs"), int) or suite.jobs < 1:
        raise UserError(f"suite.jobs must be a positive integer, got {suite.get('jobs')}")
    shared = [o for o in overrides if o.split("=", 1)[0].lstrip("+~").split(".")[0] not in ("suite", *CHOSEN)]
    runs: list = []
    refusals: dict[str, None] = {}  # each refusal once, in order
    for i, block in enumerate(suite.blocks, 1):
        if missing := [k for k in CHOSEN if not block.get(k)]:
            raise UserError(f"suite {suite.name}, block {i}: no {', '.join(missing)} listed")
        for choice in itertools.product(*(block[k] for k in CHOSEN)):
            job = (
                shared + list(block.get("overrides") or []) + [f"{k}={v}" for k, v in zip(CHOSEN, choice, strict=True)]
            )
            try:
                runs.append(validate(compose(job)))
            except UserError as e:
                refusals.setdefault(str(e), None)
    if refusals:
        raise UserError("\nerror: ".join(refusals))
    return runs
