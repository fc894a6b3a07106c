"""The report as text: tables a person reads, in the run summary's number formats (omseval.run_summary: counts
52,828, rates 52.8%, intervals 52.8% [44.2%, 59.5%]).

A table's identity columns that every row shares go into one heading line, those at their defaults left out (one
line of the report states the defaults); an approach's options and store, where rows differ in them, join its
name; the other identity columns in which rows differ (a pack, a judge, the code) split the table into blocks,
each under its own heading. A column with no value in any row does not apply and is left out. On a terminal the
tables fit WIDTH columns: a table's optional columns are left out, last first, where it is too wide, and a line
names them. report.md keeps every column; the CSV files keep every column and the raw numbers.
"""

import re
from collections.abc import Sequence

import pandas as pd

from omseval.report.logs import IDENTITY
from omseval.run_summary import MISSING, WIDTH, console_table, count, wrap

DEFAULTS = {
    "store": "sqlite",
    "temperature": "default",
    "limit": "all",
    "rules": "all",
    "epochs": 1,
    "options": "",
    "experiment_options": "",
    "judge": "none",
}
HIDDEN_WHEN_SHARED = ("options", "experiment_options", "code")  # shown only where rows differ in them
DEFAULTS_LINE = (
    "Not shown where they hold: store sqlite, limit all (every question), rules all (no subset), epochs 1, "
    "temperature default (the provider's own), no judge, and the options of an experiment or approach and the "
    "code's version where all runs share them."
)
APPROACH_PARTS = ("options", "store")  # joined to the approach's name where rows differ in them
NUMBER = re.compile(r"^[-+]?[\d,.]+%?( \[[-+]?[\d.]+%?, [-+]?[\d.]+%?\])?$|^\$[\d,.]+$|^-$|^\d+ / \d+$")


def _label(column: str, value) -> str:
    if column == "seed" and " " in str(value):
        return "seeds " + ", ".join(str(value).split())
    if column == "rules":
        return f"rules {value} (a subset)"
    return f"{column.replace('_', ' ')} {value}"


def _shown(column: str, value) -> bool:
    return column not in HIDDEN_WHEN_SHARED and value not in (DEFAULTS.get(column), "", MISSING)


def split_shared(table: pd.DataFrame) -> tuple[str, pd.DataFrame]:
    """('experiment replay, corpus larger, ...' for the identity columns with one value that is not their
    default, the rest of the table)."""
    shared = [c for c in IDENTITY if c in table and len(table) and table[c].nunique(dropna=False) == 1]
    heading = ", ".join(_label(c, table[c].iloc[0]) for c in shared if _shown(c, table[c].iloc[0]))
    return heading, table.drop(columns=shared)


def _approach_label(table: pd.DataFrame) -> pd.DataFrame:
    """The approach's options and store, where rows differ in them, joined to its name: 'oms (top_k=3, store
    neo4j)'; a store at its default (or none) is not named."""
    if "approach" not in table:
        return table.drop(columns=[c for c in APPROACH_PARTS if c in table])
    parts = pd.Series([[] for _ in range(len(table))], index=table.index, dtype=object)
    if "options" in table:
        several = table.groupby("approach")["options"].transform("nunique") > 1
        for i in table.index[several & (table["options"] != "")]:
            parts[i] = [*parts[i], str(table.at[i, "options"])]
    if "store" in table:
        for i in table.index[~table["store"].isin([DEFAULTS["store"], MISSING])]:
            parts[i] = [*parts[i], f"store {table.at[i, 'store']}"]
    label = [a + (f" ({', '.join(p)})" if p else "") for a, p in zip(table["approach"], parts, strict=True)]
    return table.drop(columns=[c for c in APPROACH_PARTS if c in table]).assign(approach=label)


def blocks(table: pd.DataFrame) -> tuple[str, list[tuple[str, pd.DataFrame]]]:
    """(the table's heading, [(a block's heading, its rows)]): shared identity columns in the heading, the other
    identity columns (but the approach and the seed) splitting the table into blocks."""
    heading, rest = split_shared(table)
    rest = _approach_label(rest)
    split = [c for c in IDENTITY if c in rest and c not in ("approach", "seed")]
    if not split:
        return heading, [("", rest)]
    return heading, [
        (
            ", ".join(_label(c, v) for c, v in zip(split, key, strict=True) if v not in ("", MISSING)),
            g.drop(columns=split),
        )
        for key, g in rest.groupby(split, sort=False, dropna=False)
    ]


def _cell(x) -> str:
    """A cell as text: already-formatted text as it is; a count with thousands separators; other numbers to two
    decimals; '-' for none."""
    if isinstance(x, str):
        return x
    if x is None or pd.isna(x):
        return MISSING
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, int) or (isinstance(x, float) and x.is_integer() and abs(x) >= 1000):
        return count(x)
    return f"{x:.2f}"


def _text_cells(table: pd.DataFrame) -> tuple[list[str], list[list[str]], list[str]]:
    """(header, rows of text cells, the left-aligned columns: those holding words)."""
    header = [str(c) for c in table.columns]
    rows = [[_cell(x) for x in row] for row in table.itertuples(index=False)]
    left = [h for i, h in enumerate(header) if not all(NUMBER.match(r[i]) for r in rows)]
    return header, rows, left


def lift(table: pd.DataFrame) -> tuple[list[str], pd.DataFrame]:
    """(['baseline oms', ...] for the columns of text cells that every row of a table of several rows shares, the
    rest of the table): on a terminal they are said once, above the table."""
    if len(table) < 2:
        return [], table
    shared = [c for c in table.columns if table[c].nunique(dropna=False) == 1 and _cell(table[c].iloc[0]) != MISSING]
    return [f"{c} {_cell(table[c].iloc[0])}" for c in shared], table.drop(columns=shared)


def text_table(table: pd.DataFrame, optional: Sequence[str] = (), elsewhere: str = "", width: int = WIDTH) -> str:
    """The table for a terminal, within `width` columns: its heading wrapped, blocks each under their heading,
    each block's shared columns said once above it."""
    if table.empty:
        return "(none)"
    heading, parts = blocks(table)
    lines = wrap(heading, width) if heading else []
    for title, rows in parts:
        shared, rows = lift(rows)
        above = ", ".join(p for p in (title, *shared) if p)
        header, cells, left = _text_cells(rows)
        lines += [
            *(wrap(above, width) if above else []),
            console_table(header, cells, width=width, optional=optional, left=left, elsewhere=elsewhere),
        ]
    return "\n".join(lines)


def markdown_table(table: pd.DataFrame) -> str:
    """The table as markdown, every column kept; its heading and each block's heading in italics."""
    if table.empty:
        return "(none)\n"
    heading, parts = blocks(table)
    lines = [f"*{heading}*", ""] if heading else []
    for title, rows in parts:
        header, cells, _ = _text_cells(rows)
        keep = [i for i in range(len(header)) if any(r[i] not in (MISSING, "") for r in cells)]
        lines += [f"*{title}*", ""] if title else []
        lines += ["| " + " | ".join(header[i] for i in keep) + " |", "|" + "---|" * len(keep)]
        lines += ["| " + " | ".join(r[i].replace("|", "\\|") for i in keep) + " |" for r in cells]
        lines.append("")
    return "\n".join(lines)
