"""The whole report from a log folder (or one log): its tables, text, markdown, CSV files and plots."""

import math
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from omseval.pack._csv import protect
from omseval.report import logs, plots, tables
from omseval.report.logs import IDENTITY
from omseval.report.render import markdown_table, text_table
from omseval.run_summary import NOTE


@dataclass
class Report:
    runs: pd.DataFrame
    rates: pd.DataFrame
    effort: pd.DataFrame
    comparisons: pd.DataFrame
    handoff: pd.DataFrame
    guidance: pd.DataFrame
    tokens: pd.DataFrame
    measure: str

    def overview(self) -> pd.DataFrame:
        """Rates with intervals and exclusions, attempts and corrective messages: one row per run and question group."""
        keys = [*IDENTITY, "questions"]
        out = self.effort.set_index(keys)
        for m in tables.MEASURES:
            r = self.rates[self.rates["measure"] == m].set_index(keys)
            out[f"{m} [95% CI]"] = [
                "-" if math.isnan(x) else f"{x:.1%} [{lo:.1%}, {hi:.1%}]"
                for x, lo, hi in zip(r["rate"], r["ci_low"], r["ci_high"], strict=True)
            ]
            out[f"{m}_excluded"] = r["excluded"]
        order = [
            "questions_n",
            "first_attempt [95% CI]",
            "first_attempt_excluded",
            "eventual [95% CI]",
            "eventual_excluded",
            "attempts_mean",
            "corrective_messages",
            "corrective_messages_mean",
        ]
        return out[order].reset_index()

    def note(self) -> str | None:
        offline = sorted(set(self.runs.loc[~self.runs["language_model"].astype(bool), "model_label"]))
        return NOTE.format(models=", ".join(offline)) if offline else None

    def sections(self) -> list[tuple[str, pd.DataFrame, str]]:
        return [
            (
                "Pass rates",
                self.overview(),
                "Rates over answered questions; excluded: missing evidence "
                "(a model error, a time-out or a check that timed out). Corrective messages: the count sent and the "
                "mean per question.",
            ),
            (
                f"Paired comparisons ({self.measure})",
                self.comparisons,
                "Exact McNemar tests per question type, paired by question; baseline_only / approach_only are the "
                "discordant pairs. p_holm: Holm-adjusted across every test in this table, one family.",
            ),
            (
                "Handoff",
                self.handoff,
                "Agent B's guidance after each case against the recording probability: the "
                "marker arrived, arrived without being there before, and agent B followed the rule; per schedule seed "
                "and the mean. Agent A answers without guidance.",
            ),
            (
                "Guidance size and audit",
                self.guidance,
                "Characters per question's guidance; tokens as the prompt's "
                "input tokens beyond those of approach none. Audit, no model involved: a rule's final value is found "
                "when each of its questions' checks passes on the guidance itself; a superseded value is stated when "
                "an older message of the rule that fails a check stands in the guidance word for word.",
            ),
            (
                "Tokens and cost",
                self.tokens,
                "Input and output tokens per phase from inspect's usage (build from the "
                "guidance manifest where the builder records it); cost from the model config's price table.",
            ),
        ]

    def text(self) -> str:
        parts = [note] if (note := self.note()) else []
        for title, table, _ in self.sections():
            if not table.empty:
                parts += [f"\n{title}", text_table(table)]
        return "\n".join(parts)

    def markdown(self, images: list[Path]) -> str:
        parts = ["# omseval report", ""] + ([f"**{self.note()}**", ""] if self.note() else [])
        for title, table, explanation in self.sections():
            if not table.empty:
                parts += [f"## {title}", "", explanation, "", markdown_table(table)]
        parts += [f"![{p.stem}]({p.name})" for p in images]
        return "\n".join(parts) + "\n"

    def write(self, out: Path) -> list[Path]:
        """report.md, one CSV per table and the plots, all written before any replaces a file in `out`."""
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=out) as tmp_name:
            tmp = Path(tmp_name)
            images = [
                *plots.rate_plots(self.rates, self.runs, tmp),
                *plots.handoff_plots(self.handoff, self.runs, tmp),
                *plots.guidance_plots(self.guidance, self.runs, tmp),
            ]
            for name, table in (
                ("rates", self.rates),
                ("effort", self.effort),
                ("comparisons", self.comparisons),
                ("handoff", self.handoff),
                ("guidance", self.guidance),
                ("tokens", self.tokens),
            ):
                if not table.empty:
                    write_csv(table, tmp / f"{name}.csv")
            (tmp / "report.md").write_text(self.markdown(images), encoding="utf-8")
            written = sorted(tmp.iterdir())
            for f in written:
                os.replace(f, out / f.name)
        return [out / f.name for f in written]


def write_csv(table: pd.DataFrame, path: Path) -> None:
    """CSV with the pack's spreadsheet protection: a text cell starting with = + - @ gets a leading apostrophe."""
    table.map(lambda v: protect(v) if isinstance(v, str) else v).to_csv(path, index=False)


def report(logs_path: str, baseline: str | None = None, measure: str = "first_attempt") -> Report:
    """The report over the newest complete log of each run identity under `logs_path` (a folder or one log)."""
    kept = logs.runs(logs_path)
    df = logs.samples(kept)
    answered = set(df.loc[df["experiment"] != "handoff", "approach"])
    if baseline is None:
        baseline = "oms" if "oms" in answered else None
    comparisons = (
        tables.comparisons(df, baseline, measure)
        if baseline is not None or measure not in tables.MEASURES
        else pd.DataFrame()
    )
    answering = df[df["experiment"] != "handoff"]
    return Report(
        kept,
        tables.rates(df),
        tables.effort(df),
        comparisons,
        tables.handoff(df),
        tables.guidance(answering),
        tables.tokens(df, kept),
        measure,
    )
