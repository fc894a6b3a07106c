"""The text-file builders' journal: one synced line per processed message, a torn last line dropped on resume."""

import asyncio
import json

import pytest

from omseval.builders import artifact, jsonl
from omseval.builders.base import JOURNAL, FileBuilder, apply_delta, delta
from omseval.builders.build import build_guidance, correction_stream
from omseval.models import make_model
from tests.helpers import builder, validated


def build(run):
    return asyncio.run(build_guidance(run, make_model(run.cfg.model)))


def test_a_torn_last_line_is_dropped_and_appending_goes_on_cleanly(tmp_path):
    path = tmp_path / "j.jsonl"
    jsonl.append(path, {"n": 1})
    jsonl.append(path, {"n": 2, "text": "ünïcode\nand a newline"})
    with open(path, "ab") as f:
        f.write(b'{"n": 3, "te')  # the writer died mid-line
    assert jsonl.read(path) == [{"n": 1}, {"n": 2, "text": "ünïcode\nand a newline"}]
    jsonl.append(path, {"n": 3})
    assert [r["n"] for r in jsonl.read(path)] == [1, 2, 3]
    assert jsonl.read(tmp_path / "none.jsonl") == []


@pytest.mark.parametrize(
    "old, new, kept",
    [
        ("a\n", "a\n- b\n", {"head": 2, "tail": 0, "text": "- b\n"}),  # appended to
        ("# T\nuse 3 axes\nend\n", "# T\nuse 4 axes\nend\n", {"head": 8, "tail": 10, "text": "4"}),
        ("aXa", "aa", {"head": 1, "tail": 1, "text": ""}),  # the shared start and end do not overlap
        ("aa", "aXa", {"head": 1, "tail": 1, "text": "X"}),
        ("abc", "xyz", {"head": 0, "tail": 0, "text": "xyz"}),
        (None, "b\n", {"head": 0, "tail": 0, "text": "b\n"}),  # a new document
    ],
)
def test_a_change_keeps_only_the_text_that_differs(old, new, kept):
    assert delta(old, new) == kept and apply_delta(old, kept) == new


@pytest.mark.parametrize("approach, corpus", [("verbatim", "larger"), ("file_edit", "larger"), ("verbatim", "smaller")])
def test_a_build_killed_mid_line_resumes_to_the_uninterrupted_result(tmp_path, monkeypatch, approach, corpus):
    overrides = [f"approach={approach}", f"corpus={corpus}", "model=offline", "rules=20"]  # 80 messages
    whole = build(validated(tmp_path / "a", *overrides))
    assert not (whole.path / "state.json").exists()

    run = validated(tmp_path / "b", *overrides)
    _, partial = artifact.folders(run.cfg.log_dir, whole.key)
    partial.mkdir(parents=True)
    dying = builder(run, partial, make_model(run.cfg.model))
    stream = correction_stream(run.pack, corpus, None)
    assert len(stream) == 80

    async def process(messages):
        for message in messages:
            await dying.process(message, await dying.prepare(message))

    asyncio.run(process(stream[:41]))
    lines = (partial / JOURNAL).read_bytes().splitlines(keepends=True)
    (partial / JOURNAL).write_bytes(b"".join(lines[:40]) + lines[40][: len(lines[40]) // 2])  # killed mid-line

    processed, original = [], FileBuilder.process

    async def counting(self, message, prepared):
        processed.append(message.message_id)
        return await original(self, message, prepared)

    monkeypatch.setattr(FileBuilder, "process", counting)
    resumed = build(run)
    assert sorted(processed) == sorted(m.message_id for m in stream[40:])  # the torn message once more, none twice
    assert resumed.key == whole.key and resumed.documents == whole.documents
    assert (resumed.path / "processing.jsonl").read_text() == (whole.path / "processing.jsonl").read_text()
    log = [json.loads(line) for line in (resumed.path / "processing.jsonl").read_text().splitlines()]
    assert [e["message_id"] for e in log] == [m.message_id for m in stream]
    assert [line["entry"] for line in jsonl.read(resumed.path / JOURNAL)] == log  # no torn bytes left inside
