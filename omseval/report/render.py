"""The report as text: tables with the identity columns every row shares lifted into one heading line."""

import math

import pandas as pd

from omseval.report.logs import IDENTITY

PERCENT = ("rate", "recorded", "arrived", "present_before", "arrived_new", "followed")


def split_shared(table: pd.DataFrame) -> tuple[str, pd.DataFrame]:
    """('experiment replay, corpus larger, ...' for identity columns with one value, the rest of the table).
    Approach options are left out where each approach in the table has one set of them."""
    shared = [c for c in IDENTITY if c in table and table[c].nunique(dropna=False) == 1 and len(table)]
    heading = ", ".join(f"{c} {table[c].iloc[0]}" for c in shared if "options" not in c and table[c].iloc[0] != "")
    if "options" in table and "approach" in table and (table.groupby("approach")["options"].nunique() <= 1).all():
        shared.append("options")
    return heading, table.drop(columns=list(dict.fromkeys(shared)))


def _cell(column: str, x) -> str:
    if pd.isna(x):
        return "-"
    if column in PERCENT or column.startswith("ci_"):
        return f"{x:.1%}"
    if column.startswith("p_"):
        return f"{x:.4f}"
    if isinstance(x, float):
        return f"{x:,.2f}" if column.endswith("usd") else f"{x:,.2f}".rstrip("0").rstrip(".")
    return str(x)


def readable(table: pd.DataFrame) -> pd.DataFrame:
    """Rates with their interval in one cell; numbers rounded for reading."""
    out = table.copy()
    if {"rate", "ci_low", "ci_high"} <= set(out):
        out["rate"] = [
            ("-" if math.isnan(r) else f"{r:.1%} [{lo:.1%}, {hi:.1%}]")
            for r, lo, hi in zip(out["rate"], out["ci_low"], out["ci_high"], strict=True)
        ]
        out = out.drop(columns=["ci_low", "ci_high"]).rename(columns={"rate": "rate [Wilson 95% CI]"})
    for c in out.columns:
        if c != "rate [Wilson 95% CI]":
            out[c] = [_cell(c, x) for x in out[c]]
    return out


def text_table(table: pd.DataFrame) -> str:
    if table.empty:
        return "(none)"
    heading, rest = split_shared(table)
    return (heading + "\n" if heading else "") + readable(rest).to_string(index=False)


def markdown_table(table: pd.DataFrame) -> str:
    if table.empty:
        return "(none)\n"
    heading, rest = split_shared(table)
    rest = readable(rest)
    lines = [f"*{heading}*", ""] if heading else []
    lines += ["| " + " | ".join(rest.columns) + " |", "|" + "---|" * len(rest.columns)]
    lines += ["| " + " | ".join(str(v).replace("|", "\\|") for v in row) + " |" for row in rest.itertuples(index=False)]
    return "\n".join(lines) + "\n"
