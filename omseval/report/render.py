"""The report as text: tables a person reads. Identity columns every row shares are lifted into one heading
line, and those at their defaults are left out (one line of the report states the defaults); the CSV files
keep every column."""

import math
import textwrap

import pandas as pd

from omseval.report.logs import IDENTITY

WIDTH = 120  # terminal columns
DEFAULTS = {
    "store": "sqlite",
    "temperature": "default",
    "limit": "all",
    "epochs": 1,
    "options": "",
    "experiment_options": "",
}
DEFAULTS_LINE = (
    "Not shown where they hold: store sqlite, limit all (every question), epochs 1, temperature default (the "
    "provider's own), and every approach and experiment option at its value in conf/."
)
PERCENT = (
    "rate",
    "recorded",
    "arrived_new",
    "check only",
    "seed sd",
    "discordance",
    "detectable",
    "judge rate",
)


def _label(column: str, value) -> str:
    name = "seeds" if column == "seed" and " " in str(value) else column.replace("_", " ")
    return f"{name} {value}"


SHORT_NAMES = {
    "guidance_chars_mean": "chars",
    "guidance_tokens_mean": "tokens",
    "rules_n": "rules audited",
    "rules_final_value_found": "final value found",
    "rules_superseded_value_stated": "superseded stated",
    "build_input_tokens": "build in",
    "build_output_tokens": "build out",
    "answer_input_tokens": "answer in",
    "answer_output_tokens": "answer out",
    "retry_input_tokens": "retry in",
    "retry_output_tokens": "retry out",
    "build_cost_usd": "build usd",
    "answer_retry_cost_usd": "answer usd",
    "attempts_mean": "attempts",
    "corrective_messages": "corrective",
    "corrective_messages_mean": "corrective per answer",
    "kappa_check": "kappa check",
    "kappa_strict": "kappa strict",
}


def split_shared(table: pd.DataFrame) -> tuple[str, pd.DataFrame]:
    """('experiment replay, corpus larger, ...' for the identity columns with one value that is not their
    default, the rest of the table). Approach options are left out where each approach has one set."""
    shared = [c for c in IDENTITY if c in table and len(table) and table[c].nunique(dropna=False) == 1]
    heading = ", ".join(
        _label(c, table[c].iloc[0])
        for c in shared
        if c != "options" and table[c].iloc[0] != DEFAULTS.get(c) and table[c].iloc[0] != ""
    )
    if "options" in table and "approach" in table and (table.groupby("approach")["options"].nunique() <= 1).all():
        shared.append("options")
    return heading, table.drop(columns=list(dict.fromkeys(shared)))


def with_interval(rate: float, low: float, high: float) -> str:
    """'59.6 [48.5, 69.7]' in percent; '-' when there is no rate."""
    if rate is None or math.isnan(rate):
        return "-"
    if math.isnan(low):
        return f"{rate:.1%}"
    return f"{100 * rate:.1f} [{100 * low:.1f}, {100 * high:.1f}]"


def _cell(column: str, x) -> str:
    if x is None or (not isinstance(x, str) and pd.isna(x)):
        return "-"
    if column in PERCENT:
        return f"{x:.1%}"
    if column in ("p_value", "p_holm"):
        return f"{x:.4f}" if isinstance(x, float) else str(x)
    if isinstance(x, float):
        return f"{x:,.2f}" if column.endswith("usd") else f"{x:,.2f}".rstrip("0").rstrip(".")
    return str(x)


def readable(table: pd.DataFrame) -> pd.DataFrame:
    """Every cell as text, numbers rounded for reading; columns under their short names."""
    out = pd.DataFrame({c: [_cell(str(c), x) for x in table[c]] for c in table.columns}, index=table.index)
    return out.rename(columns=SHORT_NAMES)


def text_table(table: pd.DataFrame) -> str:
    """The table for a terminal: its heading wrapped, its columns wrapped into blocks, within WIDTH."""
    if table.empty:
        return "(none)"
    heading, rest = split_shared(table)
    body = readable(rest).to_string(index=False, line_width=WIDTH)
    return "\n".join([*textwrap.wrap(heading, WIDTH), body]) if heading else body


def markdown_table(table: pd.DataFrame) -> str:
    if table.empty:
        return "(none)\n"
    heading, rest = split_shared(table)
    rest = readable(rest)
    lines = [f"*{heading}*", ""] if heading else []
    lines += ["| " + " | ".join(rest.columns) + " |", "|" + "---|" * len(rest.columns)]
    lines += ["| " + " | ".join(str(v).replace("|", "\\|") for v in row) + " |" for row in rest.itertuples(index=False)]
    return "\n".join(lines) + "\n"
