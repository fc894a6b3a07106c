"""`plan=true` and `budget_usd`: a run's (or a suite's) model calls, tokens, dollars and wall time, estimated from the
pack's texts and the approaches' prompts before any work: no model is called, nothing is written.

Per run, the phases are the build (each call its builder lists: `Builder.planned_calls`), the answers (questions x
epochs; handoff: agent A's questions and agent B's per condition), the retries (the bound: attempts - 1 per
question; expected: at `FAILING`) and a judge's grades (judge=...). A build already finished in the log folder,
or planned by an earlier run of the same plan, costs nothing ("reused"), as does a finished run. The assumptions
are printed with every plan; docs/plan.md gives them with the estimator's measured error.

`budget_usd` refuses a run (or a suite) whose estimated cost exceeds it, or cannot be estimated, in one line before
any work; omseval.models.budget stops a run once this command's spend reaches it (a rerun resumes, with its own
budget; its plan counts what is left: a finished build is reused, a partial one estimated whole).
"""

import inspect
import math
import textwrap
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from omseval.builders import artifact
from omseval.builders.base import Builder, PlannedCall, starting_documents
from omseval.builders.build import correction_stream
from omseval.errors import UserError
from omseval.experiments import Handoff
from omseval.pack_schema import Message
from omseval.pack_schema.loader import fill
from omseval.validation import Run

CHARS_PER_TOKEN = 4  # tokens = characters / 4, rounded up per call: no tokenizer is run
ANSWER_TOKENS = 350  # an answer's (and a retry's) output tokens, capped at model.max_tokens
JUDGE_REPLY_CHARS = 200  # a judge's reply: one sentence and a verdict
FAILING = 0.5  # the share of attempts assumed to fail the check (expected retries)
REPAIR_CHARS = 150  # a repair request: the prompt again, after a line naming the problem
SECONDS, TOKENS_PER_SECOND = 1.0, 50.0  # a call's wall time when model.seconds_per_call is null: 1 s + 50 tokens/s
PHASES = {"answer": 1, "retry": 2, "judge": 3}  # the order of the plan's phases after the build's


def tokens(chars: float) -> int:
    return math.ceil(chars / CHARS_PER_TOKEN)


@dataclass
class Tally:
    """Calls and their tokens."""

    calls: float = 0.0
    tokens_in: float = 0.0
    tokens_out: float = 0.0

    def add(self, calls: float, prompt_chars: float, reply_tokens: float) -> None:
        self.calls += calls
        self.tokens_in += calls * tokens(prompt_chars)
        self.tokens_out += calls * reply_tokens

    def __iadd__(self, other: "Tally") -> "Tally":
        self.calls += other.calls
        self.tokens_in += other.tokens_in
        self.tokens_out += other.tokens_out
        return self


@dataclass
class Phase:
    """One phase of a run: the calls expected, and the most it can make (`bound`: repairs and every retry)."""

    name: str  # "build: <phase>", "answer", "retry", "judge"
    price: Any  # the calling model's price table (None: unknown)
    expected: Tally = field(default_factory=Tally)
    bound: Tally = field(default_factory=Tally)

    def cost(self, tally: Tally | None = None) -> float | None:
        t = tally or self.expected
        if self.price is None:
            return None if t.calls else 0.0
        return (t.tokens_in * self.price.input_per_mtok + t.tokens_out * self.price.output_per_mtok) / 1e6


@dataclass
class RunPlan:
    name: str
    build: str  # what becomes of its build
    phases: list[Phase] = field(default_factory=list)
    seconds: float = 0.0  # estimated wall time
    unknown: list[str] = field(default_factory=list)  # why its cost cannot be estimated
    notes: list[str] = field(default_factory=list)  # what the estimate foresees going wrong

    def total(self, bound: bool = False) -> Tally:
        t = Tally()
        for p in self.phases:
            t += p.bound if bound else p.expected
        return t

    def cost(self, bound: bool = False) -> float | None:
        costs = [p.cost(p.bound if bound else p.expected) for p in self.phases]
        return None if self.unknown or any(c is None for c in costs) else sum(c or 0.0 for c in costs)


@dataclass
class Plan:
    runs: list[RunPlan]
    jobs: int
    prices: dict[str, tuple[float, float]]  # model name -> dollars per million input, output tokens (known ones)
    assumptions: list[str]

    def cost(self, bound: bool = False) -> float | None:
        costs = [r.cost(bound) for r in self.runs]
        return None if any(c is None for c in costs) else sum(c or 0.0 for c in costs)

    def unknown(self) -> list[str]:
        return list(dict.fromkeys(u for r in self.runs for u in r.unknown))

    def seconds(self) -> float:
        times = [r.seconds for r in self.runs]
        return max(sum(times) / self.jobs, max(times, default=0.0)) if self.jobs > 1 else sum(times)

    def text(self) -> str:
        """The plan as printed by `plan=true`."""
        phases: dict[str, Phase] = {}
        for r in self.runs:
            for p in r.phases:
                into = phases.setdefault(p.name, Phase(p.name, p.price))  # a plan's runs share their models
                into.expected += p.expected
                into.bound += p.bound
        lines = [
            f"plan: {len(self.runs)} run{'s' if len(self.runs) != 1 else ''}, estimated from the pack's texts "
            "(no model was called, nothing was written)"
        ]
        rows = [["phase", "calls", "at most", "tokens in", "tokens out", "cost", "cost at most"]]
        for p in sorted(phases.values(), key=lambda p: (not p.name.startswith("build"), PHASES.get(p.name, 0))):
            rows.append(
                [
                    p.name,
                    _n(p.expected.calls),
                    _n(p.bound.calls),
                    _n(p.expected.tokens_in),
                    _n(p.expected.tokens_out),
                    _usd(p.cost()),
                    _usd(p.cost(p.bound)),
                ]
            )
        expected, bound = Tally(), Tally()
        for r in self.runs:
            expected += r.total()
            bound += r.total(bound=True)
        rows.append(
            [
                "total",
                _n(expected.calls),
                _n(bound.calls),
                _n(expected.tokens_in),
                _n(expected.tokens_out),
                _usd(self.cost()),
                _usd(self.cost(bound=True)),
            ]
        )
        lines += _table(rows)
        lines.append("")
        runs = [["run", "build", "calls", "tokens in", "tokens out", "cost", "wall time"]]
        for r in self.runs:
            t = r.total()
            runs.append(
                [r.name, r.build, _n(t.calls), _n(t.tokens_in), _n(t.tokens_out), _usd(r.cost()), _time(r.seconds)]
            )
        lines += _table(runs)
        at = f", {self.jobs} runs at a time" if self.jobs > 1 else ""
        lines.append(f"\nestimated: {_usd(self.cost())} (at most {_usd(self.cost(bound=True))}), wall time "
                     f"{_time(self.seconds())}{at}")  # fmt: skip
        if unknown := self.unknown():
            lines.append("cost unknown: " + "; ".join(unknown))
        lines += [f"note: {r.name}: {note}" for r in self.runs for note in r.notes]
        lines.append("assumptions:")
        lines += [textwrap.fill(a, 100, initial_indent="- ", subsequent_indent="  ") for a in self.assumptions]
        return "\n".join(lines)

    def within(self, usd: float) -> None:
        """Refuse, in one line, a plan whose cost exceeds `usd` or cannot be estimated."""
        if unknown := self.unknown():
            raise UserError(
                f"budget_usd={usd:g}: the cost cannot be estimated ({'; '.join(unknown)}); plan=true shows the estimate"
            )
        cost = self.cost() or 0.0
        if cost > usd:
            raise UserError(
                f"budget_usd={usd:g}: the estimated cost is {_usd(cost)} (at most {_usd(self.cost(bound=True))}), "
                "over the budget; plan=true shows the estimate"
            )


def estimate(runs: list[Run]) -> Plan:
    """The plan of `runs` (a run, or a suite's runs in order), from texts alone."""
    planned: set[str] = set()  # builds an earlier run of this plan makes
    plans = [plan_run(r, planned) for r in runs]
    first = runs[0]
    jobs = int(first.cfg.suite.jobs) if first.cfg.suite is not None else 1
    prices: dict[str, tuple[float, float]] = {}
    for r in runs:
        for m in (r.cfg.model, r.judge):
            if m is not None and m.price is not None:
                prices[str(m.name)] = (float(m.price.input_per_mtok), float(m.price.output_per_mtok))
    return Plan(plans, jobs, prices, assumptions(runs))


def plan_run(run: Run, planned: set[str]) -> RunPlan:
    """One run's plan; `planned`: the builds earlier runs of the plan make (this run's is added)."""
    from omseval.run import finished_log

    if finished_log(run) is not None:
        return RunPlan(run.name, "finished run: nothing to do")
    m = run.cfg.model
    plan = RunPlan(run.name, "")
    key = run.experiment.build_key(run)
    final, partial = artifact.folders(run.cfg.log_dir, key)
    calls: list[PlannedCall] | None = []
    if not run.approach.uses_model:
        plan.build = "no model calls"
    elif artifact.manifest(final) is not None:
        plan.build = "reused (finished)"
    elif key in planned:
        plan.build = "reused (an earlier run builds it)"
    else:
        calls = build_calls(run)
        if calls is None:
            plan.build = "no estimate"
            plan.unknown.append(f"no estimate for approach {run.approach_name}'s build")
        else:
            plan.build = "resumes (estimated whole)" if partial.is_dir() else "new"
    planned.add(key)
    build_seconds = 0.0
    if calls:
        build: dict[str, Phase] = {}
        for c in calls:
            reply = reply_tokens(c.reply_chars, m)
            phase = build.setdefault(c.phase, Phase(f"build: {c.phase}", m.price))
            phase.expected.add(1, c.prompt_chars, reply)
            phase.bound.add(1, c.prompt_chars, reply)
            if c.repair:
                phase.bound.add(1, c.prompt_chars + REPAIR_CHARS, reply)
        plan.phases += build.values()
        build_seconds = build_time(calls, m)
        if m.max_tokens and (cut := sum(tokens(c.reply_chars) > m.max_tokens for c in calls)):
            plan.notes.append(
                f"{cut} build calls' replies are expected to pass model.max_tokens={m.max_tokens} (a reply cut short "
                "is unusable: a rewrite cut short is a processing loss)"
            )
    answers, answer_seconds = answer_phases(run)
    plan.phases += answers
    plan.seconds = build_seconds + answer_seconds
    if m.price is None and any(p.expected.calls for p in plan.phases if p.name != "judge"):
        plan.unknown.append(f"model={m.label} has no price (model.price=null)")
    if run.judge is not None and run.judge.price is None:
        plan.unknown.append(f"judge={run.cfg.judge} has no price (its model.price=null)")
    return plan


def build_calls(run: Run) -> list[PlannedCall] | None:
    """The calls of the run's build as its builder lists them: the correction stream's, or, for the handoff, each
    condition's recorded corrections, in one chain per condition (its cases run one after another)."""
    approach, pack, corpus = run.approach, run.pack, run.cfg.corpus
    if not isinstance(run.experiment, Handoff):
        return approach.planned_calls(pack, corpus, correction_stream(pack, corpus.name, run.cfg.seed), options(run))
    calls: list[PlannedCall] = []
    for seed, p, cases in handoff_conditions(run):
        messages = [m for m, recorded in cases if recorded]
        listed = approach.planned_calls(pack, corpus, messages, options(run))
        if listed is None:
            return None
        calls += [c._replace(chain=f"seed{seed}-p{p}") for c in listed]
    return calls


def options(run: Run) -> dict:
    return dict(run.approach_options)


def handoff_conditions(run: Run) -> list[tuple[int, int, list[tuple[Message, bool]]]]:
    """Per condition (seed, probability): its cases' corrections as the handoff build makes them, and whether each
    is recorded (omseval.handoff)."""
    from omseval.handoff import case_message, case_order, conditions, is_recorded

    cases = {c.case_id: c for c in run.pack.handoff}
    out = []
    for seed, p in conditions(run):
        listed = []
        for n, case_id in enumerate(case_order(run, seed), start=1):
            case = cases[case_id]
            message = case_message(run, seed, n, case)
            listed.append((message, is_recorded(run.pack, run.approach.recording, seed, case_id, p)))
        out.append((seed, p, listed))
    return out


def reply_tokens(chars: float, m) -> int:
    """A reply's tokens, capped at the model's max_tokens."""
    n = tokens(chars)
    return min(n, m.max_tokens) if m.max_tokens else n


def call_seconds(m, reply: float) -> float:
    """A call's wall time: model.seconds_per_call; the offline model's latency; else SECONDS + reply / rate."""
    if m.seconds_per_call is not None:
        return float(m.seconds_per_call)
    if str(m.name).startswith("omseval/"):
        return float(m.latency)
    return SECONDS + reply / TOKENS_PER_SECOND


def build_time(calls: list[PlannedCall], m) -> float:
    """At least the calls' time spread over max_connections, and at least the longest chain (after one call that
    runs ahead, which its first message waits for)."""
    total, chains, ahead = 0.0, dict[str, float](), 0.0
    for c in calls:
        s = call_seconds(m, reply_tokens(c.reply_chars, m))
        total += s
        if c.chain is None:
            ahead = max(ahead, s)
        else:
            chains[c.chain] = chains.get(c.chain, 0.0) + s
    return max(total / max(int(m.max_connections), 1), ahead + max(chains.values(), default=0.0))


def guidance_kind(approach: type[Builder]) -> str:
    from omseval.builders.simple import NoGuidance, Verbatim

    if issubclass(approach, NoGuidance):
        return "none"
    return "all corrections" if issubclass(approach, Verbatim) else "documents"


def question_guidance(run: Run) -> dict[str, int]:
    """skill -> characters of the guidance a question of that skill gets once the build is done: none; every
    correction appended (verbatim); or the starting document plus each of its rules once, as now in force."""
    kind = guidance_kind(run.approach)
    if kind == "none":
        return {}
    pack, corpus = run.pack, run.cfg.corpus
    sizes = {skill: len(text) for skill, (_, text) in starting_documents(pack, corpus).items()}
    if kind == "all corrections":  # the starting text, a blank line, the heading, "\n- <correction>" each, "\n"
        from omseval.builders.simple import HEADING

        appended = Counter[str]()
        for m in correction_stream(pack, corpus.name, run.cfg.seed):
            appended[m.skill] += len(m.text) + 3
        for skill, n in appended.items():
            start = starting_documents(pack, corpus).get(skill, ("", ""))[1].rstrip("\n")
            sizes[skill] = len(start) + (2 if start else 0) + len(HEADING) + n + 1
        return sizes
    for rule in pack.rules_of(corpus.name):
        sizes[rule.skill] = sizes.get(rule.skill, 0) + len(rule.later_change) + 3
    return sizes


def handoff_guidance(run: Run, cases: list[tuple[Message, bool]]) -> list[int]:
    """Characters of agent B's guidance after each case of a condition: the recorded corrections so far (verbatim:
    under its heading; none: nothing)."""
    kind = guidance_kind(run.approach)
    size, out = 0, []
    for m, recorded in cases:
        if recorded and kind != "none":
            if kind == "all corrections" and not size:
                from omseval.builders.simple import HEADING

                size = len(HEADING) + 1
            size += len(m.text) + 3
        out.append(size)
    return out


def answer_phases(run: Run) -> tuple[list[Phase], float]:
    """The answers, retries and judge's grades of the run, and their wall time."""
    from omseval.samples import asked
    from omseval.scorers.judge import PROMPT

    m, judge, pack, epochs = run.cfg.model, run.judge, run.pack, int(run.cfg.epochs)
    attempts = int(run.experiment.attempts)
    answer_out = reply_tokens(ANSWER_TOKENS * CHARS_PER_TOKEN, m)
    answer_chars = answer_out * CHARS_PER_TOKEN
    question, retry = pack.templates["question"], pack.templates["retry"]
    asking: list[tuple[Any, int]] = []  # (question, its guidance's characters) per sample
    if isinstance(run.experiment, Handoff):  # handoff: agent A once per case, agent B per condition and case
        by_id = {q.question_id: q for q in pack.questions}
        cases = {c.case_id: c for c in pack.handoff}
        conditions = handoff_conditions(run)
        seen = {message.message_id.split("/")[0] for _, _, listed in conditions for message, _ in listed}
        asking += [(by_id[c.agent_a_question_id], 0) for c in pack.handoff if c.case_id in seen]
        for _, _, listed in conditions:
            for (message, _), size in zip(listed, handoff_guidance(run, listed), strict=True):
                asking.append((by_id[cases[message.message_id.split("/")[0]].agent_b_question_id], size))
    else:
        sizes = question_guidance(run)
        questions = asked(pack, run.cfg.corpus.name, run.cfg.limit)
        asking = [(q, sizes.get(pack.rule(q.rule_id).skill, 0)) for q in questions]
    answer, again = Phase("answer", m.price), Phase("retry", m.price)
    grade = Phase("judge", judge.price if judge else None)
    expected_retries = sum(FAILING**k for k in range(1, attempts))
    for q, size in asking:
        g = "g" * size
        prompt = len(fill(question, guidance=g, question=q.question))
        answer.expected.add(epochs, prompt, answer_out)
        answer.bound.add(epochs, prompt, answer_out)
        if attempts > 1:
            again_prompt = len(
                fill(
                    retry,
                    guidance=g,
                    question=q.question,
                    previous_answer="a" * answer_chars,
                    corrective_message=q.corrective_message,
                )
            )
            again.expected.add(epochs * expected_retries, again_prompt, answer_out)
            again.bound.add(epochs * (attempts - 1), again_prompt, answer_out)
        if judge is not None:
            graded = len(PROMPT.format(question=q.question, intended_rule=q.intended_rule, answer="a" * answer_chars))
            judge_out = reply_tokens(JUDGE_REPLY_CHARS, judge)
            grade.expected.add(epochs * (1 + expected_retries), graded, judge_out)
            grade.bound.add(epochs * attempts, graded, judge_out)
    phases = [p for p in (answer, again, grade) if p.bound.calls]
    per_answer = call_seconds(m, answer_out)
    chain = (1 + expected_retries) * per_answer  # a sample's attempts, one after another
    at_once = max(min(int(m.max_connections), int(run.cfg.max_samples or m.max_connections + 1)), 1)
    seconds = max((answer.expected.calls + again.expected.calls) * per_answer / at_once, chain if asking else 0.0)
    if judge is not None and grade.expected.calls:
        judged = call_seconds(judge, reply_tokens(JUDGE_REPLY_CHARS, judge))
        seconds = max(seconds, grade.expected.calls * judged / max(int(judge.max_connections), 1))
    return phases, seconds


def assumptions(runs: list[Run]) -> list[str]:
    """What the plan assumes, once per plan (the builders' own assumptions: their planned_calls docstrings)."""
    m = runs[0].cfg.model
    if m.seconds_per_call is not None:
        latency = f"{m.seconds_per_call:g} s per call (model.seconds_per_call)"
    elif str(m.name).startswith("omseval/"):
        latency = f"{float(m.latency):g} s per call (the offline model's model.latency; its CPU time not counted)"
    else:
        latency = f"{SECONDS:g} s + 1 s per {TOKENS_PER_SECOND:g} output tokens per call (model.seconds_per_call=null)"
    attempts = sorted({int(r.experiment.attempts) for r in runs})
    lines = [
        f"tokens = characters / {CHARS_PER_TOKEN} (no tokenizer is run); replies capped at model.max_tokens",
        f"an answer or retry: {ANSWER_TOKENS} output tokens; its prompt: the pack's template (06) with the question "
        "and the guidance expected: the starting document plus each of its rules once (document builders), every "
        "correction (verbatim), none (none); handoff: the corrections recorded so far",
        f"retries: at most attempts - 1 per question (attempts {', '.join(map(str, attempts))}); expected: each "
        f"attempt fails the check at {FAILING:.0%}",
        f"wall time: {latency}, {m.max_connections} calls at once (model.max_connections); a build takes at least its "
        "longest chain of calls (one document's messages, in stream order; a handoff condition's cases)",
        "a build repairs an unusable reply once: counted in 'at most'; inspect's own retries of failed requests "
        "are not counted, nor is inspect's cache (a call answered from it costs nothing)",
    ]
    if any(r.judge is not None for r in runs):
        lines.append(f"a judge grades every attempt's answer; its reply: {JUDGE_REPLY_CHARS} characters")
    for approach in dict.fromkeys(r.approach for r in runs if r.approach.uses_model):
        if getattr(approach.planned_calls, "__func__", None) is not getattr(Builder.planned_calls, "__func__", None):
            doc = " ".join((inspect.getdoc(approach.planned_calls) or "").split())
            lines.append(f"{approach.__name__}'s build: {doc}")
    return lines


def _n(x: float) -> str:
    return f"{round(x):,}"


def _usd(x: float | None) -> str:
    if x is None:
        return "unknown"
    return f"${x:,.2f}" if x >= 0.01 or x == 0 else f"${x:.2g}"


def _time(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.1f} min"
    return f"{seconds / 3600:.1f} h"


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True)))
        for r in rows
    ]
