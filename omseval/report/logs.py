"""The runs in a log folder and their samples, read through inspect_ai.analysis data frames.

A run's identity is everything that changes its results: experiment and its options, corpus,
approach and its options, the answering model, store, pack checksum, seed, limit and rules (a subset). Of several
complete logs with one identity (a rerun), the newest is used.
"""

import importlib
import inspect
import json
from importlib.resources import files

import pandas as pd
from inspect_ai.analysis import SampleColumn, evals_df, samples_df
from omegaconf import OmegaConf

from omseval.config import seed_label
from omseval.errors import UserError

IDENTITY = [
    "experiment",
    "corpus",
    "approach",
    "options",
    "model",
    "temperature",
    "store",
    "pack",
    "seed",
    "limit",
    "epochs",
    "rules",
    "experiment_options",
]
SERIES = [c for c in IDENTITY if c != "seed"]  # runs that differ only in seed are combined


def defaults(group: str, name: str) -> dict:
    """The options of `conf/<group>/<name>.yaml`, over the defaults of the class its `_target_` names."""
    option = files("omseval.conf") / group / f"{name}.yaml"
    given: dict = OmegaConf.to_container(OmegaConf.create(option.read_text())) if option.is_file() else {}  # type: ignore
    given = given.get(group, given)  # a `# @package _global_` file nests its group
    module, _, cls = str(given.get("_target_", "")).rpartition(".")
    params: list[inspect.Parameter] = []
    try:
        params = list(inspect.signature(getattr(importlib.import_module(module), cls)).parameters.values())
    except (ImportError, ValueError, AttributeError):  # an option of an older version: its file's values alone
        pass
    base = {p.name: p.default for p in params if p.default is not inspect.Parameter.empty}
    return base | given


def options(section: dict, defaults: dict) -> str:
    """The options of a config section that differ from their defaults, as `key=value` words."""
    return " ".join(
        f"{k}={json.dumps(v)}"
        for k, v in sorted(section.items())
        if k not in ("name", "_target_") and (k not in defaults or defaults[k] != v)
    )


def identity(config: dict, model: str, pack_checksum: str) -> dict:
    """The identity columns of a run, from its resolved config and the model that answered."""
    return {
        "experiment": config["experiment"]["name"],
        "corpus": config["corpus"]["name"],
        "approach": config["approach"]["name"],
        "options": options(config["approach"], defaults("approach", config["approach"]["name"])),
        "model": model,
        "temperature": "default" if config["model"].get("temperature") is None else str(config["model"]["temperature"]),
        "store": config["store"]["kind"],
        "pack": pack_checksum[:12],
        "seed": seed_label(config["seed"]),
        "limit": "all" if config["limit"] is None else str(config["limit"]),
        "epochs": int(config.get("epochs", 1)),
        "rules": "all" if config.get("rules") is None else str(config["rules"]),  # a quick subset (rules=N)
        "experiment_options": options(config["experiment"], defaults("experiment", config["experiment"]["name"])),
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
            | {"epochs": int(e.epochs or 1)}  # as run: `inspect eval --epochs N` overrides the config's
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
    SampleColumn("epoch", path="epoch", required=True),
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
