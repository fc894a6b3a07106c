"""Tables from .eval logs: pass rates by question type, with n and exclusions, and paired comparisons.

python -m omseval.report LOG_DIR [--baseline oms] [--csv FILE]
"""

import argparse
import sys

import pandas as pd
from inspect_ai.log import EvalLog, list_eval_logs, read_eval_log
from scipy.stats import binomtest

from omseval.text import content_terms, passages, values

RUN = ["experiment", "corpus", "model", "seed"]

COLUMNS = ["question_type", "n", "first_attempt", "first_excluded", "eventual", "eventual_excluded", "corrective_messages"]


def sample_frame(log: EvalLog) -> pd.DataFrame:
    rows = []
    for s in log.samples or []:
        score = next(iter((s.scores or {}).values()), None)
        v = score.value if score is not None else {}
        rows.append({"question_id": s.id, "question_type": s.metadata["question_type"], "rule_id": s.metadata["rule_id"],
                     "first_attempt": v.get("first_attempt"), "eventual": v.get("eventual"),
                     "attempts": v.get("attempts"), "corrective_messages": v.get("corrective_messages")})
    return pd.DataFrame(rows, columns=["question_id", "question_type", "rule_id", "first_attempt", "eventual",
                                       "attempts", "corrective_messages"])


def summary(df: pd.DataFrame) -> pd.DataFrame:
    def row(name, g):
        first, eventual = g["first_attempt"].dropna(), g["eventual"].dropna()
        return {"question_type": name, "n": len(g),
                "first_attempt": first.mean() if len(first) else float("nan"), "first_excluded": len(g) - len(first),
                "eventual": eventual.mean() if len(eventual) else float("nan"), "eventual_excluded": len(g) - len(eventual),
                "corrective_messages": int(g["corrective_messages"].fillna(0).sum())}
    rows = [row(t, g) for t, g in df.groupby("question_type")] + [row("all", df)]
    return pd.DataFrame(rows, columns=COLUMNS)


def format_summary(table: pd.DataFrame) -> str:
    out = table.copy()
    for c in ("first_attempt", "eventual", "recorded", "arrived", "present_before", "followed"):
        if c in out:
            out[c] = out[c].map(lambda x: "-" if pd.isna(x) else f"{x:.1%}")
    return out.to_string(index=False)


def handoff_summary(log: EvalLog) -> pd.DataFrame:
    """Per agent and recording probability: how often the correction was recorded, arrived in agent B's
    guidance (its marker), was there before, and how often the agent followed the rule."""
    rows = []
    for s in log.samples or []:
        score = next(iter((s.scores or {}).values()), None)
        m = s.metadata
        rows.append({"agent": m["agent"], "probability": m.get("probability"), "recorded": m.get("recorded"),
                     "arrived": m.get("arrived"), "present_before": m.get("present_before"),
                     "followed": score.value.get("first_attempt") if score else None})
    df = pd.DataFrame(rows)
    table = df.groupby(["agent", "probability"], dropna=False).agg(
        n=("followed", "size"), recorded=("recorded", "mean"), arrived=("arrived", "mean"),
        present_before=("present_before", "mean"), followed=("followed", "mean"),
        followed_excluded=("followed", lambda x: int(x.isna().sum())))
    return table.reset_index().astype({"probability": "Int64"})


def states_superseded(rule, document: str) -> bool:
    """Whether a document still states a superseded value of `rule` (a lexical audit).

    A sentence about the rule (sharing two content words with its versions) that carries a value of
    the source convention or the initial correction which the final rule does not have.
    """
    stale = (values(rule.source_excerpt) | values(rule.initial_correction)) - values(rule.later_change)
    topic = content_terms(" ".join([rule.source_excerpt, rule.initial_correction, rule.later_change]))
    return bool(stale) and any(
        values(p) & stale and len(content_terms(p) & topic) >= 2 for p, _ in passages(document)
    )


def superseded_share(pack, corpus: str, guidance) -> float:
    """Share of the corpus's rules whose published guidance still states a superseded value."""
    rules = pack.rules_of(corpus)
    return sum(states_superseded(r, guidance.for_rule(r)) for r in rules) / len(rules)


def runs(log_dir: str) -> pd.DataFrame:
    """One row per sample of every finished omseval log under `log_dir` (the newest log of each run)."""
    frames, seen = [], set()
    for info in sorted(list_eval_logs(log_dir), key=lambda i: i.mtime or 0, reverse=True):
        log = read_eval_log(info)
        config = (log.eval.metadata or {}).get("config")
        if log.status != "success" or not config:
            continue
        seed = "pack" if config["seed"] is None else str(config["seed"])  # "pack": the pack's own order
        key = (config["experiment"]["name"], config["corpus"]["name"], config["model"]["label"], seed,
               config["approach"]["name"], config["limit"])
        if key in seen:
            continue
        seen.add(key)
        df = sample_frame(log)
        df["experiment"], df["corpus"], df["model"], df["seed"], df["approach"] = key[:5]
        df["language_model"] = config["model"]["language_model"]
        frames.append(df)
    if not frames:
        raise SystemExit(f"no finished omseval logs under {log_dir}")
    return pd.concat(frames, ignore_index=True)


def rates(df: pd.DataFrame) -> pd.DataFrame:
    out = [summary(g).assign(**dict(zip([*RUN, "approach"], k))) for k, g in df.groupby([*RUN, "approach"])]
    return pd.concat(out, ignore_index=True)[[*RUN, "approach", *COLUMNS]]


def mcnemar(df: pd.DataFrame, baseline: str, measure: str = "first_attempt") -> pd.DataFrame:
    """Exact McNemar tests of each approach against `baseline`, paired by question, per question type."""
    rows = []
    for key, g in df.groupby(RUN):
        wide = g.pivot_table(index=["question_id", "question_type"], columns="approach", values=measure)
        if baseline not in wide:
            continue
        for other in (a for a in wide.columns if a != baseline):
            for qtype, pair in wide[[baseline, other]].dropna().groupby(level="question_type"):
                b = int(((pair[baseline] == 1) & (pair[other] == 0)).sum())
                c = int(((pair[baseline] == 0) & (pair[other] == 1)).sum())
                p = binomtest(b, b + c, 0.5).pvalue if b + c else 1.0
                rows.append(dict(zip(RUN, key)) | {"question_type": qtype, "baseline": baseline, "approach": other,
                                                   "pairs": len(pair), "baseline_only": b, "approach_only": c,
                                                   "p_value": p})
    return pd.DataFrame(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m omseval.report", description=__doc__.splitlines()[0])
    parser.add_argument("log_dir")
    parser.add_argument("--baseline", default="oms", help="approach the others are compared with (default oms)")
    parser.add_argument("--measure", default="first_attempt", choices=["first_attempt", "eventual"])
    parser.add_argument("--csv", help="also write the rates table to this CSV file")
    args = parser.parse_args(argv)
    df = runs(args.log_dir)
    table = rates(df)
    print(format_summary(table))
    if args.csv:
        table.to_csv(args.csv, index=False)
    tests = mcnemar(df, args.baseline, args.measure)
    if len(tests):
        print(f"\nExact McNemar tests on {args.measure}, paired by question:")
        print(tests.to_string(index=False, float_format=lambda x: f"{x:.4f}"))
    if not df["language_model"].all():
        print("\nnote: some runs used a model that is not a language model (the offline heuristic); "
              "their numbers describe it, not a model's results")
    return 0


if __name__ == "__main__":
    sys.exit(main())
