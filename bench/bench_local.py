"""Benchmark: the maintain and replay experiments for every approach with model=local on the shipped pack.

Builds each approach's guidance (timed: seconds per correction), asks the questions once (maintain
experiment: seconds per question), then runs replay, and prints one table. Needs the local extra.
Timings and results stay in LOG_DIR, so an interrupted benchmark resumes where it stopped. Without
--approaches, every approach option (conf/approach and installed plug-ins) that this environment can run;
the others are named on stderr with the reason.

    python bench/bench_local.py [--corpus larger|smaller] [--approaches oms,verbatim,...] [--limit N]
                                [--log-dir DIR] [--table]
"""

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

import pandas as pd
from inspect_ai.event import ModelEvent
from inspect_ai.log import list_eval_logs, read_eval_log

from omseval.builders import artifact
from omseval.builders.build import build_guidance, build_parts, correction_stream, make_builder
from omseval.config import compose, options
from omseval.errors import UserError
from omseval.identity import build_key
from omseval.local import serving
from omseval.models import make_model
from omseval.pack_schema import Pack, load_pack
from omseval.paths import SHIPPED_PACK
from omseval.report.summary import report
from omseval.run import run
from omseval.validation import Run, validate

EXPERIMENTS = ("maintain", "replay")  # replay's first attempts: from the cache


def overrides(approach: str, corpus: str, experiment: str, log_dir: str, limit: int | None) -> list[str]:
    return [
        "model=local",
        f"approach={approach}",
        f"corpus={corpus}",
        f"experiment={experiment}",
        f"log_dir={log_dir}",
        f"limit={'null' if limit is None else limit}",
    ]


def validated(*args, cache: bool = True) -> Run:
    """The run of `overrides(*args)`; `cache=False`: with the model-call cache off (the build's identity, and so
    its folder, is the same: a cache is no part of it)."""
    return validate(compose([*overrides(*args), *([] if cache else ["cache=false"])]))


def runnable(approaches: list[str], *args) -> list[str]:
    """The approaches that validate with these overrides (`args` as `overrides` takes them, after the approach);
    the others are named on stderr with the reason (a missing extra, a server)."""
    kept = []
    for approach in approaches:
        try:
            validated(approach, *args)
        except UserError as e:
            print(f"skipped approach={approach}: {e}", file=sys.stderr)
            continue
        kept.append(approach)
    return kept


def summary(log: str) -> pd.DataFrame:
    """Per question type: n, first_attempt, first_excluded, eventual, eventual_excluded (the report's rates of
    the one run in `log`)."""
    rates = report(log).rates
    rates = rates[rates["level"] == "seed"]  # one log: one run
    by = {m: g.set_index("questions") for m, g in rates.groupby("measure")}
    return pd.DataFrame(
        {
            "n": by["first_attempt"]["questions_n"],
            "first_attempt": by["first_attempt"]["rate"],
            "first_excluded": by["first_attempt"]["excluded"],
            "eventual": by["eventual"]["rate"],
            "eventual_excluded": by["eventual"]["excluded"],
        }
    )


def build(run: Run) -> dict:
    """Build (or resume) the run's guidance (`run`: with the model's cache off, so every correction processed here
    is timed with real model calls); a resumed build times only the corrections it processes."""
    with serving(run.cfg) as served:
        model = make_model(run.cfg.model, served.model_args)
        final, partial = artifact.folders(run.cfg.log_dir, build_key(build_parts(run)))
        before = len(correction_stream(run.pack, run.cfg.corpus.name, run.cfg.seed)) if final.exists() else 0
        if partial.exists() and not before:
            builder = make_builder(run, partial, model)
            before = len(builder.processed())
            builder.close()
        start = time.perf_counter()
        guidance = asyncio.run(build_guidance(run, model))
        seconds = time.perf_counter() - start
    m = guidance.manifest
    return {
        "key": guidance.key,
        "corrections": m["messages"],
        "losses": m["failures"],
        "build_s": seconds,
        "timed": m["messages"] - before,
        "uses_model": run.approach.uses_model,
    }


def evaluated(log_dir: Path, experiment: str, approach: str, corpus: str, limit: int | None, pack: Pack) -> dict:
    """Rates and missing evidence from the newest finished log of one experiment on this pack, and the mean
    seconds of the model calls of every run of it (calls answered from the cache excluded). Empty if none finished."""
    found, seconds = [], []
    for info in list_eval_logs(str(log_dir), recursive=True):
        log = read_eval_log(info, header_only=True)
        meta = log.eval.metadata or {}
        if log.eval.task.endswith(f"{experiment}_{corpus}_{approach}"):
            seconds += [
                e.working_time
                for sample in read_eval_log(info).samples or []
                for e in sample.events
                if isinstance(e, ModelEvent) and e.cache != "read" and e.working_time is not None
            ]
            if (
                log.status == "success"
                and meta.get("pack_checksum") == pack.checksum
                and meta["config"]["limit"] == limit
            ):
                found.append(info)
    if not found:
        return {}
    table = summary(max(found, key=lambda i: i.mtime or 0.0).name)
    return {
        "n": int(table.loc["all", "n"]),
        "table": table,
        "s_per_call": sum(seconds) / len(seconds) if seconds else None,
    }


def cell(value, kind: str) -> str:
    if value is None or pd.isna(value):
        return "-"
    return {"rate": f"{value:.1%}", "seconds": f"{value:.1f}", "count": f"{int(value)}"}[kind]


def at(table: pd.DataFrame | None, questions: str, column: str):
    """A summary's value for a question type; None when the run is missing or asked none of that type."""
    return None if table is None or questions not in table.index else table.loc[questions, column]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="larger", choices=["larger", "smaller"])
    parser.add_argument("--approaches", help="comma-separated (default: every approach this environment can run)")
    parser.add_argument(
        "--limit", type=int, help="only the first N questions (every build still processes every correction)"
    )
    parser.add_argument("--log-dir", default="logs/bench-local")
    parser.add_argument("--table", action="store_true", help="only print the table of what has finished ('-': not run)")
    args = parser.parse_args()
    log_dir = Path(args.log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)
    pack = load_pack(SHIPPED_PACK)
    chosen = [args.corpus, EXPERIMENTS[0], str(log_dir), args.limit]
    if args.approaches:
        approaches = args.approaches.split(",")
    elif args.table:
        approaches = options("approach")
    else:
        approaches = runnable(options("approach"), *chosen)
    if not approaches:
        raise SystemExit("error: no approach can run with model=local here")
    timing = {a: log_dir / f"timing-{args.corpus}-{a}.json" for a in approaches}
    for experiment in EXPERIMENTS if not args.table else ():
        for approach in approaches:
            job = validated(approach, args.corpus, experiment, str(log_dir), args.limit)
            if not timing[approach].exists():  # a build, timed once (a resumed benchmark keeps the first timing)
                timed = validated(approach, args.corpus, experiment, str(log_dir), args.limit, cache=False)
                timing[approach].write_text(json.dumps(build(timed)))
            if run([job]) != 0:
                raise SystemExit(f"{experiment} {approach}: the run did not finish; rerun the benchmark to resume")
    rows = []
    for approach in approaches:
        asked, replay = (evaluated(log_dir, e, approach, args.corpus, args.limit, pack) for e in EXPERIMENTS)
        t = json.loads(timing[approach].read_text()) if timing[approach].exists() else {}
        a, r = asked.get("table"), replay.get("table")
        rows.append(
            {
                "approach": approach,
                "corrections": cell(t.get("corrections"), "count"),
                "processing_losses": cell(t.get("losses"), "count"),
                "s_per_correction": cell(
                    t["build_s"] / t["timed"] if t.get("uses_model") and t.get("timed") else None, "seconds"
                ),
                "questions": cell(asked.get("n"), "count"),
                "s_per_question": cell(asked.get("s_per_call"), "seconds"),
                **{f"first_{k}": cell(at(a, k, "first_attempt"), "rate") for k in ("familiar", "situational", "all")},
                "first_missing": cell(at(a, "all", "first_excluded"), "count"),
                "replay_s_per_call": cell(replay.get("s_per_call"), "seconds"),
                "replay_eventual": cell(at(r, "all", "eventual"), "rate"),
                "replay_missing": cell(at(r, "all", "eventual_excluded"), "count"),
            }
        )
    label = compose(overrides(approaches[0], *chosen)).model.label
    questions = "all questions" if args.limit is None else f"first {args.limit} questions"
    print(f"\nmodel=local ({label}), corpus={args.corpus} ({questions}), shipped pack")
    print(pd.DataFrame(rows).to_string(index=False))


if __name__ == "__main__":
    main()
