"""Benchmark: the whole benchmark (`python -m omseval suite=benchmark`) cold, then warm.

Cold: a fresh log folder and model-call cache, so every guidance build and every answer is made.
Warm: the same command again; every run is already complete, so it makes no model call. Goals on a
2-core machine: cold <= 180 s, warm <= 15% of cold. Also prints the time to the first line of output
(stdout and stderr piped) and the CPU seconds used.

    python bench/bench_suite.py [--repeat N] [OVERRIDE ...]
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def timed(args: list[str], log_dir: str) -> dict:
    env = {**os.environ, "INSPECT_CACHE_DIR": f"{log_dir}-cache"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "omseval", "suite=benchmark", f"log_dir={log_dir}", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    first = None
    assert proc.stdout is not None  # stdout=PIPE
    for line in proc.stdout:
        if first is None:
            first = time.monotonic() - began
        if line.startswith("suite benchmark:") and "runs complete" in line:
            complete = line.strip()
    if proc.wait():
        raise SystemExit(f"the suite failed (exit {proc.returncode})")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return {"wall": time.monotonic() - began, "first": first, "cpu": cpu, "complete": complete}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("overrides", nargs="*")
    args = parser.parse_args()
    cold, warm = [], []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            cold.append(timed(args.overrides, f"{tmp}/logs"))
            warm.append(timed(args.overrides, f"{tmp}/logs"))
    for name, runs in (("cold", cold), ("warm", warm)):
        print(
            f"{name}: wall {statistics.median(r['wall'] for r in runs):.1f} s, first output "
            f"{statistics.median(r['first'] for r in runs):.2f} s, "
            f"cpu {statistics.median(r['cpu'] for r in runs):.1f} s"
            f" ({runs[-1]['complete']})"
        )
    ratio = statistics.median(w["wall"] for w in warm) / statistics.median(c["wall"] for c in cold)
    print(
        f"warm / cold: {ratio:.1%}; {args.repeat} repeat(s), median; {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
