"""`pack lint`: a quality gate on the pack's checks, run through the real scorer (see pack/README.md).

Control answers test each question's check (`positive` and `context` must pass it; `source`, `initial` and
`no-guidance` must fail it) and its strict verdict (`positive` must pass it, `commit_old` and `hedge` must
fail it; a `context` control that fails it is a warning). The pack's own texts test the check too: the
question itself, the corrective message, the later change as an answer to the familiar question, the
superseded texts and a generic answer without guidance. A handoff marker must be one token that every
statement of the final rule in the pack keeps (04's correction, the later change, the familiar
question's intended rule and corrective message) and that no other rule's message or correction
contains. A pack that fails lint still loads: findings are reported, not raised.
"""

import itertools
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from omseval.errors import PackError
from omseval.pack_schema._csv import read_rows
from omseval.pack_schema.loader import FILES, Pack
from omseval.scorers.check import verdict, verdicts

CONTROLS = "controls.csv"  # a pack's control answers, beside its CSVs (optional: another pack may have none)
# control kind -> whether its answers must pass the check (None: either way)
CONTROL_KINDS = {
    "positive": True,
    "context": True,
    "source": False,
    "initial": False,
    "no-guidance": False,
    "commit_old": None,  # commits to a superseded value, names the final one as the rejected alternative
    "hedge": None,  # offers a superseded and the final value as alternatives
}
# control kind -> whether its answers must pass the strict verdict; a context control failing it is a warning
STRICT_KINDS = {"positive": True, "context": True, "commit_old": False, "hedge": False}
WARNINGS = {"context (strict)"}
REQUIRED_KINDS = ("positive", "source", "initial", "no-guidance")
STRICT_REQUIRED_KINDS = ("commit_old", "hedge")  # required when the pack gives superseded_pattern
SUPERSEDED = ("source_excerpt", "initial_correction", "restatement_1", "restatement_2")
MESSAGES = ("initial_correction", "restatement_1", "restatement_2", "later_change")
MARKER = re.compile(
    r"^\S+$|^[A-Za-z]+ \d+$|^\d+ [A-Za-z]+$"
)  # one token, or a code or number with its unit ("Net 50", "3 spaces")
GENERIC_ANSWER = (  # what an agent says with no guidance; no question's check may pass it
    "I don't have any team-specific guidance for this, so I would follow common practice and adapt it to the situation."
)


@dataclass(frozen=True)
class Control:
    question_id: str
    kind: str
    answer: str
    row: int


@dataclass(frozen=True)
class Finding:
    file: str
    row: int | None
    column: str
    message: str
    kind: str  # what lint tested: a control kind or one of the pack's own texts

    @property
    def warning(self) -> bool:
        """Reported, but the pack still passes lint."""
        return self.kind in WARNINGS

    def __str__(self) -> str:
        row = f", row {self.row}" if self.row is not None else ""
        return ("warning: " if self.warning else "") + f"{self.file}{row}, column {self.column}: {self.message}"


def load_controls(path: Path, pack: Pack) -> dict[str, dict[str, list[Control]]]:
    """Control answers by question and kind; an unknown question or kind is a PackError."""
    name = path.name
    known = {q.question_id for q in pack.questions}
    controls: dict[str, dict[str, list[Control]]] = defaultdict(lambda: defaultdict(list))
    for row in read_rows(path, name, ["question_id", "kind", "answer"]):
        if row["question_id"] not in known:
            raise PackError(
                name, f"{row['question_id']!r} is not a question of the pack", row=row["#"], column="question_id"
            )
        if row["kind"] not in CONTROL_KINDS:
            raise PackError(name, f"kind must be one of {', '.join(CONTROL_KINDS)}", row=row["#"], column="kind")
        controls[row["question_id"]][row["kind"]].append(
            Control(row["question_id"], row["kind"], row["answer"], row["#"])
        )
    return controls


def _norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def _outcome(ok: bool | None, what: str = "") -> str:
    return {True: f"passes{what}", False: f"fails{what}", None: f"gets no verdict{what} (time-out)"}[ok]


LENGTHS = ((60, "short"), (200, "medium"), (10**9, "long"))  # words below the bound -> the length's name


def length(answer: str) -> str:
    """short (under 60 words), medium (60 to 199) or long (200 or more)."""
    words = len(answer.split())
    return next(name for bound, name in LENGTHS if words < bound)


@dataclass
class Linted:
    findings: list[Finding]
    tested: Counter  # kind -> answers run through the scorer ("<kind> (strict)" for the strict verdict)
    strict: Counter  # (kind, length, as labelled: True or False) -> controls: the strict verdict by kind and length


def required_kinds(pack: Pack) -> tuple[str, ...]:
    """The control kinds every question needs: commit_old and hedge too when the pack gives superseded_pattern."""
    strict = any(q.superseded_pattern for q in pack.questions)
    return REQUIRED_KINDS + (STRICT_REQUIRED_KINDS if strict else ())


class _Lint:
    def __init__(self, pack: Pack, controls: dict[str, dict[str, list[Control]]], controls_name: str):
        self.pack, self.controls, self.controls_name = pack, controls, controls_name
        self.findings: list[Finding] = []
        self.tested: Counter = Counter()  # kind -> answers run through the scorer
        self.strict: Counter = Counter()
        self.pending: list[tuple] = []  # (question, control) of every control, judged in one batch
        self.rule_row = {r.rule_id: i for i, r in enumerate(pack.rules, 1)}
        self.required = required_kinds(pack)

    def expect(
        self, q, text: str, must_pass: bool, kind: str, file: str, row: int | None, column: str, what: str
    ) -> bool:
        """Whether the check's verdict of `text` is `must_pass`; a finding when it is not."""
        self.tested[kind] += 1
        ok = verdict(q, text)
        if ok is not must_pass:
            self.findings.append(
                Finding(file, row, column, f"{what} {_outcome(ok)} {q.question_id}: {text[:70]!r}", kind)
            )
        return ok is must_pass

    def controls_judged(self) -> None:
        """Every control answer against its kind's check, then its strict expectation (counted as `<kind> (strict)`
        and by length), in one batch."""
        found = verdicts([(q, c.answer) for q, c in self.pending], explain=True)
        for (q, c), v in zip(self.pending, found, strict=True):
            must_pass, must_commit = CONTROL_KINDS[c.kind], STRICT_KINDS.get(c.kind)
            what = f"the {c.kind} control"
            if must_pass is not None:
                self.tested[c.kind] += 1
                if v.check is not must_pass:
                    message = f"{what} {_outcome(v.check)} {q.question_id} ({v.check_why}): {c.answer[:70]!r}"
                    self.findings.append(Finding(self.controls_name, c.row, "answer", message, c.kind))
                    continue  # one finding per control
            if must_commit is None:
                continue
            kind = f"{c.kind} (strict)"
            self.tested[kind] += 1
            self.strict[c.kind, length(c.answer), v.strict is must_commit] += 1
            if v.strict is not must_commit:
                message = (
                    f"{what} {_outcome(v.strict, ' the strict verdict')} of {q.question_id} ({v.strict_why}): "
                    f"{c.answer[:70]!r}"
                )
                self.findings.append(Finding(self.controls_name, c.row, "answer", message, kind))

    def question(self, row: int, q) -> None:
        rule = self.pack.rule(q.rule_id)
        qfile, rfile, rrow = FILES["questions"], FILES["rules"], self.rule_row[q.rule_id]
        given = self.controls.get(q.question_id, {})
        for kind in self.required:
            if not given.get(kind):
                self.findings.append(
                    Finding(
                        qfile,
                        row,
                        "question_id",
                        f"no {kind} control answer in {self.controls_name}",
                        "missing " + kind,
                    )
                )
        self.pending += [(q, c) for answers in given.values() for c in answers]
        self.expect(q, q.question, False, "own question", qfile, row, "pattern", "its own question text as the answer")
        self.expect(
            q, GENERIC_ANSWER, False, "generic answer", qfile, row, "pattern", "the generic answer without guidance"
        )
        self.expect(
            q,
            q.corrective_message,
            True,
            "corrective message",
            qfile,
            row,
            "corrective_message",
            "the corrective message",
        )
        if q.question_type == "familiar":
            self.expect(
                q, rule.later_change, True, "later change", rfile, rrow, "later_change", "the later change as an answer"
            )
        for column in SUPERSEDED:
            self.expect(q, getattr(rule, column), False, "superseded text", rfile, rrow, column, "the superseded text")
        if q.expect == "absent" and not q.required_pattern:
            self.findings.append(
                Finding(
                    qfile,
                    row,
                    "required_pattern",
                    "an absence check without required_pattern passes empty answers",
                    "check",
                )
            )

    def rule(self, row: int, rule) -> None:
        rfile = FILES["rules"]
        texts = [rule.initial_correction, rule.restatement_1, rule.restatement_2, rule.later_change]
        if len({_norm(t) for t in texts}) < 4:
            self.findings.append(
                Finding(rfile, row, "restatement_1", "initial, restatements and change are not all different", "rule")
            )
        if rule.corpus == "larger" and rule.source_excerpt not in self.pack.document(rule.skill).text:
            self.findings.append(Finding(rfile, row, "source_excerpt", f"not found in skills/{rule.skill}.md", "rule"))

    def marker(self, row: int, case) -> None:
        """One token, kept by each of the pack's own statements of the final rule, in no other rule's messages."""
        hfile, marker = FILES["handoff"], case.marker.strip()
        rule = self.pack.rule(case.rule_id)
        familiar = next(q for q in self.pack.questions if q.question_id == case.agent_a_question_id)
        if not MARKER.match(marker):
            self.findings.append(Finding(hfile, row, "marker", f"{marker!r} is not one token", "marker"))
        statements = {
            "correction": case.correction,
            f"later_change of {rule.rule_id}": rule.later_change,
            f"intended_rule of {familiar.question_id}": familiar.intended_rule,
            f"corrective_message of {familiar.question_id}": familiar.corrective_message,
        }
        for column, text in statements.items():
            if not case.marker_in(text):
                self.findings.append(Finding(hfile, row, "marker", f"{marker!r} is not in the {column}", "marker"))
        for other in self.pack.rules_of(rule.corpus):
            if other.rule_id != rule.rule_id and any(case.marker_in(getattr(other, c)) for c in MESSAGES):
                self.findings.append(
                    Finding(hfile, row, "marker", f"{marker!r} also appears in a message of {other.rule_id}", "marker")
                )
        for other_case in self.pack.handoff:
            if other_case.case_id != case.case_id and case.marker_in(other_case.correction):
                self.findings.append(
                    Finding(
                        hfile,
                        row,
                        "marker",
                        f"{marker!r} also appears in the correction of {other_case.case_id}",
                        "marker",
                    )
                )

    def confusable(self) -> None:
        """Two rules of one document whose checks pass each other's short positive controls (a long answer may
        rightly follow several rules of its document at once)."""
        questions = defaultdict(list)
        for q in self.pack.questions:
            questions[q.rule_id].append(q)

        def passes(a: str, b: str) -> bool:
            return any(
                verdict(q, c.answer)
                for q in questions[a]
                for p in questions[b]
                for c in self.controls.get(p.question_id, {}).get("positive", [])
                if length(c.answer) == "short"
            )

        by_skill = defaultdict(list)
        for rule in self.pack.rules:
            by_skill[rule.corpus, rule.skill].append(rule.rule_id)
        for ids in by_skill.values():
            for a, b in itertools.combinations(ids, 2):
                if passes(a, b) and passes(b, a):
                    self.findings.append(
                        Finding(
                            FILES["rules"],
                            self.rule_row[a],
                            "rule_id",
                            f"{a} and {b}: each rule's checks pass the other's final answers",
                            "rule",
                        )
                    )


def lint(pack: Pack, controls: dict[str, dict[str, list[Control]]], controls_name: str = "controls") -> Linted:
    """All findings, how many answers of each kind were run through the scorer, and the strict verdict's counts
    by kind and length."""
    run = _Lint(pack, controls, controls_name)
    for row, q in enumerate(pack.questions, 1):
        run.question(row, q)
    run.controls_judged()
    for row, rule in enumerate(pack.rules, 1):
        run.rule(row, rule)
    for row, case in enumerate(pack.handoff, 1):
        run.marker(row, case)
    run.confusable()
    return Linted(run.findings, run.tested, run.strict)
