"""The report's tables, each a data frame computed from the sample frame of `logs.samples`."""

import math

import pandas as pd

from omseval.errors import UserError
from omseval.report.logs import IDENTITY
from omseval.report.stats import holm, mcnemar
from omseval.run_summary import wilson

MEASURES = ("first_attempt", "eventual")
PAIRED = [c for c in IDENTITY if c not in ("approach", "options")]  # what a compared pair shares


def _groups(df: pd.DataFrame) -> pd.Series:
    """Question type for replay and guidance runs; agent A / agent B for handoff runs."""
    return df["question_type"].where(
        df["experiment"] != "handoff", "agent " + df.get("agent", pd.Series(index=df.index)).astype(str)
    )


def _by_run(df: pd.DataFrame):
    df = df.assign(questions=_groups(df))
    for key, run in df.groupby(IDENTITY, sort=False):
        for name, g in [*run.groupby("questions"), ("all", run)]:
            yield dict(zip(IDENTITY, key, strict=True)) | {"questions": name}, g


def rates(df: pd.DataFrame) -> pd.DataFrame:
    """Per run, question group and measure: n answered, exclusions (missing evidence), rate, Wilson 95% CI."""
    rows = []
    for key, g in _by_run(df):
        for measure in MEASURES:
            x = g[measure].dropna()
            low, high = wilson(int(x.sum()), len(x))
            rows.append(
                key
                | {
                    "measure": measure,
                    "n": len(x),
                    "excluded": len(g) - len(x),
                    "passed": int(x.sum()),
                    "rate": x.mean() if len(x) else math.nan,
                    "ci_low": low,
                    "ci_high": high,
                }
            )
    return pd.DataFrame(rows)


def effort(df: pd.DataFrame) -> pd.DataFrame:
    """Per run and question group: attempts (mean) and corrective messages sent (count and mean per question)."""
    return pd.DataFrame(
        [
            key
            | {
                "questions_n": len(g),
                "attempts_mean": g["attempts"].mean(),
                "corrective_messages": int(g["corrective_messages"].sum()),
                "corrective_messages_mean": g["corrective_messages"].mean(),
            }
            for key, g in _by_run(df)
        ]
    )


def _arms(df: pd.DataFrame) -> pd.Series:
    """An approach's name, with its options where one comparison group holds it with several options."""
    several = df.groupby([*PAIRED, "approach"])["options"].transform("nunique") > 1
    return df["approach"].where(~several, df["approach"] + " (" + df["options"] + ")")


def comparisons(df: pd.DataFrame, baseline: str | None, measure: str) -> pd.DataFrame:
    """Exact McNemar test of each approach against `baseline`, paired by question, per question type;
    Holm-adjusted across every test in the table (one family)."""
    df = df[df["experiment"] != "handoff"]
    if measure not in MEASURES:
        raise UserError(f"unknown measure {measure!r}; the logs hold: {', '.join(MEASURES)}")
    if baseline not in set(df["approach"]):
        raise UserError(
            f"unknown baseline {baseline!r}; the logs hold approaches: "
            f"{', '.join(sorted(set(df['approach']))) or '(no replay or guidance runs)'}"
        )
    df = df.assign(arm=_arms(df))
    rows = []
    for key, g in df.groupby(PAIRED, sort=False):
        wide = g.pivot_table(index=["question_id", "question_type"], columns="arm", values=measure)
        for base in (a for a in wide.columns if a.split(" (")[0] == baseline):
            for other in (a for a in wide.columns if a != base):
                for qtype, pair in wide[[base, other]].dropna().groupby(level="question_type"):
                    b = int(((pair[base] == 1) & (pair[other] == 0)).sum())
                    c = int(((pair[base] == 0) & (pair[other] == 1)).sum())
                    rows.append(
                        dict(zip(PAIRED, key, strict=True))
                        | {
                            "question_type": qtype,
                            "measure": measure,
                            "baseline": base,
                            "approach": other,
                            "pairs": len(pair),
                            "baseline_only": b,
                            "approach_only": c,
                            "p_value": mcnemar(b, c),
                        }
                    )
    table = pd.DataFrame(
        rows,
        columns=[
            *PAIRED,
            "question_type",
            "measure",
            "baseline",
            "approach",
            "pairs",
            "baseline_only",
            "approach_only",
            "p_value",
        ],
    )
    return table.assign(p_holm=holm(list(table["p_value"])))


def handoff(df: pd.DataFrame) -> pd.DataFrame:
    """Per handoff run, against recording probability, per seed and as the mean over seeds: agent B's marker
    arrival, its presence before the case, arrival not present before, and behaviour; agent A once per run."""
    df = df[df["experiment"] == "handoff"]
    if df.empty:
        return pd.DataFrame()
    b = df[df["agent"] == "B"].assign(
        arrived_new=lambda d: d["arrived"].astype(bool) & ~d["present_before"].astype(bool)
    )
    per_seed = (
        b.groupby([*IDENTITY, "probability", "case_seed"])
        .agg(
            n=("question_id", "size"),
            recorded=("recorded", "mean"),
            arrived=("arrived", "mean"),
            present_before=("present_before", "mean"),
            arrived_new=("arrived_new", "mean"),
            followed=("first_attempt", "mean"),
            followed_excluded=("first_attempt", lambda x: int(x.isna().sum())),
        )
        .reset_index()
    )
    mean = (
        per_seed.groupby([*IDENTITY, "probability"])
        .agg(
            n=("n", "sum"),
            recorded=("recorded", "mean"),
            arrived=("arrived", "mean"),
            present_before=("present_before", "mean"),
            arrived_new=("arrived_new", "mean"),
            followed=("followed", "mean"),
            followed_excluded=("followed_excluded", "sum"),
        )
        .reset_index()
    )
    a = (
        df[df["agent"] == "A"]
        .groupby(IDENTITY)
        .agg(
            n=("question_id", "size"),
            followed=("first_attempt", "mean"),
            followed_excluded=("first_attempt", lambda x: int(x.isna().sum())),
        )
        .reset_index()
    )
    table = pd.concat(
        [
            a.assign(agent="agent A"),
            per_seed.assign(agent="agent B", case_seed=per_seed["case_seed"].astype(int).astype(str)),
            mean.assign(agent="agent B", case_seed="mean"),
        ],
        ignore_index=True,
    )
    columns = [
        *IDENTITY,
        "agent",
        "probability",
        "case_seed",
        "n",
        "recorded",
        "arrived",
        "present_before",
        "arrived_new",
        "followed",
        "followed_excluded",
    ]
    return table.reindex(columns=columns).rename(columns={"case_seed": "schedule_seed"})


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
                "rules": len(rules),
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
