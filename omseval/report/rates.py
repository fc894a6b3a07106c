"""Pass rates per run and combined over seeds, and handoff's rates per recording probability.

A row's rate is the mean over seeds of each seed's rate over its answered observations (questions x
epochs). Its 95% interval is Wilson's where every rule was asked once (one question type, one seed, one epoch),
and otherwise a cluster bootstrap that resamples rules (handoff: cases), so that a rule's two questions (answered
from the same guidance), its epochs and its seeds move together and repeated observations of one rule never count
as independent. Where every rule passes (or every one fails) no resample differs, and the interval is Wilson's
over the rules.
"""

import math

import numpy as np
import pandas as pd

from omseval.report.logs import IDENTITY, SERIES
from omseval.report.stats import cluster_bootstrap
from omseval.run_summary import wilson

CHECK = ("first_attempt", "eventual")  # the seed's presence check
STRICT = ("strict_first_attempt", "strict_eventual")  # passes the check and commits to the final rule
JUDGE = ("judge_first_attempt", "judge_eventual")  # the opt-in model-graded judge
MEASURES = (*CHECK, *STRICT, *JUDGE)


def prepare(df: pd.DataFrame) -> tuple[pd.DataFrame, list[str], bool]:
    """(samples with every check and strict measure, the measures the logs hold, whether any run's strict
    verdict is missing and so equals its check). A log with no strict verdict gets its check's."""
    df = df.copy()
    strict_from_check = False
    for check, strict in zip(CHECK, STRICT, strict=True):
        if strict not in df:
            df[strict] = np.nan
        missing = df.groupby("log")[strict].transform(lambda x: x.isna().all()) & df[check].notna()
        strict_from_check |= bool(missing.any())
        df[strict] = df[strict].where(~missing, df[check])
    held = [m for m in MEASURES if m in df and df[m].notna().any()]
    return df, held, strict_from_check


def _cluster(g: pd.DataFrame) -> str:
    """What a question's answers move with: its rule (the questions of a rule are answered from the same guidance,
    so they are no independent observations), or the question where no rule is known."""
    return "rule_id" if "rule_id" in g and g["rule_id"].notna().all() else "question_id"


def interval(g: pd.DataFrame, value: str, cluster: str, column: str) -> dict:
    """The rate of `value` over `g`'s answered rows (mean over `column`'s values, e.g. seeds, of each one's
    rate), its 95% interval and what the interval resamples."""
    answered = g.dropna(subset=[value]).astype({value: float})
    clusters, columns = sorted(g[cluster].unique()), sorted(g[column].unique())
    per_column = answered.groupby(column)[value].mean()
    rate = float(per_column.mean()) if len(per_column) else math.nan
    if len(columns) == 1 and answered[cluster].is_unique:
        low, high = wilson(int(answered[value].sum()), len(answered))
        resamples = "Wilson (observations)"
    else:
        table = answered.pivot_table(index=cluster, columns=column, values=value, aggfunc=["sum", "count"])
        passed = table["sum"].reindex(index=clusters, columns=columns, fill_value=0).fillna(0).to_numpy()
        counts = table["count"].reindex(index=clusters, columns=columns, fill_value=0).fillna(0).to_numpy()
        low, high = cluster_bootstrap(passed, counts)
        resamples = f"bootstrap ({cluster.removesuffix('_id')}s)"
        if low == high and rate in (0.0, 1.0):  # every cluster passes (or fails): no resample says otherwise
            low, high = wilson(round(rate * len(clusters)), len(clusters))
            resamples = f"Wilson ({cluster.removesuffix('_id')}s)"
    return {
        "rate": rate,
        "ci_low": low,
        "ci_high": high,
        "ci": resamples,
        "seed_sd": float(per_column.std(ddof=1)) if len(per_column) > 1 else math.nan,
        "seed_min": float(per_column.min()) if len(per_column) else math.nan,
        "seed_max": float(per_column.max()) if len(per_column) else math.nan,
    }


def _groups(run: pd.DataFrame):
    yield from run.groupby("question_type")
    yield "all", run


def _check_not_strict(g: pd.DataFrame) -> float:
    """Share of first answers (answered under both verdicts) that pass the check but not the strict verdict."""
    both = g.dropna(subset=["first_attempt", "strict_first_attempt"])
    return float(((both["first_attempt"] == 1) & (both["strict_first_attempt"] == 0)).mean()) if len(both) else math.nan


def rates(df: pd.DataFrame, measures: list[str]) -> pd.DataFrame:
    """Per run (`level` seed) and combined over the runs that differ only in seed (`level` combined), per
    question type and measure: questions, seeds, epochs, observations, exclusions, rate and its interval."""
    df = df[df["experiment"] != "handoff"]
    rows = []
    for level, keys in (("seed", IDENTITY), ("combined", SERIES)):
        for key, run in df.groupby(keys, sort=False):
            seeds = sorted(run["seed"].unique())
            ident = dict(zip(keys, key, strict=True))
            ident.setdefault("seed", " ".join(seeds))
            applies = [m for m in measures if run[m].notna().any()]  # a judge's measures: where one judged
            for questions, g in _groups(run):
                for measure in applies:
                    rows.append(
                        ident
                        | {"level": level, "questions": questions, "measure": measure}
                        | {
                            "questions_n": g["question_id"].nunique(),
                            "seeds": len(seeds),
                            "observations": int(g[measure].notna().sum()),
                            "excluded": int(g[measure].isna().sum()),
                            "passed": int(g[measure].sum()),
                            "check_not_strict": _check_not_strict(g),
                        }
                        | interval(g, measure, _cluster(g), "seed")
                    )
    return pd.DataFrame(rows)


def questions(df: pd.DataFrame, measures: list[str]) -> pd.DataFrame:
    """Per series (seeds combined) and question: its pass fraction over seeds x epochs under each measure, and
    the answers it rests on."""
    df = df[df["experiment"] != "handoff"]
    if df.empty:
        return pd.DataFrame()
    grouped = df.groupby([*SERIES, "question_id", "question_type"], sort=False)
    table = grouped[measures].mean().add_suffix("_fraction")
    table["answers"] = grouped.size()
    table["seeds"] = grouped["seed"].nunique()
    return table.reset_index()


def handoff(df: pd.DataFrame) -> pd.DataFrame:
    """Agent A (no guidance) per run, and agent B per recording probability, each per schedule seed and
    combined: marker recorded, arrived, present before, arrived new, and followed (the first answer passes);
    intervals resample cases. Agent A and agent B are never pooled."""
    df = df[df["experiment"] == "handoff"]
    if df.empty:
        return pd.DataFrame()
    df = df.assign(
        arrived_new=lambda d: (d["arrived"].astype("boolean") & ~d["present_before"].astype("boolean")).astype(float),
        schedule=lambda d: d["seed"] + "/" + d["case_seed"].astype("Int64").astype(str),
    )
    rows = []
    for key, series in df.groupby(SERIES, sort=False):
        ident = dict(zip(SERIES, key, strict=True))
        a = series[series["agent"] == "A"]
        if len(a):
            rows.append(ident | {"agent": "agent A", "probability": "-", "level": "combined"} | _handoff_row(a, "seed"))
        b = series[series["agent"] == "B"]
        for p, g in b.groupby("probability"):
            where = ident | {"agent": "agent B", "probability": int(p)}
            rows.append(where | {"level": "combined"} | _handoff_row(g, "schedule"))
            rows += [where | {"level": s} | _handoff_row(gs, "schedule") for s, gs in g.groupby("schedule")]
    return pd.DataFrame(rows)


def _handoff_row(g: pd.DataFrame, column: str) -> dict:
    followed = interval(g, "first_attempt", "case_id", column)
    arrived = interval(g, "arrived", "case_id", column) if g["arrived"].notna().any() else {}
    return {
        "cases": g["case_id"].nunique(),
        "schedules": g[column].nunique(),
        "observations": int(g["first_attempt"].notna().sum()),
        "recorded": g["recorded"].astype(float).mean() if "recorded" in g and g["recorded"].notna().any() else math.nan,
        "arrived": arrived.get("rate", math.nan),
        "arrived_ci_low": arrived.get("ci_low", math.nan),
        "arrived_ci_high": arrived.get("ci_high", math.nan),
        "arrived_new": g["arrived_new"].mean() if g["arrived_new"].notna().any() else math.nan,
        "followed": followed["rate"],
        "followed_ci_low": followed["ci_low"],
        "followed_ci_high": followed["ci_high"],
        "followed_excluded": int(g["first_attempt"].isna().sum()),
        "ci": followed["ci"],
    }
