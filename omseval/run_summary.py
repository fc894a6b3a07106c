"""What `python -m omseval` prints when a run ends, from the log header inspect hands back: the scorer's
metrics (rates and counts) and the task's metadata (build, audit, arrival). No sample is re-read and no
report machinery is imported; `python -m omseval.report` gives the full tables and tests.
"""

import math
import textwrap
from statistics import NormalDist

from omseval.config import model_option, seed_label

GROUPS = ("familiar", "situational", "all")
# the compliance scorer's measures: the pack's check, the strict verdict, the judge (when one ran)
MEASURES = {"check": "", "strict": "strict_", "judge": "judge_"}
WIDTH = 120  # terminal columns
NOTE = (
    "note: {models}: not a language model but a deterministic procedure; its numbers describe it, not a model's results"
)


def wilson(passed: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for `passed` of `n`; (nan, nan) when n is 0."""
    if n == 0:
        return math.nan, math.nan
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = passed / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))  # contains p despite rounding


def rate(value: float, n: int) -> str:
    """'51.9% [44.2%, 59.5%]' for a rate over n verdicts; '-' when there are none."""
    if not n or math.isnan(value):
        return "-"
    low, high = wilson(round(value * n), n)
    return f"{value:.1%} [{low:.1%}, {high:.1%}]"


def table(header: list[str], rows: list[list]) -> str:
    """Right-aligned plain-text columns."""
    cells = [header, *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    return "\n".join("  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)) for row in cells)


def run_summary(log) -> str:
    """The summary of a finished run's log (`EvalLog`, header only is enough)."""
    meta = log.eval.metadata
    config = meta["config"]
    metrics = {k: m.value for s in log.results.scores for k, m in s.metrics.items()}
    lines = [
        f"{config['experiment']['name']} {config['corpus']['name']} {config['approach']['name']}: "
        f"model {meta['model_label']}"
    ]
    if not meta["language_model"]:
        lines += textwrap.wrap(NOTE.format(models=meta["model_label"]), WIDTH)
    lines += textwrap.wrap(
        f"experiment {config['experiment']['name']}, corpus {config['corpus']['name']}, approach "
        f"{config['approach']['name']}, model {log.eval.model}, store {config['store']['kind']}, pack "
        f"{meta['pack_checksum'][:12]}, seed {seed_label(config['seed'])}, limit {config['limit'] or 'all'}, "
        f"epochs {config.get('epochs', 1)}"
        + (" (rates: per-question pass fractions)" if config.get("epochs", 1) > 1 else "")
        + (f", rules {config['rules']} (a quick subset)" if config.get("rules") else ""),
        WIDTH,
    )
    if config.get("judge"):
        judge = model_option(config["judge"])
        lines.append(
            f"judge: {judge.label}"
            + ("" if judge.language_model or "not a language model" in judge.label else " (not a language model)")
        )
    same = meta.get("superseded_patterns") == 0
    note = ["the strict verdict equals the check: the pack gives these questions no superseded_pattern"] if same else []
    if "arrival" in meta:
        lines += [_handoff(meta["arrival"], metrics), *note]
    else:
        build, audit = meta["guidance"], meta["audit"]
        lines += [
            _rates(meta["questions"], metrics, judged=bool(config.get("judge"))),
            *note,
            f"guidance: {build.get('messages')} corrections, {build.get('processed')} processed, "
            f"{build.get('failures')} processing losses",
            f"rules whose guidance is still stating a superseded value: {audit['superseded_value_stated']} of "
            f"{audit['rules']}; final value found: {audit['final_value_found']} of {audit['rules']} "
            "(audit by the pack's checks)",
        ]
    lines += [_tokens(log, config["model"].get("price")), f"log: {log.location}"]
    return "\n".join(lines)


def _rates(questions: dict, metrics: dict, judged: bool) -> str:
    """Per measure (the check, the strict verdict and, when one ran, the judge) and question type."""
    rows = []
    for measure, prefix in MEASURES.items():
        if f"{prefix}first_attempt_all" not in metrics or (measure == "judge" and not judged):
            continue  # a log from before the strict verdict; a run without a judge
        for group in GROUPS:
            n = sum(questions.values()) if group == "all" else questions.get(group, 0)
            if not n:
                continue
            first, final = (int(metrics.get(f"{prefix}{m}_n_{group}", 0)) for m in ("first_attempt", "eventual"))
            rows.append(
                [
                    measure,
                    group,
                    n,
                    rate(metrics.get(f"{prefix}first_attempt_{group}", math.nan), first),
                    n - first,
                    rate(metrics.get(f"{prefix}eventual_{group}", math.nan), final),
                    n - final,
                ]
            )
    header = ["measure", "questions", "n", "first_attempt [95% CI]", "excluded", "eventual [95% CI]", "excluded"]
    text = table(header, rows)
    return text + f"\ncorrective messages per question: {metrics.get('corrective_messages', math.nan):.2f}"


def _handoff(arrival: dict, metrics: dict) -> str:
    rows = [
        [
            "agent A",
            "-",
            "-",
            "-",
            "-",
            "-",
            *(_share(metrics.get(f"{prefix}followed_agent A", math.nan)) for prefix in ("", "strict_")),
        ]
    ]
    for p, a in sorted(arrival.items(), key=lambda kv: float(kv[0])):
        group = f"agent B p{p}"
        rows.append(
            [
                group,
                a["n"],
                *(f"{a[k]:.1%}" for k in ("recorded", "arrived", "present_before", "arrived_new")),
                *(_share(metrics.get(f"{prefix}followed_{group}", math.nan)) for prefix in ("", "strict_")),
            ]
        )
    header = ["agent", "n", "recorded", "arrived", "present_before", "arrived_new", "followed", "followed, strict"]
    return table(header, rows) + "\nintervals clustered by case (a case repeats across seeds): python -m omseval.report"


def _share(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.1%}"


def _tokens(log, price: dict | None) -> str:
    usage = list(log.stats.model_usage.values())
    tokens_in, tokens_out = sum(u.input_tokens for u in usage), sum(u.output_tokens for u in usage)
    text = (
        f"tokens of this run's model calls (answers and retries; a cache hit counts none): "
        f"{tokens_in:,} in / {tokens_out:,} out"
    )
    if price:
        text += f"; cost ${(tokens_in * price['input_per_mtok'] + tokens_out * price['output_per_mtok']) / 1e6:.2f}"
    return text
