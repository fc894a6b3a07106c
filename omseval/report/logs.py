"""The runs in a log folder and their samples, read through inspect_ai.analysis data frames.

Runs are grouped by their identity (omseval.identity, as each log's metadata holds it); of several complete logs
with one identity (a rerun), the newest is used. A log that cannot be read (truncated, corrupt) is named in one
warning and skipped; the report is made from the rest.
"""

import json
import sys
from pathlib import Path

import pandas as pd
from inspect_ai.analysis import SampleColumn, evals_df, samples_df
from inspect_ai.log import EvalLog, list_eval_logs, read_eval_log

from omseval.builders.artifact import BUILDS, manifest
from omseval.errors import UserError
from omseval.identity import COLUMNS, columns

IDENTITY = list(COLUMNS)
SERIES = [c for c in IDENTITY if c != "seed"]  # runs that differ only in seed are combined
APPROACH = ("approach", "options", "store")  # what belongs to an approach: compared runs share everything else
PAIRED = [c for c in SERIES if c not in APPROACH]


def headers(log_dir: str) -> list[EvalLog]:
    """The headers of the logs under `log_dir` (a folder, searched recursively, or one log) that read; one
    warning names those that do not."""
    path = Path(log_dir)
    found = [path.as_posix()] if path.is_file() else [info.name for info in list_eval_logs(str(path))]
    good, bad = [], []
    for log in found:
        try:
            good.append(read_eval_log(log, header_only=True))
        except Exception:  # a truncated or corrupt log: skipped, and named below
            bad.append(log.removeprefix("file://"))
    if bad:
        print(f"warning: skipped {len(bad)} unreadable log(s): {', '.join(bad)}", file=sys.stderr)
    if not good:
        raise UserError(f"no readable omseval log under {log_dir}")
    return good


def readable(log_dir: str) -> list[str]:
    """The logs under `log_dir` whose header reads (`headers`)."""
    return [h.location for h in headers(log_dir)]


def runs(log_dir: str, found: list[EvalLog] | None = None) -> pd.DataFrame:
    """One row per identity: the newest complete omseval log, with its label, price, judge model and build
    manifest (`found`: the log folder's headers, when read already)."""
    evals = evals_df([h.location for h in (found if found is not None else headers(log_dir))], quiet=True)
    rows = []
    for e in evals.itertuples():
        meta = json.loads(e.metadata) if isinstance(e.metadata, str) else {}
        if "identity" not in meta or e.status != "success" or e.completed_samples != e.total_samples:
            continue
        config, judge = meta["config"], meta["identity"]["judge"]
        rows.append(
            columns(meta["identity"])
            | {
                "log": e.log,
                "created": e.created,
                "model_label": meta["model_label"],
                "language_model": meta["language_model"],
                "judge_model": judge["name"] if judge else None,
                "price": config["model"].get("price"),
                "build": build_manifest(e.log, meta["build"]),
            }
        )
    if not rows:
        raise UserError(f"no complete omseval logs under {log_dir}")
    found_runs = pd.DataFrame(rows).sort_values("created", ascending=False)
    return found_runs.drop_duplicates(IDENTITY).sort_values(IDENTITY).reset_index(drop=True)


def build_manifest(log: str, key: str) -> dict:
    """The manifest of the build a run's log names: in the builds/ folder of the log folder that holds the run's
    own folder (the app's layout) or the log itself (`inspect eval`'s); empty when neither has it."""
    folder = Path(log.removeprefix("file://")).parent
    for root in (folder.parent, folder):
        if (found := manifest(root / BUILDS / key)) is not None:
            return found
    return {}


def _score(sample) -> dict:
    score = next(iter((sample.scores or {}).values()), None)
    return {} if score is None else score.value | (score.metadata or {})


SAMPLE_COLUMNS = [
    SampleColumn("question_id", path="id", required=True),
    SampleColumn("epoch", path="epoch", required=True),
    SampleColumn("metadata_*", path="metadata"),
    SampleColumn("score", path=_score, full=True),
]


def samples(kept: pd.DataFrame) -> pd.DataFrame:
    """One row per sample of the kept runs, with the run's identity columns."""
    df = samples_df(list(kept["log"]), columns=SAMPLE_COLUMNS, quiet=True)
    scores = pd.DataFrame([json.loads(s) if isinstance(s, str) else (s or {}) for s in df["score"]], index=df.index)
    df = df.drop(columns=["score"]).rename(columns=lambda c: c.removeprefix("metadata_"))
    # the scorer carries some of the sample's metadata into its score (rule_id, the audit, the arrival): once
    df = pd.concat([df.drop(columns=[c for c in scores.columns if c in df]), scores], axis=1)
    df = df.rename(columns={"seed": "case_seed"})
    df = df.drop(columns=[c for c in ("approach", "corpus") if c in df])
    return df.merge(kept.drop(columns=["created"]), on="log")
