"""The whole report from a log folder (or one log): its tables, text, markdown, CSV files and plots."""

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from omseval.errors import UserError
from omseval.pack_schema._csv import protect
from omseval.report import calibration, compare, logs, plots, rates, tables
from omseval.report.logs import SERIES
from omseval.report.render import DEFAULTS_LINE, markdown_table, text_table
from omseval.report.stats import PERMUTATIONS, RESAMPLES, SEED
from omseval.run_summary import MISSING, OFFLINE, RETRY, WIDTH, bare, count, interval, note, percent, wrap

SHORT = {
    "first_attempt": "first",
    "strict_first_attempt": "strict first",
    "eventual": "eventual",
    "strict_eventual": "strict eventual",
}
INTERVALS = (
    f"Intervals (95%): Wilson's where each question was answered once (one seed, one epoch); otherwise a cluster "
    f"bootstrap that resamples questions (handoff: cases) with all their seeds and epochs ({RESAMPLES:,} "
    f"resamples, seed {SEED}); where every question passes, or every one fails, Wilson's over the questions."
)


@dataclass
class Section:
    """A part of the report: its table as read (text cells), what it says, and, on a terminal, the columns left
    out first where it is too wide."""

    title: str
    table: pd.DataFrame
    explanation: str
    optional: tuple[str, ...] = ()
    csv: str = ""  # the file with every column and row
    after: list[str] = field(default_factory=list)  # lines after the table (instead of it, when it is empty)


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
    calibration: pd.DataFrame = field(default_factory=pd.DataFrame)
    log_dir: str = "logs"

    def offline(self) -> list[str]:
        """The labels of the runs' models that are not language models."""
        return sorted(set(self.runs.loc[~self.runs["language_model"].astype(bool), "model_label"]))

    def notes(self) -> list[str]:
        notes = []
        if offline := self.offline():
            text = note(offline)
            heuristic = self.runs[(self.runs["model"] == OFFLINE) & (self.runs["experiment"] != "handoff")]
            if len(heuristic):
                label = bare(heuristic["model_label"].iloc[0])
                text += f"; {RETRY}" if len(offline) == 1 else f". {label}: {RETRY}"
            notes.append(text + ".")
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
        view = pd.DataFrame(index=out.index)
        view["n"] = [count(n) for n in out["questions_n"]]
        for measure in measures:
            r = combined[combined["measure"] == measure].set_index(keys).reindex(out.index)
            view[SHORT[measure]] = [interval(*x) for x in zip(r["rate"], r["ci_low"], r["ci_high"], strict=True)]
        chosen = combined[combined["measure"] == self.measure].set_index(keys).reindex(out.index)
        view["check only"] = [percent(x) for x in out["check_not_strict"]]
        view["seed sd"] = [percent(x) for x in chosen["seed_sd"]]
        return view.reset_index()

    def comparison_view(self) -> pd.DataFrame:
        c = self.comparisons
        if c.empty:
            return c
        c = c[(c["level"] == "combined") & (c["measure"] == self.measure)]
        return pd.DataFrame(
            {
                **{k: c[k] for k in [*compare.PAIRED, "seed"]},
                "comparison": [f"{a} vs {b}" for a, b in zip(c["approach"], c["baseline"], strict=True)],
                "questions": c["questions"],
                "pairs": [count(x) for x in c["pairs"]],
                "difference [95% CI]": [
                    interval(*x, signed=True) for x in zip(c["difference"], c["ci_low"], c["ci_high"], strict=True)
                ],
                "b / c": [f"{b:,} / {a:,}" for b, a in zip(c["baseline_only"], c["approach_only"], strict=True)],
                "test": c["test"],
                "p (Holm)": [_p(p) for p in c["p_holm"]],
                "detectable": [percent(x) for x in c["detectable_80"]],
                "questions for 5 pt": [count(x) for x in c["questions_for_5pt"]],
            }
        )

    def _comparison_notes(self) -> list[str]:
        """Why the comparison table is empty, or why it cannot tell the approaches apart (nothing when the logs
        hold no question experiment)."""
        if self.rates.empty:
            return []
        if self.baseline is None:
            return [
                "No comparison: approach oms, the default baseline, is not in these logs; choose one of theirs with "
                "--baseline."
            ]
        c = self.comparisons
        c = c[(c["level"] == "combined") & (c["measure"] == self.measure)] if not c.empty else c
        if c.empty:
            return [
                f"No comparison: no comparison group holds the baseline {self.baseline} and another approach (runs "
                "are compared only where they share everything but the approach: experiment, corpus, model, pack, "
                "seeds, limit, epochs, judge)."
            ]
        agree = c[c["questions"] == "all"]
        if (agree["baseline_only"] + agree["approach_only"] == 0).all():
            return [
                f"Every pair agrees under {self.measure}: no question passes for one approach and fails for the "
                "other, so no test can tell these approaches apart on this measure."
            ]
        return []

    def handoff_view(self) -> pd.DataFrame:
        h = self.handoff
        if h.empty:
            return h
        h = h[h["level"] == "combined"]
        return pd.DataFrame(
            {
                **{k: h[k] for k in SERIES},
                "agent": h["agent"],
                "probability": [p if p == "-" else f"{p}%" for p in h["probability"]],
                "cases": [count(x) for x in h["cases"]],
                "observations": [count(x) for x in h["observations"]],
                "recorded": [percent(x) for x in h["recorded"]],
                "arrived [95% CI]": [
                    interval(*x) for x in zip(h["arrived"], h["arrived_ci_low"], h["arrived_ci_high"], strict=True)
                ],
                "arrived new": [percent(x) for x in h["arrived_new"]],
                "followed [95% CI]": [
                    interval(*x) for x in zip(h["followed"], h["followed_ci_low"], h["followed_ci_high"], strict=True)
                ],
            }
        )

    def judge_view(self) -> pd.DataFrame:
        j = self.judge
        if j.empty:
            return j
        return pd.DataFrame(
            {
                **{k: j[k] for k in SERIES},
                "verdict": [SHORT[v] for v in j["verdict"]],
                "answers": [count(x) for x in j["n_strict"]],
                "judge rate": [percent(x) for x in j["judge_rate"]],
                "kappa, check": [_kappa(x) for x in j["kappa_check"]],
                "kappa, strict": [_kappa(x) for x in j["kappa_strict"]],
                "judge / strict": [
                    f"{a:,} / {b:,} / {c:,} / {d:,}"
                    for a, b, c, d in zip(
                        j["both_pass_strict"],
                        j["judge_only_strict"],
                        j["strict_only"],
                        j["both_fail_strict"],
                        strict=True,
                    )
                ],
            }
        )

    def calibration_lines(self) -> list[str]:
        """For each judge of the runs: the calibration that matches it, or the command that runs one."""
        lines = []
        for row in self.calibration.itertuples(index=False):
            judge = f"Judge {row.judge} ({row.judge_model})"
            if row.calibration is None:
                lines.append(f"{judge}: no calibration log of this judge model under {self.log_dir}; run: {row.run}")
                continue
            lines.append(
                f"{judge}: calibrated by the log in {Path(row.calibration).parent}/ on {count(row.controls)} labelled "
                "controls: Cohen's kappa "
                f"with the labels {_kappa(row.kappa)} [{_kappa(row.kappa_ci_low)}, {_kappa(row.kappa_ci_high)}], "
                f"false accepts {interval(row.false_accept, row.false_accept_ci_low, row.false_accept_ci_high)} "
                f"(commit_old and hedge, n={count(row.false_accept_n)}), false rejects "
                f"{interval(row.false_reject, row.false_reject_ci_low, row.false_reject_ci_high)} "
                f"(context, n={count(row.false_reject_n)})."
            )
        return lines

    def effort_view(self) -> pd.DataFrame:
        e = self.effort
        if e.empty:
            return e
        e = e[e["level"] == "combined"]
        return pd.DataFrame(
            {
                **{k: e[k] for k in [*SERIES, "seed"]},
                "questions": e["questions"],
                "attempts": [f"{x:.2f}" for x in e["attempts_mean"]],
                "corrective": [count(x) for x in e["corrective_messages"]],
                "corrective per answer": [f"{x:.2f}" for x in e["corrective_messages_mean"]],
            }
        )

    def guidance_view(self) -> pd.DataFrame:
        g = self.guidance
        if g.empty:
            return g
        return pd.DataFrame(
            {
                **{k: g[k] for k in logs.IDENTITY},
                "chars": [count(round(x)) if pd.notna(x) else MISSING for x in g["guidance_chars_mean"]],
                "tokens": [count(round(x)) if pd.notna(x) else MISSING for x in g["guidance_tokens_mean"]],
                "rules audited": [count(x) for x in g["rules_n"]],
                "final value found": [count(x) for x in g["rules_final_value_found"]],
                "superseded stated": [count(x) for x in g["rules_superseded_value_stated"]],
            }
        )

    def tokens_view(self) -> pd.DataFrame:
        t = self.tokens
        if t.empty:
            return t
        view = {k: t[k] for k in logs.IDENTITY}
        for phase in ("build", "answer", "retry"):
            for kind, short in (("input", "in"), ("output", "out")):
                view[f"{phase} {short}"] = [count(x) for x in t[f"{phase}_{kind}_tokens"]]
        view["build usd"] = [_usd(x) for x in t["build_cost_usd"]]
        view["answer usd"] = [_usd(x) for x in t["answer_retry_cost_usd"]]
        return pd.DataFrame(view)

    def sections(self, terminal: bool = False) -> list[Section]:
        """The report's sections; for a terminal, the pass rates show the chosen measure's kind only."""
        kind = self.measure.removeprefix("judge_").removeprefix("strict_")
        shown = (kind, f"strict_{kind}") if terminal else tuple(SHORT)
        baseline = f"baseline {self.baseline}" + (
            " (file_edit_hinted is the like-for-like comparison for OMS's filing: both get the skill hint)"
            if self.baseline in ("oms", "file_edit_hinted")
            else ""
        )
        comparisons = self.comparison_view()
        return [
            Section(
                "Pass rates",
                self.pass_rates(shown),
                "Seeds combined: the mean over seeds of each seed's pass rate over answered questions x epochs. "
                "first: the first answer passes the seed's presence check; strict: it passes the check and commits "
                "to the final rule; eventual: the last answer after corrective messages passes. check only: the "
                "share of first answers passing the check but not the strict verdict. seed sd: the spread of "
                f"{self.measure} between seeds. {INTERVALS}",
                optional=("seed sd", "check only"),
                csv="rates.csv (per seed, exclusions, epochs) and questions.csv (each question's pass fraction)",
            ),
            Section(
                f"Paired comparisons ({self.measure})",
                comparisons,
                f"Each approach against the {baseline}, paired by question (seed and epoch); comparison: approach "
                "vs baseline. difference: the approach's rate minus the baseline's, in percentage points, with its "
                "95% bootstrap interval over questions. b / c: pairs passing for the baseline only / the approach "
                "only. test: McNemar's exact test where each question was asked once, else a paired permutation "
                f"test on per-question pass fractions ({PERMUTATIONS:,} sign flips, seed {SEED}; its p-value is at "
                "least 0.0002). p (Holm): Holm-adjusted across this table's tests. detectable: the smallest "
                "difference McNemar's test finds at 80% power, alpha 0.05, from the observed discordance and the "
                "pairs' worth in independent pairs (a question's seeds and epochs count by their correlation); "
                "questions for 5 pt: the questions needed, at these seeds x epochs, for a 5-point difference ('-': "
                "none detectable, or fewer discordant pairs than a 5-point difference needs).",
                optional=("questions for 5 pt", "detectable", "test"),
                csv="comparisons.csv (every measure, per-seed tests)",
                after=self._comparison_notes(),
            ),
            Section(
                "Handoff",
                self.handoff_view(),
                "Agent A answers without guidance; agent B with the guidance after a case, per recording probability "
                "(never pooled). arrived: the case's marker reached agent B's guidance; arrived new: and was not "
                "there before; followed: agent B's first answer passes. Means over schedule seeds; intervals "
                "resample cases.",
                optional=("recorded", "observations"),
                csv="handoff.csv (per schedule seed)",
            ),
            Section(
                "Judge",
                self.judge_view(),
                "The model-graded judge against the strict verdict over answers both graded: its pass rate, "
                "Cohen's kappa with the check and with the strict verdict; judge / strict: both pass / judge only / "
                "strict only / both fail. A judge is trusted only as far as its calibration on the pack's labelled "
                "controls (python -m omseval.calibrate) says.",
                csv="judge.csv (counts against the check too) and calibration.csv",
                after=self.calibration_lines(),
            ),
            Section(
                "Effort",
                self.effort_view(),
                "Attempts per answer (mean) and corrective messages (count, and mean per answer), seeds combined.",
                csv="effort.csv (per seed)",
            ),
            Section(
                "Guidance size and audit",
                self.guidance_view(),
                "chars: characters of a question's guidance (mean); tokens: the prompt's input tokens beyond those "
                "of approach none in the same comparison group. The audit needs no model: a rule's final value is "
                "found when each of its questions' checks passes on the guidance itself; a superseded value is "
                "stated when an older message of the rule that fails a check stands in the guidance word for word.",
                csv="guidance.csv",
            ),
            Section(
                "Tokens and cost",
                self.tokens_view(),
                "Input and output tokens per phase from inspect's usage (the build's from its manifest, where the "
                "builder records them); cost from the model config's price table.",
                optional=("retry out", "retry in", "build out"),
                csv="tokens.csv",
            ),
        ]

    def text(self) -> str:
        """The report for a terminal, within WIDTH columns."""
        parts = [line for n in self.notes() for line in wrap(n, WIDTH)]
        for s in self.sections(terminal=True):
            if s.table.empty and not s.after:
                continue
            parts.append(f"\n{s.title}")
            if not s.table.empty:
                parts.append(text_table(s.table, s.optional, f"in {s.csv.split(' ')[0]}" if s.csv else ""))
            parts += [line for a in s.after for line in wrap(a, WIDTH)]
        return "\n".join(parts)

    def markdown(self, images: list[plots.Plot]) -> str:
        parts = ["# omseval report", "", *(f"*{n}*\n" for n in self.notes())]
        for s in self.sections():
            if s.table.empty and not s.after:
                continue
            parts += [f"## {s.title}", "", s.explanation + (f" Every row and column: {s.csv}." if s.csv else ""), ""]
            if not s.table.empty:
                parts.append(markdown_table(s.table))
            parts += [f"{a}\n" for a in s.after]
        if images:
            parts += ["## Plots", ""]
            for p in images:
                parts += [f"![{p.path.stem}]({p.path.name})", "", f"*{p.caption}*", ""]
        return "\n".join(parts).rstrip("\n") + "\n"

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
                ("calibration", self.calibration),
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


def _p(x: float) -> str:
    return MISSING if pd.isna(x) else "<0.0001" if x < 0.0001 else f"{x:.4f}"


def _kappa(x: float) -> str:
    return MISSING if pd.isna(x) else f"{x:.2f}"


def _usd(x: float) -> str:
    return MISSING if pd.isna(x) else f"${x:,.2f}"


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
    headers = logs.headers(logs_path)
    kept = logs.runs(logs_path, headers)
    df, held, strict_from_check = rates.prepare(logs.samples(kept))
    answered = set(df.loc[df["experiment"] != "handoff", "approach"])
    if baseline is None:
        baseline = "oms" if "oms" in answered else None
    elif answered:
        compare.check_baseline(df, baseline)
    if measure not in held and answered:
        raise UserError(f"measure {measure!r} is not in these logs; they hold: {', '.join(held)}")
    answering = df[df["experiment"] != "handoff"]
    judged = kept.dropna(subset=["judge_model"])
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
        calibration=calibration.calibrations(judged, headers, logs_path) if len(judged) else pd.DataFrame(),
        log_dir=logs_path,
    )
