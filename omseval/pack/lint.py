"""`pack lint`: checks that every question's check is fair, using control answers.

For every question: positive controls pass; the `source` and `initial` controls fail; a generic
answer without guidance fails. Per rule: the check fails the source excerpt, the initial
correction and both restatements; a presence pattern does not match its own question;
restatements differ; a larger rule's excerpt is found in its document; two rules of one
skill document do not pass each other's final answers.
"""

import itertools
import re
from collections import defaultdict
from pathlib import Path

from omseval.errors import PackError
from omseval.pack._csv import read_rows
from omseval.pack.loader import Pack
from omseval.scorers.check import verdict

CONTROL_KINDS = ("positive", "source", "initial")
GENERIC_ANSWER = (  # what an agent says with no guidance; no question's check may pass it
    "I don't have any team-specific guidance for this, so I would follow common practice "
    "and adapt it to the situation."
)


def load_controls(path: Path, pack: Pack) -> dict[str, dict[str, list[str]]]:
    name = str(path)
    known = {q.question_id for q in pack.questions}
    controls: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for row in read_rows(path, name, ["question_id", "kind", "answer"]):
        if row["question_id"] not in known:
            raise PackError(name, f"{row['question_id']!r} is not a question of the pack", row=row["#"], column="question_id")
        if row["kind"] not in CONTROL_KINDS:
            raise PackError(name, f"kind must be one of {', '.join(CONTROL_KINDS)}", row=row["#"], column="kind")
        controls[row["question_id"]][row["kind"]].append(row["answer"])
    return controls


def _norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def lint(pack: Pack, controls: dict[str, dict[str, list[str]]]) -> list[str]:
    findings = []
    questions = defaultdict(list)
    for q in pack.questions:
        questions[q.rule_id].append(q)
    for q in pack.questions:
        rule = pack.rule(q.rule_id)
        c = controls.get(q.question_id, {})
        for kind in CONTROL_KINDS:
            if not c.get(kind):
                findings.append(f"{q.question_id}: no {kind} control answer")
        for text in c.get("positive", []):
            if verdict(q, text) is not True:
                findings.append(f"{q.question_id}: a positive control fails: {text[:60]!r}")
        for kind in ("source", "initial"):
            for text in c.get(kind, []):
                if verdict(q, text) is not False:
                    findings.append(f"{q.question_id}: the {kind} control passes: {text[:60]!r}")
        if verdict(q, GENERIC_ANSWER) is not False:
            findings.append(f"{q.question_id}: a generic answer without guidance passes")
        for column in ("source_excerpt", "initial_correction", "restatement_1", "restatement_2"):
            if verdict(q, getattr(rule, column)) is not False:
                findings.append(f"{q.question_id}: the check passes the stale text of {column}")
        if q.expect == "present" and re.search(q.pattern, q.question, re.MULTILINE):
            findings.append(f"{q.question_id}: the question text contains its final value")
        if q.expect == "absent" and not q.required_pattern:
            findings.append(f"{q.question_id}: an absence check without required_pattern passes empty answers")
    for rule in pack.rules:
        texts = [rule.initial_correction, rule.restatement_1, rule.restatement_2, rule.later_change]
        if len({_norm(t) for t in texts}) < 4:
            findings.append(f"{rule.rule_id}: initial, restatements and change are not all different")
        if rule.corpus == "larger" and rule.source_excerpt not in pack.document(rule.skill).text:
            findings.append(f"{rule.rule_id}: source_excerpt not found in skills/{rule.skill}.md")
    by_skill = defaultdict(list)
    for rule in pack.rules:
        by_skill[rule.corpus, rule.skill].append(rule.rule_id)

    def passes(a: str, b: str) -> bool:
        return any(verdict(q, t) for q in questions[a] for p in questions[b] for t in controls.get(p.question_id, {}).get("positive", []))

    for ids in by_skill.values():
        for a, b in itertools.combinations(ids, 2):
            if passes(a, b) and passes(b, a):
                findings.append(f"{a} ~ {b}: the two rules' checks pass each other's final answers")
    return findings
