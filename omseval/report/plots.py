"""PNG plots of the report (matplotlib), each titled with the model; the offline heuristic is labelled
as not a language model."""

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from omseval.report.logs import IDENTITY  # noqa: E402

NOT_LM = "not a language model"
FIGURE_GROUP = [c for c in IDENTITY if c not in ("approach", "options")]


def model_title(runs: pd.DataFrame, model: str) -> str:
    run = runs[runs["model"] == model].iloc[0]
    label = run["model_label"]
    return label if run["language_model"] or NOT_LM in label else f"{label} ({NOT_LM})"


def _title(runs, key: dict, what: str) -> str:
    return (
        f"{what}: {key['experiment']}, {key['corpus']} corpus, seed {key['seed']}, limit {key['limit']}\n"
        f"model: {model_title(runs, key['model'])}"
    )


def _save(fig, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)
    return path


def rate_plots(rates: pd.DataFrame, runs: pd.DataFrame, out: Path) -> list[Path]:
    """Pass rates by approach and question type, with Wilson 95% intervals; one figure per comparison group."""
    paths = []
    rates = rates[rates["experiment"] != "handoff"]
    for n, (key, g) in enumerate(rates.groupby(FIGURE_GROUP, sort=False), start=1):
        key = dict(zip(FIGURE_GROUP, key, strict=True))
        fig, axes = plt.subplots(1, 2, figsize=(9, 3.6), sharey=True)
        for ax, measure in zip(axes, ("first_attempt", "eventual"), strict=True):
            m = g[g["measure"] == measure]
            approaches, groups = list(dict.fromkeys(m["approach"])), list(dict.fromkeys(m["questions"]))
            width = 0.8 / len(groups)
            for i, q in enumerate(groups):
                r = m[m["questions"] == q].set_index("approach").reindex(approaches)
                x = [j + i * width for j in range(len(approaches))]
                ax.bar(
                    x, r["rate"], width, label=q, yerr=[r["rate"] - r["ci_low"], r["ci_high"] - r["rate"]], capsize=2
                )
            ax.set_xticks([j + 0.4 - width / 2 for j in range(len(approaches))], approaches, rotation=30, ha="right")
            ax.set_title(measure.replace("_", " "))
            ax.set_ylim(0, 1.05)
        axes[0].set_ylabel("pass rate (Wilson 95% CI)")
        axes[0].legend(fontsize=8, loc="upper right")
        fig.suptitle(_title(runs, key, "Pass rates"), fontsize=9)
        paths.append(_save(fig, out / f"rates-{key['experiment']}-{key['corpus']}-{n}.png"))
    return paths


def handoff_plots(table: pd.DataFrame, runs: pd.DataFrame, out: Path) -> list[Path]:
    """Arrival, new arrival and agent B's behaviour against recording probability: mean line, per-seed points."""
    paths: list[Path] = []
    if table.empty:
        return paths
    b = table[table["agent"] == "agent B"]
    for n, (key, g) in enumerate(b.groupby(FIGURE_GROUP, sort=False), start=1):
        key = dict(zip(FIGURE_GROUP, key, strict=True))
        fig, axes = plt.subplots(1, 3, figsize=(11, 3.6), sharey=True)
        for ax, column in zip(axes, ("arrived", "arrived_new", "followed"), strict=True):
            for i, (approach, a) in enumerate(g.groupby("approach")):
                colour = f"C{i}"
                mean, seeds = a[a["schedule_seed"] == "mean"], a[a["schedule_seed"] != "mean"]
                ax.plot(mean["probability"], mean[column], "-o", color=colour, label=approach, markersize=3)
                ax.scatter(seeds["probability"], seeds[column], color=colour, alpha=0.35, s=10)
            ax.set_title(
                {
                    "arrived": "marker arrived",
                    "arrived_new": "arrived, not present before",
                    "followed": "agent B followed the rule",
                }[column],
                fontsize=9,
            )
            ax.set_xlabel("recording probability (%)")
            ax.set_ylim(-0.05, 1.05)
        axes[0].set_ylabel("share of cases (lines: mean; points: seeds)")
        axes[2].legend(fontsize=8)
        fig.suptitle(_title(runs, key, "Handoff"), fontsize=9)
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
        fig.suptitle(_title(runs, key, "Guidance size"), fontsize=9)
        paths.append(_save(fig, out / f"guidance-size-{key['experiment']}-{key['corpus']}-{n}.png"))
    return paths
