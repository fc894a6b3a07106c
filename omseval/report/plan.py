"""`python -m omseval.report --plan`: the power of a planned study, before running it.

Pairs are questions x seeds x epochs; a question's repeated pairs are worth 1 + (m - 1) * icc times fewer
independent pairs (m repeats per question, icc their correlation: 1 when a repeat gives the same answer, as at
temperature 0 or with the offline model; 0 when repeats are independent).
"""

import math

from omseval.report.compare import TARGET
from omseval.report.stats import ALPHA, POWER, detectable, pairs_needed


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
    lines = [
        f"planned: {questions} questions x {seeds} seeds x {epochs} epochs per approach; discordant pairs "
        f"{discordance:.0%}; icc {icc:g}",
        f"McNemar's test, alpha {ALPHA}, power {POWER:.0%} (Connor 1987); the repeats of a question (seeds x epochs)",
        "are worth 1 + (repeats - 1) x icc times fewer independent pairs (icc 1: a repeat gives the same answer)",
        f"{'epochs':>6}  {'pairs':>7}  {'worth (independent)':>19}  {'detectable difference':>21}  "
        f"{'questions for 5 pts':>19}",
    ]
    for e in sorted({1, 2, 4, 8, epochs}):
        d = design(questions, e * seeds, discordance, icc)
        mdd = "none" if math.isnan(d["detectable"]) else f"{d['detectable']:.1%}"
        needed = "-" if math.isnan(d["questions_for_5pt"]) else f"{d['questions_for_5pt']:,}"
        mark = " <- planned" if e == epochs else ""
        lines.append(f"{e:>6}  {d['pairs']:>7,}  {d['independent']:>19,.0f}  {mdd:>21}  {needed:>19}{mark}")
    return "\n".join(lines)
