"""The text-file builders' journal: one synced line per processed message, a torn last line dropped on resume."""

import asyncio
import dataclasses
import json

import pytest

from omseval.guidance import journal
from omseval.guidance.base import JOURNAL, FileBuilder, change, changed
from omseval.guidance.build import build_guidance, correction_stream
from omseval.models import make_model
from omseval.pack_schema import load_pack
from tests.conftest import PACK, builder, config

pack = load_pack(PACK)


def test_a_torn_last_line_is_dropped_and_appending_goes_on_cleanly(tmp_path):
    path = tmp_path / "j.jsonl"
    journal.append(path, {"n": 1})
    journal.append(path, {"n": 2, "text": "ünïcode\nand a newline"})
    with open(path, "ab") as f:
        f.write(b'{"n": 3, "te')  # the writer died mid-line
    assert journal.read(path) == [{"n": 1}, {"n": 2, "text": "ünïcode\nand a newline"}]
    journal.append(path, {"n": 3})
    assert [r["n"] for r in journal.read(path)] == [1, 2, 3]
    assert journal.read(tmp_path / "none.jsonl") == []


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
    assert change(old, new) == kept and changed(old, kept) == new


@pytest.mark.parametrize("approach, corpus", [("verbatim", "larger"), ("file_edit", "larger"), ("verbatim", "smaller")])
def test_a_build_killed_mid_line_resumes_to_the_uninterrupted_result(tmp_path, monkeypatch, approach, corpus):
    overrides = [f"approach={approach}", f"corpus={corpus}", "model=offline"]
    small = dataclasses.replace(pack, sequence=pack.sequence_of(corpus)[:80])
    whole = asyncio.run(build_guidance(cfg := config(tmp_path / "a", *overrides), small, make_model(cfg)))
    assert not (whole.path / "state.json").exists()

    cfg = config(tmp_path / "b", *overrides)
    partial = tmp_path / "b" / "guidance" / f"{whole.key}.partial"
    partial.mkdir(parents=True)
    dying = builder(cfg, small, partial, make_model(cfg))
    stream = correction_stream(small, corpus, None)
    for message in stream[:41]:
        asyncio.run(dying.process(message))
    lines = (partial / JOURNAL).read_bytes().splitlines(keepends=True)
    (partial / JOURNAL).write_bytes(b"".join(lines[:40]) + lines[40][: len(lines[40]) // 2])  # killed mid-line

    processed, original = [], FileBuilder.process

    async def counting(self, message, prepared=None):
        processed.append(message.message_id)
        return await original(self, message, prepared)

    monkeypatch.setattr(FileBuilder, "process", counting)
    resumed = asyncio.run(build_guidance(cfg, small, make_model(cfg)))
    assert sorted(processed) == sorted(m.message_id for m in stream[40:])  # the torn message once more, none twice
    assert resumed.key == whole.key and resumed.documents == whole.documents
    assert (resumed.path / "processing.jsonl").read_text() == (whole.path / "processing.jsonl").read_text()
    log = [json.loads(line) for line in (resumed.path / "processing.jsonl").read_text().splitlines()]
    assert [e["message_id"] for e in log] == [m.message_id for m in stream]
    assert [line["entry"] for line in journal.read(resumed.path / JOURNAL)] == log  # no torn bytes left inside
