"""What `python -m omseval` prints when a run ends, from the log header inspect hands back: the scorer's
metrics (rates and counts, the guidance audit, the handoff's arrival), the task's metadata, and the manifest of
the build it names; and, when a multirun ends, one table of its runs. No sample is re-read and no report
machinery is imported; `python -m omseval.report` gives the full tables and tests.

Every table here and in the report's text is a console table (`console_table`) that fits WIDTH columns by
choosing its columns, never by wrapping them, and every number has one format: counts with thousands
separators (52,828), rates in percent with one decimal (52.8%), intervals as 52.8% [44.2%, 59.5%].
"""

import io
import math
import re
import shlex
import textwrap
from collections.abc import Sequence
from pathlib import Path
from statistics import NormalDist

from rich.console import Console
from rich.table import Table
from rich.text import Text

from omseval.builders.artifact import folders, manifest
from omseval.config import seed_label

GROUPS = ("familiar", "situational", "all")
# the compliance scorer's measures: the pack's check, the strict verdict, the judge (when one ran)
MEASURES = {"check": "", "strict": "strict_", "judge": "judge_"}
WIDTH = 100  # terminal columns
NOT_LM = " (not a language model)"  # how a model's label says it is none
OFFLINE = "omseval/heuristic"  # the offline heuristic's model name (conf/model/offline.yaml)
DESCRIBES = "its numbers describe it, not a model's results"
NOTE = "note: {models} is not a language model but a deterministic procedure: " + DESCRIBES
RETRY = (
    "its retry restates the corrective message it is sent, so its eventual rates say nothing about a model (this is "
    "how approach none can pass them all)"
)
MISSING = "-"  # a cell with no value


def bare(label: str) -> str:
    """A model's label without its '(not a language model)' remark."""
    return label.replace(NOT_LM, "")


def note(labels: Sequence[str]) -> str:
    """The note that names the models of a run (or report) that are not language models."""
    return NOTE.format(models=", ".join(bare(label) for label in labels))


# -- number formats: one for every table, console and markdown -----------------------------------------------


def _missing(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def count(x) -> str:
    """52,828; '-' when there is none."""
    return MISSING if _missing(x) else f"{int(x):,}"


def percent(x, signed: bool = False) -> str:
    """52.8% (+5.2% when `signed`); '-' when there is none."""
    return MISSING if _missing(x) else f"{x:+.1%}" if signed else f"{x:.1%}"


def interval(value, low, high, signed: bool = False) -> str:
    """'52.8% [44.2%, 59.5%]'; the rate alone when it has no interval; '-' when there is no rate."""
    if _missing(value):
        return MISSING
    if _missing(low) or _missing(high):
        return percent(value, signed)
    return f"{percent(value, signed)} [{percent(low, signed)}, {percent(high, signed)}]"


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
    """'51.9% [44.2%, 59.5%]' for a rate over n verdicts (Wilson's interval); '-' when there are none."""
    if not n or _missing(value):
        return MISSING
    return interval(value, *wilson(round(value * n), n))


# -- console tables ----------------------------------------------------------------------------------------------


def console_table(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    width: int = WIDTH,
    optional: Sequence[str] = (),
    left: Sequence[str] = (),
    elsewhere: str = "",
    fold: Sequence[str] = (),
) -> str:
    """A table of text cells within `width` columns, no number wrapped: a column with no value in any row is
    left out (it does not apply); while the table is too wide, the `optional` columns are left out, last first,
    and a line names them (`elsewhere`: where they are, e.g. 'in rates.csv'); then a column in `fold` (a path)
    folds its cells onto more lines. A header's words may stand on two lines ('first\nattempt'). Columns in
    `left` are left-aligned, the others right-aligned (numbers)."""
    header = list(header)
    cells = [[str(c) for c in row] for row in rows]
    keep = [i for i, _ in enumerate(header) if any(row[i] not in (MISSING, "") for row in cells)]
    dropped: list[str] = []

    def needs(i: int) -> int:
        return max(*(len(line) for line in header[i].split("\n")), *(len(r[i]) for r in cells))

    def natural() -> int:
        return sum(needs(i) for i in keep) + 2 * (len(keep) - 1)

    for name in reversed(optional):
        if natural() <= width:
            break
        if name in header and header.index(name) in keep:
            keep.remove(header.index(name))
            dropped.append(name.replace("\n", " "))
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="", padding=(0, 1), expand=False)
    for i in keep:
        folds = header[i] in fold
        table.add_column(
            Text(header[i]),
            justify="left" if header[i] in left else "right",
            no_wrap=not folds,
            overflow="fold" if folds else "ellipsis",
            min_width=None if folds else needs(i),
        )
    for row in cells:
        table.add_row(*(Text(row[i]) for i in keep))
    text = render(table, width)
    if dropped:
        where = f"; {elsewhere}" if elsewhere else ""
        text += f"\n(not shown at {width} columns: {', '.join(reversed(dropped))}{where})"
    return text


def render(renderable, width: int = WIDTH) -> str:
    """What rich prints for `renderable` at `width` columns, as plain text without trailing spaces."""
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, force_terminal=False, highlight=False, emoji=False).print(
        renderable
    )
    return "\n".join(line.rstrip() for line in out.getvalue().rstrip("\n").splitlines())


WHOLE = re.compile(r"\S+ \[[^\]]*\]")  # an interval, '52.8% [44.2%, 59.5%]': never broken across lines


def wrap(text: str, width: int = WIDTH) -> list[str]:
    """The text's lines within `width` columns, an interval kept on one line, a path never broken."""
    kept = WHOLE.sub(lambda m: m.group(0).replace(" ", "\u00a0"), text)
    lines = textwrap.wrap(kept, width, break_on_hyphens=False, break_long_words=False)
    return [line.replace("\u00a0", " ") for line in lines]


# -- a run's summary ---------------------------------------------------------------------------------------------


def run_summary(log) -> str:
    """The summary of a finished run's log (`EvalLog`, header only is enough)."""
    meta = log.eval.metadata
    config = meta["config"]
    ident = meta["identity"]
    metrics = {k: m.value for s in log.results.scores for k, m in s.metrics.items()}
    label = meta["model_label"]
    lines = [f"{config['experiment']['name']} {config['corpus']['name']} {config['approach']['name']}: model {label}"]
    if not meta["language_model"]:
        said = NOT_LM in label  # the label says it already: said once
        text = f"note: {bare(label)} is a deterministic procedure: {DESCRIBES}" if said else note([label])
        retry = ident["model"]["name"] == OFFLINE and "questions" in meta
        lines += wrap(text + (f"; {RETRY}" if retry else ""))
    lines += wrap(", ".join(_settings(config, ident, meta)))
    judge = ident.get("judge")
    if judge:
        # the offline heuristic, or the answering model when that is none, is not a language model as a judge either
        same = judge["name"] == ident["model"]["name"] and not meta["language_model"]
        remark = ", not a language model" if judge["name"] == OFFLINE or same else ""
        lines.append(f"judge: {judge['option']} ({judge['name']}{remark})")
    same = meta.get("superseded_patterns") == 0
    strict_note = ["the strict verdict equals the check: the pack gives these questions no superseded_pattern"]
    build = manifest(folders(config["log_dir"], meta["build"])[0]) or {}
    if "questions" not in meta:
        lines += [_handoff(metrics), *(strict_note if same else [])]
    else:
        lost = ", ".join(f"{count(n)} {cause}" for cause, n in sorted(build.get("losses", {}).items()))
        rules, stated = count(metrics["audit_rules"]), count(metrics["audit_superseded_stated"])
        found = count(metrics["audit_final_value_found"])
        lines += [
            _rates(meta["questions"], metrics, judged=judge is not None),
            *(strict_note if same else []),
            f"corrective messages per question: {metrics.get('corrective_messages', math.nan):.2f}",
            f"guidance: {count(build.get('messages'))} corrections, {count(build.get('processed'))} processed, "
            f"{count(build.get('failures'))} processing losses" + (f" ({lost})" if lost else ""),
            *wrap(
                f"rules whose guidance is still stating a superseded value: {stated} of {rules}; final value found: "
                f"{found} of {rules} (audit by the pack's checks, no model)"
            ),
        ]
    lines += [*wrap(_tokens(log, config["model"].get("price"))), f"log: {log.location.removeprefix('file://')}"]
    return "\n".join(lines)


def _settings(config: dict, ident: dict, meta: dict) -> list[str]:
    """What else sets the run apart, each said once; what does not apply (no store, one epoch, every question)
    is left out."""
    epochs = config.get("epochs", 1)
    return [
        f"model {ident['model']['name']}",
        *([f"store {ident['store']}"] if ident.get("store") else []),
        f"pack {meta['pack_checksum'][:12]}",
        f"seed {seed_label(config['seed'])}",
        *([f"rules {config['rules']} (a subset)"] if config.get("rules") else []),
        *([f"limit {config['limit']}"] if config.get("limit") else []),
        *([f"epochs {epochs} (rates: per-question pass fractions)"] if epochs > 1 else []),
    ]


def _rates(questions: dict, metrics: dict, judged: bool) -> str:
    """Per measure (the check, the strict verdict and, when one ran, the judge) and question type; the excluded
    columns (questions without a verdict: missing evidence, never a fail) only where there are any."""
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
                    count(n),
                    rate(metrics.get(f"{prefix}first_attempt_{group}", math.nan), first),
                    count(n - first),
                    rate(metrics.get(f"{prefix}eventual_{group}", math.nan), final),
                    count(n - final),
                ]
            )
    header = ["measure", "questions", "n", "first attempt [95% CI]", "excluded", "eventual [95% CI]", "excluded"]
    if all(row[4] == row[6] == "0" for row in rows):
        header, rows = header[:4] + header[5:6], [row[:4] + row[5:6] for row in rows]
    return console_table(header, rows, left=("measure", "questions"))


def _handoff(metrics: dict) -> str:
    probabilities = sorted({int(k.rsplit("p", 1)[1]) for k in metrics if k.startswith("arrived_agent B p")}, key=float)
    rows = [
        [
            "agent A",
            count(metrics.get("followed_n_agent A")),
            *[MISSING] * 4,
            *(percent(metrics.get(f"{prefix}followed_agent A", math.nan)) for prefix in ("", "strict_")),
        ]
    ]
    for p in probabilities:
        group = f"agent B p{p}"
        rows.append(
            [
                group,
                count(metrics.get(f"followed_n_{group}", 0)),
                *(
                    percent(metrics.get(f"{k}_{group}", math.nan))
                    for k in ("recorded", "arrived", "present_before", "arrived_new")
                ),
                *(percent(metrics.get(f"{prefix}followed_{group}", math.nan)) for prefix in ("", "strict_")),
            ]
        )
    header = ["agent", "n", "recorded", "arrived", "present_before", "arrived_new", "followed", "followed, strict"]
    return (
        console_table(header, rows, left=("agent",))
        + "\nintervals clustered by case (a case repeats across seeds): python -m omseval.report"
    )


def _tokens(log, price: dict | None) -> str:
    usage = list(log.stats.model_usage.values())
    tokens_in, tokens_out = sum(u.input_tokens for u in usage), sum(u.output_tokens for u in usage)
    text = (
        f"tokens of this run's model calls (answers and retries; a cache hit counts none): "
        f"{count(tokens_in)} in / {count(tokens_out)} out"
    )
    if price:
        text += f"; cost ${(tokens_in * price['input_per_mtok'] + tokens_out * price['output_per_mtok']) / 1e6:,.2f}"
    return text


# -- the end of a run, a suite or a sweep ------------------------------------------------------------------------


def in_sweep() -> bool:
    """Whether this process runs a job of a Hydra multirun (whose end prints the closing lines once)."""
    from hydra.core.hydra_config import HydraConfig
    from hydra.types import RunMode

    return HydraConfig.initialized() and HydraConfig.get().mode == RunMode.MULTIRUN


def closing(log_dir: str, single: Path | None = None) -> str:
    """The lines that end every run: where its logs are, and the commands that look at them; none for a job of a
    multirun, whose end prints them once (`sweep_summary`)."""
    if in_sweep():
        return ""
    return _closing(log_dir, single)


def _closing(log_dir: str, single: Path | None = None) -> str:
    where = shlex.quote(str(single or log_dir))
    return (
        f"\nlogs: {where}\n"
        f"  look at the answers: inspect view --log-dir {where}\n"
        f"  tables, tests and plots: python -m omseval.report {shlex.quote(log_dir)} "
        f"--out {shlex.quote(str(Path(log_dir) / 'report'))}"
    )


def newest_log(folder: Path):
    """The header of the newest successful log in a run's folder, if any."""
    from inspect_ai.log import list_eval_logs, read_eval_log

    if not folder.is_dir():
        return None
    headers = [read_eval_log(info, header_only=True) for info in list_eval_logs(str(folder), recursive=False)]
    done = [h for h in headers if h.status == "success"]
    return max(done, key=lambda h: h.eval.created) if done else None


def sweep_summary(jobs: Sequence[tuple[list[str], Path]], log_dirs: Sequence[str]) -> str:
    """One table of a multirun's runs (each: its overrides and its log folder), from each run's newest finished
    log: first attempt, strict first attempt and eventual over all questions (handoff: agent B's first answer at
    the highest recording probability), the build's processing losses, and the log's folder; then the closing
    lines once."""
    if not jobs:  # a sweeper that chooses its runs as it goes: none was validated ahead
        return "".join(_closing(d) for d in log_dirs).lstrip("\n")
    swept = _swept([overrides for overrides, _ in jobs])
    rows = []
    for overrides, folder in jobs:
        label = " ".join(v.partition("=")[2] for v in overrides if v.partition("=")[0] in swept) or folder.name
        log = newest_log(folder)
        where = str(folder.relative_to(log_dirs[0])) if folder.is_relative_to(log_dirs[0]) else str(folder)
        if log is None:
            rows.append([label, "not finished", MISSING, MISSING, MISSING, where])
            continue
        metrics = {k: m.value for s in log.results.scores for k, m in s.metrics.items()} if log.results else {}
        meta = log.eval.metadata
        build = manifest(folders(meta["config"]["log_dir"], meta["build"])[0]) or {}
        first, strict, eventual = (_overall(metrics, m) for m in ("first_attempt", "strict_first_attempt", "eventual"))
        rows.append([label, first, strict, eventual, count(build.get("failures")), where])
    header = [" ".join(swept) or "run", "first\nattempt", "strict\nfirst", "eventual", "losses", "log folder"]
    lines = [
        f"sweep of {len(jobs)} runs: rates over all questions (handoff: agent B's first answers); losses: messages "
        "the build could not process",
    ]
    table = console_table(header, rows, left=(header[0], "log folder"), fold=("log folder",))
    return "\n" + "\n".join([*wrap(lines[0]), table]) + "\n" + "".join(_closing(d) for d in log_dirs)


def _overall(metrics: dict, measure: str) -> str:
    if f"{measure}_all" in metrics:
        return percent(metrics[f"{measure}_all"])
    followed = "followed" if measure == "first_attempt" else "strict_followed" if measure.startswith("strict") else ""
    at = sorted((k for k in metrics if followed and k.startswith(f"{followed}_agent B p")), key=_probability)
    return percent(metrics[at[-1]]) if at else MISSING


def _probability(key: str) -> float:
    return float(key.rsplit("p", 1)[1])


def _swept(jobs: Sequence[list[str]]) -> list[str]:
    """The override keys whose values differ between the jobs, in command-line order."""
    keys = list(dict.fromkeys(o.partition("=")[0] for job in jobs for o in job))
    return [k for k in keys if len({tuple(o for o in job if o.partition("=")[0] == k) for job in jobs}) > 1]
