"""Benchmark: `plan=true`'s estimate against the runs themselves.

Offline runs (model=offline: NOT a language model; it reports characters / 4 as its token usage, the plan's own
unit, since it has no tokenizer) of both corpora, approaches oms, file_edit, file_edit_hinted, verbatim and none,
experiments maintain and replay: first the plan of every run (omseval.plan.estimate, no model called), then each
run in a fresh log folder and model-call cache (cache=false), then the estimated calls and tokens per phase beside
the actual ones: a build's from its calls.jsonl (repairs included), the answers' and retries' from each sample's
attempts (the first attempt an answer, the others retries). maintain and replay share a build: it is counted with
the run that makes it (maintain). Also the guidance the answers got: the plan's mean characters per question
against the log's.

    python bench/bench_plan.py [--rules N] [--corpus smaller larger] [--approach oms ...] [OVERRIDE ...]

The error is (estimated - actual) / actual. The offline model's answers are short and its retries follow its own
check results, so the answer's output tokens and the retries show the assumptions (350 tokens an answer, 50% of
attempts failing) against a procedure that is no language model; the build's and the prompts' errors are the
estimator's own.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from inspect_ai.log import list_eval_logs, read_eval_log

from omseval.builders import artifact
from omseval.config import compose
from omseval.plan import Tally, estimate, question_guidance
from omseval.validation import Run, validate

ROOT = Path(__file__).resolve().parent.parent
APPROACHES = ["oms", "file_edit", "file_edit_hinted", "verbatim", "none"]
EXPERIMENTS = ["maintain", "replay"]  # maintain first: it makes the build replay reuses


def actual_build(run: Run, key: str) -> dict[str, Tally]:
    """Calls and tokens per phase of the run's finished build `key` (calls.jsonl: every call, repairs included)."""
    final, _ = artifact.folders(run.cfg.log_dir, key)
    phases: dict[str, Tally] = defaultdict(Tally)
    calls = final / "calls.jsonl"
    for line in calls.read_text(encoding="utf-8").splitlines() if calls.is_file() else []:
        call = json.loads(line)
        t = phases[f"build: {call['phase']}"]
        t.calls += 1
        t.tokens_in += call["usage"].get("input_tokens") or 0
        t.tokens_out += call["usage"].get("output_tokens") or 0
    return dict(phases)


def actual_answers(run: Run, folder: Path) -> tuple[dict[str, Tally], float, str]:
    """Calls and tokens of the answers and the retries (each sample's attempts), the mean guidance characters per
    sample, and the build's key, from the run's successful log in `folder`."""
    infos = list_eval_logs(str(folder), recursive=False)
    logs = [log for log in (read_eval_log(i) for i in infos) if log.status == "success"]
    if not logs:
        raise SystemExit(f"{run.name}: no successful log in {folder}")
    phases: dict[str, Tally] = {"answer": Tally(), "retry": Tally()}
    samples = logs[-1].samples or []
    for sample in samples:
        for a in sample.store.get("attempts", []):
            t = phases["answer" if a["attempt"] == 1 else "retry"]
            t.calls += 1
            t.tokens_in += a["input_tokens"]
            t.tokens_out += a["output_tokens"]
    guidance = sum(s.metadata.get("guidance_chars", 0) for s in samples) / max(len(samples), 1)
    return phases, guidance, str((logs[-1].eval.metadata or {})["build"])


def run_it(run: Run, args: list[str], log_dir: Path, cache: Path) -> tuple[float, Path]:
    """The run, as a user runs it, in a fresh process: its wall seconds and its log folder (as the run names it:
    another process's code may differ from this one's while others edit it)."""
    env = {**os.environ, "INSPECT_CACHE_DIR": str(cache)}
    began = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "omseval", *args, f"log_dir={log_dir}", "cache=false"],
        env=env,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    if result.returncode:
        raise SystemExit(f"{run.name}: exit {result.returncode}\n{result.stderr[-2000:]}")
    folder = next(line for line in result.stdout.splitlines() if line.startswith("logs: "))
    return time.monotonic() - began, Path(folder.removeprefix("logs: "))


def error(estimated: float, actual: float) -> str:
    if not actual:
        return "-" if not estimated else "n/a"
    return f"{(estimated - actual) / actual:+.0%}"


def table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True)))
        for r in rows
    )


def against(estimate, actual) -> list[str]:
    """Calls, tokens in and tokens out: estimated, actual and the error of each."""
    cells = []
    for field in ("calls", "tokens_in", "tokens_out"):
        e, a = getattr(estimate, field), getattr(actual, field)
        cells += [f"{e:,.0f}", f"{a:,.0f}", error(e, a)]
    return cells


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=int, default=None, help="a quick subset of N rules (default: all)")
    parser.add_argument("--corpus", nargs="+", default=["smaller", "larger"])
    parser.add_argument("--approach", nargs="+", default=APPROACHES)
    parser.add_argument("--experiment", nargs="+", default=EXPERIMENTS)
    parser.add_argument("overrides", nargs="*")
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        log_dir, cache = Path(tmp) / "logs", Path(tmp) / "cache"
        extra = [*opts.overrides, "model=offline", *([f"rules={opts.rules}"] if opts.rules else [])]
        jobs = [
            [f"experiment={e}", f"approach={a}", f"corpus={c}", *extra]
            for c in opts.corpus
            for a in opts.approach
            for e in opts.experiment
        ]
        runs = [validate(compose([*job, f"log_dir={log_dir}"])) for job in jobs]
        began = time.monotonic()
        plan = estimate(runs)
        print(f"plan of {len(runs)} runs in {time.monotonic() - began:.1f} s\n")
        rows = [
            [
                "run",
                "phase",
                "calls est",
                "calls",
                "err",
                "in est",
                "in",
                "err",
                "out est",
                "out",
                "err",
            ]
        ]
        guidance = [["run", "", "guidance est", "guidance", "err"]]
        totals: dict[str, tuple[Tally, Tally]] = defaultdict(lambda: (Tally(), Tally()))
        for run, job, planned in zip(runs, jobs, plan.runs, strict=True):
            seconds, folder = run_it(run, job, log_dir, cache)
            print(f"ran {run.name} in {seconds:.0f} s", file=sys.stderr, flush=True)
            estimated = {p.name: p.expected for p in planned.phases}
            answers, chars, key = actual_answers(run, folder)
            actual = (actual_build(run, key) if planned.build == "new" else {}) | answers
            for phase in sorted(set(estimated) | set(actual), key=lambda p: (not p.startswith("build"), p)):
                e, a = estimated.get(phase, Tally()), actual.get(phase, Tally())
                if not e.calls and not a.calls:
                    continue
                totals[phase][0].__iadd__(e)
                totals[phase][1].__iadd__(a)
                rows.append([run.name, phase, *against(e, a)])
            sizes = question_guidance(run)
            from omseval.samples import asked

            questions = asked(run.pack, run.cfg.corpus.name, run.cfg.limit)
            est = sum(sizes.get(run.pack.rule(q.rule_id).skill, 0) for q in questions) / max(len(questions), 1)
            guidance.append([run.name, "", f"{est:,.0f}", f"{chars:,.0f}", error(est, chars)])
        print(table(rows))
        print("\nover all runs, per phase:")
        summary = [["phase", "", "calls est", "calls", "err", "in est", "in", "err", "out est", "out", "err"]]
        for phase, (e, a) in sorted(totals.items(), key=lambda x: (not x[0].startswith("build"), x[0])):
            summary.append([phase, "", *against(e, a)])
        print(table(summary))
        print("\nguidance per question (characters, mean over the run's questions):")
        print(table(guidance))


if __name__ == "__main__":
    main()
