"""PNG plots of the report (matplotlib), named for what they show.

A file's name carries the experiment, corpus, model and subset (rules, limit, epochs, judge, seeds) of its runs,
e.g. rates-replay-larger-offline-heuristic.png, rates-replay-smaller-offline-heuristic-rules-5.png,
rates-replay-smaller-offline-heuristic-seeds-11-23-41.png; where two comparison groups would share a name, what
tells them apart (the pack, the code's version, the experiment's options) is added. A title says each of these
once; legends sit outside the data; a model that is not a language model says so in the title, and the offline
heuristic's plots say in their caption what its retry does. One guidance-size figure holds every comparison group.
"""

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.ticker import PercentFormatter  # noqa: E402

from omseval.report.compare import arms  # noqa: E402
from omseval.report.logs import PAIRED  # noqa: E402
from omseval.run_summary import NOT_LM, OFFLINE, RETRY, bare  # noqa: E402

GROUP = PAIRED  # a comparison group: the runs that differ only in approach (and seed)
MEASURES = {
    "first_attempt": "first attempt, check",
    "strict_first_attempt": "first attempt, strict",
    "eventual": "eventual, check",
    "strict_eventual": "eventual, strict",
}
DISTINCT = ("experiment_options", "pack", "code", "temperature")  # added to a name only where groups share one
DPI = 100
WIDTH = 9.5  # inches


@dataclass
class Plot:
    path: Path
    caption: str


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9.]+", "-", str(text).lower()).strip("-")


def model_label(runs: pd.DataFrame, model: str) -> str:
    """The model's label as its runs name it, saying once when it is not a language model."""
    run = runs[runs["model"] == model].iloc[0]
    label = bare(run["model_label"])
    return label if run["language_model"] else label + NOT_LM


def _seeds(seeds) -> list[str]:
    return sorted({s for value in seeds for s in str(value).split()}, key=lambda s: (not s.isdigit(), s.zfill(12)))


def _parts(key: dict, seeds: list[str], runs: pd.DataFrame) -> dict[str, tuple[str, str]]:
    """What a group's runs are, as (file-name words, title words) per column: experiment, corpus and model, then
    what narrows or repeats them (subset, limit, epochs, judge, seeds), then what else may tell groups apart."""
    label = model_label(runs, key["model"])
    parts = {
        "experiment": (key["experiment"], key["experiment"]),
        "corpus": (key["corpus"], f"{key['corpus']} corpus"),
        "model": (slug(bare(label)), f"model {label}"),
    }
    if key.get("rules", "all") != "all":
        parts["rules"] = (f"rules-{key['rules']}", f"rules {key['rules']} (a subset)")
    if key.get("limit", "all") != "all":
        parts["limit"] = (f"limit-{key['limit']}", f"limit {key['limit']} (the first questions)")
    if int(key.get("epochs", 1)) != 1:
        parts["epochs"] = (f"epochs-{key['epochs']}", f"epochs {key['epochs']}")
    parts["judge"] = (
        (f"judge-{key['judge']}", f"judge {key['judge']}") if key.get("judge", "none") != "none" else ("", "no judge")
    )
    if len(seeds) > 1:
        parts["seed"] = ("seeds-" + "-".join(seeds), "seeds " + ", ".join(seeds))
    elif seeds and seeds != ["pack-order"]:
        parts["seed"] = (f"seed-{seeds[0]}", f"seed {seeds[0]}")
    else:
        parts["seed"] = ("", "the pack's own order")
    for column in DISTINCT:
        value = str(key.get(column))
        short = value.rsplit(":", 1)[-1][:8] if column == "code" else value
        parts[column] = ("", f"{column.replace('_', ' ')} {short}" if value else f"no {column.replace('_', ' ')}")
        parts[f"{column}-name"] = (f"{column.replace('_', '-')}-{slug(short)}", "")
    return parts


MAIN = ("experiment", "corpus", "model")
DETAILS = ("rules", "limit", "epochs", "judge", "seed")


def _names(keys: list[dict], seeds: list[list[str]], runs: pd.DataFrame) -> list[tuple[str, str, str]]:
    """(file name, title's first line, its second line) of each group's figure: experiment, corpus and model,
    then subset, limit, epochs, judge and seeds where they are not the defaults; where two groups would share a
    name, what tells them apart (DISTINCT) is added to both."""
    parts = [_parts(k, s, runs) for k, s in zip(keys, seeds, strict=True)]
    names = ["-".join(p[c][0] for c in (*MAIN, *DETAILS) if c in p and p[c][0]) for p in parts]
    out = []
    for i, p in enumerate(parts):
        name, details = names[i], [p[c][1] for c in DETAILS if c in p and p[c][0]]
        if names.count(name) > 1:  # groups that differ in a pack, the code, the experiment's options
            clash = [parts[j] for j, n in enumerate(names) if n == name]
            apart = [c for c in DISTINCT if len({q[c][1] for q in clash}) > 1]
            name = "-".join([name, *(p[f"{c}-name"][0] for c in apart)])
            details += [p[c][1] for c in apart]
        out.append((name, ", ".join(p[c][1] for c in MAIN), "; ".join(details)))
    return out


def _apart(keys: list[dict], seeds: list[list[str]], runs: pd.DataFrame) -> tuple[str, list[str]]:
    """(what every group shares, [what sets each group apart]) as title words, for one figure of several groups."""
    parts = [_parts(k, s, runs) for k, s in zip(keys, seeds, strict=True)]
    columns = [c for c in (*MAIN, *DETAILS, *DISTINCT) if any(c in p for p in parts)]
    text = [{c: p[c][1] if c in p else "" for c in columns} for p in parts]
    shared = [c for c in columns if len({t[c] for t in text}) == 1]
    common = ", ".join(text[0][c] for c in shared if text[0][c] and (c in MAIN or parts[0][c][0]))
    return common, [", ".join(t[c] for c in columns if c not in shared and t[c]) for t in text]


def caption(runs: pd.DataFrame, models: set[str], eventual: bool) -> str:
    """What a reader of the plot must know about its models: one that is not a language model, and, for the
    offline heuristic's eventual rates, what its retry does."""
    lines = []
    for model in sorted(models):
        label = bare(model_label(runs, model))
        if model == OFFLINE and eventual:
            lines.append(f"{label} is not a language model: {RETRY}.")
        elif not runs.loc[runs["model"] == model, "language_model"].iloc[0]:
            lines.append(f"{label} is not a language model: its numbers describe a deterministic procedure.")
    return " ".join(lines)


def _title(fig, text: str) -> None:
    """The figure's title, each line wrapped to the figure's width."""
    chars = int(fig.get_figwidth() * 12)
    fig.suptitle("\n".join(textwrap.fill(line, chars) for line in text.split("\n")), fontsize=10)


def _save(fig, path: Path, note: str) -> Plot:
    """The figure with its caption under the plots (wrapped to the figure's width), saved."""
    if note:
        wrapped = textwrap.fill(note, int(fig.get_figwidth() * 13))
        lines = wrapped.count("\n") + 1
        height = (0.22 * lines + 0.15) / fig.get_figheight()
        fig.get_layout_engine().set(rect=(0, height, 1, 1 - height))
        fig.text(0.01, 0.012, wrapped, ha="left", va="bottom", fontsize=8.5, style="italic")
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return Plot(path, note)


def _groups(table: pd.DataFrame):
    """(key, rows) per comparison group, in the table's order."""
    for key, g in table.groupby(GROUP, sort=False, dropna=False):
        yield dict(zip(GROUP, key, strict=True)), g


def _group_seeds(key: dict, g: pd.DataFrame, runs: pd.DataFrame) -> list[str]:
    """The seeds of a group's runs: its rows' own, or (a table of seeds combined) those of the runs it holds."""
    if "seed" in g:
        return _seeds(g["seed"])
    mine = runs[(runs[GROUP] == pd.Series(key)).all(axis=1) & runs["approach"].isin(set(g["approach"]))]
    return _seeds(mine["seed"])


def rate_plots(rates: pd.DataFrame, runs: pd.DataFrame, out: Path) -> list[Plot]:
    """Pass rates (seeds combined) by approach and question type, with their 95% intervals, per measure; one
    figure per comparison group: first attempt above eventual, check beside strict."""
    if rates.empty:
        return []
    rates = rates[rates["level"] == "combined"]
    rates = rates.assign(approach=arms(rates))  # one approach on two stores: two bars
    groups = list(_groups(rates))
    named = _names([k for k, _ in groups], [_seeds(g["seed"]) for _, g in groups], runs)
    plots = []
    for (key, g), (name, title, details) in zip(groups, named, strict=True):
        measures = [m for m in MEASURES if m in set(g["measure"])]
        rows = 2 if len(measures) == 4 else 1
        fig, axes = plt.subplots(
            rows,
            len(measures) // rows,
            figsize=(WIDTH, 2.9 * rows + 1.1),
            sharey=True,
            squeeze=False,
            layout="constrained",
        )
        approaches = list(dict.fromkeys(g["approach"]))
        types = list(dict.fromkeys(g["questions"]))
        width = 0.8 / len(types)
        for ax, measure in zip(axes.ravel(), measures, strict=True):
            m = g[g["measure"] == measure]
            for i, q in enumerate(types):
                r = m[m["questions"] == q].set_index("approach").reindex(approaches)
                x = [j + (i - (len(types) - 1) / 2) * width for j in range(len(approaches))]
                error = [(r["rate"] - r["ci_low"]).clip(lower=0), (r["ci_high"] - r["rate"]).clip(lower=0)]
                ax.bar(x, r["rate"], width, label=q, yerr=error, capsize=2, color=f"C{i}")
            ax.set_xticks(range(len(approaches)), approaches, rotation=20, ha="right")
            ax.set_xlim(-0.6, max(len(approaches), 3) - 0.4)  # one approach: bars as wide as among three
            ax.set_title(MEASURES[measure], fontsize=10)
            ax.set_ylim(0, 1.05)
            ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        for row in axes:
            row[0].set_ylabel("pass rate (95% CI)")
        handles, labels = axes[0][0].get_legend_handles_labels()
        fig.legend(handles, labels, title="questions", loc="outside right upper", fontsize=9)
        _title(fig, f"Pass rates: {title}" + (f"\n{details}" if details else ""))
        note = caption(runs, {key["model"]}, eventual=any(m.endswith("eventual") for m in measures))
        plots.append(_save(fig, out / f"rates-{name}.png", note))
    return plots


def handoff_plots(table: pd.DataFrame, runs: pd.DataFrame, out: Path) -> list[Plot]:
    """Agent B's marker arrival, new arrival and behaviour against recording probability, schedule seeds
    combined, with intervals that resample cases; one figure per comparison group."""
    if table.empty:
        return []
    combined = table[table["level"] == "combined"]
    combined = combined.assign(approach=arms(combined))
    b = combined[combined["agent"] == "agent B"]
    a_rows = combined[combined["agent"] == "agent A"]
    groups = list(_groups(b))
    named = _names([k for k, _ in groups], [_group_seeds(k, g, runs) for k, g in groups], runs)
    named = [(n.removeprefix("handoff-"), t.removeprefix("handoff, "), d) for n, t, d in named]  # said once
    plots = []
    titles = {"arrived": "marker arrived", "arrived_new": "arrived, not there before", "followed": "followed the rule"}
    for (key, g), (name, title, details) in zip(groups, named, strict=True):
        fig, axes = plt.subplots(1, 3, figsize=(WIDTH + 1.5, 3.8), sharey=True, layout="constrained")
        for ax, (column, subtitle) in zip(axes, titles.items(), strict=True):
            for i, (approach, a) in enumerate(g.groupby("approach", sort=False)):
                a = a.sort_values("probability")
                error = None
                if f"{column}_ci_low" in a:
                    error = [
                        (a[column] - a[f"{column}_ci_low"]).clip(lower=0),
                        (a[f"{column}_ci_high"] - a[column]).clip(lower=0),
                    ]
                ax.errorbar(
                    a["probability"], a[column], yerr=error, fmt="-o", color=f"C{i}", label=approach, ms=3, capsize=2
                )
            if column == "followed":  # agent A, without guidance, for reference
                mine = a_rows[(a_rows[GROUP] == pd.Series(key)).all(axis=1)]
                for i, (approach, a) in enumerate(mine.groupby("approach", sort=False)):
                    label = f"{approach}, agent A (no guidance)"
                    ax.axhline(a["followed"].iloc[0], color=f"C{i}", ls=":", lw=1, label=label)
            ax.set_title(subtitle, fontsize=10)
            ax.set_xlabel("recording probability (%)")
            ax.set_xlim(-5, 105)
            ax.set_xticks([0, 25, 50, 75, 100])
            ax.set_ylim(-0.05, 1.05)
            ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        axes[0].set_ylabel("share of cases (95% CI over cases)")
        handles, labels = axes[2].get_legend_handles_labels()
        fig.legend(handles, labels, title="approach", loc="outside right upper", fontsize=9)
        _title(fig, f"Handoff, agent B: {title}" + (f"\n{details}" if details else ""))
        plots.append(_save(fig, out / f"handoff-{name}.png", caption(runs, {key["model"]}, eventual=False)))
    return plots


def guidance_plots(table: pd.DataFrame, runs: pd.DataFrame, out: Path) -> list[Plot]:
    """Mean guidance characters handed to the answering model, per approach (seeds combined: the mean over
    seeds, the bar's line their range); one figure, a panel per comparison group, named and titled for what
    the groups share, each panel for what sets its group apart."""
    if table.empty:
        return []
    groups = list(_groups(table.assign(approach=arms(table))))
    keys, seeds = [k for k, _ in groups], [_seeds(g["seed"]) for _, g in groups]
    named = _names(keys, seeds, runs)
    common, apart = _apart(keys, seeds, runs)
    counts = [g["approach"].nunique() for _, g in groups]
    fig, axes = plt.subplots(
        1,
        len(groups),
        figsize=(max(6.5, 1.3 * sum(counts) + 1.5), 4.2),
        squeeze=False,
        sharey=True,
        layout="constrained",
        gridspec_kw={"width_ratios": counts},
    )
    for ax, (_, g), title, n in zip(axes[0], groups, apart, counts, strict=True):
        chars = g.groupby("approach", sort=False)["guidance_chars_mean"].agg(["mean", "min", "max"])
        error = [chars["mean"] - chars["min"], chars["max"] - chars["mean"]]
        bars = ax.bar(
            chars.index, chars["mean"], yerr=error if (chars["max"] > chars["min"]).any() else None, capsize=3
        )
        ax.bar_label(bars, labels=[f"{v:,.0f}" for v in chars["mean"]], fontsize=8, padding=2)
        ax.margins(y=0.1)
        ax.tick_params(axis="x", rotation=20)
        ax.yaxis.set_major_formatter(lambda v, _: f"{v:,.0f}")
        if len(groups) > 1:
            ax.set_title(textwrap.fill(title, max(20, 18 * n)), fontsize=8)
    axes[0][0].set_ylabel("characters per question (mean)")
    if len(groups) == 1:
        _title(fig, f"Guidance size: {named[0][1]}" + (f"\n{named[0][2]}" if named[0][2] else ""))
    else:
        _title(fig, f"Guidance size: {common}")
    shared_name = _shared([n.split("-") for n, _, _ in named])
    name = "guidance-size-" + ("-".join(shared_name) if shared_name else "all")
    return [_save(fig, out / f"{name}.png", caption(runs, {k["model"] for k in keys}, eventual=False))]


def _shared(names: list[list[str]]) -> list[str]:
    """The leading words every name shares (a guidance figure of several groups is named for what they share)."""
    shared = []
    for words in zip(*names, strict=False):
        if len(set(words)) > 1:
            break
        shared.append(words[0])
    return shared
