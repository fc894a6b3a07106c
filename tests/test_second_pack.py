"""The offline model on a second pack (tests/packs/second): other skills, other wording, the hard cases.

Its published documents must state every rule's final value: each question's check passes on the
guidance the question is answered with, and no document still states a superseded value.
"""

import asyncio
import json

import pytest
from omseval.scorers.check import verdict

from omseval.audit import superseded
from omseval.guidance.build import build_guidance
from omseval.models import make_model
from omseval.pack import load_pack
from omseval.pack.build import verify
from tests.conftest import ROOT, config

SECOND = ROOT / "tests" / "packs" / "second"


def build(tmp_path, corpus: str, seed):
    cfg = config(
        tmp_path, f"pack.path={SECOND}", "approach=oms", f"corpus={corpus}", f"seed={'null' if seed is None else seed}"
    )
    pack = load_pack(SECOND)
    return pack, asyncio.run(build_guidance(cfg, pack, make_model(cfg)))


def test_second_pack_verifies():
    assert verify(SECOND).startswith("pack ok: 01=18 02=72 03=36 04=6 05=4")


@pytest.mark.slow
@pytest.mark.parametrize("corpus", ["larger", "smaller"])
@pytest.mark.parametrize("seed", [None, 1, 2, 3])
def test_every_check_passes_on_the_published_guidance(tmp_path, corpus, seed):
    """In the pack's own order and in three other orders of the stream."""
    pack, guidance = build(tmp_path, corpus, seed)
    assert guidance.manifest["failures"] == 0
    failing = [
        q.question_id
        for q in pack.questions_of(corpus)
        if verdict(q, guidance.for_rule(pack.rule(q.rule_id))) is not True
    ]
    assert not failing, f"checks that fail on the published guidance: {failing}"


@pytest.mark.slow
@pytest.mark.parametrize("corpus", ["larger", "smaller"])
def test_no_superseded_value_and_every_late_restatement_is_stale(tmp_path, corpus):
    """In the pack's own order: no document states a superseded value, every change supersedes and
    every restatement arriving after its change is judged stale."""
    pack, guidance = build(tmp_path, corpus, None)
    stating = [
        r.rule_id
        for r in pack.rules_of(corpus)
        for q in pack.questions_of(corpus)
        if q.rule_id == r.rule_id and superseded(q, r, guidance.for_rule(r))
    ]
    assert not stating, f"guidance still stating a superseded value: {stating}"
    decided = {e["message_id"]: e["decision"] for e in map(json.loads, (guidance.path / "processing.jsonl").open())}
    wrong = {
        m.message_id: decided[m.message_id]
        for m in pack.sequence_of(corpus)
        if (m.kind == "change" or m.stale) and decided[m.message_id] != ("stale" if m.stale else "supersedes")
    }
    assert not wrong
