"""Paired comparisons of each approach with the baseline, their power, and the judge's agreement.

Observations are paired by question, seed and epoch within runs that share everything but the approach.
With one observation per question the test is McNemar's exact test; with several (seeds, epochs) it is a
paired permutation test on per-question pass fractions. The power columns come from McNemar's sample-size
formula with the observed discordance, over the pairs' worth in independent pairs (the design effect of
repeating a question).
"""

import math

import numpy as np
import pandas as pd

from omseval.errors import UserError
from omseval.report.logs import PAIRED, SERIES
from omseval.report.stats import (
    cohen_kappa,
    design_effect,
    detectable,
    holm,
    mcnemar,
    mean_interval,
    paired_permutation,
    pairs_needed,
)

TARGET = 0.05  # the difference every comparison states the questions needed for
MCNEMAR, PERMUTATION = "McNemar exact", "permutation"  # the latter: paired, on per-question pass fractions


def arms(df: pd.DataFrame) -> pd.Series:
    """An approach's name, with its options and its store where one comparison group holds it with several:
    runs of one approach on two stores, or with two sets of options, are compared apart, never pooled."""
    several = {c: df.groupby([*PAIRED, "approach"])[c].transform("nunique") > 1 for c in ("options", "store")}
    names = []
    for i, approach in df["approach"].items():
        parts = [df.at[i, "options"]] if several["options"][i] and df.at[i, "options"] else []
        parts += [f"store {df.at[i, 'store']}"] if several["store"][i] else []
        names.append(f"{approach} ({', '.join(parts)})" if parts else approach)
    return pd.Series(names, index=df.index)


def check_baseline(df: pd.DataFrame, baseline: str) -> None:
    approaches = sorted(set(df.loc[df["experiment"] != "handoff", "approach"]))
    if baseline not in approaches:
        raise UserError(
            f"unknown baseline {baseline!r}; the logs hold approaches: "
            f"{', '.join(approaches) or '(no replay or guidance runs)'}"
        )


def comparisons(df: pd.DataFrame, baseline: str, measures: list[str]) -> pd.DataFrame:
    """Each approach against `baseline`, per question type and measure, combined over seeds (`level`
    combined) and per seed; Holm-adjusted within each measure and level (one family each)."""
    df = df[df["experiment"] != "handoff"]
    df = df.assign(arm=arms(df))
    rows = []
    for key, g in df.groupby(PAIRED, sort=False):
        ident = dict(zip(PAIRED, key, strict=True))
        for measure in measures:
            wide = g.pivot_table(index=["question_id", "question_type", "seed", "epoch"], columns="arm", values=measure)
            for base in (a for a in wide.columns if a.split(" (")[0] == baseline):
                for other in (a for a in wide.columns if a != base):
                    pairs = wide[[base, other]].dropna()
                    for qtype, p in [*pairs.groupby(level="question_type"), ("all", pairs)]:
                        where = ident | {"measure": measure, "questions": qtype, "baseline": base, "approach": other}
                        seeds = sorted(p.index.get_level_values("seed").unique())
                        rows.append(where | {"level": "combined", "seed": " ".join(seeds)} | compare(p, base, other))
                        if len(seeds) > 1:
                            rows += [
                                where | {"level": "seed", "seed": s} | compare(ps, base, other)
                                for s, ps in p.groupby(level="seed")
                            ]
    table = pd.DataFrame(rows)
    if table.empty:
        return table
    table["p_holm"] = np.nan
    for _, family in table.groupby(["measure", "level"]).groups.items():
        table.loc[family, "p_holm"] = holm(list(table.loc[family, "p_value"]))
    return table


def compare(pairs: pd.DataFrame, base: str, other: str) -> dict:
    """One comparison over paired observations (rows: question, seed, epoch; columns: base, other)."""
    b = int(((pairs[base] == 1) & (pairs[other] == 0)).sum())
    c = int(((pairs[base] == 0) & (pairs[other] == 1)).sum())
    by_question = pairs.groupby(level="question_id").mean()
    differences = (by_question[other] - by_question[base]).to_numpy()
    n, questions = len(pairs), len(by_question)
    once = n == questions
    low, high = mean_interval(differences)
    per_question = n / questions if questions else 1.0
    deff = design_effect(differences, (pairs[other] - pairs[base]).to_numpy(), per_question)
    discordance = (b + c) / n if n else math.nan
    needed = pairs_needed(TARGET, discordance) * deff  # inf when fewer pairs disagree than 5 points needs
    return {
        "pairs": n,
        "questions_n": questions,
        "baseline_rate": float(by_question[base].mean()),
        "approach_rate": float(by_question[other].mean()),
        "difference": float(differences.mean()) if questions else math.nan,
        "ci_low": low,
        "ci_high": high,
        "baseline_only": b,
        "approach_only": c,
        "test": MCNEMAR if once else PERMUTATION,
        "p_value": mcnemar(b, c) if once else paired_permutation(differences),
        "discordance": discordance,
        "design_effect": deff,
        "detectable_80": detectable(n / deff, discordance),
        "pairs_for_5pt": math.ceil(needed) if math.isfinite(needed) else math.nan,
        "questions_for_5pt": math.ceil(needed / per_question) if math.isfinite(needed) else math.nan,
    }


def judge_agreement(df: pd.DataFrame) -> pd.DataFrame:
    """Per series (seeds combined) and approach, for first attempt and eventual: the judge's agreement with
    the check and with the strict verdict (Cohen's kappa, confusion counts), over answers both graded."""
    df = df[df["experiment"] != "handoff"]
    rows = []
    for key, g in df.groupby(SERIES, sort=False):
        for kind in ("first_attempt", "eventual"):
            judge = f"judge_{kind}"
            if judge not in g or g[judge].isna().all():
                continue
            row = dict(zip(SERIES, key, strict=True)) | {"verdict": kind, "judge_rate": g[judge].mean()}
            for name, deterministic in (("check", kind), ("strict", f"strict_{kind}")):
                both = g[[judge, deterministic]].dropna().astype(bool)
                j, d = both[judge], both[deterministic]
                row |= {
                    f"n_{name}": len(both),
                    f"kappa_{name}": cohen_kappa(j, d) if len(both) else math.nan,
                    f"both_pass_{name}": int((j & d).sum()),
                    f"judge_only_{name}": int((j & ~d).sum()),
                    f"{name}_only": int((~j & d).sum()),
                    f"both_fail_{name}": int((~j & ~d).sum()),
                }
            rows.append(row)
    return pd.DataFrame(rows)
