"""Benchmark: a sweep's runs as parallel submitit_local jobs against the same runs one after another.

Each mode works in its own fresh log folder and model-call cache, so neither reuses the other's work.

    python bench/bench_sweep.py [OVERRIDE ...]   (default: the smaller corpus's maintain experiment,
                                                 approaches oms and verbatim, seeds 3 and 5)
"""

import itertools
import os
import subprocess
import sys
import tempfile
import time

SWEEP = ["experiment=maintain", "corpus=smaller", "approach=oms,verbatim", "seed=3,5"]


def timed(args: list[str], log_dir: str) -> float:
    env = {**os.environ, "INSPECT_CACHE_DIR": f"{log_dir}-cache"}
    began = time.monotonic()
    subprocess.run(
        [sys.executable, "-m", "omseval", *args, f"log_dir={log_dir}"],
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.monotonic() - began


def main() -> None:
    sweep = sys.argv[1:] or SWEEP
    keys = [a.split("=", 1)[0] for a in sweep]
    runs = [
        [f"{k}={v}" for k, v in zip(keys, values, strict=True)]
        for values in itertools.product(*(a.split("=", 1)[1].split(",") for a in sweep))
    ]
    with tempfile.TemporaryDirectory() as tmp:
        parallel = timed(["-m", "hydra/launcher=local", *sweep], f"{tmp}/sweep")
        sequential = sum(timed(run, f"{tmp}/one-by-one") for run in runs)
    print(
        f"{len(runs)} runs on {os.cpu_count()} cores: sweep (submitit_local) {parallel:.1f} s, "
        f"one after another {sequential:.1f} s, ratio {sequential / parallel:.2f}"
    )


if __name__ == "__main__":
    main()
