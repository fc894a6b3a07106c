"""The offline model on a second pack (tests/packs/second): other skills, other wording, the hard cases.

Its published documents must state every rule's final value: each question's check passes on the
guidance the question is answered with, and no document still states a superseded value.
"""

import asyncio
import json

import pytest
from hydra import compose, initialize_config_dir

from omseval.config import register
from omseval.guidance.build import build_guidance
from omseval.models import make_model
from omseval.pack import load_pack
from omseval.pack.build import verify
from omseval.report import states_superseded
from omseval.scorers.check import verdict
from tests.conftest import ROOT

SECOND = ROOT / "tests" / "packs" / "second"
register()


def build(tmp_path, corpus: str, seed):
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        cfg = compose(config_name="config", overrides=[f"log_dir={tmp_path}", f"pack.path={SECOND}", "approach=oms",
                                                       f"corpus={corpus}", f"seed={'null' if seed is None else seed}"])
    pack = load_pack(SECOND)
    return pack, asyncio.run(build_guidance(cfg, pack, make_model(cfg)))


def test_second_pack_verifies():
    assert verify(SECOND).startswith("pack ok: 01=18 02=72 03=36 04=6 05=4")


@pytest.mark.parametrize("corpus", ["larger", "smaller"])
@pytest.mark.parametrize("seed", [None])
def test_published_documents_state_every_final_value(tmp_path, corpus, seed):
    pack, guidance = build(tmp_path, corpus, seed)
    assert guidance.manifest["failures"] == 0
    failing = [q.question_id for q in pack.questions_of(corpus)
               if verdict(q, guidance.for_rule(pack.rule(q.rule_id))) is not True]
    assert not failing, f"checks that fail on the published guidance: {failing}"
    stating = [r.rule_id for r in pack.rules_of(corpus) if states_superseded(r, guidance.for_rule(r))]
    assert not stating, f"guidance still stating a superseded value: {stating}"


@pytest.mark.parametrize("corpus", ["larger", "smaller"])
def test_changes_supersede_and_late_restatements_are_stale(tmp_path, corpus):
    """In the pack's own order: every change supersedes, every restatement after its change is stale."""
    pack, guidance = build(tmp_path, corpus, None)
    decided = {e["message_id"]: e["decision"] for e in map(json.loads, (guidance.path / "processing.jsonl").open())}
    wrong = {m.message_id: decided[m.message_id] for m in pack.sequence_of(corpus)
             if (m.kind == "change" or m.stale) and decided[m.message_id] != ("stale" if m.stale else "supersedes")}
    assert not wrong
