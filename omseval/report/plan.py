"""`python -m omseval.report --plan`: the power of a planned study, before running it.

Pairs are questions x seeds x epochs; a question's repeated pairs are worth 1 + (m - 1) * icc times fewer
independent pairs (m repeats per question, icc their correlation: 1 when a repeat gives the same answer, as at
temperature 0 or with the offline model; 0 when repeats are independent).
"""

import math

from omseval.report.compare import TARGET
from omseval.report.stats import ALPHA, POWER, detectable, pairs_needed
from omseval.run_summary import console_table, count, percent, wrap


def design(questions: int, repeats: int, discordance: float, icc: float) -> dict:
    """The smallest detectable difference, and the questions needed for a 5-point one, at `repeats` per question."""
    deff = 1 + (repeats - 1) * icc
    needed = pairs_needed(TARGET, discordance) * deff
    return {
        "pairs": questions * repeats,
        "independent": questions * repeats / deff,
        "detectable": detectable(questions * repeats / deff, discordance),
        "questions_for_5pt": math.ceil(needed / repeats) if math.isfinite(needed) else math.nan,
    }


def plan(questions: int, epochs: int, seeds: int, discordance: float, icc: float) -> str:
    lines = wrap(
        f"planned: {questions:,} questions x {seeds:,} seeds x {epochs:,} epochs per approach; discordant pairs "
        f"{discordance:.1%}; icc {icc:g}. McNemar's test, alpha {ALPHA}, power {POWER:.0%} (Connor 1987); the "
        "repeats of a question (seeds x epochs) are worth 1 + (repeats - 1) x icc times fewer independent pairs "
        "(icc 1: a repeat gives the same answer)"
    )
    rows = []
    for e in sorted({1, 2, 4, 8, epochs}):
        d = design(questions, e * seeds, discordance, icc)
        mdd = "none" if math.isnan(d["detectable"]) else percent(d["detectable"])
        mark = "<- planned" if e == epochs else ""
        rows.append(
            [count(e), count(d["pairs"]), count(round(d["independent"])), mdd, count(d["questions_for_5pt"]), mark]
        )
    header = ["epochs", "pairs", "worth (independent)", "detectable difference", "questions for 5 pts", ""]
    return "\n".join([*lines, console_table(header, rows, left=("",))])
