"""The report's per-run tables (effort, guidance size and audit, tokens and cost), each a data frame computed
from the sample frame of `logs.samples`."""

import math

import pandas as pd

from omseval.report.logs import APPROACH, IDENTITY, SERIES

PAIRED = [c for c in IDENTITY if c not in APPROACH]  # what a compared pair shares, seed included


def effort(df: pd.DataFrame) -> pd.DataFrame:
    """Per run (`level` seed) and over seeds (`level` combined), per question type: attempts (mean) and
    corrective messages sent (count and mean per question and epoch)."""
    df = df[df["experiment"] != "handoff"]
    rows = []
    for level, keys in (("seed", IDENTITY), ("combined", SERIES)):
        for key, run in df.groupby(keys, sort=False):
            ident = dict(zip(keys, key, strict=True))
            ident.setdefault("seed", " ".join(sorted(run["seed"].unique())))
            for questions, g in [*run.groupby("question_type"), ("all", run)]:
                rows.append(
                    ident
                    | {
                        "level": level,
                        "questions": questions,
                        "answers": len(g),
                        "attempts_mean": g["attempts"].mean(),
                        "corrective_messages": int(g["corrective_messages"].sum()),
                        "corrective_messages_mean": g["corrective_messages"].mean(),
                    }
                )
    return pd.DataFrame(rows)


def guidance(df: pd.DataFrame) -> pd.DataFrame:
    """Per run: guidance size handed to the answering model (characters; tokens as the prompt's input tokens
    beyond those of approach `none` in the same comparison group) and the model-free guidance audit."""
    df = df[df["experiment"] != "handoff"]
    rows = []
    for key, g in df.groupby(IDENTITY, sort=False):
        rules = g.groupby("rule_id").agg(
            final=("audit_check_passes", lambda x: bool(x.notna().all() and x.all())),
            superseded=("audit_superseded", lambda x: bool(x.fillna(False).any())),
        )
        rows.append(
            dict(zip(IDENTITY, key, strict=True))
            | {
                "guidance_chars_mean": g["guidance_chars"].mean(),
                "prompt_tokens_mean": g["answer_input_tokens"].mean(),
                "rules_n": len(rules),
                "rules_final_value_found": int(rules["final"].sum()),
                "rules_superseded_value_stated": int(rules["superseded"].sum()),
            }
        )
    table = pd.DataFrame(rows)
    if table.empty:
        return table
    none = table[table["approach"] == "none"].set_index(PAIRED)["prompt_tokens_mean"]
    base = table.set_index(PAIRED).index.map(lambda k: none.get(k, math.nan))
    return table.assign(guidance_tokens_mean=table["prompt_tokens_mean"] - list(base))


def _build_usage(manifest: dict, kind: str) -> float:
    """A build's `<kind>_tokens` over its phases, from the guidance manifest (nan where it records none)."""
    phases = manifest.get("tokens")
    return math.nan if phases is None else sum(p.get(f"{kind}_tokens") or 0 for p in phases.values())


def tokens(df: pd.DataFrame, kept: pd.DataFrame) -> pd.DataFrame:
    """Per run: input and output tokens by phase (build, answer, retry) and their cost from the model's price table."""
    rows = []
    for key, g in df.groupby(IDENTITY, sort=False):
        run = kept.set_index(IDENTITY).loc[key]
        price = run["price"] or {}
        row = dict(zip(IDENTITY, key, strict=True)) | {
            "build_input_tokens": _build_usage(run["build"], "input"),
            "build_output_tokens": _build_usage(run["build"], "output"),
        }
        for phase in ("answer", "retry"):
            for kind in ("input", "output"):
                row[f"{phase}_{kind}_tokens"] = int(g[f"{phase}_{kind}_tokens"].sum())
        cost = {
            p: sum(row[f"{p}_{k}_tokens"] * price[f"{k}_per_mtok"] / 1e6 for k in ("input", "output"))
            if price
            else math.nan
            for p in ("build", "answer", "retry")
        }
        rows.append(row | {"build_cost_usd": cost["build"], "answer_retry_cost_usd": cost["answer"] + cost["retry"]})
    return pd.DataFrame(rows)
