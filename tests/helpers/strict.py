"""A pack with superseded patterns written by the test, and the compliance score of answers to one question."""

import re
from pathlib import Path

from inspect_ai import Task, eval
from inspect_ai.dataset import MemoryDataset
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from inspect_ai.solver import generate

from omseval.pack_schema import FILES, load_pack
from omseval.pack_schema._csv import read_rows, write_rows
from omseval.samples import question_sample
from omseval.scorers.compliance import compliance
from omseval.solvers import retry_loop
from omseval.text import values

QID = "q-s-sheet-input-font-color-familiar"  # final rule: magenta font; superseded: blue (source), orange
SUPERSEDED = r"(?i)\b(?:blue|orange)\b"
COMMIT_OLD = "Use orange font for the inputs. Some newer notes say magenta, but orange is the standard."
HEDGE = "Either orange or magenta font is fine for inputs."
CONTEXT = "Magenta font for hard-coded inputs; it replaced the old orange."
POSITIVE = "Magenta font for inputs, black for formulas."
CONTEXT_UNMARKED = "Magenta font for inputs. Orange came from the first mock-ups."  # no marker the verdict reads


def with_superseded(pack: Path, patterns: dict[str, str]) -> Path:
    """Give 03 a superseded_pattern column (added when absent) holding `patterns` by question id, else empty."""
    name = FILES["questions"]
    rows = read_rows(pack / name, name, [])
    columns = [c for c in rows[0] if c != "#" and c != "superseded_pattern"] + ["superseded_pattern"]
    for row in rows:
        row["superseded_pattern"] = patterns.get(row["question_id"], "")
    write_rows(pack / name, columns, rows)
    return pack


def without_superseded(pack: Path) -> Path:
    """03 in the seed's schema: no superseded_pattern column."""
    name = FILES["questions"]
    rows = read_rows(pack / name, name, [])
    write_rows(pack / name, [c for c in rows[0] if c not in ("#", "superseded_pattern")], rows)
    return pack


def generic_patterns(pack) -> dict[str, str]:
    """A pattern per smaller-corpus question: the values of the initial correction that the later change
    does not give (whole words), written from the pack's own texts, not from any answer."""
    patterns = {}
    for q in pack.questions_of("smaller"):
        rule = pack.rule(q.rule_id)
        old = sorted(v for v in values(rule.initial_correction) - values(rule.later_change) if len(v) > 1)
        if old:
            patterns[q.question_id] = r"(?i)(?<!\w)(?:" + "|".join(map(re.escape, old)) + r")(?!\w)"
    return patterns


def mock(*answers: str):
    outputs = []
    for a in answers:
        out = ModelOutput.from_content("mockllm", a)
        out.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        outputs.append(out)
    return get_model("mockllm/model", custom_outputs=outputs)


def score_of(pack_dir: Path, *answers: str, judge: str | None = None):
    """The compliance score of QID answered with `answers` in turn through the real retry loop."""
    pack = load_pack(pack_dir)
    q = next(q for q in pack.questions if q.question_id == QID)
    task = Task(
        dataset=MemoryDataset([question_sample(q, q.question_id, "none", guidance="")]),
        solver=retry_loop(generate(), pack.templates["retry"], cache=False),
        scorer=compliance(judge=judge, cache=False),
    )
    [log] = eval(task, model=mock(*answers), display="none", log_dir=str(pack_dir.parent / "logs"))
    return log.samples[0].scores["compliance"]
