"""Load and validate a pack (see pack/README.md): every error names the file, row and column."""

import functools
import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

from omseval.errors import PackError
from omseval.pack_schema._csv import read_rows, read_text
from omseval.pack_schema.ordering import KINDS, PROBABILITIES, Message, message_text

FILES = {
    "rules": "01-test-cases.csv",
    "sequence": "02-correction-sequence.csv",
    "questions": "03-question-scoring.csv",
    "handoff": "04-agent-handoff.csv",
    "documents": "05-starting-documents.csv",
    "templates": "06-prompt-templates.csv",
    "schedule": "07-handoff-recording-schedule.csv",
}
CORPORA = ("larger", "smaller")
SHARED_SKILL = "shared"  # the smaller corpus's rules name the one shared guidance file as their skill
PLACEHOLDERS = {
    "question": {"guidance", "question"},
    "retry": {"guidance", "question", "previous_answer", "corrective_message"},
    "file_selection": {"files", "correction"},
    "file_editing": {"document", "correction"},
    "shared_file_editing": {"document", "correction"},
}
RULE_ID = re.compile(r"^r-[a-z0-9-]+$")
SKILL_ID = re.compile(r"^[a-z0-9-]+$")
MESSAGE_ID = re.compile(r"^(r-[a-z0-9-]+)/(initial|restatement-1|restatement-2|change)$")
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


@dataclass(frozen=True)
class Rule:
    corpus: str
    rule_id: str
    skill: str
    source_url: str
    source_excerpt: str
    initial_correction: str
    restatement_1: str
    restatement_2: str
    later_change: str
    familiar_question: str
    situational_question: str


@dataclass(frozen=True)
class Question:
    corpus: str
    rule_id: str
    question_id: str
    question_type: str
    question: str
    intended_rule: str
    pattern: str
    expect: str
    required_pattern: str
    corrective_message: str
    superseded_pattern: str = ""  # optional column: a superseded value stated (the strict verdict)


@dataclass(frozen=True)
class HandoffCase:
    case_id: str
    rule_id: str
    agent_a_question_id: str
    agent_a_task: str
    correction: str
    agent_b_question_id: str
    agent_b_task: str
    marker: str

    def marker_in(self, text: str) -> bool:
        return marker_found(self.marker, text)


def marker_found(marker: str, text: str) -> bool:
    """Whether `marker` occurs in `text`, ignoring case and a plural ending, not inside a longer word or number."""
    m = marker.strip()
    before = r"(?<![\d.,])" if m[:1].isdigit() else r"(?<![A-Za-z0-9])" if m[:1].isalpha() else ""
    after = r"(?!\d)" if m[-1:].isdigit() else r"(?:e?s)?(?![A-Za-z0-9])" if m[-1:].isalpha() else ""
    return re.search(before + re.escape(m) + after, text, re.IGNORECASE) is not None


@dataclass(frozen=True)
class SkillDocument:
    skill: str
    title: str
    description: str
    path: str
    source_url: str
    pinned_version: str
    licence: str
    sha256: str
    text: str


@dataclass
class Pack:
    path: Path
    rules: list[Rule]
    sequence: list[Message]
    questions: list[Question]
    handoff: list[HandoffCase]
    documents: list[SkillDocument]
    templates: dict[str, str]
    schedule: dict[int, dict[str, dict[int, bool]]]  # seed -> case_id -> probability -> recorded
    checksum: str = field(default="")

    def rules_of(self, corpus: str) -> list[Rule]:
        return [r for r in self.rules if r.corpus == corpus]

    def questions_of(self, corpus: str) -> list[Question]:
        return [q for q in self.questions if q.corpus == corpus]

    def sequence_of(self, corpus: str) -> list[Message]:
        return [m for m in self.sequence if m.corpus == corpus]

    def document(self, skill: str) -> SkillDocument:
        return next(d for d in self.documents if d.skill == skill)

    def rule(self, rule_id: str) -> Rule:
        return next(r for r in self.rules if r.rule_id == rule_id)

    def render(self, template_id: str, **values: str) -> str:
        return fill(self.templates[template_id], **values)


def fill(template: str, **values: str) -> str:
    """Plain substitution of `{name}` slots (not str.format), so braces inside values are safe."""
    return PLACEHOLDER.sub(lambda m: values[m.group(1)], template)


OPTIONAL_COLUMNS = {"superseded_pattern"}  # a pack in the seed's schema goes without them


def columns(cls) -> list[str]:
    return [f for f in cls.__dataclass_fields__ if f != "text" and f not in OPTIONAL_COLUMNS]


SEQUENCE_COLUMNS = list(Message.__dataclass_fields__)  # 02: one column per field of a message
SCHEDULE_COLUMNS = ["seed", "case_id", *(f"p{p}" for p in PROBABILITIES)]  # 07


def inside(root: Path, relative: str, file: str, row: int | None = None, column: str | None = None) -> Path:
    """The pack's file `relative`, which must resolve inside the pack folder (symlinks followed): a pack reads
    only its own files."""
    path = root / relative
    if not path.resolve().is_relative_to(root.resolve()):
        raise PackError(file, f"{relative} resolves outside the pack folder", row=row, column=column)
    return path


class _Reader:
    """Reads one CSV and checks cells, naming file, row and column on error."""

    def __init__(self, root: Path, key: str, columns: list[str]):
        self.name = FILES[key]
        self.rows = read_rows(inside(root, self.name, self.name), self.name, columns)

    def fail(self, row: dict, column: str | None, message: str) -> NoReturn:
        raise PackError(self.name, message, row=row["#"], column=column)

    def text(self, row: dict, column: str, optional: bool = False) -> str:
        value = row[column]
        if not optional and not value.strip():
            self.fail(row, column, "empty value")
        return value

    def choice(self, row: dict, column: str, options) -> str:
        value = row[column].strip()
        if value not in options:
            self.fail(row, column, f"{value!r} is not one of {', '.join(map(str, options))}")
        return value

    def match(self, row: dict, column: str, pattern: re.Pattern) -> str:
        value = row[column].strip()
        if not pattern.match(value):
            self.fail(row, column, f"{value!r} does not match {pattern.pattern}")
        return value

    def integer(self, row: dict, column: str) -> int:
        try:
            return int(row[column])
        except ValueError:
            self.fail(row, column, f"{row[column]!r} is not an integer")

    def boolean(self, row: dict, column: str) -> bool:
        return self.choice(row, column, ("true", "false")) == "true"

    def regex(self, row: dict, column: str, optional: bool = False) -> str:
        value = self.text(row, column, optional)
        try:
            re.compile(value, re.MULTILINE)
        except re.error as e:
            self.fail(row, column, f"invalid regular expression: {e}")
        return value

    def unique(self, row: dict, column: str, value: str, seen: set):
        if value in seen:
            self.fail(row, column, f"duplicate {value!r}")
        seen.add(value)


def load_pack(path: str | Path) -> Pack:
    root = require_folder(path)
    stamp = tuple(sorted((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in root.rglob("*") if f.is_file()))
    return _load(root, stamp)


@functools.lru_cache(maxsize=8)
def _load(root: Path, stamp: tuple) -> Pack:
    """A pack is read once per process while none of its files changes (`stamp`: their paths, times, sizes)."""
    documents = _load_documents(root)
    skills = {d.skill for d in documents}
    rules = _load_rules(root, skills)
    questions = _load_questions(root, rules)
    sequence = _load_sequence(root, rules)
    handoff = _load_handoff(root, rules, questions)
    return Pack(
        path=root,
        rules=list(rules.values()),
        sequence=sequence,
        questions=questions,
        handoff=handoff,
        documents=documents,
        templates=_load_templates(root),
        schedule=_load_schedule(root, handoff),
        checksum=pack_checksum(root, documents),
    )


def require_folder(path: str | Path) -> Path:
    """The pack folder; a folder holding none of the pack's CSV files is named as not a pack."""
    root = Path(path)
    if not root.is_dir():
        raise PackError(str(path), "pack folder not found")
    if not any((root / name).is_file() for name in FILES.values()):
        raise PackError(str(path), f"not a pack: none of its files ({', '.join(FILES.values())}) is in this folder")
    return root


def pack_checksum(root: Path, documents: list[SkillDocument]) -> str:
    """The pack's identity: sha256 over the name and content of every file a run reads (the CSVs, which
    hold the templates, and the skill documents), so an edit changes it with or without `pack build`."""
    h = hashlib.sha256()
    for name in sorted([*FILES.values(), *(d.path for d in documents)]):
        h.update(f"{hashlib.sha256((root / name).read_bytes()).hexdigest()}  {name}\n".encode())
    return h.hexdigest()


def _load_documents(root: Path) -> list[SkillDocument]:
    r = _Reader(root, "documents", columns(SkillDocument))
    seen, docs = set[str](), []
    for row in r.rows:
        skill = r.match(row, "skill", SKILL_ID)
        r.unique(row, "skill", skill, seen)
        path = r.text(row, "path")
        if path != f"skills/{skill}.md":
            r.fail(row, "path", f"must be skills/{skill}.md")
        file = inside(root, path, r.name, row["#"], "path")
        if not file.is_file():
            r.fail(row, "path", f"{path} not found in the pack")
        data = file.read_bytes()
        if hashlib.sha256(data).hexdigest() != row["sha256"].strip().lower():
            r.fail(
                row,
                "sha256",
                f"does not match the bytes of {path} (after an edit, run `python -m omseval.pack_schema build`)",
            )
        text = read_text(file, path)
        fields = {c: r.text(row, c) for c in ("title", "description", "source_url", "pinned_version", "licence")}
        docs.append(SkillDocument(skill=skill, path=path, sha256=row["sha256"].strip().lower(), text=text, **fields))
    return docs


def _load_rules(root: Path, skills: set[str]) -> dict[str, Rule]:
    r = _Reader(root, "rules", columns(Rule))
    rules: dict[str, Rule] = {}
    for row in r.rows:
        corpus = r.choice(row, "corpus", CORPORA)
        rule_id = r.match(row, "rule_id", RULE_ID)
        r.unique(row, "rule_id", rule_id, set(rules))
        skill = row["skill"].strip()
        if corpus == "smaller" and skill != SHARED_SKILL:
            r.fail(row, "skill", f"smaller-corpus rules use the skill {SHARED_SKILL!r}")
        if corpus == "larger" and skill not in skills:
            r.fail(row, "skill", f"{skill!r} is not a skill of {FILES['documents']}")
        cells = {c: r.text(row, c) for c in columns(Rule) if c not in ("corpus", "rule_id", "skill")}
        rules[rule_id] = Rule(corpus=corpus, rule_id=rule_id, skill=skill, **cells)
    return rules


def _load_questions(root: Path, rules: dict[str, Rule]) -> list[Question]:
    r = _Reader(root, "questions", columns(Question))
    seen, questions, types = set[str](), [], {}
    for row in r.rows:
        superseded = "superseded_pattern" in row  # optional column
        corpus = r.choice(row, "corpus", CORPORA)
        rule_id = r.text(row, "rule_id").strip()
        if rule_id not in rules:
            r.fail(row, "rule_id", f"{rule_id!r} is not a rule of {FILES['rules']}")
        if rules[rule_id].corpus != corpus:
            r.fail(row, "corpus", f"rule {rule_id} belongs to the {rules[rule_id].corpus} corpus")
        question_id = r.text(row, "question_id").strip()
        r.unique(row, "question_id", question_id, seen)
        qtype = r.choice(row, "question_type", ("familiar", "situational"))
        if (rule_id, qtype) in types:
            r.fail(row, "question_type", f"rule {rule_id} already has a {qtype} question")
        types[rule_id, qtype] = question_id
        text = r.text(row, "question")
        expected = getattr(rules[rule_id], f"{qtype}_question")
        if text != expected:
            r.fail(row, "question", f"differs from the {qtype}_question of {rule_id} in {FILES['rules']}")
        questions.append(
            Question(
                corpus=corpus,
                rule_id=rule_id,
                question_id=question_id,
                question_type=qtype,
                question=text,
                intended_rule=r.text(row, "intended_rule"),
                pattern=r.regex(row, "pattern"),
                expect=r.choice(row, "expect", ("present", "absent")),
                required_pattern=r.regex(row, "required_pattern", optional=True),
                corrective_message=r.text(row, "corrective_message"),
                superseded_pattern=r.regex(row, "superseded_pattern", optional=True) if superseded else "",
            )
        )
    for rule_id in rules:
        for qtype in ("familiar", "situational"):
            if (rule_id, qtype) not in types:
                raise PackError(FILES["questions"], f"rule {rule_id} has no {qtype} question")
    return questions


def _load_sequence(root: Path, rules: dict[str, Rule]) -> list[Message]:
    r = _Reader(root, "sequence", SEQUENCE_COLUMNS)
    seen, messages = set[str](), []
    for row in r.rows:
        corpus = r.choice(row, "corpus", CORPORA)
        message_id = r.match(row, "message_id", MESSAGE_ID)
        r.unique(row, "message_id", message_id, seen)
        rule_id, suffix = message_id.split("/")  # MESSAGE_ID: r-<rule>/<kind>
        if r.text(row, "rule_id").strip() != rule_id or rule_id not in rules:
            r.fail(row, "rule_id", f"must be the rule of {message_id}, a rule of {FILES['rules']}")
        rule = rules[rule_id]
        if rule.corpus != corpus or row["skill"].strip() != rule.skill:
            r.fail(row, "skill", f"must be {rule.skill!r} ({rule.corpus} corpus), as in {FILES['rules']}")
        kind = r.choice(row, "kind", ("initial", "restatement", "change"))
        if not suffix.startswith(kind):
            r.fail(row, "kind", f"does not match {message_id}")
        in_force = r.match(row, "in_force", MESSAGE_ID)
        if not in_force.startswith(rule_id + "/"):
            r.fail(row, "in_force", f"must name a message of {rule_id}")
        if row["text"] != message_text(rule, suffix):
            r.fail(row, "text", f"differs from the matching cell of {rule_id} in {FILES['rules']}")
        messages.append(
            Message(
                corpus,
                r.integer(row, "seed"),
                r.integer(row, "position"),
                message_id,
                rule_id,
                rule.skill,
                kind,
                row["text"],
                in_force,
                r.boolean(row, "stale"),
            )
        )
    _check_stream(r, messages, rules)
    return messages


def _check_stream(r: _Reader, messages: list[Message], rules: dict[str, Rule]) -> None:
    """The structure the answer key rests on, as `pack verify` checks it (verify also regenerates the exact
    order from the seed): per corpus one seed and positions 1..n; every rule of the corpus with its four messages;
    each rule's change after its initial; `in_force` and `stale` as the ordering rule gives them."""
    rows = dict(zip((m.message_id for m in messages), r.rows, strict=True))
    for corpus in CORPORA:
        stream = sorted((m for m in messages if m.corpus == corpus), key=lambda m: m.position)
        if not stream:
            continue
        for m in stream:
            if m.seed != stream[0].seed:
                r.fail(rows[m.message_id], "seed", f"the {corpus} corpus has seeds {stream[0].seed} and {m.seed}")
        for n, m in enumerate(stream, start=1):
            if m.position != n:
                r.fail(rows[m.message_id], "position", f"the {corpus} corpus's positions must run 1..{len(stream)}")
        at = {m.message_id: m.position for m in stream}
        for rule in (x for x in rules.values() if x.corpus == corpus):
            missing = [f"{rule.rule_id}/{k}" for k in KINDS if f"{rule.rule_id}/{k}" not in at]
            if missing:
                raise PackError(r.name, f"the {corpus} stream has no {missing[0]}")
        for m in stream:
            change = f"{m.rule_id}/change"
            if m.kind == "change" and at[change] < at[f"{m.rule_id}/initial"]:
                r.fail(rows[m.message_id], "position", f"{m.message_id} comes before its initial correction")
            stale = m.kind == "restatement" and at[change] < m.position
            expected = m.message_id if m.kind != "restatement" else change if stale else f"{m.rule_id}/initial"
            if m.in_force != expected:
                r.fail(rows[m.message_id], "in_force", f"is {m.in_force}, the stream's order gives {expected}")
            if m.stale != stale:
                r.fail(rows[m.message_id], "stale", f"is {str(m.stale).lower()}, the stream's order gives {stale}")


def _load_handoff(root: Path, rules: dict[str, Rule], questions: list[Question]) -> list[HandoffCase]:
    r = _Reader(root, "handoff", columns(HandoffCase))
    by_id = {q.question_id: q for q in questions}
    seen, cases = set[str](), []
    for row in r.rows:
        case_id = r.text(row, "case_id").strip()
        r.unique(row, "case_id", case_id, seen)
        rule_id = r.text(row, "rule_id").strip()
        if rule_id not in rules or rules[rule_id].corpus != "smaller":
            r.fail(row, "rule_id", f"{rule_id!r} is not a smaller-corpus rule of {FILES['rules']}")
        for agent, qtype in (("a", "familiar"), ("b", "situational")):
            qid = r.text(row, f"agent_{agent}_question_id").strip()
            if qid not in by_id or by_id[qid].rule_id != rule_id or by_id[qid].question_type != qtype:
                r.fail(row, f"agent_{agent}_question_id", f"{qid!r} is not the {qtype} question of {rule_id}")
            if row[f"agent_{agent}_task"] != by_id[qid].question:
                r.fail(row, f"agent_{agent}_task", f"differs from the text of {qid} in {FILES['questions']}")
        cells = {c: r.text(row, c) for c in columns(HandoffCase) if c not in ("case_id", "rule_id")}
        cases.append(
            HandoffCase(
                case_id=case_id, rule_id=rule_id, **{k: v.strip() if k.endswith("_id") else v for k, v in cells.items()}
            )
        )
    return cases


def _load_templates(root: Path) -> dict[str, str]:
    r = _Reader(root, "templates", ["template_id", "used_by", "text"])
    templates: dict[str, str] = {}
    for row in r.rows:
        tid = r.choice(row, "template_id", tuple(PLACEHOLDERS))
        r.unique(row, "template_id", tid, set(templates))
        text = r.text(row, "text")
        found = set(PLACEHOLDER.findall(text))
        if unknown := found - PLACEHOLDERS[tid]:
            r.fail(row, "text", f"unknown placeholder {{{sorted(unknown)[0]}}}")
        if missing := PLACEHOLDERS[tid] - found:
            r.fail(row, "text", f"missing placeholder {{{sorted(missing)[0]}}}")
        templates[tid] = text
    for tid in PLACEHOLDERS:
        if tid not in templates:
            raise PackError(FILES["templates"], f"no template {tid!r}")
    return templates


def _load_schedule(root: Path, handoff: list[HandoffCase]) -> dict[int, dict[str, dict[int, bool]]]:
    r = _Reader(root, "schedule", SCHEDULE_COLUMNS)
    cases = {c.case_id for c in handoff}
    schedule: dict[int, dict[str, dict[int, bool]]] = {}
    for row in r.rows:
        seed = r.integer(row, "seed")
        case_id = r.text(row, "case_id").strip()
        if case_id not in cases:
            r.fail(row, "case_id", f"{case_id!r} is not a case of {FILES['handoff']}")
        if case_id in schedule.get(seed, {}):
            r.fail(row, "case_id", f"duplicate {case_id!r} for seed {seed}")
        schedule.setdefault(seed, {})[case_id] = {p: r.boolean(row, f"p{p}") for p in PROBABILITIES}
    return schedule
