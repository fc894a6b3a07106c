"""The runs in a log folder and their samples, read through inspect_ai.analysis data frames.

A run's identity is everything that changes its results: experiment and its options, corpus,
approach and its options, the answering model, store, pack checksum, seed, limit and rules (a subset). Of several
complete logs with one identity (a rerun), the newest is used.
"""

import json

import pandas as pd
from inspect_ai.analysis import SampleColumn, evals_df, samples_df

from omseval.config import seed_label
from omseval.errors import UserError

IDENTITY = [
    "experiment",
    "corpus",
    "approach",
    "options",
    "model",
    "store",
    "pack",
    "seed",
    "limit",
    "rules",
    "experiment_options",
]


def _options(section: dict) -> str:
    return " ".join(f"{k}={json.dumps(v)}" for k, v in sorted(section.items()) if k not in ("name", "_target_"))


def identity(config: dict, model: str, pack_checksum: str) -> dict:
    """The identity columns of a run, from its resolved config and the model that answered."""
    return {
        "experiment": config["experiment"]["name"],
        "corpus": config["corpus"]["name"],
        "approach": config["approach"]["name"],
        "options": _options(config["approach"]),
        "model": model,
        "store": config["store"]["kind"],
        "pack": pack_checksum[:12],
        "seed": seed_label(config["seed"]),
        "limit": "all" if config["limit"] is None else str(config["limit"]),
        "rules": "all" if config.get("rules") is None else str(config["rules"]),  # a quick subset (rules=N)
        "experiment_options": _options(config["experiment"]),
    }


def runs(log_dir: str) -> pd.DataFrame:
    """One row per identity: the newest complete omseval log, with its label, price and build manifest."""
    evals = evals_df(log_dir, quiet=True)
    rows = []
    for e in evals.itertuples():
        meta = json.loads(e.metadata) if isinstance(e.metadata, str) else {}
        if "config" not in meta or e.status != "success" or e.completed_samples != e.total_samples:
            continue
        config = meta["config"]
        rows.append(
            identity(config, e.model, meta["pack_checksum"])
            | {
                "log": e.log,
                "created": e.created,
                "model_label": meta["model_label"],
                "language_model": meta["language_model"],
                "price": config["model"].get("price"),
                "build": meta.get("guidance") or {},
            }
        )
    if not rows:
        raise UserError(f"no complete omseval logs under {log_dir}")
    found = pd.DataFrame(rows).sort_values("created", ascending=False)
    return found.drop_duplicates(IDENTITY).sort_values(IDENTITY).reset_index(drop=True)


def _score(sample) -> dict:
    score = next(iter((sample.scores or {}).values()), None)
    return {} if score is None else score.value | (score.metadata or {})


SAMPLE_COLUMNS = [
    SampleColumn("question_id", path="id", required=True),
    SampleColumn("metadata_*", path="metadata"),
    SampleColumn("score", path=_score, full=True),
]


def samples(kept: pd.DataFrame) -> pd.DataFrame:
    """One row per sample of the kept runs, with the run's identity columns."""
    df = samples_df(list(kept["log"]), columns=SAMPLE_COLUMNS, quiet=True)
    scores = pd.DataFrame([json.loads(s) if isinstance(s, str) else (s or {}) for s in df["score"]], index=df.index)
    df = pd.concat([df.drop(columns=["score"]), scores], axis=1)
    df = df.rename(columns=lambda c: c.removeprefix("metadata_")).rename(columns={"seed": "case_seed"})
    df = df.drop(columns=[c for c in ("approach", "corpus") if c in df])
    return df.merge(kept.drop(columns=["created"]), on="log")
