"""PNG plots of the report (matplotlib), each titled with the model; the offline heuristic is labelled
as not a language model."""

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from omseval.report.logs import IDENTITY, SERIES  # noqa: E402

NOT_LM = "not a language model"
FIGURE_GROUP = [c for c in IDENTITY if c not in ("approach", "options")]
SERIES_GROUP = [c for c in SERIES if c not in ("approach", "options")]


def model_title(runs: pd.DataFrame, model: str) -> str:
    run = runs[runs["model"] == model].iloc[0]
    label = run["model_label"]
    return label if run["language_model"] or NOT_LM in label else f"{label} ({NOT_LM})"


def _title(runs, key: dict, what: str, seeds: str) -> str:
    return (
        f"{what}: {key['experiment']}, {key['corpus']} corpus, seeds {seeds}, epochs {key['epochs']}, "
        f"limit {key['limit']}\nmodel: {model_title(runs, key['model'])}"
    )


def _save(fig, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)
    return path


def rate_plots(rates: pd.DataFrame, runs: pd.DataFrame, out: Path) -> list[Path]:
    """Pass rates (seeds combined) by approach and question type, with their 95% intervals, per measure;
    one figure per comparison group."""
    paths: list[Path] = []
    if rates.empty:
        return paths
    rates = rates[rates["level"] == "combined"]
    measures = [
        m
        for m in ("first_attempt", "strict_first_attempt", "eventual", "strict_eventual")
        if m in set(rates["measure"])
    ]
    for n, (key, g) in enumerate(rates.groupby(SERIES_GROUP, sort=False), start=1):
        key = dict(zip(SERIES_GROUP, key, strict=True))
        rows = 2 if len(measures) == 4 else 1  # check and strict side by side, first attempt above eventual
        fig, axes = plt.subplots(rows, len(measures) // rows, figsize=(9, 3.4 * rows), sharey=True, squeeze=False)
        for ax, measure in zip(axes.ravel(), measures, strict=True):
            m = g[g["measure"] == measure]
            approaches, groups = list(dict.fromkeys(m["approach"])), list(dict.fromkeys(m["questions"]))
            width = 0.8 / len(groups)
            for i, q in enumerate(groups):
                r = m[m["questions"] == q].set_index("approach").reindex(approaches)
                x = [j + i * width for j in range(len(approaches))]
                error = [(r["rate"] - r["ci_low"]).clip(lower=0), (r["ci_high"] - r["rate"]).clip(lower=0)]
                ax.bar(x, r["rate"], width, label=q, yerr=error, capsize=2)
            ax.set_xticks([j + 0.4 - width / 2 for j in range(len(approaches))], approaches, rotation=30, ha="right")
            ax.set_title(measure.replace("_", " "))
            ax.set_ylim(0, 1.05)
        for row in axes:
            row[0].set_ylabel("pass rate (95% CI)")
        axes[0][0].legend(fontsize=8, loc="upper right")
        fig.suptitle(_title(runs, key, "Pass rates", " ".join(sorted(set(g["seed"])))), fontsize=9)
        paths.append(_save(fig, out / f"rates-{key['experiment']}-{key['corpus']}-{n}.png"))
    return paths


def handoff_plots(table: pd.DataFrame, runs: pd.DataFrame, out: Path) -> list[Path]:
    """Agent B's marker arrival, new arrival and behaviour against recording probability, schedule seeds
    combined, with intervals that resample cases."""
    paths: list[Path] = []
    if table.empty:
        return paths
    b = table[(table["agent"] == "agent B") & (table["level"] == "combined")]
    for n, (key, g) in enumerate(b.groupby(SERIES_GROUP, sort=False), start=1):
        key = dict(zip(SERIES_GROUP, key, strict=True))
        fig, axes = plt.subplots(1, 3, figsize=(11, 3.6), sharey=True)
        titles = {
            "arrived": "marker arrived",
            "arrived_new": "arrived, not present before",
            "followed": "agent B followed the rule",
        }
        for ax, (column, title) in zip(axes, titles.items(), strict=True):
            for i, (approach, a) in enumerate(g.groupby("approach")):
                a = a.sort_values("probability")
                error = None
                if f"{column}_ci_low" in a:
                    error = [
                        (a[column] - a[f"{column}_ci_low"]).clip(lower=0),
                        (a[f"{column}_ci_high"] - a[column]).clip(lower=0),
                    ]
                ax.errorbar(
                    a["probability"],
                    a[column],
                    yerr=error,
                    fmt="-o",
                    color=f"C{i}",
                    label=approach,
                    markersize=3,
                    capsize=2,
                )
            ax.set_title(title, fontsize=9)
            ax.set_xlabel("recording probability (%)")
            ax.set_ylim(-0.05, 1.05)
        axes[0].set_ylabel("share of cases (95% CI over cases)")
        axes[2].legend(fontsize=8)
        fig.suptitle(_title(runs, key, "Handoff, agent B", "all"), fontsize=9)
        paths.append(_save(fig, out / f"handoff-{n}.png"))
    return paths


def guidance_plots(table: pd.DataFrame, runs: pd.DataFrame, out: Path) -> list[Path]:
    """Mean guidance characters handed to the answering model, per approach."""
    paths: list[Path] = []
    if table.empty:
        return paths
    for n, (key, g) in enumerate(table.groupby(FIGURE_GROUP, sort=False), start=1):
        key = dict(zip(FIGURE_GROUP, key, strict=True))
        fig, ax = plt.subplots(figsize=(6, 3.4))
        ax.bar(g["approach"], g["guidance_chars_mean"])
        ax.set_ylabel("guidance characters per question (mean)")
        ax.tick_params(axis="x", rotation=30)
        fig.suptitle(_title(runs, key, "Guidance size", key["seed"]), fontsize=9)
        paths.append(_save(fig, out / f"guidance-size-{key['experiment']}-{key['corpus']}-{n}.png"))
    return paths
