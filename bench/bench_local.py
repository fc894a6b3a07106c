"""Benchmark: the guidance and replay experiments for every approach with model=local on the shipped pack.

Builds each approach's guidance (timed: seconds per correction), asks the questions once (guidance
experiment: seconds per question), then runs replay, and prints one table. Needs the local extra.
Timings and results stay in LOG_DIR, so an interrupted benchmark resumes where it stopped.

    python bench/bench_local.py [--corpus larger|smaller] [--approaches oms,verbatim,...] [--limit N]
                                [--log-dir DIR] [--table]
"""

import argparse
import asyncio
import json
import time
from pathlib import Path

import pandas as pd
from hydra import compose, initialize_config_dir
from inspect_ai.event import ModelEvent
from inspect_ai.log import list_eval_logs, read_eval_log
from omegaconf import OmegaConf

from omseval.config import register
from omseval.guidance import artifact
from omseval.guidance.build import approach_class, build_guidance, correction_stream, key_parts, make_builder
from omseval.local import serving
from omseval.models import make_model
from omseval.pack_schema import load_pack
from omseval.paths import SHIPPED_PACK
from omseval.refusals import check
from omseval.report.summary import report
from omseval.run import run

ROOT = Path(__file__).resolve().parent.parent
APPROACHES = ["none", "verbatim", "oms", "oms_no_retrieval", "file_edit_hinted", "file_edit"]


def overrides(approach: str, corpus: str, experiment: str, log_dir: str, limit: int | None) -> list[str]:
    return [
        "model=local",
        f"approach={approach}",
        f"corpus={corpus}",
        f"experiment={experiment}",
        f"log_dir={log_dir}",
        f"limit={'null' if limit is None else limit}",
    ]


def config(*args):
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        return compose(config_name="config", overrides=overrides(*args))


def summary(log: str) -> pd.DataFrame:
    """Per question type: n, first_attempt, first_excluded, eventual, eventual_excluded (the report's tables)."""
    r = report(log)
    rates = {m: g.set_index("questions") for m, g in r.rates.groupby("measure")}
    return pd.DataFrame(
        {
            "n": r.effort.set_index("questions")["questions_n"],
            "first_attempt": rates["first_attempt"]["rate"],
            "first_excluded": rates["first_attempt"]["excluded"],
            "eventual": rates["eventual"]["rate"],
            "eventual_excluded": rates["eventual"]["excluded"],
        }
    )


def build(cfg, pack) -> dict:
    """Build (or resume) the guidance with the model's cache off, so every correction processed here is
    timed with real model calls; a resumed build times only the corrections it processes."""
    cfg = OmegaConf.merge(cfg, {"cache": False})
    with serving(cfg) as served:
        model = make_model(cfg, served.model_args)
        final, partial = artifact.folders(
            Path(cfg.log_dir) / "guidance", artifact.artifact_key(key_parts(cfg, pack, model))
        )
        before = len(correction_stream(pack, cfg.corpus.name.value, cfg.seed)) if final.exists() else 0
        if partial.exists() and not before:
            builder = make_builder(cfg, pack, partial, model)
            before = len(builder.processed())
            builder.close()
        start = time.perf_counter()
        guidance = asyncio.run(build_guidance(cfg, pack, model))
        seconds = time.perf_counter() - start
    m = guidance.manifest
    return {
        "key": guidance.key,
        "corrections": m["messages"],
        "losses": m["failures"],
        "build_s": seconds,
        "timed": m["messages"] - before,
        "uses_model": approach_class(cfg).uses_model,
    }


def evaluated(log_dir: Path, experiment: str, approach: str, corpus: str, limit: int | None, pack) -> dict:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="larger", choices=["larger", "smaller"])
    parser.add_argument("--approaches", default=",".join(APPROACHES))
    parser.add_argument(
        "--limit", type=int, help="only the first N questions (every build still processes every correction)"
    )
    parser.add_argument("--log-dir", default="logs/bench-local")
    parser.add_argument("--table", action="store_true", help="only print the table of what has finished ('-': not run)")
    args = parser.parse_args()
    register()
    log_dir = Path(args.log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)
    pack = load_pack(SHIPPED_PACK)
    approaches = args.approaches.split(",")
    timing = {a: log_dir / f"timing-{args.corpus}-{a}.json" for a in approaches}
    for experiment in ("guidance", "replay") if not args.table else ():  # replay's first attempts: from the cache
        for approach in approaches:
            cfg = config(approach, args.corpus, experiment, str(log_dir), args.limit)
            if not timing[approach].exists():  # a build, timed once (a resumed benchmark keeps the first timing)
                timing[approach].write_text(json.dumps(build(cfg, pack)))
            if run(cfg, check(cfg)) != 0:
                raise SystemExit(f"{experiment} {approach}: the run did not finish; rerun the benchmark to resume")
    rows = []
    for approach in approaches:
        asked, replay = (evaluated(log_dir, e, approach, args.corpus, args.limit, pack) for e in ("guidance", "replay"))
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
                **{
                    f"first_{k}": cell(None if a is None else a.loc[k, "first_attempt"], "rate")
                    for k in ("familiar", "situational", "all")
                },
                "first_missing": cell(None if a is None else a.loc["all", "first_excluded"], "count"),
                "replay_s_per_call": cell(replay.get("s_per_call"), "seconds"),
                "replay_eventual": cell(None if r is None else r.loc["all", "eventual"], "rate"),
                "replay_missing": cell(None if r is None else r.loc["all", "eventual_excluded"], "count"),
            }
        )
    label = config(approaches[0], args.corpus, "guidance", str(log_dir), args.limit).model.label
    questions = "all questions" if args.limit is None else f"first {args.limit} questions"
    print(f"\nmodel=local ({label}), corpus={args.corpus} ({questions}), shipped pack")
    print(pd.DataFrame(rows).to_string(index=False))


if __name__ == "__main__":
    main()
