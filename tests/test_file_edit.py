"""AI editing of instruction files: reply parsing, the offline heuristic's file roles, and the builder."""

import asyncio
import dataclasses
import json
from types import SimpleNamespace

import pytest

from omseval.builders.build import build_guidance
from omseval.builders.file_edit import parse_selection, rewrite_problem, strip_fence
from omseval.models import make_model
from omseval.offline.answering import respond
from omseval.offline.files import HEADING, edit, select
from omseval.pack_schema import load_pack
from tests.helpers import PACK, validated
from tests.helpers import builder as make_builder

NAMES = ["chart-design", "dashboard-design", "sql-queries"]
FILES = """- chart-design.md: Chart design — How we design a single chart: chart type, axes, colour and labels.
- dashboard-design.md: Dashboard design — How we build BI dashboards: layout, tiles, filters and refresh.
- sql-queries.md: SQL queries for analytics — How we write analytics SQL: formatting, CTEs and rounding."""
DOC = """# Chart design

## Colour

- Limit a chart to 6 colour-coded categories and group the rest into 'Other'.
- Highlight the series you are discussing in brand blue.
"""


@pytest.fixture(scope="module")
def pack():
    return load_pack(PACK)


# ---------------------------------------------------------------------------------------------
# parsing the model's replies


@pytest.mark.parametrize(
    "reply",
    [
        "chart-design.md",
        "chart-design",
        "I would file it in `chart-design.md`.",
        '"chart-design.md"',
        "File: chart-design.md (the chart guide)",
        "**chart-design**",
    ],
)
def test_selection_accepts_one_listed_name(reply):
    assert parse_selection(reply, NAMES) == "chart-design"


@pytest.mark.parametrize(
    "reply, problem",
    [
        ("charts.md", "none of the listed files"),
        ("design.md", "none of the listed files"),
        ("", "none of the listed files"),
        ("chart-design.md or dashboard-design.md", "2 of the listed files"),
    ],
)
def test_selection_refuses_unknown_or_several_names(reply, problem):
    with pytest.raises(ValueError, match=problem):
        parse_selection(reply, NAMES)


def test_selection_counts_a_repeated_name_once():
    assert parse_selection("chart-design.md. Yes, chart-design.", NAMES) == "chart-design"


def test_strip_fence():
    assert strip_fence("```markdown\n# Doc\n- a\n```") == "# Doc\n- a"
    assert strip_fence("# Doc\n```\ncode\n```\nmore") == "# Doc\n```\ncode\n```\nmore"


@pytest.mark.parametrize(
    "old_len, new_len, stop, expected",
    [
        (1000, 400, "stop", "reply under half the old file's length"),  # a long document lost a part
        (1000, 600, "stop", None),
        (150, 10, "stop", None),  # a short document may shrink
        (1000, 1000, "max_tokens", "truncated reply (max_tokens)"),
        (1000, 0, "stop", "empty reply"),
    ],
)
def test_rewrite_problem(old_len, new_len, stop, expected):
    assert rewrite_problem("x" * old_len, "y" * new_len, stop) == expected


# ---------------------------------------------------------------------------------------------
# the offline heuristic's roles


def test_heuristic_selects_by_words():
    assert select(FILES, "Round every ratio in a query to two decimals.") == "sql-queries.md"
    assert select(FILES, "Dashboards show at most 8 tiles per page.") == "dashboard-design.md"
    assert select(FILES, "Axes labels are 12 pt.") == "chart-design.md"


def test_heuristic_edit_replaces_the_statement_with_another_value():
    out = edit(DOC, "Correction: a chart may have up to 8 colour-coded categories before the rest go into 'Other'.")
    assert "6 colour-coded" not in out and "- A chart may have up to 8 colour-coded categories" in out
    assert "brand blue" in out and out.startswith("# Chart design") and HEADING not in out


def test_heuristic_edit_keeps_one_statement_of_a_restatement():
    assert edit(DOC, "Reminder: six colour-coded categories at most, the rest go into 'Other'.") == DOC


def test_heuristic_edit_adds_an_unrelated_correction():
    out = edit(DOC, "Update: footnotes begin 'Data via:'.")
    assert out == DOC.rstrip("\n") + f"\n\n{HEADING}\n- Footnotes begin 'Data via:'.\n"
    assert edit("", "Use UTC.") == f"{HEADING}\n- Use UTC.\n"


def test_respond_dispatches_file_prompts(pack):
    selection = pack.render("file_selection", files=FILES, correction="Format SQL with uppercase keywords.")
    assert json.loads(respond(selection, "file_selection")) == {"file": "sql-queries.md"}  # by the reply's schema
    editing = pack.render("file_editing", document=DOC, correction="Use 4 colour-coded categories at most.")
    edited = respond(editing, "edit")  # by the role its message declares
    assert "4 colour-coded" in edited and "6 colour-coded" not in edited
    assert HEADING in respond(pack.render("shared_file_editing", document="", correction="Use UTC."), "edit")


# ---------------------------------------------------------------------------------------------
# the builder


class Scripted:
    """A model that returns the given replies in order and records the prompts."""

    config = SimpleNamespace(max_connections=1)

    def __init__(self, *replies: tuple[str, str]):
        self.replies, self.prompts = list(replies), []

    async def generate(self, messages, config=None, cache=False):
        [message] = messages
        self.prompts.append(message.text)
        completion, stop = self.replies.pop(0)
        return SimpleNamespace(completion=completion, stop_reason=stop, usage=None)


def builder(tmp_path, model, *overrides):
    return make_builder(validated(tmp_path, "approach=file_edit", *overrides), tmp_path, model)


def process(b, *messages):
    """Each message prepared, then processed, in turn: the log entries."""

    async def each():
        return [await b.process(m, await b.prepare(m)) for m in messages]

    return asyncio.run(each())


def larger_message(pack):
    return pack.sequence_of("larger")[0]


def test_unusable_selection_is_asked_again_then_a_filing_failure(pack, tmp_path):
    model = Scripted(("the chart file", "stop"), ("chart-design.md or sql-queries.md", "stop"))
    b = builder(tmp_path, model)
    [entry] = process(b, larger_message(pack))
    assert entry["failure"].startswith("filing failure") and "2 of the listed files" in entry["failure"]
    assert entry["cause"] == "filing failure"
    assert entry["correct_file"] is False and len(model.prompts) == 2
    assert model.prompts[1].startswith("Your previous reply could not be used: it named none of the listed files")
    assert model.prompts[0] in model.prompts[1]
    assert b.documents == {d.skill: d.text for d in pack.documents}


def test_edit_reply_replaces_the_file_or_is_a_processing_loss(pack, tmp_path):
    message = larger_message(pack)
    old, pick = pack.document(message.skill).text, (f"{message.skill}.md", "stop")
    model = Scripted(
        pick,
        (f"```markdown\n{old}- new line\n```", "stop"),
        pick,
        ("", "stop"),
        pick,
        (old[:100], "stop"),
        pick,
        (old, "max_tokens"),
    )
    b = builder(tmp_path, model)
    [entry] = process(b, message)
    assert entry == {
        "message_id": message.message_id,
        "position": message.position,
        "document": message.skill,
        "correct_file": True,
        "chars": len(old) + len("- new line\n"),
    }
    assert "<document>" in model.prompts[1] and old in model.prompts[1]
    whys = ("empty reply", "reply under half the old file's length", "truncated reply (max_tokens)")
    entries = process(b, *(dataclasses.replace(message, message_id=f"{message.message_id}-{why}") for why in whys))
    for why, entry in zip(whys, entries, strict=True):
        assert entry["cause"] == "unusable reply" and entry["failure"].startswith(f"unusable reply: {why}")
    assert b.documents[message.skill] == old + "- new line\n" and not model.replies


def test_hinted_file_needs_no_selection(pack, tmp_path):
    message = larger_message(pack)
    model = Scripted((pack.document(message.skill).text + "- new line\n", "stop"))
    [entry] = process(builder(tmp_path, model, "approach=file_edit_hinted"), message)
    assert entry["document"] == message.skill and entry["correct_file"] and "failure" not in entry
    assert len(model.prompts) == 1 and "<files>" not in model.prompts[0]


def test_state_is_saved_after_every_message(pack, tmp_path):
    message = larger_message(pack)
    new = pack.document(message.skill).text + "- new line\n"
    process(builder(tmp_path, Scripted((f"{message.skill}.md", "stop"), (new, "stop"))), message)
    again = builder(tmp_path, None)
    assert again.processed() == {message.message_id} and again.documents[message.skill] == new


# ---------------------------------------------------------------------------------------------
# offline end to end


@pytest.mark.parametrize(
    "approach, corpus",
    [
        ("file_edit", "larger"),
        ("file_edit_hinted", "larger"),
        ("file_edit", "smaller"),
    ],
)
def test_offline_build(pack, tmp_path, approach, corpus):
    run = validated(tmp_path, f"approach={approach}", f"corpus={corpus}", "rules=8")  # 32 messages
    guidance = asyncio.run(build_guidance(run, make_model(run.cfg.model)))
    log = [json.loads(line) for line in (guidance.path / "processing.jsonl").read_text().splitlines()]
    assert [e["message_id"] for e in log] == [m.message_id for m in run.pack.sequence_of(corpus)]
    assert guidance.manifest["messages"] == 32 and guidance.manifest["failures"] == 0
    last = {e["document"]: e["chars"] for e in log}
    assert all(chars == len(guidance.documents[name]) for name, chars in last.items())
    if corpus == "smaller":
        assert list(guidance.documents) == ["shared"] and HEADING in guidance.documents["shared"]
    elif approach == "file_edit_hinted":
        assert all(e["correct_file"] for e in log)
    else:
        assert 0 < sum(e["correct_file"] for e in log) < 32  # the heuristic chose, and sometimes missed
    if corpus == "larger":
        assert any(text != pack.document(s).text for s, text in guidance.documents.items())
    again = asyncio.run(build_guidance(run, make_model(run.cfg.model)))
    assert again.key == guidance.key and again.documents == guidance.documents
