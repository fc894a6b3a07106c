"""The whole report from a log folder (or one log): its tables, text, markdown, CSV files and plots."""

import os
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from omseval.errors import UserError
from omseval.pack_schema._csv import protect
from omseval.report import compare, logs, plots, rates, tables
from omseval.report.logs import SERIES
from omseval.report.render import DEFAULTS_LINE, WIDTH, markdown_table, text_table, with_interval
from omseval.report.stats import RESAMPLES, SEED
from omseval.run_summary import NOTE

SHORT = {
    "first_attempt": "first",
    "eventual": "eventual",
    "strict_first_attempt": "strict first",
    "strict_eventual": "strict eventual",
}
INTERVALS = (
    f"Intervals (95%): Wilson's where each question was answered once (one seed, one epoch); otherwise a cluster "
    f"bootstrap that resamples questions (handoff: cases) with all their seeds and epochs ({RESAMPLES:,} "
    f"resamples, seed {SEED}); where every question passes, or every one fails, Wilson's over the questions."
)


@dataclass
class Report:
    runs: pd.DataFrame
    rates: pd.DataFrame
    questions: pd.DataFrame
    effort: pd.DataFrame
    comparisons: pd.DataFrame
    handoff: pd.DataFrame
    guidance: pd.DataFrame
    tokens: pd.DataFrame
    judge: pd.DataFrame
    measure: str
    baseline: str | None
    strict_from_check: bool

    def notes(self) -> list[str]:
        offline = sorted(set(self.runs.loc[~self.runs["language_model"].astype(bool), "model_label"]))
        notes = [NOTE.format(models=", ".join(offline))] if offline else []
        if self.strict_from_check:
            notes.append(
                "note: some logs hold no strict verdict (a pack without superseded_pattern, or older logs): "
                "there the strict verdict equals the check."
            )
        return [*notes, DEFAULTS_LINE]

    def pass_rates(self, measures: tuple[str, ...] = tuple(SHORT)) -> pd.DataFrame:
        """Seeds combined: one row per approach and question type, each of `measures` with its interval."""
        if self.rates.empty:
            return self.rates
        combined = self.rates[self.rates["level"] == "combined"]
        keys = [*SERIES, "seed", "questions"]
        out = combined[combined["measure"] == "first_attempt"].set_index(keys)[["questions_n", "check_not_strict"]]
        for measure in measures:
            name = SHORT[measure]
            r = combined[combined["measure"] == measure].set_index(keys).reindex(out.index)
            out[name] = [with_interval(*x) for x in zip(r["rate"], r["ci_low"], r["ci_high"], strict=True)]
        chosen = combined[combined["measure"] == self.measure].set_index(keys).reindex(out.index)
        out = out.rename(columns={"questions_n": "n", "check_not_strict": "check only"})
        out["seed sd"] = chosen["seed_sd"]
        return out.reset_index()[[*keys, "n", *(SHORT[m] for m in measures), "check only", "seed sd"]]

    def comparison_view(self) -> pd.DataFrame:
        c = self.comparisons
        if c.empty:
            return c
        c = c[(c["level"] == "combined") & (c["measure"] == self.measure)]
        return pd.DataFrame(
            {
                **{k: c[k] for k in [*compare.PAIRED, "seed"]},
                "baseline": c["baseline"],
                "questions": c["questions"],
                "approach": c["approach"],
                "pairs": c["pairs"],
                "difference [CI]": [
                    with_interval(*x) for x in zip(c["difference"], c["ci_low"], c["ci_high"], strict=True)
                ],
                "b / c": [f"{b} / {a}" for b, a in zip(c["baseline_only"], c["approach_only"], strict=True)],
                "test": c["test"],
                "p_holm": c["p_holm"],
                "detectable": c["detectable_80"],
                "5-pt questions": c["questions_for_5pt"],
            }
        )

    def handoff_view(self) -> pd.DataFrame:
        h = self.handoff
        if h.empty:
            return h
        h = h[h["level"] == "combined"]
        return pd.DataFrame(
            {
                **{k: h[k] for k in SERIES},
                "agent": h["agent"],
                "probability": h["probability"],
                "cases": h["cases"],
                "observations": h["observations"],
                "recorded": h["recorded"],
                "arrived [CI]": [
                    with_interval(*x) for x in zip(h["arrived"], h["arrived_ci_low"], h["arrived_ci_high"], strict=True)
                ],
                "arrived_new": h["arrived_new"],
                "followed [CI]": [
                    with_interval(*x)
                    for x in zip(h["followed"], h["followed_ci_low"], h["followed_ci_high"], strict=True)
                ],
            }
        )

    def judge_view(self) -> pd.DataFrame:
        j = self.judge
        if j.empty:
            return j
        return (
            j[[*SERIES, "verdict", "n_check", "judge_rate", "kappa_check", "kappa_strict"]]
            .assign(
                **{
                    "judge / strict": [
                        f"{a} {b} {c} {d}"
                        for a, b, c, d in zip(
                            j["both_pass_strict"],
                            j["judge_only_strict"],
                            j["strict_only"],
                            j["both_fail_strict"],
                            strict=True,
                        )
                    ]
                }
            )
            .rename(columns={"n_check": "n", "judge_rate": "judge rate"})
        )

    def sections(self, terminal: bool = False) -> list[tuple[str, pd.DataFrame, str]]:
        """(title, table, explanation); for a terminal, the pass rates show the chosen measure's kind only."""
        kind = self.measure.removeprefix("judge_").removeprefix("strict_")
        shown = (kind, f"strict_{kind}") if terminal else tuple(SHORT)
        baseline = f"baseline {self.baseline}" + (
            " (file_edit_hinted is the like-for-like comparison for OMS's filing: both get the skill hint)"
            if self.baseline in ("oms", "file_edit_hinted")
            else ""
        )
        return [
            (
                "Pass rates",
                self.pass_rates(shown),
                "Seeds combined: the mean over seeds of each seed's pass rate, in percent, over answered questions x "
                "epochs. check: the seed's presence check; strict: passes the check and commits to the final rule. "
                f"check only: share of first answers passing the check but not the strict verdict. seed sd: "
                f"spread of {self.measure} between seeds. {INTERVALS} Per-seed rows, exclusions and epochs are in "
                "rates.csv; each question's pass fraction over seeds x epochs in questions.csv.",
            ),
            (
                f"Paired comparisons ({self.measure})",
                self.comparison_view(),
                f"Each approach against the {baseline}, paired by question (seed and epoch), difference in points "
                "(approach minus baseline, 95% bootstrap interval over questions). b / c: pairs passing for the "
                "baseline only / the approach only. Test: McNemar's exact test where each question was asked once, "
                "else a paired permutation test on per-question pass fractions (9,999 sign flips, seed 0). p_holm: "
                "Holm-adjusted across this table's tests. detectable: the smallest difference McNemar's test finds "
                "at 80% power, alpha 0.05, from the observed discordance and the pairs' worth in independent pairs "
                "(a question's seeds and epochs count by their correlation); 5-pt questions: questions needed, at "
                "these seeds x epochs, for a 5-point difference ('-': none detectable, or fewer discordant pairs than "
                "a 5-point difference needs). A permutation p-value is at "
                "least 0.0002. "
                "Every measure and per-seed tests are in comparisons.csv.",
            ),
            (
                "Handoff",
                self.handoff_view(),
                "Agent A answers without guidance; agent B with the guidance after a case, per recording probability "
                "(never pooled). arrived: the case's marker reached agent B's guidance; arrived_new: and was not there "
                "before; followed: agent B's first answer passes. Means over schedule seeds; intervals resample "
                "cases. Per-seed rows in handoff.csv.",
            ),
            (
                "Judge",
                self.judge_view(),
                "The model-graded judge against the deterministic verdicts over answers both graded: Cohen's kappa "
                "with the check and with the strict verdict; judge / strict: both pass, judge only, strict only, "
                "both fail. Counts against the check in judge.csv.",
            ),
            (
                "Effort",
                self._effort_view(),
                "Attempts (mean) and corrective messages (count, and mean per answer), seeds combined.",
            ),
            (
                "Guidance size and audit",
                self.guidance.drop(columns=["prompt_tokens_mean"], errors="ignore"),
                "Characters per question's guidance; tokens as the prompt's input tokens beyond those of approach "
                "none. Audit, no model involved: a rule's final value is found when each of its questions' checks "
                "passes on the guidance itself; a superseded value is stated when an older message of the rule "
                "that fails a check stands in the guidance word for word.",
            ),
            (
                "Tokens and cost",
                self.tokens,
                "Input and output tokens per phase from inspect's usage (build from the guidance manifest where the "
                "builder records it); cost from the model config's price table.",
            ),
        ]

    def _effort_view(self) -> pd.DataFrame:
        e = self.effort
        return e if e.empty else e[e["level"] == "combined"].drop(columns=["level", "answers"])

    def text(self) -> str:
        """The report for a terminal, within WIDTH columns."""
        parts = [line for note in self.notes() for line in textwrap.wrap(note, WIDTH)]
        for title, table, _ in self.sections(terminal=True):
            if not table.empty:
                parts += [f"\n{title}", text_table(table)]
        return "\n".join(parts)

    def markdown(self, images: list[Path]) -> str:
        parts = ["# omseval report", "", *(f"*{n}*\n" for n in self.notes())]
        for title, table, explanation in self.sections():
            if not table.empty:
                parts += [f"## {title}", "", explanation, "", markdown_table(table)]
        parts += [f"![{p.stem}]({p.name})" for p in images]
        return "\n".join(parts) + "\n"

    def write(self, out: Path) -> list[Path]:
        """report.md, one CSV per table and the plots, all written before any replaces a file in `out`."""
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=out) as tmp:
            folder = Path(tmp)
            images = [
                *plots.rate_plots(self.rates, self.runs, folder),
                *plots.handoff_plots(self.handoff, self.runs, folder),
                *plots.guidance_plots(self.guidance, self.runs, folder),
            ]
            for name, table in (
                ("rates", self.rates),
                ("questions", self.questions),
                ("effort", self.effort),
                ("comparisons", self.comparisons),
                ("handoff", self.handoff),
                ("judge", self.judge),
                ("guidance", self.guidance),
                ("tokens", self.tokens),
            ):
                if not table.empty:
                    write_csv(table, folder / f"{name}.csv")
            (folder / "report.md").write_text(self.markdown(images), encoding="utf-8")
            written = sorted(folder.iterdir())
            for f in written:
                os.replace(f, out / f.name)
        return [out / f.name for f in written]


def write_csv(table: pd.DataFrame, path: Path) -> None:
    """CSV with the pack's spreadsheet protection: a text cell starting with = + - @ gets a leading apostrophe."""
    table.map(lambda v: protect(v) if isinstance(v, str) else v).to_csv(path, index=False)


def check_options(measure: str) -> None:
    """Refuse an unknown measure before any log is read (the baseline is checked against the logs' approaches)."""
    if measure not in rates.MEASURES:
        raise UserError(f"unknown measure {measure!r}; one of: {', '.join(rates.MEASURES)}")


def report(logs_path: str, baseline: str | None = None, measure: str = "first_attempt") -> Report:
    """The report over the newest complete log of each run identity under `logs_path` (a folder or one log)."""
    check_options(measure)
    kept = logs.runs(logs_path)
    df, held, strict_from_check = rates.prepare(logs.samples(kept))
    answered = set(df.loc[df["experiment"] != "handoff", "approach"])
    if baseline is None:
        baseline = "oms" if "oms" in answered else None
    elif answered:
        compare.check_baseline(df, baseline)
    if measure not in held and answered:
        raise UserError(f"measure {measure!r} is not in these logs; they hold: {', '.join(held)}")
    answering = df[df["experiment"] != "handoff"]
    return Report(
        runs=kept,
        rates=rates.rates(df, held),
        questions=rates.questions(df, held),
        effort=tables.effort(df),
        comparisons=compare.comparisons(df, baseline, held) if baseline else pd.DataFrame(),
        handoff=rates.handoff(df),
        guidance=tables.guidance(answering),
        tokens=tables.tokens(df, kept),
        judge=compare.judge_agreement(df),
        measure=measure,
        baseline=baseline,
        strict_from_check=strict_from_check,
    )
