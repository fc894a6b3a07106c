"""Benchmark: omseval's harness against bare inspect-ai on the same samples and model calls.

omseval runs the maintain experiment (one model call per question) with its guidance already built;
bare inspect-ai answers the very prompts omseval's log recorded with `generate()` and a trivial
scorer, through the same model and log settings, in a fresh process. Both start with an empty
model-call cache. Goal: omseval / bare <= 1.2 (wall, process start included).

    python bench/bench_harness.py [--repeat N] [OVERRIDE ...]   (default: approach=verbatim corpus=larger)
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from inspect_ai.log import list_eval_logs, read_eval_log

BARE = """
import json, sys
from inspect_ai import Task, eval
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.scorer import includes
from inspect_ai.solver import generate

prompts = json.load(open(sys.argv[1]))
task = Task(dataset=MemoryDataset([Sample(id=i, input=p, target="-") for i, p in enumerate(prompts)]),
            solver=generate(cache=True), scorer=includes())
log = eval(task, model="omseval/heuristic", log_dir=sys.argv[2], log_realtime=False, display="plain",
           log_level_transcript="info")[0]
assert log.status == "success"
"""


def timed(command: list[str], cache: str) -> float:
    shutil.rmtree(cache, ignore_errors=True)
    began = time.monotonic()
    subprocess.run(
        command,
        env={**os.environ, "INSPECT_CACHE_DIR": cache},
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.monotonic() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("overrides", nargs="*", default=["approach=verbatim", "corpus=larger"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        omseval = [sys.executable, "-m", "omseval", "experiment=maintain", *args.overrides, f"log_dir={tmp / 'logs'}"]
        timed(omseval, str(tmp / "cache"))  # builds the guidance and records the prompts
        [log_file] = list_eval_logs(str(tmp / "logs"))
        run_folder = Path(log_file.name.removeprefix("file://")).parent
        log = read_eval_log(log_file)
        calls = sum(e.event == "model" for s in log.samples or [] for e in s.events)
        prompts = [s.messages[0].text for s in log.samples or []]
        (tmp / "prompts.json").write_text(json.dumps(prompts))
        (tmp / "bare.py").write_text(BARE)
        bare = [sys.executable, str(tmp / "bare.py"), str(tmp / "prompts.json"), str(tmp / "bare-logs")]
        ours, theirs = [], []
        for _ in range(args.repeat):
            shutil.rmtree(run_folder)  # the run answers again; the guidance build is kept
            ours.append(timed(omseval, str(tmp / "cache")))
            theirs.append(timed(bare, str(tmp / "cache-bare")))
    o, b = statistics.median(ours), statistics.median(theirs)
    print(
        f"{len(prompts)} samples, {calls} model calls each: omseval {o:.1f} s, bare inspect-ai {b:.1f} s, "
        f"ratio {o / b:.2f} (median of {args.repeat}; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()
