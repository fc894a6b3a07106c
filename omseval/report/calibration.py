"""The judge calibrations behind a report's judged runs (`python -m omseval.calibrate`, task judge_calibration).

A run's judge is matched with the newest finished calibration of the same judge model (the calibration's eval
model is its judge's model) found anywhere under the report's log folder. Its numbers are recomputed from its
samples as `python -m omseval.calibrate` prints them: Cohen's kappa with the controls' labels (95% bootstrap
interval over controls), false accepts (commit_old and hedge controls called correct) and false rejects (context
controls called wrong), each with Wilson's interval.
"""

import math
import shlex
from pathlib import Path
from typing import Any

import pandas as pd
from inspect_ai.log import read_eval_log

from omseval.report.stats import bootstrap_kappa
from omseval.run_summary import wilson

TASK = "judge_calibration"  # omseval.calibrate.TASK (not imported: it imports the scorers and the pack)
FALSE_ACCEPT = ("commit_old", "hedge")  # wrong answers a judge must not accept
FALSE_REJECT = ("context",)  # right answers (the final rule, the old one named as old) a judge must not reject


def found(headers: list) -> list:
    """The finished calibration logs among log headers (`EvalLog`, header only)."""
    return [h for h in headers if h.eval.task == TASK and h.status == "success"]


def calibrations(judges: pd.DataFrame, headers: list, log_dir: str) -> pd.DataFrame:
    """One row per judge of the runs (`judges`: columns judge, judge_model): its newest calibration log of the
    same model under `log_dir`, the controls it graded, kappa, false accepts and false rejects with their
    intervals; or, where none was run, the command that runs it."""
    logs = found(headers)
    rows = []
    for judge, model in judges[["judge", "judge_model"]].drop_duplicates().itertuples(index=False):
        same = [h for h in logs if h.eval.model == model]
        row = {"judge": judge, "judge_model": model}
        if not same:
            command = f"python -m omseval.calibrate judge={judge} log_dir={shlex.quote(log_dir)}"
            rows.append(row | {"calibration": None, "run": command})
            continue
        newest = max(same, key=lambda h: h.eval.created)
        rows.append(row | {"calibration": _relative(newest.location, log_dir)} | measures(newest.location))
    return pd.DataFrame(rows)


def _relative(location: str, log_dir: str) -> str:
    path = Path(location.removeprefix("file://"))
    try:
        return str(path.resolve().relative_to(Path(log_dir).resolve()))
    except ValueError:
        return str(path)


def measures(location: str) -> dict[str, Any]:
    """The calibration's controls, kappa, false-accept and false-reject rates with intervals, from its samples."""
    log = read_eval_log(location)
    said: list[tuple[str, dict[str, Any]]] = [
        (s.metadata["kind"], dict(s.scores["agreement"].value))  # type: ignore[arg-type]
        for s in log.samples or []
        if s.scores and "agreement" in s.scores
    ]
    pairs = [(bool(v["correct"]), bool(v["label"])) for _, v in said if v["correct"] is not None]
    kappa, low, high = bootstrap_kappa(pairs)
    out: dict[str, Any] = {"controls": len(said), "no_verdict": len(said) - len(pairs)}
    out |= {"kappa": kappa, "kappa_ci_low": low, "kappa_ci_high": high}
    for name, kinds, judged in (("false_accept", FALSE_ACCEPT, True), ("false_reject", FALSE_REJECT, False)):
        verdicts = [v["correct"] == judged for k, v in said if k in kinds and v["correct"] is not None]
        share = sum(verdicts) / len(verdicts) if verdicts else math.nan
        out |= {name: share, f"{name}_n": len(verdicts)}
        out |= dict(zip((f"{name}_ci_low", f"{name}_ci_high"), wilson(sum(verdicts), len(verdicts)), strict=True))
    return out
