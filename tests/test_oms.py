"""OMS end to end on the offline heuristic: the compiler's decisions, repair, review, restart."""

import asyncio
import json

import pytest
from inspect_ai.model import ModelOutput, ModelUsage, get_model

from omseval.audit import superseded_share
from omseval.builders import artifact
from omseval.builders.build import build_guidance, build_parts, correction_stream
from omseval.builders.calls import Calls, Loss
from omseval.identity import build_key
from omseval.models import make_model
from omseval.oms.compiler import Compiler, parse_json
from omseval.oms.documents import to_statements
from omseval.oms.sqlite_store import SQLiteStore
from omseval.pack_schema import load_pack
from tests.helpers import PACK, builder, validated

pack = load_pack(PACK)


def build(run):
    return asyncio.run(build_guidance(run, make_model(run.cfg.model)))


def test_seed_example_rule_is_kept_current(tmp_path):
    """The seed's own case: two dimensions -> three -> four, restatements in between."""
    doc = pack.document("competitive-analysis")
    store = SQLiteStore(tmp_path)
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
    store = SQLiteStore(tmp_path)
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
    oms = build(validated(tmp_path, "approach=oms", "corpus=smaller"))
    plain = build(validated(tmp_path, "approach=oms_no_retrieval", "corpus=smaller"))
    assert oms.manifest["failures"] == 0 and oms.manifest["processed"] == 132
    assert superseded_share(pack, "smaller", oms) < superseded_share(pack, "smaller", plain)
    log = [json.loads(line) for line in (oms.path / "processing.jsonl").read_text().splitlines()]
    assert len(log) == 132 and len({e["message_id"] for e in log}) == 132
    assert {e["decision"] for e in log} >= {"new", "supersedes", "restates"}
    plain_log = [json.loads(line) for line in (plain.path / "processing.jsonl").read_text().splitlines()]
    assert {e["decision"] for e in plain_log} == {"new"}


@pytest.mark.slow
def test_review_rejection_is_recorded(tmp_path):
    g = build(validated(tmp_path, "approach=oms", "corpus=smaller", "approach.reject=[r-s-*/change]"))
    log = [json.loads(line) for line in (g.path / "processing.jsonl").read_text().splitlines()]
    rejected = [e for e in log if e["decision"] == "rejected"]
    assert rejected and all(
        e["message_id"].endswith("/change") and e["message_id"].startswith("r-s-") for e in rejected
    )


@pytest.mark.slow
def test_build_resumes_after_dying_midway(tmp_path):
    whole = build(validated(tmp_path / "a", "approach=oms", "corpus=smaller"))
    run = validated(tmp_path / "b", "approach=oms", "corpus=smaller")
    _, partial = artifact.folders(run.cfg.log_dir, build_key(build_parts(run)))
    assert partial.parent == tmp_path / "b" / "builds"
    partial.mkdir(parents=True)
    oms = builder(run, partial, make_model(run.cfg.model))

    async def process(messages):
        for message in messages:
            await oms.process(message, await oms.prepare(message))

    asyncio.run(process(correction_stream(pack, "smaller", None)[:50]))
    oms.close()  # the run dies here
    resumed = build(run)
    assert resumed.key == whole.key and resumed.documents == whole.documents
    log = [json.loads(line) for line in (resumed.path / "processing.jsonl").read_text().splitlines()]
    assert len(log) == 132 and len({e["message_id"] for e in log}) == 132
    assert not partial.exists()
