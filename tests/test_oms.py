"""OMS end to end on the offline heuristic: the compiler's decisions, repair, review, restart."""

import asyncio
import json

import pytest
from inspect_ai.model import ModelOutput, ModelUsage, get_model

from omseval.audit import superseded_share
from omseval.guidance.build import build_guidance, correction_stream
from omseval.guidance.calls import Calls, Loss
from omseval.models import make_model
from omseval.oms.compiler import Compiler, parse_json
from omseval.oms.documents import to_statements
from omseval.oms.sqlite_store import SQLiteStore
from omseval.pack_schema import load_pack
from tests.conftest import PACK, builder, config

pack = load_pack(PACK)


def build(cfg):
    return asyncio.run(build_guidance(cfg, pack, make_model(cfg)))


def test_seed_example_rule_is_kept_current(tmp_path):
    """The seed's own case: two dimensions -> three -> four, restatements in between."""
    doc = pack.document("competitive-analysis")
    store = SQLiteStore(tmp_path / "s.sqlite")
    store.load_skill(doc.skill, doc.title, to_statements(doc.skill, doc.text))
    compiler = Compiler(Calls(get_model("omseval/heuristic"), tmp_path, cache=False), retrieval=True, top_k=5)
    rule = pack.rule("r-competitive-dimensions")
    order = [("change", rule.later_change), ("restatement-2", rule.restatement_2)]
    decisions = []
    for n, (kind, text) in enumerate(
        [("initial", rule.initial_correction), ("restatement-1", rule.restatement_1), *order], 1
    ):
        store.record_correction(f"{rule.rule_id}/{kind}", doc.skill, text, n)
        d = asyncio.run(compiler.compile(f"{rule.rule_id}/{kind}", text, doc.skill, n, store))
        store.apply(f"{rule.rule_id}/{kind}", d, n)
        decisions.append(d.action)
    assert decisions == ["supersedes", "restates", "supersedes", "stale"]
    from omseval.oms.documents import render

    published = render(store.statements(doc.skill))
    assert rule.source_excerpt not in published and "four dimensions" in published


def output(text: str) -> ModelOutput:
    out = ModelOutput.from_content("mockllm", text)
    out.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return out


def test_malformed_reply_gets_one_repair_then_counts_as_failure(tmp_path):
    replies = ["not json", "still not json", "nope", '{"subject": "x", "directive": "Use four axes.", "scope": ""}']
    model = get_model("mockllm/model", custom_outputs=[output(r) for r in replies])
    store = SQLiteStore(tmp_path / "s.sqlite")
    store.load_skill("s", "S", [])
    compiler = Compiler(Calls(model, tmp_path, cache=False), retrieval=True, top_k=5)

    with pytest.raises(Loss, match="after one repair request"):
        asyncio.run(compiler.compile("m/initial", "Use four axes.", "s", 1, store))
    decision = asyncio.run(compiler.compile("m/change", "Use four axes.", "s", 2, store))  # repaired on 2nd try
    assert decision.action == "new" and decision.statement.text == "Use four axes."
    calls = [json.loads(line) for line in (tmp_path / "calls.jsonl").read_text().splitlines()]
    assert [c["phase"] for c in calls] == ["extract"] * 4 and [bool(c.get("problem")) for c in calls] == [True] * 3 + [
        False
    ]


def test_parse_json_accepts_fenced_reply():
    assert parse_json('```json\n{"decision": "new"}\n```') == {"decision": "new"}
    with pytest.raises(ValueError):
        parse_json("[1, 2]")


@pytest.mark.slow
def test_smaller_corpus_oms_beats_no_retrieval(tmp_path):
    oms = build(config(tmp_path, "approach=oms", "corpus=smaller"))
    plain = build(config(tmp_path, "approach=oms_no_retrieval", "corpus=smaller"))
    assert oms.manifest["failures"] == 0 and oms.manifest["processed"] == 132
    assert superseded_share(pack, "smaller", oms) < superseded_share(pack, "smaller", plain)
    log = [json.loads(line) for line in (oms.path / "processing.jsonl").read_text().splitlines()]
    assert len(log) == 132 and len({e["message_id"] for e in log}) == 132
    assert {e["decision"] for e in log} >= {"new", "supersedes", "restates"}
    plain_log = [json.loads(line) for line in (plain.path / "processing.jsonl").read_text().splitlines()]
    assert {e["decision"] for e in plain_log} == {"new"}


@pytest.mark.slow
def test_review_rejection_is_recorded(tmp_path):
    g = build(config(tmp_path, "approach=oms", "corpus=smaller", "approach.reject=[r-s-*/change]"))
    log = [json.loads(line) for line in (g.path / "processing.jsonl").read_text().splitlines()]
    rejected = [e for e in log if e["decision"] == "rejected"]
    assert rejected and all(
        e["message_id"].endswith("/change") and e["message_id"].startswith("r-s-") for e in rejected
    )


@pytest.mark.slow
def test_build_resumes_after_dying_midway(tmp_path):
    cfg = config(tmp_path / "a", "approach=oms", "corpus=smaller")
    whole = build(cfg)
    cfg = config(tmp_path / "b", "approach=oms", "corpus=smaller")
    partial = tmp_path / "b" / "guidance" / f"{whole.key}.partial"
    partial.mkdir(parents=True)
    oms = builder(cfg, pack, partial, make_model(cfg))
    for message in correction_stream(pack, "smaller", None)[:50]:
        asyncio.run(oms.process(message))
    oms.close()  # the run dies here
    resumed = build(cfg)
    assert resumed.key == whole.key and resumed.documents == whole.documents
    log = [json.loads(line) for line in (resumed.path / "processing.jsonl").read_text().splitlines()]
    assert len(log) == 132 and len({e["message_id"] for e in log}) == 132
    assert not partial.exists()
