"""Calibrate a judge before trusting it: the judge grades a stratified sample of the pack's labelled controls.

    python -m omseval.calibrate judge=sonnet [size=140] [seed=0] [pack=DIR] [log_dir=logs] [judge.KEY=VALUE]
    inspect eval omseval/judge_calibration -T size=140 --model anthropic/claude-sonnet-4-5

Each control answer (pack/controls.csv) is labelled: `positive` and `context` answers commit to the final rule
(correct); `commit_old`, `hedge`, `source`, `initial` and `no-guidance` do not (wrong). The judge sees what it sees
in a run (the question, the intended rule, the answer) and says correct or wrong. Reported: accuracy per kind,
the false-accept rate on `commit_old` and `hedge`, the false-reject rate on `context`, and Cohen's kappa with the
labels, each with a 95% interval. The log opens in the inspect viewer; a report over runs graded by this judge
names it.
"""

import random
import sys
from pathlib import Path
from typing import Any, cast

from inspect_ai import Task, eval_set, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessageUser, get_model
from inspect_ai.scorer import Metric, SampleScore, Score, Target, grouped, metric, scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver
from omegaconf import OmegaConf
from omegaconf.errors import OmegaConfBaseException

from omseval.errors import RERUN, UserError, run_command
from omseval.identity import digest
from omseval.models import refusal
from omseval.pack_schema import load_pack
from omseval.pack_schema.lint import CONTROLS, length, load_controls
from omseval.paths import SHIPPED_PACK
from omseval.scorers.compliance import count_of, rate_of
from omseval.scorers.judge import PROMPT, SCHEMA, parse

CORRECT = {"positive": True, "context": True}  # every other kind of control is wrong under the final rule
KINDS = ("positive", "context", "commit_old", "hedge", "source", "initial", "no-guidance")
TASK = "judge_calibration"
FOLDER = "calibration"


def calibration_samples(pack_dir: Path, size: int, seed: int) -> list[Sample]:
    """`size` controls, as many of each kind as the kinds allow, drawn with `seed`; each as the judge's prompt."""
    pack = load_pack(pack_dir)
    questions = {q.question_id: q for q in pack.questions}
    controls = load_controls(pack_dir / CONTROLS, pack)
    by_kind: dict[str, list] = {k: [] for k in KINDS}
    for by in controls.values():
        for kind, answers in by.items():
            by_kind.setdefault(kind, []).extend(answers)
    rng = random.Random(seed)
    kinds = [k for k in KINDS if by_kind[k]]
    share = max(1, size // len(kinds))
    samples = []
    for kind in kinds:
        pool = sorted(by_kind[kind], key=lambda c: c.row)
        for c in rng.sample(pool, min(share, len(pool))):
            q = questions[c.question_id]
            samples.append(
                Sample(
                    id=f"{kind}/{c.row}",
                    input=PROMPT.format(question=q.question, intended_rule=q.intended_rule, answer=c.answer),
                    target="correct" if CORRECT.get(kind, False) else "wrong",
                    metadata={"kind": kind, "length": length(c.answer), "question_id": q.question_id, "row": c.row},
                )
            )
    return samples


@solver
def grade() -> Solver:
    """The judge's call, as a run's judge makes it: its prompt under the judge's reply schema. A service failure
    stops the calibration (a rerun resumes it); a request its API refuses leaves the sample without a verdict."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        state.messages = [ChatMessageUser(content=state.input_text, metadata={"role": "judge"})]
        try:
            return await generate(state, response_schema=SCHEMA)
        except Exception as e:
            state.metadata["refused"] = refusal(get_model(), e)
            return state

    return solve


def _value(score: Score | None) -> dict[str, Any]:
    """A control's score value (`correct`, `label`, `agrees`)."""
    return score.value if score is not None and isinstance(score.value, dict) else {}


def share(kinds: tuple[str, ...], judged: bool) -> Metric:
    """The share of the judged controls of `kinds` that the judge called correct (`judged` True) or wrong."""

    def compute(scores: list[SampleScore]) -> float:
        said = [
            _value(s.score)["correct"]
            for s in scores
            if (s.score.metadata or {}).get("kind") in kinds and _value(s.score)["correct"] is not None
        ]
        return sum(v == judged for v in said) / len(said) if said else float("nan")

    return compute


@metric
def kappa() -> Metric:
    """Cohen's kappa of the judge's verdicts with the labels, over the controls it judged."""

    def compute(scores: list[SampleScore]) -> float:
        pairs = [(_value(s.score)["correct"], _value(s.score)["label"]) for s in scores]
        said = [(j, label) for j, label in pairs if j is not None]
        if not said:
            return float("nan")
        import numpy as np

        from omseval.report.stats import cohen_kappa  # the report's statistics: only once a calibration is scored

        judge, labels = zip(*said, strict=True)
        return cohen_kappa(np.array(judge), np.array(labels))

    return compute


@metric(name="false_accept")
def false_accept() -> Metric:
    """The share of commit_old and hedge controls the judge called correct."""
    return share(("commit_old", "hedge"), True)


@metric(name="false_reject")
def false_reject() -> Metric:
    """The share of context controls the judge called wrong."""
    return share(("context",), False)


METRICS = [
    grouped(rate_of("agrees"), "kind", all_label="accuracy", name_template="accuracy_{group_name}"),
    false_accept(),
    false_reject(),
    kappa(),
    count_of("correct"),
]


@scorer(metrics=METRICS)
def agreement():
    """Whether the judge's verdict (`correct`: True, False, or None when it gave none) agrees with the control's
    label (`agrees`: 1, 0 or None)."""

    async def score(state: TaskState, target: Target) -> Score:
        label = target.text == "correct"
        try:
            said = parse(state.output.completion) if state.output and state.output.completion else None
        except ValueError:
            said = None
        verdict = {True: "correct", False: "wrong", None: "no usable verdict"}[said]
        return Score(
            value={"agrees": None if said is None else int(said == label), "correct": said, "label": label},
            answer=verdict,
            metadata={"kind": state.metadata["kind"], "length": state.metadata["length"]},
            explanation=f"labelled {target.text} ({state.metadata['kind']}); the judge said {verdict}",
        )

    return score


@task
def judge_calibration(size: int = 140, seed: int = 0, pack: str | None = None) -> Task:
    """The task's model, as a judge, grades a stratified sample of `size` labelled controls of the pack."""
    if size < 1:
        raise UserError(f"size must be a positive integer, got {size}")
    samples = calibration_samples(Path(pack) if pack else SHIPPED_PACK, size, seed)
    return Task(
        name=TASK,
        dataset=MemoryDataset(samples, name=TASK),
        solver=grade(),
        scorer=agreement(),
        metadata={"calibration": {"size": size, "seed": seed}},
    )


def calibrate(judge: str, size: int, seed: int, pack: Path, log_dir: Path, settings: list[str] | None = None) -> int:
    """Calibrate the judge of conf/model option `judge`, its `settings` (`KEY=VALUE` of the option, e.g.
    `max_retries=0`) changed (reused when this calibration finished before)."""
    from omseval.config import ModelConfig, one_line, plain_model
    from omseval.models import endpoint, make_model
    from omseval.validation import validate_judge, validate_writable

    chosen = validate_judge(judge)
    assert chosen is not None
    try:
        option = cast(ModelConfig, OmegaConf.merge(chosen, OmegaConf.from_dotlist(settings or [])))
    except OmegaConfBaseException as e:
        raise UserError(f"judge.{one_line(str(e))}") from None
    validate_writable("log_dir", log_dir)
    pack_id = load_pack(pack).checksum
    ident = {"judge": judge, "model": plain_model(option), "endpoint": endpoint(option.name, option.base_url)}
    folder = log_dir / FOLDER / f"{judge}-{digest(ident | {'pack': pack_id, 'size': size, 'seed': seed}, 10)}"
    print(f"omseval: calibrating judge={judge} ({option.label}) on {size} controls: starting", file=sys.stderr)
    ok, logs = eval_set(
        judge_calibration(size, seed, str(pack)),
        model=make_model(option),
        log_dir=str(folder),
        retry_attempts=0,
        display="plain" if not sys.stdout.isatty() else None,
        log_level_transcript="info",
    )
    if not ok or logs[0].status != "success":
        print(f"calibration incomplete ({logs[0].status if logs else 'no log'}); {RERUN}", file=sys.stderr)
        return 1
    print(summary(logs[0], option.label, option.language_model))
    return 0


def summary(log, label: str, language_model: bool) -> str:
    """Accuracy per kind, false accepts and rejects, and kappa, each with its 95% interval, from the samples."""
    from inspect_ai.log import read_eval_log

    from omseval.report.stats import bootstrap_kappa
    from omseval.run_summary import note, rate

    full = read_eval_log(log.location)
    rows = [(s.metadata["kind"], _value((s.scores or {}).get("agreement"))) for s in full.samples or []]
    lines = [f"judge calibration: {label}, {len(rows)} labelled controls, log {log.location}"]
    if not language_model:
        lines.append(note([label]))
    for kind in KINDS:
        said = [v["agrees"] for k, v in rows if k == kind and v["agrees"] is not None]
        if said:
            lines.append(f"  accuracy on {kind:<11} {rate(sum(said) / len(said), len(said))} (n={len(said)})")
    for name, kinds, judged in (
        ("false accepts (commit_old, hedge)", ("commit_old", "hedge"), True),
        ("false rejects (context)", ("context",), False),
    ):
        said = [v["correct"] == judged for k, v in rows if k in kinds and v["correct"] is not None]
        lines.append(f"  {name}: {rate(sum(said) / len(said), len(said)) if said else '-'}")
    pairs = [(v["correct"], v["label"]) for _, v in rows if v["correct"] is not None]
    value, low, high = bootstrap_kappa(pairs)
    lines.append(f"  Cohen's kappa with the labels: {value:.2f} [{low:.2f}, {high:.2f}] (bootstrap over controls)")
    missing = sum(v["correct"] is None for _, v in rows)
    if missing:
        lines.append(f"  no usable verdict for {missing} control(s)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = dict.fromkeys(("judge", "size", "seed", "pack", "log_dir"))
    settings = []  # judge.KEY=VALUE: a setting of the judge's model option
    for arg in sys.argv[1:] if argv is None else argv:
        key, sep, value = arg.partition("=")
        if sep and key.startswith("judge."):
            settings.append(f"{key.removeprefix('judge.')}={value}")
            continue
        if not sep or key not in args:
            print(
                f"error: {arg!r}: give judge=NAME and optionally size=N seed=N pack=DIR log_dir=DIR judge.KEY=VALUE",
                file=sys.stderr,
            )
            return 2
        args[key] = value

    def command() -> int:
        if not args["judge"]:
            raise UserError("give judge=NAME, a conf/model option (e.g. judge=sonnet, judge=offline)")
        try:
            size, seed = int(args["size"] or 140), int(args["seed"] or 0)
        except ValueError:
            raise UserError(f"size and seed must be integers, got size={args['size']} seed={args['seed']}") from None
        if size < 1:
            raise UserError(f"size must be a positive integer, got {size}")
        pack, log_dir = Path(args["pack"] or SHIPPED_PACK), Path(args["log_dir"] or "logs")
        return calibrate(args["judge"], size, seed, pack, log_dir, settings)

    return run_command(command)


if __name__ == "__main__":
    sys.exit(main())
