"""What `python -m omseval` prints when a run ends, from the log header inspect hands back: the scorer's
metrics (rates and counts) and the task's metadata (build, audit, arrival). No sample is re-read and no
report machinery is imported; `python -m omseval.report` gives the full tables and tests.
"""

import math
from statistics import NormalDist

from omseval.config import seed_label

GROUPS = ("familiar", "situational", "all")
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
    return "\n".join("  ".join(c.rjust(w) for c, w in zip(row, widths)) for row in cells)


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
        lines.append(NOTE.format(models=meta["model_label"]))
    lines.append(
        f"experiment {config['experiment']['name']}, corpus {config['corpus']['name']}, approach "
        f"{config['approach']['name']}, model {log.eval.model}, store {config['store']['kind']}, pack "
        f"{meta['pack_checksum'][:12]}, seed {seed_label(config['seed'])}, limit {config['limit'] or 'all'}"
        + (f", rules {config['rules']} (a quick subset)" if config.get("rules") else "")
    )
    if "arrival" in meta:
        lines.append(_handoff(meta["arrival"], metrics))
    else:
        lines.append(_rates(meta["questions"], metrics))
        build, audit = meta["guidance"], meta["audit"]
        lines += [
            f"guidance: {build.get('messages')} corrections, {build.get('processed')} processed, "
            f"{build.get('failures')} processing losses",
            f"rules whose guidance is still stating a superseded value: {audit['superseded_value_stated']} of "
            f"{audit['rules']}; final value found: {audit['final_value_found']} of {audit['rules']} "
            "(audit by the pack's checks)",
        ]
    lines += [_tokens(log, config["model"].get("price")), f"log: {log.location}"]
    return "\n".join(lines)


def _rates(questions: dict, metrics: dict) -> str:
    rows = []
    for group in GROUPS:
        n = sum(questions.values()) if group == "all" else questions.get(group, 0)
        if not n:
            continue
        first, final = (int(metrics.get(f"{m}_n_{group}", 0)) for m in ("first_attempt", "eventual"))
        rows.append(
            [
                group,
                n,
                rate(metrics.get(f"first_attempt_{group}", math.nan), first),
                n - first,
                rate(metrics.get(f"eventual_{group}", math.nan), final),
                n - final,
            ]
        )
    text = table(["questions", "n", "first_attempt [95% CI]", "excluded", "eventual [95% CI]", "excluded"], rows)
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
            rate(metrics.get("followed_agent A", math.nan), int(metrics.get("followed_n_agent A", 0))),
        ]
    ]
    for p, a in sorted(arrival.items(), key=lambda kv: float(kv[0])):
        group = f"agent B p{p}"
        rows.append(
            [
                group,
                a["n"],
                *(f"{a[k]:.1%}" for k in ("recorded", "arrived", "present_before", "arrived_new")),
                rate(metrics.get(f"followed_{group}", math.nan), int(metrics.get(f"followed_n_{group}", 0))),
            ]
        )
    return table(["agent", "n", "recorded", "arrived", "present_before", "arrived_new", "followed [95% CI]"], rows)


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
